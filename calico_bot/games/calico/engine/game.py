"""The Calico game state and the rules that move it forward.

``new_game`` deals a game from a seed; ``GameState.apply`` checks an action against every rule and
either applies it completely or raises :class:`RuleViolation` and changes nothing. The whole state
round-trips through JSON exactly (``to_json`` / ``from_json``), and ``view_for`` gives one player's
view, without the bag order, the seed or anybody else's hand.

Randomness is used only while dealing (``new_game``): after that the game is a pure function of
the dealt setup and the actions, which is what makes records replayable.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from calico_bot.core.errors import RecordError, RuleViolation, check_version
from calico_bot.games.calico.engine.actions import Action, ChooseGoals, Turn, action_from_json
from calico_bot.games.calico.engine.components import (
    BEGINNER_CATS,
    BEGINNER_GOALS,
    BOARD_NAMES,
    CAT_TILES,
    CATS,
    GOAL_IDS,
    GOAL_SPACES,
    GOALS_REVEALED,
    HAND_SIZE,
    MARKET_SIZE,
    PATCH_SPACES,
    PATTERNS,
    SCENARIOS,
    board_borders,
    full_bag,
    tile_from_json,
    tile_name,
    tile_to_json,
)
from calico_bot.games.calico.engine.geometry import GOAL_CELLS, PATCH_CELLS, label, parse_label
from calico_bot.games.calico.engine.quilt import EMPTY, Award, Quilt
from calico_bot.games.calico.engine.record_format import FORMAT as RECORD_FORMAT
from calico_bot.games.calico.engine.record_format import MODES, parse_cats, player_name
from calico_bot.games.calico.engine.scoring import PlayerScore, quick_total, score_quilt, tie_break_note, winners

STATE_FORMAT = "calico-state/1"
PHASE_SETUP = "setup"
PHASE_PLAY = "play"
PHASE_OVER = "over"


@dataclass(slots=True)
class GameOptions:
    players: list[str]
    mode: str = "standard"  # standard | beginner | family | solo
    lower_variance: bool = False
    solo_setup: str = "standard"  # solo only: standard | beginner
    scenario: int | None = None  # solo only: 1..10
    boards: list[str] | None = None  # default: dealt at random

    def validate(self) -> None:
        n = len(self.players)
        if self.mode not in MODES:
            raise RuleViolation("bad_mode", f"Unknown mode {self.mode!r}: use {', '.join(MODES)}.",
                                mode=self.mode)
        if not 1 <= n <= 4:
            raise RuleViolation("bad_player_count", "Calico is for 1 to 4 players.", count=n)
        if self.mode == "solo" and n != 1:
            raise RuleViolation("solo_needs_one", "A solo game has exactly one player.", count=n)
        if self.mode != "solo" and n == 1:
            raise RuleViolation("one_needs_solo", "A one-player game uses the solo mode.", count=n)
        if self.lower_variance and n > 2:
            raise RuleViolation("lower_variance_players",
                                "The lower-variance variant is for 2 players or solo.", count=n)
        if self.solo_setup not in ("standard", "beginner"):
            raise RuleViolation("bad_solo_setup", "Solo setup is standard or beginner.")
        if self.scenario is not None:
            if self.mode != "solo":
                raise RuleViolation("scenario_needs_solo", "Scenarios are for solo games.")
            if self.scenario not in SCENARIOS:
                raise RuleViolation("bad_scenario", "Scenarios are numbered 1 to 10.", scenario=self.scenario)
        if self.boards is not None and (
                len(self.boards) != n or len(set(self.boards)) != n or any(b not in BOARD_NAMES for b in self.boards)):
            raise RuleViolation("bad_boards", f"Give each player a different board: {', '.join(BOARD_NAMES)}.")


@dataclass(slots=True)
class Player:
    name: str
    board: str
    quilt: Quilt
    hand: list[int]
    goals: dict[str, str] | None  # chosen arrangement; None while undecided or in the family variant
    offered: list[str] = field(default_factory=list)  # goal tiles to choose from during setup

    @property
    def needs_goals(self) -> bool:
        return bool(self.offered) and self.goals is None


@dataclass(slots=True)
class TurnOutcome:
    """What one accepted turn did; every field is public information."""

    player: int
    placed: int
    cell: int
    awards: list[Award]
    took: int | None
    take_slot: int | None
    discarded: int | None
    game_over: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "placed": tile_to_json(self.placed),
            "space": label(self.cell),
            "awards": [a.to_json() for a in self.awards],
            "took": None if self.took is None else tile_to_json(self.took),
            "take": self.take_slot,
            "discarded": None if self.discarded is None else tile_to_json(self.discarded),
            "game_over": self.game_over,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TurnOutcome:
        """The inverse of :meth:`to_json` (announcements kept in the outbox are stored this way)."""
        cell = parse_label(data["space"])
        if cell is None:
            raise ValueError(f"bad space {data['space']!r}")

        def tile(value: Any) -> int | None:
            return None if value is None else tile_from_json(value)

        return cls(player=int(data["player"]), placed=tile_from_json(data["placed"]), cell=cell,
                   awards=[Award.from_json(a) for a in data["awards"]], took=tile(data["took"]),
                   take_slot=data["take"], discarded=tile(data["discarded"]), game_over=bool(data["game_over"]))


@dataclass(slots=True)
class GameState:
    mode: str
    lower_variance: bool
    solo_setup: str | None
    scenario: int | None
    cats: list[tuple[str, tuple[int, ...]]]
    players: list[Player]
    bag: list[int]  # every tile in draw order, including those already drawn
    drawn: int  # how many tiles of ``bag`` have been drawn
    market: list[int | None]
    discards: list[int] = field(default_factory=list)
    current: int = 0
    phase: str = PHASE_PLAY
    turns: int = 0
    version: int = 0
    seed: int | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    cat_of_pattern: dict[int, str] = field(default_factory=dict)

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def from_setup(
        cls,
        *,
        mode: str,
        lower_variance: bool,
        solo_setup: str | None,
        scenario: int | None,
        cats: list[tuple[str, tuple[int, ...]]],
        names: list[str],
        boards: list[str],
        offered: list[list[str]],
        bag: list[int],
        seed: int | None = None,
    ) -> GameState:
        """Lay out a dealt game: market slots 1-3 first, then two tiles per player in seat order."""
        borders = board_borders()
        fixed_goals = mode == "beginner" or (mode == "solo" and solo_setup == "beginner" and scenario is None)
        players = [
            Player(
                name=name,
                board=board,
                quilt=Quilt.new(borders[board]),
                hand=[],
                goals=dict(BEGINNER_GOALS) if fixed_goals else None,
                offered=[] if fixed_goals or mode == "family" else list(offered[i]),
            )
            for i, (name, board) in enumerate(zip(names, boards, strict=True))
        ]
        state = cls(mode=mode, lower_variance=lower_variance, solo_setup=solo_setup, scenario=scenario,
                    cats=cats, players=players, bag=list(bag), drawn=0, market=[], seed=seed)
        state.cat_of_pattern = {p: name for name, pats in cats for p in pats}
        state.market = [state._draw() for _ in range(MARKET_SIZE)]
        for p in players:
            p.hand = [t for t in (state._draw() for _ in range(HAND_SIZE)) if t is not None]
        state.phase = PHASE_SETUP if any(p.needs_goals for p in players) else PHASE_PLAY
        return state

    # --- queries ----------------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.mode == "solo"

    @property
    def over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def bag_count(self) -> int:
        return len(self.bag) - self.drawn

    def drafts_after_placing(self, seat: int) -> bool:
        """Whether this player takes a market tile after their next placement."""
        p = self.players[seat]
        return p.quilt.placed + 1 < PATCH_SPACES and any(t is not None for t in self.market)

    def empty_spaces(self, seat: int) -> list[int]:
        cells = self.players[seat].quilt.cells
        return [c for c in PATCH_CELLS if cells[c] == EMPTY]

    def scores(self) -> list[PlayerScore]:
        return [score_quilt(i, p.name, p.quilt, None if self.mode == "family" else p.goals)
                for i, p in enumerate(self.players)]

    def total(self, seat: int) -> int:
        p = self.players[seat]
        return quick_total(p.quilt, None if self.mode == "family" else p.goals)

    def winners(self) -> list[int]:
        return winners(self.scores())

    def tie_break(self) -> str | None:
        return tie_break_note(self.scores())

    # --- actions ----------------------------------------------------------------------------------

    def apply(self, action: Action) -> TurnOutcome | None:
        """Validate and apply one action. Raises RuleViolation (and changes nothing) when illegal."""
        check_version(action.expected_version, self.version)
        if self.phase == PHASE_OVER:
            raise RuleViolation("game_over", "The game is over.")
        if not (isinstance(action.player, int) and 0 <= action.player < len(self.players)):
            raise RuleViolation("not_a_player", "You are not a player in this game.", player=action.player)
        if isinstance(action, ChooseGoals):
            self._choose_goals(action)
            return None
        return self._turn(action)

    def _choose_goals(self, action: ChooseGoals) -> None:
        p = self.players[action.player]
        if self.phase != PHASE_SETUP or not p.offered:
            raise RuleViolation("no_goal_choice", "There are no design goals to choose in this game.")
        if p.goals is not None:
            raise RuleViolation("goals_already_chosen", "You have already placed your design goals.")
        goals = action.goals
        if sorted(goals) != sorted(GOAL_SPACES):
            raise RuleViolation("goal_spaces", "Put one goal on each of B3, C4 and D2.")
        chosen = list(goals.values())
        if len(set(chosen)) != 3:
            raise RuleViolation("goal_twice", "Choose three different goal tiles.")
        for g in chosen:
            if g not in p.offered:
                raise RuleViolation("goal_not_offered", f"{g} is not one of your goal tiles ({', '.join(p.offered)}).",
                                    goal=g, offered=list(p.offered))
        p.goals = {s: goals[s] for s in GOAL_SPACES}
        self.version += 1
        self.log.append(action.to_json())
        if not any(q.needs_goals for q in self.players):
            self.phase = PHASE_PLAY

    def _turn(self, action: Turn) -> TurnOutcome:
        seat = action.player
        if self.phase == PHASE_SETUP:
            waiting = [q.name for q in self.players if q.needs_goals]
            raise RuleViolation("setup_not_finished",
                                f"Setup is not finished: waiting for design goals from {', '.join(waiting)}.",
                                waiting=waiting)
        if seat != self.current:
            raise RuleViolation("not_your_turn", f"It is {self.players[self.current].name}'s turn, not yours.",
                                current=self.current)
        p = self.players[seat]
        if not (isinstance(action.tile, int) and 1 <= action.tile <= len(p.hand)):
            raise RuleViolation("tile_not_in_hand", f"Pick tile 1 or 2 from your hand (you have {len(p.hand)}).",
                                tile=action.tile)
        cell = parse_label(action.space) if isinstance(action.space, str) else None
        if cell is None:
            raise RuleViolation("unknown_space", f"{action.space!r} is not a space on your quilt: use A1 to E5.",
                                space=action.space)
        if cell in GOAL_CELLS:
            raise RuleViolation("goal_space", f"{label(cell)} holds a design goal; choose an empty patch space.",
                                space=label(cell))
        if p.quilt.cells[cell] != EMPTY:
            raise RuleViolation("occupied", f"{label(cell)} already has a patch.", space=label(cell))
        drafting = self.drafts_after_placing(seat)
        take = action.take
        slot_ok = isinstance(take, int) and 1 <= take <= MARKET_SIZE
        if (take is not None and not slot_ok) or (drafting and (not slot_ok or self.market[take - 1] is None)):
            open_slots = [str(i + 1) for i, t in enumerate(self.market) if t is not None]
            raise RuleViolation("bad_market_slot", f"Take a market tile: slot {' or '.join(open_slots)}.",
                                take=take, slots=open_slots)

        # Everything is valid: apply it.
        tile = p.hand.pop(action.tile - 1)
        awards = p.quilt.place(cell, tile, self.cat_of_pattern)
        took = discarded = None
        take_slot = None
        if drafting:
            assert take is not None
            take_slot = take
            took = self.market[take - 1]
            assert took is not None
            p.hand.append(took)
            discarded = self._refill(take - 1)
        self.turns += 1
        self.version += 1
        if all(q.quilt.full for q in self.players):
            self.phase = PHASE_OVER
        else:
            self.current = (self.current + 1) % len(self.players)
        outcome = TurnOutcome(seat, tile, cell, awards, took, take_slot, discarded, self.phase == PHASE_OVER)
        entry = action.to_json()
        entry["result"] = outcome.to_json()
        self.log.append(entry)
        return outcome

    def _draw(self) -> int | None:
        if self.drawn >= len(self.bag):
            return None
        tile = self.bag[self.drawn]
        self.drawn += 1
        return tile

    def _refill(self, taken: int) -> int | None:
        """Refill the market after slot ``taken`` (0-based) was emptied; returns a solo discard."""
        if not self.solo:
            self.market[taken] = self._draw()
            return None
        # Conveyor: of the two tiles left, the one farther from the bag (lower slot) is discarded,
        # the other slides to slot 1, then slots 2 and 3 are refilled in that order.
        far, near = (self.market[i] for i in range(MARKET_SIZE) if i != taken)
        if far is not None:
            self.discards.append(far)
        self.market = [near, self._draw(), self._draw()]
        return far

    # --- serialisation ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "mode": self.mode,
            "lower_variance": self.lower_variance,
            "solo_setup": self.solo_setup,
            "scenario": self.scenario,
            "seed": self.seed,
            "cats": [[name, list(pats)] for name, pats in self.cats],
            "players": [
                {"name": p.name, "board": p.board, "hand": list(p.hand), "goals": p.goals,
                 "offered": list(p.offered), "quilt": p.quilt.to_json()}
                for p in self.players
            ],
            "bag": list(self.bag),
            "drawn": self.drawn,
            "market": list(self.market),
            "discards": list(self.discards),
            "current": self.current,
            "phase": self.phase,
            "turns": self.turns,
            "version": self.version,
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"unsupported game state format {data.get('format')!r}")
        borders = board_borders()
        cats = [(name, tuple(pats)) for name, pats in data["cats"]]
        players = [
            Player(name=p["name"], board=p["board"], quilt=Quilt.from_json(p["quilt"], borders[p["board"]]),
                   hand=list(p["hand"]), goals=None if p["goals"] is None else dict(p["goals"]),
                   offered=list(p["offered"]))
            for p in data["players"]
        ]
        state = cls(mode=data["mode"], lower_variance=data["lower_variance"], solo_setup=data["solo_setup"],
                    scenario=data["scenario"], cats=cats, players=players, bag=list(data["bag"]),
                    drawn=data["drawn"], market=list(data["market"]), discards=list(data["discards"]),
                    current=data["current"], phase=data["phase"], turns=data["turns"],
                    version=data["version"], seed=data["seed"], log=list(data["log"]))
        state.cat_of_pattern = {p: name for name, pats in cats for p in pats}
        return state

    def copy(self) -> GameState:
        """An independent copy for search and previews. The bag list is shared: it is never mutated
        after dealing (drawing only moves ``drawn``), so sharing it is safe and keeps copies cheap."""
        state = GameState(
            mode=self.mode, lower_variance=self.lower_variance, solo_setup=self.solo_setup,
            scenario=self.scenario, cats=list(self.cats),
            players=[Player(p.name, p.board, p.quilt.copy(), list(p.hand),
                            None if p.goals is None else dict(p.goals), list(p.offered))
                     for p in self.players],
            bag=self.bag, drawn=self.drawn, market=list(self.market), discards=list(self.discards),
            current=self.current, phase=self.phase, turns=self.turns, version=self.version,
            seed=self.seed, log=list(self.log), cat_of_pattern=self.cat_of_pattern,
        )
        return state

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> GameState:
        """A position rebuilt from ``view_for``'s output, for drawing it: it holds only what that view
        shows (the bag is so many unknown tiles, other hands and offered goals are empty), so an image
        made from it cannot show anything the viewer may not know."""
        data = dict(view)
        data["bag"] = [-1] * int(view["bag_count"])
        data["drawn"] = 0
        data["seed"] = None
        data["players"] = [{**p, "hand": p["hand"] or [],
                            "offered": p["offered"] or (["?"] if p.get("needs_goals") else [])}
                           for p in view["players"]]
        return cls.from_json(data)

    def seen_by(self, seat: int | None) -> GameState:
        """What ``seat`` (None: anybody) may see of the position, as a state to draw: made from its view."""
        return GameState.from_view(self.view_for(seat))

    def view_for(self, seat: int | None) -> dict[str, Any]:
        """The state as ``seat`` may see it (``None``: a spectator).

        Removed: the bag order and the seed (which would reveal it), other players' hands (only
        their size is shown) and offered goal tiles, and during setup their chosen goals (in the
        players and in the log).
        """
        data = self.to_json()
        data.pop("bag")
        data.pop("drawn")
        data.pop("seed")
        data["bag_count"] = self.bag_count
        data["viewer"] = seat
        for i, p in enumerate(data["players"]):
            if i != seat:
                p["hand"] = None
                p["hand_size"] = len(self.players[i].hand)
                p["offered"] = None  # which goal tile a player put back stays theirs to know
                if self.phase == PHASE_SETUP:
                    p["goals"] = None
            p["needs_goals"] = self.players[i].needs_goals  # that someone still chooses is public
        if self.phase == PHASE_SETUP:  # a goal choice in the log shows only that it was made
            data["log"] = [e if e.get("type") != "goals" or e.get("player") == seat
                           else {"type": "goals", "player": e.get("player")} for e in data["log"]]
        return data

    # --- records ----------------------------------------------------------------------------------

    def placements(self) -> list[dict[str, Any]]:
        """Every placement so far, in play order, in the record's placements form."""
        out = []
        for entry in self.log:
            if entry["type"] == "turn":
                out.append({"player": entry["player"], "space": entry["result"]["space"],
                            "tile": entry["result"]["placed"]})
        return out

    def to_record(self, include_hidden: bool = False) -> dict[str, Any]:
        """A ``calico-record/1`` game record.

        Always holds the placements form. With ``include_hidden`` (only once the game is over) it
        also holds the bag order, the goal tiles each player was offered and every action, so the
        game replays move by move through the engine.
        """
        record: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "mode": self.mode,
            "lower_variance": self.lower_variance,
            "cats": [{"name": name, "patterns": [PATTERNS[p] for p in pats]} for name, pats in self.cats],
            "players": [{"name": p.name, "board": p.board, **({"goals": p.goals} if p.goals else {})}
                        for p in self.players],
            "placements": self.placements(),
        }
        if self.solo:
            record["solo_setup"] = self.solo_setup
            record["scenario"] = self.scenario
        if include_hidden:
            record["seed"] = self.seed
            record["bag"] = [tile_to_json(t) for t in self.bag]
            record["offered_goals"] = [list(p.offered) for p in self.players]
            record["actions"] = [
                {k: v for k, v in entry.items() if k != "result"} for entry in self.log
            ]
        return record


