"""Storage behind one interface: SQLite (the embedded default) or PostgreSQL, chosen by a URL."""

from __future__ import annotations

from pathlib import Path

from .base import SqlStorage


async def open_storage(url: str | Path) -> SqlStorage:
    """Open (and migrate) the storage a ``DATABASE_URL`` names.

    ``postgresql://...`` or ``postgres://...``: PostgreSQL (asyncpg); ``sqlite:///path`` or a plain
    path: an SQLite file (``:memory:`` for a throwaway database).
    """
    text = str(url)
    if text.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStorage

        return await PostgresStorage.open(text)
    from .sqlite import SqliteStorage

    if text.startswith("sqlite:///"):
        text = text.removeprefix("sqlite:///")  # sqlite:///var/x.db is relative, sqlite:////tmp/x.db absolute
    return await SqliteStorage.open(text)


__all__ = ["SqlStorage", "open_storage"]
