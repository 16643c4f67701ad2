"""A learned "is this a rules question?" classifier beside the hand rules of ``rules.scope``.

Logistic regression over the same character n-gram TF-IDF vectors as the reranker's neighbours
(``rules.rerank.Vectoriser``: English words cut into 3- and 4-grams, Chinese characters and pairs),
trained on the off-topic messages of ``eval_questions.jsonl`` and of ``scope_train.jsonl`` (positive)
against the rules questions of both files, the rulings' questions and the knowledge base's example
questions (negative), the two classes weighted equally. It reads each text as
``RulesIndex.scope_text`` gives it (misspelt English words with their repair appended), in training
and in use. It never refuses on its own: the search turns its probability of "off-topic" into a higher
confidence floor (:meth:`ScopeModel.floor`), so a message that looks like chat or another subject must be
covered better by its answer than a plain rules question. A structure question ("how many rounds") and
the overview of a named game are exempt.

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
#: L2 penalty and iteration cap of the fit (L2 chosen by grouped held-out measurement on the fresh splits;
#: README, "Rules questions", fourteenth pass).
L2 = 3e-6
MAX_ITERATIONS = 500
#: Weights smaller than this are dropped (they change no decision).
KEEP = 2e-3
#: The floor a message needs at P(off-topic) = p: SLOPE * (p - START), never below the usual floor. Below
#: P = SURE it is at most CAP: a classifier that is not sure may refuse only an answer that covers little of
#: the message, so a chatty rules question ("my grandma says ...") keeps its answer. Chosen by grouped
#: held-out measurement (see the README, "Rules questions", fourteenth pass; START 0.5 since the fifteenth,
#: which refuses as many off-topic messages left out of the fit as 0.4 and spares two chatty questions at p 0.5).
START = 0.5
SLOPE = 3.0
CAP = 0.3
SURE = 0.95
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
    cap: float = CAP
    sure: float = SURE

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
        p = self.probability(text)
        floor = max(0.0, self.slope * (p - self.start))
        return floor if p >= self.sure else min(self.cap, floor)


def fit(vectoriser: Vectoriser, texts: Sequence[str], offtopic: Sequence[bool], l2: float | None = None,
        max_iterations: int | None = None) -> ScopeModel:
    """Logistic regression fitted with SciPy's L-BFGS from zero; each class weighs half."""
    import scipy.sparse as sparse
    from scipy.optimize import minimize

    l2 = L2 if l2 is None else l2
    max_iterations = MAX_ITERATIONS if max_iterations is None else max_iterations
    docs, grams, w = vectoriser.weights(texts)
    values, cols = np.unique(grams, return_inverse=True)
    x = sparse.csr_matrix((w, (docs, cols)), shape=(len(texts), len(values)))
    xt = x.T.tocsr()
    y = np.asarray(offtopic, dtype=float)
    n_pos, n_neg = max(y.sum(), 1.0), max(len(y) - y.sum(), 1.0)
    sample = np.where(y > 0, 0.5 / n_pos, 0.5 / n_neg)

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ theta[:-1] + theta[-1]
        # log(1 + e^z) computed stably; the loss of a label y is log(1 + e^z) - y z.
        value = float((sample * (np.logaddexp(0.0, z) - y * z)).sum()) + 0.5 * l2 * float(theta[:-1] @ theta[:-1])
        g = sample * (1.0 / (1.0 + np.exp(-z)) - y)
        return value, np.concatenate([xt @ g + l2 * theta[:-1], [g.sum()]])

    result = minimize(loss, np.zeros(len(values) + 1), jac=True, method="L-BFGS-B",
                      options={"maxiter": max_iterations})
    theta, bias = result.x[:-1], float(result.x[-1])
    keep = np.abs(theta) >= KEEP
    return ScopeModel(values[keep], np.round(theta[keep], DIGITS), round(bias, DIGITS), vectoriser)


def save(model: ScopeModel, path: Path = MODEL_FILE, note: str = "") -> None:
    """Write the model's grams and weights (the vectoriser is rebuilt from the knowledge base)."""
    payload = {"format": 1, "note": note, "bias": model.bias, "start": model.start, "slope": model.slope,
               "cap": model.cap, "sure": model.sure,
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
                          float(payload["slope"]), float(payload["cap"]), float(payload["sure"]))
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
