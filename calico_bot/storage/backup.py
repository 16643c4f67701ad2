"""Online backup of the SQLite database, and its restore.

    python -m calico_bot.storage.backup SOURCE.sqlite3 BACKUP.sqlite3
    python -m calico_bot.storage.backup --restore BACKUP.sqlite3 TARGET.sqlite3

The backup uses SQLite's backup API, so it can run while the bot is playing: it copies a consistent
snapshot (every committed unit of work, none half-done). A restore checks the backup's integrity
first and refuses to overwrite a database without ``--force`` (stop the bot before restoring).
PostgreSQL has its own tools: ``pg_dump`` / ``pg_restore`` (see the README).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path


def backup(source: Path, target: Path) -> int:
    """Copy ``source`` to ``target`` page by page while others may write; returns the games copied."""
    if not source.exists():
        raise FileNotFoundError(f"no database at {source}")
    target.parent.mkdir(parents=True, exist_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst, pages=256)  # in steps, so writers are not held up for the whole copy
        check = dst.execute("PRAGMA integrity_check").fetchone()[0]
        if check != "ok":
            raise RuntimeError(f"the backup failed its integrity check: {check}")
        return int(dst.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        dst.close()
        src.close()


def restore(backup_file: Path, target: Path, *, force: bool = False) -> int:
    """Put a backup in place of ``target`` (the bot must be stopped); returns the games restored."""
    if target.exists() and not force:
        raise FileExistsError(f"{target} exists: stop the bot and pass --force to replace it")
    for suffix in ("-wal", "-shm"):  # the old database's write-ahead log must not be replayed onto it
        Path(str(target) + suffix).unlink(missing_ok=True)
    return backup(backup_file, target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.storage.backup", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path)
    parser.add_argument("--restore", action="store_true", help="restore SOURCE (a backup) into TARGET")
    parser.add_argument("--force", action="store_true", help="with --restore: replace an existing TARGET")
    args = parser.parse_args(argv)
    try:
        if args.restore:
            games = restore(args.source, args.target, force=args.force)
            print(f"restored {games} games into {args.target}")
        else:
            games = backup(args.source, args.target)
            print(f"backed up {games} games to {args.target}")
    except (OSError, sqlite3.Error, RuntimeError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
