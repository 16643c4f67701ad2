"""Seeded game positions shared by the renderer tests."""

from __future__ import annotations

import pytest

from calico_bot.games.calico.engine.game import GameState
from render.calico.samples import play_game


@pytest.fixture(scope="session")
def midgame() -> GameState:
    """Two players, greedy play, 24 turns in: tokens, goals in progress, empty spaces."""
    return play_game(["Alice", "Bob"], seed=2, turns=24, greedy=True)


@pytest.fixture(scope="session")
def finished() -> GameState:
    return play_game(["Alice", "Bob", "Cleo"], seed=11, greedy=True)
