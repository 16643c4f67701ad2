"""Sampled worlds for the strong policy: full single-round game states that agree with everything a
seat has seen.

The cards a seat cannot see (other hands, their set-aside cards, the 2-player unseen cards) are dealt
at random from what is left of the deck; then the round so far (set-asides, public bids, every play)
is replayed through the rules. A sample in which a public play would have been illegal (a red lead
that was not forced after all) or in which somebody would already have been in a paradox is thrown
away, so the samples respect what the play revealed.
"""

from __future__ import annotations

import random
from typing import Any

from ....core.errors import RuleViolation
from ..engine.actions import Bid, Play, SetAside
from ..engine.components import setup_for
from ..engine.game import PHASE_BID, PHASE_PLAY, PHASE_SET_ASIDE, Deal, GameState


def hidden_pool(view: dict[str, Any]) -> tuple[list[int], list[int]]:
    """(cards the viewer cannot locate, how many cards each seat holds hidden from the viewer)."""
    n = view["player_count"]
    seat = view["viewer"]
    setup = setup_for(n)
    counts = [0] * (setup.top + 1)
    for c in setup.deck():
        counts[c] += 1
    for c in view["dealt"]:
        counts[c] -= 1
    for c in view["revealed"]:
        counts[c] -= 1
    played = [0] * n
    for s, c, _ in view["plays"]:
        if s != seat:
            counts[c] -= 1
            played[s] += 1
    pool = [c for c in range(1, setup.top + 1) for _ in range(counts[c])]
    need = [0 if s == seat else setup.dealt - played[s] for s in range(n)]
    return pool, need


def sample_world(view: dict[str, Any], rng: random.Random, tries: int = 30) -> GameState | None:
    """A random full state consistent with ``view`` at its current decision, or ``None`` if none of
    ``tries`` attempts was consistent."""
    if view["phase"] not in (PHASE_SET_ASIDE, PHASE_BID, PHASE_PLAY):
        return None
    n = view["player_count"]
    seat = view["viewer"]
    pool, need = hidden_pool(view)
    played_by: list[list[int]] = [[] for _ in range(n)]
    for s, c, _ in view["plays"]:
        played_by[s].append(c)
    for _ in range(tries):
        rng.shuffle(pool)
        hands: list[list[int]] = []
        hidden: list[list[int]] = []
        at = 0
        for s in range(n):
            if s == seat:
                hands.append(list(view["dealt"]))
                hidden.append([])
                continue
            part = pool[at:at + need[s]]
            at += need[s]
            hidden.append(part)
            hands.append(played_by[s] + part)
        deal = Deal(hands, list(view["revealed"]), pool[at:])
        state = GameState.start(list(view["names"]), view["round_start_player"], [deal])
        if replay_round(state, view, hidden):
            return state
    return None


def replay_round(state: GameState, view: dict[str, Any], hidden: list[list[int]]) -> bool:
    n = view["player_count"]
    seat = view["viewer"]
    try:
        if view["phase"] != PHASE_SET_ASIDE:
            for s in range(n):
                card = view["own_set_aside"] if s == seat else hidden[s][0]
                state.apply(SetAside(s, card))
            for k in range(n):
                s = (view["round_start_player"] + k) % n
                if view["bids"][s] is None:
                    break
                state.apply(Bid(s, view["bids"][s]))
            for s, c, colour in view["plays"]:
                state.apply(Play(s, c, colour))
    except RuleViolation:
        return False
    return state.phase == view["phase"] and state.to_act == view["to_act"]
