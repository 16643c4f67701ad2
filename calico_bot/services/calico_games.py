"""Calico games as the bot runs them: lobbies, seats, turns, auto-play, deadlines and results.

This layer knows people (Discord user ids) and storage; the rules live in ``calico_bot.calico`` and
every action goes through ``GameState.apply``. It imports nothing from Discord: the cogs translate
interactions into these calls and the returned reports into messages.

Concurrency: one ``asyncio.Lock`` per game serialises work inside this process, and every state
change is committed with the version it was computed from, so a stale action (double click, two
devices, another process) is refused rather than applied twice.
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

from ..ai.registry import policy_by_name
from ..ai.view import build_view
from ..calico.actions import ChooseGoals, Turn
from ..calico.components import GOAL_SPACES
from ..calico.game import GameOptions, GameState, TurnOutcome, new_game, replay_full_record
from ..calico.record import MODES
from ..core.errors import RuleViolation
from ..storage.interface import Storage
from ..storage.models import ACTIVE, ENDED, LOBBY, OPEN_STATUSES, OVER, GameRow, SeatRow, StaleVersion

log = logging.getLogger(__name__)

KIND = "calico"
BOT_LEVELS = ("random", "greedy", "strong")
AUTO_PLAY_LEVEL = "strong"  # what plays for absent, kicked and resigned players
MAX_DEADLINE_HOURS = 24 * 14


class GameError(Exception):
    """A request the service refuses; ``code`` is a message key, ``params`` fill it in."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass(slots=True)
class Person:
    user_id: int
    name: str
    is_moderator: bool = False  # Manage Server (or bot owner/admin)


@dataclass(slots=True)
class LobbyOptions:
    mode: str = "standard"
    seats: int = 4
    lower_variance: bool = False
    deadline_hours: float | None = 24.0
    solo_setup: str = "standard"
    scenario: int | None = None
    lang: str = "en"  # the server's language: public posts about this game use it

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "seats": self.seats,
            "lower_variance": self.lower_variance,
            "deadline_hours": self.deadline_hours,
            "solo_setup": self.solo_setup,
            "scenario": self.scenario,
            "lang": self.lang,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LobbyOptions:
        return cls(
            **{
                k: data[k]
                for k in ("mode", "seats", "lower_variance", "deadline_hours", "solo_setup", "scenario", "lang")
                if k in data
            }
        )


