"""Calico ships its own messages (``games/calico/messages.py``): the shared catalog holds none of them,
and every key Calico's code asks for by name is there, in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from calico_bot.games.calico import messages
from calico_bot.games.calico.plugin import PLUGIN
from calico_bot.services import i18n, table_text  # noqa: F401  (the table's words Calico uses too)

ROOT = Path(__file__).resolve().parents[4]
CALICO_CODE = [*ROOT.glob("cogs/calico*.py"), *(ROOT / "calico_bot/games/calico").rglob("*.py")]
ASKED = re.compile(r'\btr\(\s*lang,\s*"([a-z_]+(?:\.[A-Za-z0-9_]+)*)"')


def test_the_shared_catalog_holds_no_calico_message() -> None:
    source = (ROOT / "calico_bot/services/i18n.py").read_text(encoding="utf-8")
    shared = set(re.findall(r'^    "([^"]+)": \{', source, flags=re.MULTILINE))
    assert shared and not shared & messages.OWN
    assert all(key.startswith("calico.") for key in messages.CATALOG)
    assert PLUGIN.messages is messages.MESSAGES and set(PLUGIN.messages["en"]) == set(messages.CATALOG)


def test_every_key_calicos_code_asks_for_exists_in_both_languages() -> None:
    asked = {key for path in CALICO_CODE for key in ASKED.findall(path.read_text(encoding="utf-8"))}
    assert "turn.reminder" in asked and "ended" in asked  # the scan sees Calico's keys and shared ones
    for key in asked:
        entry = i18n.MESSAGES.get(messages.key_of(key))
        assert entry is not None, key
        assert entry["en"] and entry["zh"], key
    assert messages.tr("zh", "goals.all_set") != messages.tr("en", "goals.all_set")
