"""Cross-validate and train the learned reranker (``rules.rerank``).

    python -m calico_bot.rules.rerank_cli cv [--kb-only] [--splits blind-a,blind-b,...]
    python -m calico_bot.rules.rerank_cli train       # writes data/rules/reranker.jsonl
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from dataclasses import dataclass

import numpy as np

from calico_bot.rules.evaluate import Question, Report, evaluate, load_questions, topics_of
from calico_bot.rules.knowledge import GAMES
from calico_bot.rules.rerank import (
    MODEL_FILE,
    Candidates,
    Pool,
    Reranker,
    Vectoriser,
    features,
    fit,
    pool_items,
    reference_texts,
    save_weights,
)
from calico_bot.rules.search import RulesIndex

BLIND = tuple(f"blind-{c}" for c in "abcdefghijklmno")
OFFTOPIC = tuple(f"offtopic-{c}" for c in "abcdef")


@dataclass(slots=True)
class Record:
    question: Question
    candidates: Candidates
    topics: tuple[int, ...]
    sims: np.ndarray


class _Recorder:
    """A reranker that keeps what it was shown and changes nothing."""

    def __init__(self) -> None:
        self.last: Candidates | None = None

    def order(self, c: Candidates) -> list[int]:
        cov = {int(g): c.coverage(int(g)) for g in np.flatnonzero(c.allowed)}
        self.last = Candidates(c.question, c.group_scores.copy(), list(c.order), c.allowed.copy(),
                               lambda g, cov=cov: cov.get(g, 0.0), c.games)
        return c.order


def build(index: RulesIndex, questions: list[Question], with_questions: bool = True) -> tuple[Pool, list[Record]]:
    entries = index.entries()
    position: dict[str, int] = {}
    for i, e in enumerate(entries):
        position.setdefault(e.id, i)
    scoped = [q for q in questions if not q.offtopic]
    labelled = [(q.q, q.required or topics_of(index, q.ids), q.split) for q in scoped] if with_questions else []
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
        cands, x = features(r.candidates, pool, hidden, r.sims)
        groups.append((x, np.array([g in r.topics for g in cands], dtype=bool)))
    return fit(groups)


def _fmt(report: Report) -> str:
    if not report.scoped:
        return f"refused {Report.refusal_rate(report.offtopic):6.1%} (n={len(report.offtopic)})"
    t1, t3 = report.topic_accuracy(report.scoped)
    return f"top-1 {t1:6.1%} top-3 {t3:6.1%} (n={len(report.scoped)})"


def cross_validate(index: RulesIndex, questions: list[Question], splits: tuple[str, ...], with_questions: bool
                   ) -> None:
    pool, records = build(index, questions, with_questions)
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
        index.reranker = Reranker(weights, pool, frozenset({split}))
        learned = evaluate(index, test)
        index.reranker = None
        print(f"{split:<11} hand ranking {_fmt(base)}   reranked (cv) {_fmt(learned)}", flush=True)
        base_all.extend(base.results)
        cv_all.extend(learned.results)
        per_split.append((base, learned))
    _summary("hand ranking", Report(tuple(base_all), 0.0), [b for b, _ in per_split])
    _summary("reranked, cross-validated", Report(tuple(cv_all), 0.0), [c for _, c in per_split])


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calico_bot.rules.rerank_cli", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("cv", "train"))
    parser.add_argument("--kb-only", action="store_true", help="neighbours from the knowledge base's examples only")
    parser.add_argument("--splits", default=",".join((*BLIND, *OFFTOPIC)), help="splits to leave out in turn (cv)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    index = RulesIndex(load_index_entries())
    questions = load_questions()
    if args.command == "cv":
        cross_validate(index, questions, tuple(s for s in args.splits.split(",") if s), not args.kb_only)
    else:
        pool, records = build(index, questions, not args.kb_only)
        weights = train_weights(pool, records)
        save_weights(weights, MODEL_FILE, "python -m calico_bot.rules.rerank_cli train")
        print(f"wrote {MODEL_FILE}: " + ", ".join(f"{w:+.3f}" for w in weights))
    print(f"({time.perf_counter() - start:.1f} s)", file=sys.stderr)
    return 0


def load_index_entries():  # noqa: ANN201 - a list of entries
    from calico_bot.rules.knowledge import load_entries

    return load_entries()


if __name__ == "__main__":
    sys.exit(main())
