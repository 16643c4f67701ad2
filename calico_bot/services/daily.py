"""The daily solo puzzle: the same solo game for everybody on a UTC day, Wordle-style, for any game
whose plug-in has a daily adapter (``GamePlugin.daily``, :class:`~calico_bot.core.game_contract.DailyAdapter`).

Day 1 is :data:`EPOCH` (UTC). A day's deal comes from HMAC-SHA256 of a server-side secret (made with
``secrets`` on first start and kept in the database ``meta`` table), the game's key and the day number,
so the same day deals the same puzzle on every restart while future puzzles cannot be worked out from
the code. The adapter may make a day special (a *variant*: Calico's scenario days), drawing from the
same secret.

Each user gets one attempt per day. It is saved after every move (so it can be finished later from
any device), every move goes through the game's rules (the plug-in's ``apply``), and the result is
stored only together with the full game record, which replays to the same score. The par score is
the adapter's AI playing the same puzzle from its own view, computed once per day in a worker thread
and never awaited by a reply.

Hidden information: an :class:`Attempt` holds the full game state (with what is hidden, such as the
bag order) for the server side; what goes to a player is :meth:`Attempt.view` (seat 0's view). A
finished attempt's record holds the hidden information too, so :meth:`DailyPuzzles.record` refuses
until the day is over.

This imports no game (they are found through the registry) and nothing from Discord.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any, NamedTuple

from ..core.errors import RecordError, RuleViolation
from ..core.game_contract import DailyAdapter, GamePlugin
from ..core.registry import Registry, discover
from ..storage.daily_store import (
    CHANNEL_KEY,
    CHANNEL_SINCE_KEY,
    CLAIMED,
    DONE,
    LANG_KEY,
    PLAYING,
    AttemptRow,
    DailyStore,
    FinishedRow,
    ParRow,
)
from ..storage.interface import Storage
from .tables import GameError

log = logging.getLogger(__name__)

EPOCH = date(2026, 11, 29)  # day 1 (UTC): the day the daily puzzle launched
SECRET_META_KEY = "daily_secret"
PAR_NAME = "Calico bot"
MAX_NAME = 32
SCOPES = ("server", "global")
RECENT_DAYS = 7
PAR_POLL_SECONDS = 0.5  # how often a process waiting for another's par looks again
CLAIM_TIMEOUT_S = 600.0  # a claim of this instance older than this is taken to have failed
DEFAULT_CATCHUP_DAYS = 1  # missed announcements made up on start: today's only (older puzzles are closed)

PolicyFactory = Callable[[int], Any]  # day -> an AI player for the adapter's ``play_out``


# --- values the service hands out ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DailyPuzzle:
    """One day's puzzle. ``seed`` is secret: it gives away what the game hides (Calico: the bag order)."""

    day: int
    date: date
    seed: int = field(repr=False)
    variant: int | None  # what makes the day special (the adapter's choice; Calico: the scenario), or None
    plugin: GamePlugin = field(repr=False, compare=False)

    def options(self) -> dict[str, Any]:
        adapter = self.plugin.daily
        assert adapter is not None
        return adapter.options(self.variant)

    def deal(self, name: str) -> Any:
        """The day's game, dealt afresh (the player's name does not change the deal)."""
        return self.plugin.new_state(self.options(), [name], self.seed)

    def setup_view(self) -> dict[str, Any]:
        """What anybody starting today sees first (Calico: board, cats, goal tiles, hand, market): public."""
        return self.plugin.view_for(self.deal(PAR_NAME), 0)


@dataclass(slots=True)
class Attempt:
    """A user's attempt at one day's puzzle.

    ``state`` is the server-side game state and holds what the game hides (Calico: the bag order): show
    players :meth:`view` only.
    """

    day: int
    user_id: int
    guild_id: int | None
    name: str
    status: str  # playing | done
    version: int
    state: Any = field(repr=False)  # the plug-in's state object
    started_at: float
    variant: int | None = None  # the day's variant (see DailyPuzzle)
    finished_at: float | None = None
    score: int | None = None
    summary: dict[str, Any] | None = None  # the score breakdown once done (nothing hidden)
    resumed: bool = False  # start(): an attempt begun earlier was resumed
    outcome: dict[str, Any] | None = None  # act(): what the move did, as far as everyone may know
    plugin: GamePlugin | None = field(default=None, repr=False, compare=False)

    @property
    def finished(self) -> bool:
        return self.status == DONE

    def view(self) -> dict[str, Any]:
        """The game as the player may see it: nothing hidden, no seed."""
        assert self.plugin is not None
        return self.plugin.view_for(self.state, 0)


