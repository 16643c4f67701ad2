"""Game flow: setups, turns, the market and every refusal."""

import json
import random

import pytest

from calico_bot.core.errors import RuleViolation
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import BEGINNER_CATS, BEGINNER_GOALS, CATS, SCENARIOS
from calico_bot.games.calico.engine.game import (
    PHASE_OVER,
    PHASE_PLAY,
    PHASE_SETUP,
    GameOptions,
    GameState,
    legal_turns,
    new_game,
    random_goal_choice,
    random_turn,
    tile_census,
)


def started(options: GameOptions, seed: int = 7) -> GameState:
    state = new_game(options, seed)
    rng = random.Random(seed)
    for seat, p in enumerate(state.players):
        if p.needs_goals:
            state.apply(random_goal_choice(state, seat, rng))
    return state


def play_out(state: GameState, seed: int = 1) -> GameState:
    rng = random.Random(seed)
    while not state.over:
        state.apply(random_turn(state, rng))
    return state


def test_standard_setup_deals_one_cat_per_dot_group_and_two_patterns_each() -> None:
    for seed in range(30):
        state = new_game(GameOptions(players=["a", "b", "c"]), seed)
        dots = sorted(CATS[name].dots for name, _ in state.cats)
        assert dots == [1, 2, 3]
        tiles = {CATS[name].tile for name, _ in state.cats}
        assert len(tiles) == 3
        patterns = [p for _, pats in state.cats for p in pats]
        assert sorted(patterns) == list(range(6))
        assert state.phase == PHASE_SETUP
        for p in state.players:
            assert len(p.offered) == 4 and len(set(p.offered)) == 4 and p.goals is None
        assert len({p.board for p in state.players}) == 3


def test_setup_draw_order_market_first_then_hands_in_seat_order() -> None:
    state = new_game(GameOptions(players=["a", "b"]), 3)
    assert state.market == state.bag[0:3]
    assert state.players[0].hand == state.bag[3:5]
    assert state.players[1].hand == state.bag[5:7]
    assert state.bag_count == 108 - 7


def test_beginner_setup_is_fixed_and_starts_at_once() -> None:
    state = new_game(GameOptions(players=["a", "b"], mode="beginner"), 11)
    assert [name for name, _ in state.cats] == list(BEGINNER_CATS)
    assert all(p.goals == BEGINNER_GOALS for p in state.players)
    assert state.phase == PHASE_PLAY


def test_family_variant_has_no_goals_and_scores_none() -> None:
    state = play_out(started(GameOptions(players=["a", "b"], mode="family")))
    assert all(p.goals is None and not p.offered for p in state.players)
    for score in state.scores():
        assert score.goals == [] and score.goal_points == 0


def test_lower_variance_bag_holds_72_tiles() -> None:
    state = new_game(GameOptions(players=["a", "b"], lower_variance=True), 1)
    assert len(state.bag) == 72
    assert all(count == 2 for count in tile_census(state))
    with pytest.raises(RuleViolation) as err:
        new_game(GameOptions(players=["a", "b", "c"], lower_variance=True), 1)
    assert err.value.code == "lower_variance_players"


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (GameOptions(players=[]), "bad_player_count"),
        (GameOptions(players=list("abcde")), "bad_player_count"),
        (GameOptions(players=["a"], mode="standard"), "one_needs_solo"),
        (GameOptions(players=["a", "b"], mode="solo"), "solo_needs_one"),
        (GameOptions(players=["a", "b"], scenario=3), "scenario_needs_solo"),
        (GameOptions(players=["a"], mode="solo", scenario=11), "bad_scenario"),
        (GameOptions(players=["a", "b"], mode="chess"), "bad_mode"),
        (GameOptions(players=["a", "b"], boards=["blue", "blue"]), "bad_boards"),
    ],
)
def test_bad_options_are_refused(options: GameOptions, code: str) -> None:
    with pytest.raises(RuleViolation) as err:
        new_game(options, 1)
    assert err.value.code == code


