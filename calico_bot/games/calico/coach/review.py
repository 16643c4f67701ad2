"""The coach: a finished game reviewed turn by turn for one player, against the strong player.

For each of the player's turns the coach rebuilds the position by replaying the game's actions from the
deal, takes the player's view of it (:func:`..ai.view.build_view`: no bag order, no other hand), asks
the strong player (:class:`..ai.strong.StrongPolicy`) what it would have played there, and values both
moves with one estimate, :class:`MoveValuer`:

    the value of a move is the strong evaluator's estimate of the final score (points so far plus the
    modelled potential of goals, cats and buttons, :class:`..ai.evaluation.Evaluator`) after this
    placement and the best two further placements, averaged over sampled guesses of the market the
    player will draft from next turn, drawn from the tiles the player had not seen.

That is the value the strong player's own last search stage compares market choices by (three
placements deep), so the suggestion and the estimate come from the same search; on the last placements
it is the exact final score. The loss of a turn is ``max(0, value(suggested) - value(made))`` and 0 when
the two moves are the same. Every guess comes from a generator seeded from the coach's seed and public
facts of the position, so a review depends only on the game and the settings, never on the hidden bag.

Nothing here imports Discord, SQL or Pillow; :func:`review_record_json` is a picklable entry point for
a worker process.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection
from dataclasses import asdict, dataclass, field
from typing import Any

from calico_bot.core.errors import RecordError
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator
from calico_bot.games.calico.ai.policy import decision_rng, open_slots
from calico_bot.games.calico.ai.strong import GOAL_FUTURES, ROLLOUTS, StrongPolicy, sample_markets
from calico_bot.games.calico.ai.view import PlayerView, build_view
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn, action_from_json
from calico_bot.games.calico.engine.components import PATCH_SPACES
from calico_bot.games.calico.engine.game import GameState, replay_full_record
from calico_bot.games.calico.engine.geometry import PATCH_CELLS, cells_of, parse_label

REVIEW_FORMAT = "calico-review/1"
WORST_COUNT = 3
AGREE_EPS = 0.05  # a loss below this (in points) counts as "as good as the suggestion"


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard the coach thinks. ``samples`` guesses of the next market value each move; the strong
    player's own settings (``shortlist``, ``strong_samples``, ``resample``) pick the suggestion.
    ``budget_ms`` caps the strong player's time per move (``None``: no cap, which keeps a review
    independent of the machine's speed)."""

    samples: int = 16
    shortlist: int = 10
    strong_samples: int = 6
    resample: int = 3
    budget_ms: float | None = None
    seed: int = 0
    goal_futures: int = GOAL_FUTURES  # the strong player's play-outs for the goal choice at setup
    rollouts: int = ROLLOUTS  # the strong player's root play-outs per shortlisted move (:mod:`..ai.playout`)

    def policy(self) -> StrongPolicy:
        return StrongPolicy(self.seed, budget_ms=self.budget_ms, shortlist=self.shortlist,
                            samples=self.strong_samples, resample=self.resample, goal_futures=self.goal_futures,
                            rollouts=self.rollouts)


FULL = Settings()
QUICK = Settings(samples=3, shortlist=3, strong_samples=2, resample=1, rollouts=0)  # for tests: about 20x cheaper


@dataclass(frozen=True, slots=True)
class Move:
    """One turn as the coach describes it: the hand tile placed (1-based and its kind), the space, and
    the market slot taken (1-based) with the tile found there (``None`` on the last placement)."""

    hand_index: int
    tile: int
    space: str
    take: int | None
    took: int | None

    def key(self, solo: bool) -> tuple[int, str, int | None]:
        """Two moves with the same key are the same move (a hand or market tile's copy is the same tile;
        on the solo conveyor the slot matters, as it decides which tile is discarded)."""
        return (self.tile, self.space, self.take if solo else self.took)

    @classmethod
    def of(cls, view: PlayerView, turn: Turn) -> Move:
        took = None if turn.take is None else view.market[turn.take - 1]
        return cls(turn.tile, view.hand[turn.tile - 1], turn.space, turn.take, took)


