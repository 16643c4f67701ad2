"""Benchmark the AI players.

    python -m calico_bot.games.calico.ai.bench --policy strong --games 200 --seed 1 [--setup standard|beginner]
        [--vs greedy] [--players 2] [--budget-ms N | --no-cap] [--jobs N] [--scenarios all|1,7,10]

A searching policy may be given with search settings, ``NAME:KEY=VALUE,KEY=VALUE`` (for example
``--policy strong:samples=12,resample=5 --vs strong``); the keys are :data:`SEARCH_SETTINGS`, the evaluation
weights by field name (:data:`WEIGHT_SETTINGS`, for example ``strong:cat_decay=0.3``: the other weights stay
the policy's own) and ``weights=FILE``, a JSON file of weights as :mod:`.tune` writes it.

The time cap per move is the bot's (``AI_BUDGET_MS``, default ``budget.DEFAULT_BUDGET_MS``) unless
``--budget-ms`` says otherwise; ``--no-cap`` turns it off, so that the results do not depend on the
machine's speed or load.

Solo games (default): mean, median, standard deviation, min, max, the goals/cats/buttons split and
the time per move. ``--vs NAME`` also plays the same seeds with NAME and prints the paired difference.
``--players 2`` (or 3, 4) plays standard games of the policy against ``--vs`` (default greedy) in every
other seat, the policy's seat rotating with the seed, and prints its win rate (shared wins count half)
and its points against the opponents' mean. ``--scenarios`` with ``--vs`` also prints the paired
difference of the pooled pass rate and mean score over every (scenario, seed) game.

``--fork-at N`` (solo, with ``--vs``) is for settings that change only the last turns: each game is played once by
``--vs`` up to the turn with N spaces left, and from there on twice, by each policy (their games are the same up to
that turn when the two policies decide the same way before it, which the bench does not check); the policy's
time per move counts only its own turns.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass, fields, replace

from calico_bot.games.calico.ai import budget
from calico_bot.games.calico.ai.evaluation import Weights
from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.registry import policy_by_name, takes_budget
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.components import PATCH_SPACES, SCENARIOS
from calico_bot.games.calico.engine.game import GameOptions, new_game
from calico_bot.games.calico.engine.scenarios import evaluate_scenario


@dataclass(slots=True)
class SoloOutcome:
    seed: int
    total: int
    goals: int
    cats: int
    buttons: int
    move_seconds: list[float]
    passed: bool | None = None  # scenario games: every objective met


@dataclass(slots=True)
class DuelOutcome:
    seed: int
    seat: int  # the tested policy's seat
    points: tuple[int, float]  # tested policy, the opponents' mean
    win: float  # 1, 0.5 (shared) or 0
    move_seconds: list[float]


NO_CAP = math.inf  # ``budget_ms`` of the bench functions: the searching policies run without a time cap
SEARCH_SETTINGS = ("shortlist", "samples", "resample", "third_weight", "objective_bonus", "goal_futures", "endgame",
                   "endgame_spaces", "scenario_endgame", "cat_room",
                   "button_room", "long_decay", "rollouts", "horizon", "rollout_top", "halving",
                   "rollouts_everywhere", "rollout_pair", "rollout_mix", "full_from",
                   "rollout_extra", "rollout_wide", "leaf_goal", "leaf_cat", "leaf_button", "leaf_schedule",
                   "leaf_fit", "supply", "supply_relative")
WEIGHT_SETTINGS = tuple(f.name for f in fields(Weights))  # one evaluation weight each, on the policy's own weights
WEIGHTS_FILE = "weights"  # ``weights=FILE``: every weight from a JSON file (:func:`.tune.load_weights`)


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``strong:samples=12,resample=5`` -> ``("strong", {"samples": 12, "resample": 5})``; a weight key is
    kept as a float, ``weights=FILE`` as the :class:`.evaluation.Weights` it holds; a clear error otherwise."""
    name, _, settings = spec.partition(":")
    options: dict[str, object] = {}
    if not settings:
        return name, options
    if not takes_budget(name):
        raise ValueError(f"{spec!r}: only the searching policies take settings")
    keys = (*SEARCH_SETTINGS, *WEIGHT_SETTINGS, WEIGHTS_FILE)
    for item in settings.split(","):
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or key not in keys:
            raise ValueError(f"{spec!r}: {item!r} is not KEY=VALUE with KEY one of {', '.join(keys)}")
        if key == WEIGHTS_FILE:
            from calico_bot.games.calico.ai.tune import load_weights

            options[key] = load_weights(raw.strip())
            continue
        try:
            value: float = int(raw)
        except ValueError:
            try:
                value = float(raw)
            except ValueError:
                raise ValueError(f"{spec!r}: {key} must be a number, not {raw.strip()!r}") from None
        if key in WEIGHT_SETTINGS:
            if not 0 <= value < math.inf:
                raise ValueError(f"{spec!r}: the weight {key} must be a non-negative number, not {raw.strip()!r}")
            value = float(value)
        options[key] = value
    return name, options


