"""The load bench measures what it says (a small run; the figures themselves belong in the README)."""

from __future__ import annotations

from calico_bot.app.loadbench import run


async def test_a_small_load_run_plays_every_move_and_refuses_none() -> None:
    result = await run("sqlite", games=12, moves=30, concurrency=5, seed=3, url=None)
    assert result["moves"] == 30 and result["refused"] == 0
    assert result["p50"] <= result["p95"] <= result["p99"]
