"""Start the Calico bot.

With DISCORD_TOKEN set (environment or .env) it connects to Discord. Without a token, or with
--local, it opens the local table: the same bot against a local stand-in for Discord, driven from
the terminal (see calico_bot/app/local_table.py).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import sqlite3
import sys
from pathlib import Path

import aiohttp
import discord

from calico_bot.app.bot import CalicoBot, stop_on_sigterm
from calico_bot.app.config import Config, load_config
from devtable.local_table import quiet_logging, run_local_table

LOGIN_TIMEOUT = 30.0  # seconds to reach Discord and log in before giving up with one clear line


async def run_on_discord(config: Config) -> int:
    """Log in and stay connected; a start-up failure is one line on standard error and exit status 1."""
    assert config.token is not None
    bot = CalicoBot(config)
    try:
        async with bot:
            stop_on_sigterm(bot)
            try:
                await asyncio.wait_for(bot.login(config.token), timeout=LOGIN_TIMEOUT)
            except TimeoutError:
                return fail(f"Could not reach Discord within {LOGIN_TIMEOUT:g} s: check the network "
                            "(or start without DISCORD_TOKEN for the local table).")
            await bot.connect()
    except discord.LoginFailure:
        return fail("Discord refused the token: check DISCORD_TOKEN (developer portal, Bot, Reset Token).")
    except discord.PrivilegedIntentsRequired:
        return fail("Discord refused the connection: the bot asked for an intent that is not enabled.")
    except (aiohttp.ClientError, discord.GatewayNotFound, OSError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return fail(f"Could not reach Discord ({reason}): check the network "
                    "(or start without DISCORD_TOKEN for the local table).")
    except discord.HTTPException as exc:
        return fail(f"Discord answered {exc.status} while starting ({exc.text or 'no details'}).")
    except sqlite3.DatabaseError as exc:
        return fail(unreadable_database(config, exc))
    return 0


def unreadable_database(config: Config, exc: Exception) -> str:
    return (f"The database {config.database} cannot be opened ({exc}): restore it from a backup "
            "(python -m calico_bot.storage.backup --restore) or point CALICO_DATABASE elsewhere.")


def fail(text: str) -> int:
    print(f"calico-bot: {text}", file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--local", action="store_true", help="open the local table even if a token is set")
    parser.add_argument("--script", type=Path, help="local table: read commands from this file, then stop")
    parser.add_argument("--out", type=Path, default=Path("local-table-out"),
                        help="local table: where images the bot posts are saved")
    parser.add_argument("--sync", action="store_true", help="sync slash commands with Discord on start")
    parser.add_argument("--fresh", action="store_true",
                        help="local table: forget the last session (its game database, messages and saved files)")
    args = parser.parse_args(argv)

    config = load_config()
    if args.sync:
        config.sync_commands = True
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")

    if config.token and not args.local:
        logging.getLogger(__name__).info("starting with %r", config)
        try:
            return asyncio.run(run_on_discord(config))
        except KeyboardInterrupt:
            return 0

    if not args.local:
        print("No DISCORD_TOKEN set: opening the local table (same bot, local stand-in for Discord).")
    quiet_logging()
    config.database = config.database.with_name("local-table.sqlite3")
    config.database_url = None  # the local table always keeps its own SQLite file
    config.sync_commands = False
    if args.fresh:
        forget_local_table(config.database, args.out)
    try:
        # utf-8-sig: a byte-order mark, as editors on Windows write, is not part of the first command
        lines = args.script.read_text(encoding="utf-8-sig").splitlines() if args.script else None
    except (OSError, UnicodeDecodeError) as exc:
        return fail(f"cannot read the script {args.script}: {exc}")
    try:
        asyncio.run(run_local_table(config, args.out, lines))
    except KeyboardInterrupt:
        print()
    except sqlite3.DatabaseError as exc:
        return fail(unreadable_database(config, exc) + " (--fresh starts a new local table.)")
    return 0


def forget_local_table(database: Path, out: Path) -> None:
    for path in database.parent.glob(database.stem + "*"):
        if path.is_file():
            path.unlink()
    if out.is_dir():
        shutil.rmtree(out)


if __name__ == "__main__":
    sys.exit(main())
