"""The local table: a newcomer's script plays a real game through the same bot and saves the images."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_local_table_plays_a_solo_game_from_a_script(tmp_path: Path) -> None:
    spaces = [f"{r}{c}" for r in "ABCDE" for c in range(1, 6) if f"{r}{c}" not in ("B3", "C4", "D2")]
    lines = ["/calico new mode:solo solo_setup:beginner", "as bo", "/calico play tile:1 space:A1 take:1", "as ana"]
    lines += [f"/calico play tile:1 space:{s}" + (" take:1" if i < 21 else "") for i, s in enumerate(spaces)]
    lines += ["/calico export", "/rules ask question:how many points is leo worth?", "quit"]
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines))
    out = tmp_path / "images"
    env = {"CALICO_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "bot.py", "--local", "--script", str(script), "--out", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=180, env=env)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert "not a player" in run.stdout  # bo may not move in ana's solo game
    assert "Final score" in run.stdout
    assert "All ten cats at a glance" in run.stdout and "Leo: straight line of 5" in run.stdout  # multi-word option
    pngs = sorted(out.glob("*.png"))
    assert len(pngs) >= 23 and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    assert list(out.glob("*.json"))
    assert (tmp_path / "data" / "local-table.sqlite3").exists()


def test_a_script_saved_with_a_byte_order_mark_and_crlf_lines_runs(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_bytes(b"\xef\xbb\xbfana> /calico new mode:solo solo_setup:beginner   # a comment\r\nwhere\r\n")
    env = {"CALICO_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "bot.py", "--local", "--script", str(script), "--out", str(tmp_path / "o")],
                         cwd=ROOT, capture_output=True, text=True, timeout=180, env=env)
    assert run.returncode == 0, run.stderr
    assert "Unknown input" not in run.stdout and "Game #1 has started" in run.stdout, run.stdout
