"""Everything the Discord referee writes for Cat in the Box (盒中猫), in English and Simplified Chinese.

:data:`MESSAGES` maps a language (``"en"``, ``"zh"``) to its messages; every key starts with ``citb.``,
is present in both languages and has the same ``str.format`` placeholders in both (a test holds it).
:func:`tr` formats one message (English when the language is unknown; a missing placeholder shows
as ``{name}`` rather than failing).

The functions below turn a view (``PLUGIN.view_for(state, seat)``) and, for an action, the
``public`` dict of the contract's ``Applied`` into finished text. They read nothing else, so a text
built from the spectator view (``seat=None``) never names a hidden card. Cards are written as
inline code (`` `5` ``) and colours as words, so the cards a text names are easy to pick out.

* :func:`status_text`: the round, phase, who is awaited, bids, tricks and lost colours.
* :func:`prompt_text`: what the table waits for now (set-aside progress, whose bid, whose card).
* :func:`describe_action`: one accepted action (bid made, card played with a lost colour, trick won,
  a paradox with the revealed hand, the round's end).
* :func:`round_summary` and :func:`game_summary`: the score post of a round and of the game.
* :func:`refusal_text`: a ``RuleViolation`` (code and params) as a readable sentence.
* :func:`auto_played_text`, :func:`reminder_text`: the default policy acting for an absent player,
  and deadline reminders.

Every function takes ``names``: the names to print per seat (e.g. escaped for Markdown or Discord
mentions; default: the view's names).
"""

from __future__ import annotations

from typing import Any

from .engine.components import COLOURS, setup_for
from .engine.scoring import rank_seats
from .viewread import is_live, reveal_blocks, round_facts

