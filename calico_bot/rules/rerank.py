"""A learned reranker over the rules search's candidates, and its training.

The hand-written ranking (``rules.search``: BM25, synonyms, game hints, intents) proposes topics; this
module reorders the first few of them with a linear model over a handful of features:

* the BM25 evidence: the topic's group score relative to the best one, whether it ranked first, its rank;
* the coverage share the confidence uses (``RulesIndex._coverage``);
* nearest neighbours in character n-grams (English words cut into 3- and 4-grams, Chinese characters
  and character pairs; TF-IDF weighted, cosine): how close the question is to the topic's example
  questions in the knowledge base (best match, and the topic's share of the ten nearest examples), and
  to the labelled questions of ``eval_questions.jsonl`` that the model may see (same two measures);
* whether the topic's game is the one most of the nearest neighbours belong to.

The model is a conditional logit (softmax over one question's candidates), trained on labelled
questions with numpy; its weights are a small JSON file (``data/rules/reranker.jsonl``).

    python -m calico_bot.rules.rerank cv      # leave-one-split-out estimate (nothing is written)
    python -m calico_bot.rules.rerank train   # fit on every split and write data/rules/reranker.jsonl

Under ``cv`` each blind split in turn is left out: the weights are fitted on the other splits (with
each training question's own split hidden from its neighbours, as the test split is hidden from
its questions) and the left-out split is measured through the whole search with its questions hidden
from the neighbour pool.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from calico_bot.rules.knowledge import DATA_DIR, Entry
from calico_bot.rules.text_tokens import to_simplified

MODEL_FILE = DATA_DIR / "reranker.jsonl"
QUESTIONS_FILE = DATA_DIR / "eval_questions.jsonl"
#: Candidates: the first BM25_CANDIDATES topics of the hand ranking, plus the topics of the
#: KNN_CANDIDATES nearest neighbours.
BM25_CANDIDATES = 8
KNN_CANDIDATES = 5
#: Neighbours looked at for the vote features.
VOTE_NEIGHBOURS = 10
FEATURES = ("bm25_rel", "bm25_first", "bm25_inv_rank", "coverage", "kb_max", "kb_gap", "kb_vote", "q_max", "q_gap",
            "q_vote", "game_agree")
#: Training: L2 penalty and gradient steps (full batch, deterministic).
L2 = 1e-3
STEPS = 3000
LEARNING_RATE = 0.5

_RUN_RE = re.compile(r"[a-z0-9]+|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def char_ngrams(text: str) -> Counter[str]:
    """Character n-grams of a text: each English word padded with spaces, cut into 3- and 4-grams
    (a short word is one gram); each run of Chinese characters, its characters and character pairs."""
    grams: Counter[str] = Counter()
    for run in _RUN_RE.findall(to_simplified(text.lower())):
        if run.isascii():
            word = f" {run} "
            if len(word) <= 4:
                grams[word] += 1
                continue
            for n in (3, 4):
                grams.update(word[i : i + n] for i in range(len(word) - n + 1))
        else:
            grams.update(run)
            grams.update(run[i : i + 2] for i in range(len(run) - 1))
    return grams


class Vectoriser:
    """TF-IDF over character n-grams (sublinear term frequency, L2-normalised). The IDF comes from
    reference texts fixed at build time; a gram they never use gets the highest IDF."""

    def __init__(self, reference: Iterable[str]) -> None:
        df: Counter[str] = Counter()
        n = 0
        for text in reference:
            df.update(char_ngrams(text).keys())
            n += 1
        self.idf = {g: math.log((1 + n) / (1 + c)) + 1.0 for g, c in df.items()}
        self.max_idf = math.log(1 + n) + 1.0

    def vector(self, text: str) -> dict[str, float]:
        weights = {g: (1.0 + math.log(c)) * self.idf.get(g, self.max_idf) for g, c in char_ngrams(text).items()}
        norm = math.sqrt(sum(w * w for w in weights.values()))
        return {g: w / norm for g, w in weights.items()} if norm else {}


@dataclass(frozen=True, slots=True)
class PoolItem:
    text: str
    #: Main-topic positions (in the index's entry list) this text is about.
    labels: tuple[int, ...]
    #: "kb" for the knowledge base's own example questions, else the evaluation split it comes from.
    tag: str


class Pool:
    """Labelled texts searchable by cosine similarity (an inverted index over n-grams)."""

    def __init__(self, vectoriser: Vectoriser, items: Sequence[PoolItem]) -> None:
        self.vectoriser = vectoriser
        self.items = list(items)
        self.is_kb = np.array([it.tag == "kb" for it in self.items], dtype=bool)
        self.tags = np.array([it.tag for it in self.items])
        postings: dict[str, tuple[list[int], list[float]]] = {}
        for i, it in enumerate(self.items):
            for g, w in vectoriser.vector(it.text).items():
                ids, ws = postings.setdefault(g, ([], []))
                ids.append(i)
                ws.append(w)
        self.postings = {g: (np.array(ids, dtype=np.int32), np.array(ws)) for g, (ids, ws) in postings.items()}

    def similarities(self, text: str) -> np.ndarray:
        sims = np.zeros(len(self.items))
        for g, w in self.vectoriser.vector(text).items():
            post = self.postings.get(g)
            if post is not None:
                sims[post[0]] += w * post[1]
        return sims

    def hidden(self, tags: Iterable[str]) -> np.ndarray:
        """Mask of the items whose tag is one of ``tags``."""
        return np.isin(self.tags, list(tags)) if tags else np.zeros(len(self.items), dtype=bool)


@dataclass(slots=True)
class Candidates:
    """What the hand ranking knows about one question, for the reranker."""

    question: str
    #: Group (main-topic) scores of the hand ranking, per entry position (details score 0).
    group_scores: np.ndarray
    #: Main topics with a positive group score, best first.
    order: list[int]
    #: Topics the question may be answered with (a named game filters), per entry position.
    allowed: np.ndarray
    #: Coverage share (0..1) of a topic's best-matching member.
    coverage: Callable[[int], float]
    #: Game of each entry position.
    games: np.ndarray


def _neighbour_stats(sims: np.ndarray, pool: Pool, select: np.ndarray, allowed: np.ndarray
                     ) -> tuple[dict[int, float], dict[int, float], list[int]]:
    """Per topic: best similarity and share of the nearest VOTE_NEIGHBOURS' similarity among the
    selected pool items; the topics of the nearest KNN_CANDIDATES items."""
    masked = np.where(select, sims, -1.0)
    top = min(50, int(select.sum()))
    if top == 0:
        return {}, {}, []
    idx = np.argpartition(-masked, top - 1)[:top]
    idx = idx[np.argsort(-masked[idx], kind="stable")]
    best: dict[int, float] = {}
    vote: dict[int, float] = {}
    near: list[int] = []
    mass = 0.0
    seen = 0
    for i in idx:
        s = float(masked[i])
        if s <= 0:
            break
        labels = [g for g in pool.items[i].labels if allowed[g]]
        if not labels:
            continue
        for g in labels:
            best.setdefault(g, s)
        if seen < VOTE_NEIGHBOURS:
            mass += s
            for g in labels:
                vote[g] = vote.get(g, 0.0) + s / len(labels)
        if seen < KNN_CANDIDATES:
            near.extend(g for g in labels if g not in near)
        seen += 1
    if mass > 0:
        vote = {g: v / mass for g, v in vote.items()}
    return best, vote, near


def features(c: Candidates, pool: Pool, hidden: np.ndarray, sims: np.ndarray | None = None
             ) -> tuple[list[int], np.ndarray]:
    """The candidate topics of a question and their feature rows (``FEATURES``); ``hidden`` masks
    pool items the question may not see (its own split, under cross-validation); ``sims`` are the
    question's similarities to the pool when already computed."""
    if sims is None:
        sims = pool.similarities(c.question)
    visible = ~hidden
    kb_best, kb_vote, kb_near = _neighbour_stats(sims, pool, visible & pool.is_kb, c.allowed)
    q_best, q_vote, q_near = _neighbour_stats(sims, pool, visible & ~pool.is_kb, c.allowed)
    cands = list(c.order[:BM25_CANDIDATES])
    for g in (*kb_near, *q_near):
        if g not in cands:
            cands.append(g)
    if not cands:
        return [], np.zeros((0, len(FEATURES)))
    top = float(c.group_scores[c.order[0]]) if c.order else 0.0
    rank = {g: r for r, g in enumerate(c.order[:BM25_CANDIDATES])}
    kb_top = max((kb_best.get(g, 0.0) for g in cands), default=0.0)
    q_top = max((q_best.get(g, 0.0) for g in cands), default=0.0)
    game_mass: Counter[str] = Counter()
    for g, v in (*kb_vote.items(), *q_vote.items()):
        game_mass[str(c.games[g])] += v
    lead_game = game_mass.most_common(1)[0][0] if game_mass else None
    rows = []
    for g in cands:
        r = rank.get(g)
        rows.append((
            float(c.group_scores[g]) / top if top > 0 else 0.0,
            1.0 if r == 0 else 0.0,
            1.0 / (1 + r) if r is not None else 0.0,
            c.coverage(g),
            kb_best.get(g, 0.0),
            kb_best.get(g, 0.0) - kb_top,
            kb_vote.get(g, 0.0),
            q_best.get(g, 0.0),
            q_best.get(g, 0.0) - q_top,
            q_vote.get(g, 0.0),
            1.0 if lead_game is not None and str(c.games[g]) == lead_game else 0.0,
        ))
    return cands, np.array(rows)


