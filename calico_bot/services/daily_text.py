"""Every sentence of the daily puzzle feature, in English and Simplified Chinese, and its share text.

``dtr(lang, key, **params)`` formats one message of :data:`MESSAGES` and falls back to
:func:`calico_bot.services.i18n.tr` for keys it does not hold (``stale``, ``rule.*``, ``score.*``...).
The share text is spoiler-free: day number, score, cats, buttons, rainbow and goals met, never a
tile or a position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from calico_bot.games.calico.engine.geometry import label

from .i18n import Lang, format_entry, tr
from .presenter import award_text, goal_name, objective_texts, tile_text

if TYPE_CHECKING:
    from calico_bot.games.calico.engine.game import TurnOutcome

    from ..storage.daily_store import FinishedRow, ParRow
    from .daily import AnnouncementContent, DailyStats, Leaderboard

GOAL_BOTH = "🟩"
GOAL_ONE = "🟨"
GOAL_NONE = "⬛"
CAT = "🐈"
BUTTON = "🔘"
RAINBOW = "🌈"
GOALS = "🎯"
SCENARIO = "📜"
PASSED = "✅"
FAILED = "❌"

MESSAGES: dict[str, dict[Lang, str]] = {
    # --- refusals (GameError codes) ----------------------------------------------------------------
    "daily_not_started": {
        "en": "The daily puzzle starts on {date} (UTC).",
        "zh": "每日谜题将于 {date}（UTC）开始。",
    },
    "daily_no_such_day": {
        "en": "There is no daily puzzle #{day} (yet).",
        "zh": "（还）没有第 #{day} 号每日谜题。",
    },
    "daily_already_played": {
        "en": "You have already finished today's puzzle #{day} ({score} points): one attempt per day. "
        "The next puzzle comes at 00:00 UTC.",
        "zh": "你已经完成了今天的谜题 #{day}（{score} 分）：每天只能挑战一次。下一题在 UTC 00:00 发布。",
    },
    "daily_day_over": {
        "en": "Puzzle #{day} is over: a daily puzzle can only be played on its own UTC day. "
        "Start today's with `/daily play`.",
        "zh": "谜题 #{day} 已经结束：每日谜题只能在当天（UTC）挑战。用 `/daily play` 开始今天的谜题。",
    },
    "daily_no_attempt": {
        "en": "You have not started today's puzzle #{day} yet: use `/daily play`.",
        "zh": "你还没有开始今天的谜题 #{day}：请使用 `/daily play`。",
    },
    "daily_not_finished": {"en": "Puzzle #{day} is not finished yet.", "zh": "谜题 #{day} 还没有完成。"},
    "daily_guild_only": {
        "en": "The server leaderboard works in a server; use `scope: global` here.",
        "zh": "服务器排行榜只能在服务器里查看；这里请使用 `scope: global`。",
    },
    "daily_bad_scope": {
        "en": "The leaderboard scope is `server` or `global`.",
        "zh": "排行榜范围只能是 `server`（本服务器）或 `global`（全部）。",
    },
    "daily_record_locked": {
        "en": "The record of puzzle #{day} can be exported once that day is over (00:00 UTC), "
        "so that its bag order stays secret while others play.",
        "zh": "谜题 #{day} 的棋谱要等当天结束（UTC 00:00）后才能导出，以免在别人挑战时泄露布袋顺序。",
    },
    "daily_corrupt": {
        "en": "Your puzzle #{day} cannot be read ({reason}). Please tell the bot's admins.",
        "zh": "你的谜题 #{day} 数据无法读取（{reason}）。请联系机器人管理员。",
    },
    # --- the puzzle ----------------------------------------------------------------------------------
    "daily.title": {"en": "Calico Daily #{day} ({date})", "zh": "猫与花毯每日谜题 #{day}（{date}）"},
    "daily.started": {
        "en": "Puzzle #{day} started. Your progress is saved after every move: continue any time today "
        "with `/daily play`, from any device.",
        "zh": "谜题 #{day} 已开始。每一步都会自动保存：今天之内随时可以用 `/daily play` 在任何设备上继续。",
    },
    "daily.resumed": {
        "en": "Welcome back to puzzle #{day}: {placed}/22 patches placed.",
        "zh": "欢迎回到谜题 #{day}：已放置 {placed}/22 块布片。",
    },
    "daily.scenario": {
        "en": "Scenario day: solo scenario {n}. To pass: {objectives}.",
        "zh": "情景挑战日：单人情景 {n}。过关条件：{objectives}。",
    },
    "daily.result": {
        "en": "Puzzle #{day} is done: **{total}** points (goals {goals}, cats {cats}, buttons {buttons}{rainbow}).",
        "zh": "谜题 #{day} 完成：**{total}** 分（目标 {goals}，猫咪 {cats}，纽扣 {buttons}{rainbow}）。",
    },
    "daily.scenario_pass": {"en": "Scenario {n}: passed!", "zh": "情景 {n}：挑战成功！"},
    "daily.scenario_fail": {"en": "Scenario {n}: not passed ({missing}).", "zh": "情景 {n}：挑战失败（{missing}）。"},
    "daily.par": {
        "en": "Par (the strongest bot on the same puzzle): {score} ({diff}).",
        "zh": "标准分（最强机器人挑战同一谜题）：{score}（{diff}）。",
    },
    "daily.par_diff": {"en": "you: {diff:+d}", "zh": "你：{diff:+d}"},
    "daily.par_pending": {
        "en": "Par: pending (the bot is still playing this puzzle; look again later).",
        "zh": "标准分：计算中（机器人还在挑战这道谜题，请稍后再看）。",
    },
    "daily.share_hint": {
        "en": "Share your result without spoilers:",
        "zh": "无剧透分享你的成绩：",
    },
    # --- share text ------------------------------------------------------------------------------------
    "daily.share.title": {"en": "Calico Daily #{day}: {total}", "zh": "猫与花毯每日 #{day}：{total} 分"},
    "daily.share.goals": {"en": "{squares} {met}/3 goals", "zh": "{squares} 目标 {met}/3"},
    "daily.share.tokens": {"en": "{cats} {buttons}", "zh": "{cats} {buttons}"},
    "daily.share.scenario": {"en": "Scenario {n} {mark}", "zh": "情景 {n} {mark}"},
    # --- leaderboards and stats --------------------------------------------------------------------
    "daily.scope.server": {"en": "in this server", "zh": "本服务器"},
    "daily.scope.global": {"en": "everywhere", "zh": "全部玩家"},
    "daily.board.title": {
        "en": "Calico Daily #{day}: leaderboard {where} ({total} finished)",
        "zh": "猫与花毯每日 #{day}：{where}排行榜（{total} 人完成）",
    },
    "daily.board.line": {
        "en": "{rank}. {name}: **{score}** ({cats} cats, {buttons} buttons)",
        "zh": "{rank}. {name}：**{score}** 分（猫咪 {cats}，纽扣 {buttons}）",
    },
    "daily.board.empty": {
        "en": "Nobody has finished puzzle #{day} {where} yet.",
        "zh": "{where}还没有人完成谜题 #{day}。",
    },
    "daily.board.me": {"en": "You: rank {rank} with {score}.", "zh": "你：第 {rank} 名，{score} 分。"},
    "daily.stats.title": {"en": "Calico Daily: {name}", "zh": "猫与花毯每日：{name}"},
    "daily.stats.body": {
        "en": "Finished: {played}. Streak: {current} (best {best}). Best score: {best_score}. Average: {average}.",
        "zh": "已完成：{played} 次。连续：{current} 天（最长 {best} 天）。最高分：{best_score}。平均分：{average}。",
    },
    "daily.stats.recent": {"en": "Last {n} days: {days}", "zh": "最近 {n} 天：{days}"},
    "daily.stats.none": {"en": "-", "zh": "-"},
    # --- announcements -------------------------------------------------------------------------------
    "daily.announce": {
        "en": "**Calico Daily #{day}** ({date}) is here! Everybody gets the same puzzle today: "
        "play it privately with `/daily play` and compare scores with `/daily leaderboard`.",
        "zh": "**猫与花毯每日谜题 #{day}**（{date}）来了！今天所有人的谜题都相同："
        "用 `/daily play` 私下挑战，用 `/daily leaderboard` 比较成绩。",
    },
    "daily.announce.previous": {
        "en": "Top scores here for puzzle #{day} ({total} finished): {lines}",
        "zh": "本服务器谜题 #{day} 的最高分（{total} 人完成）：{lines}",
    },
    "daily.announce.previous_none": {
        "en": "Nobody here finished puzzle #{day}.",
        "zh": "本服务器没有人完成谜题 #{day}。",
    },
    "daily.announce.par": {"en": "Par for #{day}: {score}.", "zh": "谜题 #{day} 的标准分：{score}。"},
    "daily.channel_set": {
        "en": "Daily puzzles will be posted in <#{channel}> at 00:00 UTC (today's comes right away).",
        "zh": "每日谜题将在 UTC 00:00 发布到 <#{channel}>（今天的马上发布）。",
    },
    "daily.channel_cleared": {
        "en": "Daily puzzles will no longer be posted in this server.",
        "zh": "本服务器将不再发布每日谜题。",
    },
    # --- the Discord cog (cogs/daily.py) -------------------------------------------------------------
    "daily.goals_prompt": {
        "en": "Design goals: keep three of your goal tiles, one on each of B3, C4 and D2, then confirm.{offered}",
        "zh": "设计目标：从你的目标中选三块，分别放在 B3、C4、D2 上，然后确认。{offered}",
    },
    "daily.turn_prompt": {
        "en": "Patch {n}/22: pick a hand tile, a space and a market tile, then confirm.",
        "zh": "第 {n}/22 块布片：选择一块手牌、一个格子和一块市场布片，然后确认。",
    },
    "daily.turn_last": {
        "en": "Last patch (22/22): pick a hand tile and a space, then confirm.",
        "zh": "最后一块布片（22/22）：选择一块手牌和一个格子，然后确认。",
    },
    "daily.hand": {"en": "Your hand: {tiles}.", "zh": "你的手牌：{tiles}。"},
    "daily.score_so_far": {"en": "Score so far: {total}.", "zh": "目前得分：{total}。"},
    "daily.goals_set": {"en": "Design goals set: {goals}.", "zh": "设计目标已设定：{goals}。"},
    "daily.moved": {"en": "You placed {tile} on {space}.", "zh": "你把{tile}放在了 {space}。"},
    "daily.moved_took": {"en": "You took {tile} from slot {slot}.", "zh": "你从第 {slot} 格拿走了{tile}。"},
    "daily.finished_public": {
        "en": "{name} finished Calico Daily #{day}: **{score}** points.",
        "zh": "{name} 完成了猫与花毯每日谜题 #{day}：**{score}** 分。",
    },
    "daily.channel_post_failed": {
        "en": "I could not post today's puzzle in <#{channel}>: please let me send messages and attach files there.",
        "zh": "我无法在 <#{channel}> 发布今天的谜题：请允许我在那里发送消息和附件。",
    },
}


def dtr(lang: Lang, key: str, **params: Any) -> str:
    """One daily-feature message in ``lang``; keys not defined here go to :func:`i18n.tr`."""
    entry = MESSAGES.get(key)
    if entry is None:
        return tr(lang, key, **params)
    return format_entry(entry, lang, params)


def scenario_text(lang: Lang, number: int | None) -> str | None:
    """The scenario of a day, shown before playing (None on ordinary days)."""
    if number is None:
        return None
    return dtr(lang, "daily.scenario", n=number, objectives="; ".join(objective_texts(lang, number)))


def goal_squares(summary: dict[str, Any]) -> str:
    out = []
    for g in summary.get("goals", []):
        out.append(GOAL_BOTH if g["color"] and g["pattern"] else GOAL_ONE if g["color"] or g["pattern"] else GOAL_NONE)
    return "".join(out)


def share_text(lang: Lang, day: int, summary: dict[str, Any]) -> str:
    """A spoiler-free result to paste anywhere, e.g.::

        Calico Daily #12: 67
        🎯 🟩🟨⬛ 2/3 goals
        🐈×4 🔘×5 🌈
        📜 Scenario 3 ✅
    """
    lines = [dtr(lang, "daily.share.title", day=day, total=summary["total"])]
    lines.append(GOALS + " " + dtr(lang, "daily.share.goals", squares=goal_squares(summary),
                                   met=summary.get("goals_met", 0)))
    buttons = len(summary.get("buttons", []))
    tokens = dtr(lang, "daily.share.tokens", cats=f"{CAT}×{summary['cat_count']}", buttons=f"{BUTTON}×{buttons}")
    if summary.get("rainbow"):
        tokens += " " + RAINBOW
    lines.append(tokens)
    scenario = summary.get("scenario")
    if scenario:
        mark = PASSED if scenario["passed"] else FAILED
        lines.append(SCENARIO + " " + dtr(lang, "daily.share.scenario", n=scenario["number"], mark=mark))
    return "\n".join(lines)


def result_text(lang: Lang, day: int, summary: dict[str, Any], par: ParRow | None) -> str:
    """The score breakdown after finishing, the par (or "par pending") and the scenario outcome."""
    rainbow = tr(lang, "score.rainbow") if summary.get("rainbow") else ""
    lines = [dtr(lang, "daily.result", day=day, total=summary["total"], goals=summary["goal_points"],
                 cats=summary["cat_points"], buttons=summary["button_points"], rainbow=rainbow)]
    goals = []
    for g in summary.get("goals", []):
        key = ("score.goal_both" if g["color"] and g["pattern"] else "score.goal_color" if g["color"]
               else "score.goal_pattern" if g["pattern"] else "score.goal_none")
        goals.append(tr(lang, "score.goal", space=g["space"], goal=goal_name(lang, g["goal"]), result=tr(lang, key),
                        points=g["points"]))
    if goals:
        lines.append("; ".join(goals))
    scenario = summary.get("scenario")
    if scenario:
        if scenario["passed"]:
            lines.append(dtr(lang, "daily.scenario_pass", n=scenario["number"]))
        else:
            missing = ", ".join(f"{tr(lang, 'objective.' + o['key'], target=o['target'])} "
                                f"({o['achieved']}/{o['target']})" for o in scenario["objectives"] if not o["met"])
            lines.append(dtr(lang, "daily.scenario_fail", n=scenario["number"], missing=missing))
    if par is None:
        lines.append(dtr(lang, "daily.par_pending"))
    else:
        diff = dtr(lang, "daily.par_diff", diff=summary["total"] - par.score)
        lines.append(dtr(lang, "daily.par", score=par.score, diff=diff))
    return "\n".join(lines)


def board_lines(lang: Lang, entries: Sequence[FinishedRow]) -> list[str]:
    return [dtr(lang, "daily.board.line", rank=e.rank, name=e.name, score=e.score, cats=e.cats, buttons=e.buttons)
            for e in entries]


def leaderboard_text(lang: Lang, board: Leaderboard) -> str:
    where = dtr(lang, f"daily.scope.{board.scope}")
    if not board.entries:
        return dtr(lang, "daily.board.empty", day=board.day, where=where)
    lines = [dtr(lang, "daily.board.title", day=board.day, where=where, total=board.total),
             *board_lines(lang, board.entries)]
    if board.me is not None and all(e.user_id != board.me.user_id for e in board.entries):
        lines.append(dtr(lang, "daily.board.me", rank=board.me.rank, score=board.me.score))
    return "\n".join(lines)


def stats_text(lang: Lang, stats: DailyStats, name: str) -> str:
    none = dtr(lang, "daily.stats.none")
    body = dtr(lang, "daily.stats.body", played=stats.played, current=stats.current_streak, best=stats.best_streak,
               best_score=none if stats.best_score is None else stats.best_score,
               average=none if stats.average_score is None else f"{stats.average_score:g}")
    days = " ".join(f"#{r.day} {r.score}" if r.score is not None else f"#{r.day} {none}" for r in stats.recent)
    return "\n".join([dtr(lang, "daily.stats.title", name=name), body,
                      dtr(lang, "daily.stats.recent", n=len(stats.recent), days=days)])


def announcement_text(lang: Lang, content: AnnouncementContent) -> str:
    lines = [dtr(lang, "daily.announce", day=content.day, date=content.date.isoformat())]
    scenario = scenario_text(lang, content.scenario)
    if scenario:
        lines.append(scenario)
    if content.previous_day >= 1:
        if content.previous_top:
            lines.append(dtr(lang, "daily.announce.previous", day=content.previous_day, total=content.previous_total,
                             lines="\n" + "\n".join(board_lines(lang, content.previous_top))))
        else:
            lines.append(dtr(lang, "daily.announce.previous_none", day=content.previous_day))
        if content.previous_par is not None:
            lines.append(dtr(lang, "daily.announce.par", day=content.previous_day, score=content.previous_par.score))
    return "\n".join(lines)


def move_lines(lang: str, outcome: TurnOutcome | None) -> list[str]:
    """What the player's last daily move did: placed, taken, discarded, earned."""
    if outcome is None:
        return []
    lines = [dtr(lang, "daily.moved", tile=tile_text(lang, outcome.placed), space=label(outcome.cell))]
    if outcome.took is not None and outcome.take_slot is not None:
        lines.append(dtr(lang, "daily.moved_took", tile=tile_text(lang, outcome.took), slot=outcome.take_slot))
    if outcome.discarded is not None:
        lines.append(tr(lang, "turn.discarded", tile=tile_text(lang, outcome.discarded)))
    if outcome.awards:
        lines.append(tr(lang, "turn.earned", awards=", ".join(award_text(lang, a) for a in outcome.awards)))
    return lines


__all__ = ["MESSAGES", "announcement_text", "dtr", "goal_squares", "leaderboard_text", "move_lines",
           "objective_texts", "result_text", "scenario_text", "share_text", "stats_text"]
