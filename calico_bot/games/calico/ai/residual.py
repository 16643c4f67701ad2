"""A learned residual of the strong evaluation, from self-play (``strong:residual=1``; README, "The AI").

    python -m calico_bot.games.calico.ai.residual --games 2000 --seed 40001 --jobs 2 --out data/calico/residual.json

``strong`` with a reduced search (:data:`PLAY`) plays standard solo games; after each of its turns the quilt is
valued by the strong evaluation (default weights), which also gives its four terms (goals, open cats, open buttons,
rainbow). For every number of placements left, a ridge regression (numpy) fits the final score minus that value on
the four terms and a constant; the penalty is chosen by 5-fold cross-validation. The file holds the coefficients
per placements left, the games and the command, and :class:`.evaluation.Residual` adds the fitted correction at
every leaf of the search. Seeds must avoid the bench's (1-200, 777-976) and the development seeds (6001-9999).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import RESIDUAL_FILE as DATA_FILE
from calico_bot.games.calico.ai.evaluation import Evaluator
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.game import GameOptions, new_game

PLAY: dict[str, object] = {"shortlist": 4, "samples": 3, "resample": 1, "endgame_spaces": 3}  # the training games
PENALTIES = (0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0)  # ridge penalties tried (times the number of samples / 1000)
RESERVED = ((1, 200), (777, 976), (6001, 9999))  # bench and development seeds


def play_samples(seed: int) -> list[tuple[int, float, float, float, float, float, float]]:
    """One training game: (placements left, evaluation, goals, cats, buttons, rainbow, final score) per turn."""
    from calico_bot.games.calico.ai.strong import StrongPolicy

    state = new_game(GameOptions(players=["AI"], mode="solo"), seed)
    policy = StrongPolicy(seed, budget_ms=None, **PLAY)  # type: ignore[arg-type]
    state.apply(policy.choose_goals(build_view(state, 0)))
    view = build_view(state, 0)
    ev = Evaluator(goal_list(view.goals), rules_for(view.cat_of_pattern))
    rows = []
    while not state.over:
        state.apply(policy.choose_turn(build_view(state, 0)))
        board = Board.from_quilt(state.players[0].quilt)
        remaining = 22 - board.placed
        if remaining > 0:
            value = ev(board, remaining)
            rows.append((remaining, value, *ev.last_terms))
    final = float(state.scores()[0].total)
    return [(*row, final) for row in rows]  # type: ignore[misc]


def fit(samples: np.ndarray, folds: int = 5) -> tuple[dict[int, list[float]], dict[int, dict[str, float]]]:
    """Ridge coefficients per placements left (constant unpenalized), the penalty by cross-validation; also the
    fit's figures per placements left (samples, penalty, R2 of the residual in cross-validation)."""
    coefficients: dict[int, list[float]] = {}
    report: dict[int, dict[str, float]] = {}
    for remaining in sorted({int(r) for r in samples[:, 0]}):
        rows = samples[samples[:, 0] == remaining]
        x = np.column_stack([np.ones(len(rows)), rows[:, 2:6]])
        y = rows[:, 6] - rows[:, 1]
        fold = np.arange(len(rows)) % folds
        best: tuple[float, float] | None = None
        for penalty in PENALTIES:
            lam = penalty * len(rows) / 1000
            error = 0.0
            for k in range(folds):
                train, test = fold != k, fold == k
                beta = _ridge(x[train], y[train], lam)
                error += float(((x[test] @ beta - y[test]) ** 2).sum())
            if best is None or error < best[0]:
                best = (error, lam)
        assert best is not None
        beta = _ridge(x, y, best[1])
        coefficients[remaining] = [round(float(b), 6) for b in beta]
        total = float(((y - y.mean()) ** 2).sum())
        report[remaining] = {"samples": len(rows), "penalty": best[1], "cv_r2": 1 - best[0] / total if total else 0.0}
    return coefficients, report


def _ridge(x: np.ndarray, y: np.ndarray, lam: float) -> np.ndarray:
    penalty = lam * np.eye(x.shape[1])
    penalty[0, 0] = 0.0
    return np.linalg.solve(x.T @ x + penalty, x.T @ y)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.games.calico.ai.residual",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=40001)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=str(DATA_FILE))
    parser.add_argument("--samples", default=None, help="also keep the training samples in this .npy file")
    args = parser.parse_args(argv)
    if args.games < 10:
        parser.error("--games must be at least 10")
    last = args.seed + args.games - 1
    for lo, hi in RESERVED:
        if args.seed <= hi and last >= lo:
            parser.error(f"seeds {args.seed}-{last} overlap the reserved seeds {lo}-{hi} (bench or development)")
    seeds = list(range(args.seed, last + 1))
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(play_samples, seeds, chunksize=8)
    else:
        games = [play_samples(s) for s in seeds]
    samples = np.array([row for game in games for row in game], dtype=float)
    if args.samples:
        np.save(args.samples, samples)
    coefficients, report = fit(samples)
    command = (f"python -m calico_bot.games.calico.ai.residual --games {args.games} --seed {args.seed} "
               f"--jobs {args.jobs} --out {args.out}")
    out = {"terms": ["constant", "goals", "open cats", "open buttons", "rainbow"], "play": PLAY,
           "games": args.games, "seeds": [args.seed, last], "command": command,
           "coefficients": {str(r): c for r, c in coefficients.items()},
           "fit": {str(r): v for r, v in report.items()}}
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    for r, v in report.items():
        print(f"{r:2d} left: {v['samples']} samples, penalty {v['penalty']:g}, CV R2 {v['cv_r2']:.3f}, "
              f"coefficients {coefficients[r]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