LANGS = ("en", "zh")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # --- names and pieces -------------------------------------------------------------------
        "citb.game": "Cat in the Box",
        "citb.colour.blue": "blue",
        "citb.colour.yellow": "yellow",
        "citb.colour.green": "green",
        "citb.colour.red": "red",
        "citb.card": "`{card}`",
        "citb.declared": "{card} as {colour}",
        "citb.list_sep": ", ",
        "citb.or": " or ",
        "citb.nobody": "nobody",
        "citb.phase.set_aside": "setting cards aside",
        "citb.phase.bid": "bidding",
        "citb.phase.play": "playing tricks",
        "citb.phase.deal": "waiting for the next deal",
        "citb.phase.over": "over",
        # --- lobby and start ----------------------------------------------------------------------
        "citb.lobby.open": "{host} opened a table of Cat in the Box for 2 to 5 players. Join with the button below.",
        "citb.lobby.joined": "{player} sits down ({count} of at most 5).",
        "citb.lobby.left": "{player} leaves the table.",
        "citb.lobby.need_more": "Cat in the Box needs at least 2 players.",
        "citb.lobby.full": "The table is full: Cat in the Box seats at most 5.",
        "citb.start": "The game begins! Seats in clockwise order: {order}. {rounds} rounds; {player} starts "
                      "the first round.",
        "citb.start.setup": "{players} players: cards 1 to {top}, {dealt} cards each, {tricks} tricks a round. {bids}",
        "citb.start.bids": "Bids allowed: {allowed}.",
        "citb.start.no_bids": "No bids with 2 players: 4 tricks or fewer earns the group bonus.",
        "citb.round.start": "Round {round} of {rounds} is dealt. {player} starts it.",
        "citb.round.reveal": "Three left-over cards are turned up: {cards}. They block {cells}.",
        # --- set-aside ------------------------------------------------------------------------------
        "citb.set_aside.prompt": "Choose a card to set aside: it sits out this round, and nobody else will see it.",
        "citb.set_aside.public_prompt": "Everyone, choose a card to set aside (your private panel). "
                                        "Nobody sees what the others pick.",
        "citb.set_aside.progress": "{done} of {total} players have chosen their card to set aside.",
        "citb.set_aside.chosen": "You set aside {card}. Only you will ever see it.",
        "citb.set_aside.done": "Every player has set a card aside.",
        # --- bids -------------------------------------------------------------------------------------
        "citb.bid.prompt": "{player}, how many tricks will you win this round? Bid {allowed}.",
        "citb.bid.prompt_private": "How many tricks will you win this round? Choose {allowed}.",
        "citb.bid.made": "{player} bids {bid}.",
        "citb.bid.all": "All bids are in: {bids}.",
        "citb.bid.entry": "{player} {bid}",
        # --- playing ------------------------------------------------------------------------------------
        "citb.play.prompt_lead": "{player}, you lead trick {trick} of {tricks}.",
        "citb.play.prompt_follow": "{player}, your turn in trick {trick}: {leader} led {colour}.",
        "citb.play.choose_card": "Choose a card to play.",
        "citb.play.choose_colour": "Declare {card} as which colour?",
        "citb.play.red_locked": "Red cannot be led yet: no token is on the red row, and you can lead another colour.",
        "citb.play.follow_cost": "Declaring a colour other than {colour} costs you {colour} for the rest of the round.",
        "citb.play.played": "{player} plays {card}.",
        "citb.play.played_lost": "{player} plays {card} and loses {lost} for this round.",
        "citb.trick.won": "{player} wins trick {trick} with {card}.",
        "citb.trick.next": "{player} leads the next trick.",
        "citb.paradox": "Paradox! {player} has no legal declaration left and shows the hand: {hand}. The round "
                        "stops; the unfinished trick goes to nobody.",
        "citb.paradox.empty_hand": "no card",
        # --- round and game end --------------------------------------------------------------------------
        "citb.round.end": "Round {round} of {rounds} is over.",
        "citb.round.end_tricks": "All {tricks} tricks have been played.",
        "citb.round.line": "{player}: won {tricks}{bid}, {bonus}: {points} (total {total})",
        "citb.round.line_bid": ", bid {bid}",
        "citb.round.bonus": "group of {group} scores",
        "citb.round.no_bonus": "no bonus",
        "citb.round.paradox_line": "paradox, minus the tricks",
        "citb.round.next": "Next: round {round}, started by {player}.",
        "citb.game.end": "The game is over after {rounds} rounds.",
        "citb.game.winner": "{player} wins with {total} points!",
        "citb.game.shared": "{players} share the victory with {total} points!",
        "citb.game.tie_break": "{players} tied on {total} points; the last round decides: {winner} scored {points} "
                               "in it.",
        "citb.game.rank_line": "{rank}. {player}: {total} (last round {last})",
        "citb.game.totals": "Totals: {totals}.",
        "citb.game.total_entry": "{player} {total}",
        # --- status -------------------------------------------------------------------------------------------
        "citb.status.head": "Cat in the Box, round {round} of {rounds}: {phase}.",
        "citb.status.over": "Cat in the Box: the game is over.",
        "citb.status.waiting": "Waiting for {players}.",
        "citb.status.trick": "Trick {trick} of {tricks}; on the table: {cards}.",
        "citb.status.trick_empty": "Trick {trick} of {tricks}; {player} leads.",
        "citb.status.player": "{player}: {bid}tricks won: {tricks}, cards in hand: {cards}{lost}{start}",
        "citb.status.player_bid": "bid {bid}, ",
        "citb.status.player_lost": ", lost {colours}",
        "citb.status.player_start": " (starts this round)",
        "citb.status.red_broken": "Red is broken: it may be led.",
        "citb.status.red_unbroken": "Red is not broken yet.",
        "citb.status.revealed": "Revealed left-over cards: {cards}.",
        "citb.status.totals": "Totals so far: {totals}.",
        "citb.status.hand": "Your hand: {cards}.",
        "citb.status.own_set_aside": "You set aside {card}.",
        # --- reminders, deadlines, absent players ----------------------------------------------------------
        "citb.decision.set_aside": "card to set aside",
        "citb.decision.bid": "bid",
        "citb.decision.play": "card",
        "citb.reminder": "{player}, the table is waiting for your {decision}. Deadline {deadline}.",
        "citb.reminder.last": "{player}, last call for your {decision}: if nothing comes by {deadline}, the bot "
                              "will choose for you.",
        "citb.deadline.set": "Deadline for this {decision}: {deadline}.",
        "citb.auto.set_aside": "{player} did not choose in time: the bot set a card aside for them.",
        "citb.auto.bid": "{player} did not bid in time: the bot bid {bid} for them.",
        "citb.auto.play": "{player} did not play in time: the bot played {card} for them.",
        "citb.auto.reason.timeout": "the deadline passed",
        "citb.auto.reason.left": "they left the game",
        "citb.auto.reason.kicked": "they were removed from the game",
        "citb.auto.note": "The bot plays for {player} from now on ({reason}).",
        # --- panels (the private selects) -------------------------------------------------------------
        "citb.panel.card_label": "Card {card}",
        "citb.panel.copies": "you hold {count}",
        "citb.panel.bid_label": "{bid} tricks",
        "citb.panel.pick_set_aside": "Card to set aside",
        "citb.panel.pick_bid": "Your bid",
        "citb.panel.pick_card": "Card to play",
        "citb.panel.pick_colour": "Colour to declare",
        "citb.panel.costs": "you lose {colour}",
        # --- refusals (one per RuleViolation code of the engine and plug-in) --------------------------------
        "citb.refusal.already_set_aside": "You have already set a card aside this round.",
        "citb.refusal.bad_action": "I could not read that action.",
        "citb.refusal.bad_deal": "That deal does not fit the deck.",
        "citb.refusal.bad_name": "Every player needs a non-empty name.",
        "citb.refusal.bad_player_count": "Cat in the Box is for 2 to 5 players, not {count}.",
        "citb.refusal.bad_start_player": "The start player must be one of the seats.",
        "citb.refusal.bid_not_allowed": "A bid of {bid} is not allowed: choose {allowed}.",
        "citb.refusal.card_not_in_hand": "You do not hold {card}.",
        "citb.refusal.cell_blocked": "The {colour} {number} cell is blocked this round.",
        "citb.refusal.cell_taken": "The {colour} {number} cell is already taken by {owner}.",
        "citb.refusal.colour_lost": "You have lost {colour} for this round.",
        "citb.refusal.game_over": "The game is over.",
        "citb.refusal.no_deal": "The next round has not been dealt yet.",
        "citb.refusal.not_a_player": "You do not have a seat in this game.",
        "citb.refusal.not_your_turn": "It is {player}'s turn, not yours.",
        "citb.refusal.red_not_broken": "Red cannot be led yet: no token is on the red row and you can lead another "
                                       "colour.",
        "citb.refusal.stale": "That choice was made on an older position of the game. Look at the latest post and "
                              "try again.",
        "citb.refusal.too_many_rounds": "This game has no more rounds.",
        "citb.refusal.unknown_action": "That is not something you can do in Cat in the Box.",
        "citb.refusal.unknown_card": "There is no card {card} in this game.",
        "citb.refusal.unknown_colour": "{colour} is not a colour: use blue, yellow, green or red.",
        "citb.refusal.unknown_option": "Unknown option: {options}.",
        "citb.refusal.wrong_phase": "That is not possible now: the table is {phase}.",
        "citb.refusal.other": "That move is not allowed: {message}",
    },
    "zh": {
        "citb.game": "盒中猫",
        "citb.colour.blue": "蓝色",
        "citb.colour.yellow": "黄色",
        "citb.colour.green": "绿色",
        "citb.colour.red": "红色",
        "citb.card": "`{card}`",
        "citb.declared": "{card}（{colour}）",
        "citb.list_sep": "、",
        "citb.or": " 或 ",
        "citb.nobody": "无人",
        "citb.phase.set_aside": "暗置阶段",
        "citb.phase.bid": "预测阶段",
        "citb.phase.play": "出牌阶段",
        "citb.phase.deal": "等待下一轮发牌",
        "citb.phase.over": "已结束",
        "citb.lobby.open": "{host} 开了一桌盒中猫（2 至 5 人），点下方按钮加入。",
        "citb.lobby.joined": "{player} 入座（{count}/5）。",
        "citb.lobby.left": "{player} 离开了牌桌。",
        "citb.lobby.need_more": "盒中猫至少需要 2 名玩家。",
        "citb.lobby.full": "牌桌已满：盒中猫最多 5 人。",
        "citb.start": "对局开始！顺时针座次：{order}。共 {rounds} 轮，第一轮由 {player} 起始。",
        "citb.start.setup": "{players} 人局：牌面 1 至 {top}，每人 {dealt} 张，每轮 {tricks} 墩。{bids}",
        "citb.start.bids": "可预测的墩数：{allowed}。",
        "citb.start.no_bids": "双人局不预测：一轮赢 4 墩或更少即可获得相连组加分。",
        "citb.round.start": "第 {round} 轮（共 {rounds} 轮）已发牌，由 {player} 起始。",
        "citb.round.reveal": "翻开三张剩余的牌：{cards}，挡住了 {cells}。",
        "citb.set_aside.prompt": "请选择一张牌暗置：它不参加本轮，其他人看不到。",
        "citb.set_aside.public_prompt": "请各位在自己的私人面板中选择一张牌暗置，谁也看不到别人选了什么。",
        "citb.set_aside.progress": "{total} 名玩家中已有 {done} 人选好暗置的牌。",
        "citb.set_aside.chosen": "你暗置了 {card}。只有你自己能看到它。",
        "citb.set_aside.done": "所有玩家都已暗置一张牌。",
        "citb.bid.prompt": "{player}，你预测本轮能赢几墩？可选 {allowed}。",
        "citb.bid.prompt_private": "你预测本轮能赢几墩？请选择 {allowed}。",
        "citb.bid.made": "{player} 预测 {bid} 墩。",
        "citb.bid.all": "预测完毕：{bids}。",
        "citb.bid.entry": "{player} {bid} 墩",
        "citb.play.prompt_lead": "{player}，由你首引第 {trick} 墩（共 {tricks} 墩）。",
        "citb.play.prompt_follow": "{player}，轮到你出第 {trick} 墩：{leader} 首引了{colour}。",
        "citb.play.choose_card": "请选择要打出的牌。",
        "citb.play.choose_colour": "把 {card} 声明为哪种颜色？",
        "citb.play.red_locked": "现在还不能首引红色：红色行上还没有标记，而你还能首引其他颜色。",
        "citb.play.follow_cost": "声明{colour}以外的颜色，会让你在本轮剩余时间失去{colour}。",
        "citb.play.played": "{player} 打出 {card}。",
        "citb.play.played_lost": "{player} 打出 {card}，本轮失去{lost}。",
        "citb.trick.won": "{player} 以 {card} 赢得第 {trick} 墩。",
        "citb.trick.next": "{player} 首引下一墩。",
        "citb.paradox": "悖论！{player} 已没有任何合法的声明，亮出手牌：{hand}。本轮立即结束，未完成的一墩无人获得。",
        "citb.paradox.empty_hand": "没有牌",
        "citb.round.end": "第 {round} 轮（共 {rounds} 轮）结束。",
        "citb.round.end_tricks": "{tricks} 墩全部打完。",
        "citb.round.line": "{player}：赢 {tricks} 墩{bid}，{bonus}：{points} 分（总分 {total}）",
        "citb.round.line_bid": "，预测 {bid}",
        "citb.round.bonus": "{group} 格相连组计分",
        "citb.round.no_bonus": "没有加分",
        "citb.round.paradox_line": "悖论，按墩数扣分",
        "citb.round.next": "下一轮：第 {round} 轮，由 {player} 起始。",
        "citb.game.end": "{rounds} 轮全部结束，对局完成。",
        "citb.game.winner": "{player} 以 {total} 分获胜！",
        "citb.game.shared": "{players} 以 {total} 分并列获胜！",
        "citb.game.tie_break": "{players} 同为 {total} 分，比较最后一轮得分：{winner} 在最后一轮得了 {points} 分。",
        "citb.game.rank_line": "{rank}. {player}：{total} 分（最后一轮 {last}）",
        "citb.game.totals": "总分：{totals}。",
        "citb.game.total_entry": "{player} {total} 分",
        "citb.status.head": "盒中猫，第 {round} 轮（共 {rounds} 轮）：{phase}。",
        "citb.status.over": "盒中猫：对局已结束。",
        "citb.status.waiting": "等待 {players}。",
        "citb.status.trick": "第 {trick} 墩（共 {tricks} 墩），桌上：{cards}。",
        "citb.status.trick_empty": "第 {trick} 墩（共 {tricks} 墩），由 {player} 首引。",
        "citb.status.player": "{player}：{bid}赢 {tricks} 墩，手牌 {cards} 张{lost}{start}",
        "citb.status.player_bid": "预测 {bid}，",
        "citb.status.player_lost": "，已失去{colours}",
        "citb.status.player_start": "（本轮起始玩家）",
        "citb.status.red_broken": "红色已破：可以首引红色。",
        "citb.status.red_unbroken": "红色尚未破。",
        "citb.status.revealed": "翻开的剩余牌：{cards}。",
        "citb.status.totals": "目前总分：{totals}。",
        "citb.status.hand": "你的手牌：{cards}。",
        "citb.status.own_set_aside": "你暗置了 {card}。",
        "citb.decision.set_aside": "暗置选择",
        "citb.decision.bid": "预测",
        "citb.decision.play": "出牌",
        "citb.reminder": "{player}，大家在等你的{decision}。截止时间 {deadline}。",
        "citb.reminder.last": "{player}，最后提醒：如果 {deadline} 前还没有{decision}，机器人会替你选择。",
        "citb.deadline.set": "本次{decision}的截止时间：{deadline}。",
        "citb.auto.set_aside": "{player} 没有按时选择：机器人替其暗置了一张牌。",
        "citb.auto.bid": "{player} 没有按时预测：机器人替其预测 {bid} 墩。",
        "citb.auto.play": "{player} 没有按时出牌：机器人替其打出 {card}。",
        "citb.auto.reason.timeout": "已超过截止时间",
        "citb.auto.reason.left": "该玩家已离开对局",
        "citb.auto.reason.kicked": "该玩家已被移出对局",
        "citb.auto.note": "从现在起由机器人替 {player} 出牌（{reason}）。",
        "citb.panel.card_label": "牌 {card}",
        "citb.panel.copies": "你有 {count} 张",
        "citb.panel.bid_label": "{bid} 墩",
        "citb.panel.pick_set_aside": "要暗置的牌",
        "citb.panel.pick_bid": "你的预测",
        "citb.panel.pick_card": "要打出的牌",
        "citb.panel.pick_colour": "要声明的颜色",
        "citb.panel.costs": "会失去{colour}",
        "citb.refusal.already_set_aside": "你本轮已经暗置过一张牌了。",
        "citb.refusal.bad_action": "无法识别这个操作。",
        "citb.refusal.bad_deal": "这次发牌与牌组不符。",
        "citb.refusal.bad_name": "每位玩家都需要一个非空的名字。",
        "citb.refusal.bad_player_count": "盒中猫适合 2 至 5 人，不能是 {count} 人。",
        "citb.refusal.bad_start_player": "起始玩家必须是桌上的某个座位。",
        "citb.refusal.bid_not_allowed": "不能预测 {bid}：请选择 {allowed}。",
        "citb.refusal.card_not_in_hand": "你手里没有 {card}。",
        "citb.refusal.cell_blocked": "{colour} {number} 这一格本轮被挡住了。",
        "citb.refusal.cell_taken": "{colour} {number} 这一格已经被 {owner} 占了。",
        "citb.refusal.colour_lost": "你本轮已经失去了{colour}。",
        "citb.refusal.game_over": "对局已经结束。",
        "citb.refusal.no_deal": "下一轮还没有发牌。",
        "citb.refusal.not_a_player": "你不在这局游戏的座位上。",
        "citb.refusal.not_your_turn": "现在轮到 {player}，还没轮到你。",
        "citb.refusal.red_not_broken": "现在还不能首引红色：红色行上还没有标记，而你还能首引其他颜色。",
        "citb.refusal.stale": "这个选择基于旧的局面。请查看最新的帖子后再试。",
        "citb.refusal.too_many_rounds": "这局游戏没有更多轮次了。",
        "citb.refusal.unknown_action": "盒中猫里没有这种操作。",
        "citb.refusal.unknown_card": "这局游戏里没有 {card} 这张牌。",
        "citb.refusal.unknown_colour": "{colour} 不是颜色：请用蓝、黄、绿或红。",
        "citb.refusal.unknown_option": "未知选项：{options}。",
        "citb.refusal.wrong_phase": "现在不能这样做：牌桌正处于{phase}。",
        "citb.refusal.other": "不能这样出牌：{message}",
    },
}


