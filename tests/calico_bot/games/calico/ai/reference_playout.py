"""The root play-outs as they were before the tenth round of issue 16, frozen as the oracle for the tests.

Every trial placement is a copy of the quilt evaluated afresh, nothing is remembered between trials, and the
play-out still values the market after its last placement. The production play-outs must reach exactly the
same quilts and the same means (the same floats), so that the strong player's choices stay the same.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import Evaluator
from calico_bot.games.calico.ai.playout import Candidate, refill
from calico_bot.games.calico.engine.components import PATCH_SPACES
from calico_bot.games.calico.engine.geometry import cells_of


def best_cell(board: Board, tile: int, rules: tuple, ev: Evaluator, remaining: int) -> tuple[float, int]:
    """The best value of ``tile`` on an empty space of ``board`` and that space (``remaining``: spaces left after)."""
    best = (float("-inf"), -1)
    for cell in cells_of(board.empty):
        trial = board.copy()
        trial.place(cell, tile, rules)
        value = ev(trial, remaining)
        if value > best[0]:
            best = (value, cell)
    return best


def play_on(board: Board, hand: list[int], market: list[int | None], bag: list[int], draw: int, *, solo: bool,
            n_players: int, rules: tuple[CatRule | None, ...], ev: Evaluator, rng: random.Random,
            turns: int | None = None) -> Board:
    """Play the player's quilt on by the one-ply policy for ``turns`` placements (None: to the end of the game) on
    the guessed ``bag`` (read from index ``draw``); ``board`` and the lists passed are not changed."""
    board = board.copy()
    hand = list(hand)
    played = 0
    known: dict[int, tuple[float, int]] = {}  # tile -> its best (value, space) on ``board`` as it is now
    while board.placed < PATCH_SPACES and hand and (turns is None or played < turns):
        remaining = PATCH_SPACES - board.placed - 1
        best: tuple[float, int, int] | None = None
        for h, tile in enumerate(hand):
            if h == 1 and tile == hand[0]:
                continue
            if tile not in known:
                known[tile] = best_cell(board, tile, rules, ev, remaining)
            value, cell = known[tile]
            if best is None or value > best[0]:
                best = (value, h, cell)
        assert best is not None
        _, h, cell = best
        board.place(cell, hand.pop(h), rules)
        played += 1
        known = {}
        slots = [i for i, t in enumerate(market) if t is not None] if remaining > 0 else []
        if not slots:
            continue
        # The market tile whose best placement next turn (with the tile kept) is worth the most; those values are
        # next turn's placements, so they are kept for it.
        for t in {*hand, *(market[s] for s in slots)}:
            assert t is not None
            known[t] = best_cell(board, t, rules, ev, remaining - 1)
        kept = known[hand[0]][0] if hand else float("-inf")
        pick = max(slots, key=lambda s: (max(known[market[s]][0], kept), -s))  # type: ignore[index]
        taken = market[pick]
        assert taken is not None
        hand.append(taken)
        market, draw = refill(market, pick, bag, draw, solo=solo, n_players=n_players, rng=rng)
    return board


def playout_means(candidates: Sequence[Candidate], market: Sequence[int | None], pool: list[int], *, solo: bool,
                  n_players: int, rules: tuple[CatRule | None, ...], ev: Evaluator, futures: int, rng: random.Random,
                  horizon: int = 0, halving: bool = False, deadline: float = float("inf")) -> list[float | None]:
    """The mean play-out value of each candidate over the same guessed futures (``None`` for one dropped by
    ``halving`` or never played). Only complete rounds count (every candidate still in the race played the same
    futures): when ``time.perf_counter()`` passes ``deadline`` the round under way is discarded, so a search cut
    short compares the candidates on what it finished (all ``None`` if it finished no round)."""
    rounds = max(1, len(candidates).bit_length() - 1) if halving else 1
    per_round = max(1, futures // rounds)
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    for r in range(rounds):
        if r > 0:  # drop the weaker half
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        for _ in range(per_round if r < rounds - 1 else futures - per_round * (rounds - 1)):
            bag = list(pool)
            rng.shuffle(bag)
            salt = rng.getrandbits(32)
            values: list[float] = []
            for i in alive:
                if time.perf_counter() > deadline:
                    return _means(totals, counts, alive, len(candidates))
                c = candidates[i]
                other = random.Random(salt)
                nxt, draw = refill(market, c.slot, bag, 0, solo=solo, n_players=n_players, rng=other)
                taken = market[c.slot]
                assert taken is not None
                hand = [taken] if c.kept is None else [c.kept, taken]
                end = play_on(c.after, hand, nxt, bag, draw, solo=solo, n_players=n_players, rules=rules, ev=ev,
                              rng=other, turns=horizon or None)
                values.append(ev(end, PATCH_SPACES - end.placed))
            for i, v in zip(alive, values, strict=True):
                totals[i] += v
                counts[i] += 1
    return _means(totals, counts, alive, len(candidates))


def _means(totals: list[float], counts: list[int], alive: list[int], n: int) -> list[float | None]:
    return [totals[i] / counts[i] if i in alive and counts[i] else None for i in range(n)]
