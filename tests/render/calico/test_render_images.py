"""Market, legend, turn post, score sheet, PNG encoding and text in any script (speed: render.calico.bench)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import numpy as np
import pytest
from PIL import Image

from calico_bot.games.calico.engine.components import GOAL_SPACES
from calico_bot.games.calico.engine.game import GameState
from calico_bot.games.calico.engine.geometry import LABELS
from calico_bot.games.calico.engine.scoring import PlayerScore
from render.calico import (
    cell_center,
    render_cat_legend,
    render_market,
    render_quilt,
    render_scoresheet,
    render_turn_post,
    to_png_bytes,
)
from render.calico import layout as L
from render.calico.samples import last_mover, play_game
from render.calico.scoresheet import quilt_positions, winner_text
from render.calico.turn import last_move_text
from render.kit import fonts
from render.kit import palette as pal

ODD_NAMES = [
    "张伟",
    "猫咪大师🐱",
    "🐈‍⬛👩🏽‍🚀🇫🇷",
    "Zoë Ångström-Łukasiewicz",
    "مرحبا بالعالم",
    "Ŝ̷̛̟a̴̙͝l̷̢̛",
    "x" * 300,
    "",
    "line\nbreak\ttab",
    "\u200b\u200d\ufe0f",
]


def test_market_shows_the_three_tiles(midgame: GameState) -> None:
    img = render_market(midgame)
    arr = np.asarray(img).reshape(-1, 3)
    for tile in midgame.market:
        assert tile is not None
        assert (np.abs(arr - np.array(pal.TILE_RGB[tile // 6])).max(axis=1) <= 2).sum() > 300


def test_market_with_empty_slots(midgame: GameState) -> None:
    state = midgame.copy()
    state.market = [None, state.market[1], None]
    assert render_market(state).size == render_market(midgame).size


def test_cat_legend_draws_each_cat(midgame: GameState) -> None:
    img = render_cat_legend(midgame)
    assert img.mode == "RGB"
    arr = np.asarray(img).reshape(-1, 3)
    for name, _ in midgame.cats:
        assert (np.abs(arr - np.array(pal.CAT_FUR[name])).max(axis=1) <= 3).sum() > 50, name


def test_turn_post_shows_the_movers_quilt(midgame: GameState) -> None:
    seat = last_mover(midgame)
    img = render_turn_post(midgame, seat)
    quilt = midgame.players[seat].quilt
    for cell in quilt.order:
        expected = pal.TILE_RGB[quilt.cells[cell] // 6]
        x, y = cell_center(cell)
        got = np.asarray(img)[y, x].astype(int)
        assert np.abs(got - np.array(expected)).max() <= 2
    text = last_move_text(midgame, seat)
    assert text is not None and "placed" in text


def test_last_move_text_lists_awards() -> None:
    state = play_game(["A", "B"], seed=7, greedy=True)
    texts = [last_move_text(state, seat) for seat in range(2)]
    assert all(t and t.startswith("placed ") for t in texts)
    assert last_move_text(play_game(["A", "B"], seed=7, turns=0), 0) is None


@pytest.mark.parametrize("mode,players", [("standard", 2), ("standard", 4), ("beginner", 3), ("family", 2),
                                          ("solo", 1)])
def test_every_mode_renders_at_every_phase(mode: str, players: int) -> None:
    names = ["Ana", "Ben", "Cleo", "Dan"][:players]
    for turns in (0, 7, None):
        state = play_game(names, seed=31, mode=mode, turns=turns, scenario=4 if mode == "solo" else None)
        for seat in range(players):
            assert render_quilt(state, seat, show_hand=True).mode == "RGB"
        render_turn_post(state, last_mover(state))
        render_market(state)
        sheet = render_scoresheet(state)
        assert sheet.width >= 400


def test_scoresheet_grows_with_players(finished: GameState) -> None:
    three = render_scoresheet(finished)
    two = render_scoresheet(play_game(["A", "B"], seed=11, greedy=True))
    solo = render_scoresheet(play_game(["A"], seed=11, mode="solo", greedy=True))
    assert two.width > solo.width
    assert three.height > two.height  # a second row of quilts


@pytest.mark.parametrize("mode,players,scenario", [("standard", 4, None), ("standard", 3, None), ("solo", 1, 2),
                                                   ("family", 2, None)])
def test_scoresheet_quilts_are_full_size(mode: str, players: int, scenario: int | None) -> None:
    """Each quilt is drawn as on the turn post: goal tiles the same 70 px hexes, pixel for pixel."""
    state = play_game(["Ana", "Ben", "Cleo", "Dan"][:players], seed=23, mode=mode, scenario=scenario, greedy=True)
    sheet = np.asarray(render_scoresheet(state))
    positions = quilt_positions(state)
    assert len(positions) == players
    x0, y0 = L.FRAME_BOX[0], L.FRAME_BOX[1]
    for seat, (qx, qy) in enumerate(positions):
        post = np.asarray(render_turn_post(state, seat))
        for space in GOAL_SPACES:
            cx, cy = cell_center(LABELS[space])
            # the goal tile's middle 36 x 36 px (clear of a last-placed marker next to it on the turn post)
            on_sheet = sheet[qy + cy - y0 - 18:qy + cy - y0 + 18, qx + cx - x0 - 18:qx + cx - x0 + 18]
            on_post = post[cy - 18:cy + 18, cx - 18:cx + 18]
            assert np.array_equal(on_sheet, on_post), (seat, space)
        # measured: from seam to seam (the board showing between hexes) across the goal tile's middle row
        cx, cy = cell_center(LABELS["B3"])
        row = sheet[qy + cy - y0].astype(int)
        seam = np.all(np.abs(row - np.array(pal.BOARD_SURFACE[state.players[seat].board])) <= 6, axis=1)
        mid = qx + cx - x0
        left = next(x for x in range(mid, mid - 60, -1) if seam[x])
        right = next(x for x in range(mid, mid + 60) if seam[x])
        assert right - left - 1 >= 66, f"goal tile {right - left - 1} px wide"


def test_scoresheet_png_stays_small() -> None:
    state = play_game(["Ana", "Ben", "Cleo", "Dan"], seed=29, greedy=True)
    img = render_scoresheet(state)
    data = to_png_bytes(img)
    assert len(data) < 600 * 1024  # Discord takes 8 MB; a score sheet is a few hundred KB at most
    assert img.width <= 1100


def _fake(scores: list[PlayerScore], winners: list[int], how: str | None) -> SimpleNamespace:
    return SimpleNamespace(winners=lambda: winners, tie_break=lambda: how)


def test_winner_text_explains_ties() -> None:
    a, b = PlayerScore(0, "Ann", []), PlayerScore(1, "Bo", [])
    assert winner_text(_fake([a, b], [0], None), [a, b]) == "Ann wins with 0 points"  # type: ignore[arg-type]
    assert "most cats" in winner_text(_fake([a, b], [1], "cats"), [a, b])  # type: ignore[arg-type]
    assert "most buttons" in winner_text(_fake([a, b], [0], "buttons"), [a, b])  # type: ignore[arg-type]
    assert "share" in winner_text(_fake([a, b], [0, 1], "shared"), [a, b])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ODD_NAMES)
def test_any_name_renders(name: str) -> None:
    state = play_game([name, "Bob"], seed=13, greedy=True)
    for img in (render_quilt(state, 0, show_hand=True), render_turn_post(state, 0), render_scoresheet(state)):
        assert img.mode == "RGB"
        assert len(to_png_bytes(img)) > 1000


def test_names_render_without_any_fallback_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "_fallback_paths", lambda: ())
    state = play_game(["张伟🐱", "Zoë"], seed=13, turns=4)
    render_quilt(state, 0)
    render_scoresheet(state)
    assert fonts.fit("张伟" * 50, 16, 120) .endswith("…")


def test_long_names_are_shortened() -> None:
    text = fonts.fit("Bartholomew " * 20, 24, 200, bold=True)
    assert text.endswith("…")
    assert fonts.text_width(text, 24, bold=True) <= 200


def test_png_bytes_are_small_and_faithful(midgame: GameState) -> None:
    for img in (render_quilt(midgame, 0, show_hand=True), render_turn_post(midgame, 0)):
        data = to_png_bytes(img)
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(data) <= 200 * 1024
        back = Image.open(io.BytesIO(data)).convert("RGB")
        assert back.size == img.size
        error = np.abs(np.asarray(back, dtype=int) - np.asarray(img, dtype=int)).mean()
        assert error < 2.0
    lossless = Image.open(io.BytesIO(to_png_bytes(render_market(midgame), quantize=False))).convert("RGB")
    assert np.array_equal(np.asarray(lossless), np.asarray(render_market(midgame)))


def test_renders_are_fresh_images(midgame: GameState) -> None:
    a = render_quilt(midgame, 0)
    a.paste((0, 0, 0), (0, 0, a.width, a.height))
    b = render_quilt(midgame, 0)
    assert b.getpixel(cell_center(24)) != (0, 0, 0)




def test_a_scenario_legend_lists_its_objectives_under_the_cats() -> None:
    import render.calico as render
    from calico_bot.games.calico.engine.game import GameOptions, new_game
    from calico_bot.games.calico.texts import objective_texts

    state = new_game(GameOptions(players=["ana"], mode="solo", solo_setup="beginner", scenario=8), 3)
    plain = render.render_cat_legend(state)
    for lang in ("en", "zh"):
        listed = render.render_cat_legend(state, objective_texts(lang, 8), "Scenario 8")
        assert listed.width == plain.width and listed.height > plain.height + 5 * 15
        assert listed.crop((0, 0, plain.width, plain.height - 12)).tobytes() == \
            plain.crop((0, 0, plain.width, plain.height - 12)).tobytes()
