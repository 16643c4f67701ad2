"""Cat in the Box game records (``citb-record/1``): export, validation and replay move by move.

A record writes every deal out (hands, the set-aside cards, the 2-player revealed cards), the bids
indexed by seat and every card played as ``[seat, card, colour]``. Replaying it feeds each round's
deal, set-asides, bids (in clockwise order from the round's start player) and plays through
:class:`GameState`, so every rule is checked again. The first problem raises
:class:`~calico_bot.core.errors.RecordError` whose message starts with the path of the entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.errors import RecordError, RuleViolation
from .actions import Bid, Play, SetAside
from .components import MAX_PLAYERS, MIN_PLAYERS, Setup, setup_for
from .game import PHASE_PLAY, Deal, GameState
from .scoring import winners

FORMAT = "citb-record/1"
GAME_KEY = "citb"


def _fail(where: str, message: str) -> RecordError:
    return RecordError(f"{where}: {message}")


def _is_int(value: Any) -> bool:
    return type(value) is int


def _numbers(setup: Setup) -> str:
    return f"1 to {setup.top}"


def _check_header(data: Any) -> tuple[int, list[str], int, list[Any]]:
    if not isinstance(data, dict):
        raise _fail("record", "must be a JSON object")
    if data.get("format") != FORMAT:
        raise _fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    n = data.get("player_count")
    if not (_is_int(n) and MIN_PLAYERS <= n <= MAX_PLAYERS):
        raise _fail("player_count", f"must be an integer from {MIN_PLAYERS} to {MAX_PLAYERS}, got {n!r}")
    names = data.get("players")
    if not isinstance(names, list) or len(names) != n:
        got = len(names) if isinstance(names, list) else type(names).__name__
        raise _fail("players", f"must list exactly {n} player names, got {got}")
    for i, name in enumerate(names):
        if not isinstance(name, str) or not name:
            raise _fail(f"players[{i}]", f"a player name must be a non-empty string, got {name!r}")
    start = data.get("start_player")
    if not (_is_int(start) and 0 <= start < n):
        raise _fail("start_player", f"must be a seat from 0 to {n - 1}, got {start!r}")
    rounds = data.get("rounds")
    if not isinstance(rounds, list):
        raise _fail("rounds", "must be a list of rounds")
    if len(rounds) > n:
        raise _fail(f"rounds[{n}]", f"a {n}-player game has only {n} rounds")
    return n, names, start, rounds


def _count_cards(cards: list[Any], where: str, counts: list[int], setup: Setup) -> None:
    """Add ``cards`` to ``counts``, refusing anything that is not a card of this deck."""
    for card in cards:
        if not (_is_int(card) and 1 <= card <= setup.top):
            raise _fail(where, f"{card!r} is not a card (cards go from {_numbers(setup)})")
        counts[card] += 1


def _over_five(counts: list[int]) -> int | None:
    """The first card number counted more than five times (each number has five copies), or None."""
    return next((k for k in range(1, len(counts)) if counts[k] > 5), None)


def _check_deal(setup: Setup, rnd: dict[str, Any], where: str) -> Deal:
    n = setup.players
    hands = rnd.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise _fail(f"{where}.hands", f"needs one hand per seat ({n})")
    counts = [0] * (setup.top + 1)
    for i, hand in enumerate(hands):
        if not isinstance(hand, list) or len(hand) != setup.dealt:
            raise _fail(f"{where}.hands[{i}]", f"must list the {setup.dealt} cards dealt to seat {i}")
        _count_cards(hand, f"{where}.hands[{i}]", counts, setup)
    if (over := _over_five(counts)) is not None:
        raise _fail(f"{where}.hands", f"more than five copies of {over} were dealt")
    revealed = rnd.get("revealed")
    if n == 2:
        if not isinstance(revealed, list) or len(revealed) != setup.revealed:
            raise _fail(f"{where}.revealed", f"a 2-player round reveals exactly {setup.revealed} cards")
        _count_cards(revealed, f"{where}.revealed", counts, setup)
        if (over := _over_five(counts)) is not None:
            raise _fail(f"{where}.revealed", f"together with the hands, more than five copies of {over}")
        revealed_cards = list(revealed)
    else:
        missing = [k for k in range(1, setup.top + 1) if counts[k] < 5]
        if missing:
            raise _fail(f"{where}.hands", f"the hands must hold the whole deck (five of each of "
                        f"{_numbers(setup)}); {missing[0]} is short")
        if revealed is not None:
            raise _fail(f"{where}.revealed", f"there are no revealed cards with {n} players")
        revealed_cards = []
    return Deal([list(h) for h in hands], revealed_cards, [])


def replay_record(data: Any) -> GameState:
    """Rebuild a game from a ``citb-record/1`` record, checking every entry in order."""
    n, names, start, rounds = _check_header(data)
    setup = setup_for(n)
    state = GameState.start(list(names), start, [])
    for r, rnd in enumerate(rounds):
        where = f"rounds[{r}]"
        if not isinstance(rnd, dict):
            raise _fail(where, "must be an object")
        deal = _check_deal(setup, rnd, where)
        set_aside = rnd.get("set_aside")
        if not isinstance(set_aside, list) or len(set_aside) != n:
            raise _fail(f"{where}.set_aside", f"needs one set-aside card per seat ({n})")
        for i, card in enumerate(set_aside):
            if not (_is_int(card) and card in deal.hands[i]):
                raise _fail(f"{where}.set_aside[{i}]", f"seat {i} was not dealt a {card!r}")
        bids = rnd.get("bids")
        if setup.has_bids:
            if not isinstance(bids, list) or len(bids) != n:
                raise _fail(f"{where}.bids", f"needs one bid per seat ({n}), indexed by seat")
            for i, bid in enumerate(bids):
                if not (_is_int(bid) and bid in setup.bids):
                    raise _fail(f"{where}.bids[{i}]", f"a bid of {bid!r} is not allowed with {n} players "
                                f"(allowed: {', '.join(map(str, setup.bids))})")
        elif bids is not None:
            raise _fail(f"{where}.bids", "there are no bids with 2 players")
        plays = rnd.get("plays")
        if not isinstance(plays, list):
            raise _fail(f"{where}.plays", "must be a list of [seat, card, colour]")

        try:
            state.add_deal(deal)
        except RuleViolation as exc:  # pragma: no cover - the checks above are stricter
            raise _fail(f"{where}.hands", str(exc)) from None
        for i, card in enumerate(set_aside):
            try:
                state.apply(SetAside(i, card))
            except RuleViolation as exc:  # pragma: no cover - checked above
                raise _fail(f"{where}.set_aside[{i}]", str(exc)) from None
        if setup.has_bids:
            assert isinstance(bids, list)
            for k in range(n):
                seat = (state.round_start_player + k) % n
                try:
                    state.apply(Bid(seat, bids[seat]))
                except RuleViolation as exc:  # pragma: no cover - checked above
                    raise _fail(f"{where}.bids[{seat}]", str(exc)) from None
        for k, play in enumerate(plays):
            _replay_play(state, r, play, f"{where}.plays[{k}]")
        if state.round == r and state.phase == PHASE_PLAY:
            seat = state.to_act
            assert seat is not None
            raise _fail(f"{where}.plays[{len(plays)}]",
                        f"the round stops, but {names[seat]} (seat {seat}) still has a legal declaration")
    return state


def _replay_play(state: GameState, r: int, play: Any, where: str) -> None:
    if not (isinstance(play, list) and len(play) == 3 and _is_int(play[0]) and _is_int(play[1])
            and isinstance(play[2], str)):
        raise _fail(where, f"a play must be [seat, card, colour], got {play!r}")
    seat, card, colour = play
    if state.round != r or state.phase != PHASE_PLAY:
        finished = state.history[r]
        p = finished["paradox_player"]
        if p is not None:
            raise _fail(where, f"{state.names[p]} (seat {p}) has no legal declaration: the round ended in a "
                        "paradox before this play")
        raise _fail(where, "the round is over: its last trick is complete")
    if not 0 <= seat < state.player_count:
        raise _fail(where, f"there is no seat {seat}")
    try:
        state.apply(Play(seat, card, colour))
    except RuleViolation as exc:
        raise _fail(where, _record_message(exc)) from None


def _record_message(exc: RuleViolation) -> str:
    """Refusals are worded for the player; in a record, name the seat instead of "you"."""
    if exc.code == "red_not_broken":
        return "red cannot be led yet (no token on the red row, and another colour could be led)"
    if exc.code == "not_your_turn":
        return f"not that seat's turn (seat {exc.params['current']} is to play)"
    if exc.code == "card_not_in_hand":
        return f"the seat does not hold a {exc.params['card']} (set-aside and played cards are gone)"
    if exc.code == "colour_lost":
        return f"the seat has lost {exc.params['colour']} this round"
    return exc.message[0].lower() + exc.message[1:]


def to_record(state: GameState, *, with_seed: bool = False) -> dict[str, Any]:
    """The finished rounds of a game as a ``citb-record/1`` record (it shows every hand of them). The seed
    deals every round, the ones not played yet too, so it is written only ``with_seed``."""
    rounds = []
    for h in state.history:
        rnd: dict[str, Any] = {"hands": [list(x) for x in h["hands"]], "set_aside": list(h["set_aside"])}
        if state.player_count == 2:
            rnd["revealed"] = list(h["revealed"])
        else:
            rnd["bids"] = list(h["bids"])
        rnd["plays"] = [list(p) for p in h["plays"]]
        rounds.append(rnd)
    record: dict[str, Any] = {"format": FORMAT, "player_count": state.player_count, "players": list(state.names),
                              "start_player": state.start_player, "rounds": rounds}
    if with_seed and state.seed is not None:
        record["seed"] = state.seed
    return record


@dataclass(slots=True)
class ScoredRecord:
    state: GameState

    def to_json(self) -> dict[str, Any]:
        state = self.state
        n = state.player_count
        complete = len(state.history) == n
        players = []
        totals = state.totals()
        for s in range(n):
            players.append({"name": state.names[s], "total": totals[s],
                            "rounds": [dict(h["scores"][s]) for h in state.history]})
        rounds = [{"start_player": h["start_player"], "tricks_played": h["tricks_played"],
                   "paradox_player": h["paradox_player"], "trick_winners": list(h["trick_winners"])}
                  for h in state.history]
        won: list[int] = []
        if complete:
            won = winners(totals, [state.history[-1]["scores"][s]["round_points"] for s in range(n)])
        return {"game": GAME_KEY, "player_count": n, "complete": complete, "players": players,
                "rounds": rounds, "winners": won}


def score_record(data: Any) -> ScoredRecord:
    return ScoredRecord(replay_record(data))