# --- dealing -------------------------------------------------------------------------------------


def deal_cats(
    rng: random.Random, names: list[str] | tuple[str, ...] | None = None
) -> list[tuple[str, tuple[int, ...]]]:
    """Choose the cats (one tile per dot group, random side) unless given, then deal 2 patterns each."""
    if names is None:
        one_dot = rng.choice(CAT_TILES[0:2])
        two_dot = rng.choice(CAT_TILES[2:4])
        three_dot = CAT_TILES[4]
        names = [rng.choice(tile) for tile in (one_dot, two_dot, three_dot)]
    patterns = list(range(6))
    rng.shuffle(patterns)
    return [(name, tuple(sorted(patterns[2 * i:2 * i + 2]))) for i, name in enumerate(names)]


def new_game(options: GameOptions, seed: int) -> GameState:
    """Deal a new game. The same options and seed always deal the same game."""
    options.validate()
    rng = random.Random(seed)
    n = len(options.players)
    boards = list(options.boards) if options.boards else rng.sample(BOARD_NAMES, n)
    scenario = SCENARIOS.get(options.scenario) if options.scenario is not None else None
    beginner_like = options.mode == "beginner" or (
        options.mode == "solo" and options.solo_setup == "beginner" and scenario is None)
    if scenario is not None:
        cats = deal_cats(rng, scenario.cats)
    elif beginner_like:
        cats = deal_cats(rng, BEGINNER_CATS)
    else:
        cats = deal_cats(rng)
    offered: list[list[str]] = []
    for _ in range(n):
        if scenario is not None:
            offered.append(list(scenario.goals))
        else:
            offered.append(rng.sample(GOAL_IDS, GOALS_REVEALED))
    bag = full_bag(options.lower_variance)
    rng.shuffle(bag)
    return GameState.from_setup(
        mode=options.mode, lower_variance=options.lower_variance,
        solo_setup=options.solo_setup if options.mode == "solo" else None, scenario=options.scenario,
        cats=cats, names=list(options.players), boards=boards, offered=offered, bag=bag, seed=seed,
    )