def test_goal_choice_rules() -> None:
    state = new_game(GameOptions(players=["a", "b"]), 5)
    offered = state.players[0].offered
    unoffered = next(g for g in ["ALL_DIFFERENT", "AAAA-BB", "AAA-BBB", "AAA-BB-C", "AA-BB-CC", "AA-BB-C-D"]
                     if g not in offered)
    before = json.dumps(state.to_json())
    bad = [
        ({"B3": offered[0], "C4": offered[1]}, "goal_spaces"),
        ({"B3": offered[0], "C4": offered[0], "D2": offered[1]}, "goal_twice"),
        ({"B3": offered[0], "C4": offered[1], "D2": unoffered}, "goal_not_offered"),
        ({"B3": offered[0], "C4": offered[1], "A1": offered[2]}, "goal_spaces"),
    ]
    for goals, code in bad:
        with pytest.raises(RuleViolation) as err:
            state.apply(ChooseGoals(0, goals))
        assert err.value.code == code
    assert json.dumps(state.to_json()) == before
    # Turns wait for everybody's goals.
    with pytest.raises(RuleViolation) as err:
        state.apply(Turn(0, 1, "A1", 1))
    assert err.value.code == "setup_not_finished"
    state.apply(ChooseGoals(0, {"B3": offered[0], "C4": offered[1], "D2": offered[2]}))
    assert state.phase == PHASE_SETUP
    with pytest.raises(RuleViolation) as err:
        state.apply(ChooseGoals(0, {"B3": offered[0], "C4": offered[1], "D2": offered[2]}))
    assert err.value.code == "goals_already_chosen"
    o1 = state.players[1].offered
    state.apply(ChooseGoals(1, {"B3": o1[3], "C4": o1[2], "D2": o1[1]}))
    assert state.phase == PHASE_PLAY
    assert state.players[1].goals == {"B3": o1[3], "C4": o1[2], "D2": o1[1]}


def test_turn_refusals_name_the_problem_and_change_nothing() -> None:
    state = started(GameOptions(players=["Ana", "Bo"], mode="beginner"))
    before = json.dumps(state.to_json())
    cases = [
        (Turn(1, 1, "A1", 1), "not_your_turn"),
        (Turn(5, 1, "A1", 1), "not_a_player"),
        (Turn(0, 3, "A1", 1), "tile_not_in_hand"),
        (Turn(0, 0, "A1", 1), "tile_not_in_hand"),
        (Turn(0, 1, "F9", 1), "unknown_space"),
        (Turn(0, 1, "", 1), "unknown_space"),
        (Turn(0, 1, "C4", 1), "goal_space"),
        (Turn(0, 1, "A1", 4), "bad_market_slot"),
        (Turn(0, 1, "A1", None), "bad_market_slot"),
        (Turn(0, 1, "A1", 1, expected_version=99), "stale"),
    ]
    for action, code in cases:
        with pytest.raises(RuleViolation) as err:
            state.apply(action)
        assert err.value.code == code, action
        assert err.value.message
    assert json.dumps(state.to_json()) == before
    with pytest.raises(RuleViolation, match="Ana's turn"):
        state.apply(Turn(1, 1, "A1", 1))

    state.apply(Turn(0, 1, "a1", 2))  # labels are case-insensitive
    state.apply(Turn(1, 2, "E5", 3))
    with pytest.raises(RuleViolation) as err:
        state.apply(Turn(0, 1, "A1", 1))
    assert err.value.code == "occupied"


def test_market_refill_takes_the_next_bag_tile_into_the_same_slot() -> None:
    state = started(GameOptions(players=["a", "b"], mode="beginner"))
    market = list(state.market)
    next_tile = state.bag[state.drawn]
    hand = list(state.players[0].hand)
    out = state.apply(Turn(0, 2, "A1", 2))
    assert out is not None
    assert out.placed == hand[1] and out.took == market[1]
    assert state.market == [market[0], next_tile, market[2]]
    assert state.players[0].hand == [hand[0], market[1]]


