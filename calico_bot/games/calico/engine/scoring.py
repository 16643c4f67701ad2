"""Scoring: design goals, totals, the per-player breakdown and tie-breaks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from calico_bot.games.calico.engine.components import CATS, GOAL_SPACES, GOALS, RAINBOW_POINTS, GoalTile, count_profile
from calico_bot.games.calico.engine.geometry import LABELS, NEIGHBOURS
from calico_bot.games.calico.engine.quilt import ButtonToken, CatToken, Quilt

GOAL_NEIGHBOURS: dict[str, tuple[int, ...]] = {space: NEIGHBOURS[LABELS[space]] for space in GOAL_SPACES}


@dataclass(frozen=True, slots=True)
class GoalResult:
    space: str
    goal: str
    color: bool
    pattern: bool
    points: int
    complete: bool  # all six neighbours are filled

    def to_json(self) -> dict[str, Any]:
        return {"space": self.space, "goal": self.goal, "color": self.color,
                "pattern": self.pattern, "points": self.points}


def goal_tests(tiles: list[int], goal: GoalTile) -> tuple[bool, bool]:
    """(by color, by pattern): whether the six patches around a goal meet it each way."""
    return (count_profile([t // 6 for t in tiles]) == goal.counts,
            count_profile([t % 6 for t in tiles]) == goal.counts)


def score_goal(quilt: Quilt, space: str, goal_id: str) -> GoalResult:
    goal = GOALS[goal_id]
    tiles = [quilt.cells[n] for n in GOAL_NEIGHBOURS[space]]
    if min(tiles) < 0:
        return GoalResult(space, goal_id, False, False, 0, False)
    by_color, by_pattern = goal_tests(tiles, goal)
    return GoalResult(space, goal_id, by_color, by_pattern, goal.points(by_color, by_pattern), True)


@dataclass(slots=True)
class PlayerScore:
    seat: int
    name: str
    goals: list[GoalResult] = field(default_factory=list)
    cat_tokens: list[CatToken] = field(default_factory=list)
    buttons: list[ButtonToken] = field(default_factory=list)
    rainbow: bool = False
    rainbow_at: int | None = None  # the quilt's placement (from 1) that earned the rainbow button

    @property
    def goal_points(self) -> int:
        return sum(g.points for g in self.goals)

    @property
    def cat_points(self) -> int:
        return sum(CATS[t.cat].points for t in self.cat_tokens)

    @property
    def button_points(self) -> int:
        return 3 * len(self.buttons) + (RAINBOW_POINTS if self.rainbow else 0)

    @property
    def cat_count(self) -> int:
        return len(self.cat_tokens)

    @property
    def button_count(self) -> int:
        return len(self.buttons) + (1 if self.rainbow else 0)

    @property
    def total(self) -> int:
        return self.goal_points + self.cat_points + self.button_points

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "total": self.total,
            "goal_points": self.goal_points,
            "cat_points": self.cat_points,
            "button_points": self.button_points,
            "cat_count": self.cat_count,
            "button_count": self.button_count,
            "rainbow": self.rainbow,
            "goals": [g.to_json() for g in self.goals],
            "cat_tokens": [t.to_json() for t in self.cat_tokens],
            "button_tokens": [b.to_json() for b in self.buttons],
        }


def score_quilt(seat: int, name: str, quilt: Quilt, goals: dict[str, str] | None) -> PlayerScore:
    """Score one quilt as if the game ended now. ``goals=None`` (family variant) scores no goals."""
    results = [score_goal(quilt, space, goal) for space, goal in sorted(goals.items())] if goals else []
    return PlayerScore(seat, name, results, list(quilt.cat_tokens), list(quilt.buttons),
                       quilt.rainbow is not None, quilt.rainbow)


def quick_total(quilt: Quilt, goals: dict[str, str] | None) -> int:
    """The total alone, without building a breakdown (for search and benchmarks)."""
    total = sum(CATS[t.cat].points for t in quilt.cat_tokens) + 3 * len(quilt.buttons)
    if quilt.rainbow is not None:
        total += RAINBOW_POINTS
    if goals:
        for space, goal in goals.items():
            total += score_goal(quilt, space, goal).points
    return total


def winners(scores: list[PlayerScore]) -> list[int]:
    """Seats that win: most points, then most cat tokens, then most button tokens; else shared."""
    if not scores:
        return []
    best = max((s.total, s.cat_count, s.button_count) for s in scores)
    return [s.seat for s in scores if (s.total, s.cat_count, s.button_count) == best]


def tie_break_note(scores: list[PlayerScore]) -> str | None:
    """How a tie on points was settled: ``cats``, ``buttons``, ``shared``, or ``None`` (no tie)."""
    if not scores:
        return None
    top = max(s.total for s in scores)
    tied = [s for s in scores if s.total == top]
    if len(tied) < 2:
        return None
    most_cats = max(s.cat_count for s in tied)
    tied = [s for s in tied if s.cat_count == most_cats]
    if len(tied) < 2:
        return "cats"
    most_buttons = max(s.button_count for s in tied)
    tied = [s for s in tied if s.button_count == most_buttons]
    return "buttons" if len(tied) < 2 else "shared"
