"""The local table: play through the real bot without a Discord account.

The same bot, cogs and discord.py command tree run against the local stand-in for Discord that
the tests use. You type slash commands as you would in Discord, switch between local players,
click buttons and pick from menus; what the bot would post is printed and every image it would
attach is saved into a folder.

    /calico new mode:beginner seats:2     run a slash command (options as name:value)
    /rules ask question:can I lead red?   an option's value runs on to the next name:value
    as bo                                  act as another local player (ana, bo, cy, di)
    click 3                                click button [3]
    pick 5 B4                              choose B4 in select menu [5]
    where / go main / go thread            show or change the channel you type in
    help, quit
"""

from __future__ import annotations

import asyncio
import logging
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .bot import CalicoBot
from .config import Config
from .fake_discord import DEFAULT_MEMBER_PERMISSIONS, FakeChannel, FakeDiscord, FakeGuild, FakeMessage, FakeUser
from .interactions import Driver, login

MANAGE_GUILD = 1 << 5  # the first local player (ana) may moderate, like a server admin
PLAYERS = ("ana", "bo", "cy", "di")
HELP = __doc__.split("\n\n", 2)[2] if __doc__ else ""


@dataclass(slots=True)
class Clickable:
    message_id: int
    custom_id: str
    kind: str  # button | select
    label: str
    options: list[tuple[str, str]]  # (label, value) for selects


