"""SQLite storage on aiosqlite: numbered migrations, WAL, one serialised transaction per unit of work."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .base import GAME_FIELDS, SqlStorage, _split_sql, migrations

__all__ = ["GAME_FIELDS", "SYNCHRONOUS", "SqliteStorage", "_split_sql", "migrations"]

SYNCHRONOUS = "FULL"


class SqliteStorage(SqlStorage):
    """Implements :class:`calico_bot.storage.interface.Storage` on one aiosqlite connection.

    Every call runs with the connection to itself: calls are serialised by one lock, and
    :meth:`transaction` holds that lock from ``BEGIN IMMEDIATE`` to ``COMMIT``, so no other coroutine
    can run a statement inside another's transaction, see its uncommitted rows or roll it back.
    Calls made by the task that holds a transaction join it. (Measured in ``devtable.bench``:
    a serialised writer on one connection is faster here than a connection per transaction, whose
    writers would queue on SQLite's own file lock anyway.)
    """

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        self._owner: asyncio.Task[Any] | None = None

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStorage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            db.row_factory = aiosqlite.Row
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA foreign_keys=ON")
            # WAL with synchronous=NORMAL survives a crash of the process but can lose the last commits
            # when the machine loses power; FULL syncs the log at every commit, so an acknowledged move
            # survives both. The cost is measured in the app bench (README).
            await db.execute(f"PRAGMA synchronous={SYNCHRONOUS}")
            await db.execute("PRAGMA busy_timeout=5000")
            storage = cls(db)
            await storage.migrate()
        except BaseException:
            await db.close()  # its worker thread would otherwise keep the process alive
            raise
        return storage

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    # --- access --------------------------------------------------------------------------------------

    def _holds_lock(self) -> bool:
        return self._owner is not None and self._owner is asyncio.current_task()

    @contextlib.asynccontextmanager
    async def _session(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection for one call: alone, or inside the caller's own transaction."""
        if self._holds_lock():
            yield self._db
            return
        async with self._lock:
            self._owner = asyncio.current_task()
            try:
                yield self._db
            finally:
                self._owner = None

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteStorage]:
        """One unit of work: every call made inside commits together or not at all.

        Keep only database calls inside (no AI, rendering or Discord requests): other coroutines
        wait for the lock meanwhile. Nested use joins the outer transaction.
        """
        if self._holds_lock():
            yield self
            return
        async with self._lock:
            self._owner = asyncio.current_task()
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise
                try:
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._db.execute("ROLLBACK")
                    raise
            finally:
                self._owner = None

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement (for feature stores with their own tables); returns the changed row count."""
        async with self._session() as db:
            cur = await db.execute(sql, args)
            return cur.rowcount

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[aiosqlite.Row]:
        async with self._session() as db, db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> aiosqlite.Row | None:
        async with self._session() as db, db.execute(sql, args) as cur:
            return await cur.fetchone()

    async def size_bytes(self) -> int:
        pages = await self.fetchone("PRAGMA page_count")
        size = await self.fetchone("PRAGMA page_size")
        return int(pages[0]) * int(size[0]) if pages and size else 0

