"""Cat in the Box through the game contract (``calico_bot.core.game_contract``)."""

from __future__ import annotations

from typing import Any, ClassVar

from ...core.errors import RecordError, RuleViolation
from ...core.game_contract import Applied, GamePlugin, Prompt, SeatResult
from . import contract as citb
from . import texts
from .ai.policies import make_policy
from .engine.game import GameState
from .engine.game import Prompt as EnginePrompt

OWN_WORDS = {  # the game's name and command, beside the referee's texts
    "en": {"citb.name": "Cat in the Box", "citb.command": "catbox",
           "citb.desc.hand": "Show your hand (only you see it)"},
    "zh": {"citb.name": "盒中猫", "citb.command": "盒中猫",
           "citb.desc.hand": "查看你的手牌（仅自己可见）"},
}
LEVELS = {"easy": "random", "medium": "greedy", "hard": "strong"}  # the words players see -> policies


class CatInTheBoxPlugin(GamePlugin):
    key = citb.KEY
    name = "Cat in the Box"
    state_format = citb.STATE_FORMAT
    record_format = citb.RECORD_FORMAT
    seats = citb.SEATS
    command = "catbox"
    own_cog = "cogs.cat_in_the_box"
    bot_levels = tuple(LEVELS)
    default_level = "hard"
    messages: ClassVar[dict[str, dict[str, str]]] = {lang: {**texts.MESSAGES[lang], **OWN_WORDS[lang]}
                                                    for lang in ("en", "zh")}

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
        public = dict(done.public)
        if done.round_over:
            public["round_over"] = True  # the table posts the round's score sheet
        return Applied(done.seat, done.kind, public, revealed=done.kind == "play" or done.round_over,
                       resolved_sealed=done.resolved_sealed, game_over=done.game_over)

    def action_path(self, view: dict[str, Any], action: dict[str, Any], lang: str) -> tuple[str, ...]:
        kind = action.get("type")
        if kind == "set_aside":  # a menu shows no markdown: plain numbers
            return (str(action["card"]),)
        if kind == "bid":
            return (str(action["bid"]),)
        return (str(action["card"]), texts.colour_name(lang, action["colour"]))

    def describe(self, view: dict[str, Any], seat_name: str, kind: str, public: dict[str, Any], lang: str) -> str:
        return texts.describe_action(public, view, lang) or f"{seat_name}: {texts.decision_name(lang, kind)}"

    def prompt_line(self, view: dict[str, Any], lang: str) -> str | None:
        return texts.prompt_text(view, lang) or None

    def status_lines(self, view: dict[str, Any], lang: str) -> list[str]:
        return [texts.status_text(view, lang)]

    def refusal(self, code: str, params: dict[str, Any], message: str, lang: str) -> str | None:
        return texts.refusal_text(code, params, lang, message=message)

    def view_for(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return citb.view_for(state, seat)

    def is_over(self, state: GameState) -> bool:
        return state.over

    def result(self, state: GameState) -> list[SeatResult]:
        return [SeatResult(r["seat"], r["name"], r["total"], r["rank"], tuple(r["tie_break"][1:]))
                for r in citb.result(state)]

    def record(self, state: GameState, *, hidden: bool) -> dict[str, Any]:
        # The record holds finished rounds only, whose hands are public once played out; the seed would
        # tell every later deal, so it comes only with the hidden information.
        return citb.record(state, hidden=hidden)

    def replay(self, record: dict[str, Any]) -> GameState:
        return citb.replay(record)


PLUGIN = CatInTheBoxPlugin()
