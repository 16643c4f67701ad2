"""The game log is stored once: in the action rows (with what each turn did), not in every saved state."""

from __future__ import annotations

import json
from pathlib import Path

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import CalicoGames, LobbyOptions, Person
from calico_bot.storage import open_storage

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)


async def two_player_game(service: CalicoGames) -> int:
    game = await service.create(guild_id=7, channel_id=70, host=ANA, options=LobbyOptions(mode="beginner", seats=2))
    await service.join(game.id, BO)
    await service.start(game.id, ANA, seed=5)
    return game.id


async def play(service: CalicoGames, game_id: int, n: int) -> None:
    for _ in range(n):
        game = await service.load(game_id)
        assert game.state is not None
        move = legal_turns(game.state)[0]
        await service.play(game_id, ANA if game.state.current == 0 else BO, tile=move.tile, space=move.space,
                           take=move.take)


async def test_the_log_lives_in_the_action_rows_and_comes_back_on_load(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: 1_800_000_000.0)
        game_id = await two_player_game(service)
        await play(service, game_id, 5)
        asked = await service.undo(game_id, ANA)  # ana's last turn showed a new market tile: bo must agree
        assert asked.undo_request is not None
        await service.answer_undo(game_id, BO, accept=True)  # takes back ana's last turn
        await play(service, game_id, 2)
        stored = json.loads((await storage.get_game(game_id)).state)  # type: ignore[union-attr]
        assert "log" not in stored
        rows = [a.action for a in await storage.get_actions(game_id)]
        assert all("result" in a for a in rows if a["type"] == "turn")
        game = await service.load(game_id)
        assert game.state is not None and len(game.state.log) == game.state.turns == 6
        spaces = [a["space"] for a in rows if a["type"] == "turn"]  # the fifth was taken back
        assert [e["space"] for e in game.state.log] == spaces[:4] + spaces[5:]
        record = game.state.to_record(include_hidden=True)  # and it replays
        assert len([a for a in record["actions"] if a["type"] == "turn"]) == 6
    finally:
        await storage.close()


async def test_a_game_saved_the_old_way_keeps_its_log_in_the_state(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: 1_800_000_000.0)
        game_id = await two_player_game(service)
        await play(service, game_id, 2)
        game = await service.load(game_id)
        assert game.state is not None
        # As saved before: the whole state with its log, action rows without results.
        await storage.execute("UPDATE games SET state = ? WHERE id = ?",
                              (json.dumps(game.state.to_json()), game_id))
        await storage.execute("UPDATE actions SET action = json_remove(action, '$.result') WHERE game_id = ?",
                              (game_id,))
        await play(service, game_id, 2)
        stored = json.loads((await storage.get_game(game_id)).state)  # type: ignore[union-attr]
        assert len(stored["log"]) == 4
        again = await service.load(game_id)
        assert again.state is not None and again.state.turns == 4
    finally:
        await storage.close()
