"""Policies by name, for the bot and the command line."""

from __future__ import annotations

from collections.abc import Callable

from calico_bot.games.calico.ai.greedy import GreedyPolicy
from calico_bot.games.calico.ai.policy import Policy
from calico_bot.games.calico.ai.random_policy import RandomPolicy

ALIASES = {"easy": "random", "medium": "greedy", "hard": "strong"}


def _strong(seed: int, **kwargs: object) -> Policy:
    from calico_bot.games.calico.ai.strong import StrongPolicy

    return StrongPolicy(seed, **kwargs)  # type: ignore[arg-type]


def _strong_v1(seed: int, **kwargs: object) -> Policy:
    from calico_bot.games.calico.ai.strong import V1_OPTIONS, StrongPolicy

    policy = StrongPolicy(seed, **{**V1_OPTIONS, **kwargs})  # type: ignore[arg-type]
    policy.name = "strong-v1"
    return policy


def _strong_w1(seed: int, **kwargs: object) -> Policy:
    from calico_bot.games.calico.ai.strong import V1_WEIGHTS, StrongPolicy

    policy = StrongPolicy(seed, **{"weights": V1_WEIGHTS, **kwargs})  # type: ignore[arg-type]
    policy.name = "strong-w1"
    return policy


FACTORIES: dict[str, Callable[..., Policy]] = {
    "random": lambda seed, **_: RandomPolicy(seed),
    "greedy": lambda seed, **_: GreedyPolicy(seed),
    "strong": _strong,
    "strong-v1": _strong_v1,
    "strong-w1": _strong_w1,
}
SEARCHING = frozenset({"strong", "strong-v1", "strong-w1"})  # the policies that take ``budget_ms`` and search options
POLICY_NAMES: tuple[str, ...] = tuple(FACTORIES)


def policy_by_name(name: str, seed: int = 0, **options: object) -> Policy:
    """``random``, ``greedy``, ``strong``, ``strong-v1`` (the strong player as it was before
    issue 16, kept for comparison), ``strong-w1`` (today's strong player with the evaluation weights
    from before issue 16, ``V1_WEIGHTS``), or a level ``easy``/``medium``/``hard``; ``options`` go to the
    searching policies (``budget_ms``, search settings)."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in FACTORIES:
        raise ValueError(f"unknown policy {name!r}: use {', '.join(POLICY_NAMES + tuple(ALIASES))}")
    return FACTORIES[key](seed, **options)


def takes_budget(name: str) -> bool:
    """Whether ``name`` (a policy or a level) searches and so accepts ``budget_ms``."""
    return ALIASES.get(name.lower(), name.lower()) in SEARCHING
