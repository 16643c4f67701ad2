"""The goal choice at setup by simulation: each way to keep three of the offered goals is played out.

For every candidate arrangement of goals, ``futures`` whole games are played from the player's view by a
fast policy (:func:`rollout`): the hidden tiles (``view.unseen``, the bag and the other hands as a multiset)
are shuffled into a guessed bag, the player places and drafts with a one-ply search on the strong
evaluator, and the other players (in a game with others) take a random market slot each. The candidate
with the best mean final estimate wins. Every candidate plays the same guessed bags (common random numbers),
so candidates are compared on equal luck; the bags come from a generator seeded by the policy's seed and
the public position, so the choice is the same on every run and never reads the bag's order.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import Evaluator, ObjectiveTerms, Weights
from calico_bot.games.calico.engine.components import MARKET_SIZE, PATCH_SPACES
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


def rollout(board: Board, hand: Sequence[int], market: Sequence[int | None], bag: list[int], *, solo: bool,
            n_players: int, rules: tuple[CatRule | None, ...], ev: Evaluator, rng: random.Random) -> Board:
    """Play the player's quilt to the end on the guessed ``bag`` (consumed from the front); returns the
    finished quilt (``board`` itself is not changed)."""
    board = board.copy()
    hand = list(hand)
    market = list(market)
    draw = 0
    while board.placed < PATCH_SPACES and hand:
        remaining = PATCH_SPACES - board.placed - 1
        best: tuple[float, int, int] | None = None
        for h, tile in enumerate(hand):
            if h == 1 and tile == hand[0]:
                continue
            value, cell = best_cell(board, tile, rules, ev, remaining)
            if best is None or value > best[0]:
                best = (value, h, cell)
        assert best is not None
        _, h, cell = best
        tile = hand.pop(h)
        board.place(cell, tile, rules)
        slots = [i for i, t in enumerate(market) if t is not None] if remaining > 0 else []
        if not slots:
            continue
        # Take the market tile whose best placement next turn (with the tile kept) is worth the most.
        values: dict[int, float] = {}
        for t in {*hand, *(market[s] for s in slots)}:
            assert t is not None
            values[t] = best_cell(board, t, rules, ev, remaining - 1)[0]
        kept = values[hand[0]] if hand else float("-inf")
        pick = max(slots, key=lambda s: (max(values[market[s]], kept), -s))  # type: ignore[index]
        taken = market[pick]
        assert taken is not None
        hand.append(taken)
        if solo:
            _far, near = (market[i] for i in range(MARKET_SIZE) if i != pick)
            new = [bag[draw] if draw < len(bag) else None, bag[draw + 1] if draw + 1 < len(bag) else None]
            draw += 2
            market = [near, *new]
        else:
            market[pick] = bag[draw] if draw < len(bag) else None
            draw += 1
            for _ in range(n_players - 1):  # each other player takes a random slot, refilled from the bag
                s = rng.randrange(MARKET_SIZE)
                market[s] = bag[draw] if draw < len(bag) else None
                draw += 1
    return board


def simulate_choices(candidates: Sequence[tuple[tuple[tuple[int, ...], object], ...]], board: Board,
                     hand: Sequence[int], market: Sequence[int | None], pool: list[int], *, solo: bool,
                     n_players: int, rules: tuple[CatRule | None, ...], weights: Weights, futures: int,
                     rng: random.Random, objectives: Sequence[ObjectiveTerms | None] | None = None,
                     deadline: float = float("inf"), min_futures: int = 2) -> list[float]:
    """Mean rollout value of each candidate goal list over the same ``futures`` guessed bags.

    The futures are played in rounds (one guessed bag for every candidate); when ``time.perf_counter()``
    passes ``deadline`` after at least ``min_futures`` rounds, the means are taken over the rounds played.
    """
    cats: dict = {}
    buttons: dict = {}
    evaluators = []
    for i, goals in enumerate(candidates):
        ev = Evaluator(goals, rules, weights, None if objectives is None else objectives[i])  # type: ignore[arg-type]
        ev._cats = cats  # the cat and button potentials do not depend on the goals: shared by every candidate
        ev._buttons = buttons
        evaluators.append(ev)
    totals = [0.0] * len(candidates)
    rounds = 0
    for _ in range(max(1, futures)):
        bag = list(pool)
        rng.shuffle(bag)
        salt = rng.getrandbits(32)
        for i, ev in enumerate(evaluators):
            final = rollout(board, hand, market, bag, solo=solo, n_players=n_players, rules=rules, ev=ev,
                            rng=random.Random(salt))
            totals[i] += ev(final, 0)  # its points (and, in a scenario, the objectives' progress)
        rounds += 1
        if rounds >= min_futures and time.perf_counter() > deadline:
            break
    return [t / rounds for t in totals]
