"""Owner-only maintenance: syncing the slash commands on demand (never on every start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from calico_bot.app.bot import OwnerOnly
from calico_bot.services.i18n import lang_of, tr

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot


async def is_bot_owner(interaction: discord.Interaction) -> bool:
    if await interaction.client.is_owner(interaction.user):  # type: ignore[attr-defined]
        return True
    raise OwnerOnly()


class AdminCog(commands.Cog):
    # Hidden from members who are not administrators (Discord honours this on top-level commands);
    # the owner check below is what actually guards it.
    admin = app_commands.Group(name="calico-admin", description="Bot maintenance (bot owners only)",
                               default_permissions=discord.Permissions(administrator=True))

    def __init__(self, bot: CalicoBot) -> None:
        self.bot = bot

    @admin.command(name="sync", description="Sync the slash commands with Discord")
    @app_commands.check(is_bot_owner)
    async def sync(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        count = await self.bot.sync_commands()
        await interaction.followup.send(tr(lang_of(interaction.locale), "sync.done", n=count), ephemeral=True)


    @admin.command(name="health", description="Uptime, games, timers, turn latency, database size")
    @app_commands.check(is_bot_owner)
    async def health(self, interaction: discord.Interaction) -> None:
        figures = await self.bot.health()
        games = ", ".join(f"{status} {n}" for status, n in sorted(figures["games"].items())) or "none"
        turns = figures["turn_latency_ms"]
        latency = (f"{turns['count']} turns, p50 {turns['p50']:.0f} ms, p95 {turns['p95']:.0f} ms"
                   if turns["count"] else "no turns")
        lines = [
            f"Uptime: {figures['uptime_seconds'] // 3600} h {figures['uptime_seconds'] % 3600 // 60} min",
            f"Games: {games}",
            f"Timers: {figures['timers_pending']} pending, {figures['timers_overdue']} overdue",
            f"Announcements waiting: {figures['outbox_pending']}",
            f"Last hour: {latency}",
            f"Database: {figures['database_bytes'] / 1e6:.1f} MB",
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def setup(bot: CalicoBot) -> None:
    await bot.add_cog(AdminCog(bot))
