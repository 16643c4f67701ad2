"""One budget setting for bot and bench; the evaluator's remembered potentials change nothing."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import bench, budget, policy_by_name
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, button_chances, cat_potential
from calico_bot.games.calico.ai.registry import takes_budget
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.geometry import cells_of


def test_budget_setting_parses_the_environment() -> None:
    assert budget.budget_ms({}) == budget.DEFAULT_BUDGET_MS
    assert budget.budget_ms({"AI_BUDGET_MS": " 250 "}) == 250
    for bad in ("fast", "-5", "0", "1.5"):
        with pytest.raises(ValueError, match="AI_BUDGET_MS must be a positive whole number"):
            budget.budget_ms({"AI_BUDGET_MS": bad})


def test_strong_policies_and_bench_read_the_same_setting(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AI_BUDGET_MS", "123")
    for name in ("strong", "hard", "strong-v1"):
        assert takes_budget(name)
        assert policy_by_name(name, 1).budget_ms == 123  # type: ignore[attr-defined]
    assert policy_by_name("strong", 1, budget_ms=None).budget_ms is None  # type: ignore[attr-defined]
    assert not takes_budget("greedy")
    assert policy_by_name("strong-v1", 1).name == "strong-v1"
    bench.main(["--policy", "greedy", "--games", "1"])
    assert "budget 123 ms per move" in capsys.readouterr().out


def test_remembered_potentials_equal_fresh_ones() -> None:
    rng = random.Random(4)
    state = new_game(GameOptions(players=["a"], mode="solo"), 6)
    state.apply(random_goal_choice(state, 0, rng))
    rules = rules_for(state.cat_of_pattern)
    ev = Evaluator(goal_list(state.players[0].goals), rules)
    while not state.over:
        board = Board.from_quilt(state.players[0].quilt)
        remaining = 21 - board.placed
        for tile in state.players[0].hand:
            for cell in cells_of(board.empty):
                trial = board.copy()
                trial.place(cell, tile, rules)
                fresh = trial.points + ev.goals_value(trial)
                product = 1.0
                for pattern, rule in enumerate(rules):
                    if rule is not None and remaining > 0:
                        fresh += cat_potential(trial, pattern, rule, ev.w, remaining)
                if remaining > 0:
                    for color in range(6):
                        chances = button_chances(trial, color, ev.w, remaining)
                        fresh += 3 * ev.w.button_scale * chances
                        if not trial.btn_colors >> color & 1:
                            product *= min(1.0, chances) if chances > 0 else ev.w.lone_button
                    if not trial.rainbow:
                        fresh += 3 * ev.w.rainbow_scale * product
                assert ev(trial, remaining) == pytest.approx(fresh)
                assert ev(trial, remaining) == pytest.approx(fresh)  # second call from memory
        state.apply(random_turn(state, rng))
    assert ev._cats and ev._buttons
