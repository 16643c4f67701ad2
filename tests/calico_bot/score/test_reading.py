"""Files that are not plain UTF-8 JSON documents: a byte-order mark is read, anything else is refused
with one line and status 2, for both games, from a file or standard input (never a traceback)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from calico_bot.score.__main__ import main

from ..games.cat_in_the_box.helpers import example

CALICO = {
    "format": "calico-record/1", "mode": "family",
    "cats": [{"name": "Millie", "patterns": ["DOTS", "VINES"]}],
    "players": [{"name": "Ana", "board": "blue"}, {"name": "Bo", "board": "green"}],
    "placements": [{"player": 0, "space": "A1", "tile": ["PINK", "DOTS"]}],
}
RECORDS = {"calico": CALICO, "citb": example()}

BAD_FILES = {
    "latin-1 bytes": ('{"format": "x", "name": "J\xfcrgen"}'.encode("latin-1"), "not UTF-8"),
    "nested arrays": (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    "nested objects": (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "nested too deeply"),
    "a 5000-digit number": (b'{"format": ' + b"9" * 5000 + b"}", "too many digits"),
    "NaN": (b'{"format": NaN}', "NaN is not a JSON value"),
    "Infinity": (b'{"format": "calico-record/1", "x": -Infinity}', "-Infinity is not a JSON value"),
}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_byte_order_mark_and_crlf_lines_are_read(game: str, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(RECORDS[game], indent=2).replace("\n", "\r\n")
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert main([str(path)]) == 0, capsys.readouterr().err
    assert "players" in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game_flag", [[], ["--game", "calico"], ["--game", "citb"]])
@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_unreadable_files_get_one_line(name: str, game_flag: list[str], tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    data, reason = BAD_FILES[name]
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    assert main([*game_flag, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert reason in captured.err and str(path) in captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err


def test_standard_input_is_read_as_bytes_too(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + json.dumps(CALICO).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["-"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][0]["name"] == "Ana"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xff\xfe{}")))
    assert main(["--game", "citb", "-"]) == 2
    assert capsys.readouterr().err.startswith("record: cannot read -: not UTF-8 text")
