"""Root play-outs of the strong player's shortlist (``rollouts``, ``horizon``, ``rollout_top``, ``halving``)."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import bench, build_view
from calico_bot.games.calico.ai import strong as strong_module
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, Weights
from calico_bot.games.calico.ai.playout import Candidate, play_on, playout_means, refill
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.components import PATCH_SPACES
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.geometry import cells_of, label
from tests.calico_bot.games.calico.ai.positions import random_position


def _evaluator(view) -> tuple[Evaluator, tuple]:  # type: ignore[no-untyped-def]
    rules = rules_for(view.cat_of_pattern)
    return Evaluator(goal_list(view.goals), rules, Weights()), rules


def _candidates(view, rules, count: int) -> list[Candidate]:  # type: ignore[no-untyped-def]
    board = Board.from_quilt(view.quilt)
    out = []
    for cell in cells_of(board.empty)[:count]:
        after = board.copy()
        after.place(cell, view.hand[0], rules)
        out.append(Candidate(after, view.hand[1], len(out) % 3))
    return out


def test_settings_parse_and_wrong_values_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    policy = bench._policy("strong:rollouts=8,horizon=5,rollout_top=4,halving=1", 1, bench.NO_CAP)
    assert (policy.rollouts, policy.horizon, policy.rollout_top, policy.halving) == (8, 5, 4, True)  # type: ignore
    default = StrongPolicy(1)
    assert (default.rollouts, default.horizon, default.rollout_top, default.halving) == (8, 4, 3, False)
    assert not default.rollouts_everywhere  # standard solo only, unless asked for
    assert not bench._policy("strong-v1", 1, bench.NO_CAP).rollouts  # type: ignore[attr-defined]
    for bad in ({"rollouts": -1}, {"rollouts": 2.5}, {"horizon": 23}, {"rollout_top": 1}, {"halving": 2},
                {"rollouts_everywhere": 2}):
        with pytest.raises(ValueError, match="must be a whole number"):
            StrongPolicy(1, **bad)  # type: ignore[arg-type]
    with pytest.raises(SystemExit):
        bench.main(["--policy", "strong:rollouts=-4", "--games", "1"])
    err = capsys.readouterr().err
    assert "rollouts must be a whole number from 0 to 1000, not -4" in err and "Traceback" not in err
    with pytest.raises(SystemExit):
        bench.main(["--policy", "strong:horizon=soon", "--games", "1"])
    assert "horizon must be a number" in capsys.readouterr().err


def test_play_on_plays_to_the_end_or_the_horizon_and_leaves_its_inputs() -> None:
    view = build_view(random_position(1, 5), 0)
    ev, rules = _evaluator(view)
    board = Board.from_quilt(view.quilt)
    bag = view.unseen_list
    random.Random(1).shuffle(bag)
    hand, market = list(view.hand), list(view.market)
    end = play_on(board, hand, market, bag, 0, solo=True, n_players=1, rules=rules, ev=ev, rng=random.Random(2))
    assert end.placed == PATCH_SPACES and board.placed == view.placed
    assert hand == list(view.hand) and market == list(view.market)
    short = play_on(board, hand, market, bag, 0, solo=True, n_players=1, rules=rules, ev=ev, rng=random.Random(2),
                    turns=3)
    assert short.placed == view.placed + 3


def test_refill_follows_the_conveyor_and_the_open_market() -> None:
    bag = [10, 11, 12, 13, 14]
    assert refill([1, 2, 3], 0, bag, 1, solo=True, n_players=1, rng=random.Random(0)) == ([3, 11, 12], 3)
    assert refill([1, 2, 3], 2, bag, 0, solo=True, n_players=1, rng=random.Random(0)) == ([2, 10, 11], 2)
    other = random.Random(0).randrange(3)  # the slot the other player takes
    expected = [1, 10, 3]
    expected[other] = 11
    assert refill([1, 2, 3], 1, bag, 0, solo=False, n_players=2, rng=random.Random(0)) == (expected, 2)
    assert refill([1, 2, 3], 1, [], 0, solo=True, n_players=1, rng=random.Random(0))[0] == [3, None, None]


def test_playout_means_use_common_futures_halve_and_stop_at_the_deadline() -> None:
    view = build_view(random_position(1, 4), 0)
    ev, rules = _evaluator(view)
    cands = _candidates(view, rules, 6)
    args = {"solo": True, "n_players": 1, "rules": rules, "ev": ev, "futures": 4, "horizon": 0}
    means = playout_means(cands, view.market, view.unseen_list, rng=random.Random(5), **args)
    assert all(m is not None for m in means)
    assert means == playout_means(cands, view.market, view.unseen_list, rng=random.Random(5), **args)
    # The same futures for every candidate: a candidate listed twice gets the same mean as its twin.
    twice = playout_means([cands[0], cands[1], cands[0]], view.market, view.unseen_list, rng=random.Random(5), **args)
    assert twice[0] == twice[2]
    halved = playout_means(cands, view.market, view.unseen_list, rng=random.Random(5), halving=True, **args)
    kept = [i for i, m in enumerate(halved) if m is not None]
    assert len(kept) == 3  # six candidates, two rounds: the better half of the first round goes on
    late = playout_means(cands, view.market, view.unseen_list, rng=random.Random(5), deadline=0.0, **args)
    assert late == [None] * 6


def test_the_best_played_out_pair_is_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The stage changes the decision to the pair whose play-outs score best (here: faked to be the last one)."""
    view = build_view(random_position(1, 6), 0)
    seen: list[list[Candidate]] = []

    def fake(candidates, market, pool, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(list(candidates))
        assert sorted(pool) == sorted(view.unseen_list) and kwargs["futures"] == 3
        return [float(i) for i in range(len(candidates))]

    monkeypatch.setattr(strong_module, "playout_means", fake)
    turn = StrongPolicy(4, budget_ms=None, rollouts=3, rollout_top=5).choose_turn(view)
    (cands,) = seen
    assert len(cands) == 5
    last = cands[-1]
    placed = [c for c in cells_of(Board.from_quilt(view.quilt).empty) if not last.after.empty >> c & 1]
    assert turn.space == label(placed[0]) and turn.take == last.slot + 1


def test_a_time_cap_keeps_a_legal_turn() -> None:
    state = random_position(1, 6)
    view = build_view(state, 0)
    turn = StrongPolicy(4, budget_ms=1, rollouts=50).choose_turn(view)
    state.apply(turn)  # legal
    assert state.players[0].quilt.placed == view.placed + 1


@pytest.mark.parametrize("horizon", [0, 4])
def test_play_outs_are_deterministic_for_a_fixed_seed(horizon: int) -> None:
    for players, turns in ((1, 5), (2, 9)):
        state = random_position(players, turns)
        view = build_view(state, state.current)
        a = StrongPolicy(9, budget_ms=None, shortlist=4, samples=3, rollouts=2, rollout_top=3, horizon=horizon,
                         rollouts_everywhere=1)
        b = StrongPolicy(9, budget_ms=None, shortlist=4, samples=3, rollouts=2, rollout_top=3, horizon=horizon,
                         rollouts_everywhere=1)
        assert a.choose_turn(view) == b.choose_turn(build_view(state.copy(), state.current))


def test_the_default_plays_out_in_standard_solo_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """On by default where it was measured (solo without a scenario); games with others and solo scenarios play
    out only with ``rollouts_everywhere=1``."""
    calls: list[int] = []
    original = strong_module.playout_means

    def counting(candidates, market, pool, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(kwargs["futures"])
        return original(candidates, market, pool, **kwargs)

    monkeypatch.setattr(strong_module, "playout_means", counting)
    scenario = new_game(GameOptions(players=["p0"], mode="solo", scenario=3), 5)
    rng = random.Random(5)
    scenario.apply(random_goal_choice(scenario, 0, rng))
    for _ in range(4):
        scenario.apply(random_turn(scenario, rng))
    for state, everywhere, played in ((random_position(1, 4), 0, True), (random_position(2, 6), 0, False),
                                      (scenario, 0, False), (random_position(2, 6), 1, True), (scenario, 1, True)):
        before = len(calls)
        StrongPolicy(3, budget_ms=None, shortlist=4, samples=3, rollouts_everywhere=everywhere).choose_turn(
            build_view(state, state.current))
        assert (len(calls) > before) == played
        assert calls[before:] == ([8] if played else [])
