"""Fixtures for the daily-puzzle tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.services.daily import DailyPuzzles

from .daily_helpers import Clock, close_service, open_service


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def env(tmp_path: Path, clock: Clock) -> AsyncIterator[DailyPuzzles]:
    storage, svc = await open_service(tmp_path / "bot.db", clock)
    yield svc
    await close_service(storage, svc)