@dataclass(slots=True)
class Leaderboard:
    day: int
    scope: str  # server | global
    guild_id: int | None
    entries: list[FinishedRow]  # best first; ``rank`` is shared on ties of score and tie-break
    total: int  # finished attempts in scope
    me: FinishedRow | None = None  # the asking user's own entry, when given and finished


@dataclass(slots=True)
class RecentDay:
    day: int
    status: str | None  # None: not played; playing; done
    score: int | None


@dataclass(slots=True)
class DailyStats:
    user_id: int
    today: int
    played: int  # finished attempts
    current_streak: int
    best_streak: int
    best_score: int | None
    average_score: float | None
    recent: list[RecentDay]  # the last RECENT_DAYS days, today last


class DueAnnouncement(NamedTuple):
    guild_id: int
    channel_id: int
    day: int


@dataclass(slots=True)
class AnnouncementContent:
    """What an announcement post shows: the day's setup and the previous day's top scores here."""

    day: int
    date: date
    variant: int | None
    setup: dict[str, Any]  # the public setup view (for the picture)
    previous_day: int
    previous_top: list[FinishedRow]
    previous_total: int
    previous_par: ParRow | None


# --- pure helpers --------------------------------------------------------------------------------


def day_number(ts: float) -> int:
    """The daily puzzle number of the UTC day holding ``ts`` (day 1 is EPOCH; earlier days are <= 0)."""
    return (datetime.fromtimestamp(ts, UTC).date() - EPOCH).days + 1


def date_of(day: int) -> date:
    return EPOCH + timedelta(days=day - 1)


def day_start(day: int) -> float:
    """The timestamp of 00:00 UTC on ``day``."""
    return datetime(*date_of(day).timetuple()[:3], tzinfo=UTC).timestamp()


def streaks(days: set[int] | list[int], today: int) -> tuple[int, int]:
    """``(current, best)`` runs of consecutive days in ``days``.

    The current streak ends today, or yesterday when today is not played yet (it survives until the
    end of today); any earlier gap breaks it.
    """
    played = sorted({d for d in days if d <= today})
    best = run = 0
    prev: int | None = None
    for d in played:
        run = run + 1 if prev is not None and d == prev + 1 else 1
        best = max(best, run)
        prev = d
    have = set(played)
    end = today if today in have else today - 1
    current = 0
    while end - current in have:
        current += 1
    return current, best


