"""Calico's private panels as specs, with no Discord in them: the picks a panel carries so far and the
menus it shows (their choices, labels and placeholders), built from the seat's own view of the game.
The cog turns them into Discord menus (``cogs/calico_panels.py``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from calico_bot.games.calico.engine.components import GOAL_SPACES, GOALS
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.messages import tr
from calico_bot.games.calico.texts import goal_name, tile_text

MAX_CHOICES = 25  # Discord's limit of options in one menu

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


@dataclass(frozen=True, slots=True)
class Choice:
    label: str
    value: str
    default: bool = False
    description: str | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    """One menu of a panel: ``field`` is what it picks (t, s, k for a turn; 0-2 for the goal spaces)."""

    field: str
    placeholder: str
    choices: list[Choice] = field(default_factory=list)


def turn_menus(lang: str, seen: GameState, seat: int, picks: TurnPicks) -> list[Menu]:
    """Hand tile, space and (unless it is the last placement) market slot, from ``seen``: the position as
    ``seat`` sees it (``GameState.seen_by(seat)``)."""
    hand = [Choice(tr(lang, "panel.option_hand", n=i + 1, tile=tile_text(lang, t)), str(i + 1),
                   picks.tile == i + 1) for i, t in enumerate(seen.players[seat].hand)]
    spaces = [Choice(label(c), label(c), picks.space == label(c)) for c in seen.empty_spaces(seat)][:MAX_CHOICES]
    menus = [Menu("t", tr(lang, "panel.hand_placeholder"), hand),
             Menu("s", tr(lang, "panel.space_placeholder"), spaces)]
    if seen.drafts_after_placing(seat):
        market = [Choice(tr(lang, "panel.option_take", n=i + 1, tile=tile_text(lang, t)), str(i + 1),
                         picks.take == i + 1) for i, t in enumerate(seen.market) if t is not None]
        menus.append(Menu("k", tr(lang, "panel.take_placeholder"), market))
    return menus


def goal_menus(lang: str, offered: list[str], picks: GoalPicks) -> list[Menu]:
    """One menu per goal space (B3, C4, D2) over the player's offered goal tiles."""
    menus = []
    for i, space in enumerate(GOAL_SPACES):
        choices = [Choice(goal_name(lang, goal), str(n), picks.values[i] == n,
                          tr(lang, "panel.goal_option", one=GOALS[goal].one, both=GOALS[goal].both)
                          if goal in GOALS else None)
                   for n, goal in enumerate(offered)]
        menus.append(Menu(str(i), tr(lang, "goals.placeholder", space=space), choices))
    return menus


__all__ = ["MAX_CHOICES", "NONE", "NO_GOAL", "SPACE", "Choice", "GoalPicks", "Menu", "TurnPicks", "goal_menus",
           "turn_menus"]
