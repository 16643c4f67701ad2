"""Tune the strong player's evaluation weights by the scores its games reach (SPSA).

    python -m calico_bot.games.calico.ai.tune --iterations N --seed S [--start FILE] [--out FILE] [--jobs 1]

Simultaneous perturbation stochastic approximation: at iteration ``k`` every tunable weight is moved at
once by ``+c_k`` or ``-c_k`` times its own scale (the signs drawn at random, one per weight); the player
with the weights moved up (theta+) and the one with the weights moved down (theta-) play the SAME solo deal
with the SAME policy seed (seed ``S + k``, common random numbers), and theta steps along the score
difference: ``theta_i += a_k * scale_i * (score+ - score-) / (2 c_k sign_i)``, then is clipped to its
bounds. Gains follow Spall's usual schedule (``a_k = a / (k + 1 + A) ** 0.602``, ``c_k = c / (k + 1) **
0.101``). The games are standard solo games without a time cap, so the run depends on its seed only, not
on the machine's load. The result is written as JSON: the last iterate and the mean of the iterates of the
second half (Polyak averaging, the less noisy estimate), which is what ``--out`` recommends.

Seeds: the bench uses 1-200 and 777-976; tune on 20001 and up and validate on seeds no tuning run used
(README, "The AI", fifth round).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from calico_bot.games.calico.ai.evaluation import Weights, goal_probability
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.engine.game import GameOptions, new_game


@dataclass(frozen=True, slots=True)
class Knob:
    name: str  # a field of :class:`.evaluation.Weights`
    scale: float  # one unit of perturbation and step, in the weight's own measure
    low: float
    high: float


KNOBS: tuple[Knob, ...] = (
    Knob("goal_choices", 0.25, 1.0, 4.0),
    Knob("goal_scale", 0.1, 0.3, 2.0),
    Knob("cat_decay", 0.04, 0.05, 0.9),
    Knob("cat_scale", 0.1, 0.3, 2.0),
    Knob("button_decay", 0.04, 0.05, 0.9),
    Knob("button_scale", 0.1, 0.3, 2.0),
    Knob("rainbow_scale", 0.15, 0.3, 2.0),
    Knob("lone_button", 0.04, 0.0, 0.6),
)
assert {k.name for k in KNOBS} == {f.name for f in fields(Weights)}

# Objective: (weights, seed) -> score of one game. The real one plays a solo game; tests inject a cheap one.
Objective = Callable[[Weights, int], float]


STEP_GAIN = 0.15  # "a"
PERTURBATION = 1.0  # "c", in units of each weight's scale


@dataclass(frozen=True, slots=True)
class Gains:
    a: float = STEP_GAIN
    c: float = PERTURBATION
    big_a: float = 50.0  # "A", the stability constant of the step schedule
    alpha: float = 0.602
    gamma: float = 0.101

    def step(self, k: int) -> float:
        return self.a / (k + 1 + self.big_a) ** self.alpha

    def perturbation(self, k: int) -> float:
        return self.c / (k + 1) ** self.gamma


def clip(theta: Sequence[float], knobs: Sequence[Knob] = KNOBS) -> list[float]:
    return [min(k.high, max(k.low, v)) for v, k in zip(theta, knobs, strict=True)]


def to_weights(theta: Sequence[float], knobs: Sequence[Knob] = KNOBS, base: Weights | None = None) -> Weights:
    return replace(base or Weights(), **{k.name: v for k, v in zip(knobs, theta, strict=True)})


def from_weights(weights: Weights, knobs: Sequence[Knob] = KNOBS) -> list[float]:
    return [float(getattr(weights, k.name)) for k in knobs]


@dataclass(slots=True)
class StepResult:
    theta: list[float]
    plus: float
    minus: float
    signs: list[int]


def spsa_step(theta: Sequence[float], k: int, seed: int, objective: Objective, gains: Gains,
              rng: random.Random, knobs: Sequence[Knob] = KNOBS) -> StepResult:
    """One iteration: both perturbed players on game seed ``seed``, then the clipped step."""
    signs = [rng.choice((-1, 1)) for _ in knobs]
    ck = gains.perturbation(k)
    plus = clip([v + ck * s * kn.scale for v, s, kn in zip(theta, signs, knobs, strict=True)], knobs)
    minus = clip([v - ck * s * kn.scale for v, s, kn in zip(theta, signs, knobs, strict=True)], knobs)
    f_plus = objective(to_weights(plus, knobs), seed)
    f_minus = objective(to_weights(minus, knobs), seed)
    ak = gains.step(k)
    moved = [v + ak * kn.scale * (f_plus - f_minus) / (2 * ck * s)
             for v, s, kn in zip(theta, signs, knobs, strict=True)]
    return StepResult(clip(moved, knobs), f_plus, f_minus, signs)


def solo_score(weights: Weights, seed: int) -> float:
    """The final score of one standard solo game of ``strong`` with ``weights``, no time cap; the policy's
    seed is the game's (as in the bench)."""
    from calico_bot.games.calico.ai.strong import StrongPolicy

    state = new_game(GameOptions(players=["AI"], mode="solo", solo_setup="standard"), seed)
    play_game(state, [StrongPolicy(seed, budget_ms=None, weights=weights)])
    return float(state.scores()[0].total)


@dataclass(slots=True)
class Run:
    theta: list[float]
    average: list[float]  # mean of the iterates of the second half
    games: int
    seconds: float
    mean_score: float  # mean of every game played (both perturbations)


