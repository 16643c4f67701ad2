"""Questions about a game's structure (rounds, players, end scoring, how long it lasts), in both
languages and for each game, land on the topic that answers them. Wordings written for this test."""

from __future__ import annotations

import pytest

from calico_bot.rules import RulesIndex
from calico_bot.rules.intents import STRUCTURE_TOPICS, structure_intent

CASES = [
    # (question, game, structure intent)
    ("in calico, when is the game over exactly", "calico", "length"),
    ("how many turns does each person get in calico?", "calico", "length"),
    ("猫与花毯一局每人要走多少回合", "calico", "length"),
    ("花毯什么时候算游戏结束", "calico", "length"),
    ("calico: is it ok with 4 of us, or what's the max player count", "calico", "players"),
    ("猫与花毯支持几个人一起玩", "calico", "players"),
    ("what gets added up at the end of a calico game", "calico", "final_scoring"),
    ("猫与花毯游戏结束时要统计哪些分", "calico", "final_scoring"),
    ("roughly how many minutes is one calico game", "calico", "duration"),
    ("玩一局花毯大概要花多长时间", "calico", "duration"),
    ("cat in the box: how many rounds are there with three players", "citb", "length"),
    ("盒中猫三个人打的话一共要打几轮", "citb", "length"),
    ("what's the player range for cat in the box", "citb", "players"),
    ("盒中猫几个人可以玩", "citb", "players"),
    ("cat in the box, once the last round is done how do we total up", "citb", "final_scoring"),
    ("盒中猫最后一轮打完怎么算总分", "citb", "final_scoring"),
    ("how much time does a game of cat in the box take", "citb", "duration"),
    ("盒中猫一局要玩多久", "citb", "duration"),
    ("isle of cats: how many days until the game ends", "ioc", "length"),
    ("猫岛总共要进行几天", "ioc", "length"),
    ("how many people can sit down for isle of cats", "ioc", "players"),
    ("猫岛几个人能玩", "ioc", "players"),
    ("what do we score after the final day in isle of cats", "ioc", "final_scoring"),
    ("猫岛最后结算要算哪些项目", "ioc", "final_scoring"),
    ("how long is a typical game of the isle of cats", "ioc", "duration"),
    ("猫岛一局打下来要多长时间", "ioc", "duration"),
]


@pytest.mark.parametrize(("question", "game", "intent"), CASES)
def test_structure_questions_land_on_their_topic(real_index: RulesIndex, question: str, game: str,
                                                 intent: str) -> None:
    found = real_index.lookup(question)
    assert found.out_of_scope is None and found.hits, question
    assert found.hits[0].id == STRUCTURE_TOPICS[intent][game], (question, [h.id for h in found.hits])


def test_every_game_and_language_is_covered() -> None:
    for game in ("calico", "citb", "ioc"):
        for intent in ("length", "players", "final_scoring", "duration"):
            wordings = [q for q, g, i in CASES if g == game and i == intent]
            assert any(q.isascii() for q in wordings) and any(not q.isascii() for q in wordings), (game, intent)


@pytest.mark.parametrize(("question", "topic"), [
    ("isle of cats family mode: what if it ends in a tie?", "ioc.ties"),
    ("猫岛单人模式我跟姐姐分数一样,谁赢", "ioc.ties"),
    ("家庭模式两个人打平了看什么", "ioc.ties"),
    ("calico: two of us tied on points, what breaks it", "calico.end.ties"),
    ("猫与花毯总分相同怎么判", "calico.end.ties"),
    ("cat in the box ended in a tie, is there a tiebreaker", "citb.end.ties"),
    ("盒中猫同分的话谁赢", "citb.end.ties"),
])
def test_a_tie_in_any_mode_goes_to_the_games_tie_topic(real_index: RulesIndex, question: str, topic: str) -> None:
    assert structure_intent(question) == "ties"
    assert [h.id for h in real_index.search(question)][:1] == [topic], question


@pytest.mark.parametrize("question", ["how do I tie the two halves of the board together", "猫咪板两面分数一样吗"])
def test_tie_words_in_another_sense_are_no_tie_question(question: str) -> None:
    assert structure_intent(question) != "ties"


@pytest.mark.parametrize(("question", "here", "topic"), [
    ("when does the game end?", "citb", "citb.end.ties"),
    ("when does the game end?", "ioc", "ioc.day.phases"),
    ("when does the game end?", None, "calico.end.ties"),  # no game played here: Calico, the main game
    ("最后怎么算分", "ioc", "ioc.scoring"),
    ("how many rounds do we play", "ioc", "ioc.day.phases"),  # "rounds" is the Isle of Cats' days there
    ("how many rounds do we play", None, "citb.end.ties"),  # elsewhere, rounds are Cat in the Box's
    ("rules?", "citb", "citb.overview"),
    ("how many rounds in cat in the box", "ioc", "citb.end.ties"),  # a named game beats the game played here
    ("how do I get the rainbow button", "citb", "calico.buttons.rainbow"),  # so do a game's own words
    ("what does the oshax do", "calico", "ioc.oshax"),
])
def test_the_game_played_here_answers_questions_that_name_none(real_index: RulesIndex, question: str,
                                                                 here: str | None, topic: str) -> None:
    hits = real_index.search(question, here=here)
    assert hits and hits[0].id == topic, [h.id for h in hits]
