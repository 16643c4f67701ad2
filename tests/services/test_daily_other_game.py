"""The daily service runs any game with a daily adapter: a tiny solo game that lives only here plays
its daily puzzle beside Calico's in one database, through a registry handed to the service."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from calico_bot.core.errors import RecordError, RuleViolation
from calico_bot.core.game_contract import Applied, GamePlugin, Prompt, SeatResult
from calico_bot.core.registry import Registry, discover
from calico_bot.games.calico.plugin import PLUGIN as CALICO
from calico_bot.games.calico.service import GameError
from calico_bot.services.daily import DailyPuzzles, daily_plugin
from calico_bot.services.daily_text import DailyTexts
from calico_bot.storage import open_storage
from calico_bot.storage.daily_store import DailyStore

from .daily_helpers import DAY, GUILD, Clock, play_through

TURNS = 3


class Pick(GamePlugin):
    """Solo: a row of three cards from a seeded deck; take one a turn (the row refills from the deck),
    three turns; the score is the sum taken (doubled on a variant day), ties broken by the largest card."""

    key = "pick"
    name = "Pick"
    state_format = "pick-state/1"
    record_format = "pick-record/1"
    seats = range(1, 2)

    def parse_options(self, raw: dict[str, Any], seats: int) -> dict[str, Any]:
        return dict(raw)

    def new_state(self, options: dict[str, Any], names: list[str], seed: int) -> dict[str, Any]:
        deck = [(seed >> (4 * i)) % 9 + 1 for i in range(TURNS + 2)]
        return {"name": names[0], "seed": seed, "factor": options.get("factor", 1), "deck": deck[3:],
                "row": deck[:3], "taken": [], "version": 0}

    def dump(self, state: dict[str, Any]) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, list) else v for k, v in state.items()}

    def load(self, data: dict[str, Any]) -> dict[str, Any]:
        return self.dump(data)

    def version(self, state: dict[str, Any]) -> int:
        return int(state["version"])

    def awaiting(self, state: dict[str, Any]) -> tuple[Prompt, ...]:
        return () if self.is_over(state) else (Prompt(0, "take", f"take:{len(state['taken'])}"),)

    def legal_actions(self, state: dict[str, Any], prompt: Prompt) -> list[dict[str, Any]]:
        return [{"type": "take", "slot": i} for i in range(len(state["row"]))]

    def apply(self, state: dict[str, Any], action: dict[str, Any]) -> Applied:
        slot = action.get("slot")
        if self.is_over(state):
            raise RuleViolation("game_over", "The game is over.")
        if not isinstance(slot, int) or not 0 <= slot < len(state["row"]):
            raise RuleViolation("bad_slot", f"There is no slot {slot!r}.", slot=slot)
        state["taken"].append(state["row"].pop(slot))
        if state["deck"]:
            state["row"].append(state["deck"].pop(0))
        state["version"] += 1
        return Applied(0, "take", {"took": state["taken"][-1]}, revealed=True, game_over=self.is_over(state))

    def view_for(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"row": list(state["row"]), "taken": list(state["taken"]), "version": state["version"]}

    def is_over(self, state: dict[str, Any]) -> bool:
        return len(state["taken"]) >= TURNS

    def result(self, state: dict[str, Any]) -> list[SeatResult]:
        taken = state["taken"]
        return [SeatResult(0, state["name"], sum(taken) * state["factor"], 1, (max(taken, default=0),))]

    def record(self, state: dict[str, Any], *, hidden: bool) -> dict[str, Any]:
        record = {"format": self.record_format, "name": state["name"], "factor": state["factor"]}
        if hidden:
            record.update(seed=state["seed"], taken=list(state["taken"]))
        return record

    def replay(self, record: dict[str, Any]) -> dict[str, Any]:
        if "seed" not in record:
            raise RecordError("not a full pick record")
        state = self.new_state({"factor": record["factor"]}, [record["name"]], record["seed"])
        for card in record["taken"]:
            self.apply(state, {"slot": state["row"].index(card)})
        return state

    @property
    def daily(self) -> PickDaily:
        return PICK_DAILY


class PickDaily:
    par_policy = "largest"
    par_budget_ms = 1
    messages: ClassVar[dict[str, dict[str, str]]] = {"daily.game": {"en": "Pick Daily", "zh": "每日挑牌"},
                                                     "daily.puzzle": {"en": "Pick Daily", "zh": "每日挑牌谜题"}}

    def variant(self, day: int, draw: Callable[[str], int]) -> int | None:
        return 2 if day % 2 == 0 else None

    def options(self, variant: int | None) -> dict[str, Any]:
        return {"factor": variant or 1}

    def summary(self, state: dict[str, Any]) -> dict[str, Any]:
        return {"total": PICK.result(state)[0].score, "taken": len(state["taken"])}

    def par_player(self, policy: str, seed: int, budget_ms: int) -> Callable[[dict[str, Any]], int]:
        assert policy == "largest"
        return lambda view: view["row"].index(max(view["row"]))

    def play_out(self, state: dict[str, Any], player: Callable[[dict[str, Any]], int]) -> None:
        while not PICK.is_over(state):
            PICK.apply(state, {"slot": player(PICK.view_for(state, 0))})

    def variant_text(self, lang: str, variant: int | None) -> str | None:
        return None if variant is None else f"x{variant} day"

    def result_lines(self, lang: str, day: int, summary: dict[str, Any]) -> list[str]:
        return [f"Pick #{day}: {summary['total']}"]

    def share_text(self, lang: str, day: int, summary: dict[str, Any]) -> str:
        return f"Pick Daily #{day}: {summary['total']}"

    def tie_break_text(self, lang: str, tie_break: tuple[int, ...]) -> str:
        return f"best card {tie_break[0]}"


PICK = Pick()
PICK_DAILY = PickDaily()


async def test_a_second_game_plays_its_daily_beside_calicos(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "bot.db")
    clock = Clock(DAY)
    registry = Registry([CALICO, PICK])
    pick = DailyPuzzles(storage, DailyStore.of(storage), game="pick", registry=registry, clock=clock)
    calico = DailyPuzzles(storage, DailyStore.of(storage), game="calico", registry=registry, clock=clock,
                          par_policy="greedy")
    try:
        assert (await pick.puzzle(DAY)).variant == 2 and (await pick.puzzle(DAY + 1)).variant is None
        assert (await pick.puzzle(DAY)).seed != (await calico.puzzle(DAY)).seed  # the game is in the seed
        attempt = await pick.start(5, "Ann", GUILD)
        assert attempt.view() == {"row": attempt.state["row"], "taken": [], "version": 0}  # no deck, no seed
        with pytest.raises(GameError) as err:
            await pick.act(5, {"slot": 7}, attempt.version)
        assert err.value.code == "rule" and err.value.params["code_"] == "bad_slot"
        with pytest.raises(GameError) as err:
            await pick.act(5, {"slot": 0}, attempt.version + 1)
        assert err.value.code == "stale"
        for _ in range(TURNS):
            attempt = await pick.act(5, {"slot": 0}, attempt.version)
            assert attempt.outcome is not None and "took" in attempt.outcome
        assert attempt.finished and attempt.score == 2 * sum(attempt.state["taken"])
        row = await pick.store.get_attempt(DAY, 5)
        assert row is not None and row.tie_break == (max(attempt.state["taken"]),)
        assert pick.share_text(attempt, "en") == f"Pick Daily #{DAY}: {attempt.score}"

        other = await play_through(calico, 5, "Ann")  # the same user, the same day, in Calico
        assert other.finished and (await calico.attempt(DAY, 5)).score == other.score  # type: ignore[union-attr]
        board = await pick.leaderboard(DAY, "server", GUILD)
        assert [e.score for e in board.entries] == [attempt.score] and board.total == 1
        assert (await pick.stats(5)).played == 1 and (await calico.stats(5)).played == 1

        par = await pick.ensure_par(DAY)
        assert par.policy == "largest" and pick.par_state(par)["taken"] == PICK.replay(par.record)["taken"]
        assert await calico.par(DAY) is None or (await calico.par(DAY)).policy == "greedy"  # type: ignore[union-attr]

        texts = DailyTexts(pick.adapter)
        assert texts.leaderboard_text("en", board).startswith(f"Pick Daily #{DAY}: leaderboard in this server")
        assert f"best card {row.tie_break[0]}" in texts.leaderboard_text("en", board)  # type: ignore[index]
        assert texts.title("zh", DAY, "2027-01-07").startswith(f"每日挑牌谜题 #{DAY}")
        with pytest.raises(GameError) as err:
            await pick.record(DAY, 5)
        assert err.value.code == "daily_record_locked"
    finally:
        await calico.wait_par()
        await pick.wait_par()
        await storage.close()


def test_which_game_the_daily_service_runs() -> None:
    assert daily_plugin(discover()).key == "calico"  # today the only plug-in with a daily puzzle
    assert daily_plugin(Registry([PICK])).key == "pick"
    with pytest.raises(ValueError, match="name the game"):
        daily_plugin(Registry([CALICO, PICK]))
    with pytest.raises(ValueError, match="no game plug-in 'chess'"):
        daily_plugin(Registry([CALICO]), "chess")

    class NoDaily(Pick):
        key, state_format, record_format = "nodaily", "nodaily-state/1", "nodaily-record/1"

        @property
        def daily(self) -> None:  # type: ignore[override]
            return None

    with pytest.raises(ValueError, match="no daily puzzle"):
        daily_plugin(Registry([NoDaily()]), "nodaily")


def test_the_daily_service_imports_no_game() -> None:
    from tests.test_import_cycles import import_graph

    graph = import_graph()
    for module in ("calico_bot.services.daily", "calico_bot.services.daily_text", "calico_bot.storage.daily_store"):
        reached, todo = set(), [module]  # everything it imports, directly or through other modules
        while todo:
            for target in graph[todo.pop()] - reached:
                reached.add(target)
                todo.append(target)
        assert reached and not [m for m in reached if m.startswith(("calico_bot.games", "render"))], module
    assert "calico_bot.games.calico.daily" in graph["calico_bot.games.calico.plugin"]  # the plug-in exposes it
