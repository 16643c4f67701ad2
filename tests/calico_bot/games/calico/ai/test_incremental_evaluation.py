"""Incremental regions change no value: the evaluator returns the same floats as the frozen old one."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import build_view
from calico_bot.games.calico.ai.bits import components
from calico_bot.games.calico.ai.board import Board, goal_list, merge_into, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, ObjectiveTerms, Weights
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.components import PATCH_SPACES, SCENARIOS
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.geometry import cells_of

from .reference_evaluation import reference_value


def _regions_match(board: Board) -> None:
    for p in range(6):
        assert board.pg[p] == tuple(components(board.pm[p]))
        assert board.cg[p] == tuple(components(board.cm[p]))


def test_merge_into_joins_touching_groups_and_keeps_the_order() -> None:
    # groups {0}, {2}, {10}; a new cell 1 touching 0 and 2 (touch mask given explicitly)
    groups, merged = merge_into((1 << 0, 1 << 2, 1 << 10), 1 << 1, (1 << 0) | (1 << 2))
    assert merged == 0b111
    assert groups == (0b111, 1 << 10)
    groups, merged = merge_into((1 << 0, 1 << 10), 1 << 5, 0)
    assert merged == 1 << 5 and groups == (1 << 0, 1 << 5, 1 << 10)
    groups, merged = merge_into((), 1 << 3, 0)
    assert groups == (1 << 3,) and merged == 1 << 3


@pytest.mark.parametrize(("players", "scenario", "seed"), [(1, None, 3), (1, None, 11), (1, 4, 5), (1, 10, 8),
                                                           (2, None, 21)])
def test_trial_quilts_value_for_value(players: int, scenario: int | None, seed: int) -> None:
    """Chains of trial placements from real positions (as the search builds them) get the old values."""
    rng = random.Random(seed)
    mode = "solo" if players == 1 else "standard"
    state = new_game(GameOptions(players=[f"p{i}" for i in range(players)], mode=mode, scenario=scenario), seed)
    for seat in range(players):
        state.apply(random_goal_choice(state, seat, rng))
    weights = [Weights(), Weights(cat_scale=1.0, button_scale=1.0), Weights(cat_decay=0.5, goal_choices=3.0)]
    checked = 0
    while not state.over:
        seat = state.current
        view = build_view(state, seat)
        rules = rules_for(view.cat_of_pattern)
        goals = goal_list(view.goals)
        objectives = ObjectiveTerms(SCENARIOS[scenario], rules, goals, 10.0) if scenario else None
        ev = Evaluator(goals, rules, rng.choice(weights), objectives)
        board = Board.from_quilt(view.quilt)
        _regions_match(board)
        for _ in range(12):
            trial = board
            for depth in range(3):
                empties = cells_of(trial.empty)
                if not empties:
                    break
                trial = trial.copy()
                trial.place(rng.choice(empties), rng.randrange(36), rules)
                _regions_match(trial)
                remaining = PATCH_SPACES - trial.placed - (depth == 0)
                value = ev(trial, remaining)
                assert value == reference_value(ev, trial, remaining)
                assert ev(trial, remaining) == value  # again, from memory
                checked += 1
        state.apply(random_turn(state, rng))
    assert checked > 500


def test_every_evaluation_of_strong_moves_equals_the_old_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every call the strong player makes during a few real moves (all three search stages)."""
    calls = 0
    original = Evaluator.__call__

    def checked(self: Evaluator, board: Board, remaining: int) -> float:
        nonlocal calls
        calls += 1
        value = original(self, board, remaining)
        assert value == reference_value(self, board, remaining)
        return value

    monkeypatch.setattr(Evaluator, "__call__", checked)
    rng = random.Random(2)
    state = new_game(GameOptions(players=["a"], mode="solo"), 17)
    policy = StrongPolicy(17, budget_ms=None)
    state.apply(policy.choose_goals(build_view(state, 0)))
    for turn in range(PATCH_SPACES):
        if turn in (0, 9, 19):
            state.apply(policy.choose_turn(build_view(state, 0)))
        else:
            state.apply(random_turn(state, rng))
    assert state.over
    assert calls > 1000
