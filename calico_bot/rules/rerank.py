"""A learned reranker over the rules search's candidates, and its training.

The hand-written ranking (``rules.search``: BM25, synonyms, game hints, intents) proposes topics; this
module reorders the first few of them with a linear model over a handful of features:

* the BM25 evidence: the topic's group score relative to the best one, whether it ranked first, its rank,
  whether the score came from one of its details, whether it is about a variant the question names;
* the coverage share the confidence uses (``RulesIndex._coverage``);
* nearest neighbours in character n-grams (``rules.ngrams``: English words cut into 3- and 4-grams,
  Chinese characters and character pairs; TF-IDF weighted, cosine): how close the question is to the
  topic's example questions in the knowledge base (best match, and the topic's share of the ten nearest
  examples), and to the labelled questions of ``eval_questions.jsonl`` and ``rulings.jsonl`` that the
  model may see (same two measures);
* the learned topic classifier (``rules.topic_model``): its log-probability and probability of the topic,
  from a classifier that never saw the question while the weights are fitted (``learn.cross_fit_topics``).

The candidates are the hand ranking's first ``BM25_CANDIDATES`` topics, the topics of the nearest
``KNN_CANDIDATES`` neighbours and the classifier's first ``TOPIC_CANDIDATES`` topics (so a question whose
words BM25 missed can still be answered). The model
is a conditional logit (softmax over one question's candidates), trained on labelled questions with
numpy; its weights are a small JSON file (``data/rules/reranker.jsonl``).

    python -m calico_bot.rules.learn cv      # leave-one-split-out estimate (nothing is written)
    python -m calico_bot.rules.learn train   # fit on every split and write data/rules/reranker.jsonl
                                             # (and the topic classifier, data/rules/topic_model.npz)

Under ``cv`` each blind split in turn is left out: the weights are fitted on the other splits (with
each training question's own split hidden from its neighbours, as the test split is hidden from
its questions) and the left-out split is measured through the whole search with its questions hidden
from the neighbour pool.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from calico_bot.rules import topic_model
from calico_bot.rules.knowledge import DATA_DIR, Entry, iter_files
from calico_bot.rules.ngrams import MemoisedMethods, Vectoriser
from calico_bot.rules.topic_model import TopicModel

MODEL_FILE = DATA_DIR / "reranker.jsonl"
QUESTIONS_FILE = DATA_DIR / "eval_questions.jsonl"
RULINGS_FILE = DATA_DIR / "rulings.jsonl"
#: Pool tag of the questions of ``rulings.jsonl``.
RULINGS_TAG = "rulings"
#: Candidates: the first BM25_CANDIDATES topics of the hand ranking, plus the topics of the
#: KNN_CANDIDATES nearest neighbours.
BM25_CANDIDATES = 8
KNN_CANDIDATES = 5
#: Neighbours looked at for the best-match features, and for the vote features.
NEIGHBOURS = 30
VOTE_NEIGHBOURS = 10
FEATURES = ("bm25_rel", "bm25_first", "bm25_inv_rank", "coverage", "kb_max", "kb_vote", "q_max", "q_vote", "via_detail",
            "variant_named", "topic_logp", "topic_p")
#: How much better (in model score) another topic must be to displace the hand ranking's first one;
#: chosen by cross-validation (``python -m calico_bot.rules.learn cv`` prints each margin's figures).
MARGIN = 0.0
#: A message at least this similar to a labelled off-topic message, and by at least the margin more
#: than to any rules question or example question, is refused (``Reranker.looks_off_topic``); both
#: chosen by leaving each split out (``python -m calico_bot.rules.learn cv-offtopic``).
OFF_TOPIC_MIN = 0.3
OFF_TOPIC_MARGIN = 0.2
#: The topic classifier's first topics that join the candidates (``rules.topic_model``), and the lowest
#: log-probability its feature counts (``topic_logp`` is the log-probability over -LOG_FLOOR, in -1..0).
TOPIC_CANDIDATES = 3
LOG_FLOOR = -10.0
#: Training: L2 penalty and gradient steps (full batch, deterministic).
L2 = 1e-3
STEPS = 3000
LEARNING_RATE = 0.5

#: How many recent questions' similarities a pool keeps.
SIMILARITY_CACHE = 8


@dataclass(frozen=True, slots=True)
class PoolItem:
    text: str
    #: Main-topic positions (in the index's entry list) this text is about.
    labels: tuple[int, ...]
    #: "kb" for the knowledge base's own example questions, else the evaluation split it comes from.
    tag: str


class Pool(MemoisedMethods):
    """Labelled texts searchable by cosine similarity (postings sorted by n-gram)."""

    # The ranking, its off-topic check and the topic classifier ask about the same question in turn.
    _MEMOS = (("similarities", "_similarities", SIMILARITY_CACHE),)

    def __init__(self, vectoriser: Vectoriser, items: Sequence[PoolItem]) -> None:
        self.vectoriser = vectoriser
        self.items = list(items)
        self.is_kb = np.array([it.tag == "kb" for it in self.items], dtype=bool)
        self.tags = np.array([it.tag for it in self.items])
        docs, grams, w = vectoriser.weights([it.text for it in self.items], by_gram=True)
        if len(grams) > 1 and (np.diff(grams) < 0).any():  # more texts than the packed keys hold
            order = np.argsort(grams, kind="stable")
            docs, grams, w = docs[order], grams[order], w[order]
        self._docs, self._w = docs, w
        self._starts = np.flatnonzero(np.r_[True, grams[1:] != grams[:-1]]) if len(grams) else np.zeros(0, np.int64)
        self._grams = grams[self._starts]
        self._ends = np.r_[self._starts[1:], len(grams)].astype(np.int64)
        self._make_memos()

    def _similarities(self, text: str) -> np.ndarray:
        """Cosine similarity of a text to every item (read-only: the array is shared by later calls)."""
        sims = np.zeros(len(self.items))
        vector = self.vectoriser.vector(text)
        if vector and len(self._grams):
            grams = np.fromiter(vector, dtype=np.int64, count=len(vector))
            qw = np.fromiter(vector.values(), dtype=float, count=len(vector))
            at = np.minimum(np.searchsorted(self._grams, grams), len(self._grams) - 1)
            known = self._grams[at] == grams
            at, qw = at[known], qw[known]
            starts, lengths = self._starts[at], self._ends[at] - self._starts[at]
            # Every posting of every found gram, with the query's weight of its gram.
            offsets = np.repeat(starts - np.cumsum(lengths) + lengths, lengths) + np.arange(lengths.sum())
            sims = np.bincount(self._docs[offsets], weights=self._w[offsets] * np.repeat(qw, lengths),
                               minlength=len(self.items))
        sims.flags.writeable = False
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
    #: Per entry position: the topic's group score came from one of its details.
    via_detail: np.ndarray | None = None
    #: Per entry position: the entry is about a variant the question names (solo, two players, ...).
    variant_named: np.ndarray | None = None


def _neighbour_stats(sims: np.ndarray, pool: Pool, select: np.ndarray, allowed: Sequence[bool]
                     ) -> tuple[dict[int, float], dict[int, float], list[int]]:
    """Per topic: best similarity among the nearest ``NEIGHBOURS`` selected pool items and share of
    the nearest VOTE_NEIGHBOURS' similarity; the topics of the nearest KNN_CANDIDATES items."""
    idx = np.flatnonzero(select & (sims > 0))
    if len(idx) > NEIGHBOURS:
        idx = idx[np.argpartition(-sims[idx], NEIGHBOURS - 1)[:NEIGHBOURS]]
    idx = idx[np.argsort(-sims[idx], kind="stable")]
    best: dict[int, float] = {}
    vote: dict[int, float] = {}
    near: list[int] = []
    mass = 0.0
    seen = 0
    for i, s in zip(idx.tolist(), sims[idx].tolist(), strict=True):
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


