"""The learned topic classifier (``rules.topic_model``) and its place in the reranker."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from calico_bot.rules import RulesIndex, topic_model
from calico_bot.rules.evaluate import evaluate, load_questions
from calico_bot.rules.learn import main_topics
from calico_bot.rules.ngrams import Vectoriser

TEXTS = ["how many points is leo worth", "leo needs five tiles in a row", "does leo score more than millie",
         "can a paradox end the round", "what happens after a paradox", "who scores in a paradox round",
         "这一墩算谁的", "谁赢这一墩", "这墩归谁"]
LABELS = [("cats",)] * 3 + [("paradox",)] * 3 + [("trick",)] * 3
TOPICS = ("cats", "paradox", "trick")


@pytest.fixture(scope="module")
def toy() -> topic_model.TopicModel:
    return topic_model.fit(Vectoriser(TEXTS), TEXTS, LABELS, TOPICS, l2=1e-3, keep=0.0)


def test_it_learns_the_words_that_tell_topics_apart(toy: topic_model.TopicModel) -> None:
    # New wordings, a typo and traditional characters: the telling n-grams decide.
    for text, topic in (("is leo worth it", "cats"), ("paradx at the end?", "paradox"), ("這一墩是誰的", "trick")):
        assert toy.topics[int(np.argmax(toy.logits(text)))] == topic, text
    # Unknown text: the bias alone, close to even odds.
    p = np.exp(toy.log_probabilities("zzzz"))
    assert p.sum() == pytest.approx(1.0) and p.max() < 0.5


def test_probabilities_are_over_the_allowed_topics_only(toy: topic_model.TopicModel) -> None:
    allowed = np.array([False, True, True])
    log_p = toy.log_probabilities("how many points is leo worth", allowed)
    assert log_p[0] == -np.inf and np.exp(log_p[1:]).sum() == pytest.approx(1.0)
    assert (toy.log_probabilities("leo", np.zeros(3, dtype=bool)) == -np.inf).all()


def test_a_saved_model_loads_with_the_same_answers(toy: topic_model.TopicModel, tmp_path: Path) -> None:
    path = tmp_path / "topics.npz"
    topic_model.save(toy, path, "test")
    loaded = topic_model.load(toy.vectoriser, path)
    assert loaded is not None and loaded.topics == TOPICS
    for text in ("is leo worth it", "这墩归谁", ""):
        assert np.allclose(loaded.logits(text), toy.logits(text), atol=2e-2)
    # A missing or broken file is no model (the search then ranks without it).
    assert topic_model.load(toy.vectoriser, tmp_path / "missing.npz") is None
    path.write_bytes(b"not a zip file")
    assert topic_model.load(toy.vectoriser, path) is None


def test_the_shipped_model_covers_the_main_topics_and_is_used(real_index: RulesIndex) -> None:
    reranker = real_index.reranker
    assert reranker is not None and reranker.topic_model is not None
    ids, positions = main_topics(real_index)
    assert reranker.topic_model.topics == tuple(ids)
    assert np.array_equal(reranker.topic_positions, positions)
    # Hidden splits hide nothing from the classifier, but the variants keep it.
    assert reranker.hiding({"blind-o"}).topic_model is reranker.topic_model


def test_the_classifier_changes_answers_for_the_better(real_index: RulesIndex) -> None:
    # On the splits it was fitted on it must of course be right more often than the ranking without it;
    # the held-out measure is `python -m calico_bot.rules.learn cv-topics` (README).
    reranker = real_index.reranker
    assert reranker is not None
    questions = [q for q in load_questions() if q.split in ("blind-y", "blind-ae") and not q.offtopic]
    try:
        real_index.reranker = reranker.with_topics(None, None)
        without = evaluate(real_index, questions)
    finally:
        real_index.reranker = reranker
    with_model = evaluate(real_index, questions)
    assert with_model.topic_accuracy(with_model.scoped)[0] > without.topic_accuracy(without.scoped)[0]
    assert not [r for r in with_model.scoped if r.refused]
