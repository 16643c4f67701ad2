"""What a newcomer meets first, through the real dispatch: pings, private refusals, message sizes,
scenario objectives, lobby posts that stay true, the goal setup and the words the bot uses."""

from __future__ import annotations

import random

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import Person

from .conftest import Table
from .test_calico_cog import end_game, game_of


def buttons_in(table: Table, channel_id: int, prefix: str) -> list[str]:
    return [cid for m in table.fake.messages_in(channel_id) for cid in m.custom_ids() if cid.startswith(prefix)]


async def lobby_of_two(table: Table, mode: str = "beginner") -> None:
    await table.slash("ana", "calico new", mode=mode, seats=2)
    await table.slash("bo", "calico join", game=1)


async def test_slash_start_pings_the_first_player_in_games_without_a_goal_choice(table: Table) -> None:
    for mode in ("beginner", "family"):
        await table.slash("ana", "calico new", mode=mode, seats=2)
        game_id = (await table.bot.storage.find_games())[-1].id
        await table.slash("bo", "calico join", game=game_id)
        r = await table.slash("ana", "calico start", game=game_id)
        assert r.is_ephemeral and not r.errors
        game = await game_of(table, game_id)
        thread = game.row.home_channel
        mention = f"<@{table.users['ana'].id}>"
        pings = [m for m in table.fake.messages_in(thread) if mention in m.content
                 and f"cal:turn:{game_id}" in m.custom_ids()]
        assert len(pings) == 1, mode
        starts = [m for m in table.fake.messages_in(thread) if "has started" in m.content]
        assert len(starts) == 1, mode  # the start message is posted once


async def test_refusals_of_start_kick_and_resign_are_private(table: Table) -> None:
    await lobby_of_two(table)
    before = len(table.public())
    r = await table.slash("bo", "calico start", game=1)
    assert r.is_ephemeral and "Only the host" in r.text
    assert not [m for m in r.messages if not m.ephemeral]
    await table.slash("ana", "calico start", game=1)
    r = await table.slash("bo", "calico kick", player=table.users["ana"], game=1)
    assert r.is_ephemeral and "Only the host" in r.text
    r = await table.slash("cy", "calico resign", game=1)
    assert r.is_ephemeral and "not a player" in r.text.lower()
    await end_game(table, "ana", game=1)
    r = await table.slash("ana", "calico resign", game=1)
    assert r.is_ephemeral and "finished" in r.text
    assert all(not m.loading for m in table.public()[before:])  # no public "thinking..." left behind


async def test_long_input_never_makes_a_reply_discord_would_refuse(table: Table) -> None:
    await lobby_of_two(table, mode="standard")
    await table.slash("ana", "calico start", game=1)
    r = await table.slash("ana", "calico goals", game=1, b3="X" * 2500, c4="AA-BB-CC", d2="AAA-BBB")
    assert r.is_ephemeral and r.response is not None and not r.errors
    assert len(r.text) < 2000 and not table.fake.limit_refusals
    r = await table.slash("ana", "calico new", mode="m" * 3000)
    assert r.is_ephemeral and len(r.text) < 2000 and not table.fake.limit_refusals


async def test_scenario_objectives_are_shown_in_words(table: Table) -> None:
    r = await table.slash("ana", "calico new", mode="solo", solo_setup="beginner", scenario=3)
    assert not r.errors
    game = await game_of(table)
    thread = game.row.home_channel
    start = next(m for m in table.fake.messages_in(thread) if "has started" in m.content)
    assert "Scenario 3. To pass:" in start.content and "rainbow button" in start.content
    r = await table.slash("ana", "calico status", game=1)
    assert "To pass:" in r.text and "one of each cat" in r.text
    rng = random.Random(1)
    person = Person(table.users["ana"].id, "ana", guild_id=table.guild.id)
    offered = game.state.players[0].offered  # type: ignore[union-attr]
    await table.bot.tables["calico"].choose_goals(1, person, dict(zip(("B3", "C4", "D2"), offered, strict=True)))
    for _ in range(21):
        game = await game_of(table)
        assert game.state is not None
        move = rng.choice(legal_turns(game.state))
        await table.bot.tables["calico"].play(1, person, tile=move.tile, space=move.space, take=move.take)
    game = await game_of(table)
    assert game.state is not None
    move = rng.choice(legal_turns(game.state))
    r = await table.slash("ana", "calico play", game=1, tile=move.tile, space=move.space)
    final = next(m for m in table.fake.messages_in(thread) if "Final score" in m.content)
    for key in ("goals_ok", "one_of_each_cat", "rainbow 0/1", "score "):
        assert key not in final.content
    assert "Scenario 3" in final.content


