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
    ("cat in the box: how many rounds are there with three players", "citb", "rounds_and_tricks"),
    ("盒中猫三个人打的话一共要打几轮", "citb", "rounds_and_tricks"),
    ("how many rounds is a whole game of cat in the box", "citb", "length"),  # no player count: the end of the game
    ("盒中猫一共要打几轮才结束", "citb", "length"),
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
    ("when does the game end?", None, "calico.scoring.total"),  # no game played here: Calico, the main game
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


@pytest.mark.parametrize("question", ["two of us showed the same speed on our cards, who rescues first?",
                                      "我们俩速度一样,谁先救猫", "we each revealed 2 boots, who picks first"])
def test_equal_speeds_ask_for_the_rescue_order_not_the_final_tie(real_index: RulesIndex, question: str) -> None:
    assert structure_intent(question) == "rescue_order"
    first = real_index.search(question)[0]
    assert first.id == "ioc.rescue" and first.detail is not None and first.detail.id == "ioc.speed_order"


def test_dead_even_on_points_is_a_tie_even_when_asked_who_takes_it() -> None:
    assert structure_intent("calico: we ended dead even on points. who takes it?") == "ties"


@pytest.mark.parametrize(("question", "topic"), [
    ("猫岛要玩几天?最多几个人", "ioc.overview"),  # the overview states both
    ("how long does it take? how many players?", "calico.overview"),
    ("cat in the box: how many rounds? and how many players?", "citb.end.ties"),  # its overview counts no rounds
])
def test_the_length_and_the_player_count_asked_together(real_index: RulesIndex, question: str, topic: str) -> None:
    assert real_index.search(question)[0].id == topic


def test_a_component_word_outweighs_an_ordinary_word_in_the_games_hint(real_index: RulesIndex) -> None:
    # 手上 happens to be written only in Calico's texts; the fish are the Isle of Cats' own.
    assert real_index.search("打完手上还有7条鱼,平局时有用吗")[0].id == "ioc.ties"


@pytest.mark.parametrize(("question", "intent"), [
    ("不小心放错位置了,可以挪到旁边吗", None),  # moving a placed patch at the table: a placement rule
    ("放错了,机器人里能撤回吗", "undo"),
    ("misplaced a tile, can I undo that?", "undo"),
    ("放错了,用 /calico undo 能挪回来吗", "undo"),
    ("放错了一半(1/2 的那块),能挪吗", None),  # a slash in passing is no command
])
def test_moving_a_placed_tile_is_no_undo_unless_the_bot_is_asked(question: str, intent: str | None) -> None:
    assert structure_intent(question) == intent


def test_two_people_doing_the_same_is_no_two_player_question(real_index: RulesIndex) -> None:
    assert real_index.search("盒中猫里两个人能不能都报绿4")[0].id != "citb.two_player"


@pytest.mark.parametrize("question", ["I meant yellow not red, how do I undo with the bot",
                                      "报错颜色了,机器人能撤回吗"])
def test_a_colour_named_by_mistake_asks_cat_in_the_boxs_bot(real_index: RulesIndex, question: str) -> None:
    # Only Cat in the Box has the player name a colour; a Calico patch has its own.
    assert structure_intent(question) == "undo"
    assert real_index.search(question)[0].id == "citb.bot.commands"


def test_a_misspelt_paradox_keeps_the_cut_trick_from_the_trick_winner() -> None:
    assert structure_intent("勃论的时候这一墩算谁的") is None


def test_only_a_question_about_the_whole_game_hands_over_to_the_player_count() -> None:
    assert structure_intent("这个游戏是干什么的?几个人能玩") == "players"
    assert structure_intent("米莉要几块连起来?几个人能玩") is None  # the first question is answered


@pytest.mark.parametrize("question", ["when is a game of calico over?", "花毯什么时候结束", "终局怎么算份"])
def test_calicos_end_is_answered_with_its_final_scoring(real_index: RulesIndex, question: str) -> None:
    first = real_index.search(question)[0]
    assert first.id == "calico.scoring.total", question
    if structure_intent(question) == "length":  # the detail that says when it ends, under it
        assert first.detail is not None and first.detail.id == "calico.end.trigger"


@pytest.mark.parametrize(("question", "intent", "topic"), [
    ("how many different modes does isle of cats have", "modes", "ioc.modes"),
    ("猫岛一共有哪些模式", "modes", "ioc.modes"),
    ("playing isle of cats solo - how do you beat it", None, None),  # no "win": no intent of its own
    ("isle of cats solo: how do you win?", "solo_winning", "ioc.solo"),
    ("how do you win a calico solo scenario", "solo_winning", "calico.solo.scenarios"),
    ("新手局的三块目标板放在哪几个位置", "beginner_goals", "calico.setup.beginner"),
    ("同一墩里两张牌会打平吗", "trick_winner", "citb.trick.winner"),
    ("game's over, how do we tally up the scores?", "final_scoring", "calico.scoring.total"),
    ("isle of cats modes?", "modes", "ioc.modes"),
    ("how many ways to pick 3 cards out of 52", None, None),  # counting, not the ways to play
    ("cat in the box how long?", "duration", "citb.overview"),
    ("单人模式跟姐姐同分怎么算", "ties", "ioc.ties"),  # only The Isle of Cats has an opponent in solo
])
def test_narrower_structure_questions_get_their_own_topic(real_index: RulesIndex, question: str, intent: str | None,
                                                          topic: str | None) -> None:
    assert structure_intent(question) == intent
    if topic is not None:
        assert real_index.search(question)[0].id == topic


@pytest.mark.parametrize("question", ["轮到我的时候机器人会提醒吗", "轮流出完以后机器人多久超时"])
def test_a_turn_coming_round_is_no_round_of_cat_in_the_box(real_index: RulesIndex, question: str) -> None:
    # 轮到 (my turn) and 轮流 (taking turns) are no rounds: with no game named, the bot question is Calico's.
    assert real_index.search(question)[0].id == "calico.bot.commands"


def test_a_card_keeps_calicos_only_intent_away(real_index: RulesIndex) -> None:
    # Calico has no cards: a token question about playing a card is not put on Calico's token topic by force.
    first = real_index.search("after i play a card, where does my token go on the research board")[0]
    assert first.id.startswith("citb.")
