"""Calico's half of ``/daily``: the private panel of an attempt (quilt with hand, market and cats, and the
menus), the images of a result and of a day's announcement, and the coach's review of a finished day.

The shared daily cog (``cogs/daily.py``) runs the command, the attempt, the leaderboards and the
announcements for whichever game has the daily puzzle, and asks that game's *front* (this cog, found in
``bot.daily_fronts`` by the game's key) for everything drawn or worded in the game's own terms.

The panel's components are persistent ``DynamicItem``s (``cogs/calico_panels.py``). Every custom id
carries the puzzle day, the attempt version the panel was built for and the picks so far, so nothing
is kept in memory: a panel keeps working after a restart, a click on a panel of an older version is
refused as ``stale`` and a panel of an earlier day as ``daily_day_over``. The attempt is always the
clicking user's own: ids carry no user.

Custom ids (all well under Discord's 100 characters)::

    dly:p:{day}:{ver}:{tile}:{space}:{take}:{field}   turn select (field t=hand tile, s=space, k=market slot)
    dly:go:{day}:{ver}:{tile}:{space}:{take}          turn confirm
    dly:g:{day}:{ver}:{b3}:{c4}:{d2}:{field}          goal select (field 0=B3, 1=C4, 2=D2)
    dly:gc:{day}:{ver}:{b3}:{c4}:{d2}                 goal confirm
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import render.calico as render
from calico_bot.app.bot import reply_ephemeral
from calico_bot.app.kit import png_file
from calico_bot.games.calico.coach import review_game
from calico_bot.games.calico.coach.text import review_text
from calico_bot.games.calico.daily import ctr, goals_action, move_lines, turn_action
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.panels import GoalPicks, TurnPicks
from calico_bot.games.calico.plugin import PLUGIN
from calico_bot.games.calico.texts import goal_lines, goals_text, market_text, numbered_tiles
from calico_bot.services.daily import Attempt
from calico_bot.services.i18n import lang_of
from calico_bot.services.tables import GameError
from render.calico.review import review_images

from .calico_panels import PanelKit

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

    from .daily import DailyCog

COG_NAME = "CalicoDaily"
DAILY_PANELS = PanelKit("dly", COG_NAME)
DYNAMIC_ITEMS = DAILY_PANELS.items


class CalicoDaily(commands.Cog, name=COG_NAME):
    """Calico's daily front (no commands of its own: ``/daily`` is the shared cog's)."""

    def __init__(self, bot: CalicoBot) -> None:
        self.bot = bot
        bot.daily_fronts[PLUGIN.key] = self

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        self.bot.daily_fronts.pop(PLUGIN.key, None)

    @property
    def daily(self) -> DailyCog:
        cog = self.bot.get_cog("DailyCog")
        assert cog is not None, "the daily cog is not loaded"
        return cog  # type: ignore[return-value]

    async def png(self, fn: Any, *args: Any, **kwargs: Any) -> bytes:
        image = await self.bot.render(fn, *args, **kwargs)
        return await self.bot.render(render.to_png_bytes, image)

    # --- what the shared cog asks for ------------------------------------------------------------------

    def resumed(self, lang: str, attempt: Attempt) -> str:
        return ctr(lang, "daily.resumed", day=attempt.day, placed=attempt.state.players[0].quilt.placed)

    def panel_text(self, lang: str, attempt: Attempt, lines: list[str]) -> str:
        state = attempt.state
        player = state.players[0]
        lines = list(lines)
        if state.phase == "setup":
            lines.append(ctr(lang, "daily.goals_prompt", offered="\n" + goal_lines(lang, player.offered)))
        elif state.drafts_after_placing(0):
            lines.append(ctr(lang, "daily.turn_prompt", n=player.quilt.placed + 1))
        else:
            lines.append(ctr(lang, "daily.turn_last"))
        lines.append(ctr(lang, "daily.hand", tiles=numbered_tiles(lang, player.hand)))
        lines.append(market_text(lang, state))
        if state.phase != "setup":
            lines.append(ctr(lang, "daily.score_so_far", total=state.total(0)))
        return "\n".join(lines)[:2000]

    async def panel(
        self, lang: str, attempt: Attempt, lines: list[str]
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """The private panel of an unfinished attempt (``lines``: the shared header and intro first)."""
        state = attempt.state
        if state.phase == "setup":
            view = DAILY_PANELS.goals_view(lang, attempt.day, attempt.version, list(state.players[0].offered),
                                           GoalPicks())
        else:
            view = DAILY_PANELS.turn_view(lang, attempt.day, attempt.version, state.seen_by(0), 0, TurnPicks())
        seen = state.seen_by(0)  # the player's own view: their hand, never the bag
        quilt = await self.png(render.render_quilt, seen, 0, show_hand=True)
        market = await self.png(render.render_market, seen)
        cats = await self.png(render.render_cat_legend, seen)
        files = [
            png_file(quilt, f"daily-hand-{attempt.day}.png"),
            png_file(market, f"daily-market-{attempt.day}.png"),
            png_file(cats, f"daily-cats-{attempt.day}.png"),
        ]
        return self.panel_text(lang, attempt, lines), files, view

    async def result_files(self, attempt: Attempt, par_state: Any | None) -> list[discord.File]:
        """The final quilt, and the par's quilt for the same puzzle once it is known."""
        final = attempt.state.seen_by(0)
        files = [png_file(await self.png(render.render_quilt, final, 0), f"daily-final-{attempt.day}.png")]
        if par_state is not None:
            par = par_state.seen_by(0)
            files.append(png_file(await self.png(render.render_quilt, par, 0), f"daily-par-{attempt.day}.png"))
        return files

    async def announcement_files(self, day: int, state: Any) -> list[discord.File]:
        """The public setup of a day: the market and the cats (never a hand), from a spectator's view."""
        seen = state.seen_by(None)
        market = await self.png(render.render_market, seen)
        cats = await self.png(render.render_cat_legend, seen)
        return [png_file(market, f"daily-setup-market-{day}.png"), png_file(cats, f"daily-setup-cats-{day}.png")]

    async def review(self, lang: str, record: dict[str, Any]) -> tuple[list[str], list[discord.File]]:
        """The coach's review of a finished day (off the event loop) and its images."""
        review = await asyncio.to_thread(review_game, record, 0)
        images = await self.bot.render(review_images, record, review, lang)
        return review_text(review, lang, daily=True), [png_file(data, name) for name, data in images][:10]

    # --- the panel's clicks (``calico_panels.PanelHandler``) ---------------------------------------------

    async def update_goals_panel(
        self, interaction: discord.Interaction, day: int, version: int, picks: GoalPicks
    ) -> None:
        lang = lang_of(interaction.locale)
        attempt = await self.daily.panel_attempt(interaction, day, version)
        if attempt.state.phase != "setup":
            raise GameError("stale")
        offered = list(attempt.state.players[0].offered)
        await interaction.response.edit_message(view=DAILY_PANELS.goals_view(lang, day, version, offered, picks))

    async def confirm_goals(self, interaction: discord.Interaction, day: int, version: int, picks: GoalPicks) -> None:
        lang = lang_of(interaction.locale)
        attempt = await self.daily.panel_attempt(interaction, day, version)
        goals = picks.goals(list(attempt.state.players[0].offered))
        if goals is None:
            raise GameError("rule", code_="goal_spaces", game_=PLUGIN.key)
        await interaction.response.defer()
        attempt = await self.daily.puzzles.act(interaction.user.id, goals_action(goals), version, day=day)
        chosen = ctr(lang, "daily.goals_set", goals=goals_text(goals, lang))
        content, files, view = await self.panel(lang, attempt, [*self.daily.header(lang, attempt), chosen])
        await interaction.edit_original_response(content=content, attachments=files, view=view)

    async def update_turn_panel(
        self, interaction: discord.Interaction, day: int, version: int, picks: TurnPicks
    ) -> None:
        lang = lang_of(interaction.locale)
        attempt = await self.daily.panel_attempt(interaction, day, version)
        if attempt.state.phase != "play":
            raise GameError("stale")
        view = DAILY_PANELS.turn_view(lang, day, version, attempt.state.seen_by(0), 0, picks)
        await interaction.response.edit_message(view=view)

    async def confirm_turn(self, interaction: discord.Interaction, day: int, version: int, picks: TurnPicks) -> None:
        lang = lang_of(interaction.locale)
        attempt = await self.daily.panel_attempt(interaction, day, version)
        drafting = attempt.state.phase == "play" and attempt.state.drafts_after_placing(0)
        if not picks.complete(drafting):
            take = tr(lang, "panel.incomplete_take") if drafting else ""
            await reply_ephemeral(interaction, tr(lang, "panel.incomplete", take=take))
            return
        await interaction.response.defer()
        action = turn_action(picks.tile, picks.space, picks.take or None)
        attempt = await self.daily.puzzles.act(interaction.user.id, action, version, day=day)
        if attempt.finished:
            await self.daily.finish(interaction, lang, attempt)
            return
        lines = [*self.daily.header(lang, attempt), *move_lines(lang, attempt.outcome)]
        content, files, view = await self.panel(lang, attempt, lines)
        await interaction.edit_original_response(content=content, attachments=files, view=view)


__all__ = ["COG_NAME", "DAILY_PANELS", "DYNAMIC_ITEMS", "CalicoDaily"]