# --- full records --------------------------------------------------------------------------------


def replay_full_record(data: dict[str, Any]) -> GameState:
    """Rebuild a game from a full record and replay every action through the rules."""
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, got {data.get('format')!r}")
    mode = data.get("mode")
    if mode not in MODES:
        raise RecordError(f"mode: must be one of {', '.join(MODES)}, got {mode!r}")
    cats = parse_cats(data.get("cats"))
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= 4:
        raise RecordError("players: must list 1 to 4 players")
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            raise RecordError(f"players[{i}]: must be an object with name and board")
        if not (isinstance(p.get("board"), str) and p["board"] in BOARD_NAMES):
            raise RecordError(f"players[{i}]: unknown board {p.get('board')!r}")
    lower_variance = data.get("lower_variance", False)
    if not isinstance(lower_variance, bool):
        raise RecordError("lower_variance: must be true or false")
    scenario = data.get("scenario")
    if scenario is not None and not (type(scenario) is int and scenario in SCENARIOS):
        raise RecordError(f"scenario: must be a scenario number from 1 to 10, got {scenario!r}")
    solo_setup = data.get("solo_setup")
    if solo_setup is not None and solo_setup not in ("standard", "beginner"):
        raise RecordError(f"solo_setup: must be standard or beginner, got {solo_setup!r}")
    try:
        bag = [tile_from_json(t) for t in data["bag"]]
    except (KeyError, TypeError) as exc:
        raise RecordError(f"bag: a full record needs the bag's draw order ({exc})") from None
    except ValueError as exc:
        raise RecordError(f"bag: {exc}") from None
    if sorted(bag) != sorted(full_bag(lower_variance)):
        raise RecordError("bag: does not hold exactly the tiles of a full bag")
    options = GameOptions(players=[player_name(p, i) for i, p in enumerate(players)],
                          mode=mode, lower_variance=lower_variance,
                          solo_setup=solo_setup or "standard", scenario=scenario,
                          boards=[p.get("board") for p in players])
    try:
        options.validate()
    except RuleViolation as exc:
        raise RecordError(f"setup: {exc}") from None
    offered = _offered_goals(data.get("offered_goals"), options)
    state = GameState.from_setup(
        mode=mode, lower_variance=lower_variance,
        solo_setup=options.solo_setup if mode == "solo" else None, scenario=options.scenario,
        cats=cats, names=options.players, boards=list(options.boards or []), offered=offered, bag=bag,
        seed=data.get("seed"),
    )
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise RecordError("actions: must be a list")
    for i, raw in enumerate(actions):
        action = action_from_json(raw, f"actions[{i}]")
        try:
            state.apply(action)
        except RuleViolation as exc:
            raise RecordError(f"actions[{i}]: {exc}") from None
    if "placements" in data:
        _check_placements(data["placements"], state.placements())
    for i, p in enumerate(players):
        if p.get("goals") and state.players[i].goals != p["goals"] and mode != "family":
            raise RecordError(f"players[{i}]: goals do not match the goals chosen in the actions")
    return state