def tune(start: Sequence[float], iterations: int, seed: int, objective: Objective = solo_score,
         gains: Gains | None = None, knobs: Sequence[Knob] = KNOBS,
         report: Callable[[int, StepResult], None] | None = None) -> Run:
    """``iterations`` SPSA steps from ``start`` on game seeds ``seed``, ``seed + 1``, ... (deterministic)."""
    gains = gains or Gains()
    rng = random.Random(f"spsa-{seed}")
    theta = clip(list(start), knobs)
    half = iterations // 2
    total = [0.0] * len(knobs)
    averaged = 0
    scores = 0.0
    began = time.perf_counter()
    for k in range(iterations):
        result = spsa_step(theta, k, seed + k, objective, gains, rng, knobs)
        theta = result.theta
        scores += result.plus + result.minus
        if k >= half:
            total = [t + v for t, v in zip(total, theta, strict=True)]
            averaged += 1
        if report is not None:
            report(k, result)
        goal_probability.cache_clear()  # its keys hold the goal model's m, which changes every iteration
    average = [t / averaged for t in total] if averaged else list(theta)
    return Run(theta, average, 2 * iterations, time.perf_counter() - began,
               scores / (2 * iterations) if iterations else 0.0)


def load_weights(path: str) -> Weights:
    """A weights file (as ``--out`` writes: ``{"weights": {...}}``, or a plain mapping of fields); a clear
    ``ValueError`` when it is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read weights file {path!r}: {error.strerror or error}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"weights file {path!r} is not JSON ({error.msg}, line {error.lineno})") from None
    if isinstance(data, dict) and isinstance(data.get("weights"), dict):
        data = data["weights"]
    if not isinstance(data, dict):
        raise ValueError(f"weights file {path!r} must hold an object of weights")
    names = {f.name for f in fields(Weights)}
    values: dict[str, float] = {}
    for key, value in data.items():
        if key not in names:
            raise ValueError(f"weights file {path!r}: {key!r} is not a weight ({', '.join(sorted(names))})")
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < math.inf:
            raise ValueError(f"weights file {path!r}: {key} must be a non-negative number, not {value!r}")
        values[key] = float(value)
    return replace(Weights(), **values)


def _whole_number(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least {least}" if least else
                                         f"{text!r} must not be negative")
    return value


def _positive(text: str) -> int:
    return _whole_number(text, 1)


def _seed(text: str) -> int:
    return _whole_number(text, 0)


BENCH_SEEDS = (range(1, 201), range(777, 977))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.games.calico.ai.tune",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=_positive, required=True, help="SPSA iterations (two games each)")
    parser.add_argument("--seed", type=_seed, required=True, help="first game seed; iteration k plays seed + k")
    parser.add_argument("--start", default=None, help="a weights file to start from (default: today's weights)")
    parser.add_argument("--out", default=None, help="where to write the result (JSON), after every 10 iterations")
    parser.add_argument("--jobs", type=_positive, default=1, help="processes (only 1: iterations are sequential)")
    parser.add_argument("--a", type=float, default=STEP_GAIN, help="step gain a")
    parser.add_argument("--c", type=float, default=PERTURBATION, help="perturbation c, in units of each weight's scale")
    args = parser.parse_args(argv)
    if args.jobs != 1:
        parser.error("--jobs: SPSA iterations depend on each other; only --jobs 1 is supported")
    if not (args.a > 0 and args.c > 0):
        parser.error("--a and --c must be positive")
    last = args.seed + args.iterations - 1
    for bench in BENCH_SEEDS:
        if args.seed <= bench[-1] and last >= bench[0]:
            parser.error(f"--seed: seeds {args.seed}-{last} overlap the bench seeds {bench[0]}-{bench[-1]}")
    try:
        start = load_weights(args.start) if args.start else Weights()
    except ValueError as error:
        parser.error(str(error))
    gains = Gains(a=args.a, c=args.c)
    theta0 = from_weights(start)
    names = [k.name for k in KNOBS]
    history: list[list[float]] = []
    began = time.perf_counter()
    meta = {"seed": args.seed, "iterations": args.iterations, "gains": asdict(gains),
            "start": dict(zip(names, theta0, strict=True))}

    def write(theta: list[float], average: list[float], done: int, mean: float) -> None:
        if args.out is None:
            return
        payload = {**meta, "done": done, "games": 2 * done, "seconds": round(time.perf_counter() - began, 1),
                   "mean_score": round(mean, 3), "last": dict(zip(names, theta, strict=True)),
                   "weights": dict(zip(names, average, strict=True))}
        Path(args.out).write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")

    played = [0.0]

    def report(k: int, result: StepResult) -> None:
        history.append(result.theta)
        played[0] += result.plus + result.minus
        if (k + 1) % 10 == 0 or k + 1 == args.iterations:
            tail = history[len(history) // 2:]
            average = [sum(col) / len(tail) for col in zip(*tail, strict=True)]
            mean = played[0] / (2 * (k + 1))
            shown = " ".join(f"{n}={v:.3f}" for n, v in zip(names, result.theta, strict=True))
            print(f"[{k + 1}/{args.iterations}] {time.perf_counter() - began:.0f}s mean {mean:.2f} "
                  f"last {result.plus:g}/{result.minus:g} {shown}", flush=True)
            write(result.theta, average, k + 1, mean)

    run = tune(theta0, args.iterations, args.seed, solo_score, gains, KNOBS, report)
    write(run.theta, run.average, args.iterations, run.mean_score)
    print(f"{run.games} games in {run.seconds:.0f}s, mean score {run.mean_score:.2f}")
    print("averaged weights (second half): " + ", ".join(f"{n}={v:.4f}" for n, v in zip(names, run.average,
                                                                                          strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