@dataclass(frozen=True, slots=True)
class TurnReview:
    number: int  # the player's own turn, 1..22
    game_turn: int  # turns played in the game before this one (0-based index of the turn in the game)
    made: Move
    suggested: Move
    value_made: float  # estimated final score after the player's move
    value_suggested: float  # the same estimate after the suggested move
    loss: float  # >= 0: estimated points given up (0 when the moves agree)
    same: bool
    auto: bool = False  # the bot played this turn for the player (resigned, kicked, out of time): not their move


@dataclass(frozen=True, slots=True)
class Review:
    seat: int
    name: str
    mode: str
    players: int
    final_score: int
    turns: tuple[TurnReview, ...]
    worst: tuple[int, ...]  # indexes into ``turns`` of the costliest turns, costliest first
    goals_made: dict[str, str] | None = None  # the arrangement the player chose at setup
    goals_suggested: dict[str, str] | None = None  # the strong player's choice from the same offer
    settings: dict[str, Any] = field(default_factory=dict)
    goals_auto: bool = False  # the bot chose the goals for the player
    seconds: float = 0.0  # the time the review took (not part of its content)

    @property
    def own_turns(self) -> list[TurnReview]:
        """The turns the player played themselves (not those the bot played for them)."""
        return [t for t in self.turns if not t.auto]

    @property
    def auto_turns(self) -> int:
        return sum(1 for t in self.turns if t.auto)

    @property
    def total_loss(self) -> float:
        return sum(t.loss for t in self.own_turns)

    @property
    def agreed(self) -> int:
        """The player's own turns where they made the suggested move or one estimated as good."""
        return sum(1 for t in self.own_turns if t.loss < AGREE_EPS)

    def worst_turns(self) -> list[TurnReview]:
        return [self.turns[i] for i in self.worst]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["turns"] = list(data["turns"])
        data["worst"] = list(data["worst"])
        data["format"] = REVIEW_FORMAT
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Review:
        if data.get("format") != REVIEW_FORMAT:
            raise ValueError(f"unsupported review format {data.get('format')!r}")
        turns = tuple(TurnReview(**{**t, "made": Move(**t["made"]), "suggested": Move(**t["suggested"])})
                      for t in data["turns"])
        return cls(seat=data["seat"], name=data["name"], mode=data["mode"], players=data["players"],
                   final_score=data["final_score"], turns=turns, worst=tuple(data["worst"]),
                   goals_made=data.get("goals_made"), goals_suggested=data.get("goals_suggested"),
                   settings=dict(data.get("settings") or {}), seconds=float(data.get("seconds", 0.0)),
                   goals_auto=bool(data.get("goals_auto", False)))


# --- the estimate ---------------------------------------------------------------------------------


class MoveValuer:
    """Values the moves of one position from a player's view (see the module docstring).

    The guesses of the next market are drawn once per position and shared by every move valued here
    (common random numbers), so two moves are compared on the same luck.
    """

    def __init__(self, view: PlayerView, samples: int, seed: int = 0) -> None:
        self.view = view
        self.rules = rules_for(view.cat_of_pattern)
        self.ev = Evaluator(goal_list(view.goals), self.rules)
        self.board = Board.from_quilt(view.quilt)
        self.remaining = PATCH_SPACES - self.board.placed - 1  # placements left after this one
        self.slots = open_slots(view)
        self.markets = self._sample_markets(samples, decision_rng(seed, view, 61))

    def value(self, move: Move) -> float:
        cell = parse_label(move.space)
        if cell is None or cell not in PATCH_CELLS or not self.board.empty >> cell & 1:
            raise ValueError(f"{move.space} is not an empty patch space")
        after = self.board.copy()
        after.place(cell, move.tile, self.rules)
        if move.take is None or not self.slots:
            return self.ev(after, self.remaining)
        taken = self.view.market[move.take - 1]
        if taken is None:
            raise ValueError(f"market slot {move.take} is empty")
        hand = list(self.view.hand)
        hand.pop(move.hand_index - 1)
        hand2 = [taken, *hand]
        seconds: dict[int, tuple[float, Board]] = {}
        for a in set(hand2):
            seconds[a] = self._best(after, a, self.remaining - 1)
        if self.remaining < 2:
            return max(v for v, _ in seconds.values())
        thirds: dict[tuple[int, int], float] = {}
        total = 0.0
        for market2 in self.markets[move.take - 1]:
            best = float("-inf")
            for i, a in enumerate(hand2):
                rest = (*hand2[:i], *hand2[i + 1:], *market2)
                for b in rest:
                    if (a, b) not in thirds:
                        thirds[(a, b)] = self._best(seconds[a][1], b, self.remaining - 2)[0]
                    best = max(best, thirds[(a, b)])
                if not rest:
                    best = max(best, seconds[a][0])
            total += best
        return total / len(self.markets[move.take - 1])

    def _best(self, board: Board, tile: int, remaining: int) -> tuple[float, Board]:
        """The best evaluation of ``tile`` placed on an empty space of ``board``, and that quilt."""
        best: tuple[float, Board] | None = None
        for cell in cells_of(board.empty):
            trial = board.copy()
            trial.place(cell, tile, self.rules)
            v = self.ev(trial, remaining)
            if best is None or v > best[0]:
                best = (v, trial)
        if best is None:  # no empty space left: the board is final
            return self.ev(board, 0), board
        return best

    def _sample_markets(self, samples: int, rng: random.Random) -> dict[int, list[list[int]]]:
        """For each slot, ``samples`` guesses of the market at the player's next turn, the strong
        player's own guesses (drawn from the tiles the player has not seen)."""
        return sample_markets(self.view, list(self.slots), samples, rng)


