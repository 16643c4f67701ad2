"""``/calico``: play Calico by post. A thin layer: interactions in, service calls, messages out."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import render.calico as render
from calico_bot.app.announcer import Announcer, Part, text_part, text_view
from calico_bot.app.bot import defer, mark_committed, reply_ephemeral, respond
from calico_bot.app.kit import (
    open_game_thread,
    person_of,
    png_file,
    removable_seats,
    removal_target,
    report_removal,
    safe_name,
)
from calico_bot.games.calico.coach.text import review_text
from calico_bot.games.calico.engine.components import GOAL_IDS
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.panels import GoalPicks, TurnPicks
from calico_bot.games.calico.plugin import PLUGIN
from calico_bot.games.calico.service import (
    ACTIVE,
    BOT_LEVELS,
    OVER,
    CalicoGames,
    GameError,
    LoadedGame,
    LobbyOptions,
    Update,
)
from calico_bot.games.calico.texts import (
    cats_text,
    final_text,
    goal_lines,
    goals_text,
    history_lines,
    lobby_content,
    lobby_text,
    market_text,
    mode_text,
    next_turn_text,
    numbered_tiles,
    objective_texts,
    scenario_line,
    status_text,
    status_word,
    tile_text,
    turn_text,
)
from calico_bot.services.i18n import lang_of
from calico_bot.storage.models import ENDED, OutboxRow
from render.calico.review import review_images

from .calico_components import (
    CALICO_PANELS,
    DYNAMIC_ITEMS,
    bot_level_view,
    end_confirm_view,
    lobby_view,
    open_panel_view,
    remove_view,
    undo_answer_view,
)
from .calico_daily import CalicoDaily

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

log = logging.getLogger(__name__)

GAME_OPTION = _("Game number (not needed inside the game's thread)")
MODE_CHOICES = [app_commands.Choice(name=_(m), value=m) for m in ("standard", "beginner", "family", "solo")]
LEVEL_CHOICES = [app_commands.Choice(name=_(level), value=level) for level in BOT_LEVELS]
SETUP_CHOICES = [app_commands.Choice(name=_(m), value=m) for m in ("standard", "beginner")]


def lobby_embed(lang: str, game: LoadedGame) -> discord.Embed:
    title, body = lobby_text(lang, game)
    return discord.Embed(title=title, description=body, color=0x3B7A57)


def seen_by(state: GameState, seat: int | None) -> GameState:
    """What ``seat`` (None: anybody) may see of the position, as a state to draw: made from its view."""
    return state.seen_by(seat)


def public(game: LoadedGame) -> LoadedGame:
    """The game as a spectator sees it (for public replies)."""
    if game.state is not None:
        game.state = seen_by(game.state, None)
    return game


class CalicoCog(Announcer, commands.Cog):
    calico = app_commands.Group(name=_("calico"), description=_("Play Calico by post"), guild_only=True)

    def __init__(self, bot: CalicoBot) -> None:
        super().__init__()
        self.bot = bot
        self.kind = PLUGIN.key
        self.games: CalicoGames = bot.tables[self.kind]  # type: ignore[assignment]
        bot.announcers[self.kind] = self

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        # Fill the renderer's caches off the event loop so the first turn post is not the slow one.
        self._warm_up = asyncio.create_task(self.bot.render(render.warm_up), name="calico-render-warm-up")

    async def cog_unload(self) -> None:
        self.bot.announcers.pop(self.kind, None)
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)

    # --- helpers -----------------------------------------------------------------------------------

    async def resolve(self, interaction: discord.Interaction, game: int | None) -> LoadedGame:
        return await self.games.resolve(
            game_id=game, channel_id=interaction.channel_id or 0, user_id=interaction.user.id,
            guild_id=interaction.guild_id,
        )

    async def send_panel(
        self,
        interaction: discord.Interaction,
        game: LoadedGame,
        seat: int,
        text: str,
        view: discord.ui.View,
        *,
        new: bool,
        preview: tuple[int, str] | None = None,
    ) -> None:
        """A private panel: a new one answers first, then renders the quilt with the hand; an open
        one is updated in place. ``preview`` (hand tile, space): the image shows that tile on that
        space; it is drawn again only when the pick changed, so other picks send no image at all."""
        assert game.state is not None
        state = seen_by(game.state, seat)
        if not new:
            if preview is None:
                await interaction.response.edit_message(content=text, view=view)
                return
            await interaction.response.defer()
            try:
                image = await self.bot.render(render.render_placement_preview, state, seat, *preview)
            except ValueError:  # not a placement the quilt can show: keep the plain quilt
                image = await self.bot.render(render.render_quilt, state, seat, show_hand=True)
            data = await self.bot.render(render.to_png_bytes, image)
            await interaction.edit_original_response(content=text, view=view,
                                                     attachments=[png_file(data, f"hand-{game.id}.png")])
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.png(render.render_quilt, state, seat, show_hand=True)
        await interaction.followup.send(text, view=view, ephemeral=True, file=png_file(data, f"hand-{game.id}.png"))

    async def autocompleted_game(self, interaction: discord.Interaction) -> LoadedGame | None:
        """The game an autocomplete is typed for (its ``game`` option, else the channel's), or None."""
        try:
            return await self.resolve(interaction, getattr(interaction.namespace, "game", None))
        except GameError:
            return None

    async def load(self, interaction: discord.Interaction, game_id: int) -> LoadedGame:
        """A game named by a button or menu: only from the game's own server."""
        return await self.games.load(game_id, guild_id=interaction.guild_id)

    async def load_at(self, interaction: discord.Interaction, game_id: int, version: int) -> LoadedGame:
        """The game, if it is still at the version a panel was built for; otherwise a stale refusal."""
        game = await self.load(interaction, game_id)
        if game.row.version != version:
            raise GameError("stale")
        return game

    async def png(self, fn, *args, **kwargs) -> bytes:  # type: ignore[no-untyped-def]
        image = await self.bot.render(fn, *args, **kwargs)
        return await self.bot.render(render.to_png_bytes, image)

    async def refresh_lobby(self, game: LoadedGame) -> None:
        """Edit the lobby message to the game's state, in the game's language."""
        if game.row.lobby_message_id is None:
            return
        lang = game.options.lang
        view = lobby_view(game.id, lang) if game.row.status == "lobby" else None
        try:
            await (
                self.channel(game.row.channel_id)
                .get_partial_message(game.row.lobby_message_id)
                .edit(content=lobby_content(lang, game), embed=lobby_embed(lang, game), view=view)
            )
        except discord.HTTPException:
            log.info("lobby message of game %s could not be edited", game.id)

    # --- announcements: the outbox --------------------------------------------------------------------

    def announcement_parts(self, update: Update) -> list[Part]:
        """The public messages of one saved change, in order. Each part renders its own images when it
        is posted, so a restart that resumes an announcement half-way renders only what is missing.

        Public posts use the game's language (the server's, when it was created), not the clicker's,
        and are drawn from a spectator's view of the game.
        """
        game = update.game
        lang = game.options.lang
        state = game.state
        home = game.row.home_channel
        parts: list[Part] = []
        if update.ended_by is not None:
            parts.append(Part(home, lambda: text_part(tr(lang, "ended", game=game.id, name=update.ended_by))))
        for key, params in update.notes:
            if key == "undo_asked":  # the others are asked, with Agree / Refuse under the question
                mentions = " ".join(f"<@{s.user_id}>" for s in game.seats if not s.auto_played
                                    and s.seat != (update.undo_request or {}).get("seat"))
                text = tr(lang, "undo.asked", mentions=mentions, **params)
                parts.append(Part(home, lambda text=text: text_view(text, undo_answer_view(game.id, game.row.version,
                                                                                        lang))))
                continue
            parts.append(Part(home, lambda key=key, params=params: text_part(tr(lang, key, **params))))
        if state is None:
            return parts
        if update.started:
            parts.append(Part(home, lambda: self.start_post(game, lang)))
            if state.phase == "setup":
                parts.append(Part(home, lambda: self.goals_ping(game, lang)))
        elif update.setup_done and state.phase == "play":
            parts.append(Part(home, lambda: text_part(tr(lang, "goals.all_set"))))
        if update.turns:
            parts.append(Part(home, lambda: self.turn_post(update, lang)))
        if update.reminder is not None:
            parts.append(Part(home, lambda: self.reminder_post(game, lang, update.reminder_seat)))
        if update.finished:
            parts.append(Part(home, lambda: self.final_post(game, lang)))
        elif state.phase == "play" and not update.reminder and (
            update.turns or update.started or update.setup_done or update.ping
        ):
            parts.append(Part(home, lambda: self.next_ping(game, lang)))
        return parts

    async def start_post(self, game: LoadedGame, lang: str) -> dict[str, Any]:
        state = game.state
        assert state is not None
        players = ", ".join(s.name for s in game.seats)
        scenario = scenario_line(lang, state.scenario)
        text = "\n".join(
            [
                tr(lang, "lobby.started", game=game.id, players=players),
                *([scenario] if scenario else []),
                tr(lang, "lobby.cats", cats=cats_text(state, lang)),
                market_text(lang, state),
            ]
        )
        objectives = objective_texts(lang, state.scenario) if state.scenario else []
        title = tr(lang, "scenario.title", n=state.scenario) if state.scenario else ""
        data = await self.png(render.render_cat_legend, state, objectives, title)
        return {"content": text, "file": png_file(data, f"cats-{game.id}.png")}

    async def goals_ping(self, game: LoadedGame, lang: str) -> dict[str, Any]:
        state = game.state
        assert state is not None
        waiting = [s for s in game.seats if not s.auto_played and state.players[s.seat].needs_goals]
        mentions = " ".join(f"<@{s.user_id}>" for s in waiting)
        return {"content": tr(lang, "lobby.choose_goals", mentions=mentions),
                "view": open_panel_view("goals", game.id, lang)}

    async def turn_post(self, update: Update, lang: str) -> dict[str, Any]:
        game = update.game
        state = game.state
        assert state is not None
        spectator = seen_by(state, None)
        lines = [turn_text(lang, game, r) for r in update.turns]
        files = []
        for i, report in enumerate(update.turns[-4:]):
            number = state.turns - len(update.turns[-4:]) + i + 1
            data = await self.png(render.render_turn_post, spectator, report.seat)
            files.append(png_file(data, f"turn-{game.id}-{number}.png"))
        if not state.over:
            lines.append(market_text(lang, state))
        return {"content": "\n\n".join(lines), "files": files}

    async def reminder_post(self, game: LoadedGame, lang: str, seat: int | None) -> dict[str, Any]:
        deadline = await self.games.deadline_at(game) or self.games.clock()
        state = game.state
        if state is not None and state.phase == "setup":  # everyone still choosing, with the goals button
            waiting = [s for s in game.seats if not s.auto_played and state.players[s.seat].needs_goals]
            mentions = " ".join(f"<@{s.user_id}>" for s in waiting)
            return {"content": tr(lang, "goals.reminder", mentions=mentions, game=game.id, ts=int(deadline)),
                    "view": open_panel_view("goals", game.id, lang)}
        row = game.seat_row(seat) if seat is not None else game.current_seat
        mention = f"<@{row.user_id}>" if row is not None and row.user_id else ""
        return {"content": tr(lang, "turn.reminder", mention=mention, game=game.id, ts=int(deadline)),
                "view": open_panel_view("turn", game.id, lang)}

    async def final_post(self, game: LoadedGame, lang: str) -> dict[str, Any]:
        assert game.state is not None
        data = await self.png(render.render_scoresheet, game.state)
        return {"content": final_text(lang, game), "file": png_file(data, f"final-{game.id}.png")}

    async def next_ping(self, game: LoadedGame, lang: str) -> dict[str, Any] | None:
        text = next_turn_text(lang, game, await self.games.deadline_at(game))
        if not text:
            return None
        return {"content": text, "view": open_panel_view("turn", game.id, lang)}

    async def parts_of(self, row: OutboxRow) -> list[Part]:
        game = await self.games.load(row.game_id)
        if row.state is not None:
            game.state = GameState.from_json(json.loads(row.state))
        if game.state is not None:  # a public post: texts and images see what a spectator sees
            game.state = seen_by(game.state, None)
        return self.announcement_parts(Update.from_outbox(game, row.payload))

    async def after_posted(self, row: OutboxRow) -> None:
        if row.payload.get("started") or row.payload.get("finished") or row.payload.get("ended_by"):
            await self.refresh_lobby(await self.games.load(row.game_id))  # the lobby post says it too

    # --- lobby ---------------------------------------------------------------------------------------

    @calico.command(name=_("new"), description=_("Open a new Calico game in this channel"))
    @app_commands.describe(
        mode=_("Game mode"),
        seats=_("Number of seats (1-4)"),
        lower_variance=_("Use the 72-tile bag (2 players or solo)"),
        deadline_hours=_("Hours per turn before the bot plays for you (0 = none)"),
        solo_setup=_("Solo setup"),
        scenario=_("Solo scenario (1-10)"),
    )
    @app_commands.choices(mode=MODE_CHOICES, solo_setup=SETUP_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        mode: str = "standard",
        seats: app_commands.Range[int, 1, 4] = 4,
        lower_variance: bool = False,
        deadline_hours: app_commands.Range[float, 0, 336] = 24.0,
        solo_setup: str = "standard",
        scenario: app_commands.Range[int, 1, 10] | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        options = LobbyOptions(
            lang=lang_of(interaction.guild_locale or interaction.locale),
            mode=mode,
            seats=seats,
            lower_variance=lower_variance,
            deadline_hours=deadline_hours or None,
            solo_setup=solo_setup,
            scenario=scenario,
        )
        host = person_of(interaction)
        game = await self.games.create(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0, host=host, options=options
        )
        mark_committed(interaction)
        embed = lobby_embed(lang, game)
        solo = game.options.mode == "solo"
        if solo:
            await respond(interaction, embed=embed)
        else:
            await respond(interaction, tr(lang, "lobby.created", game=game.id), embed=embed,
                          view=lobby_view(game.id, lang))
        message = await interaction.original_response()
        thread_id = await open_game_thread(interaction, message, game.id, tr(lang, "lobby.thread_name", game=game.id),
                                           lang)
        await self.games.attach_messages(game.id, thread_id=thread_id, lobby_message_id=message.id)
        if solo:
            update = await self.games.start(game.id, host)
            await self.after_update(update.game.id)

    async def lobby_action(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        lang = lang_of(interaction.locale)
        person = person_of(interaction)
        if action == "start":
            await defer(interaction)
            update = await self.games.start(game_id, person)
            mark_committed(interaction)
            await self.refresh_lobby(update.game)
            await self.after_update(update.game.id)
            return
        if action == "bot":  # the host picks the bot's strength in a private menu
            game = await self.load(interaction, game_id)
            if person.user_id != game.row.host_id and not person.is_moderator:
                raise GameError("host_only")
            await interaction.response.send_message(view=bot_level_view(game_id, lang), ephemeral=True)
            return
        if action == "remove":  # the host picks who goes in a private menu
            game = await self.load(interaction, game_id)
            self.games.check_can_remove(game, person)
            seats = removable_seats(game.seats, game.row.host_id)
            if not seats:
                await interaction.response.send_message(tr(lang, "lobby.remove_nobody", game=game_id), ephemeral=True)
                return
            await interaction.response.send_message(tr(lang, "lobby.remove_pick", game=game_id),
                                                    view=remove_view(game_id, seats), ephemeral=True)
            return
        if action == "join":
            game = await self.games.join(game_id, person)
        else:
            game = await self.games.leave(game_id, person)
        mark_committed(interaction)
        view = lobby_view(game.id, game.options.lang) if game.row.status == "lobby" else None
        await interaction.response.edit_message(content=lobby_content(game.options.lang, game),
                                                embed=lobby_embed(game.options.lang, game), view=view)

    async def add_bot_from_menu(self, interaction: discord.Interaction, game_id: int, level: str) -> None:
        lang = lang_of(interaction.locale)
        game = await self.games.add_bot(game_id, person_of(interaction), level)
        mark_committed(interaction)
        await interaction.response.edit_message(
            content=tr(lang, "lobby.bot_added", level=tr(lang, f"level.{game.seats[-1].bot_level}"), game=game.id),
            view=None,
        )
        await self.refresh_lobby(game)

    async def remove_from_menu(self, interaction: discord.Interaction, game_id: int, value: str) -> None:
        game, removed = await self.games.remove(game_id, person_of(interaction), **removal_target(value, game_id))
        await report_removal(self, interaction, game, removed, from_menu=True)

    @calico.command(name=_("remove"), description=_("Take a player out of a lobby that has not started (host)"))
    @app_commands.describe(player=_("Player to remove"), game=GAME_OPTION)
    async def remove(self, interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
        found = await self.resolve(interaction, game)
        changed, removed = await self.games.remove(found.id, person_of(interaction), user_id=player.id)
        await report_removal(self, interaction, changed, removed, from_menu=False)

    @calico.command(name=_("join"), description=_("Join a Calico game"))
    @app_commands.describe(game=GAME_OPTION)
    async def join(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.join_or_leave(interaction, game, join=True)

    @calico.command(name=_("leave"), description=_("Leave a game that has not started"))
    @app_commands.describe(game=GAME_OPTION)
    async def leave(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await self.join_or_leave(interaction, game, join=False)

    async def join_or_leave(self, interaction: discord.Interaction, game: int | None, *, join: bool) -> None:
        found = await self.resolve(interaction, game)
        change = self.games.join if join else self.games.leave
        changed = await change(found.id, person_of(interaction))
        mark_committed(interaction)
        key = "lobby.joined" if join else "lobby.left"
        await respond(interaction, tr(lang_of(interaction.locale), key, name=safe_name(interaction.user.display_name),
                                      game=changed.id))
        await self.refresh_lobby(changed)

    @calico.command(name=_("addbot"), description=_("Add a bot player to the lobby (host)"))
    @app_commands.describe(level=_("Bot strength"), game=GAME_OPTION)
    @app_commands.choices(level=LEVEL_CHOICES)
    async def addbot(self, interaction: discord.Interaction, level: str = "medium", game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        updated = await self.games.add_bot(found.id, person_of(interaction), level)
        mark_committed(interaction)
        await respond(interaction, tr(lang, "lobby.bot_added", level=tr(lang, f"level.{updated.seats[-1].bot_level}"),
                                      game=updated.id))
        await self.refresh_lobby(updated)

    @calico.command(name=_("start"), description=_("Start the game (host)"))
    @app_commands.describe(game=GAME_OPTION)
    async def start(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)  # a refusal stays private
        update = await self.games.start(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, tr(lang, "lobby.started", game=found.id,
                                      players=", ".join(s.name for s in update.game.seats)), ephemeral=True)
        await self.refresh_lobby(update.game)
        await self.after_update(update.game.id)  # the public start post, the cats and the first ping

    # --- setup -----------------------------------------------------------------------------------------

    async def open_goals_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.show_goals_panel(interaction, await self.load(interaction, game_id), GoalPicks(), new=True)

    async def show_goals_panel(
        self, interaction: discord.Interaction, game: LoadedGame, picks: GoalPicks, *, new: bool
    ) -> None:
        lang = lang_of(interaction.locale)
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            raise GameError("not_a_player")
        state = game.state
        if state is None or not state.players[seat].needs_goals:
            raise GameError("rule", code_="goals_already_chosen" if state else "no_goal_choice", game_=self.kind)
        offered = state.players[seat].offered
        key = "goals.prompt" if len(offered) > 3 else "goals.prompt_three"
        text = tr(lang, key, offered=goal_lines(lang, offered))
        view = CALICO_PANELS.goals_view(lang, game.id, game.row.version, offered, picks)
        if new:
            await self.send_panel(interaction, game, seat, text, view, new=True)
            return
        picked = picks.placed(offered)
        before = CALICO_PANELS.picks_before(interaction)
        if isinstance(before, GoalPicks) and picked == before.placed(offered):
            await interaction.response.edit_message(content=text, view=view)
            return
        # The quilt with the goals as picked so far, drawn only for the player who picks them.
        await interaction.response.defer()
        preview = seen_by(state, seat)
        preview.players[seat].goals = picked
        data = await self.png(render.render_quilt, preview, seat, show_hand=True)
        await interaction.edit_original_response(content=text, view=view,
                                                 attachments=[png_file(data, f"hand-{game.id}.png")])

    async def update_goals_panel(
        self, interaction: discord.Interaction, game_id: int, version: int, picks: GoalPicks
    ) -> None:
        await self.show_goals_panel(interaction, await self.load_at(interaction, game_id, version), picks, new=False)

    async def confirm_goals(
        self, interaction: discord.Interaction, game_id: int, version: int, picks: GoalPicks
    ) -> None:
        lang = lang_of(interaction.locale)
        game = await self.load(interaction, game_id)
        seat = game.seat_of(interaction.user.id)
        if seat is None or game.state is None:
            raise GameError("not_a_player")
        goals = picks.goals(game.state.players[seat].offered)
        if goals is None:
            raise GameError("rule", code_="goal_spaces", game_=self.kind)
        await defer(interaction)
        update = await self.games.choose_goals(game_id, person_of(interaction), goals, expected_version=version)
        mark_committed(interaction)
        await interaction.edit_original_response(
            content=tr(lang, "goals.chosen", goals=goals_text(goals, lang)), view=None, attachments=[]
        )
        await self.after_update(update.game.id)

    @calico.command(name=_("goals"), description=_("Choose and place your design goals"))
    @app_commands.describe(
        b3=_("Goal tile for B3"),
        c4=_("Goal tile for C4"),
        d2=_("Goal tile for D2"),
        game=GAME_OPTION,
    )
    async def goals(
        self,
        interaction: discord.Interaction,
        b3: app_commands.Range[str, 1, 40],
        c4: app_commands.Range[str, 1, 40],
        d2: app_commands.Range[str, 1, 40],
        game: int | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True)
        chosen = {"B3": b3.strip().upper(), "C4": c4.strip().upper(), "D2": d2.strip().upper()}
        update = await self.games.choose_goals(found.id, person_of(interaction), chosen)
        mark_committed(interaction)
        await respond(interaction, tr(lang, "goals.chosen", goals=goals_text(chosen, lang)), ephemeral=True)
        await self.after_update(update.game.id)

    @goals.autocomplete("b3")
    @goals.autocomplete("c4")
    @goals.autocomplete("d2")
    async def goals_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        offered: list[str] = list(GOAL_IDS)
        game = await self.autocompleted_game(interaction)
        seat = game.seat_of(interaction.user.id) if game is not None else None
        if game is not None and game.state is not None and seat is not None and game.state.players[seat].offered:
            offered = game.state.players[seat].offered
        return [app_commands.Choice(name=g, value=g) for g in offered if str(current).upper() in g][:25]

    # --- turns -----------------------------------------------------------------------------------------

    async def open_turn_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        game = await self.load(interaction, game_id)
        await self.show_turn_panel(interaction, game, TurnPicks(), new=True)

    async def show_turn_panel(
        self, interaction: discord.Interaction, game: LoadedGame, picks: TurnPicks, *, new: bool
    ) -> None:
        lang = lang_of(interaction.locale)
        seat = game.seat_of(interaction.user.id)
        state = game.state
        if seat is None:
            raise GameError("not_a_player")
        if state is None or game.row.status != ACTIVE:
            raise GameError("game_finished" if state else "not_started")
        if state.phase == "setup":
            raise GameError(
                "rule", code_="setup_not_finished", waiting=", ".join(p.name for p in state.players if p.needs_goals)
            )
        if state.current != seat:
            raise GameError("rule", code_="not_your_turn", game_=self.kind,
                            current_name=state.players[state.current].name)
        drafting = state.drafts_after_placing(seat)
        text = tr(lang, "panel.prompt" if drafting else "panel.last", game=game.id)
        text += "\n" + tr(lang, "hand.text", game=game.id, tiles=numbered_tiles(lang, state.players[seat].hand))
        view = CALICO_PANELS.turn_view(lang, game.id, game.row.version, state.seen_by(seat), seat, picks)
        preview = None
        before = CALICO_PANELS.picks_before(interaction)
        moved = not isinstance(before, TurnPicks) or (before.tile, before.space) != (picks.tile, picks.space)
        if not new and picks.tile and picks.space != "-" and moved:
            preview = (picks.tile, picks.space)
        await self.send_panel(interaction, game, seat, text, view, new=new, preview=preview)

    async def update_turn_panel(
        self, interaction: discord.Interaction, game_id: int, version: int, picks: TurnPicks
    ) -> None:
        await self.show_turn_panel(interaction, await self.load_at(interaction, game_id, version), picks, new=False)

    async def confirm_turn(
        self, interaction: discord.Interaction, game_id: int, version: int, picks: TurnPicks
    ) -> None:
        lang = lang_of(interaction.locale)
        game = await self.load(interaction, game_id)
        seat = game.seat_of(interaction.user.id)
        drafting = game.state is not None and seat is not None and game.state.drafts_after_placing(seat)
        if not picks.complete(drafting):
            take = tr(lang, "panel.incomplete_take") if drafting else ""
            await reply_ephemeral(interaction, tr(lang, "panel.incomplete", take=take))
            return
        started = time.perf_counter()
        await defer(interaction)
        update = await self.games.play(
            game_id,
            person_of(interaction),
            tile=picks.tile,
            space=picks.space,
            take=picks.take or None,
            expected_version=version,
        )
        mark_committed(interaction)
        await interaction.edit_original_response(
            content=tr(lang, "turn.played", space=picks.space), view=None, attachments=[]
        )
        await self.after_update(update.game.id)
        self.bot.turns.record((time.perf_counter() - started) * 1000)

    @calico.command(name=_("play"), description=_("Take your turn: place a hand tile and take a market tile"))
    @app_commands.describe(
        tile=_("Hand tile (1 or 2)"),
        space=_("Space on your quilt, e.g. B4"),
        take=_("Market slot to take (1-3)"),
        game=GAME_OPTION,
    )
    async def play(
        self,
        interaction: discord.Interaction,
        tile: app_commands.Range[int, 1, 2],
        space: app_commands.Range[str, 1, 10],
        take: app_commands.Range[int, 1, 3] | None = None,
        game: int | None = None,
    ) -> None:
        lang = lang_of(interaction.locale)
        started = time.perf_counter()
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True)
        update = await self.games.play(
            found.id, person_of(interaction), tile=tile, space=space.strip().upper(), take=take
        )
        mark_committed(interaction)
        await respond(interaction, tr(lang, "turn.played", space=space.strip().upper()), ephemeral=True)
        await self.after_update(update.game.id)
        self.bot.turns.record((time.perf_counter() - started) * 1000)

    @play.autocomplete("space")
    async def space_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = await self.autocompleted_game(interaction)
        if game is None:
            return []
        seat = game.seat_of(interaction.user.id)
        if game.state is None or seat is None:
            return []
        spaces = [label(c) for c in game.state.empty_spaces(seat)]
        typed = str(current).strip().upper()
        return [app_commands.Choice(name=s, value=s) for s in spaces if s.startswith(typed)][:25]

    @play.autocomplete("take")
    async def take_autocomplete(self, interaction: discord.Interaction, current: int) -> list[app_commands.Choice[int]]:
        lang = lang_of(interaction.locale)
        game = await self.autocompleted_game(interaction)
        if game is None:
            return []
        if game.state is None:
            return []
        return [
            app_commands.Choice(name=tr(lang, "panel.option_take", n=i + 1, tile=tile_text(lang, t)), value=i + 1)
            for i, t in enumerate(game.state.market)
            if t is not None
        ]

    @play.autocomplete("tile")
    async def tile_autocomplete(self, interaction: discord.Interaction, current: int) -> list[app_commands.Choice[int]]:
        lang = lang_of(interaction.locale)
        game = await self.autocompleted_game(interaction)
        if game is None:
            return []
        seat = game.seat_of(interaction.user.id)
        if game.state is None or seat is None:
            return []
        hand = game.state.players[seat].hand  # autocomplete answers only the asking user
        return [
            app_commands.Choice(name=tr(lang, "panel.option_hand", n=i + 1, tile=tile_text(lang, t)), value=i + 1)
            for i, t in enumerate(hand)
        ]

    # --- looking at the game ---------------------------------------------------------------------------

    @calico.command(name=_("board"), description=_("Show a player's quilt"))
    @app_commands.describe(player=_("Whose quilt"), game=GAME_OPTION)
    async def board(
        self, interaction: discord.Interaction, player: discord.User | None = None, game: int | None = None
    ) -> None:
        found = await self.resolve(interaction, game)
        state = found.state
        if state is None:
            raise GameError("not_started")
        who = player or interaction.user
        seat = found.seat_of(who.id)
        if seat is None:
            if player is not None:
                raise GameError("target_not_player")
            seat = state.current
        await defer(interaction)
        # A public post: a spectator's view (no hand, and during setup nobody's chosen goals).
        data = await self.png(render.render_quilt, seen_by(state, None), seat)
        await respond(interaction, file=png_file(data, f"quilt-{found.id}-{seat + 1}.png"))

    @calico.command(name=_("hand"), description=_("Show your hand (only you see it)"))
    @app_commands.describe(game=GAME_OPTION)
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        seat = found.seat_of(interaction.user.id)
        if seat is None:
            raise GameError("not_a_player")
        if found.state is None:
            raise GameError("not_started")
        await defer(interaction, ephemeral=True, thinking=True)
        hand = found.state.players[seat].hand
        data = await self.png(render.render_quilt, seen_by(found.state, seat), seat, show_hand=True)
        await respond(
            interaction,
            tr(lang, "hand.text", game=found.id, tiles=numbered_tiles(lang, hand)),
            file=png_file(data, f"hand-{found.id}.png"),
            ephemeral=True,
        )

    @calico.command(name=_("status"), description=_("Whose turn it is and the scores so far"))
    @app_commands.describe(game=GAME_OPTION)
    async def status(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = public(await self.resolve(interaction, game))
        await respond(interaction, status_text(lang, found))

    @calico.command(name=_("history"), description=_("The last turns of the game"))
    @app_commands.describe(game=GAME_OPTION)
    async def history(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = public(await self.resolve(interaction, game))
        lines = history_lines(lang, found)
        if not lines:
            await respond(interaction, tr(lang, "history.empty"), ephemeral=True)
            return
        text = "\n".join(lines)
        if len(text) > 4000:  # the most recent turns matter most
            text = "…\n" + text[-3990:].split("\n", 1)[-1]
        embed = discord.Embed(title=tr(lang, "history.title", game=found.id, n=len(lines)), description=text)
        await respond(interaction, embed=embed)

    @calico.command(name=_("games"), description=_("Open games in this channel"))
    async def games_here(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        rows = await self.games.games_here(interaction.channel_id or 0)
        rows = [r for r in rows if r.guild_id == interaction.guild_id]
        if not rows:
            await respond(interaction, tr(lang, "games.none"), ephemeral=True)
            return
        lines = []
        for row in rows[:20]:
            game = await self.games.load(row.id)
            lines.append(
                tr(
                    lang,
                    "games.line",
                    game=row.id,
                    mode=mode_text(lang, game),
                    status=status_word(lang, row.status),
                    players=", ".join(s.name for s in game.seats),
                )
            )
        await respond(interaction, "\n".join(lines), ephemeral=True)

    @calico.command(name=_("export"), description=_("Download the game record (JSON)"))
    @app_commands.describe(game=GAME_OPTION)
    async def export(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        if found.state is None:
            raise GameError("not_started")
        finished = found.row.status == OVER
        # The bag order only once nothing is hidden; during the goal choice nobody's goals.
        state = found.state if finished else seen_by(found.state, None)
        record = state.to_record(include_hidden=finished)
        data = json.dumps(record, indent=1, ensure_ascii=False).encode()
        note = "" if finished else tr(lang, "export.ended" if found.row.status == ENDED else "export.partial")
        text = tr(lang, "export.done", game=found.id) + note
        await respond(interaction, text, file=discord.File(io.BytesIO(data), filename=f"calico-{found.id}.json"))

    # --- taking back, leaving, moderating -----------------------------------------------------------------

    @calico.command(name=_("undo"), description=_("Take back your last turn"))
    @app_commands.describe(game=GAME_OPTION)
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        update = await self.games.undo(found.id, person_of(interaction))
        mark_committed(interaction)
        if update.undo_request is not None:
            await respond(interaction, tr(lang, "table.undo_sent"), ephemeral=True)
        else:
            name = safe_name(interaction.user.display_name)
            await respond(interaction, tr(lang, "undone", name=name), ephemeral=True)
        await self.after_update(update.game.id)

    async def answer_undo(self, interaction: discord.Interaction, game_id: int, accept: bool) -> None:
        lang = lang_of(interaction.locale)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.games.answer_undo(game_id, person_of(interaction), accept=accept)
        mark_committed(interaction)
        request = update.undo_request
        if request is not None:  # others still to agree
            waiting = [s.name for s in update.game.seats if not s.auto_played and s.seat != request["seat"]
                       and s.seat not in request["accepted"]]
            await respond(interaction, tr(lang, "table.undo_accepted", names=", ".join(waiting)), ephemeral=True)
        else:
            await respond(interaction, tr(lang, "table.button.yes" if accept else "table.button.no"), ephemeral=True)
        await self.after_update(game_id)

    @calico.command(name=_("resign"), description=_("Resign: the bot plays your remaining turns"))
    @app_commands.describe(game=GAME_OPTION)
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.games.resign(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, tr(lang, "resigned", name=safe_name(interaction.user.display_name)), ephemeral=True)
        await self.after_update(update.game.id)

    @calico.command(name=_("kick"), description=_("Remove a player (host or Manage Server)"))
    @app_commands.describe(player=_("Player to remove"), game=GAME_OPTION)
    async def kick(self, interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.games.kick(found.id, person_of(interaction), player.id)
        mark_committed(interaction)
        await respond(interaction, tr(lang, "kicked", name=found.seat_row(found.seat_of(player.id) or 0).name),
                      ephemeral=True)
        await self.after_update(update.game.id)

    @calico.command(name=_("end"), description=_("End the game (host or Manage Server)"))
    @app_commands.describe(game=GAME_OPTION)
    async def end(self, interaction: discord.Interaction, game: int | None = None) -> None:
        """Asks first: the game ends only when the host confirms with the private button."""
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        self.games.check_can_end(found, person_of(interaction))
        await respond(interaction, tr(lang, "end.confirm", game=found.id),
                      view=end_confirm_view(found.id, found.row.version, lang), ephemeral=True)

    async def confirm_end(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        lang = lang_of(interaction.locale)
        await self.load_at(interaction, game_id, version)  # the game moved on: ask again
        update = await self.games.end(game_id, person_of(interaction))
        mark_committed(interaction)
        await interaction.response.edit_message(
            content=tr(lang, "ended", game=game_id, name=safe_name(interaction.user.display_name)), view=None)
        await self.refresh_lobby(update.game)
        if update.game.row.thread_id is None:  # no thread to tell: say it where the command was used
            await self.channel(update.game.row.channel_id).send(
                tr(update.game.options.lang, "ended", game=game_id, name=safe_name(interaction.user.display_name)))
        await self.after_update(update.game.id)

    @calico.command(name=_("review"), description=_("After a game: your turns beside the strong bot's, privately"))
    @app_commands.describe(game=GAME_OPTION)
    async def review(self, interaction: discord.Interaction, game: int | None = None) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        record, review = await self.games.review(found.id, person_of(interaction))
        chunks = review_text(review, lang)
        images = await self.bot.render(review_images, record, review, lang)
        files = [png_file(data, name) for name, data in images][:10]
        for i, chunk in enumerate(chunks):
            extra = {"files": files} if i == 0 and files else {}
            await respond(interaction, chunk, ephemeral=True, **extra)

    @calico.command(name=_("hint"), description=_("After a solo game: what the strong bot would have played"))
    @app_commands.describe(turn=_("Turn number (1-22)"), game=GAME_OPTION)
    async def hint(
        self, interaction: discord.Interaction, turn: app_commands.Range[int, 1, 22], game: int | None = None
    ) -> None:
        lang = lang_of(interaction.locale)
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        result = await self.games.hint(found.id, person_of(interaction), turn)

        def take_text(take: int | None, would: bool = False) -> str:
            return tr(lang, "hint.take_would" if would else "hint.take", slot=take) if take else ""

        p, q = result.played, result.suggested
        text = tr(
            lang,
            "hint.text",
            turn=turn,
            hand=numbered_tiles(lang, result.hand),
            market=numbered_tiles(lang, result.market),
            p_tile=p.tile,
            p_space=p.space,
            p_take=take_text(p.take),
            s_tile=q.tile,
            s_space=q.space,
            s_take=take_text(q.take, would=True),
        )
        if (p.tile, p.space, p.take) == (q.tile, q.space, q.take):
            text += "\n" + tr(lang, "hint.same")
        await respond(interaction, text, ephemeral=True)

    # --- game autocomplete for every command ---------------------------------------------------------------

    async def game_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        lang = lang_of(interaction.locale)
        rows = await self.games.games_of(interaction.user.id, interaction.guild_id)
        typed = str(current).strip().lstrip("#")
        choices = []
        for row in rows:
            name = (
                f"#{row.id} {tr(lang, 'mode.' + row.options.get('mode', 'standard'))} - {status_word(lang, row.status)}"
            )
            if typed in str(row.id):
                choices.append(app_commands.Choice(name=name[:100], value=row.id))
        return choices[:25]

for _command in CalicoCog.calico.commands:
    if isinstance(_command, app_commands.Command) and "game" in _command._params:
        _command.autocomplete("game")(CalicoCog.game_autocomplete)


async def setup(bot: CalicoBot) -> None:
    await bot.add_cog(CalicoCog(bot))
    await bot.add_cog(CalicoDaily(bot))  # Calico's half of /daily (the shared daily cog asks it)
