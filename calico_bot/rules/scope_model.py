"""An experiment: a learned "is this a rules question?" classifier beside the hand rules of ``rules.scope``.

Logistic regression over the same character n-gram TF-IDF vectors as the reranker's neighbours
(``rules.rerank.Vectoriser``), optionally with dense features of the search (its best confidence and
floor, the nearest example question), trained on the off-topic messages of ``eval_questions.jsonl``
(positive) against its rules questions and the knowledge base's example questions (negative), the two
classes weighted equally. ``python -m calico_bot.rules.learn cv-scope`` measures it by leaving one
split out at a time, refusing a message when the hand rules or the model (probability of "off-topic"
at least a threshold) refuse it. It is not used by the search: the hand rules already refuse what it
would, and every threshold that refused more also refused rules questions (README, "Rules questions").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from calico_bot.rules.rerank import Vectoriser

#: Probability of "off-topic" from which a message is refused.
THRESHOLD = 0.9
L2 = 1e-4
STEPS = 400
LEARNING_RATE = 2.0
#: Weights smaller than this are dropped (they change no decision).
KEEP = 1e-3


@dataclass(slots=True)
class ScopeModel:
    """n-gram weights and a bias over ``Vectoriser`` TF-IDF vectors."""

    grams: np.ndarray
    weights: np.ndarray
    bias: float
    vectoriser: Vectoriser
    threshold: float = THRESHOLD
    #: Weights of the dense features (``dense_features``), if the model uses them.
    dense: np.ndarray | None = None

    def probabilities(self, texts: Sequence[str], dense: np.ndarray | None = None) -> np.ndarray:
        """P(off-topic) of each text (``dense``: one row of ``dense_features`` per text)."""
        docs, grams, w = self.vectoriser.weights(texts)
        z = np.full(len(texts), self.bias)
        if self.dense is not None and dense is not None:
            z += np.asarray(dense, dtype=float) @ self.dense
        if len(self.grams) and len(grams):
            at = np.minimum(np.searchsorted(self.grams, grams), len(self.grams) - 1)
            found = self.grams[at] == grams
            z += np.bincount(docs[found], weights=w[found] * self.weights[at[found]], minlength=len(texts))
        return 1.0 / (1.0 + np.exp(-z))

    def off_topic(self, text: str) -> bool:
        return bool(self.probabilities([text])[0] >= self.threshold)


def fit(vectoriser: Vectoriser, texts: Sequence[str], offtopic: Sequence[bool], l2: float = L2, steps: int = STEPS,
        rate: float = LEARNING_RATE, dense: np.ndarray | None = None) -> ScopeModel:
    """Logistic regression (full-batch gradient descent with momentum from zero; each class weighs half)."""
    docs, grams, w = vectoriser.weights(texts)
    d = np.asarray(dense, dtype=float) if dense is not None else np.zeros((len(texts), 0))
    phi = np.zeros(d.shape[1])
    v_phi = np.zeros_like(phi)
    values, cols = np.unique(grams, return_inverse=True)
    y = np.asarray(offtopic, dtype=float)
    n_pos, n_neg = max(y.sum(), 1.0), max(len(y) - y.sum(), 1.0)
    sample = np.where(y > 0, 0.5 / n_pos, 0.5 / n_neg)
    theta = np.zeros(len(values))
    bias = 0.0
    v_theta = np.zeros_like(theta)
    v_bias = 0.0
    for _ in range(steps):
        z = bias + np.bincount(docs, weights=w * theta[cols], minlength=len(texts)) + d @ phi
        p = 1.0 / (1.0 + np.exp(-z))
        g = sample * (p - y)
        grad = np.bincount(cols, weights=w * g[docs], minlength=len(values)) + l2 * theta
        v_theta = 0.9 * v_theta - rate * grad
        v_bias = 0.9 * v_bias - rate * float(g.sum())
        v_phi = 0.9 * v_phi - rate * (d.T @ g + l2 * phi)
        theta += v_theta
        bias += v_bias
        phi += v_phi
    keep = np.abs(theta) >= KEEP
    return ScopeModel(values[keep], theta[keep], bias, vectoriser, dense=phi if dense is not None else None)
