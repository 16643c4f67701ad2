"""The daily par is computed once, whichever processes ask for it at the same moment."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from calico_bot.games.calico.ai.registry import policy_by_name
from calico_bot.services import daily as daily_module
from calico_bot.services.daily import DailyPuzzles
from calico_bot.storage import open_storage
from calico_bot.storage.daily_store import DailyStore
from tests.pg import DRIVERS, POSTGRES, drop_postgres, fresh_postgres_url

from .daily_helpers import DAY, Clock


@pytest.fixture(params=DRIVERS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "bot.db")
        return
    if not POSTGRES:
        pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES); CI runs these")
    url, name = await fresh_postgres_url()
    try:
        yield url
    finally:
        await drop_postgres(name)


async def test_two_processes_asking_at_once_compute_the_par_once(database: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(daily_module, "PAR_POLL_SECONDS", 0.02)
    computed: list[str] = []

    def counting(who: str) -> Any:
        def factory(day: int) -> Any:
            computed.append(who)
            return policy_by_name("greedy", seed=day)
        return factory

    clock = Clock(DAY)
    storages = [await open_storage(database) for _ in range(2)]  # two processes: two connections
    services = [DailyPuzzles(s, DailyStore.of(s, "calico"), clock=clock, par_policy=counting(f"p{i}"),  # type: ignore[arg-type]
                             instance_id=f"p{i}") for i, s in enumerate(storages)]
    try:
        pars = await asyncio.gather(*(svc.ensure_par(DAY) for svc in services))
        assert len(computed) == 1  # one of them played the par game
        assert pars[0].score == pars[1].score and pars[0].record == pars[1].record
    finally:
        for svc in services:
            await svc.aclose()
        for s in storages:
            await s.close()


async def test_a_claim_left_by_a_dead_process_is_taken_over_after_the_timeout(database: str) -> None:
    clock = Clock(DAY)
    storage = await open_storage(database)
    try:
        store = DailyStore.of(storage, "calico")
        assert await store.claim_par(DAY, claimant="dead", now=clock(), stale_before=clock() - 600)
        assert not await store.claim_par(DAY, claimant="live", now=clock(), stale_before=clock() - 600)
        clock.advance(601)
        svc = DailyPuzzles(storage, store, clock=clock, par_policy="greedy", instance_id="live")
        par = await svc.ensure_par(DAY)  # the dead process's claim is old: this one computes
        assert par.day == DAY and await store.get_par(DAY) == par
        await svc.aclose()
    finally:
        await storage.close()