# ---------------------------------------------------------------------------------------------- model


def fit(groups: Sequence[tuple[np.ndarray, np.ndarray]], l2: float = L2, steps: int = STEPS,
        rate: float = LEARNING_RATE) -> np.ndarray:
    """Weights of a conditional logit: for each (feature rows, positive mask) group, maximise the log
    of the softmax mass on the positive rows. Full-batch gradient descent with momentum from zero."""
    groups = [(x, pos) for x, pos in groups if pos.any() and len(x) > 1]
    if not groups:
        return np.zeros(len(FEATURES))
    x_all = np.vstack([x for x, _ in groups])
    pos_all = np.concatenate([pos for _, pos in groups]).astype(float)
    seg = np.concatenate([np.full(len(x), i) for i, (x, _) in enumerate(groups)])
    n = len(groups)
    w = np.zeros(x_all.shape[1])
    velocity = np.zeros_like(w)
    for _ in range(steps):
        z = x_all @ w
        z = z - _seg_max(z, seg, n)[seg]
        e = np.exp(z)
        total = np.bincount(seg, weights=e, minlength=n)
        good = np.bincount(seg, weights=e * pos_all, minlength=n)
        p_all = e / total[seg]
        p_pos = e * pos_all / good[seg]
        grad = ((p_all - p_pos)[:, None] * x_all).sum(axis=0) / n + l2 * w
        velocity = 0.9 * velocity - rate * grad
        w = w + velocity
    return w


