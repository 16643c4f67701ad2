"""``/rules``: answers to rules questions for Calico, Cat in the Box and The Isle of Cats."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from calico_bot.rules import Entry, Lookup, RulesIndex, load_index, normalize_lang
from calico_bot.services.rules_context import game_here

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

log = logging.getLogger(__name__)

GAME_CHOICES = [
    app_commands.Choice(name="Calico", value="calico"),
    app_commands.Choice(name="Cat in the Box", value="citb"),
    app_commands.Choice(name="The Isle of Cats", value="ioc"),
]
GAME_NAMES = {
    "calico": ("Calico", "猫与花毯"),
    "citb": ("Cat in the Box", "盒中猫"),
    "ioc": ("The Isle of Cats", "猫岛"),
}
TEXT = {
    "no_match": {
        "en": "I found no rule that answers that. Try other words, or pick a topic with `/rules topic`.",
        "zh": "没有找到能回答这个问题的规则。换个说法试试，或用 `/rules topic` 选择一个主题。",
    },
    "closest": {"en": "If you meant a rule, these topics come closest (open one with `/rules topic`):",
                "zh": "如果你问的是规则，最接近的是这些主题（用 `/rules topic` 打开）："},
    "unknown_topic": {"en": "There is no rules topic {topic!r}.", "zh": "没有名为 {topic!r} 的规则主题。"},
    "related": {"en": "Related", "zh": "相关主题"},
    "source": {"en": "{game} · rule `{id}`", "zh": "{game} · 规则 `{id}`"},
}


def _t(lang: str, key: str, **kw: object) -> str:
    return TEXT[key][lang].format(**kw)


#: Refusals that may have been a rules question after all (the confidence floor, or a message that only
#: looks like another subject): the private note lists the closest topics. A message that names another
#: game, asks about the bot, or is arithmetic or small talk gets the plain note.
SOFT_REFUSALS = frozenset({None, "learned_off_topic", "like_off_topic"})


def no_match_text(index: RulesIndex, found: Lookup, lang: str) -> str:
    """The private "no rule answers that" note, with the closest topics for a soft refusal."""
    text = _t(lang, "no_match")
    closest = [e for g in found.guesses[:3] if (e := index.get(g.id)) is not None]
    if found.out_of_scope in SOFT_REFUSALS and closest:
        text += "\n" + _t(lang, "closest") + "".join(f"\n· {e.title_in(lang)} (`{e.id}`)" for e in closest)
    return text


def _game_name(game: str, lang: str) -> str:
    return GAME_NAMES[game][1 if lang == "zh" else 0]


def answer_embed(entry: Entry, lang: str) -> discord.Embed:
    embed = discord.Embed(title=entry.title_in(lang)[:256], description=entry.text_in(lang)[:4000], color=0xC0792B)
    game = _game_name(entry.game, lang)
    embed.set_footer(text=_t(lang, "source", game=game, id=entry.id))
    return embed


class RelatedButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rules:(?P<lang>en|zh):(?P<id>[a-z0-9_.]+)"):
    """A related topic; clicking shows it to the clicker alone."""

    def __init__(self, entry_id: str, lang: str, title: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(title or entry_id)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rules:{lang}:{entry_id}"[:100],
            )
        )
        self.entry_id = entry_id
        self.lang = lang

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> RelatedButton:
        return cls(match["id"], match["lang"])

    async def callback(self, interaction: discord.Interaction) -> None:
        entry = load_index().get(self.entry_id)
        if entry is None:
            await interaction.response.send_message(_t(self.lang, "unknown_topic", topic=self.entry_id), ephemeral=True)
            return
        await interaction.response.send_message(
            embed=answer_embed(entry, self.lang), view=related_view(load_index(), entry, self.lang), ephemeral=True
        )


def related_view(index: RulesIndex, entry: Entry, lang: str) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    for rid in entry.related[:3]:
        other = index.get(rid)
        if other is not None:
            view.add_item(RelatedButton(rid, lang, other.title_in(lang)))
    return view if view.children else None


class RulesCog(commands.Cog):
    rules = app_commands.Group(
        name=_("rules"), description=_("Ask about the rules of Calico, Cat in the Box or The Isle of Cats")
    )

    def __init__(self, bot: CalicoBot) -> None:
        self.bot = bot
        self.index = load_index()  # once: about 0.1 s from the disk cache, 0.5-0.8 s to build

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RelatedButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(RelatedButton)

    @rules.command(name=_("ask"), description=_("Ask a rules question"))
    @app_commands.describe(question=_("Your question"), game=_("Which game"), public=_("Show the answer to everyone"))
    @app_commands.choices(game=GAME_CHOICES)
    async def ask(
        self,
        interaction: discord.Interaction,
        question: app_commands.Range[str, 1, 300],
        game: str | None = None,
        public: bool = True,
    ) -> None:
        # Answers come in the question's language; the user's locale speaks only when there is no
        # answer (the "nothing found" note) or the question has no words of either language.
        locale_lang = normalize_lang(str(interaction.locale))
        has_words = any(ch.isalpha() for ch in question)
        # The game played in this thread (or the one kind open in this channel) is a hint for a
        # question that names no game ("how many rounds?"); a game picked or named still decides.
        here = None
        if game is None and interaction.channel_id is not None:
            try:
                here = await game_here(self.bot.storage, guild_id=interaction.guild_id,
                                       channel_id=interaction.channel_id)
            except Exception:  # the hint is optional: a database hiccup must not cost the answer
                log.warning("rules: no game hint for channel %s", interaction.channel_id, exc_info=True)
        found = self.index.lookup(question, game=game, lang=None if has_words else locale_lang, k=3, here=here)
        hits = found.hits
        lang = hits[0].lang if hits else locale_lang
        if not hits:
            await interaction.response.send_message(no_match_text(self.index, found, lang), ephemeral=True)
            return
        entry = self.index.get(hits[0].id)
        assert entry is not None
        embed = answer_embed(entry, lang)
        if (detail := hits[0].detail) is not None:
            # The question matched a specific case of this topic: show that case under the topic.
            embed.add_field(name=f"▸ {detail.title}"[:256], value=detail.text[:1024], inline=False)
        if len(hits) > 1:
            # A related topic of another game (the question named none) says which game it belongs to.
            lines = [f"· {h.title}" if h.game == entry.game else f"· {h.title} ({_game_name(h.game, lang)})"
                     for h in hits[1:]]
            embed.add_field(name=_t(lang, "related"), value="\n".join(lines)[:1024], inline=False)
        await interaction.response.send_message(
            embed=embed, view=related_view(self.index, entry, lang), ephemeral=not public
        )

    @rules.command(name=_("topic"), description=_("Read a rules topic"))
    @app_commands.describe(topic=_("Topic"), public=_("Show the answer to everyone"))
    async def topic(
        self, interaction: discord.Interaction, topic: app_commands.Range[str, 1, 100], public: bool = False
    ) -> None:
        lang = normalize_lang(str(interaction.locale))
        entry = self.index.get(topic.strip())
        if entry is None:
            hits = self.index.search(topic, lang=lang, k=1)
            entry = self.index.get(hits[0].id) if hits else None
        if entry is None:
            shown = topic if len(topic) <= 60 else topic[:59] + "…"
            await interaction.response.send_message(_t(lang, "unknown_topic", topic=shown), ephemeral=True)
            return
        await interaction.response.send_message(
            embed=answer_embed(entry, lang), view=related_view(self.index, entry, lang), ephemeral=not public
        )

    @topic.autocomplete("topic")
    async def topic_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        lang = normalize_lang(str(interaction.locale))
        return [
            app_commands.Choice(name=title[:100], value=entry_id)
            for entry_id, title in self.index.autocomplete(current, lang=lang, limit=25)
        ]


async def setup(bot: CalicoBot) -> None:
    await bot.add_cog(RulesCog(bot))