class LocalTable:
    def __init__(self, config: Config, out_dir: Path, write: Callable[[str], None] = print) -> None:
        self.config = config
        self.out_dir = out_dir
        self.write = write
        self.fake = FakeDiscord(bot_name="Calico")
        self.guild = FakeGuild(id=4_000_000_000_000_001, name="Local table")
        self.main = FakeChannel(id=4_000_000_000_000_002, guild_id=self.guild.id, name="calico")
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
        self.clickables: dict[int, Clickable] = {}
        self._next_number = 1
        self._saved = 0
        self.bot: CalicoBot | None = None
        self.driver: Driver | None = None

    async def start(self) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        await self.fake.start()
        self.fake.add_guild(self.guild)
        self.fake.add_channel(self.main)
        for user in self.users.values():
            self.fake.add_user(user)
        self.fake.subscribe(self._on_message)
        self.bot = CalicoBot(self.config)
        await login(self.bot, self.fake)
        self.driver = Driver(self.bot, self.fake, timeout=60.0)
        self.write(f"Local table ready. You are {self.user.name} in #{self.main.name}. Type 'help' for help.")

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        await self.fake.stop()

    # --- output ------------------------------------------------------------------------------------

    def _on_message(self, event: str, message: FakeMessage) -> None:
        if event == "deleted" or message.loading:
            return
        where = self._channel_name(message.channel_id)
        private = " (only you see this)" if message.ephemeral else ""
        # A reply that replaces a "thinking..." placeholder is new to the reader, not an edit.
        edited = event == "edited" and any(v.get("content") or v.get("embeds") for v in message.versions)
        head = f"[{where}] Calico{' (edited)' if edited else ''}{private}:"
        lines = [head]
        if message.content:
            lines += ["  " + line for line in message.content.splitlines()]
        for embed in message.embeds:
            if embed.get("title"):
                lines.append(f"  == {embed['title']} ==")
            if embed.get("description"):
                lines += ["  " + line for line in str(embed["description"]).splitlines()]
            for field_ in embed.get("fields", []):
                lines.append(f"  {field_.get('name')}: {field_.get('value')}")
        for attachment in message.attachments:
            self._saved += 1
            path = self.out_dir / f"{self._saved:03d}-{attachment.filename}"
            path.write_bytes(attachment.data)
            lines.append(f"  [image saved: {path}]")
        for row in message.components:
            for comp in row.get("components", []):
                lines.append("  " + self._register(message.id, comp))
        self.write("\n".join(lines))
        self._follow_thread(message)

    def _register(self, message_id: int, comp: dict[str, Any]) -> str:
        number = self._next_number
        self._next_number += 1
        if comp.get("type") == 2:
            self.clickables[number] = Clickable(
                message_id, comp.get("custom_id", ""), "button", comp.get("label") or "", []
            )
            return f"[{number}] button: {comp.get('label')}"
        options = [(o.get("label", ""), o.get("value", "")) for o in comp.get("options", [])]
        self.clickables[number] = Clickable(
            message_id, comp.get("custom_id", ""), "select", comp.get("placeholder") or "", options
        )
        chosen = [o.get("label") for o in comp.get("options", []) if o.get("default")]
        listed = ", ".join(label for label, _ in options)
        return f"[{number}] menu: {comp.get('placeholder')} -> {listed}" + (f" (chosen: {chosen[0]})" if chosen else "")

    def _channel_name(self, channel_id: int) -> str:
        channel = self.fake.channels.get(channel_id)
        if channel is None:
            return str(channel_id)
        return f"#{channel.name}" if channel.type == 0 else f"thread '{channel.name}'"

    def _follow_thread(self, message: FakeMessage) -> None:
        if message.thread_id and message.thread_id in self.fake.channels and message.channel_id == self.channel.id:
            self.channel = self.fake.channels[message.thread_id]
            self.write(f"(you are now typing in {self._channel_name(self.channel.id)}; 'go main' to go back)")

    # --- input -------------------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Run one line of input; returns False to quit."""
        line = line.strip()
        if not line or line.startswith("#"):
            return True
        try:
            words = shlex.split(line)
        except ValueError as exc:
            self.write(f"Could not read that line: {exc}")
            return True
        head = words[0].lower()
        if head in ("quit", "exit"):
            return False
        if head == "help":
            self.write(HELP)
        elif head == "as" and len(words) == 2:
            self._switch_user(words[1])
        elif head in ("where",):
            self.write(f"You are {self.user.name} in {self._channel_name(self.channel.id)}.")
        elif head == "go" and len(words) == 2:
            self._go(words[1])
        elif head == "click" and len(words) == 2:
            await self._click(words[1], None)
        elif head == "pick" and len(words) >= 3:
            await self._click(words[1], " ".join(words[2:]))
        elif head.startswith("/"):
            await self._slash(words)
        else:
            self.write("Unknown input; type 'help'.")
        return True

    def _switch_user(self, name: str) -> None:
        user = self.users.get(name.lower().lstrip("@"))
        if user is None:
            self.write(f"No local player {name!r}: use {', '.join(PLAYERS)}.")
        else:
            self.user = user
            self.write(f"You are now {user.name}.")

    def _go(self, where: str) -> None:
        if where == "main":
            self.channel = self.main
        elif where == "thread":
            threads = [c for c in self.fake.channels.values() if c.type != 0]
            if not threads:
                self.write("There is no thread yet.")
                return
            self.channel = threads[-1]
        else:
            self.write("Use 'go main' or 'go thread'.")
            return
        self.write(f"You are typing in {self._channel_name(self.channel.id)}.")

    async def _slash(self, words: list[str]) -> None:
        assert self.driver is not None
        path = [words[0].lstrip("/")]
        raw: dict[str, str] = {}
        current: str | None = None
        for word in words[1:]:
            key, colon, value = word.partition(":")
            if colon and key.isidentifier() and key.islower():
                current = key
                raw[key] = value
            elif current is None:
                path.append(word)
            else:
                # As in Discord's box, words after an option belong to it until the next name:value.
                raw[current] = f"{raw[current]} {word}"
        options: dict[str, Any] = {key: self._value(value) for key, value in raw.items()}
        try:
            result = await self.driver.slash(self.user, self.channel, " ".join(path), options)
        except (KeyError, ValueError, LookupError) as exc:
            self.write(f"Unknown command or option: {exc}")
            return
        self._report(result)

    def _value(self, text: str) -> Any:
        if text.lower() in ("true", "yes"):
            return True
        if text.lower() in ("false", "no"):
            return False
        if text.lstrip("@").lower() in self.users and text.startswith("@"):
            return self.users[text.lstrip("@").lower()]
        try:
            return int(text)
        except ValueError:
            try:
                return float(text)
            except ValueError:
                return text

    async def _click(self, number: str, value: str | None) -> None:
        assert self.driver is not None
        item = self.clickables.get(int(number)) if number.isdigit() else None
        if item is None:
            self.write(f"There is no [{number}].")
            return
        message = self.fake.get_message(item.message_id)
        if message is None:
            self.write("That message is gone.")
            return
        values = None
        if item.kind == "select":
            if value is None:
                self.write("Say which option: pick N VALUE.")
                return
            match = [v for label, v in item.options if value.lower() in (label.lower(), v.lower())]
            if not match:
                self.write(f"Options: {', '.join(label for label, _ in item.options)}")
                return
            values = [match[0]]
        result = await self.driver.click(self.user, message, item.custom_id, values=values)
        self._report(result)

    def _report(self, result: Any) -> None:
        for error in getattr(result, "errors", []):
            self.write(f"(bot error: {error.getMessage()})")


async def run_local_table(config: Config, out_dir: Path, lines: Iterable[str] | None = None) -> None:
    table = LocalTable(config, out_dir)
    await table.start()
    try:
        if lines is not None:
            for line in lines:
                table.write(f"> {line.rstrip()}")
                if not await table.handle(line):
                    break
        else:
            loop = asyncio.get_running_loop()
            while True:
                prompt = f"{table.user.name}> "
                line = await loop.run_in_executor(None, _read_line, prompt)
                if line is None or not await table.handle(line):
                    break
    finally:
        await table.stop()


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        return None


def quiet_logging() -> None:
    """Keep the terminal for the game: only errors from the libraries."""
    logging.getLogger().setLevel(logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("aiohttp").setLevel(logging.ERROR)


__all__ = ["LocalTable", "quiet_logging", "run_local_table"]
