"""The host takes a player or a bot out of a lobby that has not started, on every driver."""

from __future__ import annotations

import pytest

from calico_bot.services.plugin_games import PluginGames
from calico_bot.services.tables import GameError, Person

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)
CY = Person(3, "cy", guild_id=7)
MOD = Person(4, "mod", is_moderator=True, guild_id=7)
EVE = Person(5, "eve", is_moderator=True, guild_id=8)  # Manage Server in another server


async def lobby_with_bo(service: PluginGames) -> int:
    game = await service.create(guild_id=7, channel_id=70, host=ANA, seats=2)
    await service.join(game.id, BO)
    return game.id


async def refusal(coro: object) -> GameError:
    with pytest.raises(GameError) as refused:
        await coro  # type: ignore[misc]
    return refused.value


async def test_the_host_removes_a_player_who_is_told_alone(lobbies: PluginGames) -> None:
    game_id = await lobby_with_bo(lobbies)
    game, removed = await lobbies.remove(game_id, ANA, user_id=BO.user_id)
    assert removed.name == "bo" and [s.name for s in game.seats] == ["ana"]
    assert [s.user_id for s in await lobbies.storage.get_seats(game_id)] == [ANA.user_id]
    [told] = await lobbies.storage.pending_outbox(game_id=game_id)
    assert told.payload["notes"] == [["removed_from_lobby", {"mention": f"<@{BO.user_id}>", "by": "ana",
                                                             "game": game_id}]]
    assert not told.payload["done"] and not told.payload["started"]
    again = await lobbies.join(game_id, BO)  # the seat is free again, for anybody
    assert [s.name for s in again.seats] == ["ana", "bo"]


async def test_a_bot_is_removed_by_its_seat_and_a_person_never_is(lobbies: PluginGames) -> None:
    game = await lobbies.create(guild_id=7, channel_id=70, host=ANA, seats=2)
    with_bot = await lobbies.add_bot(game.id, ANA, "easy")
    bot = next(s for s in with_bot.seats if s.is_bot)
    assert (await refusal(lobbies.remove(game.id, ANA, bot_seat=0))).code == "remove_not_in_lobby"  # ana's seat
    after, removed = await lobbies.remove(game.id, ANA, bot_seat=bot.seat)
    assert removed.is_bot and [s.name for s in after.seats] == ["ana"]
    [told] = await lobbies.storage.pending_outbox(game_id=game.id)
    assert told.payload["notes"][0][0] == "bot_removed_from_lobby" and "<@" not in str(told.payload)


async def test_every_refusal_names_what_to_do_and_changes_nothing(lobbies: PluginGames) -> None:
    lobbies.commands = {"bid": "bid"}
    game_id = await lobby_with_bo(lobbies)
    assert (await refusal(lobbies.remove(game_id, BO, user_id=ANA.user_id))).code == "host_only"
    assert (await refusal(lobbies.remove(game_id, EVE, user_id=BO.user_id))).code == "no_such_game"
    self_removal = await refusal(lobbies.remove(game_id, ANA, user_id=ANA.user_id))
    assert self_removal.code == "remove_self" and self_removal.params == {"game": game_id, "command": "bid"}
    assert (await refusal(lobbies.remove(game_id, ANA, user_id=CY.user_id))).code == "remove_not_in_lobby"
    host = await refusal(lobbies.remove(game_id, MOD, user_id=ANA.user_id))  # Manage Server, but not the host
    assert host.code == "remove_host" and host.params["name"] == "ana"
    kick = await refusal(lobbies.kick(game_id, ANA, BO.user_id))
    assert kick.code == "kick_lobby" and kick.params["command"] == "bid"
    assert [s.name for s in (await lobbies.load(game_id)).seats] == ["ana", "bo"]
    assert not await lobbies.storage.pending_outbox(game_id=game_id)
    await lobbies.start(game_id, ANA, seed=3)
    started = await refusal(lobbies.remove(game_id, ANA, user_id=BO.user_id))
    assert started.code == "remove_started" and started.params["command"] == "bid"
    await lobbies.end(game_id, ANA)
    assert (await refusal(lobbies.remove(game_id, ANA, user_id=BO.user_id))).code == "game_finished"


async def test_manage_server_may_remove_a_player_in_its_own_server(lobbies: PluginGames) -> None:
    game_id = await lobby_with_bo(lobbies)
    game, removed = await lobbies.remove(game_id, MOD, user_id=BO.user_id)
    assert removed.name == "bo" and len(game.seats) == 1
    [told] = await lobbies.storage.pending_outbox(game_id=game_id)
    assert told.payload["notes"][0][1]["by"] == "mod"