class _Missing(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def tr(lang: str, key: str, **params: Any) -> str:
    """One message in ``lang`` (English for an unknown language or key missing there); the key itself
    when no language has it. A missing placeholder stays visible as ``{name}``."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    template = table.get(key) or MESSAGES["en"].get(key)
    if template is None:
        return key
    return template.format_map(_Missing(params))


# --- small pieces ------------------------------------------------------------------------------------

def _names(view: dict[str, Any], names: list[str] | None) -> list[str]:
    """The names to print: ``names`` as given, else the view's names on one line each."""
    return list(names) if names is not None else [" ".join((n or "").split()) or "?" for n in view["names"]]


def colour_name(lang: str, colour: str) -> str:
    return tr(lang, f"citb.colour.{colour}")


def card_text(lang: str, card: int) -> str:
    return tr(lang, "citb.card", card=card)


def declared_text(lang: str, card: int, colour: str) -> str:
    return tr(lang, "citb.declared", card=card_text(lang, card), colour=colour_name(lang, colour))


def join(lang: str, items: list[str]) -> str:
    return tr(lang, "citb.list_sep").join(items)


def choice_list(lang: str, items: list[Any]) -> str:
    """``1, 3 or 4``."""
    words = [str(i) for i in items]
    if len(words) <= 1:
        return "".join(words)
    return join(lang, words[:-1]) + tr(lang, "citb.or") + words[-1]


def cards_text(lang: str, cards: list[int]) -> str:
    return " ".join(card_text(lang, c) for c in cards) if cards else tr(lang, "citb.paradox.empty_hand")


# --- the game's start and rounds -----------------------------------------------------------------

def start_text(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """The opening post: seats, rounds, who starts, the numbers of this player count."""
    who = _names(view, names)
    n = view["player_count"]
    setup = setup_for(n)
    bids = tr(lang, "citb.start.bids", allowed=choice_list(lang, list(setup.bids))) if setup.has_bids else tr(
        lang, "citb.start.no_bids")
    return "\n".join([
        tr(lang, "citb.start", order=join(lang, who), rounds=setup.rounds, player=who[view["start_player"]]),
        tr(lang, "citb.start.setup", players=n, top=setup.top, dealt=setup.dealt, tricks=setup.tricks, bids=bids),
    ])


def round_start_text(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """A new round: who starts it, the 2-player reveal and its blocked cells, the set-aside call."""
    facts = round_facts(view)
    if facts is None or not facts.live:
        return ""
    who = _names(view, names)
    lines = [tr(lang, "citb.round.start", round=facts.index + 1, rounds=facts.rounds, player=who[facts.start_player])]
    if facts.revealed:
        cells = join(lang, [f"{colour_name(lang, c)} {n}" for c, n in reveal_blocks(facts.revealed)])
        lines.append(tr(lang, "citb.round.reveal", cards=cards_text(lang, facts.revealed), cells=cells))
    if facts.phase == "set_aside":
        lines.append(tr(lang, "citb.set_aside.public_prompt"))
    return "\n".join(lines)


# --- what the table waits for --------------------------------------------------------------------

def set_aside_progress(view: dict[str, Any], lang: str) -> str:
    """How many players have chosen their set-aside card (never who chose what)."""
    done = view["set_aside_done"]
    return tr(lang, "citb.set_aside.progress", done=sum(done), total=len(done))


def prompt_text(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """The public line for the decision awaited now (empty when nothing is awaited)."""
    who = _names(view, names)
    facts = round_facts(view)
    if facts is None or not facts.live:
        return ""
    if facts.phase == "set_aside":
        return set_aside_progress(view, lang)
    seat = facts.to_act
    assert seat is not None
    if facts.phase == "bid":
        allowed = choice_list(lang, list(setup_for(facts.player_count).bids))
        return tr(lang, "citb.bid.prompt", player=who[seat], allowed=allowed)
    trick = min(facts.trick_number, facts.tricks)
    if not facts.trick:
        return tr(lang, "citb.play.prompt_lead", player=who[seat], trick=trick, tricks=facts.tricks)
    leader = facts.trick[0][0]
    return tr(lang, "citb.play.prompt_follow", player=who[seat], trick=trick, leader=who[leader],
              colour=colour_name(lang, facts.trick[0][2]))


def status_text(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """A status summary: round and phase, who is awaited, the trick, each player's bid, tricks, cards in
    hand and lost colours, whether red is broken, totals; with a seat's view also its own hand."""
    who = _names(view, names)
    if view["phase"] == "over":
        return "\n".join([tr(lang, "citb.status.over"), game_summary(view, lang, names)])
    facts = round_facts(view)
    if facts is None or not facts.live:
        phase = tr(lang, f"citb.phase.{view['phase']}")
        return tr(lang, "citb.status.head", round=view["round"] + 1, rounds=setup_for(view["player_count"]).rounds,
                  phase=phase)
    lines = [tr(lang, "citb.status.head", round=facts.index + 1, rounds=facts.rounds,
                phase=tr(lang, f"citb.phase.{facts.phase}"))]
    waiting = sorted({p[0] for p in view["prompts"]})
    if facts.phase == "set_aside":
        lines.append(set_aside_progress(view, lang))
    elif waiting:
        lines.append(tr(lang, "citb.status.waiting", players=join(lang, [who[s] for s in waiting])))
    if facts.revealed:
        lines.append(tr(lang, "citb.status.revealed", cards=cards_text(lang, facts.revealed)))
    if facts.phase == "play":
        trick = min(facts.trick_number, facts.tricks)
        if facts.trick:
            on_table = join(lang, [f"{who[s]} {declared_text(lang, c, k)}" for s, c, k in facts.trick])
            lines.append(tr(lang, "citb.status.trick", trick=trick, tricks=facts.tricks, cards=on_table))
        elif facts.leader is not None:
            lines.append(tr(lang, "citb.status.trick_empty", trick=trick, tricks=facts.tricks,
                            player=who[facts.leader]))
    for seat in range(facts.player_count):
        bid = ""
        if facts.bids is not None and facts.bids[seat] is not None:
            bid = tr(lang, "citb.status.player_bid", bid=facts.bids[seat])
        lost = ""
        if facts.lost[seat]:
            lost = tr(lang, "citb.status.player_lost", colours=join(lang, [colour_name(lang, c)
                                                                            for c in facts.lost[seat]]))
        start = tr(lang, "citb.status.player_start") if seat == facts.start_player else ""
        lines.append("- " + tr(lang, "citb.status.player", player=who[seat], bid=bid, tricks=facts.tricks_won[seat],
                               cards=facts.hand_sizes[seat], lost=lost, start=start))
    if facts.phase == "play":
        lines.append(tr(lang, "citb.status.red_broken" if facts.red_broken else "citb.status.red_unbroken"))
    if view["history"]:
        lines.append(tr(lang, "citb.status.totals", totals=_totals(view, lang, who)))
    if view["viewer"] is not None and view["hand"] is not None:
        lines.append(tr(lang, "citb.status.hand", cards=cards_text(lang, view["hand"])))
        if view["own_set_aside"] is not None:
            lines.append(tr(lang, "citb.status.own_set_aside", card=card_text(lang, view["own_set_aside"])))
    return "\n".join(lines)


def _totals(view: dict[str, Any], lang: str, who: list[str]) -> str:
    return join(lang, [tr(lang, "citb.game.total_entry", player=who[s], total=t) for s, t in enumerate(view["totals"])])


# --- one accepted action ---------------------------------------------------------------------------

def _play_context(public: dict[str, Any], view: dict[str, Any]) -> tuple[Any, int] | None:
    """The round facts holding the play ``public`` describes and the play's index in it (the view is
    the one after the action: the play is the last of the live round, or of the last finished one)."""
    entry = [public["seat"], public["card"], public["colour"]]
    live = round_facts(view) if is_live(view) else None
    if live is not None and live.plays and live.plays[-1] == entry:
        return live, len(live.plays) - 1
    if view["history"]:
        done = round_facts(view, -1)
        if done is not None and done.plays and done.plays[-1] == entry:
            return done, len(done.plays) - 1
    return None


def describe_action(public: dict[str, Any], view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """The public post for one accepted action, from the ``Applied.public`` dict and the view *after* it:
    a set-aside (progress only, never the card), a bid (and all bids once complete), a card played
    (with a lost colour), the trick's winner and the next leader, a paradox with the revealed hand, and
    the end of a round."""
    who = _names(view, names)
    seat = public.get("seat")
    facts = round_facts(view)
    # After the action the view may already show the next round (the action ended a round at once:
    # a paradox before the first card): a fresh set-aside with nobody done, or no live round at all.
    round_ended = facts is None or not facts.live or (
        facts.phase == "set_aside" and not any(facts.set_aside_done) and bool(view["history"]))
    if "set_aside" in public:
        if facts is not None and facts.live and facts.phase == "set_aside" and not round_ended:
            return set_aside_progress(view, lang)
        lines = [tr(lang, "citb.set_aside.done")]
        lines.append(round_end_lines(view, lang, names) if round_ended else prompt_text(view, lang, names))
        return "\n".join(x for x in lines if x)
    if "bid" in public:
        lines = [tr(lang, "citb.bid.made", player=who[seat], bid=public["bid"])]
        if round_ended:
            lines.append(round_end_lines(view, lang, names))
        elif facts is not None and facts.phase == "play" and facts.bids is not None:
            bids = join(lang, [tr(lang, "citb.bid.entry", player=who[s], bid=b) for s, b in enumerate(facts.bids)])
            lines.append(tr(lang, "citb.bid.all", bids=bids))
            lines.append(prompt_text(view, lang, names))
        else:
            lines.append(prompt_text(view, lang, names))
        return "\n".join(x for x in lines if x)
    if "card" in public:
        return _describe_play(public, view, lang, who, names)
    return ""


def _describe_play(public: dict[str, Any], view: dict[str, Any], lang: str, who: list[str],
                   names: list[str] | None) -> str:
    seat, card, colour = public["seat"], public["card"], public["colour"]
    found = _play_context(public, view)
    played = declared_text(lang, card, colour)
    if found is None:
        return tr(lang, "citb.play.played", player=who[seat], card=played)
    facts, index = found
    n = facts.player_count
    start = index - index % n
    trick_cards = facts.plays[start:index + 1]
    led = trick_cards[0][2]
    if index != start and colour != led:
        lines = [tr(lang, "citb.play.played_lost", player=who[seat], card=played, lost=colour_name(lang, led))]
    else:
        lines = [tr(lang, "citb.play.played", player=who[seat], card=played)]
    trick_no = index // n + 1
    if len(trick_cards) == n and trick_no <= len(facts.trick_winners):
        winner = facts.trick_winners[trick_no - 1]
        win_card = next((declared_text(lang, c, k) for s, c, k in trick_cards if s == winner), "?")
        lines.append(tr(lang, "citb.trick.won", player=who[winner], trick=trick_no, card=win_card))
    if facts.live:
        nxt = prompt_text(view, lang, names)
        if nxt:
            lines.append(nxt)
    else:
        lines.append(round_end_lines(view, lang, names))
    return "\n".join(lines)


def paradox_text(view: dict[str, Any], lang: str, round_index: int = -1, names: list[str] | None = None) -> str:
    """The paradox announcement of a finished round, with the hand the paradox player revealed ('' if none)."""
    facts = round_facts(view, round_index)
    if facts is None or facts.paradox_player is None:
        return ""
    who = _names(view, names)
    return tr(lang, "citb.paradox", player=who[facts.paradox_player], hand=cards_text(lang, facts.paradox_hand or []))


def round_end_lines(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """What is said when a round has just ended: the paradox (if any), the round summary, then the
    next round's start or the game's end."""
    lines = [paradox_text(view, lang, -1, names), round_summary(view, lang, -1, names)]
    if view["phase"] == "over":
        lines.append(game_summary(view, lang, names))
    else:
        nxt = round_start_text(view, lang, names)
        if nxt:
            lines.append(nxt)
    return "\n".join(x for x in lines if x)


def round_summary(view: dict[str, Any], lang: str, round_index: int = -1, names: list[str] | None = None) -> str:
    """A finished round's score post: per player tricks, bid, bonus (the largest group) or paradox,
    round points and the total after that round."""
    facts = round_facts(view, round_index)
    if facts is None or facts.scores is None:
        return ""
    who = _names(view, names)
    n = facts.player_count
    lines = [tr(lang, "citb.round.end", round=facts.index + 1, rounds=facts.rounds)]
    if facts.paradox_player is None:
        lines.append(tr(lang, "citb.round.end_tricks", tricks=len(facts.trick_winners)))
    history = view["history"][:facts.index + 1]
    for seat in range(n):
        s = facts.scores[seat]
        total = sum(h["scores"][seat]["round_points"] for h in history)
        bid = tr(lang, "citb.round.line_bid", bid=s["bid"]) if s["bid"] is not None else ""
        if s["paradox"]:
            bonus = tr(lang, "citb.round.paradox_line")
        elif s["bid_met"]:
            bonus = tr(lang, "citb.round.bonus", group=s["largest_group"])
        else:
            bonus = tr(lang, "citb.round.no_bonus")
        lines.append("- " + tr(lang, "citb.round.line", player=who[seat], tricks=s["tricks"], bid=bid, bonus=bonus,
                               points=f"{s['round_points']:+d}", total=total))
    return "\n".join(lines)


def standings(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Per seat: total, points of the latest finished round and rank (ties share; final once over)."""
    n = view["player_count"]
    totals = [sum(h["scores"][s]["round_points"] for h in view["history"]) for s in range(n)]
    last = [view["history"][-1]["scores"][s]["round_points"] if view["history"] else 0 for s in range(n)]
    ranks = rank_seats(totals, last)
    return [{"seat": s, "total": totals[s], "last": last[s], "rank": ranks[s]} for s in range(n)]


def game_summary(view: dict[str, Any], lang: str, names: list[str] | None = None) -> str:
    """The end of the game: the winner (or shared victory), the tie-break when it decided, the ranking."""
    who = _names(view, names)
    table = standings(view)
    lines = [tr(lang, "citb.game.end", rounds=len(view["history"]))]
    winners = [r for r in table if r["rank"] == 1]
    best = max(r["total"] for r in table)
    tied = [r for r in table if r["total"] == best]
    if len(winners) == 1:
        w = winners[0]
        if len(tied) > 1:
            lines.append(tr(lang, "citb.game.tie_break", players=join(lang, [who[r["seat"]] for r in tied]),
                            total=best, winner=who[w["seat"]], points=w["last"]))
        lines.append(tr(lang, "citb.game.winner", player=who[w["seat"]], total=w["total"]))
    else:
        lines.append(tr(lang, "citb.game.shared", players=join(lang, [who[r["seat"]] for r in winners]), total=best))
    for r in sorted(table, key=lambda r: (r["rank"], r["seat"])):
        lines.append(tr(lang, "citb.game.rank_line", rank=r["rank"], player=who[r["seat"]], total=r["total"],
                        last=f"{r['last']:+d}"))
    return "\n".join(lines)


# --- refusals, reminders, the default policy ---------------------------------------------------------

def refusal_text(code: str, params: dict[str, Any] | None, lang: str, view: dict[str, Any] | None = None,
                 names: list[str] | None = None, message: str = "") -> str:
    """A ``RuleViolation`` (``exc.code``, ``exc.params``, ``exc.message``) in ``lang``. Seats in the params
    become names (from ``view`` or ``names``), colours and phases are translated, cards shown as cards."""
    p = dict(params or {})
    who = names if names is not None else (_names(view, None) if view is not None else None)

    def seat_name(value: Any) -> str:
        if who is not None and isinstance(value, int) and 0 <= value < len(who):
            return who[value]
        return str(value)

    out: dict[str, Any] = {}
    if "current" in p:
        out["player"] = seat_name(p["current"])
    if "owner" in p:
        out["owner"] = seat_name(p["owner"])
    if "colour" in p:
        colour = p["colour"]
        out["colour"] = colour_name(lang, colour) if colour in COLOURS else f"“{colour}”"
    if "card" in p:
        out["card"] = card_text(lang, p["card"]) if isinstance(p["card"], int) else f"“{p['card']}”"
        out["number"] = p["card"]
    if "bid" in p:
        out["bid"] = p["bid"]
    if "allowed" in p:
        out["allowed"] = choice_list(lang, list(p["allowed"]))
    if "phase" in p:
        out["phase"] = tr(lang, f"citb.phase.{p['phase']}")
    if "count" in p:
        out["count"] = p["count"]
    if "options" in p:
        out["options"] = join(lang, [str(o) for o in p["options"]])
    key = f"citb.refusal.{code}"
    if key not in MESSAGES["en"]:
        return tr(lang, "citb.refusal.other", message=message or code)
    return tr(lang, key, **out)


def decision_name(lang: str, kind: str) -> str:
    return tr(lang, f"citb.decision.{kind}")


def reminder_text(lang: str, player: str, kind: str, deadline: str, *, last: bool = False) -> str:
    """A reminder for ``player`` (a name or mention) about a ``kind`` decision (``set_aside``, ``bid``,
    ``play``); ``deadline`` is preformatted (e.g. a Discord timestamp)."""
    return tr(lang, "citb.reminder.last" if last else "citb.reminder", player=player,
              decision=decision_name(lang, kind), deadline=deadline)


def auto_played_text(public: dict[str, Any], lang: str, player: str) -> str:
    """The post when the default policy acted for an absent player: a set-aside (the card is never
    named), a bid or a card."""
    if "set_aside" in public:
        return tr(lang, "citb.auto.set_aside", player=player)
    if "bid" in public:
        return tr(lang, "citb.auto.bid", player=player, bid=public["bid"])
    return tr(lang, "citb.auto.play", player=player, card=declared_text(lang, public["card"], public["colour"]))


__all__ = [
    "LANGS",
    "MESSAGES",
    "auto_played_text",
    "card_text",
    "cards_text",
    "choice_list",
    "colour_name",
    "declared_text",
    "describe_action",
    "game_summary",
    "paradox_text",
    "prompt_text",
    "refusal_text",
    "reminder_text",
    "round_end_lines",
    "round_start_text",
    "round_summary",
    "set_aside_progress",
    "standings",
    "start_text",
    "status_text",
    "tr",
]
