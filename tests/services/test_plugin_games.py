"""The plug-in service on the tiny sealed-bid game: sealed prompts, per-seat clocks, undo with consent."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from calico_bot.services.clock import Clock
from calico_bot.services.plugin_games import PluginGames
from calico_bot.services.tables import GameError, Person
from calico_bot.storage import open_storage
from tests.calico_bot.core.sealed_bid import PLUGIN

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)
EVE = Person(3, "eve", guild_id=8)  # another server


class Now:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[PluginGames]:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        yield PluginGames(storage, PLUGIN, clock=Now())
    finally:
        await storage.close()


async def started(service: PluginGames, *, bot: bool = False, hours: float | None = 24.0) -> int:
    game = await service.create(guild_id=7, channel_id=70, host=ANA, seats=2, deadline_hours=hours)
    if bot:
        await service.add_bot(game.id, ANA, "easy")
    else:
        await service.join(game.id, BO)
    await service.start(game.id, ANA, seed=11)
    return game.id


def bid(seat: int, card: int) -> dict:
    return {"type": "bid", "player": seat, "card": card}


async def hands(service: PluginGames, game_id: int) -> list[list[int]]:
    game = await service.load(game_id)
    return [list(h) for h in game.state["hands"]]


async def test_both_seats_owe_a_sealed_answer_and_one_answer_does_not_stale_the_other(service: PluginGames) -> None:
    game_id = await started(service)
    game = await service.load(game_id)
    assert [(p.seat, p.key, p.sealed) for p in game.prompts] == [(0, "round:0", True), (1, "round:0", True)]
    h = await hands(service, game_id)
    update = await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))
    assert update.done[0].sealed and update.done[0].public == {}  # nobody learns the card
    assert all(d["public"] == {} for d in update.to_outbox()["done"])
    # bo's panel was built before ana answered: still good
    update = await service.act(game_id, BO, "round:0", bid(1, h[1][0]))
    assert update.done[-1].resolved and update.done[-1].public == {"bids": [h[0][0], h[1][0]]}
    history = await service.history(game_id, ANA)
    assert [d.public for d in history] == [{}, {"bids": [h[0][0], h[1][0]]}]


async def test_two_answers_arriving_at_once_are_both_accepted(service: PluginGames) -> None:
    game_id = await started(service)
    h = await hands(service, game_id)
    results = await asyncio.gather(service.act(game_id, ANA, "round:0", bid(0, h[0][1])),
                                   service.act(game_id, BO, "round:0", bid(1, h[1][1])))
    assert len(results) == 2
    game = await service.load(game_id)
    assert game.state["round"] == 1 and game.row.version == 3  # start + two answers


async def test_a_refused_or_stale_answer_changes_nothing(service: PluginGames) -> None:
    game_id = await started(service)
    before = await service.load(game_id)
    h = await hands(service, game_id)
    not_mine = next(c for c in range(1, 10) if c not in h[0])
    with pytest.raises(GameError) as refused:
        await service.act(game_id, ANA, "round:0", bid(0, not_mine))
    assert refused.value.code == "rule" and refused.value.params["code_"] == "card_not_in_hand"
    with pytest.raises(GameError) as other:
        await service.act(game_id, ANA, "round:0", bid(1, h[1][0]))  # answering for bo
    assert other.value.code == "not_awaited"
    with pytest.raises(GameError) as stale:
        await service.act(game_id, ANA, "round:7", bid(0, h[0][0]))
    assert stale.value.code == "stale"
    with pytest.raises(GameError) as elsewhere:
        await service.act(game_id, EVE, "round:0", bid(0, h[0][0]))
    assert elsewhere.value.code == "no_such_game"
    after = await service.load(game_id)
    assert after.row.version == before.row.version and after.row.state == before.row.state


async def test_each_seat_has_its_own_deadline_from_when_its_prompt_opened(service: PluginGames) -> None:
    now = service.clock
    game_id = await started(service, hours=1.0)
    timers = await service.storage.get_timers(game_id)
    assert sorted((t.kind, t.payload["seat"]) for t in timers) == [
        ("deadline", 0), ("deadline", 1), ("reminder", 0), ("reminder", 1)]
    bo_deadline = next(t.due_at for t in timers if t.kind == "deadline" and t.payload["seat"] == 1)
    now.now += 600  # type: ignore[attr-defined]
    h = await hands(service, game_id)
    await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))
    timers = await service.storage.get_timers(game_id)
    assert [(t.kind, t.payload["seat"], t.due_at) for t in timers if t.kind == "deadline"] == [
        ("deadline", 1, bo_deadline)]  # ana's answer did not restart bo's clock
    now.now = bo_deadline + 1  # type: ignore[attr-defined]
    clock = Clock(service.storage, {PLUGIN.key: service}, instance_id="t", clock=now)
    events = await clock.fire_due()
    assert [(kind, e.kind) for kind, _, e in events] == [("bid", "deadline")]
    game = await service.load(game_id)
    assert game.state["round"] == 1  # bo's bid was made for them, the round resolved
    assert [d.auto for d in await service.history(game_id, BO)] == [None, "deadline"]
    assert await clock.fire_due() == []  # fired once


async def test_undo_of_an_answer_that_revealed_needs_the_other_players_consent(service: PluginGames) -> None:
    game_id = await started(service)
    h = await hands(service, game_id)
    await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))
    await service.act(game_id, BO, "round:0", bid(1, h[1][0]))  # reveals both bids
    before = await service.load(game_id)
    update = await service.undo(game_id, BO)
    assert update.undo_request is not None and update.game.state == before.state  # nothing taken back yet
    with pytest.raises(GameError) as own:
        await service.answer_undo(game_id, BO, accept=True)
    assert own.value.code == "undo_own_request"
    await service.answer_undo(game_id, ANA, accept=True)
    game = await service.load(game_id)
    assert game.state["round"] == 0 and game.state["hands"][1] == h[1] and game.state["bids"] == [h[0][0], None]
    assert game.state == service.replay_rows(await service.log_rows(game_id))  # the log replays to it


async def test_a_declined_or_overtaken_undo_request_takes_nothing_back(service: PluginGames) -> None:
    game_id = await started(service)
    h = await hands(service, game_id)
    await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))
    await service.act(game_id, BO, "round:0", bid(1, h[1][0]))
    await service.undo(game_id, BO)
    await service.answer_undo(game_id, ANA, accept=False)
    with pytest.raises(GameError) as gone:
        await service.answer_undo(game_id, ANA, accept=True)
    assert gone.value.code == "no_undo_request"
    assert (await service.load(game_id)).state["round"] == 1


async def test_an_answer_that_revealed_nothing_is_undone_at_once(service: PluginGames) -> None:
    game_id = await started(service)
    h = await hands(service, game_id)
    await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))
    update = await service.undo(game_id, ANA)
    assert update.undo_request is None
    game = await service.load(game_id)
    assert game.state["hands"][0] == h[0] and game.state["bids"] == [None, None]
    with pytest.raises(GameError) as nothing:
        await service.undo(game_id, BO)
    assert nothing.value.code == "nothing_to_undo"


async def test_with_only_bots_to_ask_an_undo_after_a_reveal_is_free(service: PluginGames) -> None:
    game_id = await started(service, bot=True)
    game = await service.load(game_id)
    assert [p.seat for p in game.prompts] == [0]  # the bot answered at once, sealed
    h = await hands(service, game_id)
    await service.act(game_id, ANA, "round:0", bid(0, h[0][0]))  # resolves the round with the bot's bid
    game = await service.load(game_id)
    assert game.state["round"] == 1 and [p.seat for p in game.prompts] == [0]
    update = await service.undo(game_id, ANA)
    assert update.undo_request is None
    game = await service.load(game_id)
    # ana's bid and the bot's next-round reply come back; the bot's sealed bid made before ana stays
    assert game.state["round"] == 0 and game.state["hands"][0] == h[0]
    assert game.state["bids"][0] is None and game.state["bids"][1] is not None
    assert [p.seat for p in game.prompts] == [0]


async def test_a_kicked_player_is_played_by_the_default_policy_and_the_game_ends_with_results(
        service: PluginGames) -> None:
    game_id = await started(service)
    await service.kick(game_id, ANA, BO.user_id)
    for _ in range(3):
        game = await service.load(game_id)
        if not game.prompts:
            break
        (prompt,) = game.prompts
        await service.act(game_id, ANA, prompt.key, bid(0, game.state["hands"][0][0]))
    game = await service.load(game_id)
    assert game.row.status == "over" and game.state["round"] == 3
    stats = await service.storage.get_stats(7, ANA.user_id, "bid")
    assert stats.played == 1
