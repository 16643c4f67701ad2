"""Trust under real use, through the real dispatch: moves that arrive together, other servers,
crashes between a commit and its posts, repeated deliveries, Discord's errors and hostile payloads."""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import Person
from devtable.fake_discord import FakeChannel, FakeGuild, FakeMessage, FakeUser

from .conftest import MANAGE_GUILD, Table
from .test_calico_cog import end_game, game_of, open_two_player_game

NOTHING_CHANGED = "Nothing was changed"


def message_with_button(table: Table, channel_id: int, custom_id: str) -> FakeMessage:
    """A hand-made message of the bot's carrying one button with ``custom_id`` (a crafted click)."""
    message = copy.deepcopy(next(m for m in table.fake.messages if not m.ephemeral))
    message.channel_id = channel_id
    message.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "Join",
                                                       "custom_id": custom_id}]}]
    return message


async def open_games(table: Table, n: int) -> list[tuple[int, FakeChannel]]:
    """``n`` two-player beginner games (ana and bo), each in a channel of its own."""
    out = []
    for i in range(n):
        channel = table.fake.add_channel(FakeChannel(id=9_000_000_000_001_000 + i, guild_id=table.guild.id))
        r = await table.slash("ana", "calico new", channel, mode="beginner", seats=2)
        assert not r.errors
        game_id = (await table.bot.storage.find_games(channel_id=channel.id))[-1].id
        await table.bot.tables["calico"].join(game_id, Person(table.users["bo"].id, "bo", guild_id=table.guild.id))
        r = await table.slash("ana", "calico start", channel, game=game_id)
        assert not r.errors
        out.append((game_id, channel))
    return out



async def test_moves_in_different_games_sent_together_are_all_saved_and_announced(table: Table) -> None:
    games = await open_games(table, 8)
    rng = random.Random(2)
    payloads = []
    for game_id, channel in games:
        game = await game_of(table, game_id)
        assert game.state is not None
        move = rng.choice(legal_turns(game.state))
        payloads.append(table.driver.factory.slash(table.users["ana"], channel, "calico play",
                                                   {"tile": move.tile, "space": move.space, "take": move.take,
                                                    "game": game_id}))
    results = await asyncio.gather(*(table.driver.send(p) for p in payloads))
    for r in results:
        assert not r.errors, r.errors
        assert "Done" in r.text and NOTHING_CHANGED not in r.text
    for game_id, _ in games:
        game = await game_of(table, game_id)
        assert game.state is not None and game.state.turns == 1
        posts = table.fake.messages_in(game.row.home_channel)
        assert sum(1 for m in posts if any(a.filename == f"turn-{game_id}-1.png" for a in m.attachments)) == 1
        bo = f"<@{table.users['bo'].id}>"
        assert any("cal:turn:" in " ".join(m.custom_ids()) and bo in m.content for m in posts[-1:])
        assert [t.kind for t in await table.bot.storage.get_timers(game_id)] == ["reminder", "deadline"]


# --- other servers ------------------------------------------------------------------------------------------


@pytest.fixture
def elsewhere(table: Table) -> tuple[FakeChannel, FakeUser]:
    """A channel in another server and a member with Manage Server there."""
    guild = table.fake.add_guild(FakeGuild(id=9_100_000_000_000_001))
    channel = table.fake.add_channel(FakeChannel(id=9_100_000_000_000_002, guild_id=guild.id))
    boss = table.fake.add_user(FakeUser(id=9_100_000_000_000_100, name="boss", permissions=MANAGE_GUILD))
    return channel, boss


