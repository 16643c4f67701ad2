"""The three decisions of Cat in the Box, as plain data.

``SetAside``: the sealed choice of the card a player keeps out of the round. ``Bid``: the number of
tricks a player expects to win (3-5 players). ``Play``: a card from hand declared in a colour.
``expected_version`` lets a caller refuse a stale action (a double click, an old panel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ....core.errors import RecordError


@dataclass(frozen=True, slots=True)
class SetAside:
    player: int
    card: int
    expected_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "set_aside", "player": self.player, "card": self.card}


@dataclass(frozen=True, slots=True)
class Bid:
    player: int
    bid: int
    expected_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "player": self.player, "bid": self.bid}


@dataclass(frozen=True, slots=True)
class Play:
    player: int
    card: int
    colour: str
    expected_version: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "player": self.player, "card": self.card, "colour": self.colour}


Action = SetAside | Bid | Play


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"{value!r} is not an integer")
    return value


def action_from_json(data: Any, where: str = "action") -> Action:
    if not isinstance(data, dict):
        raise RecordError(f"{where}: must be an object")
    kind = data.get("type")
    try:
        if kind == "set_aside":
            return SetAside(_int(data["player"]), _int(data["card"]))
        if kind == "bid":
            return Bid(_int(data["player"]), _int(data["bid"]))
        if kind == "play":
            colour = data["colour"]
            if not isinstance(colour, str):
                raise TypeError(f"{colour!r} is not a colour name")
            return Play(_int(data["player"]), _int(data["card"]), colour)
    except (KeyError, TypeError) as exc:
        raise RecordError(f"{where}: malformed {kind} action ({exc})") from None
    raise RecordError(f"{where}: unknown action type {kind!r}")
