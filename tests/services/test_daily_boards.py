"""Daily puzzle leaderboards, stats and streaks, and the spoiler-free share text."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from calico_bot.games.calico import daily as calico_daily
from calico_bot.games.calico.engine.components import COLORS, PATTERNS
from calico_bot.games.calico.engine.geometry import LABELS
from calico_bot.games.calico.service import GameError
from calico_bot.services import daily_text
from calico_bot.services.daily import DailyPuzzles, day_number, streaks
from calico_bot.services.daily_text import DailyTexts
from calico_bot.services.refusals import refusal_text
from calico_bot.storage.daily_store import ParRow, encode_tie_break

from .daily_helpers import DAY, GUILD, OTHER_GUILD, Clock, play_through


def day_of(y: int, m: int, d: int) -> int:
    return day_number(datetime(y, m, d, 12, tzinfo=UTC).timestamp())


async def add_result(svc: DailyPuzzles, day: int, user_id: int, score: int, cats: int = 0, buttons: int = 0, *,
                     finished_at: float = 0.0, guild_id: int | None = GUILD) -> None:
    """A finished attempt written straight into the table (stands in for a played game)."""
    await svc.store.sql.execute(
        "INSERT INTO daily_attempts (game, day, user_id, guild_id, name, state, version, status, score, tie_break, "
        "summary, record, started_at, finished_at) VALUES (?, ?, ?, ?, ?, '{}', 23, 'done', ?, ?, '{}', '{}', 0, ?)",
        (svc.game, day, user_id, guild_id, f"user{user_id}", score, encode_tie_break((cats, buttons)),
         finished_at or float(user_id)),
    )


# --- leaderboards -----------------------------------------------------------------------------------


async def test_leaderboard_order_and_shared_ranks(env: DailyPuzzles) -> None:
    await add_result(env, DAY, 1, 60, 3, 4, finished_at=100)
    await add_result(env, DAY, 2, 70, 2, 2, finished_at=500)
    await add_result(env, DAY, 3, 60, 4, 1, finished_at=300)  # more cats beats user 1
    await add_result(env, DAY, 4, 60, 3, 4, finished_at=50)  # same as user 1 but earlier: listed first, same rank
    await add_result(env, DAY, 5, 60, 3, 5, finished_at=900)  # more buttons beats users 1 and 4
    await add_result(env, DAY, 6, 55, 9, 9, finished_at=10)
    await add_result(env, DAY, 7, 80, 0, 0, guild_id=OTHER_GUILD)
    await add_result(env, DAY - 1, 8, 99, 9, 9)  # another day

    board = await env.leaderboard(DAY, "server", GUILD)
    assert [(e.user_id, e.rank) for e in board.entries] == [(2, 1), (3, 2), (5, 3), (4, 4), (1, 4), (6, 6)]
    assert board.total == 6

    everywhere = await env.leaderboard(DAY, "global", GUILD, limit=3, user_id=6)
    assert [(e.user_id, e.rank) for e in everywhere.entries] == [(7, 1), (2, 2), (3, 3)]
    assert everywhere.total == 7
    assert everywhere.me is not None and everywhere.me.rank == 7 and everywhere.me.user_id == 6

    assert everywhere.entries[1].tie_break == (2, 2)
    text = DailyTexts(env.adapter).leaderboard_text("en", everywhere)
    assert "2. user2: **70** (2 cats, 2 buttons)" in text
    assert "user7" in text and "You: rank 7 with 55." in text
    assert "user6" not in text.split("\n")[1]


async def test_leaderboard_refusals(env: DailyPuzzles) -> None:
    for args, code in [((DAY, "server", None), "daily_guild_only"), ((DAY, "galaxy", GUILD), "daily_bad_scope"),
                       ((DAY + 1, "global", None), "daily_no_such_day"), ((0, "global", None), "daily_no_such_day")]:
        with pytest.raises(GameError) as err:
            await env.leaderboard(*args)
        assert err.value.code == code
    empty = await env.leaderboard(DAY, "global")
    assert empty.entries == [] and empty.total == 0
    assert "Nobody has finished puzzle #40" in DailyTexts(env.adapter).leaderboard_text("en", empty)
    assert "Nobody has finished puzzle #40 anywhere yet." in DailyTexts(env.adapter).leaderboard_text("en", empty)


async def test_the_record_of_a_past_day_never_finished_says_so(env: DailyPuzzles, clock: Clock) -> None:
    await env.start(42, "Ann", GUILD)
    clock.set(DAY + 1)
    for user in (42, 43):  # an attempt left unfinished, and no attempt at all
        with pytest.raises(GameError) as err:
            await env.record(DAY, user)
        assert err.value.code == "daily_never_finished"
        assert "did not finish puzzle #40" in refusal_text("en", err.value)


async def test_leaderboard_of_played_games_and_unfinished_attempts(env: DailyPuzzles) -> None:
    scores = {}
    for user, policy in [(21, "greedy"), (22, "random"), (23, "random")]:
        scores[user] = (await play_through(env, user, f"p{user}", policy=policy)).score
    await env.start(24, "still playing", GUILD)
    board = await env.leaderboard(DAY, "server", GUILD)
    assert {e.user_id for e in board.entries} == {21, 22, 23}  # unfinished attempts are not listed
    assert [e.score for e in board.entries] == sorted(scores.values(), reverse=True)
    assert all(e.score == scores[e.user_id] for e in board.entries)


# --- stats and streaks -------------------------------------------------------------------------------


def test_streaks_across_month_and_year_ends() -> None:
    dec30, dec31, jan1 = day_of(2026, 12, 30), day_of(2026, 12, 31), day_of(2027, 1, 1)
    assert (dec31 - dec30, jan1 - dec31) == (1, 1)
    played = [dec30, dec31, jan1]
    assert streaks(played, jan1) == (3, 3)
    assert streaks(played, jan1 + 1) == (3, 3)  # yesterday played: the streak lives until the end of today
    assert streaks(played, jan1 + 2) == (0, 3)  # a missed day breaks it
    feb28, mar1 = day_of(2027, 2, 28), day_of(2027, 3, 1)
    assert mar1 - feb28 == 1
    assert streaks([feb28 - 1, feb28, mar1], mar1) == (3, 3)


def test_streaks_with_missed_days() -> None:
    assert streaks([], 10) == (0, 0)
    assert streaks([1, 2, 3, 5, 6], 6) == (2, 3)
    assert streaks([1, 2, 3, 5, 6], 7) == (2, 3)
    assert streaks([1, 2, 3, 5, 6], 8) == (0, 3)
    assert streaks([4], 4) == (1, 1)
    assert streaks([1, 3, 5, 7], 7) == (1, 1)


async def test_stats(env: DailyPuzzles, clock: Clock) -> None:
    dec31, jan1 = day_of(2026, 12, 31), day_of(2027, 1, 1)
    for day, score in [(dec31 - 5, 50), (dec31 - 4, 52), (dec31 - 3, 54), (dec31 - 1, 60), (dec31, 62), (jan1, 70)]:
        await add_result(env, day, 31, score, 2, 3)
    await add_result(env, jan1, 32, 99)  # somebody else

    stats = await env.stats(31, jan1 + 1)  # today not played yet
    assert (stats.played, stats.current_streak, stats.best_streak) == (6, 3, 3)
    assert stats.best_score == 70 and stats.average_score == pytest.approx(58.0)
    assert [r.day for r in stats.recent] == list(range(jan1 - 5, jan1 + 2))
    assert [r.score for r in stats.recent] == [52, 54, None, 60, 62, 70, None]
    assert (await env.stats(31, jan1 + 2)).current_streak == 0

    clock.set(jan1 + 1)
    await env.start(31, "Ann", GUILD)
    now = await env.stats(31)
    assert now.today == jan1 + 1 and now.recent[-1].status == "playing" and now.recent[-1].score is None
    assert now.current_streak == 3  # an unfinished attempt does not count yet

    none = await env.stats(77, jan1)
    assert (none.played, none.current_streak, none.best_streak, none.best_score, none.average_score) == (
        0, 0, 0, None, None)
    text = DailyTexts(env.adapter).stats_text("zh", stats, "Ann")
    assert text.startswith("猫与花毯每日：Ann")
    assert "连续：3 天（最长 3 天）" in text and "最高分：70" in text


# --- share text -----------------------------------------------------------------------------------------


async def test_share_text_is_spoiler_free(env: DailyPuzzles) -> None:
    done = await play_through(env, 41)
    assert done.summary is not None
    en = env.share_text(done, "en")
    zh = env.share_text(done, "zh")
    s = done.summary
    assert en.startswith(f"Calico Daily #{DAY}: {s['total']}")
    assert zh.startswith(f"猫与花毯每日 #{DAY}：{s['total']} 分")
    for text in (en, zh):
        assert f"🐈×{s['cat_count']}" in text and f"🔘×{len(s['buttons'])}" in text
        assert ("🌈" in text) == s["rainbow"]
        squares = re.search(r"[🟩🟨⬛]{3}", text)
        assert squares is not None
        assert squares.group(0).count("⬛") == 3 - s["goals_met"]
        assert not any(re.search(rf"\b{space}\b", text) for space in LABELS)  # no positions
        assert not any(name.lower() in text.lower() for name in (*COLORS, *PATTERNS))  # no tiles
        assert "Ann" not in text
    assert f"{s['goals_met']}/3 goals" in en


async def test_share_text_of_a_scenario_day_and_unfinished_attempts(env: DailyPuzzles, clock: Clock) -> None:
    clock.set(7)
    started = await env.start(42, "Ann", GUILD)
    with pytest.raises(GameError) as err:
        env.share_text(started, "en")
    assert err.value.code == "daily_not_finished"
    done = await play_through(env, 42)
    text = env.share_text(done, "en")
    scenario = done.summary["scenario"]  # type: ignore[index]
    assert f"📜 Scenario {scenario['number']} {'✅' if scenario['passed'] else '❌'}" in text


def test_result_text_with_and_without_par() -> None:
    summary = {"total": 61, "goal_points": 20, "cat_points": 23, "button_points": 18, "cat_count": 4,
               "button_count": 6, "rainbow": False, "goals_met": 2, "buttons": ["PINK"] * 6, "scenario": None,
               "goals": [{"space": "B3", "goal": "AAA-BBB", "color": True, "pattern": True, "points": 13},
                         {"space": "C4", "goal": "AA-BB-C-D", "color": False, "pattern": True, "points": 5},
                         {"space": "D2", "goal": "ALL_DIFFERENT", "color": False, "pattern": False, "points": 0}]}
    texts = DailyTexts(calico_daily.ADAPTER)
    pending = texts.result_text("en", DAY, summary, None)
    assert "**61** points" in pending and "Par: pending" in pending
    par = ParRow(DAY, "strong", 70, {}, {}, 0.0)
    shown = texts.result_text("zh", DAY, summary, par)
    assert "标准分" in shown and "70" in shown and "-9" in shown
    assert calico_daily.share_text("en", DAY, summary).split("\n")[1] == "🎯 🟩🟨⬛ 2/3 goals"


def test_every_daily_message_has_both_languages() -> None:
    for key, entry in [*daily_text.MESSAGES.items(), *calico_daily.MESSAGES.items()]:
        assert entry.get("en") and entry.get("zh"), key
    assert not set(daily_text.MESSAGES) & set(calico_daily.MESSAGES)  # the game's texts never shadow shared ones
    texts = DailyTexts(calico_daily.ADAPTER)
    assert texts.title("en", 40, "2027-01-07") == "Calico Daily #40 (2027-01-07)"
    assert texts.title("zh", 40, "2027-01-07") == "猫与花毯每日谜题 #40（2027-01-07）"
    finished = texts.t("en", "daily.finished_public", name="ana", day=3, score=61)
    assert finished == "ana finished Calico Daily #3: **61** points."
    assert daily_text.dtr("en", "stale").startswith("That button belongs to an older position")  # i18n fallback
    err = GameError("rule", message="F9 is not a space", code_="unknown_space", space="F9", game_="calico")
    assert refusal_text("zh", err) == "F9 不是你被褥板上的格子：请使用 A1 到 E5。"
    assert refusal_text("en", GameError("rule", message="odd", code_="new_code")) == "odd"
    assert "#40" in refusal_text("en", GameError("daily_day_over", day=40))
    assert calico_daily.scenario_text("en", None) is None
    assert "at least 72 points" in (calico_daily.scenario_text("en", 10) or "")
