"""Turns the bot played for a player (resigned, kicked, out of time) are marked, not blamed on the player."""

from __future__ import annotations

import pytest

from calico_bot.games.calico.coach import QUICK, Review, review_game
from calico_bot.games.calico.coach.text import review_text
from calico_bot.games.calico.engine.actions import ChooseGoals, Turn, action_from_json
from calico_bot.games.calico.engine.game import GameState


def _seat_actions(game: GameState, seat: int) -> tuple[int | None, list[int]]:
    """The index of ``seat``'s goal choice and of each of its turns in the record's actions."""
    actions = [action_from_json(a, "a") for a in game.to_record(include_hidden=True)["actions"]]
    goals = next((i for i, a in enumerate(actions) if isinstance(a, ChooseGoals) and a.player == seat), None)
    return goals, [i for i, a in enumerate(actions) if isinstance(a, Turn) and a.player == seat]


@pytest.fixture(scope="module")
def reviews(duel: GameState) -> tuple[Review, Review, list[int]]:
    """Seat 0 (a random player) reviewed as played, and as if the bot had taken over after its 11th turn."""
    goals, turns = _seat_actions(duel, 0)
    taken_over = turns[11:]
    plain = review_game(duel, 0, settings=QUICK)
    marked = review_game(duel, 0, settings=QUICK, bot_actions=[*taken_over, goals])
    return plain, marked, taken_over


def test_bot_turns_are_marked_and_not_counted(reviews: tuple[Review, Review, list[int]]) -> None:
    plain, marked, taken_over = reviews
    assert [t.auto for t in marked.turns] == [False] * 11 + [True] * len(taken_over)
    assert marked.auto_turns == len(taken_over) == 11
    assert len(marked.own_turns) == 11
    # The player's own turns are valued exactly as before; the bot's turns cost them nothing.
    assert marked.turns[:11] == plain.turns[:11]
    assert all(t.loss == 0 and t.same for t in marked.turns[11:])
    assert marked.total_loss == pytest.approx(sum(t.loss for t in plain.turns[:11]))
    assert plain.total_loss > marked.total_loss  # a random player loses points on its later turns too
    assert all(marked.turns[i].number <= 11 for i in marked.worst)
    assert marked.goals_auto and not plain.goals_auto


@pytest.mark.parametrize(("lang", "turn_mark", "summary", "setup"), [
    ("en", "played by the bot for you", "The bot played 11 of your turns", "the bot chose your design goals"),
    ("zh", "机器人代你下的", "有 11 个回合是机器人代你下的", "设计目标是机器人代你选的"),
])
def test_review_text_names_the_bot_turns(reviews: tuple[Review, Review, list[int]], lang: str, turn_mark: str,
                                         summary: str, setup: str) -> None:
    plain, marked, _ = reviews
    text = "\n".join(review_text(marked, lang))
    assert text.count(turn_mark) >= 11
    assert summary in text and setup in text
    own = "11" if lang == "en" else "11 个回合"
    assert own in text
    plain_text = "\n".join(review_text(plain, lang))
    assert turn_mark not in plain_text and summary not in plain_text


def test_the_marks_survive_json(reviews: tuple[Review, Review, list[int]]) -> None:
    _, marked, _ = reviews
    again = Review.from_json(marked.to_json())
    assert again == marked
