"""The local Discord stand-in drives discord.py 2.7's real dispatch end to end.

A throwaway bot is built here (not the Calico bot) so these tests pin down the fake itself: login
without a gateway, slash commands in groups, ephemeral replies, defer + follow-up with a PNG,
autocomplete, a DynamicItem button that still routes after a "restart", threads with the 403
fallback, modals, user options, command sync and unknown routes.
"""

from __future__ import annotations

import io
import logging
import re
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands

from devtable.fake_discord import EPHEMERAL, FakeDiscord
from devtable.interactions import (
    Driver,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeUser,
    InteractionFactory,
    login,
)

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDRtiny"
GUILD_ID = 111_111_111_111_111_111
CHANNEL_ID = 222_222_222_222_222_222
SPACES = ["A1", "A2", "B1", "B2", "B3", "B4", "C1"]


class CounterButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>\d+)"):
    """A persistent button whose state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Count {n}", custom_id=f"demo:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> CounterButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A modal with one text input inside a Label (the 2.6+ layout)."""

    text: discord.ui.Label[FeedbackModal] = discord.ui.Label(
        text="Your feedback", component=discord.ui.TextInput(custom_id="feedback:text")
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.text.component, discord.ui.TextInput)
        await interaction.response.send_message(f"thanks: {self.text.component.value}", ephemeral=True)