def _hmac_int(secret: bytes, message: str) -> int:
    digest = hmac.new(secret, message.encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits


# --- the service ---------------------------------------------------------------------------------


def daily_plugin(registry: Registry, game: str | None = None) -> GamePlugin:
    """The plug-in whose daily puzzle to run: ``game``, or the only registered game with a daily adapter."""
    if game is not None:
        try:
            plugin = registry.get(game)
        except KeyError:
            raise ValueError(f"no game plug-in {game!r} (known: {', '.join(registry.keys()) or 'none'})") from None
        if plugin.daily is None:
            raise ValueError(f"the game {game!r} has no daily puzzle")
        return plugin
    found = [p for p in registry if p.daily is not None]
    if len(found) != 1:
        names = ", ".join(p.key for p in found) or "none"
        raise ValueError(f"name the game of the daily puzzle (games with one: {names})")
    return found[0]


class DailyPuzzles:
    """The daily puzzle of one game (``game``: a plug-in key; by default the only game that has one)."""

    def __init__(self, storage: Storage, store: DailyStore, *, game: str | None = None,
                 registry: Registry | None = None, clock: Callable[[], float] = time.time,
                 par_policy: str | PolicyFactory | None = None, par_budget_ms: int | None = None,
                 catchup_days: int = DEFAULT_CATCHUP_DAYS, claim_timeout_s: float = CLAIM_TIMEOUT_S,
                 instance_id: str | None = None) -> None:
        self.plugin = daily_plugin(registry if registry is not None else discover(), game)
        adapter = self.plugin.daily
        assert adapter is not None
        self.adapter: DailyAdapter = adapter
        self.game = self.plugin.key
        self.storage = storage
        self.store = store.for_game(self.game)
        self.clock = clock
        self.par_policy = adapter.par_policy if par_policy is None else par_policy
        self.par_budget_ms = adapter.par_budget_ms if par_budget_ms is None else par_budget_ms
        self.catchup_days = max(1, catchup_days)
        self.claim_timeout_s = claim_timeout_s
        self.instance_id = instance_id or secrets.token_hex(8)
        self._secret: bytes | None = None
        self._secret_lock = asyncio.Lock()
        self._puzzles: dict[int, DailyPuzzle] = {}
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._par_tasks: dict[int, asyncio.Task[ParRow]] = {}
        self._background: set[asyncio.Task[None]] = set()

    # --- days and puzzles ----------------------------------------------------------------------------

    @staticmethod
    def day_number(ts: float) -> int:
        return day_number(ts)

    @staticmethod
    def date_of(day: int) -> date:
        return date_of(day)

    def today(self) -> int:
        return day_number(self.clock())

    async def _secret_bytes(self) -> bytes:
        if self._secret is None:
            async with self._secret_lock:
                if self._secret is None:
                    value = await self.store.get_or_create_meta(SECRET_META_KEY, secrets.token_hex(32))
                    self._secret = bytes.fromhex(value)
        return self._secret

    async def puzzle(self, day: int) -> DailyPuzzle:
        """Day ``day``'s puzzle. Server side only: never show a day before it has begun."""
        if day < 1:
            raise GameError("daily_no_such_day", day=day)
        cached = self._puzzles.get(day)
        if cached is not None:
            return cached
        secret = await self._secret_bytes()

        def draw(label: str) -> int:  # the same secret number for the same game and label
            return _hmac_int(secret, f"{self.game}-daily/{label}")

        puzzle = DailyPuzzle(day, date_of(day), draw(f"puzzle/{day}"), self.adapter.variant(day, draw), self.plugin)
        if len(self._puzzles) > 16:
            self._puzzles.clear()
        self._puzzles[day] = puzzle
        return puzzle

    # --- attempts ------------------------------------------------------------------------------------

    def _lock(self, day: int, user_id: int) -> asyncio.Lock:
        if len(self._locks) > 10_000:  # forget the locks of earlier days
            for key in [k for k, lock in self._locks.items() if k[0] < day and not lock.locked()]:
                del self._locks[key]
        return self._locks.setdefault((day, user_id), asyncio.Lock())

    def _open_day(self) -> int:
        day = self.today()
        if day < 1:
            raise GameError("daily_not_started", date=EPOCH.isoformat())
        return day

    async def start(self, user_id: int, name: str, guild_id: int | None) -> Attempt:
        """Start today's puzzle, or resume it. Refused once the user has finished today's."""
        day = self._open_day()
        async with self._lock(day, user_id):
            row = await self.store.get_attempt(day, user_id)
            resumed = row is not None
            if row is None:
                puzzle = await self.puzzle(day)
                name = (name or "?").strip()[:MAX_NAME] or "?"
                state = puzzle.deal(name)
                created = await self.store.insert_attempt(AttemptRow(
                    day=day, user_id=user_id, guild_id=guild_id, name=name, state=self._dump(state),
                    version=self.plugin.version(state), status=PLAYING, started_at=self.clock()))
                resumed = not created  # another device or process started it first
                row = await self.store.get_attempt(day, user_id)
                assert row is not None
            if row.status == DONE:
                raise GameError("daily_already_played", day=day, score=row.score)
            self.request_par(day)
            return await self._attempt(row, resumed=resumed)

    async def attempt(self, day: int, user_id: int) -> Attempt | None:
        row = await self.store.get_attempt(day, user_id)
        return None if row is None else await self._attempt(row)

    async def act(self, user_id: int, action: dict[str, Any], expected_version: int | None, *,
                  day: int | None = None) -> Attempt:
        """Apply ``action`` (the game's JSON action for seat 0) to the user's attempt of today, through
        the game's rules. Refused with ``stale`` when ``expected_version`` is not the attempt's version,
        and with ``daily_day_over`` when ``day`` (the day the panel was for) is not today."""
        asked_day = day
        day = self._open_day()
        if asked_day is not None and asked_day != day:
            raise GameError("daily_day_over", day=asked_day)
        async with self._lock(day, user_id):
            row = await self.store.get_attempt(day, user_id)
            if row is None:
                raise GameError("daily_no_attempt", day=day)
            if row.status == DONE:
                raise GameError("daily_already_played", day=day, score=row.score)
            if expected_version is not None and expected_version != row.version:
                raise GameError("stale")
            state = self._state(row)
            try:
                applied = self.plugin.apply(state, action)
            except RuleViolation as exc:
                if exc.code == "stale":
                    raise GameError("stale") from None
                raise GameError("rule", message=exc.message, code_=exc.code, game_=self.game,
                                **exc.params) from None
            now = self.clock()
            version = self.plugin.version(state)
            if self.plugin.is_over(state):
                result = self.plugin.result(state)[0]
                record = self._final_record(state)
                ok = await self.store.finish(
                    day, user_id, expected_version=row.version, state=self._dump(state), version=version,
                    score=result.score, tie_break=result.tie_break, summary=self.adapter.summary(state),
                    record=record, finished_at=now)
            else:
                ok = await self.store.save_move(day, user_id, expected_version=row.version, state=self._dump(state),
                                                version=version)
            if not ok:  # another process moved first
                raise GameError("stale")
            saved = await self.store.get_attempt(day, user_id)
            assert saved is not None
            attempt = await self._attempt(saved)
            attempt.outcome = applied.public or None
            if attempt.finished:
                self.request_par(day)
            return attempt

    async def record(self, day: int, user_id: int) -> dict[str, Any]:
        """The full record of a finished attempt: only once its day is over (it holds the bag order)."""
        if day >= self.today():
            raise GameError("daily_record_locked", day=day)
        row = await self.store.get_attempt(day, user_id)
        if row is None or row.status != DONE or row.record is None:
            raise GameError("daily_never_finished", day=day)  # its day is over: it never will be
        return row.record

    def share_text(self, attempt: Attempt, lang: str) -> str:
        if not attempt.finished or attempt.summary is None:
            raise GameError("daily_not_finished", day=attempt.day)
        return self.adapter.share_text(lang, attempt.day, attempt.summary)

    def _final_record(self, state: Any) -> dict[str, Any]:
        """The full record of a finished game, checked to replay (through the rules) to the same score."""
        record = json.loads(json.dumps(self.plugin.record(state, hidden=True)))
        score = self.plugin.result(state)[0].score
        replayed = self.plugin.result(self.plugin.replay(json.loads(json.dumps(record))))[0].score
        if replayed != score:  # pragma: no cover - would mean the core cannot replay its own records
            raise RecordError(f"the record replays to {replayed}, not {score}")
        return record

    def _dump(self, state: Any) -> str:
        return json.dumps(self.plugin.dump(state), separators=(",", ":"))

    def _state(self, row: AttemptRow) -> Any:
        try:
            return self.plugin.load(json.loads(row.state))
        except Exception as exc:  # one damaged attempt must not spread
            log.exception("daily attempt (%s, %s) cannot be loaded", row.day, row.user_id)
            raise GameError("daily_corrupt", day=row.day, reason=type(exc).__name__) from exc

    async def _attempt(self, row: AttemptRow, *, resumed: bool = False) -> Attempt:
        state = self._state(row)
        variant = (await self.puzzle(row.day)).variant if row.day >= 1 else None
        return Attempt(day=row.day, user_id=row.user_id, guild_id=row.guild_id, name=row.name, status=row.status,
                       version=row.version, state=state, started_at=row.started_at, variant=variant,
                       finished_at=row.finished_at, score=row.score, summary=row.summary, resumed=resumed,
                       plugin=self.plugin)

    # --- leaderboards and stats ----------------------------------------------------------------------

    async def leaderboard(self, day: int, scope: str = "server", guild_id: int | None = None, limit: int = 10, *,
                          user_id: int | None = None) -> Leaderboard:
        """Finished attempts of ``day``: by score, then the game's tie-break (Calico: cat tokens, then button
        tokens), then the earlier finish. Ties on score and tie-break share a rank. ``server`` counts attempts
        started in ``guild_id``."""
        if scope not in SCOPES:
            raise GameError("daily_bad_scope")
        if scope == "server" and guild_id is None:
            raise GameError("daily_guild_only")
        if day < 1 or day > self.today():
            raise GameError("daily_no_such_day", day=day)
        where = guild_id if scope == "server" else None
        entries = await self.store.ranking(day, guild_id=where, limit=max(1, limit))
        total = await self.store.count_finished(day, guild_id=where)
        me = None
        if user_id is not None:
            me = await self.store.rank_of(day, user_id, guild_id=where)
        return Leaderboard(day, scope, where, entries, total, me)

    async def stats(self, user_id: int, today: int | None = None) -> DailyStats:
        today = self.today() if today is None else today
        finished = await self.store.finished_of(user_id)
        days = [r.day for r in finished]
        current, best = streaks(days, today)
        scores = [r.score for r in finished]
        recent_days = list(range(today - RECENT_DAYS + 1, today + 1))
        statuses = await self.store.statuses_of(user_id, [d for d in recent_days if d >= 1])
        by_day = {r.day: r.score for r in finished}
        recent = [RecentDay(d, statuses.get(d), by_day.get(d)) for d in recent_days if d >= 1]
        return DailyStats(user_id=user_id, today=today, played=len(finished), current_streak=current,
                          best_streak=best, best_score=max(scores) if scores else None,
                          average_score=round(sum(scores) / len(scores), 1) if scores else None, recent=recent)

    # --- par -----------------------------------------------------------------------------------------

    async def par(self, day: int) -> ParRow | None:
        """The stored par of ``day``; None while it is being computed ("par pending"). Never computes."""
        return await self.store.get_par(day)

    def par_state(self, par: ParRow) -> Any:
        """The bot's finished game for a day's puzzle, rebuilt from its record (for its picture)."""
        return self.plugin.replay(par.record)

    async def ensure_par(self, day: int) -> ParRow:
        """Compute and store the par of ``day`` unless stored; concurrent callers share one computation."""
        task = self._par_tasks.get(day)
        if task is None or (task.done() and (task.cancelled() or task.exception() is not None)):
            task = asyncio.get_running_loop().create_task(self._compute_par(day), name=f"daily-par-{day}")
            self._par_tasks[day] = task
            for old in [d for d, t in self._par_tasks.items() if d < day - 2 and t.done()]:
                del self._par_tasks[old]
        return await asyncio.shield(task)

    def request_par(self, day: int) -> None:
        """Start computing the par of ``day`` in the background (no-op when running or done)."""
        task = self._par_tasks.get(day)
        if task is not None and not (task.done() and (task.cancelled() or task.exception() is not None)):
            return

        async def run() -> None:
            try:
                await self.ensure_par(day)
            except Exception:
                log.exception("par for daily puzzle %s failed", day)

        background = asyncio.get_running_loop().create_task(run(), name=f"daily-par-request-{day}")
        self._background.add(background)  # keep a reference until it is done
        background.add_done_callback(self._background.discard)

    async def wait_par(self) -> None:
        """Wait for every par computation started so far (tests, shutdown)."""
        tasks = [t for t in (*self._par_tasks.values(), *self._background) if not t.done()]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    async def aclose(self) -> None:
        """Stop waiting for par computations (a worker thread already running finishes on its own)."""
        tasks = [t for t in (*self._par_tasks.values(), *self._background) if not t.done()]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)

    def _par_player(self, day: int) -> tuple[str, Any]:
        if callable(self.par_policy):
            policy = self.par_policy(day)
            return getattr(policy, "name", "custom"), policy
        return self.par_policy, self.adapter.par_player(self.par_policy, day, self.par_budget_ms)

    def _play_out(self, state: Any, player: Any) -> Any:
        self.adapter.play_out(state, player)
        return state

    async def _compute_par(self, day: int) -> ParRow:
        """The par of ``day``: stored, or computed here once this process holds the day's claim (another
        process that holds it is waited for; its claim is taken over once older than the timeout)."""
        while True:
            stored = await self.store.get_par(day)
            if stored is not None:
                return stored
            now = self.clock()
            if await self.store.claim_par(day, claimant=self.instance_id, now=now,
                                          stale_before=now - self.claim_timeout_s):
                break
            await asyncio.sleep(PAR_POLL_SECONDS)
        try:
            return await self._compute_claimed_par(day)
        except BaseException:
            await self.store.release_par(day, claimant=self.instance_id)
            raise

    async def _compute_claimed_par(self, day: int) -> ParRow:
        puzzle = await self.puzzle(day)
        name, policy = self._par_player(day)
        state = await asyncio.to_thread(self._play_out, puzzle.deal(PAR_NAME), policy)
        row = ParRow(day=day, policy=name, score=self.plugin.result(state)[0].score,
                     summary=self.adapter.summary(state), record=self._final_record(state), computed_at=self.clock())
        if not await self.store.insert_par(row):  # another process stored one first: keep that one
            stored = await self.store.get_par(day)
            assert stored is not None
            return stored
        log.info("par for daily puzzle %s: %s (%s)", day, row.score, name)
        return row

    # --- announcements -------------------------------------------------------------------------------

    async def set_channel(self, guild_id: int, channel_id: int | None, lang: str = "en") -> None:
        """Post each new puzzle in ``channel_id`` (None: stop), in ``lang`` (the server's language).
        Announcing starts with today's puzzle. The three settings change together (one transaction)."""
        async with self.storage.transaction():
            if channel_id is None:
                for key in (CHANNEL_KEY, CHANNEL_SINCE_KEY, LANG_KEY):
                    await self.storage.set_setting(guild_id, key, None)
                return
            await self.storage.set_setting(guild_id, CHANNEL_KEY, str(channel_id))
            await self.storage.set_setting(guild_id, CHANNEL_SINCE_KEY, str(max(1, self.today())))
            await self.storage.set_setting(guild_id, LANG_KEY, lang)

    async def announcement_lang(self, guild_id: int) -> str:
        """The language the server's announcements are posted in (as when its channel was set)."""
        return await self.storage.get_setting(guild_id, LANG_KEY) or "en"

    async def channel(self, guild_id: int) -> int | None:
        value = await self.storage.get_setting(guild_id, CHANNEL_KEY)
        try:
            return None if value is None else int(value)
        except ValueError:
            return None

    def _reclaimable(self, claimed_by: str | None, claimed_at: float | None, now: float) -> bool:
        return (claimed_by is None or claimed_by != self.instance_id or claimed_at is None
                or claimed_at < now - self.claim_timeout_s)

    async def due_announcements(self, now: float | None = None) -> list[DueAnnouncement]:
        """Announcements to post now: for each guild with a channel, each day from the last
        ``catchup_days`` (today only by default) not posted yet, that is not being posted right now."""
        now = self.clock() if now is None else now
        today = day_number(now)
        due: list[DueAnnouncement] = []
        if today < 1:
            return due
        for setting in await self.store.channels():
            first = max(1, setting.since_day, today - self.catchup_days + 1)
            if first > today:
                continue
            rows = await self.store.announcements(setting.guild_id, first, today)
            for day in range(first, today + 1):
                row = rows.get(day)
                if row is None or (row.status == CLAIMED and self._reclaimable(row.claimed_by, row.claimed_at, now)):
                    due.append(DueAnnouncement(setting.guild_id, setting.channel_id, day))
        return due

    async def claim_announcement(self, guild_id: int, day: int) -> bool:
        """Claim the (guild, day) post before posting it. False: posted already, or being posted."""
        now = self.clock()
        return await self.store.claim_announcement(guild_id, day, channel_id=await self.channel(guild_id),
                                                   claimant=self.instance_id, now=now,
                                                   stale_before=now - self.claim_timeout_s)

    async def complete_announcement(self, guild_id: int, day: int, message_id: int | None) -> None:
        await self.store.complete_announcement(guild_id, day, message_id=message_id, now=self.clock())

    async def release_announcement(self, guild_id: int, day: int) -> None:
        """Drop this instance's claim after a failed post so the next run retries it."""
        await self.store.release_announcement(guild_id, day, claimant=self.instance_id)

    async def announcement(self, day: int, guild_id: int | None, *, top: int = 3) -> AnnouncementContent:
        """The content of day ``day``'s post in ``guild_id``: the setup and the previous day's results there."""
        puzzle = await self.puzzle(day)
        previous = day - 1
        entries: list[FinishedRow] = []
        total = 0
        par = None
        if previous >= 1:
            entries = await self.store.ranking(previous, guild_id=guild_id, limit=top)
            total = await self.store.count_finished(previous, guild_id=guild_id)
            par = await self.store.get_par(previous)
        return AnnouncementContent(day=day, date=puzzle.date, variant=puzzle.variant, setup=puzzle.setup_view(),
                                   previous_day=previous, previous_top=entries, previous_total=total,
                                   previous_par=par)


__all__ = ["EPOCH", "PAR_NAME", "AnnouncementContent", "Attempt", "DailyPuzzle", "DailyPuzzles", "DailyStats",
           "DueAnnouncement", "GameError", "Leaderboard", "RecentDay", "daily_plugin", "date_of", "day_number",
           "day_start", "streaks"]
