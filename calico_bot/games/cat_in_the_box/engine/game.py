"""The Cat in the Box game state and the rules that move it forward.

``new_game`` deals every round of a game from a seed (the only randomness); after that the game is a
pure function of the deals and the actions. ``GameState.apply`` checks one action against every rule
and either applies it completely or raises :class:`RuleViolation` and changes nothing.

A round: the deal (2 players: three of the five left-over cards are revealed and block cells), the
sealed set-aside of one card per player, the bids in clockwise order from the round's start player
(3-5 players), then the tricks. A player to act without any legal declaration is a paradox: the
round stops at once. The state moves on by itself to the next round's set-aside, or to the end.

``awaiting`` says who may act now (a tuple of :class:`Prompt`), ``legal_actions`` lists what a
prompt allows, ``view_for`` gives a seat's view (``None``: a spectator), ``to_json``/``from_json``
round-trip the whole state exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ....core.errors import RuleViolation, check_version
from .actions import Action, Bid, Play, SetAside
from .components import (
    BLOCKED,
    COLOUR_INDEX,
    COLOURS,
    EMPTY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RED,
    Setup,
    blocked_cells,
    setup_for,
)
from .scoring import RoundScore, rank_seats, score_round

STATE_FORMAT = "citb-state/1"
VIEW_FORMAT = "citb-view/1"

PHASE_SET_ASIDE = "set_aside"
PHASE_BID = "bid"
PHASE_PLAY = "play"
PHASE_DEAL = "deal"  # waiting for the next round's deal (only while replaying a record)
PHASE_OVER = "over"

KIND_SET_ASIDE = "set_aside"
KIND_BID = "bid"
KIND_PLAY = "play"


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the game waits for. ``sealed``: a simultaneous secret answer (the set-aside)."""

    seat: int
    kind: str
    key: str
    sealed: bool


@dataclass(frozen=True, slots=True)
class Applied:
    """What one accepted action did."""

    seat: int
    kind: str
    public: dict[str, Any]  # what every player may learn from it
    resolved_sealed: bool = False  # the last sealed set-aside came in: the bids or tricks begin
    trick_winner: int | None = None
    round_over: bool = False
    paradox_player: int | None = None
    game_over: bool = False

    @property
    def revealed_hidden(self) -> bool:
        """Whether hidden cards came out (a paradox hand, the next round's deal): not freely undoable."""
        return self.round_over


