"""The goal choice by play-outs: the play-out plays a legal game to the end, and the choice is the best mean."""

from __future__ import annotations

import random

from calico_bot.games.calico.ai import build_view
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import Evaluator, Weights
from calico_bot.games.calico.ai.goalsim import simulate_choices
from calico_bot.games.calico.ai.playout import play_on
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.components import GOAL_SPACES, PATCH_SPACES
from calico_bot.games.calico.engine.game import GameOptions, new_game


def _setup(players: int, seed: int):  # type: ignore[no-untyped-def]
    mode = "solo" if players == 1 else "standard"
    state = new_game(GameOptions(players=[f"p{i}" for i in range(players)], mode=mode), seed)
    return state, build_view(state, 0)


def test_a_rollout_fills_the_quilt_and_returns_its_score() -> None:
    for players in (1, 3):
        _, view = _setup(players, 11)
        goals = goal_list(dict(zip(GOAL_SPACES, sorted(view.offered)[:3], strict=True)))
        rules = rules_for(view.cat_of_pattern)
        ev = Evaluator(goals, rules, Weights())
        bag = view.unseen_list
        random.Random(3).shuffle(bag)
        board = Board.from_quilt(view.quilt)
        before = board.copy()
        final = play_on(board, list(view.hand), list(view.market), bag, 0, solo=view.solo, n_players=view.n_players,
                        rules=rules, ev=ev, rng=random.Random(4))
        assert board.cells == before.cells  # the start is not changed
        assert final.placed == PATCH_SPACES and final.empty == 0
        assert ev(final, 0) == final.total(goals)
        # Every tile placed came from the hand, the market or the guessed bag (each copy used once).
        placed = [final.cells[c] for c in range(len(final.cells)) if before.cells[c] != final.cells[c]]
        supply = [*view.hand, *(t for t in view.market if t is not None), *bag]
        for tile in placed:
            supply.remove(tile)
        assert len(placed) == PATCH_SPACES


def test_every_candidate_meets_the_same_futures() -> None:
    _, view = _setup(1, 12)
    goals = goal_list(dict(zip(GOAL_SPACES, sorted(view.offered)[:3], strict=True)))
    args = dict(board=Board.from_quilt(view.quilt), hand=view.hand, market=view.market, pool=view.unseen_list,
                solo=True, n_players=1, rules=rules_for(view.cat_of_pattern), weights=Weights(), futures=3)
    # The same candidate twice gets the same mean (common random numbers), and a repeat run agrees.
    first = simulate_choices([goals, goals], rng=random.Random(5), **args)  # type: ignore[arg-type]
    again = simulate_choices([goals], rng=random.Random(5), **args)  # type: ignore[arg-type]
    assert first[0] == first[1] == again[0]


def test_the_strong_player_keeps_the_goals_with_the_best_play_outs(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _, view = _setup(2, 13)
    offered = sorted(view.offered)
    chosen: list[list[float]] = []
    import calico_bot.games.calico.ai.strong as strong

    real = strong.simulate_choices

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        means = real(*args, **kwargs)
        chosen.append(means)
        return means

    monkeypatch.setattr(strong, "simulate_choices", spy)
    choice = StrongPolicy(3, budget_ms=None, goal_futures=2).choose_goals(view)
    means = chosen[0]
    assert len(means) == 4
    dropped = offered[max(range(4), key=lambda i: (means[i], -i))]
    kept = [g for g in offered if g != dropped]
    assert choice.goals == dict(zip(GOAL_SPACES, kept, strict=True))
    # Without play-outs the modelled choice is used, and the simulator is not called.
    chosen.clear()
    StrongPolicy(3, budget_ms=None, goal_futures=0).choose_goals(view)
    assert not chosen