async def test_the_lobby_post_stays_true(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    lobby = table.fake.find_button("cal:lobby:join:1")
    assert lobby is not None
    message = lobby.message
    r = await table.slash("ana", "calico leave", game=1)  # the host leaves alone: cancelled
    assert not r.errors
    assert "cancelled" in message.content and "Host: ?" not in message.text
    assert not message.custom_ids()  # no Join button on a cancelled game
    r = await table.slash("ana", "calico status", game=1)
    assert not r.errors and "cancelled" in r.text
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    second = table.fake.find_button("cal:lobby:join:2")
    assert second is not None
    await table.slash("bo", "calico join", game=2)
    await table.slash("ana", "calico start", game=2)
    assert "has started" in second.message.content and "is open" not in second.message.content
    await end_game(table, "ana", game=2)
    assert "ended" in second.message.content


async def test_leaving_a_started_game_points_to_resign(table: Table) -> None:
    await lobby_of_two(table)
    await table.slash("ana", "calico start", game=1)
    r = await table.slash("bo", "calico leave", game=1)
    assert r.is_ephemeral and "/calico resign" in r.text


async def test_short_deadlines_are_shown_in_minutes(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2, deadline_hours=0.5)
    lobby = table.fake.find_button("cal:lobby:join:1")
    assert lobby is not None and "30 min" in lobby.message.text


async def test_the_setup_deadline_names_everyone_the_bot_chose_for(table: Table) -> None:
    await table.slash("ana", "calico new", mode="standard", seats=3, deadline_hours=1)
    await table.slash("bo", "calico join", game=1)
    await table.slash("cy", "calico join", game=1)
    await table.slash("ana", "calico start", game=1)
    game = await game_of(table)
    thread = game.row.home_channel
    table.clock.now += 50 * 60  # the reminder: everyone still choosing, with the goals button
    await table.timers.run_due_timers()
    reminder = next(m for m in table.fake.messages_in(thread) if "reminder" in m.content)
    assert all(f"<@{table.users[n].id}>" in reminder.content for n in ("ana", "bo", "cy"))
    assert any(cid.startswith("cal:goals:") for cid in reminder.custom_ids())
    assert "your turn" not in reminder.content
    table.clock.now += 20 * 60
    await table.timers.run_due_timers()
    note = next(m for m in table.fake.messages_in(thread) if "setup deadline passed" in m.content)
    assert "ana" in note.content and "bo" in note.content and "cy" in note.content


async def test_moderator_commands_are_hidden_where_discord_honours_it(table: Table) -> None:
    await table.bot.tree.sync()
    by_name = {c["name"]: c for c in table.fake.global_commands}
    assert int(by_name["calico-admin"]["default_member_permissions"]) == 1 << 3  # administrator
    assert int(by_name["daily-admin"]["default_member_permissions"]) == 1 << 5  # manage server
    assert "channel" not in {o["name"] for o in by_name["daily"]["options"]}


async def test_daily_channel_without_an_argument_means_here(table: Table) -> None:
    r = await table.slash("mod", "daily-admin channel")
    assert r.is_ephemeral and f"<#{table.channel.id}>" in r.text
    assert await table.bot.daily.channel(table.guild.id) == table.channel.id
    r = await table.slash("ana", "daily-admin channel")  # no Manage Server
    assert r.is_ephemeral and "Manage Server" in r.text


async def test_players_words_for_goals_cats_and_bot_levels(table: Table) -> None:
    await table.slash("ana", "calico new", mode="standard", seats=2)
    r = await table.slash("ana", "calico addbot", level="medium", game=1)
    assert "medium" in r.text and not r.errors
    r = await table.slash("ana", "calico start", game=1)
    assert not r.errors, r.text
    game = await game_of(table)
    thread = game.row.home_channel
    start = next(m for m in table.fake.messages_in(thread) if "has started" in m.content)
    for internal in ("line3", "line4", "line5", "trapezoid5", "triangle3", "ALL_DIFFERENT"):
        assert internal not in start.content
    button = table.fake.find_button("cal:goals:1")
    assert button is not None
    r = await table.driver.click(table.users["ana"], button.message, button.custom_id)
    panel = r.followups[0]
    assert "Keep three of your four goal tiles" in panel.content
    assert panel.content.count("points for color or pattern") == 4  # each offered goal with its values
    assert "ALL_DIFFERENT" not in panel.content


async def test_old_bot_level_words_in_an_old_menu_still_work(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=2)
    lobby = table.fake.find_button("cal:lobby:bot:1")
    assert lobby is not None
    r = await table.click("ana", lobby.message, lobby.custom_id)
    menu = next(m for m in r.messages if "cal:addbot:1" in m.custom_ids())
    menu.components[0]["components"][0]["options"].append({"label": "Hard", "value": "strong"})
    r = await table.click("ana", menu, "cal:addbot:1", values=["strong"])  # as an old message offered it
    assert not r.errors and "hard" in r.text
    assert (await game_of(table)).seats[-1].bot_level == "hard"


async def test_a_scenario_goal_prompt_lists_its_three_goals(table: Table) -> None:
    await table.slash("ana", "calico new", mode="solo", solo_setup="beginner", scenario=1)
    button = table.fake.find_button("cal:goals:1")
    assert button is not None
    r = await table.driver.click(table.users["ana"], button.message, button.custom_id)
    panel = r.followups[0]
    assert "three goal tiles" in panel.content and "four" not in panel.content
    assert panel.content.count("points for color or pattern") == 3


async def test_ending_a_game_asks_first_and_tells_the_thread(table: Table) -> None:
    await lobby_of_two(table)
    await table.slash("ana", "calico start", game=1)
    asked = await table.slash("ana", "calico end", game=1)
    assert asked.is_ephemeral and "cannot be resumed" in asked.text
    assert (await game_of(table)).row.status == "active"  # nothing yet
    r = await end_game(table, "ana", game=1)
    assert not r.errors
    game = await game_of(table)
    assert game.row.status == "ended"
    assert any("was ended by ana" in m.content for m in table.fake.messages_in(game.row.home_channel))


async def test_undo_takes_back_your_turn_with_the_bot_replies_it_caused(table: Table) -> None:
    await table.slash("ana", "calico new", mode="beginner", seats=3)
    await table.slash("ana", "calico addbot", level="easy", game=1)
    await table.slash("ana", "calico addbot", level="medium", game=1)
    await table.slash("ana", "calico start", game=1)
    before = await game_of(table)
    assert before.state is not None and before.state.current == 0
    move = legal_turns(before.state)[0]
    await table.slash("ana", "calico play", game=1, tile=move.tile, space=move.space, take=move.take)
    played = await game_of(table)
    assert played.state is not None and played.state.turns == 3  # the two bots answered at once
    r = await table.slash("ana", "calico undo", game=1)
    assert r.is_ephemeral and not r.errors
    after = await game_of(table)
    assert after.state is not None and after.state.turns == 0 and after.state.current == 0
    assert after.state.players[0].hand == before.state.players[0].hand
    assert any("2 bot turn" in m.content for m in table.fake.messages_in(after.row.home_channel))


async def test_the_turn_panel_previews_the_pick_and_sends_an_image_only_when_it_changes(table: Table) -> None:
    await lobby_of_two(table)
    await table.slash("ana", "calico start", game=1)
    button = table.fake.find_button("cal:turn:1")
    assert button is not None
    opened = await table.driver.click(table.users["ana"], button.message, button.custom_id)
    panel = opened.followups[0]
    plain = panel.attachments[0].data

    def select(suffix: str) -> str:
        return next(i for i in panel.custom_ids() if i.endswith(suffix))

    r = await table.driver.click(table.users["ana"], panel, select(":t"), values=["1"])
    assert not r.files  # a tile alone: nothing to preview, no image re-sent
    r = await table.driver.click(table.users["ana"], panel, select(":s"), values=["A1"])
    assert len(r.files) == 1 and r.files[0].data != plain  # the tile drawn on A1
    r = await table.driver.click(table.users["ana"], panel, select(":k"), values=["2"])
    assert not r.files  # the market pick does not change the picture
    r = await table.driver.click(table.users["ana"], panel, select(":s"), values=["B2"])
    assert len(r.files) == 1


async def test_the_goal_panel_previews_the_picked_goals_on_the_quilt(table: Table) -> None:
    await lobby_of_two(table, mode="standard")
    await table.slash("ana", "calico start", game=1)
    button = table.fake.find_button("cal:goals:1")
    assert button is not None
    opened = await table.driver.click(table.users["ana"], button.message, button.custom_id)
    panel = opened.followups[0]
    plain = panel.attachments[0].data
    first = next(i for i in panel.custom_ids() if i.endswith(":0") and i.startswith("cal:g:"))
    r = await table.driver.click(table.users["ana"], panel, first, values=["1"])
    assert len(r.files) == 1 and r.files[0].data != plain and not r.errors
    again = next(i for i in panel.custom_ids() if i.endswith(":0") and i.startswith("cal:g:"))
    r = await table.driver.click(table.users["ana"], panel, again, values=["1"])
    assert not r.files  # the same pick again: no new image
    game = await game_of(table)
    assert game.state is not None and game.state.players[0].goals is None  # a preview is not a choice


async def test_a_game_opened_inside_a_thread_is_played_there(table: Table) -> None:
    await lobby_of_two(table)
    thread = table.thread()
    r = await table.slash("cy", "calico new", thread, mode="solo", solo_setup="beginner")
    assert not r.errors and "right here in this thread" in r.text and "permission" not in r.text
    game = await game_of(table, 2)
    assert game.row.home_channel == thread.id and game.row.status == "active"
