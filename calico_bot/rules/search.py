"""Ranking rules entries for a player's question.

Per script, rank_bm25's ``BM25Okapi`` indexes the entries: English word terms in one set of indexes,
Chinese character unigrams + bigrams in another, so each language gets its own length normalisation
and mixed questions ("Leo 几分?") use both. The main document is the entry's titles (repeated 3x),
keywords (2x), id words and text (1x) in both languages; separate title-only and keyword-only BM25
indexes add a BM25F-like field boost. With no game named, Calico (the bot's main game) gets a small
prior; a named game (argument or question) filters the results to it.

Scores are then adjusted: entries about a variant (solo, two players, family) that the question does
not name rank lower; topics summing up a whole score rank lower when the question names one part of
it; questions about a game's structure ("how many rounds", 怎么赢; ``rules.intents``) put the topic
that answers them first.

"No good match" is decided in two steps (``RulesIndex.lookup``). First ``rules.scope.out_of_scope``
refuses messages that are no rules question at all (another game, the bot itself, arithmetic, small
talk, other subjects, no rules word). Then the first answer's confidence (``Hit.score``, 0..1: the
share of the question's information - IDF-weighted English terms and Chinese characters, unknown ones
at the highest weight; see ``RulesIndex._coverage`` - that the entry contains, damped for
lower-ranked hits by their BM25 score relative to the best one) must reach a floor, lower for long
questions and for questions naming one of our games, higher for questions using words of another
subject (``RulesIndex._floor`` and ``lookup``). Both are measured on the question's clauses that hold
a rules word (``RulesIndex._core``), so chatter around a rules question does not count against it.
With no game named, a player count only one game supports ("five players") picks that game.

``here`` is the game being played where the question is asked (the bot passes the game of the
thread or channel). It is a hint, not a filter: it takes Calico's place as the game favoured on
near-ties and as the game a structure question ("how many rounds?") or a bare "rules?" is about, but
a game the question names, or words that belong to one other game ("boat", "trick"), still win.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
from rank_bm25 import BM25Okapi
from rapidfuzz import fuzz, process
from rapidfuzz.distance import DamerauLevenshtein

from calico_bot.rules import index_cache
from calico_bot.rules.games import (
    asks_about_game,
    card_number_game,
    guess_game,
    named_only_by_common_words,
    named_only_by_theme,
    player_count_game,
    strip_game_names,
)
from calico_bot.rules.intents import (
    BOT_INTENTS,
    ROUNDS_GAME,
    STRUCTURE_DETAILS,
    STRUCTURE_TOPICS,
    bot_game,
    length_game,
    score_parts,
    solo_tie_game,
    structure_intent,
)
from calico_bot.rules.knowledge import DATA_DIR, GAMES, LANGS, MAX_TITLE_CHARS, Entry, iter_files, load_entries
from calico_bot.rules.rerank import (
    MODEL_FILE,
    QUESTIONS_FILE,
    RULINGS_FILE,
    Candidates,
    Reranker,
    shipped_reranker,
)
from calico_bot.rules.scope import (
    CLAUSE_PUNCTUATION,
    GENERAL_EN,
    ZH_DOMAIN_CHARS,
    ZH_GENERAL,
    after_the_aside,
    asks_or_requests,
    has_zh_rules_word,
    other_domain_signals,
    out_of_scope,
    picture_words,
    without_passing_games,
)
from calico_bot.rules.scope_model import ScopeModel, shipped_scope_model
from calico_bot.rules.text_tokens import (
    STOP_WORDS,
    canonical,
    detect_lang,
    en_words,
    normalize_lang,
    synonym_words,
    to_simplified,
    zh_pieces,
    zh_synonym_words,
    zh_tokens,
)

_STOP_WORDS = sorted(w for w in STOP_WORDS if len(w) >= 3)
#: A space of Calico's quilt board named by its label ("where is B3 lol"): a message about the board, never judged
#: by its likeness to labelled chat.
_SPACE_LABEL_RE = re.compile(r"\b[a-e][1-5]\b")
#: Single characters that count as a word of the rules even where the segmenter left them inside a pair
#: ("没买的牌去哪了": 牌): the rules' one-character words, but not 猫, which every message about cats has.
_ZH_WORD_CHARS = ZH_DOMAIN_CHARS - {"猫"}
#: Clause boundaries: punctuation in either script, or a dash between spaces.
_CLAUSE_RE = re.compile(CLAUSE_PUNCTUATION + r"|\s+-\s+")
#: The same, and also a space between two Chinese characters ("哈哈哈 猫能..."): for the off-topic checks.
_LOOSE_CLAUSE_RE = re.compile(_CLAUSE_RE.pattern + r"|(?<=[\u3400-\u9fff])\s+(?=[\u3400-\u9fff])")
#: Runs of English letters (the words the off-topic classifier's spelling repair looks at).
_LETTERS = re.compile(r"[a-z]+")

TITLE_WEIGHT = 3
KEYWORD_WEIGHT = 2
TEXT_WEIGHT = 1
FIELDS = ("title", "keywords", "body", "examples")
EXAMPLE_WEIGHT = 1
#: Extra BM25 scores of the title field and the keyword field alone, added with these weights.
TITLE_FIELD_BOOST = 0.5
KEYWORD_FIELD_BOOST = 1.0
EXAMPLE_FIELD_BOOST = 1.0
#: Confidence credit for a question word found only in an entry's example questions.
EXAMPLE_CREDIT = 0.5
#: Index terms (English) and Chinese pieces that, next to a game's name and nothing else, ask about
#: the game as a whole ("calico rules", "how do you play the isle of cats", "盒中猫规则").
ABOUT_THE_GAME_EN = frozenset({"play", "rule", "overview", "game", "explain", "learn", "beginner", "basic", "work",
                               "teach", "summary", "general", "idea", "gist", "concept", "premise", "explan"})
ABOUT_THE_GAME_ZH = frozenset({"玩", "规则", "玩法", "介绍", "好玩", "简介", "游戏", "规则介绍", "游戏规则", "简单讲",
                               "简单说", "简单介绍", "在玩", "大概", "讲讲", "说说", "概括"})
#: "can't", "unable", 不能: a question about what a player cannot do is never "how do you play".
_CANNOT_RE = re.compile(r"\b(?:cant|can'?t|can\s*not|cannot|couldn'?t|couldnt|unable\s+to)\b|不能|没法|没办法|无法")
#: A detail entry lends this share of its score to the main topics it is ``part_of``.
DETAIL_SHARE = 1.0
#: Questions with more words (English terms + Chinese pieces) than this get a proportionally lower floor.
LONG_QUESTION_WORDS = 8
#: Once the best answer passed the floor, the next ones (shown as "related") need only this much.
FOLLOWING_FLOOR = 0.1
#: Below this confidence ``search`` returns nothing rather than a poor guess.
CONFIDENCE_FLOOR = 0.18
#: A question that names one of our games is a rules question already: it needs this share of the floor.
NAMED_GAME_FLOOR_SHARE = 0.5
#: A question using words of another subject (pizza, weather, bitcoin, a pet's habits;
#: ``scope.other_domain_signals``) must be covered at least this well, and ``OTHER_DOMAIN_STEP`` better
#: for each further sign (half as much when it names one of our games).
OTHER_DOMAIN_FLOOR = 0.25
OTHER_DOMAIN_STEP = 0.1
#: On near-ties between games (no game named), Calico - the bot's main game, or the game played where
#: the question is asked (``here``) - gets this edge, unless the question's own words point to another
#: game (``RulesIndex._hinted_game``), which then gets it.
CALICO_PRIOR = 1.2
#: A structure question ("how many players", "undo") whose words point to no game is about the game whose
#: topics hold at least this share of the topic classifier's probability (``RulesIndex._learned_game``).
LEARNED_GAME_SHARE = 0.65
#: Games that do not support the player count a question names ("with 5 players") rank this much lower.
UNSUPPORTED_COUNT_FACTOR = 0.5
GAME_HINT_DOMINANCE = 2.0
#: One-character words that name a game's own component (fish, boat, rats, a trick) hint at that game
#: even inside a longer run of characters ("最后剩下的鱼算分吗"), where other single characters do not.
HINT_CHARS = frozenset("鱼船鼠墩")
#: Such a component word counts this many times its IDF as evidence: "还剩12条鱼" points to The Isle of Cats
#: even though "手上" happens to be written only in Calico's texts.
HINT_CHAR_WEIGHT = 2.0
#: A word hints at its game only when at least this many of that game's entries use it.
HINT_MIN_ENTRIES = 2
#: Fuzzy spelling correction (rapidfuzz ratio): words of 4-5 letters need a closer match (one missing
#: or extra letter) than longer ones (one swapped or wrong letter), so "paris" is not read as "pairs".
FUZZY_CUTOFF = 80
FUZZY_CUTOFF_SHORT = 88
FUZZY_MIN_LEN = 4
#: Words of at least this many letters are also checked against the synonym map's words for one typo.
SYNONYM_TYPO_MIN_LEN = 7
#: Entries about one variant (solo, two players, family) answer questions that name the variant: with
#: the variant named they rank ``VARIANT_BOOST`` higher, without it ``VARIANT_PENALTY`` lower, so
#: "how does the market refill" gets the normal refill before the solo conveyor. Triggers are index
#: terms (English) and Chinese pieces' substrings.
VARIANTS: dict[str, tuple[tuple[str, ...], tuple[str, ...], frozenset[str]]] = {
    "solo": (("calico.solo.", "calico.scenarios.", "calico.faq.solo_", "ioc.solo"),
             ("单人", "单机", "姐姐", "妹妹", "剧本", "关卡"), frozenset({"solo", "sister", "scenario", "campaign"})),
    "two": (("citb.two_player", "calico.variant.lower_variance"), ("双人",), frozenset({"twoplayer", "lowervari"})),
    "family": (("calico.variant.family", "calico.faq.family_switch", "ioc.family_mode"), ("家庭", "亲子", "儿童"),
               frozenset({"kid"})),
}
#: "family" also means a group of cats in The Isle of Cats: entries about the family variant are
#: boosted when it is named, never lowered.
UNPENALISED_VARIANTS = frozenset({"family"})
VARIANT_BOOST = 1.25
VARIANT_PENALTY = 0.85
#: Topics that sum up a whole score: a question naming just one part of it ("纽扣怎么得分", "Millie 几分")
#: asks about that part, so these rank ``SUMMARY_PENALTY`` lower.
SUMMARY_TOPICS = frozenset({"calico.scoring.total", "ioc.scoring"})
SUMMARY_PENALTY = 0.85
#: Edge of a scoring topic (``*.scoring*``) over another topic that a detail lends the same score to,
#: when the question asks about points.
SCORING_TIE_BONUS = 1.02
#: rank_bm25 BM25Okapi parameters.
BM25_K1 = 1.5
BM25_B = 0.75
#: Length normalisation of the title and keyword fields: none, so a long title or keyword list is
#: not penalised against a short one (general topics have longer ones).
FIELD_B = 0.0
#: Ranking weight of single Chinese characters relative to bigrams.
ZH_UNIGRAM_RANK_WEIGHT = 1.0
#: Credit for a Chinese character found in an entry only on its own, not inside a matching bigram.
ZH_CHAR_ONLY_CREDIT = 0.4
#: Credit for a word matched only after spelling correction (short words are riskier to correct).
FUZZY_CREDIT_LONG = 0.8
FUZZY_CREDIT_SHORT = 0.5
#: How many of the hand ranking's topics the learned reranker (``rules.rerank``) may reorder.
BM25_POOL = 12


@dataclass(frozen=True, slots=True)
class Hit:
    """One search result, in the answer language."""

    id: str
    game: str
    title: str
    score: float
    text: str
    lang: str
    related: list[tuple[str, str]] = field(default_factory=list)
    #: The detail entry (``part_of`` this one) that matched the question best, when it matched
    #: better than this topic's own text: the answer shows it under the topic.
    detail: Hit | None = None

    @property
    def answer_text(self) -> str:
        """The topic's text, followed by the matched detail (title and text) when there is one."""
        if self.detail is None:
            return self.text
        return f"{self.text}\n\n▸ {self.detail.title}: {self.detail.text}"


