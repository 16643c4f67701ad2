"""The coach's cost and calibration.

``python -m calico_bot.games.calico.coach.bench --cost`` times the review of each seat of a 2-player game
(22 turns each, strong against greedy). ``--calibrate N`` checks the estimate against outcomes: in N solo
games played by the greedy player, at turns where its move differs from the suggestion, both moves are
played out to the end by the strong player over ``--futures`` reshufflings of the hidden tiles (the same
ones for both moves), and the predicted difference (``value_suggested - value_made``) is compared with
the difference in final score. A slope near 1 means the estimate is in points.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from calico_bot.games.calico.ai.greedy import GreedyPolicy
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.coach.review import FULL, Settings, positions, review_game
from calico_bot.games.calico.engine.actions import Turn
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game


def cost(seed: int, settings: Settings = FULL) -> list[float]:
    state = new_game(GameOptions(players=["greedy", "strong"]), seed)
    play_game(state, [GreedyPolicy(seed), settings.policy()])
    return [review_game(state, seat, settings=settings).seconds for seat in (0, 1)]


def _play_out(state: GameState, turn: Turn, settings: Settings, rng: random.Random) -> int:
    """The final score after ``turn`` when the strong player plays the rest, the hidden tiles reshuffled."""
    s = state.copy()
    hidden = s.bag[s.drawn:]
    rng.shuffle(hidden)
    s.bag = s.bag[:s.drawn] + hidden
    s.apply(turn)
    play_game(s, [settings.policy()])
    return s.total(0)


def to_turn(seat: int, move) -> Turn:
    return Turn(seat, move.hand_index, move.space, move.take)


def calibrate(games: int, seed: int, per_game: int, futures: int, settings: Settings = FULL) -> list[tuple]:
    """Rows of (turn number, predicted difference, mean actual difference) for differing moves."""
    rows = []
    for g in range(games):
        state = new_game(GameOptions(players=["greedy"], mode="solo"), seed + g)
        play_game(state, [GreedyPolicy(seed + g)])
        review = review_game(state, 0, settings=settings)
        _, steps = positions(state)
        befores = [b for b, a in steps if isinstance(a, Turn)]
        differing = [t for t in review.turns if not t.same and t.made.take is not None]
        pick = random.Random(seed * 31 + g)
        for t in sorted(pick.sample(differing, min(per_game, len(differing))), key=lambda t: t.number):
            before = befores[t.number - 1]
            diffs = []
            for f in range(futures):
                a = _play_out(before, to_turn(0, t.suggested), settings, random.Random(f * 7919 + g))
                b = _play_out(before, to_turn(0, t.made), settings, random.Random(f * 7919 + g))
                diffs.append(a - b)
            rows.append((t.number, t.value_suggested - t.value_made, statistics.fmean(diffs)))
    return rows


def _summary(rows: list[tuple], label: str) -> str:
    if len(rows) < 3:
        return f"{label}: {len(rows)} positions"
    pred = [r[1] for r in rows]
    act = [r[2] for r in rows]
    slope0 = sum(p * a for p, a in zip(pred, act, strict=True)) / max(1e-9, sum(p * p for p in pred))
    corr = statistics.correlation(pred, act) if statistics.pstdev(pred) and statistics.pstdev(act) else 0.0
    se = statistics.stdev(act) / len(act) ** 0.5
    return (f"{label}: {len(rows)} positions, predicted {statistics.fmean(pred):.2f}, actual "
            f"{statistics.fmean(act):.2f} +- {1.96 * se:.2f}, slope through 0 {slope0:.2f}, correlation {corr:.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cost", action="store_true", help="time the review of a 2-player game")
    parser.add_argument("--calibrate", type=int, default=0, metavar="N", help="solo games to calibrate on")
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--futures", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.cost:
        started = time.perf_counter()
        seconds = cost(args.seed)
        print(f"review of a 22-turn seat in a 2-player game: {seconds[0]:.1f} s (greedy), {seconds[1]:.1f} s "
              f"(strong); wall {time.perf_counter() - started:.1f} s with the game itself")
    if args.calibrate:
        rows = calibrate(args.calibrate, args.seed, args.per_game, args.futures)
        print(_summary(rows, "all"))
        for lo, hi in ((1, 8), (9, 16), (17, 22)):
            print(_summary([r for r in rows if lo <= r[0] <= hi], f"turns {lo}-{hi}"))


if __name__ == "__main__":
    main()
