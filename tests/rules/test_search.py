"""Search behaviour on the real knowledge base (required ids only) and on a tiny fixture KB."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from calico_bot.rules import CONFIDENCE_FLOOR, Hit, RulesIndex, load_index
from calico_bot.rules.search import _TermCachedBM25
from tests.rules.conftest import FIXTURE_KB


def top_ids(index: RulesIndex, question: str, **kw: object) -> list[str]:
    return [h.id for h in index.search(question, **kw)]  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- real KB


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how does the rainbow button work", "calico.buttons.rainbow"),
        ("can I lead red?", "citb.lead.red"),
        ("what happens in a paradox", "citb.paradox"),
        ("how much fish to rescue a cat", "ioc.rescue"),
        ("goal notation letters, do matching patches have to be adjacent", "calico.goals.notation"),
        ("彩虹纽扣怎么拿", "calico.buttons.rainbow"),
        ("首引能出红色吗", "citb.lead.red"),
        ("欧夏克算什么颜色", "ioc.oshax"),
        ("单人模式的市场怎么更新", "calico.solo.market"),
        # the game as a whole
        ("how do you play calico", "calico.overview"), ("cat in the box rules", "citb.overview"),
        ("猫岛怎么玩", "ioc.overview"), ("whats isle of cats about? thinking of buying it", "ioc.overview"),
        ("猫与花毯怎么玩?", "calico.overview"), ("how do I play", "calico.overview"),
        # a misspelt game name still picks the game
        ("end of game scoring for ilse of cats", "ioc.scoring"),
        # words only one game uses move the main-game edge to that game (船 = the Isle of Cats boat)
        ("猫板块放到船上有什么限制", "ioc.placement"),
        # measure words do not split a phrase (救一只猫 -> 救猫)
        ("猫岛救一只猫要几条鱼", "ioc.rescue"),
        # a detail is answered through its topic
        ("how many points is leo worth", "calico.cats.list"), ("who starts", "calico.setup.personal"),
    ],
)
def test_questions_land_on_the_right_entry(real_index: RulesIndex, question: str, expected: str) -> None:
    assert top_ids(real_index, question)[0] == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [("can i put a patch anywhere", "can i put a hex anywhere"), ("trump lead", "red lead"),
     ("points for rainbow button", "pts for rainbow button")],
)
def test_synonyms_give_the_same_answer(real_index: RulesIndex, a: str, b: str) -> None:
    assert top_ids(real_index, a)[:1] == top_ids(real_index, b)[:1] != []


def test_misspellings_are_corrected(real_index: RulesIndex) -> None:
    assert top_ids(real_index, "rainbo buton")[0] == "calico.buttons.rainbow"
    assert top_ids(real_index, "paradx in cat in the box")[0] == "citb.paradox"


def test_a_typo_of_a_synonym_is_read_as_the_synonym_not_as_its_stem(real_index: RulesIndex) -> None:
    # "beginers" stems to "begin", a word of one game's text: read as "beginners" it asks for the
    # beginner setup; a correctly spelt word is left alone.
    assert real_index._synonym_typo("beginers") == "beginners"
    assert real_index._synonym_typo("beginning") is None
    assert top_ids(real_index, "how should we set things up for beginers")[0] == "calico.setup.beginner"


def test_game_filter_and_guessing(real_index: RulesIndex) -> None:
    for game in ("calico", "citb", "ioc"):
        hits = real_index.search("how do ties work", game=game, k=5)
        assert hits and all(h.game == game for h in hits)
    assert {h.game for h in real_index.search("cat in the box ties", k=5)} == {"citb"}
    assert {h.game for h in real_index.search("猫岛平手比什么", k=5)} == {"ioc"}
    assert real_index.search("isle of cats", k=1)[0].id == "ioc.overview"


def test_answer_language_follows_question_or_locale(real_index: RulesIndex) -> None:
    en = real_index.search("rainbow button")[0]
    zh = real_index.search("彩虹纽扣")[0]
    assert en.id == zh.id == "calico.buttons.rainbow"
    assert (en.lang, zh.lang) == ("en", "zh")
    entry = real_index.get("calico.buttons.rainbow")
    assert entry is not None
    assert en.text == entry.text["en"] and zh.title == entry.title["zh"]
    for locale, lang in (("zh-CN", "zh"), ("zh-TW", "zh"), ("en-US", "en"), ("de", "en")):
        hit = real_index.search("rainbow button", lang=locale)[0]
        assert hit.lang == lang and hit.title == entry.title[lang]
    assert real_index.search("彩虹纽扣", lang="en-GB")[0].text == entry.text["en"]


def test_hit_shape_and_related_titles(real_index: RulesIndex) -> None:
    hits = real_index.search("彩虹纽扣", k=3)
    assert 1 <= len(hits) <= 3
    assert all(isinstance(h, Hit) for h in hits)
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True) and all(CONFIDENCE_FLOOR <= s <= 1 for s in scores)
    top = hits[0]
    for rid, title in top.related:
        rel = real_index.get(rid)
        assert rel is not None and title == rel.title["zh"]


@pytest.mark.parametrize(
    "question",
    [
        "what's the weather in Paris", "今天天气怎么样", "asdfgh", "明天几点开会", "how do I install python",
        "你好", "", "???",
    ],
)
def test_off_topic_questions_get_no_answer(real_index: RulesIndex, question: str) -> None:
    assert real_index.search(question) == []


def test_k_limits_results(real_index: RulesIndex) -> None:
    assert len(real_index.search("how do cats score", k=1)) == 1
    assert real_index.search("how do cats score", k=0) == []


def test_autocomplete_both_languages(real_index: RulesIndex) -> None:
    en = real_index.autocomplete("rainb")
    assert en and en[0][0] == "calico.buttons.rainbow"
    zh = real_index.autocomplete("彩虹", lang="zh")
    assert zh[0] == ("calico.buttons.rainbow", real_index.get("calico.buttons.rainbow").title["zh"])  # type: ignore[union-attr]
    # A Chinese title found while typing English-locale: title comes back in English.
    mixed = dict(real_index.autocomplete("悖论", lang="en-US"))
    assert "citb.paradox" in mixed and mixed["citb.paradox"] == real_index.get("citb.paradox").title["en"]  # type: ignore[union-attr]
    assert "citb.paradox" in dict(real_index.autocomplete("paradx"))  # fuzzy
    everything = real_index.autocomplete("", limit=25)
    assert len(everything) == 25
    assert all(len(title) <= 100 for _, title in real_index.autocomplete("", limit=500))
    assert all(i.startswith("ioc.") for i, _ in real_index.autocomplete("", game="ioc"))


def test_load_index_is_cached() -> None:
    assert load_index() is load_index()


# ---------------------------------------------------------------------------- fixture KB


def test_fixture_kb_search(fixture_index: RulesIndex) -> None:
    assert len(fixture_index) == 8
    assert top_ids(fixture_index, "how many poitns for leo")[0] == "calico.cats.leo"
    assert top_ids(fixture_index, "彩虹扣子")[0] == "calico.buttons.rainbow"
    assert top_ids(fixture_index, "猫島家族怎麼算")[0] == "ioc.families"
    assert top_ids(fixture_index, "paradox", game="ioc") == []


def test_fixture_related_skips_missing_ids(fixture_index: RulesIndex) -> None:
    hit = fixture_index.search("rainbow button")[0]
    assert hit.related == [("calico.overview", "What is Calico?")]


def test_only_a_game_name_returns_its_overview(fixture_index: RulesIndex) -> None:
    hits = fixture_index.search("calico?")
    assert [h.id for h in hits] == ["calico.overview"]
    assert fixture_index.search("猫与花毯")[0].title == "《猫与花毯》是什么游戏?"


def test_separate_paths_are_separate_indexes(fixture_index: RulesIndex) -> None:
    assert load_index(FIXTURE_KB) is fixture_index
    assert load_index() is not fixture_index


def test_game_argument_accepts_names(fixture_index: RulesIndex) -> None:
    assert [h.game for h in fixture_index.search("rescue fish", game="Isle of Cats")] == ["ioc"]
    assert [h.id for h in fixture_index.search("悖论", game="盒中猫")] == ["citb.paradox"]
    assert fixture_index.search("paradox", game="calico") == []


def test_index_reloads_when_the_kb_changes(tmp_path: Path) -> None:
    kb = tmp_path / "kb"
    shutil.copytree(FIXTURE_KB, kb)
    first = load_index(kb)
    assert load_index(kb) is first
    extra = [{
        "id": "calico.border", "game": "calico", "title": {"en": "Printed border patches", "zh": "预印边框"},
        "text": {"en": "Border patches count for cats and buttons.", "zh": "边框布片可以参与猫咪和纽扣区域。"},
        "keywords": {"en": ["border", "edge"], "zh": ["边框"]}, "related": [],
    }]
    (kb / "calico" / "extra.json").write_text(json.dumps(extra, ensure_ascii=False), encoding="utf-8")
    second = load_index(kb)
    assert second is not first and second.get("calico.border") is not None
    assert second.search("do edge tiles count")[0].id == "calico.border"


def test_long_chatty_questions_need_a_smaller_share_covered(real_index: RulesIndex) -> None:
    chat = "hey everyone, sorry if this is a dumb question, we just opened the box tonight and my sister wants to know"
    hits = real_index.search(f"{chat}: when you finish a group of three patches of one colour do you get a button?")
    assert hits and hits[0].id == "calico.buttons"
    assert real_index.search(f"{chat}: does anyone know a good pizza place near the station that is open late?") == []


def test_a_chinese_game_hint_comes_from_words_not_stray_characters(real_index: RulesIndex) -> None:
    # 船 (boat) is Isle of Cats' word; 便 of 随便 is in one Calico text by chance and says nothing.
    query = real_index._analyse("船上第一块可以随便放吗")
    assert real_index._hinted_game(query) == "ioc"


def test_short_words_are_corrected_for_swapped_letters_not_for_another_letter(real_index: RulesIndex) -> None:
    assert real_index._correct("tkae") == "take" and real_index._correct("mdoe") == "mode"
    assert real_index._correct("live") is None  # not "five"


@pytest.mark.parametrize("question", ["must my tile touch the one i placed last time?",
                                      "does it have to be adjacent to my previous tile"])
def test_the_previous_placement_is_no_last_turn(real_index: RulesIndex, question: str) -> None:
    # A placement rule answers (Calico's, or the Isle of Cats' for a question that names no game), never
    # the end of the game.
    hits = [h.id for h in real_index.search(question)]
    assert hits[0] in ("calico.turn.placement", "ioc.placement") and "calico.turn.placement" in hits[:2], hits


def test_a_word_of_one_entry_hints_no_game(real_index: RulesIndex) -> None:
    # Only words that several entries of one game use point to that game when none is named.
    index = real_index
    uses: dict[str, int] = {}
    for doc in index._en.sets:
        for t in doc:
            uses[t] = uses.get(t, 0) + 1
    single = [t for t, games in index._en_games.items() if len(games) == 1]
    assert single and all(uses[t] >= 2 for t in single)
    assert index._hinted_game(index._analyse("do i have to place the patch on my quilt")) is None
    assert index._hinted_game(index._analyse("how many tricks can i bid")) == "citb"


def test_contractions_without_apostrophe_are_filler(real_index: RulesIndex) -> None:
    query = real_index._analyse("theres two steps in a turn right, thats it?")
    assert not {"her", "there", "that"} & set(query.en)


def test_chinese_sound_alike_slips_and_two_letter_stop_word_slips(real_index: RulesIndex) -> None:
    # 涨 for 张 (zhang), 涩 for 色 (se); 根本 ("at all") is filler; "hw" is "how", not an unknown word.
    for question, topic in (("五个人玩每人发几涨", "citb.setup"), ("牌面上根本没颜涩,那颜色是谁决定的", "citb.declare"),
                            ("hw many paterns does each cat get at the start", "calico.setup.standard")):
        hits = real_index.search(question)
        assert hits and hits[0].id == topic, (question, [h.id for h in hits])
    # A stray two-letter word that is no slip of a stop word still counts as unknown.
    assert real_index.lookup("zq").out_of_scope is not None


def test_cached_term_columns_give_rank_bm25s_own_scores() -> None:
    corpus = [["leo", "cat", "points"], ["rainbow", "button"], ["leo", "leo", "trick"], ["墩", "分", "分"]]
    ours, library = _TermCachedBM25(corpus, k1=1.2, b=0.75), BM25Okapi(corpus, k1=1.2, b=0.75)
    for query in (["leo"], ["leo", "button", "leo"], ["分", "unknown"], []):
        for _ in range(2):  # computed, then from the cache
            assert np.array_equal(ours.get_scores(query), library.get_scores(query))