@dataclass(frozen=True, slots=True)
class Lookup:
    """Everything a search decided: the answers, the guesses that did not clear the floor, and why."""

    #: The answers (what :meth:`RulesIndex.search` returns): each cleared its confidence floor.
    hits: list[Hit]
    #: The best-ranked entries that did *not* clear the floor, best first (their ``score`` is the
    #: confidence they reached); empty when every candidate cleared or nothing matched at all.
    guesses: list[Hit]
    #: The floor the first answer had to reach (lower for long questions).
    floor: float
    #: Why the message is not a rules question (``scope.out_of_scope``), or None.
    out_of_scope: str | None = None


def _dedupe(tokens: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(tokens))


def _non_empty(docs: list[list[str]]) -> list[list[str]]:
    # rank_bm25 divides by the average document length: keep every document non-empty.
    return [d if d else ["\x00empty"] for d in docs]


def _is_zh_char(token: str) -> bool:
    return len(token) == 1 and not token.isascii()


def _is_zh_bigram(token: str) -> bool:
    return len(token) == 2 and not token.isascii()


class _TermCachedBM25(BM25Okapi):
    """rank_bm25's Okapi BM25 with each term's score over all documents kept once computed.

    ``BM25Okapi.get_scores`` rebuilds a term's frequency column from every document's dictionary on
    each call; the knowledge base never changes after loading, so a term's column is computed the same
    way once and reused. Summed in the query's order from zeros, the scores are the library's exactly."""

    def __init__(self, corpus: list[list[str]], k1: float, b: float) -> None:
        super().__init__(corpus, k1=k1, b=b)
        self._norm = self.k1 * (1 - self.b + self.b * np.array(self.doc_len) / self.avgdl)
        self._columns: dict[str, np.ndarray] = {}

    def _column(self, term: str) -> np.ndarray:
        column = self._columns.get(term)
        if column is None:
            q_freq = np.array([(doc.get(term) or 0) for doc in self.doc_freqs])
            column = (self.idf.get(term) or 0) * (q_freq * (self.k1 + 1) / (q_freq + self._norm))
            self._columns[term] = column
        return column

    def get_scores(self, query: list[str]) -> np.ndarray:
        score = np.zeros(self.corpus_size)
        for term in query:
            score += self._column(term)
        return score


