"""The evaluator as it was before incremental regions (issue 16), frozen as the oracle for the tests.

Every value is computed from scratch: each pattern's and color's regions are flooded again from the
quilt's masks for every call, nothing is remembered. The production evaluator must return exactly the
same numbers (not approximately: the same floats, so that the strong player's choices stay the same).
"""

from __future__ import annotations

from calico_bot.games.calico.ai.bits import components, halo, room_at_least
from calico_bot.games.calico.ai.board import Board, CatRule
from calico_bot.games.calico.ai.evaluation import Evaluator, Weights, goal_value


def _open_groups(mask: int, tokens: int, empty: int) -> tuple[list[int], int]:
    poison = 0
    free = []
    for g in components(mask):
        if g & tokens:
            poison |= g
        else:
            free.append(g)
    poison = halo(poison) if poison else 0
    return free, poison & empty


def cat_potential(board: Board, pattern: int, rule: CatRule, w: Weights, remaining: int) -> float:
    free, poison = _open_groups(board.pm[pattern], board.catm, board.empty)
    if not free:
        return 0.0
    allowed = board.empty & ~poison
    total = 0.0
    if rule.shape is None:
        for g in free:
            d = rule.min_group - g.bit_count()
            if d > remaining:
                continue
            if room_at_least(g, allowed, d):
                total += w.cat_decay**d
    else:
        usable = allowed
        for g in free:
            usable |= g
        for g in free:
            best = 99
            cells = g
            while cells:
                low = cells & -cells
                for p in rule.by_cell[low.bit_length() - 1]:
                    if p & usable == p:
                        d = (p & board.empty).bit_count()
                        if d < best:
                            best = d
                cells ^= low
            if best <= remaining:
                total += w.cat_decay**best
    return total * rule.points * w.cat_scale


def button_chances(board: Board, color: int, w: Weights, remaining: int) -> float:
    free, poison = _open_groups(board.cm[color], board.btnm, board.empty)
    allowed = board.empty & ~poison
    total = 0.0
    for g in free:
        d = 3 - g.bit_count()
        if d > remaining or d <= 0:
            continue
        if room_at_least(g, allowed, d):
            total += w.button_decay**d
    return total


def reference_value(ev: Evaluator, board: Board, remaining: int) -> float:
    """``ev(board, remaining)`` as the old evaluator computed it (its goals, cats, weights and objectives)."""
    w = ev.w
    m = w.goal_choices
    value = board.points + w.goal_scale * sum(goal_value(board.cells, n, g, m) for n, g in ev.goals)
    if remaining <= 0:
        if ev.objectives is not None:
            value += ev.objectives(board, w.goal_choices, [0.0] * 6, [0.0] * 6, 0.0)
        return value
    cat_values = [0.0] * 6
    for pattern, rule in enumerate(ev.rules):
        if rule is not None:
            cat_values[pattern] = cat_potential(board, pattern, rule, w, remaining)
            value += cat_values[pattern]
    button_values = [0.0] * 6
    chance_product = 1.0
    for color in range(6):
        chances = button_chances(board, color, w, remaining)
        button_values[color] = chances
        value += 3 * w.button_scale * chances
        if not board.btn_colors >> color & 1:
            chance_product *= min(1.0, chances) if chances > 0 else w.lone_button
    if not board.rainbow:
        value += 3 * w.rainbow_scale * chance_product
    if ev.objectives is not None:
        cat_chances = [v / (r.points * w.cat_scale) if r is not None and v else 0.0
                       for v, r in zip(cat_values, ev.rules, strict=True)]
        value += ev.objectives(board, w.goal_choices, cat_chances, button_values,
                               0.0 if board.rainbow else chance_product)
    return value
