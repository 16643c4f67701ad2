"""Issue 16's twelfth-round options: the evaluation at the root play-outs' ends with factors of its own on the open
goals, cats and buttons (``leaf_goal``, ``leaf_cat``, ``leaf_button``) and a schedule by the placements left there
(``leaf_schedule``), :class:`.evaluation.LeafScales`."""

from __future__ import annotations

import functools
import random
from dataclasses import replace

import pytest

from calico_bot.games.calico.ai import bench, build_view, leaffit
from calico_bot.games.calico.ai.board import Board, goal_list, goal_points, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, LeafFit, LeafScales, Weights, load_leaf_fit
from calico_bot.games.calico.ai.playout import playout_means
from calico_bot.games.calico.ai.strong import StrongPolicy
from tests.calico_bot.games.calico.ai.positions import first_candidates, random_position, spy_playouts


def test_settings_parse_default_off_and_wrong_values_are_refused() -> None:
    policy = bench._policy("strong:leaf_goal=0.9,leaf_cat=0.7,leaf_button=1.35,leaf_schedule=0.5", 1, bench.NO_CAP)
    assert policy.leaf == LeafScales(0.9, 0.7, 1.35, 0.5)  # type: ignore[attr-defined]
    assert not policy.leaf.off  # type: ignore[attr-defined]
    assert StrongPolicy(1).leaf == LeafScales() and StrongPolicy(1).leaf.off
    for bad in ({"leaf_cat": -0.1}, {"leaf_button": 3.5}, {"leaf_goal": -1}):
        with pytest.raises(ValueError, match="must be a number from 0 to 3"):
            StrongPolicy(1, **bad)  # type: ignore[arg-type]
    for schedule in (-0.5, 1.5):
        with pytest.raises(ValueError, match="leaf_schedule must be a number from 0"):
            StrongPolicy(1, leaf_schedule=schedule)
    with pytest.raises(SystemExit):  # the bench refuses it in one line, before playing
        bench.main(["--policy", "strong:leaf_cat=7", "--games", "1"])


def _positions():  # type: ignore[no-untyped-def]
    for turns, seed in ((3, 1), (8, 2), (14, 3), (19, 4)):
        view = build_view(random_position(1, turns, seed), 0)
        rules = rules_for(view.cat_of_pattern)
        yield goal_list(view.goals), rules, Board.from_quilt(view.quilt)


def test_the_open_terms_are_what_each_weight_adds_to_the_evaluation() -> None:
    """Each open term is the difference the evaluation makes without it: open cats with ``cat_scale`` 0, open buttons
    with ``button_scale`` 0 (the rainbow term does not depend on it), open goals with ``goal_scale`` 0 less the
    finished goals' points."""
    w = Weights()
    seen = [0.0, 0.0, 0.0]
    for goals, rules, board in _positions():
        ev = Evaluator(goals, rules, w)
        remaining = 22 - board.placed
        goals_open, cats, buttons = ev.open_terms(board, remaining)
        full = ev(board, remaining)
        no_cats = Evaluator(goals, rules, replace(w, cat_scale=0.0))(board, remaining)
        no_buttons = Evaluator(goals, rules, replace(w, button_scale=0.0))(board, remaining)
        no_goals = Evaluator(goals, rules, replace(w, goal_scale=0.0))(board, remaining)
        finished = sum(goal_points(board.cells, n, g) for n, g in goals if all(board.cells[c] >= 0 for c in n))
        assert cats == pytest.approx(full - no_cats)
        assert buttons == pytest.approx(full - no_buttons)
        assert goals_open == pytest.approx(full - no_goals - finished)
        assert ev.open_terms(board, 0) == (0.0, 0.0, 0.0)
        seen = [max(a, b) for a, b in zip(seen, (goals_open, cats, buttons), strict=True)]
    assert min(seen) > 0  # every term was met


def test_the_leaf_value_scales_the_open_terms_only() -> None:
    goals, rules, board = list(_positions())[1]
    ev = Evaluator(goals, rules, Weights())
    remaining = 22 - board.placed
    g, c, b = ev.open_terms(board, remaining)
    base = ev(board, remaining)
    assert LeafScales().value(ev, board, remaining) == base
    assert LeafScales(0.9, 0.7, 1.35).value(ev, board, remaining) == pytest.approx(base - 0.1 * g - 0.3 * c
                                                                                  + 0.35 * b)
    assert LeafScales(0.0, 0.0, 0.0).value(ev, board, 0) == ev(board, 0)  # a finished game: the score itself


def test_the_schedule_follows_the_placements_left() -> None:
    leaf = LeafScales(schedule=1.0)
    assert leaf.factors(16) == pytest.approx((1.0, 1.0, 1.18))
    assert leaf.factors(12) == pytest.approx((1.0, 0.73, 1.18))
    assert leaf.factors(8) == pytest.approx((1.0, 0.73, 1.0))
    assert leaf.factors(4) == pytest.approx((1.0, 0.73, 0.82))
    assert LeafScales(cat=0.8, button=1.1, schedule=0.5).factors(3) == pytest.approx((1.0, 0.8 * 0.865, 1.1 * 0.91))
    assert LeafScales().factors(3) == (1.0, 1.0, 1.0)


def _candidates(turns: int = 6):  # type: ignore[no-untyped-def]
    view = build_view(random_position(1, turns), 0)
    rules = rules_for(view.cat_of_pattern)
    return view, rules, first_candidates(view, rules)


