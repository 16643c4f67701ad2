"""After a restart on the same data the table is as it was left: threads, posts, numbers and buttons."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .table_session import local_table

ROOT = Path(__file__).resolve().parents[2]


async def test_threads_posts_and_buttons_come_back_after_a_restart(tmp_path: Path) -> None:
    async with local_table(tmp_path) as first:
        await first.run("/calico new mode:beginner seats:2")
        await first.run("/calico addbot")
        assert "[6] button: Take your turn" in await first.run("/calico start")
        panel = await first.run("click 6")
        assert "[10] button: Confirm" in panel
        assert "(chosen: Tile 2" in await first.run("pick 7 2")
        saved_first = sorted(p.name for p in (tmp_path / "out").iterdir())
        assert saved_first == ["001-cats-1.png", "002-hand-1.png"]

    async with local_table(tmp_path) as second:
        greeting = second.text
        assert "Back at the local table" in greeting and "thread 'Calico #1'" in greeting
        assert "You are ana in thread 'Calico #1'" in greeting
        look = await second.run("look 2")
        assert "Take your turn" in look and "[10] button: Confirm" in look and "(chosen: Tile 2" in look
        # The private panel from before the restart keeps working, with its numbers.
        edited = await second.run("pick 8 B4")
        assert "(chosen: B4)" in edited and "(chosen: Tile 2" in edited and "[10] button: Confirm" in edited
        await second.run("pick 9 1")
        done = await second.run("click 10")
        assert "Done: B4." in done and "[11] button: Take your turn" in done, done
        assert not second.table.problems, second.table.problems
        # The lobby post in #calico is still there (and still editable by the bot).
        assert "Calico #1: beginner" in await second.run("go main") + await second.run("look 3")
        new_files = sorted(p.name for p in (tmp_path / "out").iterdir() if p.name not in saved_first)
        assert new_files and all(int(re.match(r"(\d+)-", n).group(1)) > 2 for n in new_files), new_files  # type: ignore[union-attr]

    async with local_table(tmp_path) as third:
        assert "You are ana in #calico" in third.text  # where you were typing is kept too
        assert "There is no [12]" in await third.run("click 12")
        assert "button: Confirm" in await third.run("click 11")  # a new panel opens


async def test_fresh_forgets_the_last_session(tmp_path: Path) -> None:
    async with local_table(tmp_path) as first:
        await first.run("/calico new mode:solo solo_setup:beginner")
    sys.path.insert(0, str(ROOT))
    import bot as entry

    entry.forget_local_table(tmp_path / "data" / "local-table.sqlite3", tmp_path / "out")
    assert not (tmp_path / "out").exists() and not list((tmp_path / "data").iterdir())
    async with local_table(tmp_path) as second:
        assert "Local table ready" in second.text
        assert "You are ana in #calico" in second.text
        assert "No open Calico games in this channel." in await second.run("/calico games")
