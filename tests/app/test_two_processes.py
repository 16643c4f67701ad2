"""Two bot processes on one PostgreSQL database behind one Discord (the stand-in, served by this test
process): interactions arrive at either process, one process is killed with SIGKILL, deadlines fall
due, and the other handles them. Afterwards every acknowledged move is there once, every deadline
fired once (also when both processes race for it), nothing is lost. (Skipped without a PostgreSQL
test server; CI starts one.)"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import asyncpg
import pytest

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.plugin import PLUGIN
from devtable.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from devtable.interactions import InteractionFactory, login
from tests.pg import POSTGRES, drop_postgres, fresh_postgres_url

pytestmark = pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL test server (CALICO_TEST_POSTGRES)")

CHILD = Path(__file__).with_name("shard_child.py")
GAMES = 4
START = 1_800_000_000.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Shard:
    def __init__(self, fake: FakeDiscord, db_url: str, clock_file: Path, log: Path) -> None:
        self.port = free_port()
        self.fake = fake
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), fake.base_url, str(self.port), db_url, str(clock_file)],
            stdout=subprocess.PIPE, stderr=open(log, "ab"), text=True)  # noqa: SIM115

    async def ready(self) -> None:
        line = await asyncio.wait_for(asyncio.to_thread(self.proc.stdout.readline), 60)  # type: ignore[union-attr]
        assert line.strip() == "ready", line

    async def post(self, path: str, payload: dict | None = None) -> None:
        if payload is not None:
            self.fake.register_interaction(payload)
        async with aiohttp.ClientSession() as http, http.post(
                f"http://127.0.0.1:{self.port}{path}", data=json.dumps(payload or {}),
                timeout=aiohttp.ClientTimeout(total=60)) as response:
            assert response.status == 200

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


def replied(fake: FakeDiscord, payload: dict) -> str:
    token = str(payload["token"])
    texts = [m.content for m in fake.followups(token)]
    original = fake.original_response(token)
    return "\n".join([*texts, original.content if original else ""])


async def test_two_bot_processes_share_one_database(tmp_path: Path) -> None:
    db_url, db_name = await fresh_postgres_url()
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild(FakeGuild(id=9_300_000_000_000_001))
    channels = [fake.add_channel(FakeChannel(id=9_300_000_000_001_000 + i, guild_id=guild.id)) for i in range(GAMES)]
    ana = fake.add_user(FakeUser(id=9_300_000_000_000_100, name="ana"))
    bo = fake.add_user(FakeUser(id=9_300_000_000_000_101, name="bo"))
    clock_file = tmp_path / "now"
    clock_file.write_text(str(START))
    # A bot in this process only reads its command tree to build payloads (its own throwaway database).
    builder = CalicoBot(Config(database=tmp_path / "builder.sqlite3", ai_budget_ms=20))
    await login(builder, fake)
    factory = InteractionFactory(builder, fake)
    shards = [Shard(fake, db_url, clock_file, tmp_path / f"shard{i}.log") for i in range(2)]
    db = await asyncpg.connect(db_url)
    try:
        await asyncio.gather(*(s.ready() for s in shards))
        ids = []
        for i, channel in enumerate(channels):
            a, b = shards[i % 2], shards[(i + 1) % 2]
            await a.post("/interaction", factory.slash(ana, channel, "calico new",
                                                       {"mode": "beginner", "seats": 2, "deadline_hours": 1}))
            game_id = await db.fetchval("SELECT id FROM games WHERE channel_id = $1", channel.id)
            await b.post("/interaction", factory.slash(bo, channel, "calico join", {"game": game_id}))
            await a.post("/interaction", factory.slash(ana, channel, "calico start", {"game": game_id}))
            ids.append(game_id)
        acked: dict[int, int] = dict.fromkeys(ids, 0)
        for round_ in range(3):
            for i, (game_id, channel) in enumerate(zip(ids, channels, strict=True)):
                rows = await db.fetch("SELECT action FROM actions WHERE game_id = $1 ORDER BY version", game_id)
                stored = json.loads(await db.fetchval("SELECT state FROM games WHERE id = $1", game_id))
                state = PLUGIN.load_saved(stored, [json.loads(r[0]) for r in rows])
                move = legal_turns(state)[round_]
                user = ana if state.current == 0 else bo
                options = {"tile": move.tile, "space": move.space, "game": game_id,
                           **({"take": move.take} if move.take else {})}
                payload = factory.slash(user, channel, "calico play", options)
                if i == 0:  # delivered to both processes at once
                    await asyncio.gather(shards[0].post("/interaction", payload), shards[1].post("/interaction",
                                                                                                   payload))
                else:
                    await shards[(i + round_) % 2].post("/interaction", payload)
                if "Done" in replied(fake, payload):
                    acked[game_id] += 1
        assert all(n == 3 for n in acked.values()), acked
        clock_file.write_text(str(START + 2 * 3600))  # every deadline falls due...
        await asyncio.gather(*(shard.post("/wake") for shard in shards))  # ...and both processes race for it
        shards[1].kill()  # then one process dies
        clock_file.write_text(str(START + 5 * 3600))  # while the next deadlines fall due
        await shards[0].post("/wake")
        await shards[0].post("/wake")  # a second round finds nothing left to fire
        for game_id in ids:
            versions = [r[0] for r in await db.fetch("SELECT version FROM actions WHERE game_id = $1 ORDER BY version",
                                                     game_id)]
            assert versions == list(range(1, len(versions) + 1))
            turns = await db.fetchval("SELECT COUNT(*) FROM actions WHERE game_id = $1 AND action->>'kind' = 'turn'",
                                      game_id)
            assert turns == 3 + 2, (game_id, turns)  # three acknowledged moves, two made at deadlines
            home = await db.fetchval("SELECT COALESCE(thread_id, channel_id) FROM games WHERE id = $1", game_id)
            notes = [m for m in fake.messages_in(home) if "deadline passed" in m.content]
            assert len(notes) == 2, (game_id, len(notes))  # each deadline fired once
            posts = [m for m in fake.messages_in(home) if any(f.startswith(f"turn-{game_id}-") for f in m.filenames)]
            numbers = sorted(int(f.rsplit("-", 1)[1].split(".")[0]) for m in posts for f in m.filenames)
            assert numbers == [1, 2, 3, 4, 5], (game_id, numbers)  # every turn announced once
        assert await db.fetchval("SELECT COUNT(*) FROM outbox") == 0
    finally:
        for shard in shards:
            shard.kill()
        await db.close()
        await builder.close()
        await fake.stop()
        await drop_postgres(db_name)
