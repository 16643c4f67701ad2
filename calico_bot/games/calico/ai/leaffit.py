"""Fit a correction of the evaluation at the root play-outs' ends on self-play (issue 16's twelfth round; the strong
player's ``leaf_fit`` setting, off by default).

    python -m calico_bot.games.calico.ai.leaffit --games 800 --seed 40001 [--jobs 1] --out data/calico/leaf_fit.json

A cheap ``strong`` (:data:`PLAYER`: no play-outs, a small search, no time cap, so that the games do not depend on
the machine) plays standard solo games on the given seeds. After every turn but the last the quilt, with ``N``
placements left, is valued by the evaluation (:class:`.evaluation.Evaluator`, the default weights), which also
gives its terms (:func:`.evaluation.terms`): the points banked (scored, and the finished goals), the open goals, the
open cats, the open buttons and the rainbow term. For each ``N`` a ridge regression (numpy; penalty by 5-fold
cross-validation over :data:`PENALTIES`) fits the final score minus the evaluation on the terms and a constant, so
that the penalty shrinks towards the evaluation itself. At a play-out's end with ``N`` placements left the strong
player with ``leaf_fit=1`` adds the fitted correction to the evaluation (:class:`.evaluation.LeafFit`); a finished
quilt (``N`` 0) keeps its score. The file also records each bucket's cross-validated R² of the final score, against
the R² of the evaluation alone (plus a constant).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from calico_bot.games.calico.ai.board import goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import TERMS, Evaluator, terms
from calico_bot.games.calico.ai.runner import BENCH_SEEDS, map_seeds, overlaps, selfplay_seeds, solo_positions
from calico_bot.games.calico.ai.view import build_view

PLAYER = {"shortlist": 4, "samples": 3, "resample": 1, "rollouts": 0}  # the cheap strong player that plays the games
PENALTIES = (0.1, 1.0, 10.0, 100.0, 1000.0, 10000.0)
FOLDS = 5
# Never fitted on: the bench's seeds and every development seed range of issue 16.
RESERVED = (*BENCH_SEEDS, range(2001, 10001))


def game_rows(seed: int) -> list[tuple[int, float, tuple[float, ...], int]]:
    """One standard solo game of the cheap player: ``(N, evaluation, terms, final score)`` after every turn but the
    last."""
    from calico_bot.games.calico.ai.strong import StrongPolicy

    policy = StrongPolicy(seed, budget_ms=None, **PLAYER)  # type: ignore[arg-type]
    seen = []
    ev: Evaluator | None = None
    state = None
    for state, board, left in solo_positions(seed, policy):
        if ev is None:  # the goals are chosen before the first turn
            view = build_view(state, 0)
            ev = Evaluator(goal_list(view.goals), rules_for(view.cat_of_pattern))
        seen.append((left, ev(board, left), terms(ev, board, left)))
    assert state is not None  # the finished game now
    final = state.scores()[0].total
    return [(n, value, t, final) for n, value, t in seen]


def _ridge(x, y, penalty: float):  # type: ignore[no-untyped-def]
    """(constant, coefficients) of a ridge fit of ``y`` on ``x`` (the constant not penalised)."""
    import numpy as np

    mx, my = x.mean(axis=0), y.mean()
    xc = x - mx
    coef = np.linalg.solve(xc.T @ xc + penalty * np.eye(x.shape[1]), xc.T @ (y - my))
    return my - mx @ coef, coef


def fit_bucket(rows: list[tuple[float, tuple[float, ...], int]], seed: int = 0) -> dict[str, object]:
    """Ridge fit of final - evaluation on the terms for one bucket: the penalty of the best cross-validated error,
    the constant and coefficients refitted on every row, and the cross-validated R² of the final score (with the
    evaluation alone's R² beside it)."""
    import numpy as np

    x = np.array([t for _, t, _ in rows], dtype=float)
    value = np.array([v for v, _, _ in rows], dtype=float)
    final = np.array([f for _, _, f in rows], dtype=float)
    y = final - value
    folds = np.random.default_rng(seed).permutation(len(rows)) % FOLDS
    best: tuple[float, float] | None = None
    for penalty in PENALTIES:
        sse = 0.0
        for k in range(FOLDS):
            train, test = folds != k, folds == k
            c0, coef = _ridge(x[train], y[train], penalty)
            sse += float(((y[test] - c0 - x[test] @ coef) ** 2).sum())
        if best is None or sse < best[0]:
            best = (sse, penalty)
    assert best is not None
    c0, coef = _ridge(x, y, best[1])
    sst = float(((final - final.mean()) ** 2).sum())
    return {"rows": len(rows), "penalty": best[1], "constant": round(float(c0), 4),
            "coefficients": [round(float(c), 4) for c in coef], "cv_r2": round(1 - best[0] / sst, 4),
            "evaluation_r2": round(1 - float(((final - value - y.mean()) ** 2).sum()) / sst, 4)}


def main(argv: list[str] | None = None) -> int:
    args, seeds = selfplay_seeds(
        "calico_bot.games.calico.ai.leaffit", __doc__.split("\n")[0], argv, games=800, seed=40001, min_games=10,
        reserved=lambda s: ("the seeds overlap the bench's or the development seeds (1-200, 777-976, 2001-10000)"
                            if overlaps(s, RESERVED) else None))
    per_game = map_seeds(game_rows, seeds, args.jobs)
    by_n: dict[int, list[tuple[float, tuple[float, ...], int]]] = {}
    for game in per_game:
        for n, value, t, final in game:
            by_n.setdefault(n, []).append((value, t, final))
    out = {"fitted": f"python -m calico_bot.games.calico.ai.leaffit --games {args.games} --seed {args.seed}",
           "player": PLAYER, "terms": list(TERMS),
           "mean_final": round(sum(g[0][3] for g in per_game if g) / len(per_game), 2),
           "buckets": {str(n): fit_bucket(by_n[n], n) for n in sorted(by_n)}}
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    for n, entry in out["buckets"].items():  # type: ignore[union-attr]
        print(f"N={n:>2}: cv R2 {entry['cv_r2']:.3f} (evaluation {entry['evaluation_r2']:.3f}), "
              f"penalty {entry['penalty']:g}, coefficients {entry['coefficients']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
