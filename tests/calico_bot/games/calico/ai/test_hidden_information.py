"""Policies decide from what their player may see: hidden tiles can be shuffled without effect."""

from __future__ import annotations

import random

import pytest

from calico_bot.games.calico.ai import build_view, policy_by_name
from calico_bot.games.calico.ai.strong import StrongPolicy
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game, random_goal_choice, random_turn

NAMES = ["random", "greedy", "strong"]


def _policy(name: str, seed: int = 7):
    # No time cap, so that the search (and its sampling of future draws) is the same on every run; the goal
    # choice by play-outs (off by default) is switched on with one play-out per candidate, to check it too, and
    # the solo endgame (the solo positions at turns 18 and 19 have four and three spaces left: the deeper endgame
    # and the three-left one) weighs the draws from the unseen tiles.
    return policy_by_name(name, seed, **({"budget_ms": None, "shortlist": 4, "goal_futures": 1, "endgame": True,
                                          "endgame_spaces": 4} if name == "strong" else {}))


def _perturbed(state: GameState, seat: int, rng: random.Random) -> GameState:
    """The same position from ``seat``'s side: hidden bag order shuffled, other hands swapped with the bag."""
    other = state.copy()
    hidden = list(state.bag[state.drawn:])
    for i, p in enumerate(other.players):
        if i == seat:
            continue
        for k in range(len(p.hand)):
            if hidden:
                j = rng.randrange(len(hidden))
                p.hand[k], hidden[j] = hidden[j], p.hand[k]
    rng.shuffle(hidden)
    other.bag = list(state.bag[: state.drawn]) + hidden
    assert sorted(other.bag[other.drawn:] + [t for i, p in enumerate(other.players) if i != seat for t in p.hand]) \
        == sorted(state.bag[state.drawn:] + [t for i, p in enumerate(state.players) if i != seat for t in p.hand])
    return other


def _positions(options: GameOptions, seed: int, stops: tuple[int, ...]) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(options, seed)
    out = []
    if state.phase == "setup":
        out.append(state.copy())
        for seat in range(len(state.players)):
            state.apply(random_goal_choice(state, seat, rng))
    while not state.over:
        if state.turns in stops:
            out.append(state.copy())
        state.apply(random_turn(state, rng))
    return out


@pytest.mark.parametrize("players", [1, 3])
def test_hidden_tiles_do_not_change_decisions(players: int) -> None:
    options = GameOptions(players=[f"p{i}" for i in range(players)], mode="solo" if players == 1 else "standard")
    rng = random.Random(99)
    for position in _positions(options, 4, (0, 7, 18, 19) if players == 1 else (0, 7, 20 * players - 1)):
        seats = range(players) if position.phase == "setup" else [position.current]
        for seat in seats:
            twins = [_perturbed(position, seat, rng) for _ in range(2)]
            base_view = build_view(position, seat)
            for twin in twins:
                assert build_view(twin, seat) == base_view
            for name in NAMES:
                if position.phase == "setup":
                    decide = [_policy(name).choose_goals(build_view(s, seat)) for s in (position, *twins)]
                else:
                    decide = [_policy(name).choose_turn(build_view(s, seat)) for s in (position, *twins)]
                assert decide[0] == decide[1] == decide[2], name


def test_scenario_endgame_decides_from_the_view_only() -> None:
    """A solo scenario's last four turns with the scenario endgame on (the chance of passing over the draws from the
    unseen tiles): shuffling the hidden bag changes no decision."""
    rng = random.Random(5)
    for scenario in (3, 10):
        options = GameOptions(players=["p0"], mode="solo", scenario=scenario)
        positions = [p for p in _positions(options, 6, (18, 19, 20)) if p.phase != "setup"]
        assert [22 - p.players[0].quilt.placed for p in positions] == [4, 3, 2]
        for position in positions:
            twins = [_perturbed(position, 0, rng) for _ in range(2)]
            policy = StrongPolicy(7, budget_ms=None, shortlist=4, scenario_endgame=True)
            decide = [policy.choose_turn(build_view(s, 0)) for s in (position, *twins)]
            assert decide[0] == decide[1] == decide[2]


def test_group_chances_decide_from_the_view_only() -> None:
    """The open groups' chances corrected by their room (an option, off by default): shuffling the hidden tiles
    changes no decision, solo or with others."""
    rng = random.Random(8)
    for players, stops in ((1, (3, 11)), (2, (9,))):
        options = GameOptions(players=[f"p{i}" for i in range(players)], mode="solo" if players == 1 else "standard")
        for position in [p for p in _positions(options, 9, stops) if p.phase != "setup"]:
            seat = position.current
            policy = StrongPolicy(7, budget_ms=None, shortlist=4, samples=3, cat_room=1, button_room=1)
            decide = [policy.choose_turn(build_view(s, seat))
                      for s in (position, _perturbed(position, seat, rng), _perturbed(position, seat, rng))]
            assert decide[0] == decide[1] == decide[2]


