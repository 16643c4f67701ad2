"""Character n-grams and their TF-IDF vectors (``rules.ngrams``), what the learned parts see of a text."""

from __future__ import annotations

from collections import Counter

from calico_bot.rules.ngrams import Vectoriser, char_ngrams, text_ngrams


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
