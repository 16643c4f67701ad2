"""A table cog for every game plug-in the bot found (``calico_bot.core.registry``): its own cog when
the plug-in names one (``own_cog``), else the shared table kit. A game with a service of its own
(``GamePlugin.make_service``) names its cog module, loaded as an extension. One broken game is logged
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
    plugins = {plugin.key: plugin for plugin in bot.registry}
    for kind, service in sorted(bot.tables.items()):
        try:
            if not isinstance(service, PluginGames):
                if plugins[kind].own_cog:
                    await bot.load_extension(plugins[kind].own_cog)
                continue
            cog_class = PluginCog
            if service.plugin.own_cog:
                cog_class = importlib.import_module(service.plugin.own_cog).COG
            await bot.add_cog(cog_class(bot, service), override=True)
        except Exception:
            log.exception("the table of game %r could not be loaded; skipped", kind)
