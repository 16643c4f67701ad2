"""Daily puzzle announcements (claim-then-post, made-up posts after downtime) and the par score."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from calico_bot.games.calico.ai.greedy import GreedyPolicy
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.record import score_record
from calico_bot.services.daily import DailyPuzzles, DueAnnouncement
from calico_bot.services.daily_text import DailyTexts
from calico_bot.storage.sqlite import SqliteStorage

from .daily_helpers import DAY, GUILD, OTHER_GUILD, Clock, close_service, open_service, play_through

CHANNEL = 5550
OTHER_CHANNEL = 6660


async def post_due(svc: DailyPuzzles, posted: list[tuple[int, int, int]], *, crash_after_claim: bool = False) -> None:
    """What the cog's announcement run does: claim, post, complete (or die between claim and post)."""
    for guild_id, channel_id, day in await svc.due_announcements(svc.clock()):
        if not await svc.claim_announcement(guild_id, day):
            continue
        if crash_after_claim:
            return
        posted.append((guild_id, channel_id, day))
        await svc.complete_announcement(guild_id, day, 9000 + len(posted))


async def restart(storage: SqliteStorage, svc: DailyPuzzles, path: Path, clock: Clock,
                  **kwargs: object) -> tuple[SqliteStorage, DailyPuzzles]:
    await close_service(storage, svc)
    return await open_service(path, clock, **kwargs)


# --- announcements ----------------------------------------------------------------------------------


