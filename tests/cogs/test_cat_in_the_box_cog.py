"""Cat in the Box through the whole bot: /catbox commands and panel picks against the Discord stand-in."""

from __future__ import annotations

import json

import pytest
from PIL import Image

from calico_bot.games.cat_in_the_box.plugin import PLUGIN

from .conftest import Table


def step_ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [c for m in result.messages for c in m.custom_ids() if c.startswith("citb:step:")]


async def open_game(t: Table, humans: list[str], bots: int) -> int:
    made = await t.slash(humans[0], "catbox new", seats=len(humans) + bots, deadline_hours=24)
    assert not made.errors, made.errors
    game = (await t.bot.tables["citb"].games_here(t.channel.id))[-1].id
    for name in humans[1:]:
        joined = await t.click(name, made.original, f"citb:lobby:join:{game}")
        assert not joined.errors
    for _ in range(bots):
        added = await t.slash(humans[0], "catbox addbot", level="easy", game=game)
        assert not added.errors and added.ephemeral
    started = await t.slash(humans[0], "catbox start", game=game)
    assert not started.errors, started.errors
    return game


async def answer(t: Table, name: str, game: int) -> None:
    """``name`` opens their panel and picks the first option at every step until the move is made."""
    result = await t.slash(name, "catbox play", game=game)
    assert not result.errors and result.ephemeral, result.errors
    assert any(a.filename.endswith("-hand.png") for a in result.attachments)  # the private hand
    message = result.original
    for _ in range(3):
        ids = step_ids(result)
        if not ids:
            break
        result = await t.click(name, message, ids[0], values=["o0"])
        assert not result.errors, result.errors
    assert "Done" in result.text, result.text


async def play_out(t: Table, game: int, humans: list[str], *, restart_after: int | None = None) -> None:
    service = t.bot.tables["citb"]
    users = {t.users[n].id: n for n in humans}
    for moves in range(1, 400):
        table = await service.load(game)
        if table.row.status != "active":
            return
        prompt = next(p for p in table.prompts)  # bots answer at once: only people are awaited
        name = users[table.seat_row(prompt.seat).user_id]
        await answer(t, name, game)
        if restart_after is not None and moves == restart_after:
            await t.restart()
            service = t.bot.tables["citb"]
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("humans", "bots"), [(["ana", "bo"], 0), (["ana"], 2), (["ana", "bo"], 3)])
async def test_a_full_game_through_commands_and_panels(table: Table, humans: list[str], bots: int) -> None:
    t = table
    game = await open_game(t, humans, bots)
    await play_out(t, game, humans, restart_after=5)
    row = await t.bot.storage.get_game(game)
    assert row is not None and row.status == "over"
    thread = t.thread()
    posts = t.fake.messages_in(thread.id)
    assert any("is over" in m.content for m in posts)
    final = [a for m in posts for a in m.attachments if a.filename.endswith("-final.png")]
    assert len(final) == 1
    image = Image.open(__import__("io").BytesIO(final[0].data))
    assert image.width >= 300 and image.height >= 200
    assert any(a.filename.endswith("-round.png") for m in posts for a in m.attachments)
    exported = await t.slash(humans[0], "catbox export", game=game)
    record = json.loads(exported.files[0].data)
    state = PLUGIN.load(json.loads(row.state or "{}"))
    assert PLUGIN.result(PLUGIN.replay(record)) == PLUGIN.result(state)  # the record scores the same


async def test_the_set_aside_is_secret_and_a_second_answer_is_refused(table: Table) -> None:
    t = table
    game = await open_game(t, ["ana", "bo", "cy"], 0)
    service = t.bot.tables["citb"]
    before = await service.load(game)
    assert [p.kind for p in before.prompts] == ["set_aside"] * 3  # everyone at once
    hands = [list(h) for h in before.state.hands]
    await answer(t, "ana", game)
    posts = [m.content for m in t.fake.messages_in(t.thread().id)]
    assert "1 of 3" in posts[-1] and "ana" in posts[-1]
    after = await service.load(game)
    set_aside = after.state.set_aside[0]
    assert set_aside in hands[0] and f"`{set_aside}`" not in posts[-1]
    again = await t.slash("ana", "catbox play", game=game)
    assert "Nothing is waiting for you" in again.text and again.ephemeral
    status = await t.slash("cy", "catbox status", game=game)
    assert status.ephemeral and not status.errors


async def test_the_hand_is_private_and_refusals_speak_the_game(table: Table) -> None:
    t = table
    game = await open_game(t, ["ana", "bo"], 0)
    hand = await t.slash("bo", "catbox hand", game=game)
    assert hand.ephemeral and hand.files and not hand.errors
    outsider = await t.slash("cy", "catbox hand", game=game)
    assert outsider.ephemeral and "not a player" in outsider.text
    missing = await t.slash("ana", "catbox status", game=game + 50)
    assert f"no Cat in the Box game #{game + 50} here" in missing.text