class _LangIndex:
    """BM25 over one script's tokens, plus per-document token sets for the coverage measure.

    ``docs`` is the whole entry (titles and keywords repeated by their weight); ``fields`` are extra
    per-field BM25 indexes (titles, keywords) whose scores are added with a weight. Term frequency
    saturates quickly in BM25, so a separate short title field is what lets "buttons" prefer the entry
    *about* buttons over a long entry that mentions them many times.
    """

    def __init__(
        self,
        docs: list[list[str]],
        fields: Sequence[tuple[list[list[str]], float]] = (),
        covered: list[list[str]] | None = None,
    ) -> None:
        self.docs = _non_empty(docs)
        self.bm25 = _TermCachedBM25(self.docs, k1=BM25_K1, b=BM25_B)
        self.fields = [(_TermCachedBM25(_non_empty(f), k1=BM25_K1, b=FIELD_B), w) for f, w in fields if w > 0]
        # Coverage (the confidence) trusts what an entry says more than its example questions, whose
        # chatty words ("tomorrow", "my friend") would otherwise vouch for off-topic questions.
        self.all_sets = [frozenset(d) for d in self.docs]
        self.sets = [frozenset(d) for d in covered] if covered is not None else self.all_sets
        self.vocab = frozenset().union(*self.all_sets) if self.all_sets else frozenset()
        self.said_vocab = frozenset().union(*self.sets) if self.sets else frozenset()
        self.max_idf = max(self.bm25.idf.values(), default=1.0)

    def weight(self, token: str) -> float:
        """An English term's share of a question's information: its IDF, or the highest IDF when the
        knowledge base never uses it (unknown words are what off-topic questions are made of)."""
        idf = self.bm25.idf.get(token)
        return self.max_idf if idf is None else max(idf, 0.05)

    def scores(self, tokens: list[str]) -> np.ndarray:
        """Sum of the BM25 scores (whole entry + weighted fields). Single Chinese characters are
        scored at ``ZH_UNIGRAM_RANK_WEIGHT``: they mostly repeat what the bigrams already say."""
        total = np.zeros(len(self.docs))
        known = [t for t in tokens if t in self.vocab]
        chars = [t for t in known if _is_zh_char(t)]
        words = [t for t in known if not _is_zh_char(t)]
        for group, factor in ((words, 1.0), (chars, ZH_UNIGRAM_RANK_WEIGHT)):
            if not group or factor <= 0:
                continue
            total += factor * self.bm25.get_scores(group)
            for bm25, weight in self.fields:
                total += factor * weight * bm25.get_scores(group)
        return total


@dataclass(frozen=True, slots=True)
class _Query:
    en: list[str]
    zh: list[str]
    pieces: list[str]
    credit: dict[str, float]
    #: How many parts of a score the question names (``intents.score_parts``).
    parts: int = 0
    #: The only game supporting the player count the question names (``games.player_count_game``).
    count_game: str | None = None
    #: The game whose cards are numbered, when the question names a card by its number (``games.card_number_game``).
    card_game: str | None = None


@dataclass(frozen=True, slots=True)
class _CoveragePlan:
    """One query's coverage terms, weighed (``RulesIndex._coverage_plan``): English terms with their credited
    weight, Chinese characters with their weight, full-credit keys and whether they earn partial credit alone."""

    en: tuple[tuple[str, float], ...]
    zh: tuple[tuple[str, float, frozenset[str], bool], ...]
    total: float

    def covered(self, en_doc: frozenset[str], zh_doc: frozenset[str]) -> float:
        covered = 0.0
        for t, credited in self.en:
            if t in en_doc:
                covered += credited
        for ch, w, full, partial in self.zh:
            if not full.isdisjoint(zh_doc):
                covered += w
            elif partial and ch in zh_doc:
                covered += w * ZH_CHAR_ONLY_CREDIT
        return covered


