"""Calico's private turn and design-goal panels, shared by ``/calico`` and Calico's ``/daily`` panel.

A panel belongs to an *owner*: a game id for ``/calico``, a day number for ``/daily``. Every custom
id carries the prefix, the owner, the version the panel was built for and the choices made so far,
so nothing is kept in memory: panels keep working after a restart, and a click on a panel built for
an older version is refused by the service as stale.

``PanelKit(prefix, cog_name)`` builds the four persistent items for one prefix and the two views.
The cog named ``cog_name`` handles the clicks through the :class:`PanelHandler` methods.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from calico_bot.app.kit import Guarded
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.panels import NO_GOAL, NONE, SPACE, GoalPicks, Menu, TurnPicks, goal_menus, turn_menus
from calico_bot.services.i18n import lang_of


class PanelHandler(Protocol):
    async def update_turn_panel(
        self, interaction: discord.Interaction, owner: int, version: int, picks: TurnPicks
    ) -> None: ...
    async def confirm_turn(
        self, interaction: discord.Interaction, owner: int, version: int, picks: TurnPicks
    ) -> None: ...
    async def update_goals_panel(
        self, interaction: discord.Interaction, owner: int, version: int, picks: GoalPicks
    ) -> None: ...
    async def confirm_goals(
        self, interaction: discord.Interaction, owner: int, version: int, picks: GoalPicks
    ) -> None: ...


def handler(interaction: discord.Interaction, cog_name: str) -> PanelHandler:
    cog = interaction.client.get_cog(cog_name)  # type: ignore[attr-defined]
    assert cog is not None, f"{cog_name} is not loaded"
    return cog  # type: ignore[no-any-return]


def _digit(value: str, default: int) -> int:
    return int(value) if value.isdigit() and len(value) == 1 else default


@dataclass(frozen=True)
class PanelKit:
    prefix: str
    cog_name: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "_items", _make_items(self.prefix, self.cog_name))

    @property
    def items(self) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
        return self._items  # type: ignore[attr-defined,no-any-return]

    def picks_before(self, interaction: discord.Interaction) -> TurnPicks | GoalPicks | None:
        """What a panel showed picked before this click, read from the clicked menu's own custom id."""
        custom_id = str((interaction.data or {}).get("custom_id", ""))
        turn_select, _, goal_select, _ = self.items
        if match := turn_select.__discord_ui_compiled_template__.fullmatch(custom_id):
            return TurnPicks.of(match)
        if match := goal_select.__discord_ui_compiled_template__.fullmatch(custom_id):
            return GoalPicks.of(match)
        return None

    def turn_view(
        self, lang: str, owner: int, version: int, seen: GameState, seat: int, picks: TurnPicks
    ) -> discord.ui.View:
        """The turn panel's menus (``games.calico.panels.turn_menus``, from ``seat``'s view) and Confirm."""
        turn_select, turn_confirm, _, _ = self.items
        view = discord.ui.View(timeout=None)
        for menu in turn_menus(lang, seen, seat, picks):
            view.add_item(turn_select(owner, version, picks, menu.field, options_of(menu), menu.placeholder))
        view.add_item(turn_confirm(owner, version, picks, lang))
        return view

    def goals_view(self, lang: str, owner: int, version: int, offered: list[str], picks: GoalPicks) -> discord.ui.View:
        """One menu per goal space (B3, C4, D2) over the offered goal tiles, and Confirm."""
        _, _, goal_select, goal_confirm = self.items
        view = discord.ui.View(timeout=None)
        for menu in goal_menus(lang, offered, picks):
            view.add_item(goal_select(owner, version, picks, int(menu.field), options_of(menu), menu.placeholder))
        view.add_item(goal_confirm(owner, version, picks, lang))
        return view


def options_of(menu: Menu) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=c.label, value=c.value, default=c.default, description=c.description)
            for c in menu.choices]


