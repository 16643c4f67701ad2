"""Fixtures for the daily-puzzle tests and the lobby tests, on every storage driver."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.services.daily import DailyPuzzles
from calico_bot.services.plugin_games import PluginGames
from calico_bot.storage import SqlStorage
from tests.calico_bot.core.sealed_bid import PLUGIN as SEALED_BID
from tests.pg import DRIVERS, POSTGRES, drop_postgres, fresh_postgres_url, storage_for

from .daily_helpers import Clock, close_service, open_service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture(params=DRIVERS)
async def env(request: pytest.FixtureRequest, tmp_path: Path, clock: Clock) -> AsyncIterator[DailyPuzzles]:
    """The daily service on SQLite, and on PostgreSQL when a test server is there."""
    if request.param == "sqlite":
        storage, svc = await open_service(tmp_path / "bot.db", clock)
        yield svc
        await close_service(storage, svc)
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES); CI runs these")
    url, name = await fresh_postgres_url()
    storage, svc = await open_service(url, clock)
    try:
        yield svc
    finally:
        await close_service(storage, svc)
        await drop_postgres(name)


@pytest.fixture(params=DRIVERS)
async def lobby_storage(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqlStorage]:
    """An empty storage on SQLite, and on PostgreSQL when a test server is there."""
    async with storage_for(request.param, tmp_path / "lobby.db") as storage:
        yield storage


@pytest.fixture
def lobbies(lobby_storage: SqlStorage, clock: Clock) -> PluginGames:
    """The plug-in service of the tests' sealed-bid game, with the default lobby limit."""
    return PluginGames(lobby_storage, SEALED_BID, clock=clock)
