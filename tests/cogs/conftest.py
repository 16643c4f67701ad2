"""A bot logged in to the local Discord stand-in, with a controllable clock and its own database."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from calico_bot.core.registry import Registry
from devtable.fake_discord import FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from devtable.interactions import Driver, InteractionResult, login

MANAGE_GUILD = 1 << 5


class Clock:
    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    fake: FakeDiscord
    bot: CalicoBot
    driver: Driver
    clock: Clock
    db: Path
    guild: FakeGuild
    channel: FakeChannel
    users: dict[str, FakeUser] = field(default_factory=dict)
    database_url: str | None = None  # PostgreSQL instead of the SQLite file ``db``
    registry: Registry | None = None  # the game plug-ins (None: those the bot discovers)

    async def slash(self, user: str, command: str, channel: FakeChannel | None = None, **options: object
                    ) -> InteractionResult:
        return await self.driver.slash(self.users[user], channel or self.channel, command, options)

    async def click(self, user: str, message: FakeMessage, custom_id: str, values: list[str] | None = None
                    ) -> InteractionResult:
        return await self.driver.click(self.users[user], message, custom_id, values=values)

    def thread(self) -> FakeChannel:
        return [c for c in self.fake.channels.values() if c.type != 0][-1]

    def public(self) -> list[FakeMessage]:
        return [m for m in self.fake.messages if not m.ephemeral]

    @property
    def cog(self):  # type: ignore[no-untyped-def]
        return self.bot.get_cog("CalicoCog")

    @property
    def timers(self):  # type: ignore[no-untyped-def]
        """The clock cog every game shares (due timers, pending announcements)."""
        return self.bot.get_cog("TableCog")

    async def restart(self) -> None:
        """Close the bot and start a new one on the same database (as after a crash or deploy)."""
        await self.bot.close()
        self.bot = CalicoBot(Config(database=self.db, ai_budget_ms=50, database_url=self.database_url),
                             clock=self.clock, registry=self.registry)
        await login(self.bot, self.fake)
        self.driver = Driver(self.bot, self.fake, timeout=30.0)


@contextlib.asynccontextmanager
async def open_table(tmp_path: Path, database_url: str | None = None, registry: Registry | None = None,
                     **settings: Any) -> AsyncIterator[Table]:
    """The bot logged in to a fresh stand-in with a server, a channel and five members; on SQLite in
    ``tmp_path``, or on the PostgreSQL database ``database_url``; ``settings`` are further ``Config`` fields."""
    fake = FakeDiscord()
    await fake.start()
    guild = fake.add_guild(FakeGuild(id=9_000_000_000_000_001))
    channel = fake.add_channel(FakeChannel(id=9_000_000_000_000_002, guild_id=guild.id, name="games"))
    users = {name: fake.add_user(FakeUser(id=9_000_000_000_000_100 + i, name=name,
                                          locale="zh-CN" if name == "zhu" else "en-US",
                                          permissions=MANAGE_GUILD if name == "mod" else 0))
             for i, name in enumerate(["ana", "bo", "cy", "mod", "zhu"])}
    clock = Clock()
    db = tmp_path / "bot.sqlite3"
    bot = CalicoBot(Config(database=db, ai_budget_ms=50, database_url=database_url, **settings), clock=clock,
                    registry=registry)
    await login(bot, fake)
    t = Table(fake, bot, Driver(bot, fake, timeout=30.0), clock, db, guild, channel, users, database_url=database_url,
              registry=registry)
    try:
        yield t
    finally:
        await t.bot.close()
        await fake.stop()


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(tmp_path) as t:
        yield t
