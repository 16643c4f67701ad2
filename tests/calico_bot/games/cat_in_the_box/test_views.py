"""What a seat and a spectator may see: hidden cards change nothing in their views."""

from __future__ import annotations

import json
import random

import pytest

from calico_bot.games.cat_in_the_box.engine.actions import SetAside
from calico_bot.games.cat_in_the_box.engine.game import PHASE_SET_ASIDE, GameState, deal_round

from .helpers import random_game


def scramble(state: GameState, keep: int | None, rng: random.Random) -> GameState:
    """The same position with every card the viewer ``keep`` cannot see redistributed: other seats'
    hands (set-aside cards included), the 2p unseen cards and every later deal."""
    other = GameState.from_json(state.to_json())
    seats = [s for s in range(other.player_count) if s != keep]
    deal = other.deals[other.round]
    pool = [c for s in seats for c in other.hands[s]] + list(deal.unseen)
    if other.phase != PHASE_SET_ASIDE:
        pool += [c for s in seats if (c := other.set_aside[s]) is not None]
    rng.shuffle(pool)
    for s in seats:
        size = len(other.hands[s])
        other.hands[s] = sorted(pool[:size])
        pool = pool[size:]
        if other.phase != PHASE_SET_ASIDE:
            other.set_aside[s], pool = pool[0], pool[1:]
        elif other.set_aside[s] is not None:
            other.set_aside[s] = other.hands[s][0]
    deal.unseen = pool
    for r in range(other.round + 1, len(other.deals)):
        other.deals[r] = deal_round(other.setup, rng)
    other.seed = rng.randrange(10**6)
    return other


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("cut", [0, 1, 7, 20, 45])
def test_a_seat_sees_nothing_hidden(n: int, cut: int) -> None:
    rng = random.Random(n * 100 + cut)
    state = random_game(n, 40 + cut, stop_after=cut)
    for seat in range(n):
        other = scramble(state, seat, rng)
        assert other.to_json() != state.to_json() or state.over
        assert other.view_for(seat) == state.view_for(seat)
    spectator = scramble(state, None, rng)
    assert spectator.view_for(None) == state.view_for(None)


def test_a_seat_sees_its_own_hand_and_set_aside_only() -> None:
    state = random_game(4, 3, stop_after=0)
    state.apply(SetAside(1, state.hands[1][0]))
    view = state.view_for(1)
    assert view["hand"] == state.hands[1]
    assert view["own_set_aside"] == state.hands[1][0]
    assert view["set_aside_done"] == [False, True, False, False]
    text = json.dumps(view)
    assert "deals" not in view and "seed" not in view and "unseen" not in text
    spectator = state.view_for(None)
    assert spectator["hand"] is None and spectator["own_set_aside"] is None and spectator["dealt"] is None
    assert spectator["hand_sizes"] == [10, 10, 10, 10]


def test_two_player_revealed_cards_are_public_but_unseen_ones_are_not() -> None:
    state = random_game(2, 9, stop_after=0)
    view = state.view_for(None)
    assert view["revealed"] == state.deals[0].revealed
    other = GameState.from_json(state.to_json())
    other.deals[0].unseen = [1, 1] if other.deals[0].unseen != [1, 1] else [2, 2]
    assert other.view_for(0) == state.view_for(0)


def test_finished_rounds_show_plays_and_the_paradox_hand_but_no_dealt_hand() -> None:
    state = random_game(3, 5)
    view = state.view_for(2)
    for h, public in zip(state.history, view["history"], strict=True):
        assert "hands" not in public and "set_aside" not in public
        assert public["plays"] == h["plays"] and public["paradox_hand"] == h["paradox_hand"]
        assert public["own_hand"] == h["hands"][2] and public["own_set_aside"] == h["set_aside"][2]
    assert view["totals"] == state.totals()
