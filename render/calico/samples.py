"""Seeded sample games for the benchmark, the gallery and the golden-image tests.

Games are played through the rules core, either at random or by a small greedy player (best
immediate score, ties broken towards patches that match their neighbours), so the positions are
real and reproducible from their seed.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from PIL import Image

from calico_bot.games.calico.engine.actions import Turn
from calico_bot.games.calico.engine.components import GOALS
from calico_bot.games.calico.engine.game import GameOptions, GameState, random_turn, seeded_game
from calico_bot.games.calico.engine.geometry import NEIGHBOURS, label
from calico_bot.games.calico.engine.quilt import Quilt
from calico_bot.games.calico.engine.scoring import GOAL_NEIGHBOURS, quick_total


def _fits(values: list[int], counts: tuple[int, ...]) -> bool:
    """Whether the values placed so far can still grow into a goal's required counts."""
    have = sorted(Counter(values).values(), reverse=True)
    return len(have) <= len(counts) and all(h <= c for h, c in zip(have, counts, strict=False))


def goal_potential(quilt: Quilt, goals: dict[str, str] | None) -> float:
    """A rough bonus for design goals still in reach, growing as their neighbours fill up."""
    bonus = 0.0
    for space, goal_id in (goals or {}).items():
        tiles = [quilt.cells[n] for n in GOAL_NEIGHBOURS[space] if quilt.cells[n] >= 0]
        if len(tiles) == 6:
            continue  # scored for real by quick_total
        goal = GOALS[goal_id]
        by_color = _fits([t // 6 for t in tiles], goal.counts)
        by_pattern = _fits([t % 6 for t in tiles], goal.counts)
        bonus += 0.8 * goal.points(by_color, by_pattern) * len(tiles) / 6
    return bonus


def greedy_turn(state: GameState, rng: random.Random) -> Turn:
    """The placement with the best immediate score plus goal potential; the market tile is random."""
    seat = state.current
    p = state.players[seat]
    goals = None if state.mode == "family" else p.goals
    best: list[tuple[int, int]] = []
    best_value = -1.0
    for h, tile in enumerate(p.hand):
        for cell in state.empty_spaces(seat):
            quilt = p.quilt.copy()
            quilt.place(cell, tile, state.cat_of_pattern)
            near = [quilt.cells[n] for n in NEIGHBOURS[cell] if quilt.cells[n] >= 0]
            matches = sum(1 for t in near if t // 6 == tile // 6 or t % 6 == tile % 6)
            value = quick_total(quilt, goals) + goal_potential(quilt, goals) + 0.3 * matches
            if value > best_value + 1e-9:
                best, best_value = [(h, cell)], value
            elif abs(value - best_value) <= 1e-9:
                best.append((h, cell))
    h, cell = rng.choice(best)
    take = None
    if state.drafts_after_placing(seat):
        take = rng.choice([i + 1 for i, t in enumerate(state.market) if t is not None])
    return Turn(seat, h + 1, label(cell), take)


def play_game(
    players: list[str],
    *,
    seed: int,
    mode: str = "standard",
    turns: int | None = None,
    greedy: bool = False,
    scenario: int | None = None,
) -> GameState:
    """Deal a game and play ``turns`` turns (``None``: to the end); goals are chosen at random."""
    options = GameOptions(players=list(players), mode=mode, scenario=scenario)
    return seeded_game(options, seed, turns, greedy_turn if greedy else random_turn)


def last_mover(state: GameState) -> int:
    """The seat that played the last turn (0 before any turn)."""
    for entry in reversed(state.log):
        if entry.get("type") == "turn":
            return int(entry["player"])
    return 0


def golden_cases() -> dict[str, Callable[[], Image.Image]]:
    """Name -> function rendering that golden image (see ``scripts/render_goldens.py``)."""
    from render.calico import render_market, render_quilt, render_scoresheet, render_turn_post

    def quilt_midgame_hand() -> Image.Image:
        state = play_game(["Alice", "Bob"], seed=101, turns=21, greedy=True)
        return render_quilt(state, state.current, show_hand=True)

    def turn_post() -> Image.Image:
        state = play_game(["Ana", "Ben", "Cleo"], seed=202, turns=40, greedy=True)
        return render_turn_post(state, last_mover(state))

    def market_solo() -> Image.Image:
        return render_market(play_game(["Solo"], seed=404, mode="solo", turns=5))

    def scoresheet_2p() -> Image.Image:
        return render_scoresheet(play_game(["Ana", "Ben"], seed=505, greedy=True))

    return {
        "quilt_midgame_hand": quilt_midgame_hand,
        "turn_post": turn_post,
        "market_solo": market_solo,
        "scoresheet_2p": scoresheet_2p,
    }

