"""Calico's components: colors, patterns, tiles, goal tiles, cats, boards and solo scenarios.

A tile is an ``int`` in ``0..35``: ``color * 6 + pattern``. The order of colors and patterns is the
order used in ``data/calico/boards.json``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

COLORS: tuple[str, ...] = ("DARK_BLUE", "LIGHT_BLUE", "GREEN", "YELLOW", "PURPLE", "PINK")
PATTERNS: tuple[str, ...] = ("DOTS", "FERNS", "FLOWERS", "QUATREFOIL", "STRIPES", "VINES")
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}
PATTERN_INDEX = {name: i for i, name in enumerate(PATTERNS)}

N_KINDS = 36
COPIES_PER_KIND = 3
COPIES_LOWER_VARIANCE = 2
HAND_SIZE = 2
MARKET_SIZE = 3
PATCH_SPACES = 22
BUTTON_POINTS = 3
RAINBOW_POINTS = 3
BUTTON_GROUP_SIZE = 3


def tile_of(color: int, pattern: int) -> int:
    return color * 6 + pattern


def color_of(tile: int) -> int:
    return tile // 6


def pattern_of(tile: int) -> int:
    return tile % 6


def tile_name(tile: int) -> str:
    return f"{COLORS[color_of(tile)]} {PATTERNS[pattern_of(tile)]}"


def name_key(name: str) -> str:
    """A color or pattern name as written in records, in any letter case: "dark blue" -> "DARK_BLUE"."""
    return "_".join(name.strip().replace("-", " ").split()).upper()


def tile_to_json(tile: int) -> list[str]:
    return [COLORS[color_of(tile)], PATTERNS[pattern_of(tile)]]


def tile_from_json(value: object) -> int:
    """Parse ``["PINK", "DOTS"]``; raises ``ValueError`` with a readable reason."""
    if not (isinstance(value, list | tuple) and len(value) == 2):
        raise ValueError(f"a tile is [COLOR, PATTERN], got {value!r}")
    if not all(isinstance(v, str) for v in value):
        raise ValueError(f"a tile is [COLOR, PATTERN] as two names, got {value!r}")
    color, pattern = (name_key(v) for v in value)
    if color not in COLOR_INDEX:
        raise ValueError(f"unknown color {color!r}")
    if pattern not in PATTERN_INDEX:
        raise ValueError(f"unknown pattern {pattern!r}")
    return tile_of(COLOR_INDEX[color], PATTERN_INDEX[pattern])


def full_bag(lower_variance: bool) -> list[int]:
    copies = COPIES_LOWER_VARIANCE if lower_variance else COPIES_PER_KIND
    return [kind for kind in range(N_KINDS) for _ in range(copies)]


# --- design goals -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GoalTile:
    id: str
    counts: tuple[int, ...]  # required multiset of counts, descending
    one: int  # points when the color test or the pattern test is met
    both: int  # points when both are met

    def points(self, by_color: bool, by_pattern: bool) -> int:
        """What the goal scores when its color test and/or its pattern test is met."""
        return self.both if by_color and by_pattern else self.one if by_color or by_pattern else 0


def count_profile(values: list[int]) -> tuple[int, ...]:
    """How many of each color (or pattern) ``0..5`` there are, largest first: compared with a goal's
    ``counts`` ((2, 2, 1, 1) for AA-BB-C-D)."""
    seen = [0] * 6
    for v in values:
        seen[v] += 1
    return tuple(sorted((n for n in seen if n), reverse=True))


GOALS: dict[str, GoalTile] = {
    g.id: g
    for g in (
        GoalTile("ALL_DIFFERENT", (1, 1, 1, 1, 1, 1), 10, 15),
        GoalTile("AAAA-BB", (4, 2), 8, 14),
        GoalTile("AAA-BBB", (3, 3), 8, 13),
        GoalTile("AAA-BB-C", (3, 2, 1), 7, 11),
        GoalTile("AA-BB-CC", (2, 2, 2), 7, 11),
        GoalTile("AA-BB-C-D", (2, 2, 1, 1), 5, 8),
    )
}
GOAL_IDS: tuple[str, ...] = tuple(GOALS)
GOAL_SPACES: tuple[str, ...] = ("B3", "C4", "D2")
BEGINNER_GOALS: dict[str, str] = {"B3": "ALL_DIFFERENT", "C4": "AA-BB-CC", "D2": "AAA-BBB"}
GOALS_REVEALED = 4
GOALS_KEPT = 3


# --- cats ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cat:
    name: str
    points: int
    dots: int
    tile: int  # which double-sided cat tile (0..4); both sides are worth the same
    min_group: int = 0  # count cats: at least this many connected tiles
    shape: str | None = None  # shape cats: a shape name from calico_bot.games.calico.engine.geometry.SHAPES

    @property
    def requirement(self) -> str:
        if self.shape:
            return f"shape:{self.shape}"
        return f">={self.min_group}"


CATS: dict[str, Cat] = {
    c.name: c
    for c in (
        Cat("Millie", 3, 1, 0, min_group=3),
        Cat("Callie", 3, 1, 0, shape="triangle3"),
        Cat("Tibbit", 5, 1, 1, min_group=4),
        Cat("Rumi", 5, 1, 1, shape="line3"),
        Cat("Coconut", 7, 2, 2, min_group=5),
        Cat("Tecolote", 7, 2, 2, shape="line4"),
        Cat("Cira", 9, 2, 3, min_group=6),
        Cat("Almond", 9, 2, 3, shape="trapezoid5"),
        Cat("Gwenivere", 11, 3, 4, min_group=7),
        Cat("Leo", 11, 3, 4, shape="line5"),
    )
}
CAT_TILES: tuple[tuple[str, str], ...] = (
    ("Millie", "Callie"),
    ("Tibbit", "Rumi"),
    ("Coconut", "Tecolote"),
    ("Cira", "Almond"),
    ("Gwenivere", "Leo"),
)
BEGINNER_CATS: tuple[str, ...] = ("Millie", "Tibbit", "Coconut")


# --- boards ----------------------------------------------------------------------------------------

BOARD_NAMES: tuple[str, ...] = ("blue", "green", "purple", "yellow")
DATA_DIR = Path(__file__).resolve().parents[4] / "data" / "calico"


@cache
def board_borders() -> dict[str, dict[tuple[int, int], int]]:
    """Each board's printed border patches: ``{board: {(r, c): tile}}``."""
    raw = json.loads((DATA_DIR / "boards.json").read_text(encoding="utf-8"))
    boards: dict[str, dict[tuple[int, int], int]] = {}
    for name, cells in raw["boards"].items():
        parsed: dict[tuple[int, int], int] = {}
        for key, tile in cells.items():
            r, c = (int(part) for part in key.split(","))
            parsed[(r, c)] = tile_from_json(tile)
        boards[name] = parsed
    return boards


