"""One bot process of the two-process test: ``python tests/app/shard_child.py DISCORD_URL PORT DB_URL CLOCK_FILE``.

It logs in to the Discord stand-in served by the test process (``DISCORD_URL``), keeps its games in
the shared PostgreSQL database, and takes interactions over HTTP on ``127.0.0.1:PORT`` (``POST
/interaction`` with the raw payload, as Discord's HTTP interactions endpoint would), answering once
discord.py has handled it. ``POST /wake`` wakes its timer loop. Its clock reads ``CLOCK_FILE`` so the
test can move time forward for every process at once.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import discord.http
from aiohttp import web

from calico_bot.app.bot import CalicoBot, stop_on_sigterm
from calico_bot.app.config import Config
from devtable.interactions import _wait_for_new_tasks
from devtable.local_table import quiet_logging


async def main(discord_url: str, port: int, db_url: str, clock_file: Path) -> None:
    quiet_logging()
    discord.http.Route.BASE = discord_url

    def clock() -> float:
        return float(clock_file.read_text())

    bot = CalicoBot(Config(database=Path("/nonexistent/unused.sqlite3"), ai_budget_ms=20, database_url=db_url),
                    clock=clock)
    await bot.login("fake-token")
    stop_on_sigterm(bot)

    async def interaction(request: web.Request) -> web.Response:
        payload = json.loads(await request.text())
        known = asyncio.all_tasks()
        bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        await _wait_for_new_tasks(known, 30.0)
        return web.Response(text="ok")

    async def wake(request: web.Request) -> web.Response:
        cog = bot.get_cog("TableCog")
        await cog.run_due_timers()  # type: ignore[union-attr]
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/interaction", interaction)
    app.router.add_post("/wake", wake)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    print("ready", flush=True)
    while not bot.is_closed():
        await asyncio.sleep(0.2)
    await runner.cleanup()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])))
