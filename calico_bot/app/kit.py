"""Small pieces every game cog shares: who a person is, the guarded component base, PNG files."""

from __future__ import annotations

import io
from typing import Any

import discord

from ..services.i18n import lang_of, tr
from ..services.tables import GameError, Person
from ..storage.models import SeatRow
from .bot import mark_committed, reply_failure, reply_refusal, respond
from .guard import first_delivery

# The lobby buttons every game shares: their looks and their words.
LOBBY_STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
                "start": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.secondary,
                "remove": discord.ButtonStyle.secondary}
LOBBY_LABELS = {"join": "button.join", "leave": "button.leave", "start": "button.start", "bot": "button.add_bot",
                "remove": "button.remove"}


# What a display name may not do in the bot's posts: mention someone (``<@id>``, ``@everyone``), hide a
# link behind words (``[text](url)``), or start bold, code, spoilers, strike-through or a heading. Those
# marks become their full-width twins, which read the same, draw in the shipped fonts and do nothing.
_INERT = str.maketrans({"<": "＜", ">": "＞", "@": "＠", "[": "［", "]": "］", "*": "＊", "`": "｀", "|": "｜",
                        "~": "～", "#": "＃", "\\": "＼"})


def safe_name(name: str) -> str:
    """A member's display name as the bot prints and draws it: one line, and nothing in it that Discord
    would read as a mention, a link or formatting."""
    return " ".join(name.split()).translate(_INERT) or "?"


def person_of(interaction: discord.Interaction) -> Person:
    """The person behind an interaction. Manage Server counts only in the server the command came
    from (the service checks that it is the game's own server); OWNER_IDS / ADMIN_IDS count everywhere."""
    user = interaction.user
    bot = interaction.client
    perms = getattr(interaction, "permissions", None)
    is_mod = bool(interaction.guild_id is not None and perms and perms.manage_guild)
    config = getattr(bot, "config", None)
    admin = bool(config and (user.id in config.owner_ids or user.id in config.admin_ids))
    return Person(user.id, safe_name(user.display_name), is_mod or admin, guild_id=interaction.guild_id,
                  is_bot_admin=admin)


def removable_seats(seats: list[SeatRow], host_id: int) -> list[tuple[str, str]]:
    """The lobby seats a host may remove, as (label, menu value): every seat but the host's; a player by
    user id ("u<id>"), so a menu left open never removes someone who took a freed seat, a bot by seat."""
    out = []
    for seat in sorted(seats, key=lambda s: s.seat):
        if seat.is_bot:
            out.append((seat.name, f"b{seat.seat}"))
        elif seat.user_id is not None and seat.user_id != host_id:
            out.append((seat.name, f"u{seat.user_id}"))
    return out


def removal_target(value: str, game_id: int) -> dict[str, int]:
    """A removal menu's value as ``remove``'s keyword (``user_id`` or ``bot_seat``); an unreadable one is
    refused as nobody in the lobby."""
    kind, number = value[:1], value[1:]
    if kind not in ("u", "b") or not number.isdigit() or len(number) > 20:
        raise GameError("remove_not_in_lobby", game=game_id)
    return {"user_id": int(number)} if kind == "u" else {"bot_seat": int(number)}


async def report_removal(cog: Any, interaction: discord.Interaction, game: Any, removed: SeatRow, *,
                         from_menu: bool) -> None:
    """After the host took someone out of a lobby (saved): the host's private answer (in place of the menu,
    or as a reply to the command), the lobby post redrawn, and the removed player told in the game's thread
    (``cog`` has ``refresh_lobby`` and ``after_update``, as every game's cog does)."""
    mark_committed(interaction)
    text = tr(lang_of(interaction.locale), "lobby.removed", name=removed.name, game=game.id)
    if from_menu:
        await interaction.response.edit_message(content=text, view=None)
    else:
        await respond(interaction, text, ephemeral=True)
    await cog.refresh_lobby(game)
    await cog.after_update(game.id)


def png_file(data: bytes, name: str, *, spoiler: bool = False) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, spoiler=spoiler)


def in_thread(interaction: discord.Interaction) -> bool:
    channel = interaction.channel
    kinds = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)
    return isinstance(channel, discord.Thread) or getattr(channel, "type", None) in kinds


async def open_game_thread(interaction: discord.Interaction, message: discord.Message, game_id: int,
                           name: str, lang: str) -> int | None:
    """A thread on the lobby message for the game to play in, or None (it plays where it was opened):
    inside a thread already (a thread cannot hold another), or when Discord refuses one (said so)."""
    if in_thread(interaction):
        await interaction.followup.send(tr(lang, "lobby.in_thread", game=game_id))
        return None
    try:
        thread = await message.create_thread(name=name, auto_archive_duration=10080)
        return thread.id
    except (discord.Forbidden, discord.HTTPException):
        await interaction.followup.send(tr(lang, "lobby.thread_fallback", game=game_id))
        return None


class Guarded:
    """The one error path of component callbacks: refusals and failures get a polite private reply
    (never a silent click), and a repeated delivery of the same click is dropped."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        client = interaction.client
        storage = getattr(client, "storage", None)
        if storage is None:
            return True
        now = client.now() if hasattr(client, "now") else 0.0  # type: ignore[attr-defined]
        return await first_delivery(storage, interaction, now)

    async def run(self, interaction: discord.Interaction, coro: Any) -> None:
        try:
            await coro
        except GameError as exc:
            await reply_refusal(interaction, exc)
        except Exception as exc:
            await reply_failure(interaction, exc)


__all__ = ["LOBBY_LABELS", "LOBBY_STYLES", "Guarded", "in_thread", "open_game_thread", "person_of", "png_file",
           "removable_seats", "removal_target", "report_removal"]