def test_the_leaf_values_the_play_outs_ends_and_the_policy_keeps_its_evaluation() -> None:
    """With cats counted 0 at the leaf the means are those of a leaf evaluator without cats while the play-outs are
    played by the full evaluation (the same ends), and they differ from the full evaluation's means."""
    view, rules, cands = _candidates()
    goals = goal_list(view.goals)
    w = Weights()
    no_cats = Evaluator(goals, rules, replace(w, cat_scale=0.0))
    means = {}
    for name, leaf_of in (("default", lambda ev: None), ("scaled", lambda ev: functools.partial(
            LeafScales(cat=0.0).value, ev)), ("no-cats", lambda ev: no_cats)):
        ev = Evaluator(goals, rules, w)
        means[name] = playout_means(cands, view.market, view.unseen_list, solo=True, n_players=1, rules=rules, ev=ev,
                                    futures=3, rng=random.Random(9), horizon=3, leaf=leaf_of(ev))
    assert means["scaled"] == pytest.approx(means["no-cats"])
    assert means["scaled"] != means["default"]


def test_the_strong_player_passes_its_leaf_to_the_play_outs_only_when_set(monkeypatch: pytest.MonkeyPatch) -> None:
    leaves = spy_playouts(monkeypatch, "leaf")
    view = build_view(random_position(1, 6), 0)
    StrongPolicy(3, budget_ms=None, rollouts=2).choose_turn(view)
    assert leaves[-1] is None
    policy = StrongPolicy(3, budget_ms=None, rollouts=2, leaf_cat=0.5, leaf_schedule=1.0)
    policy.choose_turn(view)
    leaf = leaves[-1]
    assert isinstance(leaf, functools.partial) and leaf.func == policy.leaf.value
    assert policy.weights == Weights()  # the search keeps its own weights


# --- the learned correction (leaf_fit) ------------------------------------------------------------------------------


def test_the_terms_add_up_to_the_evaluation() -> None:
    for goals, rules, board in _positions():
        ev = Evaluator(goals, rules, Weights())
        remaining = 22 - board.placed
        t = leaffit.terms(ev, board, remaining)
        assert len(t) == len(leaffit.TERMS) and sum(t) == pytest.approx(ev(board, remaining))
        assert t[0] >= board.points and t[4] >= 0  # banked points; the rainbow term


def test_the_ridge_fit_finds_a_known_correction_and_reports_its_r2() -> None:
    rng = random.Random(4)
    rows = []
    for _ in range(600):
        t = tuple(rng.uniform(0, 10) for _ in leaffit.TERMS)
        value = sum(t)
        final = value + 3 - 0.3 * t[2] + 0.2 * t[3] + rng.gauss(0, 0.5)  # cats over-, buttons under-valued
        rows.append((value, t, round(final)))
    fitted = leaffit.fit_bucket(rows)
    coef = fitted["coefficients"]
    assert coef[2] == pytest.approx(-0.3, abs=0.03) and coef[3] == pytest.approx(0.2, abs=0.03)  # type: ignore[index]
    assert abs(coef[0]) < 0.03 and abs(coef[1]) < 0.03  # type: ignore[index]
    assert fitted["cv_r2"] > fitted["evaluation_r2"]  # type: ignore[operator]
    assert fitted["penalty"] in leaffit.PENALTIES


def test_the_fit_corrects_the_leaf_and_leaves_a_finished_quilt_alone() -> None:
    goals, rules, board = list(_positions())[1]
    ev = Evaluator(goals, rules, Weights())
    remaining = 22 - board.placed
    fit = LeafFit.from_json({"buckets": {str(remaining): {"constant": 2.0,
                                                                  "coefficients": [0, 0, -0.5, 0.25, 0]}}})
    t = leaffit.terms(ev, board, remaining)
    assert fit.value(ev, board, remaining) == pytest.approx(ev(board, remaining) + 2 - 0.5 * t[2] + 0.25 * t[3])
    assert fit.value(ev, board, remaining - 1) == ev(board, remaining - 1)  # no bucket: the evaluation
    assert fit.value(ev, board, 0) == ev(board, 0)
    with pytest.raises(ValueError, match="must have 5 coefficients"):
        LeafFit.from_json({"buckets": {"3": {"constant": 0, "coefficients": [1, 2]}}})


def test_the_trainer_refuses_the_bench_and_development_seeds() -> None:
    for seed in ("1", "900", "9501", "9990"):
        with pytest.raises(SystemExit):
            leaffit.main(["--games", "20", "--seed", seed, "--out", "/dev/null"])


def test_leaf_fit_is_parsed_refused_and_passed_to_the_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    policy = bench._policy("strong:leaf_fit=1", 1, bench.NO_CAP)
    assert policy.leaf_fit == load_leaf_fit()  # type: ignore[attr-defined]
    assert StrongPolicy(1).leaf_fit is None
    with pytest.raises(ValueError, match="leaf_fit must be a whole number from 0 to 1"):
        StrongPolicy(1, leaf_fit=2)
    with pytest.raises(ValueError, match="not both"):
        StrongPolicy(1, leaf_fit=1, leaf_cat=0.8)
    leaves = spy_playouts(monkeypatch, "leaf")
    StrongPolicy(3, budget_ms=None, rollouts=2, leaf_fit=1).choose_turn(build_view(random_position(1, 6), 0))
    leaf = leaves[-1]
    assert isinstance(leaf, functools.partial) and leaf.func == load_leaf_fit().value
