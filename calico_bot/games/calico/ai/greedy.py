"""The greedy player: the placement worth the most points right now, no lookahead.

Score of a placement = points it earns at once (cats, buttons, rainbow, design goals it completes)
plus a small tie-breaking bonus for touching tiles of its own color or pattern (growing groups).
The market tile taken is the one whose best placement next turn would score the most by the same
measure on the quilt as it will be.
"""

from __future__ import annotations

from calico_bot.games.calico.ai.board import Board, CatRule, goal_list, goal_points, rules_for
from calico_bot.games.calico.ai.policy import arrangement, decision_rng, make_turn, open_slots
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import GOALS
from calico_bot.games.calico.engine.geometry import NEIGHBOUR_MASK, cells_of

TOUCH_BONUS = 0.05


def placement_gain(board: Board, cell: int, tile: int, rules: tuple[CatRule | None, ...], goals: tuple) -> float:
    """Immediate points of placing ``tile`` on ``cell`` plus the small adjacency bonus (board unchanged)."""
    trial = board.copy()
    gained = trial.place(cell, tile, rules)
    for neighbours, goal in goals:
        if cell in neighbours:
            gained += goal_points(trial.cells, neighbours, goal)
    touch = NEIGHBOUR_MASK[cell]
    bonus = (touch & board.cm[tile // 6]).bit_count() + (touch & board.pm[tile % 6]).bit_count()
    return gained + TOUCH_BONUS * bonus


def best_placement(board: Board, tiles: list[int], rules: tuple[CatRule | None, ...], goals: tuple) -> float:
    best = 0.0
    empties = cells_of(board.empty)
    for tile in set(tiles):
        for cell in empties:
            best = max(best, placement_gain(board, cell, tile, rules, goals))
    return best


class GreedyPolicy:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        # The easiest goals by their lower value: keep the three worth the most when met once.
        ranked = sorted(view.offered, key=lambda g: (-GOALS[g].one, g))
        return ChooseGoals(view.seat, arrangement(ranked[:3]))

    def choose_turn(self, view: PlayerView) -> Turn:
        rng = decision_rng(self.seed, view, 3)
        board = Board.from_quilt(view.quilt)
        rules = rules_for(view.cat_of_pattern)
        goals = goal_list(view.goals)
        options: list[tuple[float, float, int, int]] = []
        for h, tile in enumerate(view.hand):
            for cell in cells_of(board.empty):
                options.append((placement_gain(board, cell, tile, rules, goals), rng.random(), h, cell))
        _, _, h, cell = max(options)
        slots = open_slots(view)
        slot = None
        if slots:
            after = board.copy()
            after.place(cell, view.hand[h], rules)
            other = [t for i, t in enumerate(view.hand) if i != h]
            scored = []
            for s in slots:
                tile = view.market[s]
                assert tile is not None
                scored.append((best_placement(after, [*other, tile], rules, goals), rng.random(), s))
            slot = max(scored)[2]
        return make_turn(view, h, cell, slot)

