"""Any game plug-in as the bot runs it, through the game contract alone (``calico_bot.core``).

What the service does once for every game:

* **Prompts, not turns.** Who may act is the plug-in's list of prompts. A panel or command names the
  prompt it answers (its key); an answer to a prompt that is no longer open is stale. Answers of
  different seats to simultaneous prompts do not make each other stale: a sealed answer that loses
  a race with another process is applied again on the fresh state.
* **Sealed answers** are kept out of every announcement and history line: the table learns only that
  a seat has answered, until the plug-in reveals what it reveals when the last answer is in.
* **One clock per awaited seat and prompt.** A person who must answer gets a reminder and a
  deadline counted from the moment that prompt opened (another seat's answer does not restart it);
  a missed deadline is answered by the game's default policy. Bots and absent players answer at
  once, in memory, inside the unit of work that made them due.
* **Undo** takes back your own last action (with the bot replies it caused) while nobody else has
  acted. If any of it revealed hidden information, the other players must agree first; in a game
  with one person it stays free. Past positions come from replaying the logged actions from the seed.
* **Every change is one unit of work**: the new state, its log rows, the timers and the announcement
  (an outbox row posted after the commit) in one transaction, compared and set on the game version.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import RuleViolation
from ..core.game_contract import GamePlugin, Prompt
from ..storage.interface import Storage
from ..storage.models import ACTIVE, OVER, SeatRow, StaleVersion, TimerRow, TimerSpec
from .tables import (
    ANYWHERE,
    AUTOPLAY,
    DEFAULT_MAX_OPEN_LOBBIES,
    GameCorrupt,
    GameError,
    GameLocks,
    Person,
    Table,
    TableService,
    _Anywhere,
    reminder_and_deadline,
)

log = logging.getLogger(__name__)

ACT = "act"  # a logged rule action; the other log rows are the service's own (start, undo, resigned, ...)
MAX_AUTO_STEPS = 2000  # bots answering bots: a bound, never reached by a game that ends


@dataclass(slots=True)
class PluginTable(Table):
    plugin: GamePlugin | None = None

    @property
    def prompts(self) -> tuple[Prompt, ...]:
        if self.state is None or self.plugin is None or self.row.status != ACTIVE:
            return ()
        return self.plugin.awaiting(self.state)

    def prompt(self, seat: int, key: str) -> Prompt | None:
        return next((p for p in self.prompts if p.seat == seat and p.key == key), None)

    def view(self, seat: int | None) -> dict[str, Any]:
        assert self.plugin is not None and self.state is not None
        return self.plugin.view_for(self.state, seat)

    @property
    def humans(self) -> list[SeatRow]:
        return [s for s in self.seats if not s.auto_played]


@dataclass(slots=True)
class Done:
    """One accepted action, as the table may learn it."""

    seat: int
    kind: str
    public: dict[str, Any]
    auto: str | None = None  # None: the player; "bot", "deadline", "kicked", "resigned"
    sealed: bool = False  # an answer to a sealed prompt: nothing of it is shown
    resolved: bool = False  # the last sealed answer came in
    view: dict[str, Any] | None = None  # the spectator's view right after it (when more followed)

    def to_json(self) -> dict[str, Any]:
        out = {"seat": self.seat, "kind": self.kind, "public": self.public, "auto": self.auto,
               "sealed": self.sealed, "resolved": self.resolved}
        return out if self.view is None else {**out, "view": self.view}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Done:
        return cls(int(data["seat"]), str(data["kind"]), dict(data.get("public") or {}), data.get("auto"),
                   bool(data.get("sealed")), bool(data.get("resolved")), data.get("view"))


@dataclass(slots=True)
class TableUpdate:
    """What a unit of work changed, for the game's cog to announce (it waits in the outbox)."""

    game: PluginTable
    done: list[Done] = field(default_factory=list)
    started: bool = False
    finished: bool = False
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (message key, params)
    reminder: dict[str, Any] | None = None  # {"seat", "key"}: a deadline is near
    ping: bool = False  # ping whoever must act now
    ended_by: str | None = None
    undo_request: dict[str, Any] | None = None  # an undo that needs the others' consent

    def to_outbox(self) -> dict[str, Any]:
        # Each action is told from the table's view right after it; the last one's is the final state's.
        done = [d.to_json() for d in self.done]
        if done:
            done[-1].pop("view", None)
        return {"done": done, "started": self.started, "finished": self.finished,
                "notes": [[k, p] for k, p in self.notes], "reminder": self.reminder, "ping": self.ping,
                "ended_by": self.ended_by, "undo_request": self.undo_request}

    @classmethod
    def from_outbox(cls, game: PluginTable, data: dict[str, Any]) -> TableUpdate:
        return cls(game, [Done.from_json(d) for d in data.get("done", [])], bool(data.get("started")),
                   bool(data.get("finished")), [(str(k), dict(p)) for k, p in data.get("notes", [])],
                   data.get("reminder"), bool(data.get("ping")), data.get("ended_by"), data.get("undo_request"))


