"""The daily puzzle through the real discord.py dispatch, against the local stand-in for Discord."""

from __future__ import annotations

import copy
import functools
import random

import pytest

from calico_bot.app import bot as bot_module
from calico_bot.games.calico.daily import is_scenario_day, share_text
from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.services.daily import SECRET_META_KEY, Attempt, DailyPuzzles, day_start
from devtable.fake_discord import FakeMessage
from tests.services.daily_helpers import play_through

from .conftest import Table


@pytest.fixture(autouse=True)
def greedy_par(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bot of these tests (restarts included) computes the par with the fast greedy bot."""
    monkeypatch.setattr(bot_module, "DailyPuzzles", functools.partial(DailyPuzzles, par_policy="greedy"))


@pytest.fixture(autouse=True)
async def fixed_secret(greedy_par: None, table: Table) -> None:
    """The same puzzles on every run (the secret is otherwise drawn afresh for each new database)."""
    await table.bot.daily.store.get_or_create_meta(SECRET_META_KEY, "5eed" * 16)


def uid(table: Table, user: str) -> int:
    return table.users[user].id


def today(table: Table) -> int:
    return table.bot.daily.today()


async def attempt_of(table: Table, user: str) -> Attempt | None:
    return await table.bot.daily.attempt(today(table), uid(table, user))


def ids(panel: FakeMessage, prefix: str, suffix: str = "") -> str:
    return next(i for i in panel.custom_ids() if i.startswith(prefix) and i.endswith(suffix))


async def choose_goals_by_panel(table: Table, user: str, panel: FakeMessage) -> None:
    for field in range(3):  # offered goals 0, 1, 2 on B3, C4, D2
        r = await table.click(user, panel, ids(panel, "dly:g:", f":{field}"), [str(field)])
        assert not r.errors and r.response_type == 7  # the panel itself is updated
    confirm = ids(panel, "dly:gc:")
    assert confirm.endswith(":0:1:2")
    r = await table.click(user, panel, confirm)
    assert not r.errors, r.errors
    assert "Design goals set" in panel.content and ids(panel, "dly:p:")  # now a turn panel


async def play_turn_by_panel(table: Table, user: str, panel: FakeMessage, rng: random.Random):  # type: ignore[no-untyped-def]
    attempt = await attempt_of(table, user)
    assert attempt is not None
    move = rng.choice(legal_turns(attempt.state))
    await table.click(user, panel, ids(panel, "dly:p:", ":t"), [str(move.tile)])
    await table.click(user, panel, ids(panel, "dly:p:", ":s"), [move.space])
    if move.take is not None:
        await table.click(user, panel, ids(panel, "dly:p:", ":k"), [str(move.take)])
    confirm = ids(panel, "dly:go:")
    assert confirm == f"dly:go:{attempt.day}:{attempt.version}:{move.tile}:{move.space}:{move.take or 0}"
    r = await table.click(user, panel, confirm)
    assert not r.errors, r.errors
    return r


async def set_channel(table: Table, user: str):  # type: ignore[no-untyped-def]
    """``/daily-admin channel channel:#games`` (``Table.slash`` keeps ``channel`` for where it runs)."""
    return await table.driver.slash(table.users[user], table.channel, "daily-admin channel",
                                    {"channel": table.channel})


def hand_images_only_in_ephemeral_messages(table: Table) -> None:
    for message in table.fake.messages:
        if any(name.startswith(("daily-hand", "daily-final")) for name in message.filenames):
            assert message.ephemeral, message.filenames


async def test_daily_puzzle_played_to_the_end_by_panels(table: Table) -> None:
    day = today(table)
    r = await table.slash("ana", "daily play")
    assert r.is_ephemeral and not r.errors, r.errors
    panel = r.original
    assert panel is not None
    assert f"Calico Daily #{day}" in panel.content and "Design goals" in panel.content
    assert sorted(panel.filenames) == sorted([f"daily-hand-{day}.png", f"daily-market-{day}.png",
                                              f"daily-cats-{day}.png"])
    assert all(len(i) <= 100 for i in panel.custom_ids())
    await choose_goals_by_panel(table, "ana", panel)
    rng = random.Random(7)
    for placed in range(22):
        assert f"Patch {placed + 1}/22" in panel.content or (placed == 21 and "Last patch" in panel.content)
        r = await play_turn_by_panel(table, "ana", panel, rng)
    attempt = await attempt_of(table, "ana")
    assert attempt is not None and attempt.finished and attempt.summary is not None
    # The panel became the private result: breakdown, par (or "pending"), share text and the final quilt.
    assert panel.ephemeral and not panel.custom_ids()
    assert f"Puzzle #{day} is done: **{attempt.score}** points" in panel.content
    assert "Par" in panel.content
    assert share_text("en", day, attempt.summary) in panel.content
    # The final quilt, and the par's quilt too when the par is already computed.
    assert panel.filenames[0] == f"daily-final-{day}.png"
    assert set(panel.filenames) <= {f"daily-final-{day}.png", f"daily-par-{day}.png"}
    # ... and the channel learnt the score, nothing more.
    public = [m for m in r.followups if not m.ephemeral]
    assert [m.content for m in public] == [f"ana finished Calico Daily #{day}: **{attempt.score}** points."]
    assert not public[0].attachments and public[0].channel_id == table.channel.id
    hand_images_only_in_ephemeral_messages(table)

    # A second /daily play shows the result again and starts nothing.
    r = await table.slash("ana", "daily play")
    assert r.is_ephemeral and not r.errors
    assert f"Puzzle #{day} is done" in r.text and share_text("en", day, attempt.summary) in r.text
    after = await attempt_of(table, "ana")
    assert after is not None and after.version == attempt.version and after.started_at == attempt.started_at
    assert [m.content for m in table.public()] == [public[0].content]  # no second public line

    r = await table.slash("ana", "daily share")
    assert r.is_ephemeral and share_text("en", day, attempt.summary) in r.text
    r = await table.slash("ana", "daily stats")
    assert not r.is_ephemeral and not r.errors
    assert "Calico Daily: ana" in r.text and "Finished: 1" in r.text and f"#{day} {attempt.score}" in r.text
    hand_images_only_in_ephemeral_messages(table)

    # The review waits for the day to end (until then the record would give the bag order away).
    r = await table.slash("ana", "daily review", day=day)
    assert r.is_ephemeral and not r.files and "once that day is over" in r.text
    table.clock.now += 24 * 3600
    r = await table.slash("ana", "daily review", day=day)
    assert r.is_ephemeral and not r.errors, r.errors
    assert "turn" in r.text.lower() and r.files and all(len(m.content) <= 2000 for m in r.messages)


async def test_stale_and_old_panels_are_refused(table: Table) -> None:
    day = today(table)
    r = await table.slash("ana", "daily play")
    panel = r.original
    assert panel is not None
    seen_before = copy.deepcopy(panel)  # the panel as a second device still shows it
    await choose_goals_by_panel(table, "ana", panel)
    before = await attempt_of(table, "ana")
    assert before is not None and before.version == 1
    r = await table.click("ana", seen_before, ids(seen_before, "dly:gc:"))
    assert r.is_ephemeral and "older position" in r.text and not r.errors
    r = await table.click("ana", seen_before, ids(seen_before, "dly:g:", ":0"), ["1"])
    assert r.is_ephemeral and "older position" in r.text
    # A double-clicked confirm applies once.
    attempt = await attempt_of(table, "ana")
    assert attempt is not None
    move = legal_turns(attempt.state)[0]
    go = f"dly:go:{day}:{attempt.version}:{move.tile}:{move.space}:{move.take}"
    seen_by_client = copy.deepcopy(panel)  # both clicks leave the client before the bot edits the panel
    seen_by_client.components = [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Confirm",
                                                               "custom_id": go}]}]
    first = await table.click("ana", seen_by_client, go)
    second = await table.click("ana", seen_by_client, go)
    assert not first.errors and not second.errors and "older position" in second.text
    after = await attempt_of(table, "ana")
    assert after is not None and after.version == attempt.version + 1
    # An incomplete pick is answered, not played.
    incomplete = ids(panel, "dly:go:")
    assert incomplete == f"dly:go:{day}:{after.version}:0:-:0"
    r = await table.click("ana", panel, incomplete)
    assert r.is_ephemeral and "Pick a hand tile" in r.text
    # Yesterday's panel after midnight UTC.
    table.clock.now = day_start(day + 1) + 60
    r = await table.click("ana", panel, ids(panel, "dly:p:", ":t"), ["1"])
    assert r.is_ephemeral and f"Puzzle #{day} is over" in r.text
    r = await table.click("zhu", panel, ids(panel, "dly:go:"))
    assert r.is_ephemeral and f"谜题 #{day} 已经结束" in r.text
    assert (await table.bot.daily.attempt(day, uid(table, "ana"))).version == after.version  # type: ignore[union-attr]