async def test_another_servers_members_cannot_touch_a_game(table: Table,
                                                           elsewhere: tuple[FakeChannel, FakeUser]) -> None:
    channel, boss = elsewhere
    await open_two_player_game(table)
    before = await game_of(table)
    for command, options in [("calico end", {}), ("calico kick", {"player": table.users["bo"]}),
                             ("calico join", {}), ("calico status", {}), ("calico board", {}),
                             ("calico export", {}), ("calico history", {}), ("calico undo", {}),
                             ("calico resign", {})]:
        r = await table.driver.slash(boss, channel, command, {**options, "game": 1})
        assert r.is_ephemeral and "no Calico game #1 here" in r.text, (command, r.text)
        assert not r.files and not [m for m in r.messages if not m.ephemeral]
    # The host of the game, typing in the other server, is refused too: the game lives in its server.
    r = await table.driver.slash(table.users["ana"], channel, "calico end", {"game": 1})
    assert r.is_ephemeral and "no Calico game #1 here" in r.text
    # A hand-made click on the game's buttons from the other server.
    payload = table.driver.factory.component(boss, channel, message_with_button(table, channel.id, "cal:lobby:join:1"),
                                             "cal:lobby:join:1")
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "no Calico game #1 here" in r.text
    after = await game_of(table)
    assert after.row.status == "active" and after.row.version == before.row.version
    assert [s.status for s in after.seats] == ["active", "active"]


