"""The daily puzzle's shared sentences, in English and Simplified Chinese: refusals, leaderboards, stats,
announcements, the par. Imports no game.

``dtr(lang, key, **params)`` formats one message of :data:`MESSAGES` and falls back to
:func:`calico_bot.services.i18n.tr` for keys it does not hold (``stale``, ``rule.*``...).
:class:`DailyTexts` adds one game's own daily texts (its adapter's ``messages``, its share text, its
result breakdown) and fills in the game's name (``{game}``, ``{puzzle}``) where a shared text says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .i18n import Lang, format_entry, tr

if TYPE_CHECKING:
    from ..core.game_contract import DailyAdapter
    from ..storage.daily_store import FinishedRow, ParRow
    from .daily import AnnouncementContent, DailyStats, Leaderboard

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
    "daily_never_finished": {"en": "You did not finish puzzle #{day} on its day, so it has no record or review.",
                             "zh": "你没有在当天完成谜题 #{day}，所以它没有棋谱和复盘。"},
    "daily_guild_only": {
        "en": "The server leaderboard works in a server; use `scope: global` here.",
        "zh": "服务器排行榜只能在服务器里查看；这里请使用 `scope: global`。",
    },
    "daily_bad_scope": {
        "en": "The leaderboard scope is `server` or `global`.",
        "zh": "排行榜范围只能是 `server`（本服务器）或 `global`（全部）。",
    },
    "daily_record_locked": {
        "en": "The record and the review of puzzle #{day} open once that day is over (00:00 UTC), "
        "so that its draws stay secret while others play.",
        "zh": "谜题 #{day} 的棋谱和复盘要等当天结束（UTC 00:00）后才开放，以免在别人挑战时泄露抽牌顺序。",
    },
    "daily_corrupt": {
        "en": "Your puzzle #{day} cannot be read ({reason}). Please tell the bot's admins.",
        "zh": "你的谜题 #{day} 数据无法读取（{reason}）。请联系机器人管理员。",
    },
    # --- the puzzle ----------------------------------------------------------------------------------
    "daily.title": {"en": "{puzzle} #{day} ({date})", "zh": "{puzzle} #{day}（{date}）"},
    "daily.started": {
        "en": "Puzzle #{day} started. Your progress is saved after every move: continue any time today "
        "with `/daily play`, from any device.",
        "zh": "谜题 #{day} 已开始。每一步都会自动保存：今天之内随时可以用 `/daily play` 在任何设备上继续。",
    },
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
    # --- leaderboards and stats --------------------------------------------------------------------
    "daily.scope.server": {"en": "in this server", "zh": "本服务器"},
    "daily.scope.global": {"en": "everywhere", "zh": "全部玩家"},
    "daily.scope.global_empty": {"en": "anywhere", "zh": "全部玩家中"},
    "daily.board.title": {
        "en": "{game} #{day}: leaderboard {where} ({total} finished)",
        "zh": "{game} #{day}：{where}排行榜（{total} 人完成）",
    },
    "daily.board.line": {
        "en": "{rank}. {name}: **{score}** ({detail})",
        "zh": "{rank}. {name}：**{score}** 分（{detail}）",
    },
    "daily.board.empty": {
        "en": "Nobody has finished puzzle #{day} {where} yet.",
        "zh": "{where}还没有人完成谜题 #{day}。",
    },
    "daily.board.me": {"en": "You: rank {rank} with {score}.", "zh": "你：第 {rank} 名，{score} 分。"},
    "daily.stats.title": {"en": "{game}: {name}", "zh": "{game}：{name}"},
    "daily.stats.body": {
        "en": "Finished: {played}. Streak: {current} (best {best}). Best score: {best_score}. Average: {average}.",
        "zh": "已完成：{played} 次。连续：{current} 天（最长 {best} 天）。最高分：{best_score}。平均分：{average}。",
    },
    "daily.stats.recent": {"en": "Last {n} days: {days}", "zh": "最近 {n} 天：{days}"},
    "daily.stats.none": {"en": "-", "zh": "-"},
    # --- announcements -------------------------------------------------------------------------------
    "daily.announce": {
        "en": "**{puzzle} #{day}** ({date}) is here! Everybody gets the same puzzle today: "
        "play it privately with `/daily play` and compare scores with `/daily leaderboard`.",
        "zh": "**{puzzle} #{day}**（{date}）来了！今天所有人的谜题都相同："
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
    "daily.finished_public": {
        "en": "{name} finished {puzzle} #{day}: **{score}** points.",
        "zh": "{name} 完成了{puzzle} #{day}：**{score}** 分。",
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


class DailyTexts:
    """The daily texts of one game: its adapter's messages first, then the shared ones (:func:`dtr`)."""

    def __init__(self, adapter: DailyAdapter) -> None:
        self.adapter = adapter

    def t(self, lang: Lang, key: str, **params: Any) -> str:
        """One message: the game's own, or a shared one with the game's names filled in."""
        entry = self.adapter.messages.get(key)
        if entry is not None:
            return format_entry(dict(entry), lang, params)
        if "{game}" in str(MESSAGES.get(key, "")) or "{puzzle}" in str(MESSAGES.get(key, "")):
            params.setdefault("game", self.t(lang, "daily.game"))
            params.setdefault("puzzle", self.t(lang, "daily.puzzle"))
        return dtr(lang, key, **params)

    def title(self, lang: Lang, day: int, date: str) -> str:
        return self.t(lang, "daily.title", day=day, date=date)

    def variant_text(self, lang: Lang, variant: int | None) -> str | None:
        return self.adapter.variant_text(lang, variant)

    def share_text(self, lang: Lang, day: int, summary: dict[str, Any]) -> str:
        return self.adapter.share_text(lang, day, summary)

    def result_text(self, lang: Lang, day: int, summary: dict[str, Any], par: ParRow | None) -> str:
        """The game's score breakdown after finishing, then the par (or "par pending")."""
        lines = list(self.adapter.result_lines(lang, day, summary))
        if par is None:
            lines.append(dtr(lang, "daily.par_pending"))
        else:
            diff = dtr(lang, "daily.par_diff", diff=summary["total"] - par.score)
            lines.append(dtr(lang, "daily.par", score=par.score, diff=diff))
        return "\n".join(lines)

    def board_lines(self, lang: Lang, entries: Sequence[FinishedRow]) -> list[str]:
        return [dtr(lang, "daily.board.line", rank=e.rank, name=e.name, score=e.score,
                    detail=self.adapter.tie_break_text(lang, e.tie_break)) for e in entries]

    def leaderboard_text(self, lang: Lang, board: Leaderboard) -> str:
        where = dtr(lang, f"daily.scope.{board.scope}")
        if not board.entries:
            nowhere = dtr(lang, "daily.scope.global_empty") if board.scope == "global" else where
            return dtr(lang, "daily.board.empty", day=board.day, where=nowhere)
        lines = [self.t(lang, "daily.board.title", day=board.day, where=where, total=board.total),
                 *self.board_lines(lang, board.entries)]
        if board.me is not None and all(e.user_id != board.me.user_id for e in board.entries):
            lines.append(dtr(lang, "daily.board.me", rank=board.me.rank, score=board.me.score))
        return "\n".join(lines)

    def stats_text(self, lang: Lang, stats: DailyStats, name: str) -> str:
        none = dtr(lang, "daily.stats.none")
        body = dtr(lang, "daily.stats.body", played=stats.played, current=stats.current_streak,
                   best=stats.best_streak, best_score=none if stats.best_score is None else stats.best_score,
                   average=none if stats.average_score is None else f"{stats.average_score:g}")
        days = " ".join(f"#{r.day} {r.score}" if r.score is not None else f"#{r.day} {none}" for r in stats.recent)
        return "\n".join([self.t(lang, "daily.stats.title", name=name), body,
                          dtr(lang, "daily.stats.recent", n=len(stats.recent), days=days)])

    def announcement_text(self, lang: Lang, content: AnnouncementContent) -> str:
        lines = [self.t(lang, "daily.announce", day=content.day, date=content.date.isoformat())]
        variant = self.variant_text(lang, content.variant)
        if variant:
            lines.append(variant)
        if content.previous_day >= 1:
            if content.previous_top:
                lines.append(dtr(lang, "daily.announce.previous", day=content.previous_day,
                                 total=content.previous_total,
                                 lines="\n" + "\n".join(self.board_lines(lang, content.previous_top))))
            else:
                lines.append(dtr(lang, "daily.announce.previous_none", day=content.previous_day))
            if content.previous_par is not None:
                lines.append(dtr(lang, "daily.announce.par", day=content.previous_day,
                                 score=content.previous_par.score))
        return "\n".join(lines)


__all__ = ["MESSAGES", "DailyTexts", "dtr"]
