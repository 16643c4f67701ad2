"""Rules-core benchmark: ``python -m calico_bot.games.calico.bench [--games N] [--seed S]``.

Prints how many full random 4-player games the core plays per second (deal, goal choices, every
turn validated and applied, awards, end), and the time to score one full quilt (the three goals
plus totals, with the breakdown and without). Single process, so it measures one core.
"""

from __future__ import annotations

import argparse
import statistics
import time

from calico_bot.games.calico.engine.game import GameOptions, GameState, seeded_game
from calico_bot.games.calico.engine.scoring import quick_total, score_quilt


def play_random_game(seed: int, players: int = 4) -> GameState:
    return seeded_game(GameOptions(players=[f"P{i + 1}" for i in range(players)]), seed)


def time_per_call(fn, repeats: int) -> float:
    """Median seconds per call over 7 batches of ``repeats`` calls."""
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(repeats):
            fn()
        samples.append((time.perf_counter() - start) / repeats)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.games.calico.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    play_random_game(args.seed)  # warm caches
    start = time.perf_counter()
    finals = [play_random_game(args.seed + i) for i in range(args.games)]
    elapsed = time.perf_counter() - start
    turns = sum(s.turns for s in finals)
    print(f"random 4-player games: {args.games} in {elapsed:.2f} s = {args.games / elapsed:.0f} games/s "
          f"({turns / elapsed:.0f} turns/s)")

    state = finals[0]
    player = state.players[0]
    t_quick = time_per_call(lambda: quick_total(player.quilt, player.goals), 2000)
    t_full = time_per_call(lambda: score_quilt(0, player.name, player.quilt, player.goals).total, 2000)
    print(f"score one full quilt: {t_quick * 1e6:.1f} us (total only), {t_full * 1e6:.1f} us (with breakdown)")
    mean = statistics.mean(s.total for g in finals for s in g.scores())
    print(f"mean score of random play: {mean:.1f}")


if __name__ == "__main__":
    main()
