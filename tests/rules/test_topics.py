"""Detail entries (``part_of``) are answered through their main topic."""

from __future__ import annotations

from calico_bot.rules import RulesIndex, validate
from calico_bot.rules.knowledge import parse_entry


def entry(entry_id: str, title: str, text: str, part_of: list[str] | None = None, **extra: object) -> dict:
    return {
        "id": entry_id,
        "game": entry_id.split(".")[0],
        "title": {"en": title, "zh": title},
        "text": {"en": text, "zh": text},
        "keywords": {"en": [], "zh": []},
        "related": [],
        "part_of": part_of or [],
        **extra,
    }


RAW = [
    entry("calico.cats.list", "All cats and their points", "Every cat scores its printed points."),
    entry("calico.cats.shapes", "Shape cats", "Some cats want a shape: a triangle or a straight line."),
    entry("calico.cats.leo", "Leo", "Leo wants a straight line of five patches and scores eleven.",
          ["calico.cats.list", "calico.cats.shapes"]),
    entry("calico.cats.millie", "Millie", "Millie wants three connected patches and scores three.",
          ["calico.cats.list"]),
    entry("calico.buttons", "Buttons", "Three connected patches of one color earn a button."),
    entry("citb.paradox", "Paradox", "When nobody can play a legal card the round ends."),
]


def index() -> RulesIndex:
    return RulesIndex([parse_entry(raw) for raw in RAW])


def test_a_detail_question_is_answered_by_its_topic_with_the_detail() -> None:
    hits = index().search("millie scores how much")
    assert hits[0].id == "calico.cats.list"
    assert hits[0].detail is not None and hits[0].detail.id == "calico.cats.millie"
    assert "Millie" in hits[0].answer_text and hits[0].text in hits[0].answer_text


def test_details_never_rank_on_their_own() -> None:
    for question in ("leo straight line eleven", "millie three connected", "line of five"):
        ids = [h.id for h in index().search(question, k=5)]
        assert not {"calico.cats.leo", "calico.cats.millie"} & set(ids), (question, ids)


def test_equal_scores_from_one_detail_go_to_the_better_matching_topic() -> None:
    hits = index().search("leo straight line shape", k=2)
    assert [h.id for h in hits] == ["calico.cats.shapes", "calico.cats.list"]
    assert all(h.detail is not None and h.detail.id == "calico.cats.leo" for h in hits)
    hits = index().search("leo points", k=2)
    assert hits[0].id == "calico.cats.list"


def test_a_topic_matching_on_its_own_text_has_no_detail() -> None:
    hit = index().search("buttons of one color")[0]
    assert hit.id == "calico.buttons" and hit.detail is None and hit.answer_text == hit.text


def test_validate_checks_part_of() -> None:
    bad = [
        *RAW,
        entry("calico.cats.x", "X", "x", ["calico.nope"]),
        entry("calico.cats.y", "Y", "y", ["calico.cats.leo"]),
        entry("calico.cats.z", "Z", "z", ["citb.paradox"]),
    ]
    problems = "\n".join(validate([parse_entry(raw) for raw in bad]))
    assert "part_of id 'calico.nope' does not exist" in problems
    assert "itself a detail" in problems
    assert "of another game" in problems
    assert validate([parse_entry(raw) for raw in RAW]) == []


def test_example_questions_are_searched_but_never_shown() -> None:
    raw = [*RAW, entry("calico.border", "Border", "The printed edge patches.",
                       examples={"en": ["does the frame around my quilt count"], "zh": ["外圈那些算不算"]})]
    idx = RulesIndex([parse_entry(r) for r in raw])
    hit = idx.search("does the frame count")[0]
    assert hit.id == "calico.border" and "frame" not in hit.answer_text
    # A Chinese question must share a word with what some entry *says*; example-only words are not enough.
    assert idx.search("外圈那些算不算") == []
    assert idx.get("calico.border").examples["en"] == ("does the frame around my quilt count",)


def test_knowledge_base_examples_do_not_copy_evaluation_questions(real_index: RulesIndex) -> None:
    from calico_bot.rules.evaluate import load_questions

    asked = {q.q.strip().lower() for q in load_questions()}
    examples = {q.strip().lower() for e in real_index.entries() for qs in e.examples.values() for q in qs}
    assert len(examples) > 500
    assert not asked & examples