async def test_a_missed_set_aside_is_made_for_that_seat_only_and_the_history_keeps_it_secret(table: Table) -> None:
    t = table
    made = await t.slash("ana", "catbox new", seats=2, deadline_hours=1)
    game = (await t.bot.tables["citb"].games_here(t.channel.id))[-1].id
    await t.click("bo", made.original, f"citb:lobby:join:{game}")
    await t.slash("ana", "catbox start", game=game)
    await answer(t, "ana", game)
    t.clock.now += 3600 + 1
    events = await t.timers.run_due_timers()
    assert [e.kind for e in events] == ["deadline"]
    table_now = await t.bot.tables["citb"].load(game)
    assert all(c is not None for c in table_now.state.set_aside) or table_now.state.phase != "set_aside"
    history = await t.slash("ana", "catbox history", game=game)
    assert history.ephemeral and history.text.count("made a secret choice") == 2
    assert "deadline passed" in history.text


async def test_a_typed_answer_with_autocomplete_does_what_the_panel_does(table: Table) -> None:
    t = table
    game = await open_game(t, ["ana", "bo"], 0)
    thread = t.thread()
    offered = await t.driver.autocomplete(t.users["ana"], thread, "catbox play", {"choice": ""}, "choice")
    assert offered.choices and len(offered.choices) <= 25
    hand = sorted(set((await t.bot.tables["citb"].load(game)).state.hands[0]))
    assert [c["name"] for c in offered.choices] == [str(c) for c in hand]  # the set-aside: one per number
    none = await t.driver.autocomplete(t.users["cy"], thread, "catbox play", {"choice": ""}, "choice")
    assert none.choices == []  # not a player: nothing offered
    done = await t.slash("ana", "catbox play", thread, choice=offered.choices[-1]["value"])
    assert done.ephemeral and "Done" in done.text, done.text
    assert (await t.bot.tables["citb"].load(game)).state.set_aside[0] == hand[-1]
    typed = await t.slash("bo", "catbox play", thread, choice="99")
    assert typed.ephemeral and "not one of your choices" in typed.text
    lowest = min((await t.bot.tables["citb"].load(game)).state.hands[1])
    words = await t.slash("bo", "catbox play", thread, choice=f" {lowest} ")  # typed as its words
    assert "Done" in words.text, words.text


async def test_public_posts_never_ask_a_bot_and_count_the_secret_answers_in_order(table: Table) -> None:
    game = await open_game(table, ["ana"], 2)
    service = table.bot.tables["citb"]
    home = (await service.load(game)).row.home_channel
    first = [m.content for m in table.fake.messages_in(home) if "(1 of 3)" in m.content or "(2 of 3)" in m.content]
    assert first and "(1 of 3)" in first[0] and "(2 of 3)" in first[0]  # the bots answered first, one by one
    for _ in range(12):  # a round's worth of ana's answers, each followed by the bots' at once
        await answer(table, "ana", game)
        if (await service.load(game)).row.status != "active":
            break
    bots = [s.name for s in (await service.load(game)).seats if s.is_bot]
    posts = [m.content for m in table.fake.messages_in(home)]
    asked = [line for post in posts for line in post.splitlines() for bot in bots if line.startswith(f"{bot},")]
    assert asked == []  # "Bot 1 (easy), how many tricks..." is never said: the bot answers in the same post
    assert any(line.startswith("ana,") for post in posts for line in post.splitlines())  # people are asked


async def test_the_export_of_a_running_game_does_not_hold_the_seed(table: Table) -> None:
    """The seed deals every round, so a record that carries it while the game runs would show every hand."""
    t = table
    game = await open_game(t, ["ana", "bo"], 0)
    exported = await t.slash("cy", "catbox export", game=game)
    record = json.loads(exported.files[0].data)
    assert record["rounds"] == [] and "seed" not in record
    loaded = await t.bot.tables["citb"].load(game)
    assert loaded.state.seed is not None
    assert str(loaded.state.seed) not in exported.files[0].data.decode()


async def test_the_public_post_of_an_undo_names_who_took_back(table: Table) -> None:
    t = table
    game = await open_game(t, ["ana", "bo", "cy"], 0)
    for name in ("ana", "bo", "cy"):
        await answer(t, name, game)
    service = t.bot.tables["citb"]
    bidder = (await service.load(game)).prompts[0].seat
    name = {t.users[n].id: n for n in ("ana", "bo", "cy")}[(await service.load(game)).seat_row(bidder).user_id]
    await answer(t, name, game)  # the bid
    undone = await t.slash(name, "catbox undo", game=game)
    assert undone.ephemeral and "your last move was taken back" in undone.text, undone.text
    public = [m.content for m in t.fake.messages_in(t.thread().id) if not m.ephemeral]
    assert any(f"{name} took back" in p for p in public), public[-3:]
    assert not any("your last move" in p for p in public)
