"""The learned residual of the evaluation (``ai/residual.py``): its fit, its file and its place in the evaluator."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from calico_bot.games.calico.ai import build_view, residual
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, Residual, load_residual
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn


def _board(seed: int, turns: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(GameOptions(players=["a"], mode="solo"), seed)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(turns):
        state.apply(random_turn(state, rng))
    view = build_view(state, 0)
    return view, Board.from_quilt(view.quilt)


def test_the_residual_adds_its_linear_correction_of_the_terms() -> None:
    view, board = _board(3, 9)
    rules = rules_for(view.cat_of_pattern)
    goals = goal_list(view.goals)
    remaining = 22 - board.placed
    plain = Evaluator(goals, rules)
    base = plain(board, remaining)
    terms = plain.last_terms
    assert terms[0] > 0 and terms[2] > 0  # goals and open buttons on this quilt
    assert base == pytest.approx(board.points + sum(terms), abs=1e-9)
    coefficients = (1.5, 0.1, -0.2, 0.3, 0.5)
    corrected = Evaluator(goals, rules, residual=Residual({remaining: coefficients}))(board, remaining)
    expected = coefficients[0] + sum(c * t for c, t in zip(coefficients[1:], terms, strict=True))
    assert corrected - base == pytest.approx(expected, abs=1e-9)
    other = Evaluator(goals, rules, residual=Residual({remaining + 1: coefficients}))(board, remaining)
    assert other == base  # no coefficients for these placements left: no correction


def test_fit_recovers_a_known_residual_per_placements_left() -> None:
    rng = np.random.default_rng(5)
    rows = []
    truth = {3: (2.0, 0.5, -0.3, 0.2, 0.0), 10: (-1.0, 0.0, 0.4, -0.1, 1.0)}
    for remaining, beta in truth.items():
        terms = rng.uniform(0, 20, size=(600, 4))
        value = rng.uniform(20, 60, size=600)
        noise = rng.normal(0, 0.5, size=600)
        final = value + beta[0] + terms @ np.array(beta[1:]) + noise
        rows.append(np.column_stack([np.full(600, remaining), value, terms, final]))
    coefficients, report = residual.fit(np.vstack(rows))
    assert sorted(coefficients) == [3, 10]
    for remaining, beta in truth.items():
        assert coefficients[remaining][1:] == pytest.approx(beta[1:], abs=0.03)
        assert coefficients[remaining][0] == pytest.approx(beta[0], abs=0.4)  # the constant takes the slopes' noise
        assert report[remaining]["cv_r2"] > 0.9


def test_training_refuses_reserved_seeds_and_the_shipped_file_loads(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        residual.main(["--games", "50", "--seed", "150"])
    assert "overlap the reserved seeds 1-200" in capsys.readouterr().err
    data = json.loads(residual.DATA_FILE.read_text(encoding="utf-8"))
    loaded = load_residual()
    assert set(loaded.coefficients) == {int(r) for r in data["coefficients"]}
    assert all(len(c) == 5 for c in loaded.coefficients.values())


def test_strong_with_the_residual_plays_a_legal_deterministic_turn_that_it_changes() -> None:
    from calico_bot.games.calico.ai.strong import StrongPolicy

    rng = random.Random(2)
    state = new_game(GameOptions(players=["a"], mode="solo"), 2)
    state.apply(random_goal_choice(state, 0, rng))
    changed = 0
    for _ in range(10):
        view = build_view(state, 0)
        with_residual = [StrongPolicy(2, budget_ms=None, shortlist=4, residual=1).choose_turn(view) for _ in range(2)]
        assert with_residual[0] == with_residual[1]
        changed += with_residual[0] != StrongPolicy(2, budget_ms=None, shortlist=4).choose_turn(view)
        state.apply(with_residual[0])  # legal
    assert changed > 0  # the correction reaches the search's leaves
