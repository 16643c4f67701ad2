"""Build raw INTERACTION_CREATE payloads and push them through discord.py's real dispatch.

`InteractionFactory` turns "user X runs ``/calico play tile:1`` in channel Y" into the dict Discord
would send over the gateway, reading the bot's command tree for option names and types.
`Driver.send` feeds such a dict to ``bot._connection.parse_interaction_create`` (exactly what the
gateway handler calls), waits for the tasks discord.py spawns for it, and returns what went over the
wire to `FakeDiscord` as an `InteractionResult`.

Private discord.py names used (checked against 2.7.1): ``Client._connection`` (the
``ConnectionState``), ``ConnectionState.parse_interaction_create``, and the task names
``"CommandTree-invoker"`` (app commands and autocomplete, ``app_commands/tree.py``),
``"discord-ui-view-dispatch-*"``, ``"discord-ui-dynamic-item-*"``, ``"discord-ui-modal-dispatch-*"``
(``ui/view.py``, ``ui/modal.py``) and ``"discord.py: on_*"`` (event listeners, ``client.py``).
``"discord-ui-view-timeout-*"`` tasks are never awaited (they belong to view timeouts).
"""

from __future__ import annotations

import asyncio
import enum
import logging
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from devtable.fake_discord import (
    DEFAULT_APP_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM_CHANNEL,
    EPHEMERAL,
    ComponentRef,
    FakeAttachment,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    FakeRole,
    FakeUser,
    RecordedFile,
    RecordedRequest,
    find_component,
    iter_components,
    message_texts,
    new_snowflake,
    new_token,
)

__all__ = [
    "DEFAULT_MEMBER_PERMISSIONS",
    "Driver",
    "FakeAttachment",
    "FakeChannel",
    "FakeGuild",
    "FakeRole",
    "FakeUser",
    "InteractionError",
    "InteractionFactory",
    "InteractionResult",
    "login",
]

_log = logging.getLogger(__name__)

OPTION_SUBCOMMAND = 1
OPTION_SUBCOMMAND_GROUP = 2
OPTION_STRING = 3
OPTION_INTEGER = 4
OPTION_BOOLEAN = 5
OPTION_USER = 6
OPTION_CHANNEL = 7
OPTION_ROLE = 8
OPTION_MENTIONABLE = 9
OPTION_NUMBER = 10
OPTION_ATTACHMENT = 11

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
"""Default per-file upload limit sent as ``attachment_size_limit`` (10 MiB)."""

_AWAITED_TASK_PREFIXES = ("CommandTree", "discord-ui", "discord.py: ")
_IGNORED_TASK_PREFIXES = ("discord-ui-view-timeout",)


class InteractionError(AssertionError):
    """Raised by a strict `Driver` when an interaction logged an error or hit an unknown route."""


# ----------------------------------------------------------------------------------------------
# Payload builder
# ----------------------------------------------------------------------------------------------


