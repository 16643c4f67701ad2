"""Every game's own messages: both languages, the same placeholders, under its own prefix, no collisions."""

from __future__ import annotations

import string
from typing import ClassVar

import pytest

from calico_bot.core.game_contract import GamePlugin
from calico_bot.core.registry import discover
from calico_bot.services import i18n
from calico_bot.services.table_text import TABLE_MESSAGES, register_plugin_messages
from tests.calico_bot.core.sealed_bid import PLUGIN as SEALED_BID


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


PLUGINS = [*discover(), SEALED_BID]


@pytest.mark.parametrize("plugin", PLUGINS, ids=lambda p: p.key)
def test_a_games_messages_exist_in_both_languages_with_the_same_placeholders(plugin: GamePlugin) -> None:
    en, zh = plugin.messages.get("en", {}), plugin.messages.get("zh", {})
    assert set(en) == set(zh)
    for key in en:
        assert key.startswith(plugin.key + "."), key
        assert fields(en[key]) == fields(zh[key]), key
    register_plugin_messages(plugin)  # twice is fine for the same game
    register_plugin_messages(plugin)


def test_the_tables_own_words_have_both_languages_and_the_same_placeholders() -> None:
    for key, entry in TABLE_MESSAGES.items():
        assert set(entry) == {"en", "zh"}, key
        assert fields(entry["en"]) == fields(entry["zh"]), key


def test_a_plugin_cannot_take_another_games_keys_or_write_outside_its_prefix(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_OWNERS", dict(i18n._OWNERS))
    register_plugin_messages(SEALED_BID)

    class Intruder(type(SEALED_BID)):  # type: ignore[misc]
        key = "intruder"
        messages: ClassVar[dict[str, dict[str, str]]] = {"en": {"bid.name": "x"}, "zh": {"bid.name": "x"}}

    with pytest.raises(ValueError, match="outside its prefix"):
        register_plugin_messages(Intruder())

    class Shadow(type(SEALED_BID)):  # type: ignore[misc]
        key = "table"
        messages: ClassVar[dict[str, dict[str, str]]] = {"en": {"table.stale": "x"}, "zh": {"table.stale": "x"}}

    with pytest.raises(ValueError, match="already taken"):
        register_plugin_messages(Shadow())

    class OneLanguage(type(SEALED_BID)):  # type: ignore[misc]
        messages: ClassVar[dict[str, dict[str, str]]] = {"en": {"bid.only": "x"}, "zh": {}}

    with pytest.raises(ValueError, match="both languages"):
        register_plugin_messages(OneLanguage())
