"""The PostgreSQL test server, when there is one: ``CALICO_TEST_POSTGRES`` is an admin URL (``.ci/run``
starts a throwaway server and sets it). Each test gets a database of its own."""

from __future__ import annotations

import os
import secrets

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
