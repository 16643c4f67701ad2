"""Calico's load bench, run as ``python -m calico_bot.app.loadbench [--game calico] --driver sqlite|postgres
--games N [--moves M] [--processes K]``.

N active two-player games are stored first (one transaction), spread over channels of 50 games, with
one busy channel holding 500 open games. Then M legal moves arrive, ``--concurrency`` at a time, on
distinct games, through the games service (rules core, the unit of work with its timers and outbox,
storage; no Discord and no images, so the storage path is what is measured). Printed: moves/s, the
p50/p95/p99 latency of one move, refusals, and the paths that once grew with the table: finding the
game a command means in the busy channel, the ``game:`` autocomplete's list of a player's games, and
the turn itself. ``--driver postgres`` needs ``--url`` (an admin URL: a throwaway database is made on
it) or ``CALICO_TEST_POSTGRES``; with ``--processes K`` the moves are shared out between K processes on
that database, each with its own share of the games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import CalicoGames, GameError, LobbyOptions, Person
from calico_bot.storage import SqlStorage, open_storage

GUILD = 1
BUSY_CHANNEL = 999_999
PER_CHANNEL = 50


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def populate(service: CalicoGames, games: int, seed: int) -> list[int]:
    ids = []
    async with service.storage.transaction():
        for i in range(games):
            channel = BUSY_CHANNEL if i < min(500, games // 4) else 10_000 + i // PER_CHANNEL
            host = Person(100_000 + i, f"a{i}", guild_id=GUILD)
            guest = Person(200_000 + i, f"b{i}", guild_id=GUILD)
            game = await service.create(guild_id=GUILD, channel_id=channel, host=host,
                                        options=LobbyOptions(mode="beginner", seats=2))
            await service.join(game.id, guest)
            await service.start(game.id, host, seed=seed + i)
            ids.append(game.id)
    return ids


async def timed(coro) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    with contextlib.suppress(GameError):  # "which game?" is the expected answer in the busy channel
        await coro
    return (time.perf_counter() - start) * 1000


async def play_moves(service: CalicoGames, ids: list[int], moves: int, concurrency: int,
                     seed: int) -> tuple[list[float], int, float]:
    """``moves`` random legal moves on ``ids``, ``concurrency`` at a time, never two on one game at once.
    Returns (latencies in ms, refusals, seconds)."""
    rng = random.Random(seed)
    latencies: list[float] = []
    refused = 0
    queue = (rng.sample(ids, len(ids)) * max(1, -(-moves // max(1, len(ids)))))[:moves]
    busy: set[int] = set()
    lock = asyncio.Lock()

    async def worker() -> None:
        nonlocal refused
        while True:
            async with lock:
                game_id = next((g for g in reversed(queue) if g not in busy), None)
                if game_id is None:
                    if not queue:
                        return
                    await asyncio.sleep(0)
                    continue
                queue.remove(game_id)
                busy.add(game_id)
            try:
                game = await service.load(game_id)
                assert game.state is not None
                move = rng.choice(legal_turns(game.state))
                seat = game.seat_row(game.state.current)
                person = Person(seat.user_id or 0, seat.name, guild_id=GUILD)
                t0 = time.perf_counter()
                try:
                    await service.play(game_id, person, tile=move.tile, space=move.space, take=move.take)
                except GameError:
                    refused += 1
                latencies.append((time.perf_counter() - t0) * 1000)
            finally:
                busy.discard(game_id)

    start = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return latencies, refused, time.perf_counter() - start


async def measure(storage: SqlStorage, games: int, moves: int, concurrency: int, seed: int,
                  processes: int = 1, url: str | None = None) -> dict[str, float]:
    service = CalicoGames(storage, ai_budget_ms=20)
    start = time.perf_counter()
    ids = await populate(service, games, seed)
    setup = time.perf_counter() - start
    if processes == 1:
        latencies, refused, elapsed = await play_moves(service, ids, moves, concurrency, seed)
    else:
        assert url is not None
        latencies, refused, elapsed = await _in_processes(url, ids, moves, concurrency, seed, processes)
    rng = random.Random(seed)
    resolve = [await timed(service.resolve(game_id=None, channel_id=BUSY_CHANNEL, user_id=100_000,
                                           guild_id=GUILD)) for _ in range(20)]
    mine = [await timed(service.games_of(100_000 + rng.randrange(games), GUILD)) for _ in range(20)]
    return {"games": games, "setup_s": setup, "moves": len(latencies), "moves_per_s": len(latencies) / elapsed,
            "p50": percentile(latencies, 0.5), "p95": percentile(latencies, 0.95),
            "p99": percentile(latencies, 0.99), "refused": refused,
            "resolve_ms": statistics.median(resolve), "autocomplete_ms": statistics.median(mine)}


async def _in_processes(url: str, ids: list[int], moves: int, concurrency: int, seed: int,
                        processes: int) -> tuple[list[float], int, float]:
    """The moves shared out between ``processes`` worker processes on the same database (each its own
    share of the games); they start together at a set moment, so start-up is not counted."""
    go = time.time() + 4.0
    procs = []
    for k in range(processes):
        share = ",".join(str(g) for g in ids[k::processes])
        procs.append(await asyncio.create_subprocess_exec(
            sys.executable, "-m", "calico_bot.games.calico.loadbench", "--worker", url, "--ids", share,
            "--moves", str(moves // processes), "--concurrency", str(max(1, concurrency // processes)),
            "--seed", str(seed + k), "--go", str(go), stdout=asyncio.subprocess.PIPE))
    latencies: list[float] = []
    refused = 0
    ends = []
    for proc in procs:
        out, _ = await proc.communicate()
        result = json.loads(out.decode().strip().splitlines()[-1])
        latencies += result["latencies"]
        refused += result["refused"]
        ends.append(result["end"])
    return latencies, refused, max(ends) - go


async def _worker(url: str, ids: list[int], moves: int, concurrency: int, seed: int, go: float) -> None:
    storage = await open_storage(url)
    try:
        await asyncio.sleep(max(0.0, go - time.time()))
        latencies, refused, _ = await play_moves(CalicoGames(storage, ai_budget_ms=20), ids, moves, concurrency,
                                                 seed)
        print(json.dumps({"latencies": latencies, "refused": refused, "end": time.time()}))
    finally:
        await storage.close()


async def run(driver: str, games: int, moves: int, concurrency: int, seed: int, url: str | None,
              processes: int = 1) -> dict[str, float]:
    if driver == "sqlite":
        if processes != 1:
            raise SystemExit("--processes is for --driver postgres (SQLite serves one process)")
        with tempfile.TemporaryDirectory() as tmp:
            storage = await open_storage(Path(tmp) / "load.sqlite3")
            try:
                return await measure(storage, games, moves, concurrency, seed)
            finally:
                await storage.close()
    import asyncpg

    admin_url = url or os.environ.get("CALICO_TEST_POSTGRES")
    if not admin_url:
        raise SystemExit("--driver postgres needs --url (or CALICO_TEST_POSTGRES)")
    name = "calico_load_" + secrets.token_hex(4)
    admin = await asyncpg.connect(admin_url)
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        db_url = admin_url.rsplit("/", 1)[0] + "/" + name
        storage = await open_storage(db_url)
        try:
            return await measure(storage, games, moves, concurrency, seed, processes, db_url)
        finally:
            await storage.close()
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.app.loadbench [--game calico]", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--driver", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--concurrency", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="PostgreSQL admin URL (a throwaway database is made on it)")
    parser.add_argument("--processes", type=int, default=1, help="PostgreSQL: share the moves out between K processes")
    parser.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--ids", default="", help=argparse.SUPPRESS)
    parser.add_argument("--go", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:  # one of the K processes
        ids = [int(x) for x in args.ids.split(",") if x]
        asyncio.run(_worker(args.worker, ids, args.moves, args.concurrency, args.seed, args.go))
        return
    r = asyncio.run(run(args.driver, args.games, args.moves, args.concurrency, args.seed, args.url, args.processes))
    where = f"{args.driver} ({args.processes} process{'es' if args.processes > 1 else ''})"
    print(f"{where}, {r['games']:.0f} active games (stored in {r['setup_s']:.1f} s): {r['moves']:.0f} moves, "
          f"{args.concurrency} at a time: {r['moves_per_s']:.0f} moves/s, latency p50 {r['p50']:.1f} ms, "
          f"p95 {r['p95']:.1f} ms, p99 {r['p99']:.1f} ms, {r['refused']:.0f} refused; finding the game in a busy "
          f"channel {r['resolve_ms']:.1f} ms, a player's games (autocomplete) {r['autocomplete_ms']:.1f} ms")


if __name__ == "__main__":
    main()
