"""Start the Calico bot.

With DISCORD_TOKEN set (environment or .env) it connects to Discord. Without a token, or with
--local, it opens the local table: the same bot against a local stand-in for Discord, driven from
the terminal (see calico_bot/app/local_table.py).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import load_config
from calico_bot.app.local_table import quiet_logging, run_local_table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--local", action="store_true", help="open the local table even if a token is set")
    parser.add_argument("--script", type=Path, help="local table: read commands from this file, then stop")
    parser.add_argument("--out", type=Path, default=Path("local-table-out"),
                        help="local table: where images the bot posts are saved")
    parser.add_argument("--sync", action="store_true", help="sync slash commands with Discord on start")
    args = parser.parse_args(argv)

    config = load_config()
    if args.sync:
        config.sync_commands = True
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if config.token and not args.local:
        logging.getLogger(__name__).info("starting with %r", config)
        CalicoBot(config).run(config.token, log_handler=None)
        return 0

    if not args.local:
        print("No DISCORD_TOKEN set: opening the local table (same bot, local stand-in for Discord).")
    quiet_logging()
    config.database = config.database.with_name("local-table.sqlite3")
    config.sync_commands = False
    lines = args.script.read_text(encoding="utf-8").splitlines() if args.script else None
    asyncio.run(run_local_table(config, args.out, lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