def _make_items(prefix: str, cog_name: str) -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """The four persistent items of one panel kind; their templates differ only by ``prefix``."""
    turn = r"(?P<owner>\d+):(?P<ver>\d+):(?P<tile>\d):(?P<space>[A-E][1-5]|-):(?P<take>\d)"
    goals = r"(?P<owner>\d+):(?P<ver>\d+):(?P<b3>\d):(?P<c4>\d):(?P<d2>\d)"

    class TurnSelect(
        Guarded, discord.ui.DynamicItem[discord.ui.Select], template=rf"{prefix}:p:{turn}:(?P<field>[tsk])"
    ):
        def __init__(
            self,
            owner: int,
            version: int,
            picks: TurnPicks,
            field: str,
            options: list[discord.SelectOption] | None = None,
            placeholder: str | None = None,
        ) -> None:
            super().__init__(
                discord.ui.Select(
                    custom_id=f"{prefix}:p:{owner}:{version}:{picks.key()}:{field}",
                    options=options or [discord.SelectOption(label=NONE, value=NONE)],
                    placeholder=placeholder,
                )
            )
            self.owner, self.version, self.picks, self.field = owner, version, picks, field

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
        ) -> TurnSelect:
            return cls(int(match["owner"]), int(match["ver"]), TurnPicks.of(match), match["field"])

        async def callback(self, interaction: discord.Interaction) -> None:
            value = self.item.values[0] if self.item.values else NONE
            picks = self.picks.copy()
            if self.field == "s":
                picks.space = value if SPACE.fullmatch(value) else NONE
            elif self.field == "t":
                picks.tile = _digit(value, 0)
            else:
                picks.take = _digit(value, 0)
            await self.run(
                interaction,
                handler(interaction, cog_name).update_turn_panel(interaction, self.owner, self.version, picks),
            )

    class TurnConfirm(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=rf"{prefix}:go:{turn}"):
        def __init__(self, owner: int, version: int, picks: TurnPicks, lang: str = "en") -> None:
            super().__init__(
                discord.ui.Button(
                    label=tr(lang, "button.confirm"),
                    style=discord.ButtonStyle.success,
                    custom_id=f"{prefix}:go:{owner}:{version}:{picks.key()}",
                )
            )
            self.owner, self.version, self.picks = owner, version, picks

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
        ) -> TurnConfirm:
            return cls(int(match["owner"]), int(match["ver"]), TurnPicks.of(match), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            await self.run(
                interaction,
                handler(interaction, cog_name).confirm_turn(interaction, self.owner, self.version, self.picks),
            )

    class GoalSelect(
        Guarded, discord.ui.DynamicItem[discord.ui.Select], template=rf"{prefix}:g:{goals}:(?P<field>[012])"
    ):
        def __init__(
            self,
            owner: int,
            version: int,
            picks: GoalPicks,
            field: int,
            options: list[discord.SelectOption] | None = None,
            placeholder: str | None = None,
        ) -> None:
            super().__init__(
                discord.ui.Select(
                    custom_id=f"{prefix}:g:{owner}:{version}:{picks.key()}:{field}",
                    options=options or [discord.SelectOption(label=NONE, value=str(NO_GOAL))],
                    placeholder=placeholder,
                )
            )
            self.owner, self.version, self.picks, self.field = owner, version, picks, field

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
        ) -> GoalSelect:
            return cls(int(match["owner"]), int(match["ver"]), GoalPicks.of(match), int(match["field"]))

        async def callback(self, interaction: discord.Interaction) -> None:
            picks = self.picks.copy()
            picks.values[self.field] = _digit(self.item.values[0] if self.item.values else "", NO_GOAL)
            await self.run(
                interaction,
                handler(interaction, cog_name).update_goals_panel(interaction, self.owner, self.version, picks),
            )

    class GoalConfirm(Guarded, discord.ui.DynamicItem[discord.ui.Button], template=rf"{prefix}:gc:{goals}"):
        def __init__(self, owner: int, version: int, picks: GoalPicks, lang: str = "en") -> None:
            super().__init__(
                discord.ui.Button(
                    label=tr(lang, "button.confirm"),
                    style=discord.ButtonStyle.success,
                    custom_id=f"{prefix}:gc:{owner}:{version}:{picks.key()}",
                )
            )
            self.owner, self.version, self.picks = owner, version, picks

        @classmethod
        async def from_custom_id(
            cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
        ) -> GoalConfirm:
            return cls(int(match["owner"]), int(match["ver"]), GoalPicks.of(match), lang_of(interaction.locale))

        async def callback(self, interaction: discord.Interaction) -> None:
            await self.run(
                interaction,
                handler(interaction, cog_name).confirm_goals(interaction, self.owner, self.version, self.picks),
            )

    for cls in (TurnSelect, TurnConfirm, GoalSelect, GoalConfirm):
        cls.__qualname__ = f"{prefix.capitalize()}{cls.__name__}"
    return TurnSelect, TurnConfirm, GoalSelect, GoalConfirm
