"""Which game a rules question is asked beside (``services.rules_context.game_here``)."""

from __future__ import annotations

from pathlib import Path

from calico_bot.services.rules_context import game_here
from calico_bot.storage import open_storage

GUILD, OTHER_GUILD = 111, 222
CHANNEL, THREAD, OTHER_THREAD = 10, 11, 12


async def test_the_thread_game_then_the_one_kind_open_in_the_channel(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "bot.db")
    try:
        assert await game_here(storage, guild_id=GUILD, channel_id=CHANNEL) is None
        citb = await storage.create_game(kind="citb", guild_id=GUILD, channel_id=CHANNEL, host_id=1, options={},
                                         now=1.0)
        await storage.update_game(citb.id, now=2.0, thread_id=THREAD, status="active")
        assert await game_here(storage, guild_id=GUILD, channel_id=THREAD) == "citb"
        assert await game_here(storage, guild_id=GUILD, channel_id=CHANNEL) == "citb"  # the one kind open here
        calico = await storage.create_game(kind="calico", guild_id=GUILD, channel_id=CHANNEL, host_id=1, options={},
                                           now=3.0)
        assert await game_here(storage, guild_id=GUILD, channel_id=CHANNEL) is None  # two kinds: no hint
        assert await game_here(storage, guild_id=GUILD, channel_id=THREAD) == "citb"  # the thread still knows
        await storage.update_game(calico.id, now=4.0, thread_id=OTHER_THREAD, status="over")
        assert await game_here(storage, guild_id=GUILD, channel_id=OTHER_THREAD) == "calico"  # a finished game too
        assert await game_here(storage, guild_id=GUILD, channel_id=CHANNEL) == "citb"  # only open games count here
    finally:
        await storage.close()


async def test_another_servers_game_and_unknown_kinds_give_no_hint(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "bot.db")
    try:
        game = await storage.create_game(kind="ioc", guild_id=OTHER_GUILD, channel_id=CHANNEL, host_id=1, options={},
                                         now=1.0)
        await storage.update_game(game.id, now=2.0, thread_id=THREAD)
        assert await game_here(storage, guild_id=OTHER_GUILD, channel_id=THREAD) == "ioc"
        assert await game_here(storage, guild_id=GUILD, channel_id=THREAD) is None
        assert await game_here(storage, guild_id=None, channel_id=THREAD) is None  # a DM is no server's thread
        bid = await storage.create_game(kind="bid", guild_id=GUILD, channel_id=CHANNEL + 5, host_id=1, options={},
                                        now=3.0)
        await storage.update_game(bid.id, now=4.0, thread_id=THREAD + 5)
        assert await game_here(storage, guild_id=GUILD, channel_id=THREAD + 5) is None  # no rules for that game
    finally:
        await storage.close()