@dataclass(slots=True)
class LoadedGame:
    row: GameRow
    seats: list[SeatRow]
    state: GameState | None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def options(self) -> LobbyOptions:
        return LobbyOptions.from_json(self.row.options)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def seat_row(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    @property
    def current_seat(self) -> SeatRow | None:
        if self.state is None or self.state.over or self.state.phase != "play":
            return None
        return self.seat_row(self.state.current)


@dataclass(slots=True)
class TurnReport:
    """One applied turn, for the thread post."""

    seat: int
    outcome: TurnOutcome
    auto: str | None = None  # None: the player moved; "bot", "deadline", "kicked", "resigned"


@dataclass(slots=True)
class Update:
    """What an action changed, for the cog to announce."""

    game: LoadedGame
    turns: list[TurnReport] = field(default_factory=list)
    started: bool = False
    setup_done: bool = False
    finished: bool = False
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # extra (message key, params)


@dataclass(slots=True)
class Hint:
    """What was played at one turn of a finished solo game, and what the strong AI would have played."""

    turn: int
    hand: list[int]
    market: list[int | None]
    played: Turn
    suggested: Turn


@dataclass(slots=True)
class TimerEvent:
    kind: str  # reminder | deadline
    game: LoadedGame
    seat: SeatRow
    update: Update | None = None  # for deadlines: the turns played


class GameCorrupt(GameError):
    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__("game_corrupt", game=game_id, reason=reason)


class CalicoGames:
    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time, ai_budget_ms: int = 300) -> None:
        self.storage = storage
        self.clock = clock
        self.ai_budget_ms = ai_budget_ms
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- loading -----------------------------------------------------------------------------------

    async def load(self, game_id: int) -> LoadedGame:
        row = await self.storage.get_game(game_id)
        if row is None or row.kind != KIND:
            raise GameError("no_such_game", game=game_id)
        seats = await self.storage.get_seats(game_id)
        state = None
        if row.state is not None:
            try:
                state = GameState.from_json(json.loads(row.state))
            except Exception as exc:  # any damage to one game must not spread
                log.exception("game %s cannot be loaded", game_id)
                raise GameCorrupt(game_id, type(exc).__name__) from exc
        return LoadedGame(row, seats, state)

    async def games_here(self, channel_id: int) -> list[GameRow]:
        return await self.storage.find_games(channel_id=channel_id, statuses=OPEN_STATUSES)

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[GameRow]:
        return await self.storage.find_games(user_id=user_id, guild_id=guild_id, statuses=OPEN_STATUSES)

    async def resolve(self, *, game_id: int | None, channel_id: int, user_id: int) -> LoadedGame:
        """Find the game a command means: named, the game of this thread, or the user's one game here."""
        if game_id is not None:
            return await self.load(game_id)
        in_thread = await self.storage.find_games(thread_id=channel_id)
        if in_thread:
            return await self.load(in_thread[-1].id)
        here = await self.games_here(channel_id)
        mine = [g for g in here if g.id in {r.id for r in await self.games_of(user_id)}]
        candidates = mine or here
        if len(candidates) == 1:
            return await self.load(candidates[0].id)
        if not candidates:
            # Nothing open here: the latest finished game, so status, board and export still work.
            finished = await self.storage.find_games(channel_id=channel_id)
            if finished:
                return await self.load(finished[-1].id)
            raise GameError("no_game_here")
        raise GameError("which_game", games=", ".join(f"#{g.id}" for g in candidates))

    # --- lobby -------------------------------------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, host: Person, options: LobbyOptions) -> LoadedGame:
        if options.mode not in MODES:
            raise GameError("bad_mode", mode=options.mode)
        if options.mode == "solo":
            options.seats = 1
        if not 1 <= options.seats <= 4:
            raise GameError("bad_seats")
        if options.seats == 1 and options.mode != "solo":
            options.mode = "solo"
        if options.lower_variance and options.seats > 2:
            raise GameError("lower_variance_seats")
        if options.scenario is not None and (options.mode != "solo" or not 1 <= options.scenario <= 10):
            raise GameError("bad_scenario")
        if options.deadline_hours is not None and not 0 < options.deadline_hours <= MAX_DEADLINE_HOURS:
            raise GameError("bad_deadline", max=MAX_DEADLINE_HOURS)
        row = await self.storage.create_game(
            kind=KIND,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.user_id,
            options=options.to_json(),
            now=self.clock(),
        )
        await self.storage.add_seat(SeatRow(row.id, 0, host.user_id, host.name))
        return await self.load(row.id)

    async def attach_messages(self, game_id: int, *, thread_id: int | None, lobby_message_id: int) -> None:
        """Remember the game's thread (None: it plays in its channel) and its lobby message."""
        await self.storage.update_game(
            game_id, now=self.clock(), thread_id=thread_id, lobby_message_id=lobby_message_id
        )

    async def join(self, game_id: int, person: Person) -> LoadedGame:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._need_lobby(game)
            if game.seat_of(person.user_id) is not None:
                raise GameError("already_joined")
            if len(game.seats) >= game.options.seats:
                raise GameError("lobby_full", seats=game.options.seats)
            await self.storage.add_seat(SeatRow(game_id, _free_seat(game), person.user_id, person.name))
            return await self.load(game_id)

    async def add_bot(self, game_id: int, person: Person, level: str) -> LoadedGame:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._need_lobby(game)
            self._need_host(game, person)
            if level not in BOT_LEVELS:
                raise GameError("bad_bot_level", levels=", ".join(BOT_LEVELS))
            if len(game.seats) >= game.options.seats:
                raise GameError("lobby_full", seats=game.options.seats)
            number = sum(1 for s in game.seats if s.is_bot) + 1
            await self.storage.add_seat(SeatRow(game_id, _free_seat(game), None, f"Bot {number} ({level})", level))
            return await self.load(game_id)

    async def leave(self, game_id: int, person: Person) -> LoadedGame:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._need_lobby(game)
            seat = game.seat_of(person.user_id)
            if seat is None:
                raise GameError("not_in_lobby")
            await self.storage.remove_seat(game_id, seat)
            humans = [s for s in game.seats if s.seat != seat and not s.is_bot]
            if not humans:
                await self.storage.update_game(game_id, now=self.clock(), status=ENDED)
            elif game.row.host_id == person.user_id:
                await self.storage.update_game(game_id, now=self.clock(), host_id=humans[0].user_id)
            return await self.load(game_id)

    async def start(self, game_id: int, person: Person, *, seed: int | None = None) -> Update:
        async with self.lock(game_id):
            game = await self.load(game_id)
            self._need_lobby(game)
            self._need_host(game, person)
            opts = game.options
            n = len(game.seats)
            if opts.mode != "solo" and n < 2:
                raise GameError("need_two_players")
            if opts.lower_variance and n > 2:
                raise GameError("lower_variance_seats")
            seats = [
                SeatRow(game_id, i, s.user_id, s.name, s.bot_level, s.status)
                for i, s in enumerate(sorted(game.seats, key=lambda s: s.seat))
            ]
            seed = secrets.randbits(63) if seed is None else seed
            try:
                state = new_game(
                    GameOptions(
                        players=[s.name for s in seats],
                        mode=opts.mode,
                        lower_variance=opts.lower_variance,
                        solo_setup=opts.solo_setup,
                        scenario=opts.scenario,
                    ),
                    seed,
                )
            except RuleViolation as exc:
                raise GameError("rule", message=exc.message, code_=exc.code) from None
            await self.storage.set_seats(game_id, seats)
            await self.storage.commit_action(
                game_id,
                expected_version=game.row.version,
                state=_dump(state),
                action={"type": "start", "seed_hidden": True},
                user_id=person.user_id,
                now=self.clock(),
                status=ACTIVE,
            )
            game = await self.load(game_id)
            update = Update(game, started=True)
            await self._after_change(update)
            return update

    # --- playing -----------------------------------------------------------------------------------

    async def choose_goals(
        self, game_id: int, person: Person, goals: dict[str, str], expected_version: int | None = None
    ) -> Update:
        async with self.lock(game_id):
            game = await self._active(game_id)
            seat = self._seat_for(game, person)
            assert game.state is not None
            was_setup = game.state.phase == "setup"
            self._check_version(game, expected_version)
            await self._apply(game, ChooseGoals(seat, goals), person.user_id)
            game = await self.load(game_id)
            update = Update(game, setup_done=was_setup and game.state is not None and game.state.phase != "setup")
            await self._after_change(update)
            return update

    async def play(
        self,
        game_id: int,
        person: Person,
        *,
        tile: int,
        space: str,
        take: int | None,
        expected_version: int | None = None,
    ) -> Update:
        async with self.lock(game_id):
            game = await self._active(game_id)
            seat = self._seat_for(game, person)
            self._check_version(game, expected_version)
            outcome = await self._apply(game, Turn(seat, tile, space, take), person.user_id)
            assert outcome is not None
            game = await self.load(game_id)
            update = Update(game, turns=[TurnReport(seat, outcome)])
            await self._after_change(update)
            return update

    async def undo(self, game_id: int, person: Person) -> Update:
        """Take back your own last turn while nobody has acted since."""
        async with self.lock(game_id):
            game = await self._active(game_id)
            seat = self._seat_for(game, person)
            assert game.state is not None
            last = game.state.log[-1] if game.state.log else None
            if last is None or last["type"] != "turn" or last["player"] != seat:
                raise GameError("nothing_to_undo")
            record = game.state.to_record(include_hidden=True)
            record["actions"] = record["actions"][:-1]
            record.pop("placements")
            previous = replay_full_record(record)
            previous.version = game.state.version + 1  # versions only ever grow
            previous.log = game.state.log[:-1]
            await self.storage.commit_action(
                game_id,
                expected_version=game.row.version,
                state=_dump(previous),
                action={"type": "undo", "player": seat},
                user_id=person.user_id,
                now=self.clock(),
            )
            game = await self.load(game_id)
            update = Update(game, notes=[("undone", {"name": game.seat_row(seat).name})])
            await self._schedule(game)
            return update

    async def resign(self, game_id: int, person: Person) -> Update:
        async with self.lock(game_id):
            game = await self._active(game_id)
            seat = self._seat_for(game, person)
            await self.storage.set_seat_status(game_id, seat, "resigned")
            return await self._after_seat_left(game_id, seat, "resigned")

    async def kick(self, game_id: int, person: Person, target_user: int) -> Update:
        async with self.lock(game_id):
            game = await self._active(game_id)
            self._need_host(game, person)
            seat = game.seat_of(target_user)
            if seat is None:
                raise GameError("target_not_player")
            await self.storage.set_seat_status(game_id, seat, "kicked")
            return await self._after_seat_left(game_id, seat, "kicked")

    async def end(self, game_id: int, person: Person) -> LoadedGame:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status not in OPEN_STATUSES:
                raise GameError("game_finished")
            self._need_host(game, person)
            await self.storage.update_game(game_id, now=self.clock(), status=ENDED)
            await self.storage.replace_timers(game_id, [])
            return await self.load(game_id)

    async def hint(self, game_id: int, person: Person, turn: int) -> Hint:
        """For a finished solo game: the strong AI's choice at ``turn`` (1-22), next to the move made.

        Only finished games: a hint during play would be the AI playing for you.
        """
        game = await self.load(game_id)
        if game.state is None or not game.state.over:
            raise GameError("hint_finished_only")
        if len(game.seats) != 1:
            raise GameError("hint_solo_only")
        turns = [e for e in game.state.log if e["type"] == "turn"]
        if not 1 <= turn <= len(turns):
            raise GameError("hint_bad_turn", last=len(turns))
        record = game.state.to_record(include_hidden=True)
        record.pop("placements")
        setup = [a for a in record["actions"] if a["type"] != "turn"]
        record["actions"] = setup + [{k: v for k, v in e.items() if k != "result"} for e in turns[: turn - 1]]
        before = replay_full_record(record)
        played = Turn(0, turns[turn - 1]["tile"], turns[turn - 1]["space"], turns[turn - 1]["take"])
        policy = policy_by_name("strong", seed=game_id * 7919 + turn, budget_ms=self.ai_budget_ms)
        suggested = await asyncio.to_thread(policy.choose_turn, build_view(before, 0))
        return Hint(turn, list(before.players[0].hand), list(before.market), played, suggested)

    # --- timers ------------------------------------------------------------------------------------

    async def next_timer_due(self) -> float | None:
        return await self.storage.next_timer_due()

    async def fire_due_timers(self) -> list[TimerEvent]:
        """Handle every timer due now (also those that came due while the bot was down)."""
        events: list[TimerEvent] = []
        due = await self.storage.due_timers(self.clock())
        deadline_due = {t.game_id for t in due if t.kind == "deadline"}
        for timer in due:
            await self.storage.delete_timer(timer.id)
            if timer.kind == "reminder" and timer.game_id in deadline_due:
                continue  # the deadline itself has passed: a reminder would only be noise
            try:
                event = await self._fire(timer.game_id, timer.kind, timer.version)
            except GameError as exc:
                log.warning("timer for game %s skipped: %s", timer.game_id, exc.code)
                continue
            if event is not None:
                events.append(event)
        return events

    async def _fire(self, game_id: int, kind: str, version: int) -> TimerEvent | None:
        async with self.lock(game_id):
            game = await self.load(game_id)
            if game.row.status != ACTIVE or game.row.version != version or game.state is None:
                return None  # the game moved on; this timer is stale
            seat = game.current_seat or self._waiting_for_goals(game)
            if seat is None:
                return None
            if kind == "reminder":
                return TimerEvent("reminder", game, seat)
            update = Update(game)
            if game.state.phase == "setup":
                for s in game.seats:
                    if game.state.players[s.seat].needs_goals:
                        policy = policy_by_name(AUTO_PLAY_LEVEL, seed=game.id * 31 + s.seat)
                        await self._apply(game, policy.choose_goals(build_view(game.state, s.seat)), None)
                update.setup_done = True
                update.notes.append(
                    ("goals_auto", {"names": ", ".join(s.name for s in game.seats if s.seat == seat.seat)})
                )
            else:
                await self._auto_turn(game, seat.seat, "deadline", update)
            update.game = await self.load(game_id)
            await self._after_change(update)
            return TimerEvent("deadline", update.game, seat, update)

    # --- internals ---------------------------------------------------------------------------------

    async def _active(self, game_id: int) -> LoadedGame:
        game = await self.load(game_id)
        if game.row.status == LOBBY:
            raise GameError("not_started")
        if game.row.status in (OVER, ENDED) or game.state is None:
            raise GameError("game_finished")
        return game

    @staticmethod
    def _check_version(game: LoadedGame, expected_version: int | None) -> None:
        """Refuse an action made on an older version of the game (storage checks again at commit)."""
        if expected_version is not None and expected_version != game.row.version:
            raise GameError("stale")

    def _need_lobby(self, game: LoadedGame) -> None:
        if game.row.status != LOBBY:
            raise GameError("already_started" if game.row.status == ACTIVE else "game_finished")

    def _need_host(self, game: LoadedGame, person: Person) -> None:
        if person.user_id != game.row.host_id and not person.is_moderator:
            raise GameError("host_only")

    def _seat_for(self, game: LoadedGame, person: Person) -> int:
        seat = game.seat_of(person.user_id)
        if seat is None:
            raise GameError("not_a_player")
        if game.seat_row(seat).status != "active":
            raise GameError("no_longer_playing")
        return seat

    async def _apply(self, game: LoadedGame, action: ChooseGoals | Turn, user_id: int | None) -> TurnOutcome | None:
        assert game.state is not None
        state = game.state
        try:
            outcome = state.apply(action)
        except RuleViolation as exc:
            if exc.code == "stale":
                raise GameError("stale") from None
            params = dict(exc.params)
            if exc.code == "not_your_turn":
                params["current_name"] = game.seat_row(state.current).name
            raise GameError("rule", message=exc.message, code_=exc.code, **params) from None
        status = OVER if state.over else None
        try:
            await self.storage.commit_action(
                game.id,
                expected_version=game.row.version,
                state=_dump(state),
                action=action.to_json(),
                user_id=user_id,
                now=self.clock(),
                status=status,
            )
        except StaleVersion:
            raise GameError("stale") from None
        game.row.version += 1
        return outcome

    async def _after_change(self, update: Update) -> None:
        """Let bots and absent players move, record results, and set the next deadline."""
        game = update.game
        guard = 0
        while game.state is not None and not game.state.over and guard < 200:
            guard += 1
            if game.state.phase == "setup":
                pending = [s for s in game.seats if s.auto_played and game.state.players[s.seat].needs_goals]
                if not pending:
                    break
                for s in pending:
                    policy = policy_by_name(s.bot_level or AUTO_PLAY_LEVEL, seed=game.id * 31 + s.seat)
                    await self._apply(game, policy.choose_goals(build_view(game.state, s.seat)), None)
                if game.state.phase != "setup":
                    update.setup_done = True
                continue
            seat = game.current_seat
            if seat is None or not seat.auto_played:
                break
            reason = "bot" if seat.is_bot else seat.status
            await self._auto_turn(game, seat.seat, reason, update)
        update.game = game = await self.load(game.id)
        if game.state is not None and game.state.over and not update.finished:
            update.finished = True
            await self._record_results(game)
        await self._schedule(game)

    async def _auto_turn(self, game: LoadedGame, seat: int, reason: str, update: Update) -> None:
        assert game.state is not None
        level = game.seat_row(seat).bot_level or AUTO_PLAY_LEVEL
        options = {"budget_ms": self.ai_budget_ms} if level in ("strong", "hard") else {}
        policy = policy_by_name(level, seed=game.id * 1009 + seat, **options)
        view = build_view(game.state, seat)  # the AI sees only what this seat may see
        turn = await asyncio.to_thread(policy.choose_turn, view)
        outcome = await self._apply(game, turn, None)
        assert outcome is not None
        update.turns.append(TurnReport(seat, outcome, reason))

    async def _after_seat_left(self, game_id: int, seat: int, reason: str) -> Update:
        game = await self.load(game_id)
        update = Update(game, notes=[(reason, {"name": game.seat_row(seat).name})])
        if all(s.auto_played for s in game.seats):
            await self.storage.update_game(game_id, now=self.clock(), status=ENDED)
            await self.storage.replace_timers(game_id, [])
            update.game = await self.load(game_id)
            update.notes.append(("ended_no_players", {}))
            return update
        await self._after_change(update)
        return update

    async def _record_results(self, game: LoadedGame) -> None:
        assert game.state is not None
        if game.row.guild_id is None:
            return
        scores = game.state.scores()
        winners = set(game.state.winners())
        for s in game.seats:
            if s.user_id is not None:
                await self.storage.add_result(
                    game.row.guild_id, s.user_id, KIND, won=s.seat in winners, score=scores[s.seat].total
                )

    @staticmethod
    def _waiting_for_goals(game: LoadedGame) -> SeatRow | None:
        """During setup: the first person who still has to choose design goals."""
        if game.state is None or game.state.phase != "setup":
            return None
        return next((s for s in game.seats if not s.auto_played and game.state.players[s.seat].needs_goals), None)

    async def _schedule(self, game: LoadedGame) -> None:
        """Set the reminder and deadline for whoever must act now (or clear them)."""
        hours = game.options.deadline_hours
        seat = game.current_seat or self._waiting_for_goals(game)
        if game.row.status != ACTIVE or not hours or seat is None or seat.auto_played:
            await self.storage.replace_timers(game.id, [])
            return
        now = self.clock()
        deadline = now + hours * 3600
        remind = deadline - min(hours * 3600 / 4, 3 * 3600)
        await self.storage.replace_timers(
            game.id,
            [
                ("reminder", remind, game.row.version, {"seat": seat.seat}),
                ("deadline", deadline, game.row.version, {"seat": seat.seat}),
            ],
        )

    def deadline_of(self, game: LoadedGame) -> float | None:
        hours = game.options.deadline_hours
        return None if not hours else game.row.updated_at + hours * 3600


def _free_seat(game: LoadedGame) -> int:
    taken = {s.seat for s in game.seats}
    return next(i for i in range(8) if i not in taken)


def _dump(state: GameState) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"))


__all__ = [
    "ACTIVE",
    "BOT_LEVELS",
    "GOAL_SPACES",
    "OVER",
    "CalicoGames",
    "GameCorrupt",
    "GameError",
    "LoadedGame",
    "LobbyOptions",
    "Person",
    "TimerEvent",
    "TurnReport",
    "Update",
]
