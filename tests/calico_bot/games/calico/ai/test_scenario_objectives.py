"""The strong player's scenario terms agree with the rules' objective checks on finished quilts."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import build_view
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import ObjectiveTerms
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.components import SCENARIOS
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.scenarios import evaluate_scenario


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_objective_progress_on_a_finished_quilt_matches_the_rules(number: int) -> None:
    rng = random.Random(number)
    for seed in range(3):
        state = new_game(GameOptions(players=["a"], mode="solo", scenario=number), seed)
        state.apply(random_goal_choice(state, 0, rng))
        while not state.over:
            state.apply(random_turn(state, rng))
        view = build_view(state, 0)
        assert view.scenario == number
        rules = rules_for(view.cat_of_pattern)
        terms = ObjectiveTerms(SCENARIOS[number], rules, goal_list(view.goals), bonus=10.0)
        progress = terms(Board.from_quilt(view.quilt), 2.0, [0.0] * 6, [0.0] * 6, 0.0)
        result = evaluate_scenario(number, state.scores()[0], [name for name, _ in state.cats])
        expected = sum(min(1.0, o.achieved / o.target) for o in result.objectives if o.key != "score")
        assert progress == pytest.approx(10.0 * expected)


def test_only_scenario_games_get_objective_terms() -> None:
    seen: list[bool] = []
    original = ObjectiveTerms.__init__

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(True)
        original(self, *args, **kwargs)

    for scenario in (None, 10):
        state = new_game(GameOptions(players=["a"], mode="solo", scenario=scenario), 3)
        state.apply(random_goal_choice(state, 0, random.Random(1)))
        ObjectiveTerms.__init__ = spy  # type: ignore[method-assign]
        try:
            StrongPolicy(1, budget_ms=None, shortlist=2, samples=1).choose_turn(build_view(state, 0))
            StrongPolicy(1, budget_ms=None, shortlist=2, samples=1, objective_bonus=0.0).choose_turn(
                build_view(state, 0))
        finally:
            ObjectiveTerms.__init__ = original  # type: ignore[method-assign]
        assert len(seen) == (0 if scenario is None else 1)
        seen.clear()
