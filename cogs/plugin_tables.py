"""A table cog for every game plug-in the bot found (``calico_bot.core.registry``): its own cog when
the plug-in names one (``own_cog``), else the shared table kit. A cog module with a ``COG`` class gets
the game's service; one without is loaded as an extension (Calico's, with its own service). One broken game is logged
and skipped; the others still load."""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING

from calico_bot.app.table_kit import PluginCog
from calico_bot.services.plugin_games import PluginGames

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

log = logging.getLogger(__name__)


async def setup(bot: CalicoBot) -> None:
    for kind, service in sorted(bot.tables.items()):
        try:
            plugin = service.plugin if isinstance(service, PluginGames) else bot.registry.get(kind)
            cog_class = PluginCog
            if plugin.own_cog:
                module = importlib.import_module(plugin.own_cog)
                if not hasattr(module, "COG"):  # a cog module of its own making: an extension
                    await bot.load_extension(plugin.own_cog)
                    continue
                cog_class = module.COG
            if not isinstance(service, PluginGames):
                continue  # a game with a service of its own names its cog module
            await bot.add_cog(cog_class(bot, service), override=True)
        except Exception:
            log.exception("the table of game %r could not be loaded; skipped", kind)
