"""Calico's tables as its service and texts see them: lobby options, a loaded game, a turn played and an
update (what a unit of work changed, in Calico's terms)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from calico_bot.games.calico.engine.game import GameState, TurnOutcome
from calico_bot.services.plugin_games import Done, PluginTable, TableUpdate
from calico_bot.storage.models import SeatRow

GOALS_KEY = "goals"  # the sealed prompt of the goal choice at setup (one per player)


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
class LoadedGame(PluginTable):
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


class Update(TableUpdate):
    """What a unit of work changed, in Calico's terms for its cog: the turns played and whether the
    goal choice at setup is complete (the last sealed answer came in)."""

    __slots__ = ()
    game: LoadedGame

    @property
    def turns(self) -> list[TurnReport]:
        return [TurnReport(d.seat, TurnOutcome.from_json(d.public), d.auto) for d in self.done if d.kind == "turn"]

    @property
    def setup_done(self) -> bool:
        return any(d.kind == GOALS_KEY and d.resolved for d in self.done)

    @property
    def reminder_seat(self) -> int | None:
        return None if self.reminder is None else int(self.reminder["seat"])

    @classmethod
    def from_outbox(cls, game: PluginTable, data: dict[str, Any]) -> Update:
        if "turns" not in data:
            return super().from_outbox(game, data)  # type: ignore[return-value]
        # An announcement saved by the service this one replaced: its turns and setup flag as done actions.
        done = [Done(int(t["seat"]), "turn", dict(t["outcome"]), t.get("auto")) for t in data.get("turns", [])]
        if data.get("setup_done"):
            done.insert(0, Done(-1, GOALS_KEY, {}, None, sealed=True, resolved=True))
        reminder = data.get("reminder")
        return cls(game, done, bool(data.get("started")), bool(data.get("finished")),
                   [(str(k), dict(p)) for k, p in data.get("notes", [])],
                   None if reminder is None else {"seat": int(reminder)}, bool(data.get("ping")),
                   data.get("ended_by"), data.get("undo_request"))




__all__ = ["GOALS_KEY", "LoadedGame", "LobbyOptions", "TurnReport", "Update"]
