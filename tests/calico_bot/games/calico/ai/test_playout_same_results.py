"""The tenth round's cheaper play-outs decide exactly as before: the same best spaces, quilts and means.

The oracle is :mod:`.reference_playout`, the play-outs as they were (a copy of the quilt per trial, nothing
remembered, the market valued after the last placement). Values are compared for equality, not closeness.
"""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import build_view
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, ObjectiveTerms, Weights, load_group_chances
from calico_bot.games.calico.ai.playout import Candidate, play_on, playout_means
from calico_bot.games.calico.engine.components import SCENARIOS
from calico_bot.games.calico.engine.geometry import cells_of
from tests.calico_bot.games.calico.ai import reference_playout as ref
from tests.calico_bot.games.calico.ai.positions import random_position

SLOTS = Board.__slots__


def _evaluators(view) -> list[Evaluator]:  # type: ignore[no-untyped-def]
    rules = rules_for(view.cat_of_pattern)
    goals = goal_list(view.goals)
    return [Evaluator(goals, rules, Weights()),
            Evaluator(goals, rules, Weights(cat_decay=0.5, lone_button=0.3), chances=load_group_chances(),
                      long_decay=0.5),
            Evaluator(goals, rules, Weights(), ObjectiveTerms(SCENARIOS[7], rules, goals, 30.0))]


def _position(players: int, turns: int, seed: int) -> tuple:
    """A random position's view for seat 0, its cat rules and its quilt as a board."""
    view = build_view(random_position(players, turns, seed), 0)
    return view, rules_for(view.cat_of_pattern), Board.from_quilt(view.quilt)


def _state(board: Board) -> tuple:
    return tuple(getattr(board, s) if not isinstance(getattr(board, s), list) else list(getattr(board, s))
                 for s in SLOTS)


@pytest.mark.parametrize(("players", "turns", "seed"), [(1, 0, 1), (1, 7, 2), (1, 15, 3), (2, 12, 4), (1, 19, 5)])
def test_trial_placements_are_taken_back_and_best_spaces_are_unchanged(players: int, turns: int, seed: int) -> None:
    view, rules, board = _position(players, turns, seed)
    before = _state(board)
    rng = random.Random(seed)
    for cell in cells_of(board.empty)[:6]:
        tile = rng.randrange(36)
        copied = board.copy()
        gained = copied.place(cell, tile, rules)
        saved = board.try_place(cell, tile, rules)
        assert _state(board) == _state(copied) and board.points - saved[-1] == gained
        board.take_back(saved)
        assert _state(board) == before
    for ev in _evaluators(view):
        for remaining in (0, 1, 4, 12):
            for tile in rng.sample(range(36), 5):
                expected = ref.best_cell(board, tile, rules, ev, remaining)
                fresh = Evaluator(ev.goals, rules, ev.w, ev.objectives, ev.final, ev.chances, ev.long_decay)
                assert fresh.best_placement(board, tile, rules, remaining) == expected
                assert ev.best_placement(board, tile, rules, remaining) == expected
                assert ev.best_placement(board, tile, rules, remaining) == expected  # remembered
                assert _state(board) == before
    full = Board.from_quilt(random_position(1, 22, seed).players[0].quilt)
    assert full.empty == 0 and _evaluators(view)[0].best_placement(full, 3, rules, 0) == (float("-inf"), -1)


@pytest.mark.parametrize(("players", "turns", "seed"), [(1, 2, 11), (1, 9, 12), (2, 6, 13), (3, 8, 14)])
def test_play_outs_reach_the_same_quilts_and_means(players: int, turns: int, seed: int) -> None:
    state = random_position(players, turns, seed)
    view = build_view(state, state.current)
    rules = rules_for(view.cat_of_pattern)
    board = Board.from_quilt(view.quilt)
    slots = [s for s, t in enumerate(view.market) if t is not None]
    cands = []
    for cell in cells_of(board.empty)[:5]:
        after = board.copy()
        after.place(cell, view.hand[0], rules)
        cands.append(Candidate(after, view.hand[1], slots[len(cands) % len(slots)]))
    solo = view.solo
    for ev_new, ev_old in zip(_evaluators(view), _evaluators(view), strict=True):
        for turns_played in (None, 1, 2, 4):
            for k in range(3):
                bag = view.unseen_list
                random.Random(k).shuffle(bag)
                args = {"solo": solo, "n_players": view.n_players, "rules": rules, "turns": turns_played}
                hand = [view.market[cands[k].slot], view.hand[1]]
                new = play_on(cands[k].after, hand, list(view.market), bag, 0, ev=ev_new, rng=random.Random(k),
                              **args)  # type: ignore[arg-type]
                old = ref.play_on(cands[k].after, hand, list(view.market), bag, 0, ev=ev_old, rng=random.Random(k),
                                  **args)  # type: ignore[arg-type]
                assert _state(new) == _state(old)
        for horizon, halving in ((4, False), (2, True), (0, False)):
            args = {"solo": solo, "n_players": view.n_players, "rules": rules, "futures": 4, "horizon": horizon,
                    "halving": halving}
            new_means = playout_means(cands, view.market, view.unseen_list, ev=ev_new, rng=random.Random(horizon),
                                      **args)  # type: ignore[arg-type]
            old_means = ref.playout_means(cands, view.market, view.unseen_list, ev=ev_old,
                                          rng=random.Random(horizon), **args)  # type: ignore[arg-type]
            assert new_means == old_means and any(m is not None for m in new_means)


def test_remembered_halos_are_the_halos_and_the_memo_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from calico_bot.games.calico.ai import bits

    rng = random.Random(5)
    masks = [rng.getrandbits(49) & rng.getrandbits(49) for _ in range(300)] + [0, 1, (1 << 49) - 1]
    monkeypatch.setattr(bits, "HALO_MEMO_LIMIT", 50)
    memo = bits._Halos()
    for m in masks + masks:
        assert memo[m] == bits.halo(m)
        assert len(memo) <= 50


@pytest.mark.parametrize(("players", "turns", "seed"), [(1, 0, 31), (1, 10, 32), (2, 14, 33), (1, 20, 34)])
def test_placement_values_are_the_trial_values_in_space_order(players: int, turns: int, seed: int) -> None:
    view, rules, board = _position(players, turns, seed)
    before = _state(board)
    rng = random.Random(seed)
    for ev in _evaluators(view):
        for remaining in (0, 1, 3, 12):
            for tile in rng.sample(range(36), 4):
                expected = []
                for cell in cells_of(board.empty):
                    trial = board.copy()
                    trial.place(cell, tile, rules)
                    expected.append(ev(trial, remaining))
                assert ev.placement_values(board, tile, rules, remaining) == tuple(expected)
                assert ev.best_placement(board, tile, rules, remaining) == ref.best_cell(board, tile, rules, ev,
                                                                                         remaining)
                assert _state(board) == before
