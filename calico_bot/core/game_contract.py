"""The game contract: what every game plug-in offers the bot, whatever the game.

A plug-in describes its game by static facts (``key``, formats, seat range) and a handful of pure
functions over its own state object. Actions cross the contract as JSON objects, so services,
storage, panels, AIs and fuzz tests can handle every game the same way; views are JSON too, and
are the only thing AI, texts and renderers may read (``view_for(state, None)`` is the spectator's,
from which every public post is drawn).

Nothing here imports Discord, SQL or Pillow.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision the game waits for: who (``seat``), what (``kind``), which one (``key``), and
    whether it is a simultaneous secret answer (``sealed``: answers stay hidden until every sealed
    prompt with that key is answered)."""

    seat: int
    kind: str
    key: str
    sealed: bool = False


@dataclass(frozen=True, slots=True)
class Applied:
    """What one accepted action did, as far as the bot needs to know."""

    seat: int
    kind: str
    public: dict[str, Any] = field(default_factory=dict)  # what every player may learn from it
    revealed: bool = False  # it showed hidden information (a drawn tile, a card): no free undo
    resolved_sealed: bool = False  # the last answer of a sealed round came in
    game_over: bool = False


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    name: str
    score: int
    rank: int  # 1 = first; equal players share a rank
    tie_break: tuple[int, ...]  # compared after the score, larger first


class GamePlugin(ABC):
    """One game, as the bot sees it. Subclasses set the class facts and implement the methods."""

    key: ClassVar[str]  # "calico", "citb", "ioc": games.kind, the command group, the custom-id prefix
    name: ClassVar[str]
    state_format: ClassVar[str]
    record_format: ClassVar[str]
    seats: ClassVar[range]

    @abstractmethod
    def parse_options(self, raw: dict[str, Any], seats: int) -> dict[str, Any]:
        """Validated game options (a refusal raises ``RuleViolation``)."""

    @abstractmethod
    def new_state(self, options: dict[str, Any], names: list[str], seed: int) -> Any:
        """A new game dealt from ``seed``: the only randomness of a game."""

    @abstractmethod
    def dump(self, state: Any) -> dict[str, Any]:
        """The state as JSON; ``load(dump(s))`` is the same position, exactly."""

    @abstractmethod
    def load(self, data: dict[str, Any]) -> Any: ...

    #: True: the service saves ``dump_saved(state)`` (less than ``dump``: say, without a log that the
    #: action rows hold anyway) and loads it back with ``load_saved`` and the game's action rows.
    saved_with_actions: ClassVar[bool] = False

    def dump_saved(self, state: Any) -> dict[str, Any]:
        """What the service stores of ``state`` (see ``saved_with_actions``)."""
        return self.dump(state)

    def load_saved(self, data: dict[str, Any], actions: list[dict[str, Any]]) -> Any:
        """The state as a service saved it (``data``), given the game's logged action rows in order; a
        game whose service keeps part of the state in those rows rebuilds it here."""
        return self.load(data)

    @abstractmethod
    def version(self, state: Any) -> int:
        """Grows with every accepted action."""

    @abstractmethod
    def awaiting(self, state: Any) -> tuple[Prompt, ...]:
        """Who may act now (several prompts: simultaneous decisions). Empty once the game is over."""

    @abstractmethod
    def legal_actions(self, state: Any, prompt: Prompt) -> list[dict[str, Any]]:
        """Every legal answer to ``prompt``, as JSON actions."""

    @abstractmethod
    def apply(self, state: Any, action: dict[str, Any]) -> Applied:
        """Apply one JSON action: all or nothing; a refusal raises ``RuleViolation`` (stable code)."""

    @abstractmethod
    def view_for(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). The only input of AI, texts and images."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def result(self, state: Any) -> list[SeatResult]:
        """Per seat: score, rank and tie-break (final once the game is over)."""

    @abstractmethod
    def record(self, state: Any, *, hidden: bool) -> dict[str, Any]:
        """The game record; with ``hidden`` (only once the game is over) enough to replay it."""

    @abstractmethod
    def replay(self, record: dict[str, Any]) -> Any:
        """The state a full record leads to, every action checked again (``RecordError`` if not)."""

    # --- what the bot needs beyond the rules (optional; defaults are plain) ----------------------------

    command: ClassVar[str] = ""  # the slash-command group (default: the key)
    own_cog: ClassVar[str] = ""  # the module of the game's own cog; none: the shared table kit plays it
    #: "module:Class" of a service of the game's own (built on ``services.plugin_games.PluginGames``,
    #: made with the storage and the bot's settings: ``clock``, ``locks``, ``instance_id``,
    #: ``ai_budget_ms``); none: the shared plug-in service runs the game.
    service_class: ClassVar[str] = ""
    bot_levels: ClassVar[tuple[str, ...]] = ()  # the strengths a host may seat, weakest first
    default_level: ClassVar[str] = ""  # what plays for absent, kicked, resigned and timed-out seats
    messages: ClassVar[dict[str, dict[str, str]]] = {}  # {"en": {...}, "zh": {...}}, keys prefixed by key

    def choose(self, view: dict[str, Any], prompt: Prompt, *, level: str, seed: int) -> dict[str, Any]:
        """A bot's answer to ``prompt``, decided from ``view`` (that seat's view) alone."""
        raise NotImplementedError(f"{self.key} has no bot players")

    def action_path(self, view: dict[str, Any], action: dict[str, Any], lang: str) -> tuple[str, ...]:
        """How a player picks ``action`` step by step (a panel shows one menu per step, at most 25
        choices each): e.g. ("card 7", "red"). One step by default."""
        shown = {k: v for k, v in action.items() if k not in ("type", "player", "seat")}
        return (" ".join(f"{k} {v}" for k, v in shown.items()) or str(action.get("type", "?")),)

    def describe(self, view: dict[str, Any], seat_name: str, kind: str, public: dict[str, Any], lang: str) -> str:
        """One line for the table about an accepted action (``public`` only: it may be read by all)."""
        shown = ", ".join(f"{k} {v}" for k, v in public.items())
        return f"{seat_name}: {kind}" + (f" ({shown})" if shown else "")

    def prompt_line(self, view: dict[str, Any], lang: str) -> str | None:
        """The line ``describe`` ends with to say who acts next (None: it says none), so the table can
        leave it out when a bot answers in the same post."""
        return None

    def refusal(self, code: str, params: dict[str, Any], message: str, lang: str) -> str | None:
        """A refusal of the rules core (``RuleViolation`` code and params) in ``lang``; None: its message."""
        return None

    def status_lines(self, view: dict[str, Any], lang: str) -> list[str]:
        """A few lines on where the game stands, from ``view`` (the spectator's in public)."""
        return []

    @property
    def daily(self) -> DailyAdapter | None:
        """The game's daily solo puzzle (see :class:`DailyAdapter`), or None: no daily puzzle."""
        return None


