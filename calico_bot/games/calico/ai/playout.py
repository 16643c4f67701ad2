"""Root play-outs for the strong player's turn (issue 16, ninth round; the ``rollouts`` setting, off by default).

The strong search keeps a shortlist of (placement, market tile) pairs. Each pair is then played on to the end of
the game (or for ``horizon`` more placements) over ``futures`` guessed futures: the tiles the player has not seen
(``view.unseen``, the bag and the other hands as a multiset) shuffled into a guessed bag, never the real one. The
player's later turns are played by a fast policy, one ply over the strong evaluation (each hand tile on its best
space, the market tile whose best placement next turn is worth most); in a game with others each other player
takes a random slot. The pair with the best mean value wins: the final score at the end of the game, or the
evaluation after ``horizon`` placements. Every pair plays the same guessed bags (common random numbers), and the
bags come from the generator the caller passes (seeded by the policy's seed and the public position), so the
choice is the same on every run and never depends on the hidden order.

With ``halving`` the pairs are played in rounds and the weaker half (by the mean so far) is dropped after each
round of ``futures // rounds`` futures, so the strongest pairs get the most play-outs (successive halving).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import Evaluator
from calico_bot.games.calico.engine.components import MARKET_SIZE, PATCH_SPACES
from calico_bot.games.calico.engine.geometry import cells_of


@dataclass(frozen=True, slots=True)
class Candidate:
    """One pair of the shortlist: the quilt after this turn's placement, the tile kept, the slot taken."""

    after: Board
    kept: int | None
    slot: int


def refill(market: Sequence[int | None], slot: int, bag: list[int], draw: int, *, solo: bool, n_players: int,
           rng: random.Random) -> tuple[list[int | None], int]:
    """The market after ``slot`` is taken, refilled from the guessed ``bag`` from index ``draw`` on (the conveyor in
    solo; otherwise the slot refilled and each other player taking a random slot, refilled in turn); returns it
    with the next index of the bag."""

    def tile(k: int) -> int | None:
        return bag[k] if k < len(bag) else None

    if solo:
        _far, near = (market[i] for i in range(MARKET_SIZE) if i != slot)
        return [near, tile(draw), tile(draw + 1)], draw + 2
    out = list(market)
    out[slot] = tile(draw)
    draw += 1
    for _ in range(n_players - 1):
        out[rng.randrange(MARKET_SIZE)] = tile(draw)
        draw += 1
    return out, draw


def pair_value(board: Board, first: int, second: int, rules: tuple[CatRule | None, ...], ev: Evaluator,
               remaining: int) -> float:
    """The value of placing ``first`` on its best space (``remaining`` placements left after it), then ``second`` on
    its best space on the quilt that leaves (the two tiles of a hand valued together; ``board`` is left as it was)."""
    _, cell = ev.best_placement(board, first, rules, remaining)
    saved = board.try_place(cell, first, rules)
    value = ev.best_placement(board, second, rules, remaining - 1)[0]
    board.take_back(saved)
    return value


def hand_value(board: Board, a: int, b: int, rules: tuple[CatRule | None, ...], ev: Evaluator,
               remaining: int) -> float:
    """The hand ``a``, ``b`` valued together: :func:`pair_value` in the better of the two orders."""
    if a == b:
        return pair_value(board, a, b, rules, ev, remaining)
    return max(pair_value(board, a, b, rules, ev, remaining), pair_value(board, b, a, rules, ev, remaining))


