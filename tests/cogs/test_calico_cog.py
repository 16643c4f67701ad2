"""Calico through the real discord.py dispatch, against the local stand-in for Discord."""

from __future__ import annotations

import asyncio
import copy
import json
import random

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.engine.record import score_record
from calico_bot.games.calico.service import LoadedGame
from cogs.calico import seen_by
from devtable.interactions import InteractionResult

from .conftest import Table


async def game_of(table: Table, game_id: int = 1) -> LoadedGame:
    return await table.bot.tables["calico"].load(game_id)


async def open_two_player_game(table: Table, mode: str = "beginner", host: str = "ana", joiner: str = "bo",
                               **options: object) -> None:
    """Game #1: ``host`` opens a two-seat lobby (with any further /calico new options), ``joiner`` joins,
    the host starts it."""
    r = await table.slash(host, "calico new", mode=mode, seats=2, **options)
    assert not r.errors and "Game #1" in r.text
    lobby = table.fake.find_button("cal:lobby:join:1")
    assert lobby is not None
    r = await table.click(joiner, lobby.message, lobby.custom_id)
    assert not r.errors and joiner in r.text  # the lobby embed now lists the joiner
    start = table.fake.find_button("cal:lobby:start:1")
    assert start is not None
    r = await table.click(host, start.message, start.custom_id)
    assert not r.errors


async def end_game(table: Table, user: str, channel: object = None, **options: object) -> InteractionResult:
    """``/calico end`` and its private confirmation button."""
    asked = await table.slash(user, "calico end", channel, **options)  # type: ignore[arg-type]
    assert asked.is_ephemeral, asked.text
    button = next(m for m in reversed(asked.messages) if any(c.startswith("cal:end:") for c in m.custom_ids()))
    custom_id = next(c for c in button.custom_ids() if c.startswith("cal:end:"))
    return await table.driver.click(table.users[user], button, custom_id, channel=channel)  # type: ignore[arg-type]


async def play_turn_by_panel(table: Table, user: str, tile: int, space: str, take: int | None) -> None:
    """Open the turn panel from the thread's newest "Take your turn" button and confirm a choice."""
    button = table.fake.find_button("cal:turn:")
    assert button is not None
    thread = table.thread()
    opened = await table.driver.click(table.users[user], button.message, button.custom_id, channel=thread)
    assert opened.is_ephemeral and not opened.errors
    panel = next(m for m in reversed(table.fake.messages) if m.ephemeral and "cal:p:" in " ".join(m.custom_ids()))
    ids = panel.custom_ids()
    tile_select = next(i for i in ids if i.endswith(":t"))
    r = await table.driver.click(table.users[user], panel, tile_select, channel=thread, values=[str(tile)])
    assert not r.errors
    space_select = next(i for i in panel.custom_ids() if i.endswith(":s"))
    await table.driver.click(table.users[user], panel, space_select, channel=thread, values=[space])
    if take is not None:
        take_select = next(i for i in panel.custom_ids() if i.endswith(":k"))
        await table.driver.click(table.users[user], panel, take_select, channel=thread, values=[str(take)])
    confirm = next(i for i in panel.custom_ids() if i.startswith("cal:go:"))
    assert confirm.endswith(f":{tile}:{space}:{take or 0}")
    r = await table.driver.click(table.users[user], panel, confirm, channel=thread)
    assert not r.errors, r.errors


