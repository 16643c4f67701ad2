"""The one clock every game shares: due timers (reminders, deadlines, automatic answers) are claimed
here and handed to the service of the game they belong to.

A timer is claimed with a lease, not deleted: the unit of work that handles it deletes it, so a
crash in between only makes it fire again when the lease lapses, in this process or another one.
Timers that came due while the bot was down fire at once.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from ..storage.interface import Storage
from ..storage.models import TimerRow
from .tables import TIMER_LEASE_SECONDS, GameError

log = logging.getLogger(__name__)


class TimerOwner(Protocol):
    async def fire(self, timer: TimerRow) -> Any | None: ...


class Clock:
    def __init__(self, storage: Storage, services: Mapping[str, TimerOwner], *, instance_id: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.services = services
        self.instance_id = instance_id
        self.clock = clock

    async def next_due(self) -> float | None:
        return await self.storage.next_timer_due()

    async def fire_due(self) -> list[tuple[str, int, Any]]:
        """Handle every timer due now: (game kind, game id, what the service made of it) for each."""
        events: list[tuple[str, int, Any]] = []
        due = await self.storage.claim_due_timers(self.clock(), claimant=self.instance_id, lease=TIMER_LEASE_SECONDS)
        deadline_due = {(t.game_id, t.version, t.payload.get("seat"), t.payload.get("key"))
                        for t in due if t.kind == "deadline"}
        kinds: dict[int, str | None] = {}
        for timer in due:
            if timer.kind == "reminder" and (timer.game_id, timer.version, timer.payload.get("seat"),
                                             timer.payload.get("key")) in deadline_due:
                await self.storage.delete_timer(timer.id)  # the deadline has passed: a reminder is noise
                continue
            if timer.game_id not in kinds:
                row = await self.storage.get_game(timer.game_id)
                kinds[timer.game_id] = None if row is None else row.kind
            kind = kinds[timer.game_id]
            service = self.services.get(kind or "")
            if service is None:
                # A game whose plug-in is not loaded: its timer waits (its claim lapses, it is tried again).
                log.warning("timer %s of game %s: no service for game kind %r", timer.id, timer.game_id, kind)
                continue
            try:
                event = await service.fire(timer)
            except GameError as exc:
                log.warning("timer for game %s skipped: %s", timer.game_id, exc.code)
                await self.storage.delete_timer(timer.id)
                continue
            except Exception:
                log.exception("timer %s of game %s failed; it will be tried again", timer.id, timer.game_id)
                continue
            if event is not None:
                events.append((str(kind), timer.game_id, event))
        return events


__all__ = ["Clock", "TimerOwner"]
