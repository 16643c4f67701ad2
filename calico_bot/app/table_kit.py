"""The Discord table for any game plug-in: one slash-command group, lobby buttons, private step-by-step
panels for every prompt, undo requests and the announcements of every saved change.

A game needs nothing else to be played: ``PluginCog(bot, service)`` builds the ``/<command>`` group
from the plug-in (``new``, ``join``, ``leave``, ``addbot``, ``start``, ``play``, ``status``,
``history``, ``export``, ``undo``, ``resign``, ``kick``, ``remove``, ``end``). A game's own cog subclasses it to
add images or commands of its own.

Every custom id starts with the game's key and carries what a click needs (the game id, the prompt
key, the picks so far), so nothing is kept in memory: panels keep working after a restart, and a
pick on a prompt that is no longer open is refused as stale by the service.

No ``from __future__ import annotations`` here: the commands are built at run time and discord.py
reads their parameter annotations as objects.
"""

import io
import json
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from ..core.game_contract import GamePlugin, Prompt
from ..services.i18n import MESSAGES, lang_of, tr
from ..services.plugin_games import PluginGames, PluginTable, TableUpdate
from ..services.table_text import register_plugin_messages, table_refusal, ttr
from ..services.tables import GameError
from ..storage.models import ACTIVE, LOBBY, OutboxRow
from .announcer import Announcer, Part, text_view
from .bot import defer, mark_committed, reply_ephemeral, reply_failure, respond
from .kit import (
    LOBBY_LABELS,
    LOBBY_STYLES,
    Guarded,
    open_game_thread,
    person_of,
    removable_seats,
    removal_target,
    report_removal,
    safe_name,
)

log = logging.getLogger(__name__)

MAX_OPTIONS = 25  # a select menu holds at most 25 options
MAX_SELECTS = 4  # selects per panel (one row each; the fifth row stays free)


def step_options(paths: list[tuple[str, ...]], picked: list[int]) -> tuple[list[str], list[int]] | None:
    """The choices at the next step after the picks ``picked`` (indices into each step's choices), and
    the legal actions still possible; None if a pick is out of range."""
    alive = list(range(len(paths)))
    for step, index in enumerate(picked):
        labels = list(dict.fromkeys(paths[i][step] for i in alive if len(paths[i]) > step))
        if not 0 <= index < len(labels):
            return None
        alive = [i for i in alive if len(paths[i]) > step and paths[i][step] == labels[index]]
    step = len(picked)
    return list(dict.fromkeys(paths[i][step] for i in alive if len(paths[i]) > step)), alive


