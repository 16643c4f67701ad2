"""A local stand-in for Discord's REST API (v10), good enough for a slash-command bot.

`FakeDiscord` runs an aiohttp server on 127.0.0.1 inside the running event loop, imitates the routes a
discord.py 2.7 bot uses for app commands (login, interaction callbacks, follow-ups, channel messages,
threads, command sync) and records every request. Every message the bot posts or edits is kept in a
small model (`FakeMessage`) so tests and the "local table" mode can look at what players would see.

discord.py is pointed at the fake by replacing `discord.http.Route.BASE`: the bot's own HTTP client
*and* the webhook adapter used for interaction callbacks and follow-ups (`discord.webhook.async_`)
build their URLs from that one class attribute, so `install()` redirects both.

Facts this module relies on (checked against discord.py 2.7.1):
- responses are decoded as JSON only if Content-Type is exactly ``application/json``;
- interaction callbacks are always sent with ``?with_response=1`` and the reply is parsed as an
  ``InteractionCallbackResponse`` (``{"interaction": {...}, "resource": {"type", "message"}}``);
- follow-ups are sent with ``?wait=1`` and must answer a full message object;
- multipart bodies carry a ``payload_json`` part plus ``files[i]`` parts.
"""

from __future__ import annotations

import copy
import datetime
import itertools
import json
import logging
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
import discord.http
from aiohttp import web

__all__ = [
    "DEFAULT_APP_PERMISSIONS",
    "DEFAULT_MEMBER_PERMISSIONS",
    "DISCORD_EPOCH_MS",
    "EPHEMERAL",
    "LOADING",
    "ComponentRef",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "MessageListener",
    "RecordedFile",
    "RecordedRequest",
    "SnowflakeGenerator",
    "iter_components",
    "message_texts",
    "new_snowflake",
    "new_token",
]

_log = logging.getLogger(__name__)

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
"""Message flag: only the invoking user sees the message."""
LOADING = 1 << 7
"""Message flag: the "Bot is thinking..." placeholder of a deferred interaction."""

DEFAULT_MEMBER_PERMISSIONS: int = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
    change_nickname=True,
    connect=True,
    speak=True,
).value
"""Permissions of an ordinary member (roughly what @everyone gets in a fresh server)."""

DEFAULT_APP_PERMISSIONS: int = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    manage_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
).value
"""Permissions the bot has in the channel of an interaction (``app_permissions``)."""

_JSON = "application/json"


def _iso(ts: float | None = None) -> str:
    when = datetime.datetime.fromtimestamp(time.time() if ts is None else ts, tz=datetime.UTC)
    return when.isoformat()


class SnowflakeGenerator:
    """Makes increasing Discord snowflakes from the current time, so ``created_at`` looks real.

    Interactions built from these ids are never "expired" (discord.py derives expiry from the id).
    """

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake, strictly greater than every one returned before."""
        candidate = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(candidate, self._last + 1)
        return self._last

    def observe(self, value: int) -> None:
        """Never hand out ``value`` or anything below it (ids read back from an earlier run)."""
        self._last = max(self._last, value)


_SNOWFLAKES = SnowflakeGenerator()


# ----------------------------------------------------------------------------------------------
# The world: users, guilds, channels
# ----------------------------------------------------------------------------------------------


@dataclass
class FakeUser:
    """A Discord user (and, in a guild, a member) who interacts with the bot.

    ``permissions`` are the member's resolved permissions in the channel (sent as
    ``member.permissions``). ``is_owner`` marks an owner of the bot application: pass such a user to
    ``FakeDiscord(owner=...)`` (or let `InteractionFactory` register it) before the bot first calls
    ``is_owner``, which discord.py caches.
    """

    id: int
    name: str
    locale: str = "en-US"
    permissions: int = DEFAULT_MEMBER_PERMISSIONS
    is_owner: bool = False
    global_name: str | None = None
    bot: bool = False
    roles: tuple[int, ...] = ()
    nick: str | None = None

    def to_user_payload(self) -> dict[str, Any]:
        """The user object Discord sends."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def to_member_payload(self, *, with_user: bool = True, joined_at: str | None = None) -> dict[str, Any]:
        """The guild member object Discord sends in an interaction (with ``permissions``)."""
        payload: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "joined_at": joined_at or "2024-01-01T00:00:00+00:00",
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
            "permissions": str(self.permissions),
        }
        if with_user:
            payload["user"] = self.to_user_payload()
        return payload


@dataclass
class FakeGuild:
    """A guild (server)."""

    id: int
    name: str = "Test Guild"
    locale: str = "en-US"
    owner_id: int | None = None
    features: tuple[str, ...] = ()

    def to_partial_payload(self) -> dict[str, Any]:
        """The partial guild sent inside interactions."""
        return {"id": str(self.id), "locale": self.locale, "features": list(self.features)}

    def to_payload(self) -> dict[str, Any]:
        """A guild object good enough for ``GET /guilds/{id}``."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id or 0),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [],
            "emojis": [],
            "stickers": [],
            "features": list(self.features),
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass
class FakeRole:
    """A guild role (for role / mentionable options)."""

    id: int
    name: str = "role"
    permissions: int = 0
    position: int = 1

    def to_payload(self) -> dict[str, Any]:
        """The role object Discord sends."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": True,
            "flags": 0,
        }


TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
_THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)


@dataclass
class FakeChannel:
    """A channel: text (type 0), public thread (11), private thread (12) or DM (1, ``guild_id=None``).

    For a thread ``parent_id`` is the text channel it hangs off; for a text channel it is the category.
    """

    id: int
    guild_id: int | None
    type: int = TEXT_CHANNEL
    parent_id: int | None = None
    name: str = "general"
    owner_id: int | None = None
    recipients: tuple[FakeUser, ...] = ()
    archived: bool = False
    locked: bool = False

    @property
    def is_thread(self) -> bool:
        """Whether this is a thread channel."""
        return self.type in _THREAD_TYPES

    def to_payload(self) -> dict[str, Any]:
        """The channel object Discord sends (``GET /channels/{id}``, ``channel`` in interactions)."""
        if self.type == DM_CHANNEL:
            return {
                "id": str(self.id),
                "type": DM_CHANNEL,
                "last_message_id": None,
                "recipients": [u.to_user_payload() for u in self.recipients],
                "flags": 0,
            }
        payload: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
        }
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
        if self.is_thread:
            payload.update(
                owner_id=str(self.owner_id or 0),
                message_count=0,
                member_count=1,
                total_message_sent=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": _iso(),
                    "locked": self.locked,
                    "invitable": self.type == PUBLIC_THREAD,
                    "create_timestamp": _iso(),
                },
            )
        else:
            payload.update(position=0, topic=None, permission_overwrites=[], default_auto_archive_duration=1440)
        return payload

    def to_resolved_payload(self, permissions: int = DEFAULT_MEMBER_PERMISSIONS) -> dict[str, Any]:
        """The partial channel sent in ``resolved.channels`` for channel options."""
        payload = {
            "id": str(self.id),
            "name": self.name,
            "type": self.type,
            "permissions": str(permissions),
            "parent_id": None if self.parent_id is None else str(self.parent_id),
        }
        if self.is_thread:
            payload["thread_metadata"] = self.to_payload()["thread_metadata"]
        return payload


# ----------------------------------------------------------------------------------------------
# What went over the wire
# ----------------------------------------------------------------------------------------------