async def test_refusals_are_translated(table: Table) -> None:
    day = today(table)
    r = await table.slash("ana", "daily share")
    assert r.is_ephemeral and f"You have not started today's puzzle #{day}" in r.text
    r = await table.slash("zhu", "daily share")
    assert r.is_ephemeral and "你还没有开始今天的谜题" in r.text
    r = await table.slash("ana", "daily leaderboard", day=day + 5)
    assert r.is_ephemeral and f"no daily puzzle #{day + 5}" in r.text
    r = await table.slash("zhu", "daily play")
    assert r.is_ephemeral and "设计目标" in r.text  # a Chinese panel
    assert "daily_" not in " ".join(m.content for m in table.fake.messages)  # no raw message keys


async def test_leaderboard_orders_two_players(table: Table) -> None:
    day = today(table)
    good = await play_through(table.bot.daily, uid(table, "bo"), "bo", table.guild.id, policy="greedy")
    bad = await play_through(table.bot.daily, uid(table, "cy"), "cy", table.guild.id, policy="random")
    assert good.score is not None and bad.score is not None and good.score > bad.score
    for options in ({}, {"scope": "global"}, {"scope": "server", "day": day}):
        r = await table.slash("ana", "daily leaderboard", **options)
        assert not r.is_ephemeral and not r.errors and r.embeds
        text = r.text
        assert f"Calico Daily #{day}" in text and "2 finished" in text
        assert text.index(f"1. bo: **{good.score}**") < text.index(f"2. cy: **{bad.score}**")
    r = await table.slash("ana", "daily stats", player=table.users["cy"])
    assert not r.is_ephemeral and "Finished: 1" in r.text and f"Best score: {bad.score}" in r.text


