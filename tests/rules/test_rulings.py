# ruff: noqa: E501  (a table of rulings and phrases reads best one ruling per line)
"""Every ruling the project follows is stated, in both languages, by the entry that answers it.

The rulings are those of the "Rulings this project follows" sections of the shared Cat in the Box and
Isle of Cats references, and the rulings the Calico reference names inline. Each row: where the
ruling comes from, the entry that must state it, and a phrase that entry must contain in English and
in Chinese (the phrases pin the ruling itself, not just the topic).
"""

from __future__ import annotations

import pytest

from calico_bot.rules import RulesIndex

RULINGS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    # (ruling, entry id, English phrases, Chinese phrases)
    ("calico: shape cats need the shape contained", "calico.faq.shape_extra", ("contains the cat's shape",), ("包含",)),
    ("calico: hands are private", "calico.hand.private", ("your hand is private",), ("手牌是保密的",)),
    ("calico: setup draw order", "calico.setup.market", ("market slots 1, 2 and 3 first",), ("先摸市场第 1、2、3 格",)),
    ("citb 1: row order", "citb.research_board", ("blue, yellow, green, red from top to bottom",), ("蓝、黄、绿、红",)),
    ("citb 2: white side", "citb.bot.rulings", ("white side of the research cards", "columns 1-9"), ("白色面", "1–9 列")),
    ("citb 3: 2p set-aside", "citb.two_player", ("still set one card aside", "17 open cells"), ("各暗置一张", "17 个开放格")),
    ("citb 4: red broken", "citb.lead.red", ("any player's token lies on the red row this round", "forced red lead"),
     ("红色行上已有任何玩家的标记", "被迫首引红色")),
    ("citb 5: forced lead looks at the whole hand", "citb.lead.red", ("whole hand", "One card that could only go red"),
     ("整手牌", "只有一张牌只能当红色")),
    ("citb 6: bids", "citb.bids", ("bid 1, 3 or 4", "1, 2 or 3", "A bid of 0 is never allowed"), ("1、3 或 4", "不能报 0")),
    ("citb 7: 2p bonus", "citb.two_player", ("4 tricks or fewer (0 tricks included)", "paradox player never gets this bonus"),
     ("包括 0 墩", "悖论玩家永远拿不到这项加分")),
    ("citb 8: bid met shown, bonus not paid", "citb.scoring", ("still shows whether the paradox player met the bid",),
     ("仍会标出悖论玩家是否达成预测",)),
    ("citb 9: following optional", "citb.follow.lose_color", ("Following it is optional", "trumping with red included"),
     ("跟引色不是强制的", "用红色将吃也一样")),
    ("citb 10: paradox for every player", "citb.paradox", ("whether you lead or follow", "before that player's card",
                                                           "those of the unfinished trick included"),
     ("无论是首引还是跟牌", "在这名玩家出牌之前", "包括这未完成一墩的标记")),
    ("citb 11: tie-break on the last round", "citb.end.ties", ("final round",), ("最后一轮",)),
    ("citb 12: no winner until every round", "citb.bot.rulings", ("no winner until every round is played",),
     ("没有赢家",)),
    ("citb 13: other implementations", "citb.bot.rulings", ("this bot does not follow them",), ("本机器人不采用",)),
    ("ioc 1: tiles, Oshax, lonely", "ioc.rulings.counting", ("in tiles, never in squares", "Cats always include Oshax",
                                                             "touching no tile of its own color"),
     ("按板块计数", "包括欧夏克", "孤猫")),
    ("ioc 2: touching and edges", "ioc.rulings.counting", ("sharing a side", "44 squares"), ("共用一条边", "44 个格子")),
    ("ioc 3: no family under 3", "ioc.rulings.counting", ("1 or 2 same-colored tiles is not a family",),
     ("1 或 2 块同色板块不算家族",)),
    ("ioc 4: lesson 121/165", "ioc.rulings.lessons", ("121/165", "ties score", "7 or more tiles"),
     ("121/165", "并列也得分", "7 块或更多")),
    ("ioc 5: lesson 141/168", "ioc.rulings.lessons", ("141/168", "third one's family points again"),
     ("141/168", "第三大的家族分再算一次")),
    ("ioc 6: pick-a-colour lessons", "ioc.rulings.lessons", ("(117, 151)", "(143-146, 149)"), ("117、151", "143–146、149")),
    ("ioc 7: filled and empty rooms", "ioc.rulings.boat", ("empty room", "also counts as unfilled"), ("空房间", "同时也算未填满")),
    ("ioc 8: treasure-map reward", "ioc.rulings.boat", ("cat of the map's color", "optional", "150 and 212"),
     ("同色的猫盖住地图", "可选", "150 和 212")),
    ("ioc 9: removed treasures", "ioc.rulings.boat", ("88-89", "uncovered again", "may be disconnected"),
     ("88–89", "重新算作未覆盖", "可以不相连")),
    ("ioc 10: turn order at the end", "ioc.rulings.modes", ("card 119", "last rearrangement of day 5"),
     ("119 号卡", "第 5 天最后一次重排")),
    ("ioc 11: counting your lessons", "ioc.rulings.lessons", ("126, 133, 147, 207", "public lessons never count"),
     ("126、133、147、207", "公共课程从不计入")),
    ("ioc 12: permanent baskets", "ioc.rulings.boat", ("Permanent baskets (118)", "0 included"), ("永久篮子(118)", "可以是 0")),
    ("ioc 13: sister's lessons", "ioc.rulings.lessons", ("197, 203 and 215", "204 repeats"), ("197、203、215", "204")),
    ("ioc 14: solo treasures, family side", "ioc.rulings.modes", ("5 common treasures of each shape", "same squares"),
     ("5 个普通宝藏", "都相同")),
    ("ioc 15: family fill and pass", "ioc.rulings.modes", ("2 cats per player per field", "must pass"),
     ("每人 2 只猫", "必须跳过")),
    ("ioc 16: whole deck", "ioc.rulings.modes", ("whole 150-card discovery deck",), ("全部 150 张探索卡",)),
    ("ioc 17: take only what fits", "ioc.rulings.boat", ("only if it can be placed legally", "card 75"),
     ("只有能合法放上你的船时", "75 号卡")),
    ("ioc 18: sister's line", "ioc.rulings.modes", ("takes the last tile of that line", "a swap needs two different cats"),
     ("拿那一行的最后一块", "交换需要两只不同的猫")),
    ("ioc 19: rescue cards face down in turn order", "ioc.rulings.modes", ("chosen face down one player after another",),
     ("一个接一个面朝下选择",)),
]


