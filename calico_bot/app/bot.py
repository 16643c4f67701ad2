"""The Discord bot: wiring of storage, services and cogs, and the one polite error path."""

from __future__ import annotations

import asyncio
import importlib
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..core.registry import Registry, discover
from ..services.clock import Clock
from ..services.daily import DailyPuzzles
from ..services.i18n import lang_of, tr
from ..services.plugin_games import PluginGames
from ..services.refusals import refusal_text
from ..services.tables import GameError, GameLocks, TableService
from ..storage import SqlStorage, open_storage
from ..storage.daily_store import DailyStore
from .announcer import Announcer
from .config import Config
from .guard import GuardedTree
from .metrics import TurnClock, serve_metrics
from .translator import CatalogTranslator

log = logging.getLogger(__name__)

# Each game's cog is loaded by cogs.plugin_tables, from the registry.
EXTENSIONS = ("cogs.table", "cogs.plugin_tables", "cogs.rules", "cogs.admin", "cogs.daily")


class CalicoBot(commands.AutoShardedBot):
    storage: SqlStorage
    daily: DailyPuzzles

    def __init__(self, config: Config, *, clock: Any = None, extensions: tuple[str, ...] = EXTENSIONS,
                 registry: Registry | None = None) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),  # no privileged intents: slash commands need none
            owner_ids=config.owner_ids or None,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            tree_cls=GuardedTree,
            # Past 2,500 servers Discord requires shards; several processes each take some of them
            # (SHARD_COUNT and SHARD_IDS; unset: one process, Discord's recommended count).
            shard_count=config.shard_count,
            shard_ids=config.shard_ids,
        )
        self.config = config
        self.clock = clock
        self.extension_names = extensions
        self._shutdown: asyncio.Future[None] | None = None
        self.turns = TurnClock()  # turn latency over the last hour, for /calico-admin health and metrics
        self.started_at = time.monotonic()
        self._health_cache: dict[str, Any] = {}
        self._health_task: asyncio.Task[None] | None = None
        # Rendering shares cached images, so it runs on one worker thread off the event loop.
        self.render_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="render")
        self.registry = registry if registry is not None else discover()
        self.tables: dict[str, TableService] = {}  # the service of every game kind, by kind
        self.announcers: dict[str, Announcer] = {}  # the cog that posts each kind's announcements
        self.plugin_cogs: dict[str, Any] = {}  # the table cog of each plug-in game, by kind
        self.daily_fronts: dict[str, Any] = {}  # the daily panel of a game with a daily puzzle, by kind
        self.clock_wake = asyncio.Event()

    async def setup_hook(self) -> None:
        self.storage = await open_storage(self.config.storage_url)
        kwargs = {"clock": self.clock} if self.clock else {}
        self.locks = locks = GameLocks()  # one lock per game, whichever service runs it
        instance_id = secrets.token_hex(6)  # this process, for the timers it claims
        self.tables = {}
        for plugin in self.registry:
            settings = {"locks": locks, "instance_id": instance_id,
                        "max_open_lobbies": self.config.max_open_lobbies, **kwargs}
            if plugin.service_class:  # a service of the game's own, on the shared one
                module, _, name = plugin.service_class.partition(":")
                service_class = getattr(importlib.import_module(module), name)
                self.tables[plugin.key] = service_class(self.storage, ai_budget_ms=self.config.ai_budget_ms, **settings)
            else:
                self.tables[plugin.key] = PluginGames(self.storage, plugin, **settings)
        commands_by_kind = {plugin.key: plugin.command or plugin.key for plugin in self.registry}
        for service in self.tables.values():
            service.commands = commands_by_kind  # a refusal may name another game's lobby
        self.clock_service = Clock(self.storage, self.tables, instance_id=instance_id,
                                   clock=self.now)
        self.daily = DailyPuzzles(self.storage, DailyStore.of(self.storage), par_budget_ms=self.config.ai_budget_ms,
                                  **kwargs)
        await self.tree.set_translator(CatalogTranslator())
        self.tree.on_error = self.on_app_command_error
        for name in self.extension_names:
            await self.load_extension(name)
        if self.config.sync_commands:
            await self.sync_commands()
        if self.config.metrics_port and serve_metrics(self.config.metrics_port, lambda: self._health_cache):
            self._health_task = asyncio.create_task(self._refresh_health(), name="calico-health")

    async def health(self) -> dict[str, Any]:
        """Uptime, games by status, timers pending and overdue, announcements waiting, the database
        size and the last hour's turn latency."""
        figures = await self.storage.health(self.now())
        figures["uptime_seconds"] = round(time.monotonic() - self.started_at)
        figures["turn_latency_ms"] = self.turns.percentiles()
        return figures

    async def _refresh_health(self) -> None:
        while True:  # the metrics endpoint reads the last figures (it runs on its own thread)
            try:
                self._health_cache = await self.health()
            except Exception:
                log.warning("health figures not refreshed", exc_info=True)
            await asyncio.sleep(15)

    async def sync_commands(self) -> int:
        guild = discord.Object(self.config.sync_guild) if self.config.sync_guild else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands%s", len(synced), f" to guild {guild.id}" if guild else "")
        return len(synced)

    def wake_clock(self) -> None:
        """Let the clock look again now (a new timer, a failed post to retry)."""
        self.clock_wake.set()

    def now(self) -> float:
        return float(self.clock()) if self.clock else time.time()

    async def render(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.render_pool, lambda: fn(*args, **kwargs))

    async def close(self) -> None:
        """Shut down gracefully: stop taking interactions and timers, let the units of work in flight
        finish (their moves are saved and announced), then close the database. Safe to call twice
        (a SIGTERM and the end of ``async with bot``): the second call waits for the first."""
        if self._shutdown is None:
            self._shutdown = asyncio.ensure_future(self._close_once())
        await asyncio.shield(self._shutdown)

    async def _close_once(self) -> None:
        if self._health_task is not None:
            self._health_task.cancel()
        try:
            await super().close()  # the gateway and the cogs (the timer loop stops with its cog)
            if hasattr(self, "locks") and not await self.locks.drain():
                log.warning("shutting down with a unit of work still running; it is rolled back")
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
        if committed(interaction):
            # The unit of work is saved: never tell the user that nothing changed.
            if isinstance(original, discord.HTTPException):
                log.warning("could not finish answering after a saved action: %s", original)
            else:
                log.error("command failed after its action was saved", exc_info=original)
            text = tr(lang, "error.after_commit")
        elif isinstance(original, GameError):
            text = refusal_text(lang, original)
        elif isinstance(error, app_commands.CommandOnCooldown):
            text = tr(lang, "error.cooldown", seconds=error.retry_after)
        elif isinstance(error, OwnerOnly):
            text = tr(lang, "error.owner_only")
        elif isinstance(error, app_commands.NoPrivateMessage):
            text = tr(lang, "error.guild_only")
        elif isinstance(error, app_commands.CheckFailure):
            text = tr(lang, "error.no_permission")
        else:
            log.error("command failed", exc_info=original)
            text = tr(lang, "error.generic")
        await reply_ephemeral(interaction, text)


