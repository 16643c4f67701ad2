"""Cat in the Box through the game contract (``calico_bot.core.game_contract``)."""

from __future__ import annotations

from typing import Any

from ...core.errors import RecordError, RuleViolation
from ...core.game_contract import Applied, GamePlugin, Prompt, SeatResult
from . import contract as citb
from .ai.policies import make_policy
from .engine.game import GameState
from .engine.game import Prompt as EnginePrompt

LEVELS = {"easy": "random", "medium": "greedy", "hard": "strong"}  # the words players see -> policies


class CatInTheBoxPlugin(GamePlugin):
    key = citb.KEY
    name = "Cat in the Box"
    state_format = citb.STATE_FORMAT
    record_format = citb.RECORD_FORMAT
    seats = citb.SEATS
    bot_levels = tuple(LEVELS)
    default_level = "hard"

    def choose(self, view: dict[str, Any], prompt: Prompt, *, level: str, seed: int) -> dict[str, Any]:
        policy = make_policy(LEVELS.get(level, level), seed)
        own = EnginePrompt(prompt.seat, prompt.kind, prompt.key, prompt.sealed)
        return policy.choose(view, own).to_json()

    def parse_options(self, raw: dict[str, Any], seats: int) -> dict[str, Any]:
        return citb.parse_options(raw, seats)

    def new_state(self, options: dict[str, Any], names: list[str], seed: int) -> GameState:
        return citb.new_state(options, names, seed)

    def dump(self, state: GameState) -> dict[str, Any]:
        return citb.dump(state)

    def load(self, data: dict[str, Any]) -> GameState:
        return citb.load(data)

    def version(self, state: GameState) -> int:
        return citb.version(state)

    def awaiting(self, state: GameState) -> tuple[Prompt, ...]:
        return tuple(Prompt(p.seat, p.kind, p.key, p.sealed) for p in citb.awaiting(state))

    def legal_actions(self, state: GameState, prompt: Prompt) -> list[dict[str, Any]]:
        own = next((p for p in citb.awaiting(state) if (p.seat, p.kind, p.key) == (prompt.seat, prompt.kind,
                                                                                    prompt.key)), None)
        return [] if own is None else [a.to_json() for a in citb.legal_actions(state, own)]

    def apply(self, state: GameState, action: dict[str, Any]) -> Applied:
        try:
            parsed = citb.action_from_json(action)
        except RecordError as exc:
            raise RuleViolation("bad_action", str(exc)) from None
        done = citb.apply(state, parsed)
        # A played card leaves a hidden hand for the table; bids and sealed set-asides show nothing hidden.
        return Applied(done.seat, done.kind, dict(done.public), revealed=done.kind == "play" or done.round_over,
                       resolved_sealed=done.resolved_sealed, game_over=done.game_over)

    def view_for(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return citb.view_for(state, seat)

    def is_over(self, state: GameState) -> bool:
        return state.over

    def result(self, state: GameState) -> list[SeatResult]:
        return [SeatResult(r["seat"], r["name"], r["total"], r["rank"], tuple(r["tie_break"][1:]))
                for r in citb.result(state)]

    def record(self, state: GameState, *, hidden: bool) -> dict[str, Any]:
        # The record holds finished rounds only, whose hands are public once played out.
        return citb.record(state)

    def replay(self, record: dict[str, Any]) -> GameState:
        return citb.replay(record)


PLUGIN = CatInTheBoxPlugin()
