"""The solo endgame with four spaces left: an exact expectimax over both pairs of conveyor draws.

With four spaces left, this turn places a tile (three spaces stay empty) and takes a market tile. The conveyor
then shows the near tile and two tiles drawn from the bag (``d1``, ``d2``); the next turn places a tile and
takes one, the conveyor draws two more (``d3``, ``d4``), the turn after places a tile and takes one, and the
last turn fills the last space. In solo the bag is exactly the tiles this player has not seen
(``view.unseen``), so every draw can be weighed by its chance. Every choice after a draw is the best one, so
the value of each (placement, slot) of this turn is the exact expected final score, not a sample; its leaves
are the same exact three-left values as :meth:`.strong.StrongPolicy.endgame_values`.

Three things keep it cheap enough for one move:

* **Final scores as tables.** For the quilt after this turn's placement (three empty spaces ``z0, z1, z2``),
  the final score of every way to fill them, in every order, is a table. Cats depend only on the patterns
  placed (and the order), buttons and the rainbow only on the colors (and the order), and each design goal on
  whether its color test and its pattern test pass, so 6 x 6 x 6 color fillings and as many pattern fillings,
  each played on the lean quilt (:class:`.board.Board`), make up the 36 x 36 x 36 table of each order.
* **Two tiles left.** ``S[u, v]``: the final score when ``u`` is placed next-to-last (on its better space) and
  ``v`` last. With the hand ``{k, t}``, the near tile ``n`` and the draws ``x, y`` the last two placements can
  score ``max(S[k, t], S[t, k], R[n], R[x], R[y])`` where ``R[b] = max(S[k, b], S[t, b])``: the best pair
  of tiles on hand. Its expectation over the draws is that of the larger of two values drawn without
  replacement, computed for every (taken tile, near tile) at once.
* **The draws removed.** The second pair is drawn from the tiles left after the first; the expectation over
  the reduced pool is the one over the full pool corrected by the two removed tiles' terms (closed form), so
  nothing is recomputed per first draw.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable

import numpy as np

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import ScenarioPass
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.components import MARKET_SIZE, GoalTile, count_profile
from calico_bot.games.calico.engine.geometry import NEIGHBOUR_MASK, cells_of

KINDS = 36
_COLOR = np.arange(KINDS) // 6
_PATTERN = np.arange(KINDS) % 6
_NO_CATS: tuple[CatRule | None, ...] = (None,) * 6
_COMBOS = list(itertools.product(range(6), repeat=3))
_EVERY_CELL = -1  # a button mask that holds every cell: no group can earn another button
_COLORS, _PATTERNS = 0, 1  # what :func:`_order_gains` places: colors (buttons, rainbow) or patterns (cats)

Goals = tuple[tuple[tuple[int, ...], GoalTile], ...]
Check = Callable[[Board, list[int]], list[bool]]


def _order_gains(board: Board, cells: list[int], firsts: set[int], rules: tuple[CatRule | None, ...],
                 values: int, check: Check | None = None) -> tuple[dict[tuple[int, int, int], np.ndarray],
                                                                 dict[tuple[int, int, int], np.ndarray]]:
    """Points earned by three placements in every order on the three ``cells``, for ``values`` being colors (the
    buttons and rainbow) or patterns (the cats): ``(i, first value, j) -> [second, third]`` (6 x 6), the first on
    ``cells[i]``, the second on ``cells[j]``, the third on the remaining cell. ``firsts``: the first values to try.
    With ``check`` (the scenario endgame), also whether the quilt after the three placements meets its part of the
    objectives, the same way: ``check(board after two, what the third value earns there)`` gives the six answers.
    """
    out: dict[tuple[int, int, int], np.ndarray] = {}
    met: dict[tuple[int, int, int], np.ndarray] = {}
    for i in range(3):
        for f in firsts:
            one = board.copy()
            g1 = one.place(cells[i], _tile(f, values), rules)
            for j in range(3):
                if j == i:
                    continue
                (k,) = {0, 1, 2} - {i, j}
                table = np.empty((6, 6))
                ok = np.zeros((6, 6), dtype=bool)
                for u in range(6):
                    two = one.copy()
                    g2 = two.place(cells[j], _tile(u, values), rules)
                    gains = [_last_gain(two, cells[k], v, values, rules) for v in range(6)]
                    table[u] = [g1 + g2 + g for g in gains]
                    if check is not None:
                        ok[u] = check(two, gains)
                out[(i, f, j)] = table
                met[(i, f, j)] = ok
    return out, met


def _last_gain(board: Board, cell: int, value: int, values: int, rules: tuple[CatRule | None, ...]) -> int:
    """What :meth:`.board.Board.place` would earn with a tile of color (or pattern) ``value`` on ``cell``: the
    button and rainbow (or cat) points, without changing the quilt."""
    touch = NEIGHBOUR_MASK[cell]
    group = 1 << cell
    for g in (board.cg if values == _COLORS else board.pg)[value]:
        if g & touch:
            group |= g
    if values == _COLORS:
        if group.bit_count() < 3 or group & board.btnm:
            return 0
        return 6 if not board.rainbow and board.btn_colors | 1 << value == 0b111111 else 3
    rule = rules[value]
    if rule is None or group & board.catm:
        return 0
    if rule.shape is None:
        return rule.points if group.bit_count() >= rule.min_group else 0
    return rule.points if any(p & group == p for p in rule.by_cell[cell]) else 0


def _color_check(scenario: ScenarioPass) -> Check:
    """The color objectives after the third color placed (``gains``: what each color earns there)."""
    def check(two: Board, gains: list[int]) -> list[bool]:
        buttons = scenario.buttons(two)
        out = []
        for v, gain in enumerate(gains):
            counts = buttons.copy()
            counts[v] += gain > 0
            out.append(scenario.colors_met(two.rainbow or gain == 6, counts))
        return out
    return check


def _pattern_check(scenario: ScenarioPass, rules: tuple[CatRule | None, ...]) -> Check:
    """The cat objectives after the third pattern placed (``gains``: what each pattern earns there)."""
    def check(two: Board, gains: list[int]) -> list[bool]:
        tokens = scenario.tokens(two)
        out = []
        for v, gain in enumerate(gains):
            counts = dict(tokens)
            rule = rules[v]
            if gain and rule is not None:
                counts[rule.name] += 1
            out.append(scenario.cats_met(counts))
        return out
    return check


def _tile(value: int, values: int) -> int:
    return value * 6 if values == _COLORS else value



def _goal_tests(board: Board, cells: list[int], neighbours: tuple[int, ...], goal: GoalTile
                ) -> tuple[np.ndarray, np.ndarray]:
    """Whether the color test and the pattern test of one goal are met, for every filling of the three empty
    ``cells``: two (6, 6, 6) arrays by the colors (the patterns) placed on ``cells[0]``, ``cells[1]``, ``cells[2]``."""
    tiles = [board.cells[n] for n in neighbours]
    spots = [cells.index(n) if n in cells else -1 for n in neighbours]
    if all(s < 0 for s in spots):
        if min(tiles) < 0:  # a neighbour stays empty: neither test can be met
            return np.zeros((6, 6, 6), dtype=bool), np.zeros((6, 6, 6), dtype=bool)
        by_color = count_profile([t // 6 for t in tiles]) == goal.counts
        by_pattern = count_profile([t % 6 for t in tiles]) == goal.counts
        return np.full((6, 6, 6), by_color), np.full((6, 6, 6), by_pattern)
    tests = []
    for part in (lambda t: t // 6, lambda t: t % 6):
        fixed = [part(t) for t, s in zip(tiles, spots, strict=True) if s < 0]
        met = np.zeros((6, 6, 6), dtype=bool)
        for combo in _COMBOS:
            values = fixed + [combo[s] for s in spots if s >= 0]
            met[combo] = count_profile(values) == goal.counts
        tests.append(met)
    return tests[0], tests[1]


def _by_tiles(table: np.ndarray) -> np.ndarray:
    """(c0, c1, c2, p0, p1, p2) -> (tile0, tile1, tile2) with tile = color * 6 + pattern."""
    return table.transpose(0, 3, 1, 4, 2, 5).reshape(KINDS, KINDS, KINDS)


def goal_table(board: Board, cells: list[int], goals: Goals) -> np.ndarray:
    """Design-goal points of every filling of the three empty ``cells`` (tile on ``cells[0]``, ``cells[1]``,
    ``cells[2]``): a 36 x 36 x 36 array (order does not matter to goals)."""
    total = np.zeros((6,) * 6)
    for neighbours, goal in goals:
        by_color, by_pattern = _goal_tests(board, cells, neighbours, goal)
        c, p = by_color[:, :, :, None, None, None], by_pattern[None, None, None, :, :, :]
        total += np.where(c & p, goal.both, np.where(c | p, goal.one, 0))
    return _by_tiles(total)


def goal_objectives(board: Board, cells: list[int], goals: Goals, scenario: ScenarioPass) -> np.ndarray:
    """Whether the scenario's design-goal objectives are met, for every filling of the three empty ``cells``: a
    36 x 36 x 36 array of booleans, as :func:`goal_table`."""
    both = np.zeros((6,) * 6, dtype=int)
    met = np.zeros((6,) * 6, dtype=int)
    for neighbours, goal in goals:
        by_color, by_pattern = _goal_tests(board, cells, neighbours, goal)
        c, p = by_color[:, :, :, None, None, None], by_pattern[None, None, None, :, :, :]
        both += c & p
        met += c | p
    sc = scenario.sc
    ok = (both >= sc.goals_both) & (met - both + np.maximum(0, both - sc.goals_both) >= sc.goals_ok)
    return _by_tiles(ok)


class FinalTables:
    """Exact final values after a quilt with three empty spaces: :meth:`pair` gives ``S`` for a next tile.

    The value is the final score; with ``scenario`` (a :class:`.evaluation.ScenarioPass`) it is whether the
    scenario is passed (plus its small multiple of the score), from the score table and three tables of booleans:
    the color objectives met by the colors placed, the cat objectives by the patterns, the goal objectives by both.
    """

    def __init__(self, board: Board, firsts: set[int], rules: tuple[CatRule | None, ...], goals: Goals,
                 goal_scale: float, scenario: ScenarioPass | None = None) -> None:
        self.cells = cells_of(board.empty)
        assert len(self.cells) == 3
        self.base = float(board.points)
        self.scenario = scenario
        color_check = pattern_check = None
        if scenario is not None:
            goal_scale = 1.0  # the scenario's need is in points as the rules count them
            color_check, pattern_check = _color_check(scenario), _pattern_check(scenario, rules)
        self.colors, self.colors_met = _order_gains(board, self.cells, {t // 6 for t in firsts}, _NO_CATS, _COLORS,
                                                    color_check)
        patterns = board.copy()
        patterns.btnm = _EVERY_CELL
        self.patterns, self.patterns_met = _order_gains(patterns, self.cells, {t % 6 for t in firsts}, rules,
                                                        _PATTERNS, pattern_check)
        self.goals = goal_scale * goal_table(board, self.cells, goals)
        if scenario is not None:
            self.goals_met = goal_objectives(board, self.cells, goals, scenario)
        self._pairs: dict[tuple[int, int], np.ndarray] = {}

    def final(self, i: int, a: int, j: int) -> np.ndarray:
        """Final values with ``a`` placed on ``cells[i]``, then ``u`` on ``cells[j]``, then ``v`` on the last:
        ``[u, v]`` (36 x 36)."""
        (k,) = {0, 1, 2} - {i, j}
        goals = self.goals.transpose(i, j, k)[a]
        colors = self.colors[(i, a // 6, j)][np.ix_(_COLOR, _COLOR)]
        patterns = self.patterns[(i, a % 6, j)][np.ix_(_PATTERN, _PATTERN)]
        score = self.base + colors + patterns + goals
        if self.scenario is None:
            return score
        met = (self.colors_met[(i, a // 6, j)][np.ix_(_COLOR, _COLOR)]
               & self.patterns_met[(i, a % 6, j)][np.ix_(_PATTERN, _PATTERN)]
               & self.goals_met.transpose(i, j, k)[a] & (score >= self.scenario.need))
        return met + self.scenario.epsilon * score

    def pair(self, i: int, a: int) -> np.ndarray:
        """``S[u, v]``: ``a`` on ``cells[i]`` next turn, then ``u`` on the better of the two spaces left, ``v``
        on the last one."""
        key = (i, a)
        if key not in self._pairs:
            j, k = (c for c in range(3) if c != i)
            self._pairs[key] = np.maximum(self.final(i, a, j), self.final(i, a, k))
        return self._pairs[key]


class ThreeLeft:
    """Exact three-left values for one ``S`` and kept tile ``k``, for every taken tile ``t``, near tile ``n`` and
    first draws removed from the pool (``counts`` per kind, ``total`` tiles)."""

    def __init__(self, pair: np.ndarray, k: int, counts: np.ndarray, total: int) -> None:
        reach = np.maximum(pair[k][None, :], pair)  # [t, b]: R with the hand {k, t}
        floor = np.maximum(np.maximum(pair[k], pair[:, k])[:, None], reach)  # [t, n]
        # With m[t, n, b] = max(floor[t, n], reach[t, b]): (M c)[b] = sum over b2 of c[b2] * max(m[b], m[b2]), by
        # sorting each row of ``reach`` once (the floor keeps the order).
        order = np.argsort(reach, axis=1, kind="stable")
        self.rank = np.argsort(order, axis=1)  # [t, b]: the position of b in its row's order
        c_sorted = counts[order]  # [t, pos]
        v_sorted = np.maximum(floor[:, :, None], np.take_along_axis(reach, order, axis=1)[:, None, :])
        below = np.cumsum(c_sorted, axis=1)[:, None, :]
        weighted = c_sorted[:, None, :] * v_sorted
        spread = np.cumsum(weighted, axis=2)
        level = spread[:, :, -1:]  # L[t, n] = sum of c[b] * m[b]
        self.mc = v_sorted * below + (level - spread)  # (M c), in each row's sorted order
        self.reach = reach
        self.floor = floor
        self.base = (c_sorted[:, None, :] * self.mc).sum(axis=2) - level[:, :, 0]  # Q - L, [t, n]
        self.scale = 1.0 / ((total - 2) * (total - 3))

    def removed(self, t: np.ndarray, n: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Expected final score with taken tile ``t`` and near tile ``n``, after the draws ``x`` and ``y`` left
        the pool (arrays of kinds, broadcast together)."""
        floor = self.floor[t, n]
        mx, my = np.maximum(floor, self.reach[t, x]), np.maximum(floor, self.reach[t, y])
        value = (self.base[t, n] - 2 * self.mc[t, n, self.rank[t, x]] - 2 * self.mc[t, n, self.rank[t, y]]
                 + 2 * np.maximum(mx, my) + 2 * mx + 2 * my)
        return value * self.scale