async def test_manage_server_counts_only_in_the_games_own_server(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    r = await end_game(table, "mod", thread)  # Manage Server here: allowed
    assert "ended" in r.text
    assert (await game_of(table)).row.status == "ended"


# --- crashes between the commit and the posts -------------------------------------------------------------


async def test_a_failed_thread_post_after_a_saved_move_is_retried_never_refused(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    table.fake.fail("POST", rf"/channels/{thread.id}/messages", status=403, code=50013)
    r = await table.slash("ana", "calico play", thread, tile=1, space="A1", take=1)
    assert "Done" in r.text and NOTHING_CHANGED not in r.text and not r.errors
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 1  # saved
    assert len(await table.bot.storage.pending_outbox(game_id=1)) == 1  # and still owed to the thread
    table.fake.clear_failures()
    table.clock.now += 60  # the retry falls due
    await table.timers.flush_all_outbox()
    posts = [m for m in table.fake.messages_in(thread.id) if any(a.filename == "turn-1-1.png" for a in m.attachments)]
    assert len(posts) == 1
    assert await table.bot.storage.pending_outbox(game_id=1) == []


async def test_an_announcement_pending_at_a_crash_is_posted_once_after_the_restart(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    # The move is saved, then the process dies before it posts anything (the service alone ran).
    await table.bot.tables["calico"].play(1, Person(table.users["ana"].id, "ana", guild_id=table.guild.id), tile=1,
                               space="A1", take=1)
    assert not [m for m in table.fake.messages_in(thread.id) if m.attachments and "turn-1-1" in m.filenames[0]]
    await table.restart()
    for _ in range(200):
        if not await table.bot.storage.pending_outbox(game_id=1):
            break
        await asyncio.sleep(0.02)
    posts = [m for m in table.fake.messages_in(thread.id) if any(a.filename == "turn-1-1.png" for a in m.attachments)]
    assert len(posts) == 1
    bo = f"<@{table.users['bo'].id}>"
    pings = [m for m in table.fake.messages_in(thread.id) if "cal:turn:1" in m.custom_ids() and bo in m.content]
    assert pings  # bo is told it is their turn


async def test_a_post_repeated_after_a_crash_is_not_doubled(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    await table.bot.tables["calico"].play(1, Person(table.users["ana"].id, "ana", guild_id=table.guild.id), tile=1,
                               space="A1", take=1)
    row = (await table.bot.storage.pending_outbox(game_id=1))[0]
    await table.cog.flush_outbox(1)
    # As if the process died after Discord took the messages but before the outbox row was cleared.
    await table.bot.storage.execute(
        "INSERT INTO outbox (id, game_id, version, payload, state, created_at, next_try_at) "
        "VALUES (?, ?, ?, ?, ?, ?, 0)",
        (row.id, row.game_id, row.version, json.dumps(row.payload), row.state, row.created_at))
    await table.cog.flush_outbox(1)
    posts = [m for m in table.fake.messages_in(thread.id) if any(a.filename == "turn-1-1.png" for a in m.attachments)]
    assert len(posts) == 1 and table.fake.deduplicated_nonces


async def test_a_deadline_claimed_by_a_process_that_died_fires_later(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner", deadline_hours=1)
    table.clock.now += 2 * 3600
    claimed = await table.bot.storage.claim_due_timers(table.clock.now, claimant="dead-process", lease=120)
    assert {t.kind for t in claimed} == {"reminder", "deadline"}
    assert await table.timers.run_due_timers() == []  # held by the dead process
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 0
    table.clock.now += 121  # its claim lapses
    events = await table.timers.run_due_timers()
    assert [e.kind for e in events] == ["deadline"]
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 1
    assert {t.kind for t in await table.bot.storage.get_timers(1)} == {"reminder", "deadline"}  # the next turn's


async def test_a_bot_reply_interrupted_by_a_crash_is_made_after_the_restart(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    await table.bot.tables["calico"].add_bot(1, Person(table.users["ana"].id, "ana", guild_id=table.guild.id), "greedy")
    game = await game_of(table)
    # The human's move and an immediate bot-move timer are saved; the bot's reply is not made yet.
    await table.bot.tables["calico"].start(1, Person(table.users["ana"].id, "ana", guild_id=table.guild.id), seed=4)
    game = await game_of(table)
    assert game.state is not None and game.state.current == 0
    person = Person(table.users["ana"].id, "ana", guild_id=table.guild.id)
    move = legal_turns(game.state)[0]
    original = table.bot.tables["calico"]._auto_moves

    async def crash_before_the_bot_moves(*args: object, **kwargs: object) -> None:
        return None

    table.bot.tables["calico"]._auto_moves = crash_before_the_bot_moves  # type: ignore[method-assign]
    await table.bot.tables["calico"].play(1, person, tile=move.tile, space=move.space, take=move.take)
    table.bot.tables["calico"]._auto_moves = original  # type: ignore[method-assign]
    assert [t.kind for t in await table.bot.storage.get_timers(1)] == ["autoplay"]
    await table.restart()
    for _ in range(300):
        game = await game_of(table)
        if game.state is not None and game.state.turns == 2:
            break
        await asyncio.sleep(0.02)
    assert game.state is not None and game.state.turns == 2 and game.state.current == 0
    assert [t.kind for t in await table.bot.storage.get_timers(1)] == ["reminder", "deadline"]


async def test_the_timer_loop_retries_soon_after_a_failure(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    import cogs.table as table_cog

    monkeypatch.setattr(table_cog, "TIMER_RETRY_SECONDS", 0.05)
    calls = []
    real = table.bot.clock_service.fire_due

    async def flaky() -> list:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("database is locked")
        return await real()

    monkeypatch.setattr(table.bot.clock_service, "fire_due", flaky)
    table.bot.wake_clock()
    for _ in range(100):
        if len(calls) >= 2:
            break
        await asyncio.sleep(0.02)
    assert len(calls) >= 2  # not an hour later


# --- repeated deliveries and Discord's answers ----------------------------------------------------------------


async def test_the_same_interaction_delivered_twice_acts_once(table: Table) -> None:
    payload = table.driver.factory.slash(table.users["ana"], table.channel, "calico new",
                                         {"mode": "beginner", "seats": 2})
    first = await table.driver.send(payload)
    second = await table.driver.send(payload)
    assert not first.errors and not second.errors
    assert len(await table.bot.storage.find_games()) == 1
    assert second.callback_types == [] and not second.messages  # nothing sent, nothing logged


async def test_a_clicked_button_delivered_twice_acts_once(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    join = table.fake.find_button("cal:lobby:join:1")
    assert join is not None
    payload = table.driver.factory.component(table.users["bo"], table.channel, join.message, join.custom_id)
    await table.driver.send(payload)
    again = await table.driver.send(payload)
    assert again.callback_types == [] and not again.errors
    assert len((await game_of(table)).seats) == 2


async def test_a_500_on_an_acknowledgement_discord_already_took(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    table.fake.fail("POST", r"/interactions/\d+/[^/]+/callback", status=500, code=0, message="Internal Server Error",
                    times=1, after_handling=True)
    r = await table.slash("ana", "calico play", thread, tile=1, space="A1", take=1)
    assert not r.errors, r.errors
    assert "Done" in r.text
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 1


# --- smaller holes ----------------------------------------------------------------------------------------------


async def test_export_during_the_goal_choice_hides_chosen_goals(table: Table) -> None:
    await open_two_player_game(table, mode="standard")
    thread = table.thread()
    game = await game_of(table)
    assert game.state is not None
    offered = game.state.players[0].offered
    await table.slash("ana", "calico goals", thread, b3=offered[0], c4=offered[1], d2=offered[2])
    r = await table.slash("bo", "calico export", thread)
    record = json.loads(r.files[0].data)
    assert all("goals" not in p for p in record["players"])


@pytest.mark.parametrize("hours", [0.0001, 0.1, 400])
async def test_deadlines_have_a_real_minimum_and_maximum(table: Table, hours: float) -> None:
    r = await table.slash("ana", "calico new", mode="solo", deadline_hours=hours)
    assert r.is_ephemeral and ("10 minutes" in r.text or "between" in r.text)
    assert await table.bot.storage.find_games() == []


async def test_no_deadline_and_the_shortest_deadline_are_accepted(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", deadline_hours=0)
    await table.slash("ana", "calico new", mode="solo", deadline_hours=1 / 6)
    rows = await table.bot.storage.find_games()
    assert [r.options["deadline_hours"] for r in rows] == [None, pytest.approx(1 / 6)]


async def test_ids_past_the_database_range_are_answered_politely(table: Table) -> None:
    await open_two_player_game(table)
    r = await table.slash("ana", "calico status", game=2**63)
    assert r.is_ephemeral and not r.errors
    r = await table.slash("ana", "calico status", game=2**53 - 1)
    assert r.is_ephemeral and "no Calico game" in r.text and not r.errors
    custom_id = "cal:lobby:join:100000000000000000000"
    payload = table.driver.factory.component(table.users["bo"], table.channel,
                                             message_with_button(table, table.channel.id, custom_id), custom_id)
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "no Calico game" in r.text and not r.errors


async def test_option_values_of_the_wrong_type_are_refused_at_the_edge(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    payload = table.driver.factory.slash(table.users["ana"], thread, "calico play", {"tile": 1, "space": "A1"})
    payload["data"]["options"][0]["options"][1]["value"] = 17  # an int where text was declared
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "space" in r.text and not r.errors
    payload = table.driver.factory.slash(table.users["ana"], thread, "calico play", {"tile": 1, "space": "A1"})
    payload["data"]["options"][0]["options"][0]["value"] = "1"  # text where a number was declared
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "tile" in r.text and not r.errors
    payload = table.driver.factory.slash(table.users["ana"], thread, "calico play", {"tile": 1, "space": "A1"})
    payload["data"]["options"][0]["options"][0]["value"] = 7  # out of the declared range
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "between 1 and 2" in r.text
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 0


async def test_a_six_thousand_character_topic_is_answered_politely(table: Table) -> None:
    r = await table.slash("ana", "rules topic", topic="x" * 6000)
    assert r.is_ephemeral and not r.errors and len(r.text) < 2000


async def test_a_wrong_option_type_is_explained_in_the_users_language(table: Table) -> None:
    payload = table.driver.factory.slash(table.users["zhu"], table.channel, "calico status", {"game": 1})
    payload["data"]["options"][0]["options"][0]["value"] = "one"
    r = await table.driver.send(payload)
    assert r.is_ephemeral and "整数" in r.text and "whole number" not in r.text