async def test_channel_needs_manage_server_and_posts_today_once(table: Table) -> None:
    day = today(table)
    r = await set_channel(table, "ana")
    assert r.is_ephemeral and "Manage Server" in r.text
    assert await table.bot.daily.channel(table.guild.id) is None
    r = await set_channel(table, "mod")
    assert r.is_ephemeral and not r.errors and f"<#{table.channel.id}>" in r.text
    assert await table.bot.daily.channel(table.guild.id) == table.channel.id
    posts = [m for m in table.fake.messages_in(table.channel.id) if f"Calico Daily #{day}**" in m.content]
    assert len(posts) == 1 and not posts[0].ephemeral
    assert sorted(posts[0].filenames) == [f"daily-setup-cats-{day}.png", f"daily-setup-market-{day}.png"]
    cog = table.bot.get_cog("DailyCog")
    run = await cog.run_announcements()  # type: ignore[union-attr]
    assert run.posted == [] and run.failed == []
    r = await table.slash("mod", "daily-admin stop")
    assert r.is_ephemeral and "no longer" in r.text
    assert await table.bot.daily.channel(table.guild.id) is None
    hand_images_only_in_ephemeral_messages(table)


async def test_announcement_missed_while_down_is_posted_once_after_restart(table: Table) -> None:
    day = today(table)
    await set_channel(table, "mod")
    await table.bot.close()  # the bot goes down over midnight UTC...
    table.clock.now = day_start(day + 1) + 5 * 60
    await table.restart()  # ...and the catch-up at start posts the new puzzle
    cog = table.bot.get_cog("DailyCog")
    assert cog is not None and cog._catch_up is not None  # type: ignore[attr-defined]
    await cog._catch_up  # type: ignore[attr-defined]
    texts = [m.content for m in table.fake.messages_in(table.channel.id)]
    assert sum(f"Calico Daily #{day + 1}**" in t for t in texts) == 1
    for _ in range(2):
        run = await cog.run_announcements()  # type: ignore[attr-defined]
        assert run.posted == [] and run.failed == []
    texts = [m.content for m in table.fake.messages_in(table.channel.id)]
    assert sum(f"Calico Daily #{day + 1}**" in t for t in texts) == 1
    assert sum(f"Calico Daily #{day}**" in t for t in texts) == 1
    new = next(m for m in table.fake.messages_in(table.channel.id) if f"Calico Daily #{day + 1}**" in m.content)
    assert f"Nobody here finished puzzle #{day}" in new.content and not new.ephemeral
    await table.bot.daily.wait_par()