def deep_endgame_values(view: PlayerView, first: list[tuple[float, float, int, int, Board]], slots: list[int],
                        rules: tuple[CatRule | None, ...], goals: Goals, goal_scale: float,
                        deadline: float = float("inf"), scenario: ScenarioPass | None = None
                        ) -> list[tuple[float, float, int, int, int]]:
    """Solo, four spaces left: the exact expected final score of every (placement, slot) of this turn (with
    ``scenario``, the expected :class:`.evaluation.ScenarioPass` value: the chance of passing).

    ``first`` lists this turn's placements as the search does (value, tie-break, hand index, cell, quilt after),
    best first; past ``deadline`` the placements not reached yet are left out (at least one is always valued).
    Returns (expected final score, tie-break, hand index, cell, slot) for each placement reached with each slot.
    """
    counts = np.array(view.unseen, dtype=float)
    total = int(counts.sum())
    x, y = np.meshgrid(np.arange(KINDS), np.arange(KINDS), indexing="ij")  # the first draws d1 = x, d2 = y
    chance = counts[:, None] * (counts[None, :] - np.eye(KINDS)) / (total * (total - 1))
    live = chance > 0
    x, y, chance = x[live], y[live], chance[live]
    hand = list(view.hand)
    values: list[tuple[float, float, int, int, int]] = []
    for _, tie, h, cell, after in first:
        if values and time.perf_counter() > deadline:
            break
        other = hand[1 - h]
        taken_tiles = {view.market[s] for s in slots} - {None}
        tables = FinalTables(after, {other, *taken_tiles}, rules, goals, goal_scale,  # type: ignore[arg-type]
                             scenario)
        grids: dict[tuple[int, int, int], ThreeLeft] = {}
        for s in slots:
            taken = view.market[s]
            assert taken is not None
            near = view.market[MARKET_SIZE - 1] if s < MARKET_SIZE - 1 else view.market[MARKET_SIZE - 2]
            assert near is not None
            best = np.full(x.shape, -np.inf)
            for a, k in ((taken, other), (other, taken)):
                for i in range(3):
                    key = (i, a, k)
                    if key not in grids:
                        grids[key] = ThreeLeft(tables.pair(i, a), k, counts, total)
                    grid = grids[key]
                    best = np.maximum(best, grid.removed(np.full_like(x, near), y, x, y))  # take the near tile
                    best = np.maximum(best, grid.removed(x, y, x, y))  # take d1, d2 stays near
                    best = np.maximum(best, grid.removed(y, x, x, y))  # take d2, d1 stays near
            values.append((float(chance @ best), tie, h, cell, s))
    return values
