"""A learned "is this a rules question?" classifier beside the hand rules of ``rules.scope``.

Logistic regression over the same character n-gram TF-IDF vectors as the reranker's neighbours
(``rules.rerank.Vectoriser``: English words cut into 3- and 4-grams, Chinese characters and pairs),
trained on the off-topic messages of ``eval_questions.jsonl`` and of ``scope_train.jsonl`` (positive)
against the rules questions of both files and the knowledge base's example questions (negative), the
two classes weighted equally. It never refuses on its own: the search turns its probability of
"off-topic" into a higher confidence floor (:meth:`ScopeModel.floor`), so a message that looks like
chat or another subject must be covered much better by its answer than a plain rules question. A
structure question ("how many rounds") and the overview of a named game are exempt.

    python -m calico_bot.rules.learn cv-scope      # leave-one-split-out measure (nothing is written)
    python -m calico_bot.rules.learn train-scope   # fit on everything, write data/rules/scope_model.jsonl

The weights (the n-grams whose weight matters, rounded) ship in ``data/rules/scope_model.jsonl``;
``tests/rules/test_learned.py`` refits them and compares.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from calico_bot.rules.knowledge import DATA_DIR, Entry
from calico_bot.rules.ngrams import Vectoriser
from calico_bot.rules.rerank import json_lines, reference_texts

MODEL_FILE = DATA_DIR / "scope_model.jsonl"
#: Extra training messages written for the classifier (never measured on).
TRAIN_FILE = DATA_DIR / "scope_train.jsonl"
L2 = 1e-4
STEPS = 1000
LEARNING_RATE = 2.0
#: Weights smaller than this are dropped (they change no decision).
KEEP = 2e-3
#: The floor a message needs at P(off-topic) = p: SLOPE * (p - START), never below the usual floor
#: (chosen by ``learn cv-scope``; see the README, "Rules questions").
START = 0.7
SLOPE = 3.0
#: Digits kept of each shipped weight.
DIGITS = 4


@dataclass(slots=True)
class ScopeModel:
    """n-gram weights and a bias over ``Vectoriser`` TF-IDF vectors."""

    grams: np.ndarray
    weights: np.ndarray
    bias: float
    vectoriser: Vectoriser
    start: float = START
    slope: float = SLOPE

    def probabilities(self, texts: Sequence[str]) -> np.ndarray:
        """P(off-topic) of each text."""
        docs, grams, w = self.vectoriser.weights(texts)
        z = np.full(len(texts), self.bias)
        if len(self.grams) and len(grams):
            at = np.minimum(np.searchsorted(self.grams, grams), len(self.grams) - 1)
            found = self.grams[at] == grams
            z += np.bincount(docs[found], weights=w[found] * self.weights[at[found]], minlength=len(texts))
        return 1.0 / (1.0 + np.exp(-z))

    def probability(self, text: str) -> float:
        return float(self.probabilities([text])[0])

    def floor(self, text: str) -> float:
        """The confidence the first answer to ``text`` needs by this model (0 for a rules-like text)."""
        return max(0.0, self.slope * (self.probability(text) - self.start))


def fit(vectoriser: Vectoriser, texts: Sequence[str], offtopic: Sequence[bool], l2: float | None = None,
        steps: int | None = None, rate: float | None = None) -> ScopeModel:
    """Logistic regression (full-batch gradient descent with momentum from zero; each class weighs half)."""
    l2 = L2 if l2 is None else l2
    steps = STEPS if steps is None else steps
    rate = LEARNING_RATE if rate is None else rate
    docs, grams, w = vectoriser.weights(texts)
    values, cols = np.unique(grams, return_inverse=True)
    y = np.asarray(offtopic, dtype=float)
    n_pos, n_neg = max(y.sum(), 1.0), max(len(y) - y.sum(), 1.0)
    sample = np.where(y > 0, 0.5 / n_pos, 0.5 / n_neg)
    theta = np.zeros(len(values))
    bias = 0.0
    v_theta = np.zeros_like(theta)
    v_bias = 0.0
    for _ in range(steps):
        z = bias + np.bincount(docs, weights=w * theta[cols], minlength=len(texts))
        p = 1.0 / (1.0 + np.exp(-z))
        g = sample * (p - y)
        grad = np.bincount(cols, weights=w * g[docs], minlength=len(values)) + l2 * theta
        v_theta = 0.9 * v_theta - rate * grad
        v_bias = 0.9 * v_bias - rate * float(g.sum())
        theta += v_theta
        bias += v_bias
    keep = np.abs(theta) >= KEEP
    return ScopeModel(values[keep], np.round(theta[keep], DIGITS), round(bias, DIGITS), vectoriser)


def save(model: ScopeModel, path: Path = MODEL_FILE, note: str = "") -> None:
    """Write the model's grams and weights (the vectoriser is rebuilt from the knowledge base)."""
    payload = {"format": 1, "note": note, "bias": model.bias, "start": model.start, "slope": model.slope,
               "grams": [int(g) for g in model.grams], "weights": [float(w) for w in model.weights]}
    path.write_text(json.dumps(payload, separators=(",", ":")) + "\n", encoding="utf-8")


def load(vectoriser: Vectoriser, path: Path = MODEL_FILE) -> ScopeModel | None:
    """The shipped model over ``vectoriser``, or None when the file is missing or unreadable."""
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
        grams = np.array(payload["grams"], dtype=np.int64)
        weights = np.array(payload["weights"], dtype=float)
        if payload.get("format") != 1 or grams.shape != weights.shape:
            return None
        return ScopeModel(grams, weights, float(payload["bias"]), vectoriser, float(payload["start"]),
                          float(payload["slope"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def training_lines(path: Path = TRAIN_FILE) -> list[tuple[str, bool]]:
    """(text, off-topic?) of the classifier's own training messages; [] without the file."""
    return [(str(raw["q"]), bool(raw["offtopic"])) for raw in json_lines(path)]


def shipped_scope_model(entries: Sequence[Entry], folder: Path = DATA_DIR, vectoriser: Vectoriser | None = None
                        ) -> ScopeModel | None:
    """The classifier of a knowledge-base folder (its ``scope_model.jsonl``) over ``vectoriser`` (default:
    the one the reranker builds from the entries' texts); None without the file."""
    path = folder / MODEL_FILE.name
    if not path.exists():
        return None
    return load(vectoriser or Vectoriser(reference_texts(entries)), path)
