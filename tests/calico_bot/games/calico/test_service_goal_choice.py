"""Calico's goal choice at setup runs on the plug-in service's sealed prompts: one player's answer does
not make another's stale, two answers at the same moment (two processes) are both accepted, and no goal
is shown to anyone (history, spectator's view, export, the others' views) until the last one is in."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.service import CalicoGames, GameError, LobbyOptions, Person
from calico_bot.storage import open_storage

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)
CY = Person(3, "cy", guild_id=7)


async def three_players(service: CalicoGames) -> int:
    game = await service.create(guild_id=7, channel_id=70, host=ANA, options=LobbyOptions(mode="standard", seats=3))
    await service.join(game.id, BO)
    await service.join(game.id, CY)
    await service.start(game.id, ANA, seed=11)
    return game.id


async def goals_of(service: CalicoGames, game_id: int, seat: int) -> dict[str, str]:
    game = await service.load(game_id)
    assert game.state is not None
    return dict(zip(GOAL_SPACES, game.state.players[seat].offered[:3], strict=True))


async def test_answers_at_the_same_moment_are_both_accepted_and_stay_sealed(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        first = CalicoGames(storage)
        second = CalicoGames(storage)  # another process: its own locks, the same database
        game_id = await three_players(first)
        opened = (await first.load(game_id)).row.version  # ana's panel is built at this version
        ana, bo, cy = [await goals_of(first, game_id, s) for s in range(3)]
        done = await asyncio.gather(first.choose_goals(game_id, BO, bo), second.choose_goals(game_id, CY, cy))
        assert all(u.done and u.done[0].sealed and u.done[0].public == {} for u in done)
        assert not any(u.setup_done for u in done)
        game = await first.load(game_id)
        assert game.state is not None and game.state.phase == "setup" and game.row.version > opened
        assert [p.needs_goals for p in game.state.players] == [True, False, False]
        # Nobody sees a chosen goal yet: not the table, not the history, not another player.
        spectator = json.dumps(game.view(None))
        assert all(g in json.dumps(game.view(1)) for g in bo.values())  # bo sees his own (the check can fail)
        for goal in {*bo.values(), *cy.values()}:
            assert goal not in spectator
        for goal in {*bo.values(), *cy.values()} - set(game.state.players[0].offered):  # ana knows her own
            assert goal not in json.dumps(game.view(0))
        assert all(d.public == {} for d in await first.history(game_id, ANA))
        # ana's panel was built before both answers: it is not stale.
        last = await first.choose_goals(game_id, ANA, ana, expected_version=opened)
        assert last.setup_done and last.game.state is not None and last.game.state.phase == "play"
        assert [p.goals for p in last.game.state.players] == [ana, bo, cy]
    finally:
        await storage.close()


async def test_a_second_answer_and_a_wrong_one_are_refused_and_change_nothing(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage)
        game_id = await three_players(service)
        bo = await goals_of(service, game_id, 1)
        await service.choose_goals(game_id, BO, bo)
        before = (await service.load(game_id)).row.version
        for person, goals, code in ((BO, bo, "rule"), (ANA, {"B3": "AAA-BBB"}, "rule")):
            with pytest.raises(GameError) as refused:  # a polite refusal with its code, never a crash
                await service.choose_goals(game_id, person, goals)
            assert refused.value.code == code
        assert (await service.load(game_id)).row.version == before
    finally:
        await storage.close()


async def test_a_goal_choice_cannot_be_taken_back(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage)
        game_id = await three_players(service)
        await service.choose_goals(game_id, ANA, await goals_of(service, game_id, 0))
        before = await service.load(game_id)
        with pytest.raises(GameError) as refused:
            await service.undo(game_id, ANA)
        assert refused.value.code == "nothing_to_undo"
        after = await service.load(game_id)
        assert after.row.version == before.row.version and after.state is not None and before.state is not None
        assert after.state.to_json() == before.state.to_json()
    finally:
        await storage.close()
