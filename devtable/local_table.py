"""The local table: play through the real bot without a Discord account.

The same bot, cogs and discord.py command tree run against the local stand-in for Discord that
the tests use. You type slash commands as you would in Discord, switch between local players,
click buttons and pick from menus; what the bot would post is printed and every file it would
attach is saved into a folder. Channels, threads, messages and their numbers are kept beside the
database, so after a restart the table is as you left it and old buttons can still be clicked.

Table commands:
  /calico new mode:beginner seats:2    run a slash command (options as name:value)
  /rules ask question:can I lead red?  an option's value runs on to the next name:value
  help [COMMAND]                       list the slash commands, or show one (help calico play)
  as bo                                act as another local player (ana, bo, cy, di)
  click 3                              click button [3] (or: click Take your turn)
  pick 5 B4                            choose B4 in menu [5] (by label or value)
  look [N]                             show the last N messages here again (default 3)
  where / go main / go thread [NAME]   show or change the channel you type in
  lang zh / lang en                    the language your replies come in
  quit
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import logging
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as OptionType

from calico_bot.app.bot import CalicoBot
from calico_bot.app.config import Config
from devtable.fake_discord import (
    DEFAULT_MEMBER_PERMISSIONS,
    DM_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeMessage,
    FakeUser,
    iter_components,
)
from devtable.interactions import Driver, InteractionResult, login

log = logging.getLogger(__name__)

MANAGE_GUILD = 1 << 5  # the first local player (ana) may moderate, like a server admin
PLAYERS = ("ana", "bo", "cy", "di")
HELP = __doc__.split("\n\n", 2)[2] if __doc__ else ""
BOT_ID = 4_000_000_000_000_900  # fixed, so messages kept from an earlier run are the bot's own
GUILD_ID = 4_000_000_000_000_001
MAIN_CHANNEL_ID = 4_000_000_000_000_002
LOCALES = {"en": "en-US", "en-us": "en-US", "en-gb": "en-GB", "english": "en-US", "zh": "zh-CN", "zh-cn": "zh-CN",
           "cn": "zh-CN", "chinese": "zh-CN", "中文": "zh-CN", "zh-tw": "zh-TW", "tw": "zh-TW"}
INTERACTIVE = (2, 3, 5, 6, 7, 8)  # button and the select menus
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")
TYPE_WORDS = {
    OptionType.string: "text", OptionType.integer: "whole number", OptionType.number: "number",
    OptionType.boolean: "true/false", OptionType.user: "player", OptionType.channel: "channel",
    OptionType.role: "role", OptionType.mentionable: "player", OptionType.attachment: "file",
}
QUIET_SECONDS = 0.03  # after a line, output still arriving within this pause belongs to it
SETTLE_CAP_SECONDS = 2.0


class TableInputError(Exception):
    """A line the table cannot run; the message says why, in one line."""


class Terminal:
    """Writes the table's output. While a prompt waits for input, a message from the background is
    printed above it and the prompt is drawn again, with whatever was typed so far."""

    def __init__(self, stream: TextIO | None = None, line_buffer: Callable[[], str] | None = None) -> None:
        self.stream = stream or sys.stdout
        self.prompt: str | None = None
        self.line_buffer = line_buffer or _readline_buffer
        self.redraw = stream is not None or sys.stdout.isatty()  # no terminal codes into a pipe
        self._lock = threading.Lock()

    def write(self, text: str) -> None:
        with self._lock:
            if self.prompt is None or not self.redraw:
                self.stream.write(text + "\n")
            else:
                # Clear the prompt line, print above it, draw the prompt and the typed text again.
                self.stream.write("\r\x1b[2K" + text + "\n" + self.prompt + self.line_buffer())
            self.stream.flush()

    async def read(self, prompt: str) -> str | None:
        """One line from standard input (None at end of input), without blocking the event loop."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[str | None] = loop.create_future()

        def reader() -> None:
            try:
                line: str | None = input(prompt)
            except (EOFError, KeyboardInterrupt):
                line = None
            except Exception:  # e.g. a closed standard input
                line = None
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(lambda: future.done() or future.set_result(line))

        self.prompt = prompt
        # A daemon thread, so a pending input() never keeps the process alive after quit.
        threading.Thread(target=reader, name="table-input", daemon=True).start()
        try:
            return await future
        finally:
            self.prompt = None


def _readline_buffer() -> str:
    try:
        import readline
    except ImportError:  # pragma: no cover - no readline on this platform
        return ""
    return readline.get_line_buffer()


class _TerminalErrors(logging.Handler):
    """Errors the bot logs reach the terminal as one line; the traceback goes to the log file."""

    def __init__(self, write: Callable[[str], None], log_file: Path) -> None:
        super().__init__(level=logging.ERROR)
        self._write = write
        self.log_file = log_file

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("devtable.fake_discord"):
            return  # the stand-in's own complaints are answers to the bot (a 400, a 404), shown there
        try:
            self._write(f"(the bot logged an error: {record.getMessage()}; details in {self.log_file})")
        except Exception:
            self.handleError(record)


