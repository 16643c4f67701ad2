"""Buttons of Calico games, as persistent ``DynamicItem``s (the panels' menus live in ``panels``).

Every custom id carries what the click needs (game id, the state version the panel was built for
and the choices made so far), so nothing is kept in memory: old messages keep working after a
restart, and a click on a panel built for an older version is refused as stale by the service.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from typing import Protocol

import discord

from calico_bot.app.kit import LOBBY_LABELS, LOBBY_STYLES
from calico_bot.games.calico.messages import tr
from calico_bot.services.i18n import lang_of

from .calico_panels import Guarded, PanelKit, handler


class CalicoTable(Protocol):
    """What the buttons here ask of the Calico cog (found by name: this module does not import it)."""

    def lobby_action(self, interaction: discord.Interaction, game_id: int, action: str) -> Awaitable[None]: ...
    def add_bot_from_menu(self, interaction: discord.Interaction, game_id: int, level: str) -> Awaitable[None]: ...
    def remove_from_menu(self, interaction: discord.Interaction, game_id: int, value: str) -> Awaitable[None]: ...
    def confirm_end(self, interaction: discord.Interaction, game_id: int, version: int) -> Awaitable[None]: ...
    def open_turn_panel(self, interaction: discord.Interaction, game_id: int) -> Awaitable[None]: ...
    def open_goals_panel(self, interaction: discord.Interaction, game_id: int) -> Awaitable[None]: ...
    def answer_undo(self, interaction: discord.Interaction, game_id: int, accept: bool) -> Awaitable[None]: ...


def _cog(interaction: discord.Interaction) -> CalicoTable:
    return handler(interaction, "CalicoCog")  # type: ignore[return-value]


# --- lobby ---------------------------------------------------------------------------------------


class LobbyButton(
    Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cal:lobby:(?P<action>join|leave|start|bot|remove):(?P<game>\d+)",
):
    def __init__(self, action: str, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, LOBBY_LABELS[action]),
                style=LOBBY_STYLES[action],
                custom_id=f"cal:lobby:{action}:{game_id}",
            )
        )
        self.action = action
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).lobby_action(interaction, self.game_id, self.action))


def lobby_view(game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "bot", "remove"):
        view.add_item(LobbyButton(action, game_id, lang))
    return view


# --- opening panels --------------------------------------------------------------------------------


class OpenPanelButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button], template=r"cal:(?P<what>turn|goals):(?P<game>\d+)"
):
    def __init__(self, what: str, game_id: int, lang: str = "en") -> None:
        key = "button.take_turn" if what == "turn" else "button.choose_goals"
        super().__init__(
            discord.ui.Button(label=tr(lang, key), style=discord.ButtonStyle.primary, custom_id=f"cal:{what}:{game_id}")
        )
        self.what = what
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> OpenPanelButton:
        return cls(match["what"], int(match["game"]), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = _cog(interaction)
        if self.what == "turn":
            await self.run(interaction, cog.open_turn_panel(interaction, self.game_id))
        else:
            await self.run(interaction, cog.open_goals_panel(interaction, self.game_id))


def open_panel_view(what: str, game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanelButton(what, game_id, lang))
    return view


class BotLevelSelect(Guarded, discord.ui.DynamicItem[discord.ui.Select], template=r"cal:addbot:(?P<game>\d+)"):
    """The host's private menu behind the lobby's "Add bot" button: which strength of bot to seat."""

    def __init__(self, game_id: int, lang: str = "en") -> None:
        options = [
            discord.SelectOption(label=tr(lang, f"bot.level.{level}"), value=level)
            for level in ("easy", "medium", "hard")
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"cal:addbot:{game_id}", options=options, placeholder=tr(lang, "bot.level.placeholder")
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> BotLevelSelect:
        return cls(int(match["game"]), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        level = self.item.values[0] if self.item.values else "medium"
        await self.run(interaction, _cog(interaction).add_bot_from_menu(interaction, self.game_id, level))


def bot_level_view(game_id: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BotLevelSelect(game_id, lang))
    return view


class RemoveSelect(Guarded, discord.ui.DynamicItem[discord.ui.Select], template=r"cal:remove:(?P<game>\d+)"):
    """The host's private menu behind the lobby's "Remove player" button: who leaves the lobby."""

    def __init__(self, game_id: int, seats: list[tuple[str, str]] | None = None) -> None:
        options = [discord.SelectOption(label=label[:100] or "?", value=value) for label, value in seats or []]
        super().__init__(discord.ui.Select(custom_id=f"cal:remove:{game_id}",
                                           options=options[:25] or [discord.SelectOption(label="-")]))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> RemoveSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else ""
        await self.run(interaction, _cog(interaction).remove_from_menu(interaction, self.game_id, value))


def remove_view(game_id: int, seats: list[tuple[str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RemoveSelect(game_id, seats))
    return view


class EndConfirmButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button], template=r"cal:end:(?P<game>\d+):(?P<version>\d+)"
):
    """The host's private "yes, end it" after ``/calico end`` (a game is not ended by one slip)."""

    def __init__(self, game_id: int, version: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(label=tr(lang, "button.end_confirm", game=game_id), style=discord.ButtonStyle.danger,
                              custom_id=f"cal:end:{game_id}:{version}")
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> EndConfirmButton:
        return cls(int(match["game"]), int(match["version"]), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).confirm_end(interaction, self.game_id, self.version))


def end_confirm_view(game_id: int, version: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(EndConfirmButton(game_id, version, lang))
    return view


# --- the turn and design-goal panels ------------------------------------------------------------------

CALICO_PANELS = PanelKit("cal", "CalicoCog")

class UndoAnswerButton(
    Guarded, discord.ui.DynamicItem[discord.ui.Button],
    template=r"cal:undo:(?P<answer>yes|no):(?P<game>\d+):(?P<version>\d+)",
):
    """Agree to, or refuse, another player's undo of a turn that showed the table a new tile."""

    def __init__(self, answer: str, game_id: int, version: int, lang: str = "en") -> None:
        style = discord.ButtonStyle.success if answer == "yes" else discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=tr(lang, f"table.button.{answer}"), style=style,
                                           custom_id=f"cal:undo:{answer}:{game_id}:{version}"))
        self.answer = answer
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> UndoAnswerButton:
        return cls(match["answer"], int(match["game"]), int(match["version"]), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).answer_undo(interaction, self.game_id, self.answer == "yes"))


def undo_answer_view(game_id: int, version: int, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(UndoAnswerButton(answer, game_id, version, lang))
    return view


DYNAMIC_ITEMS = (LobbyButton, OpenPanelButton, BotLevelSelect, RemoveSelect, EndConfirmButton, UndoAnswerButton,
                 *CALICO_PANELS.items)