def _options(spec: str, budget_ms: float | None) -> dict[str, object]:
    name, options = parse_spec(spec)
    changed = {k: options.pop(k) for k in WEIGHT_SETTINGS if k in options}
    if changed:  # single weights change the file's weights, or else the policy's own
        base = options.get(WEIGHTS_FILE) or policy_by_name(name).weights  # type: ignore[attr-defined]
        options[WEIGHTS_FILE] = replace(base, **changed)  # type: ignore[arg-type]
    if budget_ms is None or not takes_budget(name):
        return dict(options)
    return {**options, "budget_ms": None if math.isinf(budget_ms) else budget_ms}


def _policy(spec: str, seed: int, budget_ms: float | None) -> Policy:
    return policy_by_name(parse_spec(spec)[0], seed, **_options(spec, budget_ms))


def play_solo(policy: str, seed: int, setup: str, budget_ms: float | None,
              scenario: int | None = None) -> SoloOutcome:
    state = new_game(GameOptions(players=["AI"], mode="solo", solo_setup=setup, scenario=scenario), seed)
    result = play_game(state, [_policy(policy, seed, budget_ms)])
    score = state.scores()[0]
    passed = None
    if scenario is not None:
        passed = evaluate_scenario(scenario, score, [name for name, _ in state.cats]).passed
    return SoloOutcome(seed, score.total, score.goal_points, score.cat_points, score.button_points,
                       result.move_seconds[0], passed)


def play_solo_fork(policy: str, other: str, seed: int, setup: str, budget_ms: float | None, scenario: int | None,
                   spaces: int) -> tuple[SoloOutcome, SoloOutcome]:
    """One solo game played by ``other`` until ``spaces`` spaces are left, then to the end by each policy:
    (``policy``'s outcome, ``other``'s)."""
    state = new_game(GameOptions(players=["AI"], mode="solo", solo_setup=setup, scenario=scenario), seed)
    shared = _policy(other, seed, budget_ms)
    state.apply(shared.choose_goals(build_view(state, 0)))
    while not state.over and PATCH_SPACES - state.players[0].quilt.placed > spaces:
        state.apply(shared.choose_turn(build_view(state, 0)))
    fork = state.copy()
    outcomes = []
    for spec, game in ((policy, fork), (other, state)):
        result = play_game(game, [_policy(spec, seed, budget_ms)])
        score = game.scores()[0]
        passed = None
        if scenario is not None:
            passed = evaluate_scenario(scenario, score, [name for name, _ in game.cats]).passed
        outcomes.append(SoloOutcome(seed, score.total, score.goal_points, score.cat_points, score.button_points,
                                    result.move_seconds[0], passed))
    return outcomes[0], outcomes[1]


def play_duel(policy: str, opponent: str, seed: int, budget_ms: float | None, players: int = 2) -> DuelOutcome:
    """One standard game: ``policy`` in seat ``seed % players``, ``opponent`` in every other seat."""
    seat = seed % players
    names = [f"P{i + 1}" for i in range(players)]
    state = new_game(GameOptions(players=names, mode="standard"), seed)
    policies = [_policy(opponent, seed * players + 1 + i, budget_ms) for i in range(players)]
    policies[seat] = _policy(policy, seed * players, budget_ms)
    result = play_game(state, policies)
    winners = state.winners()
    win = 0.0 if seat not in winners else 1.0 / len(winners)
    others = [state.total(i) for i in range(players) if i != seat]
    return DuelOutcome(seed, seat, (state.total(seat), statistics.fmean(others)), win, result.move_seconds[seat])


def _map(func, args: list[tuple], jobs: int) -> list:  # type: ignore[no-untyped-def]
    if jobs <= 1:
        return [func(*a) for a in args]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.starmap(func, args)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def _time_line(moves: list[float]) -> str:
    return f"time/move: mean {1000 * statistics.fmean(moves):.0f} ms, p95 {1000 * _p95(moves):.0f} ms, " \
           f"max {1000 * max(moves):.0f} ms ({len(moves)} moves)"


