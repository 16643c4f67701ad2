"""Configuration from the environment (and an optional ``.env`` file)."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

from calico_bot.core.ai_budget import DEFAULT_BUDGET_MS, budget_ms
from calico_bot.services.tables import DEFAULT_MAX_OPEN_LOBBIES

log = logging.getLogger(__name__)

DEFAULT_DATA_DIR = Path("var")


@dataclass(slots=True)
class Config:
    token: str | None = None
    database: Path = DEFAULT_DATA_DIR / "calico.sqlite3"
    log_level: str = "INFO"
    owner_ids: set[int] = field(default_factory=set)
    admin_ids: set[int] = field(default_factory=set)  # may use host/moderator powers in every server
    sync_commands: bool = False
    sync_guild: int | None = None  # sync to one guild (instant) instead of globally
    ai_budget_ms: int = DEFAULT_BUDGET_MS  # the AI's budget per move: the same setting as the AI bench
    database_url: str | None = None  # DATABASE_URL: postgresql://... (or sqlite:///...); None: ``database``
    metrics_port: int | None = None  # METRICS_PORT: serve Prometheus metrics on 127.0.0.1:port
    shard_count: int | None = None  # SHARD_COUNT: shards of the whole bot (every process the same)
    shard_ids: list[int] | None = None  # SHARD_IDS: the shards this process runs (needs SHARD_COUNT)
    max_open_lobbies: int = DEFAULT_MAX_OPEN_LOBBIES  # MAX_OPEN_LOBBIES: unstarted lobbies per host and server (0: any)

    @property
    def storage_url(self) -> str:
        """Where the storage lives: DATABASE_URL if set, else the SQLite file."""
        return self.database_url or str(self.database)

    def __repr__(self) -> str:  # never show the token
        where = _without_password(self.storage_url)
        return (f"Config(token={'set' if self.token else 'unset'}, database={where!r}, "
                f"log_level={self.log_level!r}, owners={sorted(self.owner_ids)}, sync={self.sync_commands})")


def _without_password(url: str) -> str:
    """A database URL fit for logs: ``postgresql://user:secret@host`` -> ``postgresql://user:***@host``."""
    if "://" in url and "@" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        if ":" in creds:
            creds = creds.split(":", 1)[0] + ":***"
        return f"{scheme}://{creds}@{host}"
    return url


def _ids(text: str | None) -> set[int]:
    return {int(part) for part in (text or "").replace(";", ",").split(",") if part.strip().isdigit()}


def load_config(env: dict[str, str] | None = None, *, dotenv: bool = True) -> Config:
    """Read ``DISCORD_TOKEN``, ``DATABASE_URL``, ``CALICO_DATABASE``, ``CALICO_DATA_DIR``, ``LOG_LEVEL``,
    ``OWNER_IDS``, ``ADMIN_IDS``, ``SYNC_COMMANDS``, ``SYNC_GUILD``, ``AI_BUDGET_MS``, ``METRICS_PORT``,
    ``SHARD_COUNT``, ``SHARD_IDS`` and ``MAX_OPEN_LOBBIES``."""
    if dotenv and env is None:
        from dotenv import load_dotenv

        load_dotenv()
    env = dict(os.environ) if env is None else env
    data_dir = Path(env.get("CALICO_DATA_DIR") or DEFAULT_DATA_DIR)
    return Config(
        token=env.get("DISCORD_TOKEN") or None,
        database=Path(env.get("CALICO_DATABASE") or data_dir / "calico.sqlite3"),
        log_level=(env.get("LOG_LEVEL") or "INFO").upper(),
        owner_ids=_ids(env.get("OWNER_IDS")),
        admin_ids=_ids(env.get("ADMIN_IDS")),
        sync_commands=(env.get("SYNC_COMMANDS") or "").lower() in ("1", "true", "yes"),
        sync_guild=int(env["SYNC_GUILD"]) if (env.get("SYNC_GUILD") or "").isdigit() else None,
        ai_budget_ms=budget_ms(env),
        database_url=env.get("DATABASE_URL") or None,
        metrics_port=int(env["METRICS_PORT"]) if (env.get("METRICS_PORT") or "").isdigit() else None,
        max_open_lobbies=_max_open_lobbies(env.get("MAX_OPEN_LOBBIES")),
        **_shards(env),
    )


def _max_open_lobbies(text: str | None) -> int:
    """MAX_OPEN_LOBBIES: a whole number, 0 for no limit; unset or unreadable: the default (logged)."""
    if text is None or not text.strip():
        return DEFAULT_MAX_OPEN_LOBBIES
    if text.strip().isdigit():
        return int(text.strip())
    log.warning("MAX_OPEN_LOBBIES=%r is not a whole number; using %d", text[:20], DEFAULT_MAX_OPEN_LOBBIES)
    return DEFAULT_MAX_OPEN_LOBBIES


def _shards(env: dict[str, str]) -> dict[str, object]:
    """SHARD_COUNT and SHARD_IDS ("0,1" or "0-3"); a process without SHARD_IDS runs every shard."""
    count = int(env["SHARD_COUNT"]) if (env.get("SHARD_COUNT") or "").isdigit() else None
    raw = (env.get("SHARD_IDS") or "").replace(" ", "")
    ids: list[int] | None = None
    if raw and count:
        ids = []
        for part in raw.split(","):
            low, _, high = part.partition("-")
            if low.isdigit() and (not high or high.isdigit()):
                ids.extend(range(int(low), int(high or low) + 1))
        ids = sorted({i for i in ids if 0 <= i < count}) or None
    return {"shard_count": count, "shard_ids": ids}
