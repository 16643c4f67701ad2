"""SQL for the daily puzzle (tables from ``002_daily.sql``, keyed by game since ``004_daily_by_game.sql``),
returning plain dataclass rows. A store is bound to one game (``DailyStore.of(storage, "calico")`` or
:meth:`DailyStore.for_game`): every attempt, par and announcement it reads or writes is that game's.

Results rank by score, then by the game's tie-break (a tuple of ints compared after the score, larger
first, as ``SeatResult.tie_break`` in the game contract), then by the earlier finish. The tie-break is
stored as one text that sorts like the tuple (:func:`encode_tie_break`), so SQL can rank on it.

Every change here is one SQL statement (an insert that ignores or upserts on conflict, or an update
guarded by the version it expects), run through the storage's serialised access, so it is atomic on
its own and can never land inside (or be rolled back with) another coroutine's transaction.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .base import SqlStorage

PLAYING = "playing"
DONE = "done"
CLAIMED = "claimed"
POSTED = "posted"
CHANNEL_KEY = "daily_channel"
CHANNEL_SINCE_KEY = "daily_channel_since"
LANG_KEY = "daily_lang"  # the server's language when its channel was set (announcements use it)

_ATTEMPT_COLUMNS = ("day, user_id, guild_id, name, state, version, status, score, tie_break, summary, record, "
                    "started_at, finished_at")
_FINISHED_COLUMNS = "day, user_id, guild_id, name, score, tie_break, finished_at"
_RANK = "RANK() OVER (ORDER BY score DESC, tie_break DESC) AS rank"
TIE_OFFSET = 2**31  # each tie-break int is stored plus this, as ten digits: -2^31 <= value < 2^31


def encode_tie_break(values: Sequence[int]) -> str:
    """The tie-break as a text that sorts (bytewise) as the tuple does: ``(4, 5)`` is
    ``"2147483652,2147483653"``. Within one game every tie-break has the same length."""
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not -TIE_OFFSET <= value < TIE_OFFSET:
            raise ValueError(f"a tie-break holds ints from -2^31 to 2^31-1, not {value!r}")
        out.append(f"{value + TIE_OFFSET:010d}")
    return ",".join(out)


def decode_tie_break(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    return tuple(int(part) - TIE_OFFSET for part in text.split(","))


@dataclass(slots=True)
class AttemptRow:
    day: int
    user_id: int
    guild_id: int | None
    name: str
    state: str  # JSON; holds the bag order
    version: int
    status: str  # playing | done
    score: int | None = None
    tie_break: tuple[int, ...] | None = None  # compared after the score, larger first (set with the score)
    summary: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    started_at: float = 0.0
    finished_at: float | None = None


@dataclass(slots=True)
class FinishedRow:
    """A finished attempt without its state and record: what leaderboards and stats need."""

    day: int
    user_id: int
    guild_id: int | None
    name: str
    score: int
    tie_break: tuple[int, ...]
    finished_at: float
    rank: int = 0  # competition rank on (score, tie-break) within the query's scope


@dataclass(slots=True)
class ParRow:
    day: int
    policy: str
    score: int
    summary: dict[str, Any]
    record: dict[str, Any]
    computed_at: float


@dataclass(slots=True)
class AnnouncementRow:
    guild_id: int
    day: int
    status: str  # claimed | posted
    channel_id: int | None
    message_id: int | None
    claimed_by: str | None
    claimed_at: float | None
    posted_at: float | None


@dataclass(slots=True)
class ChannelSetting:
    guild_id: int
    channel_id: int
    since_day: int  # the first day announced in this channel


class DailyStore:
    """The daily puzzle's tables, through a storage's serialised statements (``DailyStore.of(storage, game)``).

    Without a game only :meth:`get_or_create_meta` and :meth:`channels` work (they are not a game's);
    :meth:`for_game` gives the store of one game on the same storage.
    """

    def __init__(self, sql: SqlStorage, game: str | None = None) -> None:
        self.sql = sql
        self._game = game

    @classmethod
    def of(cls, storage: SqlStorage, game: str | None = None) -> DailyStore:
        return cls(storage, game)

    def for_game(self, game: str) -> DailyStore:
        return DailyStore(self.sql, game)

    @property
    def game(self) -> str:
        if not self._game:
            raise ValueError("this daily store is not bound to a game: use DailyStore.for_game(key)")
        return self._game

    # --- meta ----------------------------------------------------------------------------------------

    async def get_or_create_meta(self, key: str, candidate: str) -> str:
        """The value of ``key`` in ``meta``; ``candidate`` is stored first when there is none yet.

        Insert-or-ignore then read: when two processes start at once, both end up with the first value.
        """
        await self.sql.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
                               (key, candidate))
        row = await self.sql.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        assert row is not None
        return str(row[0])

    # --- attempts ------------------------------------------------------------------------------------

    async def get_attempt(self, day: int, user_id: int) -> AttemptRow | None:
        row = await self.sql.fetchone(
            f"SELECT {_ATTEMPT_COLUMNS} FROM daily_attempts WHERE game = ? AND day = ? AND user_id = ?",
            (self.game, day, user_id))
        return None if row is None else _attempt(row)

    async def insert_attempt(self, row: AttemptRow) -> bool:
        """Create a ``playing`` attempt; False (and nothing changed) when the user already has one that day."""
        changed = await self.sql.execute(
            "INSERT INTO daily_attempts (game, day, user_id, guild_id, name, state, version, status, started_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, 'playing', ?) ON CONFLICT (game, day, user_id) DO NOTHING",
            (self.game, row.day, row.user_id, row.guild_id, row.name, row.state, row.version, row.started_at),
        )
        return changed == 1

    async def save_move(self, day: int, user_id: int, *, expected_version: int, state: str, version: int) -> bool:
        """Store the state after a move, only if the attempt is still playing at ``expected_version``."""
        changed = await self.sql.execute(
            "UPDATE daily_attempts SET state = ?, version = ? "
            "WHERE game = ? AND day = ? AND user_id = ? AND version = ? AND status = 'playing'",
            (state, version, self.game, day, user_id, expected_version),
        )
        return changed == 1

    async def finish(self, day: int, user_id: int, *, expected_version: int, state: str, version: int, score: int,
                     tie_break: Sequence[int], summary: dict[str, Any], record: dict[str, Any],
                     finished_at: float) -> bool:
        """Store the final move and the result together, only if still playing at ``expected_version``."""
        changed = await self.sql.execute(
            "UPDATE daily_attempts SET state = ?, version = ?, status = 'done', score = ?, tie_break = ?, "
            "summary = ?, record = ?, finished_at = ? "
            "WHERE game = ? AND day = ? AND user_id = ? AND version = ? AND status = 'playing'",
            (state, version, score, encode_tie_break(tie_break), _dump(summary), _dump(record), finished_at,
             self.game, day, user_id, expected_version),
        )
        return changed == 1

    async def ranking(self, day: int, *, guild_id: int | None = None, limit: int = 10) -> list[FinishedRow]:
        """Finished attempts of ``day`` (in one guild, or all), best first, with shared ranks on ties."""
        where, args = self._scope(day, guild_id)
        sql = (
            f"SELECT {_FINISHED_COLUMNS}, {_RANK} FROM daily_attempts WHERE {where} "
            "ORDER BY score DESC, tie_break DESC, finished_at ASC, user_id ASC LIMIT ?"
        )
        return [_finished(r) for r in await self.sql.fetchall(sql, [*args, limit])]

    async def rank_of(self, day: int, user_id: int, *, guild_id: int | None = None) -> FinishedRow | None:
        """One user's finished attempt with its rank in the scope (None if not finished there)."""
        where, args = self._scope(day, guild_id)
        sql = (f"SELECT * FROM (SELECT {_FINISHED_COLUMNS}, {_RANK} FROM daily_attempts WHERE {where}) AS ranked "
               "WHERE user_id = ?")
        row = await self.sql.fetchone(sql, [*args, user_id])
        return None if row is None else _finished(row)

    async def count_finished(self, day: int, *, guild_id: int | None = None) -> int:
        where, args = self._scope(day, guild_id)
        row = await self.sql.fetchone(f"SELECT COUNT(*) FROM daily_attempts WHERE {where}", args)
        return int(row[0]) if row else 0

    async def finished_of(self, user_id: int) -> list[FinishedRow]:
        """Every finished attempt of one user, oldest day first."""
        rows = await self.sql.fetchall(
            f"SELECT {_FINISHED_COLUMNS}, 0 FROM daily_attempts "
            "WHERE game = ? AND user_id = ? AND status = 'done' ORDER BY day", (self.game, user_id)
        )
        return [_finished(r) for r in rows]

    async def statuses_of(self, user_id: int, days: Sequence[int]) -> dict[int, str]:
        """``{day: status}`` for the given days on which the user has an attempt."""
        if not days:
            return {}
        marks = ",".join("?" * len(days))
        rows = await self.sql.fetchall(
            f"SELECT day, status FROM daily_attempts WHERE game = ? AND user_id = ? AND day IN ({marks})",
            [self.game, user_id, *days])
        return {int(r[0]): str(r[1]) for r in rows}

    # --- par -----------------------------------------------------------------------------------------

    async def get_par(self, day: int) -> ParRow | None:
        r = await self.sql.fetchone(
            "SELECT day, policy, score, summary, record, computed_at FROM daily_par WHERE game = ? AND day = ?",
            (self.game, day)
        )
        if r is None:
            return None
        return ParRow(int(r[0]), str(r[1]), int(r[2]), json.loads(r[3]), json.loads(r[4]), float(r[5]))

    async def insert_par(self, row: ParRow) -> bool:
        """Store the par of a day unless one is stored already (the first one stays)."""
        changed = await self.sql.execute(
            "INSERT INTO daily_par (game, day, policy, score, summary, record, computed_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, day) DO NOTHING",
            (self.game, row.day, row.policy, row.score, _dump(row.summary), _dump(row.record), row.computed_at),
        )
        return changed == 1

    async def claim_par(self, day: int, *, claimant: str, now: float, stale_before: float) -> bool:
        """Claim the computing of a day's par: True for the first claimant, for a claimant taking its
        own claim again, and for one taking over a claim older than ``stale_before``."""
        changed = await self.sql.execute(
            "INSERT INTO daily_par_claims (game, day, claimed_by, claimed_at) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (game, day) DO UPDATE SET claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at "
            "WHERE daily_par_claims.claimed_by = excluded.claimed_by OR daily_par_claims.claimed_at < ?",
            (self.game, day, claimant, now, stale_before),
        )
        return changed == 1

    async def release_par(self, day: int, *, claimant: str) -> None:
        """Give up a claim after a failed computation, so that another process may try at once."""
        await self.sql.execute("DELETE FROM daily_par_claims WHERE game = ? AND day = ? AND claimed_by = ?",
                               (self.game, day, claimant))

    # --- announcements -------------------------------------------------------------------------------

    async def channels(self) -> list[ChannelSetting]:
        """Every guild with an announcement channel, with the first day to announce there."""
        rows = await self.sql.fetchall(
            "SELECT c.guild_id, c.value, s.value FROM guild_settings c "
            "LEFT JOIN guild_settings s ON s.guild_id = c.guild_id AND s.key = ? "
            "WHERE c.key = ? ORDER BY c.guild_id", (CHANNEL_SINCE_KEY, CHANNEL_KEY)
        )
        out = []
        for guild_id, channel, since in rows:
            try:
                out.append(ChannelSetting(int(guild_id), int(channel), int(since) if since is not None else 1))
            except (TypeError, ValueError):
                continue  # a damaged setting must not stop the other guilds' announcements
        return out

    async def announcements(self, guild_id: int, first_day: int, last_day: int) -> dict[int, AnnouncementRow]:
        rows = await self.sql.fetchall(
            "SELECT guild_id, day, status, channel_id, message_id, claimed_by, claimed_at, posted_at "
            "FROM daily_announcements WHERE guild_id = ? AND game = ? AND day BETWEEN ? AND ?",
            (guild_id, self.game, first_day, last_day)
        )
        return {int(r[1]): AnnouncementRow(*r) for r in rows}

    async def get_announcement(self, guild_id: int, day: int) -> AnnouncementRow | None:
        rows = await self.announcements(guild_id, day, day)
        return rows.get(day)

    async def claim_announcement(self, guild_id: int, day: int, *, channel_id: int | None, claimant: str, now: float,
                                 stale_before: float) -> bool:
        """Claim the (guild, day) announcement before posting it.

        Succeeds when nobody claimed it yet, or when the earlier claim never completed and was made
        by another bot instance (one that stopped) or before ``stale_before``. A posted announcement
        is never claimed again.
        """
        changed = await self.sql.execute(
            "INSERT INTO daily_announcements (guild_id, game, day, status, channel_id, claimed_by, claimed_at) "
            "VALUES (?, ?, ?, 'claimed', ?, ?, ?) "
            "ON CONFLICT (guild_id, game, day) DO UPDATE SET channel_id = excluded.channel_id, "
            "claimed_by = excluded.claimed_by, claimed_at = excluded.claimed_at "
            "WHERE daily_announcements.status = 'claimed' AND (daily_announcements.claimed_by IS NULL "
            "OR daily_announcements.claimed_by != excluded.claimed_by OR daily_announcements.claimed_at < ?)",
            (guild_id, self.game, day, channel_id, claimant, now, stale_before),
        )
        return changed == 1

    async def complete_announcement(self, guild_id: int, day: int, *, message_id: int | None, now: float) -> None:
        await self.sql.execute(
            "INSERT INTO daily_announcements (guild_id, game, day, status, message_id, posted_at) "
            "VALUES (?, ?, ?, 'posted', ?, ?) "
            "ON CONFLICT (guild_id, game, day) DO UPDATE SET status = 'posted', message_id = excluded.message_id, "
            "posted_at = excluded.posted_at WHERE daily_announcements.status = 'claimed'",
            (guild_id, self.game, day, message_id, now),
        )

    async def release_announcement(self, guild_id: int, day: int, *, claimant: str) -> None:
        """Give up a claim after a failed post, so that the next run tries again."""
        await self.sql.execute(
            "DELETE FROM daily_announcements WHERE guild_id = ? AND game = ? AND day = ? AND status = 'claimed' "
            "AND claimed_by = ?", (guild_id, self.game, day, claimant),
        )

    def _scope(self, day: int, guild_id: int | None) -> tuple[str, list[Any]]:
        where = "game = ? AND day = ? AND status = 'done'"
        args: list[Any] = [self.game, day]
        if guild_id is not None:
            where += " AND guild_id = ?"
            args.append(guild_id)
        return where, args


def _attempt(r: Sequence[Any]) -> AttemptRow:
    return AttemptRow(
        day=int(r[0]), user_id=int(r[1]), guild_id=None if r[2] is None else int(r[2]), name=str(r[3]),
        state=str(r[4]), version=int(r[5]), status=str(r[6]), score=r[7],
        tie_break=None if r[8] is None else decode_tie_break(r[8]),
        summary=None if r[9] is None else json.loads(r[9]), record=None if r[10] is None else json.loads(r[10]),
        started_at=float(r[11]), finished_at=None if r[12] is None else float(r[12]),
    )


def _finished(r: Sequence[Any]) -> FinishedRow:
    return FinishedRow(day=int(r[0]), user_id=int(r[1]), guild_id=None if r[2] is None else int(r[2]),
                       name=str(r[3]), score=int(r[4]), tie_break=decode_tie_break(r[5]),
                       finished_at=float(r[6]), rank=int(r[7]))


def _dump(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


__all__ = ["CHANNEL_KEY", "CHANNEL_SINCE_KEY", "DONE", "PLAYING", "AnnouncementRow", "AttemptRow", "ChannelSetting",
           "DailyStore", "FinishedRow", "ParRow", "decode_tie_break", "encode_tie_break"]
