"""Cat in the Box bench.

Without ``--policy``: random full games per second (every action a uniformly random legal one,
through ``GameState.apply``). With ``--policy``: a match of full games, one seat played by
``--policy`` and the others by ``--vs``; the seat rotates from game to game. It reports per policy
the mean points per game, the win rate with a 95% confidence interval (a shared win counts as a
fraction), the bid accuracy (rounds whose bonus condition held), the paradox rate (rounds in which
the seat was the paradox player) and the time per decision.

    python -m calico_bot.games.cat_in_the_box.bench [--players N] [--policy strong] [--vs greedy]
                                                    [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, field

from .ai.policies import POLICIES, decide, make_policy
from .engine.game import GameOptions, GameState, new_game


def random_game(n: int, seed: int) -> GameState:
    state = new_game(GameOptions([f"P{i + 1}" for i in range(n)]), seed)
    rng = random.Random(seed)
    while not state.over:
        for prompt in state.awaiting():
            state.apply(rng.choice(state.legal_actions(prompt)))
    return state


def random_games_per_second(n: int, seconds: float, seed: int) -> tuple[float, int, float]:
    """(games per second, games played, share of rounds that ended in a paradox)."""
    started = time.perf_counter()
    games = paradoxes = 0
    while time.perf_counter() - started < seconds:
        state = random_game(n, seed + games)
        paradoxes += sum(h["paradox_player"] is not None for h in state.history)
        games += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, games, paradoxes / (games * n)


@dataclass
class Tally:
    seats: int = 0  # seat-games
    points: float = 0.0
    wins: float = 0.0
    rounds: int = 0
    bids_met: int = 0
    paradoxes: int = 0
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    win_samples: list[float] = field(default_factory=list)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 0.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def match(n: int, policy: str, vs: str, games: int, seed: int) -> dict[str, Tally]:
    tallies = {"policy": Tally(), "vs": Tally()}
    for g in range(games):
        state = new_game(GameOptions([f"P{i + 1}" for i in range(n)]), seed + g)
        hero = g % n
        players = [make_policy(policy if s == hero else vs, seed * 1000 + g * 10 + s) for s in range(n)]
        side = ["policy" if s == hero else "vs" for s in range(n)]
        while not state.over:
            for prompt in state.awaiting():
                t0 = time.perf_counter()
                action = decide(state, prompt, players[prompt.seat])
                spent = time.perf_counter() - t0
                tally = tallies[side[prompt.seat]]
                tally.decisions += 1
                tally.seconds += spent
                tally.slowest = max(tally.slowest, spent)
                state.apply(action)
        totals = state.totals()
        winners = state.winners()
        for s in range(n):
            tally = tallies[side[s]]
            tally.seats += 1
            tally.points += totals[s]
            share = 1 / len(winners) if s in winners else 0.0
            tally.wins += share
            if s == hero:
                tally.win_samples.append(share)
            for h in state.history:
                tally.rounds += 1
                tally.bids_met += h["scores"][s]["bid_met"]
                tally.paradoxes += h["paradox_player"] == s
    return tallies


def report(n: int, policy: str, vs: str, games: int, tallies: dict[str, Tally], elapsed: float) -> str:
    lines = [f"{n} players, {games} games, {policy} (one seat, rotating) vs {vs}: {elapsed:.1f} s"]
    for key, name in (("policy", policy), ("vs", vs)):
        t = tallies[key]
        lo, hi = wilson(t.wins, t.seats)
        lines.append(
            f"  {name:>7} ({key:>6}): {t.points / t.seats:6.2f} points/game, win rate {t.wins / t.seats:6.1%} "
            f"(95% CI {lo:.1%}-{hi:.1%}), bid accuracy {t.bids_met / t.rounds:6.1%}, "
            f"paradox rate {t.paradoxes / t.rounds:6.1%}, {1000 * t.seconds / max(1, t.decisions):7.2f} ms/decision "
            f"(slowest {1000 * t.slowest:.0f} ms)")
    lines.append(f"  fair share of wins: {1 / n:.1%}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.games.cat_in_the_box.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4, 5))
    parser.add_argument("--policy", choices=sorted(POLICIES), default=None,
                        help="play a match with this policy in one seat (default: random games per second)")
    parser.add_argument("--vs", choices=sorted(POLICIES), default="greedy", help="the policy of the other seats")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of the random-games run")
    args = parser.parse_args(argv)
    if args.policy is None:
        rate, games, paradox = random_games_per_second(args.players, args.seconds, args.seed)
        print(f"{args.players} players: {rate:.0f} random full games/s ({games} games; "
              f"{paradox:.0%} of the rounds end in a paradox)")
        return 0
    started = time.perf_counter()
    tallies = match(args.players, args.policy, args.vs, args.games, args.seed)
    print(report(args.players, args.policy, args.vs, args.games, tallies, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