@dataclass(slots=True)
class TimerFired:
    kind: str  # reminder | deadline | autoplay
    game: PluginTable
    update: TableUpdate | None


Logged = list[tuple[dict[str, Any], int | None]]


class PluginGames(TableService):
    """The lobby-to-result life of one plug-in's games."""

    update_class: type[TableUpdate] = TableUpdate
    table_class: type[PluginTable] = PluginTable  # what ``load`` returns (a game's own service may extend it)

    def __init__(self, storage: Storage, plugin: GamePlugin, *, clock: Callable[[], float] = time.time,
                 instance_id: str | None = None, locks: GameLocks | None = None,
                 max_open_lobbies: int = DEFAULT_MAX_OPEN_LOBBIES) -> None:
        super().__init__(storage, clock=clock, instance_id=instance_id, locks=locks,
                         max_open_lobbies=max_open_lobbies)
        self.plugin = plugin
        self.kind = plugin.key  # type: ignore[misc]
        self.bot_levels = plugin.bot_levels  # type: ignore[misc]
        self.max_seats = plugin.seats.stop - 1  # type: ignore[misc]

    # --- loading -----------------------------------------------------------------------------------

    async def load(self, game_id: int, *, guild_id: int | _Anywhere | None = ANYWHERE) -> PluginTable:
        row, seats = await self._rows(game_id, guild_id)
        state = None
        if row.state is not None:
            try:
                data = json.loads(row.state)
                rows = await self.log_rows(game_id) if self.plugin.saved_with_actions else []
                state = self.plugin.load_saved(data, rows)
            except Exception as exc:  # damage to one game must not spread
                log.exception("game %s cannot be loaded", game_id)
                raise GameCorrupt(game_id, type(exc).__name__) from exc
        return self.table_class(row, seats, state, self.plugin)

    async def log_rows(self, game_id: int) -> list[dict[str, Any]]:
        """The game's logged actions in order (start, rule actions, undo, ...)."""
        return [a.action for a in await self.storage.get_actions(game_id)]

    @staticmethod
    def standing(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rule actions that stand: every logged one, less those an undo took back."""
        out: list[dict[str, Any]] = []
        for row in rows:
            if row.get("type") == ACT:
                out.append(row)
            elif row.get("type") == "undo":
                del out[len(out) - int(row.get("count", 1)):]
        return out

    def replay_rows(self, rows: list[dict[str, Any]], upto: int | None = None) -> Any:
        """The position after the first ``upto`` standing rule actions, replayed from the seed."""
        start = next(r for r in rows if r.get("type") == "start")
        state = self.plugin.new_state(start["options"], start["names"], int(start["seed"]))
        for row in self.standing(rows)[:upto]:
            self.plugin.apply(state, row["action"])
        return state

    async def history(self, game_id: int, person: Person) -> list[Done]:
        """What the table may know of the game so far, oldest first (sealed answers only as answered)."""
        await self.load_for(game_id, person)
        return [Done.from_json(r) for r in self.standing(await self.log_rows(game_id))]

    # --- lobby -------------------------------------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, host: Person, seats: int,
                     deadline_hours: float | None = 24.0, lang: str = "en",
                     options: dict[str, Any] | None = None) -> PluginTable:
        if seats not in self.plugin.seats:
            raise GameError("bad_seat_count", min=self.plugin.seats.start, max=self.plugin.seats.stop - 1)
        raw = dict(options or {})
        try:
            self.plugin.parse_options(raw, seats)
        except RuleViolation as exc:
            raise GameError("rule", message=exc.message, code_=exc.code, game_=self.plugin.key) from None
        return await self._create(guild_id=guild_id, channel_id=channel_id, host=host, options={
            "seats": seats, "deadline_hours": self.check_deadline(deadline_hours), "lang": lang, "game": raw})

    async def start(self, game_id: int, person: Person, *, seed: int | None = None) -> TableUpdate:
        game = await self.load_for(game_id, person)
        return await self._start(game_id, person, dict(game.row.options.get("game") or {}), seed=seed)

    async def _start(self, game_id: int, person: Person, raw: dict[str, Any], *, seed: int | None) -> TableUpdate:
        """Deal the game with the plug-in's options ``raw`` (checked again here) and let bots answer."""
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            self._need_lobby(game)
            self._need_host(game, person)
            if len(game.seats) not in self.plugin.seats:
                raise GameError("bad_player_count", n=len(game.seats), min=self.plugin.seats.start,
                                max=self.plugin.seats.stop - 1)
            seats = [SeatRow(game_id, i, s.user_id, s.name, s.bot_level, s.status)
                     for i, s in enumerate(sorted(game.seats, key=lambda s: s.seat))]
            names = [s.name for s in seats]
            try:
                options = self.plugin.parse_options(raw, len(seats))
                seed = secrets.randbits(63) if seed is None else seed
                state = self.plugin.new_state(options, names, seed)
            except RuleViolation as exc:
                raise GameError("rule", message=exc.message, code_=exc.code, game_=self.plugin.key) from None
            game = self.table_class(game.row, seats, state, self.plugin)
            game.row.status = ACTIVE  # in memory, so prompts are open for the automatic answers
            update = self.update_class(game, started=True)
            logged: Logged = [({"type": "start", "seed": seed, "names": names, "options": options}, person.user_id)]
            await self._auto_moves(game, update, logged)
            return await self._commit(game, update, logged, seats=seats, status=ACTIVE)

    # --- acting ------------------------------------------------------------------------------------

    async def act(self, game_id: int, person: Person, key: str | None,
                  action: dict[str, Any] | Callable[[int], dict[str, Any]], *,
                  expected_version: int | None = None) -> TableUpdate:
        """``person`` answers their prompt ``key`` (None: their one open prompt) with ``action`` (or the
        action a function of their seat makes). ``expected_version``: the game's version the panel was
        built at; any other is stale. A sealed answer is best sent without it, since the others'
        answers move the version on."""
        for attempt in (0, 1):
            async with self.lock(game_id):
                game = await self._active(game_id, person)
                seat = self._seat_for(game, person)
                if callable(action):
                    action = action(seat)
                if expected_version is not None and expected_version != game.row.version:
                    raise GameError("stale")
                mine = [p for p in game.prompts if p.seat == seat]
                prompt = game.prompt(seat, key) if key is not None else (mine[0] if len(mine) == 1 else None)
                if prompt is None:
                    self._no_prompt(game, seat, action)
                assert prompt is not None
                update = self.update_class(game)
                logged: Logged = []
                self._apply(game, prompt, action, update, logged, auto=None)
                await self._auto_moves(game, update, logged)
                try:
                    return await self._commit(game, update, logged)
                except GameError as exc:
                    # Another process saved first. A sealed answer commutes with the others' answers:
                    # try once more on the fresh state (the prompt check above runs again).
                    if exc.code != "stale" or not prompt.sealed or attempt:
                        raise
        raise AssertionError("unreachable")

    def _no_prompt(self, game: PluginTable, seat: int, action: dict[str, Any] | None = None) -> None:
        """Refuse an answer to a prompt ``seat`` does not have open (a game's service may say more)."""
        mine = [p for p in game.prompts if p.seat == seat]
        raise GameError("stale" if mine else "not_awaited")

    def legal(self, game: PluginTable, seat: int, key: str) -> list[dict[str, Any]]:
        prompt = game.prompt(seat, key)
        return [] if prompt is None else self.plugin.legal_actions(game.state, prompt)

    def _apply(self, game: PluginTable, prompt: Prompt, action: dict[str, Any], update: TableUpdate,
               logged: Logged, *, auto: str | None, user_id: int | None = None) -> None:
        """Apply ``action`` as the answer of ``prompt`` (on a copy first: a refusal changes nothing)."""
        trial = self.plugin.load(self.plugin.dump(game.state))
        try:
            applied = self.plugin.apply(trial, action)
        except RuleViolation as exc:
            raise GameError("rule", message=exc.message, code_=exc.code, game_=self.plugin.key,
                            **exc.params) from None
        if applied.seat != prompt.seat:
            raise GameError("not_awaited")
        game.state = trial
        public = dict(applied.public) if (not prompt.sealed or applied.resolved_sealed) else {}
        done = Done(prompt.seat, applied.kind, public, auto, prompt.sealed, applied.resolved_sealed)
        logged.append(({"type": ACT, **done.to_json(), "key": prompt.key, "action": action,
                        "revealed": applied.revealed}, user_id))
        done.view = self.plugin.view_for(trial, None)  # never hidden information: the spectator's view
        update.done.append(done)

    async def _auto_moves(self, game: PluginTable, update: TableUpdate, logged: Logged) -> None:
        """Bots and absent players answer, in memory, until a person must act or the game is over.

        A failing AI stops the chain: what was decided so far is saved, and the autoplay timer the
        commit leaves behind lets the clock try again."""
        try:
            for _ in range(MAX_AUTO_STEPS):
                due = [p for p in game.prompts if game.seat_row(p.seat).auto_played]
                if not due:
                    return
                prompt = due[0]
                seat = game.seat_row(prompt.seat)
                await self._answer_for(game, prompt, seat.bot_level or self.plugin.default_level,
                                       "bot" if seat.is_bot else seat.status, update, logged)
        except GameError:
            raise
        except Exception:
            log.exception("an automatic answer in game %s failed; the clock will try again", game.id)

    async def _answer_for(self, game: PluginTable, prompt: Prompt, level: str, reason: str,
                          update: TableUpdate, logged: Logged) -> None:
        view = game.view(prompt.seat)  # the bot sees only what this seat may see
        seed = game.id * 1009 + prompt.seat * 31 + len(logged)
        action = await asyncio.to_thread(self.plugin.choose, view, prompt, level=level, seed=seed)
        self._apply(game, prompt, action, update, logged, auto=reason)

    # --- leaving, ending ---------------------------------------------------------------------------

    # --- undo ----------------------------------------------------------------------------------------

    async def undo(self, game_id: int, person: Person) -> TableUpdate:
        """Take back your last action (and the bot replies it caused). Free if it revealed nothing or
        you are the only person at the table; otherwise the others are asked (``undo_request``)."""
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            seat = self._seat_for(game, person)
            rows = await self.log_rows(game_id)
            count, revealed = self._undoable(game, rows, seat)
            others = [s for s in game.humans if s.seat != seat]
            if game.row.options.get("no_undo"):
                raise GameError("undo_never")
            if revealed and others:
                update = self.update_class(game, notes=[("undo_asked", {"name": game.seat_row(seat).name})])
                update.undo_request = {"seat": seat}
                update.undo_request = await self._ask_undo(game, seat, count, update.to_outbox())
                update.game = await self.load(game_id)
                return update
            return await self._take_back(game, rows, seat, count, person)

    async def answer_undo(self, game_id: int, person: Person, *, accept: bool) -> TableUpdate:
        """Another player agrees to (or refuses) the open undo request."""
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            request, seat = self._open_request(game, person)
            asker = game.seat_row(int(request["seat"]))
            declined = self.update_class(game, notes=[("undo_declined", {"name": game.seat_row(seat).name,
                                                                         "asker": asker.name})])
            still = await self._undo_answered(game, request, seat, accept=accept, declined_payload=declined.to_outbox())
            if still is not None:
                return self.update_class(await self.load(game_id), undo_request=still)
            if not accept:
                declined.game = await self.load(game_id)
                return declined
            rows = await self.log_rows(game_id)
            return await self._take_back(game, rows, asker.seat, int(request["count"]), person,
                                         options=game.row.options)

    def _undoable(self, game: PluginTable, rows: list[dict[str, Any]], seat: int) -> tuple[int, bool]:
        """How many standing actions an undo by ``seat`` takes back, and whether any revealed something."""
        standing = self.standing(rows)
        start = len(standing)
        while start > 0 and standing[start - 1]["seat"] != seat and standing[start - 1].get("auto") == "bot":
            start -= 1
        if start == 0 or standing[start - 1]["seat"] != seat or standing[start - 1].get("auto"):
            raise GameError("nothing_to_undo")
        taken = standing[start - 1:]
        return len(taken), any(r.get("revealed") for r in taken)

    async def _take_back(self, game: PluginTable, rows: list[dict[str, Any]], seat: int, count: int,
                         person: Person, *, options: dict[str, Any] | None = None) -> TableUpdate:
        standing = self.standing(rows)
        game.state = self.replay_rows(rows, len(standing) - count)
        key = "undone" if count == 1 else "undone_with_bots"
        update = self.update_class(game, notes=[(key, {"name": game.seat_row(seat).name, "n": count - 1})], ping=True)
        return await self._commit(game, update, [({"type": "undo", "player": seat, "count": count}, person.user_id)],
                                  options=options)

    # --- the clock -----------------------------------------------------------------------------------

    async def fire(self, timer: TimerRow) -> TimerFired | None:
        """Handle one claimed timer of this kind of game; the unit of work that handles it deletes it."""
        async with self.lock(timer.game_id):
            game = await self.load(timer.game_id)
            prompt = self._timer_prompt(game, timer.payload)
            if game.row.status != ACTIVE or (timer.kind != AUTOPLAY and prompt is None):
                await self.storage.delete_timer(timer.id)
                return None  # the game or the prompt moved on
            update = self.update_class(game)
            logged: Logged = []
            # Prompts that opened together fall due together (everyone's sealed answer): the timers of the
            # same kind due now are handled in this one unit of work, so the table gets one post.
            due = [(timer, prompt)] if timer.kind == AUTOPLAY else await self._due_with(game, timer, prompt)
            if timer.kind == "reminder":
                assert prompt is not None
                update.reminder = {"seat": prompt.seat, "key": prompt.key, "seats": [p.seat for _, p in due]}
                async with self.storage.transaction():
                    for t, _ in due:
                        await self.storage.delete_timer(t.id)
                    await self.storage.add_outbox(game.id, version=game.row.version, payload=update.to_outbox(),
                                                  state=None, now=self.clock())
                return TimerFired("reminder", game, update)
            if timer.kind == "deadline":
                for _, missed in due:
                    if game.prompt(missed.seat, missed.key) is not None:  # still open after the others
                        await self._answer_for(game, missed, self.plugin.default_level, "deadline", update, logged)
            await self._auto_moves(game, update, logged)
            if not logged:
                await self.storage.delete_timer(timer.id)
                return None
            update = await self._commit(game, update, logged)
            return TimerFired(timer.kind, update.game, update)

    async def _due_with(self, game: PluginTable, timer: TimerRow,
                        prompt: Prompt | None) -> list[tuple[TimerRow, Prompt]]:
        """``timer`` with the game's other timers of its kind that are due now, each with its open prompt."""
        assert prompt is not None
        due = [(timer, prompt)]
        for other in await self.storage.get_timers(game.id):
            if other.id == timer.id or other.kind != timer.kind or other.due_at > self.clock():
                continue
            found = self._timer_prompt(game, other.payload)
            if found is not None and all(found != p for _, p in due):
                due.append((other, found))
        return due

    @staticmethod
    def _timer_prompt(game: PluginTable, payload: dict[str, Any]) -> Prompt | None:
        """The open prompt a timer is for (a timer saved before prompts had keys: the seat's first one)."""
        seat = payload.get("seat")
        if seat is None:
            return None
        if "key" not in payload:
            return next((p for p in game.prompts if p.seat == int(seat)), None)
        return game.prompt(int(seat), str(payload["key"]))

    def _timers_for(self, game: PluginTable, before: list[TimerRow], version: int, now: float) -> list[TimerSpec]:
        """An immediate autoplay if a bot or absent player must answer; else, per person who must answer
        and prompt, a reminder and a deadline counted from when that prompt opened (kept from
        ``before`` while the prompt stays open)."""
        prompts = game.prompts
        if any(game.seat_row(p.seat).auto_played for p in prompts):
            return [(AUTOPLAY, now, version, {})]
        hours = game.deadline_hours
        if not hours:
            return []
        kept: dict[tuple[int, str], list[TimerSpec]] = {}
        for t in before:
            prompt = self._timer_prompt(game, t.payload) if t.kind in ("reminder", "deadline") else None
            if prompt is not None:
                kept.setdefault((prompt.seat, prompt.key), []).append(
                    (t.kind, t.due_at, version, {"seat": prompt.seat, "key": prompt.key}))
        timers: list[TimerSpec] = []
        for p in prompts:
            payload = {"seat": p.seat, "key": p.key}
            if (p.seat, p.key) in kept:
                timers += kept[(p.seat, p.key)]
                continue
            remind, deadline = reminder_and_deadline(hours, now)
            timers += [("reminder", remind, version, payload), ("deadline", deadline, version, dict(payload))]
        return timers

    @staticmethod
    def deadline_of(timers: list[TimerRow], seat: int) -> float | None:
        """When ``seat``'s open decision falls due (None: no deadline)."""
        return next((t.due_at for t in timers if t.kind == "deadline" and t.payload.get("seat") == seat), None)

    # --- the unit of work ------------------------------------------------------------------------------

    async def _commit(self, game: PluginTable, update: TableUpdate, logged: Logged, *,
                      seats: list[SeatRow] | None = None, status: str | None = None,
                      options: dict[str, Any] | None = None) -> TableUpdate:
        now = self.clock()
        new_version = game.row.version + len(logged)
        if self.plugin.is_over(game.state):
            status = OVER
            update.finished = True
        after = self.table_class(game.row, seats if seats is not None else game.seats, game.state, self.plugin)
        if status is not None:
            after.row.status = status
        before = await self.storage.get_timers(game.id)
        timers = [] if status == OVER else self._timers_for(after, before, new_version, now)
        if "undo_request" in game.row.options and options is None:
            options = {k: v for k, v in game.row.options.items() if k != "undo_request"}  # any move voids it
        full = json.dumps(self.plugin.dump(game.state), separators=(",", ":"))
        saved = full if not self.plugin.saved_with_actions else json.dumps(
            self.plugin.dump_saved(game.state), separators=(",", ":"))  # the rest lives in the action rows
        try:
            async with self.storage.transaction():
                await self.storage.commit_actions(
                    game.id, expected_version=game.row.version, state=saved, actions=logged, now=now,
                    status=status, timers=timers, outbox=update.to_outbox(), seats=seats, outbox_state=full)
                if options is not None:
                    await self.storage.update_game(game.id, now=now, options=options)
                if update.finished:
                    await self._record_results(after)
        except StaleVersion:
            raise GameError("stale") from None
        update.game = await self.load(game.id)
        return update

    async def _record_results(self, game: PluginTable) -> None:
        if game.row.guild_id is None:
            return
        for r in self.plugin.result(game.state):
            user = game.seat_row(r.seat).user_id
            if user is not None:
                await self.storage.add_result(game.row.guild_id, user, self.kind, won=r.rank == 1, score=r.score)


__all__ = ["ACT", "Done", "PluginGames", "PluginTable", "TableUpdate", "TimerFired"]
