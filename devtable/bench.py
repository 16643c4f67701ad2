"""Bot benchmark: ``python -m devtable.bench [--turns N] [--background-games 200] [--concurrent G]``.

Times whole turns through the bot: a ``/calico play`` interaction goes through discord.py's real
dispatch against the local Discord stand-in, the rules core validates it, SQLite stores it, the
turn post is rendered and posted and the next player is pinged. Printed: the median, p95 and max
of one turn, first on an empty database and then with N other active games in it. With
``--concurrent G``: G games each receive one move at the same moment, ``--rounds`` times; printed are
the moves acknowledged and refused, moves per second, and the latency of a move under that load.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from calico_bot.games.calico.engine.game import legal_turns
from devtable.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeUser
from devtable.interactions import Driver, InteractionResult, login
from devtable.local_table import quiet_logging


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
                game = await bot.tables["calico"].create(guild_id=guild.id, channel_id=channel.id + 1,
                                              host=_person(ana, guild.id), options=_options())
                await bot.tables["calico"].join(game.id, _person(bo, guild.id))
                await bot.tables["calico"].start(game.id, _person(ana, guild.id))
            await driver.slash(ana, channel, "calico new", {"mode": "beginner", "seats": 2})
            game_id = (await bot.storage.find_games(channel_id=channel.id))[-1].id
            await bot.tables["calico"].join(game_id, _person(bo, guild.id))
            await bot.tables["calico"].start(game_id, _person(ana, guild.id))
            thread = [c for c in fake.channels.values() if c.type != 0][-1]
            rng = random.Random(seed)
            users = {0: ana, 1: bo}
            times = []
            for _ in range(turns):
                played = await _one_move(bot, driver, users, thread, game_id, rng)
                if played is None:
                    break
                ms, result = played
                times.append(ms)
                if result.errors:
                    raise RuntimeError(result.errors[0].getMessage())
            return times
        finally:
            await bot.close()
            await fake.stop()


async def _concurrent(games: int, rounds: int, seed: int) -> tuple[int, int, float, list[float]]:
    """``games`` games in as many channels; each round sends one legal move in every game at once.
    Returns (moves acknowledged, moves refused or failed, seconds, latencies in ms)."""
    quiet_logging()
    with tempfile.TemporaryDirectory() as tmp:
        fake = FakeDiscord()
        await fake.start()
        guild = fake.add_guild(FakeGuild(id=7_000_000_000_000_001))
        ana = fake.add_user(FakeUser(id=7_000_000_000_000_100, name="ana"))
        bo = fake.add_user(FakeUser(id=7_000_000_000_000_101, name="bo"))
        bot = CalicoBot(Config(database=Path(tmp) / "bench.sqlite3"))
        await login(bot, fake)
        driver = Driver(bot, fake, timeout=120.0)
        users = {0: ana, 1: bo}
        rng = random.Random(seed)
        try:
            channels = []
            for i in range(games):
                channel = fake.add_channel(FakeChannel(id=7_000_000_000_001_000 + i, guild_id=guild.id))
                await driver.slash(ana, channel, "calico new", {"mode": "beginner", "seats": 2})
                game_id = (await bot.storage.find_games(channel_id=channel.id))[-1].id
                await driver.slash(bo, channel, "calico join", {"game": game_id})
                await driver.slash(ana, channel, "calico start", {"game": game_id})
                channels.append((game_id, channel))
            ok = failed = 0
            times: list[float] = []
            elapsed = 0.0

            async def one(game_id: int, channel: FakeChannel) -> bool:
                played = await _one_move(bot, driver, users, channel, game_id, rng)
                assert played is not None
                ms, result = played
                times.append(ms)
                own = [m.content for m in result.followups] + ([result.original.content] if result.original else [])
                return any("Done" in t for t in own) and not any("Nothing was changed" in t for t in own)

            for _ in range(rounds):
                start = time.perf_counter()
                results = await asyncio.gather(*(one(g, c) for g, c in channels))
                elapsed += time.perf_counter() - start
                ok += sum(results)
                failed += len(results) - sum(results)
            return ok, failed, elapsed, times
        finally:
            await bot.close()
            await fake.stop()


async def _one_move(bot: CalicoBot, driver: Driver, users: dict[int, FakeUser], channel: FakeChannel, game_id: int,
                    rng: random.Random) -> tuple[float, InteractionResult] | None:
    """A random legal ``/calico play`` by whoever is to move: (milliseconds, result); None once over."""
    game = await bot.tables["calico"].load(game_id)
    if game.state is None or game.state.over:
        return None
    move = rng.choice(legal_turns(game.state))
    options: dict[str, object] = {"tile": move.tile, "space": move.space, "game": game_id}
    if move.take:
        options["take"] = move.take
    start = time.perf_counter()
    result = await driver.slash(users[game.state.current], channel, "calico play", options)
    return (time.perf_counter() - start) * 1000, result


def _person(user: FakeUser, guild_id: int):  # type: ignore[no-untyped-def]
    from calico_bot.games.calico.service import Person

    return Person(user.id, user.name, guild_id=guild_id)


def _options():  # type: ignore[no-untyped-def]
    from calico_bot.games.calico.service import LobbyOptions

    return LobbyOptions(mode="beginner", seats=2)


def _report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    print(f"{label}: {len(times)} turns, median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"max {max(times):.1f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m devtable.bench", description=__doc__)
    parser.add_argument("--turns", type=int, default=44)
    parser.add_argument("--background-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrent", type=int, default=0, metavar="GAMES",
                        help="instead: GAMES games each get a move at the same moment, --rounds times")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    if args.concurrent:
        ok, failed, seconds, times = asyncio.run(_concurrent(args.concurrent, args.rounds, args.seed))
        print(f"{args.concurrent} games moving at once, {args.rounds} rounds: {ok} moves saved and acknowledged, "
              f"{failed} refused or failed, {ok / seconds:.1f} moves/s")
        _report("  latency of one move under that load", times)
        return
    _report("one turn through the bot, empty database", asyncio.run(_measure(args.turns, 0, args.seed)))
    _report(f"one turn through the bot, {args.background_games} other active games",
            asyncio.run(_measure(args.turns, args.background_games, args.seed)))


if __name__ == "__main__":
    main()