def _seg_max(z: np.ndarray, seg: np.ndarray, n: int) -> np.ndarray:
    out = np.full(n, -np.inf)
    np.maximum.at(out, seg, z)
    return out


@dataclass(slots=True)
class Reranker:
    """Reorders the hand ranking's candidates by a linear score over ``features``."""

    weights: np.ndarray
    pool: Pool
    #: Pool tags hidden from every question (the split under test, under cross-validation).
    hide: frozenset[str] = frozenset()
    _hidden: np.ndarray = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._hidden = self.pool.hidden(self.hide)

    def order(self, c: Candidates) -> list[int]:
        cands, x = features(c, self.pool, self._hidden)
        if not cands:
            return c.order
        score = x @ self.weights
        ranked = [cands[i] for i in np.argsort(-score, kind="stable")]
        return ranked + [g for g in c.order if g not in ranked]


def save_weights(weights: np.ndarray, path: Path = MODEL_FILE, note: str = "") -> None:
    payload = {"features": list(FEATURES), "weights": [round(float(w), 6) for w in weights], "note": note}
    path.write_text(json.dumps(payload, ensure_ascii=False) + "\n", encoding="utf-8")


def load_weights(path: Path = MODEL_FILE) -> np.ndarray | None:
    """The shipped weights, or None when the file is missing or for another feature set."""
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if payload.get("features") != list(FEATURES):
        return None
    return np.array(payload["weights"], dtype=float)


def pool_items(entries: Sequence[Entry], position: dict[str, int], questions: Iterable[tuple[str, Sequence[str], str]]
               ) -> list[PoolItem]:
    """The knowledge base's example questions and titles (tag "kb"), then the labelled ``questions``
    ((text, main-topic ids, split))."""
    items: list[PoolItem] = []
    for e in entries:
        labels = tuple(position[t] for t in (e.part_of or (e.id,)) if t in position)
        if not labels:
            continue
        for text in (*e.title.values(), *(q for qs in e.examples.values() for q in qs)):
            items.append(PoolItem(text, labels, "kb"))
    for text, topics, split in questions:
        labels = tuple(position[t] for t in topics if t in position)
        if labels:
            items.append(PoolItem(text, labels, split))
    return items


def reference_texts(entries: Sequence[Entry]) -> list[str]:
    """Texts the IDF is computed on: every entry's titles, keywords, texts and example questions."""
    out: list[str] = []
    for e in entries:
        out.extend(e.title.values())
        out.extend(e.text.values())
        out.extend(k for ks in e.keywords.values() for k in ks)
        out.extend(q for qs in e.examples.values() for q in qs)
    return out


if __name__ == "__main__":  # pragma: no cover - the command line lives in rerank_cli
    from calico_bot.rules.rerank_cli import main

    sys.exit(main())
