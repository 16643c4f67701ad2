"""``/daily``: the daily solo puzzle, Wordle-style. A thin layer over :class:`DailyPuzzles`.

The game itself is played in one ephemeral panel (quilt with hand, market and cats, and select menus)
that is edited into the next turn after every move; only the finished result leaves a short public
line (name and score, no quilt). Each new puzzle is announced at 00:00 UTC in the channel a server
chose, once, and on start for a day whose post was missed while the bot was down.

Refusals of the daily service carry codes only :mod:`calico_bot.services.daily_text` knows, so the
commands and components here answer them themselves (:func:`reply_refusal`), ephemerally.

The shared texts come from the daily service's game (:class:`DailyTexts` over its adapter); the panel
itself (pictures, menus, its lines and the moves it sends), the result's images and the review come
from the game's *front* (:class:`DailyFront`, registered by the game's own cog: Calico's is
``cogs/calico_daily.py``). This cog imports no game.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands, tasks

from calico_bot.app.bot import reply_refusal
from calico_bot.app.kit import safe_name
from calico_bot.services.daily import PAR_NAME, Attempt, DueAnnouncement, date_of
from calico_bot.services.daily_text import DailyTexts, dtr
from calico_bot.services.i18n import lang_of
from calico_bot.services.tables import GameError

if TYPE_CHECKING:
    from calico_bot.app.bot import CalicoBot

log = logging.getLogger(__name__)

UTC = datetime.UTC
# 00:00 UTC brings the new puzzle; the hourly runs after it only retry a post that failed (a claim
# makes every post happen once) and are no-ops otherwise.
ANNOUNCE_TIMES = [datetime.time(hour, 0, tzinfo=UTC) for hour in range(24)]
COLOR = 0x3B7A57
SCOPE_CHOICES = [app_commands.Choice(name=_(scope), value=scope) for scope in ("server", "global")]
NO_MENTIONS = discord.AllowedMentions.none()


def text_embed(text: str) -> discord.Embed:
    """An embed whose title is the first line of ``text`` (when there are several)."""
    first, _sep, rest = text.partition("\n")
    if rest:
        return discord.Embed(title=first[:256], description=rest[:4000], color=COLOR)
    return discord.Embed(description=text[:4000], color=COLOR)


def can_manage_daily(interaction: discord.Interaction) -> bool:
    """Manage Server in this server (or a bot owner/admin from the config)."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    perms = getattr(interaction, "permissions", None)
    if perms is not None and perms.manage_guild:
        return True
    config = getattr(interaction.client, "config", None)
    if config is not None and (interaction.user.id in config.owner_ids or interaction.user.id in config.admin_ids):
        return True
    raise app_commands.MissingPermissions(["manage_guild"])


class PostChannel(app_commands.Transformer):
    """A text or announcement channel, taken from the interaction itself (no channel cache needed)."""

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.channel

    @property
    def channel_types(self) -> list[discord.ChannelType]:
        return [discord.ChannelType.text, discord.ChannelType.news]

    async def transform(self, interaction: discord.Interaction, value: Any, /) -> app_commands.AppCommandChannel:
        if not isinstance(value, app_commands.AppCommandChannel):
            raise app_commands.TransformerError(value, discord.AppCommandOptionType.channel, self)
        return value


class DailyFront(Protocol):
    """The daily puzzle's game, as this cog needs it: everything drawn or worded in the game's terms.

    The game's own cog registers one in ``bot.daily_fronts`` under the game's key, and handles the
    clicks of the panel it builds."""

    def resumed(self, lang: str, attempt: Attempt) -> str: ...

    async def panel(
        self, lang: str, attempt: Attempt, lines: list[str]
    ) -> tuple[str, list[discord.File], discord.ui.View]: ...

    async def result_files(self, attempt: Attempt, par_state: Any | None) -> list[discord.File]: ...

    async def announcement_files(self, day: int, state: Any) -> list[discord.File]: ...

    async def review(self, lang: str, record: dict[str, Any]) -> tuple[list[str], list[discord.File]]: ...


@dataclass(slots=True)
class AnnouncementRun:
    """What one :meth:`DailyCog.run_announcements` did."""

    posted: list[DueAnnouncement] = field(default_factory=list)
    failed: list[DueAnnouncement] = field(default_factory=list)


