"""Cat in the Box seen through the game-plug-in contract sketched in the project's design notes.

The contract itself does not exist yet; this module gathers, under the names the sketch uses, the
functions a plug-in will need, so that the later Discord side only has to wrap them. All of them are
thin calls into the rules core.
"""

from __future__ import annotations

from typing import Any

from .engine.actions import Action, action_from_json
from .engine.components import MAX_PLAYERS, MIN_PLAYERS
from .engine.game import STATE_FORMAT, Applied, GameOptions, GameState, Prompt, new_game
from .engine.game import parse_options as _parse_options
from .engine.record import FORMAT as RECORD_FORMAT
from .engine.record import GAME_KEY, replay_record, to_record

KEY = GAME_KEY
SEATS = range(MIN_PLAYERS, MAX_PLAYERS + 1)

__all__ = ["KEY", "RECORD_FORMAT", "SEATS", "STATE_FORMAT", "Action", "Applied", "Prompt", "action_from_json",
           "apply", "awaiting", "dump", "legal_actions", "load", "new_state", "parse_options", "record", "replay",
           "result", "version", "view_for"]


def parse_options(raw: dict[str, Any], seats: int) -> dict[str, Any]:
    return _parse_options(raw, seats)


def new_state(options: dict[str, Any], names: list[str], seed: int) -> GameState:
    return new_game(GameOptions(list(names), options.get("start_player")), seed)


def dump(state: GameState) -> dict[str, Any]:
    return state.to_json()


def load(data: dict[str, Any]) -> GameState:
    return GameState.from_json(data)


def version(state: GameState) -> int:
    return state.version


def awaiting(state: GameState) -> tuple[Prompt, ...]:
    return state.awaiting()


def legal_actions(state: GameState, prompt: Prompt) -> list[Action]:
    return state.legal_actions(prompt)


def apply(state: GameState, action: Action) -> Applied:
    return state.apply(action)


def view_for(state: GameState, seat: int | None) -> dict[str, Any]:
    return state.view_for(seat)


def result(state: GameState) -> list[dict[str, Any]]:
    return state.result()


def record(state: GameState, *, hidden: bool = False) -> dict[str, Any]:
    """The finished rounds as a ``citb-record/1`` record (they show every hand of those rounds). The seed,
    which deals every round still to come, only with ``hidden``."""
    return to_record(state, with_seed=hidden)


def replay(data: Any) -> GameState:
    return replay_record(data)
