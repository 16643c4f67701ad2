"""The goal choice at setup by simulation: each way to keep three of the offered goals is played out.

For every candidate arrangement of goals, ``futures`` whole games are played from the player's view by a
fast policy (:func:`.playout.play_on`, which the root play-outs use too): the hidden tiles (``view.unseen``,
the bag and the other hands as a multiset) are shuffled into a guessed bag, the player places and drafts
with a one-ply search on the strong evaluator, and the other players (in a game with others) take a random
market slot each. The candidate with the best mean final estimate wins. Every candidate plays the same
guessed bags (common random numbers), so candidates are compared on equal luck; the bags come from a
generator seeded by the policy's seed and the public position, so the choice is the same on every run and
never reads the bag's order.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import Evaluator, ObjectiveTerms, Weights
from calico_bot.games.calico.ai.playout import play_on


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
            final = play_on(board, list(hand), list(market), bag, 0, solo=solo, n_players=n_players, rules=rules,
                            ev=ev, rng=random.Random(salt))
            totals[i] += ev(final, 0)  # its points (and, in a scenario, the objectives' progress)
        rounds += 1
        if rounds >= min_futures and time.perf_counter() > deadline:
            break
    return [t / rounds for t in totals]