async def test_full_two_player_game_by_commands_and_buttons(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    rng = random.Random(3)
    names = {0: "ana", 1: "bo"}
    turn = 0
    while True:
        game = await game_of(table)
        if game.state is None or game.state.over:
            break
        seat = game.state.current
        move = rng.choice(legal_turns(game.state))
        if turn % 3 == 0:
            await play_turn_by_panel(table, names[seat], move.tile, move.space, move.take)
        else:
            options = {"tile": move.tile, "space": move.space, **({"take": move.take} if move.take else {})}
            r = await table.slash(names[seat], "calico play", thread, **options)
            assert r.is_ephemeral and not r.errors, r.text
        turn += 1
    assert turn == 44
    final = [m for m in table.fake.messages_in(thread.id) if "is over" in m.content]
    assert len(final) == 1
    assert final[0].attachments and final[0].attachments[0].data.startswith(b"\x89PNG")
    state = (await game_of(table)).state
    assert state is not None
    winner = state.players[state.winners()[0]].name
    assert winner in final[0].content
    # Every turn was posted publicly with the mover's quilt.
    turn_posts = [m for m in table.fake.messages_in(thread.id) if m.content.startswith("**")]
    assert len(turn_posts) == 44 and all(m.attachments for m in turn_posts)


async def test_solo_game_plays_to_the_end(table: Table) -> None:
    r = await table.slash("ana", "calico new", mode="solo", solo_setup="beginner")
    assert not r.errors
    thread = table.thread()
    rng = random.Random(5)
    for _ in range(22):
        game = await game_of(table)
        assert game.state is not None
        move = rng.choice(legal_turns(game.state))
        r = await table.slash("ana", "calico play", thread, tile=move.tile, space=move.space,
                              **({"take": move.take} if move.take else {}))
        assert not r.errors
    game = await game_of(table)
    assert game.state is not None and game.state.over and game.row.status == "over"
    assert any("Final score" in m.content for m in table.fake.messages_in(thread.id))


async def test_refusals_are_polite_and_ephemeral(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    game = await game_of(table)
    assert game.state is not None and game.state.current == 0
    before = game.row.version
    r = await table.slash("bo", "calico play", thread, tile=1, space="A1", take=1)
    assert r.is_ephemeral and "not your turn" in r.text.lower() and "ana" in r.text
    r = await table.slash("cy", "calico play", thread, tile=1, space="A1", take=1)
    assert r.is_ephemeral and "not a player" in r.text.lower()
    r = await table.slash("ana", "calico play", thread, tile=1, space="C4", take=1)
    assert r.is_ephemeral and "design goal" in r.text
    r = await table.slash("ana", "calico play", thread, tile=1, space="Z9", take=1)
    assert r.is_ephemeral and "Z9" in r.text
    r = await table.slash("zhu", "calico play", thread, tile=1, space="A1", take=1)
    assert r.is_ephemeral and "不是" in r.text  # Chinese locale gets a Chinese refusal
    r = await table.slash("bo", "calico end", thread)
    assert r.is_ephemeral and "host" in r.text.lower()
    assert not r.errors
    assert (await game_of(table)).row.version == before  # nothing changed
    assert "Traceback" not in " ".join(m.content for m in table.fake.messages)


async def test_double_clicked_confirm_applies_once(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    game = await game_of(table)
    assert game.state is not None
    move = legal_turns(game.state)[0]
    button = table.fake.find_button("cal:turn:")
    assert button is not None
    await table.driver.click(table.users["ana"], button.message, button.custom_id, channel=thread)
    panel = next(m for m in reversed(table.fake.messages) if m.ephemeral and m.custom_ids())
    # Both clicks leave the client before the bot edits the panel: both carry the panel as it was.
    seen_by_client = copy.deepcopy(panel)
    picks = f"{move.tile}:{move.space}:{move.take or 0}"
    custom_id = f"cal:go:1:{game.row.version}:{picks}"
    seen_by_client.components = [{"type": 1, "components": [{"type": 2, "style": 3, "label": "Confirm",
                                                               "custom_id": custom_id}]}]
    first = await table.driver.click(table.users["ana"], seen_by_client, custom_id, channel=thread)
    second = await table.driver.click(table.users["ana"], seen_by_client, custom_id, channel=thread)
    assert not first.errors and not second.errors
    assert "older position" in second.text
    assert second.followups and all(m.ephemeral for m in second.followups)
    game = await game_of(table)
    assert game.state is not None
    assert sum(1 for e in game.state.log if e["type"] == "turn" and e["player"] == 0) == 1


async def test_hands_never_appear_in_public_messages(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    await table.slash("bo", "calico hand", thread)
    await table.slash("ana", "calico hand", thread)
    await play_turn_by_panel(table, "ana", 1, "A1", 1)
    await table.slash("cy", "calico board", thread)
    hand_messages = [m for m in table.fake.messages if "Your hand" in m.content or
                     any(a.filename.startswith("hand-") for a in m.attachments)]
    assert len(hand_messages) >= 2  # the two /calico hand replies (the turn panel is edited away after use)
    assert all(m.ephemeral for m in hand_messages)
    for message in table.public():
        assert "Your hand" not in message.content
        assert not any(a.filename.startswith("hand-") for a in message.attachments)


async def test_restart_mid_game_keeps_everything_and_old_buttons_work(table: Table) -> None:
    await open_two_player_game(table)
    await play_turn_by_panel(table, "ana", 1, "A1", 1)
    before = (await game_of(table)).state
    assert before is not None
    await table.restart()
    after = (await game_of(table)).state
    assert after is not None and after.to_json() == before.to_json()
    # The "Take your turn" button posted before the restart still opens bo's panel.
    await play_turn_by_panel(table, "bo", 2, "E5", 3)
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 2


async def test_deadline_passed_while_the_bot_was_down(table: Table) -> None:
    await open_two_player_game(table, deadline_hours=1)
    await table.bot.close()  # the bot goes down...
    table.clock.now += 3 * 3600  # ...for three hours
    await table.restart()

    def notes() -> list:
        return [m for m in table.fake.messages_in(table.thread().id) if "deadline passed" in m.content]

    for _ in range(200):  # the timer loop handles overdue deadlines by itself on start
        if notes():
            break
        await asyncio.sleep(0.05)
    assert len(notes()) == 1
    game = await game_of(table)
    assert game.state is not None and game.state.turns == 1 and game.state.current == 1
    assert await table.timers.run_due_timers() == []  # handled once
    assert len(notes()) == 1


async def test_reminder_before_the_deadline(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", deadline_hours=8)
    table.clock.now += 6 * 3600
    events = await table.timers.run_due_timers()
    assert [e.kind for e in events] == ["reminder"]
    assert any("reminder" in m.content for m in table.fake.messages_in(table.thread().id))


async def test_exported_record_replays_to_the_same_scores(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo")
    thread = table.thread()
    game = await game_of(table)
    assert game.state is not None
    offered = game.state.players[0].offered
    r = await table.slash("ana", "calico goals", thread, b3=offered[0], c4=offered[1], d2=offered[2])
    assert not r.errors and r.is_ephemeral
    rng = random.Random(8)
    for _ in range(22):
        game = await game_of(table)
        assert game.state is not None
        move = rng.choice(legal_turns(game.state))
        await table.slash("ana", "calico play", thread, tile=move.tile, space=move.space,
                          **({"take": move.take} if move.take else {}))
    r = await table.slash("ana", "calico export", thread)
    record = json.loads(r.files[0].data)
    assert "bag" in record and "actions" in record
    replayed = score_record(record)
    game = await game_of(table)
    assert game.state is not None
    assert [s.total for s in replayed.scores] == [s.total for s in game.state.scores()]


async def test_export_mid_game_hides_the_bag(table: Table) -> None:
    await open_two_player_game(table)
    r = await table.slash("cy", "calico export", table.thread())
    record = json.loads(r.files[0].data)
    assert "bag" not in record and "seed" not in record and "actions" not in record


async def test_thread_fallback_when_threads_are_not_allowed(table: Table) -> None:
    table.fake.deny_thread_creation(table.channel.id)
    r = await table.slash("ana", "calico new", mode="solo")
    assert not r.errors
    assert any("may not create threads" in m.content for m in table.fake.messages_in(table.channel.id))
    assert any("started" in m.content for m in table.fake.messages_in(table.channel.id))


async def test_several_games_in_one_channel(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    await table.slash("bo", "calico new", mode="beginner", seats=2)
    r = await table.slash("cy", "calico join")
    assert r.is_ephemeral and "#1" in r.text and "#2" in r.text  # which game?
    r = await table.slash("cy", "calico join", game=2)
    assert not r.is_ephemeral and "cy joined game #2" in r.text
    choices = await table.driver.autocomplete(table.users["cy"], table.channel, "calico status", {"game": ""}, "game")
    assert [c["value"] for c in choices.choices] == [2]


async def test_a_corrupt_game_is_reported_alone(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner")
    await table.slash("bo", "calico new", mode="solo", solo_setup="beginner")
    await table.bot.storage.execute("UPDATE games SET state = '{broken' WHERE id = 1")
    r = await table.slash("ana", "calico status", game=1)
    assert r.is_ephemeral and "cannot be read" in r.text
    assert [e.getMessage() for e in r.errors] == ["game 1 cannot be loaded"]  # logged for the operators
    r = await table.slash("bo", "calico status", game=2)
    assert not r.is_ephemeral and "Game #2" in r.text


async def test_sync_sends_chinese_localizations(table: Table) -> None:
    await table.bot.tree.sync()
    commands = table.fake.global_commands
    calico = next(c for c in commands if c["name"] == "calico")
    assert calico["name_localizations"]["zh-CN"] == "猫与花毯"
    play = next(o for o in calico["options"] if o["name"] == "play")
    assert play["description_localizations"]["zh-CN"].startswith("进行回合")


async def test_hint_after_a_finished_solo_game(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner")
    thread = table.thread()
    r = await table.slash("ana", "calico hint", thread, turn=1)
    assert r.is_ephemeral and "finished games only" in r.text  # no help while playing
    rng = random.Random(2)
    first_move = None
    for _ in range(22):
        game = await game_of(table)
        assert game.state is not None
        move = rng.choice(legal_turns(game.state))
        first_move = first_move or move
        await table.slash("ana", "calico play", thread, tile=move.tile, space=move.space,
                          **({"take": move.take} if move.take else {}))
    r = await table.slash("ana", "calico hint", thread, turn=1)
    assert r.is_ephemeral and not r.errors
    assert f"You placed tile {first_move.tile} on {first_move.space}" in r.text
    assert "The strong bot would place tile" in r.text


async def test_public_posts_use_the_servers_language(table: Table) -> None:
    table.guild.locale = "zh-CN"
    r = await table.driver.send(table.driver.factory.slash(table.users["ana"], table.channel, "calico new",
                                                           {"mode": "solo", "solo_setup": "beginner"}))
    assert not r.errors
    thread_posts = table.fake.messages_in(table.thread().id)
    assert any("开始了" in m.content for m in thread_posts)


async def test_undo_own_last_turn_only_before_the_next_player_acts(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    before = (await game_of(table)).state
    assert before is not None
    r = await table.slash("ana", "calico undo", thread)
    assert r.is_ephemeral and "take back" in r.text  # nothing to undo yet
    await play_turn_by_panel(table, "ana", 1, "A1", 1)
    r = await table.slash("bo", "calico undo", thread)
    assert r.is_ephemeral  # not bo's turn to take back
    r = await table.slash("ana", "calico undo", thread)
    assert r.is_ephemeral and "sent" in r.text  # the turn showed a new market tile: bo is asked first
    (asked,) = [m for m in r.messages if not m.ephemeral and "asks to take back" in m.content]
    assert f"<@{table.users['bo'].id}>" in asked.content
    own = await table.click("ana", asked, next(c for c in asked.custom_ids() if c.startswith("cal:undo:yes:")))
    assert own.is_ephemeral and "your own request" in own.text
    assert (await game_of(table)).state.turns == 1  # type: ignore[union-attr]
    r = await table.click("bo", asked, next(c for c in asked.custom_ids() if c.startswith("cal:undo:yes:")))
    assert r.is_ephemeral  # the reply is private; the thread is told, and the player pinged again
    public = [m for m in r.messages if not m.ephemeral and m.channel_id == thread.id]
    assert any("took back" in m.content for m in public)
    assert any(cid.startswith("cal:turn:") for m in public for cid in m.custom_ids())
    after = (await game_of(table)).state
    assert after is not None and after.turns == 0 and after.current == 0
    assert after.players[0].hand == before.players[0].hand and after.market == before.market
    await play_turn_by_panel(table, "ana", 2, "B1", 2)  # the panel works on the restored position
    await play_turn_by_panel(table, "bo", 1, "E5", 1)
    r = await table.slash("ana", "calico undo", thread)
    assert r.is_ephemeral  # bo has acted since


async def test_design_goals_through_the_private_panel(table: Table) -> None:
    await open_two_player_game(table, mode="standard")
    thread = table.thread()
    button = table.fake.find_button("cal:goals:")
    assert button is not None and not button.message.ephemeral
    opened = await table.driver.click(table.users["bo"], button.message, button.custom_id, channel=thread)
    assert not opened.errors
    panel = next(m for m in reversed(table.fake.messages) if m.ephemeral and "cal:g:" in " ".join(m.custom_ids()))
    assert any(a.filename.startswith("hand-") for a in panel.attachments)
    for field, choice in enumerate(("2", "0", "3")):
        select = next(i for i in panel.custom_ids() if i.startswith("cal:g:") and i.endswith(f":{field}"))
        r = await table.driver.click(table.users["bo"], panel, select, channel=thread, values=[choice])
        assert not r.errors
    confirm = next(i for i in panel.custom_ids() if i.startswith("cal:gc:"))
    assert confirm.endswith(":2:0:3")
    r = await table.driver.click(table.users["bo"], panel, confirm, channel=thread)
    assert not r.errors
    game = await game_of(table)
    assert game.state is not None
    offered = game.state.players[1].offered
    assert game.state.players[1].goals == {"B3": offered[2], "C4": offered[0], "D2": offered[3]}
    assert game.state.phase == "setup"  # ana has not chosen yet


async def test_add_bot_button_asks_the_host_for_a_difficulty(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    add = table.fake.find_button("cal:lobby:bot:1")
    assert add is not None
    r = await table.click("bo", add.message, add.custom_id)
    assert r.is_ephemeral and "host" in r.text.lower()
    r = await table.click("ana", add.message, add.custom_id)
    assert r.is_ephemeral and not r.errors
    menu = r.original
    assert menu is not None and menu.custom_ids() == ["cal:addbot:1"]
    r = await table.click("ana", menu, "cal:addbot:1", values=["hard"])
    assert not r.errors
    game = await game_of(table)
    assert [(s.name, s.bot_level) for s in game.seats][1] == ("Bot 1 (hard)", "hard")
    lobby = table.fake.get_message(add.message.id)
    assert lobby is not None and "Bot 1 (hard)" in lobby.embeds[0]["description"]


async def test_chosen_goals_stay_secret_during_setup(table: Table) -> None:
    await open_two_player_game(table, mode="standard")
    thread = table.thread()
    game = await game_of(table)
    assert game.state is not None
    offered = game.state.players[1].offered
    await table.slash("bo", "calico goals", thread, b3=offered[0], c4=offered[1], d2=offered[2])
    r = await table.slash("ana", "calico status", thread)
    assert "setup" in r.text and not any(f"B3 {g}" in r.text for g in offered)
    game = await game_of(table)
    assert game.state is not None
    hidden = seen_by(game.state, 0)  # what ana's images are drawn from
    assert hidden.players[1].goals is None and game.state.players[1].goals is not None
    assert hidden.players[1].hand == [] and hidden.bag_count == game.state.bag_count
    assert set(hidden.bag) == {-1}  # the bag is so many unknown tiles
    assert seen_by(game.state, 1).players[1].goals == game.state.players[1].goals


async def test_a_finished_game_is_reviewed_privately_for_its_own_player(table: Table) -> None:
    from calico_bot.games.calico.engine.game import GameOptions, seeded_game
    from calico_bot.games.calico.service import LobbyOptions, Person

    service = table.bot.tables["calico"]
    ana = Person(table.users["ana"].id, "ana", guild_id=table.guild.id)
    game = await service.create(guild_id=table.guild.id, channel_id=table.channel.id, host=ana,
                                options=LobbyOptions(mode="solo", seats=1))
    await service.start(game.id, ana, seed=3)
    during = await table.slash("ana", "calico review", game=game.id)
    assert during.ephemeral and "finished games only" in during.text
    finished = seeded_game(GameOptions(players=["ana"], mode="solo"), 3)  # a solo game played to the end
    await table.bot.storage.update_game(game.id, now=table.clock(), status="over",
                                        state=json.dumps(finished.to_json()))
    other = await table.slash("bo", "calico review", game=game.id)
    assert other.ephemeral and "did not play" in other.text
    review = await table.slash("ana", "calico review", game=game.id)
    assert not review.errors and review.ephemeral
    assert "turn" in review.text.lower()
    assert review.files and all(f.filename.endswith(".png") for f in review.files)
    assert all(len(m.content) <= 2000 for m in review.messages)


async def test_export_of_an_ended_game_does_not_call_it_running(table: Table) -> None:
    await open_two_player_game(table)
    r = await table.slash("cy", "calico export", table.thread())
    assert "still running" in r.text
    done = await end_game(table, "ana", table.thread())
    assert not done.errors
    r = await table.slash("cy", "calico export", table.thread())
    assert r.files and "still running" not in r.text and "was ended" in r.text
    record = json.loads(r.files[0].data)
    assert "bag" not in record and "actions" not in record
