"""The daily puzzle service: days, deterministic secret-keyed puzzles, attempts, moves and records.

Helpers here (``Clock``, ``open_service``, ``play_through``) are shared by the other daily test files.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from datetime import UTC, date, datetime
from pathlib import Path

import asyncpg
import pytest

from calico_bot.games.calico.daily import is_scenario_day
from calico_bot.games.calico.engine.components import SCENARIOS
from calico_bot.games.calico.engine.record import score_record
from calico_bot.games.calico.service import GameError
from calico_bot.services.daily import (
    EPOCH,
    Attempt,
    DailyPuzzles,
    date_of,
    day_number,
    day_start,
)

from .daily_helpers import (
    DAY,
    GUILD,
    OTHER_GUILD,
    Clock,
    choose_goals,
    close_service,
    open_service,
    play,
    play_through,
)

# --- days -------------------------------------------------------------------------------------------


def test_day_numbers_follow_utc_dates() -> None:
    assert date(2026, 11, 29) == EPOCH
    start = datetime(2026, 11, 29, tzinfo=UTC).timestamp()
    assert day_number(start) == 1
    assert day_number(start - 1) == 0
    assert day_number(start + 86_399.9) == 1
    assert day_number(start + 86_400) == 2
    assert date_of(1) == EPOCH
    assert date_of(34) == date(2027, 1, 1)  # across a month end and a year end
    assert day_number(datetime(2027, 1, 1, 23, 59, tzinfo=UTC).timestamp()) == 34
    for day in (1, 2, 32, 33, 400):
        assert day_number(day_start(day)) == day
        assert day_number(day_start(day) - 0.001) == day - 1


def test_scenario_days_are_every_seventh_day() -> None:
    assert [d for d in range(1, 30) if is_scenario_day(d)] == [7, 14, 21, 28]


# --- puzzles ----------------------------------------------------------------------------------------


async def test_same_date_same_puzzle_across_restarts(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    storage, svc = await open_service(path)
    first = await svc.puzzle(DAY)
    deal = first.deal("Ann").to_json()
    secret = await storage.get_meta("daily_secret")
    attempt = await svc.start(7, "Ann", GUILD)
    await close_service(storage, svc)

    storage, svc = await open_service(path)
    again = await svc.puzzle(DAY)
    assert again == first
    assert again.deal("Ann").to_json() == deal
    assert await storage.get_meta("daily_secret") == secret
    resumed = await svc.start(7, "Ann", GUILD)  # resumed from the database, same game
    assert resumed.resumed and resumed.state.to_json() == attempt.state.to_json()
    await close_service(storage, svc)


async def test_everybody_gets_the_same_puzzle(env: DailyPuzzles) -> None:
    a = await env.start(1, "Ann", GUILD)
    b = await env.start(2, "Bob", OTHER_GUILD)
    c = await env.start(3, "Cy", None)
    views = [x.view() for x in (a, b, c)]
    for v in views:
        v["players"][0]["name"] = "-"
    assert views[0] == views[1] == views[2]
    assert a.state.bag == b.state.bag == c.state.bag


async def test_different_days_deal_different_puzzles(env: DailyPuzzles) -> None:
    puzzles = [await env.puzzle(d) for d in range(1, 15)]
    assert len({p.seed for p in puzzles}) == len(puzzles)
    deals = [p.deal("x") for p in puzzles]
    assert len({tuple(s.bag) for s in deals}) == len(deals)
    assert len({(s.players[0].board, tuple(s.players[0].offered), tuple(s.cats)) for s in deals}) > 1


async def test_the_secret_changes_the_puzzles(tmp_path: Path) -> None:
    s1, one = await open_service(tmp_path / "one.db")
    s2, two = await open_service(tmp_path / "two.db")
    assert await s1.get_meta("daily_secret") is None  # made on first use, not before
    p1, p2 = await one.puzzle(DAY), await two.puzzle(DAY)
    assert len(await s1.get_meta("daily_secret") or "") == 64
    assert await s1.get_meta("daily_secret") != await s2.get_meta("daily_secret")
    assert p1.seed != p2.seed
    assert p1.deal("x").bag != p2.deal("x").bag
    await close_service(s1, one)
    await close_service(s2, two)


async def test_scenario_days_deal_each_scenario_once_per_ten(env: DailyPuzzles) -> None:
    scenario_days = [7 * k for k in range(1, 21)]
    numbers = [(await env.puzzle(d)).variant for d in scenario_days]
    assert sorted(numbers[:10]) == sorted(SCENARIOS) and sorted(numbers[10:]) == sorted(SCENARIOS)
    for d in range(1, 50):
        assert ((await env.puzzle(d)).variant is None) == (d % 7 != 0)
    puzzle = await env.puzzle(7)
    state = puzzle.deal("x")
    assert state.scenario == puzzle.variant
    assert puzzle.variant is not None
    assert sorted(state.players[0].offered) == sorted(SCENARIOS[puzzle.variant].goals)
    assert [name for name, _ in state.cats] == list(SCENARIOS[puzzle.variant].cats)
    assert state.solo and state.solo_setup == "standard"


async def test_no_puzzle_before_the_first_day(tmp_path: Path) -> None:
    storage, svc = await open_service(tmp_path / "bot.db", Clock(0))
    with pytest.raises(GameError) as err:
        await svc.start(1, "Ann", GUILD)
    assert err.value.code == "daily_not_started"
    with pytest.raises(GameError):
        await svc.puzzle(0)
    await close_service(storage, svc)


# --- attempts ---------------------------------------------------------------------------------------


async def test_start_resume_finish_and_no_second_attempt(env: DailyPuzzles, clock: Clock) -> None:
    started = await env.start(5, "Ann", GUILD)
    assert not started.resumed and started.status == "playing" and started.version == 0
    assert started.state.phase == "setup"
    again = await env.start(5, "Ann (phone)", OTHER_GUILD)
    assert again.resumed and again.version == 0 and again.guild_id == GUILD and again.name == "Ann"

    done = await play_through(env, 5)
    assert done.finished and done.score == done.state.scores()[0].total
    assert done.summary is not None and done.summary["total"] == done.score
    with pytest.raises(GameError) as err:
        await env.start(5, "Ann", GUILD)
    assert err.value.code == "daily_already_played" and err.value.params["score"] == done.score
    with pytest.raises(GameError) as err:
        await play(env, 5, 1, "A1", 1, done.version)
    assert err.value.code == "daily_already_played"

    clock.set(DAY + 1, 0.01)  # a new UTC day: a new puzzle and a new attempt
    tomorrow = await env.start(5, "Ann", GUILD)
    assert tomorrow.day == DAY + 1 and not tomorrow.resumed
    kept = await env.attempt(DAY, 5)
    assert kept is not None and kept.finished and kept.score == done.score


async def test_moves_are_checked_by_the_rules(env: DailyPuzzles) -> None:
    attempt = await env.start(6, "Ann", GUILD)
    with pytest.raises(GameError) as err:
        await play(env, 6, 1, "A1", 1, attempt.version)
    assert err.value.code == "rule" and err.value.params["code_"] == "setup_not_finished"
    offered = attempt.state.players[0].offered
    with pytest.raises(GameError) as err:
        await choose_goals(env, 6, {"B3": offered[0], "C4": offered[0], "D2": offered[1]}, attempt.version)
    assert err.value.params["code_"] == "goal_twice"
    attempt = await choose_goals(env, 6, {"B3": offered[0], "C4": offered[1], "D2": offered[2]}, attempt.version)
    assert attempt.version == 1 and attempt.state.phase == "play"

    with pytest.raises(GameError) as err:
        await play(env, 6, 1, "B3", 1, attempt.version)
    assert err.value.params["code_"] == "goal_space"
    with pytest.raises(GameError) as err:
        await play(env, 6, 3, "C3", 1, attempt.version)
    assert err.value.params["code_"] == "tile_not_in_hand"
    with pytest.raises(GameError) as err:
        await play(env, 6, 1, "C3", None, attempt.version)
    assert err.value.params["code_"] == "bad_market_slot"
    with pytest.raises(GameError) as err:
        await play(env, 6, 1, "F9", 1, attempt.version)
    assert err.value.params["code_"] == "unknown_space"

    moved = await play(env, 6, 1, "C3", 2, attempt.version)
    assert moved.version == 2 and moved.outcome is not None and moved.outcome["take"] == 2
    with pytest.raises(GameError) as err:
        await play(env, 6, 1, "C3", 1, moved.version)
    assert err.value.params["code_"] == "occupied"
    reloaded = await env.attempt(DAY, 6)
    assert reloaded is not None and reloaded.state.to_json() == moved.state.to_json()  # saved after the move

    with pytest.raises(GameError) as err:  # a click on the panel of the previous position
        await play(env, 6, 1, "C2", 1, attempt.version)
    assert err.value.code == "stale"
    with pytest.raises(GameError) as err:  # a panel of another day
        await play(env, 6, 1, "C2", 1, moved.version, day=DAY - 1)
    assert err.value.code == "daily_day_over"
    assert (await play(env, 6, 1, "C2", 1, moved.version, day=DAY)).version == 3
    with pytest.raises(GameError) as err:
        await play(env, 99, 1, "C2", 1, 0)
    assert err.value.code == "daily_no_attempt"


async def test_two_devices_clicking_at_once_apply_one_move(env: DailyPuzzles) -> None:
    attempt = await env.start(8, "Ann", GUILD)
    offered = attempt.state.players[0].offered
    attempt = await choose_goals(env, 8, dict(zip(("B3", "C4", "D2"), offered[:3], strict=True)), attempt.version)
    results = await asyncio.gather(play(env, 8, 1, "C3", 1, attempt.version), play(env, 8, 2, "C2", 3, attempt.version),
                                   return_exceptions=True)
    oks = [r for r in results if isinstance(r, Attempt)]
    errors = [r for r in results if isinstance(r, GameError)]
    assert len(oks) == 1 and len(errors) == 1 and errors[0].code == "stale"
    final = await env.attempt(DAY, 8)
    assert final is not None and final.version == attempt.version + 1 and final.state.turns == 1


async def test_a_move_after_midnight_belongs_to_the_new_day(env: DailyPuzzles, clock: Clock) -> None:
    attempt = await env.start(9, "Ann", GUILD)
    clock.set(DAY + 1, 0.0)
    with pytest.raises(GameError) as err:
        await choose_goals(env, 9, dict(zip(("B3", "C4", "D2"), attempt.state.players[0].offered[:3], strict=True)),
                               attempt.version, day=DAY)
    assert err.value.code == "daily_day_over"


async def test_the_player_sees_no_hidden_information(env: DailyPuzzles) -> None:
    attempt = await play_through(env, 10)
    for data in (attempt.view(), (await env.puzzle(DAY)).setup_view()):
        assert "bag" not in data and "seed" not in data and "drawn" not in data
    assert "seed" not in repr(await env.puzzle(DAY))
    assert "bag" not in repr(attempt)


# --- results only as replayable records ----------------------------------------------------------


async def test_a_finished_attempt_is_stored_as_a_replayable_record(env: DailyPuzzles, clock: Clock,
                                                                   tmp_path: Path) -> None:
    done = await play_through(env, 11, policy="random")
    row = await env.store.get_attempt(DAY, 11)
    assert row is not None and row.status == "done" and row.record is not None
    assert done.summary is not None and row.score == done.score
    assert row.tie_break == (done.summary["cat_count"], done.summary["button_count"])  # Calico: cats, then buttons
    replayed = score_record(row.record)
    assert replayed.scores[0].total == row.score
    assert len(row.record["actions"]) == 23  # the goal choice and 22 turns, every one checked again

    # The scoring CLI gives the same total.
    path = tmp_path / "daily.json"
    path.write_text(json.dumps(row.record))
    out = subprocess.run([sys.executable, "-m", "calico_bot.score", str(path)], capture_output=True, text=True,
                         check=True)
    assert json.loads(out.stdout)["players"][0]["total"] == row.score

    # The record (it holds the bag order) is handed out only once the day is over.
    with pytest.raises(GameError) as err:
        await env.record(DAY, 11)
    assert err.value.code == "daily_record_locked"
    clock.set(DAY + 1)
    assert await env.record(DAY, 11) == row.record


async def test_a_result_cannot_be_submitted_without_playing(env: DailyPuzzles) -> None:
    public = {name for name in dir(env) if not name.startswith("_")}
    assert not {n for n in public if any(w in n for w in ("submit", "set_score", "result", "finish"))}
    await env.start(12, "Ann", GUILD)
    db = env.store.sql
    with pytest.raises((sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError)):  # no result, no record
        await db.execute("UPDATE daily_attempts SET status = 'done', score = 99 WHERE user_id = 12")
    row = await env.store.get_attempt(DAY, 12)
    assert row is not None and row.status == "playing" and row.score is None


async def test_scenario_day_results_say_whether_the_scenario_passed(env: DailyPuzzles, clock: Clock) -> None:
    clock.set(42)
    puzzle = await env.puzzle(42)
    assert puzzle.variant is not None
    done = await play_through(env, 13)
    scenario = done.summary["scenario"]  # type: ignore[index]
    assert scenario["number"] == puzzle.variant == done.variant and isinstance(scenario["passed"], bool)
    assert scenario["objectives"][-1]["key"] == "score"
