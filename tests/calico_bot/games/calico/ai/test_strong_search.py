"""The strong player's three-placement value, checked against a brute-force computation."""

from __future__ import annotations

import random

from calico_bot.games.calico.ai import build_view, policy_by_name
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, Weights
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.geometry import cells_of


def test_third_placement_is_tried_on_the_quilt_after_the_second() -> None:
    rng = random.Random(2)
    state = new_game(GameOptions(players=["a"], mode="solo"), 9)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(8):
        state.apply(random_turn(state, rng))
    view = build_view(state, 0)
    rules = rules_for(view.cat_of_pattern)
    ev = Evaluator(goal_list(view.goals), rules)
    after = Board.from_quilt(view.quilt)
    after.place(cells_of(after.empty)[0], view.hand[0], rules)
    remaining = 22 - after.placed
    a, b = view.hand[1], view.market[0]
    assert b is not None

    def place(board: Board, cell: int, tile: int) -> Board:
        out = board.copy()
        out.place(cell, tile, rules)
        return out

    seconds = [place(after, c, a) for c in cells_of(after.empty)]
    second = max(seconds, key=lambda q: ev(q, remaining - 1))  # first best, as the policy keeps it
    expected = max(ev(place(second, c, b), remaining - 2) for c in cells_of(second.empty))
    got = StrongPolicy(1)._third(after, a, b, rules, ev, remaining, {}, {})
    assert got == expected
    # The additive estimate of strong-v1 differs: it measures b's gain on ``after`` alone.
    alone = max(ev(place(after, c, b), remaining - 1) for c in cells_of(after.empty))
    assert got != ev(second, remaining - 1) + alone - ev(after, remaining)


def test_strong_v1_keeps_the_old_settings() -> None:
    old = policy_by_name("strong-v1", 3)
    new = policy_by_name("strong", 3)
    assert (old.conditional_third, old.resample, old.objective_bonus) == (False, 1, 0.0)  # type: ignore[attr-defined]
    assert (new.conditional_third, new.resample) == (True, 3)  # type: ignore[attr-defined]
    # Issue 16 re-weighted the open cats and buttons; strong-v1 keeps the weights it was measured with.
    assert (old.weights.cat_scale, old.weights.button_scale) == (1.0, 1.0)  # type: ignore[attr-defined]
    assert new.weights == Weights()  # type: ignore[attr-defined]


def test_strong_w1_is_todays_search_with_the_old_weights() -> None:
    w1 = policy_by_name("strong-w1", 3, budget_ms=None)
    new = policy_by_name("strong", 3, budget_ms=None)
    assert w1.name == "strong-w1"
    assert (w1.weights.cat_scale, w1.weights.button_scale) == (1.0, 1.0)  # type: ignore[attr-defined]
    for attr in ("conditional_third", "resample", "objective_bonus", "shortlist", "samples", "goal_futures"):
        assert getattr(w1, attr) == getattr(new, attr), attr
    assert w1.budget_ms is None  # type: ignore[attr-defined]


def test_cat_and_button_scales_weigh_only_their_potential() -> None:
    rng = random.Random(5)
    state = new_game(GameOptions(players=["a"], mode="solo"), 4)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(6):
        state.apply(random_turn(state, rng))
    view = build_view(state, 0)
    rules = rules_for(view.cat_of_pattern)
    board = Board.from_quilt(view.quilt)
    remaining = 22 - board.placed

    def value(**weights: float) -> float:
        return Evaluator(goal_list(view.goals), rules, Weights(**weights))(board, remaining)

    base = value(cat_scale=1.0, button_scale=1.0)
    no_cats = value(cat_scale=0.0, button_scale=1.0)
    no_buttons = value(cat_scale=1.0, button_scale=0.0)
    cats, buttons = base - no_cats, base - no_buttons
    assert cats > 0 and buttons > 0  # this quilt has open cat and button groups
    got = value(cat_scale=0.85, button_scale=1.2)
    assert abs(got - (base - 0.15 * cats + 0.2 * buttons)) < 1e-9