@dataclass
class RecordedFile:
    """One uploaded file part of a multipart request (``files[i]``)."""

    name: str
    filename: str
    content_type: str
    data: bytes


@dataclass
class RecordedRequest:
    """One request the bot made, with the answer the fake gave."""

    method: str
    path: str
    json: Any
    files: list[RecordedFile]
    query: dict[str, str]
    status: int = 0
    response: Any = None
    seq: int = 0

    @property
    def route(self) -> str:
        """``"METHOD /path"``, handy for asserting the order of calls."""
        return f"{self.method} {self.path}"

    @property
    def callback_type(self) -> int | None:
        """The interaction callback type if this is an interaction callback."""
        if self.path.endswith("/callback") and isinstance(self.json, dict):
            return self.json.get("type")
        return None


@dataclass
class FakeAttachment:
    """A file attached to a message (or given to an attachment option)."""

    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    id: int = field(default_factory=_SNOWFLAKES.next)
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    def to_payload(self) -> dict[str, Any]:
        """The attachment object Discord sends."""
        payload: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            payload["description"] = self.description
        return payload


@dataclass
class FakeMessage:
    """A message the bot posted (channel message, interaction response or follow-up).

    ``kind`` is ``"channel"``, ``"response"`` (the original response of an interaction) or
    ``"followup"``. ``versions`` holds snapshots of the earlier states, oldest first.
    """

    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    kind: str = "channel"
    interaction_token: str | None = None
    interaction_id: int | None = None
    guild_id: int | None = None
    author: dict[str, Any] = field(default_factory=dict)
    interaction_metadata: dict[str, Any] | None = None
    message_type: int = 0
    timestamp: str = field(default_factory=_iso)
    edited_timestamp: str | None = None
    deleted: bool = False
    thread_id: int | None = None
    versions: list[dict[str, Any]] = field(default_factory=list)
    nonce: str | None = None

    @property
    def ephemeral(self) -> bool:
        """Whether only the invoking user sees this message (flag 64)."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is still a "thinking..." placeholder of a deferred interaction."""
        return bool(self.flags & LOADING)

    @property
    def edited(self) -> bool:
        """Whether the message was edited at least once."""
        return bool(self.versions)

    @property
    def filenames(self) -> list[str]:
        """Filenames of the attachments."""
        return [a.filename for a in self.attachments]

    @property
    def text(self) -> str:
        """Content plus embed titles, descriptions, fields, footers and text displays, one per line."""
        return "\n".join(message_texts(self.content, self.embeds, self.components))

    def custom_ids(self) -> list[str]:
        """Every ``custom_id`` of the message's components, in order."""
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the editable state (what ``versions`` stores)."""
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def to_payload(self) -> dict[str, Any]:
        """The full message object Discord would answer with."""
        payload: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.message_type,
            "author": self.author,
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.to_payload() for a in self.attachments],
            "flags": self.flags,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
        }
        if self.guild_id is not None:
            payload["guild_id"] = str(self.guild_id)
        if self.interaction_token is not None:
            payload["webhook_id"] = self.author.get("id")
            payload["application_id"] = self.author.get("id")
        if self.interaction_metadata is not None:
            payload["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.nonce is not None:
            payload["nonce"] = self.nonce
        return payload


def iter_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Walk nested component dicts (action rows, containers, sections, labels) depth-first."""
    for component in components:
        yield component
        children = list(component.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(component.get(key), dict):
                children.append(component[key])
        yield from iter_components(children)


def find_component(messages: list[FakeMessage], custom_id_prefix: str | None, label: str | None
                   ) -> ComponentRef | None:
    """The newest component on ``messages`` whose custom_id starts with the prefix, or with this label."""
    for message in reversed(messages):
        for component in iter_components(message.components):
            if "custom_id" not in component:
                continue
            if custom_id_prefix is not None and str(component["custom_id"]).startswith(custom_id_prefix):
                return ComponentRef(message, component)
            if label is not None and component.get("label") == label:
                return ComponentRef(message, component)
    return None


def message_texts(content: str | None, embeds: list[dict[str, Any]], components: list[dict[str, Any]]) -> list[str]:
    """The human-readable pieces of a message: content, embed texts and components-v2 text displays."""
    texts: list[str] = []
    if content:
        texts.append(content)
    for embed in embeds:
        for key in ("title", "description"):
            if embed.get(key):
                texts.append(str(embed[key]))
        if embed.get("author", {}).get("name"):
            texts.append(str(embed["author"]["name"]))
        for embed_field in embed.get("fields", []):
            texts.append(f"{embed_field.get('name', '')}: {embed_field.get('value', '')}")
        if embed.get("footer", {}).get("text"):
            texts.append(str(embed["footer"]["text"]))
    for component in iter_components(components):
        if component.get("type") == 10 and component.get("content"):  # text display
            texts.append(str(component["content"]))
    return texts


@dataclass
class ComponentRef:
    """A component found on a stored message (see `FakeDiscord.find_button`)."""

    message: FakeMessage
    data: dict[str, Any]

    @property
    def custom_id(self) -> str:
        """The component's ``custom_id``."""
        return str(self.data.get("custom_id", ""))

    @property
    def label(self) -> str | None:
        """The button label, if any."""
        return self.data.get("label")

    @property
    def type(self) -> int:
        """The component type (2 button, 3 string select, ...)."""
        return int(self.data.get("type", 2))

    @property
    def disabled(self) -> bool:
        """Whether the component is disabled."""
        return bool(self.data.get("disabled", False))


@dataclass
class _Failure:
    method: str
    pattern: re.Pattern[str]
    status: int
    body: dict[str, Any]
    times: int | None
    after_handling: bool = False


@dataclass
class _InteractionRecord:
    id: int
    token: str
    payload: dict[str, Any]
    channel_id: int | None
    guild_id: int | None
    responded_type: int | None = None
    expired: bool = False
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    callback: dict[str, Any] | None = None


MessageListener = Callable[[str, "FakeMessage"], None]
"""Called with ``("created" | "edited" | "deleted", message)`` whenever the bot changes a message."""

Handler = Callable[[web.Request, RecordedRequest, re.Match[str]], Awaitable[web.StreamResponse]]


class FakeDiscord:
    """An in-process imitation of Discord's REST API that records everything.

    Use it as an async context manager or call `start` / `stop`; `install` points discord.py at it.
    """

    def __init__(
        self,
        *,
        application_id: int | None = None,
        bot_user_id: int | None = None,
        bot_name: str = "Calico",
        owner: FakeUser | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        persist: str | Path | None = None,
    ) -> None:
        self.snowflakes = _SNOWFLAKES
        self.bot_user_id: int = bot_user_id or self.snowflakes.next()
        self.application_id: int = application_id or self.bot_user_id
        self.bot_name = bot_name
        self.owners: list[FakeUser] = [owner or FakeUser(id=self.snowflakes.next(), name="app-owner", is_owner=True)]
        self._placeholder_owner = owner is None
        self.host = host
        self.port = port
        self.requests: list[RecordedRequest] = []
        self.messages: list[FakeMessage] = []
        self.channels: dict[int, FakeChannel] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.users: dict[int, FakeUser] = {}
        self.unknown_routes: list[RecordedRequest] = []
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.attachment_data: dict[int, FakeAttachment] = {}
        self._interactions: dict[str, _InteractionRecord] = {}
        self._interactions_by_id: dict[int, _InteractionRecord] = {}
        self._failures: list[_Failure] = []
        self._listeners: list[MessageListener] = []
        self._thread_denied: set[int] = set()
        self._nonces: dict[tuple[int, str], FakeMessage] = {}
        self.limit_refusals: list[tuple[str, str]] = []  # (path, problem) of requests past Discord's limits
        self.deduplicated_nonces: list[str] = []
        # Everything Discord keeps (channels and threads, every message with its edits, components,
        # flags and attachment names, ephemeral ones too: the user's screen still shows them) is
        # appended to the persist file and replayed on the next start, so the local table comes
        # back as it was after a restart.
        self.persist = Path(persist) if persist is not None else None
        self._replaying = False
        self._load_persisted()
        self._runner: web.AppRunner | None = None
        self._site: web.SockSite | None = None
        self._saved_base: str | None = None
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        self._setup_routes()

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        """Start the server on ``host`` (a free port unless one was given)."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        # Bind the socket ourselves: the port is known without touching aiohttp internals.
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        self._site = web.SockSite(self._runner, sock)
        await self._site.start()
        _log.debug("FakeDiscord listening on %s", self.base_url)

    async def stop(self) -> None:
        """Stop the server (and `uninstall` if installed)."""
        self.uninstall()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
            self._site = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def root_url(self) -> str:
        """``http://127.0.0.1:PORT`` (attachments are served under ``/attachments/``)."""
        return f"http://{self.host}:{self.port}"

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT/api/v10``: what ``discord.http.Route.BASE`` is set to."""
        return f"{self.root_url}/api/v10"

    def install(self) -> None:
        """Point discord.py (HTTP client and webhook adapter alike) at this server."""
        if self._saved_base is None:
            self._saved_base = discord.http.Route.BASE
        discord.http.Route.BASE = self.base_url

    def uninstall(self) -> None:
        """Restore ``discord.http.Route.BASE``."""
        if self._saved_base is not None:
            discord.http.Route.BASE = self._saved_base
            self._saved_base = None

    # ---------------------------------------------------------------- world set-up

    @property
    def owner(self) -> FakeUser:
        """The (first) owner of the application."""
        return self.owners[0]

    def add_owner(self, user: FakeUser) -> None:
        """Make ``user`` an owner of the application (several owners are reported as a team).

        discord.py caches the owners on the first ``Bot.is_owner`` call: add owners before that.
        """
        if all(o.id != user.id for o in self.owners):
            if self._placeholder_owner:
                self.owners = [user]
                self._placeholder_owner = False
            else:
                self.owners.append(user)
        self.users.setdefault(user.id, user)

    def add_user(self, user: FakeUser) -> FakeUser:
        """Register a user (``GET /users/{id}``, DMs)."""
        self.users[user.id] = user
        if user.is_owner:
            self.add_owner(user)
        return user

    def add_guild(self, guild: FakeGuild) -> FakeGuild:
        """Register a guild (``GET /guilds/{id}``)."""
        self.guilds[guild.id] = guild
        return guild

    def add_channel(self, channel: FakeChannel) -> FakeChannel:
        """Register a channel (``GET /channels/{id}``, thread creation, messages)."""
        self.channels[channel.id] = channel
        if channel.guild_id is not None and channel.guild_id not in self.guilds:
            self.guilds[channel.guild_id] = FakeGuild(id=channel.guild_id)
        self._persist_channel(channel)
        return channel

    def subscribe(self, listener: MessageListener) -> Callable[[], None]:
        """Call ``listener(event, message)`` on every message created, edited or deleted.

        ``event`` is ``"created"``, ``"edited"`` or ``"deleted"``. Returns a function that unsubscribes.
        Meant for the local table mode (push updates to a UI) and for tests that wait for a message.
        """
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _notify(self, event: str, message: FakeMessage) -> None:
        for listener in list(self._listeners):
            try:
                listener(event, message)
            except Exception:
                _log.exception("FakeDiscord message listener failed")

    def expire_interaction(self, token: str) -> None:
        """Let an interaction's token die, as after 3 s without a response / 15 min after it.

        Afterwards its callback answers 404 Unknown interaction (10062) and its webhook routes 401
        Invalid Webhook Token (50027), so a bot's fallback to plain channel messages can be tested.
        """
        self._record_for_token(token).expired = True

    def deny_thread_creation(self, channel_id: int, *, denied: bool = True) -> None:
        """Answer thread creation in ``channel_id`` with 403 Missing Permissions (code 50013)."""
        if denied:
            self._thread_denied.add(channel_id)
        else:
            self._thread_denied.discard(channel_id)

    def fail(
        self,
        method: str,
        path_pattern: str,
        *,
        status: int = 403,
        code: int = 50013,
        message: str = "Missing Permissions",
        times: int | None = None,
        after_handling: bool = False,
    ) -> None:
        """Answer matching requests (``re.fullmatch`` on the path below /api/v10) with an error.

        ``method`` may be ``"*"``. ``times=None`` means for ever. Errors look like Discord's:
        ``{"message": ..., "code": ...}``. With ``after_handling`` the request is carried out first and
        only its answer is the error (Discord took it, then the connection failed: a retry then meets
        the consequences, e.g. 40060 for an interaction callback).
        """
        self._failures.append(
            _Failure(method.upper(), re.compile(path_pattern), status, {"message": message, "code": code}, times,
                     after_handling)
        )

    def clear_failures(self) -> None:
        """Forget every `fail` and `deny_thread_creation` rule."""
        self._failures.clear()
        self._thread_denied.clear()

    def register_interaction(self, payload: Mapping[str, Any]) -> None:
        """Remember an INTERACTION_CREATE payload so callbacks know its channel and message.

        `Driver.send` calls this; the channel and guild in the payload are registered too.
        Registering the same token again does nothing.
        """
        token = str(payload["token"])
        existing = self._interactions.get(token)
        if existing is not None and existing.payload:
            return  # already known (registering twice keeps its state, e.g. an expiry)
        channel_id = payload.get("channel_id") or payload.get("channel", {}).get("id")
        guild_id = payload.get("guild_id")
        record = _InteractionRecord(
            id=int(payload["id"]),
            token=token,
            payload=dict(payload),
            channel_id=int(channel_id) if channel_id is not None else None,
            guild_id=int(guild_id) if guild_id is not None else None,
        )
        message = payload.get("message")
        if message is not None:
            stored = self.get_message(int(message["id"]))
            if stored is None:
                stored = self._message_from_payload(message)
            record.original_id = stored.id
        record.expired = existing is not None and existing.expired
        self._interactions[token] = record
        self._interactions_by_id[record.id] = record
        raw_channel = payload.get("channel")
        if raw_channel and int(raw_channel["id"]) not in self.channels:
            self.channels[int(raw_channel["id"])] = FakeChannel(
                id=int(raw_channel["id"]),
                guild_id=record.guild_id,
                type=int(raw_channel.get("type", 0)),
                parent_id=int(raw_channel["parent_id"]) if raw_channel.get("parent_id") else None,
                name=str(raw_channel.get("name", "channel")),
            )
        if record.guild_id is not None and record.guild_id not in self.guilds:
            self.guilds[record.guild_id] = FakeGuild(id=record.guild_id, locale=payload.get("guild_locale", "en-US"))

    # ---------------------------------------------------------------- queries

    def mark(self) -> int:
        """A bookmark in the request log, for `requests_since`."""
        return len(self.requests)

    def requests_since(self, mark: int) -> list[RecordedRequest]:
        """Requests recorded after `mark` returned ``mark``."""
        return self.requests[mark:]

    def find_requests(self, method: str | None = None, path_pattern: str | None = None) -> list[RecordedRequest]:
        """Recorded requests matching a method and a path regex (``re.search``)."""
        return [
            r
            for r in self.requests
            if (method is None or r.method == method.upper())
            and (path_pattern is None or re.search(path_pattern, r.path))
        ]

    def get_message(self, message_id: int) -> FakeMessage | None:
        """The stored message with this id (deleted ones included)."""
        for message in reversed(self.messages):
            if message.id == message_id:
                return message
        return None

    def messages_in(self, channel_id: int, *, include_deleted: bool = False) -> list[FakeMessage]:
        """Messages in a channel, oldest first."""
        return [m for m in self.messages if m.channel_id == channel_id and (include_deleted or not m.deleted)]

    def last_message(self, channel_id: int | None = None, *, include_ephemeral: bool = True) -> FakeMessage | None:
        """The newest non-deleted message (in ``channel_id`` if given; ephemeral ones are in a channel too)."""
        for message in reversed(self.messages):
            if message.deleted or (message.ephemeral and not include_ephemeral):
                continue
            if channel_id is None or message.channel_id == channel_id:
                return message
        return None

    def ephemeral_messages(self) -> list[FakeMessage]:
        """Non-deleted messages with the ephemeral flag."""
        return [m for m in self.messages if m.ephemeral and not m.deleted]

    def public_messages(self) -> list[FakeMessage]:
        """Non-deleted messages everyone sees."""
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    def interaction_messages(self, token: str) -> list[FakeMessage]:
        """The original response and follow-ups of the interaction with this token."""
        return [m for m in self.messages if m.interaction_token == token]

    def original_response(self, token: str) -> FakeMessage | None:
        """The message ``@original`` refers to for this interaction token."""
        record = self._interactions.get(token)
        if record is None or record.original_id is None:
            return None
        return self.get_message(record.original_id)

    def followups(self, token: str) -> list[FakeMessage]:
        """Messages returned by follow-up sends of this interaction, in order.

        The first follow-up after a "thinking" defer replaces the placeholder, as on Discord, so it
        can be the original response message.
        """
        record = self._interactions.get(token)
        if record is None:
            return []
        found = (self.get_message(mid) for mid in record.followup_ids)
        return [m for m in found if m is not None]

    def callback_for(self, interaction_id: int) -> dict[str, Any] | None:
        """The callback body (``{"type", "data"}``) the bot sent for an interaction id."""
        record = self._interactions_by_id.get(interaction_id)
        return None if record is None else record.callback

    def find_button(
        self,
        custom_id_prefix: str | None = None,
        *,
        label: str | None = None,
        channel_id: int | None = None,
        include_ephemeral: bool = True,
    ) -> ComponentRef | None:
        """The newest component whose custom_id starts with the prefix (or whose label equals ``label``).

        A bare string that matches no custom_id is also tried as a label.
        """
        candidates = [
            m for m in self.messages
            if not m.deleted and (channel_id is None or m.channel_id == channel_id)
            and (include_ephemeral or not m.ephemeral)
        ]
        found = find_component(candidates, custom_id_prefix, label)
        if found is not None:
            return found
        if custom_id_prefix is not None and label is None:
            return self.find_button(
                None, label=custom_id_prefix, channel_id=channel_id, include_ephemeral=include_ephemeral
            )
        return None

    # ---------------------------------------------------------------- payload helpers

    def bot_user_payload(self) -> dict[str, Any]:
        """The bot's user object."""
        return {
            "id": str(self.bot_user_id),
            "username": self.bot_name,
            "discriminator": "0",
            "global_name": None,
            "avatar": None,
            "bot": True,
            "public_flags": 0,
            "flags": 0,
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
        }

    def application_payload(self) -> dict[str, Any]:
        """``GET /oauth2/applications/@me``."""
        payload: dict[str, Any] = {
            "id": str(self.application_id),
            "name": self.bot_name,
            "icon": None,
            "description": "Local stand-in application",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owners[0].to_user_payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "bot": self.bot_user_payload(),
        }
        if len(self.owners) > 1:
            payload["team"] = {
                "id": str(self.application_id + 1),
                "name": "owners",
                "icon": None,
                "owner_user_id": str(self.owners[0].id),
                "members": [
                    {
                        "membership_state": 2,
                        "team_id": str(self.application_id + 1),
                        "user": o.to_user_payload(),
                        "role": "admin",
                        "permissions": ["*"],
                    }
                    for o in self.owners
                ],
            }
        return payload

    def _new_message(
        self,
        channel_id: int,
        data: Mapping[str, Any],
        files: list[RecordedFile],
        *,
        kind: str,
        record: _InteractionRecord | None = None,
        extra_flags: int = 0,
    ) -> FakeMessage:
        channel = self.channels.get(channel_id)
        message = FakeMessage(
            id=self.snowflakes.next(),
            channel_id=channel_id,
            kind=kind,
            author=self.bot_user_payload(),
            guild_id=channel.guild_id if channel else (record.guild_id if record else None),
        )
        if record is not None:
            message.interaction_token = record.token
            message.interaction_id = record.id
            user = record.payload.get("member", {}).get("user") or record.payload.get("user")
            message.interaction_metadata = {
                "id": str(record.id),
                "type": int(record.payload.get("type", 2)),
                "user": user or {"id": "0", "username": "unknown", "discriminator": "0", "avatar": None},
                "authorizing_integration_owners": record.payload.get("authorizing_integration_owners", {}),
            }
            message.message_type = 20 if record.payload.get("type") == 2 else 0
        self._apply_message_data(message, data, files, new=True)
        message.flags |= extra_flags
        if data.get("nonce") is not None:
            message.nonce = str(data["nonce"])
        self.messages.append(message)
        self._persist_message(message)
        self._notify("created", message)
        return message

    # ---------------------------------------------------------------- persistence (the local table)

    def _persist_append(self, entry: dict[str, Any]) -> None:
        if self.persist is None or self._replaying:
            return
        self.persist.parent.mkdir(parents=True, exist_ok=True)
        with self.persist.open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(entry, ensure_ascii=False) + "\n")

    def _persist_channel(self, channel: FakeChannel) -> None:
        self._persist_append({
            "event": "channel", "id": str(channel.id), "guild_id": _sid(channel.guild_id), "type": channel.type,
            "parent_id": _sid(channel.parent_id), "name": channel.name, "owner_id": _sid(channel.owner_id),
            "recipients": [{"id": str(u.id), "name": u.name} for u in channel.recipients],
        })

    def _persist_message(self, message: FakeMessage) -> None:
        """The whole current state of a message: a later entry for the same id is an edit."""
        self._persist_append({
            "event": "message", "id": str(message.id), "channel_id": str(message.channel_id), "kind": message.kind,
            "content": message.content, "embeds": message.embeds, "components": message.components,
            "flags": message.flags, "guild_id": _sid(message.guild_id), "thread_id": _sid(message.thread_id),
            "attachments": [{"id": str(a.id), "filename": a.filename, "content_type": a.content_type,
                             "description": a.description} for a in message.attachments],
            "interaction_metadata": message.interaction_metadata, "message_type": message.message_type,
            "timestamp": message.timestamp, "edited_timestamp": message.edited_timestamp, "nonce": message.nonce,
        })

    def _load_persisted(self) -> None:
        if self.persist is None or not self.persist.exists():
            return
        by_id = {m.id: m for m in self.messages}
        self._replaying = True
        try:
            for line in self.persist.read_text(encoding="utf-8").splitlines():
                try:
                    entry = json.loads(line)
                    self._replay(entry, by_id)
                except (ValueError, KeyError, TypeError):
                    continue  # a line cut short by a kill
        finally:
            self._replaying = False

    def _replay(self, entry: dict[str, Any], by_id: dict[int, FakeMessage]) -> None:
        def opt_int(value: Any) -> int | None:
            return None if value is None else int(value)

        event = entry.get("event")
        if event == "channel":
            recipients = tuple(FakeUser(id=int(u["id"]), name=str(u["name"])) for u in entry.get("recipients", []))
            channel = FakeChannel(id=int(entry["id"]), guild_id=opt_int(entry.get("guild_id")),
                                  type=int(entry.get("type", TEXT_CHANNEL)), parent_id=opt_int(entry.get("parent_id")),
                                  name=str(entry.get("name", "")), owner_id=opt_int(entry.get("owner_id")),
                                  recipients=recipients)
            self.add_channel(channel)
            self.snowflakes.observe(channel.id)
        elif event == "delete":
            message = by_id.get(int(entry["id"]))
            if message is not None:
                message.deleted = True
        elif event == "message":
            message_id = int(entry["id"])
            message = by_id.get(message_id)
            if message is None:
                message = FakeMessage(id=message_id, channel_id=int(entry["channel_id"]))
                by_id[message_id] = message
                self.messages.append(message)
            else:
                message.versions.append(message.snapshot())
            message.kind = str(entry.get("kind", "channel"))
            message.content = str(entry.get("content", ""))
            message.embeds = list(entry.get("embeds") or [])
            message.components = list(entry.get("components") or [])
            message.flags = int(entry.get("flags") or 0)
            message.guild_id = opt_int(entry.get("guild_id"))
            message.thread_id = opt_int(entry.get("thread_id"))
            message.author = self.bot_user_payload()
            message.attachments = [
                FakeAttachment(str(a["filename"]), b"", str(a.get("content_type") or "application/octet-stream"),
                               id=int(a["id"]), description=a.get("description"))
                for a in entry.get("attachments", [])
            ]
            message.interaction_metadata = entry.get("interaction_metadata")
            message.message_type = int(entry.get("message_type") or 0)
            message.timestamp = str(entry.get("timestamp") or _iso())
            message.edited_timestamp = entry.get("edited_timestamp")
            message.nonce = entry.get("nonce")
            self.snowflakes.observe(message_id)
            if message.nonce is not None and not message.ephemeral:
                self._nonces[(message.channel_id, message.nonce)] = message

    def _message_from_payload(self, payload: Mapping[str, Any]) -> FakeMessage:
        """Adopt a message the fake did not create (e.g. a hand-built component payload)."""
        message = FakeMessage(
            id=int(payload["id"]),
            channel_id=int(payload.get("channel_id", 0)),
            content=str(payload.get("content", "")),
            embeds=list(payload.get("embeds", [])),
            components=list(payload.get("components", [])),
            flags=int(payload.get("flags", 0)),
            author=dict(payload.get("author") or self.bot_user_payload()),
        )
        self.messages.append(message)
        return message

    def _apply_message_data(
        self, message: FakeMessage, data: Mapping[str, Any], files: list[RecordedFile], *, new: bool = False
    ) -> None:
        if not new:
            message.versions.append(message.snapshot())
            message.edited_timestamp = _iso()
        if "content" in data:
            message.content = data["content"] or ""
        if "embeds" in data:
            message.embeds = list(data["embeds"] or [])
        if "components" in data:
            message.components = list(data["components"] or [])
        if data.get("flags") is not None:
            # ephemeral and loading cannot be changed by an edit; other flags (suppress embeds,
            # components v2) follow the request.
            keep = message.flags & (EPHEMERAL | LOADING) if not new else 0
            message.flags = (int(data["flags"]) & ~((EPHEMERAL | LOADING) if not new else 0)) | keep
        by_index = {}
        for f in files:
            match = re.fullmatch(r"files\[(\d+)\]", f.name)
            if match:
                by_index[int(match.group(1))] = f
        uploaded: list[FakeAttachment] = []
        if "attachments" in data and data["attachments"] is not None:
            kept: list[FakeAttachment] = []
            existing = {a.id: a for a in message.attachments}
            for item in data["attachments"]:
                att_id = int(item["id"])
                if att_id in by_index:
                    f = by_index.pop(att_id)
                    uploaded.append(self._attachment_from_file(message.channel_id, f, item.get("description")))
                elif att_id in existing:
                    kept.append(existing[att_id])
            message.attachments = kept
        elif new:
            message.attachments = []
        uploaded.extend(self._attachment_from_file(message.channel_id, f, None) for f in by_index.values())
        message.attachments.extend(uploaded)
        if not new:
            self._persist_message(message)
            self._notify("edited", message)

    def _delete(self, message: FakeMessage) -> None:
        message.deleted = True
        self._persist_append({"event": "delete", "id": str(message.id)})
        self._notify("deleted", message)

    def _attachment_from_file(self, channel_id: int, f: RecordedFile, description: str | None) -> FakeAttachment:
        attachment = FakeAttachment(filename=f.filename, data=f.data, content_type=_guess_type(f.filename))
        attachment.description = description
        attachment.url = f"{self.root_url}/attachments/{channel_id}/{attachment.id}/{f.filename}"
        self.attachment_data[attachment.id] = attachment
        return attachment

    def register_attachment(self, attachment: FakeAttachment, channel_id: int = 0) -> FakeAttachment:
        """Serve a user-provided attachment (attachment options) at a local URL."""
        if not attachment.url:
            attachment.url = f"{self.root_url}/attachments/{channel_id}/{attachment.id}/{attachment.filename}"
        self.attachment_data[attachment.id] = attachment
        return attachment

    # ---------------------------------------------------------------- HTTP plumbing

    @staticmethod
    def _json(body: Any, status: int = 200) -> web.Response:
        # discord.py only decodes the body when Content-Type is exactly "application/json"
        return web.Response(body=json.dumps(body).encode(), status=status, headers={"Content-Type": _JSON})

    @staticmethod
    def _no_content() -> web.Response:
        return web.Response(status=204)

    def _error(self, status: int, code: int, message: str) -> web.Response:
        return self._json({"message": message, "code": code}, status)

    async def _parse_body(self, request: web.Request) -> tuple[Any, list[RecordedFile]]:
        files: list[RecordedFile] = []
        body: Any = None
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            async for part in reader:
                if part is None:
                    break
                name = part.name or ""
                raw = await part.read(decode=False)  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(bytes(raw).decode("utf-8"))
                elif part.filename is not None:
                    files.append(
                        RecordedFile(
                            name=name,
                            filename=part.filename,
                            content_type=part.headers.get("Content-Type", "application/octet-stream"),
                            data=bytes(raw),
                        )
                    )
                else:
                    body = body if body is not None else {}
                    if isinstance(body, dict):
                        body[name] = bytes(raw).decode("utf-8", "replace")
        elif request.can_read_body:
            text = await request.text()
            if text:
                try:
                    body = json.loads(text)
                except ValueError:
                    body = text
        return body, files

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/attachments/"):
            return self._serve_attachment(path)
        api_path = path.removeprefix("/api/v10") if path.startswith("/api/v10") else path
        body, files = await self._parse_body(request)
        recorded = RecordedRequest(
            method=request.method,
            path=api_path,
            json=body,
            files=files,
            query=dict(request.query),
            seq=len(self.requests),
        )
        self.requests.append(recorded)
        response = self._injected_failure(recorded, after_handling=False)
        if response is None:
            problem = _limit_problem(request.method, api_path, body, files)
            if problem is not None:
                _log.warning("FakeDiscord: refused %s %s: %s", request.method, api_path, problem)
                self.limit_refusals.append((api_path, problem))
                response = self._json({"code": 50035, "message": "Invalid Form Body",
                                       "errors": {"_errors": [{"code": "BASE_TYPE_BAD_LENGTH", "message": problem}]}},
                                      400)
        if response is None:
            for method, pattern, handler in self._routes:
                if method != request.method:
                    continue
                match = pattern.fullmatch(api_path)
                if match is not None:
                    try:
                        response = await handler(request, recorded, match)
                    except Exception as exc:  # a bug in the fake: answer 500 so it surfaces
                        _log.exception("FakeDiscord handler failed for %s %s", request.method, api_path)
                        response = self._error(500, 0, f"FakeDiscord error: {exc!r}")
                    break
        if response is None:
            _log.warning("FakeDiscord: unknown route %s %s", request.method, api_path)
            self.unknown_routes.append(recorded)
            response = self._error(404, 0, f"404: Not Found (FakeDiscord has no route {request.method} {api_path})")
        elif response.status < 400:
            response = self._injected_failure(recorded, after_handling=True) or response
        recorded.status = response.status
        if isinstance(response, web.Response) and response.body is not None and response.status != 204:
            try:
                recorded.response = json.loads(bytes(response.body).decode())  # type: ignore[arg-type]
            except (ValueError, TypeError):
                recorded.response = None
        return response

    def _injected_failure(self, recorded: RecordedRequest, *, after_handling: bool) -> web.Response | None:
        for failure in list(self._failures):
            if failure.after_handling != after_handling:
                continue
            if failure.method not in ("*", recorded.method) or not failure.pattern.fullmatch(recorded.path):
                continue
            if failure.times is not None:
                failure.times -= 1
                if failure.times <= 0:
                    self._failures.remove(failure)
            return self._json(failure.body, failure.status)
        return None

    def _serve_attachment(self, path: str) -> web.Response:
        match = re.fullmatch(r"/attachments/\d+/(\d+)/.*", path)
        attachment = self.attachment_data.get(int(match.group(1))) if match else None
        if attachment is None:
            return web.Response(status=404, text="no such attachment")
        return web.Response(body=attachment.data, headers={"Content-Type": attachment.content_type})

    def _route(self, method: str, pattern: str, handler: Handler) -> None:
        self._routes.append((method, re.compile(pattern), handler))

    def _setup_routes(self) -> None:
        snowflake = r"(?P<{}>\d+)"
        cid = snowflake.format("channel_id")
        mid = snowflake.format("message_id")
        app = snowflake.format("app_id")
        gid = snowflake.format("guild_id")
        token = r"(?P<token>[^/]+)"
        r = self._route
        r("GET", r"/users/@me", self._get_me)
        r("GET", r"/oauth2/applications/@me", self._get_application)
        r("GET", r"/applications/@me", self._get_application)
        r("GET", rf"/users/{snowflake.format('user_id')}", self._get_user)
        r("POST", r"/users/@me/channels", self._create_dm)
        r("GET", rf"/guilds/{gid}", self._get_guild)
        r("POST", rf"/interactions/{snowflake.format('interaction_id')}/{token}/callback", self._interaction_callback)
        r("POST", rf"/webhooks/{app}/{token}", self._followup_create)
        for method in ("GET", "PATCH", "DELETE"):
            r(method, rf"/webhooks/{app}/{token}/messages/(?P<message_id>@original|\d+)", self._webhook_message)
        r("GET", rf"/channels/{cid}", self._get_channel)
        r("GET", rf"/channels/{cid}/messages", self._channel_history)
        r("POST", rf"/channels/{cid}/messages", self._channel_message_create)
        r("GET", rf"/channels/{cid}/messages/{mid}", self._channel_message_get)
        r("PATCH", rf"/channels/{cid}/messages/{mid}", self._channel_message_edit)
        r("DELETE", rf"/channels/{cid}/messages/{mid}", self._channel_message_delete)
        r("POST", rf"/channels/{cid}/threads", self._thread_create)
        r("POST", rf"/channels/{cid}/messages/{mid}/threads", self._thread_create)
        r("POST", rf"/channels/{cid}/typing", self._ok_no_content)
        r("PUT", rf"/channels/{cid}/thread-members/(@me|\d+)", self._ok_no_content)
        r("DELETE", rf"/channels/{cid}/thread-members/(@me|\d+)", self._ok_no_content)
        r("PUT", rf"/channels/{cid}/messages/{mid}/reactions/[^/]+/@me", self._ok_no_content)
        r("DELETE", rf"/channels/{cid}/messages/{mid}/reactions/[^/]+/(@me|\d+)", self._ok_no_content)
        r("PUT", rf"/channels/{cid}/pins/{mid}", self._ok_no_content)
        r("GET", rf"/applications/{app}/commands", self._get_commands)
        r("PUT", rf"/applications/{app}/commands", self._put_commands)
        r("GET", rf"/applications/{app}/guilds/{gid}/commands", self._get_commands)
        r("PUT", rf"/applications/{app}/guilds/{gid}/commands", self._put_commands)

    # ---------------------------------------------------------------- route handlers

    async def _ok_no_content(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        return self._no_content()

    async def _get_me(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        return self._json(self.bot_user_payload())

    async def _get_application(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        return self._json(self.application_payload())

    async def _get_user(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        user_id = int(m["user_id"])
        if user_id == self.bot_user_id:
            return self._json(self.bot_user_payload())
        user = self.users.get(user_id) or next((o for o in self.owners if o.id == user_id), None)
        if user is None:
            return self._error(404, 10013, "Unknown User")
        return self._json(user.to_user_payload())

    async def _create_dm(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        recipient_id = int((rec.json or {}).get("recipient_id", 0))
        for channel in self.channels.values():
            if channel.type == DM_CHANNEL and any(u.id == recipient_id for u in channel.recipients):
                return self._json(channel.to_payload())
        user = self.users.get(recipient_id) or FakeUser(id=recipient_id, name=f"user{recipient_id}")
        channel = self.add_channel(
            FakeChannel(id=self.snowflakes.next(), guild_id=None, type=DM_CHANNEL, recipients=(user,), name="")
        )
        return self._json(channel.to_payload())

    async def _get_guild(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        guild = self.guilds.get(int(m["guild_id"]))
        if guild is None:
            return self._error(404, 10004, "Unknown Guild")
        return self._json(guild.to_payload())

    async def _get_channel(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        channel = self.channels.get(int(m["channel_id"]))
        if channel is None:
            return self._error(404, 10003, "Unknown Channel")
        return self._json(channel.to_payload())

    async def _channel_history(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        limit = int(request.query.get("limit", 50))
        newest_first = list(reversed(self.messages_in(int(m["channel_id"]))))
        return self._json([msg.to_payload() for msg in newest_first[:limit]])

    async def _channel_message_create(
        self, request: web.Request, rec: RecordedRequest, m: re.Match[str]
    ) -> web.Response:
        channel_id = int(m["channel_id"])
        channel = self.channels.get(channel_id)
        if channel is None:
            _log.info("FakeDiscord: message posted to unregistered channel %s", channel_id)
        data = dict(rec.json or {})
        if data.get("flags") is not None:
            data["flags"] = int(data["flags"]) & ~EPHEMERAL  # not allowed outside interactions
        nonce = data.get("nonce")
        if nonce is not None and data.get("enforce_nonce"):
            # Discord: a second message with the same nonce from the same author (within a few
            # minutes) is not created again; the first one is returned.
            earlier = self._nonces.get((channel_id, str(nonce)))
            if earlier is not None:
                self.deduplicated_nonces.append(str(nonce))
                return self._json(earlier.to_payload())
        message = self._new_message(channel_id, data, rec.files, kind="channel")
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = message
        return self._json(message.to_payload())

    def _channel_message(self, m: re.Match[str]) -> FakeMessage | None:
        message = self.get_message(int(m["message_id"]))
        if message is None or message.deleted or message.channel_id != int(m["channel_id"]):
            return None
        return message

    async def _channel_message_get(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        message = self._channel_message(m)
        if message is None or message.ephemeral:
            return self._error(404, 10008, "Unknown Message")
        return self._json(message.to_payload())

    async def _channel_message_edit(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        message = self._channel_message(m)
        if message is None or message.ephemeral:
            return self._error(404, 10008, "Unknown Message")
        self._apply_message_data(message, rec.json or {}, rec.files)
        return self._json(message.to_payload())

    async def _channel_message_delete(
        self, request: web.Request, rec: RecordedRequest, m: re.Match[str]
    ) -> web.Response:
        message = self._channel_message(m)
        if message is None or message.ephemeral:
            return self._error(404, 10008, "Unknown Message")
        self._delete(message)
        return self._no_content()

    async def _thread_create(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        parent_id = int(m["channel_id"])
        if parent_id in self._thread_denied:
            return self._error(403, 50013, "Missing Permissions")
        parent = self.channels.get(parent_id)
        if parent is None:
            return self._error(404, 10003, "Unknown Channel")
        if parent.is_thread:
            return self._error(400, 50024, "Cannot execute action on this channel type")
        data = rec.json or {}
        message_id = m.groupdict().get("message_id")
        if message_id is not None:
            message = self._channel_message(m)
            if message is None:
                return self._error(404, 10008, "Unknown Message")
            thread_id = message.id  # Discord reuses the starter message's id
            thread_type = PUBLIC_THREAD
            message.thread_id = thread_id
            self._persist_message(message)
        else:
            thread_id = self.snowflakes.next()
            thread_type = int(data.get("type") or PRIVATE_THREAD)
        thread = self.add_channel(
            FakeChannel(
                id=thread_id,
                guild_id=parent.guild_id,
                type=thread_type,
                parent_id=parent_id,
                name=str(data.get("name", "thread")),
                owner_id=self.bot_user_id,
            )
        )
        payload = thread.to_payload()
        payload["thread_metadata"]["auto_archive_duration"] = int(data.get("auto_archive_duration") or 1440)
        payload["member"] = {
            "id": str(thread.id),
            "user_id": str(self.bot_user_id),
            "join_timestamp": _iso(),
            "flags": 0,
        }
        return self._json(payload, 201)

    async def _get_commands(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        if m.groupdict().get("guild_id"):
            return self._json(self.guild_commands.get(int(m["guild_id"]), []))
        return self._json(self.global_commands)

    async def _put_commands(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        if int(m["app_id"]) != self.application_id:
            return self._error(403, 50001, "Missing Access")
        guild_id = m.groupdict().get("guild_id")
        previous = self.guild_commands.get(int(guild_id), []) if guild_id else self.global_commands
        old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in previous}
        echoed: list[dict[str, Any]] = []
        for command in rec.json or []:
            item = copy.deepcopy(command)
            key = (item["name"], item.get("type", 1))
            item["id"] = old_ids.get(key) or str(self.snowflakes.next())
            item["application_id"] = str(self.application_id)
            item["version"] = str(self.snowflakes.next())
            item.setdefault("type", 1)
            item.setdefault("description", "")
            item.setdefault("default_member_permissions", None)
            item.setdefault("nsfw", False)
            if guild_id:
                item["guild_id"] = guild_id
            echoed.append(item)
        if guild_id:
            self.guild_commands[int(guild_id)] = echoed
        else:
            self.global_commands = echoed
        return self._json(echoed)

    def command_id(self, name: str, guild_id: int | None = None) -> int | None:
        """The id the fake gave a synced top-level command, if it was synced."""
        commands = self.guild_commands.get(guild_id, []) if guild_id else self.global_commands
        for command in commands:
            if command["name"] == name:
                return int(command["id"])
        return None

    # ---------------------------------------------------------------- interactions

    def _record_for_token(self, token: str, interaction_id: int | None = None) -> _InteractionRecord:
        record = self._interactions.get(token)
        if record is None:
            # An interaction the fake was not told about: accept it, but without channel context.
            _log.info("FakeDiscord: interaction token %s was not registered", token[:12])
            record = _InteractionRecord(id=interaction_id or 0, token=token, payload={}, channel_id=None, guild_id=None)
            self._interactions[token] = record
            if interaction_id:
                self._interactions_by_id[interaction_id] = record
        return record

    async def _interaction_callback(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        record = self._record_for_token(m["token"], int(m["interaction_id"]))
        if record.id != int(m["interaction_id"]):
            return self._error(404, 10062, "Unknown interaction")
        if record.expired:
            return self._error(404, 10062, "Unknown interaction")
        if record.responded_type is not None:
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        body = rec.json or {}
        cb_type = int(body.get("type", 0))
        data = dict(body.get("data") or {})
        record.callback = body
        interaction_type = int(record.payload.get("type", 2))
        message: FakeMessage | None = None
        channel_id = record.channel_id or 0
        if cb_type == 1:  # PONG
            pass
        elif cb_type == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            message = self._new_message(channel_id, data, rec.files, kind="response", record=record)
            record.original_id = message.id
        elif cb_type == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking")
            flags = int(data.get("flags") or 0) & EPHEMERAL
            message = self._new_message(channel_id, {}, [], kind="response", record=record, extra_flags=flags | LOADING)
            record.original_id = message.id
        elif cb_type in (6, 7):  # DEFERRED_UPDATE_MESSAGE / UPDATE_MESSAGE
            if interaction_type not in (3, 5):
                return self._error(400, 50035, "Invalid Form Body: interaction type cannot update a message")
            message = self.get_message(record.original_id) if record.original_id is not None else None
            if message is None:
                return self._error(400, 50035, "Invalid Form Body: there is no message to update")
            if cb_type == 7:
                self._apply_message_data(message, data, rec.files)
        elif cb_type == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
            if interaction_type != 4:
                return self._error(400, 50035, "Invalid Form Body: autocomplete result for a non-autocomplete")
            if len(data.get("choices", [])) > 25:
                return self._error(400, 50035, "Invalid Form Body: choices must be 25 or fewer")
        elif cb_type == 9:  # MODAL
            if interaction_type == 5:
                return self._error(400, 50035, "Invalid Form Body: a modal cannot answer a modal")
        else:
            return self._error(400, 50035, f"Invalid Form Body: unsupported callback type {cb_type}")
        record.responded_type = cb_type
        interaction: dict[str, Any] = {
            "id": str(record.id),
            "type": interaction_type,
            "response_message_loading": cb_type == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        if message is not None:
            interaction["response_message_id"] = str(message.id)
        answer: dict[str, Any] = {"interaction": interaction}
        if cb_type in (4, 5, 7) and message is not None:
            answer["resource"] = {"type": cb_type, "message": message.to_payload()}
        elif cb_type in (6, 9):
            answer["resource"] = {"type": cb_type}
        if request.query.get("with_response") in ("1", "true", "True"):
            return self._json(answer)
        return self._no_content()

    def _webhook_record(self, m: re.Match[str]) -> _InteractionRecord | None:
        if int(m["app_id"]) != self.application_id:
            return None
        return self._interactions.get(m["token"])

    def _expired_token(self) -> web.Response:
        return self._error(401, 50027, "Invalid Webhook Token")

    async def _followup_create(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        record = self._webhook_record(m)
        if record is None:
            return self._error(404, 10015, "Unknown Webhook")
        if record.expired:
            return self._expired_token()
        if record.responded_type is None:
            return self._error(404, 10015, "Unknown Webhook")  # Discord: the interaction must be acknowledged
        data = dict(rec.json or {})
        original = self.get_message(record.original_id) if record.original_id is not None else None
        if original is not None and original.loading and original.interaction_token == record.token:
            # The first follow-up after a "thinking" defer replaces the placeholder; ephemerality is
            # decided by the defer, not by the follow-up.
            if data.get("flags") is not None:
                data["flags"] = int(data["flags"]) & ~EPHEMERAL
            original.flags &= ~LOADING  # before the edit, so listeners see the finished message
            self._apply_message_data(original, data, rec.files)
            message = original
        else:
            channel_id = int(request.query.get("thread_id") or record.channel_id or 0)
            message = self._new_message(channel_id, data, rec.files, kind="followup", record=record)
        record.followup_ids.append(message.id)
        if request.query.get("wait") in ("1", "true", "True"):
            return self._json(message.to_payload())
        return self._no_content()

    async def _webhook_message(self, request: web.Request, rec: RecordedRequest, m: re.Match[str]) -> web.Response:
        record = self._webhook_record(m)
        if record is None:
            return self._error(404, 10015, "Unknown Webhook")
        if record.expired:
            return self._expired_token()
        if m["message_id"] == "@original":
            message = self.get_message(record.original_id) if record.original_id is not None else None
        else:
            message = self.get_message(int(m["message_id"]))
            if message is not None and message.interaction_token != record.token and message.id != record.original_id:
                message = None
        if message is None or message.deleted:
            return self._error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return self._json(message.to_payload())
        if request.method == "DELETE":
            self._delete(message)
            return self._no_content()
        message.flags &= ~LOADING
        self._apply_message_data(message, rec.json or {}, rec.files)
        return self._json(message.to_payload())


_MESSAGE_PATH = re.compile(r"/channels/\d+/messages(/\d+)?|/webhooks/\d+/[^/]+(/messages/[^/]+)?")
_CALLBACK_PATH = re.compile(r"/interactions/\d+/[^/]+/callback")


def _limit_problem(method: str, path: str, body: Any, files: list[RecordedFile]) -> str | None:
    """What breaks Discord's documented limits in a message-sending request, or None."""
    if method not in ("POST", "PATCH") or not isinstance(body, dict):
        return None
    if _CALLBACK_PATH.fullmatch(path):
        data = body.get("data")
        if not isinstance(data, dict):
            return None
        if body.get("type") == 8:
            choices = data.get("choices") or []
            if any(len(str(c.get("name", ""))) > 100 for c in choices):
                return "autocomplete choice names must be 100 characters or fewer"
            return None
        if body.get("type") == 9:
            return None if len(str(data.get("title", ""))) <= 45 else "modal titles must be 45 characters or fewer"
        return _message_problem(data, files)
    if _MESSAGE_PATH.fullmatch(path):
        return _message_problem(body, files)
    return None


def _message_problem(data: dict[str, Any], files: list[RecordedFile]) -> str | None:
    content = data.get("content")
    if content is not None and len(str(content)) > 2000:
        return f"content must be 2000 or fewer in length (was {len(str(content))})"
    embeds = data.get("embeds") or []
    if len(embeds) > 10:
        return "a message has at most 10 embeds"
    total = 0
    for embed in embeds:
        limits = [("title", 256), ("description", 4096)]
        for key, limit in limits:
            value = str(embed.get(key) or "")
            if len(value) > limit:
                return f"embed {key} must be {limit} or fewer in length"
            total += len(value)
        fields = embed.get("fields") or []
        if len(fields) > 25:
            return "an embed has at most 25 fields"
        for f in fields:
            name, value = str(f.get("name") or ""), str(f.get("value") or "")
            if len(name) > 256 or len(value) > 1024:
                return "embed field names are at most 256 and values at most 1024 characters"
            total += len(name) + len(value)
        footer = str((embed.get("footer") or {}).get("text") or "")
        author = str((embed.get("author") or {}).get("name") or "")
        if len(footer) > 2048 or len(author) > 256:
            return "embed footer text is at most 2048 and author names at most 256 characters"
        total += len(footer) + len(author)
    if total > 6000:
        return f"the embeds of a message hold at most 6000 characters (were {total})"
    rows = data.get("components") or []
    if len(rows) > 5 and not int(data.get("flags") or 0) & (1 << 15):
        return "a message has at most 5 action rows"
    for component in iter_components(list(rows)):
        if len(str(component.get("custom_id", ""))) > 100:
            return "custom_id must be 100 or fewer in length"
        if component.get("type") == 1 and len(component.get("components") or []) > 5:
            return "an action row holds at most 5 components"
        if component.get("type") == 2 and len(str(component.get("label") or "")) > 80:
            return "button labels must be 80 or fewer in length"
        if component.get("type") == 3:
            options = component.get("options") or []
            if not 1 <= len(options) <= 25:
                return "a select menu has 1 to 25 options"
            for option in options:
                if any(len(str(option.get(k) or "")) > 100 for k in ("label", "value", "description")):
                    return "select option labels, values and descriptions are at most 100 characters"
            if len(str(component.get("placeholder") or "")) > 150:
                return "select placeholders must be 150 or fewer in length"
    if len([f for f in files if f.name.startswith("files[")]) > 10:
        return "a message has at most 10 files"
    return None


def _sid(value: int | None) -> str | None:
    return None if value is None else str(value)


def _guess_type(filename: str) -> str:
    lowered = filename.lower()
    for suffix, kind in (
        (".png", "image/png"),
        (".jpg", "image/jpeg"),
        (".jpeg", "image/jpeg"),
        (".gif", "image/gif"),
        (".webp", "image/webp"),
        (".txt", "text/plain; charset=utf-8"),
        (".json", "application/json"),
    ):
        if lowered.endswith(suffix):
            return kind
    return "application/octet-stream"


_ID_COUNTER = itertools.count(1)


def new_token() -> str:
    """A fresh, unguessable-looking interaction token."""
    return f"fake-{next(_ID_COUNTER)}-{secrets.token_urlsafe(24)}"


def new_snowflake() -> int:
    """A fresh time-based snowflake from the shared generator."""
    return _SNOWFLAKES.next()
