"""Seeded Cat in the Box games for the renderer's tests, bench and previews (random legal play)."""

from __future__ import annotations

import random

from calico_bot.games.cat_in_the_box.ai.policies import GreedyPolicy
from calico_bot.games.cat_in_the_box.engine.game import GameOptions, GameState, new_game

NAMES = ["Ana", "小明", "Bartholomew the Magnificent 🐈", "Zoë", "猫咪大师🐱"]


def play_random(players: int, seed: int, actions: int | None = None, names: list[str] | None = None) -> GameState:
    """A seeded game after ``actions`` uniformly random legal actions (``None``: to the end)."""
    state = new_game(GameOptions((names or NAMES)[:players]), seed)
    rng = random.Random(seed * 31 + players)
    done = 0
    while not state.over and (actions is None or done < actions):
        prompt = rng.choice(state.awaiting())
        state.apply(rng.choice(state.legal_actions(prompt)))
        done += 1
    return state


def play_until(players: int, seed: int, stop: str, names: list[str] | None = None, *,
               greedy: bool = False) -> GameState:
    """A seeded random game stopped at a moment: ``"set_aside"`` (start), ``"bid"``, ``"trick"`` (mid-trick,
    some tricks done), ``"round_end"`` (just after the first round) or ``"over"``. ``greedy``: every seat
    plays the greedy policy (longer rounds, fewer paradoxes) instead of random legal actions."""
    state = new_game(GameOptions((names or NAMES)[:players]), seed)
    rng = random.Random(seed * 31 + players)
    policy = GreedyPolicy(seed)
    while not state.over:
        if stop == "set_aside" and state.phase == "set_aside":
            return state
        if stop == "bid" and state.phase == "bid":
            return state
        if stop == "trick" and state.phase == "play" and state.trick and state.trick_winners:
            return state
        if stop == "round_end" and state.history:
            return state
        prompt = rng.choice(state.awaiting())
        if greedy:
            state.apply(policy.choose(state.view_for(prompt.seat), prompt))
        else:
            state.apply(rng.choice(state.legal_actions(prompt)))
    return state
