"""AI players for Calico: a random, a greedy and a strong policy behind one interface.

``policy_by_name("strong", seed)`` gives a :class:`Policy`; feed it a :class:`PlayerView` built with
``build_view(state, seat)``. ``hint(state, seat)`` is the one-call helper for the bot. ``budget_ms()``
is the time cap per move (``AI_BUDGET_MS``) that the bot and the benchmarks share.
"""

from calico_bot.games.calico.ai.budget import DEFAULT_BUDGET_MS, budget_ms
from calico_bot.games.calico.ai.hint import goal_hint, hint
from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.registry import POLICY_NAMES, policy_by_name
from calico_bot.games.calico.ai.view import PlayerView, build_view

__all__ = ["DEFAULT_BUDGET_MS", "POLICY_NAMES", "PlayerView", "Policy", "budget_ms", "build_view", "goal_hint",
           "hint", "policy_by_name"]