class InteractionFactory:
    """Builds raw INTERACTION_CREATE payloads for a bot, the way Discord would send them.

    ``fake`` (optional) lets the factory reuse synced command ids, serve attachment options and
    register application owners (`FakeUser.is_owner`).
    """

    def __init__(
        self,
        bot: discord.Client,
        fake: FakeDiscord | None = None,
        *,
        guilds: Iterable[FakeGuild] = (),
        app_permissions: int = DEFAULT_APP_PERMISSIONS,
        attachment_size_limit: int = ATTACHMENT_SIZE_LIMIT,
    ) -> None:
        self.bot = bot
        self.fake = fake
        self.guilds: dict[int, FakeGuild] = {g.id: g for g in guilds}
        self.app_permissions = app_permissions
        self.attachment_size_limit = attachment_size_limit

    # ---------------------------------------------------------------- public builders

    def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A chat-input command: ``command`` is its qualified name (``"calico play"``).

        ``options`` are keyed by parameter name (Python or display name). Values: ``str``, ``int``,
        ``bool``, ``float``, enum members and ``app_commands.Choice`` (their value is sent),
        `FakeUser` (user/mentionable), `FakeChannel`, `FakeRole`, `FakeAttachment`, or raw ids.
        """
        data = self._command_data(user, channel, command, options or {}, focused=None)
        return self._base(2, user, channel, data)

    def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: Mapping[str, Any],
        focused: str,
    ) -> dict[str, Any]:
        """An autocomplete request (type 4) while the user types option ``focused``."""
        data = self._command_data(user, channel, command, options, focused=focused)
        return self._base(4, user, channel, data)

    def component(
        self,
        user: FakeUser,
        channel: FakeChannel,
        message: FakeMessage | Mapping[str, Any],
        custom_id: str,
        values: Sequence[str] | None = None,
        component_type: int | None = None,
    ) -> dict[str, Any]:
        """A button click or select choice (type 3) on ``message``.

        ``component_type`` defaults to the type of the component with that custom_id on the
        message (2 if not found). For selects, ``values`` are the chosen option values / ids.
        """
        message_payload = message.to_payload() if isinstance(message, FakeMessage) else dict(message)
        if component_type is None:
            component_type = 2
            for component in iter_components(list(message_payload.get("components", []))):
                if component.get("custom_id") == custom_id:
                    component_type = int(component["type"])
                    break
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if component_type != 2:
            data["values"] = [str(v) for v in values or []]
        payload = self._base(3, user, channel, data)
        payload["message"] = message_payload
        return payload

    def modal_submit(
        self,
        user: FakeUser,
        channel: FakeChannel,
        custom_id: str,
        fields: Mapping[str, str | Sequence[str]],
        *,
        modal: Mapping[str, Any] | None = None,
        message: FakeMessage | Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A modal submission (type 5): ``fields`` maps each input's custom_id to its value.

        ``modal`` is the modal's callback data (``{"custom_id", "title", "components"}``, see
        `InteractionResult.modal`); with it the submission mirrors the modal's layout (action rows
        or labels). Without it every field is sent as a text input in its own action row. A
        sequence value is sent as select ``values``.
        """
        components = _modal_submit_components(modal, fields)
        data: dict[str, Any] = {"custom_id": custom_id, "components": components}
        payload = self._base(5, user, channel, data)
        if message is not None:
            payload["message"] = message.to_payload() if isinstance(message, FakeMessage) else dict(message)
        return payload

    # ---------------------------------------------------------------- internals

    def _guild(self, guild_id: int) -> FakeGuild:
        if guild_id in self.guilds:
            return self.guilds[guild_id]
        if self.fake is not None and guild_id in self.fake.guilds:
            return self.fake.guilds[guild_id]
        return FakeGuild(id=guild_id)

    def _application_id(self) -> int:
        app_id = self.bot.application_id
        if app_id is None:
            if self.fake is None:
                raise RuntimeError("the bot has no application_id yet: log in first (see login())")
            return self.fake.application_id
        return app_id

    def _base(
        self, interaction_type: int, user: FakeUser, channel: FakeChannel, data: dict[str, Any]
    ) -> dict[str, Any]:
        if self.fake is not None and user.is_owner:
            self.fake.add_owner(user)
        payload: dict[str, Any] = {
            "id": str(new_snowflake()),
            "application_id": str(self._application_id()),
            "type": interaction_type,
            "token": new_token(),
            "version": 1,
            "data": data,
            "attachment_size_limit": self.attachment_size_limit,
            "locale": user.locale,
            "app_permissions": str(self.app_permissions),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "channel_id": str(channel.id),
            "channel": channel.to_payload(),
        }
        if channel.guild_id is not None and channel.type != DM_CHANNEL:
            guild = self._guild(channel.guild_id)
            payload.update(
                guild_id=str(guild.id),
                guild=guild.to_partial_payload(),
                guild_locale=guild.locale,
                member=user.to_member_payload(),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.to_user_payload(),
                authorizing_integration_owners={"0": "0"} if channel.type == DM_CHANNEL else {"1": str(user.id)},
                context=1 if channel.type == DM_CHANNEL else 2,
            )
        return payload

    def find_command(
        self, qualified_name: str, guild_id: int | None = None
    ) -> tuple[app_commands.Command[Any, ..., Any], list[str], bool]:
        """Resolve ``"group sub cmd"`` to (command, path, is_guild_command) by walking ``bot.tree``."""
        tree = getattr(self.bot, "tree", None) or self.bot._connection._command_tree
        if tree is None:
            raise LookupError("the bot has no app command tree")
        path = qualified_name.split()
        if not path:
            raise LookupError("empty command name")
        root: app_commands.Command[Any, ..., Any] | app_commands.Group | None = None
        is_guild = False
        if guild_id is not None:
            root = tree.get_command(path[0], guild=discord.Object(id=guild_id))
            is_guild = root is not None
        if root is None:
            root = tree.get_command(path[0])
        if root is None:
            raise LookupError(f"no app command named {path[0]!r} in the tree")
        node: Any = root
        for part in path[1:]:
            if not isinstance(node, app_commands.Group):
                raise LookupError(f"{node.qualified_name!r} has no subcommands (looking for {qualified_name!r})")
            child = node.get_command(part)
            if child is None:
                raise LookupError(f"no subcommand {part!r} in {node.qualified_name!r}")
            node = child
        if not isinstance(node, app_commands.Command):
            raise LookupError(f"{qualified_name!r} is a group, not a command")
        return node, path, is_guild

    def _command_data(
        self,
        user: FakeUser,
        channel: FakeChannel,
        qualified_name: str,
        options: Mapping[str, Any],
        *,
        focused: str | None,
    ) -> dict[str, Any]:
        guild_id = channel.guild_id if channel.type != DM_CHANNEL else None
        command, path, is_guild = self.find_command(qualified_name, guild_id)
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options = self._leaf_options(command, options, focused, resolved, channel)
        nested: list[dict[str, Any]] = leaf_options
        if len(path) == 3:
            nested = [
                {
                    "type": OPTION_SUBCOMMAND_GROUP,
                    "name": path[1],
                    "options": [{"type": OPTION_SUBCOMMAND, "name": path[2], "options": leaf_options}],
                }
            ]
        elif len(path) == 2:
            nested = [{"type": OPTION_SUBCOMMAND, "name": path[1], "options": leaf_options}]
        command_id = None
        if self.fake is not None:
            command_id = self.fake.command_id(path[0], guild_id if is_guild else None)
        data: dict[str, Any] = {
            "id": str(command_id or _stable_id(path[0])),
            "name": path[0],
            "type": 1,
            "options": nested,
        }
        if is_guild and guild_id is not None:
            data["guild_id"] = str(guild_id)
        if resolved and focused is None:
            data["resolved"] = resolved
        return data

    def _leaf_options(
        self,
        command: app_commands.Command[Any, ..., Any],
        options: Mapping[str, Any],
        focused: str | None,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
    ) -> list[dict[str, Any]]:
        params = {p.name: p for p in command.parameters}
        params.update({p.display_name: p for p in command.parameters})
        focused_param = None
        if focused is not None:
            focused_param = params.get(focused)
            if focused_param is None:
                raise LookupError(f"/{command.qualified_name} has no option {focused!r} to focus")
        result: list[dict[str, Any]] = []
        for key, value in options.items():
            param = params.get(key)
            if param is None:
                known = ", ".join(sorted({p.display_name for p in command.parameters}))
                raise LookupError(f"/{command.qualified_name} has no option {key!r} (options: {known})")
            is_focused = focused_param is not None and param.name == focused_param.name
            option: dict[str, Any] = {
                "name": param.display_name,
                "type": param.type.value,
                "value": self._option_value(param.type.value, value, resolved, channel, is_focused),
            }
            if is_focused:
                option["focused"] = True
            result.append(option)
        if focused_param is not None and not any(o.get("focused") for o in result):
            result.append(
                {"name": focused_param.display_name, "type": focused_param.type.value, "value": "", "focused": True}
            )
        return result

    def _option_value(
        self,
        option_type: int,
        value: Any,
        resolved: dict[str, dict[str, Any]],
        channel: FakeChannel,
        focused: bool,
    ) -> Any:
        if isinstance(value, app_commands.Choice):
            value = value.value
        if isinstance(value, enum.Enum):
            value = value.value
        if focused and option_type in (OPTION_STRING, OPTION_INTEGER, OPTION_NUMBER):
            return value if isinstance(value, str) else str(value)  # Discord sends what was typed
        if option_type == OPTION_STRING:
            return str(value)
        if option_type == OPTION_INTEGER:
            return int(value)
        if option_type == OPTION_BOOLEAN:
            return bool(value)
        if option_type == OPTION_NUMBER:
            return float(value)
        if option_type in (OPTION_USER, OPTION_MENTIONABLE) and isinstance(value, FakeUser):
            resolved.setdefault("users", {})[str(value.id)] = value.to_user_payload()
            if channel.guild_id is not None and channel.type != DM_CHANNEL:
                resolved.setdefault("members", {})[str(value.id)] = value.to_member_payload(with_user=False)
            return str(value.id)
        if option_type in (OPTION_ROLE, OPTION_MENTIONABLE) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.to_payload()
            return str(value.id)
        if option_type == OPTION_CHANNEL and isinstance(value, FakeChannel):
            resolved.setdefault("channels", {})[str(value.id)] = value.to_resolved_payload()
            return str(value.id)
        if option_type == OPTION_ATTACHMENT and isinstance(value, FakeAttachment):
            if self.fake is not None:
                self.fake.register_attachment(value, channel.id)
            if not value.url:
                value.url = f"https://cdn.invalid/attachments/{channel.id}/{value.id}/{value.filename}"
            resolved.setdefault("attachments", {})[str(value.id)] = value.to_payload()
            return str(value.id)
        if hasattr(value, "id"):
            return str(value.id)
        return str(value)


