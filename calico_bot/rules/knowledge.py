"""Rules knowledge base: load and validate the entries under ``data/rules/<game>/*.json``.

The format is described in ``data/rules/SCHEMA.md``. Loading is strict about the *shape* of each
entry (a malformed entry raises :class:`KnowledgeError` naming the file and the entry) and lenient
about cross-references: :func:`validate` lists the softer problems (dangling ``related`` ids, texts
that are too long, ...) so tests and maintainers can see them without the bot refusing to start.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "rules"
GAMES: tuple[str, ...] = ("calico", "citb", "ioc")
LANGS: tuple[str, ...] = ("en", "zh")
GAME_NAMES: Mapping[str, Mapping[str, str]] = {
    "calico": {"en": "Calico", "zh": "猫与花毯"},
    "citb": {"en": "Cat in the Box", "zh": "盒中猫"},
    "ioc": {"en": "The Isle of Cats", "zh": "猫岛"},
}

MAX_TEXT_CHARS = 900
MAX_TITLE_CHARS = 100


class KnowledgeError(ValueError):
    """A knowledge-base file or entry does not follow the schema."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One rules entry, in both languages."""

    id: str
    game: str
    title: Mapping[str, str]
    text: Mapping[str, str]
    keywords: Mapping[str, tuple[str, ...]]
    related: tuple[str, ...]
    source: str = ""
    #: Main topics this entry details (empty for a main topic). A search that matches the detail
    #: answers with the main topic and shows the detail under it (see ``RulesIndex.search``).
    part_of: tuple[str, ...] = ()
    #: Questions players ask that this entry answers, per language (searched, never shown).
    examples: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def title_in(self, lang: str) -> str:
        return self.title.get(lang) or self.title.get("en") or self.title.get("zh") or self.id

    def text_in(self, lang: str) -> str:
        return self.text.get(lang) or self.text.get("en") or self.text.get("zh") or ""


def _expect_str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise KnowledgeError(f"{where}: expected a non-empty string, got {value!r}")
    return value.strip()


def _lang_map(value: object, where: str) -> dict[str, str]:
    if not isinstance(value, dict):
        raise KnowledgeError(f"{where}: expected an object with 'en' and 'zh'")
    out: dict[str, str] = {}
    for lang in LANGS:
        if lang in value:
            out[lang] = _expect_str(value[lang], f"{where}.{lang}")
    if not out:
        raise KnowledgeError(f"{where}: needs at least one of {LANGS}")
    return out


def _keywords(value: object, where: str) -> dict[str, tuple[str, ...]]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise KnowledgeError(f"{where}: expected an object of keyword lists")
    out: dict[str, tuple[str, ...]] = {}
    for lang in LANGS:
        words = value.get(lang, [])
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise KnowledgeError(f"{where}.{lang}: expected a list of strings")
        out[lang] = tuple(w.strip() for w in words if w.strip())
    return out


def parse_entry(raw: object, where: str = "entry") -> Entry:
    """Turn one JSON object into an :class:`Entry`, raising :class:`KnowledgeError` if malformed."""
    if not isinstance(raw, dict):
        raise KnowledgeError(f"{where}: expected an object, got {type(raw).__name__}")
    entry_id = _expect_str(raw.get("id"), f"{where}.id")
    where = f"{where} ({entry_id})"
    game = _expect_str(raw.get("game"), f"{where}.game")
    if game not in GAMES:
        raise KnowledgeError(f"{where}: unknown game {game!r} (expected one of {GAMES})")
    related = raw.get("related", [])
    if not isinstance(related, list) or not all(isinstance(r, str) for r in related):
        raise KnowledgeError(f"{where}.related: expected a list of ids")
    part_of = raw.get("part_of", [])
    if not isinstance(part_of, list) or not all(isinstance(r, str) for r in part_of):
        raise KnowledgeError(f"{where}.part_of: expected a list of ids")
    return Entry(
        id=entry_id,
        game=game,
        title=_lang_map(raw.get("title"), f"{where}.title"),
        text=_lang_map(raw.get("text"), f"{where}.text"),
        keywords=_keywords(raw.get("keywords"), f"{where}.keywords"),
        related=tuple(r.strip() for r in related if r.strip()),
        source=where.split(" ", 1)[0],
        part_of=tuple(r.strip() for r in part_of if r.strip()),
        examples=_keywords(raw.get("examples"), f"{where}.examples"),
    )


def iter_files(path: Path | None = None) -> list[Path]:
    """All ``*.json`` knowledge files under ``path`` (default: the project's data/rules), sorted."""
    root = Path(path) if path is not None else DATA_DIR
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*.json") if p.is_file())


def load_entries(path: Path | None = None) -> list[Entry]:
    """Read every knowledge file under ``path``. Raises :class:`KnowledgeError` on malformed data."""
    entries: list[Entry] = []
    for file in iter_files(path):
        try:
            data = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise KnowledgeError(f"{file}: invalid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}") from exc
        if not isinstance(data, list):
            raise KnowledgeError(f"{file}: expected a JSON list of entries")
        entries.extend(parse_entry(raw, f"{file.name}[{i}]") for i, raw in enumerate(data))
    return entries


def validate(entries: Iterable[Entry]) -> list[str]:
    """Problems that do not stop loading but that the KB should not have. Empty list = all good."""
    problems: list[str] = []
    entries = list(entries)
    seen: dict[str, str] = {}
    for e in entries:
        if e.id in seen:
            problems.append(f"{e.id}: duplicate id (also in {seen[e.id]})")
        seen[e.id] = e.source
    ids = set(seen)
    by_id = {e.id: e for e in entries}
    for e in entries:
        if not e.id.startswith(e.game + ".") or e.id != e.id.lower() or " " in e.id:
            problems.append(f"{e.id}: id must be lowercase, dotted and start with '{e.game}.'")
        for lang in LANGS:
            if lang not in e.title:
                problems.append(f"{e.id}: title.{lang} missing")
            elif len(e.title[lang]) > MAX_TITLE_CHARS:
                problems.append(f"{e.id}: title.{lang} longer than {MAX_TITLE_CHARS} characters")
            if lang not in e.text:
                problems.append(f"{e.id}: text.{lang} missing")
            elif len(e.text[lang]) > MAX_TEXT_CHARS:
                problems.append(f"{e.id}: text.{lang} is {len(e.text[lang])} characters (max {MAX_TEXT_CHARS})")
        for rel in e.related:
            if rel not in ids:
                problems.append(f"{e.id}: related id {rel!r} does not exist")
            elif rel == e.id:
                problems.append(f"{e.id}: related to itself")
        for main in e.part_of:
            topic = by_id.get(main)
            if topic is None:
                problems.append(f"{e.id}: part_of id {main!r} does not exist")
            elif topic.part_of:
                problems.append(f"{e.id}: part_of {main!r}, which is itself a detail (one level only)")
            elif topic.game != e.game:
                problems.append(f"{e.id}: part_of {main!r} of another game")
    return problems
