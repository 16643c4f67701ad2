"""The stand-in's ``persist=`` file: channels, threads and messages (with edits, components and
deletions) come back on the next start, as they would on Discord after the bot's process restarts."""

from __future__ import annotations

from pathlib import Path

import discord
from discord.ext import commands

from devtable.fake_discord import PUBLIC_THREAD, FakeChannel, FakeDiscord, FakeGuild
from devtable.interactions import login

GUILD = 5_000_000_000_000_001
CHANNEL = 5_000_000_000_000_002
BOT = 5_000_000_000_000_900


def client() -> commands.Bot:
    return commands.Bot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())


def view() -> discord.ui.View:
    buttons = discord.ui.View(timeout=None)
    buttons.add_item(discord.ui.Button(label="Join", custom_id="demo:join"))
    return buttons


async def test_channels_threads_edits_and_deletions_come_back(tmp_path: Path) -> None:
    state = tmp_path / "discord.jsonl"
    async with FakeDiscord(persist=state, application_id=BOT, bot_user_id=BOT) as first:
        first.add_guild(FakeGuild(id=GUILD))
        first.add_channel(FakeChannel(id=CHANNEL, guild_id=GUILD, name="calico"))
        bot = client()
        await login(bot, first)
        target = bot.get_partial_messageable(CHANNEL)
        lobby = await target.send("open", view=view())
        await lobby.edit(content="open: 2 players")
        thread = await first_thread(bot, lobby.id)
        await bot.get_partial_messageable(thread).send("your turn")
        gone = await target.send("temporary")
        await gone.delete()
        await bot.close()
        ids = [m.id for m in first.messages]

    async with FakeDiscord(persist=state, application_id=BOT, bot_user_id=BOT) as second:
        assert second.channels[CHANNEL].name == "calico"
        kept_thread = second.channels[lobby.id]
        assert kept_thread.type == PUBLIC_THREAD and kept_thread.parent_id == CHANNEL
        kept = second.get_message(lobby.id)
        assert kept is not None and kept.content == "open: 2 players" and kept.thread_id == lobby.id
        assert kept.custom_ids() == ["demo:join"] and [v["content"] for v in kept.versions][:1] == ["open"]
        assert [m.content for m in second.messages_in(lobby.id)] == ["your turn"]
        assert [m.content for m in second.messages_in(CHANNEL)] == ["open: 2 players"]  # the deleted one stays gone
        bot = client()
        await login(bot, second)
        edited = await bot.get_partial_messageable(CHANNEL).get_partial_message(lobby.id).edit(content="started")
        newer = await bot.get_partial_messageable(CHANNEL).send("after the restart")
        await bot.close()
        assert edited.content == "started" and newer.id > max(ids)
        assert len([line for line in state.read_text().splitlines() if '"channel"' in line]) >= 2


async def first_thread(bot: commands.Bot, message_id: int) -> int:
    thread = await bot.http.start_thread_with_message(CHANNEL, message_id, name="Calico #1",
                                                      auto_archive_duration=1440)
    return int(thread["id"])


async def test_without_persist_nothing_is_written(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        fake.add_channel(FakeChannel(id=CHANNEL, guild_id=GUILD))
        bot = client()
        await login(bot, fake)
        message = await bot.get_partial_messageable(CHANNEL).send("kept", nonce="n1")
        await message.edit(content="edited")
        await bot.close()
    assert list(tmp_path.iterdir()) == []
