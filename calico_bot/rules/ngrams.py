"""Character n-grams of questions and their TF-IDF vectors: what the learned parts of the rules search
(``rules.rerank``, ``rules.scope_model``, ``rules.topic_model``) see of a text.

English words (letters and digits), padded with a space on both sides, give their 3- and 4-grams; runs
of Chinese characters give their characters and character pairs; traditional characters are folded to
simplified ones first. Each kind of gram has its own range of integer values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from calico_bot.rules.text_tokens import to_simplified

#: n-gram values: English grams over a 37-letter alphabet (space, a-z, 0-9), Chinese characters by
#: code point; each kind in its own range.
_EN_BASE = 37
_EN4_OFFSET = _EN_BASE**3
_ZH1_OFFSET = 1 << 22
_ZH2_OFFSET = 1 << 43


def _cjk(cp: np.ndarray) -> np.ndarray:
    return ((cp >= 0x3400) & (cp <= 0x4DBF)) | ((cp >= 0x4E00) & (cp <= 0x9FFF)) | ((cp >= 0xF900) & (cp <= 0xFAFF))


def char_ngrams(texts: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Character n-grams of many texts at once: (text index, gram value) per occurrence.

    English words (letters and digits), padded with a space on both sides, give their 3- and
    4-grams; runs of Chinese characters give their characters and character pairs. Traditional
    characters are folded to simplified ones first."""
    joined = to_simplified("\x00" + "\x00".join(texts).lower() + "\x00")
    cp = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
    doc = np.cumsum(cp == 0) - 1
    letters = (cp >= 97) & (cp <= 122)
    digits = (cp >= 48) & (cp <= 57)
    en = np.where(letters, cp - 96, np.where(digits, cp - 48 + 27, 0))
    word = en > 0
    n = len(cp)
    out_doc: list[np.ndarray] = []
    out_gram: list[np.ndarray] = []
    # 3-grams: the middle character is in a word; 4-grams: both middle ones are.
    i = np.flatnonzero(word[1 : n - 1])
    out_doc.append(doc[i + 1])
    out_gram.append(en[i] * _EN_BASE**2 + en[i + 1] * _EN_BASE + en[i + 2])
    i = np.flatnonzero(word[1 : n - 2] & word[2 : n - 1])
    out_doc.append(doc[i + 1])
    out_gram.append(_EN4_OFFSET + en[i] * _EN_BASE**3 + en[i + 1] * _EN_BASE**2 + en[i + 2] * _EN_BASE + en[i + 3])
    zh = _cjk(cp)
    i = np.flatnonzero(zh)
    out_doc.append(doc[i])
    out_gram.append(_ZH1_OFFSET + cp[i])
    i = np.flatnonzero(zh[:-1] & zh[1:])
    out_doc.append(doc[i])
    out_gram.append(_ZH2_OFFSET + (cp[i] << 21) + cp[i + 1])
    return np.concatenate(out_doc), np.concatenate(out_gram)


def _en_code(ch: str) -> int:
    o = ord(ch)
    return o - 96 if 97 <= o <= 122 else o - 48 + 27 if 48 <= o <= 57 else 0


def _is_cjk(o: int) -> bool:
    return 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF


def text_ngrams(text: str) -> dict[int, int]:
    """The n-grams of one text and their counts: the same values as :func:`char_ngrams`, without numpy
    (faster for one short question)."""
    chars = "\x00" + to_simplified(text.lower()) + "\x00"
    en = [_en_code(ch) for ch in chars]
    cp = [ord(ch) for ch in chars]
    counts: dict[int, int] = {}
    n = len(chars)
    b2, b3 = _EN_BASE**2, _EN_BASE**3
    for i in range(n - 2):
        if en[i + 1]:
            g = en[i] * b2 + en[i + 1] * _EN_BASE + en[i + 2]
            counts[g] = counts.get(g, 0) + 1
            if i + 3 < n and en[i + 2]:
                g = _EN4_OFFSET + en[i] * b3 + en[i + 1] * b2 + en[i + 2] * _EN_BASE + en[i + 3]
                counts[g] = counts.get(g, 0) + 1
    for i in range(n):
        if _is_cjk(cp[i]):
            g = _ZH1_OFFSET + cp[i]
            counts[g] = counts.get(g, 0) + 1
            if i + 1 < n and _is_cjk(cp[i + 1]):
                g = _ZH2_OFFSET + (cp[i] << 21) + cp[i + 1]
                counts[g] = counts.get(g, 0) + 1
    return counts


