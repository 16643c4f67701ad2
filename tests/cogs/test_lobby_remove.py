"""The host takes a player out of a lobby through the real dispatch: the lobby's "Remove player" button and
its private menu, and ``/calico remove`` / ``/catbox remove`` (every plug-in table has them). Refusals are
private; the lobby post updates; the removed player alone is mentioned, in the game's thread."""

from __future__ import annotations

import re

from devtable.fake_discord import FakeMessage, iter_components
from devtable.interactions import InteractionResult

from .conftest import Table


def menu_options(message: FakeMessage) -> dict[str, str]:
    """label -> value of the select menu on a message."""
    return {o["label"]: o["value"] for c in iter_components(message.components) for o in c.get("options") or []}


def removal_posts(result: InteractionResult) -> list[dict]:
    """The channel posts made while handling an interaction that tell of a removal (request bodies)."""
    return [r.json for r in result.requests if r.method == "POST" and r.path.endswith("/messages")
            and isinstance(r.json, dict) and ("lobby of game" in str(r.json.get("content")))]


async def calico_lobby(table: Table) -> FakeMessage:
    """Calico game #1: ana's four-seat lobby with bo, cy and an easy bot."""
    made = await table.slash("ana", "calico new", mode="beginner", seats=4)
    assert not made.errors
    for name in ("bo", "cy"):
        assert not (await table.click(name, made.original, "cal:lobby:join:1")).errors
    assert not (await table.slash("ana", "calico addbot", level="easy", game=1)).errors
    assert made.original is not None
    return made.original


async def seat_names(table: Table, kind: str, game_id: int) -> list[str]:
    return [s.name for s in (await table.bot.tables[kind].load(game_id)).seats]


async def test_the_host_removes_a_player_with_the_lobby_button(table: Table) -> None:
    lobby = await calico_lobby(table)
    assert "cal:lobby:remove:1" in lobby.custom_ids()
    refused = await table.click("cy", lobby, "cal:lobby:remove:1")
    assert refused.ephemeral and "Only the host" in refused.text
    asked = await table.click("ana", lobby, "cal:lobby:remove:1")
    assert asked.ephemeral and not asked.errors and "Who should leave the lobby of game #1?" in asked.text
    menu = asked.original
    assert menu is not None and menu.custom_ids() == ["cal:remove:1"]
    options = menu_options(menu)
    assert list(options) == ["bo", "cy", "Bot 1 (easy)"]  # everyone but the host
    picked = await table.click("ana", menu, "cal:remove:1", values=[options["bo"]])
    assert not picked.errors and "bo is no longer in the lobby of game #1" in picked.text
    answered = table.fake.get_message(menu.id)
    assert answered is not None and answered.ephemeral and answered.content.startswith("bo is no longer")
    assert await seat_names(table, "calico", 1) == ["ana", "cy", "Bot 1 (easy)"]
    updated = table.fake.get_message(lobby.id)
    assert updated is not None and "bo" not in updated.embeds[0]["description"].split("Players:")[1]
    assert "3/4" in updated.embeds[0]["description"]
    [told] = removal_posts(picked)
    bo, ana = table.users["bo"].id, table.users["ana"].id
    assert re.findall(r"<@!?(\d+)>", told["content"]) == [str(bo)]  # only the removed player is mentioned
    assert "ana took you out of the lobby of game #1" in told["content"]
    assert "everyone" not in told.get("allowed_mentions", {}).get("parse", []) and str(ana) not in told["content"]
    thread = table.thread()
    assert any(m.content == told["content"] for m in table.fake.messages_in(thread.id))
    # The bot goes the same way (a new menu: the answered one has none), and its removal pings nobody.
    assert answered.custom_ids() == []
    menu = (await table.click("ana", lobby, "cal:lobby:remove:1")).original
    assert menu is not None and list(menu_options(menu)) == ["cy", "Bot 1 (easy)"]
    picked = await table.click("ana", menu, "cal:remove:1", values=[menu_options(menu)["Bot 1 (easy)"]])
    assert not picked.errors and await seat_names(table, "calico", 1) == ["ana", "cy"]
    assert ["<@" not in post["content"] for post in removal_posts(picked)] == [True]


async def test_a_menu_left_open_never_removes_someone_else(table: Table) -> None:
    lobby = await calico_lobby(table)
    asked = await table.click("ana", lobby, "cal:lobby:remove:1")
    menu = asked.original
    assert menu is not None
    cy = menu_options(menu)["cy"]
    assert not (await table.slash("cy", "calico leave", game=1)).errors
    assert not (await table.slash("mod", "calico join", game=1)).errors  # takes the seat cy left
    late = await table.click("ana", menu, "cal:remove:1", values=[cy])
    assert late.ephemeral and "not in the lobby of game #1 (nothing was changed)" in late.text
    assert await seat_names(table, "calico", 1) == ["ana", "bo", "mod", "Bot 1 (easy)"]
    forged = await table.click("ana", menu, "cal:remove:1", values=["x; DROP"])
    assert forged.ephemeral and not forged.errors and "nothing was changed" in forged.text


