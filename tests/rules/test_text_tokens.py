"""Tokenising: stemming, synonyms, Chinese n-grams, traditional characters, language detection."""

from __future__ import annotations

import pytest

from calico_bot.rules.games import asks_about_game, guess_game, strip_game_names
from calico_bot.rules.text_tokens import (
    detect_lang,
    en_tokens,
    en_words,
    normalize_lang,
    stem,
    to_simplified,
    zh_tokens,
)


@pytest.mark.parametrize(
    ("word", "other"),
    [("groups", "group"), ("families", "family"), ("matches", "match"), ("drawing", "draw"), ("refilled", "refill"),
     ("shared", "share"), ("sitting", "sits"), ("bus", "bus"), ("red", "red")],
)
def test_inflected_forms_share_a_stem(word: str, other: str) -> None:
    assert stem(word) == stem(other)
    assert stem("red") == "red" and stem("bus") == "bus"  # short words stay whole


@pytest.mark.parametrize(
    ("a", "b"),
    [("patches", "tiles"), ("hex", "tile"), ("trump", "red"), ("quilt board", "board"), ("points", "score"),
     ("pts", "scoring"), ("colour", "colors"), ("2-player", "two players"), ("tiebreaker", "ties")],
)
def test_english_synonyms_share_a_term(a: str, b: str) -> None:
    assert en_tokens(a) == en_tokens(b)


def test_stop_words_removed() -> None:
    assert en_tokens("What is the rainbow button?") == ["rainbow", "button"]


def test_chinese_unigrams_bigrams_and_synonyms() -> None:
    tokens = zh_tokens("彩虹扣子怎么拿")
    assert "彩虹" in tokens and "纽扣" in tokens and "拿" in tokens
    assert "怎么" not in tokens  # filler
    assert zh_tokens("布片") == zh_tokens("板块") == zh_tokens("拼布")
    assert zh_tokens("猫咪") == zh_tokens("猫")


def test_traditional_folds_to_simplified() -> None:
    assert to_simplified("盒中貓的悖論") == "盒中猫的悖论"
    assert zh_tokens("貓島") == zh_tokens("猫岛")


@pytest.mark.parametrize(
    ("text", "lang"), [("rainbow button", "en"), ("彩虹纽扣", "zh"), ("Leo 几分", "zh"), ("", "en")]
)
def test_detect_lang(text: str, lang: str) -> None:
    assert detect_lang(text) == lang


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("zh-CN", "zh"), ("zh-TW", "zh"), ("zh", "zh"), ("en-US", "en"), ("en-GB", "en"), ("fr", "en"), ("ja", "en"),
     (None, None), ("", None)],
)
def test_normalize_lang(locale: str | None, lang: str | None) -> None:
    assert normalize_lang(locale) == lang


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("calico rainbow button", "calico"), ("猫与花毯 纽扣", "calico"), ("花毯平手", "calico"),
        ("拼布放哪", "calico"),
        ("cat in the box paradox", "citb"), ("Cat-in-the-Box lead", "citb"), ("盒中猫悖论", "citb"),
        ("盒中貓怎麼玩", "citb"), ("薛定谔那个游戏", "citb"), ("citb scoring", "citb"),
        ("isle of cats families", "ioc"), ("Isle of Cat oshax", "ioc"), ("猫岛家族", "ioc"), ("貓島", "ioc"),
        ("ioc solo", "ioc"), ("who wins the trick", None), ("彩虹纽扣", None), ("", None),
        # misspelt names
        ("scoring for ilse of cats pls", "ioc"), ("cat in teh box paradox", "citb"), ("callico buttons", "calico"),
        ("the cat in the bag", None), ("a cat in my box", None), ("calicut", None),
        # pinyin slips in the Chinese names
        ("盒中帽几个人玩", "citb"), ("盒中毛怎么计分", "citb"), ("猫与花坦纽扣", "calico"), ("盒子里有什么", None),
    ],
)
def test_guess_game(question: str, game: str | None) -> None:
    assert guess_game(question) == game


def test_guess_game_first_named_wins() -> None:
    assert guess_game("isle of cats vs calico ties") == "ioc"


def test_strip_game_names() -> None:
    assert "box" not in strip_game_names("cat in the box paradox")
    assert strip_game_names("盒中貓悖論").strip() == "悖论"
    assert strip_game_names("ilse of cats scoring").split() == ["scoring"]


@pytest.mark.parametrize(
    ("question", "game"),
    [
        ("new here, what is calico even about?", "calico"), ("whats isle of cats about? thinking of buying it", "ioc"),
        ("what kind of game is cat in the box", "citb"), ("how do you play calico", "calico"),
        ("how does the isle of cats work", "ioc"), ("isle of cats in a nutshell", "ioc"),
        ("thinking of buying the isle of cats. what's it actually about?", "ioc"),
        ("猫岛是一款什么样的桌游?", "ioc"), ("盒中貓是什麼遊戲", "citb"), ("介绍一下猫与花毯", "calico"),
        # not about the game as a whole
        ("tell me about the rainbow button in calico", None), ("what is the calico tie breaker about", None),
        ("猫岛家庭模式是什么", None), ("what is this game about", None), ("calico rainbow button", None),
        ("how do you play isle of cats solo?", None), ("calico scoring in a nutshell", None),
    ],
)
def test_asks_about_game(question: str, game: str | None) -> None:
    assert asks_about_game(question) == game


def test_an_empty_hex_is_an_empty_space_and_equal_scores_are_a_tie() -> None:
    from calico_bot.rules.text_tokens import en_tokens, zh_pieces

    assert en_tokens("which empty hex can i use") == en_tokens("which empty space can i use")
    assert "平手" in "".join(zh_pieces("分数相同怎么算"))


def test_a_word_ending_in_a_filler_character_is_kept_whole() -> None:
    # 有 is a filler on its own, but 稀有 (rare) is one word: "稀有宝藏" keeps the pair 稀有.
    assert "稀有" in zh_tokens("稀有宝藏放哪")
    assert "稀有" not in zh_tokens("有宝藏吗")


def test_players_word_for_the_treasure_maps_is_the_rules_word() -> None:
    # 地图 is what players call the Isle of Cats' 藏宝图: both become the same tokens.
    assert set(zh_tokens("地图")) <= set(zh_tokens("藏宝图"))


@pytest.mark.parametrize(("question", "game"), [("拼布艺术怎么玩", None), ("拼布的纽扣怎么算", "calico")])
def test_patchwork_in_chinese_is_another_game(question: str, game: str | None) -> None:
    assert guess_game(question) == game


@pytest.mark.parametrize(("question", "game"), [
    # one of our games named only in a comparison, another outside one: the other is asked about
    ("in calico can two groups share a patch, like how the rooms share walls in isle of cats?", "calico"),
    ("isle of cats: do treasures join two groups, like how the border patches join in calico?", "ioc"),
    # the only game named is compared with: none is named, the words decide
    ("does my tile have to touch another one, like the pieces on the boat in the isle of cats?", None),
])
def test_a_game_named_in_a_comparison_is_not_the_one_asked_about(question: str, game: str | None) -> None:
    assert guess_game(question) == game


def test_two_people_doing_something_is_no_game_of_two() -> None:
    assert "twoplayer" not in en_words("who wins if two people play the same colour")
    assert "twoplayer" in en_words("rules for two people")
