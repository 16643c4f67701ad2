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

import numpy as np

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.components import MARKET_SIZE, GoalTile, count_profile
from calico_bot.games.calico.engine.geometry import NEIGHBOUR_MASK, cells_of

KINDS = 36
_COLOR = np.arange(KINDS) // 6
_PATTERN = np.arange(KINDS) % 6
_NO_CATS: tuple[CatRule | None, ...] = (None,) * 6
_EVERY_CELL = -1  # a button mask that holds every cell: no group can earn another button
_COLORS, _PATTERNS = 0, 1  # what :func:`_order_gains` places: colors (buttons, rainbow) or patterns (cats)

Goals = tuple[tuple[tuple[int, ...], GoalTile], ...]


def _order_gains(board: Board, cells: list[int], firsts: set[int], rules: tuple[CatRule | None, ...],
                 values: int) -> dict[tuple[int, int, int], np.ndarray]:
    """Points earned by three placements in every order on the three ``cells``, for ``values`` being colors (the
    buttons and rainbow) or patterns (the cats): ``(i, first value, j) -> [second, third]`` (6 x 6), the first on
    ``cells[i]``, the second on ``cells[j]``, the third on the remaining cell. ``firsts``: the first values to try.
    """
    out: dict[tuple[int, int, int], np.ndarray] = {}
    for i in range(3):
        for f in firsts:
            one = board.copy()
            g1 = one.place(cells[i], _tile(f, values), rules)
            for j in range(3):
                if j == i:
                    continue
                (k,) = {0, 1, 2} - {i, j}
                table = np.empty((6, 6))
                for u in range(6):
                    two = one.copy()
                    g2 = two.place(cells[j], _tile(u, values), rules)
                    for v in range(6):
                        table[u, v] = g1 + g2 + _last_gain(two, cells[k], v, values, rules)
                out[(i, f, j)] = table
    return out


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


def _tile(value: int, values: int) -> int:
    return value * 6 if values == _COLORS else value



def goal_table(board: Board, cells: list[int], goals: Goals) -> np.ndarray:
    """Design-goal points of every filling of the three empty ``cells`` (tile on ``cells[0]``, ``cells[1]``,
    ``cells[2]``): a 36 x 36 x 36 array (order does not matter to goals)."""
    total = np.zeros((6,) * 6)
    combos = list(itertools.product(range(6), repeat=3))
    for neighbours, goal in goals:
        tiles = [board.cells[n] for n in neighbours]
        spots = [cells.index(n) if n in cells else -1 for n in neighbours]
        if all(s < 0 for s in spots):
            if min(tiles) >= 0:
                by_color = count_profile([t // 6 for t in tiles]) == goal.counts
                by_pattern = count_profile([t % 6 for t in tiles]) == goal.counts
                total += goal.points(by_color, by_pattern)
            continue
        tests = []
        for part in (lambda t: t // 6, lambda t: t % 6):
            fixed = [part(t) for t, s in zip(tiles, spots, strict=True) if s < 0]
            met = np.zeros((6, 6, 6), dtype=bool)
            for combo in combos:
                values = fixed + [combo[s] for s in spots if s >= 0]
                met[combo] = count_profile(values) == goal.counts
            tests.append(met)
        by_color = tests[0][:, :, :, None, None, None]
        by_pattern = tests[1][None, None, None, :, :, :]
        total += np.where(by_color & by_pattern, goal.both, np.where(by_color | by_pattern, goal.one, 0))
    # (c0, c1, c2, p0, p1, p2) -> (tile0, tile1, tile2) with tile = color * 6 + pattern
    return total.transpose(0, 3, 1, 4, 2, 5).reshape(KINDS, KINDS, KINDS)


class FinalTables:
    """Exact final scores after a quilt with three empty spaces: :meth:`pair` gives ``S`` for a next tile."""

    def __init__(self, board: Board, firsts: set[int], rules: tuple[CatRule | None, ...], goals: Goals,
                 goal_scale: float) -> None:
        self.cells = cells_of(board.empty)
        assert len(self.cells) == 3
        self.base = float(board.points)
        self.colors = _order_gains(board, self.cells, {t // 6 for t in firsts}, _NO_CATS, _COLORS)
        patterns = board.copy()
        patterns.btnm = _EVERY_CELL
        self.patterns = _order_gains(patterns, self.cells, {t % 6 for t in firsts}, rules, _PATTERNS)
        self.goals = goal_scale * goal_table(board, self.cells, goals)
        self._pairs: dict[tuple[int, int], np.ndarray] = {}

    def final(self, i: int, a: int, j: int) -> np.ndarray:
        """Final scores with ``a`` placed on ``cells[i]``, then ``u`` on ``cells[j]``, then ``v`` on the last:
        ``[u, v]`` (36 x 36)."""
        (k,) = {0, 1, 2} - {i, j}
        goals = self.goals.transpose(i, j, k)[a]
        colors = self.colors[(i, a // 6, j)][np.ix_(_COLOR, _COLOR)]
        patterns = self.patterns[(i, a % 6, j)][np.ix_(_PATTERN, _PATTERN)]
        return self.base + colors + patterns + goals

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
                        deadline: float = float("inf")) -> list[tuple[float, float, int, int, int]]:
    """Solo, four spaces left: the exact expected final score of every (placement, slot) of this turn.

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
        tables = FinalTables(after, {other, *taken_tiles}, rules, goals, goal_scale)  # type: ignore[arg-type]
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
