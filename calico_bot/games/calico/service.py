"""Calico games as the bot runs them: lobbies, seats, turns, auto-play, deadlines and results.

This layer knows people (Discord user ids) and storage; the rules live in ``calico_bot.games.calico.engine`` and
every action goes through ``GameState.apply``. It imports nothing from Discord: the cogs translate
interactions into these calls and the returned reports into messages.

Concurrency and crashes: one ``asyncio.Lock`` per game serialises work inside this process, and
every change is one unit of work committed with the version it was computed from, so a stale action
(double click, two devices, another process) is refused rather than applied twice. A unit of work
is the player's action together with every bot reply it causes (decided in memory first), the
game's new timers and its announcement (an outbox row the cog posts after the commit, again after
a restart if need be). Timers are claimed, not deleted, while they fire; the unit of work that
fires one deletes it, so a crash in between only makes it fire again later.
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

from calico_bot.core.errors import RuleViolation
from calico_bot.games.calico.ai.budget import DEFAULT_BUDGET_MS
from calico_bot.games.calico.ai.registry import policy_by_name, takes_budget
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.coach import Review, review_game
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameOptions, GameState, TurnOutcome, new_game, replay_full_record
from calico_bot.games.calico.engine.record import MODES
from calico_bot.services.tables import (
    ANYWHERE,
    AUTOPLAY,
    GameCorrupt,
    GameError,
    GameLocks,
    Person,
    Table,
    TableService,
    _Anywhere,
    reminder_and_deadline,
)
from calico_bot.storage.interface import Storage
from calico_bot.storage.models import (
    ACTIVE,
    OVER,
    SeatRow,
    StaleVersion,
    TimerRow,
    TimerSpec,
)

log = logging.getLogger(__name__)

KIND = "calico"
BOT_LEVELS = ("easy", "medium", "hard")  # the words players see; the AI registry maps them to policies
OLD_LEVEL_WORDS = {"random": "easy", "greedy": "medium", "strong": "hard"}  # still accepted
AUTO_PLAY_LEVEL = "hard"  # what plays for absent, kicked and resigned players


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
class LoadedGame(Table):
    state: GameState | None

    @property
    def options(self) -> LobbyOptions:
        return LobbyOptions.from_json(self.row.options)

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
    reminder: int | None = None  # a deadline reminder for this seat
    ping: bool = False  # ping whoever must act now (e.g. after an undo)
    ended_by: str | None = None  # the game was ended (by this name)
    undo_request: dict[str, Any] | None = None  # an undo that waits for the other players' consent

    def to_outbox(self) -> dict[str, Any]:
        return {
            "turns": [{"seat": t.seat, "auto": t.auto, "outcome": t.outcome.to_json()} for t in self.turns],
            "started": self.started,
            "setup_done": self.setup_done,
            "finished": self.finished,
            "notes": [[key, params] for key, params in self.notes],
            "reminder": self.reminder,
            "ended_by": self.ended_by,
            "ping": self.ping,
            "undo_request": self.undo_request,
        }

    @classmethod
    def from_outbox(cls, game: LoadedGame, data: dict[str, Any]) -> Update:
        return cls(
            game,
            turns=[TurnReport(int(t["seat"]), TurnOutcome.from_json(t["outcome"]), t.get("auto"))
                   for t in data.get("turns", [])],
            started=bool(data.get("started")),
            setup_done=bool(data.get("setup_done")),
            finished=bool(data.get("finished")),
            notes=[(str(k), dict(p)) for k, p in data.get("notes", [])],
            reminder=data.get("reminder"),
            ended_by=data.get("ended_by"),
            ping=bool(data.get("ping")),
            undo_request=data.get("undo_request"),
        )


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
    kind: str  # reminder | deadline | autoplay
    game: LoadedGame
    seat: SeatRow | None
    update: Update | None = None  # what to announce (it waits in the outbox)


class CalicoGames(TableService):
    kind = KIND
    update_class = Update
    bot_levels = BOT_LEVELS
    level_aliases = OLD_LEVEL_WORDS

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 ai_budget_ms: int = DEFAULT_BUDGET_MS,
                 instance_id: str | None = None, locks: GameLocks | None = None) -> None:
        super().__init__(storage, clock=clock, instance_id=instance_id, locks=locks)
        self.ai_budget_ms = ai_budget_ms

    # --- loading -----------------------------------------------------------------------------------

    async def load(self, game_id: int, *, guild_id: int | _Anywhere | None = ANYWHERE) -> LoadedGame:
        """The game with its seats and state. With ``guild_id``, only a game of that server is found:
        another server's game answers exactly like a game that does not exist."""
        row, seats = await self._rows(game_id, guild_id)
        state = None
        if row.state is not None:
            try:
                data = json.loads(row.state)
                actions = None if "log" in data else [a.action for a in await self.storage.get_actions(game_id)]
                state = state_from_storage(data, actions)
            except Exception as exc:  # any damage to one game must not spread
                log.exception("game %s cannot be loaded", game_id)
                raise GameCorrupt(game_id, type(exc).__name__) from exc
        return LoadedGame(row, seats, state)

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
        options.deadline_hours = self.check_deadline(options.deadline_hours)
        return await self._create(guild_id=guild_id, channel_id=channel_id, host=host, options=options.to_json())

    async def start(self, game_id: int, person: Person, *, seed: int | None = None) -> Update:
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
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
            game = LoadedGame(game.row, seats, state)
            update = Update(game, started=True)
            actions: list[tuple[dict[str, Any], int | None]] = [({"type": "start", "seed_hidden": True},
                                                                  person.user_id)]
            await self._auto_moves(game, update, actions)
            return await self._commit(game, update, actions, seats=seats)

    # --- playing -----------------------------------------------------------------------------------

    async def choose_goals(
        self, game_id: int, person: Person, goals: dict[str, str], expected_version: int | None = None
    ) -> Update:
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            seat = self._seat_for(game, person)
            assert game.state is not None
            was_setup = game.state.phase == "setup"
            self._check_version(game, expected_version)
            action = ChooseGoals(seat, goals)
            self._rule(game, action)
            update = Update(game, setup_done=was_setup and game.state.phase != "setup")
            actions: list[tuple[dict[str, Any], int | None]] = [(action.to_json(), person.user_id)]
            await self._auto_moves(game, update, actions)
            return await self._commit(game, update, actions)

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
            game = await self._active(game_id, person)
            seat = self._seat_for(game, person)
            self._check_version(game, expected_version)
            action = Turn(seat, tile, space, take)
            outcome = self._rule(game, action)
            assert outcome is not None
            update = Update(game, turns=[TurnReport(seat, outcome)])
            actions: list[tuple[dict[str, Any], int | None]] = [(action.to_json(), person.user_id)]
            await self._auto_moves(game, update, actions)
            return await self._commit(game, update, actions)

    async def undo(self, game_id: int, person: Person) -> Update:
        """Take back your own last turn, with the bot turns that answered it, while no other person has
        acted since."""
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            seat = self._seat_for(game, person)
            assert game.state is not None
            log_ = game.state.log
            # The bot replies your turn caused come back with it (they were played at once, so a
            # game with bot seats could otherwise never undo); any other person's move since blocks it.
            def bot_reply(entry: dict[str, Any]) -> bool:
                by_bot = entry["type"] == "turn" and game.seat_row(entry["player"]).auto_played
                return by_bot and entry["player"] != seat

            start = len(log_)
            while start > 0 and bot_reply(log_[start - 1]):
                start -= 1
            last = log_[start - 1] if start > 0 else None
            if last is None or last["type"] != "turn" or last["player"] != seat:
                raise GameError("nothing_to_undo")
            count = len(log_) - start + 1
            # A drafted tile was replaced from the bag: everyone has seen the next tile, so taking the
            # turn back needs the other people's consent (alone at the table, it stays free).
            revealed = any(e["type"] == "turn" and (e.get("result") or {}).get("took") is not None
                           for e in log_[start - 1:])
            others = [s for s in game.seats if not s.auto_played and s.seat != seat]
            if revealed and others:
                update = Update(game, notes=[("undo_asked", {"name": game.seat_row(seat).name})],
                                undo_request={"seat": seat})
                update.undo_request = await self._ask_undo(game, seat, count, update.to_outbox())
                update.game = await self.load(game_id)
                return update
            return await self._take_back(game, seat, count, person)

    async def answer_undo(self, game_id: int, person: Person, *, accept: bool) -> Update:
        """Another player agrees to (or refuses) the open undo request."""
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            request, seat = self._open_request(game, person)
            asker = game.seat_row(int(request["seat"]))
            declined = Update(game, notes=[("undo_declined", {"name": game.seat_row(seat).name, "asker": asker.name})])
            still = await self._undo_answered(game, request, seat, accept=accept, declined_payload=declined.to_outbox())
            if still is not None:
                return Update(await self.load(game_id), undo_request=still)
            if not accept:
                declined.game = await self.load(game_id)
                return declined
            return await self._take_back(game, asker.seat, int(request["count"]), person, options=game.row.options)

    async def _take_back(self, game: LoadedGame, seat: int, count: int, person: Person, *,
                         options: dict[str, Any] | None = None) -> Update:
        assert game.state is not None
        log_ = game.state.log
        record = game.state.to_record(include_hidden=True)
        record["actions"] = record["actions"][:-count]
        record.pop("placements")
        previous = replay_full_record(record)
        previous.version = game.state.version + 1  # versions only ever grow
        previous.log = log_[:-count]
        game.state = previous
        key = "undone" if count == 1 else "undone_with_bots"
        update = Update(game, notes=[(key, {"name": game.seat_row(seat).name, "n": count - 1})], ping=True)
        return await self._commit(game, update, [({"type": "undo", "player": seat, "count": count},
                                                  person.user_id)], options=options)

    async def review(self, game_id: int, person: Person) -> tuple[dict[str, Any], Review]:
        """The coach's review of ``person``'s own play in a finished game: the full record (for the
        images) and the review, decided turn by turn from what that player could see then."""
        game = await self.load_for(game_id, person)
        if game.state is None or not game.state.over:
            raise GameError("review_finished_only")
        seat = game.seat_of(person.user_id)
        if seat is None:
            raise GameError("review_not_player")
        record = game.state.to_record(include_hidden=True)
        review = await asyncio.to_thread(review_game, record, seat)
        return record, review

    async def hint(self, game_id: int, person: Person, turn: int) -> Hint:
        """For a finished solo game: the strong AI's choice at ``turn`` (1-22), next to the move made.

        Only finished games: a hint during play would be the AI playing for you.
        """
        game = await self.load_for(game_id, person)
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

    async def fire(self, timer: TimerRow) -> TimerEvent | None:
        async with self.lock(timer.game_id):
            game = await self.load(timer.game_id)
            if game.row.status != ACTIVE or game.row.version != timer.version or game.state is None:
                await self.storage.delete_timer(timer.id)
                return None  # the game moved on; this timer is stale
            if timer.kind == AUTOPLAY:
                update = Update(game)
                actions: list[tuple[dict[str, Any], int | None]] = []
                await self._auto_moves(game, update, actions)
                if not actions:
                    await self.storage.delete_timer(timer.id)
                    return None
                update = await self._commit(game, update, actions)
                return TimerEvent(AUTOPLAY, update.game, None, update)
            seat = game.current_seat or self._waiting_for_goals(game)
            if seat is None:
                await self.storage.delete_timer(timer.id)
                return None
            if timer.kind == "reminder":
                update = Update(game, reminder=seat.seat)
                async with self.storage.transaction():
                    await self.storage.delete_timer(timer.id)
                    await self.storage.add_outbox(
                        game.id, version=game.row.version, payload=update.to_outbox(), state=None, now=self.clock())
                return TimerEvent("reminder", game, seat, update)
            update = Update(game)
            actions = []
            if game.state.phase == "setup":
                missed = [s for s in game.seats if game.state.players[s.seat].needs_goals]
                for s in missed:
                    policy = policy_by_name(AUTO_PLAY_LEVEL, seed=game.id * 31 + s.seat)
                    goals = policy.choose_goals(build_view(game.state, s.seat))
                    self._rule(game, goals)
                    actions.append((goals.to_json(), None))
                update.setup_done = True
                update.notes.append(("goals_auto", {"names": ", ".join(s.name for s in missed)}))
            else:
                await self._auto_turn(game, seat.seat, "deadline", update, actions)
            await self._auto_moves(game, update, actions)
            update = await self._commit(game, update, actions)
            return TimerEvent("deadline", update.game, seat, update)

    # --- internals ---------------------------------------------------------------------------------

    @staticmethod
    def _check_version(game: LoadedGame, expected_version: int | None) -> None:
        """Refuse an action made on an older version of the game (storage checks again at commit)."""
        if expected_version is not None and expected_version != game.row.version:
            raise GameError("stale")

    def _rule(self, game: LoadedGame, action: ChooseGoals | Turn) -> TurnOutcome | None:
        """Apply ``action`` to the in-memory state through the rules core (nothing is saved yet)."""
        assert game.state is not None
        state = game.state
        try:
            return state.apply(action)
        except RuleViolation as exc:
            if exc.code == "stale":
                raise GameError("stale") from None
            params = dict(exc.params)
            if exc.code == "not_your_turn":
                params["current_name"] = game.seat_row(state.current).name
            raise GameError("rule", message=exc.message, code_=exc.code, **params) from None

    async def _commit(self, game: LoadedGame, update: Update, actions: list[tuple[dict[str, Any], int | None]],
                      *, seats: list[SeatRow] | None = None, options: dict[str, Any] | None = None) -> Update:
        """Save one unit of work: the state after ``actions``, their log rows, the timers for whoever
        must act next, the results of a finished game and the announcement, in one transaction."""
        state = game.state
        assert state is not None
        now = self.clock()
        new_version = game.row.version + len(actions)
        status = ACTIVE if update.started else None
        if state.over:
            status = OVER
            update.finished = True
        after = LoadedGame(game.row, seats if seats is not None else game.seats, state)
        timers = self._timers_for(after, new_version, status or game.row.status, now)
        full = _dump(state)
        stored, actions = _log_once(game, state, actions)
        try:
            async with self.storage.transaction():
                await self.storage.commit_actions(
                    game.id, expected_version=game.row.version, state=stored, actions=actions, now=now,
                    status=status, timers=timers, outbox=update.to_outbox(), seats=seats,
                    outbox_state=full,
                )
                if options is None and "undo_request" in game.row.options:  # any move voids an open request
                    options = {k: v for k, v in game.row.options.items() if k != "undo_request"}
                if options is not None:
                    await self.storage.update_game(game.id, now=now, options=options)
                if update.finished:
                    await self._record_results(after)
        except StaleVersion:
            raise GameError("stale") from None
        update.game = await self.load(game.id)
        return update

    async def _auto_moves(self, game: LoadedGame, update: Update,
                          actions: list[tuple[dict[str, Any], int | None]]) -> None:
        """Let bots and absent players move, in memory, until a person must act or the game is over.

        A failing AI stops the chain: what was decided so far is saved, and the autoplay timer the
        commit leaves behind lets the timer loop try again.
        """
        state = game.state
        guard = 0
        try:
            while state is not None and not state.over and guard < 200:
                guard += 1
                if state.phase == "setup":
                    pending = [s for s in game.seats if s.auto_played and state.players[s.seat].needs_goals]
                    if not pending:
                        break
                    for s in pending:
                        policy = policy_by_name(s.bot_level or AUTO_PLAY_LEVEL, seed=game.id * 31 + s.seat)
                        goals = policy.choose_goals(build_view(state, s.seat))
                        self._rule(game, goals)
                        actions.append((goals.to_json(), None))
                    if state.phase != "setup":
                        update.setup_done = True
                    continue
                seat = game.current_seat
                if seat is None or not seat.auto_played:
                    break
                reason = "bot" if seat.is_bot else seat.status
                await self._auto_turn(game, seat.seat, reason, update, actions)
        except GameError:
            raise
        except Exception:
            log.exception("an automatic move in game %s failed; the timer loop will try again", game.id)

    async def _auto_turn(self, game: LoadedGame, seat: int, reason: str, update: Update,
                         actions: list[tuple[dict[str, Any], int | None]]) -> None:
        assert game.state is not None
        level = game.seat_row(seat).bot_level or AUTO_PLAY_LEVEL
        options = {"budget_ms": self.ai_budget_ms} if takes_budget(level) else {}
        policy = policy_by_name(level, seed=game.id * 1009 + seat, **options)
        view = build_view(game.state, seat)  # the AI sees only what this seat may see
        turn = await asyncio.to_thread(policy.choose_turn, view)
        outcome = self._rule(game, turn)
        assert outcome is not None
        actions.append((turn.to_json(), None))
        update.turns.append(TurnReport(seat, outcome, reason))

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

    def _timers_for(self, game: LoadedGame, version: int, status: str, now: float) -> list[TimerSpec]:
        """The timers a game needs at ``version``: an immediate autoplay when a bot or an absent player
        must move, else a reminder and a deadline for the person who must act (or none)."""
        state = game.state
        if status != ACTIVE or state is None or state.over:
            return []
        if state.phase == "setup":
            if any(s.auto_played and state.players[s.seat].needs_goals for s in game.seats):
                return [(AUTOPLAY, now, version, {})]
        else:
            current = game.current_seat
            if current is not None and current.auto_played:
                return [(AUTOPLAY, now, version, {"seat": current.seat})]
        hours = game.options.deadline_hours
        seat = game.current_seat or self._waiting_for_goals(game)
        if not hours or seat is None:
            return []
        remind, deadline = reminder_and_deadline(hours, now)
        payload = {"seat": seat.seat}
        return [("reminder", remind, version, payload), ("deadline", deadline, version, dict(payload))]

    def deadline_of(self, game: LoadedGame) -> float | None:
        hours = game.options.deadline_hours
        return None if not hours else game.row.updated_at + hours * 3600