#: Gram values stay below 2**44 (Chinese pairs: 2**43 + code points of 17 bits each), so a (doc, gram)
#: pair packs into one 64-bit key with up to 2**19 docs beside the gram.
_GRAM_BITS = 44
_DOC_BITS = 19


def _counts(docs: np.ndarray, grams: np.ndarray, by_gram: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(doc, gram, count) of each distinct pair, ordered by doc then gram (``by_gram``: by gram then doc)."""
    if len(grams) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    if by_gram:
        keys, counts = np.unique((grams << _DOC_BITS) | docs.astype(np.int64), return_counts=True)
        return keys & ((1 << _DOC_BITS) - 1), keys >> _DOC_BITS, counts
    keys, counts = np.unique((docs.astype(np.int64) << _GRAM_BITS) | grams, return_counts=True)
    return keys >> _GRAM_BITS, keys & ((1 << _GRAM_BITS) - 1), counts


#: How many recent texts' vectors a vectoriser keeps.
VECTOR_CACHE = 64


class MemoisedMethods:
    """A base for objects that keep a few recent results of some methods (``functools.lru_cache`` per instance):
    ``_MEMOS`` names each cached attribute, the method it wraps and how many results it keeps. The caches are made
    by :meth:`_make_memos` and again when the object is unpickled (the index's disk cache), never pickled."""

    _MEMOS: tuple[tuple[str, str, int], ...] = ()

    def _make_memos(self) -> None:
        for attr, method, size in self._MEMOS:
            setattr(self, attr, lru_cache(maxsize=size)(getattr(self, method)))

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        for attr, _, _ in self._MEMOS:
            state.pop(attr, None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._make_memos()


class Vectoriser(MemoisedMethods):
    """TF-IDF over character n-grams (sublinear term frequency, L2-normalised). The IDF comes from
    reference texts fixed at build time; a gram they never use gets the highest IDF."""

    def __init__(self, reference: Sequence[str]) -> None:
        _, grams, _ = _counts(*char_ngrams(reference))
        self.grams, df = np.unique(grams, return_counts=True)
        n = len(reference)
        self.idf = np.log((1 + n) / (1 + df)) + 1.0
        self.max_idf = math.log(1 + n) + 1.0
        self._idf = dict(zip(self.grams.tolist(), self.idf.tolist(), strict=True))
        self._make_memos()

    # One question is vectorised by the reranker's pools, the topic classifier and the off-topic check in turn:
    # the last few vectors are kept (callers read them and never change them).
    _MEMOS = (("vector", "_vector", VECTOR_CACHE),)

    def _vector(self, text: str) -> dict[int, float]:
        """One text's TF-IDF vector (gram -> weight), as :meth:`weights` computes it."""
        idf = self._idf
        w = {g: (1.0 + math.log(c)) * idf.get(g, self.max_idf) for g, c in text_ngrams(text).items()}
        norm = math.sqrt(sum(v * v for v in w.values()))
        return {g: v / norm for g, v in w.items()} if norm else {}

    def weights(self, texts: Sequence[str], by_gram: bool = False) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(text index, gram, weight) of the texts' TF-IDF vectors, ordered by text then gram, or with
        ``by_gram`` by gram then text (postings; the weights are the same: each text's norm adds its
        grams in the same order either way)."""
        by_gram = by_gram and len(texts) < 1 << _DOC_BITS
        docs, grams, counts = _counts(*char_ngrams(texts), by_gram=by_gram)
        at = np.searchsorted(self.grams, grams)
        at = np.minimum(at, len(self.grams) - 1)
        idf = np.where(self.grams[at] == grams, self.idf[at], self.max_idf) if len(self.grams) else \
            np.full(len(grams), self.max_idf)
        w = (1.0 + np.log(counts)) * idf
        norm = np.sqrt(np.bincount(docs, weights=w * w, minlength=len(texts)))
        return docs, grams, w / norm[docs]
