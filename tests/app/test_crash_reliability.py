"""The bot in a child process, killed with SIGKILL at random moments while 20 games move at once
(on SQLite, and on PostgreSQL when a test server is there).

Afterwards: no acknowledged move is lost or doubled, every saved turn is announced exactly once,
every active game has a live deadline, and every game loads and replays from its record.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from calico_bot.games.calico.engine.game import replay_full_record
from calico_bot.games.calico.plugin import PLUGIN
from tests.pg import DRIVERS, POSTGRES, drop_postgres, fresh_postgres_url

GAMES = 20
TURNS = 12
KILLS = 6
CHILD = Path(__file__).with_name("crash_child.py")


def acked(folder: Path) -> int:
    path = folder / "acks.jsonl"
    return path.read_text().count("\n") if path.exists() else 0


class Database:
    """Read the child's database, SQLite file or PostgreSQL, with plain SQL (``?`` placeholders)."""

    def __init__(self, folder: Path, url: str | None) -> None:
        self.folder, self.url = folder, url

    def rows(self, sql: str, args: tuple = ()) -> list[tuple]:
        if self.url is None:
            return sqlite3.connect(self.folder / "bot.sqlite3").execute(sql, args).fetchall()

        async def fetch() -> list[tuple]:
            import asyncpg

            from calico_bot.storage.postgres import to_dollar

            conn = await asyncpg.connect(self.url)
            try:
                return [tuple(r) for r in await conn.fetch(to_dollar(sql), *args)]
            finally:
                await conn.close()

        return asyncio.run(fetch())


@pytest.fixture(params=DRIVERS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """Where the child bot keeps its data: an SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        os.environ.pop("CALICO_CRASH_DATABASE_URL", None)
        yield Database(tmp_path, None)
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES)")
    url, name = asyncio.run(fresh_postgres_url())
    os.environ["CALICO_CRASH_DATABASE_URL"] = url
    try:
        yield Database(tmp_path, url)
    finally:
        os.environ.pop("CALICO_CRASH_DATABASE_URL", None)
        asyncio.run(drop_postgres(name))


def run_child(folder: Path, *, kill_after_acks: int | None) -> int | None:
    """Run the child; with ``kill_after_acks``, SIGKILL it once that many more moves were acknowledged
    (so the kills land in the middle of play on a fast machine and a slow one alike)."""
    proc = subprocess.Popen([sys.executable, str(CHILD), str(folder), str(GAMES), str(TURNS)],
                            stdout=subprocess.DEVNULL, stderr=open(folder / "stderr.log", "ab"))  # noqa: SIM115
    if kill_after_acks is None:
        return proc.wait(timeout=120)
    target = acked(folder) + kill_after_acks
    deadline = time.monotonic() + 60
    while proc.poll() is None and acked(folder) < target and time.monotonic() < deadline:
        time.sleep(0.005)
    if proc.poll() is not None:
        return proc.returncode
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    return None


def test_sigkill_at_random_moments_loses_and_doubles_nothing(tmp_path: Path, database: Database) -> None:
    rng = random.Random(11)
    kills = 0
    for _ in range(KILLS):
        if run_child(tmp_path, kill_after_acks=rng.randint(5, 30)) is None:
            kills += 1
        if (tmp_path / "done").exists():
            break
    assert kills >= 4, "the child finished before it could be killed: the test proves nothing"
    assert run_child(tmp_path, kill_after_acks=None) == 0, (tmp_path / "stderr.log").read_text()[-3000:]
    assert (tmp_path / "done").exists()

    games = database.rows("SELECT id, status, state, version FROM games ORDER BY id")
    assert len(games) == GAMES
    acks = [json.loads(line) for line in (tmp_path / "acks.jsonl").read_text().splitlines() if line.strip()]
    assert acks, "no move was acknowledged"
    kept: dict[str, dict] = {}  # what Discord holds: each message as last written (later lines are edits)
    for line in (tmp_path / "discord.jsonl").read_text().splitlines():
        entry = json.loads(line) if line.strip() else {}
        if entry.get("event") == "message":
            kept[entry["id"]] = entry
    posted = Counter(a["filename"] for message in kept.values() for a in message["attachments"]
                     if a["filename"].startswith("turn-"))

    for game_id, status, state_json, version in games:
        actions = [json.loads(a) for (a,) in database.rows(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY version", (game_id,))]
        versions = [v for (v,) in database.rows("SELECT version FROM actions WHERE game_id = ? ORDER BY version",
                                                (game_id,))]
        assert versions == list(range(1, version + 1))  # one action per version, none missing
        state = PLUGIN.load_saved(json.loads(state_json), actions)  # the log lives in the action rows
        turns = [a for a in actions if a["type"] == "act" and a["kind"] == "turn"]
        assert len(turns) == state.turns == TURNS
        # Every acknowledged move is in the log exactly where it was made.
        for ack in (a for a in acks if a["game"] == game_id):
            made = actions[ack["version"]]["action"]  # what took the game past the acknowledged version
            assert (made["player"], made["tile"], made["space"]) == (ack["player"], ack["tile"], ack["space"])
        # The game replays move by move from its record to the same position.
        record = state.to_record(include_hidden=True)
        record.pop("placements")
        assert replay_full_record(record).to_json()["players"] == state.to_json()["players"]
        # Each turn announced exactly once.
        for n in range(1, TURNS + 1):
            assert posted[f"turn-{game_id}-{n}.png"] == 1, (game_id, n, posted[f"turn-{game_id}-{n}.png"])
        # A live deadline for whoever must move.
        assert status == "active"
        timers = database.rows("SELECT kind, version FROM timers WHERE game_id = ?", (game_id,))
        assert sorted(timers) == [("deadline", version), ("reminder", version)]
    assert database.rows("SELECT COUNT(*) FROM outbox")[0][0] == 0
    print(f"crash test: {kills} kills, {len(acks)} acknowledged moves, {sum(posted.values())} turn posts")


def test_sigterm_shuts_down_gracefully_and_keeps_every_acknowledged_move(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, str(CHILD), str(tmp_path), str(GAMES), str(TURNS)],
                            stdout=subprocess.DEVNULL, stderr=open(tmp_path / "stderr.log", "ab"))  # noqa: SIM115
    deadline = time.monotonic() + 60
    while acked(tmp_path) < 20 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert proc.poll() is None, "the child ended before it could be stopped"
    os.kill(proc.pid, signal.SIGTERM)
    try:
        code = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.kill(proc.pid, signal.SIGUSR1)  # the child dumps its stacks (faulthandler)
        time.sleep(1)
        os.kill(proc.pid, signal.SIGKILL)
        raise AssertionError("no graceful stop:\n" + (tmp_path / "stderr.log").read_text()[-6000:]) from None
    assert code == 0, (tmp_path / "stderr.log").read_text()[-3000:]
    assert (tmp_path / "stopped").exists()
    db = sqlite3.connect(tmp_path / "bot.sqlite3")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    acks = [json.loads(line) for line in (tmp_path / "acks.jsonl").read_text().splitlines() if line.strip()]
    for ack in acks:
        (action,) = db.execute("SELECT action FROM actions WHERE game_id = ? AND version = ?",
                               (ack["game"], ack["version"] + 1)).fetchone()
        made = json.loads(action)["action"]
        assert (made["player"], made["tile"], made["space"]) == (ack["player"], ack["tile"], ack["space"])
    # and the next start carries on from there
    assert run_child(tmp_path, kill_after_acks=None) == 0
