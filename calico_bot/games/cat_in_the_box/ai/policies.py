"""The Cat in the Box policies. Each decides only from a seat's view (``GameState.view_for(seat)``)
and the prompt it answers: the set-aside, the bid, or a card and its colour.

* ``random``: a uniformly random legal choice.
* ``greedy``: one-ply rules (set aside a repeated middle card, bid from the hand's high cards, win a
  trick while tricks are wanted and duck otherwise, keep colours, join one's own tokens).
* ``strong``: determinization. It samples worlds consistent with what the seat has seen (see
  :mod:`.determinize`), plays each candidate in every world to the end of the round with the greedy
  rules for everybody, and takes the candidate with the best mean of (own round points minus the
  others' mean). The same worlds serve every candidate. A decision is a pure function of the policy's
  seed and the view, so cards the seat cannot see never change it.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..engine.actions import Action, Bid, Play, SetAside
from ..engine.components import COLOURS, setup_for
from ..engine.game import KIND_BID, KIND_SET_ASIDE, GameState, Prompt
from .determinize import sample_world
from .heuristics import (
    greedy_bid,
    greedy_play,
    greedy_set_aside,
    legal_from_view,
    play_scores,
    stable_seed,
    view_board,
    view_lost,
    view_trick,
    wants_tricks,
)


class Policy:
    name = "policy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        raise NotImplementedError

    def rng_for(self, view: dict[str, Any], prompt: Prompt) -> random.Random:
        return random.Random(stable_seed(self.seed, view["version"], prompt.seat, view["round"]))


class RandomPolicy(Policy):
    name = "random"

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        return self.rng_for(view, prompt).choice(legal_from_view(view, prompt))


class GreedyPolicy(Policy):
    name = "greedy"

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        seat = prompt.seat
        n = view["player_count"]
        hand = view["hand"]
        top = setup_for(n).top
        if prompt.kind == KIND_SET_ASIDE:
            return SetAside(seat, greedy_set_aside(hand, top))
        if prompt.kind == KIND_BID:
            return Bid(seat, greedy_bid(hand, n))
        legal = legal_from_view(view, prompt)
        decls = [(a.card, COLOURS.index(a.colour)) for a in legal]  # type: ignore[union-attr]
        want = wants_tricks(n, view["tricks_won"][seat], view["bids"][seat])
        card, c = greedy_play(decls, view_board(view), view_trick(view), seat, view_lost(view, seat), want, top)
        return Play(seat, card, COLOURS[c])


def rollout_action(state: GameState, prompt: Prompt) -> Action:
    """The greedy rules applied to a full state (inside a sampled world)."""
    seat = prompt.seat
    n = state.player_count
    top = state.setup.top
    if prompt.kind == KIND_SET_ASIDE:
        return SetAside(seat, greedy_set_aside(state.hands[seat], top))
    if prompt.kind == KIND_BID:
        hand = list(state.hands[seat])
        return Bid(seat, greedy_bid(hand, n))
    decls = state.declarations(seat)
    want = wants_tricks(n, state.tricks_won[seat], state.bids[seat])
    card, c = greedy_play(decls, state.owner, state.trick, seat, state.lost[seat], want, top)
    return Play(seat, card, COLOURS[c])


def finish_round(state: GameState) -> None:
    r = state.round
    while state.round == r and state.phase not in ("deal", "over"):
        for prompt in state.awaiting():
            state.apply(rollout_action(state, prompt))


def round_value(state: GameState, seat: int) -> float:
    scores = state.history[-1]["scores"]
    mine = scores[seat]["round_points"]
    others = [s["round_points"] for i, s in enumerate(scores) if i != seat]
    return mine - sum(others) / len(others)


class StrongPolicy(Policy):
    name = "strong"

    def __init__(self, seed: int = 0, samples: int = 16, width: int = 8, time_cap: float = 0.6) -> None:
        super().__init__(seed)
        self.samples = samples  # worlds per decision (three times as many for a bid: it has 3 choices)
        self.width = width
        # Safety net only (keeps a decision under 1 s on a loaded machine): the sample count normally
        # ends the search long before; when the cap does cut it, the decision depends on timing.
        self.time_cap = time_cap

    def candidates(self, view: dict[str, Any], prompt: Prompt, legal: list[Action]) -> list[Action]:
        seat = prompt.seat
        n = view["player_count"]
        top = setup_for(n).top
        if prompt.kind == KIND_BID:
            return legal
        if prompt.kind == KIND_SET_ASIDE:
            hand = view["hand"]
            middle = (top + 1) / 2
            ranked = sorted(legal, key=lambda a: (-hand.count(a.card), abs(a.card - middle), a.card))  # type: ignore[union-attr]
            return ranked[:self.width]
        decls = [(a.card, COLOURS.index(a.colour)) for a in legal]  # type: ignore[union-attr]
        want = wants_tricks(n, view["tricks_won"][seat], view["bids"][seat])
        scores = play_scores(decls, view_board(view), view_trick(view), seat, view_lost(view, seat), want, top)
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], decls[i]))
        return [legal[i] for i in order[:self.width]]

    def choose(self, view: dict[str, Any], prompt: Prompt) -> Action:
        legal = legal_from_view(view, prompt)
        if len(legal) == 1:
            return legal[0]
        cands = self.candidates(view, prompt, legal)
        rng = self.rng_for(view, prompt)
        started = time.perf_counter()
        totals = [0.0] * len(cands)
        worlds = 0
        samples = self.samples * (3 if prompt.kind == KIND_BID else 1)
        for k in range(samples):
            world = sample_world(view, rng)
            if world is None:
                continue
            worlds += 1
            for i, cand in enumerate(cands):
                sim = world.copy()
                sim.apply(cand)
                finish_round(sim)
                totals[i] += round_value(sim, prompt.seat)
            if k + 1 < samples and time.perf_counter() - started > self.time_cap:
                break
        if worlds == 0:
            return cands[0]
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]


POLICIES: dict[str, type[Policy]] = {"random": RandomPolicy, "greedy": GreedyPolicy, "strong": StrongPolicy}


def make_policy(name: str, seed: int = 0) -> Policy:
    try:
        return POLICIES[name](seed)
    except KeyError:
        raise ValueError(f"unknown policy {name!r}: use {', '.join(POLICIES)}") from None


def decide(state: GameState, prompt: Prompt, policy: Policy) -> Action:
    """The policy's answer to a prompt; the policy is given only the prompted seat's view."""
    return policy.choose(state.view_for(prompt.seat), prompt)


def play_game(state: GameState, policies: list[Policy]) -> GameState:
    """Play a dealt game to the end, each seat deciding from its own view."""
    while not state.over:
        for prompt in state.awaiting():
            state.apply(decide(state, prompt, policies[prompt.seat]))
    return state


__all__ = ["POLICIES", "GreedyPolicy", "Policy", "RandomPolicy", "StrongPolicy", "decide", "make_policy",
           "play_game"]
