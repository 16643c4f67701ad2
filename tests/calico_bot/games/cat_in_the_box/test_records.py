"""citb-record/1: the reference example, export and replay, and every kind of bad record through the CLI."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from calico_bot.core.errors import RecordError
from calico_bot.games.cat_in_the_box.engine.record import replay_record, score_record, to_record
from calico_bot.score.__main__ import main

from .helpers import example, random_game

EXPECTED_EXAMPLE = {
    "game": "citb", "player_count": 2, "complete": False,
    "players": [
        {"name": "Ana", "total": 6, "rounds": [{"tricks": 3, "bid": None, "bid_met": True, "largest_group": 3,
                                                "paradox": False, "round_points": 6}]},
        {"name": "Bo", "total": -1, "rounds": [{"tricks": 1, "bid": None, "bid_met": True, "largest_group": 3,
                                                "paradox": True, "round_points": -1}]}],
    "rounds": [{"start_player": 1, "tricks_played": 4, "paradox_player": 1, "trick_winners": [0, 1, 0, 0]}],
    "winners": [],
}


def run(tmp_path: Path, record: Any, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, Any, str]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    code = main([*extra, "--game", "citb", str(path)])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out else None), err


def test_reference_example(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(tmp_path, example(), capsys)
    assert (code, err) == (0, "")
    assert out == EXPECTED_EXAMPLE


def test_format_picks_the_game_without_the_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(example()))
    assert main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == EXPECTED_EXAMPLE


def test_extra_keys_are_ignored(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = example()
    rec["seed"] = 5
    rec["note"] = {"anything": [1, 2]}
    rec["rounds"][0]["created"] = "today"
    rec["rounds"][0]["bids"] = None
    code, out, _ = run(tmp_path, rec, capsys)
    assert code == 0 and out == EXPECTED_EXAMPLE


def test_hands_in_any_order(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = example()
    for hand in rec["rounds"][0]["hands"]:
        hand.reverse()
    code, out, _ = run(tmp_path, rec, capsys)
    assert code == 0 and out == EXPECTED_EXAMPLE


def test_no_rounds_is_a_legal_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = example()
    rec["rounds"] = []
    code, out, _ = run(tmp_path, rec, capsys)
    assert code == 0
    assert out["complete"] is False and out["winners"] == [] and out["rounds"] == []
    assert [p["total"] for p in out["players"]] == [0, 0]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_exported_games_replay_to_the_same_scores(n: int) -> None:
    for seed in range(6):
        state = random_game(n, seed)
        scored = score_record(json.loads(json.dumps(to_record(state)))).to_json()
        assert scored["complete"] is True
        assert [p["total"] for p in scored["players"]] == state.totals()
        assert scored["winners"] == state.winners() and scored["winners"]
        assert [r["trick_winners"] for r in scored["rounds"]] == [h["trick_winners"] for h in state.history]
        assert [r["start_player"] for r in scored["rounds"]] == [(state.start_player + r) % n for r in range(n)]


def test_a_partial_game_has_no_winners() -> None:
    state = random_game(3, 4)
    rec = to_record(state)
    rec["rounds"] = rec["rounds"][:2]
    out = score_record(rec).to_json()
    assert out["complete"] is False and out["winners"] == []
    assert all(len(p["rounds"]) == 2 for p in out["players"])


def three_player_record() -> dict[str, Any]:
    return to_record(random_game(3, 2))


Mutation = Callable[[dict[str, Any]], None]


def setitem(path: list[Any], value: Any) -> Mutation:
    def change(rec: dict[str, Any]) -> None:
        target: Any = rec
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def delitem(path: list[Any]) -> Mutation:
    def change(rec: dict[str, Any]) -> None:
        target: Any = rec
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


def plays(new: list[list[Any]]) -> Mutation:
    return setitem(["rounds", 0, "plays"], new)


EX_PLAYS = copy.deepcopy(example()["rounds"][0]["plays"])

# (description, mutation of the 2-player example, expected path)
BAD_EXAMPLES: list[tuple[str, Mutation, str]] = [
    ("format missing", delitem(["format"]), "format"),
    ("other format", setitem(["format"], "citb-record/2"), "format"),
    ("player count 1", setitem(["player_count"], 1), "player_count"),
    ("player count 6", setitem(["player_count"], 6), "player_count"),
    ("player count as text", setitem(["player_count"], "2"), "player_count"),
    ("player count true", setitem(["player_count"], True), "player_count"),
    ("player count 2.0", setitem(["player_count"], 2.0), "player_count"),
    ("three names", setitem(["players"], ["a", "b", "c"]), "players"),
    ("names not a list", setitem(["players"], "Ana,Bo"), "players"),
    ("empty name", setitem(["players", 1], ""), "players[1]"),
    ("name a number", setitem(["players", 0], 7), "players[0]"),
    ("start player 2", setitem(["start_player"], 2), "start_player"),
    ("start player missing", delitem(["start_player"]), "start_player"),
    ("start player -1", setitem(["start_player"], -1), "start_player"),
    ("rounds not a list", setitem(["rounds"], {}), "rounds"),
    ("three rounds in 2p", lambda r: r["rounds"].extend([r["rounds"][0], r["rounds"][0]]), "rounds[2]"),
    ("round not an object", setitem(["rounds", 0], []), "rounds[0]"),
    ("one hand", setitem(["rounds", 0, "hands"], [[1, 2, 2, 2, 2, 3, 3, 3, 4, 5]]), "rounds[0].hands"),
    ("hands missing", delitem(["rounds", 0, "hands"]), "rounds[0].hands"),
    ("short hand", setitem(["rounds", 0, "hands", 0], [1, 2, 2, 2, 2, 3, 3, 3, 4]), "rounds[0].hands"),
    ("card 6 in 2p", setitem(["rounds", 0, "hands", 0, 9], 6), "rounds[0].hands"),
    ("card 0", setitem(["rounds", 0, "hands", 0, 0], 0), "rounds[0].hands"),
    ("card as text", setitem(["rounds", 0, "hands", 0, 0], "1"), "rounds[0].hands"),
    ("six 2s dealt", setitem(["rounds", 0, "hands", 1, 0], 2), "rounds[0].hands"),
    ("revealed missing", delitem(["rounds", 0, "revealed"]), "rounds[0].revealed"),
    ("revealed null", setitem(["rounds", 0, "revealed"], None), "rounds[0].revealed"),
    ("two revealed", setitem(["rounds", 0, "revealed"], [4, 4]), "rounds[0].revealed"),
    ("revealed card 9", setitem(["rounds", 0, "revealed"], [4, 4, 9]), "rounds[0].revealed"),
    ("six 5s with the reveal", setitem(["rounds", 0, "revealed"], [5, 5, 5]), "rounds[0].revealed"),
    ("set-aside missing", delitem(["rounds", 0, "set_aside"]), "rounds[0].set_aside"),
    ("set-aside too long", setitem(["rounds", 0, "set_aside"], [2, 5, 1]), "rounds[0].set_aside"),
    ("set-aside not dealt", setitem(["rounds", 0, "set_aside"], [2, 6]), "rounds[0].set_aside[1]"),
    ("set-aside card as text", setitem(["rounds", 0, "set_aside"], ["2", 5]), "rounds[0].set_aside[0]"),
    ("bids in 2p", setitem(["rounds", 0, "bids"], [1, 1]), "rounds[0].bids"),
    ("plays missing", delitem(["rounds", 0, "plays"]), "rounds[0].plays"),
    ("plays not a list", setitem(["rounds", 0, "plays"], {"0": [1, 2, "yellow"]}), "rounds[0].plays"),
    ("play not a triple", plays([[1, 2]]), "rounds[0].plays[0]"),
    ("play as an object", plays([{"seat": 1, "card": 2, "colour": "yellow"}]), "rounds[0].plays[0]"),
    ("upper-case colour", plays([[1, 2, "Yellow"]]), "rounds[0].plays[0]"),
    ("unknown colour", plays([[1, 2, "purple"]]), "rounds[0].plays[0]"),
    ("card 6", plays([[1, 6, "yellow"]]), "rounds[0].plays[0]"),
    ("seat 2", plays([[2, 2, "yellow"]]), "rounds[0].plays[0]"),
    ("not that seat's turn", plays([[0, 2, "yellow"]]), "rounds[0].plays[0]"),
    ("red led too early", plays([[1, 2, "red"]]), "rounds[0].plays[0]"),
    ("blocked cell", plays([[1, 4, "green"]]), "rounds[0].plays[0]"),
    ("card not in hand", plays([[1, 2, "yellow"], [0, 4, "blue"], [1, 2, "blue"]]), "rounds[0].plays[2]"),
    ("the set-aside card is gone", lambda r: (setitem(["rounds", 0, "set_aside"], [5, 5])(r),
                                              plays([[1, 2, "yellow"], [0, 5, "yellow"]])(r)), "rounds[0].plays[1]"),
    ("cell taken", plays([*EX_PLAYS[:5], [0, 2, "yellow"]]), "rounds[0].plays[5]"),
    ("colour lost", plays([*EX_PLAYS[:4], [1, 1, "blue"]]), "rounds[0].plays[4]"),
    ("stops too early", plays(EX_PLAYS[:8]), "rounds[0].plays[8]"),
    ("stops mid-trick", plays(EX_PLAYS[:3]), "rounds[0].plays[3]"),
    ("no plays", plays([]), "rounds[0].plays[0]"),
    ("a play after the paradox", plays([*EX_PLAYS, [1, 4, "yellow"]]), "rounds[0].plays[9]"),
]


@pytest.mark.parametrize(("what", "change", "where"), BAD_EXAMPLES, ids=[b[0] for b in BAD_EXAMPLES])
def test_bad_two_player_records(what: str, change: Mutation, where: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    rec = example()
    change(rec)
    code, out, err = run(tmp_path, rec, capsys)
    assert code == 2 and out is None
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(where + ":") or err.startswith(where + "["), err


def test_messages_say_what_is_wrong() -> None:
    rec = example()
    plays([[1, 2, "red"]])(rec)
    with pytest.raises(RecordError, match=r"^rounds\[0\]\.plays\[0\]: red cannot be led yet"):
        replay_record(rec)
    rec = example()
    plays(EX_PLAYS[:8])(rec)
    with pytest.raises(RecordError, match=r"Ana .seat 0. still has a legal declaration"):
        replay_record(rec)
    rec = example()
    plays([*EX_PLAYS, [1, 4, "yellow"]])(rec)
    with pytest.raises(RecordError, match="paradox"):
        replay_record(rec)


BAD_THREE: list[tuple[str, Mutation, str]] = [
    ("revealed with 3 players", setitem(["rounds", 0, "revealed"], [1, 2, 3]), "rounds[0].revealed"),
    ("bids missing", delitem(["rounds", 0, "bids"]), "rounds[0].bids"),
    ("bids null", setitem(["rounds", 0, "bids"], None), "rounds[0].bids"),
    ("two bids", setitem(["rounds", 0, "bids"], [1, 3]), "rounds[0].bids"),
    ("bid 2 with 3 players", setitem(["rounds", 0, "bids", 1], 2), "rounds[0].bids[1]"),
    ("bid 0", setitem(["rounds", 0, "bids", 2], 0), "rounds[0].bids[2]"),
    ("bid 5", setitem(["rounds", 0, "bids", 0], 5), "rounds[0].bids[0]"),
    ("four rounds", lambda r: r["rounds"].append(copy.deepcopy(r["rounds"][0])), "rounds[3]"),
    ("card 7", setitem(["rounds", 1, "hands", 2, 0], 7), "rounds[1].hands"),
    ("a swapped card breaks the deck", lambda r: r["rounds"][2]["hands"][0].__setitem__(
        0, 1 + r["rounds"][2]["hands"][0][0] % 6), "rounds[2].hands"),
    ("round 2 not an object", setitem(["rounds", 1], "x"), "rounds[1]"),
]


@pytest.mark.parametrize(("what", "change", "where"), BAD_THREE, ids=[b[0] for b in BAD_THREE])
def test_bad_three_player_records(what: str, change: Mutation, where: str, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    rec = three_player_record()
    change(rec)
    code, _, err = run(tmp_path, rec, capsys)
    assert code == 2
    assert err.startswith(where + ":") or err.startswith(where + "["), err


def test_the_first_problem_is_reported() -> None:
    rec = three_player_record()
    rec["rounds"][2]["bids"][0] = 9
    rec["rounds"][1]["plays"][0][2] = "purple"
    with pytest.raises(RecordError, match=r"^rounds\[1\]\.plays\[0\]"):
        replay_record(rec)
    rec["rounds"][1]["set_aside"][2] = 99
    with pytest.raises(RecordError, match=r"^rounds\[1\]\.set_aside\[2\]"):
        replay_record(rec)


def test_a_swapped_play_order_is_refused() -> None:
    rec = three_player_record()
    p = rec["rounds"][0]["plays"]
    p[0], p[1] = p[1], p[0]
    with pytest.raises(RecordError, match=r"^rounds\[0\]\.plays\[0\]: not that seat's turn"):
        replay_record(rec)


@pytest.mark.parametrize("text", ["[1, 2]", "{bad json", "\"text\"", "null"])
def test_unreadable_or_not_an_object(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(tmp_path, text, capsys)
    assert code == 2 and err.startswith("record:") and err.count("\n") == 1


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "citb", str(tmp_path / "nope.json")]) == 2
    assert capsys.readouterr().err.startswith("record: cannot read")


def test_cli_as_a_process_is_light(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(example()))
    code = (f"import sys, runpy; sys.argv=['x', '--game', 'citb', {str(path)!r}]\n"
            "try:\n    runpy.run_module('calico_bot.score', run_name='__main__')\n"
            "except SystemExit as e:\n    rc = e.code\n"
            "heavy = [m for m in sys.modules if m.split('.')[0] in ('discord', 'aiosqlite', 'sqlite3', 'PIL')]\n"
            "print(rc, heavy, 'calico_bot.games.calico.engine.record' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert json.loads(done.stdout) == EXPECTED_EXAMPLE
    assert done.stderr.strip() == "0 [] False"


def test_a_complete_two_player_game_tied_on_total_goes_to_the_last_round(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    # Round 2 is round 1 with the seats' roles swapped (Ana now starts): Ana 6 - 1 = 5, Bo -1 + 6 = 5,
    # and Bo's 6 points in the last round win the tie.
    rec = example()
    first = rec["rounds"][0]
    rec["rounds"].append({"hands": first["hands"][::-1], "set_aside": first["set_aside"][::-1],
                          "revealed": list(first["revealed"]),
                          "plays": [[1 - s, c, colour] for s, c, colour in first["plays"]]})
    code, out, _ = run(tmp_path, rec, capsys)
    assert code == 0 and out["complete"] is True
    assert [p["total"] for p in out["players"]] == [5, 5]
    assert [[r["round_points"] for r in p["rounds"]] for p in out["players"]] == [[6, -1], [-1, 6]]
    assert [r["start_player"] for r in out["rounds"]] == [1, 0]
    assert out["rounds"][1] == {"start_player": 0, "tricks_played": 4, "paradox_player": 0,
                                "trick_winners": [1, 0, 1, 1]}
    assert out["winners"] == [1]
    # The last round may not stop while Ana can still lead.
    rec["rounds"][1]["plays"] = rec["rounds"][1]["plays"][:8]
    code, _, err = run(tmp_path, rec, capsys)
    assert code == 2 and err.startswith("rounds[1].plays[8]:")
