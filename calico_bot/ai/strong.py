"""The strong player: a two-placement lookahead over a heuristic evaluation of the quilt.

Effort is set by ``shortlist`` (how many first placements get the market lookahead), which keeps the
player deterministic for a fixed seed; ``budget_ms`` is only a safety cap on the time per move (when it
cuts the search short the choice can depend on the machine's speed; pass ``None`` to disable it).

For every placement of a hand tile the resulting quilt is scored with :class:`Evaluator` (points so far
plus the potential of goals, cats and buttons). The best few placements are then tried with each market
tile: the value of taking a tile is the best evaluation reachable next turn with the resulting hand
(the other hand tile and the taken one). The search stops widening when the time budget runs out.
"""

from __future__ import annotations

import itertools
import time

from ..calico.actions import ChooseGoals, Turn
from ..calico.components import GOAL_SPACES, PATCH_SPACES
from ..calico.geometry import cells_of
from .board import Board, goal_list, rules_for
from .evaluation import Evaluator, Weights, goal_prior
from .policy import decision_rng, make_turn, open_slots
from .view import PlayerView

DEFAULT_BUDGET_MS = 800


class StrongPolicy:
    name = "strong"

    def __init__(self, seed: int = 0, budget_ms: float | None = DEFAULT_BUDGET_MS, weights: Weights | None = None,
                 shortlist: int = 10, goal_values: dict[str, float] | None = None) -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.weights = weights or Weights()
        self.shortlist = shortlist
        self.goal_values = goal_values

    # --- setup ------------------------------------------------------------------------------------

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        m = self.weights.goal_choices
        best: tuple[float, tuple[str, ...]] | None = None
        for trio in itertools.permutations(sorted(view.offered), 3):
            if self.goal_values is not None:
                value = sum(self.goal_values[g] for g in trio)
            else:
                value = sum(goal_prior(g, m) for g in trio)
            if best is None or value > best[0] + 1e-9:
                best = (value, trio)
        assert best is not None
        return ChooseGoals(view.seat, dict(zip(GOAL_SPACES, best[1], strict=True)))

    # --- turns ------------------------------------------------------------------------------------

    def choose_turn(self, view: PlayerView) -> Turn:
        deadline = float("inf") if self.budget_ms is None else time.perf_counter() + self.budget_ms / 1000
        rng = decision_rng(self.seed, view, 5)
        rules = rules_for(view.cat_of_pattern)
        ev = Evaluator(goal_list(view.goals), rules, self.weights)
        board = Board.from_quilt(view.quilt)
        remaining = PATCH_SPACES - board.placed - 1  # placements left after this one
        empties = cells_of(board.empty)
        hand = list(view.hand)

        first: list[tuple[float, float, int, int, Board]] = []
        seen_tiles: set[int] = set()
        for h, tile in enumerate(hand):
            if tile in seen_tiles:
                continue
            seen_tiles.add(tile)
            for cell in empties:
                after = board.copy()
                after.place(cell, tile, rules)
                first.append((ev(after, remaining), rng.random(), h, cell, after))
        first.sort(key=lambda x: (x[0], x[1]), reverse=True)
        slots = open_slots(view)
        if not slots:
            _, _, h, cell, _ = first[0]
            return make_turn(view, h, cell, None)

        best: tuple[float, float, int, int, int] | None = None
        for rank, (v1, tie, h, cell, after) in enumerate(first[: self.shortlist]):
            if rank >= 2 and time.perf_counter() > deadline:
                break
            other = hand[1 - h] if len(hand) == 2 else None
            next_empties = cells_of(after.empty)
            for s in slots:
                taken = view.market[s]
                assert taken is not None
                tiles = {taken} if other is None else {taken, other}
                v2 = max(
                    (self._after(after, cell2, t, rules, ev, remaining - 1) for t in tiles for cell2 in next_empties),
                    default=v1,
                )
                key = (v2, tie, h, cell, s)
                if best is None or key[:2] > best[:2]:
                    best = key
        assert best is not None
        _, _, h, cell, s = best
        return make_turn(view, h, cell, s)

    @staticmethod
    def _after(board: Board, cell: int, tile: int, rules: tuple, ev: Evaluator, remaining: int) -> float:
        b = board.copy()
        b.place(cell, tile, rules)
        return ev(b, remaining)
