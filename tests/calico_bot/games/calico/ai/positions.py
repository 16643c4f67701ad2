"""Positions for the AI tests: a new game, goals chosen and some turns played at random."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game, random_goal_choice, random_turn


def random_position(players: int, turns: int, seed: int = 3) -> GameState:
    """A standard game (solo for one player) after random goal choices and ``turns`` random turns."""
    options = GameOptions(players=[f"p{i}" for i in range(players)], mode="solo" if players == 1 else "standard")
    rng = random.Random(seed)
    state = new_game(options, seed)
    for seat in range(players):
        state.apply(random_goal_choice(state, seat, rng))
    for _ in range(turns):
        state.apply(random_turn(state, rng))
    return state


def spy_playouts(monkeypatch: pytest.MonkeyPatch, key: str) -> list[object]:
    """Record the ``key`` argument of every call the strong player makes to ``playout_means`` (the calls still run)."""
    from calico_bot.games.calico.ai import strong as strong_module

    seen: list[object] = []
    original = strong_module.playout_means

    def spy(candidates, market, pool, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(kwargs[key])
        return original(candidates, market, pool, **kwargs)

    monkeypatch.setattr(strong_module, "playout_means", spy)
    return seen


def first_candidates(view, rules, n: int = 3):  # type: ignore[no-untyped-def]
    """Play-out candidates for tests: the first hand tile on each of the first ``n`` empty spaces, the other kept."""
    from calico_bot.games.calico.ai.board import Board
    from calico_bot.games.calico.ai.playout import Candidate
    from calico_bot.games.calico.engine.geometry import cells_of

    board = Board.from_quilt(view.quilt)
    cands = []
    for cell in cells_of(board.empty)[:n]:
        after = board.copy()
        after.place(cell, view.hand[0], rules)
        cands.append(Candidate(after, view.hand[1], len(cands)))
    return cands
