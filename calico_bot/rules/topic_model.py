"""A learned topic classifier: which main topic a question is about, from its character n-grams.

Multinomial logistic regression over the reranker's TF-IDF vectors (``rules.ngrams.Vectoriser``: English
words cut into 3- and 4-grams, Chinese characters and character pairs), one class per main topic,
trained on the knowledge base's titles and example questions and on the labelled questions of
``eval_questions.jsonl`` and ``rulings.jsonl`` (a question labelled with several topics counts for each
in equal shares). Where the neighbour features of the reranker ask "which known question is this one
most like?", the classifier learns which n-grams tell the topics apart ("paradox", 墩, "leo") and
which do not ("how many", "points"), so a question worded like none of the known ones can still be
placed. Its log-probability and probability of each candidate are two of the reranker's features
(``rules.rerank``), and its first ``rerank.TOPIC_CANDIDATES`` topics join the candidates. The reranker's
weights are fitted on log-probabilities from classifiers that never saw the question (cross-fitting:
``learn.cross_fit_topics``), as a new question's are.

    python -m calico_bot.rules.learn cv [--no-topics]   # leave-one-split-out measure (nothing is written)
    python -m calico_bot.rules.learn train              # fit both on everything, write both files

Training uses SciPy (sparse matrices and L-BFGS); answering a question needs only NumPy. The shipped
weights leave out the small ones (``KEEP``), which changes no measured answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from calico_bot.rules.knowledge import DATA_DIR
from calico_bot.rules.ngrams import Vectoriser

MODEL_FILE = DATA_DIR / "topic_model.npz"
#: L2 penalty (per weight, on the mean log-loss) and L-BFGS iterations; chosen by leaving splits out.
L2 = 1e-5
MAX_ITERATIONS = 300
#: Weights smaller than this are not shipped.
KEEP = 0.05
FORMAT = 1


@dataclass(slots=True)
class TopicModel:
    """Per n-gram, one weight per topic (a dense row), and a bias per topic."""

    grams: np.ndarray  # sorted n-gram values, one per row of ``weights``
    weights: np.ndarray  # (len(grams), len(topics))
    bias: np.ndarray  # (len(topics),)
    topics: tuple[str, ...]  # main-topic entry ids, one per column
    vectoriser: Vectoriser
    _row: dict[int, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._row = {g: i for i, g in enumerate(self.grams.tolist())}

    def logits(self, text: str) -> np.ndarray:
        """One score per topic (the softmax of these is the classifier's probability)."""
        z = self.bias.astype(float)
        found = [(self._row[g], w) for g, w in self.vectoriser.vector(text).items() if g in self._row]
        if found:
            rows = np.array([r for r, _ in found], dtype=np.int64)
            z = z + np.array([w for _, w in found]) @ self.weights[rows]
        return z

    def log_probabilities(self, text: str, allowed: np.ndarray | None = None) -> np.ndarray:
        """log P(topic | text) per topic, over the ``allowed`` topics only (the others get -inf)."""
        z = self.logits(text)
        if allowed is not None:
            z = np.where(allowed, z, -np.inf)
        top = z.max()
        if not np.isfinite(top):
            return np.full(len(z), -np.inf)
        return z - (top + np.log(np.exp(z - top).sum()))


def fit(vectoriser: Vectoriser, texts: Sequence[str], labels: Sequence[Sequence[str]], topics: Sequence[str],
        l2: float | None = None, max_iterations: int | None = None, keep: float | None = None) -> TopicModel:
    """Fit the classifier: ``labels[i]`` are the topic ids of ``texts[i]`` (each counts 1/len)."""
    import scipy.sparse as sparse
    from scipy.optimize import minimize

    l2 = L2 if l2 is None else l2
    max_iterations = MAX_ITERATIONS if max_iterations is None else max_iterations
    keep = KEEP if keep is None else keep
    column = {t: i for i, t in enumerate(topics)}
    rows = [i for i, ls in enumerate(labels) if any(t in column for t in ls)]
    docs, grams, w = vectoriser.weights([texts[i] for i in rows])
    values, cols = np.unique(grams, return_inverse=True)
    n, d, k = len(rows), len(values), len(topics)
    x = sparse.csr_matrix((w, (docs, cols)), shape=(n, d))
    y = np.zeros((n, k))
    for r, i in enumerate(rows):
        mine = [column[t] for t in labels[i] if t in column]
        y[r, mine] = 1.0 / len(mine)
    xt = x.T.tocsr()

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        weights, bias = theta[: d * k].reshape(d, k), theta[d * k:]
        z = x @ weights + bias
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        total = e.sum(axis=1, keepdims=True)
        value = -float((y * (z - np.log(total))).sum()) / n + 0.5 * l2 * float((weights * weights).sum())
        g = (e / total - y) / n
        grad_w = np.asarray(xt @ g) + l2 * weights
        return value, np.concatenate([grad_w.ravel(), g.sum(axis=0)])

    result = minimize(loss, np.zeros(d * k + k), jac=True, method="L-BFGS-B",
                      options={"maxiter": max_iterations})
    weights, bias = result.x[: d * k].reshape(d, k), result.x[d * k:]
    weights = np.where(np.abs(weights) >= keep, weights, 0.0)
    used = np.abs(weights).max(axis=1) > 0 if d else np.zeros(0, dtype=bool)
    return TopicModel(values[used], weights[used].astype(np.float32), bias.astype(np.float32), tuple(topics),
                      vectoriser)


def save(model: TopicModel, path: Path = MODEL_FILE, note: str = "") -> None:
    """Write the model (the vectoriser is rebuilt from the knowledge base when loading)."""
    with path.open("wb") as f:
        np.savez_compressed(f, format=np.array(FORMAT), note=np.array(note), grams=model.grams,
                            weights=model.weights.astype(np.float16), bias=model.bias.astype(np.float32),
                            topics=np.array(model.topics))


def load(vectoriser: Vectoriser, path: Path = MODEL_FILE) -> TopicModel | None:
    """The shipped model over ``vectoriser``, or None when the file is missing or unreadable."""
    try:
        with np.load(path, allow_pickle=False) as data:
            if int(data["format"]) != FORMAT:
                return None
            grams = data["grams"].astype(np.int64)
            weights = data["weights"].astype(np.float32)
            bias = data["bias"].astype(np.float32)
            topics = tuple(str(t) for t in data["topics"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if weights.shape != (len(grams), len(topics)) or bias.shape != (len(topics),):
        return None
    return TopicModel(grams, weights, bias, topics, vectoriser)
