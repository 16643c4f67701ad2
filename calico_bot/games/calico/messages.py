"""Calico's own messages, in English and Simplified Chinese, under the game's prefix (``calico.``).

Calico's texts, cog, panels and coach call :func:`tr` with the key without the prefix ("turn.reminder");
a key Calico does not have is the shared catalog's ("stale", "error.unexpected"). Importing this module
adds the messages to the shared catalog (``services.i18n``), refused if a key is taken by another game
or missing in one language; the plug-in's ``messages`` are the same texts in the contract's form.
"""

from __future__ import annotations

from typing import Any

from calico_bot.services.i18n import Lang, register_messages
from calico_bot.services.i18n import has as shared_has
from calico_bot.services.i18n import tr as shared_tr

PREFIX = "calico."

CATALOG: dict[str, dict[Lang, str]] = {
    "calico.bad_mode": {"en": "Unknown mode {mode}.", "zh": "未知的模式 {mode}。"},
    "calico.bad_seats": {"en": "A Calico game has 1 to 4 seats.", "zh": "猫与花毯一局可以有 1 到 4 个座位。"},
    "calico.lower_variance_seats": {
        "en": "The lower-variance variant is for 2 players or solo.",
        "zh": "低随机性变体只适用于 2 人或单人游戏。",
    },
    "calico.bad_scenario": {
        "en": "Scenarios are for solo games and are numbered 1 to 10.",
        "zh": "情景挑战只用于单人游戏，编号为 1 到 10。",
    },
    "calico.need_two_players": {
        "en": "At least two players are needed (or start a solo game with `mode: solo`).",
        "zh": "至少需要两名玩家（或者用 `mode: solo` 开一局单人游戏）。",
    },
    "calico.rule.not_your_turn": {
        "en": "It is not your turn: {current_name} is to move.",
        "zh": "还没轮到你：现在轮到 {current_name}。",
    },
    "calico.rule.not_a_player": {"en": "You are not a player in this game.", "zh": "你不是这一局的玩家。"},
    "calico.rule.tile_not_in_hand": {
        "en": "Choose tile 1 or 2 from your hand.",
        "zh": "请从手牌中选择第 1 或第 2 块。",
    },
    "calico.rule.unknown_space": {
        "en": "{space} is not a space on your quilt: use A1 to E5.",
        "zh": "{space} 不是你被褥板上的格子：请使用 A1 到 E5。",
    },
    "calico.rule.goal_space": {
        "en": "{space} holds a design goal; choose an empty patch space.",
        "zh": "{space} 是设计目标格，请选择一个空的布片格。",
    },
    "calico.rule.occupied": {"en": "{space} already has a patch.", "zh": "{space} 已经放了布片。"},
    "calico.rule.bad_market_slot": {"en": "Take a market tile: slot {slots}.", "zh": "请从市场拿一块：第 {slots} 格。"},
    "calico.rule.setup_not_finished": {
        "en": "Setup is not finished: waiting for design goals from {waiting}.",
        "zh": "准备阶段还没结束：正在等待 {waiting} 选择设计目标。",
    },
    "calico.rule.game_over": {"en": "The game is over.", "zh": "对局已经结束。"},
    "calico.rule.goal_spaces": {
        "en": "Put one goal on each of B3, C4 and D2.",
        "zh": "请在 B3、C4、D2 上各放一个目标。",
    },
    "calico.rule.goal_twice": {"en": "Choose three different goal tiles.", "zh": "请选择三块不同的目标板块。"},
    "calico.rule.goal_not_offered": {
        "en": "{goal} is not one of your goal tiles.",
        "zh": "{goal} 不是你可选的目标板块。",
    },
    "calico.rule.goals_already_chosen": {
        "en": "You have already placed your design goals.",
        "zh": "你已经放好设计目标了。",
    },
    "calico.rule.no_goal_choice": {
        "en": "There are no design goals to choose in this game.",
        "zh": "这一局不需要选择设计目标。",
    },
    "calico.lobby.title": {"en": "Calico #{game}: {mode}", "zh": "猫与花毯 #{game}：{mode}"},
    "calico.lobby.body": {
        "en": "Host: {host}. Seats: {taken}/{seats}. Turn deadline: {deadline}.\nPlayers: {players}",
        "zh": "房主：{host}。座位：{taken}/{seats}。回合期限：{deadline}。\n玩家：{players}",
    },
    "calico.lobby.no_deadline": {"en": "none", "zh": "无"},
    "calico.lobby.hours": {"en": "{hours:g} h", "zh": "{hours:g} 小时"},
    "calico.lobby.minutes": {"en": "{minutes} min", "zh": "{minutes} 分钟"},
    "calico.lobby.thread_name": {"en": "Calico #{game}", "zh": "猫与花毯 #{game}"},
    "calico.lobby.title_started": {
        "en": "Calico #{game}: {mode} (playing)",
        "zh": "猫与花毯 #{game}：{mode}（进行中）",
    },
    "calico.lobby.title_over": {"en": "Calico #{game}: {mode} (over)", "zh": "猫与花毯 #{game}：{mode}（已结束）"},
    "calico.lobby.title_ended": {"en": "Calico #{game}: {mode} (ended)", "zh": "猫与花毯 #{game}：{mode}（已结束）"},
    "calico.lobby.title_cancelled": {
        "en": "Calico #{game}: {mode} (cancelled)",
        "zh": "猫与花毯 #{game}：{mode}（已取消）",
    },
    "calico.lobby.content_started": {
        "en": "Game #{game} has started: follow it in its thread.",
        "zh": "对局 #{game} 已开始：请在它的帖子里关注进展。",
    },
    "calico.lobby.content_over": {"en": "Game #{game} is over.", "zh": "对局 #{game} 已结束。"},
    "calico.lobby.content_ended": {"en": "Game #{game} was ended early.", "zh": "对局 #{game} 已提前结束。"},
    "calico.lobby.content_cancelled": {
        "en": "Game #{game} was cancelled: every player left before it started.",
        "zh": "对局 #{game} 已取消：开始前所有玩家都离开了。",
    },
    "calico.lobby.body_closed": {"en": "Players: {players}", "zh": "玩家：{players}"},
    "calico.lobby.created": {
        "en": "Game #{game} is open: join with the button or `/calico join game: {game}`.",
        "zh": "对局 #{game} 已开放：点按钮或用 `/calico join game: {game}` 加入。",
    },
    "calico.lobby.joined": {"en": "{name} joined game #{game}.", "zh": "{name} 加入了对局 #{game}。"},
    "calico.lobby.left": {"en": "{name} left game #{game}.", "zh": "{name} 离开了对局 #{game}。"},
    "calico.lobby.bot_added": {
        "en": "A {level} bot takes a seat in game #{game}.",
        "zh": "一个 {level} 难度的机器人加入了对局 #{game}。",
    },
    "calico.lobby.started": {
        "en": "Game #{game} has started! Players in seat order: {players}.",
        "zh": "对局 #{game} 开始了！座位顺序：{players}。",
    },
    "calico.lobby.cats": {"en": "Cats: {cats}.", "zh": "本局猫咪：{cats}。"},
    "calico.lobby.choose_goals": {
        "en": "{mentions}: choose your design goals with the button below (only you see yours).",
        "zh": "{mentions}：请用下面的按钮选择你的设计目标（只有你自己能看到）。",
    },
    "calico.bot.level.placeholder": {"en": "How strong should the bot be?", "zh": "机器人要多强？"},
    "calico.bot.level.easy": {"en": "Easy (plays at random)", "zh": "简单（随机出牌）"},
    "calico.bot.level.medium": {"en": "Medium (takes the best points now)", "zh": "中等（只看眼前得分）"},
    "calico.bot.level.hard": {"en": "Hard (plans ahead)", "zh": "困难（会提前规划）"},
    "calico.level.easy": {"en": "easy", "zh": "简单"},
    "calico.level.medium": {"en": "medium", "zh": "中等"},
    "calico.level.hard": {"en": "hard", "zh": "困难"},
    "calico.turn.placed": {"en": "**{name}** placed {tile} on {space}.", "zh": "**{name}** 把{tile}放在了 {space}。"},
    "calico.turn.took": {"en": "Took {tile} from slot {slot}.", "zh": "从市场第 {slot} 格拿走了{tile}。"},
    "calico.turn.no_draft": {
        "en": "That was their last placement: no market tile taken.",
        "zh": "这是最后一次放置，不再从市场拿牌。",
    },
    "calico.turn.discarded": {"en": "Discarded {tile} from the conveyor.", "zh": "传送带弃掉了{tile}。"},
    "calico.turn.award.cat": {"en": "attracted {cat} +{points}", "zh": "吸引了 {cat} +{points}"},
    "calico.turn.award.button": {"en": "{color} button +3", "zh": "{color}纽扣 +3"},
    "calico.turn.award.rainbow": {"en": "rainbow button +3", "zh": "彩虹纽扣 +3"},
    "calico.turn.earned": {"en": "Earned: {awards}.", "zh": "获得：{awards}。"},
    "calico.turn.auto.bot": {"en": "(bot)", "zh": "（机器人）"},
    "calico.turn.auto.deadline": {
        "en": "(played by the bot: the turn deadline passed)",
        "zh": "（回合期限已过，由机器人代打）",
    },
    "calico.turn.auto.kicked": {
        "en": "(played by the bot for a removed player)",
        "zh": "（被移出的玩家，由机器人代打）",
    },
    "calico.turn.auto.resigned": {
        "en": "(played by the bot for a player who resigned)",
        "zh": "（已认输的玩家，由机器人代打）",
    },
    "calico.turn.next": {
        "en": "{mention}, it's your turn in game #{game}{deadline}.",
        "zh": "{mention}，轮到你在对局 #{game} 中行动了{deadline}。",
    },
    "calico.turn.deadline_suffix": {"en": " (deadline <t:{ts}:R>)", "zh": "（期限 <t:{ts}:R>）"},
    "calico.turn.market": {
        "en": "Market: {tiles}. Tiles left in the bag: {bag}.",
        "zh": "市场：{tiles}。布袋剩余：{bag} 块。",
    },
    "calico.goals.reminder": {
        "en": "{mentions}, a reminder: choose your design goals for game #{game} before <t:{ts}:R>, or the bot "
              "will choose them for you.",
        "zh": "{mentions}，提醒一下：请在 <t:{ts}:R> 之前为对局 #{game} 选好设计目标，否则机器人会替你选择。",
    },
    "calico.turn.reminder": {
        "en": "{mention}, a reminder: your turn in game #{game} ends <t:{ts}:R>.",
        "zh": "{mention}，提醒一下：你在对局 #{game} 的回合将在 <t:{ts}:R> 到期。",
    },
    "calico.turn.played": {"en": "Done: {space}.", "zh": "完成：{space}。"},
    "calico.goals.chosen": {"en": "Your design goals are set: {goals}.", "zh": "你的设计目标已设定：{goals}。"},
    "calico.goals.all_set": {
        "en": "Everybody has chosen their design goals: let's play!",
        "zh": "所有人都选好设计目标了：开始吧！",
    },
    "calico.goals.prompt": {
        "en": "Keep three of your four goal tiles and put one on each goal space (B3, C4, D2):\n{offered}",
        "zh": "从你的四块目标中留下三块，分别放在三个目标格（B3、C4、D2）上：\n{offered}",
    },
    "calico.goals.prompt_three": {
        "en": "Put your three goal tiles on the goal spaces (B3, C4, D2), one on each:\n{offered}",
        "zh": "把你的三块目标分别放在三个目标格（B3、C4、D2）上：\n{offered}",
    },
    "calico.goal.line": {"en": "- **{name}**: {meaning} ({one} points for color or pattern, {both} for both)",
                  "zh": "- **{name}**：{meaning}（满足颜色或图案 {one} 分，两者都满足 {both} 分）"},
    "calico.goal.name.ALL_DIFFERENT": {"en": "All different", "zh": "全部不同"},
    "calico.goal.meaning.ALL_DIFFERENT": {"en": "the six neighbours are six different colors (or patterns)",
                                   "zh": "周围六格是六种不同的颜色（或图案）"},
    "calico.goal.meaning.AAAA-BB": {"en": "four of one color (or pattern) and two of another",
                             "zh": "一种颜色（或图案）四格，另一种两格"},
    "calico.goal.meaning.AAA-BBB": {"en": "three of one color (or pattern) and three of another",
                             "zh": "一种颜色（或图案）三格，另一种三格"},
    "calico.goal.meaning.AAA-BB-C": {"en": "three of one, two of another and one of a third",
                              "zh": "一种三格、另一种两格、第三种一格"},
    "calico.goal.meaning.AA-BB-CC": {"en": "three pairs of different colors (or patterns)",
                              "zh": "三种不同的颜色（或图案）各两格"},
    "calico.goal.meaning.AA-BB-C-D": {"en": "two pairs and two singles, all different",
                               "zh": "两对加两个单格，彼此都不同"},
    "calico.shape.triangle3": {"en": "a triangle of 3", "zh": "3 格三角形"},
    "calico.shape.line3": {"en": "a line of 3", "zh": "3 格直线"},
    "calico.shape.line4": {"en": "a line of 4", "zh": "4 格直线"},
    "calico.shape.trapezoid5": {"en": "a trapezoid of 5", "zh": "5 格梯形"},
    "calico.shape.line5": {"en": "a line of 5", "zh": "5 格直线"},
    "calico.shape.group": {"en": "{n}+ touching", "zh": "{n} 格以上相连"},
    "calico.panel.goal_option": {"en": "{one} points for color or pattern, {both} for both",
                          "zh": "满足颜色或图案 {one} 分，两者都满足 {both} 分"},
    "calico.goals.placeholder": {"en": "Goal on {space}", "zh": "{space} 的目标"},
    "calico.panel.prompt": {
        "en": "Your turn in game #{game}: pick a hand tile, a space and a market tile, then confirm.",
        "zh": "对局 #{game} 轮到你了：选择一块手牌、一个格子和一块市场布片，然后确认。",
    },
    "calico.panel.last": {
        "en": "Your last placement: pick a hand tile and a space, then confirm.",
        "zh": "这是你最后一次放置：选择一块手牌和一个格子，然后确认。",
    },
    "calico.panel.hand_placeholder": {"en": "Hand tile to place", "zh": "要放置的手牌"},
    "calico.panel.space_placeholder": {"en": "Space on your quilt", "zh": "被褥板上的格子"},
    "calico.panel.take_placeholder": {"en": "Market tile to take", "zh": "要拿走的市场布片"},
    "calico.panel.incomplete": {"en": "Pick a hand tile, a space{take} first.", "zh": "请先选择手牌、格子{take}。"},
    "calico.panel.incomplete_take": {"en": " and a market tile", "zh": "和市场布片"},
    "calico.panel.option_hand": {"en": "Tile {n}: {tile}", "zh": "第 {n} 块：{tile}"},
    "calico.panel.option_take": {"en": "Slot {n}: {tile}", "zh": "第 {n} 格：{tile}"},
    "calico.goals_auto": {"en": "The setup deadline passed: the bot chose design goals for {names}.",
                   "zh": "准备阶段期限已过：机器人替 {names} 选择了设计目标。"},
    "calico.hint_finished_only": {
        "en": "Hints are for finished games only (otherwise the bot would be playing for you).",
        "zh": "提示只适用于已结束的对局（否则就等于机器人替你下棋了）。",
    },
    "calico.review_finished_only": {
        "en": "A review is for finished games only (during play it would be the bot playing for you).",
        "zh": "复盘只适用于已结束的对局（否则就等于机器人替你下棋了）。",
    },
    "calico.review_not_player": {"en": "You did not play in that game: a review looks at your own turns.",
                          "zh": "你没有参加那一局：复盘看的是你自己的回合。"},
    "calico.review.thinking": {"en": "Reviewing your turns…", "zh": "正在复盘你的回合…"},
    "calico.hint_solo_only": {"en": "Hints are for solo games.", "zh": "提示只适用于单人游戏。"},
    "calico.hint_bad_turn": {"en": "Pick a turn from 1 to {last}.", "zh": "请选择第 1 到第 {last} 回合。"},
    "calico.hint.text": {"en": "Turn {turn}. Your hand: {hand}. Market: {market}.\nYou placed tile {p_tile} on "
                         "{p_space}{p_take}.\nThe strong bot would place tile {s_tile} on {s_space}{s_take}.",
                  "zh": "第 {turn} 回合。你的手牌：{hand}。市场：{market}。\n你把第 {p_tile} 块放在 {p_space}{p_take}。"
                        "\n强力机器人会把第 {s_tile} 块放在 {s_space}{s_take}。"},
    "calico.hint.take": {"en": " and took slot {slot}", "zh": "，并拿走第 {slot} 格"},
    "calico.hint.take_would": {"en": " and take slot {slot}", "zh": "，并拿走第 {slot} 格"},
    "calico.hint.same": {"en": "Same move as the bot!", "zh": "和机器人的选择一样！"},
    "calico.objective.goals_both": {
        "en": "{target} design goal(s) met by color and pattern",
        "zh": "{target} 个设计目标同时满足颜色和图案",
    },
    "calico.objective.goals_ok": {
        "en": "{target} other design goal(s) met by color or pattern",
        "zh": "另外 {target} 个设计目标满足颜色或图案",
    },
    "calico.objective.rainbow": {"en": "a rainbow button", "zh": "获得彩虹纽扣"},
    "calico.objective.total_cats": {"en": "at least {target} cats", "zh": "至少 {target} 只猫咪"},
    "calico.objective.one_of_each_cat": {"en": "one of each cat", "zh": "每种猫咪至少一只"},
    "calico.objective.buttons_one_color": {
        "en": "{target} buttons of one color",
        "zh": "同一颜色的纽扣 {target} 枚",
    },
    "calico.objective.tokens_one_cat": {"en": "{target} tokens of one cat", "zh": "同一种猫咪 {target} 只"},
    "calico.objective.score": {"en": "at least {target} points", "zh": "至少 {target} 分"},
    "calico.scenario.title": {"en": "Scenario {n}: to pass", "zh": "情景 {n}：过关条件"},
    "calico.scenario.goal": {
        "en": "Scenario {n}. To pass: {objectives}.",
        "zh": "情景 {n}。过关条件：{objectives}。",
    },
    "calico.status.turn": {
        "en": "Game #{game} ({mode}): {name}'s turn {turn} of 22.",
        "zh": "对局 #{game}（{mode}）：轮到 {name}，这是其第 {turn}/22 回合。",
    },
    "calico.status.cancelled": {
        "en": "Game #{game} ({mode}) was cancelled before it started.",
        "zh": "对局 #{game}（{mode}）在开始前已取消。",
    },
    "calico.status.setup": {
        "en": "Game #{game} ({mode}) is in setup: waiting for {waiting} to choose goals.",
        "zh": "对局 #{game}（{mode}）正在准备：等待 {waiting} 选择目标。",
    },
    "calico.status.lobby": {
        "en": "Game #{game} ({mode}) is waiting for players: {players}.",
        "zh": "对局 #{game}（{mode}）正在等待玩家：{players}。",
    },
    "calico.status.over": {"en": "Game #{game} ({mode}) is over.", "zh": "对局 #{game}（{mode}）已结束。"},
    "calico.status.ended": {"en": "Game #{game} ({mode}) was ended early.", "zh": "对局 #{game}（{mode}）已提前结束。"},
    "calico.status.bag": {"en": "Tiles left in the bag: {bag}.", "zh": "布袋剩余：{bag} 块。"},
    "calico.score.line": {
        "en": "{name}: **{total}** (goals {goals}, cats {cats}, buttons {buttons}{rainbow}) - {placed}/22 placed",
        "zh": "{name}：**{total}** 分（目标 {goals}，猫咪 {cats}，纽扣 {buttons}{rainbow}）- 已放 {placed}/22",
    },
    "calico.score.rainbow": {"en": " incl. rainbow", "zh": "，含彩虹纽扣"},
    "calico.score.goal": {"en": "{space} {goal}: {result} {points}", "zh": "{space} {goal}：{result} {points} 分"},
    "calico.score.goal_color": {"en": "color", "zh": "颜色"},
    "calico.score.goal_pattern": {"en": "pattern", "zh": "图案"},
    "calico.score.goal_both": {"en": "color+pattern", "zh": "颜色+图案"},
    "calico.score.goal_none": {"en": "not met", "zh": "未达成"},
    "calico.score.goal_open": {"en": "open", "zh": "未完成"},
    "calico.final.title": {"en": "Game #{game} is over!", "zh": "对局 #{game} 结束！"},
    "calico.final.winner": {"en": "Winner: {names} with {total} points.", "zh": "获胜者：{names}，{total} 分。"},
    "calico.final.winners": {"en": "Shared win: {names} with {total} points.", "zh": "并列获胜：{names}，{total} 分。"},
    "calico.final.tie.cats": {
        "en": "Tie on points, broken by the number of cat tokens.",
        "zh": "总分相同，按猫咪标记数量决出胜负。",
    },
    "calico.final.tie.buttons": {
        "en": "Tie on points and cats, broken by the number of button tokens.",
        "zh": "总分和猫咪数量相同，按纽扣标记数量决出胜负。",
    },
    "calico.final.tie.shared": {
        "en": "Tied on points, cats and buttons: the win is shared.",
        "zh": "总分、猫咪和纽扣数量都相同：共享胜利。",
    },
    "calico.final.solo": {"en": "Final score: {total}.", "zh": "最终得分：{total}。"},
    "calico.final.scenario_pass": {"en": "Scenario {n}: passed!", "zh": "情景 {n}：挑战成功！"},
    "calico.final.scenario_fail": {
        "en": "Scenario {n}: not passed ({missing}).",
        "zh": "情景 {n}：挑战失败（{missing}）。",
    },
    "calico.history.empty": {"en": "No turns yet.", "zh": "还没有任何回合。"},
    "calico.history.title": {"en": "Game #{game}: the last {n} turns", "zh": "对局 #{game}：最近 {n} 个回合"},
    "calico.games.none": {"en": "No open Calico games in this channel.", "zh": "本频道没有进行中的猫与花毯对局。"},
    "calico.games.line": {"en": "#{game} {mode}: {status}, {players}", "zh": "#{game} {mode}：{status}，{players}"},
    "calico.export.done": {
        "en": "The record of game #{game}. Replay it with `python -m calico_bot.score FILE`.",
        "zh": "对局 #{game} 的棋谱。可以用 `python -m calico_bot.score 文件` 复盘计分。",
    },
    "calico.export.ended": {
        "en": " The game was ended before its last turn, so the bag order stays out of the record.",
        "zh": " 对局在最后一回合之前被结束，所以棋谱不包含布袋顺序。",
    },
    "calico.export.partial": {
        "en": " The game is still running, so the bag order is left out until it ends.",
        "zh": " 对局还在进行，所以在结束前不包含布袋顺序。",
    },
    "calico.mode.standard": {"en": "standard", "zh": "标准"},
    "calico.mode.beginner": {"en": "beginner", "zh": "入门"},
    "calico.mode.family": {"en": "family", "zh": "家庭"},
    "calico.mode.solo": {"en": "solo", "zh": "单人"},
    "calico.color.DARK_BLUE": {"en": "dark blue", "zh": "深蓝"},
    "calico.color.LIGHT_BLUE": {"en": "light blue", "zh": "浅蓝"},
    "calico.color.GREEN": {"en": "green", "zh": "绿色"},
    "calico.color.YELLOW": {"en": "yellow", "zh": "黄色"},
    "calico.color.PURPLE": {"en": "purple", "zh": "紫色"},
    "calico.color.PINK": {"en": "pink", "zh": "粉色"},
    "calico.pattern.DOTS": {"en": "dots", "zh": "圆点"},
    "calico.pattern.FERNS": {"en": "ferns", "zh": "蕨叶"},
    "calico.pattern.FLOWERS": {"en": "flowers", "zh": "花朵"},
    "calico.pattern.QUATREFOIL": {"en": "quatrefoil", "zh": "四叶纹"},
    "calico.pattern.STRIPES": {"en": "stripes", "zh": "条纹"},
    "calico.pattern.VINES": {"en": "vines", "zh": "藤蔓"},
    "calico.tile": {"en": "{color} {pattern}", "zh": "{color}{pattern}"},
    "calico.status.active": {"en": "playing", "zh": "进行中"},
    "calico.status.lobby_word": {"en": "waiting for players", "zh": "等待玩家"},
    # --- the coach's review (coach/text.py) ---
    "calico.coach.title_solo": {
        "en": "**Review of your game, {name}** ({mode}): final score **{score}**.",
        "zh": "**{name} 的对局复盘**（{mode}）：最终得分 **{score}**。",
    },
    "calico.coach.title": {
        "en": "**Review of your game, {name}** ({mode}, {players}): final score **{score}**.",
        "zh": "**{name} 的对局复盘**（{mode}，{players}）：最终得分 **{score}**。",
    },
    "calico.coach.players.1": {"en": "solo", "zh": "单人"},
    "calico.coach.players.n": {"en": "{n} players", "zh": "{n} 名玩家"},
    "calico.coach.summary": {
        "en": "You played the strong bot's move, or one it rates as good, on {agreed} of {turns} turns. Estimated "
              "points given up in all: **{loss}**.",
        "zh": "在 {turns} 个回合中，有 {agreed} 个回合你走了强力机器人的选择，或它认为同样好的走法。估计总共失去 **{"
              "loss}** 分。",
    },
    "calico.coach.method": {
        "en": "How this is estimated: for each move, the strong bot's evaluation of your final score after it and "
              "the best two placements that could follow, averaged over {samples} guesses of the next market drawn "
              "only from the tiles you had not seen. It knows nothing you did not know at the time.",
        "zh": "估计方法：对每一步，强力机器人评估这一步之后、再接最好的两次放置时你的最终得分，并对下一回合市场做 {s"
              "amples} 次猜测取平均；猜测只从你当时看不到的布片中抽取，不使用你当时不知道的任何信息。",
    },
    "calico.coach.auto": {
        "en": "The bot played {n} of your turns for you (after you left the game or ran out of time); they are "
              "marked below and not counted as yours.",
        "zh": "有 {n} 个回合是机器人代你下的（你离开对局或超时之后）；下面已标出，不算作你的走法。",
    },
    "calico.coach.goals.auto": {
        "en": "Setup: the bot chose your design goals for you.",
        "zh": "准备阶段：你的设计目标是机器人代你选的。",
    },
    "calico.coach.turn.auto": {
        "en": "`{turn:>2}` {made} · played by the bot for you",
        "zh": "`{turn:>2}` {made} · 机器人代你下的",
    },
    "calico.coach.goals.same": {
        "en": "Setup: your design goals are the ones the bot would have chosen.",
        "zh": "准备阶段：你的设计目标和机器人的选择一样。",
    },
    "calico.coach.goals.differ": {
        "en": "Setup: you put {made}; the bot would have put {suggested}.",
        "zh": "准备阶段：你放的是 {made}；机器人会放 {suggested}。",
    },
    "calico.coach.worst.title": {"en": "**The turns that cost most**", "zh": "**代价最大的回合**"},
    "calico.coach.worst.none": {
        "en": "No turn cost you a measurable amount: well played!",
        "zh": "没有哪个回合让你明显失分：下得很好！",
    },
    "calico.coach.worst.line": {
        "en": "{rank}. Turn {turn}: you {made}. The bot would {suggested}. About **{loss}** points given up.",
        "zh": "{rank}. 第 {turn} 回合：你{made}。机器人会{suggested}。估计失去约 **{loss}** 分。",
    },
    "calico.coach.turns.title": {
        "en": "**Turn by turn** (you / the bot / points given up)",
        "zh": "**逐回合**（你 / 机器人 / 失分）",
    },
    "calico.coach.turn.same": {"en": "`{turn:>2}` {made} · the bot agrees", "zh": "`{turn:>2}` {made} · 机器人同意"},
    "calico.coach.turn.good": {
        "en": "`{turn:>2}` {made} · bot: {suggested} · as good",
        "zh": "`{turn:>2}` {made} · 机器人：{suggested} · 同样好",
    },
    "calico.coach.turn.loss": {
        "en": "`{turn:>2}` {made} · bot: {suggested} · **-{loss}**",
        "zh": "`{turn:>2}` {made} · 机器人：{suggested} · **-{loss}**",
    },
    "calico.coach.move.made": {"en": "placed {tile} on {space}{take}", "zh": "把{tile}放在 {space}{take}"},
    "calico.coach.move.would": {"en": "place {tile} on {space}{take}", "zh": "把{tile}放在 {space}{take}"},
    "calico.coach.move.short": {"en": "{tile} {space}{take}", "zh": "{tile} {space}{take}"},
    "calico.coach.take.made": {"en": " and took {tile} (slot {slot})", "zh": "，并拿走了{tile}（第 {slot} 格）"},
    "calico.coach.take.would": {"en": " and take {tile} (slot {slot})", "zh": "，并拿走{tile}（第 {slot} 格）"},
    "calico.coach.take.short": {"en": ", took {slot}: {tile}", "zh": "，拿 {slot}：{tile}"},
    "calico.coach.daily.title": {
        "en": "**Review of your daily puzzle, {name}**: final score **{score}**.",
        "zh": "**{name} 的每日谜题复盘**：最终得分 **{score}**。",
    },
}

#: The plug-in contract's form: {"en": {key: text}, "zh": {key: text}}.
MESSAGES: dict[str, dict[str, str]] = {lang: {k: v[lang] for k, v in CATALOG.items()} for lang in ("en", "zh")}
OWN = {key.removeprefix(PREFIX) for key in CATALOG}

register_messages("calico", CATALOG)


def key_of(key: str) -> str:
    """The catalog key of a Calico message (``key`` without the prefix), or the shared key."""
    return PREFIX + key if key in OWN else key


def tr(lang: Lang, key: str, **params: Any) -> str:
    """One of Calico's messages (or, for a key it does not have, the shared catalog's) in ``lang``."""
    return shared_tr(lang, key_of(key), **params)


def has(key: str) -> bool:
    return shared_has(key_of(key))


__all__ = ["CATALOG", "MESSAGES", "OWN", "PREFIX", "has", "key_of", "tr"]
