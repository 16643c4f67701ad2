"""Discord's documented message limits, applied to everything the bot sends.

Content up to 2,000 characters; up to 10 embeds with a title of 256, a description of 4,096, up to
25 fields (name 256, value 1,024), a footer of 2,048 and an author name of 256 characters, and
6,000 characters over all embeds of a message; up to 10 files. Longer text is cut with an ellipsis,
so no path of the bot can have a message refused for its size.
"""

from __future__ import annotations

from typing import Any

import discord

CONTENT = 2000
EMBEDS = 10
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
EMBED_TOTAL = 6000
FILES = 10


def clip(text: str | None, limit: int) -> str | None:
    if text is None or len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


def fit_embed(embed: discord.Embed, budget: int = EMBED_TOTAL) -> discord.Embed:
    """The embed cut to Discord's limits (and to ``budget`` characters in all)."""
    if embed.title:
        embed.title = clip(embed.title, min(TITLE, budget))
    used = len(embed.title or "")
    if embed.author and embed.author.name:
        name = clip(embed.author.name, max(1, min(AUTHOR, budget - used))) or ""
        embed.set_author(name=name, url=embed.author.url, icon_url=embed.author.icon_url)
        used += len(name)
    if embed.description:
        embed.description = clip(embed.description, max(1, min(DESCRIPTION, budget - used - 64)))
        used += len(embed.description or "")
    fields = list(embed.fields)[:FIELDS]
    embed.clear_fields()
    for f in fields:
        name = clip(f.name or "-", FIELD_NAME) or "-"
        room = budget - used - len(name) - 64
        if room <= 1:
            break
        value = clip(f.value or "-", min(FIELD_VALUE, room)) or "-"
        embed.add_field(name=name, value=value, inline=f.inline)
        used += len(name) + len(value)
    if embed.footer and embed.footer.text:
        text = clip(embed.footer.text, max(1, min(FOOTER, budget - used))) or ""
        embed.set_footer(text=text, icon_url=embed.footer.icon_url)
    return embed


def fit(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Message keyword arguments (``content``, ``embed(s)``, ``file(s)``) within Discord's limits."""
    out = dict(kwargs)
    if out.get("content") is not None:
        out["content"] = clip(str(out["content"]), CONTENT)
    if out.get("embed") is not None:
        out["embed"] = fit_embed(out["embed"])
    if out.get("embeds"):
        embeds = list(out["embeds"])[:EMBEDS]
        share = EMBED_TOTAL // max(1, len(embeds))
        out["embeds"] = [fit_embed(e, share) for e in embeds]
    if out.get("files"):
        out["files"] = list(out["files"])[:FILES]
    return out


async def send_limited(target: discord.abc.Messageable, **kwargs: Any) -> discord.Message:
    """``target.send`` with the message cut to Discord's limits."""
    return await target.send(**fit(kwargs))
