"""Posting what saved changes owe the channels (the outbox), the same way for every game.

A game's cog is an :class:`Announcer`: it turns one outbox row into message parts; this class posts
them, each once, and retries with back-off. The one clock cog (``cogs.table``) finds a game's
announcer by the game's kind.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from ..services.tables import GameCorrupt
from ..storage.models import OutboxRow
from .limits import send_limited


class TableBot(Protocol):
    """What an announcer needs of the bot (the bot is not imported here: it imports this module)."""

    storage: Any

    def now(self) -> float: ...
    def wake_clock(self) -> None: ...
    def get_partial_messageable(self, id: int, /) -> discord.PartialMessageable: ...

log = logging.getLogger(__name__)

OUTBOX_RETRY_BASE = 5.0  # seconds before the first retry of a failed post; doubles each time
OUTBOX_RETRY_CAP = 900.0
OUTBOX_MAX_ATTEMPTS = 12  # about two hours of retries, then the post is given up (and logged)


@dataclass(slots=True)
class Part:
    """One message of an announcement: where it goes and how to build it (None: nothing to send)."""

    channel_id: int
    build: Callable[[], Awaitable[dict[str, Any] | None]]


async def text_part(content: str) -> dict[str, Any]:
    return {"content": content}


async def text_view(content: str, view: discord.ui.View) -> dict[str, Any]:
    return {"content": content, "view": view}


class Announcer:
    """Mixin for a game cog: ``bot`` is set, ``parts_of`` builds a row's messages."""

    bot: Any  # a TableBot
    kind: str

    def __init__(self) -> None:
        self._post_locks: dict[int, asyncio.Lock] = {}

    async def parts_of(self, row: OutboxRow) -> list[Part]:
        raise NotImplementedError

    async def after_posted(self, row: OutboxRow) -> None:
        """Called once a row is fully posted (e.g. to refresh the lobby message)."""

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(channel_id)

    async def flush_outbox(self, game_id: int) -> None:
        """Post what one game's saved changes still owe the channel, oldest first, each message once.

        Every message carries a nonce made of the outbox row and part number, and Discord refuses a
        second message with the same nonce, so a post repeated after a crash is not doubled. A failed
        post is logged and tried again later by the clock; it is never reported to the user as a
        refusal (their action is saved).
        """
        async with self._post_locks.setdefault(game_id, asyncio.Lock()):
            for row in await self.bot.storage.pending_outbox(game_id=game_id):
                if not await self._post_entry(row):
                    break

    async def _post_entry(self, row: OutboxRow) -> bool:
        storage = self.bot.storage
        try:
            parts = await self.parts_of(row)
            for k in range(row.posted_parts, len(parts)):
                message = await parts[k].build()
                if message is not None:
                    await send_limited(self.channel(parts[k].channel_id), nonce=f"o{row.id}.{k}", **message)
                await storage.outbox_progress(row.id, k + 1)
            await storage.outbox_done(row.id)
            await self.after_posted(row)
            return True
        except (GameCorrupt, ValueError, KeyError, TypeError) as exc:
            log.error("announcement %s of game %s cannot be built (%r); dropped", row.id, row.game_id, exc)
            await storage.outbox_done(row.id)
            return True
        except Exception as exc:
            give_up = row.attempts + 1 >= OUTBOX_MAX_ATTEMPTS
            log.warning("announcement %s of game %s not posted (%r)%s", row.id, row.game_id, exc,
                        "; giving up" if give_up else "; will retry")
            if give_up:
                await storage.outbox_done(row.id)
                return True
            delay = min(OUTBOX_RETRY_CAP, OUTBOX_RETRY_BASE * 2 ** row.attempts)
            await storage.outbox_retry(row.id, next_try_at=self.bot.now() + delay)
            self.bot.wake_clock()
            return False

    async def after_update(self, game_id: int) -> None:
        """After a unit of work is saved: wake the clock and post its announcement."""
        self.bot.wake_clock()
        try:
            await self.flush_outbox(game_id)
        except Exception:
            log.exception("posting the announcement of game %s failed; the clock retries", game_id)


__all__ = ["OUTBOX_MAX_ATTEMPTS", "OUTBOX_RETRY_BASE", "OUTBOX_RETRY_CAP", "Announcer", "Part", "text_part",
           "text_view"]