class OwnerOnly(app_commands.CheckFailure):
    """A command for the bot's owners (OWNER_IDS or the application's owner) only."""


def stop_on_sigterm(bot: CalicoBot) -> None:
    """SIGTERM (a deploy, systemd, docker stop) closes the bot gracefully instead of killing it."""
    import signal

    loop = asyncio.get_running_loop()
    try:
        loop.add_signal_handler(signal.SIGTERM, lambda: asyncio.ensure_future(bot.close()))
    except (NotImplementedError, RuntimeError):  # not on this platform or not the main thread
        log.info("SIGTERM handler not installed")


COMMITTED = "calico_committed"


def mark_committed(interaction: discord.Interaction) -> None:
    """Note that this interaction's unit of work is saved: later failures only concern the reply."""
    interaction.extras[COMMITTED] = True


def committed(interaction: discord.Interaction) -> bool:
    return bool(interaction.extras.get(COMMITTED))


async def reply_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """The polite private answer to an unexpected failure of a component callback."""
    lang = lang_of(interaction.locale)
    if committed(interaction):
        log.warning("a component callback failed after its action was saved: %r", error)
        await reply_ephemeral(interaction, tr(lang, "error.after_commit"))
        return
    log.error("component callback failed", exc_info=error)
    await reply_ephemeral(interaction, tr(lang, "error.generic"))


async def reply_refusal(interaction: discord.Interaction, error: GameError) -> None:
    """A service refusal as an ephemeral reply in the user's language (for component callbacks,
    which the command tree's error handler does not see)."""
    await reply_ephemeral(interaction, refusal_text(lang_of(interaction.locale), error))


async def reply_ephemeral(interaction: discord.Interaction, text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text[:2000], ephemeral=True)
        else:
            await interaction.response.send_message(text[:2000], ephemeral=True)
    except discord.HTTPException as exc:
        if already_acknowledged(exc):
            try:
                await interaction.followup.send(text[:2000], ephemeral=True)
                return
            except discord.HTTPException:
                pass
        log.warning("could not deliver an error message: %s", exc)


def already_acknowledged(exc: BaseException) -> bool:
    """Discord's 40060: the callback was handled already (e.g. it answered 500 but took it)."""
    return isinstance(exc, discord.HTTPException) and exc.code == 40060


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False, thinking: bool = False) -> None:
    """Acknowledge an interaction; if Discord says it already has (a retried request whose first try
    it took), carry on as deferred: the answer then goes out as a follow-up."""
    try:
        await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
    except discord.HTTPException as exc:
        if not already_acknowledged(exc):
            raise
        _mark_responded(interaction)


async def respond(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """Send the reply: the first response, or a follow-up once the interaction is acknowledged."""
    if content is not None:
        content = content[:2000]
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
        return
    try:
        await interaction.response.send_message(content, **kwargs)
    except discord.HTTPException as exc:
        if not already_acknowledged(exc):
            raise
        _mark_responded(interaction)
        await interaction.followup.send(content, **kwargs)


def _mark_responded(interaction: discord.Interaction) -> None:
    # discord.py keeps the answered state privately; after a 40060 it must count as answered.
    interaction.response._response_type = discord.InteractionResponseType.deferred_channel_message
