"""The load bench measures what it says (a small run; the figures themselves belong in the README)."""

from __future__ import annotations

import pytest

from calico_bot.games.calico.loadbench import run


async def test_a_small_load_run_plays_every_move_and_refuses_none() -> None:
    result = await run("sqlite", games=12, moves=30, concurrency=5, seed=3, url=None)
    assert result["moves"] == 30 and result["refused"] == 0
    assert result["p50"] <= result["p95"] <= result["p99"]


def test_the_app_bench_finds_a_games_bench_by_its_key() -> None:
    from calico_bot.app.loadbench import bench_module, main

    assert bench_module(["--driver", "sqlite", "--games", "5"]) == (
        "calico_bot.games.calico.loadbench", ["--driver", "sqlite", "--games", "5"])
    assert bench_module(["--game", "cat_in_the_box", "--moves", "3"])[0] == "calico_bot.games.cat_in_the_box.loadbench"
    assert bench_module(["--game=calico"])[1] == []
    for bad in (["--game", "no_such_game"], ["--game", "../x"]):
        with pytest.raises(SystemExit, match="error"):
            main(bad)
