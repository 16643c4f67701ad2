"""The Cat in the Box policies: legal choices, decisions from the seat's view only, sampled worlds."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.cat_in_the_box.ai.determinize import hidden_pool, sample_world
from calico_bot.games.cat_in_the_box.ai.heuristics import declarations, greedy_bid, greedy_set_aside, legal_from_view
from calico_bot.games.cat_in_the_box.ai.policies import StrongPolicy, decide, make_policy, play_game
from calico_bot.games.cat_in_the_box.bench import main as bench_main
from calico_bot.games.cat_in_the_box.bench import wilson
from calico_bot.games.cat_in_the_box.engine.game import (
    PHASE_PLAY,
    PHASE_SET_ASIDE,
    GameOptions,
    GameState,
    deal_round,
    new_game,
)

from .helpers import names, random_game


def fast_strong(seed: int) -> StrongPolicy:
    return StrongPolicy(seed, samples=3, width=3)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_policies_always_choose_a_legal_action(n: int) -> None:
    for cut in (0, 5, 13, 30):
        state = random_game(n, 70 + cut, stop_after=cut)
        if state.over:
            continue
        for prompt in state.awaiting():
            view = state.view_for(prompt.seat)
            legal = state.legal_actions(prompt)
            assert sorted(map(repr, legal_from_view(view, prompt))) == sorted(map(repr, legal))
            for policy in (make_policy("random", 1), make_policy("greedy", 1), fast_strong(1)):
                assert policy.choose(view, prompt) in legal


@pytest.mark.parametrize("n", [3, 5])
def test_greedy_full_games_end_and_beat_random(n: int) -> None:
    greedy_points = random_points = 0.0
    for g in range(6):
        state = new_game(GameOptions(names(n)), g)
        policies = [make_policy("greedy" if s == g % n else "random", g) for s in range(n)]
        play_game(state, policies)
        assert state.over
        totals = state.totals()
        greedy_points += totals[g % n]
        random_points += sum(totals) - totals[g % n]
    assert greedy_points / 6 > random_points / (6 * (n - 1))


def test_greedy_rules() -> None:
    assert greedy_set_aside([1, 2, 2, 3, 4, 5, 6, 7, 8, 8], 8) == 2  # repeated, nearer the middle
    assert greedy_set_aside([1, 2, 3, 4, 5, 6, 7, 8, 1, 5], 8) == 5
    assert greedy_bid([1, 1, 2, 2, 3, 3, 4, 4, 5], 4) == 1
    assert greedy_bid([8, 8, 8, 7, 7, 7, 6, 6, 5], 4) == 3
    assert greedy_bid([6, 6, 6, 5, 5, 5, 4, 4, 4], 3) == 4


def consistent_scramble(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same game with the cards ``seat`` cannot see dealt again, consistently with everything it
    saw this round (a sampled world replays the round), and every later round dealt afresh."""
    view = state.view_for(seat)
    world = sample_world(view, rng)
    assert world is not None
    other = GameState.from_json(state.to_json())
    deal = other.deals[other.round]
    deal.hands = [list(h) for h in world.deals[0].hands]
    deal.unseen = list(world.deals[0].unseen)
    other.hands = [list(h) for h in world.hands]
    other.set_aside = list(world.set_aside) if other.phase != PHASE_SET_ASIDE else list(other.set_aside)
    if other.phase == PHASE_SET_ASIDE:
        other.hands = [sorted(h) for h in deal.hands]
        for s in range(other.player_count):
            if other.set_aside[s] is not None and s != seat:
                other.set_aside[s] = other.hands[s][0]
    for r in range(other.round + 1, len(other.deals)):
        other.deals[r] = deal_round(other.setup, rng)
    return other


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_permuting_unseen_cards_changes_no_decision(n: int) -> None:
    rng = random.Random(n)
    changed = 0
    for cut in (0, n, 2 * n + 3, 3 * n + 7, 6 * n + 1):
        state = random_game(n, 200 + cut, stop_after=cut)
        if state.over:
            continue
        for prompt in state.awaiting():
            seat = prompt.seat
            other = consistent_scramble(state, seat, rng)
            changed += other.hands != state.hands
            assert other.view_for(seat) == state.view_for(seat)
            for name in ("random", "greedy"):
                assert decide(state, prompt, make_policy(name, 9)) == decide(other, prompt, make_policy(name, 9))
            assert decide(state, prompt, fast_strong(9)) == decide(other, prompt, fast_strong(9))
    assert changed  # the hidden cards really were dealt differently


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sampled_worlds_agree_with_the_view(n: int) -> None:
    rng = random.Random(3)
    for cut in (0, 2 * n + 1, 4 * n + 2):
        state = random_game(n, 300 + cut, stop_after=cut)
        if state.over:
            continue
        seat = state.awaiting()[0].seat
        view = state.view_for(seat)
        pool, need = hidden_pool(view)
        assert len(pool) == sum(need) + (2 if n == 2 else 0)
        world = sample_world(view, rng)
        assert world is not None
        assert world.hands[seat] == state.hands[seat]
        assert world.owner == state.owner and world.lost == state.lost and world.plays == state.plays
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        if state.phase == PHASE_PLAY:
            assert world.to_act == state.to_act and world.bids == state.bids


def test_a_forced_red_lead_is_respected_by_the_samples() -> None:
    # Find a game in which somebody led red while red was unbroken: every sample of that player's
    # hand must leave no non-red lead at that moment, which the replay checks.
    for seed in range(200):
        state = new_game(GameOptions(names(2)), seed)
        rng = random.Random(seed)
        forced_at = None
        while not state.over and forced_at is None:
            prompt = state.awaiting()[0]
            action = rng.choice(state.legal_actions(prompt))
            if (state.phase == PHASE_PLAY and not state.trick and not state.red_broken
                    and getattr(action, "colour", None) == "red"):
                forced_at = action
            state.apply(action)
        if forced_at is not None and state.phase == PHASE_PLAY and state.round == len(state.history):
            viewer = 1 - forced_at.player
            view = state.view_for(viewer)
            worlds = [w for k in range(5) if (w := sample_world(view, random.Random(k))) is not None]
            assert worlds
            leader, card = forced_at.player, forced_at.card
            for w in worlds:
                before = [list(row) for row in w.owner]
                before[3][card] = -1
                options = declarations([*w.hands[leader], card], before, w.lost[leader], True, False)
                assert all(c == 3 for _, c in options)
            return
    pytest.skip("no forced red lead found")


def test_strong_answers_every_early_prompt_legally() -> None:
    # Its time per decision is measured by the bench (README), not here.
    policy = StrongPolicy(1)
    for n in (3, 5):
        state = new_game(GameOptions(names(n)), 12)
        for _ in range(2 * n + 2):
            prompt = state.awaiting()[0]
            action = decide(state, prompt, policy)
            assert action in state.legal_actions(prompt)
            state.apply(action)


def test_bench_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["--players", "3", "--seconds", "0.2"]) == 0
    assert "random full games/s" in capsys.readouterr().out
    assert bench_main(["--players", "3", "--policy", "greedy", "--vs", "random", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "bid accuracy" in out and "ms/decision" in out


def test_wilson_interval() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.41 and 0.59 < hi < 0.60
    assert wilson(0, 10)[0] == 0.0
