"""A heuristic estimate of a partial quilt's final score: points so far plus the potential of what is open.

* Design goals: for each test (color, pattern) the probability that it can still be met, from a small
  dynamic programme over the multiset of counts seen around the goal (``goal_probability``): each
  open neighbour is filled by choosing the best of ``m`` random values. A goal is worth
  ``both * pc * pp + one * (pc + pp - 2 pc pp)``.
* Cats: every open same-pattern group without a token that can still reach its cat (enough empty
  room that does not touch a group already carrying that cat; for shape cats, a placement of the
  shape through the group on its own pattern or empty spaces) is worth ``points * cat_decay ** d``
  where ``d`` is the number of tiles still missing.
* Buttons: likewise, open same-color groups of 1 or 2 tiles, ``3 * button_decay ** d``, and the
  rainbow is worth 3 times the product of the chances of a button in each missing color.
* Group chances by room (optional, :class:`GroupChances`, issue 16's eighth round): each open group's
  ``decay ** d`` is multiplied by a factor for its tiles missing ``d`` and its room, the free spaces next to it
  (1, 2, 3, 4 or more), fitted on self-play (:mod:`.chances`): how much more or less often groups with that room
  were completed than all groups missing as many tiles. The factors average 1 over the groups of each ``d``, so
  the decay keeps the overall level and only the ranking of groups changes.
* Supply (optional, :class:`Supply`, issue 16's thirteenth round): each open group's chance is also multiplied by
  the chance that the tiles it still needs reach the player: for a cat group missing ``d`` tiles of its pattern (a
  button group, of its color), the hypergeometric chance of at least ``d`` such tiles among those the player will
  see (the hand and the market now, and the tiles drawn into the market in the turns left, drawn from the tiles not
  seen). Groups needing the same pattern (color) share the supply: sorted by tiles missing, the k-th group needs
  the tiles of the k first ones. A pattern with no tile left gives 0.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from math import comb
from operator import itemgetter
from pathlib import Path

from calico_bot.games.calico.ai.bits import HALOS, halo, room_at_least
from calico_bot.games.calico.ai.board import Board, CatRule, goal_points
from calico_bot.games.calico.engine.components import GOALS, PATCH_SPACES, GoalTile, Scenario, count_profile
from calico_bot.games.calico.engine.geometry import cells_of
from calico_bot.games.calico.engine.scoring import goal_tests


@dataclass(frozen=True, slots=True)
class Weights:
    goal_choices: float = 2.0  # "m": how many values we effectively get to choose from per open neighbour
    goal_scale: float = 1.0
    cat_decay: float = 0.35
    cat_scale: float = 0.85  # 1.0 before issue 16 (``V1_WEIGHTS``): open cats were valued too highly against buttons
    button_decay: float = 0.3
    button_scale: float = 1.2  # 1.0 before issue 16
    rainbow_scale: float = 1.0
    lone_button: float = 0.15  # chance of a button in a color that has no tile yet


ROOM_BUCKETS = 5  # room 0 (only shape cats reaching through another group), 1, 2, 3, 4 or more
CHANCES_FILE = Path(__file__).resolve().parents[4] / "data" / "calico" / "group_chances.json"


@dataclass(frozen=True, slots=True)
class GroupChances:
    """Factors on the open groups' modelled chances by tiles missing and room (see the module's text).

    ``cat[d][room]`` for cat groups missing ``d`` tiles (``d`` from 0, row 0 unused), ``button[d][room]`` for
    button groups (``d`` 1 or 2); ``room`` is capped at ``ROOM_BUCKETS - 1``. A missing row or entry is 1.
    """

    cat: tuple[tuple[float, ...], ...]
    button: tuple[tuple[float, ...], ...]

    def cat_factor(self, d: int, room: int) -> float:
        rows = self.cat
        return rows[d][min(room, ROOM_BUCKETS - 1)] if d < len(rows) else 1.0

    def button_factor(self, d: int, room: int) -> float:
        return self.button[d][min(room, ROOM_BUCKETS - 1)]

    def scaled(self, cat_power: float, button_power: float) -> GroupChances:
        """The factors raised to a power per kind (0: every factor 1, the decay alone; 1: as fitted)."""
        return GroupChances(tuple(tuple(f**cat_power for f in r) for r in self.cat),
                            tuple(tuple(f**button_power for f in r) for r in self.button))

    @classmethod
    def from_json(cls, data: dict) -> GroupChances:
        def rows(raw: object, name: str) -> tuple[tuple[float, ...], ...]:
            if not isinstance(raw, list) or not all(isinstance(r, list) and len(r) == ROOM_BUCKETS for r in raw):
                raise ValueError(f"group chances: {name!r} must be a list of rows of {ROOM_BUCKETS} factors")
            out = tuple(tuple(float(x) for x in r) for r in raw)
            if any(not 0 <= x < 100 for r in out for x in r):
                raise ValueError(f"group chances: {name!r} holds a factor outside 0..100")
            return out

        button = rows(data.get("button"), "button")
        if len(button) != 3:
            raise ValueError("group chances: 'button' must have 3 rows (tiles missing 0, 1, 2)")
        return cls(rows(data.get("cat"), "cat"), button)


def load_group_chances(path: Path | str | None = None) -> GroupChances:
    """The fitted factors shipped in ``data/calico/group_chances.json`` (or another file)."""
    if path is None:
        return _shipped_chances()
    return GroupChances.from_json(json.loads(Path(path).read_text(encoding="utf-8")))


@cache
def _shipped_chances() -> GroupChances:
    return GroupChances.from_json(json.loads(CHANCES_FILE.read_text(encoding="utf-8")))


# --- supply of the tiles still to come ------------------------------------------------------------

PATTERNS, COLORS = 0, 1  # :meth:`Supply.chance`'s kinds: a cat group needs a pattern, a button group a color


def at_least(need: int, successes: int, pool: int, draws: int) -> float:
    """The hypergeometric chance of at least ``need`` successes in ``draws`` tiles drawn without replacement from
    ``pool`` tiles of which ``successes`` are successes."""
    if need <= 0:
        return 1.0
    draws = min(draws, pool)
    if need > min(successes, draws):
        return 0.0
    top = min(successes, draws)
    hits = sum(comb(successes, x) * comb(pool - successes, draws - x) for x in range(need, top + 1))
    return hits / comb(pool, draws)


class Supply:
    """The chance that the tiles an open group still needs reach the player (see the module's text).

    Built once per move from what the player may see: ``unseen`` (per tile kind, the tiles not seen, as in the view),
    ``known`` (the tiles of the hand and the market, counted as seen for sure) and ``per_turn`` (the tiles drawn into
    the market between two of the player's turns: 2 in solo). With ``remaining`` placements left the player sees
    ``per_turn * (remaining - 1)`` more tiles, drawn from the unseen ones. :meth:`chance` is that chance raised to
    ``power``; with ``relative`` it is first divided by the mean chance of the six patterns (colors) for the same
    need, so that the factors keep the level of the decay and only rank the patterns by their supply. Answers are
    remembered: they depend only on the kind, the pattern or color, the tiles needed and the placements left.
    """

    def __init__(self, unseen: Sequence[int], known: Iterable[int], per_turn: int, power: float = 1.0,
                 relative: bool = False) -> None:
        if len(unseen) != 36 or min(unseen, default=0) < 0:
            raise ValueError("supply: unseen must hold 36 counts, none negative")
        self.pool = sum(unseen)
        self.counts = (tuple(sum(unseen[c * 6 + p] for c in range(6)) for p in range(6)),
                       tuple(sum(unseen[c * 6:c * 6 + 6]) for c in range(6)))
        known = list(known)
        self.known = (tuple(sum(1 for t in known if t % 6 == p) for p in range(6)),
                      tuple(sum(1 for t in known if t // 6 == c) for c in range(6)))
        self.per_turn = per_turn
        self.power = power
        self.relative = relative
        self._memo: dict[tuple[int, int, int, int], float] = {}

    def draws(self, remaining: int) -> int:
        """The tiles not seen that pass through the market before the player's last draft."""
        return min(self.pool, self.per_turn * max(0, remaining - 1))

    def raw(self, kind: int, key: int, need: int, remaining: int) -> float:
        """The chance of at least ``need`` tiles of pattern (color) ``key`` among those the player will see."""
        return at_least(need - self.known[kind][key], self.counts[kind][key], self.pool, self.draws(remaining))

    def chance(self, kind: int, key: int, need: int, remaining: int) -> float:
        memo_key = (kind, key, need, remaining)
        found = self._memo.get(memo_key)
        if found is not None:
            return found
        value = self.raw(kind, key, need, remaining)
        if self.relative and value > 0:
            mean = sum(self.raw(kind, k, need, remaining) for k in range(6)) / 6
            value /= mean
        value = value**self.power
        self._memo[memo_key] = value
        return value

    def shared(self, kind: int, key: int, missing: list[tuple[int, float]], remaining: int) -> float:
        """The sum of the groups' values ``(tiles missing, value)``, each times the supply's chance for the tiles
        of the groups missing fewer (or as many, listed before it) tiles and its own."""
        if not missing:
            return 0.0
        if len(missing) == 1:  # the common case, without sorting
            d, value = missing[0]
            found = self._memo.get((kind, key, d, remaining))
            return value * (self.chance(kind, key, d, remaining) if found is None else found)
        total = 0.0
        need = 0
        for d, value in sorted(missing, key=itemgetter(0)):
            need += d
            total += value * self.chance(kind, key, need, remaining)
        return total


# --- design goals ---------------------------------------------------------------------------------


def _feasible(part: tuple[int, ...], target: tuple[int, ...]) -> bool:
    if len(part) > len(target):
        return False
    return all(a <= b for a, b in zip(part, target, strict=False))


@cache
def goal_probability(part: tuple[int, ...], target: tuple[int, ...], m: float) -> float:
    """Chance that a test reaches ``target`` from counts ``part`` (sorted, descending) of 6 values."""
    if not _feasible(part, target):
        return 0.0
    filled = sum(part)
    if filled == 6:
        return 1.0 if part == target else 0.0
    # Classes of the next value: an existing value with count c (several values may share c), or new.
    options: list[tuple[float, float]] = []  # (value of successor, probability of the class)
    for c in sorted(set(part)):
        share = part.count(c) / 6
        i = part.index(c)
        nxt = tuple(sorted((*part[:i], c + 1, *part[i + 1:]), reverse=True))
        options.append((goal_probability(nxt, target, m), share))
    if len(part) < 6:
        options.append((goal_probability((*part, 1), target, m), (6 - len(part)) / 6))
    options.sort(reverse=True)
    expected = 0.0
    cum = 0.0
    reach_prev = 0.0
    for value, share in options:
        cum += share
        reach = 1.0 - (1.0 - min(cum, 1.0)) ** m
        expected += value * (reach - reach_prev)
        reach_prev = reach
    return expected


def goal_value(cells: list[int], neighbours: tuple[int, ...], goal: GoalTile, m: float) -> float:
    colors: list[int] = []
    patterns: list[int] = []
    for n in neighbours:
        t = cells[n]
        if t >= 0:
            colors.append(t // 6)
            patterns.append(t % 6)
    if len(colors) == 6:
        return float(goal_points(cells, neighbours, goal))
    pc = goal_probability(count_profile(colors), goal.counts, m)
    pp = goal_probability(count_profile(patterns), goal.counts, m)
    return goal.both * pc * pp + goal.one * (pc + pp - 2 * pc * pp)


# --- groups -----------------------------------------------------------------------------------------


def _open_regions(groups: list[int], tokens: int, empty: int, below: int = 99) -> tuple[list[int], int]:
    """The groups without a token (of fewer than ``below`` tiles), and the empty spaces they may grow
    into: those not touching a group that already holds a token."""
    poison = 0
    free = []
    for g in groups:
        if g & tokens:
            poison |= g
        elif g.bit_count() < below:
            free.append(g)
    return free, (empty & ~HALOS[poison] if poison else empty)


def shape_groups_missing(free: list[int], allowed: int, rule: CatRule, empty: int) -> list[tuple[int, int]]:
    """Each open group of a shape cat's pattern with the fewest empty spaces its shape still needs there
    (the shape may run over the group's own cells and the allowed empty spaces; 99 when it fits nowhere)."""
    usable = allowed
    for g in free:
        usable |= g
    return [(g, shape_tiles_missing(g, rule, usable, empty)) for g in free]


def shape_tiles_missing(group: int, rule: CatRule, usable: int, empty: int) -> int:
    """The fewest empty spaces a placement of a shape cat's shape through one of ``group``'s cells, inside
    ``usable``, still needs (99 when none fits)."""
    best = 99
    cells = group
    while cells:
        low = cells & -cells
        for p in rule.by_cell[low.bit_length() - 1]:
            if p & usable == p:
                d = (p & empty).bit_count()
                if d < best:
                    best = d
        cells ^= low
    return best


LONG_CAT = 6  # count cats of this many tiles or more (Cira, Gwenivere) may take their own decay (``long_decay``)


def cat_potential(board: Board, pattern: int, rule: CatRule, w: Weights, remaining: int,
                  chances: GroupChances | None = None, long_decay: float = 0.0,
                  supply: Supply | None = None) -> float:
    empty = board.empty
    free, allowed = _open_regions(board.pg[pattern], board.catm, empty)
    if not free:
        return 0.0
    missing: list[tuple[int, float]] = []  # (tiles missing, modelled chance) of every group that can reach its cat
    if rule.shape is None:
        decay = long_decay if long_decay and rule.min_group >= LONG_CAT else w.cat_decay
        for g in free:
            d = rule.min_group - g.bit_count()
            if d > remaining:
                continue
            if room_at_least(g, allowed, d):
                if chances is None:
                    missing.append((d, decay**d))
                else:
                    missing.append((d, decay**d * chances.cat_factor(d, (halo(g) & allowed).bit_count())))
    else:
        for g, best in shape_groups_missing(free, allowed, rule, empty):
            if best <= remaining:
                if chances is None:
                    missing.append((best, w.cat_decay**best))
                else:
                    missing.append((best, w.cat_decay**best * chances.cat_factor(best,
                                                                                 (halo(g) & allowed).bit_count())))
    total = sum(v for _, v in missing) if supply is None else supply.shared(PATTERNS, pattern, missing, remaining)
    return total * rule.points * w.cat_scale


def button_chances(board: Board, color: int, w: Weights, remaining: int,
                   chances: GroupChances | None = None, supply: Supply | None = None) -> float:
    """Expected number of new buttons of ``color`` from its open groups (before scaling)."""
    free, allowed = _open_regions(board.cg[color], board.btnm, board.empty, below=3)
    if not free:
        return 0.0
    missing: list[tuple[int, float]] = []
    for g in free:
        # room for the missing tiles (as :func:`.bits.room_at_least`, unrolled for 1 or 2 of them)
        if g.bit_count() == 2:
            near = HALOS[g] & allowed
            if near:
                missing.append((1, w.button_decay if chances is None else
                                w.button_decay * chances.button_factor(1, near.bit_count())))
        elif remaining >= 2:
            near = HALOS[g] & allowed
            if near and (near & (near - 1) or HALOS[g | near] & allowed & ~near):
                missing.append((2, w.button_decay**2 if chances is None else
                                w.button_decay**2 * chances.button_factor(2, near.bit_count())))
    if supply is None:
        return sum(v for _, v in missing)
    return supply.shared(COLORS, color, missing, remaining)


class Evaluator:
    """Estimates the final score of a quilt for a fixed set of goals and cats.

    The potential of one pattern's cats depends only on that pattern's regions, the cat tokens, the empty
    spaces and the placements left (a color's buttons likewise), and trial quilts of one move mostly differ
    in one tile, so both are remembered per evaluator (an evaluator serves one move): the same values,
    computed once. A goal's value is remembered by the tiles around it. The regions themselves are kept up to
    date by :meth:`.board.Board.place` (merged, never flooded again), so a potential that must be computed
    starts from the groups at hand.
    """

    def __init__(self, goals: tuple[tuple[tuple[int, ...], GoalTile], ...], rules: tuple[CatRule | None, ...],
                 weights: Weights | None = None, objectives: ObjectiveTerms | None = None,
                 final: ScenarioPass | None = None, chances: GroupChances | None = None,
                 long_decay: float = 0.0, supply: Supply | None = None) -> None:
        self.goals = goals
        self.supply = supply  # the chance that the open groups' missing tiles reach the player (None: not counted)
        self.long_decay = long_decay  # the decay of the long count cats (0: ``cat_decay``)
        self.chances = chances  # factors by room on the open groups' chances (None: the decay alone)
        self.final = final  # values a finished quilt instead of its score (the scenario endgame)
        self.rules = rules
        self.w = weights or Weights()
        self.objectives = objectives
        # Remembered potentials: (empty spaces, placements left, cat tokens or ~buttons) -> {pattern or color
        # key: value}
        self._levels: dict[tuple[int, int, int], dict[int, float]] = {}
        self._cat_rules = tuple((p, r) for p, r in enumerate(rules) if r is not None)
        self._per_button = 3 * self.w.button_scale
        # A goal's value depends only on the six tiles around it: remembered by goal and those tiles.
        self._goal_tiles = tuple((i, itemgetter(*n), n, g) for i, (n, g) in enumerate(goals))
        self._goal_values: dict[tuple[int, tuple[int, ...]], float] = {}
        self._best: dict[tuple, tuple[float, int]] = {}  # (quilt key, tile, placements left) -> best_placement
        self._values: dict[tuple, tuple[float, ...]] = {}  # the same key -> placement_values

    def best_placement(self, board: Board, tile: int, rules: tuple[CatRule | None, ...],
                       remaining: int) -> tuple[float, int]:
        """The best ``self(trial, remaining)`` for ``trial`` = ``board`` with ``tile`` on an empty space, and that
        space (the first of equal values; ``(-inf, -1)`` on a full quilt). Each trial is placed on ``board`` and
        taken back (:meth:`.board.Board.try_place`), so ``board`` is left as it was and nothing is copied.

        The answer is remembered by the quilt (:meth:`.board.Board.key`), the tile and ``remaining``: the search
        and the play-outs of one move ask for the same quilts again and again (every play-out of a pair starts
        from the quilt the search tried, and many futures place the same tiles). ``rules`` must be the
        evaluator's own."""
        key = (board.key(), tile, remaining)
        found = self._best.get(key)
        if found is not None:
            return found
        best = (float("-inf"), -1)
        for cell, value in zip(cells_of(board.empty), self._placement_values(key, board, tile, rules, remaining),
                               strict=True):
            if value > best[0]:
                best = (value, cell)
        self._best[key] = best
        return best

    def placement_values(self, board: Board, tile: int, rules: tuple[CatRule | None, ...],
                         remaining: int) -> tuple[float, ...]:
        """``self(trial, remaining)`` for ``trial`` = ``board`` with ``tile`` on each empty space, in the order of
        :func:`.geometry.cells_of` (``board`` is left as it was; remembered as :meth:`best_placement` is)."""
        return self._placement_values((board.key(), tile, remaining), board, tile, rules, remaining)

    def _placement_values(self, key: tuple, board: Board, tile: int, rules: tuple[CatRule | None, ...],
                          remaining: int) -> tuple[float, ...]:
        """:meth:`placement_values` with the key of the memory already made (:meth:`best_placement` shares it)."""
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = tuple(self._trial_values(board, tile, rules, remaining))
        return found

    def _trial_values(self, board: Board, tile: int, rules: tuple[CatRule | None, ...], remaining: int) -> list[float]:
        """Each trial placed on ``board``, valued and taken back (nothing copied)."""
        values = []
        for cell in cells_of(board.empty):
            saved = board.try_place(cell, tile, rules)
            values.append(self(board, remaining))
            board.take_back(saved)
        return values

    def goals_value(self, board: Board) -> float:
        m = self.w.goal_choices
        memory = self._goal_values
        cells = board.cells
        values = []
        for i, tiles_of, n, g in self._goal_tiles:
            key = (i, tiles_of(cells))
            v = memory.get(key)
            if v is None:
                v = memory[key] = goal_value(cells, n, g, m)
            values.append(v)
        return self.w.goal_scale * sum(values)

    def __call__(self, board: Board, remaining: int) -> float:
        if remaining <= 0 and self.final is not None:
            return self.final(board)
        w = self.w
        value = board.points + self.goals_value(board)
        if remaining <= 0:
            if self.objectives is not None:
                value += self.objectives(board, w.goal_choices, [0.0] * 6, [0.0] * 6, 0.0)
            return value
        # What every pattern's potential shares: the empty spaces, the placements left and the cat tokens.
        # Within that, a pattern's cats depend on its own tiles only. Colors likewise, with the buttons (the
        # key holds ~buttons, a negative number, so that it never meets a key of the cats).
        empty = board.empty
        level_key = (empty, remaining, board.catm)
        level = self._levels.get(level_key)
        if level is None:
            level = self._levels[level_key] = {}
        cat_values = [0.0] * 6
        pm = board.pm
        for pattern, rule in self._cat_rules:
            key = pm[pattern] << 3 | pattern
            cached = level.get(key)
            if cached is None:
                cached = level[key] = cat_potential(board, pattern, rule, w, remaining, self.chances,
                                                    self.long_decay, self.supply)
            cat_values[pattern] = cached
            value += cached
        button_values = [0.0] * 6
        chance_product = 1.0
        cm = board.cm
        btn_colors = board.btn_colors
        per_button = self._per_button
        level_key = (empty, remaining, ~board.btnm)
        level = self._levels.get(level_key)
        if level is None:
            level = self._levels[level_key] = {}
        for color in range(6):
            key = cm[color] << 3 | color
            chances = level.get(key)
            if chances is None:
                chances = level[key] = button_chances(board, color, w, remaining, self.chances, self.supply)
            button_values[color] = chances
            value += per_button * chances
            if not btn_colors >> color & 1:
                chance_product *= min(1.0, chances) if chances > 0 else w.lone_button
        if not board.rainbow:
            value += 3 * w.rainbow_scale * chance_product
        if self.objectives is not None:
            cat_chances = [v / (r.points * w.cat_scale) if r is not None and v else 0.0
                           for v, r in zip(cat_values, self.rules, strict=True)]
            value += self.objectives(board, w.goal_choices, cat_chances, button_values,
                                     0.0 if board.rainbow else chance_product)
        return value

    def open_terms(self, board: Board, remaining: int) -> tuple[float, float, float]:
        """The evaluation's open terms as :meth:`__call__` counts them (weights applied): the potential of the
        unfinished goals, of the open cat groups and of the open button groups (three zeros on a full quilt or with
        no placement left). ``__call__(board, remaining)`` minus their sum is the points scored, the finished goals'
        points and the rainbow term (and the objectives' bonus, if any)."""
        if remaining <= 0:
            return 0.0, 0.0, 0.0
        cells = board.cells
        goals = self.w.goal_scale * sum(goal_value(cells, n, g, self.w.goal_choices) for _, _, n, g in self._goal_tiles
                                        if any(cells[c] < 0 for c in n))
        cats = sum(cat_potential(board, p, r, self.w, remaining, self.chances, self.long_decay, self.supply)
                   for p, r in self._cat_rules)
        buttons = self._per_button * sum(button_chances(board, c, self.w, remaining, self.chances, self.supply)
                                         for c in range(6))
        return goals, cats, buttons


@dataclass(frozen=True, slots=True)
class LeafScales:
    """Factors on the evaluation's open terms at the root play-outs' leaves only (issue 16's twelfth round; the
    ``leaf_goal``, ``leaf_cat``, ``leaf_button`` and ``leaf_schedule`` settings of the strong player, all off: 1, 1, 1
    and 0). The search keeps its own weights; a play-out's end is valued by :meth:`value`: the evaluation plus, for
    each open term (the potential of the unfinished goals, of the open cat groups, of the open button groups; the
    points already scored, the finished goals and the rainbow are not scaled), its factor minus 1 times the term.

    ``schedule`` (0 to 1) is a fixed schedule by the placements left at the leaf, from the signs of the sixth round's
    residual, at that strength: open cats ``1 - 0.27 * schedule`` with 12 or fewer placements left, open buttons
    ``1 + 0.18 * schedule`` with 12 or more and ``1 - 0.18 * schedule`` with 4 or fewer (on top of the factors above).
    """

    goal: float = 1.0
    cat: float = 1.0
    button: float = 1.0
    schedule: float = 0.0

    @property
    def off(self) -> bool:
        return self.goal == self.cat == self.button == 1.0 and self.schedule == 0.0

    def factors(self, remaining: int) -> tuple[float, float, float]:
        """The (goal, cat, button) factors at a leaf with ``remaining`` placements left."""
        cat, button = self.cat, self.button
        if self.schedule:
            if remaining <= SCHEDULE_CATS_FROM:
                cat *= 1 - SCHEDULE_CAT_CUT * self.schedule
            if remaining >= SCHEDULE_BUTTONS_EARLY:
                button *= 1 + SCHEDULE_BUTTON_STEP * self.schedule
            elif remaining <= SCHEDULE_BUTTONS_LATE:
                button *= 1 - SCHEDULE_BUTTON_STEP * self.schedule
        return self.goal, cat, button

    def value(self, ev: Evaluator, board: Board, remaining: int) -> float:
        base = ev(board, remaining)
        if remaining <= 0 or self.off:
            return base
        goal, cat, button = self.factors(remaining)
        goals, cats, buttons = ev.open_terms(board, remaining)
        return base + (goal - 1) * goals + (cat - 1) * cats + (button - 1) * buttons


# :class:`LeafScales`' schedule (the sixth round's residual: open cats 19-35% less with <= 12 placements left, open
# buttons 7-30% more with >= 12 left and 13-23% less with <= 4 left; about the middle of each range at strength 1).
SCHEDULE_CATS_FROM = 12
SCHEDULE_CAT_CUT = 0.27
SCHEDULE_BUTTONS_EARLY = 12
SCHEDULE_BUTTONS_LATE = 4
SCHEDULE_BUTTON_STEP = 0.18


# The learned correction at the play-outs' ends (issue 16's twelfth round, ``leaf_fit``; fitted by :mod:`.leaffit`).
FIT_FILE = Path(__file__).resolve().parents[4] / "data" / "calico" / "leaf_fit.json"
TERMS = ("banked", "goals", "cats", "buttons", "rainbow")


def terms(ev: Evaluator, board: Board, remaining: int) -> tuple[float, ...]:
    """The evaluation's terms, in :data:`TERMS`' order; they add up to ``ev(board, remaining)`` (no objectives)."""
    goals, cats, buttons = ev.open_terms(board, remaining)
    cells = board.cells
    banked = board.points + sum(goal_points(cells, n, g) for n, g in ev.goals if all(cells[c] >= 0 for c in n))
    rainbow = ev(board, remaining) - banked - goals - cats - buttons
    return banked, goals, cats, buttons, rainbow


@dataclass(frozen=True, slots=True)
class LeafFit:
    """The fitted correction per placements left: ``buckets[N] = (constant, coefficients in TERMS' order)``."""

    buckets: dict[int, tuple[float, tuple[float, ...]]]

    def value(self, ev: Evaluator, board: Board, remaining: int) -> float:
        """The evaluation plus the bucket's correction (a finished quilt, or a bucket not fitted: the evaluation)."""
        fitted = self.buckets.get(remaining) if remaining > 0 else None
        if fitted is None:
            return ev(board, remaining)
        t = terms(ev, board, remaining)
        constant, coef = fitted
        return sum(t) + constant + sum(c * x for c, x in zip(coef, t, strict=True))

    @classmethod
    def from_json(cls, data: dict) -> LeafFit:
        buckets = {}
        for key, entry in data["buckets"].items():
            coef = tuple(float(c) for c in entry["coefficients"])
            if len(coef) != len(TERMS) or not 0 < int(key) < PATCH_SPACES:
                raise ValueError(f"leaf fit: bucket {key!r} must have {len(TERMS)} coefficients and 1-21 placements")
            buckets[int(key)] = (float(entry["constant"]), coef)
        return cls(buckets)


@cache
def load_leaf_fit(path: str | None = None) -> LeafFit:
    """The fit shipped in ``data/calico/leaf_fit.json`` (or another file)."""
    return LeafFit.from_json(json.loads(Path(path or FIT_FILE).read_text(encoding="utf-8")))


def goal_prior(goal_id: str, m: float) -> float:
    """Expected points of a goal on an empty quilt under the model above."""
    goal = GOALS[goal_id]
    p = goal_probability((), goal.counts, m)
    return goal.both * p * p + goal.one * 2 * p * (1 - p)


# --- solo scenario objectives ----------------------------------------------------------------------


def goal_chances(cells: list[int], neighbours: tuple[int, ...], goal: GoalTile, m: float) -> tuple[float, float]:
    """Chances that the color test and the pattern test of a goal are (or will be) met."""
    colors = [t // 6 for t in (cells[n] for n in neighbours) if t >= 0]
    patterns = [t % 6 for t in (cells[n] for n in neighbours) if t >= 0]
    if len(colors) == 6:
        return float(count_profile(colors) == goal.counts), float(count_profile(patterns) == goal.counts)
    return (goal_probability(count_profile(colors), goal.counts, m),
            goal_probability(count_profile(patterns), goal.counts, m))


class ObjectiveTerms:
    """A bonus for a solo scenario's objectives: ``bonus`` points times an estimate of the progress towards
    each objective (1 when met), so that the search trades points for the objectives it must meet.

    Progress: the rainbow chance of the evaluation; for cat counts, the tokens held plus the chances of
    the open groups; for design goals, the chances of the tests, the goals shared out between the "both"
    and the "at least one test" objectives in the best way; for buttons of one color, the buttons held
    plus the chances of that color's open groups. On a finished quilt each term is the fraction of its
    objective achieved.
    """

    def __init__(self, scenario: Scenario, rules: tuple[CatRule | None, ...],
                 goals: tuple[tuple[tuple[int, ...], GoalTile], ...], bonus: float) -> None:
        self.sc = scenario
        self.rules = rules
        self.goals = goals
        self.bonus = bonus
        self.cat_names = sorted({r.name for r in rules if r is not None})

    def __call__(self, board: Board, m: float, cat_chances: list[float], button_chances_: list[float],
                 rainbow_chance: float) -> float:
        sc = self.sc
        progress = 0.0
        if sc.rainbow:
            progress += 1.0 if board.rainbow else rainbow_chance
        tokens = [(board.catm & board.pm[p]).bit_count() for p in range(6)]
        if sc.total_cats:
            progress += min(1.0, (sum(tokens) + sum(cat_chances)) / sc.total_cats)
        per_cat: dict[str, float] = {name: 0.0 for name in self.cat_names}
        for p, rule in enumerate(self.rules):
            if rule is not None:
                per_cat[rule.name] += tokens[p] + cat_chances[p]
        if sc.one_of_each_cat:
            progress += sum(min(1.0, v) for v in per_cat.values()) / max(1, len(per_cat))
        if sc.tokens_one_cat:
            progress += min(1.0, max(per_cat.values(), default=0.0) / sc.tokens_one_cat)
        if sc.buttons_one_color:
            best = max((board.btnm & board.cm[c]).bit_count() + button_chances_[c] for c in range(6))
            progress += min(1.0, best / sc.buttons_one_color)
        if sc.goals_both or sc.goals_ok:
            chances = [goal_chances(board.cells, n, g, m) for n, g in self.goals]
            pairs = [(pc * pp, pc + pp - pc * pp) for pc, pp in chances]
            k, ok = sc.goals_both, sc.goals_ok
            best_goals = 0.0
            for order in itertools.permutations(pairs):  # which goals serve "both" and which "ok"
                value = sum(b for b, _ in order[:k]) / k if k else 0.0
                if ok:
                    value += sum(a for _, a in order[k:k + ok]) / ok
                best_goals = max(best_goals, value)
            progress += best_goals
        return self.bonus * progress


PASS_EPSILON = 1e-4  # :class:`ScenarioPass`: a point of final score against a pass (ties between equal chances)


class ScenarioPass:
    """A finished quilt valued by whether it passes a solo scenario: 1 when every objective is met and the score
    reaches the scenario's need, else 0, plus ``epsilon`` times the score (so that among equal chances of passing the
    higher score wins, and a game that cannot pass still scores what it can). The strong player's endgames maximise
    its expectation, the chance of passing (``StrongPolicy(scenario_endgame=True)``).

    The objectives are checked as :func:`calico_bot.games.calico.engine.scenarios.evaluate_scenario` checks them,
    in three parts the endgame tables keep apart: the colors (the rainbow, buttons of one color), the cat tokens
    (cats in all, one of each cat, tokens of one cat) and the design goals (met both ways, met at least one way).
    """

    def __init__(self, scenario: Scenario, rules: tuple[CatRule | None, ...],
                 goals: tuple[tuple[tuple[int, ...], GoalTile], ...], epsilon: float = PASS_EPSILON) -> None:
        self.sc = scenario
        self.goals = goals
        self.epsilon = epsilon
        self.need = scenario.min_score
        self.name_of = tuple(r.name if r is not None else None for r in rules)  # the cat of each pattern
        self.names = sorted({n for n in self.name_of if n is not None})

    # --- the three parts ------------------------------------------------------------------------

    def colors_met(self, rainbow: bool, buttons: list[int]) -> bool:
        """The color objectives, from the rainbow and the buttons per color."""
        sc = self.sc
        return (rainbow or not sc.rainbow) and max(buttons) >= sc.buttons_one_color

    def cats_met(self, tokens: dict[str, int]) -> bool:
        """The cat objectives, from the tokens per cat (every cat of the game a key)."""
        sc = self.sc
        if sum(tokens.values()) < sc.total_cats:
            return False
        if sc.one_of_each_cat and min(tokens.values()) < 1:
            return False
        return max(tokens.values()) >= sc.tokens_one_cat

    def goals_met(self, both: int, met: int) -> bool:
        """The design-goal objectives, from the number of goals met both ways and of those met at least one way."""
        sc = self.sc
        return both >= sc.goals_both and met - both + max(0, both - sc.goals_both) >= sc.goals_ok

    def buttons(self, board: Board) -> list[int]:
        return [(board.btnm & board.cm[c]).bit_count() for c in range(6)]

    def tokens(self, board: Board) -> dict[str, int]:
        out = dict.fromkeys(self.names, 0)
        for p, name in enumerate(self.name_of):
            if name is not None:
                out[name] += (board.catm & board.pm[p]).bit_count()
        return out

    # --- a finished quilt -----------------------------------------------------------------------

    def met(self, board: Board) -> bool:
        """Every objective met (not the score) on a finished quilt."""
        both = met = 0
        for n, g in self.goals:
            by_color, by_pattern = goal_tests([board.cells[c] for c in n], g)
            both += by_color and by_pattern
            met += by_color or by_pattern
        return (self.colors_met(board.rainbow, self.buttons(board)) and self.cats_met(self.tokens(board))
                and self.goals_met(both, met))

    def passes(self, board: Board) -> bool:
        return board.total(self.goals) >= self.need and self.met(board)

    def __call__(self, board: Board) -> float:
        total = board.total(self.goals)
        return float(total >= self.need and self.met(board)) + self.epsilon * total
