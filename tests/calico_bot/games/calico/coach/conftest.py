"""Finished games for the coach tests, played with cheap settings (a few seconds in all)."""

from __future__ import annotations

import dataclasses

import pytest

from calico_bot.games.calico.ai.random_policy import RandomPolicy
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.coach import QUICK
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game


def finished_game(players: list[str], seed: int, policies: list) -> GameState:
    mode = "solo" if len(players) == 1 else "standard"
    state = new_game(GameOptions(players=players, mode=mode), seed)
    play_game(state, policies)
    return state


@pytest.fixture(scope="session")
def solo_strong() -> GameState:
    """A solo game played by the strong player at the coach's quick settings, with another seed (its ties
    and its guesses of the future differ from the coach's)."""
    return finished_game(["Ada"], 3, [dataclasses.replace(QUICK, seed=9).policy()])


@pytest.fixture(scope="session")
def duel() -> GameState:
    """Two players: a random player (seat 0) against the strong one (seat 1)."""
    return finished_game(["Rand", "Stro"], 5, [RandomPolicy(4), QUICK.policy()])