def features(c: Candidates, pool: Pool, hidden: np.ndarray, sims: np.ndarray | None = None,
             names: Sequence[str] = FEATURES, log_p: np.ndarray | None = None) -> tuple[list[int], np.ndarray]:
    """The candidate topics of a question and their feature rows (``FEATURES``); ``hidden`` masks
    pool items the question may not see (its own split, under cross-validation); ``sims`` are the
    question's similarities to the pool when already computed; ``extra`` are more candidates (the
    topic classifier's first topics); ``log_p`` is the topic classifier's log-probability per entry
    position (None without a classifier: its two features are then the same for every candidate)."""
    if sims is None:
        sims = pool.similarities(c.question)
    visible = ~hidden
    allowed = c.allowed.tolist()
    kb_best, kb_vote, kb_near = _neighbour_stats(sims, pool, visible & pool.is_kb, allowed)
    q_best, q_vote, q_near = _neighbour_stats(sims, pool, visible & ~pool.is_kb, allowed)
    cands = list(c.order[:BM25_CANDIDATES])
    extra: list[int] = []
    if log_p is not None:
        extra = [int(g) for g in np.argsort(-log_p, kind="stable")[:TOPIC_CANDIDATES] if np.isfinite(log_p[g])]
    for g in (*kb_near, *q_near, *extra):
        if g not in cands:
            cands.append(g)
    if not cands:
        return [], np.zeros((0, len(names)))
    top = float(c.group_scores[c.order[0]]) if c.order else 0.0
    rank = {g: r for r, g in enumerate(c.order[:BM25_CANDIDATES])}
    rows = []
    for g in cands:
        r = rank.get(g)
        row = {
            "bm25_rel": float(c.group_scores[g]) / top if top > 0 else 0.0,
            "bm25_first": 1.0 if r == 0 else 0.0,
            "bm25_inv_rank": 1.0 / (1 + r) if r is not None else 0.0,
            "coverage": c.coverage(g),
            "kb_max": kb_best.get(g, 0.0),
            "kb_vote": kb_vote.get(g, 0.0),
            "q_max": q_best.get(g, 0.0),
            "q_vote": q_vote.get(g, 0.0),
            "via_detail": float(c.via_detail[g]) if c.via_detail is not None else 0.0,
            "variant_named": float(c.variant_named[g]) if c.variant_named is not None else 0.0,
            "topic_logp": max(float(log_p[g]), LOG_FLOOR) / -LOG_FLOOR if log_p is not None else -1.0,
            "topic_p": math.exp(float(log_p[g])) if log_p is not None else 0.0,
        }
        rows.append([row[name] for name in names])
    return cands, np.array(rows)


