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


def action_from_json(data: Any, where: str = "action") -> Action:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: must be an object")
    kind = data.get("type")
    try:
        if kind == "goals":
            return ChooseGoals(int(data["player"]), dict(data["goals"]))
        if kind == "turn":
            take = data.get("take")
            return Turn(int(data["player"]), int(data["tile"]), str(data["space"]),
                        None if take is None else int(take))
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{where}: malformed {kind} action ({exc})") from None
    raise RecordError(f"{where}: unknown action type {kind!r}")
