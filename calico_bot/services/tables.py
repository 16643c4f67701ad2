"""What every game shares as the bot runs it: people, lobbies, seats, finding a game, the host's powers.

A game service (:class:`TableService` subclass) adds the game's own moves. Everything here is about
rows (games, seats) and people (Discord user ids); nothing imports Discord or a game.

Concurrency: every game service of one process shares one :class:`GameLocks`, so a unit of work on
a game (a move, a timer, a lobby change) is never interleaved with another on the same game, and a
graceful shutdown can wait for all of them.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..storage.interface import Storage
from ..storage.models import ACTIVE, ENDED, LOBBY, OPEN_STATUSES, OVER, GameRow, SeatRow

MAX_DEADLINE_HOURS = 24 * 14
MIN_DEADLINE_MINUTES = 10  # shorter turns would have the bot play for people who are still reading
MAX_ID = 2**63 - 1  # SQLite's integer range: larger ids name no game
TIMER_LEASE_SECONDS = 120.0  # a claimed timer fires again if its claimant has not finished by then
AUTOPLAY = "autoplay"  # a timer due at once: a bot or an absent player must move
DEFAULT_MAX_OPEN_LOBBIES = 3  # unstarted lobbies one member may host in one server (MAX_OPEN_LOBBIES; 0: no limit)
LOBBIES_LISTED = 5  # open lobbies named in the refusal over the limit (each with its end command)


class GameError(Exception):
    """A request the service refuses; ``code`` is a message key, ``params`` fill it in."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params


class GameCorrupt(GameError):
    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__("game_corrupt", game=game_id, reason=reason)


@dataclass(slots=True)
class Person:
    user_id: int
    name: str
    is_moderator: bool = False  # Manage Server in the server the command came from (or bot owner/admin)
    guild_id: int | None = None  # the server the command came from: a game answers only its own server
    is_bot_admin: bool = False  # OWNER_IDS / ADMIN_IDS: host powers in every server


class _Anywhere:
    """Marker: load a game whichever server it belongs to (timers, the bot's own work)."""


ANYWHERE = _Anywhere()


