"""Calico games as the bot runs them: the shared plug-in service (``services.plugin_games``) with
Calico's lobby options, its turn and goal-choice calls, hints and the coach.

This layer knows people (Discord user ids) and storage; the rules live in ``calico_bot.games.calico.engine``
and every action goes through the plug-in (``plugin.py``), so through ``GameState.apply``. It imports
nothing from Discord: the cog translates interactions into these calls and the returned updates into
messages.

What the plug-in service does for Calico as for every game: the goal choice at setup is one sealed
prompt per player (answered in any order, at the same moment too, shown to nobody until the last is
in); a turn is the current player's prompt; every seat and prompt has its own reminder and deadline,
and a missed one is played by the strong AI for that seat only; an undo of a turn whose market refill
showed a tile from the bag needs the other people's consent; every change is one unit of work (state,
log rows, timers and announcement in one transaction, compared and set on the game's version).

The game log is saved once, in the action rows (each turn with what it did); the saved state leaves it
out (``CalicoPlugin.dump_saved``) and loading puts it back. Games saved by the service this one replaced
keep working: their action rows ("goals" and "turn" rows, a start row without the seed) are read as the
plug-in service's rows, their timers without a prompt key belong to the seat's open prompt, and their
waiting announcements are read in their old form.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from calico_bot.core.errors import RuleViolation
from calico_bot.core.game_contract import Prompt
from calico_bot.games.calico.ai.budget import DEFAULT_BUDGET_MS
from calico_bot.games.calico.ai.registry import policy_by_name
from calico_bot.games.calico.ai.view import build_view
from calico_bot.games.calico.coach import Review, review_game
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameState, replay_full_record
from calico_bot.games.calico.engine.record import MODES
from calico_bot.services.plugin_games import ACT, Logged, PluginGames, PluginTable, TableUpdate
from calico_bot.services.tables import (
    DEFAULT_MAX_OPEN_LOBBIES,
    GameCorrupt,
    GameError,
    GameLocks,
    Person,
)
from calico_bot.storage.interface import Storage
from calico_bot.storage.models import ACTIVE, OVER

from .plugin import PLUGIN, decide, log_entry
from .table import GOALS_KEY, LoadedGame, LobbyOptions, TurnReport, Update

KIND = PLUGIN.key
BOT_LEVELS = PLUGIN.bot_levels  # the words players see; the AI registry maps them to policies
OLD_LEVEL_WORDS = {"random": "easy", "greedy": "medium", "strong": "hard"}  # still accepted


@dataclass(slots=True)
class Hint:
    """What was played at one turn of a finished solo game, and what the strong AI would have played."""

    turn: int
    hand: list[int]
    market: list[int | None]
    played: Turn
    suggested: Turn


def upgrade_row(action: dict[str, Any], user_id: int | None) -> dict[str, Any]:
    """An action row as the plug-in service logs it; a "goals" or "turn" row saved by the service this
    one replaced becomes the same rule action (a turn saved without what it did counts as revealing)."""
    kind = action.get("type")
    if kind not in ("goals", "turn"):
        return action
    entry = log_entry(action)
    assert entry is not None
    result = action.get("result")
    sealed = kind == "goals"
    revealed = not sealed and (not result or result.get("took") is not None)
    return {"type": ACT, "seat": int(action["player"]), "kind": kind, "public": {} if sealed else dict(result or {}),
            "auto": None if user_id is not None else "bot", "sealed": sealed, "resolved": False,
            "key": GOALS_KEY if sealed else "turn", "revealed": revealed,
            "action": {k: v for k, v in entry.items() if k != "result"}}


class CalicoGames(PluginGames):
    update_class = Update
    table_class = LoadedGame
    level_aliases = OLD_LEVEL_WORDS

    def __init__(self, storage: Storage, *, clock: Callable[[], float] | None = None,
                 ai_budget_ms: int = DEFAULT_BUDGET_MS,
                 instance_id: str | None = None, locks: GameLocks | None = None,
                 max_open_lobbies: int = DEFAULT_MAX_OPEN_LOBBIES) -> None:
        extra = {} if clock is None else {"clock": clock}
        super().__init__(storage, PLUGIN, instance_id=instance_id, locks=locks, max_open_lobbies=max_open_lobbies,
                         **extra)
        self.ai_budget_ms = ai_budget_ms

    async def log_rows(self, game_id: int) -> list[dict[str, Any]]:
        return [upgrade_row(a.action, a.user_id) for a in await self.storage.get_actions(game_id)]

    # --- lobby -------------------------------------------------------------------------------------

    async def create(self, *, guild_id: int | None, channel_id: int, host: Person,  # type: ignore[override]
                     options: LobbyOptions) -> LoadedGame:
        if options.mode not in MODES:
            raise GameError("bad_mode", game_=KIND, mode=options.mode)
        if options.mode == "solo":
            options.seats = 1
        if not 1 <= options.seats <= 4:
            raise GameError("bad_seats", game_=KIND)
        if options.seats == 1 and options.mode != "solo":
            options.mode = "solo"
        if options.lower_variance and options.seats > 2:
            raise GameError("lower_variance_seats", game_=KIND)
        if options.scenario is not None and (options.mode != "solo" or not 1 <= options.scenario <= 10):
            raise GameError("bad_scenario", game_=KIND)
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
                raise GameError("need_two_players", game_=KIND)
            if opts.lower_variance and n > 2:
                raise GameError("lower_variance_seats", game_=KIND)
        options = {"mode": opts.mode, "lower_variance": opts.lower_variance, "solo_setup": opts.solo_setup,
                   "scenario": opts.scenario}
        return await self._start(game_id, person, options, seed=seed)  # type: ignore[return-value]

    # --- playing -----------------------------------------------------------------------------------

    async def choose_goals(
        self, game_id: int, person: Person, goals: dict[str, str], expected_version: int | None = None
    ) -> Update:
        """``person`` arranges their design goals: a sealed answer, so no version check (another player's
        choice moves the version on without making this one stale)."""
        return await self.act(game_id, person, GOALS_KEY,  # type: ignore[return-value]
                              lambda seat: ChooseGoals(seat, dict(goals)).to_json())

    async def play(self, game_id: int, person: Person, *, tile: int, space: str, take: int | None,
                   expected_version: int | None = None) -> Update:
        return await self.act(game_id, person, None,  # type: ignore[return-value]
                              lambda seat: Turn(seat, tile, space, take).to_json(), expected_version=expected_version)

    def _no_prompt(self, game: PluginTable, seat: int, action: dict[str, Any] | None = None) -> None:
        """Refused in the rules' own words ("It is not your turn: bo is to move.")."""
        state = game.state
        assert isinstance(state, GameState)
        if action is not None:
            try:
                self.plugin.apply(self.plugin.load(self.plugin.dump(state)), action)
            except RuleViolation as exc:
                params = dict(exc.params)
                if exc.code == "not_your_turn":
                    params["current_name"] = game.seat_row(state.current).name
                raise GameError("rule", message=exc.message, code_=exc.code, game_=KIND, **params) from None
        super()._no_prompt(game, seat)

    # --- undo ----------------------------------------------------------------------------------------

    def _undoable(self, game: PluginTable, rows: list[dict[str, Any]], seat: int) -> tuple[int, bool]:
        """Only a turn can be taken back: a goal choice at setup stands (as on the table, once placed)."""
        count, revealed = super()._undoable(game, rows, seat)
        standing = self.standing(rows)
        if standing[len(standing) - count].get("kind") != "turn":
            raise GameError("nothing_to_undo")
        return count, revealed

    async def _take_back(self, game: PluginTable, rows: list[dict[str, Any]], seat: int, count: int,
                         person: Person, *, options: dict[str, Any] | None = None) -> TableUpdate:
        """The position before the last ``count`` actions, replayed from the seed (the game's full record
        less those actions: the same for games saved before the plug-in service)."""
        state = game.state
        assert isinstance(state, GameState)
        record = state.to_record(include_hidden=True)
        record["actions"] = record["actions"][:-count]
        record.pop("placements")
        previous = replay_full_record(record)
        previous.version = state.version + 1  # versions only ever grow
        game.state = previous
        key = "undone" if count == 1 else "undone_with_bots"
        update = self.update_class(game, notes=[(key, {"name": game.seat_row(seat).name, "n": count - 1})], ping=True)
        return await self._commit(game, update, [({"type": "undo", "player": seat, "count": count}, person.user_id)],
                                  options=options)

    async def review(self, game_id: int, person: Person) -> tuple[dict[str, Any], Review]:
        """The coach's review of ``person``'s own play in a finished game: the full record (for the
        images) and the review, decided turn by turn from what that player could see then."""
        game = await self.load_for(game_id, person)
        if game.state is None or not game.state.over:
            raise GameError("review_finished_only", game_=KIND)
        seat = game.seat_of(person.user_id)
        if seat is None:
            raise GameError("review_not_player", game_=KIND)
        record = game.state.to_record(include_hidden=True)
        # The actions the bot played for a player (resigned, kicked, out of time) are marked, not judged.
        standing = self.standing(await self.log_rows(game_id))
        by_bot = [i for i, row in enumerate(standing) if row.get("auto")] if len(standing) == len(
            record["actions"]) else []
        review = await asyncio.to_thread(review_game, record, seat, bot_actions=by_bot)
        return record, review

    async def hint(self, game_id: int, person: Person, turn: int) -> Hint:
        """For a finished solo game: the strong AI's choice at ``turn`` (1-22), next to the move made.

        Only finished games: a hint during play would be the AI playing for you.
        """
        game = await self.load_for(game_id, person)
        if game.state is None or not game.state.over:
            raise GameError("hint_finished_only", game_=KIND)
        if len(game.seats) != 1:
            raise GameError("hint_solo_only", game_=KIND)
        turns = [e for e in game.state.log if e["type"] == "turn"]
        if not 1 <= turn <= len(turns):
            raise GameError("hint_bad_turn", game_=KIND, last=len(turns))
        record = game.state.to_record(include_hidden=True)
        record.pop("placements")
        setup = [a for a in record["actions"] if a["type"] != "turn"]
        record["actions"] = setup + [{k: v for k, v in e.items() if k != "result"} for e in turns[: turn - 1]]
        before = replay_full_record(record)
        played = Turn(0, turns[turn - 1]["tile"], turns[turn - 1]["space"], turns[turn - 1]["take"])
        policy = policy_by_name("strong", seed=game_id * 7919 + turn, budget_ms=self.ai_budget_ms)
        suggested = await asyncio.to_thread(policy.choose_turn, build_view(before, 0))
        return Hint(turn, list(before.players[0].hand), list(before.market), played, suggested)

    # --- bots -------------------------------------------------------------------------------------------

    async def _answer_for(self, game: PluginTable, prompt: Prompt, level: str, reason: str,
                          update: TableUpdate, logged: Logged) -> None:
        """The AI answers ``prompt`` for its seat, from that seat's view only (``build_view``), with the
        bot's time budget; a goal choice made at a missed deadline is said in the announcement."""
        state = game.state
        assert isinstance(state, GameState)
        seen = build_view(state, prompt.seat)
        seed = game.id * (31 if prompt.kind == GOALS_KEY else 1009) + prompt.seat
        action = await asyncio.to_thread(decide, seen, prompt.kind, level, seed, self.ai_budget_ms)
        self._apply(game, prompt, action, update, logged, auto=reason)
        if prompt.kind == GOALS_KEY and reason == "deadline":  # one line naming everyone it chose for
            name = game.seat_row(prompt.seat).name
            if update.notes and update.notes[-1][0] == "goals_auto":
                update.notes[-1] = ("goals_auto", {"names": f"{update.notes[-1][1]['names']}, {name}"})
            else:
                update.notes.append(("goals_auto", {"names": name}))

    async def deadline_at(self, game: LoadedGame) -> float | None:
        """When the open decision of the player who must act falls due (the first still choosing goals
        during setup); None: no deadline."""
        seat = game.current_seat
        if seat is None and game.state is not None and game.state.phase == "setup":
            seat = next((s for s in game.seats if not s.auto_played and game.state.players[s.seat].needs_goals), None)
        if seat is None:
            return None
        return self.deadline_of(await self.storage.get_timers(game.id), seat.seat)


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
    "TurnReport",
    "Update",
]
