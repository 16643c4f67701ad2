"""The tiny sealed-bid game (it lives only in the tests) played through the whole bot against the
Discord stand-in, on the shared table kit alone: lobby, sealed prompts, per-seat deadlines and
auto-play, undo only with consent after a reveal, export and replay."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.core.registry import Registry
from tests.calico_bot.core.sealed_bid import PLUGIN

from .conftest import Table, open_table


@pytest.fixture
async def bid_table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(tmp_path, registry=Registry([PLUGIN])) as t:
        yield t


def ids(result, prefix: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [c for m in result.messages for c in m.custom_ids() if c.startswith(prefix)]


async def lobby(t: Table, *, deadline: float = 24.0) -> tuple[int, object]:
    made = await t.slash("ana", "bid new", seats=2, deadline_hours=deadline)
    assert not made.errors, made.errors
    game = (await t.bot.tables["bid"].games_here(t.channel.id))[-1].id
    message = made.original
    joined = await t.click("bo", message, f"bid:lobby:join:{game}")
    assert not joined.errors and "bo" in joined.text
    started = await t.click("ana", message, f"bid:lobby:start:{game}")
    assert not started.errors, started.errors
    return game, message


async def pick(t: Table, user: str, game: int, index: int = 0):  # type: ignore[no-untyped-def]
    """Open the private panel with /bid play and pick the ``index``-th card."""
    panel = await t.slash(user, "bid play", game=game)
    assert not panel.errors and panel.ephemeral, panel.errors
    (select,) = ids(panel, "bid:step:")
    return await t.click(user, panel.original, select, values=[f"o{index}"])


async def test_a_whole_game_through_slash_commands_and_panel_picks(bid_table: Table) -> None:
    t = bid_table
    game, _ = await lobby(t)
    thread_posts = lambda: [m.content for m in t.fake.messages_in(t.thread().id)]  # noqa: E731
    assert any("begins" in p for p in thread_posts())
    hands = [list(h) for h in (await t.bot.tables["bid"].load(game)).state["hands"]]
    first = await pick(t, "ana", game)
    assert not first.errors and "Done" in first.text
    assert thread_posts()[-1] == "ana has chosen (1 of 2)."  # and nothing of the sealed card
    second = await pick(t, "bo", game)
    assert not second.errors
    assert f"bids {[hands[0][0], hands[1][0]]}" in "\n".join(thread_posts())  # revealed once both are in
    for _ in range(2):
        await pick(t, "ana", game)
        await pick(t, "bo", game)
    posts = "\n".join(thread_posts())
    assert "is over" in posts
    state = (await t.bot.tables["bid"].load(game)).state
    exported = await t.slash("bo", "bid export", game=game)
    record = json.loads(exported.files[0].data)
    assert PLUGIN.replay(record) == state  # the record replays to the same end
    again = await t.slash("ana", "bid play", game=game)
    assert "finished" in again.text and again.ephemeral


async def test_a_stale_panel_is_refused_politely_and_changes_nothing(bid_table: Table) -> None:
    t = bid_table
    game, _ = await lobby(t)
    first = await t.slash("ana", "bid play", game=game)
    second = await t.slash("ana", "bid play", game=game)  # the same panel open twice (two devices)
    (select,) = ids(first, "bid:step:")
    await t.click("ana", first.original, select, values=["o0"])
    before = await t.bot.storage.get_game(game)
    repeat = await t.click("ana", second.original, ids(second, "bid:step:")[0], values=["o1"])
    assert repeat.ephemeral and "Nothing was changed" in repeat.text and not repeat.errors
    after = await t.bot.storage.get_game(game)
    assert after.version == before.version and after.state == before.state  # type: ignore[union-attr]


async def test_a_missed_deadline_is_played_for_that_seat_only(bid_table: Table) -> None:
    t = bid_table
    game, _ = await lobby(t, deadline=1.0)
    await pick(t, "ana", game)
    t.clock.now += 3600 + 5
    events = await t.timers.run_due_timers()
    assert [e.kind for e in events] == ["deadline"]
    posts = "\n".join(m.content for m in t.fake.messages_in(t.thread().id))
    assert "deadline passed" in posts
    game_now = await t.bot.tables["bid"].load(game)
    assert game_now.state["round"] == 1
    assert await t.timers.run_due_timers() == []


async def test_undo_after_a_reveal_asks_the_other_player(bid_table: Table) -> None:
    t = bid_table
    game, _ = await lobby(t)
    await pick(t, "ana", game)
    await pick(t, "bo", game)  # reveals both bids
    asked = await t.slash("bo", "bid undo", game=game)
    assert "sent" in asked.text
    request = [m for m in t.fake.messages_in(t.thread().id) if "asks to take back" in m.content][-1]
    yes = next(c for c in request.custom_ids() if c.startswith(f"bid:undo:yes:{game}:"))
    own = await t.click("bo", request, yes)
    assert "your own request" in own.text
    agreed = await t.click("ana", request, yes)
    assert not agreed.errors
    state = (await t.bot.tables["bid"].load(game)).state
    assert state["round"] == 0 and state["bids"][1] is None and state["bids"][0] is not None


async def test_another_servers_member_cannot_reach_the_game(bid_table: Table) -> None:
    from devtable.fake_discord import FakeChannel, FakeGuild

    t = bid_table
    game, _ = await lobby(t)
    other = t.fake.add_guild(FakeGuild(id=9_000_000_000_000_900))
    elsewhere = t.fake.add_channel(FakeChannel(id=9_000_000_000_000_901, guild_id=other.id, name="x"))
    result = await t.slash("cy", "bid status", channel=elsewhere, game=game)
    assert f"no Sealed bid game #{game} here" in result.text and result.ephemeral


async def test_every_table_command_text_has_chinese_words(bid_table: Table) -> None:
    import discord
    from discord import app_commands

    translator = bid_table.bot.tree.translator
    assert translator is not None
    group = bid_table.bot.tree.get_command("bid")
    assert isinstance(group, app_commands.Group)
    texts = [group._locale_description]
    for command in group.walk_commands():
        texts.append(command._locale_description)
        for param in command._params.values():
            texts.append(param.description)
    for text in texts:
        assert isinstance(text, app_commands.locale_str), text
        zh = await translator.translate(text, discord.Locale.chinese, None)  # type: ignore[arg-type]
        assert zh and zh != text.message, text.message


async def test_the_lobby_post_title_follows_the_game(bid_table: Table) -> None:
    t = bid_table
    made = await t.slash("ana", "bid new", seats=2)
    lobby_post = made.original
    assert lobby_post.embeds[0]["title"].endswith(": lobby")
    game, _ = await lobby(t)
    posts = [m for m in t.fake.messages if m.embeds and not m.ephemeral]
    assert posts[-1].embeds[0]["title"].endswith(f"#{game}: playing")
    for _ in range(3):
        await pick(t, "ana", game)
        await pick(t, "bo", game)
    assert posts[-1].embeds[0]["title"].endswith(f"#{game}: over")  # the same post, edited
