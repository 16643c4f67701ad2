"""Game records: the reference score cases, the scoring CLI, full records and bad records."""

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

from calico_bot.core.errors import RecordError
from calico_bot.games.calico.engine.game import GameOptions, new_game, seeded_game
from calico_bot.games.calico.engine.record import score_record

CASES = Path(__file__).parent / "score_cases"
CASE_FILES = sorted(p for p in CASES.glob("case-*.json") if not p.name.endswith(".expected.json"))
PRINTED_KEYS = ["name", "total", "goal_points", "cat_points", "button_points", "cat_count", "button_count",
                "rainbow", "goals"]


def test_there_are_reference_cases() -> None:
    assert len(CASE_FILES) == 100


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_reference_case(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    got = score_record(json.loads(path.read_text())).to_json()
    assert got["winners"] == expected["winners"]
    assert len(got["players"]) == len(expected["players"])
    for mine, theirs in zip(got["players"], expected["players"], strict=True):
        assert {k: mine[k] for k in PRINTED_KEYS} == {k: theirs[k] for k in PRINTED_KEYS}
        # Where each award was made matches too.
        assert sorted((t["cat"], t["space"]) for t in mine["cat_tokens"]) == sorted(
            (t["cat"], t["space"]) for t in theirs["cat_tokens"])
        assert sorted((b["color"], b["space"]) for b in mine["button_tokens"]) == sorted(
            (b["color"], b["space"]) for b in theirs["button_tokens"])


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.stem)
def test_reference_case_awards_name_the_placement_of_the_record(path: Path) -> None:
    """Every key of the expected output, the extra ones included, is printed with the same value: an
    award's placement is the index of the record's placement that earned it."""
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    got = score_record(json.loads(path.read_text())).to_json()
    for mine, theirs in zip(got["players"], expected["players"], strict=True):
        assert mine["rainbow_placement"] == theirs["rainbow_placement"]
        for key in ("cat_tokens", "button_tokens"):
            assert [{k: t[k] for k in theirs_t} for t, theirs_t in zip(mine[key], theirs[key], strict=True)] \
                == theirs[key]


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "calico_bot.score", *args], capture_output=True, text=True,
                          input=stdin, timeout=60)


def test_cli_prints_the_expected_json() -> None:
    path = CASE_FILES[0]
    out = run_cli(str(path))
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert got["winners"] == expected["winners"]
    assert got["players"][0]["total"] == expected["players"][0]["total"]


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r["placements"].__setitem__(7, {**r["placements"][7], "space": "C4"}),
         "placements[7]: C4 is a design-goal space"),
        (lambda r: r["placements"].__setitem__(3, {**r["placements"][3], "space": "Z9"}), "placements[3]: 'Z9'"),
        (lambda r: r["placements"].__setitem__(2, {**r["placements"][2], "tile": ["ORANGE", "DOTS"]}),
         "placements[2]: unknown color"),
        (lambda r: r["placements"].__setitem__(5, {**r["placements"][5], "player": 9}), "placements[5]: no player"),
        (lambda r: r["placements"].__setitem__(4, {**r["placements"][4], "space": r["placements"][0]["space"],
                                                   "player": r["placements"][0]["player"]}),
         "placements[4]: "),
        (lambda r: r.__setitem__("mode", "speed"), "mode:"),
        (lambda r: r["cats"].__setitem__(0, {"name": "Garfield", "patterns": ["DOTS", "VINES"]}),
         "cats[0]: unknown cat"),
        (lambda r: r.__setitem__("format", "pgn"), "format:"),
    ],
)
def test_bad_records_name_the_offending_entry(mutate, message: str) -> None:
    record = json.loads(CASE_FILES[0].read_text())
    if record["mode"] == "family":
        pytest.skip("needs goals")
    bad = copy.deepcopy(record)
    mutate(bad)
    with pytest.raises(RecordError) as err:
        score_record(bad)
    assert str(err.value).startswith(message)


