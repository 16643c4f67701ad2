"""Playing whole games between policies (benchmarks, tests)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.game import PHASE_SETUP, GameState


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
