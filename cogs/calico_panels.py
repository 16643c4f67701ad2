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
from calico_bot.games.calico.engine.components import GOAL_SPACES, GOALS
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.texts import goal_name, tile_text
from calico_bot.services.i18n import lang_of

NONE = "-"
NO_GOAL = 9
SPACE = re.compile(r"[A-E][1-5]")


class TurnPicks:
    """Choices made so far: hand tile (0 = none), space ('-' = none), market slot (0 = none)."""

    def __init__(self, tile: int = 0, space: str = NONE, take: int = 0) -> None:
        self.tile, self.space, self.take = tile, space, take

    def key(self) -> str:
        return f"{self.tile}:{self.space}:{self.take}"

    def copy(self) -> TurnPicks:
        return TurnPicks(self.tile, self.space, self.take)

    def complete(self, drafting: bool) -> bool:
        return self.tile != 0 and self.space != NONE and (self.take != 0 or not drafting)

    @classmethod
    def of(cls, match: re.Match[str]) -> TurnPicks:
        return cls(int(match["tile"]), match["space"], int(match["take"]))


class GoalPicks:
    """Indexes into the offered goals for B3, C4, D2 (9 = not chosen yet)."""

    def __init__(self, b3: int = NO_GOAL, c4: int = NO_GOAL, d2: int = NO_GOAL) -> None:
        self.values = [b3, c4, d2]

    def key(self) -> str:
        return ":".join(str(v) for v in self.values)

    def copy(self) -> GoalPicks:
        return GoalPicks(*self.values)

    def placed(self, offered: list[str]) -> dict[str, str]:
        """The goals picked so far, by space (a partial choice while the panel is being filled in)."""
        return {space: offered[v] for space, v in zip(GOAL_SPACES, self.values, strict=True) if v < len(offered)}

    def goals(self, offered: list[str]) -> dict[str, str] | None:
        if any(v >= len(offered) for v in self.values):
            return None
        return {space: offered[v] for space, v in zip(GOAL_SPACES, self.values, strict=True)}

    @classmethod
    def of(cls, match: re.Match[str]) -> GoalPicks:
        return cls(int(match["b3"]), int(match["c4"]), int(match["d2"]))


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
        self, lang: str, owner: int, version: int, state: GameState, seat: int, picks: TurnPicks
    ) -> discord.ui.View:
        """Hand tile, space and (unless it is the last placement) market slot menus, and Confirm."""
        turn_select, turn_confirm, _, _ = self.items
        view = discord.ui.View(timeout=None)
        hand = [
            discord.SelectOption(
                label=tr(lang, "panel.option_hand", n=i + 1, tile=tile_text(lang, t)),
                value=str(i + 1),
                default=picks.tile == i + 1,
            )
            for i, t in enumerate(state.players[seat].hand)
        ]
        view.add_item(turn_select(owner, version, picks, "t", hand, tr(lang, "panel.hand_placeholder")))
        spaces = [
            discord.SelectOption(label=label(c), value=label(c), default=picks.space == label(c))
            for c in state.empty_spaces(seat)
        ][:25]
        view.add_item(turn_select(owner, version, picks, "s", spaces, tr(lang, "panel.space_placeholder")))
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
            view.add_item(turn_select(owner, version, picks, "k", market, tr(lang, "panel.take_placeholder")))
        view.add_item(turn_confirm(owner, version, picks, lang))
        return view

    def goals_view(self, lang: str, owner: int, version: int, offered: list[str], picks: GoalPicks) -> discord.ui.View:
        """One menu per goal space (B3, C4, D2) over the offered goal tiles, and Confirm."""
        _, _, goal_select, goal_confirm = self.items
        view = discord.ui.View(timeout=None)
        for field, space in enumerate(GOAL_SPACES):
            options = [
                discord.SelectOption(
                    label=goal_name(lang, goal),
                    value=str(i),
                    default=picks.values[field] == i,
                    description=tr(lang, "panel.goal_option", one=GOALS[goal].one, both=GOALS[goal].both)
                    if goal in GOALS
                    else None,
                )
                for i, goal in enumerate(offered)
            ]
            view.add_item(
                goal_select(owner, version, picks, field, options, tr(lang, "goals.placeholder", space=space))
            )
        view.add_item(goal_confirm(owner, version, picks, lang))
        return view


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
