"""A storage per test on every driver: SQLite always; PostgreSQL when ``CALICO_TEST_POSTGRES`` names a
server (CI starts one: see ``.ci/run``), each test in a database of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.storage import SqlStorage, open_storage
from tests.pg import DRIVERS, POSTGRES, drop_postgres, fresh_postgres_url


@pytest.fixture(params=DRIVERS)
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqlStorage]:
    if request.param == "sqlite":
        s = await open_storage(tmp_path / "db.sqlite3")
        try:
            yield s
        finally:
            await s.close()
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES); CI runs these")
    url, name = await fresh_postgres_url()
    s = await open_storage(url)
    try:
        yield s
    finally:
        await s.close()
        await drop_postgres(name)
