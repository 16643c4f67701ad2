"""The learned parts of the rules search: the reranker and the off-topic classifier, and their shipped weights."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from calico_bot.rules import RulesIndex, load_entries, load_index, scope_model
from calico_bot.rules.evaluate import Question, evaluate, load_questions
from calico_bot.rules.evaluate import main as evaluate_main
from calico_bot.rules.learn import FOLDS, build, cross_fit_topics, train_scope, train_topics
from calico_bot.rules.ngrams import Vectoriser
from calico_bot.rules.rerank import (
    FEATURES,
    MODEL_FILE,
    Pool,
    PoolItem,
    fit,
    load_digest,
    load_margin,
    load_weights,
    training_digest,
)
from tests.rules.conftest import FIXTURE_KB


def test_neighbours_survive_typos_and_scripts() -> None:
    texts = ["how many points is leo worth", "can I lead red", "这一墩算谁的", "how does the market refill"]
    pool = Pool(Vectoriser(texts), [PoolItem(t, (i,), "kb") for i, t in enumerate(texts)])
    assert int(np.argmax(pool.similarities("how many poitns for leo"))) == 0
    assert int(np.argmax(pool.similarities("這一墩算誰的?"))) == 2
    assert int(np.argmax(pool.similarities("market refil"))) == 3
    assert not pool.similarities("zzzz").any()


def test_fit_learns_which_feature_marks_the_answer() -> None:
    rng = np.random.default_rng(0)
    groups = []
    for _ in range(60):
        x = rng.random((5, len(FEATURES)))
        right = int(np.argmax(x[:, 0]))  # the first feature decides
        groups.append((x, np.arange(5) == right))
    w = fit(groups, steps=300)
    assert w[0] > 3 * np.abs(w[1:]).max()


def test_the_index_uses_the_shipped_reranker(real_index: RulesIndex) -> None:
    assert real_index.reranker is not None
    assert np.allclose(real_index.reranker.weights, load_weights(MODEL_FILE))
    assert real_index.reranker.margin == load_margin(MODEL_FILE)
    # The reranker changes answers: with it off, the hand ranking gets fewer blind questions right.
    questions = [q for q in load_questions() if q.split in ("blind-l", "blind-m", "blind-o") and not q.offtopic]
    learned = evaluate(real_index, questions)
    saved = real_index.reranker
    try:
        real_index.reranker = None
        hand = evaluate(real_index, questions)
    finally:
        real_index.reranker = saved
    assert learned.topic_accuracy(learned.scoped)[0] > hand.topic_accuracy(hand.scoped)[0]
    assert not [r for r in learned.scoped if r.refused]
    # A knowledge base folder without weights gets the hand ranking alone.
    assert RulesIndex(load_entries()).reranker is None


def test_evaluation_hides_each_split_from_its_own_neighbours(real_index: RulesIndex) -> None:
    reranker = real_index.reranker
    assert reranker is not None
    hidden = reranker.hiding({"blind-o"})
    n_blind_o = sum(1 for q in load_questions() if q.split == "blind-o" and not q.offtopic)
    assert int(hidden._hidden.sum()) == n_blind_o and not reranker._hidden.any()
    assert reranker.hiding({"blind-o"}) is hidden  # cached
    # A blind-o question, asked as a question of its own split, does not find itself.
    q = next(q for q in load_questions() if q.split == "blind-o" and not q.offtopic)
    sims = reranker.pool.similarities(q.q)
    assert sims.max() == pytest.approx(1.0)
    assert np.where(hidden._hidden, 0.0, sims).max() < 0.999


def test_shipped_weights_were_fitted_on_the_current_data() -> None:
    # `python -m calico_bot.rules.learn train` fits the reranker on cross-fitted topic classifiers (several
    # minutes); the shipped file records a digest of the data it was fitted on, so a change to the knowledge
    # base or the labelled questions without a refit is caught here.
    assert load_digest(MODEL_FILE) == training_digest()


def test_shipped_topic_model_matches_a_fresh_training(real_index: RulesIndex) -> None:
    # The topic classifier fitted on everything, as `learn train` writes it: the same first topic for (nearly)
    # every labelled question (the shipped weights are rounded and the small ones left out).
    shipped = real_index.reranker.topic_model if real_index.reranker else None
    assert shipped is not None
    fresh = train_topics(RulesIndex(load_entries()), load_questions(), vectoriser=shipped.vectoriser)
    questions = [q.q for q in load_questions() if not q.offtopic]
    agree = sum(int(np.argmax(fresh.logits(q))) == int(np.argmax(shipped.logits(q))) for q in questions)
    assert agree >= 0.995 * len(questions)


def test_cross_fitting_scores_each_question_with_a_classifier_that_never_saw_it() -> None:
    index = RulesIndex(load_entries(FIXTURE_KB))
    topics = ["calico.cats.leo", "citb.paradox", "ioc.rescue", "calico.buttons.rainbow", "citb.lead.red"]
    questions = [Question(f"{word} question number {i}", (topic,), topic.split(".")[0], "en", f"s{i}")
                 for i, (word, topic) in enumerate(zip(("zorblax", "quimble", "vextor", "plonk", "fizzwit"),
                                                       topics, strict=True))]
    pool, records = build(index, questions)
    models = cross_fit_topics(index, questions, records, pool.vectoriser)
    assert {r.question.split for r in records if r.log_p is not None} == {q.split for q in questions}
    full = train_topics(index, questions, vectoriser=pool.vectoriser)
    for word, q in zip(("zorblax", "quimble", "vextor", "plonk", "fizzwit"), questions, strict=True):
        column = full.topics.index(q.ids[0])
        # The classifier fitted on everything has learned the made-up word; its split's own one has not.
        assert int(np.argmax(full.logits(word))) == column
        assert models[q.split].logits(word)[column] < full.logits(word)[column] - 0.5
    assert len({id(m) for m in models.values()}) <= FOLDS


def test_plain_question_format(tmp_path: Path) -> None:
    path = tmp_path / "blind-x.jsonl"
    lines = [
        {"q": "can I lead red?", "lang": "en", "game": "citb", "topic": "citb.lead", "alt": ["citb.lead.red"]},
        {"q": "how many points is leo", "lang": "en", "game": "calico", "topic": "calico.cats.list", "alt": None},
        {"q": "how do knights move", "lang": "en", "game": None, "topic": None},
    ]
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    questions = load_questions(path)
    assert [q.split for q in questions] == ["blind-x"] * 3
    assert questions[0].ids == ("citb.lead", "citb.lead.red") and questions[0].game == "citb"
    assert questions[2].offtopic and questions[2].game == ""
    report = evaluate(load_index(), questions)
    assert report.results[1].topic_top1 and report.results[2].refused
    for extra in ((), ("--no-reranker",)):
        assert evaluate_main(["--questions", str(path), *extra]) == 0
    assert load_index().reranker is not None
    path.write_text('{"q": "x", "lang": "en", "game": null, "topic": 3}\n', encoding="utf-8")
    with pytest.raises(ValueError, match="bad question line"):
        load_questions(path)


def test_offtopic_classifier_separates_what_it_was_shown() -> None:
    texts = ["can I lead red", "how many points is leo", "这一墩算谁的", "how does the market refill",
             "how do knights move in chess", "what's the weather today", "推荐一部电影", "who won the match"]
    labels = [False] * 4 + [True] * 4
    model = scope_model.fit(Vectoriser(texts), texts, labels)
    p = model.probabilities(["what's the weather tomorrow", "can I lead red now"])
    assert p[0] > 0.5 > p[1]
    # The floor it asks for grows with P(off-topic) past its start, and is 0 below it.
    assert model.floor("what's the weather tomorrow") > model.floor("can I lead red now") == 0.0


def test_an_unsure_classifier_may_refuse_only_a_thin_answer() -> None:
    vectoriser = Vectoriser(["a rules question"])

    def floor_at(p: float) -> float:
        # No n-gram weights: every text gets P(off-topic) = p from the bias alone.
        empty = np.zeros(0, dtype=np.int64)
        model = scope_model.ScopeModel(empty, np.zeros(0), float(np.log(p / (1 - p))), vectoriser)
        return model.floor("anything")

    assert floor_at(scope_model.START - 0.05) == 0.0
    below = floor_at(scope_model.SURE - 0.02)
    assert below == pytest.approx(scope_model.CAP)  # capped: it would be SLOPE * (p - START) > CAP
    assert scope_model.SLOPE * (scope_model.SURE - 0.02 - scope_model.START) > scope_model.CAP
    assert floor_at(scope_model.SURE + 0.02) == pytest.approx(scope_model.SLOPE * (scope_model.SURE + 0.02
                                                                                   - scope_model.START))


def test_the_classifier_reads_misspelt_words_with_their_repair(real_index: RulesIndex) -> None:
    question = "wat happns if the bagg is emtpy"
    text = real_index.scope_text(question)
    assert text.startswith(question + " ") and {"bag", "empty"} <= set(text.split())
    # Known words are left as they are.
    assert real_index.scope_text("what happens if the bag is empty") == "what happens if the bag is empty"
    # The repair makes the misspelt question look less like another subject to the classifier.
    model = real_index.scope_model
    assert model is not None
    assert model.probability(text) < model.probability(question) - 0.1


def test_shipped_classifier_matches_a_fresh_training(real_index: RulesIndex) -> None:
    # `python -m calico_bot.rules.learn train-scope` must reproduce the shipped file.
    shipped = real_index.scope_model
    assert shipped is not None
    fresh = train_scope(RulesIndex(load_entries()), load_questions())
    assert np.array_equal(fresh.grams, shipped.grams)
    assert np.allclose(fresh.weights, shipped.weights, atol=2e-3) and abs(fresh.bias - shipped.bias) < 2e-3
    assert (shipped.start, shipped.slope, shipped.cap, shipped.sure) == (
        scope_model.START, scope_model.SLOPE, scope_model.CAP, scope_model.SURE)
    # Its own training messages are no evaluation question (it is measured on those, never on them).
    asked = {q.q.strip().lower() for q in load_questions()}
    assert not [t for t, _ in scope_model.training_lines() if t.strip().lower() in asked]


def test_the_classifier_raises_the_floor_of_messages_that_look_off_topic(real_index: RulesIndex) -> None:
    model = real_index.scope_model
    assert model is not None
    # Folding a real quilt: answered by the hand rules alone, refused with the classifier.
    message = "被子怎么叠"
    assert model.probability(message) > model.start
    assert real_index.lookup(message).out_of_scope == "learned_off_topic"
    saved = real_index.scope_model
    try:
        real_index.scope_model = None
        assert real_index.lookup(message).hits
    finally:
        real_index.scope_model = saved
    # A game named only by an ordinary word does not halve its floor: sewing onto a quilt is refused by the
    # classifier (the reranker, whose neighbours of labelled off-topic messages may refuse it first, set aside).
    reranker, real_index.reranker = real_index.reranker, None
    try:
        sewing = "which stitch should I use to sew hexagon patches onto my quilt"
        assert real_index.lookup(sewing).out_of_scope == "learned_off_topic"
    finally:
        real_index.reranker = reranker
    # Rules questions with the same words, chatty or misspelt, are answered.
    for question in ("how many points does a button score", "lol how do i get a buton on my quilt", "猫岛上的猫怎么救",
                     "how many rounds do we play"):
        found = real_index.lookup(question)
        assert found.hits and found.out_of_scope is None, question


def test_a_message_like_a_labelled_off_topic_one_is_refused(real_index: RulesIndex) -> None:
    reranker = real_index.reranker
    assert reranker is not None and reranker.off_pool is not None and len(reranker.off_pool.items) > 500
    assert reranker.looks_off_topic("my cat keeps scratching the sofa, how do i stop her")
    assert reranker.looks_off_topic("薛定谔的猫到底是啥意思")
    # No rules question of the held-out splits looks off-topic to it, each with its own split hidden.
    for q in load_questions():
        if q.split in ("blind-l", "blind-m", "blind-n", "blind-o", "scope-dev2") and not q.offtopic:
            assert not reranker.hiding({q.split}).looks_off_topic(q.q), q.q


def test_json_lines_skips_what_does_not_parse_and_reads_one_value_a_line(tmp_path: Path) -> None:
    from calico_bot.rules.rerank import json_lines

    good = tmp_path / "good.jsonl"
    good.write_text('{"q": "a"}\n\n{"q": "b"}\n', encoding="utf-8")
    assert json_lines(good) == [{"q": "a"}, {"q": "b"}]
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"q": "a"}\n{"q": \n{"q": "c"}\n1, 2\n', encoding="utf-8")
    assert json_lines(broken) == [{"q": "a"}, {"q": "c"}]  # a cut line and a line of two values are left out
    two = tmp_path / "two.jsonl"
    two.write_text('{"q": "a"}\n1, 2\n', encoding="utf-8")
    assert json_lines(two) == [{"q": "a"}]  # the whole file parses, but as three values for two lines
    assert json_lines(tmp_path / "missing.jsonl") == []