class LocalTable:
    def __init__(self, config: Config, out_dir: Path, write: Callable[[str], None] = print, *,
                 own_logging: bool = True) -> None:
        self.config = config
        self.out_dir = out_dir
        self._sink = write
        self._written = 0
        self.own_logging = own_logging
        base = config.database
        self.discord_file = base.with_name(base.stem + "-discord.jsonl")
        self.table_file = base.with_name(base.stem + "-table.json")
        self.log_file = base.with_name(base.stem + ".log")
        base.parent.mkdir(parents=True, exist_ok=True)
        self.fake = FakeDiscord(bot_name="Calico", application_id=BOT_ID, bot_user_id=BOT_ID,
                                persist=self.discord_file)
        self.guild = FakeGuild(id=GUILD_ID, name="Local table")
        self.main = FakeChannel(id=MAIN_CHANNEL_ID, guild_id=self.guild.id, name="calico")
        self.users = {
            name: FakeUser(
                id=4_000_000_000_000_100 + i,
                name=name,
                permissions=DEFAULT_MEMBER_PERMISSIONS | (MANAGE_GUILD if i == 0 else 0),
            )
            for i, name in enumerate(PLAYERS)
        }
        self.user = self.users["ana"]
        self.channel = self.main
        # Numbers: every button or menu gets one, kept for its message and place across edits.
        self.numbers: dict[int, tuple[int, int]] = {}  # number -> (message id, index among its components)
        self.slot_numbers: dict[tuple[int, int], int] = {}
        self.retired: dict[int, int] = {}  # number -> message id it was on (gone after an edit)
        self.next_number = 1
        self.saved: dict[int, str] = {}  # attachment id -> the file it was saved as
        self._file_counter = 0
        self._last_event = 0.0
        self._restored = False
        self._log_state: tuple[list[logging.Handler], int] | None = None
        self._known_threads: set[int] = set()
        self.problems: list[str] = []  # every line that told the user something did not work
        self.bot: CalicoBot | None = None
        self.driver: Driver | None = None
        self._load_state()

    def write(self, text: str) -> None:
        self._written += 1
        self._sink(text)

    # --- life cycle -------------------------------------------------------------------------------

    async def start(self) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self._file_counter = max((int(m.group(1)) for p in self.out_dir.iterdir()
                                  if (m := re.match(r"(\d+)-", p.name))), default=0)
        if self.own_logging:
            self._take_logging()
        await self.fake.start()
        self._restored = any(not m.deleted for m in self.fake.messages)
        self._known_threads = {c.id for c in self.fake.channels.values() if c.is_thread}
        if self.guild.id not in self.fake.guilds or self.fake.guilds[self.guild.id].name != self.guild.name:
            self.fake.add_guild(self.guild)
        if self.main.id not in self.fake.channels:
            self.fake.add_channel(self.main)
        self.main = self.fake.channels[self.main.id]
        for user in self.users.values():
            self.fake.add_user(user)
        self.fake.subscribe(self._on_message)
        self.bot = CalicoBot(self.config)
        await login(self.bot, self.fake)
        self.driver = Driver(self.bot, self.fake, timeout=60.0)
        if self.channel.id not in self.fake.channels:
            self.channel = self.main
        else:
            self.channel = self.fake.channels[self.channel.id]
        if self._restored:
            threads = sum(1 for c in self.fake.channels.values() if c.is_thread)
            shown = sum(1 for m in self.fake.messages if not m.deleted)
            self.write(f"Back at the local table: the {shown} messages in #{self.main.name} and its {threads} "
                       f"thread(s) from the last session are still here, and their buttons still work. "
                       f"You are {self.user.name} in {self._channel_name(self.channel.id)}; 'look' shows the "
                       "latest messages here.")
        else:
            self.write(f"Local table ready. You are {self.user.name} in #{self.main.name}. Type 'help' for help.")

    async def stop(self) -> None:
        try:
            if self.bot is not None:
                await self.bot.close()
            await self.fake.stop()
        finally:
            self._save_state()
            self._give_back_logging()

    def _take_logging(self) -> None:
        root = logging.getLogger()
        self._log_state = (list(root.handlers), root.level)
        to_file = logging.FileHandler(self.log_file, encoding="utf-8")
        to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        to_file.setLevel(logging.WARNING)
        root.handlers = [to_file, _TerminalErrors(self._problem, self.log_file)]
        root.setLevel(min(root.level, logging.WARNING) or logging.WARNING)

    def _give_back_logging(self) -> None:
        if self._log_state is None:
            return
        root = logging.getLogger()
        for handler in root.handlers:
            if handler not in self._log_state[0]:
                handler.close()
        root.handlers, level = self._log_state
        root.setLevel(level)
        self._log_state = None

    # --- the table's own state (numbers, who you are, where you type) --------------------------------

    def _load_state(self) -> None:
        try:
            state = json.loads(self.table_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        try:
            self.next_number = int(state.get("next_number", 1))
            for number, message_id, index in state.get("slots", []):
                self.numbers[int(number)] = (int(message_id), int(index))
                self.slot_numbers[(int(message_id), int(index))] = int(number)
            self.retired = {int(k): int(v) for k, v in state.get("retired", {}).items()}
            self.saved = {int(k): str(v) for k, v in state.get("saved", {}).items()}
            for name, locale in state.get("locales", {}).items():
                if name in self.users:
                    self.users[name].locale = str(locale)
            self.user = self.users.get(str(state.get("user")), self.user)
            channel_id = int(state.get("channel") or self.main.id)
            if channel_id != self.main.id:
                self.channel = FakeChannel(id=channel_id, guild_id=self.guild.id)  # resolved in start()
        except (TypeError, ValueError, KeyError):
            log.warning("the local table's state file %s could not be read; starting afresh", self.table_file)

    def _save_state(self) -> None:
        state = {
            "next_number": self.next_number,
            "slots": [[n, mid, i] for n, (mid, i) in sorted(self.numbers.items())],
            "retired": {str(k): v for k, v in self.retired.items()},
            "saved": {str(k): v for k, v in self.saved.items()},
            "locales": {name: u.locale for name, u in self.users.items()},
            "user": self.user.name,
            "channel": self.channel.id,
        }
        tmp = self.table_file.with_suffix(".tmp")
        try:
            tmp.write_text(json.dumps(state), encoding="utf-8")
            tmp.replace(self.table_file)
        except OSError as exc:
            log.warning("could not save the local table's state: %s", exc)

    # --- output ------------------------------------------------------------------------------------

    def _on_message(self, event: str, message: FakeMessage) -> None:
        self._last_event = time.monotonic()
        if event == "deleted":
            gone = [n for n, (mid, _) in self.numbers.items() if mid == message.id]
            if gone:
                self.write(f"[{self._channel_name(message.channel_id)}] Calico deleted a message "
                           f"(its {_numbers_text(gone)} are gone).")
            return
        if message.loading:
            return
        # A reply that replaces a "thinking..." placeholder is new to the reader, not an edit.
        edited = event == "edited" and any(v.get("content") or v.get("embeds") for v in message.versions)
        self.write("\n".join(self._describe(message, edited=edited, save=True)))
        self._follow_thread(message)
        self._save_state()

    def _owner_of(self, message: FakeMessage) -> int | None:
        user = (message.interaction_metadata or {}).get("user") or {}
        return int(user["id"]) if str(user.get("id", "")).isdigit() else None

    def _describe(self, message: FakeMessage, *, edited: bool, save: bool) -> list[str]:
        where = self._channel_name(message.channel_id)
        private = ""
        if message.ephemeral:
            owner = self._owner_of(message)
            name = self._user_name(owner) if owner is not None else "someone"
            private = " (only you see this)" if owner in (None, self.user.id) else f" (only {name} sees this)"
        lines = [f"[{where}] Calico{' (edited)' if edited else ''}{private}:"]
        if message.content:
            lines += ["  " + line for line in self.readable(message.content).splitlines()]
        for embed in message.embeds:
            if (embed.get("author") or {}).get("name"):
                lines.append("  " + self.readable(str(embed["author"]["name"])))
            if embed.get("title"):
                lines.append(f"  == {self.readable(str(embed['title']))} ==")
            if embed.get("description"):
                lines += ["  " + line for line in self.readable(str(embed["description"])).splitlines()]
            for field_ in embed.get("fields", []):
                value = self.readable(str(field_.get("value", ""))).splitlines() or [""]
                lines.append(f"  {self.readable(str(field_.get('name', '')))}: {value[0]}")
                lines += ["    " + line for line in value[1:]]
            if (embed.get("footer") or {}).get("text"):
                lines.append("  -- " + self.readable(str(embed["footer"]["text"])))
        for component in iter_components(message.components):
            if component.get("type") == 10 and component.get("content"):  # a text display
                lines += ["  " + line for line in self.readable(str(component["content"])).splitlines()]
        for attachment in message.attachments:
            lines.append("  " + self._attachment_line(attachment, save=save))
        lines += self._component_lines(message)
        return lines

    def _attachment_line(self, attachment: FakeAttachment, *, save: bool) -> str:
        image = attachment.filename.lower().endswith(IMAGE_SUFFIXES) or attachment.content_type.startswith("image/")
        word = "image" if image else "file"
        path = self.saved.get(attachment.id)
        if path is None and save and attachment.data:
            self._file_counter += 1
            target = self.out_dir / f"{self._file_counter:03d}-{_safe_name(attachment.filename)}"
            try:
                target.write_bytes(attachment.data)
            except OSError as exc:
                return f"[{word} {attachment.filename} could not be saved: {exc}]"
            self.saved[attachment.id] = path = str(target)
            return f"[{word} saved: {path}]"
        if path is not None:
            return f"[{word} {attachment.filename}: {path}]"
        return f"[{word} {attachment.filename} (from an earlier session, not kept)]"

    def _component_lines(self, message: FakeMessage) -> list[str]:
        lines: list[str] = []
        index = 0
        for component in iter_components(message.components):
            kind = component.get("type")
            if kind == 2 and component.get("url"):
                lines.append(f"  link: {component.get('label') or component['url']} -> {component['url']}")
                continue
            if kind not in INTERACTIVE or "custom_id" not in component:
                continue
            number = self.slot_numbers.get((message.id, index))
            if number is None:
                number = self.next_number
                self.next_number += 1
                self.numbers[number] = (message.id, index)
                self.slot_numbers[(message.id, index)] = number
            lines.append(f"  [{number}] {self._component_text(component)}")
            index += 1
        # Numbers of places this message no longer has (an edit took its buttons away).
        gone_slots = [slot for slot in self.slot_numbers if slot[0] == message.id and slot[1] >= index]
        gone = sorted(self.slot_numbers.pop(slot) for slot in gone_slots)
        for number in gone:
            self.retired[number] = message.id
            del self.numbers[number]
        if gone:
            lines.append(f"  ({_numbers_text(gone)} no longer on this message)")
        return lines

    def _component_text(self, component: dict[str, Any]) -> str:
        disabled = " (disabled)" if component.get("disabled") else ""
        kind = component.get("type")
        if kind == 2:
            return f"button: {component.get('label') or component.get('emoji', {}).get('name') or '?'}{disabled}"
        placeholder = component.get("placeholder") or "choose"
        if kind != 3:
            return f"menu: {placeholder} -> a player's name{disabled}"
        options = component.get("options", [])
        listed = ", ".join(str(o.get("label", "")) for o in options)
        chosen = [str(o.get("label")) for o in options if o.get("default")]
        many = " (several: separate with commas)" if int(component.get("max_values") or 1) > 1 else ""
        return (f"menu: {placeholder} -> {listed}{many}" + (f" (chosen: {', '.join(chosen)})" if chosen else "")
                + disabled)

    def _channel_name(self, channel_id: int) -> str:
        channel = self.fake.channels.get(channel_id)
        if channel is None:
            return f"channel {channel_id}"
        if channel.type == DM_CHANNEL:
            return "DM with " + (", ".join(u.name for u in channel.recipients) or "someone")
        return f"thread '{channel.name}'" if channel.is_thread else f"#{channel.name}"

    def _user_name(self, user_id: int) -> str:
        if user_id == self.fake.bot_user_id:
            return "Calico"
        user = self.fake.users.get(user_id)
        return user.name if user is not None else "someone"

    def readable(self, text: str) -> str:
        """Discord's markup as a Discord client shows it: names for mentions, times for timestamps."""
        text = re.sub(r"<@!?(\d+)>", lambda m: "@" + self._user_name(int(m.group(1))), text)
        text = re.sub(r"<@&(\d+)>", "@role", text)
        text = re.sub(r"<#(\d+)>", lambda m: self._channel_name(int(m.group(1))), text)
        text = re.sub(r"</([\w\- ]+):\d+>", r"/\1", text)
        text = re.sub(r"<a?(:\w+:)\d+>", r"\1", text)
        return re.sub(r"<t:(-?\d+)(?::([tTdDfFR]))?>", lambda m: readable_time(int(m.group(1)), m.group(2) or "f"),
                      text)

    def _follow_thread(self, message: FakeMessage) -> None:
        """Go into a game's new thread, as Discord shows it to the person who started the game."""
        target: int | None = None
        if message.thread_id and message.thread_id in self.fake.channels and message.channel_id == self.channel.id:
            target = message.thread_id
        channel = self.fake.channels.get(message.channel_id)
        if (channel is not None and channel.is_thread and channel.id not in self._known_threads
                and channel.parent_id == self.channel.id):
            target = channel.id
        if channel is not None and channel.is_thread:
            self._known_threads.add(channel.id)
        if target is not None and target != self.channel.id:
            self._known_threads.add(target)
            self.channel = self.fake.channels[target]
            self.write(f"(you are now typing in {self._channel_name(self.channel.id)}; 'go main' to go back)")

    # --- input -------------------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Run one line of input; returns False to quit. Never raises: every problem is one line."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        written = self._written
        try:
            return await self._handle(line)
        except TableInputError as exc:
            self._problem(str(exc))
        except Exception as exc:
            log.warning("the local table could not run %r", line, exc_info=True)
            self._problem(f"(the table could not run that line: {type(exc).__name__}: {exc}; details in "
                       f"{self.log_file})")
        finally:
            with contextlib.suppress(Exception):
                await self._settle()
                self._save_state()
            if self._written == written:  # never leave a line unanswered
                self.write("(nothing visible came of that)")
        return True

    async def _handle(self, line: str) -> bool:
        pasted = re.fullmatch(r"(\w+)> (.*?)(?:\s{2,}#.*)?", line)
        if pasted and pasted.group(1).lower() in self.users:
            # A line copied from the README or a transcript, prompt and comment included.
            if pasted.group(1).lower() != self.user.name:
                self._switch_user([pasted.group(1)])
            line = pasted.group(2).strip()
            if not line:
                return True
        words = line.split()
        head = words[0].lower()
        if head in ("quit", "exit"):
            self.write("Bye. The table is kept as it is: start it again to carry on.")
            return False
        if head.startswith("/"):
            await self._slash(line)
        elif head in ("help", "?"):
            self.write(self.help_text(words[1:]))
        elif head == "as":
            self._switch_user(words[1:])
        elif head == "where":
            self.write(f"You are {self.user.name} in {self._channel_name(self.channel.id)}.")
        elif head == "go":
            self._go(words[1:])
        elif head == "click":
            if len(words) < 2:
                raise TableInputError("Say which button: click N (the number in [brackets]).")
            await self._click(" ".join(words[1:]), None, button=True)
        elif head == "pick":
            if len(words) < 3:
                raise TableInputError("Say which menu and which option: pick N OPTION, e.g. pick 5 B4.")
            await self._click(words[1], " ".join(words[2:]), button=False)
        elif head == "look":
            self._look(words[1:])
        elif head in ("lang", "language"):
            self._lang(words[1:])
        else:
            raise TableInputError(f"Unknown input {words[0]!r}: slash commands start with '/'; type 'help'.")
        return True

    def _problem(self, text: str) -> None:
        self.problems.append(text)
        self.write(text)

    async def _settle(self) -> None:
        """Let output that is still arriving for this line (announcements) appear before the next."""
        deadline = time.monotonic() + SETTLE_CAP_SECONDS
        while time.monotonic() < deadline and time.monotonic() - self._last_event < QUIET_SECONDS:
            await asyncio.sleep(QUIET_SECONDS / 2)

    def _switch_user(self, words: list[str]) -> None:
        if len(words) != 1:
            raise TableInputError(f"Say who: as NAME, one of {', '.join(PLAYERS)}.")
        user = self.users.get(words[0].lower().lstrip("@"))
        if user is None:
            raise TableInputError(f"No local player {words[0]!r}: use {', '.join(PLAYERS)}.")
        self.user = user
        self.write(f"You are now {user.name}.")

    def _threads(self) -> list[FakeChannel]:
        return [c for c in self.fake.channels.values() if c.is_thread]

    def _go(self, words: list[str]) -> None:
        where = " ".join(words).strip().strip("'\"").lstrip("#")
        threads = self._threads()
        if where.lower() in ("main", self.main.name):
            self.channel = self.main
        elif where.lower() == "thread" or where.lower().startswith("thread "):
            name = where[6:].strip().strip("'\"")
            if not threads:
                raise TableInputError("There is no thread yet.")
            if name:
                found = [t for t in threads if t.name.lower() == name.lower()
                         or t.name.lower().endswith(f"#{name.lstrip('#')}".lower())]
                if not found:
                    raise TableInputError(f"No thread {name!r}: threads are "
                                          + ", ".join(f"'{t.name}'" for t in threads) + ".")
                self.channel = found[-1]
            else:
                self.channel = threads[-1]
        else:
            listed = ", ".join(f"'{t.name}'" for t in threads) or "none yet"
            raise TableInputError(f"Use 'go main' or 'go thread' (the newest) or 'go thread NAME' (threads: {listed}).")
        self.write(f"You are typing in {self._channel_name(self.channel.id)}.")

    def _look(self, words: list[str]) -> None:
        count = 3
        if words:
            if not words[0].isdigit() or not 1 <= int(words[0]) <= 50:
                raise TableInputError("Use look or look N (N from 1 to 50).")
            count = int(words[0])
        visible = [m for m in self.fake.messages_in(self.channel.id)
                   if not m.loading and (not m.ephemeral or self._owner_of(m) in (None, self.user.id))]
        if not visible:
            self.write(f"No messages in {self._channel_name(self.channel.id)} yet.")
            return
        for message in visible[-count:]:
            self.write("\n".join(self._describe(message, edited=message.edited, save=False)))

    def _lang(self, words: list[str]) -> None:
        if not words:
            self.write(f"{self.user.name} reads replies in {self.user.locale}; 'lang zh' or 'lang en' to change.")
            return
        locale = LOCALES.get(words[0].lower())
        if locale is None:
            raise TableInputError(f"Unknown language {words[0]!r}: use en (English), zh (Chinese) or zh-TW.")
        self.user.locale = locale
        self.write(f"{self.user.name} now uses {locale}: replies come in "
                   f"{'Chinese' if locale.startswith('zh') else 'English'}.")

    # --- slash commands ------------------------------------------------------------------------------

    def _tree(self) -> app_commands.CommandTree[Any]:
        assert self.bot is not None
        return self.bot.tree

    def _roots(self) -> list[app_commands.Command[Any, ..., Any] | app_commands.Group]:
        tree = self._tree()
        found = {c.name: c for c in tree.get_commands()}
        found.update({c.name: c for c in tree.get_commands(guild=discord.Object(self.guild.id))})
        return [c for c in found.values() if isinstance(c, app_commands.Command | app_commands.Group)]

    def _resolve(self, words: list[str]) -> tuple[app_commands.Command[Any, ..., Any] | app_commands.Group, int]:
        """The command (or group) named by the first words, and how many words named it."""
        roots = {c.name: c for c in self._roots()}
        name = words[0].lstrip("/").lower() if words else ""
        if name not in roots:
            listed = ", ".join("/" + n for n in sorted(roots))
            raise TableInputError(f"There is no command /{name}: the commands are {listed} ('help' lists them).")
        node: Any = roots[name]
        used = 1
        while isinstance(node, app_commands.Group) and used < len(words) and ":" not in words[used]:
            child = node.get_command(words[used].lower())
            if child is None:
                subs = ", ".join(sorted(c.name for c in node.commands))
                raise TableInputError(f"/{node.qualified_name} has no subcommand {words[used]!r}: use one of {subs}.")
            node = child
            used += 1
        return node, used

    async def _slash(self, line: str) -> None:
        assert self.driver is not None
        command, options = self.parse_slash(line)
        result = await self.driver.slash(self.user, self.channel, command.qualified_name, options)
        self._report(result)

    def parse_slash(self, line: str) -> tuple[app_commands.Command[Any, ..., Any], dict[str, Any]]:
        """A typed slash command as the command and its option values, converted by each option's type.

        Refuses what Discord's own command box would not send, with a line saying why."""
        body = line.strip()[1:]
        spans = list(re.finditer(r"\S+", body))
        if not spans:
            raise TableInputError("Type a command after '/', e.g. /calico new ('help' lists them).")
        node, used = self._resolve([m.group() for m in spans])
        if isinstance(node, app_commands.Group):
            subs = ", ".join(sorted(c.name for c in node.commands))
            raise TableInputError(f"/{node.qualified_name} needs a subcommand: {subs}.")
        rest = body[spans[used - 1].end():]
        raw = self._split_options(node, rest)
        params = {p.display_name: p for p in node.parameters}
        for name, value in raw.items():
            stray = re.search(r"(?<!\S)([A-Za-z_]\w*):", value)
            if params[name].type is not OptionType.string and stray is not None:
                raise TableInputError(f"/{node.qualified_name} has no option {stray.group(1)!r} "
                                      f"(options: {_options_text(node)})")
        missing = [name for name, p in params.items() if p.required and name not in raw]
        if missing:
            raise TableInputError(f"missing option: {', '.join(missing)} (options: {_options_text(node)})")
        return node, {name: self._convert(node, params[name], value) for name, value in raw.items()}

    def _split_options(self, command: app_commands.Command[Any, ..., Any], text: str) -> dict[str, str]:
        names = {p.display_name.lower(): p.display_name for p in command.parameters}
        names.update({p.name.lower(): p.display_name for p in command.parameters})
        starts = [m for m in re.finditer(r"(?<!\S)([^\s:\"']+):", text) if m.group(1).lower() in names]
        raw: dict[str, str] = {}
        leading = text[: starts[0].start()] if starts else text
        if leading.strip():
            self._refuse_stray(command, leading.strip())
        skip_until = 0
        pending: list[tuple[str, int, int]] = []  # (option, value start, value end)
        for m in starts:
            if m.start() < skip_until:
                continue  # inside a quoted value
            name = names[m.group(1).lower()]
            if pending:
                pending[-1] = (pending[-1][0], pending[-1][1], m.start())
            value_start = m.end()
            pending.append((name, value_start, len(text)))
            if value_start < len(text) and text[value_start] in "\"'“":
                quote = "”" if text[value_start] == "“" else text[value_start]
                closing = re.compile(re.escape(quote) + r"(?=\s|$)").search(text, value_start + 1)
                if closing is not None:
                    pending[-1] = (name, value_start, closing.end())
                    skip_until = closing.end()
        for name, start, end in pending:
            if name in raw:
                raise TableInputError(f"option {name} is given twice.")
            value = text[start:end].strip()
            if len(value) >= 2 and value[0] in "\"'“" and value[-1] == ("”" if value[0] == "“" else value[0]):
                value = value[1:-1]
            raw[name] = value
        return raw

    def _refuse_stray(self, command: app_commands.Command[Any, ..., Any], leading: str) -> None:
        first = leading.split()[0]
        if ":" in first and first.split(":", 1)[0]:
            raise TableInputError(f"/{command.qualified_name} has no option {first.split(':', 1)[0]!r} "
                                  f"(options: {_options_text(command)})")
        if not command.parameters:
            raise TableInputError(f"/{command.qualified_name} takes no options.")
        example = command.parameters[0].display_name
        raise TableInputError(f"{leading!r} is not an option: write options as name:value, e.g. {example}:... "
                              f"(options: {_options_text(command)})")

    def _convert(self, command: app_commands.Command[Any, ..., Any], param: app_commands.Parameter,
                 text: str) -> Any:
        name = param.display_name
        kind = param.type
        if not text:
            raise TableInputError(f"{name} needs a value after '{name}:'.")
        if param.choices:
            for choice in param.choices:
                if text.lower() in (str(choice.name).lower(), str(choice.value).lower()):
                    return choice.value
            listed = ", ".join(str(c.name) for c in param.choices)
            raise TableInputError(f"{name} must be one of: {listed}.")
        if kind is OptionType.string:
            return self._in_range(param, text, len(text), " characters")
        if kind is OptionType.integer:
            if not re.fullmatch(r"[+-]?\d{1,15}", text):
                raise TableInputError(f"{name} must be a number (a whole number, e.g. {name}:1).")
            return self._in_range(param, int(text), int(text), "")
        if kind is OptionType.number:
            try:
                number = float(text)
            except ValueError:
                number = float("nan")
            if number != number or number in (float("inf"), float("-inf")):
                raise TableInputError(f"{name} must be a number (e.g. {name}:1.5).")
            return self._in_range(param, number, number, "")
        if kind is OptionType.boolean:
            word = text.lower()
            if word in ("true", "yes", "y", "on", "1"):
                return True
            if word in ("false", "no", "n", "off", "0"):
                return False
            raise TableInputError(f"{name} must be true or false.")
        if kind in (OptionType.user, OptionType.mentionable):
            return self._user_option(name, text)
        if kind is OptionType.channel:
            return self._channel_option(param, text)
        raise TableInputError(f"{name} is a {TYPE_WORDS.get(kind, 'kind of')} option, which the local table "
                              "cannot give; leave it out.")

    @staticmethod
    def _in_range(param: app_commands.Parameter, value: Any, size: float, unit: str) -> Any:
        low, high = param.min_value, param.max_value
        if (low is not None and size < low) or (high is not None and size > high):
            name = param.display_name
            if unit:
                what = f"{low}-{high}" if low is not None and high is not None else (
                    f"at least {low}" if low is not None else f"at most {high}")
                raise TableInputError(f"{name} must be {what}{unit} long (it is {int(size)}).")
            if low is not None and high is not None:
                raise TableInputError(f"{name} must be from {_num(low)} to {_num(high)}.")
            raise TableInputError(f"{name} must be at least {_num(low)}." if low is not None
                                  else f"{name} must be at most {_num(high)}.")
        return value

    def _user_option(self, name: str, text: str) -> FakeUser:
        mention = re.fullmatch(r"<@!?(\d+)>", text)
        user = self.fake.users.get(int(mention.group(1))) if mention else self.users.get(text.lstrip("@").lower())
        if user is None:
            raise TableInputError(f"{name} must be a local player: {', '.join(PLAYERS)} (or @ana).")
        return user

    def _channel_option(self, param: app_commands.Parameter, text: str) -> FakeChannel:
        wanted = text.strip().strip("'\"").lstrip("#").lower()
        channels = [c for c in self.fake.channels.values() if c.guild_id == self.guild.id]
        if wanted in ("here", "this"):
            found: FakeChannel | None = self.channel
        else:
            mention = re.fullmatch(r"<#(\d+)>", text.strip())
            found = next((c for c in channels if (mention and c.id == int(mention.group(1)))
                          or c.name.lower() == wanted), None)
        allowed = {t.value for t in param.channel_types}
        if found is None or (allowed and found.type not in allowed):
            fitting = [c for c in channels if not allowed or c.type in allowed]
            listed = ", ".join(self._channel_name(c.id) for c in fitting) or "none"
            raise TableInputError(f"{param.display_name} must be a channel: here, or one of {listed}.")
        return found

    # --- buttons and menus ------------------------------------------------------------------------

    def _component_at(self, number: int) -> tuple[FakeMessage, dict[str, Any]]:
        if number not in self.numbers:
            if number in self.retired:
                message = self.fake.get_message(self.retired[number])
                if message is None or message.deleted:
                    raise TableInputError(f"[{number}] was on a message that has been deleted.")
                now = sorted(n for (mid, _), n in self.slot_numbers.items() if mid == message.id)
                where = self._channel_name(message.channel_id)
                raise TableInputError(
                    f"[{number}] is gone: Calico edited that message in {where}, which now has "
                    + (f"{_numbers_text(now)}." if now else "no buttons or menus."))
            last = self.next_number - 1
            raise TableInputError(f"There is no [{number}]: " + (
                f"the numbers so far run from [1] to [{last}]." if last else "no buttons or menus yet."))
        message_id, index = self.numbers[number]
        message = self.fake.get_message(message_id)
        if message is None or message.deleted:
            raise TableInputError(f"[{number}] was on a message that has been deleted.")
        comps = [c for c in iter_components(message.components)
                 if c.get("type") in INTERACTIVE and "custom_id" in c and not (c.get("type") == 2 and c.get("url"))]
        if index >= len(comps):
            raise TableInputError(f"[{number}] is no longer on its message.")
        return message, comps[index]

    def _by_label(self, label: str) -> int:
        wanted = label.strip().strip("'\"").lower()
        for number in sorted(self.numbers, reverse=True):
            try:
                message, comp = self._component_at(number)
            except TableInputError:
                continue
            if comp.get("type") == 2 and str(comp.get("label") or "").lower() == wanted and (
                    not message.ephemeral or self._owner_of(message) in (None, self.user.id)):
                return number
        raise TableInputError(f"No button labelled {label!r}: click N uses the number in [brackets].")

    async def _click(self, which: str, value: str | None, *, button: bool) -> None:
        assert self.driver is not None
        which = which.strip().strip("[]")
        if which.isdigit():
            number = int(which)
        elif button:
            number = self._by_label(which)
        else:
            raise TableInputError(f"pick needs a menu number first: pick N OPTION (not {which!r}).")
        message, comp = self._component_at(number)
        if message.ephemeral and self._owner_of(message) not in (None, self.user.id):
            owner = self._user_name(self._owner_of(message) or 0)
            raise TableInputError(f"[{number}] is on a message only {owner} sees: type 'as {owner}' first.")
        if comp.get("disabled"):
            raise TableInputError(f"[{number}] ({self._component_text(comp)}) cannot be used now.")
        kind = comp.get("type")
        values: list[str] | None = None
        if kind == 2:
            if not button:
                raise TableInputError(f"[{number}] is a button: click {number}.")
        else:
            if button or value is None:
                raise TableInputError(f"[{number}] is a menu: pick {number} OPTION ({self._component_text(comp)}).")
            values = self._menu_values(number, comp, value)
        result = await self.driver.click(self.user, message, str(comp["custom_id"]), values=values)
        self._report(result)

    def _menu_values(self, number: int, comp: dict[str, Any], value: str) -> list[str]:
        if comp.get("type") == 5:
            return [str(self._user_option(f"[{number}]", part.strip()).id) for part in value.split(",")]
        if comp.get("type") != 3:
            raise TableInputError(f"[{number}] is a kind of menu the local table cannot fill.")
        options = [(str(o.get("label", "")), str(o.get("value", ""))) for o in comp.get("options", [])]
        most = int(comp.get("max_values") or 1)
        wanted = [part.strip() for part in value.split(",")] if most > 1 else [value.strip()]
        chosen: list[str] = []
        for want in wanted:
            lowered = want.lower()
            match = ([v for _, v in options if v.lower() == lowered]
                     or [v for label, v in options if label.lower() == lowered]
                     or [v for label, v in options if label.lower().startswith(lowered)])
            if len(match) != 1 and not (match and all(m == match[0] for m in match)):
                listed = ", ".join(label for label, _ in options)
                raise TableInputError(f"[{number}] has no option {want!r}: choose from {listed}.")
            chosen.append(match[0])
        least = int(comp.get("min_values") or 1)
        if not least <= len(chosen) <= most:
            raise TableInputError(f"[{number}] takes {least} to {most} options, separated by commas.")
        return chosen

    def _report(self, result: InteractionResult) -> None:
        if result.timed_out:
            self.write("(Calico is still working on that; its answer appears when it is ready.)")
        elif result.response is None:
            self._problem("(Calico did not answer: Discord would show 'The application did not respond'.)")
        elif result.response_type == 6 and not result.messages:
            self.write("(Calico took the click; nothing changed.)")
        elif result.response_type == 9:
            title = (result.modal or {}).get("title", "")
            self._problem(f"(Calico opened a form {title!r}, which the local table cannot fill in.)")
        if result.unknown_routes:
            self._problem("(the bot used a Discord call the local stand-in does not know: "
                       + ", ".join(r.route for r in result.unknown_routes) + ")")

    # --- help ------------------------------------------------------------------------------------

    def help_text(self, words: list[str]) -> str:
        if not words:
            lines = ["Slash commands (options as name:value; [optional]; 'help calico play' shows one):"]
            for root in sorted(self._roots(), key=lambda c: c.name):
                lines += [f"  {_usage(c)}  - {c.description}" for c in _leaves(root)]
            return "\n".join(lines) + "\n\n" + HELP.rstrip()
        node, used = self._resolve([w for w in words if w])
        if used < len(words):
            raise TableInputError(f"/{node.qualified_name} has no subcommand {words[used]!r}.")
        if isinstance(node, app_commands.Group):
            return "\n".join([f"/{node.qualified_name}: {node.description}"]
                             + [f"  {_usage(c)}  - {c.description}" for c in _leaves(node)])
        lines = [_usage(node), f"  {node.description}"]
        for p in node.parameters:
            facts = [TYPE_WORDS.get(p.type, "value")]
            if p.min_value is not None or p.max_value is not None:
                unit = " characters" if p.type is OptionType.string else ""
                facts.append(f"{_num(p.min_value) if p.min_value is not None else ''}-"
                             f"{_num(p.max_value) if p.max_value is not None else ''}{unit}")
            if p.choices:
                facts.append("one of " + ", ".join(str(c.name) for c in p.choices))
            facts.append("required" if p.required else "optional")
            lines.append(f"  {p.display_name}: {p.description} ({'; '.join(facts)})")
        return "\n".join(lines)


def _leaves(node: Any) -> list[app_commands.Command[Any, ..., Any]]:
    if isinstance(node, app_commands.Group):
        return [leaf for child in sorted(node.commands, key=lambda c: c.name) for leaf in _leaves(child)]
    return [node]


def _usage(command: app_commands.Command[Any, ..., Any]) -> str:
    parts = [p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters]
    return " ".join([f"/{command.qualified_name}", *parts])


def _options_text(command: app_commands.Command[Any, ..., Any]) -> str:
    return ", ".join(p.display_name if p.required else f"[{p.display_name}]" for p in command.parameters) or "none"


def _numbers_text(numbers: Iterable[int]) -> str:
    return ", ".join(f"[{n}]" for n in sorted(numbers))


def _num(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else str(value)


def _safe_name(filename: str) -> str:
    return re.sub(r"[^\w.\-]+", "_", filename)[:80] or "file"


def readable_time(ts: int, style: str = "f", now: float | None = None) -> str:
    """A Discord timestamp (``<t:ts:style>``) as the client shows it (in UTC)."""
    try:
        when = datetime.datetime.fromtimestamp(ts, tz=datetime.UTC)
    except (OverflowError, OSError, ValueError):
        return f"<t:{ts}:{style}>"
    if style == "R":
        delta = ts - (time.time() if now is None else now)
        seconds = abs(delta)
        for size, unit in ((86400 * 365, "year"), (86400 * 30, "month"), (86400, "day"), (3600, "hour"),
                           (60, "minute"), (1, "second")):
            if seconds >= size or unit == "second":
                count = max(1, round(seconds / size)) if unit != "second" else int(seconds)
                phrase = f"{count} {unit}{'' if count == 1 else 's'}"
                break
        if seconds < 1:
            return "now"
        return f"in {phrase}" if delta > 0 else f"{phrase} ago"
    formats = {"t": "%H:%M UTC", "T": "%H:%M:%S UTC", "d": "%Y-%m-%d", "D": "%-d %B %Y",
               "f": "%-d %B %Y %H:%M UTC", "F": "%A, %-d %B %Y %H:%M UTC"}
    return when.strftime(formats.get(style, formats["f"]))


async def run_local_table(config: Config, out_dir: Path, lines: Iterable[str] | None = None,
                          terminal: Terminal | None = None) -> None:
    terminal = terminal or Terminal()
    table = LocalTable(config, out_dir, terminal.write)
    await table.start()
    try:
        if lines is not None:
            for line in lines:
                pasted = re.match(r"\w+> ", line)  # a line with its prompt, as in a transcript
                table.write(line.rstrip() if pasted else f"{table.user.name}> {line.rstrip()}")
                if not await table.handle(line):
                    break
        else:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())
            while True:
                line = await terminal.read(f"{table.user.name}> ")
                if line is None:  # end of input (Ctrl-D)
                    terminal.write("")
                    await table.handle("quit")
                    break
                if not await table.handle(line):
                    break
    finally:
        await table.stop()


def quiet_logging() -> None:
    """Keep the terminal for the game: only errors from the libraries."""
    logging.getLogger().setLevel(logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("aiohttp").setLevel(logging.ERROR)


__all__ = ["LocalTable", "TableInputError", "Terminal", "quiet_logging", "readable_time", "run_local_table"]
