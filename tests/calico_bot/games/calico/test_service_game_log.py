"""Calico's game log is saved once (in the action rows, each turn with what it did; the saved state leaves
it out), and games saved by the services before the plug-in service keep working: their action rows,
start row, timers and waiting announcements are read in their old form."""

from __future__ import annotations

import json
from pathlib import Path

from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.engine.geometry import parse_label
from calico_bot.games.calico.service import CalicoGames, LobbyOptions, Person, Update
from calico_bot.storage import open_storage
from calico_bot.storage.interface import Storage

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)
NOW = 1_800_000_000.0


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


async def rows_of(storage: Storage, game_id: int) -> list[dict]:  # type: ignore[type-arg]
    return [a.action for a in await storage.get_actions(game_id)]


async def as_saved_before(storage: Storage, game_id: int, *, results: bool = True) -> None:
    """Rewrite a game's rows, timers and state the way Calico's own service saved them before it ran on
    the plug-in service: rule rows as the rules core's log entries, a start row without the seed, timers
    without a prompt key (and, ``results=False``, the older scheme: the log in the state, no results)."""
    game = await CalicoGames(storage, clock=lambda: NOW).load(game_id)
    assert game.state is not None
    for row in await storage.fetchall("SELECT version, action FROM actions WHERE game_id = ?", (game_id,)):
        action = json.loads(row[1])
        if action["type"] == "start":
            old = {"type": "start", "seed_hidden": True}
        elif action["type"] == "act":
            old = dict(action["action"])
            if old["type"] == "turn" and results:
                old["result"] = action["public"]
        else:
            continue
        await storage.execute("UPDATE actions SET action = ? WHERE game_id = ? AND version = ?",
                              (json.dumps(old), game_id, row[0]))
    for timer in await storage.get_timers(game_id):
        payload = {k: v for k, v in timer.payload.items() if k != "key"}
        await storage.execute("UPDATE timers SET payload = ? WHERE id = ?", (json.dumps(payload), timer.id))
    if not results:
        await storage.execute("UPDATE games SET state = ? WHERE id = ?", (json.dumps(game.state.to_json()), game_id))


async def test_the_log_lives_in_the_action_rows_and_comes_back_on_load(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: NOW)
        game_id = await two_player_game(service)
        await play(service, game_id, 5)
        asked = await service.undo(game_id, ANA)  # ana's last turn showed a new market tile: bo must agree
        assert asked.undo_request is not None
        await service.answer_undo(game_id, BO, accept=True)  # takes back ana's last turn
        await play(service, game_id, 2)
        stored = json.loads((await storage.get_game(game_id)).state)  # type: ignore[union-attr]
        assert "log" not in stored
        rows = await rows_of(storage, game_id)
        turns = [r for r in rows if r["type"] == "act" and r["kind"] == "turn"]
        assert all(r["public"]["space"] == r["action"]["space"] for r in turns)  # each with what it did
        game = await service.load(game_id)
        assert game.state is not None and len(game.state.log) == game.state.turns == 6
        spaces = [r["action"]["space"] for r in turns]  # the fifth was taken back
        assert [e["space"] for e in game.state.log] == spaces[:4] + spaces[5:]
        assert game.state.log == [{**r["action"], "result": r["public"]} for r in turns[:4] + turns[5:]]
        record = game.state.to_record(include_hidden=True)  # and it replays
        assert len([a for a in record["actions"] if a["type"] == "turn"]) == 6
    finally:
        await storage.close()


async def test_a_game_saved_before_the_plugin_service_plays_on_and_undoes(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: NOW)
        game_id = await two_player_game(service)
        await play(service, game_id, 3)
        before = await service.load(game_id)
        await as_saved_before(storage, game_id)
        assert "act" not in {r["type"] for r in await rows_of(storage, game_id)}
        again = await service.load(game_id)
        assert again.state is not None and before.state is not None
        assert again.state.to_json() == before.state.to_json()
        assert [r["kind"] for r in await service.log_rows(game_id) if r["type"] == "act"] == ["turn"] * 3
        await play(service, game_id, 2)  # bo, then ana
        asked = await service.undo(game_id, ANA)
        assert asked.undo_request is not None
        await service.answer_undo(game_id, BO, accept=True)
        game = await service.load(game_id)
        assert game.state is not None and game.state.turns == 4 and game.state.current == 0
        assert len(game.state.log) == 4
    finally:
        await storage.close()


async def test_the_oldest_saved_games_keep_their_log_through_a_replay(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: NOW)
        game_id = await two_player_game(service)
        await play(service, game_id, 2)
        before = await service.load(game_id)
        await as_saved_before(storage, game_id, results=False)  # the whole state with its log, no results
        await play(service, game_id, 2)  # from now on the state is saved without its log
        stored = json.loads((await storage.get_game(game_id)).state)  # type: ignore[union-attr]
        assert "log" not in stored
        game = await service.load(game_id)
        assert game.state is not None and game.state.turns == 4 and len(game.state.log) == 4
        assert before.state is not None and game.state.log[:2] == before.state.log
    finally:
        await storage.close()


async def test_a_timer_saved_without_a_prompt_key_still_fires_for_its_seat(tmp_path: Path) -> None:
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage, clock=lambda: NOW)
        game_id = await two_player_game(service)
        await play(service, game_id, 1)
        await as_saved_before(storage, game_id)
        deadline = next(t for t in await storage.get_timers(game_id) if t.kind == "deadline")
        assert "key" not in deadline.payload and deadline.payload["seat"] == 1
        fired = await service.fire(deadline)
        assert fired is not None and fired.kind == "deadline"
        game = await service.load(game_id)
        assert game.state is not None and game.state.turns == 2
        assert isinstance(fired.update, Update) and [t.auto for t in fired.update.turns] == ["deadline"]
    finally:
        await storage.close()


def test_an_announcement_saved_in_the_old_form_is_read() -> None:
    outcome = {"player": 1, "placed": ["PINK", "DOTS"], "space": "B2", "awards": [], "took": None, "take": None,
               "discarded": None, "game_over": False}
    old = {"turns": [{"seat": 1, "auto": "bot", "outcome": outcome}],
           "started": False, "setup_done": True, "finished": False, "notes": [["undone", {"name": "ana", "n": 0}]],
           "reminder": 1, "ended_by": None, "ping": True, "undo_request": None}
    update = Update.from_outbox(None, old)  # type: ignore[arg-type]
    assert update.setup_done and update.ping and update.reminder_seat == 1
    assert [(t.seat, t.auto, t.outcome.cell) for t in update.turns] == [(1, "bot", parse_label("B2"))]
    assert update.notes == [("undone", {"name": "ana", "n": 0})]