@pytest.mark.parametrize(("ruling", "entry_id", "en", "zh"), RULINGS, ids=[r[0] for r in RULINGS])
def test_each_ruling_is_stated_in_both_languages(real_index: RulesIndex, ruling: str, entry_id: str,
                                                 en: tuple[str, ...], zh: tuple[str, ...]) -> None:
    entry = real_index.get(entry_id)
    assert entry is not None, f"{ruling}: entry {entry_id} is missing"
    for phrase in en:
        assert phrase in entry.text["en"], f"{ruling}: {entry_id} (en) does not say {phrase!r}"
    for phrase in zh:
        assert phrase in entry.text["zh"], f"{ruling}: {entry_id} (zh) does not say {phrase!r}"


def test_every_numbered_ruling_has_a_row() -> None:
    for game, count in (("citb", 13), ("ioc", 19)):
        numbers = {int(r[0].split(":")[0].split()[1]) for r in RULINGS if r[0].startswith(game + " ")}
        assert numbers == set(range(1, count + 1)), game


@pytest.mark.parametrize("question", ["can I lead red?", "can i lead trump", "首引可以出红色吗", "红色被打破是什么意思"])
def test_asking_about_leading_red_gets_the_rule_the_referee_enforces(real_index: RulesIndex, question: str) -> None:
    hit = real_index.search(question)[0]
    assert hit.id == "citb.lead.red"
    text = hit.answer_text
    if hit.lang == "en":
        assert "any player's token lies on the red row this round" in text and "whole hand" in text
    else:
        assert "红色行上已有任何玩家的标记" in text and "整手牌" in text
