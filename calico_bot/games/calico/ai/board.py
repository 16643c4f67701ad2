"""A lean quilt for search: bit masks, cat and button awards, goal scoring; cheap to copy.

It follows :meth:`calico_bot.games.calico.engine.quilt.Quilt.place` exactly (tests check the two agree) but keeps
only what scoring needs, so that policies can try thousands of placements per move.

Besides the masks it keeps every pattern's and color's regions (connected groups of tiles), each a tuple of
masks ordered by their lowest cell, as :func:`.bits.components` would list them. A placement updates only the
pattern and the color of the tile placed: the neighbouring groups that touch the new tile are merged with it,
nothing is flooded again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from calico_bot.games.calico.ai.bits import components
from calico_bot.games.calico.engine.components import CATS, GOALS, GoalTile
from calico_bot.games.calico.engine.geometry import NEIGHBOUR_MASK, PATCH_CELLS, SHAPE_PLACEMENTS
from calico_bot.games.calico.engine.quilt import EMPTY, Quilt
from calico_bot.games.calico.engine.scoring import GOAL_NEIGHBOURS, goal_tests

PATCH_MASK = sum(1 << c for c in PATCH_CELLS)


@dataclass(frozen=True, slots=True)
class CatRule:
    """The cat a pattern belongs to."""

    name: str
    points: int
    min_group: int  # count cats (0 for shape cats)
    shape: str | None
    by_cell: tuple[tuple[int, ...], ...]  # shape placements covering each cell (empty for count cats)
    placements: tuple[int, ...]  # every placement of the shape

    @property
    def size(self) -> int:
        """Tiles needed: the group size for count cats, the shape's size for shape cats."""
        if self.shape is None:
            return self.min_group
        return self.placements[0].bit_count()


def cat_rules(cat_of_pattern: dict[int, str]) -> tuple[CatRule | None, ...]:
    rules: list[CatRule | None] = []
    for pattern in range(6):
        name = cat_of_pattern.get(pattern)
        if name is None:
            rules.append(None)
            continue
        cat = CATS[name]
        if cat.shape is None:
            rules.append(CatRule(name, cat.points, cat.min_group, None, (), ()))
        else:
            by_cell = SHAPE_PLACEMENTS[cat.shape]
            every = tuple(sorted({p for cells in by_cell for p in cells}))
            rules.append(CatRule(name, cat.points, 0, cat.shape, by_cell, every))
    return tuple(rules)


@lru_cache(maxsize=64)
def _cached_rules(items: tuple[tuple[int, str], ...]) -> tuple[CatRule | None, ...]:
    return cat_rules(dict(items))


def rules_for(cat_of_pattern: dict[int, str]) -> tuple[CatRule | None, ...]:
    return _cached_rules(tuple(sorted(cat_of_pattern.items())))


def goal_list(goals: dict[str, str] | None) -> tuple[tuple[tuple[int, ...], GoalTile], ...]:
    if not goals:
        return ()
    return tuple((GOAL_NEIGHBOURS[s], GOALS[g]) for s, g in sorted(goals.items()))


def goal_points(cells: list[int], neighbours: tuple[int, ...], goal: GoalTile) -> int:
    tiles = [cells[n] for n in neighbours]
    if min(tiles) < 0:
        return 0
    return goal.points(*goal_tests(tiles, goal))


def merge_into(groups: tuple[int, ...], bit: int, touch: int) -> tuple[tuple[int, ...], int]:
    """``groups`` (disjoint, ordered by lowest cell) with the new cell ``bit`` added: every group meeting
    ``touch`` (the cell's neighbours) joins it. Returns the new groups, in the same order, and the new cell's group.
    """
    merged = bit
    keep: list[int] = []
    for g in groups:
        if g & touch:
            merged |= g
        else:
            keep.append(g)
    low = merged & -merged
    for i, g in enumerate(keep):
        if g & -g > low:
            keep.insert(i, merged)
            return tuple(keep), merged
    keep.append(merged)
    return tuple(keep), merged


