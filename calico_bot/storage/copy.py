"""Move a bot's data from one storage to another (SQLite to PostgreSQL, as a bot outgrows one process).

    python -m calico_bot.storage.copy SOURCE_URL TARGET_URL

Both are ``DATABASE_URL``s (a plain path is an SQLite file). The target is migrated and must hold no
games yet. Every table is copied with its ids; afterwards the row counts are compared table by
table and every game is loaded and replayed from its full record, so a copy that lost or bent
anything is reported (exit status 2). Stop the bot while copying.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

from . import open_storage
from .base import SqlStorage

# In the order foreign keys need; identity columns get their sequences moved past the copied ids.
TABLES = ("games", "seats", "actions", "timers", "outbox", "guild_settings", "member_stats", "meta",
          "daily_attempts", "daily_par", "daily_announcements", "seen_interactions")
IDENTITY = {"games": "id", "timers": "id", "outbox": "id"}


@dataclass
class CopyReport:
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)  # table: (source, target)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and all(a == b for a, b in self.counts.values())


async def copy_storage(source: SqlStorage, target: SqlStorage) -> CopyReport:
    report = CopyReport()
    row = await target.fetchone("SELECT COUNT(*) FROM games")
    if row is not None and int(row[0]) > 0:
        raise ValueError("the target already holds games: copy into an empty database")
    async with target.transaction():
        for table in TABLES:
            rows = await source.fetchall(f"SELECT * FROM {table}")
            for r in rows:
                columns = list(r.keys())
                values = [r[c] for c in columns]
                marks = ", ".join("?" * len(columns))
                await target.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)
        if type(target).__name__ == "PostgresStorage":
            for table, column in IDENTITY.items():
                await target.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
                    f"COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)")
    for table in TABLES:
        a = await source.fetchone(f"SELECT COUNT(*) FROM {table}")
        b = await target.fetchone(f"SELECT COUNT(*) FROM {table}")
        report.counts[table] = (int(a[0]) if a else 0, int(b[0]) if b else 0)
    await _replay_all(target, report)
    return report


async def _replay_all(storage: SqlStorage, report: CopyReport) -> None:
    """Every copied game of a known kind loads, and one with a state replays from its full record to the
    same position (the same spectator's view and result), through its game's plug-in."""
    from calico_bot.core.registry import discover  # the plug-ins, only when a copy is checked

    plugins = {plugin.key: plugin for plugin in discover()}
    for row in await storage.fetchall("SELECT id, kind, state FROM games ORDER BY id"):
        plugin = plugins.get(row["kind"])
        if row["state"] is None or plugin is None:
            continue
        try:
            actions = [json.loads(a[0]) for a in await storage.fetchall(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY version", (row["id"],))]
            state = plugin.load_saved(json.loads(row["state"]), actions)
            again = plugin.replay(plugin.record(state, hidden=True))
            same = plugin.view_for(again, None) == plugin.view_for(state, None)
            if not same or plugin.result(again) != plugin.result(state):
                report.problems.append(f"game {row['id']}: its record replays to another position")
            else:
                report.replayed += 1
        except Exception as exc:  # a damaged game is reported, not fatal to the copy
            report.problems.append(f"game {row['id']}: {type(exc).__name__}: {exc}")


def _sqlite_path(url: str) -> Path | None:
    """The file an SQLite URL names (``None``: PostgreSQL or an in-memory database)."""
    if url.startswith(("postgresql://", "postgres://")) or url == ":memory:":
        return None
    return Path(url.removeprefix("sqlite:///"))


async def run(source_url: str, target_url: str) -> CopyReport:
    path = _sqlite_path(source_url)
    if path is not None and not path.is_file():  # opening it would make an empty database there
        raise FileNotFoundError(f"no database at {path}")
    source = await open_storage(source_url)
    try:
        target = await open_storage(target_url)
        try:
            return await copy_storage(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.storage.copy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source")
    parser.add_argument("target")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(run(args.source, args.target))
    except (ValueError, OSError, sqlite3.DatabaseError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for table, (a, b) in report.counts.items():
        print(f"{table:20} {a:8} -> {b:8}{'' if a == b else '   MISMATCH'}")
    print(f"games replayed from their records: {report.replayed}")
    for problem in report.problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 0 if report.ok else 2


if __name__ == "__main__":
    sys.exit(main())
