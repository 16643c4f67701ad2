"""A refusal from a service (:class:`GameError`) as a message for the user, in their language.

One formatter for every path: the command tree's error handler and component callbacks (both in
``app.bot``). Rules-core refusals (code ``rule``) use the game's ``<game>.rule.<code>`` messages (the
service names the game as ``game_``) and fall back to the core's English message; daily-puzzle codes
use the daily messages; the rest the shared catalog.
"""

from __future__ import annotations

from .daily_text import dtr
from .i18n import Lang, has, tr
from .tables import GameError

ECHO_LIMIT = 60  # characters of a user's own input repeated in a refusal


def _short(value: object) -> object:
    """User input echoed in a refusal is cut short: a refusal must never outgrow a Discord message."""
    if isinstance(value, str) and len(value) > ECHO_LIMIT:
        return value[: ECHO_LIMIT - 1] + "…"
    return value


def refusal_text(lang: Lang, error: GameError) -> str:
    # Parameters named with a trailing underscore are the service's own text (bounded there), not input.
    error.params = {k: v if k.endswith("_") else _short(v) for k, v in error.params.items()}
    if error.code != "rule":
        game = error.params.get("game_")
        if game and has(f"{game}.{error.code}"):  # a refusal of the game's own service, in its words
            return tr(lang, f"{game}.{error.code}", **error.params)
        return dtr(lang, error.code, **error.params)  # daily messages first, then the shared catalog
    rule_code = error.params.get("code_", "")
    game = error.params.get("game_")
    key = f"{game}.rule.{rule_code}" if game and has(f"{game}.rule.{rule_code}") else f"rule.{rule_code}"
    if not has(key):
        return str(error.params.get("message", rule_code))
    params = {k: (", ".join(map(str, v)) if isinstance(v, list) else v) for k, v in error.params.items()}
    params.setdefault("current_name", params.get("current", ""))
    return tr(lang, key, **params)
