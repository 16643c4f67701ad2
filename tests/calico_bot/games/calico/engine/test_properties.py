"""Properties over random legal games (hypothesis): conservation, round trips, replay, refusals."""

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from calico_bot.core.errors import RuleViolation
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import full_bag
from calico_bot.games.calico.engine.game import (
    GameOptions,
    GameState,
    replay_full_record,
    seeded_game,
    tile_census,
)

options_strategy = st.one_of(
    st.builds(lambda n, mode, lv: GameOptions(players=[f"P{i}" for i in range(n)], mode=mode,
                                              lower_variance=lv and n == 2),
              st.integers(2, 4), st.sampled_from(["standard", "beginner", "family"]), st.booleans()),
    st.builds(lambda setup, sc, lv: GameOptions(players=["Solo"], mode="solo", solo_setup=setup, scenario=sc,
                                                lower_variance=lv),
              st.sampled_from(["standard", "beginner"]), st.none() | st.integers(1, 10), st.booleans()),
)


def random_game(options: GameOptions, seed: int, stop_after: int | None = None) -> GameState:
    return seeded_game(options, seed, stop_after)


def expected_census(state: GameState) -> list[int]:
    counts = [0] * 36
    for t in full_bag(state.lower_variance):
        counts[t] += 1
    return counts


@given(options_strategy, st.integers(0, 2**32 - 1), st.integers(0, 90))
def test_tiles_are_conserved_and_json_round_trips(options: GameOptions, seed: int, stop: int) -> None:
    state = random_game(options, seed, stop)
    assert tile_census(state) == expected_census(state)
    data = json.loads(json.dumps(state.to_json()))
    again = GameState.from_json(data)
    assert again.to_json() == state.to_json()
    assert [s.to_json() for s in again.scores()] == [s.to_json() for s in state.scores()]


@given(options_strategy, st.integers(0, 2**32 - 1))
def test_replay_reproduces_the_state_and_scores_match_the_award_log(options: GameOptions, seed: int) -> None:
    state = random_game(options, seed)
    record = json.loads(json.dumps(state.to_record(include_hidden=True)))
    replayed = replay_full_record(record)
    assert replayed.to_json() == state.to_json()
    for seat, score in enumerate(state.scores()):
        earned = sum(a["points"] for e in state.log if e["type"] == "turn" and e["player"] == seat
                     for a in e["result"]["awards"])
        assert score.total == earned + score.goal_points
        assert score.total == state.total(seat)


def broken_variants(state: GameState, rng: random.Random) -> list[Turn | ChooseGoals]:
    seat = state.current
    other = (seat + 1) % len(state.players)
    filled = [c for c in state.players[seat].quilt.order]
    from calico_bot.games.calico.engine.geometry import label

    out: list[Turn | ChooseGoals] = [
        Turn(seat, 3, "A1", 1),
        Turn(seat, 1, "C4", 1),
        Turn(seat, 1, "Q7", 1),
        Turn(seat, 1, "A1", 0),
        Turn(seat, 1, "A1", 1, expected_version=state.version + 1),
        ChooseGoals(seat, {"B3": "AAA-BBB", "C4": "AAA-BBB", "D2": "AAA-BBB"}),
    ]
    if other != seat:
        out.append(Turn(other, 1, "A1", 1))
    if filled:
        out.append(Turn(seat, 1, label(rng.choice(filled)), 1))
    return out


@given(options_strategy, st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_refused_actions_change_nothing(options: GameOptions, seed: int, stop: int) -> None:
    state = random_game(options, seed, stop)
    before = json.dumps(state.to_json())
    rng = random.Random(seed)
    for action in broken_variants(state, rng):
        try:
            state.apply(action)
        except RuleViolation as exc:
            assert exc.code and exc.message
        else:
            raise AssertionError(f"{action} was accepted")
        assert json.dumps(state.to_json()) == before