def _offered_goals(raw: Any, options: GameOptions) -> list[list[str]]:
    """The goal tiles each player was offered: four different ones, or the scenario's three."""
    n = len(options.players)
    choosing = options.mode == "standard" or (options.mode == "solo" and (
        options.scenario is not None or options.solo_setup == "standard"))
    if not choosing and not raw:
        return [[] for _ in range(n)]
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError(f"offered_goals: must list the goal tiles offered to each of the {n} players")
    scenario = SCENARIOS.get(options.scenario) if options.scenario is not None else None
    for i, goals in enumerate(raw):
        where = f"offered_goals[{i}]"
        if not isinstance(goals, list) or any(not isinstance(g, str) or g not in GOAL_IDS for g in goals):
            raise RecordError(f"{where}: must be a list of goal tiles ({', '.join(GOAL_IDS)})")
        if len(set(goals)) != len(goals):
            raise RecordError(f"{where}: a goal tile is offered twice")
        if choosing and scenario is not None and sorted(goals) != sorted(scenario.goals):
            raise RecordError(f"{where}: scenario {options.scenario} offers {', '.join(scenario.goals)}")
        if choosing and scenario is None and len(goals) != GOALS_REVEALED:
            raise RecordError(f"{where}: each player is offered {GOALS_REVEALED} goal tiles, not {len(goals)}")
    return [list(goals) for goals in raw]