# --- one turn -------------------------------------------------------------------------------------


def review_turn(view: PlayerView, made: Turn, settings: Settings = FULL, *, number: int = 0,
                policy: StrongPolicy | None = None) -> TurnReview:
    """Review one turn from the player's view of the position before it (only the view is read)."""
    if made.player != view.seat or view.current != view.seat:
        raise ValueError("the turn is not this player's")
    if not 1 <= made.tile <= len(view.hand):
        raise ValueError(f"tile {made.tile} is not in the hand")
    policy = policy or settings.policy()
    suggestion = policy.choose_turn(view)
    valuer = MoveValuer(view, settings.samples, settings.seed)
    m, s = Move.of(view, made), Move.of(view, suggestion)
    same = m.key(view.solo) == s.key(view.solo)
    vm = valuer.value(m)
    vs = vm if same else valuer.value(s)
    loss = 0.0 if same else max(0.0, vs - vm)
    return TurnReview(number=number, game_turn=view.turns, made=m, suggested=s, value_made=round(vm, 2),
                      value_suggested=round(vs, 2), loss=round(loss, 2), same=same)


def auto_turn(view: PlayerView, made: Turn, settings: Settings = FULL, *, number: int = 0) -> TurnReview:
    """A turn the bot played for the player: recorded as played (its estimated value), with no suggestion
    and no loss, since it was not the player's decision."""
    move = Move.of(view, made)
    value = round(MoveValuer(view, settings.samples, settings.seed).value(move), 2)
    return TurnReview(number=number, game_turn=view.turns, made=move, suggested=move, value_made=value,
                      value_suggested=value, loss=0.0, same=True, auto=True)


# --- a whole game ---------------------------------------------------------------------------------


def full_record(game: GameState | dict[str, Any]) -> dict[str, Any]:
    """The full record of a finished game (a state is turned into one; a record is checked)."""
    if isinstance(game, GameState):
        if not game.over:
            raise ValueError("the game is not over yet: a review is for finished games")
        return game.to_record(include_hidden=True)
    if not isinstance(game, dict):
        raise TypeError("give a GameState or a full game record")
    return game


def positions(game: GameState | dict[str, Any]) -> tuple[GameState, list[tuple[GameState | None, Any]]]:
    """Replay a finished game through the rules. Returns the final state and, for every action, the
    state just before it (a copy) and the action. Raises :class:`RecordError` for a bad record."""
    record = full_record(game)
    start = dict(record)
    actions = start.pop("actions", None)
    if not isinstance(actions, list):
        raise RecordError("actions: a review needs the full record (every action and the bag order)")
    start.pop("placements", None)
    start["actions"] = []
    start["players"] = [{k: v for k, v in p.items() if k != "goals"} for p in record.get("players") or []]
    state = replay_full_record(start)
    steps: list[tuple[GameState | None, Any]] = []
    for i, raw in enumerate(actions):
        action = action_from_json(raw, f"actions[{i}]")
        before = state.copy()
        try:
            state.apply(action)
        except Exception as exc:  # RuleViolation
            raise RecordError(f"actions[{i}]: {exc}") from None
        steps.append((before, action))
    if not state.over:
        raise RecordError("the game in this record is not finished")
    return state, steps