class DailyCog(commands.Cog):
    group = app_commands.Group(
        name=_("daily"), description=_("The daily Calico puzzle: the same solo game for everybody")
    )
    # Discord honours default permissions on top-level commands only: the moderators' commands have
    # a group of their own, hidden from members without Manage Server (the check enforces it too).
    moderation = app_commands.Group(
        name=_("daily-admin"), description=_("Where the daily puzzle is announced (Manage Server)"),
        guild_only=True, default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: CalicoBot) -> None:
        self.bot = bot
        self.puzzles = bot.daily
        self.texts = DailyTexts(bot.daily.adapter)
        self._announce_lock = asyncio.Lock()
        self._catch_up: asyncio.Task[None] | None = None

    @property
    def front(self) -> DailyFront:
        front = self.bot.daily_fronts.get(self.puzzles.game)
        if front is None:
            raise RuntimeError(f"the daily game {self.puzzles.game!r} has no front loaded (its cog registers it)")
        return front  # type: ignore[no-any-return]

    async def cog_load(self) -> None:
        self.announce_loop.start()
        # Posts go through the REST API only, so a day missed while the bot was down is made up now.
        self._catch_up = asyncio.create_task(self._announce_safely(request_par=False), name="daily-announce-catch-up")

    async def cog_unload(self) -> None:
        self.announce_loop.cancel()
        if self._catch_up is not None and not self._catch_up.done():
            self._catch_up.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._catch_up

    # --- helpers -----------------------------------------------------------------------------------

    async def _guarded(self, interaction: discord.Interaction, coro: Awaitable[None]) -> None:
        try:
            await coro
        except GameError as exc:
            await reply_refusal(interaction, exc)

    def header(self, lang: str, attempt: Attempt) -> list[str]:
        lines = [f"**{self.texts.title(lang, attempt.day, date_of(attempt.day).isoformat())}**"]
        variant = self.texts.variant_text(lang, attempt.variant)
        if variant:
            lines.append(variant)
        return lines

    async def panel(
        self, lang: str, attempt: Attempt, intro: list[str]
    ) -> tuple[str, list[discord.File], discord.ui.View]:
        """The private panel of an unfinished attempt: the header and ``intro``, then the game's own."""
        return await self.front.panel(lang, attempt, [*self.header(lang, attempt), *intro])

    async def result(self, lang: str, attempt: Attempt) -> tuple[str, list[discord.File]]:
        """The private result: breakdown, par (or "pending", never awaited), share text, final quilt, and the
        par's quilt once it is known."""
        assert attempt.summary is not None
        par = await self.puzzles.par(attempt.day)
        share = self.puzzles.share_text(attempt, lang)
        lines = [
            f"**{self.texts.title(lang, attempt.day, date_of(attempt.day).isoformat())}**",
            self.texts.result_text(lang, attempt.day, attempt.summary, par),
            dtr(lang, "daily.share_hint"),
            f"```\n{share}\n```",
        ]
        # The bot's game of the same puzzle, rebuilt from its record, once it is known.
        files = await self.front.result_files(attempt, None if par is None else self.puzzles.par_state(par))
        return "\n".join(lines)[:2000], files

    async def panel_attempt(self, interaction: discord.Interaction, day: int, version: int) -> Attempt:
        """The clicking user's attempt the panel was built for; refused when it has moved on."""
        if day != self.puzzles.today():
            raise GameError("daily_day_over", day=day)
        attempt = await self.puzzles.attempt(day, interaction.user.id)
        if attempt is None:
            raise GameError("daily_no_attempt", day=day)
        if attempt.finished:
            raise GameError("daily_already_played", day=day, score=attempt.score)
        if attempt.version != version:
            raise GameError("stale")
        return attempt

    async def finish(self, interaction: discord.Interaction, lang: str, attempt: Attempt) -> None:
        """Turn the panel into the result and tell the channel (name and score only)."""
        content, files = await self.result(lang, attempt)
        await interaction.edit_original_response(content=content, attachments=files, view=None)
        name = discord.utils.escape_markdown(interaction.user.display_name)
        public_lang = lang_of(interaction.guild_locale or interaction.locale)  # public posts: the server's language
        line = self.texts.t(public_lang, "daily.finished_public", name=name, day=attempt.day, score=attempt.score)
        try:
            await interaction.followup.send(line, ephemeral=False, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.info("could not post the finish line of daily puzzle %s", attempt.day, exc_info=True)

    # --- /daily play and its panel ---------------------------------------------------------------------

    @group.command(name=_("play"), description=_("Play today's puzzle (only you see your game)"))
    async def play(self, interaction: discord.Interaction) -> None:
        await self._guarded(interaction, self._play(interaction))

    async def _play(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        user = interaction.user
        await interaction.response.defer(ephemeral=True, thinking=True)
        today = self.puzzles.today()
        existing = await self.puzzles.attempt(today, user.id) if today >= 1 else None
        if existing is not None and existing.finished:  # one attempt a day: show the result again
            content, files = await self.result(lang, existing)
            await interaction.followup.send(content, files=files, ephemeral=True)
            return
        attempt = await self.puzzles.start(user.id, safe_name(user.display_name), interaction.guild_id)
        intro = self.front.resumed(lang, attempt) if attempt.resumed else dtr(lang, "daily.started", day=attempt.day)
        content, files, view = await self.panel(lang, attempt, [intro])
        await interaction.followup.send(content, files=files, view=view, ephemeral=True)

    # --- results -----------------------------------------------------------------------------------------

    @group.command(name=_("leaderboard"), description=_("The best scores of today's puzzle, or another day's"))
    @app_commands.describe(scope=_("This server or everywhere"), day=_("Puzzle number (default: today's)"))
    @app_commands.choices(scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        scope: str | None = None,
        day: app_commands.Range[int, 1, 100_000] | None = None,
    ) -> None:
        await self._guarded(interaction, self._leaderboard(interaction, scope, day))

    async def _leaderboard(self, interaction: discord.Interaction, scope: str | None, day: int | None) -> None:
        lang = lang_of(interaction.locale)
        scope = scope or ("server" if interaction.guild_id is not None else "global")
        board = await self.puzzles.leaderboard(
            day or self.puzzles.today(), scope, interaction.guild_id, user_id=interaction.user.id
        )
        await interaction.response.send_message(embed=text_embed(self.texts.leaderboard_text(lang, board)))

    @group.command(name=_("stats"), description=_("Daily puzzle statistics: streaks and scores"))
    @app_commands.describe(player=_("Whose statistics (default: yours)"))
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        await self._guarded(interaction, self._stats(interaction, player))

    async def _stats(self, interaction: discord.Interaction, player: discord.User | discord.Member | None) -> None:
        lang = lang_of(interaction.locale)
        who = player or interaction.user
        stats = await self.puzzles.stats(who.id)
        text = self.texts.stats_text(lang, stats, safe_name(who.display_name))
        await interaction.response.send_message(embed=text_embed(text))

    @group.command(name=_("share"), description=_("Your spoiler-free result of today's puzzle, to copy"))
    async def share(self, interaction: discord.Interaction) -> None:
        await self._guarded(interaction, self._share(interaction))

    async def _share(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        today = self.puzzles.today()
        attempt = await self.puzzles.attempt(today, interaction.user.id) if today >= 1 else None
        if attempt is None:
            raise GameError("daily_no_attempt", day=today)
        share = self.puzzles.share_text(attempt, lang)  # refused until finished
        await interaction.response.send_message(f"{dtr(lang, 'daily.share_hint')}\n```\n{share}\n```", ephemeral=True)

    @group.command(name=_("review"), description=_("After a puzzle's day: your turns beside the strong bot's"))
    @app_commands.describe(day=_("Puzzle number (default: yesterday's)"))
    async def review(self, interaction: discord.Interaction,
                     day: app_commands.Range[int, 1, 100_000] | None = None) -> None:
        await self._guarded(interaction, self._review(interaction, day))

    async def _review(self, interaction: discord.Interaction, day: int | None) -> None:
        lang = lang_of(interaction.locale)
        day = day or self.puzzles.today() - 1
        record = await self.puzzles.record(day, interaction.user.id)  # refused until the day is over
        await interaction.response.defer(ephemeral=True, thinking=True)
        texts, files = await self.front.review(lang, record)
        for i, chunk in enumerate(texts):
            extra = {"files": files} if i == 0 and files else {}
            await interaction.followup.send(chunk, ephemeral=True, **extra)

    # --- announcements -------------------------------------------------------------------------------------

    @moderation.command(name=_("channel"), description=_("Post each new puzzle in a channel (Manage Server)"))
    @app_commands.describe(channel=_("Where to post the puzzles (leave out: this channel)"))
    @app_commands.check(can_manage_daily)
    async def channel(
        self,
        interaction: discord.Interaction,
        channel: app_commands.Transform[app_commands.AppCommandChannel, PostChannel] | None = None,
    ) -> None:
        await self._guarded(interaction, self._channel(interaction, channel.id if channel else None))

    @moderation.command(name=_("stop"), description=_("Stop posting the daily puzzle in this server"))
    @app_commands.check(can_manage_daily)
    async def stop(self, interaction: discord.Interaction) -> None:
        lang = lang_of(interaction.locale)
        assert interaction.guild_id is not None  # can_manage_daily
        await self.puzzles.set_channel(interaction.guild_id, None)
        await interaction.response.send_message(dtr(lang, "daily.channel_cleared"), ephemeral=True)

    async def _channel(self, interaction: discord.Interaction, channel_id: int | None) -> None:
        lang = lang_of(interaction.locale)
        guild_id = interaction.guild_id
        assert guild_id is not None  # can_manage_daily
        if channel_id is None:  # no channel named: here
            channel_id = interaction.channel_id
            if channel_id is None:
                raise GameError("daily_guild_only")
        await self.puzzles.set_channel(guild_id, channel_id, lang_of(interaction.guild_locale or interaction.locale))
        await interaction.response.send_message(dtr(lang, "daily.channel_set", channel=channel_id), ephemeral=True)
        run = await self.run_announcements()  # today's puzzle right away
        if any(item.guild_id == guild_id for item in run.failed):
            await interaction.followup.send(dtr(lang, "daily.channel_post_failed", channel=channel_id), ephemeral=True)

    async def guild_lang(self, guild_id: int) -> str:
        """The server's language: as cached from the gateway, else as it was when the channel was set."""
        guild = self.bot.get_guild(guild_id)
        if guild is not None:
            return lang_of(guild.preferred_locale)
        return lang_of(await self.puzzles.announcement_lang(guild_id))

    async def post_announcement(self, item: DueAnnouncement) -> int:
        """Post day ``item.day``'s puzzle: text, the market and the cats (the public setup; never a hand)."""
        lang = await self.guild_lang(item.guild_id)
        content = await self.puzzles.announcement(item.day, item.guild_id)
        state = (await self.puzzles.puzzle(item.day)).deal(PAR_NAME)
        files = await self.front.announcement_files(item.day, state)
        target = self.bot.get_partial_messageable(item.channel_id, guild_id=item.guild_id)
        text = self.texts.announcement_text(lang, content)[:2000]
        message = await target.send(text, files=files, allowed_mentions=NO_MENTIONS)
        return message.id

    async def run_announcements(self, *, request_par: bool = True) -> AnnouncementRun:
        """Post every due announcement once (claimed first; released again when the post fails)."""
        run = AnnouncementRun()
        async with self._announce_lock:
            for item in await self.puzzles.due_announcements():
                if not await self.puzzles.claim_announcement(item.guild_id, item.day):
                    continue
                try:
                    message_id = await self.post_announcement(item)
                except Exception:
                    log.warning(
                        "could not post daily puzzle %s in guild %s (channel %s)",
                        item.day,
                        item.guild_id,
                        item.channel_id,
                        exc_info=True,
                    )
                    await self.puzzles.release_announcement(item.guild_id, item.day)
                    run.failed.append(item)
                    continue
                await self.puzzles.complete_announcement(item.guild_id, item.day, message_id)
                run.posted.append(item)
        today = self.puzzles.today()
        if today >= 1 and (request_par or run.posted):
            self.puzzles.request_par(today)  # in the background; replies never wait for it
        return run

    async def _announce_safely(self, *, request_par: bool = True) -> None:
        try:
            await self.run_announcements(request_par=request_par)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("daily announcements failed")

    @tasks.loop(time=ANNOUNCE_TIMES)
    async def announce_loop(self) -> None:
        await self._announce_safely()


async def setup(bot: CalicoBot) -> None:
    await bot.add_cog(DailyCog(bot))
