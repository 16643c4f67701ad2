"""The PostgreSQL test server, when there is one: ``CALICO_TEST_POSTGRES`` is an admin URL (``.ci/run``
starts a throwaway server and sets it). Each test gets a database of its own."""

from __future__ import annotations

import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

POSTGRES = os.environ.get("CALICO_TEST_POSTGRES")
DRIVERS = ["sqlite", "postgres"]


async def fresh_postgres_url() -> tuple[str, str]:
    """A new empty database on the test server: (its URL, its name)."""
    import asyncpg

    assert POSTGRES is not None
    name = "calico_test_" + secrets.token_hex(6)
    admin = await asyncpg.connect(POSTGRES)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return POSTGRES.rsplit("/", 1)[0] + "/" + name, name


async def drop_postgres(name: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(POSTGRES)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@asynccontextmanager
async def storage_for(driver: str, sqlite_path: Path) -> AsyncIterator[Any]:
    """An empty storage on ``driver``: SQLite in a file at ``sqlite_path``, or a PostgreSQL database of its
    own, dropped afterwards (the test is skipped when there is no test server)."""
    from calico_bot.storage import open_storage

    if driver != "sqlite" and not POSTGRES:
        pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES); CI runs these")
    url, name = (sqlite_path, None) if driver == "sqlite" else await fresh_postgres_url()
    storage = await open_storage(url)
    try:
        yield storage
    finally:
        await storage.close()
        if name is not None:
            await drop_postgres(name)
