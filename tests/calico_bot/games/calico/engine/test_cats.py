"""Cats: count thresholds, shapes in every rotation, one cat per group, and border patches."""

import pytest

from calico_bot.games.calico.engine.components import CATS, PATTERN_INDEX, board_borders, tile_of
from calico_bot.games.calico.engine.geometry import (
    INTERIOR,
    LABELS,
    NEIGHBOURS,
    SHAPE_PLACEMENTS,
    contains_shape,
    label,
    shape_rotations,
)
from calico_bot.games.calico.engine.quilt import Quilt

from .helpers import P, blank_quilt, board_quilt, place_all, t

DOTS = P["DOTS"]
VINES = P["VINES"]


def cats_only(awards: list) -> list[str]:
    return [a.cat for a in awards if a.kind == "cat"]


# A connected chain of interior non-goal spaces, long enough for every count cat.
CHAIN = ["A1", "A2", "A3", "A4", "A5", "B5", "B4"]


@pytest.mark.parametrize("cat", ["Millie", "Tibbit", "Coconut", "Cira", "Gwenivere"])
def test_count_cat_at_threshold_and_not_below(cat: str) -> None:
    need = CATS[cat].min_group
    q = blank_quilt()
    colors = ["DARK_BLUE", "LIGHT_BLUE", "GREEN", "YELLOW", "PURPLE", "PINK", "DARK_BLUE"]
    tiles = {s: t(colors[i], "DOTS") for i, s in enumerate(CHAIN[:need])}
    earned = []
    for i, (space, tile) in enumerate(tiles.items()):
        got = cats_only(q.place(LABELS[space], tile, {DOTS: cat}))
        earned.append(got)
        if i < need - 1:
            assert got == [], f"{cat} came with only {i + 1} tiles"
    assert earned[-1] == [cat]
    assert q.cat_tokens[0].cell == LABELS[CHAIN[need - 1]]


def test_group_attracts_only_one_cat_and_growing_it_gives_nothing() -> None:
    q = blank_quilt()
    awards = place_all(q, {s: t("PINK", "DOTS") for s in CHAIN}, {DOTS: "Millie"})
    assert cats_only(awards) == ["Millie"]


def test_group_touching_a_scored_group_attracts_nothing() -> None:
    q = blank_quilt()
    cats = {DOTS: "Millie"}
    place_all(q, {"A1": t("PINK", "DOTS"), "A2": t("GREEN", "DOTS"), "A3": t("YELLOW", "DOTS")}, cats)
    # Build a second group of three next to it but separately; the last tile joins both groups.
    awards = place_all(q, {"C1": t("PINK", "DOTS"), "C2": t("GREEN", "DOTS")}, cats)
    assert cats_only(awards) == []
    awards = q.place(LABELS["B1"], t("PURPLE", "DOTS"), cats)  # B1 touches A1, A2 and C1, C2
    assert cats_only(awards) == []
    assert len(q.cat_tokens) == 1


def test_two_patterns_of_one_cat_are_separate_groups() -> None:
    q = blank_quilt()
    cats = {DOTS: "Millie", VINES: "Millie"}
    a = place_all(q, {"A1": t("PINK", "DOTS"), "A2": t("GREEN", "DOTS"), "A3": t("YELLOW", "DOTS")}, cats)
    b = place_all(q, {"B1": t("PINK", "VINES"), "B2": t("GREEN", "VINES"), "C1": t("YELLOW", "VINES")}, cats)
    assert cats_only(a) == ["Millie"] and cats_only(b) == ["Millie"]
    assert [tok.pattern for tok in q.cat_tokens] == [DOTS, VINES]


def test_mixed_patterns_do_not_connect() -> None:
    q = blank_quilt()
    awards = place_all(q, {"A1": t("PINK", "DOTS"), "A2": t("PINK", "FERNS"), "A3": t("PINK", "DOTS")},
                       {DOTS: "Millie", P["FERNS"]: "Millie"})
    assert cats_only(awards) == []


@pytest.mark.parametrize("shape", ["triangle3", "line3", "line4", "line5", "trapezoid5"])
def test_every_rotation_of_every_shape_is_found(shape: str) -> None:
    rotations = shape_rotations(shape)
    assert len(rotations) == {"triangle3": 2, "trapezoid5": 6}.get(shape, 3)
    interior_mask = sum(1 << c for c in INTERIOR)
    found = 0
    for placements in SHAPE_PLACEMENTS[shape]:
        for mask in placements:
            if mask & interior_mask == mask:
                assert contains_shape(mask, shape)
                found += 1
    assert found > 0


