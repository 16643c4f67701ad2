"""Bot benchmark: ``python -m calico_bot.app.bench [--turns N] [--background-games 200]``.

Times whole turns through the bot: a ``/calico play`` interaction goes through discord.py's real
dispatch against the local Discord stand-in, the rules core validates it, SQLite stores it, the
turn post is rendered and posted and the next player is pinged. Printed: the median, p95 and max
of one turn, first on an empty database and then with N other active games in it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from calico_bot.calico.game import legal_turns

from .bot import CalicoBot
from .config import Config
from .fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from .interactions import Driver, login
from .local_table import quiet_logging


async def _measure(turns: int, background_games: int, seed: int) -> list[float]:
    quiet_logging()
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        await fake.start()
        guild = fake.add_guild(FakeGuild(id=7_000_000_000_000_001))
        channel = fake.add_channel(FakeChannel(id=7_000_000_000_000_002, guild_id=guild.id))
        ana = fake.add_user(FakeUser(id=7_000_000_000_000_100, name="ana"))
        bo = fake.add_user(FakeUser(id=7_000_000_000_000_101, name="bo"))
        bot = CalicoBot(Config(database=Path(tmp) / "bench.sqlite3"))
        await login(bot, fake)
        driver = Driver(bot, fake, timeout=60.0)
        try:
            # Other games in the database: lobbies turned into running 2-player games.
            for _ in range(background_games):
                game = await bot.games.create(guild_id=guild.id, channel_id=channel.id + 1,
                                              host=_person(ana), options=_options())
                await bot.games.join(game.id, _person(bo))
                await bot.games.start(game.id, _person(ana))
            await driver.slash(ana, channel, "calico new", {"mode": "beginner", "seats": 2})
            game_id = (await bot.storage.find_games(channel_id=channel.id))[-1].id
            await bot.games.join(game_id, _person(bo))
            await bot.games.start(game_id, _person(ana))
            thread = [c for c in fake.channels.values() if c.type != 0][-1]
            rng = random.Random(seed)
            users = {0: ana, 1: bo}
            times = []
            for _ in range(turns):
                game = await bot.games.load(game_id)
                if game.state is None or game.state.over:
                    break
                move = rng.choice(legal_turns(game.state))
                options = {"tile": move.tile, "space": move.space, "game": game_id}
                if move.take:
                    options["take"] = move.take
                start = time.perf_counter()
                result = await driver.slash(users[game.state.current], thread, "calico play", options)
                times.append((time.perf_counter() - start) * 1000)
                if result.errors:
                    raise RuntimeError(result.errors[0].getMessage())
            return times
        finally:
            await bot.close()
            await fake.stop()


def _person(user: FakeUser):  # type: ignore[no-untyped-def]
    from calico_bot.services.calico_games import Person

    return Person(user.id, user.name)


def _options():  # type: ignore[no-untyped-def]
    from calico_bot.services.calico_games import LobbyOptions

    return LobbyOptions(mode="beginner", seats=2)


def _report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    print(f"{label}: {len(times)} turns, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"max {max(times):.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.app.bench", description=__doc__)
    parser.add_argument("--turns", type=int, default=44)
    parser.add_argument("--background-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    _report("one turn through the bot, empty database", asyncio.run(_measure(args.turns, 0, args.seed)))
    _report(f"one turn through the bot, {args.background_games} other active games",
            asyncio.run(_measure(args.turns, args.background_games, args.seed)))


if __name__ == "__main__":
    main()