def _check_placements(given: Any, made: list[dict[str, Any]]) -> None:
    """A full record's placements must be what its actions placed: name the first one that is not."""
    if not isinstance(given, list):
        raise RecordError("placements: must be a list")
    for i, placed in enumerate(made):
        if i >= len(given):
            raise RecordError(f"placements: {len(given)} listed, but the actions place {len(made)} tiles")
        entry = given[i]
        try:
            same = (isinstance(entry, dict) and entry.get("player") == placed["player"]
                    and str(entry.get("space", "")).strip().upper() == placed["space"]
                    and tile_from_json(entry.get("tile")) == tile_from_json(placed["tile"]))
        except ValueError:
            same = False
        if not same:
            tile = " ".join(placed["tile"])
            raise RecordError(f"placements[{i}]: the actions place {tile} on {placed['space']} for player "
                              f"{placed['player']}, not {json.dumps(entry)}")
    if len(given) > len(made):
        raise RecordError(f"placements[{len(made)}]: the actions place only {len(made)} tiles")


# --- helpers for AIs, tests and benchmarks ------------------------------------------------------


def legal_turns(state: GameState) -> list[Turn]:
    """Every legal turn for the player to move (empty during setup or after the end)."""
    if state.phase != PHASE_PLAY:
        return []
    seat = state.current
    p = state.players[seat]
    takes: list[int | None] = [None]
    if state.drafts_after_placing(seat):
        takes = [i + 1 for i, t in enumerate(state.market) if t is not None]
    spaces = [label(c) for c in state.empty_spaces(seat)]
    return [Turn(seat, h + 1, s, k) for h in range(len(p.hand)) for s in spaces for k in takes]


