"""``/catbox`` (盒中猫): Cat in the Box by post. The shared table kit does the lobby, panels, clock
and announcements; this cog adds the game's pictures (the research board after every card, the
round's score sheet, the final sheet, the private hand) and ``/catbox hand``. Every picture is drawn
from a view: public ones from the spectator's, the hand from its seat's."""

import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

import render.cat_in_the_box as citb_render
from calico_bot.app.kit import person_of, png_file
from calico_bot.app.table_kit import PluginCog
from calico_bot.services.i18n import lang_of
from calico_bot.services.plugin_games import PluginTable, TableUpdate
from calico_bot.services.tables import GameError

log = logging.getLogger(__name__)


class CatInTheBoxCog(PluginCog):
    def __init__(self, bot: Any, service: Any) -> None:
        super().__init__(bot, service)
        cog = self

        async def hand(interaction: discord.Interaction, game: int | None = None) -> None:
            await cog.guarded(interaction, cog.hand(interaction, game))

        hand.__annotations__ = {"interaction": discord.Interaction,
                                "game": app_commands.Range[int, 1, 2**63 - 1] | None, "return": None}
        made = app_commands.Command(name=_("hand"), description=self.desc("citb.desc.hand"), callback=hand)
        made._params["game"].description = self.desc("table.desc.game")
        made.autocomplete("game")(self.game_autocomplete)
        self.group.add_command(made)

    async def cog_load(self) -> None:
        await super().cog_load()
        self._warm = self.bot.loop.create_task(self.bot.render(citb_render.warm_up), name="citb-render-warm-up")

    async def png(self, fn: Any, *args: Any, **kwargs: Any) -> bytes:
        image = await self.bot.render(fn, *args, **kwargs)
        return await self.bot.render(citb_render.to_png_bytes, image)

    async def announcement(self, game: PluginTable, update: TableUpdate, text: str,
                           spectator: dict[str, Any]) -> dict[str, Any]:
        if not spectator or not any(not d.sealed or d.resolved for d in update.done):
            return {"content": text}  # a lone secret choice: nothing new on the board
        files = [png_file(await self.png(citb_render.render_board, spectator, lang=game.lang),
                          f"catbox-{game.id}-board.png")]
        if any(d.public.get("round_over") for d in update.done):
            files.append(png_file(await self.png(citb_render.render_round_scores, spectator, lang=game.lang),
                                  f"catbox-{game.id}-round.png"))
        return {"content": text, "files": files}

    async def final_message(self, game: PluginTable, text: str, spectator: dict[str, Any]) -> dict[str, Any]:
        data = await self.png(citb_render.render_final_scores, spectator, lang=game.lang)
        return {"content": text, "file": png_file(data, f"catbox-{game.id}-final.png")}

    async def panel_files(self, game: PluginTable, seat: int, view: dict[str, Any]) -> list[discord.File]:
        lang = game.lang
        return [png_file(await self.png(citb_render.render_hand, view, lang=lang), f"catbox-{game.id}-hand.png")]

    async def hand(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        if found.state is None:
            raise GameError("not_started")
        seat = self.service._seat_for(found, person_of(interaction))
        view = found.view(seat)
        lang = lang_of(interaction.locale)
        data = await self.png(citb_render.render_hand, view, lang=lang)
        await interaction.response.send_message("\n".join(self.plugin.status_lines(view, lang))[:2000],
                                                file=png_file(data, f"catbox-{found.id}-hand.png"), ephemeral=True)


COG = CatInTheBoxCog
