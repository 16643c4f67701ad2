"""Issue 16's thirteenth-round options: the open groups' chances weighed by the supply of the tiles they still need
(``supply``, ``supply_relative``; :class:`.evaluation.Supply`)."""

from __future__ import annotations

import itertools
import random
from math import comb

import pytest

from calico_bot.games.calico.ai import bench, build_view
from calico_bot.games.calico.ai.board import Board, CatRule, goal_list, rules_for
from calico_bot.games.calico.ai.evaluation import (
    COLORS,
    PATTERNS,
    Evaluator,
    Supply,
    Weights,
    at_least,
    button_chances,
    cat_potential,
)
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.game import GameOptions
from calico_bot.games.calico.engine.geometry import N_CELLS, NEIGHBOURS, PATCH_CELLS, PATCH_MASK
from tests.calico_bot.games.calico.ai.positions import random_position
from tests.calico_bot.games.calico.ai.test_hidden_information import _perturbed, _positions

MILLIE = CatRule("Millie", 3, 3, None, (), ())  # a count cat of 3 tiles, 3 points
RULES = (MILLIE, None, None, None, None, None)  # pattern 0 has the cat


def tile(color: int, pattern: int) -> int:
    return color * 6 + pattern


def unseen_with(counts: dict[int, int], rest: int = 2) -> list[int]:
    """36 counts: ``rest`` copies of every kind but those given."""
    out = [rest] * 36
    for kind, n in counts.items():
        out[kind] = n
    return out


def empty_board() -> Board:
    """A quilt with no tile at all, not even on its border (so that no group joins a border tile)."""
    board = Board()
    board.cells = [-1] * N_CELLS
    board.pm, board.cm = [0] * 6, [0] * 6
    board.pg, board.cg = [()] * 6, [()] * 6
    board.empty = PATCH_MASK
    return board


def pair_cells(count: int) -> list[tuple[int, int]]:
    """``count`` pairs of neighbouring patch spaces, no two pairs touching."""
    patch = set(PATCH_CELLS)
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    for a in PATCH_CELLS:
        for b in NEIGHBOURS[a]:
            block = {a, b, *NEIGHBOURS[a], *NEIGHBOURS[b]}
            if b in patch and not block & used and len(pairs) < count:
                pairs.append((a, b))
                used |= block
    assert len(pairs) == count
    return pairs


def board_with_pairs(tiles: list[int]) -> Board:
    """Each tile twice, on a pair of neighbouring spaces apart from the other pairs: groups of 2."""
    board = empty_board()
    for t, (a, b) in zip(tiles, pair_cells(len(tiles)), strict=True):
        board.place(a, t, RULES)
        board.place(b, t, RULES)
    return board


# --- the hypergeometric chance ------------------------------------------------------------------------------------


def brute_at_least(need: int, successes: int, pool: int, draws: int) -> float:
    items = [1] * successes + [0] * (pool - successes)
    hands = list(itertools.combinations(range(pool), min(draws, pool)))
    return sum(1 for h in hands if sum(items[i] for i in h) >= need) / len(hands)


def test_at_least_is_the_hypergeometric_tail() -> None:
    for need, successes, pool, draws in ((1, 3, 8, 3), (2, 3, 8, 4), (3, 3, 8, 5), (2, 4, 9, 2), (1, 1, 6, 6)):
        assert at_least(need, successes, pool, draws) == pytest.approx(brute_at_least(need, successes, pool, draws))
    assert at_least(2, 2, 4, 2) == pytest.approx(1 / comb(4, 2))
    assert at_least(0, 0, 10, 0) == 1.0 and at_least(-1, 0, 0, 0) == 1.0  # nothing more needed
    assert at_least(1, 0, 10, 5) == 0.0  # none left
    assert at_least(3, 2, 10, 10) == 0.0 and at_least(3, 5, 10, 2) == 0.0  # too few left, too few drawn
    assert at_least(2, 2, 10, 50) == 1.0  # every tile drawn


# --- the supply -----------------------------------------------------------------------------------------------------


