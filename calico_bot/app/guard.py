"""The edge between Discord and the bot: every interaction is checked here before any cog sees it.

- **Once only.** Discord (and networks) may deliver the same interaction twice. Its id is claimed in
  the database (``seen_interactions``); a repeated delivery is dropped without a reply or a log
  traceback. Autocomplete requests are exempt: answering one twice changes nothing.
- **Well-formed options.** discord.py passes option values through as Discord sent them, so a
  hostile or broken payload could hand a cog an ``int`` where a ``str`` was declared, or an id past
  SQLite's integer range. Every option is compared with the command's declared type, range and
  length first; a bad one is answered privately and politely, and the command is not run.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from ..services.i18n import lang_of, tr

if TYPE_CHECKING:
    from ..storage.base import SqlStorage

log = logging.getLogger(__name__)

MAX_SAFE_INTEGER = 2**53  # Discord's own bound for integer options
SNOWFLAKE_MAX = 2**63 - 1
SEEN_KEEP_SECONDS = 24 * 3600  # Discord never redelivers an interaction after its 15-minute token life

_KINDS = {
    AppCommandOptionType.string: "string",
    AppCommandOptionType.integer: "integer",
    AppCommandOptionType.number: "number",
    AppCommandOptionType.boolean: "boolean",
    AppCommandOptionType.user: "user",
    AppCommandOptionType.channel: "channel",
    AppCommandOptionType.role: "role",
    AppCommandOptionType.mentionable: "mentionable",
    AppCommandOptionType.attachment: "attachment",
}


class BadOption(Exception):
    def __init__(self, option: str, reason_key: str, **params: Any) -> None:
        super().__init__(option)
        self.option = option
        self.reason_key = reason_key
        self.params = params

    def text(self, lang: str) -> str:
        params = {k: tr(lang, v) if k == "kind" else v for k, v in self.params.items()}  # "a whole number", "整数"
        reason = tr(lang, self.reason_key, **params)
        return tr(lang, "error.bad_option", option=self.option[:40], reason=reason)


async def first_delivery(storage: SqlStorage, interaction: discord.Interaction, now: float) -> bool:
    """True the first time this interaction arrives (in any process sharing the database)."""
    if interaction.type is discord.InteractionType.autocomplete:
        return True
    try:
        return await storage.claim_interaction(int(interaction.id), now=now)
    except OverflowError:
        return False  # not a real interaction id


def check_value(param: app_commands.Parameter, value: Any) -> None:
    """Raise :class:`BadOption` unless ``value`` is what Discord may send for ``param``."""
    kind = param.type
    name = param.display_name
    if param.choices and value not in [c.value for c in param.choices]:
        raise BadOption(name, "error.option_choice", choices=", ".join(str(c.value) for c in param.choices[:25]))
    if kind is AppCommandOptionType.string:
        if not isinstance(value, str):
            raise BadOption(name, "error.option_type", kind="kind.string")
        limit = param.max_value if isinstance(param.max_value, int) else None
        if limit is not None and len(value) > limit:
            raise BadOption(name, "error.option_length", max=limit)
        return
    if kind in (AppCommandOptionType.integer, AppCommandOptionType.number):
        integer = kind is AppCommandOptionType.integer
        ok = isinstance(value, int) and not isinstance(value, bool)
        if not integer:
            ok = ok or (isinstance(value, float) and math.isfinite(value))
        if not ok or abs(value) > MAX_SAFE_INTEGER:
            raise BadOption(name, "error.option_type", kind=f"kind.{_KINDS[kind]}")
        low = param.min_value if param.min_value is not None else -MAX_SAFE_INTEGER
        high = param.max_value if param.max_value is not None else MAX_SAFE_INTEGER
        if not low <= value <= high:
            raise BadOption(name, "error.option_range", low=low, high=high)
        return
    if kind is AppCommandOptionType.boolean:
        if not isinstance(value, bool):
            raise BadOption(name, "error.option_type", kind="kind.boolean")
        return
    # users, channels, roles, mentionables and attachments arrive as snowflake strings
    if not (isinstance(value, str | int) and not isinstance(value, bool) and str(value).isdigit()
            and 0 < int(value) <= SNOWFLAKE_MAX):
        raise BadOption(name, "error.option_type", kind=f"kind.{_KINDS.get(kind, 'string')}")


def _well_formed(options: Any, depth: int = 0) -> bool:
    """Options as Discord sends them: a list of objects with a text name and a numeric type, whose
    subcommand entries hold such a list again (discord.py would trip over anything else)."""
    if not isinstance(options, list) or depth > 2:
        return False
    for option in options:
        if not (isinstance(option, dict) and isinstance(option.get("name"), str)
                and isinstance(option.get("type"), int) and not isinstance(option.get("type"), bool)):
            return False
        if option["type"] in (1, 2) and not _well_formed(option.get("options", []), depth + 1):
            return False
    return True


def _leaf_options(data: dict[str, Any]) -> tuple[list[str], list[dict[str, Any]]]:
    """The subcommand path and the options of the command that will run."""
    path = [str(data.get("name", ""))]
    options = list(data.get("options") or [])
    while options and isinstance(options[0], dict) and options[0].get("type") in (1, 2):
        path.append(str(options[0].get("name", "")))
        options = list(options[0].get("options") or [])
    return path, options


def check_options(tree: app_commands.CommandTree[Any], interaction: discord.Interaction) -> None:
    """Compare the options of a slash command (or autocomplete request) with their declarations."""
    data = interaction.data or {}
    if data.get("type", 1) != 1:
        return
    if not _well_formed(data.get("options", [])):
        raise BadOption("?", "error.option_unknown")
    path, options = _leaf_options(dict(data))
    guild = discord.Object(int(data["guild_id"])) if str(data.get("guild_id", "")).isdigit() else None
    node: Any = tree.get_command(path[0], guild=guild) or tree.get_command(path[0])
    for part in path[1:]:
        node = node.get_command(part) if isinstance(node, app_commands.Group) else None
    if not isinstance(node, app_commands.Command):
        return  # an unknown command: discord.py answers it as unknown itself
    params = {p.display_name: p for p in node.parameters}
    autocomplete = interaction.type is discord.InteractionType.autocomplete
    for option in options:
        if not isinstance(option, dict):
            raise BadOption("?", "error.option_unknown")
        name = str(option.get("name", ""))
        param = params.get(name)
        if param is None:
            raise BadOption(name, "error.option_unknown")
        if option.get("focused"):
            if not isinstance(option.get("value", ""), str):
                raise BadOption(name, "error.option_type", kind="kind.string")
            continue  # what the user is typing: any text
        if autocomplete and isinstance(option.get("value"), str):
            continue  # earlier options of an autocomplete request may still be partly typed
        if "value" in option:
            check_value(param, option["value"])


class GuardedTree(app_commands.CommandTree[Any]):
    """The command tree with the once-only and well-formed-options checks in front of every command."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        lang = lang_of(interaction.locale)
        try:
            try:
                check_options(self, interaction)
            except (AttributeError, KeyError, TypeError, ValueError):
                raise BadOption("?", "error.option_unknown") from None
        except BadOption as exc:
            if interaction.type is discord.InteractionType.autocomplete:
                await _safe(interaction.response.autocomplete([]))
            else:
                await _safe(interaction.response.send_message(exc.text(lang), ephemeral=True))
            return False
        storage = getattr(self.client, "storage", None)
        if storage is not None:
            now = float(getattr(self.client, "now", lambda: 0.0)())
            if not await first_delivery(storage, interaction, now):
                log.info("interaction %s delivered again: ignored", interaction.id)
                return False
        return True


async def _safe(coro: Any) -> None:
    try:
        await coro
    except discord.HTTPException:
        log.info("could not answer an interaction with bad options", exc_info=True)