@dataclass(slots=True)
class Deal:
    hands: list[list[int]]
    revealed: list[int]  # 2 players: the three face-up left-over cards; otherwise empty
    unseen: list[int]  # 2 players: the two face-down left-over cards (unknown in a replayed record)

    def to_json(self) -> dict[str, Any]:
        return {"hands": [list(h) for h in self.hands], "revealed": list(self.revealed),
                "unseen": list(self.unseen)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deal:
        return cls([list(h) for h in data["hands"]], list(data["revealed"]), list(data["unseen"]))


@dataclass(slots=True)
class GameOptions:
    players: list[str]
    start_player: int | None = None  # default: drawn from the seed

    def validate(self) -> None:
        n = len(self.players)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RuleViolation("bad_player_count", "Cat in the Box is for 2 to 5 players.", count=n)
        if any(not isinstance(name, str) or not name for name in self.players):
            raise RuleViolation("bad_name", "Every player needs a non-empty name.")
        if self.start_player is not None and not (
                type(self.start_player) is int and 0 <= self.start_player < n):
            raise RuleViolation("bad_start_player", f"The start player must be a seat from 0 to {n - 1}.",
                                start_player=self.start_player)


def parse_options(raw: dict[str, Any], seats: int) -> dict[str, Any]:
    """Options as stored by a lobby: only the start player can be fixed; unknown keys are refused."""
    unknown = sorted(set(raw) - {"start_player"})
    if unknown:
        raise RuleViolation("unknown_option", f"Unknown option(s): {', '.join(unknown)}.", options=unknown)
    GameOptions(["x"] * seats, raw.get("start_player")).validate()
    return {"start_player": raw.get("start_player")}


def _need_int(value: Any) -> bool:
    return type(value) is int


@dataclass(slots=True)
class GameState:
    player_count: int
    names: list[str]
    start_player: int
    deals: list[Deal]
    seed: int | None = None
    round: int = 0
    phase: str = PHASE_DEAL
    hands: list[list[int]] = field(default_factory=list)  # sorted; the set-aside card leaves on resolution
    set_aside: list[int | None] = field(default_factory=list)
    bids: list[int | None] = field(default_factory=list)
    bids_made: int = 0
    owner: list[list[int]] = field(default_factory=list)  # [row][number]; index 0 unused
    lost: list[int] = field(default_factory=list)  # bit mask of lost colours per seat
    trick: list[tuple[int, int, int]] = field(default_factory=list)  # (seat, card, colour index)
    leader: int = 0
    tricks_won: list[int] = field(default_factory=list)
    trick_winners: list[int] = field(default_factory=list)
    plays: list[list[Any]] = field(default_factory=list)  # this round: [seat, card, colour name]
    history: list[dict[str, Any]] = field(default_factory=list)  # finished rounds
    version: int = 0

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def start(cls, names: list[str], start_player: int, deals: list[Deal], seed: int | None = None) -> GameState:
        state = cls(player_count=len(names), names=list(names), start_player=start_player, deals=deals, seed=seed)
        if deals:
            state._start_round(0)
        return state

    @property
    def setup(self) -> Setup:
        return setup_for(self.player_count)

    def add_deal(self, deal: Deal) -> None:
        """Append the next round's deal (record replay); starts that round if the game waits for it."""
        err = deal_problem(self.setup, deal.hands, deal.revealed)
        if err is not None:
            raise RuleViolation("bad_deal", err)
        if len(self.deals) >= self.setup.rounds:
            raise RuleViolation("too_many_rounds", f"A {self.player_count}-player game has {self.setup.rounds} rounds.")
        self.deals.append(deal)
        if self.phase == PHASE_DEAL and self.round == len(self.deals) - 1:
            self._start_round(self.round)
            self.version += 1

    def _start_round(self, r: int) -> None:
        n = self.player_count
        setup = self.setup
        deal = self.deals[r]
        self.round = r
        self.hands = [sorted(h) for h in deal.hands]
        self.owner = [[BLOCKED] + [EMPTY] * setup.top for _ in COLOURS]
        for row, number in blocked_cells(deal.revealed):
            self.owner[row][number] = BLOCKED
        self.set_aside = [None] * n
        self.bids = [None] * n
        self.bids_made = 0
        self.lost = [0] * n
        self.trick = []
        self.leader = self.round_start_player
        self.tricks_won = [0] * n
        self.trick_winners = []
        self.plays = []
        self.phase = PHASE_SET_ASIDE

    # --- queries ----------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def round_start_player(self) -> int:
        return (self.start_player + self.round) % self.player_count

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is in the bids or tricks (``None`` during the set-aside or after)."""
        if self.phase == PHASE_PLAY:
            return (self.leader + len(self.trick)) % self.player_count
        if self.phase == PHASE_BID:
            return (self.round_start_player + self.bids_made) % self.player_count
        return None

    @property
    def red_broken(self) -> bool:
        return any(o >= 0 for o in self.owner[RED])

    @property
    def led_colour(self) -> int | None:
        return self.trick[0][2] if self.trick else None

    def declarations(self, seat: int) -> list[tuple[int, int]]:
        """Every legal (card, colour index) for ``seat`` playing next, as if it were that seat's turn."""
        owner = self.owner
        lost = self.lost[seat]
        out: list[tuple[int, int]] = []
        prev = 0
        for n in self.hands[seat]:
            if n == prev:
                continue
            prev = n
            for c in (0, 1, 2, 3):
                if not (lost >> c) & 1 and owner[c][n] == EMPTY:
                    out.append((n, c))
        if not self.trick and out and not self.red_broken:
            non_red = [d for d in out if d[1] != RED]
            if non_red:
                return non_red
        return out

    def has_declaration(self, seat: int) -> bool:
        """Whether ``seat`` has any card with an empty cell in a colour it still has (no paradox)."""
        owner = self.owner
        lost = self.lost[seat]
        for n in self.hands[seat]:
            for c in (0, 1, 2, 3):
                if not (lost >> c) & 1 and owner[c][n] == EMPTY:
                    return True
        return False

    def awaiting(self) -> tuple[Prompt, ...]:
        r = self.round
        if self.phase == PHASE_SET_ASIDE:
            return tuple(Prompt(s, KIND_SET_ASIDE, f"r{r}.set_aside", True)
                         for s in range(self.player_count) if self.set_aside[s] is None)
        if self.phase == PHASE_BID:
            seat = self.to_act
            assert seat is not None
            return (Prompt(seat, KIND_BID, f"r{r}.bid.{seat}", False),)
        if self.phase == PHASE_PLAY:
            seat = self.to_act
            assert seat is not None
            return (Prompt(seat, KIND_PLAY, f"r{r}.t{len(self.trick_winners)}.{len(self.trick)}", False),)
        return ()

    def legal_actions(self, prompt: Prompt) -> list[Action]:
        """Every action the prompt allows now (empty when the prompt is no longer awaited)."""
        seat = prompt.seat
        if prompt.kind == KIND_PLAY:
            if self.phase != PHASE_PLAY or seat != self.to_act:
                return []
            return [Play(seat, n, COLOURS[c]) for n, c in self.declarations(seat)]
        if prompt.kind == KIND_SET_ASIDE:
            if self.phase != PHASE_SET_ASIDE or self.set_aside[seat] is not None:
                return []
            return [SetAside(seat, n) for n in sorted(set(self.hands[seat]))]
        if prompt.kind == KIND_BID and self.phase == PHASE_BID and seat == self.to_act:
            return [Bid(seat, b) for b in self.setup.bids]
        return []

    def totals(self) -> list[int]:
        return [sum(h["scores"][s]["round_points"] for h in self.history) for s in range(self.player_count)]

    def result(self) -> list[dict[str, Any]]:
        """Per seat: total, rank and the tie-break tuple (total, points of the latest finished round).
        Ranks are final once the game is over."""
        totals = self.totals()
        last = [self.history[-1]["scores"][s]["round_points"] if self.history else 0
                for s in range(self.player_count)]
        ranks = rank_seats(totals, last)
        return [{"seat": s, "name": self.names[s], "total": totals[s], "rank": ranks[s],
                 "tie_break": [totals[s], last[s]]} for s in range(self.player_count)]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        return [row["seat"] for row in self.result() if row["rank"] == 1]

    # --- actions ----------------------------------------------------------------------------------

    def apply(self, action: Action) -> Applied:
        """Validate and apply one action. Raises RuleViolation (and changes nothing) when illegal."""
        check_version(action.expected_version, self.version)
        if self.phase == PHASE_OVER:
            raise RuleViolation("game_over", "The game is over.")
        seat = action.player
        if not (_need_int(seat) and 0 <= seat < self.player_count):
            raise RuleViolation("not_a_player", f"There is no seat {seat!r} in this game.", player=seat)
        if self.phase == PHASE_DEAL:
            raise RuleViolation("no_deal", "The next round has not been dealt yet.")
        if isinstance(action, Play):
            return self._play(action)
        if isinstance(action, SetAside):
            return self._set_aside(action)
        if isinstance(action, Bid):
            return self._bid(action)
        raise RuleViolation("unknown_action", f"Unknown action {action!r}.")

    def _name(self, seat: int) -> str:
        return self.names[seat]

    def _wrong_phase(self, kind: str) -> RuleViolation:
        now = {PHASE_SET_ASIDE: "everyone is setting a card aside", PHASE_BID: "the players are bidding",
               PHASE_PLAY: "the tricks are being played"}.get(self.phase, self.phase)
        return RuleViolation("wrong_phase", f"You cannot {kind} now: {now}.", phase=self.phase)

    def _set_aside(self, action: SetAside) -> Applied:
        seat, card = action.player, action.card
        if self.phase != PHASE_SET_ASIDE:
            raise self._wrong_phase("set a card aside")
        if self.set_aside[seat] is not None:
            raise RuleViolation("already_set_aside", "You have already set a card aside this round.")
        if not (_need_int(card) and card in self.hands[seat]):
            raise RuleViolation("card_not_in_hand", f"You do not hold a {card!r}.", card=card)
        self.set_aside[seat] = card
        self.version += 1
        if any(c is None for c in self.set_aside):
            return Applied(seat, KIND_SET_ASIDE, {"seat": seat, "set_aside": True})
        for s, c in enumerate(self.set_aside):
            assert c is not None
            self.hands[s].remove(c)
        if self.setup.has_bids:
            self.phase = PHASE_BID
            return Applied(seat, KIND_SET_ASIDE, {"seat": seat, "set_aside": True}, resolved_sealed=True)
        self.phase = PHASE_PLAY
        applied = Applied(seat, KIND_SET_ASIDE, {"seat": seat, "set_aside": True}, resolved_sealed=True)
        return self._check_next(applied)

    def _bid(self, action: Bid) -> Applied:
        seat, bid = action.player, action.bid
        if self.phase != PHASE_BID:
            raise self._wrong_phase("bid")
        if seat != self.to_act:
            current = self.to_act
            assert current is not None
            raise RuleViolation("not_your_turn", f"It is {self._name(current)}'s turn to bid, not yours.",
                                current=current)
        allowed = self.setup.bids
        if not (_need_int(bid) and bid in allowed):
            raise RuleViolation("bid_not_allowed",
                                f"A bid of {bid!r} is not allowed: choose {', '.join(map(str, allowed))}.",
                                bid=bid, allowed=list(allowed))
        self.bids[seat] = bid
        self.bids_made += 1
        self.version += 1
        applied = Applied(seat, KIND_BID, {"seat": seat, "bid": bid})
        if self.bids_made == self.player_count:
            self.phase = PHASE_PLAY
            return self._check_next(applied)
        return applied

    def play_problem(self, seat: int, card: Any, colour: Any) -> RuleViolation | None:
        """Why ``seat`` may not play ``card`` as ``colour`` now (``None``: it may)."""
        if self.phase != PHASE_PLAY:
            return self._wrong_phase("play a card")
        current = self.to_act
        assert current is not None
        if seat != current:
            return RuleViolation("not_your_turn", f"It is {self._name(current)}'s turn, not yours.", current=current)
        top = self.setup.top
        if not (_need_int(card) and 1 <= card <= top):
            return RuleViolation("unknown_card", f"There is no card {card!r}: the cards go from 1 to {top}.",
                                 card=card)
        c = COLOUR_INDEX.get(colour) if isinstance(colour, str) else None
        if c is None:
            return RuleViolation("unknown_colour", f"{colour!r} is not a colour: use {', '.join(COLOURS)}.",
                                 colour=colour)
        if card not in self.hands[seat]:
            return RuleViolation("card_not_in_hand", f"You do not hold a {card}.", card=card)
        cell = self.owner[c][card]
        if cell == BLOCKED:
            return RuleViolation("cell_blocked", f"The {colour} {card} cell is blocked this round.",
                                 card=card, colour=colour)
        if cell != EMPTY:
            return RuleViolation("cell_taken", f"The {colour} {card} cell is already taken by {self._name(cell)}.",
                                 card=card, colour=colour, owner=cell)
        if (self.lost[seat] >> c) & 1:
            return RuleViolation("colour_lost", f"You have lost {colour} for this round.", colour=colour)
        if not self.trick and c == RED and not self.red_broken and any(
                d[1] != RED for d in self.declarations(seat)):
            return RuleViolation("red_not_broken",
                                 "Red cannot be led yet: no token is on the red row and you can lead "
                                 "another colour.", card=card)
        return None

    def _play(self, action: Play) -> Applied:
        seat, card, colour = action.player, action.card, action.colour
        problem = self.play_problem(seat, card, colour)
        if problem is not None:
            raise problem
        c = COLOUR_INDEX[colour]
        trick = self.trick
        if trick and c != trick[0][2]:
            self.lost[seat] |= 1 << trick[0][2]
        self.hands[seat].remove(card)
        self.owner[c][card] = seat
        trick.append((seat, card, c))
        self.plays.append([seat, card, colour])
        self.version += 1
        public = {"seat": seat, "card": card, "colour": colour}
        if len(trick) < self.player_count:
            return self._check_next(Applied(seat, KIND_PLAY, public))
        winner = trick_winner(trick)
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self.trick = []
        self.leader = winner
        if len(self.trick_winners) == self.setup.tricks:
            # The last trick is complete: the one card left in each hand is never played.
            return self._end_round(Applied(seat, KIND_PLAY, public, trick_winner=winner), None)
        return self._check_next(Applied(seat, KIND_PLAY, public, trick_winner=winner))

    def _check_next(self, applied: Applied) -> Applied:
        """Before the next player acts in the tricks: no legal declaration means a paradox."""
        seat = self.to_act
        assert seat is not None
        if self.has_declaration(seat):
            return applied
        return self._end_round(applied, seat)

    def _end_round(self, applied: Applied, paradox_player: int | None) -> Applied:
        setup = self.setup
        scores = score_round(setup, self.owner, self.tricks_won, self.bids, paradox_player)
        deal = self.deals[self.round]
        self.history.append({
            "round": self.round,
            "start_player": self.round_start_player,
            "hands": [sorted(h) for h in deal.hands],
            "set_aside": list(self.set_aside),
            "revealed": list(deal.revealed) if setup.players == 2 else None,
            "bids": list(self.bids) if setup.has_bids else None,
            "plays": [list(p) for p in self.plays],
            "trick_winners": list(self.trick_winners),
            "tricks_played": len(self.trick_winners),
            "paradox_player": paradox_player,
            "paradox_hand": None if paradox_player is None else list(self.hands[paradox_player]),
            "board": [row[1:] for row in self.owner],
            "scores": [s.to_json() for s in scores],
        })
        nxt = self.round + 1
        if nxt >= setup.rounds:
            self.phase = PHASE_OVER
            self.trick = []
        elif nxt < len(self.deals):
            self._start_round(nxt)
        else:
            self.round = nxt
            self.phase = PHASE_DEAL
            self.trick = []
        return Applied(applied.seat, applied.kind, applied.public, applied.resolved_sealed, applied.trick_winner,
                       True, paradox_player, self.phase == PHASE_OVER)

    # --- serialisation ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "player_count": self.player_count,
            "names": list(self.names),
            "start_player": self.start_player,
            "seed": self.seed,
            "deals": [d.to_json() for d in self.deals],
            "round": self.round,
            "phase": self.phase,
            "hands": [list(h) for h in self.hands],
            "set_aside": list(self.set_aside),
            "bids": list(self.bids),
            "bids_made": self.bids_made,
            "board": [row[1:] for row in self.owner],
            "lost": [[COLOURS[c] for c in range(4) if (m >> c) & 1] for m in self.lost],
            "trick": [[s, n, COLOURS[c]] for s, n, c in self.trick],
            "leader": self.leader,
            "tricks_won": list(self.tricks_won),
            "trick_winners": list(self.trick_winners),
            "plays": [list(p) for p in self.plays],
            "history": _deep(self.history),
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            found = data.get("format") if isinstance(data, dict) else data
            raise ValueError(f"unsupported game state format {found!r}")
        return cls(
            player_count=data["player_count"], names=list(data["names"]), start_player=data["start_player"],
            deals=[Deal.from_json(d) for d in data["deals"]], seed=data["seed"], round=data["round"],
            phase=data["phase"], hands=[list(h) for h in data["hands"]], set_aside=list(data["set_aside"]),
            bids=list(data["bids"]), bids_made=data["bids_made"],
            owner=[[BLOCKED, *row] for row in data["board"]],
            lost=[sum(1 << COLOUR_INDEX[c] for c in names) for names in data["lost"]],
            trick=[(s, n, COLOUR_INDEX[c]) for s, n, c in data["trick"]], leader=data["leader"],
            tricks_won=list(data["tricks_won"]), trick_winners=list(data["trick_winners"]),
            plays=[list(p) for p in data["plays"]], history=_deep(data["history"]), version=data["version"],
        )

    def copy(self) -> GameState:
        """An independent copy for search and previews (deals and history are shared: never mutated)."""
        return GameState(
            player_count=self.player_count, names=self.names, start_player=self.start_player, deals=self.deals,
            seed=self.seed, round=self.round, phase=self.phase, hands=[list(h) for h in self.hands],
            set_aside=list(self.set_aside), bids=list(self.bids), bids_made=self.bids_made,
            owner=[list(row) for row in self.owner], lost=list(self.lost), trick=list(self.trick),
            leader=self.leader, tricks_won=list(self.tricks_won), trick_winners=list(self.trick_winners),
            plays=list(self.plays), history=list(self.history), version=self.version,
        )

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The state as ``seat`` may see it (``None``: a spectator, who sees no hand at all).

        Hidden: other players' hands (only their sizes show), every set-aside card but the viewer's
        own, the 2-player unseen cards, the deals of later rounds, the dealt hands of finished rounds
        and the seed.
        """
        n = self.player_count
        live = self.phase in (PHASE_SET_ASIDE, PHASE_BID, PHASE_PLAY)
        history = []
        for h in self.history:
            public = {k: v for k, v in h.items() if k not in ("hands", "set_aside")}
            if seat is not None:
                public["own_hand"] = list(h["hands"][seat])
                public["own_set_aside"] = h["set_aside"][seat]
            history.append(_deep(public))
        revealed = list(self.deals[self.round].revealed) if live else []
        return {
            "format": VIEW_FORMAT,
            "viewer": seat,
            "player_count": n,
            "names": list(self.names),
            "start_player": self.start_player,
            "round": self.round,
            "round_start_player": self.round_start_player if live else None,
            "phase": self.phase,
            "version": self.version,
            "prompts": [[p.seat, p.kind, p.key, p.sealed] for p in self.awaiting()],
            "to_act": self.to_act,
            "hand": list(self.hands[seat]) if seat is not None and live else None,
            "dealt": sorted(self.deals[self.round].hands[seat]) if seat is not None and live else None,
            "hand_sizes": [len(h) for h in self.hands] if live else [0] * n,
            "own_set_aside": self.set_aside[seat] if seat is not None and live else None,
            "set_aside_done": [c is not None for c in self.set_aside] if live else [False] * n,
            "revealed": revealed,
            "bids": list(self.bids) if live else [None] * n,
            "board": [row[1:] for row in self.owner] if live else [],
            "lost": [[COLOURS[c] for c in range(4) if (m >> c) & 1] for m in self.lost] if live else [[]] * n,
            "red_broken": self.red_broken if live else False,
            "trick": [[s, c, COLOURS[k]] for s, c, k in self.trick],
            "leader": self.leader if self.phase == PHASE_PLAY else None,
            "tricks_won": list(self.tricks_won) if live else [0] * n,
            "trick_winners": list(self.trick_winners) if live else [],
            "plays": [list(p) for p in self.plays] if live else [],
            "history": history,
            "totals": self.totals(),
        }


def _deep(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts and scalars)."""
    if isinstance(value, list):
        return [_deep(v) for v in value]
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    return value


def trick_winner(trick: list[tuple[int, int, int]]) -> int:
    """The seat that wins a complete trick: the highest red if any, else the highest of the led colour."""
    led = trick[0][2]
    best_seat, best_key = -1, (-1, -1)
    for seat, card, colour in trick:
        if colour == RED:
            key = (2, card)
        elif colour == led:
            key = (1, card)
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def deal_problem(setup: Setup, hands: list[list[int]], revealed: list[int]) -> str | None:
    """Why a deal does not fit the deck (``None``: it fits)."""
    if len(hands) != setup.players or any(len(h) != setup.dealt for h in hands):
        return f"deal {setup.dealt} cards to each of the {setup.players} players"
    counts = [0] * (setup.top + 1)
    for card in [*(c for h in hands for c in h), *revealed]:
        if not (_need_int(card) and 1 <= card <= setup.top):
            return f"there is no card {card!r}"
        counts[card] += 1
    if max(counts) > 5:
        return "more than five copies of a number"
    if setup.players == 2:
        if len(revealed) != setup.revealed:
            return "reveal three of the left-over cards"
    elif revealed or sum(counts) != setup.deck_size:
        return "the hands must hold the whole deck"
    return None


def deal_round(setup: Setup, rng: random.Random) -> Deal:
    deck = setup.deck()
    rng.shuffle(deck)
    k = setup.dealt
    hands = [sorted(deck[i * k:(i + 1) * k]) for i in range(setup.players)]
    rest = deck[setup.players * k:]
    return Deal(hands, rest[:setup.revealed], rest[setup.revealed:])


def new_game(options: GameOptions, seed: int) -> GameState:
    """Deal a new game: every round's deal is drawn here. The same options and seed deal the same game."""
    options.validate()
    rng = random.Random(seed)
    n = len(options.players)
    setup = setup_for(n)
    start = options.start_player if options.start_player is not None else rng.randrange(n)
    deals = [deal_round(setup, rng) for _ in range(setup.rounds)]
    return GameState.start(list(options.players), start, deals, seed)


def card_census(state: GameState) -> list[int]:
    """How many copies of each number the current round accounts for: hands (set-aside cards
    included until they leave), set-aside cards, the board, and the 2p left-over cards."""
    setup = state.setup
    counts = [0] * (setup.top + 1)
    for h in state.hands:
        for c in h:
            counts[c] += 1
    if state.phase != PHASE_SET_ASIDE:
        for c in state.set_aside:
            if c is not None:
                counts[c] += 1
    for row in state.owner:
        for n in range(1, setup.top + 1):
            if row[n] >= 0:
                counts[n] += 1
    deal = state.deals[state.round]
    for c in (*deal.revealed, *deal.unseen):
        counts[c] += 1
    return counts


__all__ = [
    "PHASE_BID",
    "PHASE_DEAL",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_SET_ASIDE",
    "Applied",
    "Deal",
    "GameOptions",
    "GameState",
    "Prompt",
    "RoundScore",
    "card_census",
    "deal_round",
    "new_game",
    "parse_options",
    "trick_winner",
]