def make_bot(*, dynamic_items: bool = True) -> commands.Bot:
    """A tiny bot with a /demo group exercising the response kinds the real bot uses."""

    class DemoBot(commands.Bot):
        async def setup_hook(self) -> None:
            self.setup_ran = True
            if dynamic_items:
                self.add_dynamic_items(CounterButton)

    bot = DemoBot(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
    bot.setup_ran = False
    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="ping", description="Private pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    @demo.command(name="render", description="Think, then send a picture")
    async def render(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title="Your board", description="tiles left: 3")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(PNG), filename="board.png"))

    async def space_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=s, value=s) for s in SPACES if s.startswith(current.upper())][:25]

    @demo.command(name="place", description="Place a tile")
    @app_commands.autocomplete(space=space_choices)
    async def place(interaction: discord.Interaction, space: str, tile: int, take: int = 0, fast: bool = False) -> None:
        await interaction.response.send_message(f"placed tile {tile} at {space}, take {take}, fast={fast}")

    @demo.command(name="counter", description="Post a counter button in the channel")
    async def counter(interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(CounterButton(0))
        assert interaction.channel is not None
        await interaction.channel.send("count 0", view=view)  # type: ignore[union-attr]
        await interaction.response.send_message("posted", ephemeral=True)

    @demo.command(name="table", description="Open a game thread")
    async def table(interaction: discord.Interaction) -> None:
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            thread = await channel.create_thread(name="calico-table", type=discord.ChannelType.public_thread)
        except discord.Forbidden:
            await interaction.response.send_message("No thread permission: playing in this channel.")
            return
        await thread.send("Welcome to the table")
        await interaction.response.send_message(f"Game on in {thread.mention}", ephemeral=True)

    @demo.command(name="feedback", description="Open a modal")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @demo.command(name="greet", description="Greet a member")
    async def greet(interaction: discord.Interaction, member: discord.Member) -> None:
        await interaction.response.send_message(f"hello {member.display_name} ({type(member).__name__})")

    @demo.command(name="broken", description="Raises")
    async def broken(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    @demo.command(name="pick", description="Choose a pattern privately")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Pick a pattern", view=PatternView(), ephemeral=True)

    @demo.command(name="upload", description="Read an uploaded file")
    async def upload(interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}: {len(data)} bytes, starts {data[:4]!r}")

    @demo.command(name="slow", description="Answers after the token died")
    async def slow(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("in time")
        except discord.NotFound:  # 10062 Unknown interaction: fall back to a plain channel post
            assert interaction.channel is not None
            await interaction.channel.send("sorry, that took too long")  # type: ignore[union-attr]

    @demo.command(name="multi", description="Reply, follow up privately, edit both")
    async def multi(interaction: discord.Interaction) -> None:
        callback = await interaction.response.send_message("one")
        assert isinstance(callback.resource, discord.InteractionMessage)
        secret = await interaction.followup.send("two", ephemeral=True, wait=True)
        original = await interaction.original_response()
        assert original.id == callback.resource.id
        await interaction.edit_original_response(content=original.content + "!")
        await secret.edit(content="two (edited)")
        extra = await interaction.followup.send("three", wait=True)
        await extra.delete()

    admin = app_commands.Group(name="admin", description="Host tools", parent=demo)

    @admin.command(name="reset", description="Reset the table (manage server only)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("table reset")

    @reset.error
    async def reset_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await interaction.response.send_message(f"not allowed: {type(error).__name__}", ephemeral=True)

    bot.tree.add_command(demo)
    bot.tree.on_error = quiet_on_error  # type: ignore[method-assign]
    return bot


async def quiet_on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
    """Errors already answered by a local handler are not logged again; others are (as by default)."""
    if isinstance(error, app_commands.CheckFailure):
        return
    logging.getLogger("demo").error("command failed", exc_info=error)


class PatternView(discord.ui.View):
    """An ephemeral select that defers (type 6) and then edits the original response."""

    @discord.ui.select(
        custom_id="pattern",
        options=[discord.SelectOption(label=name, value=name) for name in ("stripes", "dots", "leaves")],
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select[PatternView]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content=f"chosen: {select.values[0]}", view=None)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[commands.Bot]:
    client = make_bot()
    await login(client, fake)
    yield client
    await client.close()


@pytest.fixture
def alice() -> FakeUser:
    return FakeUser(id=333_333_333_333_333_333, name="alice", locale="fr")


@pytest.fixture
def channel(fake: FakeDiscord) -> FakeChannel:
    fake.add_guild(FakeGuild(id=GUILD_ID, name="Cat Café"))
    return fake.add_channel(FakeChannel(id=CHANNEL_ID, guild_id=GUILD_ID, name="calico"))


@pytest.fixture
def driver(bot: commands.Bot, fake: FakeDiscord) -> Driver:
    return Driver(bot, fake, strict=True)


async def test_login_without_gateway(fake: FakeDiscord, bot: commands.Bot) -> None:
    assert fake.base_url == discord.http.Route.BASE
    assert bot.application_id == fake.application_id
    assert bot.user is not None and bot.user.id == fake.bot_user_id
    assert bot.setup_ran
    assert [r.route for r in fake.requests[:2]] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert await bot.is_owner(discord.Object(id=fake.owner.id))  # type: ignore[arg-type]


async def test_uninstall_restores_route_base() -> None:
    original = discord.http.Route.BASE
    async with FakeDiscord() as server:
        server.install()
        assert discord.http.Route.BASE.startswith("http://127.0.0.1:")
    assert original == discord.http.Route.BASE


async def test_ephemeral_slash_in_group(driver: Driver, alice: FakeUser, channel: FakeChannel) -> None:
    result = await driver.slash(alice, channel, "demo ping")

    assert result.callback_types == [4]
    assert result.response is not None and result.response["data"]["flags"] & EPHEMERAL
    assert result.is_ephemeral and result.content == "pong"
    callback = result.requests[0]
    assert callback.method == "POST" and callback.path.endswith("/callback")
    assert callback.query == {"with_response": "1"}
    assert result.original is not None and result.original.kind == "response"


async def test_defer_then_followup_with_png(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    result = await driver.slash(alice, channel, "demo render")

    assert result.callback_types == [5]
    assert result.response == {"type": 5, "data": {"flags": EPHEMERAL}}
    followup = next(r for r in result.requests if r.path.startswith("/webhooks/"))
    assert followup.method == "POST" and followup.query["wait"] == "1"
    assert [(f.name, f.filename, f.data) for f in followup.files] == [("files[0]", "board.png", PNG)]
    assert followup.json["attachments"] == [{"id": 0, "filename": "board.png"}]
    # The first follow-up after a thinking defer replaces the placeholder: same message, still ephemeral.
    assert len(result.followups) == 1 and result.followups[0] is result.original
    assert result.original is not None and not result.original.loading and result.original.edited
    assert result.is_ephemeral
    assert result.original.filenames == ["board.png"]
    assert "Your board" in result.text and "tiles left: 3" in result.text
    assert [f.data for f in result.files] == [PNG]
    # The attachment URL serves the bytes, like Discord's CDN.
    async with aiohttp.ClientSession() as session, session.get(result.original.attachments[0].url) as response:
        assert await response.read() == PNG
    assert fake.ephemeral_messages() == [result.original]


async def test_options_types_and_autocomplete(
    driver: Driver, bot: commands.Bot, alice: FakeUser, channel: FakeChannel
) -> None:
    payload = driver.factory.slash(alice, channel, "demo place", {"space": "B4", "tile": 1, "take": 2, "fast": True})
    sub = payload["data"]["options"][0]
    assert (payload["data"]["name"], sub["type"], sub["name"]) == ("demo", 1, "place")
    assert {o["name"]: (o["type"], o["value"]) for o in sub["options"]} == {
        "space": (3, "B4"),
        "tile": (4, 1),
        "take": (4, 2),
        "fast": (5, True),
    }
    result = await driver.send(payload)
    assert result.content == "placed tile 1 at B4, take 2, fast=True"
    assert not result.is_ephemeral

    result = await driver.autocomplete(alice, channel, "demo place", {"space": "b"}, focused="space")
    assert result.callback_types == [8]
    assert [c["value"] for c in result.choices] == ["B1", "B2", "B3", "B4"]
    assert result.payload["type"] == 4

    with pytest.raises(LookupError):
        driver.factory.slash(alice, channel, "demo nope")


async def test_dynamic_button_routes_after_restart(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    result = await driver.slash(alice, channel, "demo counter")
    assert result.is_ephemeral and result.content == "posted"
    posted = fake.last_message(CHANNEL_ID, include_ephemeral=False)
    assert posted is not None and posted.kind == "channel" and not posted.ephemeral
    assert posted.content == "count 0" and posted.custom_ids() == ["demo:0"]
    assert any(r.route == f"POST /channels/{CHANNEL_ID}/messages" for r in result.requests)

    clicked = await driver.click(alice, fake.find_button("demo:"))
    assert clicked.callback_types == [7]
    assert posted.content == "count 1" and posted.custom_ids() == ["demo:1"]
    assert posted.versions[0]["content"] == "count 0"

    # "Restart": a fresh bot process logs in to the same fake and gets a click on the old message.
    restarted = make_bot()
    await login(restarted, fake)
    try:
        again = await Driver(restarted, fake, strict=True).click(alice, fake.find_button(label="Count 1"))
        assert again.callback_types == [7]
        assert posted.content == "count 2" and posted.custom_ids() == ["demo:2"]
    finally:
        await restarted.close()

    # Without add_dynamic_items nothing answers the click: the routing above came from the DynamicItem.
    forgetful = make_bot(dynamic_items=False)
    await login(forgetful, fake)
    try:
        ignored = await Driver(forgetful, fake).click(alice, posted, "demo:2")
        assert ignored.response is None and ignored.requests == []
    finally:
        await forgetful.close()


async def test_thread_creation_and_403_fallback(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    result = await driver.slash(alice, channel, "demo table")
    create = next(r for r in result.requests if r.route == f"POST /channels/{CHANNEL_ID}/threads")
    assert create.status == 201 and create.json["name"] == "calico-table" and create.json["type"] == 11
    thread_id = int(create.response["id"])
    assert int(create.response["parent_id"]) == CHANNEL_ID
    assert fake.channels[thread_id].is_thread
    assert [m.content for m in fake.messages_in(thread_id)] == ["Welcome to the table"]
    assert result.is_ephemeral and f"<#{thread_id}>" in result.content

    fake.deny_thread_creation(CHANNEL_ID)
    denied = await driver.slash(alice, channel, "demo table")
    statuses = [(r.route, r.status) for r in denied.requests]
    assert (f"POST /channels/{CHANNEL_ID}/threads", 403) in statuses
    assert denied.content == "No thread permission: playing in this channel." and not denied.is_ephemeral
    assert denied.requests[0].response == {"message": "Missing Permissions", "code": 50013}


async def test_modal_round_trip(driver: Driver, alice: FakeUser, channel: FakeChannel) -> None:
    opened = await driver.slash(alice, channel, "demo feedback")
    assert opened.callback_types == [9]
    assert opened.modal is not None and opened.modal["title"] == "Feedback"
    assert opened.modal["components"][0]["type"] == 18  # a Label

    submitted = await driver.submit_modal(alice, channel, opened, {"feedback:text": "more cats"})
    assert submitted.payload["type"] == 5
    assert submitted.content == "thanks: more cats" and submitted.is_ephemeral

    # Without the modal's layout the factory sends plain action rows, which discord.py accepts too.
    again = await driver.slash(alice, channel, "demo feedback")
    assert again.modal is not None
    payload = driver.factory.modal_submit(alice, channel, again.modal["custom_id"], {"feedback:text": "dots"})
    assert payload["data"]["components"][0]["type"] == 1
    assert (await driver.send(payload)).content == "thanks: dots"


async def test_member_option_is_resolved(driver: Driver, alice: FakeUser, channel: FakeChannel) -> None:
    bob = FakeUser(id=444_444_444_444_444_444, name="bob", nick="Bobby")
    result = await driver.slash(alice, channel, "demo greet", {"member": bob})
    assert result.payload["data"]["resolved"]["members"][str(bob.id)]["nick"] == "Bobby"
    assert result.content == "hello Bobby (Member)"


async def test_errors_and_unknown_routes_surface(
    bot: commands.Bot, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    relaxed = Driver(bot, fake)
    result = await relaxed.slash(alice, channel, "demo broken")
    assert result.response is None
    assert any("boom" in repr(r.exc_info) for r in result.errors)
    with pytest.raises(AssertionError):
        result.assert_ok()

    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
    assert fake.unknown_routes[-1].path == "/nowhere/1"


async def test_command_sync_and_ids(
    fake: FakeDiscord, bot: commands.Bot, alice: FakeUser, channel: FakeChannel
) -> None:
    synced = await bot.tree.sync()
    assert [c.name for c in synced] == ["demo"]
    put = fake.find_requests("PUT", r"/applications/\d+/commands$")[-1]
    assert put.json[0]["options"][0]["name"] in {"ping", "render", "place", "counter", "table", "feedback"}
    payload = InteractionFactory(bot, fake).slash(alice, channel, "demo ping")
    assert int(payload["data"]["id"]) == synced[0].id
    again = await bot.tree.sync()
    assert again[0].id == synced[0].id  # a bulk overwrite keeps ids of unchanged names


async def test_channel_message_edit_and_delete(fake: FakeDiscord, bot: commands.Bot, channel: FakeChannel) -> None:
    fetched = await bot.fetch_channel(CHANNEL_ID)
    assert isinstance(fetched, discord.TextChannel) and fetched.name == "calico"
    message = await fetched.send("hello", file=discord.File(io.BytesIO(b"abc"), filename="notes.txt"))
    assert message.attachments[0].filename == "notes.txt" and await message.attachments[0].read() == b"abc"
    await message.edit(content="edited")
    stored = fake.get_message(message.id)
    assert stored is not None and stored.content == "edited" and stored.filenames == ["notes.txt"]
    await message.delete()
    assert stored.deleted and fake.messages_in(CHANNEL_ID) == []
    assert fake.public_messages() == []


async def test_select_defer_update_then_edit_original(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    shown = await driver.slash(alice, channel, "demo pick")
    assert shown.is_ephemeral and shown.button_ids() == ["pattern"]
    menu = shown.find_button("pattern")
    assert menu is not None and menu.type == 3

    picked = await driver.click(alice, menu, values=["dots"])
    assert picked.payload["data"] == {"custom_id": "pattern", "component_type": 3, "values": ["dots"]}
    assert picked.callback_types == [6]
    edit = picked.requests[-1]
    assert edit.method == "PATCH" and edit.path.endswith("/messages/@original")
    message = menu.message
    assert message.content == "chosen: dots" and message.components == [] and message.ephemeral
    assert picked.messages == [message]


async def test_nested_group_with_permission_check(driver: Driver, alice: FakeUser, channel: FakeChannel) -> None:
    payload = driver.factory.slash(alice, channel, "demo admin reset")
    group = payload["data"]["options"][0]
    assert (group["type"], group["name"], group["options"][0]["type"], group["options"][0]["name"]) == (
        2,
        "admin",
        1,
        "reset",
    )
    denied = await driver.send(payload)
    assert denied.content == "not allowed: MissingPermissions" and denied.is_ephemeral

    host = FakeUser(id=555_555_555_555_555_555, name="host", permissions=discord.Permissions(manage_guild=True).value)
    allowed = await driver.slash(host, channel, "demo admin reset")
    assert allowed.content == "table reset"


async def test_attachment_option_is_served(driver: Driver, alice: FakeUser, channel: FakeChannel) -> None:
    upload = FakeAttachment(filename="quilt.png", data=PNG, content_type="image/png")
    result = await driver.slash(alice, channel, "demo upload", {"file": upload})
    assert result.payload["data"]["options"][0]["options"][0] == {"name": "file", "type": 11, "value": str(upload.id)}
    assert result.content == f"quilt.png: {len(PNG)} bytes, starts {PNG[:4]!r}"


async def test_dm_context(driver: Driver, fake: FakeDiscord, alice: FakeUser) -> None:
    dm = fake.add_channel(FakeChannel(id=666_666_666_666_666_666, guild_id=None, type=1, recipients=(alice,)))
    payload = driver.factory.slash(alice, dm, "demo ping")
    assert "member" not in payload and payload["user"]["id"] == str(alice.id) and payload["context"] == 1
    result = await driver.send(payload)
    assert result.content == "pong" and result.is_ephemeral


async def test_expired_token_falls_back_to_channel(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    payload = driver.factory.slash(alice, channel, "demo slow")
    fake.expire_interaction(payload["token"])  # before the bot even sees it
    result = await driver.send(payload)
    assert [(r.route.split("/")[1], r.status) for r in result.requests] == [("interactions", 404), ("channels", 200)]
    assert result.response is None
    assert [m.text for m in result.messages] == ["sorry, that took too long"]


async def test_message_thread_and_listeners(fake: FakeDiscord, bot: commands.Bot, channel: FakeChannel) -> None:
    events: list[tuple[str, str]] = []
    unsubscribe = fake.subscribe(lambda event, message: events.append((event, message.content)))
    fetched = await bot.fetch_channel(CHANNEL_ID)
    assert isinstance(fetched, discord.TextChannel)
    starter = await fetched.send("new game")
    thread = await starter.create_thread(name="game 1")
    assert thread.id == starter.id and thread.parent_id == CHANNEL_ID
    await thread.send("first move")
    unsubscribe()
    await thread.send("unheard")
    assert events == [("created", "new game"), ("created", "first move")]
    assert fake.find_requests("POST", rf"/channels/{CHANNEL_ID}/messages/\d+/threads")[0].status == 201


async def test_followups_edits_and_deletes(
    driver: Driver, fake: FakeDiscord, alice: FakeUser, channel: FakeChannel
) -> None:
    result = await driver.slash(alice, channel, "demo multi")
    assert [r.route.split("/messages")[0].split("/")[1] for r in result.requests] == [
        "interactions",
        "webhooks",
        "webhooks",
        "webhooks",
        "webhooks",
        "webhooks",
        "webhooks",
    ]
    assert [r.method for r in result.requests] == ["POST", "POST", "GET", "PATCH", "PATCH", "POST", "DELETE"]
    assert result.content == "one!" and not result.is_ephemeral
    secret, extra = result.followups
    assert secret.ephemeral and secret.content == "two (edited)" and secret.versions[0]["content"] == "two"
    assert extra.deleted
    assert [m.content for m in fake.messages_in(CHANNEL_ID)] == ["one!", "two (edited)"]
    assert fake.public_messages() == [result.original]


async def test_owner_flag(fake: FakeDiscord, bot: commands.Bot, channel: FakeChannel) -> None:
    boss = FakeUser(id=777_777_777_777_777_777, name="boss", is_owner=True)
    InteractionFactory(bot, fake).slash(boss, channel, "demo ping")  # registers the owner with the fake
    assert await bot.is_owner(discord.Object(id=boss.id))  # type: ignore[arg-type]


async def test_messages_past_discords_limits_are_refused_as_discord_does(
    fake: FakeDiscord, bot: commands.Bot, channel: FakeChannel
) -> None:
    target = bot.get_partial_messageable(channel.id)
    with pytest.raises(discord.HTTPException) as too_long:
        await target.send("x" * 2001)
    assert too_long.value.status == 400 and too_long.value.code == 50035
    with pytest.raises(discord.HTTPException):
        await target.send(embed=discord.Embed(description="y" * 4097))
    with pytest.raises(discord.HTTPException):
        await target.send(embeds=[discord.Embed(description="z" * 3000) for _ in range(3)])  # 9,000 in all
    sent = await target.send("x" * 2000)
    assert sent.content == "x" * 2000
    assert fake.limit_refusals[0][1].startswith("content must be 2000 or fewer")


async def test_a_repeated_nonce_returns_the_first_message(
    fake: FakeDiscord, bot: commands.Bot, channel: FakeChannel
) -> None:
    target = bot.get_partial_messageable(channel.id)
    first = await target.send("once", nonce="n1")
    second = await target.send("once", nonce="n1")
    assert first.id == second.id and len(fake.messages_in(channel.id)) == 1


async def test_a_nonce_is_remembered_across_a_restart(tmp_path, channel: FakeChannel) -> None:  # type: ignore[no-untyped-def]
    kept = tmp_path / "discord.jsonl"
    async with FakeDiscord(persist=kept) as first:
        first.add_channel(channel)
        client = make_bot()
        await login(client, first)
        await client.get_partial_messageable(channel.id).send("kept", nonce="k1")
        await client.close()
    async with FakeDiscord(persist=kept) as second:
        client = make_bot()
        await login(client, second)
        again = await client.get_partial_messageable(channel.id).send("kept", nonce="k1")
        await client.close()
        assert [m.content for m in second.messages_in(channel.id)] == ["kept"]
        assert again.content == "kept"