def summarize_solo(name: str, outcomes: list[SoloOutcome]) -> str:
    totals = [o.total for o in outcomes]
    sd = statistics.stdev(totals) if len(totals) > 1 else 0.0
    moves = [t for o in outcomes for t in o.move_seconds]
    lines = [
        f"{name}: {len(totals)} solo games",
        f"  score: mean {statistics.fmean(totals):.2f}, median {statistics.median(totals):g}, sd {sd:.2f}, "
        f"min {min(totals)}, max {max(totals)}",
        f"  split: goals {statistics.fmean(o.goals for o in outcomes):.2f}, "
        f"cats {statistics.fmean(o.cats for o in outcomes):.2f}, "
        f"buttons {statistics.fmean(o.buttons for o in outcomes):.2f}",
        f"  {_time_line(moves)}",
    ]
    return "\n".join(lines)


def paired_difference(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """Mean of ``a - b`` and its 95% confidence interval (normal approximation)."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return mean, mean - half, mean + half


def _scenario_numbers(text: str) -> list[int]:
    numbers = []
    for part in text.split(","):
        if not part.strip().isdigit() or int(part) not in SCENARIOS:
            raise SystemExit(f"--scenarios: {part.strip()!r} is not a scenario number (1..{max(SCENARIOS)}) or 'all'")
        numbers.append(int(part))
    return numbers


def scenario_outcomes(policy: str, numbers: list[int], seeds: list[int], budget_ms: float | None,
                      jobs: int) -> dict[int, list[SoloOutcome]]:
    """The games of every scenario in ``numbers``, on the same seeds for every scenario."""
    return {number: _map(play_solo, [(policy, s, "standard", budget_ms, number) for s in seeds], jobs)
            for number in numbers}


def scenario_table(policy: str, games: dict[int, list[SoloOutcome]]) -> str:
    """Pass rate and mean score per scenario."""
    lines = [f"{policy}: solo scenarios, {len(next(iter(games.values())))} games each"]
    passes = 0
    for number, outcomes in games.items():
        won = sum(1 for o in outcomes if o.passed)
        passes += won
        mean = statistics.fmean(o.total for o in outcomes)
        lines.append(f"  scenario {number:2d} (needs {SCENARIOS[number].min_score}): "
                     f"pass {100 * won / len(outcomes):5.1f}%, mean {mean:.1f}")
    lines.append(f"  all: pass {100 * passes / sum(len(o) for o in games.values()):.1f}%")
    lines.append(f"  {_time_line([t for outcomes in games.values() for o in outcomes for t in o.move_seconds])}")
    return "\n".join(lines)


def scenario_difference(name: str, games: dict[int, list[SoloOutcome]], other: str,
                        others: dict[int, list[SoloOutcome]]) -> str:
    """The paired difference ``name - other`` of the pass rate and the mean over every (scenario, seed) game."""
    mine = [o for number in games for o in games[number]]
    theirs = [o for number in games for o in others[number]]
    p, p_lo, p_hi = paired_difference([float(bool(o.passed)) for o in mine], [float(bool(o.passed)) for o in theirs])
    m, m_lo, m_hi = paired_difference([o.total for o in mine], [o.total for o in theirs])
    gained = sum(bool(a.passed) and not b.passed for a, b in zip(mine, theirs, strict=True))
    lost = sum(bool(b.passed) and not a.passed for a, b in zip(mine, theirs, strict=True))
    return (f"paired difference {name} - {other} ({len(mine)} games): pass {100 * p:+.1f} points of % "
            f"(95% CI {100 * p_lo:+.1f} .. {100 * p_hi:+.1f}; passed by {name} only {gained}, by {other} only {lost}), "
            f"mean {m:+.2f} (95% CI {m_lo:+.2f} .. {m_hi:+.2f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.games.calico.ai.bench",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--policy", default="strong")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1, help="first seed; games use seed, seed+1, ...")
    parser.add_argument("--setup", choices=("standard", "beginner"), default="standard")
    parser.add_argument("--vs", default=None, help="a second policy to compare with on the same seeds")
    parser.add_argument("--players", type=int, choices=(1, 2, 3, 4), default=1)
    parser.add_argument("--budget-ms", type=float, default=None,
                        help=f"time cap per move of the searching policies (default: {budget.ENV_VAR} or "
                             f"{budget.DEFAULT_BUDGET_MS}, as the bot)")
    parser.add_argument("--no-cap", action="store_true",
                        help="no time cap per move (deterministic results, whatever the machine's load)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--fork-at", type=int, default=None, metavar="N",
                        help="solo, with --vs: share each game's turns before N spaces are left (module's text)")
    parser.add_argument("--scenarios", default=None,
                        help="solo scenarios to play ('all' or a list such as 1,7,10): pass rate and mean per scenario")
    args = parser.parse_args(argv)
    for spec in (args.policy, args.vs):
        if spec is not None:
            try:
                _policy(spec, 0, None)  # a wrong name, key or value is refused here, in one line
            except ValueError as error:
                parser.error(str(error))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.budget_ms is not None and not args.budget_ms > 0:
        parser.error("--budget-ms must be a positive number of milliseconds")
    seeds = list(range(args.seed, args.seed + args.games))
    if args.no_cap and args.budget_ms is not None:
        parser.error("--no-cap and --budget-ms exclude each other")
    if args.no_cap:
        args.budget_ms = NO_CAP
        print("no time cap per move")
    else:
        if args.budget_ms is None:
            args.budget_ms = float(budget.budget_ms())
        print(f"budget {args.budget_ms:g} ms per move")

    if args.fork_at is not None:
        if args.vs is None or args.players > 1 or not 1 <= args.fork_at <= PATCH_SPACES:
            parser.error(f"--fork-at needs --vs, solo games and a number of spaces from 1 to {PATCH_SPACES}")
        numbers = [None] if not args.scenarios else (
            sorted(SCENARIOS) if args.scenarios == "all" else _scenario_numbers(args.scenarios))
        pairs = {n: _map(play_solo_fork, [(args.policy, args.vs, s, args.setup, args.budget_ms, n, args.fork_at)
                                          for s in seeds], args.jobs) for n in numbers}
        games = {n: [a for a, _ in pairs[n]] for n in numbers}
        others = {n: [b for _, b in pairs[n]] for n in numbers}
        if args.scenarios:
            print(scenario_table(args.policy, games))  # type: ignore[arg-type]
            print(scenario_table(args.vs, others))  # type: ignore[arg-type]
            print(scenario_difference(args.policy, games, args.vs, others))  # type: ignore[arg-type]
        else:
            print(summarize_solo(args.policy, games[None]))
            print(summarize_solo(args.vs, others[None]))
            mean, lo, hi = paired_difference([o.total for o in games[None]], [o.total for o in others[None]])
            print(f"paired difference {args.policy} - {args.vs}: mean {mean:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
        changed = sum(a.total != b.total or a.passed != b.passed for n in numbers for a, b in pairs[n])
        print(f"forked at {args.fork_at} spaces left: {changed} games of {sum(map(len, pairs.values()))} end otherwise")
        return 0

    if args.players > 1:
        opponent = args.vs or "greedy"
        duels = _map(play_duel, [(args.policy, opponent, s, args.budget_ms, args.players) for s in seeds], args.jobs)
        wins = sum(d.win for d in duels)
        mine = [d.points[0] for d in duels]
        theirs = [d.points[1] for d in duels]
        mean, lo, hi = paired_difference(mine, theirs)
        print(f"{args.policy} vs {opponent}: {len(duels)} {args.players}-player games (seats rotate)")
        print(f"  win rate: {100 * wins / len(duels):.1f}% ({wins:g} of {len(duels)})")
        print(f"  points: {args.policy} {statistics.fmean(mine):.2f}, {opponent} {statistics.fmean(theirs):.2f}, "
              f"diff {mean:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
        print(f"  {args.policy} {_time_line([t for d in duels for t in d.move_seconds])}")
        return 0

    if args.scenarios:
        numbers = sorted(SCENARIOS) if args.scenarios == "all" else _scenario_numbers(args.scenarios)
        games = scenario_outcomes(args.policy, numbers, seeds, args.budget_ms, args.jobs)
        print(scenario_table(args.policy, games))
        if args.vs:
            others = scenario_outcomes(args.vs, numbers, seeds, args.budget_ms, args.jobs)
            print(scenario_table(args.vs, others))
            print(scenario_difference(args.policy, games, args.vs, others))
        return 0

    outcomes = _map(play_solo, [(args.policy, s, args.setup, args.budget_ms) for s in seeds], args.jobs)
    print(summarize_solo(args.policy, outcomes))
    if args.vs:
        others = _map(play_solo, [(args.vs, s, args.setup, args.budget_ms) for s in seeds], args.jobs)
        print(summarize_solo(args.vs, others))
        mean, lo, hi = paired_difference([o.total for o in outcomes], [o.total for o in others])
        print(f"paired difference {args.policy} - {args.vs}: mean {mean:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
