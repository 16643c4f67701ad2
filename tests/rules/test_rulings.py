"""Every ruling the project follows is stated, in both languages, by the entries that answer it, and a
question about it finds one of them.

``data/rules/rulings.jsonl`` lists the rulings: those of the "Rulings this project follows" sections of
the shared Cat in the Box and Isle of Cats references, and the rulings the Calico reference names
inline. Each line: the ruling, where it comes from, the entries that state it (the first is the main
one) with the phrases each must contain in English and in Chinese (the phrases pin the ruling itself,
not just the topic), and a question in each language that must be answered by one of those entries
(as the first answer, or as the detail shown under it).
"""

from __future__ import annotations

import json

import pytest

from calico_bot.rules import RulesIndex
from calico_bot.rules.knowledge import DATA_DIR

RULINGS_FILE = DATA_DIR / "rulings.jsonl"
RULINGS: list[dict] = [json.loads(line) for line in RULINGS_FILE.read_text(encoding="utf-8").splitlines() if line]


def test_rulings_file_is_well_formed() -> None:
    for r in RULINGS:
        assert set(r) == {"ruling", "source", "entries", "ask"}, r
        assert r["entries"] and all(set(p) == {"en", "zh"} and p["en"] and p["zh"] for p in r["entries"].values())
        assert set(r["ask"]) == {"en", "zh"} and all(q.strip() for q in r["ask"].values())
    assert len({r["ruling"] for r in RULINGS}) == len(RULINGS)


@pytest.mark.parametrize("ruling", RULINGS, ids=[r["ruling"] for r in RULINGS])
def test_each_ruling_is_stated_in_both_languages(real_index: RulesIndex, ruling: dict) -> None:
    for entry_id, phrases in ruling["entries"].items():
        entry = real_index.get(entry_id)
        assert entry is not None, f"{ruling['ruling']}: entry {entry_id} is missing"
        for lang in ("en", "zh"):
            for phrase in phrases[lang]:
                assert phrase in entry.text[lang], f"{ruling['ruling']}: {entry_id} ({lang}) does not say {phrase!r}"


@pytest.mark.parametrize("ruling", RULINGS, ids=[r["ruling"] for r in RULINGS])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_question_about_each_ruling_finds_an_entry_that_states_it(real_index: RulesIndex, ruling: dict,
                                                                      lang: str) -> None:
    question = ruling["ask"][lang]
    hits = real_index.search(question)
    assert hits, f"{ruling['ruling']}: {question!r} got no answer"
    first = hits[0]
    shown = [first.id, *([first.detail.id] if first.detail else [])]
    stating = [i for i in shown if i in ruling["entries"]]
    assert stating, f"{ruling['ruling']}: {question!r} answered with {shown}, not one of {list(ruling['entries'])}"
    # The answer shown to the player carries the ruling's key facts.
    for phrase in ruling["entries"][stating[-1]][lang]:
        assert phrase in first.answer_text, f"{ruling['ruling']}: the answer to {question!r} lacks {phrase!r}"


def test_every_numbered_ruling_has_a_row() -> None:
    for game, count in (("citb", 13), ("ioc", 19)):
        numbers = {int(r["ruling"].split(":")[0].split()[1]) for r in RULINGS if r["ruling"].startswith(game + " ")}
        assert numbers == set(range(1, count + 1)), game


@pytest.mark.parametrize("question", ["can I lead red?", "can i lead trump", "首引可以出红色吗",
                                      "红色被打破是什么意思"])
def test_asking_about_leading_red_gets_the_rule_the_referee_enforces(real_index: RulesIndex, question: str) -> None:
    hit = real_index.search(question)[0]
    assert hit.id == "citb.lead.red"
    text = hit.answer_text
    if hit.lang == "en":
        assert "any player's token lies on the red row this round" in text and "whole hand" in text
    else:
        assert "红色行上已有任何玩家的标记" in text and "整手牌" in text
