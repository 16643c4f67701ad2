"""The strong player's scenario terms agree with the rules' objective checks on finished quilts."""

from __future__ import annotations

import dataclasses
import random

import pytest

from calico_bot.games.calico.ai import build_view
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import ObjectiveTerms, ScenarioPass
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.components import SCENARIOS
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.scenarios import Objective, ScenarioResult, evaluate_scenario


def _finished_at_random(number: int, seed: int, rng: random.Random) -> tuple[GameState, PlayerView]:
    """A solo game of scenario ``number`` played to the end by random turns, and the player's view of it."""
    state = new_game(GameOptions(players=["a"], mode="solo", scenario=number), seed)
    state.apply(random_goal_choice(state, 0, rng))
    while not state.over:
        state.apply(random_turn(state, rng))
    return state, build_view(state, 0)


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_objective_progress_on_a_finished_quilt_matches_the_rules(number: int) -> None:
    rng = random.Random(number)
    for seed in range(3):
        state, view = _finished_at_random(number, seed, rng)
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


@pytest.mark.parametrize("number", sorted(SCENARIOS))
def test_pass_value_of_a_finished_quilt_matches_the_rules(number: int) -> None:
    """:class:`ScenarioPass` (the scenario endgame's value) against the rules' check, on finished quilts and on the
    same quilts against scenarios whose needs and objectives are lowered to what the quilt holds (it passes) and the
    need one point above (it fails)."""
    rng = random.Random(100 + number)
    for seed in range(4):
        state, view = _finished_at_random(number, seed, rng)
        rules = rules_for(view.cat_of_pattern)
        board = Board.from_quilt(view.quilt)
        score = state.scores()[0]
        result = evaluate_scenario(number, score, [name for name, _ in state.cats])
        for need in (SCENARIOS[number].min_score, score.total, score.total + 1):
            passing = ScenarioPass(dataclasses.replace(SCENARIOS[number], min_score=need), rules, goal_list(view.goals))
            expected = ScenarioResult(result.scenario, [*result.objectives[:-1], Objective("score", need, score.total)])
            assert passing.passes(board) is expected.passed
            assert passing(board) == pytest.approx(float(expected.passed) + passing.epsilon * score.total)
        # objectives lowered to what the quilt holds: the pass turns on each objective alone
        lowered = dataclasses.replace(SCENARIOS[number], min_score=0, **{
            o.key: min(o.achieved, o.target) for o in result.objectives
            if o.key in ("goals_both", "goals_ok", "total_cats", "buttons_one_color", "tokens_one_cat")})
        expected_met = all(o.met for o in result.objectives if o.key in ("rainbow", "one_of_each_cat"))
        assert ScenarioPass(lowered, rules, goal_list(view.goals)).met(board) is expected_met
        held = dataclasses.replace(lowered, **{o.key: False for o in result.objectives
                                               if o.key in ("rainbow", "one_of_each_cat") and not o.met})
        assert ScenarioPass(held, rules, goal_list(view.goals)).met(board)  # every objective the quilt holds
        for need, passed in ((score.total, True), (score.total + 1, False)):
            held_need = dataclasses.replace(held, min_score=need)
            assert ScenarioPass(held_need, rules, goal_list(view.goals)).passes(board) is passed
        if any(o.target > 0 and o.achieved < o.target for o in result.objectives if o.key != "score"):
            assert not ScenarioPass(SCENARIOS[number], rules, goal_list(view.goals)).met(board)