class RulesIndex:
    """Searchable rules knowledge base. Build with :func:`load_index` (cached) or directly from entries."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self._entries: list[Entry] = list(entries)
        self._by_id: dict[str, Entry] = {}
        for e in self._entries:
            self._by_id.setdefault(e.id, e)
        self._games = np.array([e.game for e in self._entries])
        position = {e.id: i for i, e in reversed(list(enumerate(self._entries)))}
        self._parents: list[tuple[int, list[int]]] = []
        for i, e in enumerate(self._entries):
            parents = [position[p] for p in e.part_of if p in position and not self._entries[position[p]].part_of]
            if parents:
                self._parents.append((i, parents))
        details = {child for child, _ in self._parents}
        self._is_main = np.array([i not in details for i in range(len(self._entries))])
        docs: dict[str, list[list[str]]] = {f"{lang}.{part}": [] for lang in ("en", "zh") for part in FIELDS}
        raw_words: set[str] = set(synonym_words())
        for e in self._entries:
            parts = {
                "title": list(e.title.values()),
                "keywords": [k for words in e.keywords.values() for k in words],
                "body": [e.id.replace(".", " ").replace("_", " "), *e.text.values()],
                "examples": [q for qs in e.examples.values() for q in qs],
            }
            for part, texts in parts.items():
                words = [w for text in texts for w in en_words(text)]
                docs[f"en.{part}"].append([canonical(w) for w in words])
                docs[f"zh.{part}"].append([t for text in texts for t in zh_tokens(text)])
                raw_words.update(w for w in words if len(w) >= FUZZY_MIN_LEN)

        def lang_index(lang: str) -> _LangIndex:
            whole = [
                title * TITLE_WEIGHT + keywords * KEYWORD_WEIGHT + body * TEXT_WEIGHT + examples * EXAMPLE_WEIGHT
                for title, keywords, body, examples in zip(
                    docs[f"{lang}.title"], docs[f"{lang}.keywords"], docs[f"{lang}.body"], docs[f"{lang}.examples"],
                    strict=True,
                )
            ]
            said = [
                title + keywords + body
                for title, keywords, body in zip(
                    docs[f"{lang}.title"], docs[f"{lang}.keywords"], docs[f"{lang}.body"], strict=True
                )
            ]
            fields = [(docs[f"{lang}.title"], TITLE_FIELD_BOOST), (docs[f"{lang}.keywords"], KEYWORD_FIELD_BOOST),
                      (docs[f"{lang}.examples"], EXAMPLE_FIELD_BOOST)]
            return _LangIndex(whole, fields, covered=said)

        self._en = lang_index("en")
        self._zh = lang_index("zh")
        self._variant_of = [next((v for v, (prefixes, _, _) in VARIANTS.items()
                                  if any(e.id.startswith(p) for p in prefixes)), None) for e in self._entries]
        self._is_summary = np.array([e.id in SUMMARY_TOPICS for e in self._entries])
        self._is_scoring = np.array([".scoring" in e.id for e in self._entries])
        self._en_games = _term_games(self._en.sets, self._games)
        self._zh_games = _term_games(self._zh.sets, self._games)
        # Fuzzy candidates: raw words whose index term exists (so a correction can actually match).
        self._fuzzy_words: list[str] = sorted(w for w in raw_words if canonical(w) in self._en.vocab)
        self._fuzzy_cache: dict[str, str | None] = {}
        # Words the knowledge base or the synonym map spell out; a longer word that is neither but one
        # typo from a synonym ("beginers") is read as that synonym even when its stem is a known term
        # ("begin"): otherwise the misspelling silently turns into another word.
        self._raw_words = frozenset(raw_words)
        self._synonym_variants = sorted(w for w in synonym_words() if len(w) >= SYNONYM_TYPO_MIN_LEN - 1
                                        and canonical(w) in self._en.vocab)
        self._synonym_typo_cache: dict[str, str | None] = {}
        # Chinese rules words for the scope check: keywords and synonyms of two characters or more.
        zh_words = {to_simplified(k) for e in self._entries for k in e.keywords.get("zh", ()) if len(k) >= 2}
        zh_words |= {w for w in zh_synonym_words() if len(w) >= 2}
        self._zh_keywords = frozenset(w for w in zh_words if not w.isascii() and w not in ZH_GENERAL)
        #: The learned reranker over the first candidates (``rules.rerank``), or None for the hand ranking.
        self.reranker: Reranker | None = None
        #: True when :func:`load_index` read this index back from its disk cache (``rules.index_cache``).
        self.from_disk_cache = False
        #: The learned off-topic classifier (``rules.scope_model``), or None for the hand rules alone.
        self.scope_model: ScopeModel | None = None

    def __getstate__(self) -> dict:
        # Pickled by the disk cache, maybe while lookups fill the memo dicts: those are copied first (one C
        # call each), and a pickle raced all the same is retried by the cache (``index_cache.store``).
        state = dict(self.__dict__)
        state["_fuzzy_cache"] = dict(self._fuzzy_cache)
        state["_synonym_typo_cache"] = dict(self._synonym_typo_cache)
        state["from_disk_cache"] = False
        return state

    # ------------------------------------------------------------------ lookup

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, entry_id: str) -> Entry | None:
        return self._by_id.get(entry_id)

    def entries(self, game: str | None = None) -> list[Entry]:
        return [e for e in self._entries if game is None or e.game == game]

    @property
    def games(self) -> list[str]:
        present = {e.game for e in self._entries}
        return [g for g in GAMES if g in present]

    # ------------------------------------------------------------------ query analysis

    def _correct(self, word: str) -> str | None:
        """Closest known word for a misspelt one (rapidfuzz), or None."""
        if word in self._fuzzy_cache:
            return self._fuzzy_cache[word]
        best = None
        if len(word) >= FUZZY_MIN_LEN and not word.isdigit():
            cutoff = FUZZY_CUTOFF if len(word) >= 6 else FUZZY_CUTOFF_SHORT
            match = process.extractOne(word, self._fuzzy_words, scorer=fuzz.ratio, score_cutoff=cutoff)
            if match is None:
                # Two swapped letters ("wrok", "tkae") are one edit for Damerau-Levenshtein.
                match = process.extractOne(word, self._fuzzy_words, scorer=DamerauLevenshtein.distance,
                                           score_cutoff=1)
                if match is not None and len(match[0]) == len(word) and sorted(match[0]) != sorted(word):
                    match = None  # one letter changed in a short word ("live" -> "five") is another word
            if match is not None:
                best = match[0]
        self._fuzzy_cache[word] = best
        return best

    def scope_text(self, question: str) -> str:
        """The question as the off-topic classifier reads it (in training and in use): with the known
        words its misspelt English words are corrected to appended ("a 'lonley' cat" also says "lonely"),
        so a typo does not look like a word of another subject."""
        fixed = [f for w in _LETTERS.findall(question.lower())
                 if canonical(w) not in self._en.vocab and (f := self._correct(w)) is not None]
        return question + " " + " ".join(fixed) if fixed else question

    def _synonym_typo(self, word: str) -> str | None:
        """The synonym-map word one edit (Damerau-Levenshtein) from a longer word that neither the
        knowledge base nor the synonym map spells, when it means something else than the word's stem."""
        if word in self._synonym_typo_cache:
            return self._synonym_typo_cache[word]
        best = None
        if len(word) >= SYNONYM_TYPO_MIN_LEN and word not in self._raw_words and word.isalpha():
            match = process.extractOne(word, self._synonym_variants, scorer=DamerauLevenshtein.distance,
                                       score_cutoff=1)
            if match is not None and canonical(match[0]) != canonical(word):
                best = match[0]
        self._synonym_typo_cache[word] = best
        return best

    def _analyse(self, question: str) -> _Query:
        text = strip_game_names(question)
        en: list[str] = []
        credit: dict[str, float] = {}
        pictured = picture_words(question)
        for word in en_words(text):
            term = canonical(word)
            if term not in self._en.vocab and word in pictured:
                continue  # "the cards with the little school/book thing on them": a description, no rules word
            if term not in self._en.vocab:
                fixed = self._correct(word)
                if fixed is not None:
                    term = canonical(fixed)
                    credit.setdefault(term, FUZZY_CREDIT_LONG if len(word) >= 6 else FUZZY_CREDIT_SHORT)
                elif _misspelt_stop_word(word):
                    continue  # "wrok", "teh", "waht": filler, not an unknown (off-topic) word
            elif (fixed := self._synonym_typo(word)) is not None:
                term = canonical(fixed)
                credit.setdefault(term, FUZZY_CREDIT_LONG)
            en.append(term)
        pieces = zh_pieces(text)
        return _Query(_dedupe(en), _dedupe(zh_tokens(text, pieces)), pieces, credit, score_parts(question),
                      player_count_game(question), card_number_game(question))

    def _hinted_game(self, query: _Query) -> str | None:
        """The game that the question's words point to, when it names none: words that only one game's
        entries use ("boat", "trick", "船", "墩"), weighted by IDF, with one game having at least
        ``GAME_HINT_DOMINANCE`` times the evidence of any other."""
        evidence = dict.fromkeys(GAMES, 0.0)
        # Chinese: bigrams and one-character words (船, 墩), not every character of a longer word
        # (便 of 随便 is in one game's text by chance).
        zh = [t for t in query.zh if not _is_zh_char(t) or t in query.pieces or t in HINT_CHARS]
        for tokens, index, owners in ((query.en, self._en, self._en_games), (zh, self._zh, self._zh_games)):
            for t in tokens:
                games = owners.get(t)
                if games is not None and len(games) == 1:
                    evidence[next(iter(games))] += index.weight(t) * (HINT_CHAR_WEIGHT if t in HINT_CHARS else 1.0)
        (best, top), (_, second) = sorted(evidence.items(), key=lambda kv: -kv[1])[:2]
        return best if top > 0 and top >= GAME_HINT_DOMINANCE * second else None

    def _learned_game(self, question: str) -> str | None:
        """The game the learned topic classifier (``rules.topic_model``) thinks the question is about: its
        topics of that game hold at least ``LEARNED_GAME_SHARE`` of the probability."""
        reranker = self.reranker
        if reranker is None or reranker.topic_model is None or reranker.topic_positions is None:
            return None
        p = np.exp(reranker.topic_model.log_probabilities(question))
        games = self._games[reranker.topic_positions]
        for g in GAMES:
            if float(p[games == g].sum()) >= LEARNED_GAME_SHARE:
                return g
        return None

    def _coverage(self, i: int, query: _Query | _CoveragePlan) -> tuple[float, float]:
        """(covered, total) information of a query in document ``i``, for the confidence.

        English: IDF-weighted share of the terms found (unknown words count at the highest IDF;
        spelling-corrected ones earn partial credit). Chinese: IDF-weighted share of the question's
        *characters*, a character earning full credit when a bigram it belongs to (or, for a
        one-character word, the character itself) is in the entry, and partial credit when only the
        character is. Bigrams spanning two words are not counted against the question. Words found
        only in the entry's example questions earn ``EXAMPLE_CREDIT``. (A plan, ``_coverage_plan``,
        measures one query against many documents.)
        """
        plan = query if isinstance(query, _CoveragePlan) else self._coverage_plan(query)
        said = plan.covered(self._en.sets[i], self._zh.sets[i])
        everything = plan.covered(self._en.all_sets[i], self._zh.all_sets[i])
        return said + EXAMPLE_CREDIT * (everything - said), plan.total

    def _coverage_plan(self, query: _Query) -> _CoveragePlan:
        """What the coverage of ``query`` needs from each document, weighed once."""
        total = 0.0
        en: list[tuple[str, float]] = []
        for t in query.en:
            w = self._en.weight(t)
            total += w
            en.append((t, w * query.credit.get(t, 1.0)))
        # Per character (in order of first use): the keys that give it full credit (a bigram it belongs
        # to, or itself when it is a one-character word) and whether it alone gives partial credit.
        full: dict[str, set[str]] = {}
        partial: dict[str, bool] = {}
        for piece in query.pieces:
            if len(piece) == 1:
                full.setdefault(piece, set()).add(piece)
                partial.setdefault(piece, False)
                continue
            for j, ch in enumerate(piece):
                keys = full.setdefault(ch, set())
                if j > 0:
                    keys.add(piece[j - 1 : j + 1])
                if j + 1 < len(piece):
                    keys.add(piece[j : j + 2])
                partial[ch] = True
        zh: list[tuple[str, float, frozenset[str], bool]] = []
        for ch, keys in full.items():
            w = self._zh.weight(ch)
            total += w
            zh.append((ch, w, frozenset(keys), partial[ch]))
        return _CoveragePlan(tuple(en), tuple(zh), total)

    # ------------------------------------------------------------------ search

    def search(self, question: str, game: str | None = None, lang: str | None = None, k: int = 3,
               here: str | None = None) -> list[Hit]:
        """Best entries for a question, best first; [] when nothing reaches the confidence floor.

        ``game`` restricts the search to one game; without it, a game named in the question does the
        same. ``lang`` (a language or Discord locale) picks the answer language; without it the
        question's script decides (any CJK character -> Chinese). ``here``: the game played where the
        question is asked, a hint only (module docstring).
        """
        return self.lookup(question, game=game, lang=lang, k=k, here=here).hits

    def lookup(self, question: str, game: str | None = None, lang: str | None = None, k: int = 3,
               here: str | None = None) -> Lookup:
        """Like :meth:`search`, also returning the guesses below the floor, the floor and, for a
        message that is no rules question at all, the reason (see ``calico_bot.rules.scope``)."""
        answer_lang = normalize_lang(lang) or detect_lang(question)
        if k <= 0 or not self._entries or not question.strip():
            return Lookup([], [], CONFIDENCE_FLOOR)
        named = guess_game(question)
        game = _normalize_game(game) if game else named
        here = here if here in GAMES else None
        default = here or "calico"  # the game a question that names none is about
        query = self._analyse(question)
        if game is None and card_number_game(question, certain=True) is not None:
            game = "ioc"  # "card 117 ...": only The Isle of Cats numbers its cards so high
        known = tuple(t for t in query.en if t in self._en.said_vocab)
        # The clauses that hold rules words ("哈哈哈, 猫能被边上的板块吸引吗": not the laughter). Signs of another
        # subject count only there: "纽扣到底是同颜色连三块还是同图案连三块 我和老公为这个吵起来了" asks about
        # buttons; the quarrel with a husband is an aside.
        # ...nor in a comparison with another game or sport ("does the tiebreak work like in tennis in citb?").
        rules_asked = without_passing_games(self._core_text(question, loose=True) or question)
        signals = other_domain_signals(rules_asked)
        vouching = vouching_game(question)
        intent = structure_intent(question)
        reason = out_of_scope(question, vouching, known, frozenset(query.credit),
                              None if intent else self._zh_keywords)
        if reason is None and vouching is None and not _SPACE_LABEL_RE.search(question.lower()) \
                and self.reranker is not None and self.reranker.looks_off_topic(rules_asked):
            # Much closer to a labelled off-topic message than to any rules question, judged on the
            # clauses that hold rules words.
            reason = "like_off_topic"
        # Confidence is measured on the clauses that hold rules words: "累死了,打完这局就睡,最后猫咪分怎么算"
        # is judged by its last clause, so chatter around a rules question does not count against it.
        # ...nor do comparisons with other games ("can i bid 2? in spades you can bid whatever": not "spades").
        asked = without_passing_games(question)
        core = self._core(question, query) if asked == question.lower() else self._core(asked, self._analyse(asked))
        floor = self._floor(core)
        if vouching is not None:
            floor *= NAMED_GAME_FLOOR_SHARE
        if signals > 0:
            raised = OTHER_DOMAIN_FLOOR + OTHER_DOMAIN_STEP * (signals - 1)
            floor = max(floor, raised * (NAMED_GAME_FLOOR_SHARE if vouching is not None else 1.0))
        # "what happens if i cant play anything" is a rule about a stuck hand, not "how do you play".
        hits = self._without_ranking(query, game, named, answer_lang, default)
        if hits and _CANNOT_RE.search(question.lower()):
            hits = None  # the overview is no answer to it: rank
        given = bool(hits)  # the overview, given for naming the game with nothing else to rank by
        if hits is not None:
            guesses: list[Hit] = []
        else:
            hits, guesses = self._ranked(query, game, answer_lang, k, floor, core, question, default)
        if intent is not None and reason is None and (target := self._structure_topic(
                intent, question, game, query, hits[0].game if hits else None, here)):
            # "how many rounds?", "四个人要玩几轮": the topic that answers a game's structure, first.
            conf = max(hits[0].score if hits else 0.0, round(floor, 3))
            first = next((h for h in hits if h.id == target.id), None) or self._hit(target, conf, answer_lang)
            detail = self._by_id.get(STRUCTURE_DETAILS.get(intent, {}).get(target.game, ""))
            if detail is not None and (first.detail is None or first.detail.id != detail.id):
                first = self._hit(target, first.score, answer_lang, self._hit(detail, first.score, answer_lang))
            hits = [first, *(h for h in hits if h.id != target.id)][:k]
            guesses = []
        whole = asks_about_game(question)
        if whole is not None and whole == game and (overview := self._by_id.get(f"{whole}.overview")) is not None:
            # "what is calico even about?": the game's overview answers first, whatever else matched.
            hits = [self._hit(overview, 1.0, answer_lang), *(h for h in hits if h.id != overview.id)][:k]
            given = True
        if reason is None and intent is None and hits and self.scope_model is not None:
            # The learned classifier: the more the message looks like chat or another subject, the more
            # of it the answer must cover (half as much with one of our games named).
            # A game named only by ordinary words ("quilt", 拼布) does not halve it: the classifier is
            # what tells a quilting question from a rules question.
            # Nor does a game named in a message that asks nothing ("isle of cats took 2 hours with 4 newbies lol",
            # 今天第一次玩盒中猫,超好玩): talk about the game, not a question of its rules. Nor an overview given only
            # for the name ("今晚B站直播猫岛,欢迎来看"): the name is all it matched.
            named_share = (vouching is not None and not named_only_by_common_words(question)
                           and asks_or_requests(question) and not given)
            # Judged without its comparisons with other games ("can i bid nil like in spades?"), as the
            # like-off-topic check is: the other game's words are not what the message asks about.
            needed = self.scope_model.floor(self.scope_text(asked))
            if needed > 0 and (tail := after_the_aside(question)) is not None:
                # An aside, then "anyway, <the question>": the question may be judged on its own.
                needed = min(needed, self.scope_model.floor(self.scope_text(tail)))
            needed *= NAMED_GAME_FLOOR_SHARE if named_share else 1.0
            if whole is not None and whole == game:
                # It names one of our games and asks what the game is ("tell me the gist of it"): however
                # chatty around that, the overview answers it, so the classifier may only ask for its capped floor.
                needed = min(needed, self.scope_model.cap)
            if hits[0].score < needed:
                reason = "learned_off_topic"
        if reason is not None:
            return Lookup([], (hits + guesses)[:k], floor, reason)
        return Lookup(hits, guesses, floor)

    def _structure_topic(self, intent: str, question: str, game: str | None, query: _Query,
                         ranked_game: str | None = None, here: str | None = None) -> Entry | None:
        """The topic that answers a structure question (``intents.STRUCTURE_TOPICS``) for the game
        asked about: the one given or named, else the one the question's words point to ("rounds"
        and "days" belong to one game each), else the game played ``here`` or Calico - or the only
        game the intent exists for. A tie with no game pointed to goes to the game of the ranking's
        first answer (``ranked_game``) when the game played here is not known. Asked where a game is
        played, "rounds" is that game's word for its turns or days, not a pointer to Cat in the Box."""
        topics = STRUCTURE_TOPICS[intent]
        if game in GAMES:
            owner = game
        elif len(topics) == 1:
            owner = next(iter(topics))  # an intent only one game has (rescue costs, who takes the trick)
            if (hinted := self._hinted_game(query)) is not None and hinted != owner:
                return None  # "where does my token go on the research board": another game's words
            if owner == "calico" and bot_game(question) is not None:
                return None  # "when i play a card where does my token go": Calico has no cards, bids or tricks
        else:
            # A unit only one game counts in (rounds, days) or a player count only one game supports
            # points to that game, whatever the structure asked about.
            unit = length_game(question)
            if here is not None and unit == ROUNDS_GAME:
                unit = None
            # About using the bot, a card, a bid or a trick named picks Cat in the Box before the words' hint
            # (a bigram such as 人只 can be in one game's text by chance).
            hinted = (unit or player_count_game(question) or (bot_game(question) if intent in BOT_INTENTS else None)
                      or (solo_tie_game(question) if intent == "ties" else None)
                      or self._hinted_game(query))
            ranked = ranked_game if intent in TIE_INTENTS and here is None else None
            # Then the game played here, then the one the topic classifier is fairly sure of.
            owner = hinted or ranked or here or self._learned_game(question) or "calico"
        return self._by_id.get(topics.get(owner, ""))

    @staticmethod
    def _floor(query: _Query) -> float:
        """The confidence the first answer needs: ``CONFIDENCE_FLOOR``, a smaller share for long,
        chatty questions (more than ``LONG_QUESTION_WORDS`` English terms + Chinese pieces)."""
        words = len(query.en) + len(query.pieces)
        return CONFIDENCE_FLOOR * min(1.0, LONG_QUESTION_WORDS / words) if words else CONFIDENCE_FLOOR

    def _without_ranking(self, query: _Query, game: str | None, named: str | None, lang: str,
                         default: str = "calico") -> list[Hit] | None:
        """Answers that need no ranking, or None to rank.

        A question that says nothing but a game ("calico?", "calico rules", "猫岛怎么玩") gets that game's
        overview ("rules" / "how to play" alone: ``default``'s, Calico or the game played here). Chinese that shares no
        word with what the rules say gets nothing - scattered characters are not a question - unless
        it names the game ("猫与花毯怎么玩?"), which then asks about the game itself.
        """
        en, zh = query.en, query.zh
        if not en and not zh:
            target = game
        elif (
            set(en) <= ABOUT_THE_GAME_EN
            and set(query.pieces) <= ABOUT_THE_GAME_ZH
            and f"{game or default}.overview" in self._by_id
        ):
            target = game or default
        elif not en and not any(
            (_is_zh_bigram(t) or (t in query.pieces and _is_zh_char(t)) or t in _ZH_WORD_CHARS)
            and t in self._zh.said_vocab for t in zh
        ):
            target = named if named and named == game else None
        else:
            return None
        overview = self._by_id.get(f"{target}.overview") if target else None
        return [self._hit(overview, 1.0, lang)] if overview else []

    def _core(self, question: str, query: _Query) -> _Query:
        """The query of the question's clauses (split at punctuation) that hold a rules word, or the
        whole query when every clause or none does. A rules word: an English term the rules use that is
        no ordinary word (``scope.GENERAL_EN``), or a Chinese rules word (``scope.has_zh_rules_word``)."""
        text = self._core_text(question)
        return query if text is None else self._analyse(text)

    def _core_text(self, question: str, loose: bool = False) -> str | None:
        """The question's clauses that hold a rules word (see :meth:`_core`), or None for the whole
        (``loose``: a space between Chinese characters also ends a clause)."""
        breaks = _LOOSE_CLAUSE_RE if loose else _CLAUSE_RE
        clauses = [c for c in breaks.split(strip_game_names(question)) if c.strip()]
        if len(clauses) < 2:
            return None
        keep = [c for c in clauses if self._has_rules_word(c)]
        if not keep or len(keep) == len(clauses):
            return None
        return " , ".join(keep)

    def _has_rules_word(self, clause: str) -> bool:
        for word in en_words(clause):
            term = canonical(word)
            if term in GENERAL_EN:
                continue  # an ordinary word ("cheating") is no misspelt rules word ("creating")
            if term not in self._en.said_vocab:
                fixed = self._correct(word)
                term = canonical(fixed) if fixed is not None else term
            if term in self._en.said_vocab and term not in GENERAL_EN and not term.isdigit():
                return True
        return bool(re.search(r"[\u3400-\u9fff]", clause)) and has_zh_rules_word(clause, self._zh_keywords)

    def _ranked(self, query: _Query, game: str | None, answer_lang: str, k: int, first_floor: float,
                core: _Query | None = None, question: str = "", default: str = "calico"
                ) -> tuple[list[Hit], list[Hit]]:
        """The search proper (see :meth:`search`); ``game`` is already resolved. (answers, guesses
        below the floor). ``core`` (default ``query``) is what the confidence measures; ``default``
        is the game favoured on near-ties when the question's words point to none."""
        core = core or query
        # The question's coverage is weighed once and kept per entry: the ranking, the reranker and the
        # answers ask about the same entries again.
        plan: _CoveragePlan | None = None
        measured: dict[int, tuple[float, float]] = {}

        def cover(member: int) -> tuple[float, float]:
            nonlocal plan
            if member not in measured:
                plan = plan or self._coverage_plan(core)
                measured[member] = self._coverage(member, plan)
            return measured[member]

        en, zh = query.en, query.zh
        scores = self._en.scores(en) + self._zh.scores(zh)
        variant = self._variant_factors(query)
        scores = scores * variant
        if query.parts == 1:
            scores = np.where(self._is_summary, scores * SUMMARY_PENALTY, scores)
        if game in GAMES:
            scores = np.where(self._games == game, scores, 0.0)
        else:
            favoured = query.count_game or query.card_game or self._hinted_game(query) or default
            scores = np.where(self._games == favoured, scores * CALICO_PRIOR, scores)
            if query.count_game is not None:
                scores = np.where(self._games == query.count_game, scores, scores * UNSUPPORTED_COUNT_FACTOR)
        group_scores, best_member = self._group(scores)
        if "score" in query.en or any("分" in p for p in query.pieces):
            # A question about points, matching a detail shared by a scoring topic and another one
            # ("how many points is AAA-BB-C worth"), is answered by the scoring topic.
            lent = best_member != np.arange(len(scores))
            group_scores = np.where(lent & self._is_scoring, group_scores * SCORING_TIE_BONUS, group_scores)
        # Equal group scores (two topics lent the same detail's score) go to the topic whose own text
        # matches the question better.
        own = np.where(self._is_main, scores, 0.0)
        ranked = np.lexsort((-own, -group_scores))
        if self.reranker is not None and question:
            order = [int(g) for g in ranked[:BM25_POOL] if group_scores[g] > 0]
            allowed = self._is_main & (self._games == game if game in GAMES else True)

            def coverage(g: int) -> float:
                covered, total = cover(int(best_member[g]))
                return covered / total if total > 0 else 0.0

            # Whether to answer at all stays the hand ranking's decision: the first answer is as
            # confident as the better of itself and the hand ranking's first.
            vouch = coverage(order[0]) if order else 0.0
            order = self.reranker.order(Candidates(question, group_scores, order, allowed, coverage, self._games,
                                                   best_member != np.arange(len(scores)), variant > 1.0))[:k]
        else:
            order = [int(g) for g in ranked[:k] if group_scores[g] > 0]
            vouch = 0.0
        if not order:
            return [], []
        top = float(group_scores[order[0]])
        hits: list[Hit] = []
        guesses: list[Hit] = []
        kept: list[int] = []  # the entry position of each hit
        previous = 1.0
        for g in order:
            member = int(best_member[g])
            covered, total = cover(member)
            ratio = min(1.0, float(group_scores[g]) / top) if top > 0 else 1.0
            conf = (covered / total) * ratio if total > 0 else 0.0
            if not hits and not guesses:
                conf = max(conf, vouch)
            conf = min(conf, previous)
            previous = conf
            score = round(conf, 3)
            detail = self._hit(self._entries[member], score, answer_lang) if member != g else None
            hit = self._hit(self._entries[g], score, answer_lang, detail)
            if guesses or conf < (first_floor if not hits else FOLLOWING_FLOOR):
                if not hits:
                    guesses.append(hit)
                else:
                    break
            else:
                hits.append(hit)
                kept.append(g)
        # An answer about the variant the question names ("the solo market") wins a tie in confidence.
        tied = [i for i, g in enumerate(kept) if i and variant[g] > 1.0 and hits[i].score >= hits[0].score]
        if tied and variant[kept[0]] <= 1.0:
            hits.insert(0, hits.pop(tied[0]))
        return hits, guesses

    def _variant_factors(self, query: _Query) -> np.ndarray:
        """Per entry: ``VARIANT_BOOST`` for an entry about a variant the question names,
        ``VARIANT_PENALTY`` for one about a variant it does not name, 1 for the rest."""
        named = {v for v, (_, zh, en) in VARIANTS.items()
                 if en & set(query.en) or any(w in p for w in zh for p in query.pieces)}
        return np.array([1.0 if v is None else VARIANT_BOOST if v in named else
                         1.0 if v in UNPENALISED_VARIANTS else VARIANT_PENALTY for v in self._variant_of])

    def _group(self, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Fold detail entries into the main topics they belong to.

        A main topic's group score is the best of its own score and its details' scores (times
        ``DETAIL_SHARE``); ``best_member[g]`` is the entry that gave it. Details have no group of
        their own (their score is 0), so a question about a detail is answered by its topic, with
        the detail shown under it. Entries without ``part_of`` are main topics.
        """
        group = np.where(self._is_main, scores, 0.0)
        best = np.arange(len(scores))
        for child, parents in self._parents:
            share = scores[child] * DETAIL_SHARE
            for p in parents:
                if share > group[p]:
                    group[p] = share
                    best[p] = child
        return group, best

    def _hit(self, entry: Entry, score: float, lang: str, detail: Hit | None = None) -> Hit:
        related = [(r, rel.title_in(lang)) for r in entry.related if (rel := self._by_id.get(r)) is not None]
        return Hit(
            detail=detail,
            id=entry.id,
            game=entry.game,
            title=entry.title_in(lang),
            score=score,
            text=entry.text_in(lang),
            lang=lang,
            related=related,
        )

    # ------------------------------------------------------------------ autocomplete

    def autocomplete(
        self, prefix: str, lang: str = "en", game: str | None = None, limit: int = 25
    ) -> list[tuple[str, str]]:
        """(id, title) choices whose title (either language), id or keywords match what was typed.

        Prefix matches come first, then substring matches, then fuzzy ones. Titles are in ``lang``
        (a language or Discord locale) and at most 100 characters (Discord's choice-name limit).
        """
        out_lang = normalize_lang(lang) or "en"
        needle = to_simplified(prefix.strip().lower())
        ranked: list[tuple[float, int, Entry]] = []
        for pos, e in enumerate(self.entries(game)):
            titles = [to_simplified(e.title[lg].lower()) for lg in LANGS if lg in e.title]
            if not needle or any(t.startswith(needle) for t in titles):
                rank = 0.0
            elif any(needle in t for t in titles):
                rank = 1.0
            elif needle in e.id or any(needle in to_simplified(k.lower()) for ks in e.keywords.values() for k in ks):
                rank = 2.0
            elif len(needle) >= 3:
                best = max(fuzz.partial_ratio(needle, t) for t in titles)
                if best < 75:
                    continue
                rank = 3.0 + (100 - best) / 100
            else:
                continue
            ranked.append((rank, pos, e))
        ranked.sort(key=lambda r: (r[0], r[1]))
        return [(e.id, _cut(e.title_in(out_lang), MAX_TITLE_CHARS)) for _, _, e in ranked[: max(limit, 0)]]


#: Structure intents whose game, when nothing points to one, is the game of the ranking's first answer.
TIE_INTENTS = frozenset({"ties"})


def vouching_game(question: str) -> str | None:
    """The game the question names in a way that vouches for it being a rules question, or None.

    Only a game the question itself names vouches (a game picked in the command does not), and not
    when the name is an ordinary word in a message about another subject ("how do I wash a quilt",
    "why are calico cats female") or only the game's theme (Schrödinger)."""
    named = guess_game(question)
    if named is None:
        return None
    weak_name = (other_domain_signals(question) and named_only_by_common_words(question)) \
        or named_only_by_theme(question)
    return None if weak_name else named


def _term_games(docs: Sequence[frozenset[str]], games: np.ndarray) -> dict[str, frozenset[str]]:
    """Which games' entries use each term (in what they say, not in their example questions)."""
    owners: dict[str, set[str]] = {}
    uses: dict[str, int] = {}
    for doc, game in zip(docs, games, strict=True):
        for t in doc:
            owners.setdefault(t, set()).add(str(game))
            uses[t] = uses.get(t, 0) + 1
    # A word only one entry uses says little about the game ("胜负" in one text): it hints no game.
    return {t: frozenset(g) for t, g in owners.items() if len(g) > 1 or uses[t] >= HINT_MIN_ENTRIES}


@lru_cache(maxsize=4096)
def _misspelt_stop_word(word: str) -> bool:
    """Whether a word is one typo (Damerau-Levenshtein) away from a stop word of 3+ letters; a two-letter
    word only when it is such a stop word with one letter left out ("hw", "wy", "th")."""
    if len(word) == 2:
        return any(len(w) == 3 and (w[1:] == word or w[0] + w[2] == word or w[:2] == word) for w in _STOP_WORDS)
    if len(word) < 3:
        return False
    match = process.extractOne(word, _STOP_WORDS, scorer=DamerauLevenshtein.distance, score_cutoff=1)
    return match is not None


def _normalize_game(game: str) -> str | None:
    """A game key from a key or a name ("Cat in the Box", "猫岛"); None when unrecognised."""
    key = game.strip().lower()
    return key if key in GAMES else guess_game(key)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _cache_key(path: Path | str | None) -> tuple[str, tuple[tuple[str, int, int], ...]]:
    stamp = []
    folder = Path(path) if path is not None else DATA_DIR
    for f in (*iter_files(folder), folder / MODEL_FILE.name, folder / QUESTIONS_FILE.name, folder / RULINGS_FILE.name):
        try:
            st = f.stat()
        except OSError:  # removed while we looked
            continue
        stamp.append((str(f), st.st_mtime_ns, st.st_size))
    return (str(Path(path).resolve()) if path is not None else "", tuple(stamp))


@lru_cache(maxsize=4)
def _load_cached(key: tuple[str, tuple[tuple[str, int, int], ...]]) -> RulesIndex:
    folder = Path(key[0]) if key[0] else None
    # Loading makes some hundred thousand objects that all stay alive (the labelled questions, the
    # pools): the cyclic collector's passes over them would only find nothing to free.
    collecting = gc.isenabled()
    gc.disable()
    try:
        directory = index_cache.cache_dir()
        digest = index_cache.content_key(folder or DATA_DIR) if directory is not None else None
        cached = index_cache.load(digest, directory, RulesIndex) if digest is not None else None
        if cached is not None:
            cached.from_disk_cache = True
            return cached
        index = build_index(folder)
        if digest is not None:
            index_cache.store_in_background(digest, directory, index)
    finally:
        if collecting:
            gc.enable()
    return index


def build_index(folder: Path | None = None) -> RulesIndex:
    """A fresh index of the knowledge base under ``folder`` (default: ``data/rules``), with its shipped models."""
    index = RulesIndex(load_entries(folder))
    index.reranker = shipped_reranker(index.entries(), folder or DATA_DIR)
    vectoriser = index.reranker.pool.vectoriser if index.reranker is not None else None
    index.scope_model = shipped_scope_model(index.entries(), folder or DATA_DIR, vectoriser)
    return index


def load_index(path: Path | str | None = None) -> RulesIndex:
    """The index of the knowledge base under ``path`` (default: the project's ``data/rules``).

    Cached; the cache notices edited, added or removed files, so a long-running bot picks up KB
    changes on the next call.
    """
    return _load_cached(_cache_key(path))
