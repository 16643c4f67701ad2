"""Hostile and broken interaction payloads through the real dispatch: every one gets an answer (or,
for a repeated or unknown delivery, silence) and none logs an error or a traceback."""

from __future__ import annotations

import copy
import random
from typing import Any

from .conftest import Table
from .test_calico_cog import open_two_player_game

VALUES = [None, [], {}, [1, 2], {"a": 1}, 2**64, -(2**64), -1, 0, 1.5, float("inf"), "", "x" * 5000, "😀" * 50,
          True, False, "A1", "9" * 30, "<@1>", "@everyone", "\x00", "'; DROP TABLE games; --"]
STRUCTURES = ["oops", 5, None, [{"type": 1}], [{"name": 3, "type": "x"}], [[]]]


async def test_slash_commands_with_mangled_options(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    rng = random.Random(1)
    commands = [("calico play", {"tile": 1, "space": "A1", "take": 1}), ("calico status", {"game": 1}),
                ("calico goals", {"b3": "AAA-BBB", "c4": "AA-BB-CC", "d2": "AAAA-BB"}),
                ("calico new", {"mode": "beginner", "seats": 2, "deadline_hours": 1.0}),
                ("rules ask", {"question": "can I lead red"}), ("daily leaderboard", {}),
                ("calico kick", {"player": table.users["bo"]}), ("calico hint", {"turn": 1}),
                ("rules topic", {"topic": "calico.cats"}), ("daily-admin channel", {})]
    problems = []
    for _ in range(300):
        name, opts = rng.choice(commands)
        payload = table.driver.factory.slash(table.users["ana"], thread, name, opts)
        leaf = payload["data"]["options"]
        while leaf and leaf[0].get("type") in (1, 2):
            leaf = leaf[0].setdefault("options", [])
        for option in leaf:
            if rng.random() < 0.6:
                option["value"] = rng.choice(VALUES)
        if rng.random() < 0.1 and leaf:
            leaf.append({"name": rng.choice(["zzz", "game", leaf[0]["name"]]), "type": 3, "value": "x"})
        if rng.random() < 0.05:
            payload["data"]["options"] = copy.deepcopy(rng.choice(STRUCTURES))
        r = await table.driver.send(payload)
        if r.errors or r.timed_out or not r.callback_types:
            problems.append((name, [e.getMessage()[:200] for e in r.errors], r.timed_out, payload["data"]))
    assert not problems, problems[:5]
    assert not table.fake.limit_refusals


async def test_clicks_with_forged_custom_ids(table: Table) -> None:
    await open_two_player_game(table)
    thread = table.thread()
    template = next(m for m in table.fake.messages if not m.ephemeral)
    huge = "9" * 40
    forged = [f"cal:lobby:join:{huge}", "cal:lobby:start:0", f"cal:turn:{huge}", "cal:goals:1",
              f"cal:go:1:{huge}:1:A1:1", "cal:go:1:0:9:E5:9", "cal:p:1:0:0:-:0:t", f"cal:addbot:{huge}",
              f"cal:end:1:{huge}", "cal:end:1:0", "cal:g:1:0:9:9:9:0", "cal:gc:1:0:0:1:2", f"dly:go:{huge}:0:1:A1:1",
              "rules:en:no.such.entry", "rules:zh:calico.cats"]
    problems = await click_forged(table, template, thread, forged)
    assert not problems, problems
    game = (await table.bot.storage.find_games())[0]
    assert game.status == "active"  # nobody else could end or change it


async def test_a_plugin_table_survives_mangled_commands_and_forged_ids(table: Table) -> None:
    made = await table.slash("ana", "catbox new", seats=2)
    game = (await table.bot.tables["citb"].games_here(table.channel.id))[-1].id
    await table.click("bo", made.original, f"citb:lobby:join:{game}")
    await table.slash("ana", "catbox start", game=game)
    thread = table.thread()
    rng = random.Random(2)
    commands = [("catbox play", {"choice": "7 red", "game": game}), ("catbox new", {"seats": 3, "deadline_hours": 1.0}),
                ("catbox status", {"game": game}), ("catbox kick", {"player": table.users["bo"]}),
                ("catbox addbot", {"level": "easy"}), ("catbox hand", {}), ("catbox undo", {"game": game})]
    problems = []
    for _ in range(150):
        name, opts = rng.choice(commands)
        payload = table.driver.factory.slash(table.users[rng.choice(["ana", "cy"])], thread, name, opts)
        leaf = payload["data"]["options"]
        while leaf and leaf[0].get("type") in (1, 2):
            leaf = leaf[0].setdefault("options", [])
        for option in leaf:
            if rng.random() < 0.6:
                option["value"] = rng.choice(VALUES)
        r = await table.driver.send(payload)
        if r.errors or r.timed_out or not r.callback_types:
            problems.append((name, [e.getMessage()[:200] for e in r.errors], r.timed_out, payload["data"]))
    assert not problems, problems[:5]
    before = await table.bot.storage.get_game(game)
    template = next(m for m in table.fake.messages if not m.ephemeral)
    huge = "9" * 19
    forged = [f"citb:lobby:join:{huge}", f"citb:lobby:start:{game}", f"citb:step:{game}:0:|r0.set_aside",
              f"citb:step:{game}:3:99.99.99|r0.set_aside", f"citb:step:{huge}:0:0|r0.set_aside",
              f"citb:step:{game}:0:|r9.bid.0", f"citb:undo:yes:{game}:1", f"citb:end:{game}:0",
              f"citb:botlevel:{game}", f"citb:open:{huge}", f"citb:open:{game}"]
    problems += await click_forged(table, template, thread, forged)
    assert not problems, problems
    after = await table.bot.storage.get_game(game)
    assert after is not None and before is not None
    assert after.status == "active" and after.version == before.version  # cy could change nothing
    assert not table.fake.limit_refusals


async def click_forged(table: Table, template: Any, thread: Any, forged: list[str]) -> list[tuple]:
    """cy presses a button with each forged custom id on a copy of ``template``; what went wrong, if anything."""
    problems = []
    for custom_id in forged:
        message = copy.deepcopy(template)
        message.components = [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x",
                                                           "custom_id": custom_id}]}]
        r = await table.driver.click(table.users["cy"], message, custom_id, channel=thread)
        if r.errors or r.timed_out or not r.callback_types:
            problems.append((custom_id, [e.getMessage()[:200] for e in r.errors], r.timed_out))
    return problems
