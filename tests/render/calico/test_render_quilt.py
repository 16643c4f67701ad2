"""The quilt image shows what the game state holds, where players expect it."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from calico_bot.games.calico.engine.components import BOARD_NAMES, board_borders
from calico_bot.games.calico.engine.game import GameOptions, GameState, new_game
from calico_bot.games.calico.engine.geometry import GOAL_CELLS, LABELS, PATCH_CELLS, SIZE, label
from calico_bot.games.calico.engine.quilt import ButtonToken, CatToken
from calico_bot.games.calico.engine.scoring import score_goal
from render.calico import cell_center, render_placement_preview, render_quilt
from render.calico import layout as L
from render.calico.quilt import BUTTON_OFFSET, CAT_OFFSET
from render.calico.samples import play_game
from render.calico.stamps import goal_stamp
from render.kit import palette as pal


def rgb(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    return img.getpixel(xy)[:3]  # type: ignore[index,return-value]


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 2) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def window(img: Image.Image, xy: tuple[int, int], r: int) -> np.ndarray:
    x, y = xy
    return np.asarray(img.convert("RGB").crop((x - r, y - r, x + r + 1, y + r + 1))).reshape(-1, 3)


def test_image_size_and_mode(midgame: GameState) -> None:
    img = render_quilt(midgame, 0)
    assert img.mode == "RGB"
    assert img.size == (L.QUILT_W, L.QUILT_H)
    with_hand = render_quilt(midgame, 0, show_hand=True)
    assert with_hand.size == (L.QUILT_W, L.QUILT_H + L.HAND_H)


@pytest.mark.parametrize("options", [{}, {"show_hand": True}, {"highlight_last": True}])
def test_placed_patches_show_their_color_at_the_center(midgame: GameState, options: dict[str, bool]) -> None:
    for seat, player in enumerate(midgame.players):
        img = render_quilt(midgame, seat, **options)
        placed = [c for c in PATCH_CELLS if player.quilt.cells[c] >= 0]
        assert len(placed) >= 10
        for c in placed:
            expected = pal.TILE_RGB[player.quilt.cells[c] // 6]
            assert close(rgb(img, cell_center(c)), expected), (label(c), rgb(img, cell_center(c)), expected)


def test_empty_spaces_look_empty_and_carry_their_name(midgame: GameState) -> None:
    player = midgame.players[0]
    img = render_quilt(midgame, 0)
    empty = [c for c in PATCH_CELLS if player.quilt.cells[c] == -1]
    assert empty
    tile_colors = np.array(pal.TILE_RGB)
    for c in empty:
        px = window(img, cell_center(c), 14)
        colors, counts = np.unique(px, axis=0, return_counts=True)
        assert tuple(colors[counts.argmax()]) == pal.EMPTY_FILL, label(c)
        # the label's ink is there (text of the space's name) ...
        assert (np.abs(px - np.array(pal.EMPTY_LABEL)).max(axis=1) <= 12).sum() >= 20, label(c)
        # ... and no patch color
        dist = np.abs(px[:, None, :] - tile_colors[None, :, :]).max(axis=2)
        assert (dist <= 6).sum() == 0, label(c)
    # two different empty spaces are told apart by their names
    a, b = empty[0], empty[-1]
    if a != b:
        assert not np.array_equal(window(img, cell_center(a), 14), window(img, cell_center(b), 14))


@pytest.mark.parametrize("board", BOARD_NAMES)
def test_border_patches_match_the_board_data(board: str) -> None:
    other = next(b for b in BOARD_NAMES if b != board)
    state = new_game(GameOptions(players=["A", "B"], boards=[board, other]), 3)
    img = render_quilt(state, 0)
    border = board_borders()[board]
    assert len(border) == 24
    frame = pal.BOARD_FRAME[board]
    for (r, c), tile in border.items():
        x, y = cell_center(r * SIZE + c)
        assert close(rgb(img, (x, y)), pal.TILE_RGB[tile // 6]), (board, r, c)
        # patches on the outer edge lie partly off the board: their far side shows the frame
        if r == 0:
            assert close(rgb(img, (x, L.BOARD_BOX[1] - 5)), frame)
        if r == SIZE - 1 and abs(x - L.QUILT_W / 2) > 50:  # (the board's name is printed mid-bottom)
            assert close(rgb(img, (x, L.BOARD_BOX[3] + 4)), frame)
        if c == 0 and r % 2 == 0:
            assert close(rgb(img, (L.BOARD_BOX[0] - 5, y)), frame)
        if c == SIZE - 1 and r % 2 == 1:
            assert close(rgb(img, (L.BOARD_BOX[2] + 4, y)), frame)
    # the interior starts empty
    for c in PATCH_CELLS:
        assert close(rgb(img, cell_center(c)), pal.EMPTY_FILL, 40) or rgb(img, cell_center(c)) == pal.EMPTY_LABEL


def _without_tokens(state: GameState, seat: int) -> GameState:
    bare = state.copy()
    q = bare.players[seat].quilt
    q.cat_tokens, q.buttons, q.rainbow = [], [], None
    return bare


def _region(img: Image.Image, xy: tuple[int, int], r: int = 8) -> np.ndarray:
    return window(img, xy, r).astype(int)


def test_tokens_appear_where_awards_were_made(midgame: GameState) -> None:
    seen_cat = seen_button = False
    for seat, player in enumerate(midgame.players):
        quilt = player.quilt
        img = render_quilt(midgame, seat)
        bare = render_quilt(_without_tokens(midgame, seat), seat)
        for token in quilt.cat_tokens:
            x, y = cell_center(token.cell)
            spot = (x + CAT_OFFSET[0], y + CAT_OFFSET[1])
            assert np.abs(_region(img, spot) - _region(bare, spot)).mean() > 25
            seen_cat = True
        for button in quilt.buttons:
            x, y = cell_center(button.cell)
            spot = (x + BUTTON_OFFSET[0], y + BUTTON_OFFSET[1])
            assert np.abs(_region(img, spot) - _region(bare, spot)).mean() > 25
            seen_button = True
        token_cells = {t.cell for t in quilt.cat_tokens} | {b.cell for b in quilt.buttons}
        for c in PATCH_CELLS:
            if c not in token_cells and quilt.cells[c] >= 0:
                x, y = cell_center(c)
                for dx, dy in (CAT_OFFSET, BUTTON_OFFSET):
                    assert np.array_equal(_region(img, (x + dx, y + dy), 3), _region(bare, (x + dx, y + dy), 3))
    assert seen_cat and seen_button, "the fixture game should have earned a cat and a button"


def test_rainbow_button_is_marked() -> None:
    state = play_game(["A", "B"], seed=5, turns=30, greedy=True)
    quilt = state.players[0].quilt
    placed = [c for c in PATCH_CELLS if quilt.cells[c] >= 0][:6]
    quilt.buttons = [ButtonToken(color, cell, color + 1) for color, cell in enumerate(placed)]
    quilt.rainbow = None
    plain = render_quilt(state, 0)
    quilt.rainbow = 6
    rainbow = render_quilt(state, 0)
    x, y = cell_center(placed[5])
    spot = (x + BUTTON_OFFSET[0], y + BUTTON_OFFSET[1])
    ring = window(rainbow, spot, 12).astype(int)
    assert not np.array_equal(ring, window(plain, spot, 12).astype(int))
    # the ring holds several of the six colors
    found = sum(1 for c in pal.TILE_RGB if (np.abs(ring - np.array(c)).max(axis=1) <= 10).any())
    assert found >= 4


def _center_crop(img: Image.Image, xy: tuple[int, int], r: int = 18) -> np.ndarray:
    x, y = xy
    return np.asarray(img.convert("RGB").crop((x - r, y - r, x + r, y + r)))


def _stamp_center(stamp: Image.Image, r: int = 18) -> np.ndarray:
    cx, cy = stamp.width // 2, stamp.height // 2
    return np.asarray(stamp.convert("RGB").crop((cx - r, cy - r, cx + r, cy + r)))


def test_goal_tiles_show_notation_then_results() -> None:
    state = play_game(["A", "B"], seed=21, greedy=True)  # a finished game: every goal is decided
    for seat, player in enumerate(state.players):
        img = render_quilt(state, seat)
        assert player.goals is not None
        for space, goal_id in player.goals.items():
            result = score_goal(player.quilt, space, goal_id)
            assert result.complete
            stamp = goal_stamp(goal_id, "scored", (result.color, result.pattern), result.points)
            assert np.array_equal(_center_crop(img, cell_center(LABELS[space])), _stamp_center(stamp))
    early = play_game(["A", "B"], seed=21, turns=0)
    img = render_quilt(early, 0)
    goals = early.players[0].goals
    assert goals is not None
    for space, goal_id in goals.items():
        assert np.array_equal(_center_crop(img, cell_center(LABELS[space])), _stamp_center(goal_stamp(goal_id)))


def test_goal_tiles_in_family_and_setup() -> None:
    family = play_game(["A", "B"], seed=8, mode="family", turns=10)
    img = render_quilt(family, 0)
    for cell in GOAL_CELLS:
        assert np.array_equal(_center_crop(img, cell_center(cell)), _stamp_center(goal_stamp(None, "hidden")))
    setup = play_game(["A", "B"], seed=8, turns=0)
    setup.players[1].goals = None  # still choosing
    img = render_quilt(setup, 1)
    for cell in GOAL_CELLS:
        assert np.array_equal(_center_crop(img, cell_center(cell)), _stamp_center(goal_stamp(None, "unchosen")))


def test_hand_is_drawn_only_on_request(midgame: GameState) -> None:
    seat = midgame.current
    hand = midgame.players[seat].hand
    assert len(hand) == 2
    img = render_quilt(midgame, seat, show_hand=True)
    for i, tile in enumerate(hand):
        assert close(rgb(img, L.hand_tile_center(i)), pal.TILE_RGB[tile // 6])
    plain = render_quilt(midgame, seat)
    # same board either way
    assert np.array_equal(np.asarray(plain)[L.HEADER_H:L.QUILT_H - 8], np.asarray(img)[L.HEADER_H:L.QUILT_H - 8])


def test_last_placement_is_highlighted(midgame: GameState) -> None:
    seat = next(s for s, p in enumerate(midgame.players) if p.quilt.order)
    last = midgame.players[seat].quilt.order[-1]
    plain = render_quilt(midgame, seat)
    lit = render_quilt(midgame, seat, highlight_last=True)
    x, y = cell_center(last)
    left = x - L.HEX_W // 2  # the left side of the hex: a dark ring just outside it, a light one inside
    dark, light = (left - 2, y), (left + 2, y)
    assert close(rgb(lit, dark), pal.MARKER_DARK, 12) and close(rgb(lit, light), pal.MARKER_LIGHT, 12)
    assert not close(rgb(plain, dark), pal.MARKER_DARK, 30) and not close(rgb(plain, light), pal.MARKER_LIGHT, 30)
    middle = (slice(y - 10, y + 10), slice(x - 10, x + 10))
    assert np.array_equal(np.asarray(lit)[middle], np.asarray(plain)[middle])


def test_cat_token_cells_are_patches(midgame: GameState) -> None:
    # guards the token test above against a fixture without placed tokens on patch spaces
    tokens: list[CatToken] = [t for p in midgame.players for t in p.quilt.cat_tokens]
    assert all(t.cell in PATCH_CELLS for t in tokens)


def test_placement_preview_draws_the_picked_tile_on_the_picked_space(midgame: GameState) -> None:
    state, seat = midgame, midgame.current  # the player to play holds two tiles
    p = state.players[seat]
    cell = state.empty_spaces(seat)[0]
    plain = np.asarray(render_quilt(state, seat, show_hand=True), dtype=int)
    img = render_placement_preview(state, seat, 2, label(cell))
    arr = np.asarray(img, dtype=int)
    assert arr.shape == plain.shape
    x, y = cell_center(cell)
    tile = p.hand[1]
    ghost = pal.mix(pal.EMPTY_FILL, pal.TILE_RGB[tile // 6], 0.8)
    assert close(rgb(img, (x, y)), ghost, 3)
    # the dashed marker: dark dashes and gaps round the space's edge
    left = x - L.HEX_W // 2
    edge = [rgb(img, (left - 2, y + dy)) for dy in range(-18, 19)]
    assert any(close(c, pal.MARKER_DARK, 20) for c in edge) and not all(close(c, pal.MARKER_DARK, 20) for c in edge)
    # the picked hand tile is ringed too; nothing else changes
    hx, hy = L.hand_tile_center(1)
    changed = np.argwhere(np.abs(arr - plain).max(axis=2) > 0)
    near_space = (np.abs(changed[:, 1] - x) <= L.HEX_W // 2 + 6) & (np.abs(changed[:, 0] - y) <= L.HEX_H // 2 + 6)
    near_hand = (np.abs(changed[:, 1] - hx) <= L.HAND_TILE_W // 2 + 6) & (np.abs(changed[:, 0] - hy) <= 52)
    assert near_space.any() and near_hand.any()
    assert (near_space | near_hand).all()


def test_placement_preview_with_only_a_space_or_only_a_tile(midgame: GameState) -> None:
    state, seat = midgame, midgame.current  # the player to play holds two tiles
    cell = state.empty_spaces(seat)[-1]
    full = np.asarray(render_quilt(state, seat, show_hand=True))
    assert np.array_equal(np.asarray(render_placement_preview(state, seat, None, None)), full)
    tile_only = np.asarray(render_placement_preview(state, seat, 1, None))
    assert np.array_equal(tile_only[:L.HAND_TOP], full[:L.HAND_TOP])
    assert not np.array_equal(tile_only[L.HAND_TOP:], full[L.HAND_TOP:])
    space_only = render_placement_preview(state, seat, None, cell, show_hand=False)
    assert space_only.size == render_quilt(state, seat).size
    assert close(rgb(space_only, cell_center(cell)), pal.EMPTY_FILL)  # the empty space, only ringed
    # same picks, same picture: a caller can skip re-sending an unchanged preview
    a = render_placement_preview(state, seat, 2, cell)
    assert np.array_equal(np.asarray(a), np.asarray(render_placement_preview(state, seat, 2, label(cell).lower())))


@pytest.mark.parametrize("tile,space,message", [(3, None, "not in the hand"), (0, None, "not in the hand"),
                                               (None, "B3", "not a patch space"), (None, "Z9", "not a patch space")])
def test_placement_preview_refuses_bad_picks(midgame: GameState, tile: int | None, space: str | None,
                                             message: str) -> None:
    state, seat = midgame, midgame.current  # the player to play holds two tiles
    with pytest.raises(ValueError, match=message):
        render_placement_preview(state, seat, tile, space)


def test_placement_preview_refuses_a_filled_space(midgame: GameState) -> None:
    state, seat = midgame, midgame.current  # the player to play holds two tiles
    filled = state.players[seat].quilt.order[0]
    with pytest.raises(ValueError, match="already holds a patch"):
        render_placement_preview(state, seat, 1, label(filled))
