"""Playing whole games between policies (benchmarks, tests)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.game import PHASE_SETUP, GameState

T = TypeVar("T")


@dataclass(slots=True)
class GameResult:
    state: GameState
    move_seconds: list[list[float]] = field(default_factory=list)  # per seat, per turn


def play_game(state: GameState, policies: Sequence[Policy]) -> GameResult:
    """Play ``state`` to the end, seat ``i`` moving with ``policies[i]``; every action goes through the rules."""
    result = GameResult(state, [[] for _ in state.players])
    if state.phase == PHASE_SETUP:
        for seat, player in enumerate(state.players):
            if player.needs_goals:
                state.apply(policies[seat].choose_goals(build_view(state, seat)))
    while not state.over:
        seat = state.current
        start = time.perf_counter()
        turn = policies[seat].choose_turn(build_view(state, seat))
        result.move_seconds[seat].append(time.perf_counter() - start)
        state.apply(turn)
    return result


def map_seeds(func: Callable[[int], T], seeds: Iterable[int], jobs: int = 1) -> list[T]:
    """``func(seed)`` for every seed, in order; in ``jobs`` worker processes when more than one (the self-play
    trainers: ``chances``, ``leaffit``)."""
    if jobs <= 1:
        return [func(s) for s in seeds]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(func, list(seeds))