class Board:
    """One quilt's tiles and tokens; ``points`` counts cats, buttons and the rainbow (not goals).

    ``pg[p]`` and ``cg[c]`` are the regions of pattern ``p`` and color ``c`` (see the module's text).
    """

    __slots__ = ("btn_colors", "btnm", "catm", "cells", "cg", "cm", "empty", "pg", "placed", "pm", "points",
                 "rainbow")

    def __init__(self) -> None:
        self.cells: list[int] = []
        self.pm: list[int] = []
        self.cm: list[int] = []
        self.pg: list[tuple[int, ...]] = []
        self.cg: list[tuple[int, ...]] = []
        self.catm = 0
        self.btnm = 0
        self.btn_colors = 0  # bit per color holding at least one button
        self.rainbow = False
        self.points = 0
        self.empty = 0  # mask of empty patch spaces
        self.placed = 0

    @classmethod
    def from_quilt(cls, quilt: Quilt) -> Board:
        b = cls()
        b.cells = list(quilt.cells)
        b.pm = list(quilt.pattern_masks)
        b.cm = list(quilt.color_masks)
        b.pg = [tuple(components(m)) for m in b.pm]
        b.cg = [tuple(components(m)) for m in b.cm]
        b.catm = quilt.cat_mask
        b.btnm = quilt.button_mask
        for token in quilt.buttons:
            b.btn_colors |= 1 << token.color
        b.rainbow = quilt.rainbow is not None
        b.points = sum(CATS[t.cat].points for t in quilt.cat_tokens) + 3 * len(quilt.buttons) + 3 * b.rainbow
        b.empty = sum(1 << c for c in PATCH_CELLS if quilt.cells[c] == EMPTY)
        b.placed = quilt.placed
        return b

    def copy(self) -> Board:
        b = Board.__new__(Board)
        b.cells = self.cells.copy()
        b.pm = self.pm.copy()
        b.cm = self.cm.copy()
        b.pg = self.pg.copy()
        b.cg = self.cg.copy()
        b.catm = self.catm
        b.btnm = self.btnm
        b.btn_colors = self.btn_colors
        b.rainbow = self.rainbow
        b.points = self.points
        b.empty = self.empty
        b.placed = self.placed
        return b

    def place(self, cell: int, tile: int, rules: tuple[CatRule | None, ...]) -> int:
        """Place ``tile`` on the empty space ``cell``; returns the cat and button points it earns."""
        self.cells[cell] = tile
        bit = 1 << cell
        pattern = tile % 6
        color = tile // 6
        self.pm[pattern] |= bit
        self.cm[color] |= bit
        self.empty &= ~bit
        self.placed += 1
        touch = NEIGHBOUR_MASK[cell]
        self.pg[pattern], group = merge_into(self.pg[pattern], bit, touch)
        self.cg[color], color_group = merge_into(self.cg[color], bit, touch)
        gained = 0
        rule = rules[pattern]
        if rule is not None and not group & self.catm:
            if rule.shape is None:
                ok = group.bit_count() >= rule.min_group
            else:
                ok = any(p & group == p for p in rule.by_cell[cell])
            if ok:
                self.catm |= bit
                gained += rule.points
        # A button needs 3 connected tiles of one color, none of them with a button yet.
        if color_group.bit_count() >= 3 and not color_group & self.btnm:
            self.btnm |= bit
            gained += 3
            self.btn_colors |= 1 << color
            if not self.rainbow and self.btn_colors == 0b111111:
                self.rainbow = True
                gained += 3
        self.points += gained
        return gained

    def key(self) -> tuple:
        """What identifies the quilt for scoring and search: its tiles and tokens (the masks, regions, points and
        rainbow follow from them; the points and rainbow are kept in the key all the same)."""
        return (tuple(self.cells), self.catm, self.btnm, self.points, self.rainbow)

    def try_place(self, cell: int, tile: int, rules: tuple[CatRule | None, ...]) -> tuple:
        """:meth:`place` in a way :meth:`take_back` undoes: returns what the placement overwrites (a trial
        placement without a copy of the quilt)."""
        pattern = tile % 6
        color = tile // 6
        saved = (cell, pattern, color, self.pg[pattern], self.cg[color], self.catm, self.btnm, self.btn_colors,
                 self.rainbow, self.points)
        self.place(cell, tile, rules)
        return saved

    def take_back(self, saved: tuple) -> None:
        """Undo the :meth:`try_place` that returned ``saved`` (the last placement made)."""
        cell, pattern, color, pg, cg, self.catm, self.btnm, self.btn_colors, self.rainbow, self.points = saved
        bit = 1 << cell
        self.cells[cell] = EMPTY
        self.pm[pattern] &= ~bit
        self.cm[color] &= ~bit
        self.pg[pattern] = pg
        self.cg[color] = cg
        self.empty |= bit
        self.placed -= 1

    def goal_score(self, goals: tuple[tuple[tuple[int, ...], GoalTile], ...]) -> int:
        return sum(goal_points(self.cells, n, g) for n, g in goals)

    def total(self, goals: tuple[tuple[tuple[int, ...], GoalTile], ...]) -> int:
        return self.points + self.goal_score(goals)
