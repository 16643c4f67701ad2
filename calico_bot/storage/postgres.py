"""PostgreSQL storage on asyncpg: the same interface and SQL as SQLite (``base.SqlStorage``), on a pool.

Several coroutines (and several bot processes) really work at once here: each unit of work is a
transaction on a connection of its own, taken from the pool, and the compare-and-set on the game
version decides which of two moves on one game is applied (the other finds the version moved on).
Timers are claimed with ``FOR UPDATE SKIP LOCKED``, so two processes never claim the same one.
Migrations live in ``migrations_postgres/`` with the same numbers as SQLite's.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

import asyncpg

from .base import SqlStorage

_PLACEHOLDER = re.compile(r"\?")


def to_dollar(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (our SQL keeps ``?`` out of string literals)."""
    counter = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)


def _rowcount(status: str) -> int:
    """asyncpg's command status ("UPDATE 1", "INSERT 0 1", "DELETE 3") as a row count."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class PostgresStorage(SqlStorage):
    """Implements :class:`calico_bot.storage.interface.Storage` on an asyncpg pool."""

    MIGRATIONS = "migrations_postgres"
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"
    # Held to the end of the transaction; a waiter's next statement sees what the holder committed
    # (READ COMMITTED takes a fresh snapshot per statement).
    HOST_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?, 7239002))"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._tx: dict[asyncio.Task[Any], asyncpg.Connection] = {}  # the open transaction of each task

    @classmethod
    async def open(cls, url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStorage:
        pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, command_timeout=60)
        storage = cls(pool)
        async with pool.acquire() as conn:
            # One process migrates at a time (several shard processes may start together).
            await conn.execute("SELECT pg_advisory_lock(7239001)")
            try:
                await storage.migrate()
            finally:
                await conn.execute("SELECT pg_advisory_unlock(7239001)")
        return storage

    async def close(self) -> None:
        await self._pool.close()

    # --- access --------------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        task = asyncio.current_task()
        conn = self._tx.get(task) if task is not None else None
        if conn is not None:
            yield conn
            return
        async with self._pool.acquire() as fresh:
            yield fresh

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresStorage]:
        """One unit of work on a connection of its own; nested use joins the outer transaction."""
        task = asyncio.current_task()
        assert task is not None
        if task in self._tx:
            yield self
            return
        async with self._pool.acquire() as conn, conn.transaction():
            self._tx[task] = conn
            try:
                yield self
            finally:
                del self._tx[task]

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        async with self._connection() as conn:
            if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")) and " RETURNING " in sql.upper():
                return len(await conn.fetch(to_dollar(sql), *args))
            return _rowcount(await conn.execute(to_dollar(sql), *args))

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[asyncpg.Record]:
        async with self._connection() as conn:
            return list(await conn.fetch(to_dollar(sql), *args))

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> asyncpg.Record | None:
        async with self._connection() as conn:
            return await conn.fetchrow(to_dollar(sql), *args)

    async def size_bytes(self) -> int:
        row = await self.fetchone("SELECT pg_database_size(current_database())")
        return int(row[0]) if row else 0

    async def migrate(self) -> list[str]:
        # DDL goes through execute with no arguments: asyncpg then runs it as a simple query.
        return await super().migrate()
