"""Every policy plays legal moves to the end of every kind of game, and the shapes of its answers."""

from __future__ import annotations

import statistics

import pytest

from calico_bot.games.calico.ai import build_view, goal_hint, hint, policy_by_name
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameOptions, legal_turns, new_game, random_turn

FAST = {"budget_ms": 1.0}


def fast(name: str, seed: int):
    return policy_by_name(name, seed, **(FAST if name == "strong" else {}))


GAMES = [
    ("solo standard", GameOptions(players=["a"], mode="solo")),
    ("solo beginner lower variance", GameOptions(players=["a"], mode="solo", solo_setup="beginner",
                                                 lower_variance=True)),
    ("solo scenario", GameOptions(players=["a"], mode="solo", scenario=7)),
    ("standard 2p lower variance", GameOptions(players=["a", "b"], mode="standard", lower_variance=True)),
    ("beginner 3p", GameOptions(players=["a", "b", "c"], mode="beginner")),
    ("family 4p", GameOptions(players=["a", "b", "c", "d"], mode="family")),
    ("standard 4p", GameOptions(players=["a", "b", "c", "d"], mode="standard")),
]


class CheckingPolicy:
    """Wraps a policy and checks each of its turns is among the legal ones."""

    def __init__(self, inner, state_ref: list) -> None:
        self.inner = inner
        self.name = inner.name
        self.state_ref = state_ref

    def choose_goals(self, view):
        action = self.inner.choose_goals(view)
        assert sorted(action.goals) == sorted(GOAL_SPACES)
        assert len(set(action.goals.values())) == 3
        assert set(action.goals.values()) <= set(view.offered)
        return action

    def choose_turn(self, view):
        turn = self.inner.choose_turn(view)
        assert turn in legal_turns(self.state_ref[0])
        return turn


@pytest.mark.parametrize(("label", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_policies_play_legal_games(label: str, options: GameOptions) -> None:
    names = ["strong", "greedy", "random"]
    for rotation in range(3 if len(options.players) == 1 else 1):
        state = new_game(options, 11 + rotation)
        ref = [state]
        seats = [CheckingPolicy(fast(names[(i + rotation) % 3], i), ref) for i in range(len(options.players))]
        play_game(state, seats)
        assert state.over
        assert all(p.quilt.full for p in state.players)


def test_lean_board_matches_the_core_quilt() -> None:
    import random

    rng = random.Random(5)
    for seed in range(3):
        state = new_game(GameOptions(players=["a", "b"], mode="standard"), seed)
        for seat in range(2):
            state.apply(policy_by_name("random", seed).choose_goals(build_view(state, seat)))
        boards = [Board.from_quilt(p.quilt) for p in state.players]
        rules = rules_for(state.cat_of_pattern)
        while not state.over:
            seat = state.current
            turn = random_turn(state, rng)
            tile = state.players[seat].hand[turn.tile - 1]
            before = state.total(seat)
            from calico_bot.games.calico.engine.geometry import parse_label

            cell = parse_label(turn.space)
            assert cell is not None
            boards[seat].place(cell, tile, rules)
            state.apply(turn)
            goals = goal_list(state.players[seat].goals)
            assert boards[seat].total(goals) == state.total(seat)
            assert state.total(seat) >= before or goals
            fresh = Board.from_quilt(state.players[seat].quilt)
            assert fresh.cells == boards[seat].cells and fresh.points == boards[seat].points


def test_greedy_beats_random() -> None:
    def solo_mean(name: str) -> float:
        totals = []
        for seed in range(6):
            state = new_game(GameOptions(players=["a"], mode="solo"), seed)
            play_game(state, [policy_by_name(name, seed)])
            totals.append(state.total(0))
        return statistics.fmean(totals)

    assert solo_mean("greedy") >= solo_mean("random") + 10


def test_strong_goal_choice_is_a_valid_arrangement() -> None:
    for seed in range(10):
        state = new_game(GameOptions(players=["a", "b"], mode="standard"), seed)
        for seat in range(2):
            action = goal_hint(state, seat)
            assert action.player == seat
            assert sorted(action.goals) == sorted(GOAL_SPACES)
            assert len(set(action.goals.values())) == 3
            assert set(action.goals.values()) <= set(state.players[seat].offered)
            state.apply(action)
        assert state.phase == "play"


def test_hint_and_names() -> None:
    state = new_game(GameOptions(players=["a"], mode="solo", solo_setup="beginner"), 3)
    turn = hint(state, 0, budget_ms=1.0)
    assert turn in legal_turns(state)
    for name in ("random", "greedy", "strong", "easy", "medium", "hard"):
        assert policy_by_name(name, 1).choose_turn(build_view(state, 0)) in legal_turns(state)
    with pytest.raises(ValueError):
        policy_by_name("nope", 1)
    assert isinstance(policy_by_name("hard", 1), StrongPolicy)
