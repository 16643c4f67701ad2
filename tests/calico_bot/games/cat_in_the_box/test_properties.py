"""Properties over random games: cards conserved, JSON round trip, replay, refusals change nothing, games end."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st

from calico_bot.core.errors import RecordError, RuleViolation
from calico_bot.games.cat_in_the_box.engine.actions import Bid, Play, SetAside
from calico_bot.games.cat_in_the_box.engine.components import COLOURS, SETUPS
from calico_bot.games.cat_in_the_box.engine.game import (
    PHASE_PLAY,
    GameOptions,
    GameState,
    card_census,
    new_game,
)
from calico_bot.games.cat_in_the_box.engine.record import score_record, to_record

from .helpers import names, random_game

counts = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32)


def step(state: GameState, rng: random.Random) -> None:
    prompt = rng.choice(state.awaiting())
    state.apply(rng.choice(state.legal_actions(prompt)))


@given(counts, seeds)
def test_cards_are_conserved_and_games_end(n: int, seed: int) -> None:
    setup = SETUPS[n]
    state = new_game(GameOptions(names(n)), seed)
    rng = random.Random(seed)
    bound = setup.rounds * (2 * n + n * setup.tricks)
    actions = 0
    while not state.over:
        assert card_census(state)[1:] == [5] * setup.top
        step(state, rng)
        actions += 1
        assert actions <= bound
    assert len(state.history) == n
    for h in state.history:
        played = sum(1 for row in h["board"] for o in row if o >= 0)
        assert played == len(h["plays"])
        assert h["tricks_played"] * n <= len(h["plays"]) < (h["tricks_played"] + 1) * n
        assert sum(s["tricks"] for s in h["scores"]) == h["tricks_played"]


@given(counts, seeds, st.integers(min_value=0, max_value=150))
def test_json_round_trip_is_exact_and_play_continues_the_same(n: int, seed: int, cut: int) -> None:
    state = random_game(n, seed, stop_after=cut)
    text = json.dumps(state.to_json())
    again = GameState.from_json(json.loads(text))
    assert json.dumps(again.to_json()) == text
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    while not state.over:
        step(state, rng_a)
        step(again, rng_b)
    assert again.to_json() == state.to_json()


@given(counts, seeds)
def test_replaying_the_record_gives_the_same_result(n: int, seed: int) -> None:
    state = random_game(n, seed)
    scored = score_record(json.loads(json.dumps(to_record(state)))).to_json()
    assert [p["total"] for p in scored["players"]] == state.totals()
    assert scored["winners"] == state.winners()
    for s, p in enumerate(scored["players"]):
        assert p["rounds"] == [h["scores"][s] for h in state.history]


@given(counts, seeds, st.integers(min_value=0, max_value=150), st.data())
def test_refused_actions_change_nothing_and_legal_ones_are_accepted(n: int, seed: int, cut: int,
                                                                    data: st.DataObject) -> None:
    state = random_game(n, seed, stop_after=cut)
    if state.over:
        return
    top = SETUPS[n].top
    legal = {a for p in state.awaiting() for a in state.legal_actions(p)}
    for a in legal:
        trial = state.copy()
        trial.apply(a)
    for _ in range(12):
        kind = data.draw(st.sampled_from(["set_aside", "bid", "play"]))
        seat = data.draw(st.integers(min_value=-1, max_value=n))
        if kind == "play":
            action = Play(seat, data.draw(st.integers(min_value=0, max_value=top + 1)),
                          data.draw(st.sampled_from([*COLOURS, "Red", "pink"])))
        elif kind == "bid":
            action = Bid(seat, data.draw(st.integers(min_value=-1, max_value=5)))
        else:
            action = SetAside(seat, data.draw(st.integers(min_value=0, max_value=top + 1)))
        before = state.to_json()
        trial = GameState.from_json(before)
        try:
            trial.apply(action)
        except RuleViolation as exc:
            assert exc.code and exc.message
            assert trial.to_json() == before
            assert action not in legal
        else:
            assert action in legal


@given(counts, seeds, st.integers(min_value=0, max_value=150))
def test_a_paradox_happens_exactly_when_nobody_could_play(n: int, seed: int, cut: int) -> None:
    state = random_game(n, seed, stop_after=cut)
    if state.phase == PHASE_PLAY:
        seat = state.to_act
        assert seat is not None and state.declarations(seat)  # whoever is to act can play
        # The listed declarations are exactly the (card, colour) pairs the rules accept.
        accepted = {(card, c) for card in set(state.hands[seat]) for c, colour in enumerate(COLOURS)
                    if state.play_problem(seat, card, colour) is None}
        assert accepted == set(state.declarations(seat))
        raw = {(card, c) for card in state.hands[seat] for c in range(4)
               if not (state.lost[seat] >> c) & 1 and state.owner[c][card] == -1}
        if state.trick or state.red_broken or all(c == 3 for _, c in raw):
            assert accepted == raw
        else:
            assert accepted == {d for d in raw if d[1] != 3}
    for h in state.history:
        if h["paradox_player"] is not None:
            assert h["paradox_hand"]
            assert h["scores"][h["paradox_player"]]["round_points"] == -h["scores"][h["paradox_player"]]["tricks"]


def leaves(value: object, path: tuple = ()) -> list[tuple]:
    """Every path to a value inside plain JSON data (containers included)."""
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += leaves(v, (*path, i))
    return out


junk = st.one_of(st.none(), st.booleans(), st.integers(min_value=-3, max_value=12), st.text(max_size=3),
                 st.lists(st.integers(min_value=0, max_value=9), max_size=4), st.just({}), st.floats(0, 3))


@given(counts, seeds, st.data())
def test_any_damaged_record_is_scored_or_refused_with_a_path(n: int, seed: int, data: st.DataObject) -> None:
    record = to_record(random_game(n, seed))
    paths = [p for p in leaves(record) if p]
    path = data.draw(st.sampled_from(paths))
    value = data.draw(junk)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        score_record(record)
    except RecordError as exc:
        where = str(exc).split(":")[0]
        assert where.split("[")[0].split(".")[0] in ("format", "player_count", "players", "start_player",
                                                       "rounds", "record")
        if path[0] == "rounds" and len(path) > 1:
            # Earlier rounds are untouched and every round is dealt explicitly: the damaged round is named.
            assert where.startswith(f"rounds[{path[1]}]"), (path, str(exc))
