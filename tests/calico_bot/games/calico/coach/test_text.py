"""The review's text: within Discord's limits in both languages, naming tiles and spaces as the bot does."""

from __future__ import annotations

import dataclasses

import pytest

from calico_bot.games.calico.coach import QUICK, Review, review_game
from calico_bot.games.calico.coach.text import CHUNK_LIMIT, chunk, review_text, tile_words, worst_caption
from calico_bot.games.calico.engine.game import GameState


@pytest.fixture(scope="module")
def review(duel: GameState) -> Review:
    return review_game(duel, 0, settings=QUICK)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_texts_fit_discord_messages(review: Review, lang: str) -> None:
    chunks = review_text(review, lang)
    assert 1 <= len(chunks) <= 5
    assert all(0 < len(c) <= CHUNK_LIMIT for c in chunks)
    text = "\n".join(chunks)
    worst = review.worst_turns()[0]
    assert tile_words(lang, worst.made.tile) in text and worst.made.space in text
    assert tile_words(lang, worst.suggested.tile) in text and worst.suggested.space in text
    assert f"{worst.loss:.1f}" in text
    for turn in review.turns:  # one line per turn, in order
        assert f"`{turn.number:>2}`" in text
    if lang == "zh":
        assert "回合" in text and "复盘" in text
    else:
        assert "Turn by turn" in text


def test_tiles_are_named_like_the_rest_of_the_bot() -> None:
    assert tile_words("en", 3 * 6 + 0) == "yellow dots"
    assert tile_words("zh", 3 * 6 + 0) == "黄色圆点"


def test_a_long_review_is_split_between_lines(review: Review) -> None:
    long_name = dataclasses.replace(review, name="N" * 300, turns=review.turns * 4)
    chunks = review_text(long_name, "en")
    assert len(chunks) >= 3 and all(len(c) <= CHUNK_LIMIT for c in chunks)
    assert chunk(["a" * 3000]) == ["a" * CHUNK_LIMIT]


def test_captions_name_the_turn(review: Review) -> None:
    i = review.worst[0]
    assert f"Turn {review.turns[i].number}" in worst_caption(review, i, "en")
    assert f"第 {review.turns[i].number} 回合" in worst_caption(review, i, "zh")


def test_a_flawless_game_says_so(solo_strong: GameState) -> None:
    review = review_game(solo_strong, 0, settings=QUICK)
    flawless = dataclasses.replace(review, worst=())
    assert "well played" in review_text(flawless, "en")[0]


def test_a_caption_outside_the_costliest_has_no_rank(review: Review) -> None:
    i = next(k for k in range(len(review.turns)) if k not in review.worst)
    assert worst_caption(review, i, "en").startswith(f"Turn {review.turns[i].number}:")
    assert worst_caption(review, review.worst[1], "en").startswith("2. Turn")


def test_the_daily_puzzle_review_has_its_own_title(solo_strong: GameState) -> None:
    review = review_game(solo_strong, 0, settings=QUICK)
    assert review_text(review, "en", daily=True)[0].startswith("**Review of your daily puzzle, Ada**")
    assert review_text(review, "zh", daily=True)[0].startswith("**Ada 的每日谜题复盘**")
