"""Issue 16's eleventh-round options of the root play-outs: ``rollout_pair`` (the hand's two tiles valued together),
``rollout_mix`` (the play-out mean blended with the sampled stage's value), ``full_from`` (play-outs to the end of
the game late on), ``rollout_extra`` (more futures in a close race) and ``rollout_wide`` (the play-outs' placement by
a two-ply search over its best trials)."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import bench, build_view
from calico_bot.games.calico.ai import playout as playout_module
from calico_bot.games.calico.ai import strong as strong_module
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, Weights
from calico_bot.games.calico.ai.playout import (
    Candidate,
    close_race,
    hand_value,
    pair_value,
    play_on,
    playout_means,
    wide_choice,
)
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.geometry import cells_of, label
from tests.calico_bot.games.calico.ai.positions import first_candidates, random_position, spy_playouts
from tests.calico_bot.games.calico.ai.reference_playout import best_cell  # the brute-force oracle


def _setup(turns: int, seed: int = 3):  # type: ignore[no-untyped-def]
    view = build_view(random_position(1, turns, seed), 0)
    rules = rules_for(view.cat_of_pattern)
    return view, Evaluator(goal_list(view.goals), rules, Weights()), rules, Board.from_quilt(view.quilt)


def test_settings_parse_default_off_and_wrong_values_are_refused() -> None:
    spec = "strong:rollout_pair=1,rollout_mix=0.5,full_from=7,rollout_extra=8,rollout_wide=3"
    policy = bench._policy(spec, 1, bench.NO_CAP)
    assert (policy.rollout_pair, policy.rollout_mix, policy.full_from, policy.rollout_extra,  # type: ignore
            policy.rollout_wide) == (True, 0.5, 7, 8, 3)  # type: ignore[attr-defined]
    default = StrongPolicy(1)
    assert (default.rollout_pair, default.rollout_mix, default.full_from, default.rollout_extra,
            default.rollout_wide) == (False, 1.0, 0, 0, 0)
    for bad in ({"rollout_pair": 2}, {"full_from": -1}, {"full_from": 23}, {"rollout_extra": -1},
                {"rollout_wide": -1}, {"rollout_wide": 2.5}):
        with pytest.raises(ValueError, match="must be a whole number"):
            StrongPolicy(1, **bad)  # type: ignore[arg-type]
    for mix in (-0.1, 1.5):
        with pytest.raises(ValueError, match="rollout_mix must be a number from 0 to 1"):
            StrongPolicy(1, rollout_mix=mix)


def test_pair_value_places_the_first_tile_on_its_best_space_then_the_second() -> None:
    _, ev, rules, board = _setup(6)
    before = board.key()
    for first, second, remaining in ((0, 13, 10), (7, 7, 10), (20, 35, 1)):
        cell = best_cell(board, first, rules, ev, remaining)[1]
        after = board.copy()
        after.place(cell, first, rules)
        expected = best_cell(after, second, rules, ev, remaining - 1)[0]
        assert pair_value(board, first, second, rules, ev, remaining) == expected
        assert board.key() == before
    both = (pair_value(board, 0, 13, rules, ev, 10), pair_value(board, 13, 0, rules, ev, 10))
    assert hand_value(board, 0, 13, rules, ev, 10) == max(both)
    assert hand_value(board, 7, 7, rules, ev, 10) == pair_value(board, 7, 7, rules, ev, 10)


def test_the_pair_policy_places_and_picks_by_the_hand_valued_together(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three placements with ``pair``: the first hand tile placed is the first of the better order
    (:func:`pair_value`) and the tile taken after it the one whose hand :func:`hand_value` values most; without
    ``pair`` (the default) the one-ply policy's: the best single placement, and the market tile whose best
    placement next turn (or the kept tile's) is worth most."""
    slots_taken: list[int] = []
    original = playout_module.refill

    def spy(market, slot, *args, **kwargs):  # type: ignore[no-untyped-def]
        slots_taken.append(slot)
        return original(market, slot, *args, **kwargs)

    monkeypatch.setattr(playout_module, "refill", spy)
    checked_pair_differs = False
    for seed in range(3, 9):
        view, ev, rules, board = _setup(5, seed)
        bag = view.unseen_list
        random.Random(4).shuffle(bag)
        hand, market = list(view.hand), list(view.market)
        remaining = 22 - board.placed - 1
        assert len(hand) == 2 and hand[0] != hand[1] and None not in market
        expected = {}
        for pair in (False, True):
            if pair:
                h = max((0, 1), key=lambda i: (pair_value(board, hand[i], hand[1 - i], rules, ev, remaining),
                                               best_cell(board, hand[i], rules, ev, remaining)[0], -i))
            else:
                h = max((0, 1), key=lambda i: (best_cell(board, hand[i], rules, ev, remaining)[0], -i))
            cell = best_cell(board, hand[h], rules, ev, remaining)[1]
            one = board.copy()
            one.place(cell, hand[h], rules)
            kept = hand[1 - h]
            if pair:
                values = [hand_value(one, kept, t, rules, ev, remaining - 1) for t in market]  # type: ignore
            else:
                values = [max(best_cell(one, t, rules, ev, remaining - 1)[0],  # type: ignore[arg-type]
                              best_cell(one, kept, rules, ev, remaining - 1)[0]) for t in market]
            expected[pair] = (cell, hand[h], max(range(3), key=lambda s: (values[s], -s)))
            slots_taken.clear()
            three = play_on(board, hand, market, bag, 0, solo=True, n_players=1, rules=rules, ev=ev,
                            rng=random.Random(1), turns=3, pair=pair)
            assert three.cells[cell] == hand[h] and slots_taken[0] == expected[pair][2]
        checked_pair_differs |= expected[True] != expected[False]
        default = play_on(board, hand, market, bag, 0, solo=True, n_players=1, rules=rules, ev=ev,
                          rng=random.Random(1), turns=4)
        off = play_on(board, hand, market, bag, 0, solo=True, n_players=1, rules=rules, ev=ev, rng=random.Random(1),
                      turns=4, pair=False)
        assert default.key() == off.key()
    assert checked_pair_differs  # the option changes some decision in these positions


