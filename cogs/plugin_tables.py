"""A table cog for every game plug-in the bot found (``calico_bot.core.registry``): its own cog when
the plug-in names one (``own_cog``), else the shared table kit. One broken game is logged and
skipped; the others still load."""

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
        if not isinstance(service, PluginGames):
            continue
        try:
            cog_class = PluginCog
            if service.plugin.own_cog:
                cog_class = importlib.import_module(service.plugin.own_cog).COG
            await bot.add_cog(cog_class(bot, service), override=True)
        except Exception:
            log.exception("the table of game %r could not be loaded; skipped", kind)