class DailyAdapter(Protocol):
    """What a game adds to the contract to have a daily solo puzzle (``services.daily`` runs the rest:
    days, secret seeds, attempts, par, leaderboards, streaks, announcements).

    A day's game is ``plugin.new_state(options(variant), [name], seed)`` played by seat 0 alone; its
    result is ``plugin.result(state)[0]`` (score, then tie-break). ``variant`` is the game's choice of
    a special day (Calico: a solo scenario on every 7th day), ``None`` on an ordinary day; it may draw
    from the day's secret with ``draw(label)`` (a 63-bit int, the same for the same label). Texts take
    the player's language; ``messages`` holds the game's daily texts (``daily.game``: the game's daily
    name, ``daily.puzzle``: its name for one day's puzzle), in every language.
    """

    par_policy: str  # the AI that sets the par by default
    par_budget_ms: int  # its thinking time per decision by default
    messages: Mapping[str, Mapping[str, str]]

    def variant(self, day: int, draw: Callable[[str], int]) -> int | None: ...

    def options(self, variant: int | None) -> dict[str, Any]: ...

    def summary(self, state: Any) -> dict[str, Any]:
        """The finished game's score breakdown, with nothing hidden in it (results, the share text)."""
        ...

    def par_player(self, policy: str, seed: int, budget_ms: int) -> Any:
        """The AI called ``policy``, for :meth:`play_out`."""
        ...

    def play_out(self, state: Any, player: Any) -> None:
        """Play ``state`` to its end with ``player`` (an AI that reads only its own view); runs in a thread."""
        ...

    def variant_text(self, lang: str, variant: int | None) -> str | None:
        """What is special about the day, shown before playing (None: nothing)."""
        ...

    def result_lines(self, lang: str, day: int, summary: dict[str, Any]) -> list[str]:
        """The score breakdown after finishing (the par is added after it)."""
        ...

    def share_text(self, lang: str, day: int, summary: dict[str, Any]) -> str:
        """A spoiler-free result to paste anywhere."""
        ...

    def tie_break_text(self, lang: str, tie_break: tuple[int, ...]) -> str:
        """A leaderboard line's tie-break, in words."""
        ...


def competition_ranks(keys: list[tuple[int, ...]]) -> list[int]:
    """1224-style ranks: larger keys first, equal keys share a rank."""
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


__all__ = ["Applied", "DailyAdapter", "GamePlugin", "Prompt", "SeatResult", "competition_ranks"]
