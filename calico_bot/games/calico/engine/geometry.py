"""The quilt board's hex grid: cells, labels, neighbours and cat shapes.

Cells are numbered ``r * 7 + c`` on a 7x7 grid of pointy-top hexes with odd rows shifted right
("odd-r"). The ring r or c in {0, 6} holds the printed border; the 5x5 interior holds the 22 patch
spaces and the three design-goal spaces. Sets of cells are Python ``int`` bit masks.
"""

from __future__ import annotations

from calico_bot.games.calico.engine.components import GOAL_SPACES

SIZE = 7
N_CELLS = SIZE * SIZE
ROW_LETTERS = "ABCDE"


def cell(r: int, c: int) -> int:
    return r * SIZE + c


def rc(index: int) -> tuple[int, int]:
    return divmod(index, SIZE)


def _neighbours(r: int, c: int) -> list[tuple[int, int]]:
    if r % 2 == 0:
        candidates = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    else:
        candidates = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    return [(rr, cc) for rr, cc in candidates if 0 <= rr < SIZE and 0 <= cc < SIZE]


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(cell(rr, cc) for rr, cc in _neighbours(*rc(i))) for i in range(N_CELLS)
)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(1 << j for j in NEIGHBOURS[i]) for i in range(N_CELLS))

INTERIOR: tuple[int, ...] = tuple(cell(r, c) for r in range(1, 6) for c in range(1, 6))
BORDER: tuple[int, ...] = tuple(i for i in range(N_CELLS) if i not in INTERIOR)


def label(index: int) -> str:
    r, c = rc(index)
    if not (1 <= r <= 5 and 1 <= c <= 5):
        raise ValueError(f"cell {r},{c} is on the border and has no label")
    return f"{ROW_LETTERS[r - 1]}{c}"


LABELS: dict[str, int] = {label(i): i for i in INTERIOR}


def parse_label(text: str) -> int | None:
    """``"b4"``/``"B4"`` -> cell index; ``None`` when it is not an interior space."""
    return LABELS.get(text.strip().upper())


GOAL_CELLS: tuple[int, ...] = tuple(LABELS[s] for s in GOAL_SPACES)
PATCH_CELLS: tuple[int, ...] = tuple(i for i in INTERIOR if i not in GOAL_CELLS)
PATCH_MASK = sum(1 << i for i in PATCH_CELLS)

# --- axial coordinates and shapes ---------------------------------------------------------------


def axial(index: int) -> tuple[int, int]:
    r, c = rc(index)
    return c - (r - (r & 1)) // 2, r


_AXIAL_TO_CELL = {axial(i): i for i in range(N_CELLS)}

# Shapes in axial (q, r); every one is mirror-symmetric, so its six rotations cover all placements.
SHAPES: dict[str, tuple[tuple[int, int], ...]] = {
    "triangle3": ((0, 0), (1, 0), (0, 1)),
    "line3": ((0, 0), (1, 0), (2, 0)),
    "line4": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "line5": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "trapezoid5": ((0, 0), (1, 0), (2, 0), (1, -1), (2, -1)),
}


def _rotate(q: int, r: int) -> tuple[int, int]:
    """Rotate 60 degrees about the origin in axial coordinates (via cube coordinates)."""
    s = -q - r
    return -r, -s


def shape_rotations(shape: str) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations of a shape, each normalised so its minimum is at the origin."""
    out: list[tuple[tuple[int, int], ...]] = []
    seen: set[frozenset[tuple[int, int]]] = set()
    points = list(SHAPES[shape])
    for _ in range(6):
        points = [_rotate(q, r) for q, r in points]
        mq = min(q for q, _ in points)
        mr = min(r for _, r in points)
        norm = frozenset((q - mq, r - mr) for q, r in points)
        if norm not in seen:
            seen.add(norm)
            out.append(tuple(sorted(norm)))
    return out


def _placements_by_cell(shape: str) -> tuple[tuple[int, ...], ...]:
    """For each cell, the bit masks of every placement of ``shape`` on the grid that covers it."""
    by_cell: list[set[int]] = [set() for _ in range(N_CELLS)]
    for rotation in shape_rotations(shape):
        # Anchors range over every offset that can put the shape on the grid, including
        # offsets that are not themselves grid cells.
        for aq, ar in ((q, r) for q in range(-SIZE, 2 * SIZE) for r in range(-SIZE, 2 * SIZE)):
            cells = [_AXIAL_TO_CELL.get((aq + q, ar + r)) for q, r in rotation]
            if any(c is None for c in cells):
                continue
            mask = sum(1 << c for c in cells if c is not None)
            for c in cells:
                if c is not None:
                    by_cell[c].add(mask)
    return tuple(tuple(sorted(s)) for s in by_cell)


SHAPE_PLACEMENTS: dict[str, tuple[tuple[int, ...], ...]] = {s: _placements_by_cell(s) for s in SHAPES}


def group_of(start: int, members: int) -> int:
    """The connected component (bit mask) of ``start`` within the cells of ``members``."""
    group = frontier = 1 << start
    while frontier:
        reach = 0
        while frontier:
            low = frontier & -frontier
            reach |= NEIGHBOUR_MASK[low.bit_length() - 1]
            frontier ^= low
        frontier = reach & members & ~group
        group |= frontier
    return group


def contains_shape(group: int, shape: str, through: int | None = None) -> bool:
    """Whether the cells of ``group`` contain ``shape`` in some rotation.

    With ``through`` only placements covering that cell are tried (enough right after a placement).
    """
    if through is not None:
        return any(p & group == p for p in SHAPE_PLACEMENTS[shape][through])
    return any(p & group == p for cells in SHAPE_PLACEMENTS[shape] for p in cells)


def cells_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
