"""Calico records with values of the wrong type, in both forms: each is refused with a RecordError that
names the entry (so the CLI prints one line), never a Python error, and no number is silently rounded."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calico_bot.core.errors import RecordError
from calico_bot.games.calico.engine.game import GameOptions, seeded_game
from calico_bot.games.calico.engine.record import score_record
from calico_bot.score.__main__ import main

PLACEMENTS: dict[str, Any] = {
    "format": "calico-record/1", "mode": "standard",
    "cats": [{"name": "Millie", "patterns": ["DOTS", "VINES"]}],
    "players": [{"name": "Ana", "board": "blue",
                 "goals": {"B3": "ALL_DIFFERENT", "C4": "AA-BB-CC", "D2": "AAA-BBB"}}],
    "placements": [{"player": 0, "space": "A1", "tile": ["PINK", "DOTS"]}],
}
THREE: dict[str, Any] = {**PLACEMENTS, "players": [
    {**PLACEMENTS["players"][0], "name": name, "board": board} for name, board in
    (("Ana", "blue"), ("Bo", "green"), ("Cy", "yellow"))]}
FULL = json.loads(json.dumps(seeded_game(GameOptions(players=["Ana", "Bo"]), 7).to_record(include_hidden=True)))
SOLO = json.loads(json.dumps(seeded_game(GameOptions(players=["Ana"], mode="solo", scenario=3), 8)
                             .to_record(include_hidden=True)))
FIRST_TURN = next(i for i, a in enumerate(FULL["actions"]) if a["type"] == "turn")


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


PLACEMENTS_CASES = [
    (("cats", 0, "name"), ["Millie"], "cats[0]: unknown cat"),
    (("cats", 0, "patterns"), [["DOTS"], "VINES"], "cats[0]: unknown pattern"),
    (("players", 0, "goals", "B3"), ["ALL_DIFFERENT"], "players[0]: unknown goal"),
    (("players", 0, "board"), ["blue"], "players[0]: unknown board"),
    (("placements", 0, "tile"), [["PINK"], ["DOTS"]], "placements[0]: a tile is [COLOR, PATTERN]"),
    (("players", 0, "name"), {"x": [1]}, "players[0]: a name must be a string"),
]
MILLIE = {"name": "Millie", "patterns": ["DOTS", "VINES"]}
RULE_CASES = [
    (("cats",), [MILLIE, {"name": "Millie", "patterns": ["FERNS", "STRIPES"]}],
     "cats[1]: Millie is already in the game"),
    (("cats",), [MILLIE, {"name": "Callie", "patterns": ["FERNS", "STRIPES"]}],
     "cats[1]: Callie and Millie are the two sides of one cat tile"),
    (("mode",), "solo", "players: a solo game has exactly one player"),
    (("lower_variance",), True, "lower_variance: the lower-variance bag is for 2 players or solo"),
]
FULL_CASES = [
    (("players", 0), "Ana", "players[0]: must be an object"),
    (("players", 1, "board"), ["green"], "players[1]: unknown board"),
    (("players", 1, "name"), 7, "players[1]: a name must be a string"),
    (("lower_variance",), "no", "lower_variance: must be true or false"),
    (("offered_goals",), 5, "offered_goals: must list"),
    (("offered_goals",), [["ALL_DIFFERENT", "AAAA-BB", "AAA-BBB", "AAA-BB-C"]], "offered_goals: must list"),
    (("offered_goals", 0), [["AAA-BBB"]] * 4, "offered_goals[0]: must be a list of goal tiles"),
    (("offered_goals", 0), ["AAA-BBB"] * 4, "offered_goals[0]: a goal tile is offered twice"),
    (("offered_goals", 0), FULL["offered_goals"][0][:3], "offered_goals[0]: each player is offered 4"),
    (("scenario",), [1], "scenario: must be a scenario number"),
    (("solo_setup",), [1], "solo_setup: must be standard or beginner"),
    (("bag", 0), [["PINK"], ["DOTS"]], "bag: a tile is [COLOR, PATTERN]"),
    (("placements", 0, "tile"), [["PINK"], ["DOTS"]], "placements[0]: the actions place"),
    (("actions", 0, "goals"), {"B3": ["x"], "C4": 1, "D2": None}, "actions[0]: malformed goals action"),
    (("actions", 0, "player"), 0.7, "actions[0]: malformed goals action (player must be a whole number"),
    (("actions", 0, "player"), True, "actions[0]: malformed goals action (player must be a whole number"),
    (("actions", FIRST_TURN, "tile"), 1.9, f"actions[{FIRST_TURN}]: malformed turn action (tile must be"),
    (("actions", FIRST_TURN, "tile"), "1", f"actions[{FIRST_TURN}]: malformed turn action (tile must be"),
    (("actions", FIRST_TURN, "take"), 2.5, f"actions[{FIRST_TURN}]: malformed turn action (take must be"),
    (("actions", FIRST_TURN, "space"), ["A1"], f"actions[{FIRST_TURN}]: malformed turn action (space must be"),
]
SOLO_CASES = [
    (("scenario",), "3", "scenario: must be a scenario number"),
    (("offered_goals", 0), ["ALL_DIFFERENT", "AAAA-BB", "AAA-BBB"], "offered_goals[0]: scenario 3 offers"),
]


@pytest.mark.parametrize(("base", "path", "value", "message"),
                         [(PLACEMENTS, *c) for c in PLACEMENTS_CASES] + [(FULL, *c) for c in FULL_CASES]
                         + [(THREE, *c) for c in RULE_CASES]
                         + [(SOLO, *c) for c in SOLO_CASES])
def test_a_value_of_the_wrong_kind_is_refused_by_its_entry(base: dict[str, Any], path: tuple[Any, ...],
                                                           value: Any, message: str) -> None:
    record = copy.deepcopy(base)
    _set(path, value)(record)
    with pytest.raises(RecordError) as err:
        score_record(record)
    assert str(err.value).startswith(message), str(err.value)


def test_the_unchanged_records_still_score() -> None:
    for record in (PLACEMENTS, THREE, FULL, SOLO):
        assert score_record(copy.deepcopy(record)).scores


def test_the_cli_answers_a_malformed_full_record_in_one_line(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    record = copy.deepcopy(FULL)
    record["offered_goals"] = record["offered_goals"][:1]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: offered_goals: ") and err.count("\n") == 1


def test_a_record_exported_during_the_goal_choice_scores() -> None:
    """The bot's export while the goals are being chosen hides them; that record still scores (no goals
    yet, no tiles), but a player who placed tiles must have goals."""
    from calico_bot.games.calico.engine.actions import ChooseGoals
    from calico_bot.games.calico.engine.game import new_game

    state = new_game(GameOptions(players=["Ana", "Bo"]), 3)
    offered = state.players[0].offered
    state.apply(ChooseGoals(0, {"B3": offered[0], "C4": offered[1], "D2": offered[2]}))
    record = json.loads(json.dumps(state.seen_by(None).to_record()))
    assert all("goals" not in p for p in record["players"])
    scored = score_record(record).to_json()
    assert [(p["total"], p["goals"]) for p in scored["players"]] == [(0, []), (0, [])]
    record["placements"] = [{"player": 1, "space": "A1", "tile": ["PINK", "DOTS"]}]
    with pytest.raises(RecordError, match=r"^players\[1\]: goals must map"):
        score_record(record)


def test_a_refusal_that_quotes_a_name_with_a_line_break_stays_on_one_line(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = copy.deepcopy(FULL)
    record["players"][1]["name"] = "B\no"
    turn = next(i for i, a in enumerate(record["actions"]) if a["type"] == "turn" and a["player"] == 1)
    record["actions"][turn]["player"] = 0
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: actions[{turn}]: ") and "B o" in err, err


def test_a_left_out_name_is_player_n() -> None:
    record = copy.deepcopy(PLACEMENTS)
    record["players"][0]["name"] = None
    assert score_record(record).to_json()["players"][0]["name"] == "Player 1"