# ---------------------------------------------------------------------------------------------- model


def fit(groups: Sequence[tuple[np.ndarray, np.ndarray]], l2: float | None = None, steps: int | None = None,
        rate: float | None = None) -> np.ndarray:
    """Weights of a conditional logit: for each (feature rows, positive mask) group, maximise the log
    of the softmax mass on the positive rows. Full-batch gradient descent with momentum from zero."""
    l2 = L2 if l2 is None else l2
    steps = STEPS if steps is None else steps
    rate = LEARNING_RATE if rate is None else rate
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
    #: The hand ranking's first topic stays first unless another one scores at least this much more.
    margin: float = 0.0
    #: Labelled off-topic messages (tagged by split), for :meth:`looks_off_topic`; None to skip it.
    off_pool: Pool | None = None
    #: The topic classifier (``rules.topic_model``) and the entry position of each of its topics; None
    #: to rank without it.
    topic_model: TopicModel | None = None
    topic_positions: np.ndarray | None = None
    _hidden: np.ndarray = field(init=False, repr=False)
    _off_hidden: np.ndarray = field(init=False, repr=False)
    _variants: dict[frozenset[str], Reranker] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._hidden = self.pool.hidden(self.hide)
        self._off_hidden = self.off_pool.hidden(self.hide) if self.off_pool is not None else np.zeros(0, dtype=bool)

    def looks_off_topic(self, question: str) -> bool:
        """Whether the question is much closer to a labelled off-topic message than to any rules
        question or example question: similarity at least ``OFF_TOPIC_MIN`` and ``OFF_TOPIC_MARGIN``
        above the best rules neighbour."""
        if self.off_pool is None or not self.off_pool.items:
            return False
        off = float(np.where(self._off_hidden, 0.0, self.off_pool.similarities(question)).max())
        if off < OFF_TOPIC_MIN:
            return False
        rules = float(np.where(self._hidden, 0.0, self.pool.similarities(question)).max(initial=0.0))
        return off - rules >= OFF_TOPIC_MARGIN

    def hiding(self, tags: Iterable[str]) -> Reranker:
        """The same model with the pool's questions of these splits hidden too (an evaluation of a
        split must not find its own questions among the neighbours)."""
        key = frozenset(tags) | self.hide
        if key == self.hide:
            return self
        if key not in self._variants:
            self._variants[key] = Reranker(self.weights, self.pool, key, self.margin, self.off_pool,
                                           self.topic_model, self.topic_positions)
        return self._variants[key]

    def with_topics(self, model: TopicModel | None, positions: np.ndarray | None) -> Reranker:
        """The same reranker with another topic classifier (or none)."""
        return Reranker(self.weights, self.pool, self.hide, self.margin, self.off_pool, model, positions)

    def topic_log_probabilities(self, c: Candidates) -> np.ndarray | None:
        """The classifier's log P(topic) per entry position, over the allowed topics (others -inf)."""
        if self.topic_model is None or self.topic_positions is None:
            return None
        return topic_log_probabilities(self.topic_model, self.topic_positions, c)

    def order(self, c: Candidates) -> list[int]:
        """The candidates best first (nothing when the hand ranking matched nothing at all)."""
        if not c.order:
            return []
        cands, x = features(c, self.pool, self._hidden, log_p=self.topic_log_probabilities(c))
        if not cands:
            return c.order
        score = x @ self.weights
        first = c.order[0]
        if self.margin > 0 and first in cands:
            # The hand ranking's first keeps its place unless beaten by the margin.
            score[cands.index(first)] += self.margin
        ranked = [cands[i] for i in np.argsort(-score, kind="stable")]
        return ranked + [g for g in c.order if g not in ranked]