def test_cli_bad_record_exits_non_zero_without_traceback(tmp_path: Path) -> None:
    record = json.loads(CASE_FILES[0].read_text())
    record["placements"][7]["space"] = "C4"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    out = run_cli(str(path))
    assert out.returncode == 2
    assert "placements[7]: C4 is a design-goal space" in out.stderr
    assert "Traceback" not in out.stderr
    out = run_cli("-", stdin="{not json")
    assert out.returncode == 2 and "not valid JSON" in out.stderr and "Traceback" not in out.stderr
    out = run_cli(str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr


def test_too_many_copies_of_a_tile_are_refused() -> None:
    record = {"format": "calico-record/1", "mode": "family", "lower_variance": True,
              "cats": [{"name": "Millie", "patterns": ["DOTS", "FERNS"]}],
              "players": [{"name": "A", "board": "blue"}],
              "placements": [{"player": 0, "space": s, "tile": ["PINK", "DOTS"]} for s in ("A1", "A2", "A3")]}
    with pytest.raises(RecordError, match=r"placements\[2\]: more copies"):
        score_record(record)
    record["lower_variance"] = False
    assert score_record(record).scores[0].cat_count == 1


def played(options: GameOptions, seed: int):
    return seeded_game(options, seed)


@pytest.mark.parametrize("options", [
    GameOptions(players=["a", "b", "c"]),
    GameOptions(players=["a"], mode="solo", scenario=6),
    GameOptions(players=["a", "b"], mode="family", lower_variance=True),
])
def test_full_record_replays_to_the_same_scores(options: GameOptions, tmp_path: Path) -> None:
    state = played(options, 21)
    record = json.loads(json.dumps(state.to_record(include_hidden=True)))
    replayed = score_record(record).to_json()
    placed = [p["player"] for p in record["placements"]]
    for mine, score in zip(replayed["players"], state.scores(), strict=True):
        quilt_order = [i for i, seat in enumerate(placed) if seat == score.seat]
        want = score.to_json()
        for token in want["cat_tokens"] + want["button_tokens"]:
            token["placement"] = quilt_order[token["placement"] - 1]
        want["rainbow_placement"] = None if score.rainbow_at is None else quilt_order[score.rainbow_at - 1]
        assert mine == want
    assert replayed["winners"] == state.winners()
    # The placements form alone gives the same totals.
    short = {k: v for k, v in record.items() if k not in ("actions", "bag", "seed", "offered_goals")}
    assert [p["total"] for p in score_record(short).to_json()["players"]] == [s.total for s in state.scores()]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    out = run_cli(str(path))
    assert out.returncode == 0 and json.loads(out.stdout)["winners"] == state.winners()


def test_tampered_full_record_is_refused() -> None:
    state = played(GameOptions(players=["a", "b"], mode="beginner"), 5)
    record = json.loads(json.dumps(state.to_record(include_hidden=True)))
    record["actions"][10]["space"] = record["actions"][2]["space"] if record["actions"][2]["player"] == \
        record["actions"][10]["player"] else "C4"
    with pytest.raises(RecordError, match=r"actions\[10\]"):
        score_record(record)
    record = json.loads(json.dumps(state.to_record(include_hidden=True)))
    record["placements"][0]["tile"] = ["PINK", "DOTS"] if record["placements"][0]["tile"] != ["PINK", "DOTS"] \
        else ["GREEN", "DOTS"]
    with pytest.raises(RecordError, match="placements"):
        score_record(record)


def test_mid_game_record_hides_the_bag() -> None:
    state = new_game(GameOptions(players=["a", "b"], mode="beginner"), 3)
    record = state.to_record()
    assert "bag" not in record and "seed" not in record and "actions" not in record


def test_color_and_pattern_names_in_any_letter_case() -> None:
    data = json.loads(CASE_FILES[0].read_text())
    expected = score_record(copy.deepcopy(data)).to_json()
    for entry in data["placements"]:
        color, pattern = entry["tile"]
        entry["tile"] = [color.lower().replace("_", " "), pattern.title()]
    for cat in data["cats"]:
        cat["patterns"] = [p.lower() for p in cat["patterns"]]
    assert score_record(data).to_json() == expected


def test_a_full_record_names_its_first_placement_that_disagrees_with_the_actions() -> None:
    state = seeded_game(GameOptions(players=["a", "b"], mode="beginner"), 7, turns=10)
    record = state.to_record(include_hidden=True)
    assert score_record(copy.deepcopy(record))  # as exported: fine
    record["placements"][6]["space"] = "E5" if record["placements"][6]["space"] != "E5" else "A1"
    with pytest.raises(RecordError, match=r"^placements\[6\]: the actions place "):
        score_record(record)
    shorter = state.to_record(include_hidden=True)
    shorter["placements"].pop()
    with pytest.raises(RecordError, match=r"^placements: 9 listed, but the actions place 10"):
        score_record(shorter)
