"""Select menus and confirm buttons of the daily puzzle panel, as persistent ``DynamicItem``s.

The panel is an ephemeral message only its player sees. Every custom id carries the puzzle day, the
attempt version the panel was built for and the picks so far, so nothing is kept in memory: a panel
keeps working after a restart, a click on a panel of an older version is refused as ``stale`` and a
panel of an earlier day as ``daily_day_over`` (both by the service). The attempt is always the
clicking user's own: ids carry no user.

Custom ids (all well under Discord's 100 characters)::

    dly:p:{day}:{ver}:{tile}:{space}:{take}:{field}   turn select (field t=hand tile, s=space, k=market slot)
    dly:go:{day}:{ver}:{tile}:{space}:{take}          turn confirm
    dly:g:{day}:{ver}:{b3}:{c4}:{d2}:{field}          goal select (field 0=B3, 1=C4, 2=D2)
    dly:gc:{day}:{ver}:{b3}:{c4}:{d2}                 goal confirm
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from calico_bot.calico.components import GOAL_SPACES, GOALS
from calico_bot.calico.game import GameState
from calico_bot.calico.geometry import label
from calico_bot.services.calico_games import GameError
from calico_bot.services.daily_text import dtr, error_text
from calico_bot.services.i18n import lang_of, tr
from calico_bot.services.presenter import tile_text

if TYPE_CHECKING:
    from .daily import DailyCog

COG_NAME = "DailyCog"
NONE = "-"
NO_GOAL = 9


def _cog(interaction: discord.Interaction) -> DailyCog:
    cog = interaction.client.get_cog(COG_NAME)  # type: ignore[attr-defined]
    assert cog is not None
    return cog  # type: ignore[no-any-return]


async def reply_refusal(interaction: discord.Interaction, exc: GameError) -> None:
    """A service refusal as an ephemeral reply in the user's language (daily codes included)."""
    from calico_bot.app.bot import reply_ephemeral

    await reply_ephemeral(interaction, error_text(lang_of(interaction.locale), exc))


class _Guarded:
    """Routes refusals raised inside a component callback to the same polite ephemeral reply."""

    async def run(self, interaction: discord.Interaction, coro: Any) -> None:
        try:
            await coro
        except GameError as exc:
            await reply_refusal(interaction, exc)


# --- the turn panel --------------------------------------------------------------------------------


class TurnPicks:
    """Choices made so far: hand tile (0 = none), space ('-' = none), market slot (0 = none)."""

    def __init__(self, tile: int = 0, space: str = NONE, take: int = 0) -> None:
        self.tile, self.space, self.take = tile, space, take

    def key(self) -> str:
        return f"{self.tile}:{self.space}:{self.take}"

    def copy(self) -> TurnPicks:
        return TurnPicks(self.tile, self.space, self.take)

    @classmethod
    def of(cls, match: re.Match[str]) -> TurnPicks:
        return cls(int(match["tile"]), match["space"], int(match["take"]))


_TURN = r"(?P<day>\d+):(?P<ver>\d+):(?P<tile>\d):(?P<space>[A-E][1-5]|-):(?P<take>\d)"


class DailyTurnSelect(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"dly:p:" + _TURN + r":(?P<field>[tsk])",
):
    def __init__(
        self,
        day: int,
        version: int,
        picks: TurnPicks,
        field: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dly:p:{day}:{version}:{picks.key()}:{field}",
                options=options or [discord.SelectOption(label=NONE, value=NONE)],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.day, self.version, self.picks, self.field = day, version, picks, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> DailyTurnSelect:
        return cls(int(match["day"]), int(match["ver"]), TurnPicks.of(match), match["field"])

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0] if self.item.values else NONE
        picks = self.picks.copy()
        if self.field == "s":
            picks.space = value if re.fullmatch(r"[A-E][1-5]", value) else NONE
        else:
            number = int(value) if value.isdigit() and len(value) == 1 else 0
            if self.field == "t":
                picks.tile = number
            else:
                picks.take = number
        await self.run(interaction, _cog(interaction).update_turn_panel(interaction, self.day, self.version, picks))


class DailyTurnConfirm(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dly:go:" + _TURN,
):
    def __init__(self, day: int, version: int, picks: TurnPicks, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, "button.confirm"),
                style=discord.ButtonStyle.success,
                custom_id=f"dly:go:{day}:{version}:{picks.key()}",
            )
        )
        self.day, self.version, self.picks = day, version, picks

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> DailyTurnConfirm:
        return cls(int(match["day"]), int(match["ver"]), TurnPicks.of(match), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).confirm_turn(interaction, self.day, self.version, self.picks))