def _stable_id(name: str) -> int:
    """A deterministic fake command id for a command that was never synced."""
    return 100_000_000_000_000_000 + sum((i + 1) * ord(c) for i, c in enumerate(name))


def _modal_submit_components(
    modal: Mapping[str, Any] | None, fields: Mapping[str, str | Sequence[str]]
) -> list[dict[str, Any]]:
    def submitted(component: Mapping[str, Any]) -> dict[str, Any] | None:
        custom_id = component.get("custom_id")
        if custom_id is None:
            return None
        out: dict[str, Any] = {"type": component["type"], "custom_id": custom_id, "id": component.get("id", 0)}
        value = fields.get(custom_id)
        if component["type"] == 4:  # text input
            out["value"] = "" if value is None else str(value)
        else:
            out["values"] = [] if value is None else ([value] if isinstance(value, str) else [str(v) for v in value])
        return out

    if modal is None:
        return [
            {"type": 1, "components": [submitted({"type": 3 if not isinstance(v, str) else 4, "custom_id": k})]}
            for k, v in fields.items()
        ]
    components: list[dict[str, Any]] = []
    for top in modal.get("components", []):
        if top.get("type") == 1:
            children = [c for c in (submitted(child) for child in top.get("components", [])) if c is not None]
            components.append({"type": 1, "components": children})
        elif top.get("type") == 18 and isinstance(top.get("component"), dict):
            child = submitted(top["component"])
            if child is not None:
                components.append({"type": 18, "id": top.get("id", 0), "component": child})
    return components


