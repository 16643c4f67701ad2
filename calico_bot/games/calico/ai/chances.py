"""Fit the group-chance factors (:class:`.evaluation.GroupChances`) on self-play.

    python -m calico_bot.games.calico.ai.chances --games 200 --seed 8501 [--jobs 2] --out data/calico/group_chances.json

``strong`` (no time cap, so the games do not depend on the machine) plays standard solo games on the given seeds.
After every turn each open cat group and button group the evaluation counts is recorded with its tiles missing
``d`` and its room (the free spaces next to it, capped at 4), and at the end of the game whether it paid off
(the group it became holds a cat token, or a button). For each kind and ``d`` the factor of a room is its
completion rate over the rate of all groups missing ``d`` tiles, shrunk towards 1 (``PRIOR`` pseudo-groups at the
``d`` rate) and scaled so that the factors average 1 over the groups of that ``d``. The decay keeps the level;
the factors only say which groups are likelier than others.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterator
from pathlib import Path

from calico_bot.games.calico.ai.bits import halo, room_at_least
from calico_bot.games.calico.ai.board import Board, CatRule, rules_for
from calico_bot.games.calico.ai.evaluation import ROOM_BUCKETS, _open_regions, shape_groups_missing
from calico_bot.games.calico.ai.runner import BENCH_SEEDS, map_seeds, overlaps, selfplay_seeds, solo_positions

PRIOR = 20.0  # pseudo-groups at the rate of their ``d`` added to every room's count


def open_groups(board: Board, rules: tuple[CatRule | None, ...],
                remaining: int) -> Iterator[tuple[str, int, int, int, int]]:
    """The open groups the evaluation values: ``(kind, key, d, room, cells)``, kind "cat" (key: the pattern) or
    "button" (key: the color), as :func:`.evaluation.cat_potential` and :func:`.evaluation.button_chances` see them."""
    empty = board.empty
    for pattern, rule in enumerate(rules):
        if rule is None:
            continue
        free, allowed = _open_regions(board.pg[pattern], board.catm, empty)
        if rule.shape is None:
            for g in free:
                d = rule.min_group - g.bit_count()
                if d <= remaining and room_at_least(g, allowed, d):
                    yield "cat", pattern, d, (halo(g) & allowed).bit_count(), g
            continue
        for g, best in shape_groups_missing(free, allowed, rule, empty):
            if best <= remaining:
                yield "cat", pattern, best, (halo(g) & allowed).bit_count(), g
    for color in range(6):
        free, allowed = _open_regions(board.cg[color], board.btnm, empty, below=3)
        for g in free:
            near = halo(g) & allowed
            if g.bit_count() == 2:
                if near:
                    yield "button", color, 1, near.bit_count(), g
            elif remaining >= 2 and near and (near & (near - 1) or halo(g | near) & allowed & ~near):
                yield "button", color, 2, near.bit_count(), g


def game_groups(seed: int) -> list[tuple[str, int, int, int]]:
    """One standard solo game of ``strong`` (no cap): ``(kind, d, room, paid off)`` for every open group after
    every turn but the last."""
    from calico_bot.games.calico.ai.strong import StrongPolicy

    policy = StrongPolicy(seed, budget_ms=None)
    seen: list[tuple[str, int, int, int, int]] = []
    state = None
    rules = None
    for state, board, left in solo_positions(seed, policy):
        rules = rules or rules_for(state.cat_of_pattern)
        seen.extend(open_groups(board, rules, left))
    assert state is not None  # the finished game now
    final = Board.from_quilt(state.players[0].quilt)
    out = []
    for kind, key, d, room, g in seen:
        groups, tokens = (final.pg[key], final.catm) if kind == "cat" else (final.cg[key], final.btnm)
        done = any(big & g == g and big & tokens for big in groups)
        out.append((kind, d, room, int(done)))
    return out


def fit(records: list[tuple[str, int, int, int]], prior: float = PRIOR) -> dict[str, list[list[float]]]:
    """The factors per kind, ``[d][room]`` (see the module's text); rows for ``d`` from 0 up to the largest seen."""
    table: dict[str, list[list[float]]] = {}
    for kind in ("cat", "button"):
        rows = [r for r in records if r[0] == kind]
        top = 2 if kind == "button" else max((r[1] for r in rows), default=0)
        out = []
        for d in range(top + 1):
            counts = [[0, 0] for _ in range(ROOM_BUCKETS)]
            for _, dd, room, done in rows:
                if dd == d:
                    c = counts[min(room, ROOM_BUCKETS - 1)]
                    c[0] += 1
                    c[1] += done
            n = sum(c[0] for c in counts)
            done_all = sum(c[1] for c in counts)
            if n == 0 or done_all == 0:
                out.append([1.0] * ROOM_BUCKETS)
                continue
            rate = done_all / n
            raw = [(c[1] + prior * rate) / (c[0] + prior) / rate if c[0] + prior > 0 else 1.0 for c in counts]
            mean = sum(f * c[0] for f, c in zip(raw, counts, strict=True)) / n
            out.append([round(f / mean, 4) for f in raw])
        table[kind] = out
    return table


def main(argv: list[str] | None = None) -> int:
    args, seeds = selfplay_seeds(
        "calico_bot.games.calico.ai.chances", __doc__.split("\n")[0], argv, games=200, seed=8501, min_games=1,
        reserved=lambda s: ("the seeds overlap the bench's (1-200, 777-976): fit on other seeds"
                            if overlaps(s, BENCH_SEEDS) else None))
    per_game = map_seeds(game_groups, seeds, args.jobs)
    records = [r for game in per_game for r in game]
    table = fit(records)
    out = {"fitted": f"python -m calico_bot.games.calico.ai.chances --games {args.games} --seed {args.seed}",
           "groups": len(records), "prior": PRIOR, **table}
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} groups from {args.games} games; factors written to {args.out}")
    for kind in ("cat", "button"):
        for d, row in enumerate(table[kind]):
            if not all(math.isclose(f, 1.0) for f in row):
                print(f"  {kind} d={d}: " + " ".join(f"{f:.2f}" for f in row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
