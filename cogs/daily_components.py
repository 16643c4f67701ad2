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

import discord

from calico_bot.games.calico.engine.game import GameState

from .panels import NONE, GoalPicks, PanelKit, TurnPicks

DAILY_PANELS = PanelKit("dly", "DailyCog")
DYNAMIC_ITEMS = DAILY_PANELS.items


def turn_panel_view(lang: str, day: int, version: int, state: GameState, picks: TurnPicks) -> discord.ui.View:
    return DAILY_PANELS.turn_view(lang, day, version, state, 0, picks)


def goals_panel_view(lang: str, day: int, version: int, offered: list[str], picks: GoalPicks) -> discord.ui.View:
    return DAILY_PANELS.goals_view(lang, day, version, offered, picks)


__all__ = ["DYNAMIC_ITEMS", "NONE", "GoalPicks", "TurnPicks", "goals_panel_view", "turn_panel_view"]
