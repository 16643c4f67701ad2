"""The load bench of the bot's storage path: ``python -m calico_bot.app.loadbench [--game KEY] ...``.

Each game that has one keeps its load bench in its own folder (``calico_bot/games/<key>/loadbench.py``:
its games stored, then moves arriving many at a time through its service, with no Discord); this
module finds it by the game's key (default: calico) and hands it the other options. ``--help`` after
the game shows that bench's options.
"""

from __future__ import annotations

import importlib
import sys

DEFAULT_GAME = "calico"


def bench_module(argv: list[str]) -> tuple[str, list[str]]:
    """The bench module named by ``--game KEY`` (or the default) and the arguments left for it."""
    args = list(argv)
    game = DEFAULT_GAME
    for i, arg in enumerate(args):
        if arg == "--game" and i + 1 < len(args):
            game = args[i + 1]
            del args[i:i + 2]
            break
        if arg.startswith("--game="):
            game = arg.split("=", 1)[1]
            del args[i]
            break
    if not game.isidentifier():
        raise SystemExit(f"error: no game {game!r}")
    return f"calico_bot.games.{game}.loadbench", args


def main(argv: list[str] | None = None) -> None:
    name, rest = bench_module(sys.argv[1:] if argv is None else argv)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        raise SystemExit(f"error: that game has no load bench ({name})") from None
    module.main(rest)


if __name__ == "__main__":
    main()
