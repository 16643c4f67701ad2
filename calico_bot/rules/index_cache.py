"""A disk cache of the built rules index, so a restart does not rebuild it.

Building the index (tokenising the knowledge base, weighting the reranker's pools of labelled questions) takes
most of a second; reading it back from a pickle takes about a fifth of that. The cache file is named by a
digest of everything the build reads and does: every file under the knowledge-base folder (entries, labelled
questions, the shipped models) and the source of this package, with the Python and numpy versions. Any change
gives a new name, so a stale index is never read; old files are pruned.

    CALICO_RULES_CACHE=<folder>   where the files go (default: $XDG_CACHE_HOME/calico-bot, else ~/.cache/calico-bot)
    CALICO_RULES_CACHE=off        no cache

The cache holds only what this process wrote from files it already trusts (the repository's own data), as pickles:
the folder must be one only the bot's user can write (the default is in that user's home; files are made 0600). A
file that cannot be read back (truncated, another format) is ignored and rebuilt. Writing happens after the first
load, on a thread of its own, through a temporary file renamed into place, so a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

ENV_VAR = "CALICO_RULES_CACHE"
#: Bumped when the pickled layout changes in a way the source digest would not notice.
FORMAT = 1
#: Cache files kept per folder (the newest ones): a few versions of the knowledge base side by side.
KEEP = 3
_PREFIX = "rules-index-"
_SUFFIX = ".pickle"
_SOURCE_DIR = Path(__file__).resolve().parent

log = logging.getLogger(__name__)


def cache_dir(env: dict[str, str] | None = None) -> Path | None:
    """The folder for cache files, or None when the cache is off."""
    env = dict(os.environ) if env is None else env
    raw = env.get(ENV_VAR, "").strip()
    if raw.lower() in ("off", "0", "no", "false", "none"):
        return None
    if raw:
        return Path(raw).expanduser()
    base = env.get("XDG_CACHE_HOME", "").strip()
    return (Path(base).expanduser() if base else Path.home() / ".cache") / "calico-bot"


def content_key(folder: Path) -> str | None:
    """Digest of every file under ``folder`` and of this package's source (None if a file cannot be read)."""
    digest = hashlib.sha256()
    digest.update(f"{FORMAT}|{sys.version}|{np.__version__}|{folder.resolve()}".encode())
    try:
        data_files = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else [folder]
        for group, files in (("data", data_files), ("source", sorted(_SOURCE_DIR.glob("*.py")))):
            for path in files:
                digest.update(f"|{group}|{path.name}|{path.stat().st_size}|".encode())
                digest.update(path.read_bytes())
    except OSError:
        return None
    return digest.hexdigest()[:32]


def load(key: str, directory: Path | None, expected: type) -> Any | None:
    """The cached object of ``key`` if there is one of the ``expected`` type, else None."""
    if directory is None:
        return None
    path = directory / f"{_PREFIX}{key}{_SUFFIX}"
    try:
        with path.open("rb") as fh:
            value = pickle.load(fh)
    except FileNotFoundError:
        return None
    except Exception as exc:  # truncated or foreign file: rebuild, and let the next store replace it
        log.warning("rules index cache %s unreadable (%s); rebuilding", path.name, exc)
        return None
    return value if isinstance(value, expected) else None


def store(key: str, directory: Path | None, value: object) -> None:
    """Write ``value`` as the cache of ``key`` (atomically), then prune older files; errors are logged only."""
    if directory is None:
        return
    tmp: str | None = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        data = _pickled(value)
        fd, tmp = tempfile.mkstemp(prefix=f".{_PREFIX}", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, directory / f"{_PREFIX}{key}{_SUFFIX}")
        tmp = None
        _prune(directory)
    except Exception as exc:  # a read-only or full disk only costs the next start its rebuild
        log.warning("rules index cache not written to %s (%s)", directory, exc)
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def store_in_background(key: str, directory: Path | None, value: object) -> threading.Thread | None:
    """:func:`store` on a thread of its own (not a daemon: a short-lived command still leaves its cache)."""
    if directory is None:
        return None
    thread = threading.Thread(target=store, args=(key, directory, value), name="rules-index-cache")
    thread.start()
    return thread


def _pickled(value: object, attempts: int = 3) -> bytes:
    """``value`` pickled; a memo dict that grew under the pickler (a lookup on another thread) is retried."""
    for attempt in range(attempts):
        try:
            return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        except RuntimeError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


#: A temporary file older than this was left by a process that died while writing it (a write takes a second).
STALE_TMP_SECONDS = 3600


def _prune(directory: Path) -> None:
    files = sorted(directory.glob(f"{_PREFIX}*{_SUFFIX}"), key=lambda p: p.stat().st_mtime, reverse=True)
    stale = [p for p in directory.glob(f".{_PREFIX}*.tmp") if time.time() - p.stat().st_mtime > STALE_TMP_SECONDS]
    for old in (*files[KEEP:], *stale):
        with contextlib.suppress(OSError):
            old.unlink()
