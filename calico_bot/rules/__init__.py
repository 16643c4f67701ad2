"""Rules questions: a bilingual (English/Chinese) search over the rules knowledge base.

Pure Python (no Discord imports). Typical use from a cog::

    from calico_bot.rules import load_index

    hits = load_index().search(question, lang=str(interaction.locale))
"""

from calico_bot.rules.games import guess_game
from calico_bot.rules.knowledge import DATA_DIR, GAMES, Entry, KnowledgeError, load_entries, validate
from calico_bot.rules.search import CONFIDENCE_FLOOR, Hit, Lookup, RulesIndex, load_index
from calico_bot.rules.text_tokens import detect_lang, normalize_lang

__all__ = [
    "CONFIDENCE_FLOOR",
    "DATA_DIR",
    "GAMES",
    "Entry",
    "Hit",
    "KnowledgeError",
    "Lookup",
    "RulesIndex",
    "detect_lang",
    "guess_game",
    "load_entries",
    "load_index",
    "normalize_lang",
    "validate",
]