def random_turn(state: GameState, rng: random.Random) -> Turn:
    """A uniformly random legal turn, without listing them all."""
    seat = state.current
    p = state.players[seat]
    space = label(rng.choice(state.empty_spaces(seat)))
    take = None
    if state.drafts_after_placing(seat):
        take = rng.choice([i + 1 for i, t in enumerate(state.market) if t is not None])
    return Turn(seat, rng.randint(1, len(p.hand)), space, take)


def random_goal_choice(state: GameState, seat: int, rng: random.Random) -> ChooseGoals:
    picked = rng.sample(state.players[seat].offered, 3)
    return ChooseGoals(seat, dict(zip(GOAL_SPACES, picked, strict=True)))


def seeded_game(
    options: GameOptions,
    seed: int,
    turns: int | None = None,
    choose_turn: Callable[[GameState, random.Random], Turn] = random_turn,
) -> GameState:
    """Deal a game from ``seed``, choose every player's goals at random, then play ``turns`` turns
    (``None``: to the end) chosen by ``choose_turn`` (random by default). The same arguments always
    give the same game: benchmarks, sample images and tests use it."""
    state = new_game(options, seed)
    rng = random.Random(seed)
    for seat, player in enumerate(state.players):
        if player.needs_goals:
            state.apply(random_goal_choice(state, seat, rng))
    while not state.over and (turns is None or state.turns < turns):
        state.apply(choose_turn(state, rng))
    return state


def tile_census(state: GameState) -> list[int]:
    """How many of each tile kind are anywhere in the game: bag + market + hands + quilts + discards."""
    counts = [0] * 36
    for t in state.bag[state.drawn:]:
        counts[t] += 1
    for t in state.market:
        if t is not None:
            counts[t] += 1
    for t in state.discards:
        counts[t] += 1
    for p in state.players:
        for t in p.hand:
            counts[t] += 1
        for c in p.quilt.order:
            counts[p.quilt.cells[c]] += 1
    return counts


def describe_tile(tile: int) -> str:
    return tile_name(tile).replace("_", " ").title()


__all__ = [
    "CATS",
    "PHASE_OVER",
    "PHASE_PLAY",
    "PHASE_SETUP",
    "GameOptions",
    "GameState",
    "Player",
    "TurnOutcome",
    "legal_turns",
    "new_game",
    "random_goal_choice",
    "random_turn",
    "replay_full_record",
    "seeded_game",
    "tile_census",
]
