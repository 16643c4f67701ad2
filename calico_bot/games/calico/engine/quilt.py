"""One player's quilt: the tiles on it and the cat and button tokens it has earned.

Awards are decided at the moment of each placement, exactly as at the table: the same-pattern
group and the same-color group that hold the new tile are looked at, and a token is put on the new
tile when the group qualifies and carries no token of that kind yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from calico_bot.games.calico.engine.components import (
    BUTTON_GROUP_SIZE,
    CATS,
    COLORS,
    PATTERNS,
    color_of,
    pattern_of,
)
from calico_bot.games.calico.engine.geometry import (
    GOAL_CELLS,
    N_CELLS,
    contains_shape,
    group_of,
    label,
    parse_label,
)

EMPTY = -1
BLOCKED = -2  # a design-goal space


@dataclass(slots=True)
class CatToken:
    cat: str
    pattern: int
    cell: int
    placement: int  # 1-based number of the placement that earned it

    def to_json(self) -> dict[str, Any]:
        return {"cat": self.cat, "pattern": PATTERNS[self.pattern], "space": label(self.cell),
                "placement": self.placement, "points": CATS[self.cat].points}


@dataclass(slots=True)
class ButtonToken:
    color: int
    cell: int
    placement: int

    def to_json(self) -> dict[str, Any]:
        return {"color": COLORS[self.color], "space": label(self.cell), "placement": self.placement}


@dataclass(slots=True)
class Award:
    """What one placement earned; ``kind`` is ``cat``, ``button`` or ``rainbow``."""

    kind: str
    points: int
    cat: str | None = None
    color: int | None = None
    pattern: int | None = None
    cell: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "points": self.points}
        if self.cat is not None:
            out["cat"] = self.cat
        if self.pattern is not None:
            out["pattern"] = PATTERNS[self.pattern]
        if self.color is not None:
            out["color"] = COLORS[self.color]
        if self.cell is not None:
            out["space"] = label(self.cell)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Award:
        space = data.get("space")
        return cls(
            kind=str(data["kind"]), points=int(data["points"]), cat=data.get("cat"),
            color=COLORS.index(data["color"]) if data.get("color") is not None else None,
            pattern=PATTERNS.index(data["pattern"]) if data.get("pattern") is not None else None,
            cell=parse_label(space) if space is not None else None,
        )


@dataclass(slots=True)
class Quilt:
    cells: list[int]
    pattern_masks: list[int]
    color_masks: list[int]
    cat_mask: int = 0  # cells carrying a cat token
    button_mask: int = 0  # cells carrying a button
    placed: int = 0
    cat_tokens: list[CatToken] = field(default_factory=list)
    buttons: list[ButtonToken] = field(default_factory=list)
    rainbow: int | None = None  # placement number that earned the rainbow button
    order: list[int] = field(default_factory=list)  # cells in placement order

    @classmethod
    def new(cls, border: dict[tuple[int, int], int]) -> Quilt:
        cells = [EMPTY] * N_CELLS
        for (r, c), tile in border.items():
            cells[r * 7 + c] = tile
        for g in GOAL_CELLS:
            cells[g] = BLOCKED
        quilt = cls(cells=cells, pattern_masks=[0] * 6, color_masks=[0] * 6)
        for i, tile in enumerate(cells):
            if tile >= 0:
                quilt.pattern_masks[pattern_of(tile)] |= 1 << i
                quilt.color_masks[color_of(tile)] |= 1 << i
        return quilt

    def copy(self) -> Quilt:
        return Quilt(
            cells=self.cells.copy(),
            pattern_masks=self.pattern_masks.copy(),
            color_masks=self.color_masks.copy(),
            cat_mask=self.cat_mask,
            button_mask=self.button_mask,
            placed=self.placed,
            cat_tokens=self.cat_tokens.copy(),
            buttons=self.buttons.copy(),
            rainbow=self.rainbow,
            order=self.order.copy(),
        )

    @property
    def full(self) -> bool:
        return self.placed >= 22

    def place(self, cell: int, tile: int, cat_of_pattern: dict[int, str]) -> list[Award]:
        """Put ``tile`` on the empty patch space ``cell`` and award what it earns.

        The caller has validated the space. ``cat_of_pattern`` maps a pattern to its cat's name.
        """
        self.cells[cell] = tile
        bit = 1 << cell
        pattern = tile % 6
        color = tile // 6
        self.pattern_masks[pattern] |= bit
        self.color_masks[color] |= bit
        self.placed += 1
        self.order.append(cell)
        awards: list[Award] = []

        cat_name = cat_of_pattern.get(pattern)
        if cat_name is not None:
            group = group_of(cell, self.pattern_masks[pattern])
            if not group & self.cat_mask:
                cat = CATS[cat_name]
                if cat.shape is None:
                    ok = group.bit_count() >= cat.min_group
                else:
                    ok = contains_shape(group, cat.shape, through=cell)
                if ok:
                    self.cat_mask |= bit
                    self.cat_tokens.append(CatToken(cat_name, pattern, cell, self.placed))
                    awards.append(Award("cat", cat.points, cat=cat_name, pattern=pattern, cell=cell))

        group = group_of(cell, self.color_masks[color])
        if group.bit_count() >= BUTTON_GROUP_SIZE and not group & self.button_mask:
            self.button_mask |= bit
            self.buttons.append(ButtonToken(color, cell, self.placed))
            awards.append(Award("button", 3, color=color, cell=cell))
            if self.rainbow is None and len({b.color for b in self.buttons}) == 6:
                self.rainbow = self.placed
                awards.append(Award("rainbow", 3, cell=cell))
        return awards

    # --- serialisation ----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "order": self.order,
            "tiles": [self.cells[c] for c in self.order],
            "cat_tokens": [[t.cat, t.pattern, t.cell, t.placement] for t in self.cat_tokens],
            "buttons": [[b.color, b.cell, b.placement] for b in self.buttons],
            "rainbow": self.rainbow,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], border: dict[tuple[int, int], int]) -> Quilt:
        quilt = cls.new(border)
        for cell, tile in zip(data["order"], data["tiles"], strict=True):
            bit = 1 << cell
            quilt.cells[cell] = tile
            quilt.pattern_masks[tile % 6] |= bit
            quilt.color_masks[tile // 6] |= bit
            quilt.placed += 1
            quilt.order.append(cell)
        for cat, pattern, cell, placement in data["cat_tokens"]:
            quilt.cat_tokens.append(CatToken(cat, pattern, cell, placement))
            quilt.cat_mask |= 1 << cell
        for color, cell, placement in data["buttons"]:
            quilt.buttons.append(ButtonToken(color, cell, placement))
            quilt.button_mask |= 1 << cell
        quilt.rainbow = data["rainbow"]
        return quilt