async def test_scenario_day_shows_the_objectives_up_front_and_play_resumes(table: Table) -> None:
    day = today(table)
    scenario_day = next(d for d in range(day, day + 8) if is_scenario_day(d))
    table.clock.now = day_start(scenario_day) + 3600
    r = await table.slash("ana", "daily play")
    assert r.is_ephemeral and not r.errors
    assert f"Calico Daily #{scenario_day}" in r.text and "Scenario day: solo scenario" in r.text
    panel = r.original
    assert panel is not None
    await choose_goals_by_panel(table, "ana", panel)
    await play_turn_by_panel(table, "ana", panel, random.Random(1))
    r = await table.slash("ana", "daily play")  # from another device: the same attempt, resumed
    assert r.is_ephemeral and "Welcome back" in r.text and "1/22" in r.text and "Scenario day" in r.text
    assert "Patch 2/22" in r.text and r.original is not None and r.original is not panel
    await play_turn_by_panel(table, "ana", r.original, random.Random(2))
    r = await table.click("ana", panel, ids(panel, "dly:p:", ":t"), ["1"])  # the first device's panel is behind
    assert r.is_ephemeral and "older position" in r.text


async def test_announcements_use_the_servers_language(table: Table) -> None:
    day = today(table)
    table.guild.locale = "zh-CN"
    r = await set_channel(table, "mod")  # mod's own client is in English
    assert r.is_ephemeral and "Daily puzzles will be posted" in r.text
    posts = [m for m in table.fake.messages_in(table.channel.id) if not m.ephemeral]
    assert len(posts) == 1 and f"猫与花毯每日谜题 #{day}" in posts[0].content


async def test_result_shows_the_bots_par_and_its_quilt(table: Table) -> None:
    day = today(table)
    par = await table.bot.daily.ensure_par(day)
    await play_through(table.bot.daily, uid(table, "bo"), "bo", table.guild.id, policy="greedy")
    r = await table.slash("bo", "daily play")  # after finishing: the result again
    assert r.is_ephemeral and not r.errors
    assert str(par.score) in r.text
    names = [f.filename for f in r.files]
    assert f"daily-final-{day}.png" in names and f"daily-par-{day}.png" in names
    assert all(f.data.startswith(b"\x89PNG") for f in r.files)