class GameLocks:
    """One lock per game, shared by every game service of the process."""

    def __init__(self) -> None:
        self._locks: dict[int, asyncio.Lock] = {}

    def __call__(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    async def drain(self, timeout: float = 15.0) -> bool:
        """Wait until no unit of work is in flight (for a graceful shutdown); False on timeout."""
        async def settle() -> None:
            while any(lock.locked() for lock in self._locks.values()):
                await asyncio.sleep(0.02)

        try:
            await asyncio.wait_for(settle(), timeout)
            return True
        except TimeoutError:
            return False


@dataclass(slots=True)
class Table:
    """A game as loaded: its row, its seats and its rules state (None in the lobby)."""

    row: GameRow
    seats: list[SeatRow]
    state: Any

    @property
    def id(self) -> int:
        return self.row.id

    def seat_of(self, user_id: int) -> int | None:
        return next((s.seat for s in self.seats if s.user_id == user_id), None)

    def seat_row(self, seat: int) -> SeatRow:
        return next(s for s in self.seats if s.seat == seat)

    @property
    def deadline_hours(self) -> float | None:
        return self.row.options.get("deadline_hours")

    @property
    def lang(self) -> str:
        return str(self.row.options.get("lang", "en"))


def check_deadline(hours: float | None) -> float | None:
    """None or 0: no deadline; otherwise between MIN_DEADLINE_MINUTES and MAX_DEADLINE_HOURS."""
    if hours is None or hours == 0:
        return None
    if not isinstance(hours, int | float) or hours != hours or not (
        MIN_DEADLINE_MINUTES / 60 <= hours <= MAX_DEADLINE_HOURS
    ):
        raise GameError("bad_deadline", max=MAX_DEADLINE_HOURS, min_minutes=MIN_DEADLINE_MINUTES)
    return float(hours)


def reminder_and_deadline(hours: float, now: float) -> tuple[float, float]:
    """When to remind and when the deadline falls for a decision that opens at ``now``."""
    deadline = now + hours * 3600
    return deadline - min(hours * 3600 / 4, 3 * 3600), deadline


class TableService:
    """Lobby, seats and lookups for one game kind. Subclasses load the state and make the moves."""

    kind: ClassVar[str]
    bot_levels: ClassVar[tuple[str, ...]] = ()
    level_aliases: ClassVar[dict[str, str]] = {}
    max_seats: ClassVar[int] = 4

    def __init__(self, storage: Storage, *, clock: Callable[[], float] = time.time,
                 instance_id: str | None = None, locks: GameLocks | None = None,
                 max_open_lobbies: int = DEFAULT_MAX_OPEN_LOBBIES) -> None:
        self.storage = storage
        self.clock = clock
        self.instance_id = instance_id or secrets.token_hex(6)
        self.locks = locks or GameLocks()
        self.max_open_lobbies = max_open_lobbies
        # The slash command of every game kind, to name in refusals about other games (the bot fills it in).
        self.commands: dict[str, str] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        return self.locks(game_id)

    async def drain(self, timeout: float = 15.0) -> bool:
        return await self.locks.drain(timeout)

    check_deadline = staticmethod(check_deadline)

    # --- loading -----------------------------------------------------------------------------------

    async def _rows(self, game_id: int, guild_id: int | _Anywhere | None) -> tuple[GameRow, list[SeatRow]]:
        """The game's row and seats. With ``guild_id``, only a game of that server is found: another
        server's game (or another game kind) answers exactly like a game that does not exist."""
        if not 0 < game_id <= MAX_ID:
            raise GameError("no_such_game", game=game_id)
        row = await self.storage.get_game(game_id)
        if row is None or row.kind != self.kind or (guild_id is not ANYWHERE and row.guild_id != guild_id):
            raise GameError("no_such_game", game=game_id)
        return row, await self.storage.get_seats(game_id)

    async def load(self, game_id: int, *, guild_id: int | _Anywhere | None = ANYWHERE) -> Any:
        raise NotImplementedError

    async def load_for(self, game_id: int, person: Person) -> Any:
        """The game as ``person`` may reach it: only from the game's own server."""
        return await self.load(game_id, guild_id=person.guild_id)

    async def games_here(self, channel_id: int) -> list[GameRow]:
        return await self.storage.find_games(channel_id=channel_id, statuses=OPEN_STATUSES, kind=self.kind)

    async def games_of(self, user_id: int, guild_id: int | None = None) -> list[GameRow]:
        return await self.storage.find_games(user_id=user_id, guild_id=guild_id, statuses=OPEN_STATUSES,
                                             kind=self.kind)

    async def resolve(self, *, game_id: int | None, channel_id: int, user_id: int, guild_id: int | None) -> Any:
        """Find the game a command means: named, the game of this thread, or the user's one game here.
        A named game must belong to the server the command came from."""
        if game_id is not None:
            return await self.load(game_id, guild_id=guild_id)
        in_thread = await self.storage.find_games(thread_id=channel_id, kind=self.kind)
        if in_thread:
            return await self.load(in_thread[-1].id, guild_id=guild_id)
        here = await self.games_here(channel_id)
        mine_ids = {r.id for r in await self.storage.find_games(channel_id=channel_id, user_id=user_id,
                                                                statuses=OPEN_STATUSES, kind=self.kind)}
        mine = [g for g in here if g.id in mine_ids]
        candidates = mine or here
        if len(candidates) == 1:
            return await self.load(candidates[0].id, guild_id=guild_id)
        if not candidates:
            # Nothing open here: the latest finished game, so status, board and export still work.
            finished = await self.storage.find_games(channel_id=channel_id, kind=self.kind)
            if finished:
                return await self.load(finished[-1].id, guild_id=guild_id)
            raise GameError("no_game_here")
        raise GameError("which_game", games=", ".join(f"#{g.id}" for g in candidates))

    # --- lobby -------------------------------------------------------------------------------------

    async def _create(self, *, guild_id: int | None, channel_id: int, host: Person, options: dict[str, Any]) -> Any:
        """Open a lobby with the host in seat 0, unless the host already has ``max_open_lobbies``
        unstarted lobbies in this server (of any game). The count and the new game are one transaction
        under a lock on the host, so two commands sent at once cannot both pass the count."""
        async with self.storage.transaction():
            if self.max_open_lobbies > 0:
                await self.storage.hold_host(guild_id, host.user_id)
                await self._check_lobby_limit(guild_id, host)
            row = await self.storage.create_game(kind=self.kind, guild_id=guild_id, channel_id=channel_id,
                                                 host_id=host.user_id, options=options, now=self.clock())
            await self.storage.add_seat(SeatRow(row.id, 0, host.user_id, host.name))
        return await self.load(row.id)

    async def _check_lobby_limit(self, guild_id: int | None, host: Person) -> None:
        rows = await self.storage.find_games(guild_id=guild_id, host_id=host.user_id, statuses=(LOBBY,))
        waiting = [r for r in rows if r.guild_id == guild_id]
        if len(waiting) >= self.max_open_lobbies:
            shown = waiting[:LOBBIES_LISTED]
            close = "; ".join(f"#{r.id}: `/{self.commands.get(r.kind, r.kind)} end game: {r.id}`" for r in shown)
            close += "; …" if len(waiting) > len(shown) else ""
            raise GameError("lobby_limit", count=len(waiting), limit=self.max_open_lobbies, lobbies_=close)

    async def attach_messages(self, game_id: int, *, thread_id: int | None, lobby_message_id: int) -> None:
        """Remember the game's thread (None: it plays in its channel) and its lobby message."""
        await self.storage.update_game(game_id, now=self.clock(), thread_id=thread_id,
                                       lobby_message_id=lobby_message_id)

    @staticmethod
    def seat_limit(game: Table) -> int:
        return int(game.row.options.get("seats", 4))

    async def join(self, game_id: int, person: Person) -> Any:
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            self._need_lobby(game)
            if game.seat_of(person.user_id) is not None:
                raise GameError("already_joined")
            if len(game.seats) >= self.seat_limit(game):
                raise GameError("lobby_full", seats=self.seat_limit(game))
            await self.storage.add_seat(SeatRow(game_id, _free_seat(game), person.user_id, person.name))
            return await self.load(game_id)

    async def add_bot(self, game_id: int, person: Person, level: str) -> Any:
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            self._need_lobby(game)
            self._need_host(game, person)
            level = level.strip().lower()
            level = self.level_aliases.get(level, level)
            if level not in self.bot_levels:
                raise GameError("bad_bot_level", levels=", ".join(self.bot_levels))
            if len(game.seats) >= self.seat_limit(game):
                raise GameError("lobby_full", seats=self.seat_limit(game))
            number = sum(1 for s in game.seats if s.is_bot) + 1
            await self.storage.add_seat(SeatRow(game_id, _free_seat(game), None, f"Bot {number} ({level})", level))
            return await self.load(game_id)

    async def leave(self, game_id: int, person: Person) -> Any:
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            if game.row.status == ACTIVE and game.seat_of(person.user_id) is not None:
                raise GameError("leave_started", game=game_id)
            self._need_lobby(game)
            seat = game.seat_of(person.user_id)
            if seat is None:
                raise GameError("not_in_lobby")
            humans = [s for s in game.seats if s.seat != seat and not s.is_bot]
            async with self.storage.transaction():
                await self.storage.remove_seat(game_id, seat)
                if not humans:
                    await self.storage.update_game(game_id, now=self.clock(), status=ENDED)
                elif game.row.host_id == person.user_id:
                    await self.storage.update_game(game_id, now=self.clock(), host_id=humans[0].user_id)
            return await self.load(game_id)

    def check_can_remove(self, game: Table, person: Person) -> None:
        """Refuse now (before offering a menu of players) what ``remove`` would refuse of anyone."""
        self._need_host(game, person)
        if game.row.status == ACTIVE:
            raise GameError("remove_started", game=game.id, command=self.command)
        self._need_lobby(game)

    async def remove(self, game_id: int, person: Person, *, user_id: int | None = None,
                     bot_seat: int | None = None) -> tuple[Any, SeatRow]:
        """The host takes a player (by user id) or a bot (by seat) out of a lobby that has not started.
        The seat goes and the removed player is told in the game's thread (mentioning only them), in one
        transaction. Returns the lobby as it is now and the seat that was removed."""
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            self.check_can_remove(game, person)
            if user_id is not None and user_id == person.user_id:
                raise GameError("remove_self", game=game_id, command=self.command)
            target = next((s for s in game.seats if (s.user_id == user_id if user_id is not None
                                                     else s.is_bot and s.seat == bot_seat)), None)
            if target is None:
                raise GameError("remove_not_in_lobby", game=game_id)
            if target.user_id == game.row.host_id:
                raise GameError("remove_host", game=game_id, name=target.name, command=self.command)
            note = (("bot_removed_from_lobby", {"name": target.name, "game": game_id}) if target.is_bot else
                    ("removed_from_lobby", {"mention": f"<@{target.user_id}>", "by": person.name, "game": game_id}))
            update = self.update_class(game, notes=[note])
            async with self.storage.transaction():
                await self.storage.remove_seat(game_id, target.seat)
                await self.storage.add_outbox(game_id, version=game.row.version, payload=update.to_outbox(),
                                              state=None, now=self.clock())
            return await self.load(game_id), target

    @property
    def command(self) -> str:
        """This game's slash command, for refusals that point to another command."""
        return self.commands.get(self.kind, self.kind)

    def check_can_end(self, game: Table, person: Person) -> None:
        """Refuse now (before asking for confirmation) what ``end`` would refuse."""
        if game.row.status not in OPEN_STATUSES:
            raise GameError("game_finished")
        self._need_host(game, person)

    # --- leaving, ending ----------------------------------------------------------------------------
    # A subclass names its announcement class and makes the game's own units of work.

    update_class: ClassVar[Any]

    async def _auto_moves(self, game: Any, update: Any, logged: list[tuple[dict[str, Any], int | None]]) -> None:
        """Let bots and absent players act, in memory, until a person must act."""
        raise NotImplementedError

    async def _commit(self, game: Any, update: Any, logged: list[tuple[dict[str, Any], int | None]], *,
                      seats: list[SeatRow] | None = None) -> Any:
        """Save one unit of work (state, log rows, timers, announcement) in one transaction."""
        raise NotImplementedError

    async def resign(self, game_id: int, person: Person) -> Any:
        async with self.lock(game_id):
            game = await self._active(game_id, person)
            return await self._seat_leaves(game, self._seat_for(game, person), "resigned", person)

    async def kick(self, game_id: int, person: Person, target_user: int) -> Any:
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            if game.row.status == LOBBY:
                raise GameError("kick_lobby", game=game_id, command=self.command)
            game = await self._active(game_id, person)
            self._need_host(game, person)
            seat = game.seat_of(target_user)
            if seat is None:
                raise GameError("target_not_player")
            if game.seat_row(seat).status != "active":
                raise GameError("no_longer_playing")
            return await self._seat_leaves(game, seat, "kicked", person)

    async def _seat_leaves(self, game: Any, seat: int, reason: str, person: Person) -> Any:
        """A player resigns or is kicked: the bot plays the seat from now on (one unit of work); with
        nobody left to play, the game ends."""
        name = game.seat_row(seat).name
        seats = [SeatRow(s.game_id, s.seat, s.user_id, s.name, s.bot_level, reason if s.seat == seat else s.status)
                 for s in game.seats]
        game.seats = seats
        update = self.update_class(game, notes=[(reason, {"name": name})])
        if all(s.auto_played for s in seats):
            update.notes.append(("ended_no_players", {}))
            async with self.storage.transaction():
                await self.storage.set_seats(game.id, seats)
                await self.storage.end_game(game.id, status=ENDED, now=self.clock(), outbox=update.to_outbox())
            update.game = await self.load(game.id)
            return update
        logged: list[tuple[dict[str, Any], int | None]] = [({"type": reason, "player": seat}, person.user_id)]
        await self._auto_moves(game, update, logged)
        return await self._commit(game, update, logged, seats=seats)

    async def end(self, game_id: int, person: Person) -> Any:
        """End an open game (host, or Manage Server in the game's own server); announced in its thread."""
        async with self.lock(game_id):
            game = await self.load_for(game_id, person)
            self.check_can_end(game, person)
            update = self.update_class(game, ended_by=person.name)
            outbox = update.to_outbox() if game.row.thread_id else None  # else the reply says it
            await self.storage.end_game(game_id, status=ENDED, now=self.clock(), outbox=outbox)
            update.game = await self.load(game_id)
            return update

    # --- undo requests ---------------------------------------------------------------------------------
    # An undo that would take back something the table has seen (a drawn tile, a played card) needs the
    # other people's consent. The open request lives in the game's options with the version it was made
    # at: any move since voids it.

    async def _ask_undo(self, game: Table, seat: int, count: int, payload: dict[str, Any]) -> dict[str, Any]:
        """Open an undo request; ``payload`` is the announcement (it asks the others)."""
        request = {"seat": seat, "version": game.row.version, "count": count, "accepted": []}
        async with self.storage.transaction():
            await self.storage.update_game(game.id, now=self.clock(), options={**game.row.options,
                                                                               "undo_request": request})
            await self.storage.add_outbox(game.id, version=game.row.version, payload=payload, state=None,
                                          now=self.clock())
        return request

    def _open_request(self, game: Table, person: Person) -> tuple[dict[str, Any], int]:
        """The open undo request ``person`` may answer, and their seat."""
        seat = self._seat_for(game, person)
        request = game.row.options.get("undo_request")
        if not request or request.get("version") != game.row.version:
            raise GameError("no_undo_request")
        if seat == request["seat"]:
            raise GameError("undo_own_request")
        return request, seat

    async def _undo_answered(self, game: Table, request: dict[str, Any], seat: int, *, accept: bool,
                             declined_payload: dict[str, Any]) -> dict[str, Any] | None:
        """Record one answer. Returns the request while others must still agree, None once it is
        settled: refused (announced with ``declined_payload``) or agreed by all (the caller undoes)."""
        options = {k: v for k, v in game.row.options.items() if k != "undo_request"}
        if not accept:
            async with self.storage.transaction():
                await self.storage.update_game(game.id, now=self.clock(), options=options)
                await self.storage.add_outbox(game.id, version=game.row.version, payload=declined_payload,
                                              state=None, now=self.clock())
            return None
        accepted = sorted({*request.get("accepted", []), seat})
        waiting = [s for s in game.seats if not s.auto_played and s.seat != request["seat"] and s.seat not in accepted]
        if waiting:
            request = {**request, "accepted": accepted}
            await self.storage.update_game(game.id, now=self.clock(), options={**options, "undo_request": request})
            return request
        game.row.options = options
        return None

    # --- checks ------------------------------------------------------------------------------------

    async def _active(self, game_id: int, person: Person) -> Any:
        game = await self.load_for(game_id, person)
        if game.row.status == LOBBY:
            raise GameError("not_started")
        if game.row.status in (OVER, ENDED) or game.state is None:
            raise GameError("game_finished")
        return game

    @staticmethod
    def _need_lobby(game: Table) -> None:
        if game.row.status != LOBBY:
            raise GameError("already_started" if game.row.status == ACTIVE else "game_finished")

    @staticmethod
    def _need_host(game: Table, person: Person) -> None:
        if person.user_id == game.row.host_id or person.is_bot_admin:
            return
        if person.is_moderator and person.guild_id == game.row.guild_id:
            return
        raise GameError("host_only")

    @staticmethod
    def _seat_for(game: Table, person: Person) -> int:
        seat = game.seat_of(person.user_id)
        if seat is None:
            raise GameError("not_a_player")
        if game.seat_row(seat).status != "active":
            raise GameError("no_longer_playing")
        return seat


def _free_seat(game: Table) -> int:
    taken = {s.seat for s in game.seats}
    return next(i for i in range(8) if i not in taken)


__all__ = ["ANYWHERE", "AUTOPLAY", "DEFAULT_MAX_OPEN_LOBBIES", "MAX_DEADLINE_HOURS", "MAX_ID", "MIN_DEADLINE_MINUTES",
           "TIMER_LEASE_SECONDS", "GameCorrupt", "GameError", "GameLocks", "Person", "Table", "TableService",
           "check_deadline", "reminder_and_deadline"]
