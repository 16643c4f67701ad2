"""The storage tools: online backup and restore (SQLite), and copying a bot's data to PostgreSQL."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import CalicoGames, LobbyOptions, Person
from calico_bot.storage import open_storage
from calico_bot.storage.backup import backup, restore
from calico_bot.storage.backup import main as backup_main
from calico_bot.storage.copy import copy_storage
from tests.pg import POSTGRES, drop_postgres, fresh_postgres_url

ANA = Person(11, "ana", guild_id=5)
BO = Person(12, "bo", guild_id=5)


async def played_database(path: Path, games: int = 3, turns: int = 6) -> None:
    storage = await open_storage(path)
    service = CalicoGames(storage, clock=lambda: 1_800_000_000.0)
    for i in range(games):
        game = await service.create(guild_id=5, channel_id=100 + i, host=ANA, options=LobbyOptions(mode="beginner",
                                                                                                    seats=2))
        await service.join(game.id, BO)
        await service.start(game.id, ANA, seed=i)
        for _ in range(turns):
            loaded = await service.load(game.id)
            assert loaded.state is not None
            move = legal_turns(loaded.state)[0]
            person = ANA if loaded.state.current == 0 else BO
            await service.play(game.id, person, tile=move.tile, space=move.space, take=move.take)
    await storage.set_setting(5, "daily_channel", "77")
    await storage.close()


async def test_backup_while_open_and_restore(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    await played_database(db)
    live = await open_storage(db)  # the bot is running
    try:
        assert backup(db, tmp_path / "backup.sqlite3") == 3
    finally:
        await live.close()
    with pytest.raises(FileExistsError):
        restore(tmp_path / "backup.sqlite3", db)
    assert restore(tmp_path / "backup.sqlite3", db, force=True) == 3
    restored = sqlite3.connect(db)
    assert restored.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 3 * (1 + 6)
    assert backup_main([str(tmp_path / "missing.sqlite3"), str(tmp_path / "x.sqlite3")]) == 2


@pytest.mark.skipif(not POSTGRES, reason="no PostgreSQL test server (CALICO_TEST_POSTGRES)")
async def test_copy_sqlite_to_postgres_keeps_every_row_and_replays_every_game(tmp_path: Path) -> None:
    db = tmp_path / "bot.sqlite3"
    await played_database(db)
    url, name = await fresh_postgres_url()
    source = await open_storage(db)
    target = await open_storage(url)
    try:
        report = await copy_storage(source, target)
        assert report.ok, report
        assert report.replayed == 3 and report.counts["actions"] == (21, 21)
        # The copy is a working bot database: the next game gets a fresh id, moves go on.
        service = CalicoGames(target, clock=lambda: 1_800_000_100.0)
        game = await service.create(guild_id=5, channel_id=999, host=ANA, options=LobbyOptions(mode="solo"))
        assert game.id == 4
        with pytest.raises(ValueError):
            await copy_storage(source, target)  # never into a database that holds games
    finally:
        await source.close()
        await target.close()
        await drop_postgres(name)


async def test_a_file_that_is_not_a_database_is_refused_and_leaves_no_thread(tmp_path: Path) -> None:
    import threading

    junk = tmp_path / "junk.sqlite3"
    junk.write_text('{"format": "calico-record/1"}' * 200)
    before = set(threading.enumerate())
    with pytest.raises(sqlite3.DatabaseError):
        await open_storage(junk)
    started = [t for t in threading.enumerate() if t not in before]
    for thread in started:
        thread.join(timeout=5)
    assert not any(t.is_alive() for t in started)  # the connection's worker thread ended: the process can exit


def test_copy_refuses_a_missing_or_unreadable_source_in_one_line(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from calico_bot.storage.copy import main as copy_main

    missing = tmp_path / "typo.sqlite3"
    assert copy_main([str(missing), str(tmp_path / "target.sqlite3")]) == 2
    assert capsys.readouterr().err == f"error: no database at {missing}\n"
    assert not missing.exists()  # no empty database made where the source was expected
    assert copy_main([f"sqlite:///{missing}", str(tmp_path / "target.sqlite3")]) == 2
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database " * 500)
    assert copy_main([str(junk), str(tmp_path / "target2.sqlite3")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[-1] == "error: file is not a database"
