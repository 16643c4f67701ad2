"""Shared helpers for the daily-puzzle tests: a settable clock, opening the service, playing a day."""

from __future__ import annotations

from pathlib import Path

from calico_bot.games.calico.ai.registry import policy_by_name
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.daily import goals_action, turn_action
from calico_bot.services.daily import Attempt, DailyPuzzles, day_start
from calico_bot.storage import SqlStorage, open_storage
from calico_bot.storage.daily_store import DailyStore

DAY = 40  # 2027-01-07, an ordinary day
GUILD = 1001
OTHER_GUILD = 1002


class Clock:
    """A settable clock for the service."""

    def __init__(self, day: int = DAY, hour: float = 12.0) -> None:
        self.t = 0.0
        self.set(day, hour)

    def __call__(self) -> float:
        return self.t

    def set(self, day: int, hour: float = 12.0) -> None:
        self.t = day_start(day) + hour * 3600

    def advance(self, seconds: float) -> None:
        self.t += seconds


async def open_service(path: Path | str, clock: Clock | None = None, **kwargs: object
                       ) -> tuple[SqlStorage, DailyPuzzles]:
    storage = await open_storage(path)
    options: dict[str, object] = {"par_policy": "greedy"}
    options.update(kwargs)
    svc = DailyPuzzles(storage, DailyStore.of(storage), clock=clock or Clock(), **options)  # type: ignore[arg-type]
    return storage, svc


async def close_service(storage: SqlStorage, svc: DailyPuzzles) -> None:
    await svc.wait_par()
    await storage.close()


async def choose_goals(svc: DailyPuzzles, user_id: int, goals: dict[str, str], version: int | None, *,
                       day: int | None = None) -> Attempt:
    """Keep and arrange the design goals of today's Calico attempt."""
    return await svc.act(user_id, goals_action(goals), version, day=day)


async def play(svc: DailyPuzzles, user_id: int, tile: int, space: str, take: int | None, version: int | None, *,
               day: int | None = None) -> Attempt:
    """Place hand tile ``tile`` on ``space`` and take market slot ``take`` in today's Calico attempt."""
    return await svc.act(user_id, turn_action(tile, space, take), version, day=day)


async def play_through(svc: DailyPuzzles, user_id: int, name: str = "Ann", guild_id: int | None = GUILD,
                       policy: str = "greedy") -> Attempt:
    """Start today's puzzle and play it to the end through the service, deciding from the player's view."""
    attempt = await svc.start(user_id, name, guild_id)
    player = policy_by_name(policy, seed=user_id)
    if attempt.state.phase == "setup":
        choice = player.choose_goals(build_view(attempt.state, 0))
        attempt = await choose_goals(svc, user_id, choice.goals, attempt.version)
    while not attempt.finished:
        turn = player.choose_turn(build_view(attempt.state, 0))
        attempt = await play(svc, user_id, turn.tile, turn.space, turn.take, attempt.version)
    return attempt
