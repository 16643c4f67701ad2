"""Calico through the game contract (``calico_bot.core.game_contract``): thin calls into its rules core."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from calico_bot.games.calico.engine.actions import ChooseGoals, action_from_json
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameOptions, GameState, legal_turns, new_game, replay_full_record
from calico_bot.games.calico.engine.record import FORMAT as RECORD_FORMAT
from calico_bot.games.calico.messages import MESSAGES

from ...core.errors import RecordError, RuleViolation
from ...core.game_contract import Applied, DailyAdapter, GamePlugin, Prompt, SeatResult, competition_ranks

OPTION_KEYS = ("mode", "lower_variance", "solo_setup", "scenario")


class CalicoPlugin(GamePlugin):
    key = "calico"
    name = "Calico"
    state_format = "calico-state/1"
    record_format = RECORD_FORMAT
    seats = range(1, 5)
    own_cog = "cogs.calico"  # its own cog (lobby options, panels, images, hints, the coach) and service:
    service_class = "calico_bot.games.calico.service:CalicoGames"
    bot_levels = ("easy", "medium", "hard")  # the words players see; the AI registry maps them to policies
    default_level = "hard"  # what plays for absent, kicked, resigned and timed-out seats
    messages = MESSAGES  # its own texts, under "calico." (registered in the catalog with the plug-in)

    def parse_options(self, raw: dict[str, Any], seats: int) -> dict[str, Any]:
        options = {k: raw[k] for k in OPTION_KEYS if k in raw}
        if seats == 1:
            options.setdefault("mode", "solo")
        try:
            GameOptions(players=[f"p{i}" for i in range(seats)], **options)
        except TypeError as exc:
            raise RuleViolation("bad_options", f"Calico options: {exc}") from None
        return options

    def new_state(self, options: dict[str, Any], names: list[str], seed: int) -> GameState:
        return new_game(GameOptions(players=list(names), **options), seed)

    def dump(self, state: GameState) -> dict[str, Any]:
        return state.to_json()

    def load(self, data: dict[str, Any]) -> GameState:
        return GameState.from_json(data)

    # The game log is saved once: in the action rows (each turn with what it did), not in every state.
    saved_with_actions = True

    def dump_saved(self, state: GameState) -> dict[str, Any]:
        data = state.to_json()
        data.pop("log")
        return data

    def load_saved(self, data: dict[str, Any], actions: list[dict[str, Any]]) -> GameState:
        return state_from_saved(data, actions)

    def version(self, state: GameState) -> int:
        return state.version

    def awaiting(self, state: GameState) -> tuple[Prompt, ...]:
        if state.over:
            return ()
        if state.phase == "setup":  # everyone arranges goals at once, and nobody sees another's
            return tuple(Prompt(i, "goals", "goals", sealed=True) for i, p in enumerate(state.players)
                         if p.needs_goals)
        return (Prompt(state.current, "turn", f"turn:{state.turns}"),)

    def legal_actions(self, state: GameState, prompt: Prompt) -> list[dict[str, Any]]:
        if prompt not in self.awaiting(state):
            return []
        if prompt.kind == "goals":
            offered = state.players[prompt.seat].offered
            return [ChooseGoals(prompt.seat, dict(zip(GOAL_SPACES, pick, strict=True))).to_json()
                    for pick in permutations(offered, 3)]
        return [turn.to_json() for turn in legal_turns(state)]

    def apply(self, state: GameState, action: dict[str, Any]) -> Applied:
        try:
            parsed = action_from_json(action)
        except RecordError as exc:
            raise RuleViolation("bad_action", str(exc)) from None
        was_setup = state.phase == "setup"
        outcome = state.apply(parsed)
        if outcome is None:  # a goal choice: sealed until everyone has chosen
            return Applied(parsed.player, "goals", resolved_sealed=was_setup and state.phase != "setup",
                           game_over=state.over)
        # A turn shows everyone the placed tile and, when the market refills, a tile from the bag.
        return Applied(parsed.player, "turn", outcome.to_json(), revealed=outcome.took is not None,
                       game_over=state.over)

    def choose(self, view: dict[str, Any], prompt: Prompt, *, level: str, seed: int,
               budget_ms: int | None = None) -> dict[str, Any]:
        """A bot's goal choice or turn, decided from ``view`` (that seat's view) alone."""
        from .ai.view import build_view

        return decide(build_view(GameState.from_view(view), prompt.seat), prompt.kind, level, seed, budget_ms)

    def view_for(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return state.view_for(seat)

    def is_over(self, state: GameState) -> bool:
        return state.over

    def result(self, state: GameState) -> list[SeatResult]:
        scores = state.scores()
        keys = [(s.total, s.cat_count, s.button_count) for s in scores]  # ties: cats, then buttons
        ranks = competition_ranks(keys)
        return [SeatResult(s.seat, s.name, s.total, ranks[i], keys[i][1:]) for i, s in enumerate(scores)]

    def record(self, state: GameState, *, hidden: bool) -> dict[str, Any]:
        return state.to_record(include_hidden=hidden)

    def replay(self, record: dict[str, Any]) -> GameState:
        return replay_full_record(record)

    @property
    def daily(self) -> DailyAdapter:
        from .daily import ADAPTER  # on first use: the AI and the texts stay out of light start-ups

        return ADAPTER


def decide(seen: Any, kind: str, level: str, seed: int, budget_ms: int | None = None) -> dict[str, Any]:
    """The AI of ``level`` decides a goal choice or a turn (``kind``) from ``seen``, a seat's
    ``ai.view.PlayerView``; ``budget_ms``: its time per move (default: the configured one)."""
    from calico_bot.core.ai_budget import budget_ms as configured_budget

    from .ai.registry import policy_by_name, takes_budget

    options = {"budget_ms": configured_budget() if budget_ms is None else budget_ms} if takes_budget(level) else {}
    policy = policy_by_name(level, seed=seed, **options)
    decided = policy.choose_goals(seen) if kind == "goals" else policy.choose_turn(seen)
    return decided.to_json()


def log_entry(row: dict[str, Any]) -> dict[str, Any] | None:
    """The rules core's log entry of one action row (None: a row of the service's own, like "start")."""
    kind = row.get("type")
    if kind in ("goals", "turn"):  # saved by Calico's service before it ran on the plug-in service
        return row
    if kind != "act":
        return None
    entry = action_from_json(row["action"]).to_json()
    if entry["type"] == "turn":
        entry["result"] = row.get("public")
    return entry


def state_from_saved(data: dict[str, Any], rows: list[dict[str, Any]]) -> GameState:
    """A saved state with its log: kept in the state by games saved before the log moved to the action
    rows, else the logged actions that stand (less those an undo took back). A turn logged without what
    it did (an old row) has its log rebuilt by replaying the game from its seed."""
    if "log" in data:
        return GameState.from_json(data)
    entries: list[dict[str, Any]] = []
    for row in rows:
        if row.get("type") == "undo":
            del entries[len(entries) - int(row.get("count", 1)):]
        elif (entry := log_entry(row)) is not None:
            entries.append(entry)
    if any(e["type"] == "turn" and not e.get("result") for e in entries):
        record = GameState.from_json({**data, "log": []}).to_record(include_hidden=True)
        record.pop("placements", None)
        record["actions"] = [{k: v for k, v in e.items() if k != "result"} for e in entries]
        again = replay_full_record(record)
        again.version = int(data["version"])
        return again
    return GameState.from_json({**data, "log": entries})


PLUGIN = CalicoPlugin()
