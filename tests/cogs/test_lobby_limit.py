"""The limit on open lobbies through the real dispatch: /calico new and /catbox new share one count per
member and server, refused privately, and commands sent together cannot pass it together."""

from __future__ import annotations

import asyncio
from pathlib import Path

from calico_bot.app.config import load_config

from .conftest import Table, open_table


async def lobbies_of(table: Table, user: str) -> list[int]:
    rows = await table.bot.storage.find_games(host_id=table.users[user].id, statuses=("lobby",))
    return [r.id for r in rows]


async def test_a_fourth_lobby_is_refused_privately_naming_the_limit_and_how_to_close(table: Table) -> None:
    for command in ("calico new", "calico new", "catbox new"):
        opened = await table.slash("ana", command, seats=2)
        assert not opened.errors and not opened.ephemeral
    refused = await table.slash("ana", "catbox new", seats=3)
    assert refused.ephemeral and not refused.errors
    assert "as many unstarted lobbies in this server as one member may (3)" in refused.text
    assert "`/calico end game: 1`" in refused.text and "`/catbox end game: 3`" in refused.text
    assert "`/calico end game: 2`" in refused.text and "…" not in refused.text  # every lobby, in full
    assert "<@" not in refused.text  # nobody is pinged
    assert (await table.slash("ana", "calico new", seats=2)).text == refused.text  # the same from either game
    assert await lobbies_of(table, "ana") == [1, 2, 3]
    assert not (await table.slash("bo", "calico new", seats=2)).ephemeral  # another member may still open one
    table.users["ana"].locale = "zh-CN"  # the same refusal in the member's language
    zh = await table.slash("ana", "calico new", seats=2)
    assert zh.ephemeral and "每人最多 3 个" in zh.text


async def test_closing_a_lobby_makes_room_again(table: Table) -> None:
    for _ in range(3):
        assert not (await table.slash("ana", "calico new", seats=2)).ephemeral
    assert (await table.slash("ana", "calico new", seats=2)).ephemeral
    left = await table.slash("ana", "calico leave", game=2)  # alone in it: the lobby closes
    assert not left.errors
    assert not (await table.slash("ana", "calico new", seats=2)).ephemeral
    assert await lobbies_of(table, "ana") == [1, 3, 4]


async def test_new_commands_sent_together_open_no_more_than_the_limit(table: Table) -> None:
    payloads = [table.driver.factory.slash(table.users["ana"], table.channel, "calico new", {"seats": 2})
                for _ in range(5)]
    results = await asyncio.gather(*(table.driver.send(p) for p in payloads))
    assert all(not r.errors for r in results)
    refused = [r for r in results if r.ephemeral]
    assert len(refused) == 2 and all("one member may (3)" in r.text for r in refused)
    assert len(await lobbies_of(table, "ana")) == 3
    lobby_posts = [m for m in table.public() if any(c.startswith("cal:lobby:join:") for c in m.custom_ids())]
    assert len(lobby_posts) == 3  # a refused command posted nothing


async def test_the_limit_comes_from_max_open_lobbies(tmp_path: Path) -> None:
    assert load_config({}, dotenv=False).max_open_lobbies == 3
    assert load_config({"MAX_OPEN_LOBBIES": " 1 "}, dotenv=False).max_open_lobbies == 1
    assert load_config({"MAX_OPEN_LOBBIES": "0"}, dotenv=False).max_open_lobbies == 0
    assert load_config({"MAX_OPEN_LOBBIES": "many"}, dotenv=False).max_open_lobbies == 3  # logged, default kept
    async with open_table(tmp_path, max_open_lobbies=1) as table:
        assert not (await table.slash("ana", "catbox new", seats=2)).ephemeral
        refused = await table.slash("ana", "calico new", seats=2)
        assert refused.ephemeral and "one member may (1)" in refused.text


async def test_a_high_limit_names_the_first_lobbies_only(tmp_path: Path) -> None:
    async with open_table(tmp_path, max_open_lobbies=7) as table:
        for _ in range(7):
            assert not (await table.slash("ana", "calico new", seats=2)).ephemeral
        refused = await table.slash("ana", "calico new", seats=2)
        assert refused.ephemeral and "`/calico end game: 5`" in refused.text and "game: 6`" not in refused.text
        assert refused.text.endswith("; ….")
