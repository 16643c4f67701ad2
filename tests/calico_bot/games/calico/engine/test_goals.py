"""Design goals: each goal tile by color, by pattern, both, and near misses."""

import pytest

from calico_bot.games.calico.engine.components import COLORS, GOALS, PATTERNS, tile_of
from calico_bot.games.calico.engine.geometry import LABELS, NEIGHBOURS, label
from calico_bot.games.calico.engine.quilt import Quilt
from calico_bot.games.calico.engine.scoring import score_goal

from .helpers import blank_quilt

# Neighbours of C4 are C3 C5 B4 B5 D4 D5; B3 and D2 stay empty and never matter here.
C4_NEIGHBOURS = [label(n) for n in NEIGHBOURS[LABELS["C4"]]]

# One multiset of six letters per goal that satisfies it exactly.
SATISFYING = {
    "ALL_DIFFERENT": [0, 1, 2, 3, 4, 5],
    "AAAA-BB": [0, 0, 0, 0, 1, 1],
    "AAA-BBB": [0, 0, 0, 1, 1, 1],
    "AAA-BB-C": [0, 0, 0, 1, 1, 2],
    "AA-BB-CC": [0, 0, 1, 1, 2, 2],
    "AA-BB-C-D": [0, 0, 1, 1, 2, 3],
}
NEAR_MISSES = [
    [0, 0, 0, 0, 0, 0],  # six of one kind satisfies nothing
    [0, 0, 0, 0, 0, 1],
    [0, 0, 0, 1, 2, 3],  # 3-1-1-1
    [0, 0, 1, 2, 3, 4],  # 2-1-1-1-1
]


def fill_c4(colors: list[int], patterns: list[int]) -> Quilt:
    q = blank_quilt()
    for space, color, pattern in zip(C4_NEIGHBOURS, colors, patterns, strict=True):
        q.place(LABELS[space], tile_of(color, pattern), {})
    return q


def counts(values: list[int]) -> tuple[int, ...]:
    return tuple(sorted((values.count(v) for v in set(values)), reverse=True))


@pytest.mark.parametrize("goal_id", list(GOALS))
def test_goal_by_color_only(goal_id: str) -> None:
    colors = SATISFYING[goal_id]
    patterns = [0, 0, 0, 0, 0, 0]  # six of one pattern never satisfies any goal
    result = score_goal(fill_c4(colors, patterns), "C4", goal_id)
    assert (result.color, result.pattern, result.points) == (True, False, GOALS[goal_id].one)


@pytest.mark.parametrize("goal_id", list(GOALS))
def test_goal_by_pattern_only(goal_id: str) -> None:
    result = score_goal(fill_c4([2] * 6, SATISFYING[goal_id]), "C4", goal_id)
    assert (result.color, result.pattern, result.points) == (False, True, GOALS[goal_id].one)


@pytest.mark.parametrize("goal_id", list(GOALS))
def test_goal_both_scores_the_higher_value_not_the_sum(goal_id: str) -> None:
    letters = SATISFYING[goal_id]
    # Same multiset for patterns but shuffled against colors: the two tests are independent.
    result = score_goal(fill_c4(letters, list(reversed(letters))), "C4", goal_id)
    assert (result.color, result.pattern) == (True, True)
    assert result.points == GOALS[goal_id].both


@pytest.mark.parametrize("goal_id", list(GOALS))
@pytest.mark.parametrize("miss", NEAR_MISSES)
def test_near_misses_score_nothing(goal_id: str, miss: list[int]) -> None:
    if counts(miss) == GOALS[goal_id].counts:
        pytest.skip("not a miss for this goal")
    result = score_goal(fill_c4(miss, miss), "C4", goal_id)
    assert result.points == 0 and not result.color and not result.pattern


def test_printed_goal_values() -> None:
    values = {g.id: (g.one, g.both) for g in GOALS.values()}
    assert values == {"ALL_DIFFERENT": (10, 15), "AAAA-BB": (8, 14), "AAA-BBB": (8, 13), "AAA-BB-C": (7, 11),
                      "AA-BB-CC": (7, 11), "AA-BB-C-D": (5, 8)}


def test_goal_with_an_empty_neighbour_scores_zero() -> None:
    q = blank_quilt()
    for space, v in zip(C4_NEIGHBOURS[:5], range(5), strict=False):
        q.place(LABELS[space], tile_of(v, v), {})
    result = score_goal(q, "C4", "ALL_DIFFERENT")
    assert result.points == 0 and not result.complete


def test_color_and_pattern_are_never_mixed_in_one_test() -> None:
    # Colors give 2-2-1-1 and patterns give 2-2-1-1 differently; AA-BB-CC needs three pairs in one attribute.
    q = fill_c4([0, 0, 1, 1, 2, 3], [4, 5, 2, 3, 4, 5])
    assert score_goal(q, "C4", "AA-BB-CC").points == 0
    assert score_goal(q, "C4", "AA-BB-C-D").points == GOALS["AA-BB-C-D"].both


def test_names_are_stable() -> None:
    assert COLORS[0] == "DARK_BLUE" and PATTERNS[-1] == "VINES"
