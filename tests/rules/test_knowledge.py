"""Integrity of the real knowledge base under data/rules, and the loader's error handling."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from calico_bot.rules import GAMES, KnowledgeError, RulesIndex, load_entries, validate
from calico_bot.rules.knowledge import DATA_DIR, MAX_TEXT_CHARS, MAX_TITLE_CHARS

REQUIRED_IDS = {
    "calico": [
        "calico.overview", "calico.setup.standard", "calico.setup.personal", "calico.setup.beginner",
        "calico.turn.order", "calico.turn.placement", "calico.market.refill", "calico.goals.scoring",
        "calico.goals.notation", "calico.cats.attract", "calico.cats.shapes", "calico.cats.list",
        "calico.areas.repeat", "calico.buttons", "calico.buttons.rainbow", "calico.border", "calico.end.ties",
        "calico.solo.market", "calico.solo.scenarios", "calico.variant.family", "calico.variant.lower_variance",
    ],
    "citb": [
        "citb.overview", "citb.setup", "citb.declare", "citb.lead.red", "citb.follow.lose_color",
        "citb.trick.winner", "citb.paradox", "citb.scoring", "citb.two_player", "citb.end.ties", "citb.edition",
    ],
    "ioc": [
        "ioc.overview", "ioc.day.phases", "ioc.fish.draft", "ioc.buy.cards", "ioc.lessons", "ioc.rescue",
        "ioc.placement", "ioc.rare.finds", "ioc.oshax", "ioc.families", "ioc.scoring", "ioc.ties",
        "ioc.family_mode", "ioc.solo",
    ],
}
ALL_REQUIRED = [i for ids in REQUIRED_IDS.values() for i in ids]


@pytest.fixture(scope="module")
def entries(real_index: RulesIndex):
    return real_index.entries()


@pytest.mark.parametrize("entry_id", ALL_REQUIRED)
def test_required_entry_present_in_both_languages(real_index: RulesIndex, entry_id: str) -> None:
    entry = real_index.get(entry_id)
    assert entry is not None, f"{entry_id} missing from {DATA_DIR}"
    assert entry.game == entry_id.split(".")[0]
    for lang in ("en", "zh"):
        assert entry.title.get(lang), f"{entry_id}: title.{lang}"
        assert entry.text.get(lang), f"{entry_id}: text.{lang}"


def test_every_game_has_entries(real_index: RulesIndex) -> None:
    assert real_index.games == list(GAMES)


def test_ids_are_unique(entries) -> None:
    dupes = [i for i, n in Counter(e.id for e in entries).items() if n > 1]
    assert dupes == []


def test_lengths_and_languages(entries) -> None:
    too_long = [
        f"{e.id}.{field}.{lang}"
        for e in entries
        for field, limit in (("text", MAX_TEXT_CHARS), ("title", MAX_TITLE_CHARS))
        for lang in ("en", "zh")
        if len(getattr(e, field).get(lang, "")) > limit
    ]
    assert too_long == []
    missing = [
        f"{e.id}.{lang}" for e in entries for lang in ("en", "zh") if not (e.title.get(lang) and e.text.get(lang))
    ]
    assert missing == []


def test_related_ids_exist(real_index: RulesIndex, entries) -> None:
    dangling = [f"{e.id} -> {r}" for e in entries for r in e.related if real_index.get(r) is None]
    assert dangling == []


def test_validate_finds_no_problems(entries) -> None:
    assert validate(entries) == []


def test_entry_games_match_their_folder() -> None:
    for file in DATA_DIR.glob("*/*.json"):
        for entry in load_entries(file):
            assert entry.game == file.parent.name, f"{file.name}: {entry.id}"


# ---------------------------------------------------------------------------- loader errors


def _write(tmp_path: Path, data: object, name: str = "x.json") -> Path:
    folder = tmp_path / "calico"
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return tmp_path


def _entry(**over: object) -> dict[str, object]:
    base: dict[str, object] = {
        "id": "calico.x", "game": "calico", "title": {"en": "X", "zh": "叉"}, "text": {"en": "t", "zh": "文"},
        "keywords": {"en": ["x"], "zh": ["叉"]}, "related": [],
    }
    base.update(over)
    return base


def test_loader_rejects_invalid_json(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("[{", encoding="utf-8")
    with pytest.raises(KnowledgeError, match="invalid JSON"):
        load_entries(tmp_path)


def test_loader_rejects_unknown_game_and_missing_title(tmp_path: Path) -> None:
    with pytest.raises(KnowledgeError, match="unknown game"):
        load_entries(_write(tmp_path, [_entry(game="chess")]))
    with pytest.raises(KnowledgeError, match="title"):
        load_entries(_write(tmp_path, [_entry(title="no map")]))


def test_validate_reports_soft_problems(tmp_path: Path) -> None:
    entries = load_entries(_write(tmp_path, [
        _entry(related=["calico.nope"]),
        _entry(text={"en": "x" * 901, "zh": "文"}),
        _entry(id="calico.y", title={"en": "Only English"}),
    ]))
    problems = "\n".join(validate(entries))
    assert "related id 'calico.nope' does not exist" in problems
    assert "duplicate id" in problems
    assert "901 characters" in problems
    assert "calico.y: title.zh missing" in problems
