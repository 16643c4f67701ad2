"""The strong player's three-placement value, checked against a brute-force computation."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Callable, Sequence

import pytest

from calico_bot.games.calico.ai import build_view, policy_by_name
from calico_bot.games.calico.ai import strong as strong_module
from calico_bot.games.calico.ai.board import Board, goal_list, rules_for
from calico_bot.games.calico.ai.chances import fit, open_groups
from calico_bot.games.calico.ai.endgame import FinalTables, deep_endgame_values
from calico_bot.games.calico.ai.evaluation import (
    CHANCES_FILE,
    Evaluator,
    GroupChances,
    ObjectiveTerms,
    ScenarioPass,
    Weights,
    button_chances,
    cat_potential,
    load_group_chances,
)
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.ai.view import PlayerView
from calico_bot.games.calico.engine.components import SCENARIOS, Scenario
from calico_bot.games.calico.engine.game import GameOptions, new_game, random_goal_choice, random_turn
from calico_bot.games.calico.engine.geometry import cells_of, label


def _placements(board: Board, hand: Sequence[int], rules: tuple, cells: Sequence[int],
                tie: Callable[[], float] = lambda: 0.0) -> list[tuple[float, float, int, int, Board]]:
    """Every placement of a hand tile on one of ``cells``, as the search's first step lists them:
    (value, tie-break, hand index, cell, quilt after)."""
    out = []
    for h, tile in enumerate(hand):
        for cell in cells:
            after = board.copy()
            after.place(cell, tile, rules)
            out.append((0.0, tie(), h, cell, after))
    return out

def test_third_placement_is_tried_on_the_quilt_after_the_second() -> None:
    rng = random.Random(2)
    state = new_game(GameOptions(players=["a"], mode="solo"), 9)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(8):
        state.apply(random_turn(state, rng))
    view = build_view(state, 0)
    rules = rules_for(view.cat_of_pattern)
    ev = Evaluator(goal_list(view.goals), rules)
    after = Board.from_quilt(view.quilt)
    after.place(cells_of(after.empty)[0], view.hand[0], rules)
    remaining = 22 - after.placed
    a, b = view.hand[1], view.market[0]
    assert b is not None

    def place(board: Board, cell: int, tile: int) -> Board:
        out = board.copy()
        out.place(cell, tile, rules)
        return out

    seconds = [place(after, c, a) for c in cells_of(after.empty)]
    second = max(seconds, key=lambda q: ev(q, remaining - 1))  # first best, as the policy keeps it
    expected = max(ev(place(second, c, b), remaining - 2) for c in cells_of(second.empty))
    got = StrongPolicy(1)._third(after, a, b, rules, ev, remaining, {}, {})
    assert got == expected
    # The additive estimate of strong-v1 differs: it measures b's gain on ``after`` alone.
    alone = max(ev(place(after, c, b), remaining - 1) for c in cells_of(after.empty))
    assert got != ev(second, remaining - 1) + alone - ev(after, remaining)


def test_strong_v1_keeps_the_old_settings() -> None:
    old = policy_by_name("strong-v1", 3)
    new = policy_by_name("strong", 3)
    assert (old.conditional_third, old.resample, old.objective_bonus) == (False, 1, 0.0)  # type: ignore[attr-defined]
    assert (old.scenario_endgame, new.scenario_endgame) == (False, True)  # type: ignore[attr-defined]
    assert (new.conditional_third, new.resample) == (True, 3)  # type: ignore[attr-defined]
    # Issue 16 re-weighted the open cats and buttons; strong-v1 keeps the weights it was measured with.
    assert (old.weights.cat_scale, old.weights.button_scale) == (1.0, 1.0)  # type: ignore[attr-defined]
    assert new.weights == Weights()  # type: ignore[attr-defined]


def test_strong_w1_is_todays_search_with_the_old_weights() -> None:
    w1 = policy_by_name("strong-w1", 3, budget_ms=None)
    new = policy_by_name("strong", 3, budget_ms=None)
    assert w1.name == "strong-w1"
    assert (w1.weights.cat_scale, w1.weights.button_scale) == (1.0, 1.0)  # type: ignore[attr-defined]
    for attr in ("conditional_third", "resample", "objective_bonus", "shortlist", "samples", "goal_futures"):
        assert getattr(w1, attr) == getattr(new, attr), attr
    assert w1.budget_ms is None  # type: ignore[attr-defined]


def test_cat_and_button_scales_weigh_only_their_potential() -> None:
    rng = random.Random(5)
    state = new_game(GameOptions(players=["a"], mode="solo"), 4)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(6):
        state.apply(random_turn(state, rng))
    view = build_view(state, 0)
    rules = rules_for(view.cat_of_pattern)
    board = Board.from_quilt(view.quilt)
    remaining = 22 - board.placed

    def value(**weights: float) -> float:
        return Evaluator(goal_list(view.goals), rules, Weights(**weights))(board, remaining)

    base = value(cat_scale=1.0, button_scale=1.0)
    no_cats = value(cat_scale=0.0, button_scale=1.0)
    no_buttons = value(cat_scale=1.0, button_scale=0.0)
    cats, buttons = base - no_cats, base - no_buttons
    assert cats > 0 and buttons > 0  # this quilt has open cat and button groups
    got = value(cat_scale=0.85, button_scale=1.2)
    assert abs(got - (base - 0.15 * cats + 0.2 * buttons)) < 1e-9


def _late_solo_view(seed: int, spaces_left: int, scenario: int | None = None):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = new_game(GameOptions(players=["a"], mode="solo", scenario=scenario), seed)
    state.apply(random_goal_choice(state, 0, rng))
    while 22 - state.players[0].quilt.placed > spaces_left:
        state.apply(random_turn(state, rng))
    return state, build_view(state, 0)


@pytest.mark.parametrize(("seed", "scenario"), [(3, None), (8, 7)])
def test_endgame_values_are_the_exact_expectation_over_every_draw(seed: int, scenario: int | None) -> None:
    """Three spaces left: every ordered draw of the two refills from a small unseen pool, every choice after it
    by brute force, against the endgame's weighed pairs."""
    _, view = _late_solo_view(seed, 3, scenario)
    pool = [view.market[0], view.hand[0], 5, 5, 17, 30]  # a small, made-up set of unseen tiles, with repeats
    unseen = [0] * 36
    for t in pool:
        unseen[t] += 1
    view = dataclasses.replace(view, unseen=tuple(unseen), bag_count=len(pool))
    rules = rules_for(view.cat_of_pattern)
    objectives = ObjectiveTerms(SCENARIOS[scenario], rules, goal_list(view.goals), 10.0) if scenario else None
    ev = Evaluator(goal_list(view.goals), rules, Weights(), objectives)
    board = Board.from_quilt(view.quilt)
    first = _placements(board, view.hand, rules, cells_of(board.empty), tie=random.random)
    slots = [0, 1, 2]
    got = {(h, cell, s): v for v, _, h, cell, s in StrongPolicy.endgame_values(view, first, slots, rules, ev)}

    def final(board: Board, cells_tiles: list[tuple[int, int]]) -> float:
        out = board.copy()
        for cell, tile in cells_tiles:
            out.place(cell, tile, rules)
        return ev(out, 0)

    assert len(got) == len(first) * 3
    for _, _, h, cell, after in first:
        other = view.hand[1 - h]
        for s in slots:
            taken = view.market[s]
            near = view.market[2] if s < 2 else view.market[1]
            outcomes = []
            for i, j in itertools.permutations(range(len(pool)), 2):
                market2 = [near, pool[i], pool[j]]
                best = float("-inf")
                for a, kept in ((taken, other), (other, taken)):
                    for x in cells_of(after.empty):
                        (y,) = [c for c in cells_of(after.empty) if c != x]
                        for b in (kept, *market2):
                            best = max(best, final(after, [(x, a), (y, b)]))
                outcomes.append(best)
            assert got[(h, cell, s)] == pytest.approx(sum(outcomes) / len(outcomes), abs=1e-9)


