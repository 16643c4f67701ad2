"""The limit on open lobbies: how many unstarted lobbies one member may host in one server, on every driver."""

from __future__ import annotations

import asyncio

import pytest

from calico_bot.services.plugin_games import PluginGames
from calico_bot.services.tables import DEFAULT_MAX_OPEN_LOBBIES, GameError, Person

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)
ANA_ELSEWHERE = Person(1, "ana", guild_id=8)


async def open_lobby(service: PluginGames, host: Person = ANA) -> int:
    game = await service.create(guild_id=host.guild_id, channel_id=70, host=host, seats=2)
    return game.id


async def test_a_fourth_open_lobby_is_refused_with_the_limit_and_how_to_close_one(lobbies: PluginGames) -> None:
    assert DEFAULT_MAX_OPEN_LOBBIES == 3
    lobbies.commands = {"bid": "bid"}
    opened = [await open_lobby(lobbies) for _ in range(3)]
    with pytest.raises(GameError) as refused:
        await open_lobby(lobbies)
    assert refused.value.code == "lobby_limit"
    assert refused.value.params["limit"] == 3 and refused.value.params["count"] == 3
    for game_id in opened:
        assert f"#{game_id}: `/bid end game: {game_id}`" in refused.value.params["lobbies_"]
    assert len(await lobbies.storage.find_games(host_id=ANA.user_id)) == 3  # nothing was written
    # Another member, and the same member in another server, are not held back.
    assert await open_lobby(lobbies, BO)
    assert await open_lobby(lobbies, ANA_ELSEWHERE)


async def test_starting_ending_or_leaving_a_lobby_frees_its_place(lobbies: PluginGames) -> None:
    first, second, third = [await open_lobby(lobbies) for _ in range(3)]
    await lobbies.join(first, BO)
    await lobbies.start(first, ANA, seed=1)  # a started game is no longer a lobby
    fourth = await open_lobby(lobbies)
    await lobbies.end(second, ANA)
    fifth = await open_lobby(lobbies)
    await lobbies.leave(third, ANA)  # alone in it: the lobby closes
    sixth = await open_lobby(lobbies)
    with pytest.raises(GameError, match="lobby_limit"):
        await open_lobby(lobbies)
    waiting = await lobbies.storage.find_games(host_id=ANA.user_id, statuses=("lobby",))
    assert [g.id for g in waiting] == [fourth, fifth, sixth]


async def test_commands_sent_together_cannot_pass_the_limit_together(lobbies: PluginGames) -> None:
    results = await asyncio.gather(*(open_lobby(lobbies) for _ in range(7)), return_exceptions=True)
    refused = [r for r in results if isinstance(r, GameError)]
    assert len(refused) == 4 and all(r.code == "lobby_limit" for r in refused)
    assert len([r for r in results if isinstance(r, int)]) == 3
    assert len(await lobbies.storage.find_games(host_id=ANA.user_id, statuses=("lobby",))) == 3


async def test_the_limit_is_configurable_and_zero_means_none(lobbies: PluginGames) -> None:
    lobbies.max_open_lobbies = 1
    await open_lobby(lobbies)
    with pytest.raises(GameError) as refused:
        await open_lobby(lobbies)
    assert refused.value.params["limit"] == 1
    lobbies.max_open_lobbies = 0
    for _ in range(5):
        await open_lobby(lobbies)
    assert len(await lobbies.storage.find_games(host_id=ANA.user_id)) == 6
