"""Rows as plain dataclasses, so services never see SQL or aiosqlite."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

LOBBY = "lobby"
ACTIVE = "active"
OVER = "over"
ENDED = "ended"
OPEN_STATUSES = (LOBBY, ACTIVE)


@dataclass(slots=True)
class GameRow:
    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    host_id: int
    status: str
    options: dict[str, Any]
    state: str | None
    version: int
    created_at: float
    updated_at: float

    @property
    def home_channel(self) -> int:
        """Where the game talks: its thread, or the channel it was started in."""
        return self.thread_id or self.channel_id


@dataclass(slots=True)
class SeatRow:
    game_id: int
    seat: int
    user_id: int | None
    name: str
    bot_level: str | None = None
    status: str = "active"

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def auto_played(self) -> bool:
        """Seats whose turns the bot plays: bot seats, kicked and resigned players."""
        return self.is_bot or self.status != "active"


@dataclass(slots=True)
class ActionRow:
    game_id: int
    version: int
    user_id: int | None
    action: dict[str, Any]
    created_at: float


@dataclass(slots=True)
class TimerRow:
    id: int
    game_id: int
    kind: str
    due_at: float
    version: int
    payload: dict[str, Any] = field(default_factory=dict)
    claimed_by: str | None = None
    claimed_until: float | None = None


TimerSpec = tuple[str, float, int, dict[str, Any]]
"""A timer to write: (kind, due_at, game version it belongs to, payload)."""


@dataclass(slots=True)
class OutboxRow:
    """Something to post once a commit is done; kept until every message of it went out."""

    id: int
    game_id: int
    version: int
    payload: dict[str, Any]
    state: str | None
    created_at: float
    attempts: int = 0
    next_try_at: float = 0.0
    posted_parts: int = 0


@dataclass(slots=True)
class MemberStats:
    guild_id: int
    user_id: int
    kind: str
    played: int = 0
    won: int = 0
    best: int = 0
    total: int = 0


class StaleVersion(Exception):
    """The game moved on since the caller read it: the action was not applied."""
