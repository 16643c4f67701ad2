"""Calico's panel specs (no Discord): the menus offer exactly the legal parts of a turn, from the seat's view."""

from __future__ import annotations

from calico_bot.games.calico.engine.game import GameOptions, legal_turns, new_game
from calico_bot.games.calico.engine.geometry import label
from calico_bot.games.calico.panels import MAX_CHOICES, GoalPicks, TurnPicks, goal_menus, turn_menus


def test_the_turn_menus_offer_the_legal_parts_of_a_turn_and_mark_the_picks() -> None:
    state = new_game(GameOptions(players=["ana", "bo"], mode="beginner"), 3)
    legal = legal_turns(state)
    seen = state.seen_by(0)
    menus = {m.field: m for m in turn_menus("en", seen, 0, TurnPicks(2, "C3", 1))}
    assert set(menus) == {"t", "s", "k"}
    assert {int(c.value) for c in menus["t"].choices} == {t.tile for t in legal}
    assert {c.value for c in menus["s"].choices} == {t.space for t in legal} and len(menus["s"].choices) <= MAX_CHOICES
    assert {int(c.value) for c in menus["k"].choices} == {t.take for t in legal}
    assert [c.value for m in menus.values() for c in m.choices if c.default] == ["2", "C3", "1"]
    assert all(label(c) in {ch.value for ch in menus["s"].choices} for c in seen.empty_spaces(0))
    zh = turn_menus("zh", seen, 0, TurnPicks())
    assert zh[0].placeholder != menus["t"].placeholder


def test_the_goal_menus_offer_the_offered_goals_on_each_space() -> None:
    state = new_game(GameOptions(players=["ana"], mode="solo"), 8)
    offered = list(state.players[0].offered)
    menus = goal_menus("en", offered, GoalPicks(1))
    assert [m.field for m in menus] == ["0", "1", "2"]
    assert all(len(m.choices) == len(offered) == 4 for m in menus)
    assert [c.default for c in menus[0].choices] == [False, True, False, False]
    assert all(c.description for m in menus for c in m.choices)
