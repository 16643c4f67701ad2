"""The AI's thinking time per move, for every game's bots: one setting, read by the bot and by the benchmarks.

``AI_BUDGET_MS`` (environment) overrides ``DEFAULT_BUDGET_MS``. The budget is a safety cap: the strong
player's effort is fixed by its search settings, and the cap only cuts a search short on a slow or busy
machine (which can then change a decision).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

ENV_VAR = "AI_BUDGET_MS"
DEFAULT_BUDGET_MS = 800


def budget_ms(env: Mapping[str, str] | None = None) -> int:
    """The budget in milliseconds from ``env`` (default: the process environment)."""
    raw = (os.environ if env is None else env).get(ENV_VAR, "").strip()
    if not raw:
        return DEFAULT_BUDGET_MS
    if not raw.isdigit() or int(raw) <= 0:
        raise ValueError(f"{ENV_VAR} must be a positive whole number of milliseconds, got {raw!r}")
    return int(raw)