def test_the_blend_picks_the_pair_the_formula_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Faked play-out means: with ``rollout_mix=1`` the best mean wins; with a mix the pair whose
    mix x mean + (1 - mix) x sampled value is best."""
    view = build_view(random_position(1, 6), 0)
    seen: list[list[Candidate]] = []
    fake_means = [0.0, 0.6, 0.0]

    def fake(candidates, market, pool, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(list(candidates))
        return list(fake_means)

    captured: list[list[tuple]] = []
    original = StrongPolicy._played_out

    def spy(self, view, scored, rules, ev, deadline):  # type: ignore[no-untyped-def]
        captured.append(sorted(scored, key=lambda x: x[0][:2], reverse=True)[: self.rollout_top])
        return original(self, view, scored, rules, ev, deadline)

    monkeypatch.setattr(strong_module, "playout_means", fake)
    monkeypatch.setattr(StrongPolicy, "_played_out", spy)
    turns = {}
    for mix in (1.0, 0.5, 0.0):
        turns[mix] = StrongPolicy(4, budget_ms=None, rollout_mix=mix).choose_turn(view)
    top = captured[0]
    values = [key[0] for key, _ in top]
    assert values[0] >= values[1] >= values[2]

    def turn_of(i: int):  # type: ignore[no-untyped-def]
        cell, s = top[i][0][3:]
        return (label(cell), s + 1)

    assert (turns[1.0].space, turns[1.0].take) == turn_of(1)  # the best play-out mean
    assert (turns[0.0].space, turns[0.0].take) == turn_of(0)  # the sampled stage alone
    blended = max(range(3), key=lambda i: (0.5 * fake_means[i] + 0.5 * values[i], top[i][0][:2]))
    assert (turns[0.5].space, turns[0.5].take) == turn_of(blended)


def test_full_from_plays_to_the_end_late_in_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    horizons = spy_playouts(monkeypatch, "horizon")
    for turns, full_from, expected in ((12, 0, 4), (12, 9, 0), (12, 8, 4), (6, 9, 4)):
        view = build_view(random_position(1, turns), 0)  # 22 - turns - 1 placements left after this one
        StrongPolicy(3, budget_ms=None, rollouts=2, full_from=full_from).choose_turn(view)
        assert horizons[-1] == expected, (turns, full_from)


def test_extra_futures_only_in_a_close_race_and_the_first_futures_unchanged() -> None:
    assert close_race([[1.0, 2.0, 3.0], [1.0, 2.1, 2.9], [0.0, 0.0, 0.0]], [0, 1, 2])
    assert not close_race([[5.0, 6.0, 5.5], [1.0, 1.2, 0.9]], [0, 1])
    assert close_race([[5.0], [1.0]], [0, 1]) and close_race([[2.0, 3.0], [2.0, 3.0]], [0, 1])
    view, ev, rules, _ = _setup(4)
    cands = first_candidates(view, rules)
    args = {"solo": True, "n_players": 1, "rules": rules, "ev": ev, "horizon": 3}
    four = playout_means(cands, view.market, view.unseen_list, futures=4, rng=random.Random(5), **args)
    eight = playout_means(cands, view.market, view.unseen_list, futures=8, rng=random.Random(5), **args)
    extra = playout_means(cands, view.market, view.unseen_list, futures=4, rng=random.Random(5), extra=4, **args)
    assert extra in (four, eight)  # four more futures, the same as eight from the start, or none
    # Twins always race closely: the extra futures are played, and they are the next four of the generator.
    twins = [cands[0], cands[0]]
    assert (playout_means(twins, view.market, view.unseen_list, futures=4, rng=random.Random(5), extra=4, **args)
            == playout_means(twins, view.market, view.unseen_list, futures=8, rng=random.Random(5), **args))


def test_the_wide_choice_is_the_trial_with_the_best_next_turn() -> None:
    """``wide_choice`` against a brute force on copies: of the ``wide`` best trial placements, the one after which
    the tile kept or a market tile has the best placement next turn; with ``wide=1`` the one-ply choice."""
    differs = False
    for seed in range(3, 9):
        view, ev, rules, board = _setup(7, seed)
        hand, market = list(view.hand), list(view.market)
        remaining = 22 - board.placed - 1
        trials = []
        for h, tile in enumerate(hand):
            if h == 1 and tile == hand[0]:
                continue
            for cell in cells_of(board.empty):
                trial = board.copy()
                trial.place(cell, tile, rules)
                trials.append((ev(trial, remaining), h, cell, trial))
        trials.sort(key=lambda x: -x[0])
        nexts_of = [{t for t in market if t is not None} | ({hand[1 - h]} if len(hand) == 2 else set())
                    for _, h, _, _ in trials]
        next_turn = [max(best_cell(quilt, t, rules, ev, remaining - 1)[0] for t in nexts)
                     for (_, _, _, quilt), nexts in zip(trials[:6], nexts_of, strict=False)]
        for wide in (1, 3, 6):
            expected = trials[max(range(wide), key=lambda i: (next_turn[i], -i))]  # the first of equal values
            before = board.key()
            assert wide_choice(board, hand, market, rules, ev, remaining, wide) == expected[1:3]
            assert board.key() == before
            differs |= wide > 1 and expected[1:3] != trials[0][1:3]
    assert differs