def wide_choice(board: Board, hand: list[int], market: Sequence[int | None], rules: tuple[CatRule | None, ...],
                ev: Evaluator, remaining: int, wide: int) -> tuple[int, int]:
    """The (hand index, space) among the ``wide`` best trial placements (by ``ev``, ties in the one-ply policy's
    order) after which the best placement next turn of the tile kept or of a market tile is worth most; ``board``
    is left as it was."""
    trials: list[tuple[float, int, int]] = []
    for h, tile in enumerate(hand):
        if h == 1 and tile == hand[0]:
            continue
        # the values the one-ply policy's best space came from (remembered by the evaluator)
        values = ev.placement_values(board, tile, rules, remaining)
        trials.extend((value, h, cell) for value, cell in zip(values, cells_of(board.empty), strict=True))
    trials.sort(key=lambda x: -x[0])  # stable: equal values keep the one-ply order (hand tile, then space)
    best: tuple[float, int, int] | None = None
    for _, h, cell in trials[:wide]:
        nexts = {t for t in market if t is not None}
        if len(hand) == 2:
            nexts.add(hand[1 - h])
        saved = board.try_place(cell, hand[h], rules)
        value = max(ev.best_placement(board, t, rules, remaining - 1)[0] for t in nexts)
        board.take_back(saved)
        if best is None or value > best[0]:
            best = (value, h, cell)
    assert best is not None
    return best[1], best[2]


def play_on(board: Board, hand: list[int], market: list[int | None], bag: list[int], draw: int, *, solo: bool,
            n_players: int, rules: tuple[CatRule | None, ...], ev: Evaluator, rng: random.Random,
            turns: int | None = None, pair: bool = False, wide: int = 0) -> Board:
    """Play the player's quilt on by the one-ply policy for ``turns`` placements (None: to the end of the game) on
    the guessed ``bag`` (read from index ``draw``); ``board`` and the lists passed are not changed. (Each tile's best
    space on a quilt is remembered by the evaluator, :meth:`.evaluation.Evaluator.best_placement`: the play-outs of
    one move meet the same quilts again and again.)

    With ``pair`` (issue 16's eleventh round), while two more placements are to be played, the two tiles of the
    hand are valued together (:func:`pair_value`, in the better order): the market tile is the one whose hand is
    worth most so, and the hand tile placed is the first of the better order.

    With ``wide`` >= 2 (eleventh round too), when a market pick follows the placement, the placement is the one of
    the ``wide`` best (tile, space) trials after which the best tile of the next hand is worth most
    (:func:`wide_choice`: a two-ply search on the known tiles, as the strong search's first stage)."""
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
                known[tile] = ev.best_placement(board, tile, rules, remaining)
            value, cell = known[tile]
            if best is None or value > best[0]:
                best = (value, h, cell)
        assert best is not None
        _, h, cell = best
        if (wide >= 2 and remaining >= 1 and (turns is None or turns - played >= 2)
                and any(t is not None for t in market)):
            h, cell = wide_choice(board, hand, market, rules, ev, remaining, wide)
        elif (pair and len(hand) == 2 and hand[0] != hand[1] and remaining >= 1
                and (turns is None or turns - played >= 2)):
            h = max((0, 1), key=lambda i: (pair_value(board, hand[i], hand[1 - i], rules, ev, remaining),
                                           known[hand[i]][0], -i))
            cell = known[hand[h]][1]
        board.place(cell, hand.pop(h), rules)
        played += 1
        if turns is not None and played >= turns:
            break  # the market pick after the last placement would change nothing returned
        known = {}
        slots = [i for i, t in enumerate(market) if t is not None] if remaining > 0 else []
        if not slots:
            continue
        # The market tile whose best placement next turn (with the tile kept) is worth the most; those values are
        # next turn's placements, so they are kept for it.
        for t in {*hand, *(market[s] for s in slots)}:
            assert t is not None
            known[t] = ev.best_placement(board, t, rules, remaining - 1)
        kept = known[hand[0]][0] if hand else float("-inf")
        if pair and hand and remaining >= 2 and (turns is None or turns - played >= 2):
            values = {t: hand_value(board, hand[0], t, rules, ev, remaining - 1)  # type: ignore[arg-type]
                      for t in {market[s] for s in slots}}
            pick = max(slots, key=lambda s: (values[market[s]], max(known[market[s]][0], kept), -s))  # type: ignore[index]
        else:
            pick = max(slots, key=lambda s: (max(known[market[s]][0], kept), -s))  # type: ignore[index]
        taken = market[pick]
        assert taken is not None
        hand.append(taken)
        market, draw = refill(market, pick, bag, draw, solo=solo, n_players=n_players, rng=rng)
    return board