def _dump(state: GameState) -> str:
    return json.dumps(state.to_json(), separators=(",", ":"))


RULE_ACTIONS = ("goals", "turn")  # the actions the rules core logs; the others are the service's own


def _log_once(game: LoadedGame, state: GameState, actions: list[tuple[dict[str, Any], int | None]]
              ) -> tuple[str, list[tuple[dict[str, Any], int | None]]]:
    """The state to store and the action rows to append, keeping the game log in one place.

    The rules core's log (every goal choice and turn, with what each turn did) is written into the
    action rows, and the stored state leaves it out; ``state_from_storage`` puts it back. A game
    saved before this scheme (its stored state holds a log, its old action rows no results) keeps
    its log in the state.
    """
    if game.row.state is not None and "log" in json.loads(game.row.state):
        return _dump(state), actions
    data = state.to_json()
    entries = data.pop("log")
    rule = [i for i, (a, _) in enumerate(actions) if a.get("type") in RULE_ACTIONS]
    out = list(actions)
    for i, entry in zip(rule, entries[len(entries) - len(rule):], strict=True):
        out[i] = (entry, actions[i][1])
    return json.dumps(data, separators=(",", ":")), out


def state_from_storage(data: dict[str, Any], actions: list[dict[str, Any]] | None) -> GameState:
    """A stored state, its log rebuilt from the game's action rows when the state leaves it out: the
    logged rule actions in order, less those an undo took back."""
    if actions is not None:
        entries: list[dict[str, Any]] = []
        for action in actions:
            kind = action.get("type")
            if kind in RULE_ACTIONS:
                entries.append(action)
            elif kind == "undo":
                del entries[len(entries) - int(action.get("count", 1)):]
        data = {**data, "log": entries}
    return GameState.from_json(data)


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
