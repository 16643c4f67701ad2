"""The interface every AI player implements, and small helpers shared by the policies."""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.geometry import PATCH_CELLS, label
from calico_bot.games.calico.engine.quilt import EMPTY


@runtime_checkable
class Policy(Protocol):
    """An AI player. It decides from a :class:`PlayerView` only, never from the full game state."""

    name: str

    def choose_goals(self, view: PlayerView) -> ChooseGoals:
        """Keep 3 of the 4 offered goal tiles and arrange them on B3, C4 and D2."""
        ...

    def choose_turn(self, view: PlayerView) -> Turn:
        """Place a hand tile and (unless it is the last placement) take a market tile."""
        ...


def decision_rng(seed: int, view: PlayerView, salt: int = 0) -> random.Random:
    """A generator for one decision: a function of the policy's seed and public, stable facts only."""
    return random.Random((seed * 1_000_003 + view.version * 7919 + view.seat * 104_729 + salt) & (2**63 - 1))


def empty_cells(view: PlayerView) -> list[int]:
    cells = view.quilt.cells
    return [c for c in PATCH_CELLS if cells[c] == EMPTY]


def open_slots(view: PlayerView) -> list[int]:
    """0-based market slots that hold a tile (empty when the player will not draft)."""
    if not view.drafts_after_placing:
        return []
    return [i for i, t in enumerate(view.market) if t is not None]


def make_turn(view: PlayerView, hand_index: int, cell: int, slot: int | None) -> Turn:
    """A ``Turn`` from 0-based hand index and market slot and a cell index."""
    return Turn(view.seat, hand_index + 1, label(cell), None if slot is None else slot + 1)


def arrangement(goals: tuple[str, str, str] | list[str]) -> dict[str, str]:
    return dict(zip(GOAL_SPACES, goals, strict=True))
