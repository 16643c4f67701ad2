"""The score CLI picks the game from --game or the record's format, and says so plainly for a game it
cannot score yet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from calico_bot.score.__main__ import main


def test_an_isle_of_cats_record_gets_a_clear_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ioc.json"
    path.write_text(json.dumps({"format": "ioc-record/1", "players": []}))
    for argv in ([str(path)], ["--game", "ioc", str(path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "Isle of Cats" in err and "Traceback" not in err


def test_an_unknown_format_is_read_as_calico_and_refused_by_name(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"format": "chess-record/1"}))
    assert main([str(path)]) == 2
    assert "calico-record/1" in capsys.readouterr().err