def playout_means(candidates: Sequence[Candidate], market: Sequence[int | None], pool: list[int], *, solo: bool,
                  n_players: int, rules: tuple[CatRule | None, ...], ev: Evaluator, futures: int, rng: random.Random,
                  horizon: int = 0, halving: bool = False, deadline: float = float("inf"),
                  pair: bool = False, extra: int = 0, wide: int = 0,
                  leaf: Callable[[Board, int], float] | None = None) -> list[float | None]:
    """The mean play-out value of each candidate over the same guessed futures (``None`` for one dropped by
    ``halving`` or never played). Only complete rounds count (every candidate still in the race played the same
    futures): when ``time.perf_counter()`` passes ``deadline`` the round under way is discarded, so a search cut
    short compares the candidates on what it finished (all ``None`` if it finished no round).

    With ``extra`` (issue 16's eleventh round; not with ``halving``), when the best two means are closer than
    twice the standard error of their paired difference after ``futures`` futures, ``extra`` more futures are
    played by every candidate (the first ``futures`` are the same as without it).

    ``leaf`` (issue 16's twelfth round) values a play-out's end, the quilt and its placements left, instead of ``ev``
    (which still plays the play-outs): the strong player's :meth:`.evaluation.LeafScales.value` or
    :meth:`.evaluation.LeafFit.value` when its leaf settings are on."""
    value_of = ev if leaf is None else leaf
    rounds = max(1, len(candidates).bit_length() - 1) if halving else 1
    per_round = max(1, futures // rounds)
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    history: list[list[float]] = [[] for _ in candidates]  # each candidate's value in each future, in order

    def one_future() -> bool:  # every candidate alive played on one more guessed future; False at the deadline
        bag = list(pool)
        rng.shuffle(bag)
        salt = rng.getrandbits(32)
        values: list[float] = []
        for i in alive:
            if time.perf_counter() > deadline:
                return False
            c = candidates[i]
            other = random.Random(salt)
            nxt, draw = refill(market, c.slot, bag, 0, solo=solo, n_players=n_players, rng=other)
            taken = market[c.slot]
            assert taken is not None
            hand = [taken] if c.kept is None else [c.kept, taken]
            end = play_on(c.after, hand, nxt, bag, draw, solo=solo, n_players=n_players, rules=rules, ev=ev,
                          rng=other, turns=horizon or None, pair=pair, wide=wide)
            values.append(value_of(end, PATCH_SPACES - end.placed))
        for i, v in zip(alive, values, strict=True):
            totals[i] += v
            counts[i] += 1
            history[i].append(v)
        return True

    for r in range(rounds):
        if r > 0:  # drop the weaker half
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        for _ in range(per_round if r < rounds - 1 else futures - per_round * (rounds - 1)):
            if not one_future():
                return _means(totals, counts, alive, len(candidates))
    if extra > 0 and not halving and len(alive) >= 2 and close_race(history, alive):
        for _ in range(extra):
            if not one_future():
                break
    return _means(totals, counts, alive, len(candidates))


def close_race(history: list[list[float]], alive: list[int]) -> bool:
    """Whether the best two candidates' means (over the futures in ``history``) differ by no more than twice the
    standard error of their paired difference (always, with fewer than two futures)."""
    first, second = sorted(alive, key=lambda i: (-statistics.fmean(history[i]), i))[:2]
    diffs = [a - b for a, b in zip(history[first], history[second], strict=True)]
    if len(diffs) < 2:
        return True
    return statistics.fmean(diffs) <= 2 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def _means(totals: list[float], counts: list[int], alive: list[int], n: int) -> list[float | None]:
    return [totals[i] / counts[i] if i in alive and counts[i] else None for i in range(n)]
