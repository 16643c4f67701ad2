"""What every SQL storage driver shares: the storage interface written once, in SQL both SQLite and
PostgreSQL accept (``?`` placeholders; a driver translates them for its database).

A driver supplies :meth:`execute`, :meth:`fetchall`, :meth:`fetchone` and :meth:`transaction`, the
folder of its numbered migrations and the few words its dialect spells differently.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from importlib import resources
from typing import Any

from .models import ActionRow, GameRow, MemberStats, OutboxRow, SeatRow, StaleVersion, TimerRow, TimerSpec

log = logging.getLogger(__name__)

GAME_FIELDS = ("thread_id", "lobby_message_id", "host_id", "status", "options", "state", "version")
_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def migrations(folder_name: str = "migrations") -> list[tuple[int, str, str]]:
    """The numbered migration scripts of one dialect shipped with the package, in order."""
    folder = resources.files("calico_bot.storage") / folder_name
    found = []
    for entry in folder.iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class SqlStorage:
    """The storage interface on top of a driver's four primitives."""

    MIGRATIONS = "migrations"
    SKIP_LOCKED = ""  # PostgreSQL: " FOR UPDATE SKIP LOCKED" (claims that never wait for each other)
    HOST_LOCK = ""  # PostgreSQL: a transaction lock per host and server (SQLite serialises transactions anyway)

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        raise NotImplementedError

    async def fetchall(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Any | None:
        raise NotImplementedError

    def transaction(self) -> AbstractAsyncContextManager[Any]:
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def migrate(self) -> list[str]:
        """Apply every migration not applied yet; returns the names applied now."""
        await self.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY, "
                           "name TEXT NOT NULL)")
        done = {row[0] for row in await self.fetchall("SELECT number FROM schema_migrations")}
        applied = []
        for number, name, script in migrations(self.MIGRATIONS):
            if number in done:
                continue
            async with self.transaction():
                for statement in _split_sql(script):
                    await self.execute(statement)
                await self.execute("INSERT INTO schema_migrations (number, name) VALUES (?, ?)", (number, name))
            applied.append(name)
            log.info("applied migration %s", name)
        return applied

    # --- games ---------------------------------------------------------------------------------------

    async def create_game(self, *, kind: str, guild_id: int | None, channel_id: int, host_id: int,
                          options: dict[str, Any], now: float) -> GameRow:
        async with self.transaction():
            row = await self.fetchone(
                "INSERT INTO games (kind, guild_id, channel_id, host_id, status, options, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?) RETURNING id",
                (kind, guild_id, channel_id, host_id, json.dumps(options), now, now),
            )
            assert row is not None
            game = await self.get_game(int(row[0]))
        assert game is not None
        return game

    async def hold_host(self, guild_id: int | None, host_id: int) -> None:
        """Inside a transaction: until it ends, another transaction that holds the same host in the same
        server waits here, and then sees what this one committed (how the lobby limit is kept)."""
        if self.HOST_LOCK:
            await self.execute(self.HOST_LOCK, (f"host:{guild_id}:{host_id}",))

    async def get_game(self, game_id: int) -> GameRow | None:
        row = await self.fetchone("SELECT * FROM games WHERE id = ?", (game_id,))
        return _game(row) if row else None

    async def find_games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                         thread_id: int | None = None, user_id: int | None = None,
                         statuses: Sequence[str] = (), kind: str | None = None,
                         host_id: int | None = None) -> list[GameRow]:
        where, args = [], []
        if kind is not None:
            where.append("g.kind = ?")
            args.append(kind)
        if guild_id is not None:
            where.append("g.guild_id = ?")
            args.append(guild_id)
        if channel_id is not None:
            where.append("(g.channel_id = ? OR g.thread_id = ?)")
            args += [channel_id, channel_id]
        if thread_id is not None:
            where.append("g.thread_id = ?")
            args.append(thread_id)
        if host_id is not None:
            where.append("g.host_id = ?")
            args.append(host_id)
        if user_id is not None:
            where.append("g.id IN (SELECT s.game_id FROM seats s WHERE s.user_id = ?)")
            args.append(user_id)
        if statuses:
            where.append(f"g.status IN ({','.join('?' * len(statuses))})")
            args += list(statuses)
        sql = "SELECT g.* FROM games g" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY g.id"
        return [_game(row) for row in await self.fetchall(sql, args)]

    async def update_game(self, game_id: int, *, now: float, **fields: Any) -> None:
        unknown = set(fields) - set(GAME_FIELDS)
        if unknown:
            raise ValueError(f"unknown game fields: {sorted(unknown)}")
        if "options" in fields:
            fields["options"] = json.dumps(fields["options"])
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.execute(f"UPDATE games SET {sets}, updated_at = ? WHERE id = ?", [*fields.values(), now, game_id])

    async def commit_action(self, game_id: int, *, expected_version: int, state: str, action: dict[str, Any],
                            user_id: int | None, now: float, status: str | None = None,
                            timers: Sequence[TimerSpec] | None = None, outbox: dict[str, Any] | None = None,
                            seats: Sequence[SeatRow] | None = None, outbox_state: str | None = None) -> int:
        """One action as one unit of work (see :meth:`commit_actions`)."""
        return await self.commit_actions(game_id, expected_version=expected_version, state=state,
                                         actions=[(action, user_id)], now=now, status=status, timers=timers,
                                         outbox=outbox, seats=seats, outbox_state=outbox_state)

    async def commit_actions(self, game_id: int, *, expected_version: int, state: str,
                             actions: Sequence[tuple[dict[str, Any], int | None]], now: float,
                             status: str | None = None, timers: Sequence[TimerSpec] | None = None,
                             outbox: dict[str, Any] | None = None, seats: Sequence[SeatRow] | None = None,
                             outbox_state: str | None = None) -> int:
        """Store the new state, append the actions, and (when given) replace the game's seats and timers
        and queue its announcement, all in one transaction and only if nobody moved first.

        ``timers=None`` leaves the timers alone; ``[]`` clears them. Returns the new version.
        """
        if not actions:
            raise ValueError("commit_actions needs at least one action")
        new_version = expected_version + len(actions)
        async with self.transaction():
            changed = await self.execute(
                "UPDATE games SET state = ?, version = ?, updated_at = ?, status = COALESCE(?, status) "
                "WHERE id = ? AND version = ?",
                (state, new_version, now, status, game_id, expected_version),
            )
            if changed != 1:
                raise StaleVersion(f"game {game_id} is no longer at version {expected_version}")
            for i, (action, user_id) in enumerate(actions, start=1):
                await self.execute(
                    "INSERT INTO actions (game_id, version, user_id, action, created_at) VALUES (?, ?, ?, ?, ?)",
                    (game_id, expected_version + i, user_id, json.dumps(action), now),
                )
            if seats is not None:
                await self.set_seats(game_id, seats)
            if timers is not None:
                await self.replace_timers(game_id, timers)
            if outbox is not None:  # the announcement keeps the whole position it was made from
                await self.add_outbox(game_id, version=new_version, payload=outbox, state=outbox_state or state,
                                      now=now)
        return new_version

    async def end_game(self, game_id: int, *, status: str, now: float, outbox: dict[str, Any] | None = None) -> None:
        """Close a game (ended, cancelled): its status, no timers left, and its announcement, together."""
        async with self.transaction():
            await self.update_game(game_id, now=now, status=status)
            await self.replace_timers(game_id, [])
            if outbox is not None:
                row = await self.get_game(game_id)
                await self.add_outbox(game_id, version=row.version if row else 0, payload=outbox, state=None, now=now)

    async def count_games(self) -> int:
        row = await self.fetchone("SELECT COUNT(*) FROM games")
        return int(row[0]) if row else 0

    async def health(self, now: float) -> dict[str, Any]:
        """Figures for operators: games by status, timers pending and overdue (a minute past due and
        not held by a live claim), announcements waiting, and the database size in bytes."""
        by_status = {str(r[0]): int(r[1]) for r in
                     await self.fetchall("SELECT status, COUNT(*) FROM games GROUP BY status")}
        timers = await self.fetchone("SELECT COUNT(*) FROM timers")
        overdue = await self.fetchone(
            "SELECT COUNT(*) FROM timers WHERE due_at < ? AND (claimed_until IS NULL OR claimed_until < ?)",
            (now - 60, now))
        outbox = await self.fetchone("SELECT COUNT(*) FROM outbox")
        return {"games": by_status, "timers_pending": int(timers[0]) if timers else 0,
                "timers_overdue": int(overdue[0]) if overdue else 0,
                "outbox_pending": int(outbox[0]) if outbox else 0, "database_bytes": await self.size_bytes()}

    async def size_bytes(self) -> int:
        return 0

    # --- seats ---------------------------------------------------------------------------------------

    async def get_seats(self, game_id: int) -> list[SeatRow]:
        rows = await self.fetchall("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        return [SeatRow(r["game_id"], r["seat"], r["user_id"], r["name"], r["bot_level"], r["status"]) for r in rows]

    async def add_seat(self, seat: SeatRow) -> None:
        await self.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, bot_level, status) VALUES (?, ?, ?, ?, ?, ?)",
            (seat.game_id, seat.seat, seat.user_id, seat.name, seat.bot_level, seat.status),
        )

    async def remove_seat(self, game_id: int, seat: int) -> None:
        await self.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))

    async def set_seats(self, game_id: int, seats: Sequence[SeatRow]) -> None:
        """Replace every seat of a game at once (used when a lobby is turned into a game)."""
        async with self.transaction():
            await self.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            for s in seats:
                await self.add_seat(s)

    async def set_seat_status(self, game_id: int, seat: int, status: str) -> None:
        await self.execute("UPDATE seats SET status = ? WHERE game_id = ? AND seat = ?", (status, game_id, seat))

    # --- actions -------------------------------------------------------------------------------------

    async def get_actions(self, game_id: int) -> list[ActionRow]:
        rows = await self.fetchall("SELECT * FROM actions WHERE game_id = ? ORDER BY version", (game_id,))
        return [ActionRow(r["game_id"], r["version"], r["user_id"], json.loads(r["action"]), r["created_at"])
                for r in rows]

    # --- timers --------------------------------------------------------------------------------------

    async def replace_timers(self, game_id: int, timers: Sequence[TimerSpec]) -> None:
        async with self.transaction():
            await self.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            for kind, due_at, version, payload in timers:
                await self.execute(
                    "INSERT INTO timers (game_id, kind, due_at, version, payload) VALUES (?, ?, ?, ?, ?)",
                    (game_id, kind, due_at, version, json.dumps(payload)),
                )

    async def get_timers(self, game_id: int) -> list[TimerRow]:
        rows = await self.fetchall("SELECT * FROM timers WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_timer(r) for r in rows]

    async def claim_due_timers(self, now: float, *, claimant: str, lease: float, limit: int = 100) -> list[TimerRow]:
        """Claim the timers due at ``now`` that nobody holds (or whose holder's claim lapsed).

        A claimed timer stays in the table until the unit of work that fires it deletes it; if the
        claimant dies first, the claim lapses after ``lease`` seconds and the timer fires again.
        """
        rows = await self.fetchall(
            "UPDATE timers SET claimed_by = ?, claimed_until = ? WHERE id IN ("
            "SELECT id FROM timers WHERE due_at <= ? AND (claimed_until IS NULL OR claimed_until < ?) "
            f"ORDER BY due_at, id LIMIT ?{self.SKIP_LOCKED}) RETURNING *",
            (claimant, now + lease, now, now, limit),
        )
        return sorted((_timer(r) for r in rows), key=lambda t: (t.due_at, t.id))

    async def next_timer_due(self) -> float | None:
        row = await self.fetchone("SELECT MIN(CASE WHEN claimed_until IS NOT NULL AND claimed_until > due_at "
                                  "THEN claimed_until ELSE due_at END) FROM timers")
        return None if row is None or row[0] is None else float(row[0])

    async def delete_timer(self, timer_id: int) -> None:
        await self.execute("DELETE FROM timers WHERE id = ?", (timer_id,))

    # --- outbox --------------------------------------------------------------------------------------

    async def add_outbox(self, game_id: int, *, version: int, payload: dict[str, Any], state: str | None,
                         now: float) -> int:
        row = await self.fetchone(
            "INSERT INTO outbox (game_id, version, payload, state, created_at, next_try_at) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (game_id, version, json.dumps(payload, separators=(",", ":")), state, now, now),
        )
        assert row is not None
        return int(row[0])

    async def pending_outbox(self, *, game_id: int | None = None, now: float | None = None,
                             limit: int = 100) -> list[OutboxRow]:
        """Announcements not yet posted, oldest first (one game's, or every game's due at ``now``)."""
        where, args = [], []
        if game_id is not None:
            where.append("game_id = ?")
            args.append(game_id)
        if now is not None:
            where.append("next_try_at <= ?")
            args.append(now)
        sql = "SELECT * FROM outbox" + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id LIMIT ?"
        return [_outbox(r) for r in await self.fetchall(sql, [*args, limit])]

    async def outbox_progress(self, outbox_id: int, posted_parts: int) -> None:
        await self.execute("UPDATE outbox SET posted_parts = ? WHERE id = ? AND posted_parts < ?",
                           (posted_parts, outbox_id, posted_parts))

    async def outbox_done(self, outbox_id: int) -> None:
        await self.execute("DELETE FROM outbox WHERE id = ?", (outbox_id,))

    async def outbox_retry(self, outbox_id: int, *, next_try_at: float) -> None:
        await self.execute("UPDATE outbox SET attempts = attempts + 1, next_try_at = ? WHERE id = ?",
                           (next_try_at, outbox_id))

    async def next_outbox_due(self) -> float | None:
        row = await self.fetchone("SELECT MIN(next_try_at) FROM outbox")
        return None if row is None or row[0] is None else float(row[0])

    # --- interactions ----------------------------------------------------------------------------------

    async def claim_interaction(self, interaction_id: int, *, now: float) -> bool:
        """True the first time an interaction id is seen; False for a repeated delivery."""
        changed = await self.execute(
            "INSERT INTO seen_interactions (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
            (interaction_id, now))
        return changed == 1

    async def forget_interactions(self, before: float) -> int:
        return await self.execute("DELETE FROM seen_interactions WHERE seen_at < ?", (before,))

    # --- settings, stats, meta -------------------------------------------------------------------------

    async def get_setting(self, guild_id: int, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        return None if row is None else str(row[0])

    async def set_setting(self, guild_id: int, key: str, value: str | None) -> None:
        if value is None:
            await self.execute("DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        else:
            await self.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value", (guild_id, key, value))

    async def add_result(self, guild_id: int, user_id: int, kind: str, *, won: bool, score: int) -> None:
        await self.execute(
            "INSERT INTO member_stats (guild_id, user_id, kind, played, won, best, total) VALUES (?, ?, ?, 1, ?, ?, ?) "
            "ON CONFLICT (guild_id, user_id, kind) DO UPDATE SET played = member_stats.played + 1, "
            "won = member_stats.won + excluded.won, "
            "best = CASE WHEN excluded.best > member_stats.best THEN excluded.best ELSE member_stats.best END, "
            "total = member_stats.total + excluded.total",
            (guild_id, user_id, kind, int(won), score, score),
        )

    async def get_stats(self, guild_id: int, user_id: int, kind: str) -> MemberStats:
        r = await self.fetchone("SELECT * FROM member_stats WHERE guild_id = ? AND user_id = ? AND kind = ?",
                                (guild_id, user_id, kind))
        if r is None:
            return MemberStats(guild_id, user_id, kind)
        return MemberStats(guild_id, user_id, kind, r["played"], r["won"], r["best"], r["total"])

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute("INSERT INTO meta (key, value) VALUES (?, ?) "
                           "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))


def _timer(r: Any) -> TimerRow:
    return TimerRow(r["id"], r["game_id"], r["kind"], r["due_at"], r["version"], json.loads(r["payload"]),
                    r["claimed_by"], r["claimed_until"])


def _outbox(r: Any) -> OutboxRow:
    return OutboxRow(r["id"], r["game_id"], r["version"], json.loads(r["payload"]), r["state"], r["created_at"],
                     r["attempts"], r["next_try_at"], r["posted_parts"])


def _game(row: Any) -> GameRow:
    return GameRow(
        id=row["id"], kind=row["kind"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        thread_id=row["thread_id"], lobby_message_id=row["lobby_message_id"], host_id=row["host_id"],
        status=row["status"], options=json.loads(row["options"]), state=row["state"], version=row["version"],
        created_at=row["created_at"], updated_at=row["updated_at"],
    )


def _split_sql(script: str) -> list[str]:
    """Split a migration into statements. Comments go first (they may hold semicolons); our migrations
    keep ``--`` and ``;`` out of string literals."""
    body = re.sub(r"--[^\n]*", "", script)
    return [s.strip() for s in body.split(";") if s.strip()]