def test_a_pattern_or_color_exhausted_gives_zero_and_known_tiles_count() -> None:
    gone = {tile(c, 0): 0 for c in range(6)} | {tile(3, p): 0 for p in range(6)}  # pattern 0, color 3 all seen
    supply = Supply(unseen_with(gone), [], per_turn=2)
    assert supply.counts[PATTERNS][0] == 0 and supply.counts[COLORS][3] == 0
    assert supply.counts[PATTERNS][1] == 5 * 2  # the five other colors of pattern 1, 2 copies each
    assert supply.chance(PATTERNS, 0, 1, 10) == 0.0
    assert supply.chance(COLORS, 3, 1, 10) == 0.0
    assert 0 < supply.chance(PATTERNS, 1, 1, 10) < 1
    assert supply.chance(PATTERNS, 0, 0, 10) == 1.0  # a group needing nothing
    in_hand = Supply(unseen_with(gone), [tile(1, 0)], per_turn=2)  # one pattern-0 tile in the hand
    assert in_hand.chance(PATTERNS, 0, 1, 10) == 1.0 and in_hand.chance(PATTERNS, 0, 2, 10) == 0.0
    assert in_hand.known[COLORS][1] == 1


def test_the_draws_follow_the_placements_left_and_the_pool() -> None:
    supply = Supply(unseen_with({}, rest=1), [], per_turn=2)  # 36 tiles not seen
    assert supply.draws(1) == 0 and supply.draws(5) == 8 and supply.draws(30) == 36
    # 6 tiles of pattern 2 among 36, 8 drawn: at least 2
    assert supply.raw(PATTERNS, 2, 2, 5) == pytest.approx(at_least(2, 6, 36, 8))
    assert supply.chance(PATTERNS, 2, 2, 5) < supply.chance(PATTERNS, 2, 2, 12)  # more turns, likelier


def test_the_power_and_the_relative_factors() -> None:
    scarce = {tile(c, 4): 0 for c in range(5)}  # pattern 4: only its 2 tiles of color 5 left
    plain = Supply(unseen_with(scarce), [], per_turn=2)
    squared = Supply(unseen_with(scarce), [], per_turn=2, power=2.0)
    relative = Supply(unseen_with(scarce), [], per_turn=2, relative=True)
    for need in (1, 2, 3):
        raw = [plain.chance(PATTERNS, p, need, 8) for p in range(6)]
        assert [squared.chance(PATTERNS, p, need, 8) for p in range(6)] == pytest.approx([r * r for r in raw])
        factors = [relative.chance(PATTERNS, p, need, 8) for p in range(6)]
        assert sum(factors) / 6 == pytest.approx(1.0)  # the level kept, only the ranking changes
        assert factors[4] < 1 < factors[0]
    assert relative.chance(PATTERNS, 4, 3, 8) == 0.0  # only 2 left: still none


def test_groups_of_one_pattern_share_its_supply() -> None:
    """Sorted by tiles missing, each group needs the tiles of those before it too: with one pattern-0 tile left,
    the first group of 2 may still become a cat, the second not."""
    only_one = {tile(c, 0): 0 for c in range(6)} | {tile(0, 0): 1}
    supply = Supply(unseen_with(only_one), [], per_turn=2)
    first = supply.chance(PATTERNS, 0, 1, 8)
    assert supply.shared(PATTERNS, 0, [(2, 0.5), (1, 0.25)], 8) == pytest.approx(0.25 * first)
    assert supply.shared(PATTERNS, 0, [], 8) == 0.0
    board = board_with_pairs([tile(1, 0), tile(2, 0)])  # two groups of 2 tiles of pattern 0, 1 missing each
    w = Weights()
    alone = cat_potential(board, 0, MILLIE, w, 10)
    assert alone == pytest.approx(2 * w.cat_decay * MILLIE.points * w.cat_scale)
    shared = cat_potential(board, 0, MILLIE, w, 10, supply=supply)
    assert shared == pytest.approx(w.cat_decay * supply.chance(PATTERNS, 0, 1, 10) * MILLIE.points * w.cat_scale)
    assert 0 < shared < alone / 2


def test_an_exhausted_pattern_leaves_no_cat_and_an_exhausted_color_no_button() -> None:
    board = board_with_pairs([tile(1, 0), tile(4, 2)])  # pattern 0 with the cat; color 1 and color 4, 2 tiles each
    gone = {tile(c, 0): 0 for c in range(6)} | {tile(4, p): 0 for p in range(6)}
    supply = Supply(unseen_with(gone), [], per_turn=2)
    w = Weights()
    assert cat_potential(board, 0, MILLIE, w, 10) > 0 and cat_potential(board, 0, MILLIE, w, 10, supply=supply) == 0
    assert button_chances(board, 4, w, 10) > 0 and button_chances(board, 4, w, 10, supply=supply) == 0
    assert 0 < button_chances(board, 1, w, 10, supply=supply) < button_chances(board, 1, w, 10)


