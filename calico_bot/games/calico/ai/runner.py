"""Playing whole games between policies (benchmarks, tests)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from calico_bot.games.calico.ai.board import Board
from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.components import PATCH_SPACES
from calico_bot.games.calico.engine.game import PHASE_SETUP, GameOptions, GameState, new_game

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


def selfplay_seeds(module: str, description: str, argv: list[str] | None, *, games: int, seed: int, min_games: int,
                   reserved: Callable[[range], str | None]) -> tuple[argparse.Namespace, range]:
    """The self-play trainers' command line (``--games``, ``--seed``, ``--jobs``, ``--out``) and the seeds it plays;
    ``reserved(seeds)`` names why seeds may not be used (bench or development seeds), else None."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed, help="first seed; games use seed, seed+1, ...")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.games < min_games:
        parser.error(f"--games must be at least {min_games}")
    seeds = range(args.seed, args.seed + args.games)
    if (why := reserved(seeds)) is not None:
        parser.error(why)
    return args, seeds


#: The bench's seeds: never fitted on.
BENCH_SEEDS = (range(1, 201), range(777, 977))


def overlaps(seeds: range, reserved: Iterable[range]) -> bool:
    """Whether ``seeds`` share a seed with any of the ``reserved`` ranges."""
    return any(max(seeds.start, r.start) < min(seeds.stop, r.stop) for r in reserved)


def solo_positions(seed: int, policy: Policy) -> Iterator[tuple[GameState, Board, int]]:
    """A standard solo game on ``seed`` played by ``policy``: after every turn but the last, the state, its quilt as
    a :class:`.Board` and the placements left (the self-play trainers' positions). The goal choice is made first.
    The state is one object throughout: once the iteration ends it holds the finished game."""
    state = new_game(GameOptions(players=["AI"], mode="solo", solo_setup="standard"), seed)
    state.apply(policy.choose_goals(build_view(state, 0)))
    while not state.over:
        state.apply(policy.choose_turn(build_view(state, 0)))
        board = Board.from_quilt(state.players[0].quilt)
        left = PATCH_SPACES - board.placed
        if left > 0:
            yield state, board, left
