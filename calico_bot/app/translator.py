"""Chinese names and descriptions for the slash commands, through discord.py's translator."""

from __future__ import annotations

import discord
from discord import app_commands

from ..services.i18n import MESSAGES

ZH: dict[str, str] = {
    # names
    "calico": "猫与花毯",
    "new": "新建", "join": "加入", "leave": "离开", "start": "开始", "addbot": "添加机器人", "goals": "目标",
    "play": "出牌", "board": "被褥板", "hand": "手牌", "status": "状态", "history": "历史", "undo": "撤回",
    "resign": "认输", "kick": "移出", "remove": "请出", "end": "结束", "games": "对局列表", "export": "导出",
    "hint": "提示", "turn": "回合", "review": "复盘", "choice": "选择",
    "After a puzzle's day: your turns beside the strong bot's": "谜题当天结束后：你的每回合与强力机器人的选择对照",
    "Puzzle number (default: yesterday's)": "谜题编号（默认：昨天的）",
    "After a game: your turns beside the strong bot's, privately":
        "对局结束后：你的每回合与强力机器人的选择对照（仅自己可见）",
    "daily-admin": "每日谜题管理", "stop": "停止",
    "daily": "每日谜题", "leaderboard": "排行榜", "stats": "统计", "share": "分享", "channel": "频道",
    "scope": "范围", "day": "期号", "server": "本服务器", "global": "全部",
    "mode": "模式", "seats": "座位", "lower_variance": "低随机性", "deadline_hours": "期限小时",
    "solo_setup": "单人设置", "scenario": "情景", "game": "对局", "tile": "手牌序号", "space": "格子",
    "take": "拿取", "player": "玩家", "level": "难度", "b3": "b3", "c4": "c4", "d2": "d2",
    "rules": "规则", "ask": "提问", "topic": "主题", "question": "问题", "public": "公开",
    # descriptions
    "Play Calico by post": "以异步方式玩猫与花毯",
    "Open a new Calico game in this channel": "在本频道开一局新的猫与花毯",
    "Join a Calico game": "加入一局猫与花毯",
    "Leave a game that has not started": "离开尚未开始的对局",
    "Start the game (host)": "开始对局（房主）",
    "Add a bot player to the lobby (host)": "向房间添加机器人玩家（房主）",
    "Choose and place your design goals": "选择并摆放你的设计目标",
    "Take your turn: place a hand tile and take a market tile": "进行回合：放一块手牌并从市场拿一块",
    "Show a player's quilt": "查看玩家的被褥板",
    "Show your hand (only you see it)": "查看你的手牌（仅自己可见）",
    "Whose turn it is and the scores so far": "轮到谁以及目前的分数",
    "The last turns of the game": "对局最近的回合",
    "Take back your last turn": "撤回你的上一回合",
    "Resign: the bot plays your remaining turns": "认输：剩下的回合由机器人代打",
    "Remove a player (host or Manage Server)": "移出一名玩家（房主或管理员）",
    "Take a player out of a lobby that has not started (host)": "把玩家请出尚未开始的房间（房主）",
    "End the game (host or Manage Server)": "结束对局（房主或管理员）",
    "Open games in this channel": "本频道进行中的对局",
    "Download the game record (JSON)": "下载对局棋谱（JSON）",
    "Game mode": "游戏模式", "Number of seats (1-4)": "座位数（1-4）",
    "Use the 72-tile bag (2 players or solo)": "使用 72 块的布袋（2 人或单人）",
    "Hours per turn before the bot plays for you (0 = none)": "每回合的小时数，超时由机器人代打（0 = 不限）",
    "Solo setup": "单人设置", "Solo scenario (1-10)": "单人情景（1-10）",
    "Game number (not needed inside the game's thread)": "对局编号（在对局子区内可省略）",
    "Hand tile (1 or 2)": "手牌（1 或 2）", "Space on your quilt, e.g. B4": "被褥板上的格子，例如 B4",
    "Market slot to take (1-3)": "要拿的市场格（1-3）", "Whose quilt": "谁的被褥板", "Bot strength": "机器人强度",
    "Goal tile for B3": "B3 的目标", "Goal tile for C4": "C4 的目标", "Goal tile for D2": "D2 的目标",
    "Player to remove": "要移出的玩家",
    "Ask about the rules of Calico, Cat in the Box or The Isle of Cats": "询问猫与花毯、盒中猫或猫岛的规则",
    "Ask a rules question": "提一个规则问题", "Read a rules topic": "阅读一个规则主题",
    "Your question": "你的问题", "Which game": "哪个游戏", "Show the answer to everyone": "让所有人都看到回答",
    "Topic": "主题",
    "After a solo game: what the strong bot would have played": "单人对局结束后：看看强力机器人会怎么下",
    "Turn number (1-22)": "回合编号（1-22）",
    "The daily Calico puzzle: the same solo game for everybody": "猫与花毯每日谜题：所有人挑战同一局单人游戏",
    "Play today's puzzle (only you see your game)": "挑战今天的谜题（只有你能看到你的对局）",
    "The best scores of today's puzzle, or another day's": "今天（或某一天）谜题的最高分",
    "This server or everywhere": "本服务器或全部玩家",
    "Puzzle number (default: today's)": "谜题编号（默认：今天）",
    "Daily puzzle statistics: streaks and scores": "每日谜题统计：连续天数和分数",
    "Whose statistics (default: yours)": "谁的统计（默认：你自己）",
    "Your spoiler-free result of today's puzzle, to copy": "今天谜题的无剧透成绩，方便复制分享",
    "Post each new puzzle in a channel (Manage Server)": "在某个频道发布每天的新谜题（需管理服务器权限）",
    "Where to post the puzzles (leave out: this channel)": "发布谜题的频道（不填：本频道）",
    "Where the daily puzzle is announced (Manage Server)": "每日谜题在哪里发布（需管理服务器权限）",
    "Stop posting the daily puzzle in this server": "停止在本服务器发布每日谜题",
    # choices
    "standard": "标准", "beginner": "入门", "family": "家庭", "solo": "单人",
    "easy": "简单", "medium": "中等", "hard": "困难",
}


class CatalogTranslator(app_commands.Translator):
    """Translates command names, descriptions and choices for Chinese clients; others keep English."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale not in (discord.Locale.chinese, discord.Locale.taiwan_chinese):
            return None
        extras = string.extras
        if "table_key" in extras:  # a game table's words: the shared sentence with the game's own name
            entry = MESSAGES.get(str(extras["table_key"]))
            if entry is None:
                return None
            name = MESSAGES.get(f"{extras.get('game', '')}.name", {}).get("zh") or str(extras.get("name", ""))
            return entry["zh"].format(game_name=name, **{k: v for k, v in extras.items() if k not in ("table_key",)})
        if "game_command" in extras:  # a game's command group: its own Chinese name, if it has one
            return MESSAGES.get(f"{extras['game_command']}.command", {}).get("zh")
        return ZH.get(string.message)