async def test_remove_command_and_its_refusals(table: Table) -> None:
    lobby = await calico_lobby(table)
    for user, target, words in [("bo", "cy", "Only the host"),
                                ("ana", "ana", "You cannot remove yourself. To cancel the lobby for everyone, "
                                               "use `/calico end game: 1`"),
                                ("ana", "mod", "not in the lobby of game #1")]:
        refused = await table.slash(user, "calico remove", player=table.users[target], game=1)
        assert refused.ephemeral and not refused.errors and words in refused.text, refused.text
        assert not [m for m in refused.messages if not m.ephemeral]  # nothing public, nobody pinged
    kick = await table.slash("ana", "calico kick", player=table.users["bo"], game=1)
    assert kick.ephemeral and "`/calico remove` takes a player out of its lobby" in kick.text
    done = await table.slash("ana", "calico remove", player=table.users["cy"], game=1)
    assert done.ephemeral and "cy is no longer in the lobby of game #1" in done.text
    assert len(removal_posts(done)) == 1
    assert await seat_names(table, "calico", 1) == ["ana", "bo", "Bot 1 (easy)"]
    assert not (await table.slash("ana", "calico start", game=1)).errors
    assert "cal:lobby:remove:1" not in (table.fake.get_message(lobby.id) or lobby).custom_ids()
    started = await table.slash("ana", "calico remove", player=table.users["bo"], game=1)
    assert started.ephemeral and "already started" in started.text and "`/calico kick`" in started.text
    table.users["ana"].locale = "zh-CN"
    zh = await table.slash("ana", "calico remove", player=table.users["bo"], game=1)
    assert zh.ephemeral and "已经开始" in zh.text


async def test_the_remove_menu_works_after_a_restart(table: Table) -> None:
    lobby = await calico_lobby(table)
    menu = (await table.click("ana", lobby, "cal:lobby:remove:1")).original
    assert menu is not None
    await table.restart()
    picked = await table.click("ana", menu, "cal:remove:1", values=[menu_options(menu)["cy"]])
    assert not picked.errors and "cy is no longer" in picked.text
    assert await seat_names(table, "calico", 1) == ["ana", "bo", "Bot 1 (easy)"]


async def test_cat_in_the_box_lobbies_have_the_same_removal(table: Table) -> None:
    made = await table.slash("ana", "catbox new", seats=4)
    assert made.original is not None and "citb:lobby:remove:1" in made.original.custom_ids()
    alone = await table.click("ana", made.original, "citb:lobby:remove:1")
    assert alone.ephemeral and "Nobody else is in the lobby of game #1 yet" in alone.text
    assert not (await table.click("bo", made.original, "citb:lobby:join:1")).errors
    assert not (await table.slash("ana", "catbox addbot", level="easy", game=1)).errors
    refused = await table.slash("bo", "catbox remove", player=table.users["ana"], game=1)
    assert refused.ephemeral and "Only the host" in refused.text
    itself = await table.slash("ana", "catbox remove", player=table.users["ana"], game=1)
    assert itself.ephemeral and "`/catbox end game: 1`" in itself.text
    menu = (await table.click("ana", made.original, "citb:lobby:remove:1")).original
    assert menu is not None and list(menu_options(menu)) == ["bo", "Bot 1 (easy)"]
    picked = await table.click("ana", menu, "citb:remove:1", values=[menu_options(menu)["Bot 1 (easy)"]])
    assert not picked.errors and await seat_names(table, "citb", 1) == ["ana", "bo"]
    done = await table.slash("ana", "catbox remove", player=table.users["bo"], game=1)
    assert done.ephemeral and "bo is no longer in the lobby of game #1" in done.text
    [told] = removal_posts(done)
    assert re.findall(r"<@!?(\d+)>", told["content"]) == [str(table.users["bo"].id)]
    lobby = table.fake.get_message(made.original.id)
    assert lobby is not None and "Seats 1/4" in lobby.embeds[0]["description"]
    assert not (await table.click("bo", made.original, "citb:lobby:join:1")).errors  # bo may come back
    assert not (await table.slash("ana", "catbox start", game=1)).errors
    started = await table.slash("ana", "catbox remove", player=table.users["bo"], game=1)
    assert started.ephemeral and "`/catbox kick`" in started.text