# Hand-checked on the odd-r grid (odd rows A, C, E sit half a hex right): A1 touches B1 and B2 below it,
# B2 touches C1 and C2 below it. Expectations are written out, not computed.
SHAPE_CASES = [
    ("Callie", ["A1", "A2", "B2"], True),  # triangle pointing down
    ("Callie", ["A1", "B1", "B2"], True),  # triangle pointing up
    ("Callie", ["A1", "A2", "A3"], False),
    ("Rumi", ["A1", "A2", "A3"], True),  # along a row
    ("Rumi", ["A1", "B2", "C2"], True),  # down-right diagonal
    ("Rumi", ["A4", "B4", "C3"], True),  # down-left diagonal
    ("Rumi", ["A1", "A2", "B2"], False),
    ("Tecolote", ["A1", "B2", "C2", "D3"], True),
    ("Tecolote", ["A4", "B4", "C3", "D3"], True),
    ("Tecolote", ["A1", "B1", "C1", "D1"], False),  # zig-zag
    ("Leo", ["E1", "E2", "E3", "E4", "E5"], True),
    ("Leo", ["A1", "A2", "A3", "A4", "B5"], False),
    ("Almond", ["E3", "E4", "E5", "D4", "D5"], True),  # row of three, two nestled above
    ("Almond", ["A3", "A4", "A5", "B4", "B5"], True),  # upside down
    ("Almond", ["C1", "C2", "C3", "B1", "B2"], False),  # two on top, but overhanging to one side
]


@pytest.mark.parametrize(("cat", "spaces", "expected"), SHAPE_CASES)
def test_shape_cats(cat: str, spaces: list[str], expected: bool) -> None:
    shape = CATS[cat].shape
    assert shape is not None
    assert contains_shape(sum(1 << LABELS[s] for s in spaces), shape) is expected
    q = blank_quilt()
    colors = ["PINK", "GREEN", "YELLOW", "PURPLE", "DARK_BLUE"]
    awards = place_all(q, {s: t(colors[i], "DOTS") for i, s in enumerate(spaces)}, {DOTS: cat})
    assert cats_only(awards) == ([cat] if expected else [])
    if expected:
        # Awarded on the tile that completed it, not before.
        assert q.cat_tokens[0].cell == LABELS[spaces[-1]]


def test_lines_along_each_axis() -> None:
    assert contains_shape(sum(1 << LABELS[f"A{i}"] for i in range(1, 6)), "line5")
    assert contains_shape(sum(1 << LABELS[s] for s in ["A1", "B2", "C2", "D3"]), "line4")
    assert contains_shape(sum(1 << LABELS[s] for s in ["A4", "B4", "C3", "D3"]), "line4")
    assert not contains_shape(sum(1 << LABELS[s] for s in ["A1", "B1", "C1", "D1"]), "line4")


def test_shape_with_extra_tiles_still_counts_and_a_gap_breaks_it() -> None:
    q = blank_quilt()
    awards = place_all(q, {"A1": t("PINK", "DOTS"), "B1": t("GREEN", "DOTS"), "A3": t("PINK", "DOTS"),
                           "A4": t("GREEN", "DOTS")}, {DOTS: "Leo"})
    assert cats_only(awards) == []  # A2 is missing: no line
    awards = q.place(LABELS["A5"], t("YELLOW", "DOTS"), {DOTS: "Leo"})
    assert cats_only(awards) == []  # still a gap at A2
    awards = q.place(LABELS["A2"], t("PURPLE", "DOTS"), {DOTS: "Leo"})
    assert cats_only(awards) == ["Leo"]  # A1..A5 plus B1 hanging off it


def test_almond_trapezoid_in_every_rotation() -> None:
    for placements in SHAPE_PLACEMENTS["trapezoid5"]:
        for mask in placements:
            assert mask.bit_count() == 5
    # Row of three with two nestled on top: B2 B3 B4 is blocked by the goal, so use C row.
    assert contains_shape(sum(1 << LABELS[s] for s in ["E3", "E4", "E5", "D4", "D5"]), "trapezoid5")
    assert not contains_shape(sum(1 << LABELS[s] for s in ["C1", "C2", "C3", "B1", "A1"]), "trapezoid5")


def test_border_patches_complete_groups() -> None:
    # Find a border patch next to an interior non-goal space and build a group of three through it.
    goal_cells = (LABELS["B3"], LABELS["C4"], LABELS["D2"])
    borders = board_borders()["blue"]
    (r, c), tile = next(((rc_, tl) for rc_, tl in borders.items()
                         if any(n in INTERIOR and n not in goal_cells for n in NEIGHBOURS[rc_[0] * 7 + rc_[1]])))
    inner = [n for n in NEIGHBOURS[r * 7 + c] if n in INTERIOR and n not in goal_cells]
    pattern = tile % 6
    first = inner[0]
    second = next(n for n in NEIGHBOURS[first] if n in INTERIOR and n not in goal_cells
                  and n not in NEIGHBOURS[r * 7 + c])
    q = board_quilt("blue")
    with_border = place_all(q, {label(first): tile_of(0 if tile // 6 else 1, pattern),
                                label(second): tile_of(2 if tile // 6 != 2 else 3, pattern)}, {pattern: "Millie"})
    assert "Millie" in cats_only(with_border)
    q2 = Quilt.new({})
    without = place_all(q2, {label(first): tile_of(0, pattern), label(second): tile_of(2, pattern)},
                        {pattern: "Millie"})
    assert cats_only(without) == []


def test_pattern_index_is_complete() -> None:
    assert sorted(PATTERN_INDEX.values()) == list(range(6))
