"""Calico's bots read the one AI budget setting every game shares (``calico_bot.core.ai_budget``)."""

from calico_bot.core.ai_budget import DEFAULT_BUDGET_MS, ENV_VAR, budget_ms

__all__ = ["DEFAULT_BUDGET_MS", "ENV_VAR", "budget_ms"]