# ----------------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------------


@dataclass
class InteractionResult:
    """What went over the wire while one interaction was handled.

    ``response`` is the callback body (``{"type", "data"}``) or None if the bot never answered;
    ``original`` is the interaction's original-response message after every edit; ``followups``
    are the messages follow-up sends returned; ``messages`` every message created or edited meanwhile
    (channel posts included).
    """

    payload: dict[str, Any]
    requests: list[RecordedRequest]
    response: dict[str, Any] | None
    original: FakeMessage | None
    followups: list[FakeMessage]
    messages: list[FakeMessage]
    errors: list[logging.LogRecord] = field(default_factory=list)
    unknown_routes: list[RecordedRequest] = field(default_factory=list)
    timed_out: bool = False

    @property
    def response_type(self) -> int | None:
        """Callback type: 4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return None if self.response is None else int(self.response.get("type", 0))

    @property
    def callback_types(self) -> list[int]:
        """Callback types sent for this interaction (normally one)."""
        return [r.callback_type for r in self.requests if r.callback_type is not None and r.status < 300]

    @property
    def response_data(self) -> dict[str, Any]:
        """The callback's ``data`` (empty if none)."""
        if self.response is None:
            return {}
        return dict(self.response.get("data") or {})

    @property
    def ephemeral(self) -> bool:
        """Whether the reply (the original response, or the callback data) is ephemeral."""
        if self.original is not None and self.original.interaction_token == self.payload.get("token"):
            return self.original.ephemeral
        return bool(int(self.response_data.get("flags") or 0) & EPHEMERAL)

    is_ephemeral = ephemeral

    @property
    def content(self) -> str:
        """Content of the reply message (or of the callback data)."""
        if self.original is not None:
            return self.original.content
        return str(self.response_data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Embeds of the reply message (or of the callback data)."""
        if self.original is not None:
            return self.original.embeds
        return list(self.response_data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        """Components of the reply message (or of the callback data)."""
        if self.original is not None:
            return self.original.components
        return list(self.response_data.get("components") or [])

    @property
    def files(self) -> list[RecordedFile]:
        """Every file uploaded while handling the interaction, in order."""
        return [f for r in self.requests for f in r.files]

    @property
    def attachments(self) -> list[FakeAttachment]:
        """Attachments of every message created or edited while handling the interaction."""
        return [a for m in self.messages for a in m.attachments]

    @property
    def text(self) -> str:
        """All visible text: content, embed titles/descriptions/fields/footers of every message.

        Covers the reply, follow-ups and channel posts, plus the title of a modal that was opened.
        """
        texts: list[str] = []
        for message in self.messages:
            texts.extend(message_texts(message.content, message.embeds, message.components))
        if not self.messages and self.response is not None:
            data = self.response_data
            texts.extend(message_texts(data.get("content"), data.get("embeds") or [], data.get("components") or []))
        if self.modal is not None and self.modal.get("title"):
            texts.append(str(self.modal["title"]))
        return "\n".join(texts)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (``[{"name", "value"}]``) if the bot answered with type 8."""
        if self.response_type != 8:
            return []
        return list(self.response_data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal (``{"custom_id", "title", "components"}``) if the bot answered with type 9."""
        if self.response_type != 9:
            return None
        return self.response_data

    def button_ids(self) -> list[str]:
        """custom_ids of every component on the messages this interaction created or edited."""
        ids: list[str] = []
        for message in self.messages:
            ids.extend(message.custom_ids())
        if not self.messages:
            ids.extend(c["custom_id"] for c in iter_components(self.components) if "custom_id" in c)
        return ids

    def find_button(self, custom_id_prefix: str | None = None, *, label: str | None = None) -> ComponentRef | None:
        """A component (by custom_id prefix or label) on the messages of this result."""
        return find_component(self.messages, custom_id_prefix, label)

    def assert_ok(self) -> None:
        """Raise `InteractionError` if something was logged at ERROR level or an unknown route was hit."""
        problems = [f"{r.levelname} {r.name}: {r.getMessage()}" for r in self.errors]
        problems += [f"unknown route {r.method} {r.path}" for r in self.unknown_routes]
        if self.timed_out:
            problems.append("timed out waiting for the interaction's tasks")
        if problems:
            raise InteractionError("; ".join(problems))


class _ErrorCollector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


# ----------------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------------


class Driver:
    """Feeds interaction payloads through discord.py's real dispatch and collects the results.

    ``strict=True`` makes `send` raise `InteractionError` when the bot logged an error (e.g. an
    exception in a command, caught by discord.py and logged) or called a route the fake lacks.
    """

    def __init__(
        self,
        bot: discord.Client,
        fake: FakeDiscord,
        *,
        factory: InteractionFactory | None = None,
        timeout: float = 10.0,
        strict: bool = False,
    ) -> None:
        self.bot = bot
        self.fake = fake
        self.factory = factory or InteractionFactory(bot, fake)
        self.timeout = timeout
        self.strict = strict

    async def send(self, payload: Mapping[str, Any]) -> InteractionResult:
        """Dispatch one INTERACTION_CREATE payload and wait until discord.py is done with it."""
        payload = dict(payload)
        self.fake.register_interaction(payload)
        mark = self.fake.mark()
        unknown_before = len(self.fake.unknown_routes)
        before_messages = {id(m): _fingerprint(m) for m in self.fake.messages}
        collector = _ErrorCollector()
        root = logging.getLogger()
        root.addHandler(collector)
        known_tasks = asyncio.all_tasks()
        try:
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            timed_out = not await _wait_for_new_tasks(known_tasks, self.timeout)
        finally:
            root.removeHandler(collector)
        token = str(payload["token"])
        requests = self.fake.requests_since(mark)
        changed = [m for m in self.fake.messages if before_messages.get(id(m)) != _fingerprint(m)]
        result = InteractionResult(
            payload=payload,
            requests=requests,
            response=self.fake.callback_for(int(payload["id"])),
            original=self.fake.original_response(token),
            followups=self.fake.followups(token),
            messages=changed,
            errors=collector.records,
            unknown_routes=self.fake.unknown_routes[unknown_before:],
            timed_out=timed_out,
        )
        if self.strict:
            result.assert_ok()
        return result

    # Convenience wrappers: build with the factory, then send.

    async def slash(
        self, user: FakeUser, channel: FakeChannel, command: str, options: Mapping[str, Any] | None = None
    ) -> InteractionResult:
        """Run a slash command (see `InteractionFactory.slash`)."""
        return await self.send(self.factory.slash(user, channel, command, options))

    async def autocomplete(
        self, user: FakeUser, channel: FakeChannel, command: str, options: Mapping[str, Any], focused: str
    ) -> InteractionResult:
        """Ask for autocomplete choices (see `InteractionFactory.autocomplete`)."""
        return await self.send(self.factory.autocomplete(user, channel, command, options, focused))

    async def click(
        self,
        user: FakeUser,
        target: ComponentRef | FakeMessage,
        custom_id: str | None = None,
        *,
        channel: FakeChannel | None = None,
        values: Sequence[str] | None = None,
    ) -> InteractionResult:
        """Click a button / pick select values on a stored message.

        ``target`` is a `ComponentRef` (from `FakeDiscord.find_button`) or a message plus ``custom_id``.
        The channel defaults to the message's channel as registered in the fake.
        """
        if isinstance(target, ComponentRef):
            message, custom_id = target.message, custom_id or target.custom_id
        else:
            message = target
        if custom_id is None:
            raise ValueError("custom_id is required when clicking a message")
        if channel is None:
            channel = self.fake.channels.get(message.channel_id) or FakeChannel(
                id=message.channel_id, guild_id=message.guild_id
            )
        return await self.send(self.factory.component(user, channel, message, custom_id, values=values))

    async def submit_modal(
        self,
        user: FakeUser,
        channel: FakeChannel,
        opened_by: InteractionResult | Mapping[str, Any],
        fields: Mapping[str, str | Sequence[str]],
    ) -> InteractionResult:
        """Submit the modal that ``opened_by`` opened (a result with a type 9 response, or its data)."""
        modal = opened_by.modal if isinstance(opened_by, InteractionResult) else dict(opened_by)
        if modal is None:
            raise ValueError("that interaction did not open a modal")
        message = None
        if isinstance(opened_by, InteractionResult) and opened_by.payload.get("message") is not None:
            message = opened_by.payload["message"]
        payload = self.factory.modal_submit(user, channel, modal["custom_id"], fields, modal=modal, message=message)
        return await self.send(payload)


def _fingerprint(message: FakeMessage) -> tuple[int, bool, int]:
    return (len(message.versions), message.deleted, message.flags)


def _task_matches(task: asyncio.Task[Any]) -> bool:
    name = task.get_name()
    return name.startswith(_AWAITED_TASK_PREFIXES) and not name.startswith(_IGNORED_TASK_PREFIXES)


async def _wait_for_new_tasks(known: set[asyncio.Task[Any]], timeout: float) -> bool:
    """Await tasks created after ``known`` was taken whose names mark them as discord.py dispatch.

    Repeats until no such task is pending (a command may spawn more). Returns False on timeout.
    """
    deadline = time.monotonic() + timeout
    current = asyncio.current_task()
    awaited: set[asyncio.Task[Any]] = set()
    while True:
        await asyncio.sleep(0)
        pending = {
            t for t in asyncio.all_tasks() if t not in known and t is not current and not t.done() and _task_matches(t)
        }
        if not pending:
            return True
        awaited |= pending
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            _log.warning("Driver: tasks still running after %.1fs: %s", timeout, [t.get_name() for t in pending])
            return False
        await asyncio.wait(pending, timeout=remaining)


async def login(bot: discord.Client, fake: FakeDiscord, token: str = "fake-token") -> None:
    """Install the fake and log the bot in without a gateway connection.

    ``Client.login`` calls ``GET /users/@me`` and ``GET /oauth2/applications/@me`` (which sets
    ``bot.application_id``) and then ``setup_hook()``; no websocket is opened.
    """
    fake.install()
    await bot.login(token)
