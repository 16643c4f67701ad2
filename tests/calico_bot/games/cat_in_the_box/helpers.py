"""Builders for Cat in the Box rules tests: positions set up cell by cell, and the reference record."""

from __future__ import annotations

import copy
import random
from typing import Any

from calico_bot.games.cat_in_the_box.engine.components import BLOCKED, COLOUR_INDEX, COLOURS, EMPTY, setup_for
from calico_bot.games.cat_in_the_box.engine.game import (
    PHASE_PLAY,
    Deal,
    GameOptions,
    GameState,
    new_game,
)

C = COLOUR_INDEX

# The 2-player example of the reference, worked out by hand: Bo (seat 1) is in a paradox when he has
# to follow Ana's blue 3; Ana scores 3 tricks + group 3 = 6, Bo -1.
EXAMPLE: dict[str, Any] = {
    "format": "citb-record/1",
    "player_count": 2,
    "players": ["Ana", "Bo"],
    "start_player": 1,
    "rounds": [
        {
            "hands": [[1, 2, 2, 2, 2, 3, 3, 3, 4, 5], [1, 1, 1, 2, 3, 4, 4, 5, 5, 5]],
            "set_aside": [2, 5],
            "revealed": [4, 4, 5],
            "plays": [[1, 2, "yellow"], [0, 5, "yellow"], [0, 4, "blue"], [1, 3, "red"],
                      [1, 1, "yellow"], [0, 3, "yellow"], [0, 2, "red"], [1, 1, "green"],
                      [0, 3, "blue"]],
        }
    ],
}


def example() -> dict[str, Any]:
    return copy.deepcopy(EXAMPLE)


def names(n: int) -> list[str]:
    return ["Ana", "Bo", "Cy", "Di", "Ed"][:n]


def position(
    n: int,
    hands: list[list[int]],
    *,
    tokens: dict[tuple[str, int], int] | None = None,
    blocked: list[tuple[str, int]] = (),  # type: ignore[assignment]
    lost: dict[int, list[str]] | None = None,
    leader: int = 0,
    trick: list[tuple[int, int, str]] = (),  # type: ignore[assignment]
    tricks_won: list[int] | None = None,
    bids: list[int | None] | None = None,
    start_player: int = 0,
    rounds_done: int = 0,
) -> GameState:
    """A trick-phase position built directly: hands after the set-aside, tokens on cells, lost colours,
    the trick so far. The number of tricks already played is the sum of ``tricks_won``."""
    setup = setup_for(n)
    state = GameState(player_count=n, names=names(n), start_player=start_player,
                      deals=[Deal([list(h) for h in hands], [], []) for _ in range(n)])
    state.round = rounds_done
    state.phase = PHASE_PLAY
    state.hands = [sorted(h) for h in hands]
    state.owner = [[BLOCKED] + [EMPTY] * setup.top for _ in COLOURS]
    for (colour, number), seat in (tokens or {}).items():
        state.owner[C[colour]][number] = seat
    for colour, number in blocked:
        state.owner[C[colour]][number] = BLOCKED
    state.lost = [sum(1 << C[c] for c in (lost or {}).get(s, [])) for s in range(n)]
    state.set_aside = [1] * n
    state.bids = list(bids) if bids is not None else ([None] * n if not setup.has_bids else [1] * n)
    state.bids_made = n
    state.leader = leader
    state.trick = [(s, card, C[colour]) for s, card, colour in trick]
    state.tricks_won = list(tricks_won) if tricks_won is not None else [0] * n
    state.trick_winners = [s for s in range(n) for _ in range(state.tricks_won[s])]
    for s, card, colour in trick:
        state.owner[C[colour]][card] = s
    return state


def random_game(n: int, seed: int, stop_after: int | None = None) -> GameState:
    """A seeded game played with uniformly random legal actions (to the end, or ``stop_after`` actions)."""
    state = new_game(GameOptions(names(n)), seed)
    rng = random.Random(seed * 7 + n)
    done = 0
    while not state.over and (stop_after is None or done < stop_after):
        prompt = rng.choice(state.awaiting())
        state.apply(rng.choice(state.legal_actions(prompt)))
        done += 1
    return state
