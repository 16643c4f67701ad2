"""The daily tables on every driver: keyed by game, ranked on score then a generic tie-break, and
migration 004 turning a database of the old Calico shape (``cats``, ``buttons``) into the new one."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from calico_bot.storage import SqlStorage, base, open_storage
from calico_bot.storage.daily_store import (
    TIE_OFFSET,
    AttemptRow,
    DailyStore,
    ParRow,
    decode_tie_break,
    encode_tie_break,
)
from tests.pg import DRIVERS, POSTGRES, drop_postgres, fresh_postgres_url

GUILD = 7


def test_the_tie_break_text_sorts_as_the_tuple() -> None:
    rng = random.Random(4)
    keys = [tuple(rng.choice([-TIE_OFFSET, -12, -1, 0, 1, 9, 10, 99, 100, TIE_OFFSET - 1, rng.randrange(-500, 500)])
                  for _ in range(3)) for _ in range(300)]
    for key in keys:
        assert decode_tie_break(encode_tie_break(key)) == key
    assert sorted(keys) == sorted(keys, key=encode_tie_break)  # 10 after 9, -1 before 0: not as plain digits
    assert encode_tie_break((4, 5)) == "2147483652,2147483653"
    assert encode_tie_break(()) == "" and decode_tie_break("") == () and decode_tie_break(None) == ()
    for bad in [(TIE_OFFSET,), (-TIE_OFFSET - 1,), (1.5,), (True,), ("3",)]:
        with pytest.raises(ValueError):
            encode_tie_break(bad)  # type: ignore[arg-type]


async def finish(store: DailyStore, day: int, user: int, score: int, tie_break: tuple[int, ...], *,
                 at: float, guild_id: int | None = GUILD) -> None:
    assert await store.insert_attempt(AttemptRow(day, user, guild_id, f"u{user}", '{"s":0}', 0, "playing",
                                                 started_at=at - 1))
    assert await store.finish(day, user, expected_version=0, state='{"s":1}', version=1, score=score,
                              tie_break=tie_break, summary={"total": score}, record={"r": user}, finished_at=at)


async def test_games_keep_their_own_attempts_par_and_announcements(storage: SqlStorage) -> None:
    calico, other = DailyStore.of(storage, "calico"), DailyStore.of(storage, "sealed-bid")
    await finish(calico, 3, 1, 60, (4, 5), at=10.0)
    assert await other.get_attempt(3, 1) is None  # the same user and day in another game: nothing there
    await finish(other, 3, 1, 2, (), at=11.0)
    assert (await calico.get_attempt(3, 1)).tie_break == (4, 5)  # type: ignore[union-attr]
    assert (await other.get_attempt(3, 1)).tie_break == ()  # type: ignore[union-attr]
    assert [r.score for r in await calico.finished_of(1)] == [60]
    assert await calico.count_finished(3) == 1 and await other.count_finished(3) == 1
    assert await other.statuses_of(1, [3]) == {3: "done"}

    par = ParRow(3, "strong", 70, {"total": 70}, {"actions": []}, 5.0)
    assert await calico.insert_par(par)
    assert not await calico.insert_par(ParRow(3, "greedy", 1, {}, {}, 6.0))  # the first par stays
    assert await other.get_par(3) is None
    assert await calico.get_par(3) == par

    assert await calico.claim_announcement(GUILD, 3, channel_id=9, claimant="a", now=1.0, stale_before=0.0)
    assert await other.claim_announcement(GUILD, 3, channel_id=9, claimant="a", now=1.0, stale_before=0.0)
    await calico.complete_announcement(GUILD, 3, message_id=55, now=2.0)
    assert (await calico.get_announcement(GUILD, 3)).status == "posted"  # type: ignore[union-attr]
    assert (await other.get_announcement(GUILD, 3)).status == "claimed"  # type: ignore[union-attr]

    with pytest.raises(ValueError):
        await DailyStore.of(storage).get_attempt(3, 1)  # a store without a game reads no game's rows
    assert DailyStore.of(storage).for_game("calico").game == "calico"


async def test_ranking_on_score_then_tie_break_with_shared_ranks(storage: SqlStorage) -> None:
    store = DailyStore.of(storage, "some-game")
    results = {1: (50, (9, 0), 1.0), 2: (50, (10, 0), 2.0), 3: (50, (10, -1), 3.0), 4: (50, (10, 0), 0.5),
               5: (61, (-5, -5), 9.0), 6: (49, (99, 99), 0.1)}
    for user, (score, tie, at) in results.items():
        await finish(store, 8, user, score, tie, at=at, guild_id=GUILD if user != 5 else GUILD + 1)
    board = await store.ranking(8, limit=10)
    assert [(r.user_id, r.rank) for r in board] == [(5, 1), (4, 2), (2, 2), (3, 4), (1, 5), (6, 6)]
    assert [r.tie_break for r in board] == [(-5, -5), (10, 0), (10, 0), (10, -1), (9, 0), (99, 99)]
    here = await store.ranking(8, guild_id=GUILD, limit=2)
    assert [(r.user_id, r.rank) for r in here] == [(4, 1), (2, 1)]
    assert (await store.rank_of(8, 3, guild_id=GUILD)).rank == 3  # type: ignore[union-attr]
    assert await store.rank_of(8, 5, guild_id=GUILD) is None


# --- migration 004 on a database of the old shape ---------------------------------------------------------



@pytest.fixture(params=DRIVERS)
async def old_database(request: pytest.FixtureRequest, tmp_path: Path,
                       monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[SqlStorage, Callable[[], None]]]:
    """A storage migrated up to 003 only (the daily tables with ``cats`` and ``buttons``), and a function
    that lets the next ``migrate()`` apply the rest."""
    real = base.migrations
    monkeypatch.setattr(base, "migrations", lambda folder="migrations": [m for m in real(folder) if m[0] <= 3])
    name = None
    if request.param == "sqlite":
        url: str | Path = tmp_path / "old.sqlite3"
    else:
        if not POSTGRES:
            pytest.skip("no PostgreSQL test server (CALICO_TEST_POSTGRES); CI runs these")
        url, name = await fresh_postgres_url()
    storage = await open_storage(url)
    try:
        yield storage, lambda: monkeypatch.setattr(base, "migrations", real)
    finally:
        await storage.close()
        if name is not None:
            await drop_postgres(name)


OLD_ATTEMPTS = [  # day, user, guild, score, cats, buttons, finished_at (None: still playing)
    (5, 1, GUILD, 60, 3, 4, 100.0),
    (5, 2, GUILD, 60, 3, 5, 300.0),
    (5, 3, GUILD, 60, 10, 0, 200.0),
    (5, 4, None, 71, 0, 0, 50.0),
    (5, 5, GUILD, 60, 3, 4, 90.0),
    (6, 1, GUILD, None, None, None, None),
]


async def test_migration_004_keeps_every_old_row(old_database: tuple[SqlStorage, Callable[[], None]]) -> None:
    storage, allow_the_rest = old_database
    columns = {r[0] for r in await storage.fetchall(
        "SELECT name FROM pragma_table_info('daily_attempts')" if type(storage).__name__ == "SqliteStorage" else
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'daily_attempts'")}
    assert {"cats", "buttons"} <= columns and "game" not in columns  # the old shape
    for day, user, guild, score, cats, buttons, at in OLD_ATTEMPTS:
        done = at is not None
        await storage.execute(
            "INSERT INTO daily_attempts (day, user_id, guild_id, name, state, version, status, score, cats, buttons, "
            "summary, record, started_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (day, user, guild, f"u{user}", json.dumps({"u": user}), 23 if done else 4, "done" if done else "playing",
             score, cats, buttons, json.dumps({"total": score}) if done else None,
             json.dumps({"user": user}) if done else None, 1.0, at))
    old_order = [tuple(r) for r in await storage.fetchall(
        "SELECT user_id, RANK() OVER (ORDER BY score DESC, cats DESC, buttons DESC) FROM daily_attempts "
        "WHERE day = 5 AND status = 'done' ORDER BY score DESC, cats DESC, buttons DESC, finished_at, user_id")]
    await storage.execute("INSERT INTO daily_par (day, policy, score, summary, record, computed_at) "
                          "VALUES (5, 'strong', 75, ?, ?, 3.0)", (json.dumps({"total": 75}), json.dumps({"p": 1})))
    await storage.execute("INSERT INTO daily_announcements (guild_id, day, status, channel_id, message_id, posted_at) "
                          "VALUES (?, 5, 'posted', 44, 4444, 2.0)", (GUILD,))

    allow_the_rest()
    assert (await storage.migrate())[0] == "004_daily_by_game.sql"  # and any later ones
    assert await storage.migrate() == []

    store = DailyStore.of(storage, "calico")
    for day, user, guild, score, cats, buttons, at in OLD_ATTEMPTS:
        row = await store.get_attempt(day, user)
        assert row is not None and row.guild_id == guild and row.name == f"u{user}"
        assert json.loads(row.state) == {"u": user} and row.finished_at == at and row.score == score
        if at is None:
            assert row.status == "playing" and row.tie_break is None and row.version == 4
        else:
            assert row.status == "done" and row.tie_break == (cats, buttons) and row.version == 23
            assert row.summary == {"total": score} and row.record == {"user": user}
    board = await store.ranking(5, limit=10)
    assert [(r.user_id, r.rank) for r in board] == old_order == [(4, 1), (3, 2), (2, 3), (5, 4), (1, 4)]
    assert [r.user_id for r in await store.ranking(5, guild_id=GUILD)] == [3, 2, 5, 1]
    assert await store.get_par(5) == ParRow(5, "strong", 75, {"total": 75}, {"p": 1}, 3.0)
    posted = await store.get_announcement(GUILD, 5)
    assert posted is not None and posted.status == "posted" and posted.message_id == 4444
    assert not await store.claim_announcement(GUILD, 5, channel_id=44, claimant="x", now=9.0, stale_before=8.0)

    # The migrated tables take new rows of every game, and still refuse a result without its record.
    await finish(DailyStore.of(storage, "other"), 5, 1, 1, (1,), at=7.0)
    await finish(store, 6, 9, 40, (1, 1), at=8.0)
    assert [r.day for r in await store.finished_of(1)] == [5]
    with pytest.raises(Exception, match=r"(?i)check|constraint"):
        await storage.execute("UPDATE daily_attempts SET status = 'done', score = 3 WHERE day = 6 AND user_id = 1")
