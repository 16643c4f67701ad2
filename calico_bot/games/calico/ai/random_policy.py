"""The random player: a uniformly random legal action."""

from __future__ import annotations

from calico_bot.games.calico.ai.policy import arrangement, decision_rng, empty_cells, make_turn, open_slots
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn


class RandomPolicy:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        rng = decision_rng(self.seed, view, 1)
        return ChooseGoals(view.seat, arrangement(rng.sample(list(view.offered), 3)))

    def choose_turn(self, view: PlayerView) -> Turn:
        rng = decision_rng(self.seed, view, 2)
        slots = open_slots(view)
        return make_turn(view, rng.randrange(len(view.hand)), rng.choice(empty_cells(view)),
                         rng.choice(slots) if slots else None)