def test_solo_conveyor_discards_the_far_tile_and_slides() -> None:
    state = started(GameOptions(players=["solo"], mode="solo", solo_setup="beginner"))
    for take in (1, 2, 3):
        m = list(state.market)
        nxt = state.bag[state.drawn:state.drawn + 2]
        out = state.apply(Turn(0, 1, state_empty(state), take))
        assert out is not None
        left = [m[i] for i in range(3) if i != take - 1]
        assert out.took == m[take - 1]
        assert out.discarded == left[0]  # the one farther from the bag
        assert state.market == [left[1], *nxt]
        assert state.discards[-1] == left[0]


def state_empty(state: GameState) -> str:
    from calico_bot.games.calico.engine.geometry import label

    return label(state.empty_spaces(state.current)[0])


def test_no_draft_after_the_22nd_placement_and_game_end() -> None:
    state = started(GameOptions(players=["a", "b"], mode="beginner"))
    rng = random.Random(2)
    while state.players[1].quilt.placed < 21:
        state.apply(random_turn(state, rng))
    assert state.current == 0 and state.players[0].quilt.placed == 21
    assert not state.drafts_after_placing(0)
    bag_before = state.bag_count
    legal = legal_turns(state)
    assert legal and all(t.take is None for t in legal)
    out = state.apply(legal[0])
    assert out is not None and out.took is None
    assert state.bag_count == bag_before and len(state.players[0].hand) == 1
    assert not state.over
    last = random_turn(state, rng)
    state.apply(Turn(last.player, last.tile, last.space, 2))  # a take on the last turn is ignored
    assert state.phase == PHASE_OVER
    with pytest.raises(RuleViolation) as err:
        state.apply(Turn(0, 1, "A1", None))
    assert err.value.code == "game_over"
    assert all(p.quilt.placed == 22 and len(p.hand) == 1 for p in state.players)


def test_empty_bag_leaves_the_slot_empty() -> None:
    state = started(GameOptions(players=["a", "b"], mode="beginner"))
    state.drawn = len(state.bag)  # as if the bag had run out
    state.apply(Turn(0, 1, "A1", 3))
    assert state.market[2] is None
    with pytest.raises(RuleViolation) as err:
        state.apply(Turn(1, 1, "A1", 3))
    assert err.value.code == "bad_market_slot"


def test_same_seed_and_actions_give_the_same_game() -> None:
    a = play_out(started(GameOptions(players=["a", "b", "c", "d"]), 42), 9)
    b = play_out(started(GameOptions(players=["a", "b", "c", "d"]), 42), 9)
    assert a.to_json() == b.to_json()
    c = play_out(started(GameOptions(players=["a", "b", "c", "d"]), 43), 9)
    assert c.to_json() != a.to_json()


def test_view_hides_bag_seed_and_other_hands() -> None:
    state = started(GameOptions(players=["a", "b", "c"]), 8)
    view = state.view_for(1)
    text = json.dumps(view)
    assert "bag" not in view and "seed" not in view and "drawn" not in view
    assert view["bag_count"] == state.bag_count
    assert view["players"][1]["hand"] == state.players[1].hand
    assert view["players"][0]["hand"] is None and view["players"][0]["hand_size"] == 2
    assert json.dumps(state.bag) not in text
    spectator = state.view_for(None)
    assert all(p["hand"] is None for p in spectator["players"])


def test_view_hides_other_players_goals_during_setup() -> None:
    state = new_game(GameOptions(players=["a", "b"]), 8)
    view = state.view_for(0)
    assert view["players"][0]["offered"] == state.players[0].offered
    assert view["players"][1]["offered"] is None


def test_scenario_setup_uses_its_cats_and_goals() -> None:
    for number, sc in SCENARIOS.items():
        state = new_game(GameOptions(players=["s"], mode="solo", scenario=number), number)
        assert [name for name, _ in state.cats] == list(sc.cats)
        assert sorted(state.players[0].offered) == sorted(sc.goals)
        assert state.phase == PHASE_SETUP


def test_winner_and_tie_breaks() -> None:
    state = play_out(started(GameOptions(players=["a", "b", "c", "d"]), 4), 4)
    scores = state.scores()
    best = max(s.total for s in scores)
    assert all(scores[w].total == best for w in state.winners())
