"""Cross-validate and train the learned parts of the rules search: the reranker (``rules.rerank``)
and the off-topic classifier (``rules.scope_model``).

    python -m calico_bot.rules.learn cv [--kb-only] [--splits blind-a,blind-b,...]   # the reranker
    python -m calico_bot.rules.learn cv-scope [--no-extra]                            # the classifier
    python -m calico_bot.rules.learn train-scope   # writes data/rules/scope_model.jsonl
    python -m calico_bot.rules.learn cv-offtopic          # the off-topic neighbour rule's thresholds
    python -m calico_bot.rules.learn train   # writes data/rules/reranker.jsonl

Both ``cv`` commands leave one split out at a time, fit on the rest and measure the left-out split;
nothing is written. ``train`` fits the reranker and the topic classifier on everything, ``train-scope``
the off-topic classifier.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from calico_bot.rules import rerank, scope_model, topic_model
from calico_bot.rules.evaluate import Question, Report, evaluate, load_questions, topics_of
from calico_bot.rules.games import named_only_by_common_words
from calico_bot.rules.intents import structure_intent
from calico_bot.rules.knowledge import GAMES, load_entries
from calico_bot.rules.ngrams import Vectoriser
from calico_bot.rules.rerank import (
    MARGIN,
    MODEL_FILE,
    RULINGS_FILE,
    Candidates,
    Pool,
    PoolItem,
    Reranker,
    features,
    fit,
    pool_items,
    reference_texts,
    ruling_questions,
    save_weights,
    shipped_reranker,
)
from calico_bot.rules.scope import asks_or_requests
from calico_bot.rules.search import NAMED_GAME_FLOOR_SHARE, RulesIndex, vouching_game

_TUNABLE = ("BM25_CANDIDATES", "KNN_CANDIDATES", "NEIGHBOURS", "VOTE_NEIGHBOURS", "L2", "STEPS", "LEARNING_RATE")
#: Split name of knowledge-base example questions used as training questions (no pool item has it).
KB_TRAINING_SPLIT = "kb-example"
BLIND = tuple(f"blind-{c}" for c in "abcdefghijklmno")
OFFTOPIC = tuple(f"offtopic-{c}" for c in "abcdef")
#: The topic classifier's training questions are dealt into this many folds for cross-fitting: the
#: reranker learns from each question's log-probabilities under a classifier that never saw it.
FOLDS = 5


@dataclass(slots=True)
class Record:
    question: Question
    candidates: Candidates
    topics: tuple[int, ...]
    sims: np.ndarray
    #: For a knowledge-base example question trained on: its own pool item, hidden from it.
    self_item: int | None = None
    #: The topic classifier's log-probabilities per entry position, from a classifier that never saw the
    #: question's split (``cross_fit_topics``); None leaves the classifier's features out.
    log_p: np.ndarray | None = None


class _Recorder:
    """A reranker that keeps what it was shown and changes nothing."""

    def __init__(self) -> None:
        self.last: Candidates | None = None
        # No topic classifier: what the hand ranking decides is recorded without it.
        self.topic_model = None
        self.topic_positions = None

    def looks_off_topic(self, question: str) -> bool:
        return False  # the hand rules alone decide what is recorded

    def order(self, c: Candidates) -> list[int]:
        cov = {int(g): c.coverage(int(g)) for g in np.flatnonzero(c.allowed)}
        self.last = Candidates(c.question, c.group_scores.copy(), list(c.order), c.allowed.copy(),
                               lambda g, cov=cov: cov.get(g, 0.0), c.games, c.via_detail, c.variant_named)
        return c.order


def build(index: RulesIndex, questions: list[Question], with_questions: bool = True, kb_examples: bool = False
          ) -> tuple[Pool, list[Record]]:
    entries = index.entries()
    titles = {t for e in entries for t in e.title.values()}
    position: dict[str, int] = {}
    for i, e in enumerate(entries):
        position.setdefault(e.id, i)
    scoped = [q for q in questions if not q.offtopic]
    labelled = [(q.q, q.required or topics_of(index, q.ids), q.split) for q in scoped] if with_questions else []
    if with_questions:
        labelled += ruling_questions(RULINGS_FILE, entries)
    pool = Pool(Vectoriser(reference_texts(entries)), pool_items(entries, position, labelled))
    recorder = _Recorder()
    saved = index.reranker
    index.reranker = recorder  # type: ignore[assignment]
    records = []
    try:
        for q in scoped:
            recorder.last = None
            index.search(q.q, k=3)
            if recorder.last is None:
                continue
            topics = tuple(position[t] for t in (q.required or topics_of(index, q.ids)) if t in position)
            records.append(Record(q, recorder.last, topics, pool.similarities(q.q)))
        if kb_examples:
            for i, item in enumerate(pool.items):
                if item.tag != "kb" or item.text in titles:
                    continue
                recorder.last = None
                index.search(item.text, k=3)
                if recorder.last is None:
                    continue
                q = Question(item.text, (), "", "", KB_TRAINING_SPLIT)
                records.append(Record(q, recorder.last, item.labels, pool.similarities(item.text), i))
    finally:
        index.reranker = saved
    return pool, records


def train_weights(pool: Pool, records: list[Record], hide: frozenset[str] = frozenset()) -> np.ndarray:
    """Fit on ``records`` (those not in a hidden split), each hiding its own split and ``hide``."""
    groups = []
    for r in records:
        if r.question.split in hide:
            continue
        hidden = pool.hidden({*hide, r.question.split})
        if r.self_item is not None:
            hidden[r.self_item] = True
        cands, x = features(r.candidates, pool, hidden, r.sims, log_p=r.log_p)
        groups.append((x, np.array([g in r.topics for g in cands], dtype=bool)))
    return fit(groups)


def main_topics(index: RulesIndex) -> tuple[list[str], np.ndarray]:
    """The main topics' ids (the topic classifier's classes) and their entry positions."""
    ids, positions = [], []
    for i, e in enumerate(index.entries()):
        if not e.part_of and e.id not in ids:
            ids.append(e.id)
            positions.append(i)
    return ids, np.array(positions, dtype=np.int64)


def train_topics(index: RulesIndex, questions: list[Question], hide: frozenset[str] = frozenset(),
                 vectoriser: Vectoriser | None = None, **settings: float) -> topic_model.TopicModel:
    """The topic classifier fitted on the knowledge base's titles and examples and on the labelled rules
    questions (``eval_questions.jsonl`` and ``rulings.jsonl``) of every split not in ``hide``."""
    entries = index.entries()
    position: dict[str, int] = {}
    for i, e in enumerate(entries):
        position.setdefault(e.id, i)
    labelled = [(q.q, q.required or topics_of(index, q.ids), q.split) for q in questions
                if not q.offtopic and q.split not in hide]
    labelled += ruling_questions(RULINGS_FILE, entries)
    items = [it for it in pool_items(entries, position, labelled) if it.tag not in hide]
    ids, _ = main_topics(index)
    return topic_model.fit(vectoriser or Vectoriser(reference_texts(entries)), [it.text for it in items],
                           [tuple(entries[g].id for g in it.labels) for it in items], ids, **settings)


def scope_data(index: RulesIndex, questions: list[Question]) -> tuple[list[str], list[bool], list[str]]:
    """(texts, off-topic?, split) for the classifier: the knowledge base's example questions (split
    "kb"), the classifier's own training messages (``scope_model.TRAIN_FILE``, split "scope-train"),
    the rulings' questions (split "rulings") and every labelled question; each text as the classifier
    reads it (``RulesIndex.scope_text``)."""
    texts: list[str] = []
    labels: list[bool] = []
    splits: list[str] = []
    for e in index.entries():
        for qs in e.examples.values():
            texts.extend(qs)
            labels.extend([False] * len(qs))
            splits.extend(["kb"] * len(qs))
    for text, off in scope_model.training_lines():
        texts.append(text)
        labels.append(off)
        splits.append("scope-train")
    for text, _, split in ruling_questions(RULINGS_FILE, index.entries()):
        texts.append(text)
        labels.append(False)
        splits.append(split)
    for q in questions:
        texts.append(q.q)
        labels.append(q.offtopic)
        splits.append(q.split)
    return [index.scope_text(t) for t in texts], labels, splits


def train_scope(index: RulesIndex, questions: list[Question], hide: str | None = None,
                extra: bool = True) -> scope_model.ScopeModel:
    """The classifier fitted on everything but the split ``hide`` (``extra``: with ``scope_train.jsonl``)."""
    texts, labels, splits = scope_data(index, questions)
    keep = [i for i, s in enumerate(splits) if s != hide and (extra or s != "scope-train")]
    vectoriser = Vectoriser(reference_texts(index.entries()))
    return scope_model.fit(vectoriser, [texts[i] for i in keep], [labels[i] for i in keep])


@dataclass(slots=True)
class ScopeRow:
    """One labelled message under the hand rules (with the shipped reranker, its split hidden) and its
    cross-validated P(off-topic)."""

    question: Question
    refused: bool
    score: float
    #: A game named in a way that halves the classifier's floor (vouching, not by ordinary words only, in a message
    #: shaped as a question; an overview given for the name alone is not told apart here).
    vouched: bool
    intent: bool
    p: float = 0.0

    def refused_with(self, start: float, slope: float, cap: float = scope_model.CAP,
                     sure: float = scope_model.SURE) -> bool:
        """Whether the search refuses it with the classifier's floor ``slope * (p - start)``, at most ``cap``
        below P = ``sure``."""
        if self.refused or self.intent:
            return self.refused
        needed = max(0.0, slope * (self.p - start))
        if self.p < sure:
            needed = min(cap, needed)
        needed *= NAMED_GAME_FLOOR_SHARE if self.vouched else 1.0
        return self.score < needed


def scope_rows(index: RulesIndex, questions: list[Question], extra: bool = True) -> list[ScopeRow]:
    """Every labelled message: the hand rules' verdict and its P(off-topic) by a classifier fitted
    without its split."""
    saved, saved_model = index.reranker, index.scope_model
    index.scope_model = None
    rows = []
    try:
        for q in questions:
            if saved is not None:
                index.reranker = saved.hiding({q.split})
            lk = index.lookup(q.q, k=1)
            rows.append(ScopeRow(q, not lk.hits, lk.hits[0].score if lk.hits else 0.0,
                                 vouching_game(q.q) is not None and not named_only_by_common_words(q.q)
                                 and asks_or_requests(q.q),
                                 structure_intent(q.q) is not None))
    finally:
        index.reranker, index.scope_model = saved, saved_model
    by_text = {r.question.q: r for r in rows}
    for split in dict.fromkeys(q.split for q in questions):
        test = [q for q in questions if q.split == split]
        model = train_scope(index, questions, hide=split, extra=extra)
        for q, p in zip(test, model.probabilities([index.scope_text(q.q) for q in test]), strict=True):
            by_text[q.q].p = float(p)
    return rows


SCOPE_GRID = tuple((start, slope) for start in (0.3, 0.4, 0.5, 0.6, 0.7) for slope in (1.0, 1.5, 2.0, 3.0))


def cross_validate_scope(index: RulesIndex, questions: list[Question], extra: bool = True,
                         start: float = scope_model.START, slope: float = scope_model.SLOPE) -> None:
    """Leave each split out in turn, fit the classifier on the rest, and measure the left-out split
    through the search with the classifier's floor (per split: off-topic refused, rules questions
    refused), before (hand rules) and after; then a grid of floors."""
    rows = scope_rows(index, questions, extra)
    off = [r for r in rows if r.question.offtopic]
    scoped = [r for r in rows if not r.question.offtopic]

    def line(name: str, rs: list[ScopeRow], start: float, slope: float) -> str:
        if rs[0].question.offtopic:
            by_lang = {lg: [r for r in rs if r.question.lang == lg] for lg in ("en", "zh")}
            return (f"{name:<14} off-topic refused {np.mean([r.refused for r in rs]):6.1%} -> "
                    f"{np.mean([r.refused_with(start, slope) for r in rs]):6.1%} (n={len(rs)}; "
                    + ", ".join(f"{lg} {np.mean([r.refused for r in v]):.1%} -> "
                                f"{np.mean([r.refused_with(start, slope) for r in v]):.1%}"
                                for lg, v in by_lang.items() if v) + ")")
        return (f"{name:<14} rules questions refused {sum(r.refused for r in rs)} -> "
                f"{sum(r.refused_with(start, slope) for r in rs)} of {len(rs)}")

    print(f"classifier floor {slope} * (P(off-topic) - {start}), at most {scope_model.CAP} below P = "
          f"{scope_model.SURE}, each split left out of the fit"
          + ("" if extra else " (without scope_train.jsonl)"))
    for split in dict.fromkeys(r.question.split for r in rows):
        print(line(split, [r for r in rows if r.question.split == split], start, slope))
    print(line("all off-topic", off, start, slope))
    print(line("all rules", scoped, start, slope))
    for t in (0.8, 0.9):
        print(f"classifier alone, refusing at P >= {t}: off-topic {np.mean([r.p >= t for r in off]):.1%}, rules "
              f"questions {sum(r.p >= t for r in scoped)} of {len(scoped)}")
    print("grid (start, slope): off-topic refused, rules questions refused")
    for a, b in SCOPE_GRID:
        wrong = [r for r in scoped if r.refused_with(a, b)]
        print(f"  {a:.1f} {b:.1f}: {np.mean([r.refused_with(a, b) for r in off]):.1%}, {len(wrong)}"
              + "".join(f"; [{r.question.split}] {r.question.q} ({r.p:.2f})" for r in wrong[:5]))
    print("off-topic messages still answered (P(off-topic), answer's confidence):")
    for r in sorted((r for r in off if not r.refused_with(start, slope)), key=lambda r: -r.p):
        print(f"  {r.p:.2f} {r.score:.2f} [{r.question.split}] {r.question.q}")
    print("rules questions the classifier finds most off-topic:")
    for r in sorted(scoped, key=lambda r: -r.p)[:8]:
        print(f"  {r.p:.2f} {r.score:.2f} [{r.question.split}] {r.question.q}")


def cross_validate_offtopic(index: RulesIndex, questions: list[Question]) -> None:
    """The off-topic neighbour rule (``Reranker.looks_off_topic``), each message's own split hidden
    from both pools: how many rules questions it would refuse, how many off-topic messages it fires
    on, and which of those the hand rules let through, for a grid of thresholds."""
    pool, _ = build(index, [], True)
    labelled = [(q.q, q.required or topics_of(index, q.ids), q.split) for q in questions if not q.offtopic]
    position = {e.id: i for i, e in reversed(list(enumerate(index.entries())))}
    pool = Pool(pool.vectoriser, pool_items(index.entries(), position,
                                            labelled + ruling_questions(RULINGS_FILE, index.entries())))
    off_pool = Pool(pool.vectoriser, [PoolItem(q.q, (), q.split) for q in questions if q.offtopic])
    saved = index.reranker
    index.reranker = None
    try:
        hand = {q.q: not index.search(q.q, k=1) for q in questions}
    finally:
        index.reranker = saved
    rows = []
    for q in questions:
        rules = float(np.where(pool.tags == q.split, 0.0, pool.similarities(q.q)).max(initial=0.0))
        off = float(np.where(off_pool.tags == q.split, 0.0, off_pool.similarities(q.q)).max(initial=0.0))
        rows.append((q, rules, off))
    n_off = sum(q.offtopic for q in questions)
    print(f"hand rules: off-topic refused {sum(hand[q.q] for q in questions if q.offtopic)} of {n_off}")
    for margin in (0.1, 0.2, 0.3):
        for least in (0.3, 0.4, 0.5):
            fired = [(q, r, o) for q, r, o in rows if o >= least and o - r >= margin]
            wrong = [q for q, _, _ in fired if not q.offtopic]
            gained = [q for q, _, _ in fired if q.offtopic and not hand[q.q]]
            print(f"least {least:.1f} margin {margin:.1f}: fires on {sum(q.offtopic for q, _, _ in fired)} of "
                  f"{n_off} off-topic messages ({len(gained)} the hand rules answer), on {len(wrong)} rules questions"
                  + (": " + "; ".join(q.q for q in wrong[:4]) if wrong else ""))
    near = sorted((row for row in rows if not row[0].offtopic), key=lambda row: row[1] - row[2])[:5]
    print("rules questions nearest to firing (off-topic similarity - rules similarity):")
    for q, r, o in near:
        print(f"  {o - r:+.2f} [{q.split}] {q.q}")


def _fmt(report: Report) -> str:
    if not report.scoped:
        return f"refused {Report.refusal_rate(report.offtopic):6.1%} (n={len(report.offtopic)})"
    t1, t3 = report.topic_accuracy(report.scoped)
    return f"top-1 {t1:6.1%} top-3 {t3:6.1%} (n={len(report.scoped)})"


def topic_folds(questions: list[Question]) -> list[frozenset[str]]:
    """The labelled splits (and the rulings' questions) dealt in turn into ``FOLDS`` groups, by name."""
    splits = sorted({q.split for q in questions if not q.offtopic} | {rerank.RULINGS_TAG})
    return [frozenset(splits[i::FOLDS]) for i in range(FOLDS)]


def cross_fit_topics(index: RulesIndex, questions: list[Question], records: list[Record], vectoriser: Vectoriser
                     ) -> dict[str, topic_model.TopicModel]:
    """One topic classifier per fold of ``topic_folds``, fitted without that fold's splits; each record of a
    labelled split gets the log-probabilities of the classifier that never saw its split (the rest keep
    None). Returns the classifier of each split."""
    _, positions = main_topics(index)
    by_split: dict[str, topic_model.TopicModel] = {}
    for fold in topic_folds(questions):
        model = train_topics(index, questions, fold, vectoriser)
        by_split.update(dict.fromkeys(fold, model))
    for r in records:
        model = by_split.get(r.question.split)
        if model is not None:
            r.log_p = rerank.topic_log_probabilities(model, positions, r.candidates)
    return by_split


def cross_validate(index: RulesIndex, questions: list[Question], splits: tuple[str, ...], with_questions: bool,
                   margin: float = MARGIN, margins: Sequence[float] = (), show_misses: bool = False,
                   kb_examples: bool = False, topics: bool = True) -> None:
    pool, records = build(index, questions, with_questions, kb_examples)
    # Each split's questions are ranked with the classifier of its fold, which never saw them.
    fold_models = cross_fit_topics(index, questions, records, pool.vectoriser) if topics else {}
    _, positions = main_topics(index)
    by_margin: dict[float, list] = {m: [] for m in margins}
    base_all: list = []
    cv_all: list = []
    per_split = []
    for split in splits:
        test = [q for q in questions if q.split == split]
        if not test:
            continue
        index.reranker = None
        base = evaluate(index, test)
        weights = train_weights(pool, records, frozenset({split}))
        model = fold_models.get(split)
        index.reranker = Reranker(weights, pool, frozenset({split}), margin, topic_model=model,
                                  topic_positions=positions)
        learned = evaluate(index, test)
        for m in margins:
            index.reranker = Reranker(weights, pool, frozenset({split}), m, topic_model=model,
                                      topic_positions=positions)
            by_margin[m].extend(evaluate(index, test).results)
        index.reranker = None
        print(f"{split:<11} hand ranking {_fmt(base)}   reranked (cv) {_fmt(learned)}", flush=True)
        if show_misses:
            for r in learned.failures():
                print(f"    miss [{r.question.game}/{r.question.lang}] {r.question.q!r}: got {', '.join(r.got) or '-'};"
                      f" expected {' | '.join(r.topics)}")
        base_all.extend(base.results)
        cv_all.extend(learned.results)
        per_split.append((base, learned))
    _summary("hand ranking", Report(tuple(base_all), 0.0), [b for b, _ in per_split])
    _summary("reranked, cross-validated", Report(tuple(cv_all), 0.0), [c for _, c in per_split])
    for m in margins:
        report = Report(tuple(by_margin[m]), 0.0)
        t1, t3 = report.topic_accuracy(report.scoped)
        off = Report.refusal_rate(report.offtopic)
        print(f"  margin {m:.2f}: pooled top-1 {t1:.1%} top-3 {t3:.1%} (n={len(report.scoped)}), rules questions "
              f"refused {sum(r.refused for r in report.scoped)}, off-topic refused {off:.1%}")


def _summary(name: str, report: Report, per_split: list[Report]) -> None:
    scoped = [r for r in per_split if r.scoped]
    if scoped:
        mean1 = np.mean([r.topic_accuracy(r.scoped)[0] for r in scoped])
        mean3 = np.mean([r.topic_accuracy(r.scoped)[1] for r in scoped])
        t1, t3 = report.topic_accuracy(report.scoped)
        print(f"{name}: mean over {len(scoped)} splits top-1 {mean1:.1%} top-3 {mean3:.1%}; pooled top-1 {t1:.1%} "
              f"top-3 {t3:.1%} (n={len(report.scoped)}); rules questions refused "
              f"{sum(r.refused for r in report.scoped)}")
        slices = defaultdict(list)
        for r in report.scoped:
            slices[(r.question.game, r.question.lang)].append(r)
        print("   " + ", ".join(f"{g}/{lg} {report.topic_accuracy(slices[(g, lg)])[0]:.1%}"
                                for g in GAMES for lg in ("en", "zh") if slices[(g, lg)]))
    off = report.offtopic
    if off:
        rates = [Report.refusal_rate(r.offtopic) for r in per_split if r.offtopic]
        by_lang = {lg: Report.refusal_rate([r for r in off if r.question.lang == lg]) for lg in ("en", "zh")}
        print(f"{name}: off-topic refused, mean over {len(rates)} splits {np.mean(rates):.1%}; pooled "
              f"{Report.refusal_rate(off):.1%} (en {by_lang['en']:.1%}, zh {by_lang['zh']:.1%})")


def _write_topics(model: topic_model.TopicModel) -> None:
    topic_model.save(model, topic_model.MODEL_FILE, "python -m calico_bot.rules.learn train")
    print(f"wrote {topic_model.MODEL_FILE}: {len(model.grams)} n-grams x {len(model.topics)} topics, "
          f"{int(np.count_nonzero(model.weights))} weights")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.rules.learn", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("cv", "cv-scope", "cv-offtopic", "train", "train-scope"))
    parser.add_argument("--no-topics", action="store_true", help="cv: rank without the topic classifier")
    parser.add_argument("--kb-only", action="store_true", help="neighbours from the knowledge base's examples only")
    parser.add_argument("--no-extra", action="store_true", help="cv-scope: fit without scope_train.jsonl")
    parser.add_argument("--kb-examples", action="store_true",
                        help="cv: also train on the knowledge base's example questions (each hidden from itself)")
    parser.add_argument("--misses", action="store_true", help="cv: list the reranked misses of each split")
    parser.add_argument("--margins", default="", help="also measure these margins (comma-separated; cv)")
    parser.add_argument("--splits", default=",".join((*BLIND, *OFFTOPIC)), help="splits to leave out in turn (cv)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override a number of rules.rerank (BM25_CANDIDATES, KNN_CANDIDATES, NEIGHBOURS, "
                             "VOTE_NEIGHBOURS, L2, STEPS, LEARNING_RATE) for this run")
    args = parser.parse_args(argv)
    for setting in args.set:
        name, _, value = setting.partition("=")
        if name not in _TUNABLE:
            parser.error(f"--set: {name!r} is not one of {', '.join(_TUNABLE)}")
        setattr(rerank, name, type(getattr(rerank, name))(value))
    start = time.perf_counter()
    index = RulesIndex(load_entries())
    questions = load_questions()
    if args.command == "cv":
        cross_validate(index, questions, tuple(s for s in args.splits.split(",") if s), not args.kb_only,
                       margins=[float(m) for m in args.margins.split(",") if m], show_misses=args.misses,
                       kb_examples=args.kb_examples, topics=not args.no_topics)
    elif args.command == "cv-offtopic":
        cross_validate_offtopic(index, questions)
    elif args.command == "cv-scope":
        index.reranker = shipped_reranker(index.entries())
        cross_validate_scope(index, questions, not args.no_extra)
    elif args.command == "train-scope":
        model = train_scope(index, questions)
        scope_model.save(model, scope_model.MODEL_FILE, "python -m calico_bot.rules.learn train-scope")
        print(f"wrote {scope_model.MODEL_FILE}: {len(model.grams)} n-gram weights")
    else:
        pool, records = build(index, questions, not args.kb_only)
        cross_fit_topics(index, questions, records, pool.vectoriser)
        weights = train_weights(pool, records)
        save_weights(weights, MODEL_FILE, "python -m calico_bot.rules.learn train", data=rerank.training_digest())
        _write_topics(train_topics(index, questions, vectoriser=pool.vectoriser))
        print(f"wrote {MODEL_FILE}: " + ", ".join(f"{w:+.3f}" for w in weights))
    print(f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
