"""Fixed facts of Cat in the Box: colours, the research-board rows and the numbers per player count."""

from __future__ import annotations

from dataclasses import dataclass

# Board rows from top to bottom (ruling 1): blue, yellow, green, red. Red is trump.
COLOURS: tuple[str, ...] = ("blue", "yellow", "green", "red")
BLUE, YELLOW, GREEN, RED = range(4)
COLOUR_INDEX: dict[str, int] = {name: i for i, name in enumerate(COLOURS)}
COPIES = 5  # copies of each number in the deck

# Cell contents besides a seat number.
EMPTY = -1
BLOCKED = -2

# 2-player reveal: the n-th copy of a revealed number blocks these rows in turn.
REVEAL_BLOCK_ORDER: tuple[int, ...] = (GREEN, YELLOW, BLUE)


@dataclass(frozen=True, slots=True)
class Setup:
    """The numbers that depend on the player count."""

    players: int
    top: int  # highest card number; the board has columns 1..top
    dealt: int  # cards dealt to each player, the set-aside card included
    tricks: int  # tricks in a round without a paradox
    bids: tuple[int, ...]  # allowed bids; empty: no bids (2 players)
    revealed: int  # 2 players: cards revealed from the five left over
    bonus_max_tricks: int | None  # 2 players: the bonus needs at most this many tricks

    @property
    def rounds(self) -> int:
        return self.players

    @property
    def deck_size(self) -> int:
        return self.top * COPIES

    @property
    def has_bids(self) -> bool:
        return bool(self.bids)

    def deck(self) -> list[int]:
        return [n for n in range(1, self.top + 1) for _ in range(COPIES)]


SETUPS: dict[int, Setup] = {
    2: Setup(2, 5, 10, 8, (), 3, 4),
    3: Setup(3, 6, 10, 8, (1, 3, 4), 0, None),
    4: Setup(4, 8, 10, 8, (1, 2, 3), 0, None),
    5: Setup(5, 9, 9, 7, (1, 2, 3), 0, None),
}
MIN_PLAYERS = min(SETUPS)
MAX_PLAYERS = max(SETUPS)


def setup_for(players: int) -> Setup:
    return SETUPS[players]


def blocked_cells(revealed: list[int]) -> list[tuple[int, int]]:
    """The (row, number) cells a 2-player reveal blocks: green for the first copy of a number,
    then yellow for a second copy, then blue for a third."""
    seen: dict[int, int] = {}
    cells = []
    for n in revealed:
        k = seen.get(n, 0)
        seen[n] = k + 1
        if k < len(REVEAL_BLOCK_ORDER):
            cells.append((REVEAL_BLOCK_ORDER[k], n))
    return cells
