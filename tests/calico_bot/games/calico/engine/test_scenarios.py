"""Solo scenario objectives, evaluated pass or fail."""

from calico_bot.games.calico.engine.components import SCENARIOS
from calico_bot.games.calico.engine.quilt import ButtonToken, CatToken
from calico_bot.games.calico.engine.scenarios import evaluate_scenario
from calico_bot.games.calico.engine.scoring import GoalResult, PlayerScore


def score(goals: list[tuple[bool, bool, int]], cats: list[str], buttons: list[int], rainbow: bool) -> PlayerScore:
    return PlayerScore(
        0, "solo",
        [GoalResult(s, "AAA-BBB", c, p, pts, True) for s, (c, p, pts) in zip(("B3", "C4", "D2"), goals, strict=True)],
        [CatToken(name, 0, 0, i) for i, name in enumerate(cats)],
        [ButtonToken(color, 0, i) for i, color in enumerate(buttons)],
        rainbow,
    )


def test_scenario_1_needs_rainbow_and_58() -> None:
    ok = score([(True, True, 13)] * 3, ["Millie"] * 2, [0, 1, 2, 3, 4, 5], True)  # 39 + 6 + 18 + 3 = 66
    assert ok.total == 66
    assert evaluate_scenario(1, ok, list(SCENARIOS[1].cats)).passed
    no_rainbow = score([(True, True, 13)] * 3, ["Millie"] * 2, [0, 1, 2, 3, 4, 4, 4], False)
    result = evaluate_scenario(1, no_rainbow, list(SCENARIOS[1].cats))
    assert not result.passed
    assert [o.key for o in result.objectives if not o.met] == ["rainbow"]


def test_scenario_score_threshold_is_inclusive() -> None:
    # Scenario 2: 5 cats and 59+.
    s = score([(True, False, 8), (True, False, 8), (False, False, 0)], ["Callie", "Tibbit", "Coconut", "Tibbit",
                                                                         "Coconut"], [0, 1, 2], False)
    assert s.total == 16 + 3 + 5 + 7 + 5 + 7 + 9
    assert s.total < 59 and not evaluate_scenario(2, s, list(SCENARIOS[2].cats)).passed
    s.buttons.extend(ButtonToken(3, 0, 9) for _ in range(2))  # 52 + 6 = 58: still one short
    assert s.total == 58 and not evaluate_scenario(2, s, list(SCENARIOS[2].cats)).passed
    s.buttons.append(ButtonToken(4, 0, 10))
    assert s.total == 61 and evaluate_scenario(2, s, list(SCENARIOS[2].cats)).passed


def test_design_goal_objectives_need_distinct_goals() -> None:
    cats = list(SCENARIOS[6].cats)
    # Scenario 6: DG ok x2 and DG both, plus rainbow and 63+.
    base_tokens = ["Tibbit", "Tecolote", "Almond", "Almond"]
    one_both_one_ok = score([(True, True, 14), (True, False, 8), (False, False, 0)], base_tokens,
                            [0, 1, 2, 3, 4, 5, 5], True)
    result = evaluate_scenario(6, one_both_one_ok, cats)
    failed = {o.key for o in result.objectives if not o.met}
    assert failed == {"goals_ok"}  # the "both" goal cannot also count as one of the two "ok" goals
    all_three = score([(True, True, 14), (True, False, 8), (False, True, 8)], base_tokens,
                      [0, 1, 2, 3, 4, 5, 5], True)
    assert evaluate_scenario(6, all_three, cats).passed


def test_one_of_each_cat_and_single_color_and_single_cat_objectives() -> None:
    s = score([(True, True, 15), (True, False, 7), (True, False, 5)], ["Millie", "Millie", "Tibbit"],
              [2, 2, 2, 0, 1], False)
    r4 = evaluate_scenario(4, s, list(SCENARIOS[4].cats))  # Millie, Tibbit, Tecolote; 3 buttons of one color
    keys = {o.key: o.met for o in r4.objectives}
    assert keys["buttons_one_color"] and keys["goals_ok"]
    r8 = evaluate_scenario(8, s, list(SCENARIOS[8].cats))
    assert not {o.key: o.met for o in r8.objectives}["one_of_each_cat"]
    s5 = score([(True, False, 10), (True, False, 8), (True, False, 5)], ["Callie", "Callie", "Callie"], [], False)
    assert {o.key: o.met for o in evaluate_scenario(5, s5, list(SCENARIOS[5].cats)).objectives}["tokens_one_cat"]
