"""Character n-grams and their TF-IDF vectors (``rules.ngrams``), what the learned parts see of a text."""

from __future__ import annotations

from collections import Counter

import numpy as np

from calico_bot.rules.ngrams import Vectoriser, char_ngrams, text_ngrams
from calico_bot.rules.rerank import Pool, PoolItem


def test_char_ngrams_fold_traditional_characters_and_pad_english_words() -> None:
    simplified = char_ngrams(["这一墩算谁的"])[1]
    traditional = char_ngrams(["這一墩算誰的"])[1]
    assert sorted(simplified) == sorted(traditional)
    docs, grams = char_ngrams(["Leo", "x"])
    assert len(set(grams)) == 6
    # " leo " gives " le", "leo", "eo " and " leo", "leo "; the one-letter word " x " one 3-gram.
    assert list(docs).count(0) == 5 and list(docs).count(1) == 1


def test_one_question_gets_the_same_vector_as_a_batch() -> None:
    texts = ["how many poitns for leo?", "這一墩算誰的", "Leo几分", "5人局 ok", "", "a"]
    vectoriser = Vectoriser(texts[:3])
    docs, grams, weights = vectoriser.weights(texts)
    for i, text in enumerate(texts):
        batch = {int(g): float(w) for d, g, w in zip(docs, grams, weights, strict=True) if d == i}
        alone = vectoriser.vector(text)
        assert set(batch) == set(alone) and all(abs(batch[g] - alone[g]) < 1e-12 for g in batch)
        assert text_ngrams(text) == dict(Counter(int(g) for g in char_ngrams([text])[1]))


def test_weights_by_gram_are_the_same_postings_in_gram_order() -> None:
    texts = ["how many poitns for leo?", "這一墩算誰的", "Leo几分", "5人局 ok", "", "leo leo leo"]
    vectoriser = Vectoriser(texts[:3])
    by_text = vectoriser.weights(texts)
    by_gram = vectoriser.weights(texts, by_gram=True)
    assert (np.diff(by_gram[1]) >= 0).all()  # sorted by gram
    postings = [sorted(zip(*(a.tolist() for a in out), strict=True)) for out in (by_text, by_gram)]
    assert postings[0] == postings[1]


def test_pool_similarities_are_the_cosines_and_shared_read_only() -> None:
    texts = ["how many points is leo", "leo 几分", "rainbow button", "彩虹纽扣几分", "who leads the first trick"]
    vectoriser = Vectoriser(texts)
    pool = Pool(vectoriser, [PoolItem(t, (), "kb") for t in texts])
    for question in ("leo points?", "彩虹纽扣", "zzz"):
        q = vectoriser.vector(question)
        expected = [sum(w * vectoriser.vector(t).get(g, 0.0) for g, w in q.items()) for t in texts]
        sims = pool.similarities(question)
        assert np.allclose(sims, expected, atol=1e-12)
        assert pool.similarities(question) is sims and not sims.flags.writeable