# --- solo scenarios ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scenario:
    number: int
    goals: tuple[str, str, str]
    cats: tuple[str, str, str]
    goals_ok: int = 0  # design goals met by at least one test (distinct from the "both" ones)
    goals_both: int = 0  # design goals met by color and by pattern
    rainbow: bool = False
    total_cats: int = 0  # at least this many cat tokens
    one_of_each_cat: bool = False
    buttons_one_color: int = 0  # at least this many buttons of a single color
    tokens_one_cat: int = 0  # at least this many tokens of a single cat
    min_score: int = 0


SCENARIOS: dict[int, Scenario] = {
    s.number: s
    for s in (
        Scenario(1, ("ALL_DIFFERENT", "AA-BB-CC", "AAA-BBB"), ("Millie", "Tibbit", "Coconut"),
                 rainbow=True, min_score=58),
        Scenario(2, ("ALL_DIFFERENT", "AAA-BBB", "AAA-BB-C"), ("Callie", "Tibbit", "Coconut"),
                 total_cats=5, min_score=59),
        Scenario(3, ("ALL_DIFFERENT", "AA-BB-CC", "AA-BB-C-D"), ("Millie", "Rumi", "Coconut"),
                 goals_ok=2, one_of_each_cat=True, rainbow=True, min_score=60),
        Scenario(4, ("ALL_DIFFERENT", "AAA-BB-C", "AA-BB-C-D"), ("Millie", "Tibbit", "Tecolote"),
                 goals_ok=3, buttons_one_color=3, min_score=61),
        Scenario(5, ("ALL_DIFFERENT", "AAAA-BB", "AA-BB-C-D"), ("Callie", "Coconut", "Cira"),
                 goals_ok=3, tokens_one_cat=3, min_score=62),
        Scenario(6, ("AAAA-BB", "AAA-BBB", "AA-BB-CC"), ("Tibbit", "Tecolote", "Almond"),
                 goals_ok=2, goals_both=1, rainbow=True, min_score=63),
        Scenario(7, ("AAAA-BB", "AAA-BBB", "AAA-BB-C"), ("Rumi", "Coconut", "Gwenivere"),
                 goals_ok=2, goals_both=1, total_cats=5, min_score=64),
        Scenario(8, ("AAAA-BB", "AAA-BB-C", "AA-BB-CC"), ("Millie", "Almond", "Leo"),
                 goals_ok=1, goals_both=1, one_of_each_cat=True, rainbow=True, min_score=66),
        Scenario(9, ("AAAA-BB", "AA-BB-CC", "AA-BB-C-D"), ("Callie", "Cira", "Leo"),
                 goals_ok=1, goals_both=2, one_of_each_cat=True, min_score=68),
        Scenario(10, ("AAA-BBB", "AAA-BB-C", "AA-BB-C-D"), ("Tibbit", "Tecolote", "Gwenivere"),
                 goals_both=2, one_of_each_cat=True, rainbow=True, min_score=72),
    )
}
