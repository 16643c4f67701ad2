"""The coach's review through Calico's service: the turns the bot played for a player who resigned are
marked as the bot's, not judged as the player's."""

from __future__ import annotations

from pathlib import Path

from calico_bot.games.calico.coach import QUICK
from calico_bot.games.calico.engine.game import legal_turns
from calico_bot.games.calico.service import CalicoGames, LobbyOptions, Person
from calico_bot.storage import open_storage

ANA = Person(1, "ana", guild_id=7)
BO = Person(2, "bo", guild_id=7)


async def test_turns_the_bot_played_after_a_resignation_are_marked(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from calico_bot.games.calico import service as service_module

    real = service_module.review_game
    monkeypatch.setattr(service_module, "review_game", lambda *a, **k: real(*a, settings=QUICK, **k))
    storage = await open_storage(tmp_path / "db.sqlite3")
    try:
        service = CalicoGames(storage)
        game = await service.create(guild_id=7, channel_id=70, host=ANA, options=LobbyOptions(mode="beginner", seats=2))
        await service.join(game.id, BO)
        await service.start(game.id, ANA, seed=9)
        for _ in range(4):  # two turns each
            state = (await service.load(game.id)).state
            assert state is not None
            move = legal_turns(state)[0]
            await service.play(game.id, ANA if state.current == 0 else BO, tile=move.tile, space=move.space,
                               take=move.take)
        await service.resign(game.id, BO)  # the strong bot plays bo's seat from here to the end
        while (loaded := await service.load(game.id)).state is not None and not loaded.state.over:
            move = legal_turns(loaded.state)[0]
            await service.play(game.id, ANA, tile=move.tile, space=move.space, take=move.take)
        _, review = await service.review(game.id, BO)
        assert [t.auto for t in review.turns] == [False, False] + [True] * (len(review.turns) - 2)
        assert review.auto_turns == len(review.turns) - 2 > 0
        _, own = await service.review(game.id, ANA)
        assert own.auto_turns == 0
    finally:
        await storage.close()
