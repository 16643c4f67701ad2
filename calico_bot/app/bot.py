"""The Discord bot: wiring of storage, services and cogs, and the one polite error path."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..services.calico_games import CalicoGames, GameError
from ..services.daily import DailyPuzzles
from ..services.i18n import lang_of, tr
from ..services.refusals import refusal_text
from ..storage.daily_store import DailyStore
from ..storage.sqlite import SqliteStorage
from .config import Config
from .translator import CatalogTranslator

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.calico", "cogs.rules", "cogs.admin", "cogs.daily")


class CalicoBot(commands.Bot):
    storage: SqliteStorage
    games: CalicoGames
    daily: DailyPuzzles

    def __init__(self, config: Config, *, clock: Any = None, extensions: tuple[str, ...] = EXTENSIONS) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),  # no privileged intents: slash commands need none
            owner_ids=config.owner_ids or None,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        self.config = config
        self.clock = clock
        self.extension_names = extensions
        # Rendering shares cached images, so it runs on one worker thread off the event loop.
        self.render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")

    async def setup_hook(self) -> None:
        self.storage = await SqliteStorage.open(self.config.database)
        kwargs = {"clock": self.clock} if self.clock else {}
        self.games = CalicoGames(self.storage, ai_budget_ms=self.config.ai_budget_ms, **kwargs)
        self.daily = DailyPuzzles(self.storage, DailyStore.of(self.storage), par_budget_ms=self.config.ai_budget_ms,
                                  **kwargs)
        await self.tree.set_translator(CatalogTranslator())
        self.tree.on_error = self.on_app_command_error
        for name in self.extension_names:
            await self.load_extension(name)
        if self.config.sync_commands:
            await self.sync_commands()

    async def sync_commands(self) -> int:
        guild = discord.Object(self.config.sync_guild) if self.config.sync_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands%s", len(synced), f" to guild {guild.id}" if guild else "")
        return len(synced)

    async def render(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.render_pool, lambda: fn(*args, **kwargs))

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if hasattr(self, "daily"):
                await self.daily.aclose()  # a par computation still running is cancelled
            if hasattr(self, "storage"):
                await self.storage.close()
            self.render_pool.shutdown(wait=False)

    async def on_app_command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Every refusal and failure ends here and is answered politely, ephemerally."""
        lang = lang_of(interaction.locale)
        original = getattr(error, "original", error)
        if isinstance(original, GameError):
            text = refusal_text(lang, original)
        elif isinstance(error, app_commands.CommandOnCooldown):
            text = tr(lang, "error.cooldown", seconds=error.retry_after)
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = tr(lang, "error.guild_only")
        elif isinstance(error, app_commands.CheckFailure):
            text = tr(lang, "error.no_permission")
        else:
            log.error("command failed", exc_info=original)
            text = tr(lang, "error.generic")
        await reply_ephemeral(interaction, text)


async def reply_refusal(interaction: discord.Interaction, error: GameError) -> None:
    """A service refusal as an ephemeral reply in the user's language (for component callbacks,
    which the command tree's error handler does not see)."""
    await reply_ephemeral(interaction, refusal_text(lang_of(interaction.locale), error))


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message", exc_info=True)