def position_views(game: GameState | dict[str, Any], seat: int) -> list[PlayerView]:
    """``seat``'s view just before each of their turns, in order (one replay for all of them)."""
    _, steps = positions(game)
    return [build_view(before, seat) for before, action in steps
            if before is not None and isinstance(action, Turn) and action.player == seat]


def position_view(game: GameState | dict[str, Any], seat: int, number: int) -> PlayerView:
    """``seat``'s view just before their ``number``-th turn (1-based): what an image of that turn shows."""
    views = position_views(game, seat)
    if not 1 <= number <= len(views):
        raise ValueError(f"turn {number} out of 1..{len(views)}")
    return views[number - 1]


def review_game(game: GameState | dict[str, Any], seat: int, *, settings: Settings = FULL,
                budget_ms: float | str | None = "settings", bot_actions: Collection[int] = ()) -> Review:
    """Review ``seat``'s turns of a finished game (a :class:`GameState` or a full record).

    ``budget_ms`` overrides ``settings.budget_ms`` (the strong player's cap per move; ``None``: none).
    ``bot_actions``: indexes (0-based, in the record's ``actions``) of the actions the bot played for a
    player (a resigned, kicked or timed-out seat; the bot records them without a person). Those of
    ``seat`` are marked ``auto``: not valued, and left out of the player's total, agreement and costliest
    turns. Deterministic for a given game and settings when no cap cuts a search short.
    """
    started = time.perf_counter()
    if budget_ms != "settings":
        settings = Settings(**{**asdict(settings), "budget_ms": budget_ms})
    final, steps = positions(game)
    if not (isinstance(seat, int) and 0 <= seat < len(final.players)):
        raise ValueError(f"seat {seat!r} is not a player of this game (0..{len(final.players) - 1})")
    by_bot = {i for i in bot_actions if isinstance(i, int)}
    policy = settings.policy()
    reviews: list[TurnReview] = []
    goals_made = goals_suggested = None
    goals_auto = False
    for index, (before, action) in enumerate(steps):
        assert before is not None
        if action.player != seat:
            continue
        view = build_view(before, seat)
        if isinstance(action, ChooseGoals):
            goals_made = dict(action.goals)
            goals_auto = index in by_bot
            goals_suggested = goals_made if goals_auto else dict(policy.choose_goals(view).goals)
            continue
        if index in by_bot:
            reviews.append(auto_turn(view, action, settings, number=len(reviews) + 1))
            continue
        reviews.append(review_turn(view, action, settings, number=len(reviews) + 1, policy=policy))
    order = sorted((i for i in range(len(reviews)) if not reviews[i].auto), key=lambda i: (-reviews[i].loss, i))
    worst = tuple(i for i in order[:WORST_COUNT] if reviews[i].loss >= AGREE_EPS)
    player = final.players[seat]
    return Review(seat=seat, name=player.name, mode=final.mode, players=len(final.players),
                  final_score=final.total(seat), turns=tuple(reviews), worst=worst, goals_made=goals_made,
                  goals_suggested=goals_suggested, settings=asdict(settings),
                  seconds=round(time.perf_counter() - started, 2), goals_auto=goals_auto)


def review_record_json(record: dict[str, Any], seat: int, quick: bool = False) -> dict[str, Any]:
    """JSON in, JSON out (picklable): for ``ProcessPoolExecutor.submit`` from the bot. ``quick`` uses
    :data:`QUICK`. The result reads back with :meth:`Review.from_json`."""
    return review_game(record, seat, settings=QUICK if quick else FULL).to_json()


__all__ = [
    "FULL",
    "QUICK",
    "Move",
    "MoveValuer",
    "Review",
    "Settings",
    "TurnReview",
    "auto_turn",
    "full_record",
    "position_view",
    "position_views",
    "positions",
    "review_game",
    "review_record_json",
    "review_turn",
]