def topic_log_probabilities(model: TopicModel, positions: np.ndarray, c: Candidates) -> np.ndarray:
    """A topic classifier's log P(topic) per entry position, over the question's allowed topics (others -inf)."""
    out = np.full(len(c.allowed), -np.inf)
    out[positions] = model.log_probabilities(c.question, c.allowed[positions])
    return out


def training_digest(folder: Path = DATA_DIR) -> str:
    """A digest of what the learned parts are fitted on: the knowledge files, ``eval_questions.jsonl`` and
    ``rulings.jsonl`` of ``folder``. A shipped model records it, so a test can tell a stale one."""
    digest = hashlib.sha256()
    for file in (*iter_files(folder), folder / QUESTIONS_FILE.name, folder / RULINGS_FILE.name):
        digest.update(file.name.encode("utf-8") + b"\0")
        digest.update(file.read_bytes() if file.exists() else b"")
    return digest.hexdigest()[:20]


def save_weights(weights: np.ndarray, path: Path = MODEL_FILE, note: str = "", margin: float = MARGIN,
                 data: str = "") -> None:
    payload = {"features": list(FEATURES), "weights": [round(float(w), 6) for w in weights], "margin": margin,
               "note": note, "data": data}
    path.write_text(json.dumps(payload, ensure_ascii=False) + "\n", encoding="utf-8")


def load_weights(path: Path = MODEL_FILE) -> np.ndarray | None:
    """The shipped weights, or None when the file is missing or for another feature set."""
    payload = _payload(path)
    return np.array(payload["weights"], dtype=float) if payload else None


def load_digest(path: Path = MODEL_FILE) -> str:
    """The training digest the shipped weights were fitted on ("" when unknown)."""
    payload = _payload(path)
    return str(payload.get("data", "")) if payload else ""


def load_margin(path: Path = MODEL_FILE) -> float:
    payload = _payload(path)
    return float(payload.get("margin", MARGIN)) if payload else MARGIN


def _payload(path: Path) -> dict | None:
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(payload, dict) or payload.get("features") != list(FEATURES):
        return None
    return payload


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


