"""Buttons and select menus of Calico games, as persistent ``DynamicItem``s.

Every custom id carries what the click needs (game id, the state version the panel was built for
and the choices made so far), so nothing is kept in memory: old messages keep working after a
restart, and a click on a panel built for an older version is refused as stale by the service.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from calico_bot.calico.components import GOAL_SPACES
from calico_bot.calico.geometry import label
from calico_bot.services.calico_games import GameError, LoadedGame
from calico_bot.services.i18n import lang_of, tr
from calico_bot.services.presenter import tile_text

if TYPE_CHECKING:
    from .calico import CalicoCog


def _cog(interaction: discord.Interaction) -> CalicoCog:
    cog = interaction.client.get_cog("CalicoCog")  # type: ignore[attr-defined]
    assert cog is not None
    return cog  # type: ignore[return-value]


class _Guarded:
    """Routes refusals raised inside a component callback to the same polite ephemeral reply."""

    async def run(self, interaction: discord.Interaction, coro: Any) -> None:
        from calico_bot.app.bot import game_error_text, reply_ephemeral

        try:
            await coro
        except GameError as exc:
            await reply_ephemeral(interaction, game_error_text(lang_of(interaction.locale), exc))


# --- lobby ---------------------------------------------------------------------------------------


class LobbyButton(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cal:lobby:(?P<action>join|leave|start|bot):(?P<game>\d+)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "bot": discord.ButtonStyle.secondary,
    }
    LABELS: ClassVar[dict[str, str]] = {
        "join": "button.join",
        "leave": "button.leave",
        "start": "button.start",
        "bot": "button.add_bot",
    }

    def __init__(self, action: str, game_id: int, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, self.LABELS[action]),
                style=self.STYLES[action],
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
    for action in ("join", "leave", "start", "bot"):
        view.add_item(LobbyButton(action, game_id, lang))
    return view


# --- opening panels --------------------------------------------------------------------------------


class OpenPanelButton(
    _Guarded, discord.ui.DynamicItem[discord.ui.Button], template=r"cal:(?P<what>turn|goals):(?P<game>\d+)"
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


# --- the turn panel --------------------------------------------------------------------------------

NONE = "-"


class TurnPicks:
    """Choices made so far in a turn panel: hand tile (0 = none), space ('-' = none), take (0 = none)."""

    def __init__(self, tile: int = 0, space: str = NONE, take: int = 0) -> None:
        self.tile, self.space, self.take = tile, space, take

    def key(self) -> str:
        return f"{self.tile}:{self.space}:{self.take}"


class TurnSelect(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cal:p:(?P<game>\d+):(?P<ver>\d+):(?P<tile>\d):(?P<space>[A-E][1-5]|-):(?P<take>\d):(?P<field>[tsk])",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        picks: TurnPicks,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cal:p:{game_id}:{version}:{picks.key()}:{field}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id, self.version, self.picks, self.field = game_id, version, picks, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> TurnSelect:
        picks = TurnPicks(int(match["tile"]), match["space"], int(match["take"]))
        return cls(int(match["game"]), int(match["ver"]), picks, match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else NONE
        picks = TurnPicks(self.picks.tile, self.picks.space, self.picks.take)
        if self.field == "t":
            picks.tile = int(value)
        elif self.field == "s":
            picks.space = value
        else:
            picks.take = int(value)
        await self.run(interaction, _cog(interaction).update_turn_panel(interaction, self.game_id, self.version, picks))


class TurnConfirm(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cal:go:(?P<game>\d+):(?P<ver>\d+):(?P<tile>\d):(?P<space>[A-E][1-5]|-):(?P<take>\d)",
):
    def __init__(self, game_id: int, version: int, picks: TurnPicks, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, "button.confirm"),
                style=discord.ButtonStyle.success,
                custom_id=f"cal:go:{game_id}:{version}:{picks.key()}",
            )
        )
        self.game_id, self.version, self.picks = game_id, version, picks

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> TurnConfirm:
        picks = TurnPicks(int(match["tile"]), match["space"], int(match["take"]))
        return cls(int(match["game"]), int(match["ver"]), picks, lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).confirm_turn(interaction, self.game_id, self.version, self.picks))


def turn_panel_view(lang: str, game: LoadedGame, seat: int, picks: TurnPicks) -> discord.ui.View:
    state = game.state
    assert state is not None
    version = game.row.version
    player = state.players[seat]
    view = discord.ui.View(timeout=None)
    hand = [
        discord.SelectOption(
            label=tr(lang, "panel.option_hand", n=i + 1, tile=tile_text(lang, t)),
            value=str(i + 1),
            default=picks.tile == i + 1,
        )
        for i, t in enumerate(player.hand)
    ]
    view.add_item(TurnSelect(game.id, version, picks, "t", hand, tr(lang, "panel.hand_placeholder")))
    spaces = [
        discord.SelectOption(label=label(c), value=label(c), default=picks.space == label(c))
        for c in state.empty_spaces(seat)
    ]
    view.add_item(TurnSelect(game.id, version, picks, "s", spaces, tr(lang, "panel.space_placeholder")))
    if state.drafts_after_placing(seat):
        market = [
            discord.SelectOption(
                label=tr(lang, "panel.option_take", n=i + 1, tile=tile_text(lang, t)),
                value=str(i + 1),
                default=picks.take == i + 1,
            )
            for i, t in enumerate(state.market)
            if t is not None
        ]
        view.add_item(TurnSelect(game.id, version, picks, "k", market, tr(lang, "panel.take_placeholder")))
    view.add_item(TurnConfirm(game.id, version, picks, lang))
    return view


# --- the design-goal panel ---------------------------------------------------------------------------


class GoalPicks:
    """Indexes into the offered goals for B3, C4, D2 (9 = not chosen yet)."""

    def __init__(self, b3: int = 9, c4: int = 9, d2: int = 9) -> None:
        self.values = [b3, c4, d2]

    def key(self) -> str:
        return ":".join(str(v) for v in self.values)

    def goals(self, offered: list[str]) -> dict[str, str] | None:
        if any(v >= len(offered) for v in self.values):
            return None
        return {space: offered[v] for space, v in zip(GOAL_SPACES, self.values, strict=True)}


class GoalSelect(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"cal:g:(?P<game>\d+):(?P<ver>\d+):(?P<b3>\d):(?P<c4>\d):(?P<d2>\d):(?P<field>[012])",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        picks: GoalPicks,
        field: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"cal:g:{game_id}:{version}:{picks.key()}:{field}",
                options=options or [discord.SelectOption(label="-", value="9")],
                placeholder=placeholder,
            )
        )
        self.game_id, self.version, self.picks, self.field = game_id, version, picks, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> GoalSelect:
        picks = GoalPicks(int(match["b3"]), int(match["c4"]), int(match["d2"]))
        return cls(int(match["game"]), int(match["ver"]), picks, int(match["field"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        picks = GoalPicks(*self.picks.values)
        picks.values[self.field] = int(self.item.values[0]) if self.item.values else 9
        await self.run(interaction, _cog(interaction).update_goals_panel(interaction, self.game_id, picks))


class GoalConfirm(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cal:gc:(?P<game>\d+):(?P<ver>\d+):(?P<b3>\d):(?P<c4>\d):(?P<d2>\d)",
):
    def __init__(self, game_id: int, version: int, picks: GoalPicks, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, "button.confirm"),
                style=discord.ButtonStyle.success,
                custom_id=f"cal:gc:{game_id}:{version}:{picks.key()}",
            )
        )
        self.game_id, self.version, self.picks = game_id, version, picks

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> GoalConfirm:
        picks = GoalPicks(int(match["b3"]), int(match["c4"]), int(match["d2"]))
        return cls(int(match["game"]), int(match["ver"]), picks, lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).confirm_goals(interaction, self.game_id, self.picks))


def goals_panel_view(lang: str, game: LoadedGame, offered: list[str], picks: GoalPicks) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for field, space in enumerate(GOAL_SPACES):
        options = [
            discord.SelectOption(label=goal, value=str(i), default=picks.values[field] == i)
            for i, goal in enumerate(offered)
        ]
        view.add_item(
            GoalSelect(game.id, game.row.version, picks, field, options, tr(lang, "goals.placeholder", space=space))
        )
    view.add_item(GoalConfirm(game.id, game.row.version, picks, lang))
    return view


DYNAMIC_ITEMS = (LobbyButton, OpenPanelButton, TurnSelect, TurnConfirm, GoalSelect, GoalConfirm)
