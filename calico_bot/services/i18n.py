"""Every user-facing sentence of the bot, in English and Simplified Chinese.

``tr(lang, key, **params)`` formats one message; ``lang_of(locale)`` maps a Discord locale
("zh-CN", "zh-TW", "en-US", ...) to ``"zh"`` or ``"en"``. Rule refusals from the core carry a
stable code, translated here by ``rule.<code>``; unknown codes fall back to the core's English text.
"""

from __future__ import annotations

from typing import Any

Lang = str

MESSAGES: dict[str, dict[Lang, str]] = {
    # --- generic ---------------------------------------------------------------------------------
    "error.generic": {
        "en": "Sorry, something went wrong on my side. Nothing was changed; please try again.",
        "zh": "抱歉，机器人这边出了点问题。什么都没有改变，请再试一次。",
    },
    "error.cooldown": {
        "en": "Slow down a little: try again in {seconds:.0f} s.",
        "zh": "慢一点：请在 {seconds:.0f} 秒后再试。",
    },
    "error.after_commit": {
        "en": "Your action was saved, but I could not finish answering. The game's thread will show it shortly.",
        "zh": "你的操作已经保存，但我没能完成回复。对局的帖子稍后会显示结果。",
    },
    "error.bad_option": {
        "en": "The option `{option}` has a value I cannot use: {reason}",
        "zh": "选项 `{option}` 的值无法使用：{reason}",
    },
    "error.option_type": {"en": "it must be {kind}.", "zh": "它必须是{kind}。"},
    "error.option_range": {
        "en": "it must be between {low} and {high}.",
        "zh": "它必须在 {low} 到 {high} 之间。",
    },
    "error.option_length": {
        "en": "it can be at most {max} characters long.",
        "zh": "最多只能有 {max} 个字符。",
    },
    "error.option_choice": {"en": "it must be one of: {choices}.", "zh": "它必须是以下之一：{choices}。"},
    "error.option_unknown": {"en": "this command has no such option.", "zh": "这个命令没有这个选项。"},
    "kind.string": {"en": "text", "zh": "文字"},
    "kind.integer": {"en": "a whole number", "zh": "整数"},
    "kind.number": {"en": "a number", "zh": "数字"},
    "kind.boolean": {"en": "true or false", "zh": "是或否"},
    "kind.user": {"en": "a member", "zh": "一位成员"},
    "kind.channel": {"en": "a channel", "zh": "一个频道"},
    "kind.role": {"en": "a role", "zh": "一个身份组"},
    "kind.mentionable": {"en": "a member or role", "zh": "成员或身份组"},
    "kind.attachment": {"en": "a file", "zh": "一个文件"},
    "error.owner_only": {"en": "Only the bot's owners can use this command.",
                         "zh": "只有机器人的所有者可以使用这个命令。"},
    "error.no_permission": {"en": "You need the Manage Server permission for that.", "zh": "这需要“管理服务器”权限。"},
    "error.guild_only": {
        "en": "This command works in a server, not in direct messages.",
        "zh": "这个命令只能在服务器里使用，不能在私信中使用。",
    },
    # --- service refusals --------------------------------------------------------------------------
    "no_such_game": {"en": "There is no Calico game #{game} here.", "zh": "这里没有编号为 #{game} 的猫与花毯对局。"},
    "no_game_here": {
        "en": "There is no open Calico game here. Start one with `/calico new`.",
        "zh": "这里没有进行中的猫与花毯对局。用 `/calico new` 开一局吧。",
    },
    "which_game": {
        "en": "Several games are open here ({games}): add the `game` option to say which.",
        "zh": "这里有多局对局（{games}）：请用 `game` 选项指明是哪一局。",
    },
    "bad_mode": {"en": "Unknown mode {mode}.", "zh": "未知的模式 {mode}。"},
    "bad_seats": {"en": "A Calico game has 1 to 4 seats.", "zh": "猫与花毯一局可以有 1 到 4 个座位。"},
    "lower_variance_seats": {
        "en": "The lower-variance variant is for 2 players or solo.",
        "zh": "低随机性变体只适用于 2 人或单人游戏。",
    },
    "bad_scenario": {
        "en": "Scenarios are for solo games and are numbered 1 to 10.",
        "zh": "情景挑战只用于单人游戏，编号为 1 到 10。",
    },
    "bad_deadline": {
        "en": "The turn deadline must be 0 (none) or between {min_minutes} minutes and {max} hours.",
        "zh": "回合期限必须是 0（不设期限），或在 {min_minutes} 分钟到 {max} 小时之间。",
    },
    "already_joined": {"en": "You are already in this game.", "zh": "你已经在这局里了。"},
    "lobby_full": {"en": "This game is full ({seats} seats).", "zh": "这一局已满（{seats} 个座位）。"},
    "bad_bot_level": {"en": "Bot levels: {levels}.", "zh": "机器人难度可选：{levels}。"},
    "not_in_lobby": {"en": "You have not joined this game.", "zh": "你还没有加入这一局。"},
    "need_two_players": {
        "en": "At least two players are needed (or start a solo game with `mode: solo`).",
        "zh": "至少需要两名玩家（或者用 `mode: solo` 开一局单人游戏）。",
    },
    "not_started": {"en": "This game has not started yet.", "zh": "这一局还没有开始。"},
    "already_started": {"en": "This game has already started.", "zh": "这一局已经开始了。"},
    "leave_started": {
        "en": "Game #{game} has already started: use `/calico resign` to leave it (the bot then plays your seat).",
        "zh": "对局 #{game} 已经开始：请用 `/calico resign` 退出（之后由机器人替你下）。",
    },
    "game_finished": {"en": "This game is finished.", "zh": "这一局已经结束了。"},
    "host_only": {
        "en": "Only the host or someone with Manage Server can do that.",
        "zh": "只有房主或拥有“管理服务器”权限的人可以这样做。",
    },
    "not_a_player": {"en": "You are not a player in this game.", "zh": "你不是这一局的玩家。"},
    "no_longer_playing": {
        "en": "You no longer play in this game; the bot plays your seat.",
        "zh": "你已经不在这局中了，你的座位由机器人代打。",
    },
    "target_not_player": {"en": "That person is not a player in this game.", "zh": "那个人不是这一局的玩家。"},
    "nothing_to_undo": {
        "en": "You can only take back your own last turn, before anybody else has acted.",
        "zh": "只能撤回你自己的上一回合，而且要在其他人行动之前。",
    },
    "stale": {
        "en": "That button belongs to an older position: the game has moved on. Nothing was changed.",
        "zh": "这个按钮对应的是旧局面，对局已经继续了。什么都没有改变。",
    },
    "game_corrupt": {
        "en": "Game #{game} cannot be read ({reason}). Other games are not affected; please tell the bot's admins.",
        "zh": "对局 #{game} 的数据无法读取（{reason}）。其他对局不受影响，请联系机器人管理员。",
    },
    # --- rule refusals (codes from the rules core) -----------------------------------------------
    "rule.not_your_turn": {
        "en": "It is not your turn: {current_name} is to move.",
        "zh": "还没轮到你：现在轮到 {current_name}。",
    },
    "rule.not_a_player": {"en": "You are not a player in this game.", "zh": "你不是这一局的玩家。"},
    "rule.tile_not_in_hand": {"en": "Choose tile 1 or 2 from your hand.", "zh": "请从手牌中选择第 1 或第 2 块。"},
    "rule.unknown_space": {
        "en": "{space} is not a space on your quilt: use A1 to E5.",
        "zh": "{space} 不是你被褥板上的格子：请使用 A1 到 E5。",
    },
    "rule.goal_space": {
        "en": "{space} holds a design goal; choose an empty patch space.",
        "zh": "{space} 是设计目标格，请选择一个空的布片格。",
    },
    "rule.occupied": {"en": "{space} already has a patch.", "zh": "{space} 已经放了布片。"},
    "rule.bad_market_slot": {"en": "Take a market tile: slot {slots}.", "zh": "请从市场拿一块：第 {slots} 格。"},
    "rule.setup_not_finished": {
        "en": "Setup is not finished: waiting for design goals from {waiting}.",
        "zh": "准备阶段还没结束：正在等待 {waiting} 选择设计目标。",
    },
    "rule.game_over": {"en": "The game is over.", "zh": "对局已经结束。"},
    "rule.goal_spaces": {"en": "Put one goal on each of B3, C4 and D2.", "zh": "请在 B3、C4、D2 上各放一个目标。"},
    "rule.goal_twice": {"en": "Choose three different goal tiles.", "zh": "请选择三块不同的目标板块。"},
    "rule.goal_not_offered": {"en": "{goal} is not one of your goal tiles.", "zh": "{goal} 不是你可选的目标板块。"},
    "rule.goals_already_chosen": {"en": "You have already placed your design goals.", "zh": "你已经放好设计目标了。"},
    "rule.no_goal_choice": {
        "en": "There are no design goals to choose in this game.",
        "zh": "这一局不需要选择设计目标。",
    },
    # --- lobby -------------------------------------------------------------------------------------
    "lobby.title": {"en": "Calico #{game}: {mode}", "zh": "猫与花毯 #{game}：{mode}"},
    "lobby.body": {
        "en": "Host: {host}. Seats: {taken}/{seats}. Turn deadline: {deadline}.\nPlayers: {players}",
        "zh": "房主：{host}。座位：{taken}/{seats}。回合期限：{deadline}。\n玩家：{players}",
    },
    "lobby.no_deadline": {"en": "none", "zh": "无"},
    "lobby.hours": {"en": "{hours:g} h", "zh": "{hours:g} 小时"},
    "lobby.minutes": {"en": "{minutes} min", "zh": "{minutes} 分钟"},
    "lobby.thread_name": {"en": "Calico #{game}", "zh": "猫与花毯 #{game}"},
    "lobby.in_thread": {
        "en": "Game #{game} will be played right here in this thread. "
        "Use the `game: {game}` option if other games share it.",
        "zh": "对局 #{game} 就在这个子区里进行。如果这里还有别的对局，请加上 `game: {game}` 选项。",
    },
    "lobby.thread_fallback": {
        "en": "I may not create threads here, so this game will be played in this channel. "
        "Use the `game: {game}` option with commands here.",
        "zh": "我在这里没有创建子区的权限，所以这局会在本频道进行。在这里使用命令时请加上 `game: {game}` 选项。",
    },
    "lobby.title_started": {"en": "Calico #{game}: {mode} (playing)", "zh": "猫与花毯 #{game}：{mode}（进行中）"},
    "lobby.title_over": {"en": "Calico #{game}: {mode} (over)", "zh": "猫与花毯 #{game}：{mode}（已结束）"},
    "lobby.title_ended": {"en": "Calico #{game}: {mode} (ended)", "zh": "猫与花毯 #{game}：{mode}（已结束）"},
    "lobby.title_cancelled": {"en": "Calico #{game}: {mode} (cancelled)", "zh": "猫与花毯 #{game}：{mode}（已取消）"},
    "lobby.content_started": {
        "en": "Game #{game} has started: follow it in its thread.",
        "zh": "对局 #{game} 已开始：请在它的帖子里关注进展。",
    },
    "lobby.content_over": {"en": "Game #{game} is over.", "zh": "对局 #{game} 已结束。"},
    "lobby.content_ended": {"en": "Game #{game} was ended early.", "zh": "对局 #{game} 已提前结束。"},
    "lobby.content_cancelled": {
        "en": "Game #{game} was cancelled: every player left before it started.",
        "zh": "对局 #{game} 已取消：开始前所有玩家都离开了。",
    },
    "lobby.body_closed": {"en": "Players: {players}", "zh": "玩家：{players}"},
    "lobby.created": {
        "en": "Game #{game} is open: join with the button or `/calico join game: {game}`.",
        "zh": "对局 #{game} 已开放：点按钮或用 `/calico join game: {game}` 加入。",
    },
    "lobby.joined": {"en": "{name} joined game #{game}.", "zh": "{name} 加入了对局 #{game}。"},
    "lobby.left": {"en": "{name} left game #{game}.", "zh": "{name} 离开了对局 #{game}。"},
    "lobby.bot_added": {
        "en": "A {level} bot takes a seat in game #{game}.",
        "zh": "一个 {level} 难度的机器人加入了对局 #{game}。",
    },
    "lobby.started": {
        "en": "Game #{game} has started! Players in seat order: {players}.",
        "zh": "对局 #{game} 开始了！座位顺序：{players}。",
    },
    "lobby.cats": {"en": "Cats: {cats}.", "zh": "本局猫咪：{cats}。"},
    "lobby.choose_goals": {
        "en": "{mentions}: choose your design goals with the button below (only you see yours).",
        "zh": "{mentions}：请用下面的按钮选择你的设计目标（只有你自己能看到）。",
    },
    "button.join": {"en": "Join", "zh": "加入"},
    "button.leave": {"en": "Leave", "zh": "离开"},
    "button.start": {"en": "Start", "zh": "开始"},
    "button.add_bot": {"en": "Add bot", "zh": "添加机器人"},
    "bot.level.placeholder": {"en": "How strong should the bot be?", "zh": "机器人要多强？"},
    "bot.level.easy": {"en": "Easy (plays at random)", "zh": "简单（随机出牌）"},
    "bot.level.medium": {"en": "Medium (takes the best points now)", "zh": "中等（只看眼前得分）"},
    "bot.level.hard": {"en": "Hard (plans ahead)", "zh": "困难（会提前规划）"},
    "level.easy": {"en": "easy", "zh": "简单"},
    "level.medium": {"en": "medium", "zh": "中等"},
    "level.hard": {"en": "hard", "zh": "困难"},
    "button.take_turn": {"en": "Take your turn", "zh": "进行你的回合"},
    "button.choose_goals": {"en": "Choose design goals", "zh": "选择设计目标"},
    "button.confirm": {"en": "Confirm", "zh": "确认"},
    # --- turns -------------------------------------------------------------------------------------
    "turn.placed": {"en": "**{name}** placed {tile} on {space}.", "zh": "**{name}** 把{tile}放在了 {space}。"},
    "turn.took": {"en": "Took {tile} from slot {slot}.", "zh": "从市场第 {slot} 格拿走了{tile}。"},
    "turn.no_draft": {
        "en": "That was their last placement: no market tile taken.",
        "zh": "这是最后一次放置，不再从市场拿牌。",
    },
    "turn.discarded": {"en": "Discarded {tile} from the conveyor.", "zh": "传送带弃掉了{tile}。"},
    "turn.award.cat": {"en": "attracted {cat} +{points}", "zh": "吸引了 {cat} +{points}"},
    "turn.award.button": {"en": "{color} button +3", "zh": "{color}纽扣 +3"},
    "turn.award.rainbow": {"en": "rainbow button +3", "zh": "彩虹纽扣 +3"},
    "turn.earned": {"en": "Earned: {awards}.", "zh": "获得：{awards}。"},
    "turn.auto.bot": {"en": "(bot)", "zh": "（机器人）"},
    "turn.auto.deadline": {
        "en": "(played by the bot: the turn deadline passed)",
        "zh": "（回合期限已过，由机器人代打）",
    },
    "turn.auto.kicked": {"en": "(played by the bot for a removed player)", "zh": "（被移出的玩家，由机器人代打）"},
    "turn.auto.resigned": {
        "en": "(played by the bot for a player who resigned)",
        "zh": "（已认输的玩家，由机器人代打）",
    },
    "turn.next": {
        "en": "{mention}, it's your turn in game #{game}{deadline}.",
        "zh": "{mention}，轮到你在对局 #{game} 中行动了{deadline}。",
    },
    "turn.deadline_suffix": {"en": " (deadline <t:{ts}:R>)", "zh": "（期限 <t:{ts}:R>）"},
    "turn.market": {
        "en": "Market: {tiles}. Tiles left in the bag: {bag}.",
        "zh": "市场：{tiles}。布袋剩余：{bag} 块。",
    },
    "goals.reminder": {
        "en": "{mentions}, a reminder: choose your design goals for game #{game} before <t:{ts}:R>, or the bot "
              "will choose them for you.",
        "zh": "{mentions}，提醒一下：请在 <t:{ts}:R> 之前为对局 #{game} 选好设计目标，否则机器人会替你选择。",
    },
    "turn.reminder": {
        "en": "{mention}, a reminder: your turn in game #{game} ends <t:{ts}:R>.",
        "zh": "{mention}，提醒一下：你在对局 #{game} 的回合将在 <t:{ts}:R> 到期。",
    },
    "turn.played": {"en": "Done: {space}.", "zh": "完成：{space}。"},
    "goals.chosen": {"en": "Your design goals are set: {goals}.", "zh": "你的设计目标已设定：{goals}。"},
    "goals.all_set": {
        "en": "Everybody has chosen their design goals: let's play!",
        "zh": "所有人都选好设计目标了：开始吧！",
    },
    "goals.prompt": {
        "en": "Keep three of your four goal tiles and put one on each goal space (B3, C4, D2):\n{offered}",
        "zh": "从你的四块目标中留下三块，分别放在三个目标格（B3、C4、D2）上：\n{offered}",
    },
    "goals.prompt_three": {
        "en": "Put your three goal tiles on the goal spaces (B3, C4, D2), one on each:\n{offered}",
        "zh": "把你的三块目标分别放在三个目标格（B3、C4、D2）上：\n{offered}",
    },
    "goal.line": {"en": "- **{name}**: {meaning} ({one} points for color or pattern, {both} for both)",
                  "zh": "- **{name}**：{meaning}（满足颜色或图案 {one} 分，两者都满足 {both} 分）"},
    "goal.name.ALL_DIFFERENT": {"en": "All different", "zh": "全部不同"},
    "goal.meaning.ALL_DIFFERENT": {"en": "the six neighbours are six different colors (or patterns)",
                                   "zh": "周围六格是六种不同的颜色（或图案）"},
    "goal.meaning.AAAA-BB": {"en": "four of one color (or pattern) and two of another",
                             "zh": "一种颜色（或图案）四格，另一种两格"},
    "goal.meaning.AAA-BBB": {"en": "three of one color (or pattern) and three of another",
                             "zh": "一种颜色（或图案）三格，另一种三格"},
    "goal.meaning.AAA-BB-C": {"en": "three of one, two of another and one of a third",
                              "zh": "一种三格、另一种两格、第三种一格"},
    "goal.meaning.AA-BB-CC": {"en": "three pairs of different colors (or patterns)",
                              "zh": "三种不同的颜色（或图案）各两格"},
    "goal.meaning.AA-BB-C-D": {"en": "two pairs and two singles, all different",
                               "zh": "两对加两个单格，彼此都不同"},
    "shape.triangle3": {"en": "a triangle of 3", "zh": "3 格三角形"},
    "shape.line3": {"en": "a line of 3", "zh": "3 格直线"},
    "shape.line4": {"en": "a line of 4", "zh": "4 格直线"},
    "shape.trapezoid5": {"en": "a trapezoid of 5", "zh": "5 格梯形"},
    "shape.line5": {"en": "a line of 5", "zh": "5 格直线"},
    "shape.group": {"en": "{n}+ touching", "zh": "{n} 格以上相连"},
    "panel.goal_option": {"en": "{one} points for color or pattern, {both} for both",
                          "zh": "满足颜色或图案 {one} 分，两者都满足 {both} 分"},
    "goals.placeholder": {"en": "Goal on {space}", "zh": "{space} 的目标"},
    "panel.prompt": {
        "en": "Your turn in game #{game}: pick a hand tile, a space and a market tile, then confirm.",
        "zh": "对局 #{game} 轮到你了：选择一块手牌、一个格子和一块市场布片，然后确认。",
    },
    "panel.last": {
        "en": "Your last placement: pick a hand tile and a space, then confirm.",
        "zh": "这是你最后一次放置：选择一块手牌和一个格子，然后确认。",
    },
    "panel.hand_placeholder": {"en": "Hand tile to place", "zh": "要放置的手牌"},
    "panel.space_placeholder": {"en": "Space on your quilt", "zh": "被褥板上的格子"},
    "panel.take_placeholder": {"en": "Market tile to take", "zh": "要拿走的市场布片"},
    "panel.incomplete": {"en": "Pick a hand tile, a space{take} first.", "zh": "请先选择手牌、格子{take}。"},
    "panel.incomplete_take": {"en": " and a market tile", "zh": "和市场布片"},
    "panel.option_hand": {"en": "Tile {n}: {tile}", "zh": "第 {n} 块：{tile}"},
    "panel.option_take": {"en": "Slot {n}: {tile}", "zh": "第 {n} 格：{tile}"},
    "hand.text": {"en": "Your hand in game #{game}: {tiles}.", "zh": "你在对局 #{game} 的手牌：{tiles}。"},
    "goals_auto": {"en": "The setup deadline passed: the bot chose design goals for {names}.",
                   "zh": "准备阶段期限已过：机器人替 {names} 选择了设计目标。"},
    "hint_finished_only": {"en": "Hints are for finished games only (otherwise the bot would be playing for you).",
                           "zh": "提示只适用于已结束的对局（否则就等于机器人替你下棋了）。"},
    "review_finished_only": {"en": "A review is for finished games only (during play it would be the bot playing "
                                   "for you).", "zh": "复盘只适用于已结束的对局（否则就等于机器人替你下棋了）。"},
    "review_not_player": {"en": "You did not play in that game: a review looks at your own turns.",
                          "zh": "你没有参加那一局：复盘看的是你自己的回合。"},
    "review.thinking": {"en": "Reviewing your turns…", "zh": "正在复盘你的回合…"},
    "hint_solo_only": {"en": "Hints are for solo games.", "zh": "提示只适用于单人游戏。"},
    "hint_bad_turn": {"en": "Pick a turn from 1 to {last}.", "zh": "请选择第 1 到第 {last} 回合。"},
    "hint.text": {"en": "Turn {turn}. Your hand: {hand}. Market: {market}.\nYou placed tile {p_tile} on {p_space}"
                        "{p_take}.\nThe strong bot would place tile {s_tile} on {s_space}{s_take}.",
                  "zh": "第 {turn} 回合。你的手牌：{hand}。市场：{market}。\n你把第 {p_tile} 块放在 {p_space}{p_take}。"
                        "\n强力机器人会把第 {s_tile} 块放在 {s_space}{s_take}。"},
    "hint.take": {"en": " and took slot {slot}", "zh": "，并拿走第 {slot} 格"},
    "hint.take_would": {"en": " and take slot {slot}", "zh": "，并拿走第 {slot} 格"},
    "hint.same": {"en": "Same move as the bot!", "zh": "和机器人的选择一样！"},
    "undo.asked": {
        "en": "{name} asks to take back their last turn, which showed everyone a new tile from the bag. "
              "Everyone else must agree: {mentions}",
        "zh": "{name} 请求撤回上一回合（这一回合已让大家看到了袋中的新板块），需要其他所有人同意：{mentions}"},
    "undo_declined": {"en": "{name} refused {asker}'s undo. Nothing was taken back.",
                      "zh": "{name} 拒绝了 {asker} 的撤回请求，什么都没有撤回。"},
    "no_undo_request": {"en": "There is no open undo request in this game (the game may have moved on).",
                        "zh": "这一局没有待处理的撤回请求（对局可能已经继续了）。"},
    "undo_own_request": {"en": "That is your own request: the others decide.",
                         "zh": "这是你自己的请求，由其他人决定。"},
    "undone": {"en": "{name} took back their last turn.", "zh": "{name} 撤回了上一回合。"},
    "undone_with_bots": {"en": "{name} took back their last turn and the {n} bot turn(s) that followed it.",
                         "zh": "{name} 撤回了上一回合，以及随后机器人的 {n} 个回合。"},
    "kicked": {
        "en": "{name} was removed; the bot plays their remaining turns.",
        "zh": "{name} 已被移出，剩下的回合由机器人代打。",
    },
    "resigned": {
        "en": "{name} resigned; the bot plays their remaining turns.",
        "zh": "{name} 认输了，剩下的回合由机器人代打。",
    },
    "ended_no_players": {"en": "No players are left, so the game has ended.", "zh": "已经没有玩家了，对局结束。"},
    "ended": {"en": "Game #{game} was ended by {name}.", "zh": "对局 #{game} 被 {name} 结束了。"},
    "end.confirm": {
        "en": "End game #{game} for everybody? It cannot be resumed. Press the button to confirm.",
        "zh": "要为所有人结束对局 #{game} 吗？结束后无法继续。按下按钮确认。",
    },
    "button.end_confirm": {"en": "Yes, end game #{game}", "zh": "确定结束对局 #{game}"},
    # --- solo scenario objectives ---------------------------------------------------------------------
    "objective.goals_both": {
        "en": "{target} design goal(s) met by color and pattern",
        "zh": "{target} 个设计目标同时满足颜色和图案",
    },
    "objective.goals_ok": {
        "en": "{target} other design goal(s) met by color or pattern",
        "zh": "另外 {target} 个设计目标满足颜色或图案",
    },
    "objective.rainbow": {"en": "a rainbow button", "zh": "获得彩虹纽扣"},
    "objective.total_cats": {"en": "at least {target} cats", "zh": "至少 {target} 只猫咪"},
    "objective.one_of_each_cat": {"en": "one of each cat", "zh": "每种猫咪至少一只"},
    "objective.buttons_one_color": {
        "en": "{target} buttons of one color",
        "zh": "同一颜色的纽扣 {target} 枚",
    },
    "objective.tokens_one_cat": {"en": "{target} tokens of one cat", "zh": "同一种猫咪 {target} 只"},
    "objective.score": {"en": "at least {target} points", "zh": "至少 {target} 分"},
    "scenario.title": {"en": "Scenario {n}: to pass", "zh": "情景 {n}：过关条件"},
    "scenario.goal": {
        "en": "Scenario {n}. To pass: {objectives}.",
        "zh": "情景 {n}。过关条件：{objectives}。",
    },
    # --- status, scores ----------------------------------------------------------------------------
    "status.turn": {
        "en": "Game #{game} ({mode}): {name}'s turn {turn} of 22.",
        "zh": "对局 #{game}（{mode}）：轮到 {name}，这是其第 {turn}/22 回合。",
    },
    "status.cancelled": {
        "en": "Game #{game} ({mode}) was cancelled before it started.",
        "zh": "对局 #{game}（{mode}）在开始前已取消。",
    },
    "status.setup": {
        "en": "Game #{game} ({mode}) is in setup: waiting for {waiting} to choose goals.",
        "zh": "对局 #{game}（{mode}）正在准备：等待 {waiting} 选择目标。",
    },
    "status.lobby": {
        "en": "Game #{game} ({mode}) is waiting for players: {players}.",
        "zh": "对局 #{game}（{mode}）正在等待玩家：{players}。",
    },
    "status.over": {"en": "Game #{game} ({mode}) is over.", "zh": "对局 #{game}（{mode}）已结束。"},
    "status.ended": {"en": "Game #{game} ({mode}) was ended early.", "zh": "对局 #{game}（{mode}）已提前结束。"},
    "status.bag": {"en": "Tiles left in the bag: {bag}.", "zh": "布袋剩余：{bag} 块。"},
    "score.line": {
        "en": "{name}: **{total}** (goals {goals}, cats {cats}, buttons {buttons}{rainbow}) - {placed}/22 placed",
        "zh": "{name}：**{total}** 分（目标 {goals}，猫咪 {cats}，纽扣 {buttons}{rainbow}）- 已放 {placed}/22",
    },
    "score.rainbow": {"en": " incl. rainbow", "zh": "，含彩虹纽扣"},
    "score.goal": {"en": "{space} {goal}: {result} {points}", "zh": "{space} {goal}：{result} {points} 分"},
    "score.goal_color": {"en": "color", "zh": "颜色"},
    "score.goal_pattern": {"en": "pattern", "zh": "图案"},
    "score.goal_both": {"en": "color+pattern", "zh": "颜色+图案"},
    "score.goal_none": {"en": "not met", "zh": "未达成"},
    "score.goal_open": {"en": "open", "zh": "未完成"},
    "final.title": {"en": "Game #{game} is over!", "zh": "对局 #{game} 结束！"},
    "final.winner": {"en": "Winner: {names} with {total} points.", "zh": "获胜者：{names}，{total} 分。"},
    "final.winners": {"en": "Shared win: {names} with {total} points.", "zh": "并列获胜：{names}，{total} 分。"},
    "final.tie.cats": {
        "en": "Tie on points, broken by the number of cat tokens.",
        "zh": "总分相同，按猫咪标记数量决出胜负。",
    },
    "final.tie.buttons": {
        "en": "Tie on points and cats, broken by the number of button tokens.",
        "zh": "总分和猫咪数量相同，按纽扣标记数量决出胜负。",
    },
    "final.tie.shared": {
        "en": "Tied on points, cats and buttons: the win is shared.",
        "zh": "总分、猫咪和纽扣数量都相同：共享胜利。",
    },
    "final.solo": {"en": "Final score: {total}.", "zh": "最终得分：{total}。"},
    "final.scenario_pass": {"en": "Scenario {n}: passed!", "zh": "情景 {n}：挑战成功！"},
    "final.scenario_fail": {"en": "Scenario {n}: not passed ({missing}).", "zh": "情景 {n}：挑战失败（{missing}）。"},
    "history.empty": {"en": "No turns yet.", "zh": "还没有任何回合。"},
    "history.title": {"en": "Game #{game}: the last {n} turns", "zh": "对局 #{game}：最近 {n} 个回合"},
    "games.none": {"en": "No open Calico games in this channel.", "zh": "本频道没有进行中的猫与花毯对局。"},
    "games.line": {"en": "#{game} {mode}: {status}, {players}", "zh": "#{game} {mode}：{status}，{players}"},
    "export.done": {
        "en": "The record of game #{game}. Replay it with `python -m calico_bot.score FILE`.",
        "zh": "对局 #{game} 的棋谱。可以用 `python -m calico_bot.score 文件` 复盘计分。",
    },
    "export.partial": {
        "en": " The game is still running, so the bag order is left out until it ends.",
        "zh": " 对局还在进行，所以在结束前不包含布袋顺序。",
    },
    "sync.done": {"en": "Synced {n} commands.", "zh": "已同步 {n} 个命令。"},
    # --- names -------------------------------------------------------------------------------------
    "mode.standard": {"en": "standard", "zh": "标准"},
    "mode.beginner": {"en": "beginner", "zh": "入门"},
    "mode.family": {"en": "family", "zh": "家庭"},
    "mode.solo": {"en": "solo", "zh": "单人"},
    "color.DARK_BLUE": {"en": "dark blue", "zh": "深蓝"},
    "color.LIGHT_BLUE": {"en": "light blue", "zh": "浅蓝"},
    "color.GREEN": {"en": "green", "zh": "绿色"},
    "color.YELLOW": {"en": "yellow", "zh": "黄色"},
    "color.PURPLE": {"en": "purple", "zh": "紫色"},
    "color.PINK": {"en": "pink", "zh": "粉色"},
    "pattern.DOTS": {"en": "dots", "zh": "圆点"},
    "pattern.FERNS": {"en": "ferns", "zh": "蕨叶"},
    "pattern.FLOWERS": {"en": "flowers", "zh": "花朵"},
    "pattern.QUATREFOIL": {"en": "quatrefoil", "zh": "四叶纹"},
    "pattern.STRIPES": {"en": "stripes", "zh": "条纹"},
    "pattern.VINES": {"en": "vines", "zh": "藤蔓"},
    "tile": {"en": "{color} {pattern}", "zh": "{color}{pattern}"},
    "status.active": {"en": "playing", "zh": "进行中"},
    "status.lobby_word": {"en": "waiting for players", "zh": "等待玩家"},
}


def lang_of(locale: object) -> Lang:
    """``"zh"`` for any Chinese Discord locale, ``"en"`` otherwise."""
    text = str(getattr(locale, "value", locale) or "")
    return "zh" if text.lower().startswith("zh") else "en"


def tr(lang: Lang, key: str, **params: Any) -> str:
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    return format_entry(entry, lang, params)


def format_entry(entry: dict[Lang, str], lang: Lang, params: dict[str, Any]) -> str:
    """Fill one catalog entry in ``lang`` (English when missing); a missing parameter stays visible."""
    template = entry.get(lang) or entry["en"]
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return entry["en"].format_map(_Missing(params))


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def has(key: str) -> bool:
    return key in MESSAGES