def turn_panel_view(lang: str, day: int, version: int, state: GameState, picks: TurnPicks) -> discord.ui.View:
    """Hand tile, space and (unless it is the last placement) market slot selects, and a confirm button."""
    player = state.players[0]
    view = discord.ui.View(timeout=None)
    hand = [
        discord.SelectOption(
            label=tr(lang, "panel.option_hand", n=i + 1, tile=tile_text(lang, t)),
            value=str(i + 1),
            default=picks.tile == i + 1,
        )
        for i, t in enumerate(player.hand)
    ]
    view.add_item(DailyTurnSelect(day, version, picks, "t", hand, tr(lang, "panel.hand_placeholder")))
    spaces = [
        discord.SelectOption(label=label(c), value=label(c), default=picks.space == label(c))
        for c in state.empty_spaces(0)
    ][:25]
    view.add_item(DailyTurnSelect(day, version, picks, "s", spaces, tr(lang, "panel.space_placeholder")))
    if state.drafts_after_placing(0):
        market = [
            discord.SelectOption(
                label=tr(lang, "panel.option_take", n=i + 1, tile=tile_text(lang, t)),
                value=str(i + 1),
                default=picks.take == i + 1,
            )
            for i, t in enumerate(state.market)
            if t is not None
        ]
        view.add_item(DailyTurnSelect(day, version, picks, "k", market, tr(lang, "panel.take_placeholder")))
    view.add_item(DailyTurnConfirm(day, version, picks, lang))
    return view


# --- the design-goal panel ---------------------------------------------------------------------------


class GoalPicks:
    """Indexes into the offered goals for B3, C4, D2 (9 = not chosen yet)."""

    def __init__(self, b3: int = NO_GOAL, c4: int = NO_GOAL, d2: int = NO_GOAL) -> None:
        self.values = [b3, c4, d2]

    def key(self) -> str:
        return ":".join(str(v) for v in self.values)

    def copy(self) -> GoalPicks:
        return GoalPicks(*self.values)

    def goals(self, offered: list[str]) -> dict[str, str] | None:
        if any(v >= len(offered) for v in self.values):
            return None
        return {space: offered[v] for space, v in zip(GOAL_SPACES, self.values, strict=True)}

    @classmethod
    def of(cls, match: re.Match[str]) -> GoalPicks:
        return cls(int(match["b3"]), int(match["c4"]), int(match["d2"]))


_GOALS = r"(?P<day>\d+):(?P<ver>\d+):(?P<b3>\d):(?P<c4>\d):(?P<d2>\d)"


class DailyGoalSelect(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"dly:g:" + _GOALS + r":(?P<field>[012])",
):
    def __init__(
        self,
        day: int,
        version: int,
        picks: GoalPicks,
        field: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"dly:g:{day}:{version}:{picks.key()}:{field}",
                options=options or [discord.SelectOption(label=NONE, value=str(NO_GOAL))],
                placeholder=placeholder,
            )
        )
        self.day, self.version, self.picks, self.field = day, version, picks, field

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> DailyGoalSelect:
        return cls(int(match["day"]), int(match["ver"]), GoalPicks.of(match), int(match["field"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        picks = self.picks.copy()
        value = self.item.values[0] if self.item.values else ""
        picks.values[self.field] = int(value) if value.isdigit() and len(value) == 1 else NO_GOAL
        await self.run(interaction, _cog(interaction).update_goals_panel(interaction, self.day, self.version, picks))


class DailyGoalConfirm(
    _Guarded,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dly:gc:" + _GOALS,
):
    def __init__(self, day: int, version: int, picks: GoalPicks, lang: str = "en") -> None:
        super().__init__(
            discord.ui.Button(
                label=tr(lang, "button.confirm"),
                style=discord.ButtonStyle.success,
                custom_id=f"dly:gc:{day}:{version}:{picks.key()}",
            )
        )
        self.day, self.version, self.picks = day, version, picks

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> DailyGoalConfirm:
        return cls(int(match["day"]), int(match["ver"]), GoalPicks.of(match), lang_of(interaction.locale))

    async def callback(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, _cog(interaction).confirm_goals(interaction, self.day, self.version, self.picks))


def goals_panel_view(lang: str, day: int, version: int, offered: list[str], picks: GoalPicks) -> discord.ui.View:
    """One select per goal space (B3, C4, D2) over the offered goal tiles, and a confirm button."""
    view = discord.ui.View(timeout=None)
    for field, space in enumerate(GOAL_SPACES):
        options = [
            discord.SelectOption(
                label=goal,
                value=str(i),
                description=dtr(lang, "daily.goal_option", one=GOALS[goal].one, both=GOALS[goal].both)
                if goal in GOALS
                else None,
                default=picks.values[field] == i,
            )
            for i, goal in enumerate(offered)
        ]
        view.add_item(
            DailyGoalSelect(day, version, picks, field, options, tr(lang, "goals.placeholder", space=space))
        )
    view.add_item(DailyGoalConfirm(day, version, picks, lang))
    return view


DYNAMIC_ITEMS = (DailyTurnSelect, DailyTurnConfirm, DailyGoalSelect, DailyGoalConfirm)
