"""Calico through the game contract (``calico_bot.core.game_contract``): thin calls into its rules core."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from calico_bot.games.calico.engine.actions import ChooseGoals, action_from_json
from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameOptions, GameState, legal_turns, new_game, replay_full_record
from calico_bot.games.calico.engine.record import FORMAT as RECORD_FORMAT

from ...core.errors import RecordError, RuleViolation
from ...core.game_contract import Applied, DailyAdapter, GamePlugin, Prompt, SeatResult, competition_ranks

OPTION_KEYS = ("mode", "lower_variance", "solo_setup", "scenario")


class CalicoPlugin(GamePlugin):
    key = "calico"
    name = "Calico"
    state_format = "calico-state/1"
    record_format = RECORD_FORMAT
    seats = range(1, 5)
    own_cog = "cogs.calico"  # its own service and cog (lobby options, panels, images, hints, the coach)

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

    def load_saved(self, data: dict[str, Any], actions: list[dict[str, Any]]) -> GameState:
        from .service import state_from_storage  # Calico's service keeps the game log in the action rows

        return state_from_storage(data, None if "log" in data else actions)

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

    def make_service(self, storage: Any, **settings: Any) -> Any:
        from .service import CalicoGames  # Calico keeps its own service on the shared table base

        return CalicoGames(storage, **settings)

    @property
    def daily(self) -> DailyAdapter:
        from .daily import ADAPTER  # on first use: the AI and the texts stay out of light start-ups

        return ADAPTER


PLUGIN = CalicoPlugin()
