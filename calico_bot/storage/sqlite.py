"""SQLite storage on aiosqlite: numbered migrations, WAL, one transaction per accepted action."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from .models import ActionRow, GameRow, MemberStats, SeatRow, StaleVersion, TimerRow

log = logging.getLogger(__name__)

GAME_FIELDS = ("thread_id", "lobby_message_id", "host_id", "status", "options", "state", "version")
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migration scripts shipped with the package, in order."""
    folder = resources.files("calico_bot.storage") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class SqliteStorage:
    """Implements :class:`calico_bot.storage.interface.Storage` on one aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA busy_timeout=5000")
        storage = cls(db)
        await storage.migrate()
        return storage

    @property
    def connection(self) -> aiosqlite.Connection:
        """The shared connection, for feature stores that keep their own tables (e.g. the daily puzzle)."""
        return self._db

    async def close(self) -> None:
        await self._db.close()

    async def migrate(self) -> list[str]:
        """Apply every migration not applied yet; returns the names applied now."""
        await self._db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, "
                               "name TEXT NOT NULL)")
        async with self._db.execute("SELECT number FROM schema_migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        applied = []
        for number, name, script in migrations():
            if number in done:
                continue
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                for statement in _split_sql(script):
                    await self._db.execute(statement)
                await self._db.execute("INSERT INTO schema_migrations (number, name) VALUES (?, ?)", (number, name))
                await self._db.execute("COMMIT")
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            applied.append(name)
            log.info("applied migration %s", name)
        return applied

    # --- games ---------------------------------------------------------------------------------------

    async def create_game(self, *, kind: str, guild_id: int | None, channel_id: int, host_id: int,
                          options: dict[str, Any], now: float) -> GameRow:
        cur = await self._db.execute(
            "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (kind, guild_id, channel_id, host_id, json.dumps(options), now, now),
        )
        game = await self.get_game(int(cur.lastrowid or 0))
        assert game is not None
        return game

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return _game(row) if row else None

    async def find_games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                         thread_id: int | None = None, user_id: int | None = None,
                         statuses: Sequence[str] = ()) -> list[GameRow]:
        where, args = [], []
        if guild_id is not None:
            where.append("g.guild_id = ?")
            args.append(guild_id)
        if channel_id is not None:
            where.append("(g.channel_id = ? OR g.thread_id = ?)")
            args += [channel_id, channel_id]
        if thread_id is not None:
            where.append("g.thread_id = ?")
            args.append(thread_id)
        if user_id is not None:
            where.append("EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)")
            args.append(user_id)
        if statuses:
            where.append(f"g.status IN ({','.join('?' * len(statuses))})")
            args += list(statuses)
        sql = "SELECT g.* FROM games g" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY g.id"
        async with self._db.execute(sql, args) as cur:
            return [_game(row) for row in await cur.fetchall()]

    async def update_game(self, game_id: int, *, now: float, **fields: Any) -> None:
        unknown = set(fields) - set(GAME_FIELDS)
        if unknown:
            raise ValueError(f"unknown game fields: {sorted(unknown)}")
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self._db.execute(f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?",
                               [*fields.values(), now, game_id])

    async def commit_action(self, game_id: int, *, expected_version: int, state: str, action: dict[str, Any],
                            user_id: int | None, now: float, status: str | None = None) -> int:
        """Store the new state and append the action in one transaction, only if nobody moved first."""
        new_version = expected_version + 1
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            cur = await self._db.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?, status = COALESCE(?, status) "
                "WHERE id = ? AND version = ?",
                (state, new_version, now, status, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            await self._db.execute(
                "INSERT INTO actions (game_id, version, user_id, action, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, new_version, user_id, json.dumps(action), now),
            )
            await self._db.execute("COMMIT")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise
        return new_version

    async def count_games(self) -> int:
        async with self._db.execute("SELECT COUNT(*) FROM games") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    # --- seats ---------------------------------------------------------------------------------------

    async def get_seats(self, game_id: int) -> list[SeatRow]:
        async with self._db.execute("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)) as cur:
            return [SeatRow(r["game_id"], r["seat"], r["user_id"], r["name"], r["bot_level"], r["status"])
                    for r in await cur.fetchall()]

    async def add_seat(self, seat: SeatRow) -> None:
        await self._db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, bot_level, status) VALUES (?, ?, ?, ?, ?, ?)",
            (seat.game_id, seat.seat, seat.user_id, seat.name, seat.bot_level, seat.status),
        )

    async def remove_seat(self, game_id: int, seat: int) -> None:
        await self._db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        """Replace every seat of a game at once (used when a lobby is turned into a game)."""
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            await self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            for s in seats:
                await self.add_seat(s)
            await self._db.execute("COMMIT")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise

    async def set_seat_status(self, game_id: int, seat: int, status: str) -> None:
        await self._db.execute("UPDATE seats SET status = ? WHERE game_id = ? AND seat = ?", (status, game_id, seat))

    # --- actions -------------------------------------------------------------------------------------

    async def get_actions(self, game_id: int) -> list[ActionRow]:
        async with self._db.execute("SELECT * FROM actions WHERE game_id = ? ORDER BY version", (game_id,)) as cur:
            return [ActionRow(r["game_id"], r["version"], r["user_id"], json.loads(r["action"]), r["created_at"])
                    for r in await cur.fetchall()]

    # --- timers --------------------------------------------------------------------------------------

    async def replace_timers(self, game_id: int, timers: Sequence[tuple[str, float, int, dict[str, Any]]]) -> None:
        await self._db.execute("BEGIN IMMEDIATE")
        try:
            await self._db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            for kind, due_at, version, payload in timers:
                await self._db.execute(
                    "INSERT INTO timers (game_id, kind, due_at, version, payload) VALUES (?, ?, ?, ?, ?)",
                    (game_id, kind, due_at, version, json.dumps(payload)),
                )
            await self._db.execute("COMMIT")
        except BaseException:
            await self._db.execute("ROLLBACK")
            raise

    async def due_timers(self, now: float) -> list[TimerRow]:
        async with self._db.execute("SELECT * FROM timers WHERE due_at <= ? ORDER BY due_at, id", (now,)) as cur:
            return [TimerRow(r["id"], r["game_id"], r["kind"], r["due_at"], r["version"], json.loads(r["payload"]))
                    for r in await cur.fetchall()]

    async def next_timer_due(self) -> float | None:
        async with self._db.execute("SELECT MIN(due_at) FROM timers") as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else float(row[0])

    async def delete_timer(self, timer_id: int) -> None:
        await self._db.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    # --- settings, stats, meta -------------------------------------------------------------------------

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?",
                                    (guild_id, key)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self._db.execute("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        else:
            await self._db.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", (guild_id, key, value))

    async def add_result(self, guild_id: int, user_id: int, kind: str, *, won: bool, score: int) -> None:
        await self._db.execute(
            "INSERT INTO member_stats (guild_id, user_id, kind, played, won, best, total) VALUES (?, ?, ?, 1, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id, kind) DO UPDATE SET played = played + 1, won = won + excluded.won, "
            "best = MAX(best, excluded.best), total = total + excluded.total",
            (guild_id, user_id, kind, int(won), score, score),
        )

    async def get_stats(self, guild_id: int, user_id: int, kind: str) -> MemberStats:
        async with self._db.execute("SELECT * FROM member_stats WHERE guild_id = ? AND user_id = ? AND kind = ?",
                                    (guild_id, user_id, kind)) as cur:
            r = await cur.fetchone()
        if r is None:
            return MemberStats(guild_id, user_id, kind)
        return MemberStats(guild_id, user_id, kind, r["played"], r["won"], r["best"], r["total"])

    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
            row = await cur.fetchone()
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self._db.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))


def _game(row: aiosqlite.Row) -> GameRow:
    return GameRow(
        id=row["id"], kind=row["kind"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"], host_id=row["host_id"],
        status=row["status"], options=json.loads(row["options"]), state=row["state"], version=row["version"],
        created_at=row["created_at"], updated_at=row["updated_at"],
    )


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements. Comments go first (they may hold semicolons); our migrations
    keep ``--`` and ``;`` out of string literals."""
    body = re.sub(r"--[^\n]*", "", script)
    return [s.strip() for s in body.split(";") if s.strip()]