def json_lines(path: Path) -> list[Any]:
    """The JSON values of a JSON Lines file, lines that do not parse left out ([] if it cannot be read)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    lines = [line for line in lines if line.strip()]
    try:  # one parse of the whole file is about twice as fast as one a line (the index loads it each start)
        values = json.loads("[" + ",".join(lines) + "]")
        if len(values) == len(lines):  # else a line held more than one value: read line by line
            return values
    except ValueError:
        pass
    out = []
    for line in lines:
        try:
            out.append(json.loads(line))
        except ValueError:
            continue
    return out


def labelled_questions(lines: Sequence[Any], entries: Sequence[Entry]) -> list[tuple[str, tuple[str, ...], str]]:
    """(text, main topics, split) of the rules questions among an evaluation file's lines (``json_lines``;
    off-topic lines and unreadable ones are skipped): the topics are the ``required`` ids, or the main
    topics of ``ids``."""
    by_id = {e.id: e for e in reversed(entries)}
    out = []
    for raw in lines:
        try:
            ids = [str(i) for i in raw.get("ids") or ()]
            required = [str(i) for i in raw.get("required") or ()]
            text, split = str(raw["q"]), str(raw.get("split", ""))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
        topics = required or [t for i in ids if (e := by_id.get(i)) is not None for t in (e.part_of or (e.id,))]
        if topics:
            out.append((text, tuple(dict.fromkeys(topics)), split))
    return out


def ruling_questions(path: Path, entries: Sequence[Entry]) -> list[tuple[str, tuple[str, ...], str]]:
    """(text, main topics, "rulings") of the questions in ``rulings.jsonl``: each ruling's question in
    each language, labelled with the topics of the entries that state the ruling."""
    by_id = {e.id: e for e in reversed(entries)}
    out = []
    for raw in json_lines(path):
        try:
            asks = [str(q) for q in dict(raw["ask"]).values()]
            stating = [str(i) for i in dict(raw["entries"])]
        except (ValueError, KeyError, TypeError):
            continue
        topics = tuple(dict.fromkeys(t for i in stating if (e := by_id.get(i)) is not None
                                     for t in (e.part_of or (e.id,))))
        if topics:
            out.extend((q, topics, RULINGS_TAG) for q in asks)
    return out


def shipped_reranker(entries: Sequence[Entry], folder: Path = DATA_DIR) -> Reranker | None:
    """The reranker of a knowledge-base folder: its ``reranker.jsonl`` weights over a pool of the
    entries' example questions and the folder's labelled questions (``eval_questions.jsonl`` and the
    questions of ``rulings.jsonl``); None without weights."""
    weights = load_weights(folder / MODEL_FILE.name)
    if weights is None:
        return None
    position: dict[str, int] = {}
    for i, e in enumerate(entries):
        position.setdefault(e.id, i)
    asked = json_lines(folder / QUESTIONS_FILE.name)  # read once: rules questions and off-topic messages
    questions = labelled_questions(asked, entries)
    questions += ruling_questions(folder / RULINGS_FILE.name, entries)
    vectoriser = Vectoriser(reference_texts(entries))
    pool = Pool(vectoriser, pool_items(entries, position, questions))
    off_pool = Pool(vectoriser, [PoolItem(text, (), split) for text, split in
                                 offtopic_messages(asked)])
    topics = topic_model.load(vectoriser, folder / topic_model.MODEL_FILE.name)
    positions = None
    if topics is not None:
        if all(t in position for t in topics.topics):
            positions = np.array([position[t] for t in topics.topics], dtype=np.int64)
        else:
            topics = None  # fitted on another knowledge base
    return Reranker(weights, pool, margin=load_margin(folder / MODEL_FILE.name), off_pool=off_pool,
                    topic_model=topics, topic_positions=positions)


def offtopic_messages(lines: Sequence[Any]) -> list[tuple[str, str]]:
    """(text, split) of the off-topic messages (no ids) among an evaluation file's lines (``json_lines``)."""
    out = []
    for raw in lines:
        try:
            if not raw.get("ids") and not raw.get("topic"):
                out.append((str(raw["q"]), str(raw.get("split", ""))))
        except (KeyError, TypeError, AttributeError):
            continue
    return out
