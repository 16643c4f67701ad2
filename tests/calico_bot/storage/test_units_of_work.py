"""Every storage driver under concurrency: each unit of work is its own transaction, whatever runs beside it.

These run on SQLite and on PostgreSQL (see conftest.py): the storage contract every driver must keep."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from calico_bot.storage import SqlStorage
from calico_bot.storage.daily_store import AttemptRow, DailyStore
from calico_bot.storage.models import SeatRow, StaleVersion


async def new_game(storage: SqlStorage, n: int) -> int:
    row = await storage.create_game(kind="calico", guild_id=1, channel_id=100 + n, host_id=7, options={}, now=0.0)
    await storage.add_seat(SeatRow(row.id, 0, 7, "ana"))
    return row.id


async def test_concurrent_moves_in_different_games_all_commit(storage: SqlStorage) -> None:
    games = [await new_game(storage, i) for i in range(12)]

    async def move(game_id: int) -> int:
        return await storage.commit_action(
            game_id, expected_version=0, state=json.dumps({"g": game_id}), action={"type": "turn"}, user_id=7,
            now=1.0, timers=[("deadline", 99.0, 1, {"seat": 0})], outbox={"turns": []},
        )

    versions = await asyncio.gather(*(move(g) for g in games))
    assert versions == [1] * len(games)
    for g in games:
        assert (await storage.get_game(g)).version == 1  # type: ignore[union-attr]
        assert [t.kind for t in await storage.get_timers(g)] == ["deadline"]
        assert len(await storage.pending_outbox(game_id=g)) == 1


async def test_moves_timers_and_daily_writes_interleaved(storage: SqlStorage) -> None:
    """Many coroutines at once: moves with their timers and announcements, timer claims, daily
    attempts and their moves. Every write lands exactly once and nothing is rolled back by another."""
    daily = DailyStore.of(storage, "sealed-bid")  # any game key
    games = [await new_game(storage, i) for i in range(8)]
    rng = random.Random(5)
    turns_per_game = 15

    async def player(game_id: int) -> None:
        for v in range(turns_per_game):
            await storage.commit_actions(
                game_id, expected_version=v, state=json.dumps({"v": v + 1}),
                actions=[({"type": "turn", "n": v}, 7)], now=float(v),
                timers=[("reminder", 50.0 + v, v + 1, {}), ("deadline", 100.0 + v, v + 1, {})],
                outbox={"n": v},
            )
            await asyncio.sleep(rng.random() / 1000)

    async def daily_player(user: int) -> None:
        assert await daily.insert_attempt(AttemptRow(1, user, 1, f"u{user}", "{}", 0, "playing", started_at=0.0))
        for v in range(turns_per_game):
            assert await daily.save_move(1, user, expected_version=v, state=json.dumps({"v": v}), version=v + 1)
            await asyncio.sleep(0)

    async def timer_claimer() -> None:
        for i in range(20):
            await storage.claim_due_timers(60.0 + i, claimant="x", lease=0.5)
            await asyncio.sleep(0)

    async def failing_unit() -> None:
        for _ in range(10):
            with pytest.raises(StaleVersion):
                async with storage.transaction():
                    await storage.set_meta("half-done", "yes")
                    raise StaleVersion("refused")  # a unit of work that fails rolls back only itself
            await asyncio.sleep(0)

    await asyncio.gather(*(player(g) for g in games), *(daily_player(u) for u in range(1, 7)), timer_claimer(),
                         failing_unit())
    for g in games:
        actions = await storage.get_actions(g)
        assert [a.version for a in actions] == list(range(1, turns_per_game + 1))
        assert [t.version for t in await storage.get_timers(g)] == [turns_per_game] * 2
        assert [r.payload["n"] for r in await storage.pending_outbox(game_id=g)] == list(range(turns_per_game))
    for u in range(1, 7):
        attempt = await daily.get_attempt(1, u)
        assert attempt is not None and attempt.version == turns_per_game
    assert await storage.get_meta("half-done") is None


async def test_a_stale_unit_of_work_changes_nothing(storage: SqlStorage) -> None:
    g = await new_game(storage, 0)
    await storage.commit_action(g, expected_version=0, state="{}", action={"a": 1}, user_id=7, now=1.0,
                                timers=[("deadline", 10.0, 1, {})], outbox={"first": True})
    with pytest.raises(StaleVersion):
        await storage.commit_action(g, expected_version=0, state='{"x":1}', action={"a": 2}, user_id=7, now=2.0,
                                    timers=[], outbox={"second": True}, seats=[])
    assert (await storage.get_game(g)).state == "{}"  # type: ignore[union-attr]
    assert len(await storage.get_actions(g)) == 1
    assert [t.kind for t in await storage.get_timers(g)] == ["deadline"]
    assert [r.payload for r in await storage.pending_outbox(game_id=g)] == [{"first": True}]
    assert len(await storage.get_seats(g)) == 1


async def test_a_claimed_timer_fires_once_until_its_claim_lapses(storage: SqlStorage) -> None:
    g = await new_game(storage, 0)
    await storage.replace_timers(g, [("deadline", 10.0, 0, {})])
    first = await storage.claim_due_timers(20.0, claimant="a", lease=30.0)
    assert [t.kind for t in first] == ["deadline"] and first[0].claimed_by == "a"
    assert await storage.claim_due_timers(21.0, claimant="b", lease=30.0) == []  # held by "a"
    assert await storage.next_timer_due() == 50.0  # when the claim lapses
    again = await storage.claim_due_timers(51.0, claimant="b", lease=30.0)  # "a" died: it fires again
    assert [t.id for t in again] == [first[0].id]
    await storage.delete_timer(first[0].id)
    assert await storage.next_timer_due() is None


async def test_an_interaction_is_claimed_once(storage: SqlStorage) -> None:
    assert await storage.claim_interaction(123, now=1.0)
    assert not await storage.claim_interaction(123, now=2.0)
    assert await storage.forget_interactions(before=1.5) == 1
    assert await storage.claim_interaction(123, now=3.0)


async def test_reads_never_see_another_coroutines_uncommitted_rows(storage: SqlStorage) -> None:
    inside = asyncio.Event()
    release = asyncio.Event()

    async def writer() -> None:
        with pytest.raises(RuntimeError):
            async with storage.transaction():
                await storage.set_meta("k", "uncommitted")
                inside.set()
                await release.wait()
                raise RuntimeError("rolled back")

    task = asyncio.create_task(writer())
    await inside.wait()
    reader = asyncio.create_task(storage.get_meta("k"))
    await asyncio.sleep(0.05)
    # SQLite's reader waits for the transaction; PostgreSQL's reads the last committed value. Neither
    # ever sees the uncommitted row.
    early = reader.result() if reader.done() else "waiting"
    release.set()
    await task
    assert early in (None, "waiting")
    assert await reader is None


async def test_holding_a_host_makes_count_then_insert_one_step(storage: SqlStorage) -> None:
    """Five units of work of one host at once, each counting the host's lobbies, pausing, then opening one
    if fewer than two are open: only two open. Another host and the same host elsewhere are not held."""
    async def open_if_room(guild_id: int, host_id: int) -> bool:
        async with storage.transaction():
            await storage.hold_host(guild_id, host_id)
            rows = await storage.find_games(guild_id=guild_id, host_id=host_id, statuses=("lobby",))
            await asyncio.sleep(0.02)  # without the hold, every unit of work would count the same rows
            if len(rows) >= 2:
                return False
            await storage.create_game(kind="calico", guild_id=guild_id, channel_id=1, host_id=host_id,
                                      options={}, now=0.0)
            return True

    results = await asyncio.gather(*(open_if_room(1, 7) for _ in range(5)), open_if_room(1, 8),
                                   open_if_room(2, 7))
    assert sorted(results[:5]) == [False, False, False, True, True]
    assert results[5:] == [True, True]
    assert len(await storage.find_games(guild_id=1, host_id=7)) == 2
    assert [g.host_id for g in await storage.find_games(guild_id=1, host_id=8)] == [8]
    assert [g.guild_id for g in await storage.find_games(host_id=7, guild_id=2)] == [2]


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    from calico_bot.storage.base import migrations

    sqlite = [(n, name) for n, name, _ in migrations("migrations")]
    postgres = [(n, name) for n, name, _ in migrations("migrations_postgres")]
    assert sqlite == postgres and [n for n, _ in sqlite] == list(range(1, len(sqlite) + 1))
