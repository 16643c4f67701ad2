"""``/calico-admin health`` and the Prometheus metrics."""

from __future__ import annotations

import asyncio
import socket
import urllib.request

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from devtable.interactions import Driver, login

from .conftest import Table


async def test_health_for_the_owner_only(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner")
    await table.slash("ana", "calico play", tile=1, space="A1", take=1)
    r = await table.slash("ana", "calico-admin health")
    assert r.is_ephemeral and "Uptime" not in r.text and "owners" in r.text  # not an owner
    r = await table.driver.slash(table.fake.owner, table.channel, "calico-admin health", {})
    assert r.is_ephemeral and not r.errors
    assert "Games: active 1" in r.text and "Last hour: 1 turns" in r.text and "Timers: 2 pending" in r.text


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def test_prometheus_metrics_on_a_local_port(table: Table) -> None:
    port = free_port()
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner")
    bot = CalicoBot(Config(database=table.db, ai_budget_ms=50, metrics_port=port), clock=table.clock)
    await login(bot, table.fake)
    try:
        Driver(bot, table.fake)
        body = ""
        for _ in range(100):
            await asyncio.sleep(0.05)
            try:
                body = await asyncio.to_thread(
                    lambda: urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=2).read().decode())
            except OSError:
                continue
            if 'calico_games{status="active"} 1.0' in body:
                break
        assert 'calico_games{status="active"} 1.0' in body
        assert "calico_timers_pending" in body and "calico_database_bytes" in body
    finally:
        await bot.close()
