"""Helpers for the bot: a suggested move for a player, and goal suggestions."""

from __future__ import annotations

from calico_bot.games.calico.ai.registry import policy_by_name
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.game import GameState


def hint(state: GameState, seat: int, policy: str = "strong", seed: int = 0, **options: object) -> Turn:
    """The move ``policy`` would make for ``seat`` now (it must be that player's turn).

    Only what ``seat`` may see is used, so a hint never leaks hidden information.
    """
    if state.current != seat or state.phase != "play":
        raise ValueError("it is not this player's turn")
    return policy_by_name(policy, seed, **options).choose_turn(build_view(state, seat))


def goal_hint(state: GameState, seat: int, policy: str = "strong", seed: int = 0, **options: object) -> ChooseGoals:
    """A suggested choice and arrangement of the offered design goals for ``seat`` during setup (``options``
    as for :func:`hint`)."""
    if not state.players[seat].needs_goals:
        raise ValueError("this player has no design goals to choose")
    return policy_by_name(policy, seed, **options).choose_goals(build_view(state, seat))
