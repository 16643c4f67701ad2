"""Policies by name, for the bot and the command line."""

from __future__ import annotations

from collections.abc import Callable

from .greedy import GreedyPolicy
from .policy import Policy
from .random_policy import RandomPolicy

ALIASES = {"easy": "random", "medium": "greedy", "hard": "strong"}


def _strong(seed: int, **kwargs: object) -> Policy:
    from .strong import StrongPolicy

    return StrongPolicy(seed, **kwargs)  # type: ignore[arg-type]


FACTORIES: dict[str, Callable[..., Policy]] = {
    "random": lambda seed, **_: RandomPolicy(seed),
    "greedy": lambda seed, **_: GreedyPolicy(seed),
    "strong": _strong,
}
POLICY_NAMES: tuple[str, ...] = tuple(FACTORIES)


def policy_by_name(name: str, seed: int = 0, **options: object) -> Policy:
    """``random``, ``greedy`` or ``strong`` (or ``easy``/``medium``/``hard``); ``options`` go to the strong
    policy (``budget_ms``)."""
    key = ALIASES.get(name.lower(), name.lower())
    if key not in FACTORIES:
        raise ValueError(f"unknown policy {name!r}: use {', '.join(POLICY_NAMES + tuple(ALIASES))}")
    return FACTORIES[key](seed, **options)