async def test_missed_announcement_is_posted_once_after_downtime(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    clock = Clock(DAY, 10)
    storage, svc = await open_service(path, clock)
    assert await svc.due_announcements() == []
    await svc.set_channel(GUILD, CHANNEL)
    assert await svc.channel(GUILD) == CHANNEL
    assert await svc.due_announcements() == [DueAnnouncement(GUILD, CHANNEL, DAY)]  # today's comes right away
    posted: list[tuple[int, int, int]] = []
    await post_due(svc, posted)
    await post_due(svc, posted)
    assert posted == [(GUILD, CHANNEL, DAY)]

    # The bot is down from DAY 23:00 until DAY+2 05:00: the 00:00 posts of DAY+1 and DAY+2 are missed.
    clock.set(DAY + 2, 5)
    storage, svc = await restart(storage, svc, path, clock)
    assert await svc.due_announcements() == [(GUILD, CHANNEL, DAY + 2)]  # DAY+1 is closed: not made up
    await post_due(svc, posted, crash_after_claim=True)  # claimed, then the bot died before posting
    assert posted == [(GUILD, CHANNEL, DAY)]

    storage, svc = await restart(storage, svc, path, clock)
    assert await svc.due_announcements() == [(GUILD, CHANNEL, DAY + 2)]  # the claim never completed: retried
    await post_due(svc, posted)
    await post_due(svc, posted)
    assert posted == [(GUILD, CHANNEL, DAY), (GUILD, CHANNEL, DAY + 2)]
    assert await svc.due_announcements() == []
    assert not await svc.claim_announcement(GUILD, DAY + 2)  # posted ones are never claimed again
    row = await svc.store.get_announcement(GUILD, DAY + 2)
    assert row is not None and row.status == "posted" and row.message_id == 9002 and row.channel_id == CHANNEL

    storage, svc = await restart(storage, svc, path, clock)  # another restart the same day: nothing to post
    assert await svc.due_announcements() == []
    clock.set(DAY + 3, 0.001)
    await post_due(svc, posted)
    assert posted[-1] == (GUILD, CHANNEL, DAY + 3) and len(posted) == 3
    await close_service(storage, svc)


async def test_longer_catch_up_makes_up_every_missed_day_once(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    clock = Clock(DAY, 10)
    storage, svc = await open_service(path, clock, catchup_days=3)
    await svc.set_channel(GUILD, CHANNEL)
    posted: list[tuple[int, int, int]] = []
    await post_due(svc, posted)

    clock.set(DAY + 2, 5)  # down over two days
    storage, svc = await restart(storage, svc, path, clock, catchup_days=3)
    await svc.set_channel(OTHER_GUILD, OTHER_CHANNEL)  # a guild that joins today gets nothing older
    due = await svc.due_announcements()
    assert due == [(GUILD, CHANNEL, DAY + 1), (GUILD, CHANNEL, DAY + 2), (OTHER_GUILD, OTHER_CHANNEL, DAY + 2)]
    await asyncio.gather(post_due(svc, posted), post_due(svc, posted))  # two runs racing: still once each
    await post_due(svc, posted)
    assert sorted(posted) == sorted([(GUILD, CHANNEL, DAY), *due])
    assert await svc.due_announcements() == []
    await close_service(storage, svc)


async def test_claims_in_flight_stale_claims_and_released_claims(tmp_path: Path) -> None:
    clock = Clock(DAY, 0.01)
    storage, svc = await open_service(tmp_path / "bot.db", clock, claim_timeout_s=300)
    await svc.set_channel(GUILD, CHANNEL)
    assert await svc.claim_announcement(GUILD, DAY)
    assert await svc.due_announcements() == []  # being posted by this instance right now
    assert not await svc.claim_announcement(GUILD, DAY)
    clock.advance(301)  # the post hung: the claim has gone stale
    assert await svc.due_announcements() == [(GUILD, CHANNEL, DAY)]
    assert await svc.claim_announcement(GUILD, DAY)
    await svc.release_announcement(GUILD, DAY)  # the post failed: try again on the next run
    assert await svc.due_announcements() == [(GUILD, CHANNEL, DAY)]
    assert await svc.claim_announcement(GUILD, DAY)
    await svc.complete_announcement(GUILD, DAY, 1)
    clock.advance(10_000)
    assert await svc.due_announcements() == []
    assert not await svc.claim_announcement(GUILD, DAY)

    await svc.set_channel(GUILD, None)
    clock.set(DAY + 1, 1)
    assert await svc.due_announcements() == [] and await svc.channel(GUILD) is None
    await close_service(storage, svc)


async def test_announcement_content(tmp_path: Path) -> None:
    clock = Clock(DAY, 15)
    storage, svc = await open_service(tmp_path / "bot.db", clock)
    for user in (1, 2):
        await play_through(svc, user, f"p{user}")
    await play_through(svc, 3, "elsewhere", guild_id=OTHER_GUILD)
    await svc.ensure_par(DAY)
    clock.set(DAY + 1, 0)
    content = await svc.announcement(DAY + 1, GUILD)
    assert content.day == DAY + 1 and content.previous_day == DAY and content.previous_total == 2
    assert {e.user_id for e in content.previous_top} == {1, 2}
    assert content.previous_top[0].score >= content.previous_top[1].score
    assert "bag" not in content.setup and "seed" not in content.setup
    assert content.previous_par is not None
    texts = DailyTexts(svc.adapter)
    text = texts.announcement_text("en", content)
    assert f"Calico Daily #{DAY + 1}" in text and "p1" in text and "elsewhere" not in text
    assert f"Par for #{DAY}: {content.previous_par.score}." in text
    scenario_day = await svc.announcement(49, None)
    assert scenario_day.variant is not None
    assert "Scenario day" in texts.announcement_text("en", scenario_day)
    await close_service(storage, svc)


# --- par ------------------------------------------------------------------------------------------------


class GatedPolicy:
    """The greedy player, held at its first decision until the test opens the gate; counts its games."""

    name = "gated"

    def __init__(self, gate: threading.Event, games: list[int], day: int) -> None:
        self.inner = GreedyPolicy(day)
        self.gate = gate
        games.append(day)

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        assert self.gate.wait(10), "the test never opened the gate"
        return self.inner.choose_goals(view)

    def choose_turn(self, view: PlayerView) -> Turn:
        return self.inner.choose_turn(view)


async def test_par_is_computed_once_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    gate = threading.Event()
    games: list[int] = []
    clock = Clock(DAY, 1)
    storage, svc = await open_service(path, clock, par_policy=lambda day: GatedPolicy(gate, games, day))
    try:
        first = asyncio.create_task(svc.ensure_par(DAY))
        second = asyncio.create_task(svc.ensure_par(DAY))
        await asyncio.sleep(0.05)
        assert games == [DAY]  # one computation, in a worker thread
        # Replies do not wait for it: the event loop is free, the par is "pending".
        attempt = await asyncio.wait_for(svc.start(1, "Ann", GUILD), 2)  # also asks for the par: no second game
        assert await svc.par(DAY) is None
        summary = {"total": 1, "goal_points": 0, "cat_points": 0, "button_points": 1, "goals": []}
        assert "pending" in DailyTexts(svc.adapter).result_text("en", DAY, summary, None)
        assert not first.done() and attempt.version == 0
    finally:
        gate.set()
    one, two = await asyncio.wait_for(asyncio.gather(first, second), 20)
    assert one == two and one.policy == "gated"
    assert games == [DAY]
    stored = await svc.par(DAY)
    assert stored == one
    assert score_record(stored.record).scores[0].total == stored.score
    assert stored.summary["total"] == stored.score
    assert await svc.ensure_par(DAY) == one and games == [DAY]

    storage, svc = await restart(storage, svc, path, clock, par_policy=lambda day: GatedPolicy(gate, games, day))
    assert await svc.ensure_par(DAY) == one  # stored: not computed again after a restart
    assert games == [DAY]
    await close_service(storage, svc)


async def test_finishing_asks_for_the_par_without_waiting(tmp_path: Path) -> None:
    clock = Clock(DAY, 9)
    storage, svc = await open_service(tmp_path / "bot.db", clock, par_policy="greedy")
    done = await play_through(svc, 1)
    await svc.wait_par()
    par = await svc.par(DAY)
    assert par is not None and par.policy == "greedy"
    text = DailyTexts(svc.adapter).result_text("en", DAY, done.summary or {}, par)
    assert f"Par (the strongest bot on the same puzzle): {par.score}" in text
    await close_service(storage, svc)


@pytest.mark.parametrize("budget", [5])
async def test_strong_par_with_a_tiny_budget(tmp_path: Path, budget: int) -> None:
    storage, svc = await open_service(tmp_path / "bot.db", Clock(DAY), par_policy="strong", par_budget_ms=budget)
    par = await svc.ensure_par(DAY)
    assert par.policy == "strong" and score_record(par.record).scores[0].total == par.score
    await close_service(storage, svc)
