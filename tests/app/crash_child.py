"""The bot process of the crash test: ``python tests/app/crash_child.py DIR GAMES TURNS``.

It runs the real bot against the Discord stand-in (whose channels and messages are kept in
``DIR/discord.jsonl``, as Discord would keep them when the bot dies), on ``DIR/bot.sqlite3``, and plays
``GAMES`` two-player games at once by slash commands until each has ``TURNS`` turns. It picks up
wherever an earlier run was killed: the next step of every game is read from the database. Each move
the bot acknowledged ("Done") is appended to ``DIR/acks.jsonl``. When everything is played and
announced it writes ``DIR/done`` and exits.
"""

from __future__ import annotations

import asyncio
import faulthandler
import json
import os
import random
import signal as _signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from calico_bot.app.bot import CalicoBot, stop_on_sigterm
from calico_bot.app.config import Config
from calico_bot.games.calico.engine.game import legal_turns
from devtable.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from devtable.interactions import Driver, login
from devtable.local_table import quiet_logging

GUILD = 8_000_000_000_000_001
CHANNEL_BASE = 8_000_000_000_001_000
ANA = 8_000_000_000_000_100
BO = 8_000_000_000_000_101


async def main(folder: Path, games: int, turns: int) -> None:
    faulthandler.register(_signal.SIGUSR1, all_threads=True)
    quiet_logging()
    fake = FakeDiscord(persist=folder / "discord.jsonl", application_id=8_000_000_000_000_900,
                       bot_user_id=8_000_000_000_000_900)
    await fake.start()
    fake.add_guild(FakeGuild(id=GUILD))
    channels = [fake.add_channel(FakeChannel(id=CHANNEL_BASE + i, guild_id=GUILD)) for i in range(games)]
    users = {ANA: fake.add_user(FakeUser(id=ANA, name="ana")), BO: fake.add_user(FakeUser(id=BO, name="bo"))}
    url = os.environ.get("CALICO_CRASH_DATABASE_URL")  # PostgreSQL instead of the SQLite file
    bot = CalicoBot(Config(database=folder / "bot.sqlite3", ai_budget_ms=20, database_url=url))
    await login(bot, fake)
    stop_on_sigterm(bot)
    driver = Driver(bot, fake, timeout=60.0)
    acks = (folder / "acks.jsonl").open("a", encoding="utf-8")

    async def play(i: int) -> None:
        channel = channels[i]
        rng = random.Random(i)
        while not bot.is_closed():
            rows = await bot.storage.find_games(channel_id=channel.id)
            if not rows:
                await driver.slash(users[ANA], channel, "calico new", {"mode": "beginner", "seats": 2})
                continue
            game = await bot.tables["calico"].load(rows[-1].id)
            if game.row.status == "lobby":
                if len(game.seats) < 2:
                    await driver.slash(users[BO], channel, "calico join", {"game": game.id})
                else:
                    await driver.slash(users[ANA], channel, "calico start", {"game": game.id})
                continue
            state = game.state
            assert state is not None
            if state.turns >= turns or state.over:
                return
            move = rng.choice(legal_turns(state))
            player = game.seat_row(state.current).user_id
            assert player is not None
            options = {"tile": move.tile, "space": move.space, "game": game.id}
            if move.take:
                options["take"] = move.take
            result = await driver.slash(users[player], channel, "calico play", options)
            if "Done" in result.text:
                acks.write(json.dumps({"game": game.id, "version": game.row.version, "player": state.current,
                                       "tile": move.tile, "space": move.space, "take": move.take}) + "\n")
                acks.flush()

    try:
        await asyncio.gather(*(play(i) for i in range(games)))
    except Exception:
        if not bot.is_closed():
            raise
    if bot.is_closed():  # SIGTERM: the bot shuts down gracefully
        await bot.close()  # waits for the shutdown the signal started
        (folder / "stopped").write_text("ok")
        await fake.stop()
        return
    for _ in range(600):  # let every announcement go out
        if not await bot.storage.pending_outbox():
            break
        await asyncio.sleep(0.05)
    (folder / "done").write_text("ok")
    await bot.close()
    await fake.stop()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])))
