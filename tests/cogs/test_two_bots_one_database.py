"""Two bot instances on one PostgreSQL database, as two shard processes would run: each with its own
connection pool, services and in-memory locks, both behind the same Discord. Interactions arrive at
either; timers and announcements are handled by whichever gets there first, and exactly once.
(Skipped without a PostgreSQL test server; CI starts one.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from calico_bot.games.calico.engine.game import legal_turns
from devtable.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from devtable.interactions import Driver, login
from tests.pg import POSTGRES, drop_postgres, fresh_postgres_url

from .conftest import Clock

pytestmark = pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL test server (CALICO_TEST_POSTGRES)")

GAMES = 6


@dataclass
class Pair:
    fake: FakeDiscord
    bots: list[CalicoBot]
    drivers: list[Driver]
    clock: Clock
    channels: list[FakeChannel]
    ana: FakeUser
    bo: FakeUser


@pytest.fixture
async def pair(tmp_path) -> AsyncIterator[Pair]:  # type: ignore[no-untyped-def]
    url, name = await fresh_postgres_url()
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild(FakeGuild(id=9_200_000_000_000_001))
    channels = [fake.add_channel(FakeChannel(id=9_200_000_000_001_000 + i, guild_id=guild.id)) for i in range(GAMES)]
    ana = fake.add_user(FakeUser(id=9_200_000_000_000_100, name="ana"))
    bo = fake.add_user(FakeUser(id=9_200_000_000_000_101, name="bo"))
    clock = Clock()
    bots = []
    for _ in range(2):
        bot = CalicoBot(Config(database=tmp_path / "unused.sqlite3", ai_budget_ms=30, database_url=url), clock=clock)
        await login(bot, fake)
        bots.append(bot)
    try:
        yield Pair(fake, bots, [Driver(b, fake, timeout=30.0) for b in bots], clock, channels, ana, bo)
    finally:
        for bot in bots:
            await bot.close()
        await fake.stop()
        await drop_postgres(name)


async def setup_games(pair: Pair) -> list[int]:
    ids = []
    for i, channel in enumerate(pair.channels):
        a, b = pair.drivers[i % 2], pair.drivers[(i + 1) % 2]  # the lobby steps reach both bots
        await a.slash(pair.ana, channel, "calico new", {"mode": "beginner", "seats": 2, "deadline_hours": 1})
        game_id = (await pair.bots[0].storage.find_games(channel_id=channel.id))[-1].id
        await b.slash(pair.bo, channel, "calico join", {"game": game_id})
        await a.slash(pair.ana, channel, "calico start", {"game": game_id})
        ids.append(game_id)
    return ids


async def test_moves_arriving_at_both_bots_are_applied_once(pair: Pair) -> None:
    ids = await setup_games(pair)
    storage = pair.bots[0].storage
    for round_ in range(4):
        payloads = []
        for game_id, channel in zip(ids, pair.channels, strict=True):
            game = await pair.bots[0].tables["calico"].load(game_id)
            assert game.state is not None
            move = legal_turns(game.state)[round_]
            user = pair.ana if game.state.current == 0 else pair.bo
            options = {"tile": move.tile, "space": move.space, "game": game_id, **({"take": move.take}
                                                                                    if move.take else {})}
            payloads.append(pair.drivers[0].factory.slash(user, channel, "calico play", options))
        # Every move is delivered to both bots at the same moment (a retried delivery, two shards).
        results = await asyncio.gather(*(d.send(p) for p in payloads for d in pair.drivers))
        assert not [r for r in results if r.errors]
    for game_id in ids:
        game = await pair.bots[1].tables["calico"].load(game_id)
        assert game.state is not None and game.state.turns == 4
        actions = await storage.get_actions(game_id)
        assert [a.version for a in actions] == list(range(1, len(actions) + 1))
        posts = pair.fake.messages_in(game.row.home_channel)
        for n in range(1, 5):
            assert sum(1 for m in posts if f"turn-{game_id}-{n}.png" in m.filenames) == 1


async def test_deadlines_fire_once_while_one_bot_is_down(pair: Pair) -> None:
    ids = await setup_games(pair)
    down = pair.bots[1]
    await down.close()  # one process is gone
    pair.clock.now += 2 * 3600  # every deadline falls due
    live = pair.bots[0]
    events = await live.get_cog("TableCog").run_due_timers()  # type: ignore[union-attr]
    assert sorted(e.game.id for e in events if e.kind == "deadline") == ids
    again = await live.get_cog("TableCog").run_due_timers()  # type: ignore[union-attr]
    assert not [e for e in again if e.kind == "deadline"]
    for game_id in ids:
        game = await live.tables["calico"].load(game_id)
        assert game.state is not None and game.state.turns == 1  # the bot moved for ana, once
        notes = [m for m in pair.fake.messages_in(game.row.home_channel) if "deadline passed" in m.content]
        assert len(notes) == 1


async def test_both_timer_loops_race_for_the_same_timers(pair: Pair) -> None:
    ids = await setup_games(pair)
    pair.clock.now += 2 * 3600
    cogs = [b.get_cog("TableCog") for b in pair.bots]
    fired = await asyncio.gather(*(c.run_due_timers() for c in cogs))  # type: ignore[union-attr]
    deadlines = sorted(e.game.id for events in fired for e in events if e.kind == "deadline")
    assert deadlines == ids  # each game's deadline fired by exactly one of the two
    for game_id in ids:
        game = await pair.bots[0].tables["calico"].load(game_id)
        assert game.state is not None and game.state.turns == 1
