"""The one clock every game shares: fires due timers through their game's service and posts what
saved changes still owe the channels (after a crash, and when retries fall due).

Timers only post through the REST API, so the loop does not wait for the gateway; overdue deadlines
(the bot was down) fire at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from discord.ext import commands

from calico_bot.app.guard import SEEN_KEEP_SECONDS

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

log = logging.getLogger(__name__)

TIMER_RETRY_SECONDS = 5.0  # after a failed round of the loop


class TableCog(commands.Cog):
    def __init__(self, bot: CalicoBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="game-clock")

    async def cog_unload(self) -> None:
        if self._task:
            self._task.cancel()

    async def run_due_timers(self) -> list[Any]:
        """Fire every timer that is due (reminders, deadlines, bot moves) and post what they did; the
        services' events, in order."""
        events = await self.bot.clock_service.fire_due()
        for kind, game_id in dict.fromkeys((kind, game_id) for kind, game_id, _ in events):
            announcer = self.bot.announcers.get(kind)
            if announcer is not None:
                await announcer.flush_outbox(game_id)
        return [event for _, _, event in events]

    async def flush_all_outbox(self) -> None:
        """Every game's due announcements, each through its own game's cog."""
        rows = await self.bot.storage.pending_outbox(now=self.bot.now(), limit=500)
        for game_id in dict.fromkeys(r.game_id for r in rows):
            game = await self.bot.storage.get_game(game_id)
            announcer = None if game is None else self.bot.announcers.get(game.kind)
            if announcer is not None:
                await announcer.flush_outbox(game_id)
                continue
            # A game whose plug-in is not loaded: its posts wait (not lost), looked at again in an hour.
            log.warning("announcements of game %s wait: no cog for its game kind", game_id)
            for row in (r for r in rows if r.game_id == game_id):
                await self.bot.storage.outbox_retry(row.id, next_try_at=self.bot.now() + 3600)

    async def _loop(self) -> None:
        wake = self.bot.clock_wake
        while True:
            wake.clear()  # before the round: a wake-up arriving during it is not lost
            try:
                await self.run_due_timers()
                await self.flush_all_outbox()
                await self.bot.storage.forget_interactions(self.bot.now() - SEEN_KEEP_SECONDS)
                dues = [d for d in (await self.bot.clock_service.next_due(), await self.bot.storage.next_outbox_due())
                        if d is not None]
                delay = 3600.0 if not dues else max(0.0, min(dues) - self.bot.now())
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the game clock failed; retrying in %.0f s", TIMER_RETRY_SECONDS)
                delay = TIMER_RETRY_SECONDS
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=min(max(delay, 0.05), 3600.0))


async def setup(bot: CalicoBot) -> None:
    await bot.add_cog(TableCog(bot))