def distinct(actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The legal actions without repeats (two equal cards in a hand are one choice), in order."""
    return list({json.dumps(a, sort_keys=True): a for a in actions}.values())


def picked_labels(paths: list[tuple[str, ...]], picked: list[int]) -> list[str]:
    out = []
    for n in range(len(picked)):
        found = step_options(paths, picked[:n])
        assert found is not None
        out.append(found[0][picked[n]])
    return out


def _words(text: str) -> str:
    """A typed answer compared loosely: case, spaces, dots and separators do not matter."""
    return " ".join(re.sub(r"[·,;:/`|]+", " ", text).lower().split())


def _path_text(path: str) -> list[int]:
    return [int(p) for p in path.split(".") if p.isdigit()] if path else []


class PluginCog(Announcer, commands.Cog):
    """The table of one plug-in game."""

    def __init__(self, bot: Any, service: PluginGames) -> None:
        super().__init__()
        self.bot = bot
        self.service = service
        self.plugin: GamePlugin = service.plugin
        self.kind = self.plugin.key
        self.command_name = self.plugin.command or self.plugin.key
        register_plugin_messages(self.plugin)
        self.group = self._build_group()
        self.items = _component_items(self.plugin.key)

    # --- life ----------------------------------------------------------------------------------------

    async def cog_load(self) -> None:
        self.bot.announcers[self.kind] = self
        self.bot.plugin_cogs[self.kind] = self
        self.bot.add_dynamic_items(*self.items)
        self.bot.tree.add_command(self.group)

    async def cog_unload(self) -> None:
        self.bot.announcers.pop(self.kind, None)
        self.bot.plugin_cogs.pop(self.kind, None)
        self.bot.remove_dynamic_items(*self.items)
        self.bot.tree.remove_command(self.group.name)

    def t(self, lang: str, key: str, **params: Any) -> str:
        return ttr(lang, self.plugin, key, **params)

    async def guarded(self, interaction: discord.Interaction, coro: Any) -> None:
        """The one refusal path of this table: a refusal is private and in the user's language."""
        try:
            await coro
        except GameError as exc:
            await reply_ephemeral(interaction, table_refusal(lang_of(interaction.locale), self.plugin, exc))

    async def resolve(self, interaction: discord.Interaction, game: int | None) -> PluginTable:
        return await self.service.resolve(game_id=game, channel_id=interaction.channel_id or 0,
                                          user_id=interaction.user.id, guild_id=interaction.guild_id)

    # --- the command group ---------------------------------------------------------------------------

    def _build_group(self) -> app_commands.Group:
        plugin = self.plugin
        group = app_commands.Group(name=_(self.command_name, game_command=plugin.key),
                                   description=self.desc("table.desc.group"), guild_only=True)
        low, high = plugin.seats.start, plugin.seats.stop - 1
        cog = self

        async def new(interaction: discord.Interaction, seats: int = max(low, min(high, 4)),
                      deadline_hours: float = 24.0) -> None:
            await cog.guarded(interaction, cog.new(interaction, seats, deadline_hours))

        new.__annotations__ = {"interaction": discord.Interaction, "seats": app_commands.Range[int, low, high],
                               "deadline_hours": app_commands.Range[float, 0, 336], "return": None}
        command = app_commands.Command(name=_("new"), description=self.desc("table.desc.new"), callback=new)
        command._params["seats"].description = self.desc("table.desc.seats", low=low, high=high)
        command._params["deadline_hours"].description = self.desc("table.desc.deadline")
        group.add_command(command)

        def simple(name: str, method: Any) -> None:
            async def callback(interaction: discord.Interaction, game: int | None = None) -> None:
                await cog.guarded(interaction, method(interaction, game))

            callback.__annotations__ = {"interaction": discord.Interaction,
                                        "game": app_commands.Range[int, 1, 2**63 - 1] | None, "return": None}
            made = app_commands.Command(name=_(name), description=self.desc(f"table.desc.{name}"), callback=callback)
            made._params["game"].description = self.desc("table.desc.game")
            made.autocomplete("game")(cog.game_autocomplete)
            group.add_command(made)

        for name in ("join", "leave", "start", "status", "history", "export", "undo", "resign", "end"):
            simple(name, getattr(self, name))

        async def play(interaction: discord.Interaction, choice: str | None = None, game: int | None = None) -> None:
            await cog.guarded(interaction, cog.play(interaction, game, choice))

        play.__annotations__ = {"interaction": discord.Interaction, "choice": app_commands.Range[str, 1, 100] | None,
                                "game": app_commands.Range[int, 1, 2**63 - 1] | None, "return": None}
        made = app_commands.Command(name=_("play"), description=self.desc("table.desc.play"), callback=play)
        made._params["choice"].description = self.desc("table.desc.choice")
        made._params["game"].description = self.desc("table.desc.game")
        made.autocomplete("choice")(cog.choice_autocomplete)
        made.autocomplete("game")(cog.game_autocomplete)
        group.add_command(made)

        if plugin.bot_levels:
            async def addbot(interaction: discord.Interaction, level: str = plugin.bot_levels[0],
                             game: int | None = None) -> None:
                await cog.guarded(interaction, cog.addbot(interaction, level, game))

            addbot.__annotations__ = {"interaction": discord.Interaction, "level": str,
                                      "game": app_commands.Range[int, 1, 2**63 - 1] | None, "return": None}
            made = app_commands.Command(name=_("addbot"), description=self.desc("table.desc.addbot"), callback=addbot)
            made._params["level"].description = self.desc("table.desc.level")
            made._params["level"].choices = [app_commands.Choice(name=_(lv), value=lv) for lv in plugin.bot_levels]
            made._params["game"].description = self.desc("table.desc.game")
            group.add_command(made)

        async def kick(interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
            await cog.guarded(interaction, cog.kick(interaction, player, game))

        kick.__annotations__ = {"interaction": discord.Interaction, "player": discord.User,
                                "game": app_commands.Range[int, 1, 2**63 - 1] | None, "return": None}
        made = app_commands.Command(name=_("kick"), description=self.desc("table.desc.kick"), callback=kick)
        made._params["player"].description = self.desc("table.desc.player")
        made._params["game"].description = self.desc("table.desc.game")
        group.add_command(made)

        async def remove(interaction: discord.Interaction, player: discord.User, game: int | None = None) -> None:
            await cog.guarded(interaction, cog.remove(interaction, player, game))

        remove.__annotations__ = dict(kick.__annotations__)
        made = app_commands.Command(name=_("remove"), description=self.desc("table.desc.remove"), callback=remove)
        made._params["player"].description = self.desc("table.desc.player")
        made._params["game"].description = self.desc("table.desc.game")
        made.autocomplete("game")(cog.game_autocomplete)
        group.add_command(made)
        return group

    def desc(self, key: str, **params: Any) -> app_commands.locale_str:
        """A command text of this table: English now, the game's Chinese words through the translator."""
        english = self.t("en", key, **params)[:100]
        return _(english, table_key=key, game=self.plugin.key, name=self.plugin.name, **params)

    async def game_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[int]]:
        rows = await self.service.games_of(interaction.user.id, interaction.guild_id)
        return [app_commands.Choice(name=f"#{r.id} ({r.status})", value=r.id) for r in rows
                if not current or str(r.id).startswith(current.strip().lstrip("#"))][:25]

    # --- lobby -----------------------------------------------------------------------------------------

    def lobby_message(self, lang: str, game: PluginTable) -> dict[str, Any]:
        players = "\n".join(f"- {s.name}" + (f" {self.t(lang, 'table.auto.bot')}" if s.is_bot else "")
                            for s in sorted(game.seats, key=lambda s: s.seat))
        host = next((s.name for s in game.seats if s.user_id == game.row.host_id), "?")
        status = game.row.status  # the post stays true once the lobby is gone: playing, over or ended
        title = "table.lobby.title" if status == LOBBY else f"table.lobby.title.{status}"
        embed = discord.Embed(title=self.t(lang, title, game=game.id),
                              description=self.t(lang, "table.lobby.body", taken=len(game.seats),
                                                 seats=self.service.seat_limit(game), host=host, players=players),
                              color=0x3B5B7A)
        if game.row.status == LOBBY:
            content = self.t(lang, "table.lobby.created", game=game.id)
            return {"content": content, "embed": embed, "view": self.lobby_view(game.id, lang)}
        key = "table.lobby.started" if game.row.status == ACTIVE else "table.lobby.closed"
        return {"content": self.t(lang, key, game=game.id), "embed": embed, "view": None}

    def lobby_view(self, game_id: int, lang: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        lobby_button = self.items[0]
        actions = ["join", "leave", "start"] + (["bot"] if self.plugin.bot_levels else []) + ["remove"]
        for action in actions:
            view.add_item(lobby_button(self, action, game_id, lang))
        return view

    async def refresh_lobby(self, game: PluginTable) -> None:
        if game.row.lobby_message_id is None:
            return
        message = self.channel(game.row.channel_id).get_partial_message(game.row.lobby_message_id)
        try:
            await message.edit(**self.lobby_message(game.lang, game))
        except discord.HTTPException as exc:
            log.info("lobby message of game %s not updated: %s", game.id, exc)

    async def new(self, interaction: discord.Interaction, seats: int, deadline_hours: float) -> None:
        lang = lang_of(interaction.locale)
        host = person_of(interaction)
        game = await self.service.create(guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
                                         host=host, seats=seats, deadline_hours=deadline_hours or None,
                                         lang=lang_of(interaction.guild_locale or interaction.locale))
        mark_committed(interaction)
        await respond(interaction, **self.lobby_message(lang, game))
        message = await interaction.original_response()
        thread_id = await open_game_thread(interaction, message, game.id,
                                           self.t(lang, "table.lobby.thread_name", game=game.id), lang)
        await self.service.attach_messages(game.id, thread_id=thread_id, lobby_message_id=message.id)

    async def lobby_action(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        lang = lang_of(interaction.locale)
        person = person_of(interaction)
        if action == "start":
            await defer(interaction)
            update = await self.service.start(game_id, person)
            mark_committed(interaction)
            await self.refresh_lobby(update.game)
            await self.after_update(game_id)
            return
        if action == "bot":
            game = await self.service.load_for(game_id, person)
            self.service._need_lobby(game)
            self.service._need_host(game, person)
            view = discord.ui.View(timeout=None)
            view.add_item(self.items[1](self, game_id, lang))
            await interaction.response.send_message(self.t(lang, "table.lobby.pick_level"), view=view, ephemeral=True)
            return
        if action == "remove":  # the host picks who goes in a private menu
            game = await self.service.load_for(game_id, person)
            self.service.check_can_remove(game, person)
            seats = removable_seats(game.seats, game.row.host_id)
            if not seats:
                await interaction.response.send_message(tr(lang, "lobby.remove_nobody", game=game_id), ephemeral=True)
                return
            view = discord.ui.View(timeout=None)
            view.add_item(self.items[6](self, game_id, seats))
            await interaction.response.send_message(tr(lang, "lobby.remove_pick", game=game_id), view=view,
                                                    ephemeral=True)
            return
        game = await (self.service.join if action == "join" else self.service.leave)(game_id, person)
        mark_committed(interaction)
        await interaction.response.edit_message(**self.lobby_message(game.lang, game))

    async def add_bot_from_menu(self, interaction: discord.Interaction, game_id: int, level: str) -> None:
        lang = lang_of(interaction.locale)
        game = await self.service.add_bot(game_id, person_of(interaction), level)
        mark_committed(interaction)
        await interaction.response.edit_message(
            content=self.t(lang, "table.lobby.bot_added", level=tr(lang, level), game=game.id), view=None)
        await self.refresh_lobby(game)

    async def remove_from_menu(self, interaction: discord.Interaction, game_id: int, value: str) -> None:
        game, removed = await self.service.remove(game_id, person_of(interaction), **removal_target(value, game_id))
        await report_removal(self, interaction, game, removed, from_menu=True)

    async def remove(self, interaction: discord.Interaction, player: discord.User, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        table, removed = await self.service.remove(found.id, person_of(interaction), user_id=player.id)
        await report_removal(self, interaction, table, removed, from_menu=False)

    async def join(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        joined = await self.service.join(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, self.t(lang_of(interaction.locale), "table.joined", game=joined.id), ephemeral=True)
        await self.refresh_lobby(joined)

    async def leave(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        left = await self.service.leave(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, self.t(lang_of(interaction.locale), "table.left", game=left.id), ephemeral=True)
        await self.refresh_lobby(left)

    async def addbot(self, interaction: discord.Interaction, level: str, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        table = await self.service.add_bot(found.id, person_of(interaction), level)
        mark_committed(interaction)
        lang = lang_of(interaction.locale)
        await respond(interaction, self.t(lang, "table.lobby.bot_added", level=tr(lang, level), game=table.id),
                      ephemeral=True)
        await self.refresh_lobby(table)

    async def start(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.service.start(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, self.t(lang_of(interaction.locale), "table.lobby.started", game=found.id),
                      ephemeral=True)
        await self.refresh_lobby(update.game)
        await self.after_update(found.id)

    # --- panels ----------------------------------------------------------------------------------------

    async def play(self, interaction: discord.Interaction, game: int | None, choice: str | None = None) -> None:
        """Without ``choice``: the private panel. With it: the whole answer at once, as autocomplete
        offered it (``<picks>|<prompt key>``) or typed as its words ("7 red", "7 · red")."""
        found = await self.resolve(interaction, game)
        if choice is None:
            await self.show_panel(interaction, found.id, None, [], new=True)
            return
        key, picks = self.parse_choice(found, interaction, choice)
        await self.show_panel(interaction, found.id, key, picks, new=True)

    def my_prompt(self, game: PluginTable, interaction: discord.Interaction) -> Prompt | None:
        seat = self.service._seat_for(game, person_of(interaction))
        return next((p for p in game.prompts if p.seat == seat), None)

    def choices_for(self, game: PluginTable, prompt: Prompt, lang: str) -> list[tuple[str, list[int]]]:
        """Every complete answer to ``prompt``: its words and its picks, in the panel's order."""
        view = game.view(prompt.seat)
        paths = [self.plugin.action_path(view, a, lang)
                 for a in distinct(self.plugin.legal_actions(game.state, prompt))]
        out: list[tuple[str, list[int]]] = []
        frontier: list[list[int]] = [[]]
        while frontier:
            picked = frontier.pop(0)
            found = step_options(paths, picked)
            if found is None:
                continue
            labels, _alive = found
            if not labels:
                out.append((" · ".join(picked_labels(paths, picked)), picked))
            frontier += [[*picked, k] for k in range(len(labels))]
        return out

    def parse_choice(self, game: PluginTable, interaction: discord.Interaction, choice: str) -> tuple[str, list[int]]:
        lang = lang_of(interaction.locale)
        if game.row.status != ACTIVE:
            raise GameError("game_finished" if game.row.status != LOBBY else "not_started")
        prompt = self.my_prompt(game, interaction)
        if prompt is None:
            raise GameError("not_awaited")
        match = re.fullmatch(r"([0-9.]{0,11})\|(.{1,48})", choice)
        if match:  # as autocomplete offered it
            return match.group(2), _path_text(match.group(1))
        wanted = _words(choice)
        for words, picks in self.choices_for(game, prompt, lang):
            if _words(words) == wanted:
                return prompt.key, picks
        raise GameError("no_such_choice", choice=choice[:60])

    async def choice_autocomplete(self, interaction: discord.Interaction, current: str
                                  ) -> list[app_commands.Choice[str]]:
        try:
            game_id = getattr(interaction.namespace, "game", None)
            found = await self.resolve(interaction, game_id)
            prompt = self.my_prompt(found, interaction) if found.row.status == ACTIVE else None
        except GameError:
            return []
        if prompt is None:
            return []
        lang = lang_of(interaction.locale)
        typed = _words(current)
        out = []
        for words, picks in self.choices_for(found, prompt, lang):
            if typed and not _words(words).startswith(typed):
                continue
            out.append(app_commands.Choice(name=words[:100], value=f"{'.'.join(map(str, picks))}|{prompt.key}"))
        return out[:25]

    async def open_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        await self.show_panel(interaction, game_id, None, [], new=True)

    def prompt_words(self, lang: str, prompt: Prompt) -> str:
        key = f"{self.plugin.key}.decision.{prompt.kind}"
        return tr(lang, key) if key in MESSAGES else prompt.kind

    async def show_panel(self, interaction: discord.Interaction, game_id: int, key: str | None,
                         picked: list[int], *, new: bool) -> None:
        lang = lang_of(interaction.locale)
        person = person_of(interaction)
        game = await self.service.load_for(game_id, person)
        if game.row.status != ACTIVE:
            raise GameError("game_finished" if game.row.status != LOBBY else "not_started")
        seat = self.service._seat_for(game, person)
        mine = [p for p in game.prompts if p.seat == seat]
        prompt = next((p for p in mine if p.key == key), None) if key is not None else (mine[0] if mine else None)
        if prompt is None:
            if key is not None:
                raise GameError("stale")
            await reply_ephemeral(interaction, self.t(lang, "table.panel.nothing", game=game_id))
            return
        view = game.view(seat)
        legal = distinct(self.plugin.legal_actions(game.state, prompt))
        paths = [self.plugin.action_path(view, a, lang) for a in legal]
        found = step_options(paths, picked)
        if found is None:
            raise GameError("stale")
        labels, alive = found
        if not labels:  # the picks name one action: play it
            action = legal[alive[0]]
            if not new:
                await defer(interaction)
            else:
                await defer(interaction, ephemeral=True, thinking=True)
            await self.service.act(game_id, person, prompt.key, action)
            mark_committed(interaction)
            done = self.t(lang, "table.panel.done", picked=" · ".join(picked_labels(paths, picked)))
            if new:
                await interaction.followup.send(done, ephemeral=True)
            else:
                await interaction.edit_original_response(content=done, view=None, attachments=[])
            await self.after_update(game_id)
            return
        steps = max(len(p) for p in paths)
        lines = self.plugin.status_lines(view, lang)
        lines.append(self.t(lang, "table.panel.pick", what=self.prompt_words(lang, prompt), step=len(picked) + 1,
                            steps=steps))
        if picked:
            lines.append(self.t(lang, "table.panel.picked", picked=" · ".join(picked_labels(paths, picked))))
        panel = discord.ui.View(timeout=None)
        step_select = self.items[2]
        for chunk in range(min(MAX_SELECTS, (len(labels) + MAX_OPTIONS - 1) // MAX_OPTIONS)):
            panel.add_item(step_select(self, game_id, chunk, picked, prompt.key, labels, lang))
        text = "\n".join(lines)[:2000]
        files = await self.panel_files(game, seat, view)
        if new:
            await respond(interaction, text, view=panel, ephemeral=True, files=files)
        else:
            await interaction.response.edit_message(content=text, view=panel, attachments=files)

    async def panel_files(self, game: PluginTable, seat: int, view: dict[str, Any]) -> list[discord.File]:
        """Images for a seat's private panel (a game's own cog may draw its hand)."""
        return []

    # --- information -----------------------------------------------------------------------------------

    async def status(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        lang = lang_of(interaction.locale)
        if found.state is None:
            await respond(interaction, self.t(lang, "table.status.lobby", game=found.id), ephemeral=True)
            return
        lines = self.plugin.status_lines(found.view(None), lang)  # the spectator's view: this reply is for anyone
        if found.row.status == ACTIVE:
            lines.append(self.t(lang, "table.waiting", names=self.waiting_names(found)))
        else:
            lines.append(self.ranking(lang, found))
        await respond(interaction, "\n".join(lines)[:2000], ephemeral=True)

    def waiting_names(self, game: PluginTable) -> str:
        return ", ".join(dict.fromkeys(game.seat_row(p.seat).name for p in game.prompts)) or "-"

    def ranking(self, lang: str, game: PluginTable) -> str:
        results = sorted(self.plugin.result(game.state), key=lambda r: (r.rank, r.seat))
        return "\n".join(self.t(lang, "table.rank_line", rank=r.rank, name=game.seat_row(r.seat).name, score=r.score)
                         for r in results)

    async def history(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        lang = lang_of(interaction.locale)
        done = await self.service.history(found.id, person_of(interaction))
        if not done:
            await respond(interaction, self.t(lang, "table.history.empty"), ephemeral=True)
            return
        view = found.view(None) if found.state is not None else {}
        lines = [self.done_line(lang, found, view, d) for d in done[-20:]]
        await respond(interaction, "\n".join(lines)[-2000:], ephemeral=True)

    async def export(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        lang = lang_of(interaction.locale)
        if found.state is None:
            raise GameError("not_started")
        over = self.plugin.is_over(found.state)
        record = self.plugin.record(found.state, hidden=over)  # hidden information only once it is over
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        name = f"{self.plugin.key}-{found.id}.json"
        text = self.t(lang, "table.export.done" if over else "table.export.running", game=found.id)
        await respond(interaction, text, file=discord.File(io.BytesIO(data), filename=name), ephemeral=True)

    # --- leaving, undo, ending ---------------------------------------------------------------------------

    async def undo(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        lang = lang_of(interaction.locale)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.service.undo(found.id, person_of(interaction))
        mark_committed(interaction)
        key = "table.undo_sent" if update.undo_request else "table.undone_you"
        await respond(interaction, self.t(lang, key), ephemeral=True)
        await self.after_update(found.id)

    async def answer_undo(self, interaction: discord.Interaction, game_id: int, accept: bool) -> None:
        lang = lang_of(interaction.locale)
        await defer(interaction, ephemeral=True, thinking=True)
        update = await self.service.answer_undo(game_id, person_of(interaction), accept=accept)
        mark_committed(interaction)
        if update.undo_request is not None:  # others still to agree
            waiting = [s.name for s in update.game.humans
                       if s.seat != update.undo_request["seat"] and s.seat not in update.undo_request["accepted"]]
            await respond(interaction, self.t(lang, "table.undo_accepted", names=", ".join(waiting)), ephemeral=True)
        else:
            await respond(interaction, self.t(lang, "table.panel.done", picked=tr(lang, "table.button.yes" if accept
                                                                                  else "table.button.no")),
                          ephemeral=True)
        await self.after_update(game_id)

    async def resign(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        await self.service.resign(found.id, person_of(interaction))
        mark_committed(interaction)
        await respond(interaction, self.t(lang_of(interaction.locale), "table.resigned_you"), ephemeral=True)
        await self.after_update(found.id)

    async def kick(self, interaction: discord.Interaction, player: discord.User, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        await defer(interaction, ephemeral=True, thinking=True)
        await self.service.kick(found.id, person_of(interaction), player.id)
        mark_committed(interaction)
        await respond(interaction, self.t(lang_of(interaction.locale), "table.kicked_done",
                                          name=safe_name(player.display_name)), ephemeral=True)
        await self.after_update(found.id)

    async def end(self, interaction: discord.Interaction, game: int | None) -> None:
        found = await self.resolve(interaction, game)
        lang = lang_of(interaction.locale)
        self.service.check_can_end(found, person_of(interaction))
        view = discord.ui.View(timeout=None)
        view.add_item(self.items[4](self, found.id, found.row.version, lang))
        await respond(interaction, self.t(lang, "table.end.confirm", game=found.id), view=view, ephemeral=True)

    async def confirm_end(self, interaction: discord.Interaction, game_id: int, version: int) -> None:
        lang = lang_of(interaction.locale)
        game = await self.service.load_for(game_id, person_of(interaction))
        if game.row.version != version:
            raise GameError("stale")
        update = await self.service.end(game_id, person_of(interaction))
        mark_committed(interaction)
        await interaction.response.edit_message(content=self.t(lang, "table.end.done", game=game_id), view=None)
        if update.game.row.thread_id is None:
            await self.channel(update.game.row.channel_id).send(tr(update.game.lang, "ended", game=game_id,
                                                                   name=person_of(interaction).name))
        await self.refresh_lobby(update.game)
        await self.after_update(game_id)

    # --- announcements -------------------------------------------------------------------------------------

    def without_prompt(self, lang: str, view: dict[str, Any], line: str) -> str:
        """``line`` less the closing line that says who acts next (the game's ``prompt_line``)."""
        prompt = self.plugin.prompt_line(view, lang)
        head, _, last = line.rpartition("\n")
        return head if prompt and head and last == prompt else line

    def done_line(self, lang: str, game: PluginTable, view: dict[str, Any], done: Any) -> str:
        name = game.seat_row(done.seat).name
        auto = ""
        if done.auto and (done.auto != "bot" or not game.seat_row(done.seat).is_bot):
            auto = " " + self.t(lang, f"table.auto.{done.auto}")
        if done.sealed:  # who answered is public, what they answered is not; the last answer may reveal
            line = self.t(lang, "table.history.sealed", name=name) + auto
            if done.resolved:
                revealed = self.plugin.describe(view, name, done.kind, done.public, lang)
                line += ("\n" + revealed) if revealed else ""
            return line
        return self.plugin.describe(view, name, done.kind, done.public, lang) + auto

    async def parts_of(self, row: OutboxRow) -> list[Part]:
        game = await self.service.load(row.game_id)
        if row.state is not None:
            game.state = self.plugin.load(json.loads(row.state))
        update = TableUpdate.from_outbox(game, row.payload)
        lang = game.lang
        home = game.row.home_channel
        spectator = game.view(None) if game.state is not None else {}
        parts: list[Part] = []
        lines: list[str] = []
        if update.ended_by:
            lines.append(tr(lang, "ended", game=game.id, name=update.ended_by))
        if update.started:
            names = ", ".join(s.name for s in sorted(game.seats, key=lambda s: s.seat))
            lines.append(self.t(lang, "table.started", game=game.id, players=names))
        for key, params in update.notes:
            if key == "undo_asked":
                mentions = " ".join(f"<@{s.user_id}>" for s in game.humans
                                    if s.seat != (update.undo_request or {}).get("seat"))
                lines.append(self.t(lang, "table.undo_asked", mentions=mentions, **params))
            elif f"table.{key}" in MESSAGES:
                lines.append(self.t(lang, f"table.{key}", **params))
            else:
                lines.append(tr(lang, key, **params))
        sealed_total = len(game.seats)
        open_sealed = 0 if game.state is None else sum(1 for p in self.plugin.awaiting(game.state) if p.sealed)
        for i, done in enumerate(update.done):
            if done.sealed and not done.resolved and game.state is not None:
                # Counted as it was right after this answer: the sealed answers after it in this update
                # were still open then.
                later = sum(1 for d in update.done[i + 1:] if d.sealed and not d.resolved)
                lines.append(self.t(lang, "table.sealed_answered", name=game.seat_row(done.seat).name,
                                    done=sealed_total - open_sealed - later, total=sealed_total))
            else:
                line = self.done_line(lang, game, done.view or spectator, done)
                nxt = update.done[i + 1] if i + 1 < len(update.done) else None
                if nxt is not None and nxt.auto:  # answered for that seat at once: no prompt to it
                    line = self.without_prompt(lang, done.view or spectator, line)
                lines.append(line)
        # A bot's reply can end with the same prompt line as the move before it: say each line once, last.
        lines = [line for i, line in enumerate(lines) if line not in lines[i + 1:]]
        text = "\n".join(lines)
        if lines and update.undo_request is not None and not update.done:  # the others answer under it
            view = discord.ui.View(timeout=None)
            for answer in ("yes", "no"):
                view.add_item(self.items[3](self, answer, game.id, game.row.version, lang))
            parts.append(Part(home, lambda: text_view(text, view)))
        elif lines:
            parts.append(Part(home, lambda: self.announcement(game, update, text, spectator)))
        if update.reminder is not None and game.row.status == ACTIVE:
            seat = game.seat_row(int(update.reminder["seat"]))
            timers = await self.bot.storage.get_timers(game.id)
            at = self.service.deadline_of(timers, seat.seat) or self.bot.now()
            prompt = game.prompt(seat.seat, str(update.reminder["key"]))
            reminded = [game.seat_row(int(n)) for n in update.reminder.get("seats", [seat.seat])]
            mentions = " ".join(f"<@{s.user_id}>" for s in reminded if s.user_id is not None)
            if prompt is not None and mentions:
                text = self.t(lang, "table.reminder", mention=mentions, what=self.prompt_words(lang, prompt),
                              at=int(at))
                parts.append(Part(home, lambda text=text: self.ping_message(game, text)))
        if update.finished and game.state is not None:
            text = self.t(lang, "table.finished", game=game.id, ranking=self.ranking(lang, game))
            parts.append(Part(home, lambda text=text: self.final_message(game, text, spectator)))
        elif game.row.status == ACTIVE and self.should_ping(update):
            ping = await self.ping_text(lang, game)
            if ping:
                parts.append(Part(home, lambda text=ping: self.ping_message(game, text)))
        return parts

    @staticmethod
    def should_ping(update: TableUpdate) -> bool:
        """Ping who must act after a start, an undo, or anything but a lone sealed answer (whose
        other seats were pinged when the sealed round opened)."""
        if update.started or update.ping:
            return True
        return any(not d.sealed or d.resolved for d in update.done)

    async def ping_text(self, lang: str, game: PluginTable) -> str | None:
        people = [(game.seat_row(p.seat), p) for p in game.prompts if not game.seat_row(p.seat).auto_played]
        if not people:
            return None
        mentions = " ".join(dict.fromkeys(f"<@{s.user_id}>" for s, _ in people))
        what = ", ".join(dict.fromkeys(self.prompt_words(lang, p) for _, p in people))
        text = self.t(lang, "table.your_move", mentions=mentions, what=what)
        timers = await self.bot.storage.get_timers(game.id)
        at = self.service.deadline_of(timers, people[0][0].seat)
        if at is not None:
            text += " " + self.t(lang, "table.deadline_at", at=int(at))
        return text

    async def announcement(self, game: PluginTable, update: TableUpdate, text: str,
                           spectator: dict[str, Any]) -> dict[str, Any]:
        """A post about what happened (a game's own cog may add its board image)."""
        return {"content": text}

    async def final_message(self, game: PluginTable, text: str, spectator: dict[str, Any]) -> dict[str, Any]:
        return {"content": text}

    async def ping_message(self, game: PluginTable, text: str) -> dict[str, Any]:
        view = discord.ui.View(timeout=None)
        view.add_item(self.items[5](self, game.id, game.lang))
        return {"content": text, "view": view,
                "allowed_mentions": discord.AllowedMentions(users=True, roles=False, everyone=False)}

    async def after_posted(self, row: OutboxRow) -> None:
        if row.payload.get("started") or row.payload.get("finished") or row.payload.get("ended_by"):
            await self.refresh_lobby(await self.service.load(row.game_id))


def _cog_of(interaction: discord.Interaction, key: str) -> PluginCog:
    cog = interaction.client.plugin_cogs.get(key)  # type: ignore[attr-defined]
    assert cog is not None, f"the {key} table is not loaded"
    return cog  # type: ignore[no-any-return]


class _Guarded(Guarded):
    """The shared component guard (each delivery once); refusals in the words of this game's table."""

    key: str

    async def run(self, interaction: discord.Interaction, coro: Any) -> None:
        cog = _cog_of(interaction, self.key)
        try:
            await cog.guarded(interaction, coro)
        except Exception as exc:
            await reply_failure(interaction, exc)


def _component_items(key: str) -> list[type]:
    """The persistent components of one game's table (lobby, bot level, panel steps, undo answers,
    end confirmation, open-panel button), with custom ids under the game's key."""
    k = re.escape(key)

    class LobbyButton(_Guarded, discord.ui.DynamicItem[discord.ui.Button],
                      template=rf"{k}:lobby:(?P<action>join|leave|start|bot|remove):(?P<game>\d+)"):
        def __init__(self, cog: PluginCog | None, action: str, game_id: int, lang: str = "en") -> None:
            super().__init__(discord.ui.Button(label=tr(lang, LOBBY_LABELS[action]), style=LOBBY_STYLES[action],
                                               custom_id=f"{key}:lobby:{action}:{game_id}"))
            self.key, self.action, self.game_id = key, action, game_id

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, match["action"], int(match["game"]), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            await self.run(interaction, cog.lobby_action(interaction, self.game_id, self.action))

    class BotLevelSelect(_Guarded, discord.ui.DynamicItem[discord.ui.Select], template=rf"{k}:botlevel:(?P<game>\d+)"):
        def __init__(self, cog: PluginCog | None, game_id: int, lang: str = "en", levels: tuple[str, ...] = ()) -> None:
            levels = cog.plugin.bot_levels if cog is not None else levels
            super().__init__(discord.ui.Select(custom_id=f"{key}:botlevel:{game_id}", options=[
                discord.SelectOption(label=tr(lang, lv)[:100], value=lv) for lv in levels] or [
                discord.SelectOption(label="-", value="-")]))
            self.key, self.game_id = key, game_id

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, int(match["game"]), lang_of(interaction.locale), ("-",))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            values = (interaction.data or {}).get("values") or [""]  # type: ignore[union-attr]
            await self.run(interaction, cog.add_bot_from_menu(interaction, self.game_id, str(values[0])))

    class StepSelect(_Guarded, discord.ui.DynamicItem[discord.ui.Select],
                     template=rf"{k}:step:(?P<game>\d+):(?P<chunk>\d):(?P<path>[0-9.]{{0,11}})\|(?P<pkey>.{{1,48}})"):
        def __init__(self, cog: PluginCog | None, game_id: int, chunk: int, picked: list[int], pkey: str,
                     labels: list[str] | None = None, lang: str = "en") -> None:
            path = ".".join(map(str, picked))
            shown = list(enumerate(labels or []))[chunk * MAX_OPTIONS:(chunk + 1) * MAX_OPTIONS]
            # Values are "o<index>", never a bare number, so they cannot be mistaken for a label.
            options = [discord.SelectOption(label=label[:100] or "-", value=f"o{i}") for i, label in shown]
            custom_id = f"{key}:step:{game_id}:{chunk}:{path}|{pkey}"
            if len(path) > 11 or not 0 < len(pkey) <= 48:
                raise ValueError(f"{key}: a panel needs prompt keys of 1-48 characters and at most 4 steps")
            super().__init__(discord.ui.Select(
                custom_id=custom_id,
                placeholder=tr(lang, "table.panel.placeholder"),
                options=options or [discord.SelectOption(label="-", value="o0")]))
            self.key, self.game_id, self.picked, self.pkey = key, game_id, picked, pkey

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, int(match["game"]), int(match["chunk"]), _path_text(match["path"]), match["pkey"])

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            values = (interaction.data or {}).get("values") or ["x"]  # type: ignore[union-attr]
            value = str(values[0]).removeprefix("o")
            if not value.isdigit() or len(value) > 3:
                await self.run(interaction, _refuse("stale"))
                return
            await self.run(interaction, cog.show_panel(interaction, self.game_id, self.pkey,
                                                       [*self.picked, int(value)], new=False))

    class UndoAnswer(_Guarded, discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"{k}:undo:(?P<answer>yes|no):(?P<game>\d+):(?P<version>\d+)"):
        def __init__(self, cog: PluginCog | None, answer: str, game_id: int, version: int, lang: str = "en") -> None:
            style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.secondary
            super().__init__(discord.ui.Button(label=tr(lang, f"table.button.{answer}"), style=style,
                                               custom_id=f"{key}:undo:{answer}:{game_id}:{version}"))
            self.key, self.answer, self.game_id = key, answer, game_id

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, match["answer"], int(match["game"]), int(match["version"]), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            await self.run(interaction, cog.answer_undo(interaction, self.game_id, self.answer == "yes"))

    class EndConfirm(_Guarded, discord.ui.DynamicItem[discord.ui.Button],
                     template=rf"{k}:end:(?P<game>\d+):(?P<version>\d+)"):
        def __init__(self, cog: PluginCog | None, game_id: int, version: int, lang: str = "en") -> None:
            super().__init__(discord.ui.Button(label=tr(lang, "table.button.end", game=game_id),
                                               style=discord.ButtonStyle.danger,
                                               custom_id=f"{key}:end:{game_id}:{version}"))
            self.key, self.game_id, self.version = key, game_id, version

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, int(match["game"]), int(match["version"]), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            await self.run(interaction, cog.confirm_end(interaction, self.game_id, self.version))

    class OpenPanel(_Guarded, discord.ui.DynamicItem[discord.ui.Button], template=rf"{k}:open:(?P<game>\d+)"):
        def __init__(self, cog: PluginCog | None, game_id: int, lang: str = "en") -> None:
            super().__init__(discord.ui.Button(label=tr(lang, "table.button.act"), style=discord.ButtonStyle.primary,
                                               custom_id=f"{key}:open:{game_id}"))
            self.key, self.game_id = key, game_id

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, int(match["game"]), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            await self.run(interaction, cog.open_panel(interaction, self.game_id))

    class RemoveSelect(_Guarded, discord.ui.DynamicItem[discord.ui.Select], template=rf"{k}:remove:(?P<game>\d+)"):
        def __init__(self, cog: PluginCog | None, game_id: int, seats: list[tuple[str, str]] | None = None) -> None:
            options = [discord.SelectOption(label=label[:100] or "?", value=value) for label, value in seats or []]
            super().__init__(discord.ui.Select(custom_id=f"{key}:remove:{game_id}",
                                               options=options[:MAX_OPTIONS] or [discord.SelectOption(label="-")]))
            self.key, self.game_id = key, game_id

        @classmethod
        async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]) -> Any:
            return cls(None, int(match["game"]))

        async def callback(self, interaction: discord.Interaction) -> None:
            cog = _cog_of(interaction, key)
            values = (interaction.data or {}).get("values") or [""]  # type: ignore[union-attr]
            await self.run(interaction, cog.remove_from_menu(interaction, self.game_id, str(values[0])))

    return [LobbyButton, BotLevelSelect, StepSelect, UndoAnswer, EndConfirm, OpenPanel, RemoveSelect]


async def _refuse(code: str) -> None:
    raise GameError(code)


__all__ = ["PluginCog", "picked_labels", "step_options"]
