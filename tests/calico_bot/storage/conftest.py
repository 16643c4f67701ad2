"""A storage per test on every driver: SQLite always; PostgreSQL when ``CALICO_TEST_POSTGRES`` names a
server (CI starts one: see ``.ci/run``), each test in a database of its own."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.storage import SqlStorage
from tests.pg import DRIVERS, storage_for


@pytest.fixture(params=DRIVERS)
async def storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqlStorage]:
    async with storage_for(request.param, tmp_path / "db.sqlite3") as s:
        yield s
