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
    for name in ("strong", "hard", "strong-v1", "strong-w1"):
        assert takes_budget(name)
        assert policy_by_name(name, 1).budget_ms == 123  # type: ignore[attr-defined]
    assert policy_by_name("strong", 1, budget_ms=None).budget_ms is None  # type: ignore[attr-defined]
    assert not takes_budget("greedy")
    assert policy_by_name("strong-v1", 1).name == "strong-v1"
    bench.main(["--policy", "greedy", "--games", "1"])
    assert "budget 123 ms per move" in capsys.readouterr().out


def test_bench_no_cap_turns_the_time_cap_off(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("AI_BUDGET_MS", "123")
    assert bench._options("strong", bench.NO_CAP) == {"budget_ms": None}
    assert bench._options("strong-w1", 50.0) == {"budget_ms": 50.0}
    assert bench._options("greedy", bench.NO_CAP) == {}
    bench.main(["--policy", "greedy", "--games", "1", "--no-cap"])
    assert "no time cap per move" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        bench.main(["--policy", "greedy", "--games", "1", "--no-cap", "--budget-ms", "10"])


def _outcome(seed: int, total: int, passed: bool) -> bench.SoloOutcome:
    return bench.SoloOutcome(seed, total, 0, 0, 0, [0.0], passed)


def test_scenario_difference_pairs_games_by_scenario_and_seed() -> None:
    mine = {1: [_outcome(1, 60, True), _outcome(2, 50, False)], 2: [_outcome(1, 70, True), _outcome(2, 64, True)]}
    theirs = {1: [_outcome(1, 58, False), _outcome(2, 50, False)], 2: [_outcome(1, 66, True), _outcome(2, 60, False)]}
    line = bench.scenario_difference("a", mine, "b", theirs)
    # passes 3 against 1 in 4 paired games: +50 points of %; totals +2, 0, +4, +4: mean +2.50
    assert line.startswith("paired difference a - b (4 games): pass +50.0 points of %")
    assert "passed by a only 2, by b only 0" in line
    assert "mean +2.50" in line
    table = bench.scenario_table("a", mine)
    assert "scenario  2 (needs 59): pass 100.0%, mean 67.0" in table
    assert "all: pass 75.0%" in table
    assert "time/move: mean 0 ms" in table and "(4 moves)" in table


def test_fork_shares_the_turns_before_the_fork() -> None:
    """``--fork-at``: a game played by ``--vs`` up to the fork and by each policy after it; the same policy on both
    sides ends the same game as the plain bench does, and the arguments are checked."""
    for spaces in (1, 4, 22):
        a, b = bench.play_solo_fork("greedy", "greedy", 3, "standard", bench.NO_CAP, 2, spaces)
        plain = bench.play_solo("greedy", 3, "standard", bench.NO_CAP, 2)
        assert (a.total, a.passed) == (b.total, b.passed) == (plain.total, plain.passed)
        assert len(a.move_seconds) == spaces  # the policy's own turns only
    for argv in (["--fork-at", "4"], ["--fork-at", "0", "--vs", "greedy"], ["--fork-at", "4", "--vs", "greedy",
                                                                            "--players", "2"]):
        with pytest.raises(SystemExit):
            bench.main(["--policy", "greedy", "--games", "1", "--no-cap", *argv])


def test_bench_scenarios_with_vs_prints_both_tables_and_the_difference(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--policy", "greedy", "--vs", "random", "--games", "2", "--scenarios", "1", "--no-cap"])
    out = capsys.readouterr().out
    assert "greedy: solo scenarios, 2 games each" in out
    assert "random: solo scenarios, 2 games each" in out
    assert "paired difference greedy - random (2 games)" in out


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
    assert ev._levels


def test_bench_policy_specs_carry_search_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.parse_spec("strong") == ("strong", {})
    assert bench.parse_spec("strong:samples=12,third_weight=0.5") == ("strong", {"samples": 12, "third_weight": 0.5})
    assert bench._options("strong:resample=5", bench.NO_CAP) == {"resample": 5, "budget_ms": None}
    policy = bench._policy("strong:samples=9,shortlist=4", 1, bench.NO_CAP)
    assert (policy.samples, policy.shortlist, policy.budget_ms) == (9, 4, None)  # type: ignore[attr-defined]
    for bad, words in (("strong:depth=2", "is not KEY=VALUE"), ("strong:samples=many", "samples must be a number"),
                       ("greedy:samples=3", "only the searching policies")):
        with pytest.raises(ValueError, match=words):
            bench.parse_spec(bad)
    with pytest.raises(SystemExit):
        bench.main(["--policy", "strong:samples", "--games", "1"])
    assert "is not KEY=VALUE" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench.main(["--policy", "nobody", "--games", "1"])
    assert "unknown policy 'nobody'" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--games", "0"], ["--games", "-3"], ["--jobs", "0"], ["--budget-ms", "0"],
                                  ["--budget-ms", "nan"]])
def test_the_bench_refuses_empty_or_impossible_runs_in_one_line(argv: list[str],
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        bench.main(["--policy", "greedy", *argv])
    assert exit_.value.code == 2
    assert "error: --" in capsys.readouterr().err
