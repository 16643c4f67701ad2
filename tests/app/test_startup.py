"""Starting with a token on a machine that cannot reach Discord: one clear line and a non-zero exit."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from calico_bot.app.config import Config
from devtable.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]

# Point discord.py at an address where nothing answers, then start bot.py as `make run` would.
CHILD = """
import sys
sys.path.insert(0, {root!r})
import discord.http
discord.http.Route.BASE = {base!r}
import bot
bot.LOGIN_TIMEOUT = {timeout}
sys.exit(bot.main([]))
"""


def start(tmp_path: Path, base: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "CALICO_DATA_DIR": str(tmp_path / "data")}
    code = CHILD.format(root=str(ROOT), base=base, timeout=timeout)
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)


def check_one_clear_line(run: subprocess.CompletedProcess[str], words: str) -> None:
    shown = run.stdout + run.stderr
    assert run.returncode == 1, shown
    assert "Traceback" not in shown and "Unclosed" not in shown, shown
    lines = [line for line in shown.splitlines() if "calico-bot:" in line]
    assert len(lines) == 1 and words in lines[0], shown
    assert run.stderr.rstrip().splitlines()[-1] == lines[0]  # the last thing printed


def test_a_refused_connection_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    run = start(tmp_path, f"http://127.0.0.1:{port}/api/v10")
    check_one_clear_line(run, "Could not reach Discord")


def test_a_silent_server_is_one_line_after_the_login_timeout(tmp_path: Path) -> None:
    with socket.socket() as silent:  # accepts connections, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        run = start(tmp_path, f"http://127.0.0.1:{port}/api/v10", timeout=0.5)
    check_one_clear_line(run, "Could not reach Discord within 0.5 s")


async def test_a_refused_token_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT))
    import bot as entry

    async with FakeDiscord() as fake:
        fake.install()
        fake.fail("GET", "/users/@me", status=401, code=0, message="401: Unauthorized")
        code = await entry.run_on_discord(Config(token="refused", database=tmp_path / "bot.sqlite3"))
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "Discord refused the token: check DISCORD_TOKEN" in err, err


def test_shard_settings_are_read_as_discord_py_expects() -> None:
    from calico_bot.app.config import load_config

    config = load_config({"SHARD_COUNT": "4", "SHARD_IDS": "0, 2-3, 9"}, dotenv=False)
    assert config.shard_count == 4 and config.shard_ids == [0, 2, 3]
    assert load_config({}, dotenv=False).shard_ids is None
    assert load_config({"SHARD_IDS": "1"}, dotenv=False).shard_ids is None  # ids mean nothing without a count


def test_an_unreadable_database_is_one_line(tmp_path: Path) -> None:
    """The local table (and the bot) on a file that is not a database: one line, not a hang or a traceback."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "local-table.sqlite3").write_text("this is not a database " * 300)
    script = tmp_path / "script.txt"
    script.write_text("where\n")
    env = {**os.environ, "CALICO_DATA_DIR": str(data)}
    env.pop("DISCORD_TOKEN", None)
    run = subprocess.run([sys.executable, str(ROOT / "bot.py"), "--local", "--script", str(script),
                          "--out", str(tmp_path / "out")], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)
    check_one_clear_line(run, "cannot be opened (file is not a database)")


async def test_an_unreadable_database_is_one_line_with_a_token(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    sys.path.insert(0, str(ROOT))
    import bot as entry

    db = tmp_path / "bot.sqlite3"
    db.write_text("this is not a database " * 300)
    async with FakeDiscord() as fake:
        fake.install()
        code = await entry.run_on_discord(Config(token="fine", database=db))
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and f"The database {db} cannot be opened" in err, err