def test_an_ample_supply_changes_nothing_and_a_scarce_one_lowers_the_evaluation() -> None:
    """With every tile not seen drawn for sure and enough of each, every chance is 1: the evaluation is the same
    as without the supply; with few turns left it is lower."""
    view = build_view(random_position(1, 8, 2), 0)
    goals, rules = goal_list(view.goals), rules_for(view.cat_of_pattern)
    board = Board.from_quilt(view.quilt)
    remaining = 22 - board.placed
    ample = Supply(view.unseen, [], per_turn=1000)
    plain = Evaluator(goals, rules)(board, remaining)
    assert Evaluator(goals, rules, supply=ample)(board, remaining) == pytest.approx(plain)
    scarce = Supply(view.unseen, [], per_turn=1)
    assert Evaluator(goals, rules, supply=scarce)(board, remaining) < plain
    ev = Evaluator(goals, rules, supply=scarce)
    _, cats, buttons = ev.open_terms(board, remaining)
    _, plain_cats, plain_buttons = Evaluator(goals, rules).open_terms(board, remaining)
    assert cats <= plain_cats and buttons <= plain_buttons and cats + buttons < plain_cats + plain_buttons


def test_supply_refuses_wrong_counts() -> None:
    with pytest.raises(ValueError, match="36 counts"):
        Supply([1] * 35, [], per_turn=2)
    with pytest.raises(ValueError, match="36 counts"):
        Supply([-1] + [1] * 35, [], per_turn=2)


# --- the options ---------------------------------------------------------------------------------------------------


def test_settings_parse_default_off_and_wrong_values_are_refused() -> None:
    policy = bench._policy("strong:supply=1.5,supply_relative=1", 1, bench.NO_CAP)
    assert policy.supply == 1.5 and policy.supply_relative  # type: ignore[attr-defined]
    view = build_view(random_position(1, 6), 0)
    built = policy._supply(view)  # type: ignore[attr-defined]
    assert isinstance(built, Supply) and built.power == 1.5 and built.relative and built.per_turn == 2
    assert built.pool == sum(view.unseen) and built.counts[PATTERNS] == tuple(
        sum(view.unseen[c * 6 + p] for c in range(6)) for p in range(6))
    assert sum(built.known[PATTERNS]) == len(view.hand) + sum(t is not None for t in view.market)
    default = StrongPolicy(1)
    assert default.supply == 0 and not default.supply_relative and default._supply(view) is None
    three = build_view(random_position(3, 4), 0)
    assert bench._policy("strong:supply=1", 1, bench.NO_CAP)._supply(three).per_turn == 3  # type: ignore[attr-defined]
    for bad in (-0.5, 4.5):
        with pytest.raises(ValueError, match="supply must be a number from 0"):
            StrongPolicy(1, supply=bad)
    with pytest.raises(ValueError, match="supply_relative must be a whole number from 0 to 1"):
        StrongPolicy(1, supply=1, supply_relative=2)
    with pytest.raises(ValueError, match="needs a supply power"):
        StrongPolicy(1, supply_relative=1)
    with pytest.raises(SystemExit):  # the bench refuses it in one line, before playing
        bench.main(["--policy", "strong:supply=9", "--games", "1"])


def test_the_supply_changes_the_evaluation_the_search_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    from calico_bot.games.calico.ai import strong as strong_module

    made: list[Supply | None] = []
    original = strong_module.Evaluator

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(args[7] if len(args) > 7 else kwargs.get("supply"))
        return original(*args, **kwargs)

    monkeypatch.setattr(strong_module, "Evaluator", spy)
    view = build_view(random_position(1, 6), 0)
    StrongPolicy(3, budget_ms=None, rollouts=2).choose_turn(view)
    StrongPolicy(3, budget_ms=None, rollouts=2, supply=1).choose_turn(view)
    assert made[0] is None and isinstance(made[1], Supply)


@pytest.mark.parametrize("players", [1, 3])
def test_the_supply_decides_from_the_view_only(players: int) -> None:
    """Shuffling the hidden bag and swapping the other hands with it changes no decision of the player with the
    supply on (its counts come from ``view.unseen``, the hand and the market)."""
    options = GameOptions(players=[f"p{i}" for i in range(players)], mode="solo" if players == 1 else "standard")
    rng = random.Random(31)
    for position in _positions(options, 6, (7, 12) if players == 1 else (7,)):
        seat = position.current
        twins = [_perturbed(position, seat, rng) for _ in range(2)]
        decide = [StrongPolicy(5, budget_ms=None, shortlist=4, supply=1, supply_relative=1).choose_turn(
            build_view(s, seat)) for s in (position, *twins)]
        assert decide[0] == decide[1] == decide[2]
