"""The coach's image of one reviewed turn: drawn from a view, both moves marked, opaque, a sane size."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import ImageChops

from calico_bot.games.calico.ai.random_policy import RandomPolicy
from calico_bot.games.calico.ai.runner import play_game
from calico_bot.games.calico.coach import QUICK, Review, position_view, review_game
from calico_bot.games.calico.coach.text import worst_caption
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game
from calico_bot.games.calico.engine.geometry import parse_label
from render.calico import layout as L
from render.calico import to_png_bytes
from render.calico.review import board_of, render_review_turn, view_state


@pytest.fixture(scope="module")
def game() -> GameState:
    state = new_game(GameOptions(players=["Rand", "Stro"]), 5)
    play_game(state, [RandomPolicy(4), QUICK.policy()])
    return state


@pytest.fixture(scope="module")
def review(game: GameState) -> Review:
    return review_game(game, 0, settings=QUICK)


def _diff_at(a, b, xy: tuple[int, int]) -> bool:
    x, y = xy
    box = (x - 36, y - 42, x + 36, y + 42)
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


def test_the_view_state_holds_no_hidden_tiles(game: GameState) -> None:
    view = position_view(game, 0, 6)
    state = view_state(view, "Rand")
    assert state.bag == [] and state.players[1].hand == []
    assert board_of(view.quilt) == game.players[0].board
    assert state.players[0].quilt.cells == view.quilt.cells


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_costly_turn_has_an_image_with_both_moves_marked(game: GameState, review: Review, lang: str) -> None:
    for i in review.worst:
        turn = review.turns[i]
        view = position_view(game, 0, turn.number)
        img = render_review_turn(view, turn, name=review.name, caption=worst_caption(review, i, lang), lang=lang)
        assert img.mode == "RGB" and img.width == L.QUILT_W and 600 <= img.height <= 900
        assert len(to_png_bytes(img)) < 400_000
        # swap the two moves: the picture changes where either placement is drawn
        swapped = dataclasses.replace(turn, made=turn.suggested, suggested=turn.made)
        other = render_review_turn(view, swapped, name=review.name, caption=worst_caption(review, i, lang), lang=lang)
        if turn.made.space == turn.suggested.space:  # one space, both rings: only the tile drawn may change
            continue
        for space in (turn.made.space, turn.suggested.space):
            cell = parse_label(space)
            assert cell is not None
            assert _diff_at(img, other, L.cell_center(cell))


def test_a_move_that_does_not_fit_the_position_is_refused(game: GameState, review: Review) -> None:
    turn = review.turns[5]
    view = position_view(game, 0, turn.number + 1)  # one turn later: the space is taken
    with pytest.raises(ValueError):
        render_review_turn(view, turn)


def test_review_images_are_pngs_of_the_costliest_turns(game: GameState, review: Review) -> None:
    from calico_bot.games.calico.coach import position_views
    from render.calico.review import review_images

    files = review_images(game.to_record(include_hidden=True), review, "zh")
    assert [name for name, _ in files] == [f"review-turn-{review.turns[i].number}.png" for i in review.worst]
    assert all(data.startswith(b"\x89PNG") and len(data) < 400_000 for _, data in files)
    assert len(position_views(game, 0)) == 22