def test_endgame_decides_the_turn_with_three_spaces_left_only_in_solo(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = StrongPolicy.endgame_values

    def spy(cls, *args):  # type: ignore[no-untyped-def]
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(StrongPolicy, "endgame_values", classmethod(spy))
    state, view = _late_solo_view(4, 3)
    turn = StrongPolicy(4, budget_ms=None, endgame=True).choose_turn(view)
    assert calls == [1]
    state.apply(turn)  # a legal turn
    StrongPolicy(4, budget_ms=None, endgame=False).choose_turn(_late_solo_view(4, 3)[1])
    StrongPolicy(4, budget_ms=None, endgame=True, endgame_spaces=3).choose_turn(_late_solo_view(5, 4)[1])
    assert calls == [1]  # switched off, or four spaces left without the deeper endgame: the sampled search


def _random_finish(tables: FinalTables, after: Board, firsts: set[int], rules: tuple, rng: random.Random
                   ) -> tuple[int, int, int, int, int, Board]:
    """A random way to fill the tables' three last cells: tile ``a`` (one of ``firsts``) on cell ``i``, then
    tiles ``u`` and ``v`` on cell ``j`` and on the third; (i, a, j, u, v, the finished quilt)."""
    i, j = rng.sample(range(3), 2)
    (k,) = {0, 1, 2} - {i, j}
    a, u, v = rng.choice(sorted(firsts)), rng.randrange(36), rng.randrange(36)
    final = after.copy()
    for cell, tile in ((tables.cells[i], a), (tables.cells[j], u), (tables.cells[k], v)):
        final.place(cell, tile, rules)
    return i, a, j, u, v, final


def test_final_tables_match_the_quilt_played_out() -> None:
    """Four spaces left, one placed: every filling of the last three spaces in every order, against the lean quilt
    and the evaluator's final value (cats, buttons, rainbow and goals)."""
    _, view = _late_solo_view(11, 4)
    rules = rules_for(view.cat_of_pattern)
    goals = goal_list(view.goals)
    ev = Evaluator(goals, rules, Weights())
    after = Board.from_quilt(view.quilt)
    after.place(cells_of(after.empty)[1], view.hand[0], rules)
    firsts = {view.hand[1], *(t for t in view.market if t is not None)}
    tables = FinalTables(after, firsts, rules, goals, 1.0)
    rng = random.Random(4)
    for _ in range(150):
        i, a, j, u, v, final = _random_finish(tables, after, firsts, rules, rng)
        assert tables.final(i, a, j)[u, v] == ev(final, 0)


def _assert_expectimax_over_both_draws(view: PlayerView, pool: list[int], first: list[tuple], rules: tuple,
                                       ev: Evaluator, got: dict[tuple[int, int, int], float]) -> None:
    """Each of the first two placements, with each market slot, is worth the mean over every ordered pair of
    conveyor draws from ``pool`` of the best three-left endgame value after it (brute force)."""
    for _, _, h, cell, after in first[:2]:
        other = view.hand[1 - h]
        for s in (0, 1, 2):
            taken, near = view.market[s], view.market[2] if s < 2 else view.market[1]
            outcomes = []
            for i, j in itertools.permutations(range(len(pool)), 2):
                left = [0] * 36
                for r, t in enumerate(pool):
                    left[t] += r not in (i, j)
                later = dataclasses.replace(view, hand=(taken, other), market=(near, pool[i], pool[j]),
                                            unseen=tuple(left), bag_count=len(pool) - 2)
                nexts = _placements(after, later.hand, rules, cells_of(after.empty))
                outcomes.append(max(v[0] for v in StrongPolicy.endgame_values(later, nexts, [0, 1, 2], rules, ev)))
            assert got[(h, cell, s)] == pytest.approx(sum(outcomes) / len(outcomes), abs=1e-9)


def test_deep_endgame_is_the_expectation_of_the_three_left_values() -> None:
    """Four spaces left: every ordered first draw from a small unseen pool, the best next placement and slot valued by
    the exact three-left endgame on the pool that is left, against the deep endgame's closed form."""
    _, view = _late_solo_view(12, 4)
    pool = [view.market[0], view.hand[0], 5, 5, 17, 30]
    unseen = [0] * 36
    for t in pool:
        unseen[t] += 1
    view = dataclasses.replace(view, unseen=tuple(unseen), bag_count=len(pool))
    rules = rules_for(view.cat_of_pattern)
    ev = Evaluator(goal_list(view.goals), rules, Weights())
    board = Board.from_quilt(view.quilt)
    first = _placements(board, view.hand, rules, cells_of(board.empty)[:2], tie=random.random)
    values = deep_endgame_values(view, first, [0, 1, 2], rules, goal_list(view.goals), 1.0)
    got = {(h, cell, s): v for v, _, h, cell, s in values}
    assert len(got) == len(first) * 3
    _assert_expectimax_over_both_draws(view, pool, first, rules, ev, got)


def test_deep_endgame_setting_decides_the_turn_with_four_spaces_left(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = strong_module.deep_endgame_values

    def spy(*args):  # type: ignore[no-untyped-def]
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(strong_module, "deep_endgame_values", spy)
    state, view = _late_solo_view(6, 4)
    turns = [StrongPolicy(6, budget_ms=None).choose_turn(view) for _ in range(2)]  # on by default
    assert calls == [1, 1]
    assert turns[0] == turns[1]  # deterministic for a seed
    state.apply(turns[0])  # a legal turn
    StrongPolicy(6, budget_ms=None, endgame_spaces=3).choose_turn(_late_solo_view(6, 4)[1])  # the player before
    StrongPolicy(6, budget_ms=None, endgame=False).choose_turn(_late_solo_view(6, 4)[1])  # no endgame at all
    StrongPolicy(6, budget_ms=None, endgame_spaces=4).choose_turn(_late_solo_view(7, 3)[1])  # three left: as before
    StrongPolicy(6, budget_ms=None, endgame_spaces=4, scenario_endgame=False).choose_turn(
        _late_solo_view(8, 4, 7)[1])  # a scenario without the scenario endgame (seventh round)
    assert calls == [1, 1]
    with pytest.raises(ValueError, match="endgame_spaces must be 3 or 4"):
        StrongPolicy(6, endgame_spaces=5)


def test_deep_endgame_keeps_a_move_past_its_deadline() -> None:
    """A deadline already past: the best placement is still valued (with every slot), the others are left out."""
    _, view = _late_solo_view(9, 4)
    rules = rules_for(view.cat_of_pattern)
    board = Board.from_quilt(view.quilt)
    first = _placements(board, view.hand, rules, cells_of(board.empty))
    slots = [s for s, t in enumerate(view.market) if t is not None]
    values = deep_endgame_values(view, first, slots, rules, goal_list(view.goals), 1.0, deadline=0.0)
    assert [(h, cell) for _, _, h, cell, _ in values] == [first[0][2:4]] * len(slots)


# --- the scenario endgame (issue 16, seventh round): the chance of passing ---------------------------------------


def _small_pool(view, pool: list[int]):  # type: ignore[no-untyped-def]
    unseen = [0] * 36
    for t in pool:
        unseen[t] += 1
    return dataclasses.replace(view, unseen=tuple(unseen), bag_count=len(pool))


def _three_left_brute_force(view, rules: tuple, pool: list[int],  # type: ignore[no-untyped-def]
                            value: Callable[[Board], float]) -> dict[tuple[int, int, int], float]:
    """Three spaces left: every (hand index, cell, slot) valued by the mean over every ordered draw of the two refills
    from ``pool`` of the best ``value`` of the finished quilt reachable after the draw."""
    board = Board.from_quilt(view.quilt)
    out = {}
    for h, tile in enumerate(view.hand):
        for cell in cells_of(board.empty):
            after = board.copy()
            after.place(cell, tile, rules)
            other = view.hand[1 - h]
            for s in range(3):
                taken, near = view.market[s], view.market[2] if s < 2 else view.market[1]
                outcomes = []
                for i, j in itertools.permutations(range(len(pool)), 2):
                    best = float("-inf")
                    for a, kept in ((taken, other), (other, taken)):
                        for x in cells_of(after.empty):
                            (y,) = [c for c in cells_of(after.empty) if c != x]
                            for b in (kept, near, pool[i], pool[j]):
                                final = after.copy()
                                final.place(x, a, rules)
                                final.place(y, b, rules)
                                best = max(best, value(final))
                    outcomes.append(best)
                out[(h, cell, s)] = sum(outcomes) / len(outcomes)
    return out


def test_scenario_endgame_takes_the_pass_over_more_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """A constructed scenario (14 points and three buttons of one color) with three spaces left and a small pool:
    the placement that scores most on average almost never passes, another passes in most draws. Against brute
    force, the scenario endgame's values are the chances of passing (plus the small share of the score), and the
    policy picks the placement with the best chance."""
    _, view = _late_solo_view(2, 3, 4)
    pool = [view.market[0], view.hand[0], 5, 5, 17, 30]
    view = _small_pool(view, pool)
    sc = dataclasses.replace(SCENARIOS[4], goals_ok=0, buttons_one_color=3, min_score=14)
    rules = rules_for(view.cat_of_pattern)
    goals = goal_list(view.goals)
    passing = ScenarioPass(sc, rules, goals)
    chance = _three_left_brute_force(view, rules, pool, lambda q: float(passing.passes(q)))
    points = _three_left_brute_force(view, rules, pool, lambda q: q.total(goals))
    most_points = max(points, key=points.__getitem__)
    best_chance = max(chance.values())
    assert points[most_points] > max(points[k] for k, c in chance.items() if c == best_chance) + 1
    assert chance[most_points] < 0.01 < 0.5 < best_chance  # the case is real: more points, (almost) no pass

    ev = Evaluator(goals, rules, Weights(), None, passing)
    board = Board.from_quilt(view.quilt)
    first = _placements(board, view.hand, rules, cells_of(board.empty), tie=random.random)
    got = {(h, cell, s): v for v, _, h, cell, s in StrongPolicy.endgame_values(view, first, [0, 1, 2], rules, ev)}
    exact = _three_left_brute_force(view, rules, pool, passing)
    assert got.keys() == exact.keys()
    for key, value in got.items():
        assert value == pytest.approx(exact[key], abs=1e-9)
        assert value == pytest.approx(chance[key], abs=1e-4 * 30)  # the chance, give or take the score's share

    monkeypatch.setattr(strong_module, "SCENARIOS", {**SCENARIOS, 4: sc})
    turn = StrongPolicy(2, budget_ms=None, scenario_endgame=True).choose_turn(view)
    key = (turn.tile - 1, next(c for c in cells_of(board.empty) if label(c) == turn.space), turn.take - 1)
    assert chance[key] == best_chance
    plain = StrongPolicy(2, budget_ms=None, scenario_endgame=False, objective_bonus=0.0).choose_turn(view)
    plain_key = (plain.tile - 1, next(c for c in cells_of(board.empty) if label(c) == plain.space), plain.take - 1)
    assert plain_key == most_points  # the score-maximising endgame, on the same position, takes the points


def test_final_tables_pass_values_match_the_quilt_played_out() -> None:
    """Four spaces left in scenario games, one placed: random fillings of the last three spaces, against
    :class:`ScenarioPass` on the lean quilt, for the real scenario and for constructed ones that ask for one more
    of each kind of objective than the quilt holds (so that the fillings decide)."""
    seen: dict[str, set[bool]] = {}
    for seed, number in ((11, 3), (12, 4), (13, 5), (14, 7), (15, 9)):
        _, view = _late_solo_view(seed, 4, number)
        rules = rules_for(view.cat_of_pattern)
        goals = goal_list(view.goals)
        after = Board.from_quilt(view.quilt)
        after.place(cells_of(after.empty)[1], view.hand[0], rules)
        firsts = {view.hand[1], *(t for t in view.market if t is not None)}
        rng = random.Random(seed)
        real = SCENARIOS[number]
        held = ScenarioPass(real, rules, goals)
        tokens = held.tokens(after)
        plain = Scenario(number, real.goals, real.cats)
        cases = {"real": real, "score": dataclasses.replace(plain, min_score=after.total(goals) + 3),
                 "cats": dataclasses.replace(plain, total_cats=sum(tokens.values()) + 1),
                 "one cat": dataclasses.replace(plain, tokens_one_cat=max(tokens.values()) + 1),
                 "each cat": dataclasses.replace(plain, one_of_each_cat=True),
                 "buttons": dataclasses.replace(plain, buttons_one_color=max(held.buttons(after)) + 1),
                 "rainbow": dataclasses.replace(plain, rainbow=True),
                 "goals": dataclasses.replace(plain, goals_ok=1, goals_both=1)}
        for name, sc in cases.items():
            passing = ScenarioPass(sc, rules, goals)
            tables = FinalTables(after, firsts, rules, goals, 1.0, passing)
            for _ in range(40):
                i, a, j, u, v, final = _random_finish(tables, after, firsts, rules, rng)
                assert tables.final(i, a, j)[u, v] == pytest.approx(passing(final), abs=1e-12)
                seen.setdefault(name, set()).add(passing.passes(final))
    # Both outcomes were checked for each kind (random quilts are far from a rainbow and from the real needs).
    assert all(seen[name] == {False, True} for name in seen if name not in ("real", "rainbow"))


@pytest.mark.parametrize("seed", [14])
def test_deep_scenario_endgame_is_the_expectation_of_the_three_left_pass_values(seed: int) -> None:
    """Four spaces left in a constructed scenario (a goal met, two buttons of one color, no points above the quilt's
    so far): the deep endgame's pass values against the exact three-left endgame on every ordered first draw from a
    small pool."""
    _, view = _late_solo_view(seed, 4, 4)
    pool = [view.market[0], view.hand[0], 5, 5, 17, 30]
    view = _small_pool(view, pool)
    rules = rules_for(view.cat_of_pattern)
    goals = goal_list(view.goals)
    board = Board.from_quilt(view.quilt)
    sc = dataclasses.replace(SCENARIOS[4], goals_ok=1, buttons_one_color=2, min_score=board.total(goals))
    passing = ScenarioPass(sc, rules, goals)
    ev = Evaluator(goals, rules, Weights(), None, passing)
    first = _placements(board, view.hand, rules, cells_of(board.empty)[:2], tie=random.random)
    values = deep_endgame_values(view, first, [0, 1, 2], rules, goals, 1.0, scenario=passing)
    got = {(h, cell, s): v for v, _, h, cell, s in values}
    assert len(got) == len(first) * 3
    _assert_expectimax_over_both_draws(view, pool, first, rules, ev, got)
    assert max(got.values()) - min(got.values()) > 0.05  # the choices differ in their chance of passing


def test_scenario_endgame_setting_decides_the_last_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    """On: a scenario's turn with four spaces left goes to the deep endgame with the scenario's pass values, and
    the turn is legal and the same for a seed (on by default); off, as before the seventh round; in standard solo, the
    score as before."""
    calls: list[object] = []
    original = strong_module.deep_endgame_values

    def spy(*args):  # type: ignore[no-untyped-def]
        calls.append(args[-1])
        return original(*args)

    monkeypatch.setattr(strong_module, "deep_endgame_values", spy)
    state, view = _late_solo_view(6, 4, 10)
    turns = [StrongPolicy(6, budget_ms=None).choose_turn(view) for _ in range(2)]  # on by default
    assert turns[0] == turns[1]  # deterministic for a seed
    assert len(calls) == 2 and all(isinstance(c, ScenarioPass) and c.sc is SCENARIOS[10] for c in calls)
    state.apply(turns[0])  # a legal turn
    while not state.over:  # and so are the last three
        state.apply(StrongPolicy(6, budget_ms=None, scenario_endgame=True).choose_turn(build_view(state, 0)))
    calls.clear()
    StrongPolicy(6, budget_ms=None, scenario_endgame=False).choose_turn(view)  # off: the sampled search, as before
    assert calls == []
    StrongPolicy(6, budget_ms=None, scenario_endgame=True).choose_turn(_late_solo_view(6, 4)[1])  # standard solo
    assert calls == [None]  # the score, as before
    assert StrongPolicy(6).scenario_endgame is strong_module.SCENARIO_ENDGAME is True
    with pytest.raises(ValueError, match="scenario_endgame must be 0 or 1"):
        StrongPolicy(6, scenario_endgame=2)  # type: ignore[arg-type]


def test_scenario_endgame_leaves_standard_solo_alone() -> None:
    """Standard solo: the same turns with the setting on and off, at every stage of a game."""
    rng = random.Random(3)
    state = new_game(GameOptions(players=["a"], mode="solo"), 3)
    state.apply(random_goal_choice(state, 0, rng))
    while not state.over:
        view = build_view(state, 0)
        if 22 - state.players[0].quilt.placed <= 5:
            on = StrongPolicy(3, budget_ms=None, scenario_endgame=True).choose_turn(view)
            assert on == StrongPolicy(3, budget_ms=None, scenario_endgame=False).choose_turn(view)
        state.apply(random_turn(state, rng))


# --- group chances by room (issue 16, eighth round) -------------------------------------------------------------


def _mid_game(seed: int, turns: int) -> PlayerView:
    rng = random.Random(seed)
    state = new_game(GameOptions(players=["a"], mode="solo"), seed)
    state.apply(random_goal_choice(state, 0, rng))
    for _ in range(turns):
        state.apply(random_turn(state, rng))
    return build_view(state, 0)


def test_shipped_group_chances_are_read_and_favour_groups_with_room() -> None:
    table = load_group_chances()
    assert table == GroupChances.from_json(json.loads(CHANCES_FILE.read_text(encoding="utf-8")))
    assert len(table.button) == 3 and len(table.cat) >= 5
    for rows in (table.cat[1:], table.button[1:]):
        for row in rows:  # fitted on self-play: a group hemmed in by one free space is completed less often
            assert row[1] < 1.0 < row[4]
    assert table.scaled(0.0, 0.0) == GroupChances(tuple((1.0,) * 5 for _ in table.cat), ((1.0,) * 5,) * 3)
    assert StrongPolicy(1).chances is None  # off by default
    assert StrongPolicy(1, cat_room=1, button_room=1).chances == table


def test_group_chances_weigh_every_open_group_as_the_fitter_lists_it() -> None:
    """The evaluator's cat and button potentials with the factors are the decay times the factor of each group's
    (tiles missing, room), over the groups :func:`.chances.open_groups` lists; without them, the decay alone."""
    table = load_group_chances()
    w = Weights()
    for seed, turns in ((3, 6), (4, 10), (5, 14)):
        view = _mid_game(seed, turns)
        rules = rules_for(view.cat_of_pattern)
        board = Board.from_quilt(view.quilt)
        remaining = 22 - board.placed
        groups = list(open_groups(board, rules, remaining))
        assert any(kind == "cat" for kind, *_ in groups) and any(kind == "button" for kind, *_ in groups)
        for pattern, rule in enumerate(rules):
            if rule is None:
                continue
            mine = [(d, room) for kind, key, d, room, _ in groups if kind == "cat" and key == pattern]
            expected = sum(w.cat_decay**d * table.cat_factor(d, room) for d, room in mine) * rule.points * w.cat_scale
            assert cat_potential(board, pattern, rule, w, remaining, table) == pytest.approx(expected)
            plain = sum(w.cat_decay**d for d, _ in mine) * rule.points * w.cat_scale
            assert cat_potential(board, pattern, rule, w, remaining) == pytest.approx(plain)
        for color in range(6):
            mine = [(d, room) for kind, key, d, room, _ in groups if kind == "button" and key == color]
            expected = sum(w.button_decay**d * table.button_factor(d, room) for d, room in mine)
            assert button_chances(board, color, w, remaining, table) == pytest.approx(expected)
        with_table = Evaluator(goal_list(view.goals), rules, w, chances=table)
        assert with_table(board, remaining) != Evaluator(goal_list(view.goals), rules, w)(board, remaining)


def test_fit_gives_factors_that_average_one_and_follow_the_rates() -> None:
    # cat groups missing 2 tiles: room 1 completed 1 in 10, room 3 completed 6 in 10; buttons missing 1: all alike
    records = [("cat", 2, 1, int(i < 10)) for i in range(100)] + [("cat", 2, 3, int(i < 60)) for i in range(100)]
    records += [("button", 1, room, i % 2) for room in (1, 2) for i in range(50)]
    table = fit(records, prior=0.0)
    low, high = table["cat"][2][1], table["cat"][2][3]
    assert high / low == pytest.approx(6.0, abs=1e-3)  # the file keeps 4 decimals
    assert (100 * low + 100 * high) / 200 == pytest.approx(1.0, abs=1e-4)
    assert table["button"][1][1:3] == [1.0, 1.0] and table["button"][2] == [1.0] * 5  # no groups: factor 1
    shrunk = fit(records)  # the prior pulls a room's rate towards its d's
    assert low < shrunk["cat"][2][1] < 1.0 < shrunk["cat"][2][3] < high


def test_turns_with_group_chances_are_legal_and_deterministic() -> None:
    state = new_game(GameOptions(players=["a"], mode="solo"), 12)
    policy = StrongPolicy(3, budget_ms=None, shortlist=4, samples=3, cat_room=1, button_room=1)
    state.apply(policy.choose_goals(build_view(state, 0)))
    for _ in range(3):
        view = build_view(state, 0)
        turn = policy.choose_turn(view)
        again = StrongPolicy(3, budget_ms=None, shortlist=4, samples=3, cat_room=1, button_room=1).choose_turn(
            build_view(state.copy(), 0))
        assert turn == again
        state.apply(turn)  # the rules refuse an illegal turn
    with pytest.raises(ValueError, match="cat_room must be a number from 0 to 4"):
        StrongPolicy(1, cat_room=5)


def test_long_decay_changes_only_the_long_count_cats() -> None:
    w = Weights()
    for seed, turns in ((3, 8), (6, 12), (7, 10)):
        view = _mid_game(seed, turns)
        names = ("Cira", "Cira", "Gwenivere", "Gwenivere", "Millie", "Millie")
        rules = rules_for(dict(enumerate(names)))
        board = Board.from_quilt(view.quilt)
        remaining = 22 - board.placed
        for pattern, rule in enumerate(rules):
            assert rule is not None
            groups = [d for kind, key, d, _, _ in open_groups(board, rules, remaining)
                      if kind == "cat" and key == pattern]
            decay = 0.5 if rule.min_group >= 6 else w.cat_decay
            expected = sum(decay**d for d in groups) * rule.points * w.cat_scale
            assert cat_potential(board, pattern, rule, w, remaining, long_decay=0.5) == pytest.approx(expected)
    assert StrongPolicy(1).long_decay == 0.0
    with pytest.raises(ValueError, match="long_decay must be"):
        StrongPolicy(1, long_decay=1.0)