def test_view_hides_other_hands_and_counts_unseen() -> None:
    state = new_game(GameOptions(players=["a", "b"], mode="standard"), 2)
    view = build_view(state, 0)
    assert sum(view.unseen) == state.bag_count + len(state.players[1].hand)
    assert view.others[0].hand_size == 2
    assert view.others[0].goals is None  # still secret during setup
    assert not hasattr(view, "bag")


def test_decisions_are_deterministic() -> None:
    for position in _positions(GameOptions(players=["a", "b"], mode="standard"), 8, (1, 15, 30)):
        seat = position.current
        for name in NAMES:
            a = _policy(name, 5).choose_turn(build_view(position, seat))
            b = _policy(name, 5).choose_turn(build_view(position.copy(), seat))
            assert a == b


def test_strong_samples_from_unseen_only_and_stays_blind_to_hidden_tiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """With sampling of future draws active, the strong player's samples come from ``view.unseen`` and its
    turns do not change when the hidden bag is permuted or other hands are swapped with unseen tiles."""
    sampled: list[tuple[tuple[int, ...], tuple[int | None, ...], dict[int, list[list[int]]]]] = []
    original = StrongPolicy._sample_markets

    def spy(self, view, slots, rng):  # type: ignore[no-untyped-def]
        markets = original(self, view, slots, rng)
        sampled.append((view.unseen, view.market, markets))
        return markets

    monkeypatch.setattr(StrongPolicy, "_sample_markets", spy)
    rng = random.Random(3)
    for players, mode in ((1, "solo"), (2, "standard"), (4, "standard")):
        options = GameOptions(players=[f"p{i}" for i in range(players)], mode=mode)
        for position in _positions(options, 5, (1, 6 * players, 12 * players)):
            seat = position.current
            before = len(sampled)
            decide = [StrongPolicy(11, budget_ms=None, shortlist=3, samples=5).choose_turn(build_view(s, seat))
                      for s in (position, _perturbed(position, seat, rng), _perturbed(position, seat, rng))]
            assert decide[0] == decide[1] == decide[2]
            assert len(sampled) == before + 3  # the sampling stage ran for every twin
            first = sampled[before][2]
            assert all(sampled[before + k][2] == first for k in (1, 2))  # same draws for the same view
    for unseen, market, markets in sampled:
        for guesses in markets.values():
            assert len(guesses) == 5
            for guess in guesses:
                assert len(guess) <= 3
                drawn = [t for t in guess if t not in market]
                assert all(drawn.count(t) <= unseen[t] for t in drawn)  # refills come from the unseen tiles


@pytest.mark.parametrize("horizon", [0, 3])
def test_play_outs_decide_from_the_view_only(monkeypatch: pytest.MonkeyPatch, horizon: int) -> None:
    """Root play-outs (on by default in standard solo, an option elsewhere) guess their futures from the unseen
    tiles only: shuffling the hidden bag and swapping other hands with it changes neither the futures played nor
    the decision."""
    from calico_bot.games.calico.ai import strong as strong_module

    calls: list[tuple[list[int], list[float | None]]] = []
    original = strong_module.playout_means

    def spy(candidates, market, pool, **kwargs):  # type: ignore[no-untyped-def]
        means = original(candidates, market, pool, **kwargs)
        calls.append((sorted(pool), means))
        return means

    monkeypatch.setattr(strong_module, "playout_means", spy)
    rng = random.Random(12)
    for players, stops in ((1, (2, 10)), (2, (7,))):
        options = GameOptions(players=[f"p{i}" for i in range(players)], mode="solo" if players == 1 else "standard")
        for position in [p for p in _positions(options, 13, stops) if p.phase != "setup"]:
            seat = position.current
            view = build_view(position, seat)
            policy = StrongPolicy(7, budget_ms=None, shortlist=4, samples=3, rollouts=2, rollout_top=3,
                                  horizon=horizon, rollouts_everywhere=1)
            before = len(calls)
            decide = [policy.choose_turn(build_view(s, seat))
                      for s in (position, _perturbed(position, seat, rng), _perturbed(position, seat, rng))]
            assert decide[0] == decide[1] == decide[2]
            assert len(calls) == before + 3  # the play-outs ran for every twin
            assert all(calls[before + k] == calls[before] for k in (1, 2))  # the same futures, the same means
            assert calls[before][0] == sorted(view.unseen_list)
