"""The actions a Calico player can take, as plain data.

Indexes are 1-based, as players see them: ``tile`` is 1 or 2 (the hand), ``take`` is 1, 2 or 3 (the
market slot; ``None`` on a player's last placement, when there is no draft). ``expected_version``
lets a caller refuse a stale action (a double click, a click on an old message).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calico_bot.core.errors import RecordError


@dataclass(frozen=True, slots=True)
class ChooseGoals:
    player: int
    goals: dict[str, str]  # goal space -> goal tile id
    expected_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "goals", "player": self.player, "goals": dict(self.goals)}


@dataclass(frozen=True, slots=True)
class Turn:
    player: int
    tile: int
    space: str
    take: int | None
    expected_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "turn", "player": self.player, "tile": self.tile, "space": self.space,
                "take": self.take}


Action = ChooseGoals | Turn


def _whole(data: dict[str, Any], key: str, where: str, kind: str) -> int:
    """``data[key]`` as a whole number: 1.5, true or "2" are refused rather than rounded or read."""
    if key not in data:
        raise RecordError(f"{where}: malformed {kind} action (no {key!r})")
    value = data[key]
    if type(value) is not int:
        raise RecordError(f"{where}: malformed {kind} action ({key} must be a whole number, got {value!r})")
    return value


def action_from_json(data: Any, where: str = "action") -> Action:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: must be an object")
    kind = data.get("type")
    if kind == "goals":
        player = _whole(data, "player", where, kind)
        goals = data.get("goals")
        if not (isinstance(goals, dict) and all(isinstance(g, str) for g in goals.values())):
            raise RecordError(f"{where}: malformed goals action (goals must map B3, C4 and D2 to goal tiles)")
        return ChooseGoals(player, dict(goals))
    if kind == "turn":
        player = _whole(data, "player", where, kind)
        tile = _whole(data, "tile", where, kind)
        space = data.get("space")
        if not isinstance(space, str):
            raise RecordError(f"{where}: malformed turn action (space must be a space name such as B4, got {space!r})")
        take = None if data.get("take") is None else _whole(data, "take", where, kind)
        return Turn(player, tile, space, take)
    raise RecordError(f"{where}: unknown action type {kind!r}")
