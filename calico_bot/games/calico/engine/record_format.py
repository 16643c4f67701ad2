"""What the Calico record format (``calico-record/1``) and the game engine both need: the format tag,
the modes and the cat entries. Kept apart from :mod:`.record`, which replays full records through
the engine, so that the engine can read records without importing the module that imports it."""

from __future__ import annotations

from typing import Any

from calico_bot.core.errors import RecordError
from calico_bot.games.calico.engine.components import CATS, PATTERN_INDEX, name_key

FORMAT = "calico-record/1"
MODES = ("standard", "beginner", "family", "solo")


def _need(cond: bool, where: str, message: str) -> None:
    if not cond:
        raise RecordError(f"{where}: {message}")


def player_name(p: dict[str, Any], i: int) -> str:
    """A player entry's name: a string, or ``Player N`` when it is left out (or null)."""
    name = p.get("name")
    if name is None:
        return f"Player {i + 1}"
    _need(isinstance(name, str), f"players[{i}]", f"a name must be a string, got {name!r}")
    return name


def parse_cats(raw: Any) -> list[tuple[str, tuple[int, ...]]]:
    _need(isinstance(raw, list) and raw, "cats", "must be a non-empty list")
    cats: list[tuple[str, tuple[int, ...]]] = []
    owner: dict[int, str] = {}
    for i, entry in enumerate(raw):
        where = f"cats[{i}]"
        _need(isinstance(entry, dict), where, "must be an object with name and patterns")
        name = entry.get("name")
        _need(isinstance(name, str) and name in CATS, where, f"unknown cat {name!r}")
        other = next((n for n, _ in cats if CATS[n].tile == CATS[name].tile), None)
        _need(other is None, where, f"{name} is already in the game" if other == name
              else f"{name} and {other} are the two sides of one cat tile")
        patterns = entry.get("patterns")
        _need(isinstance(patterns, list) and len(patterns) == 2, where, "needs exactly two patterns")
        parsed = []
        for raw_pattern in patterns:
            p = name_key(raw_pattern) if isinstance(raw_pattern, str) else None
            _need(p in PATTERN_INDEX, where, f"unknown pattern {raw_pattern!r}")
            _need(PATTERN_INDEX[p] not in owner, where, f"{p} already belongs to {owner.get(PATTERN_INDEX[p])}")
            owner[PATTERN_INDEX[p]] = name
            parsed.append(PATTERN_INDEX[p])
        cats.append((name, tuple(parsed)))
    return cats


__all__ = ["FORMAT", "MODES", "parse_cats", "player_name"]
