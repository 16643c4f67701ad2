"""Cat in the Box images: drawn from views only, opaque and small, hidden cards never shown, marks readable
without colour vision (speed: ``python -m render.cat_in_the_box.bench``)."""

from __future__ import annotations

import io
import itertools
from typing import Any

import numpy as np
import pytest
from PIL import Image

from calico_bot.games.cat_in_the_box.engine.actions import Play, SetAside
from calico_bot.games.cat_in_the_box.engine.components import COLOURS
from calico_bot.games.cat_in_the_box.engine.game import GameState
from calico_bot.games.cat_in_the_box.plugin import PLUGIN
from calico_bot.games.cat_in_the_box.viewread import largest_group_cells, round_facts
from render.cat_in_the_box import render_board, render_final_scores, render_hand, render_round_scores, to_png_bytes
from render.cat_in_the_box import style as st
from render.cat_in_the_box.board import cell_center, cell_size
from render.cat_in_the_box.hand import card_chips
from render.cat_in_the_box.samples import play_random, play_until
from render.kit import fonts
from render.kit.colorblind import VISIONS, delta_e, simulate
from render.kit.palette import luminance

ODD_NAMES = ["张伟", "猫咪大师🐱" * 6, "🐈‍⬛👩🏽‍🚀🇫🇷", "x" * 32, "line\nbreak\ttab"]
STOPS = ("set_aside", "bid", "trick", "round_end", "over")


def _check(img: Image.Image) -> None:
    assert img.mode == "RGB"
    w, h = img.size
    assert 500 <= w <= 1200 and 250 <= h <= 1400, img.size
    png = to_png_bytes(img)
    assert len(png) <= 300 * 1024
    assert Image.open(io.BytesIO(png)).size == img.size


def _view(state: GameState, seat: int | None) -> dict[str, Any]:
    return PLUGIN.view_for(state, seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_image_at_several_points_of_random_games(players: int, seed: int) -> None:
    for stop in STOPS:
        state = play_until(players, seed, stop)
        spectator = _view(state, None)
        _check(render_board(spectator))
        if spectator["phase"] != "over":
            for seat in range(players):
                _check(render_hand(_view(state, seat), lang="zh" if seat % 2 else "en"))
        if spectator["history"]:
            _check(render_round_scores(spectator))
            _check(render_round_scores(spectator, 0, lang="zh"))
            _check(render_final_scores(spectator))


def test_board_with_hostile_names_in_both_languages() -> None:
    state = play_until(5, 3, "trick", names=ODD_NAMES, greedy=True)
    for lang in ("en", "zh"):
        _check(render_board(_view(state, None), lang=lang))
        _check(render_hand(_view(state, 0), lang=lang))
    over = play_until(5, 3, "over", names=ODD_NAMES, greedy=True)
    _check(render_final_scores(_view(over, None)))
    _check(render_round_scores(_view(over, None), -1))


def _swap_hidden(state: GameState, a: int, b: int) -> GameState | None:
    """The same game where seats ``a`` and ``b`` swap one card each (different numbers) between their
    hands: only hidden cards differ. ``None`` when their hands hold the same numbers."""
    twin = GameState.from_json(state.to_json())
    ha, hb = twin.hands[a], twin.hands[b]
    pair = next(((x, y) for x in ha for y in hb if x != y), None)
    if pair is None:
        return None
    x, y = pair
    ha.remove(x)
    hb.remove(y)
    ha.append(y)
    hb.append(x)
    ha.sort()
    hb.sort()
    return twin


@pytest.mark.parametrize("players", [2, 4, 5])
def test_spectator_board_never_shows_hidden_cards(players: int) -> None:
    for stop in ("set_aside", "bid", "trick"):
        state = play_until(players, 5, stop, greedy=True)
        if state.over:  # no bids with 2 players: the game ran to its end
            assert players == 2 and stop == "bid"
            continue
        if state.phase == "set_aside":
            state.apply(SetAside(0, state.hands[0][0]))
        twin = _swap_hidden(state, 0, players - 1)
        assert twin is not None and twin.hands != state.hands
        assert render_board(_view(state, None)).tobytes() == render_board(_view(twin, None)).tobytes()
        # the swap is real: the hand images differ (the check above could fail)
        assert render_hand(_view(state, 0)).tobytes() != render_hand(_view(twin, 0)).tobytes()


def test_board_is_the_same_from_every_seat() -> None:
    state = play_until(4, 9, "trick", greedy=True)
    public = render_board(_view(state, None)).tobytes()
    for seat in range(4):
        assert render_board(_view(state, seat)).tobytes() == public


def test_tokens_show_the_owner_colour_on_their_cells() -> None:
    state = play_until(5, 4, "trick", greedy=True)
    view = _view(state, None)
    img = np.asarray(render_board(view)).astype(int)
    top = state.setup.top
    token = int(cell_size(top) * 0.62)
    seen = 0
    for r, row in enumerate(view["board"]):
        for n, owner in enumerate(row, start=1):
            x, y = cell_center(top, r, n)
            if owner >= 0:
                ring = img[y, x + round(0.65 * token / 2)]
                assert np.abs(ring - np.array(st.seat_rgb(owner))).max() <= 4, (r, n, owner)
                seen += 1
            else:
                assert np.abs(img[y, x + round(0.3 * cell_size(top))] - np.array(st.CELL_TINT[COLOURS[r]])).max() <= 4
    assert seen == sum(v >= 0 for row in view["board"] for v in row) > 0


def test_two_player_blocked_cells_are_drawn() -> None:
    state = play_until(2, 6, "trick", greedy=True)
    view = _view(state, None)
    img = np.asarray(render_board(view)).astype(int)
    blocked = [(r, n) for r, row in enumerate(view["board"]) for n, v in enumerate(row, start=1) if v == -2]
    assert len(blocked) == 3
    for r, n in blocked:
        x, y = cell_center(5, r, n)
        assert np.abs(img[y, x + round(0.3 * cell_size(5))] - np.array(st.BLOCKED_FILL)).max() <= 4


def test_highlight_changes_only_the_highlighted_cells() -> None:
    state = play_until(4, 2, "round_end", greedy=True)
    view = _view(state, None)
    facts = round_facts(view, -1)
    assert facts is not None
    seat = facts.board[0][0] if facts.board[0][0] >= 0 else 0
    cells = largest_group_cells(facts.board, seat)
    assert cells
    plain = np.asarray(render_board(view, round_index=-1)).astype(int)
    lit = np.asarray(render_board(view, round_index=-1, highlight={(COLOURS[r], n) for r, n in cells})).astype(int)
    ys, xs = np.nonzero(np.abs(plain - lit).sum(axis=2))
    assert len(xs) > 0
    half = cell_size(8) / 2
    centres = [cell_center(8, r, n) for r, n in cells]
    for x, y in zip(xs[::17], ys[::17], strict=True):
        assert any(abs(x - cx) <= half and abs(y - cy) <= half for cx, cy in centres)


def test_hand_chips_match_the_legal_plays_on_turn() -> None:
    for players, seed in ((3, 1), (4, 2), (5, 3), (2, 4)):
        state = play_until(players, seed, "trick", greedy=True)
        seat = state.to_act
        assert seat is not None
        view = _view(state, seat)
        prompt = state.awaiting()[0]
        legal = {(a.card, a.colour) for a in state.legal_actions(prompt) if isinstance(a, Play)}
        chips = {(card, c) for card in set(view["hand"]) for c, on in card_chips(view, card).items() if on}
        assert chips == legal


def test_hand_needs_a_seat() -> None:
    state = play_until(3, 1, "trick")
    with pytest.raises(ValueError):
        render_hand(_view(state, None))


def test_round_score_sheet_of_each_finished_round() -> None:
    state = play_random(4, 8)
    view = _view(state, None)
    assert view["phase"] == "over"
    sheets = [render_round_scores(view, r).tobytes() for r in range(4)]
    assert len(set(sheets)) == 4
    with pytest.raises(ValueError):
        render_round_scores(view, 7)


def _mark_mask(seat: int, size: int = 64) -> np.ndarray:
    stamp = np.asarray(st.token_stamp(seat, size).convert("RGB")).astype(float)
    fill = np.array(st.seat_rgb(seat), float)
    ink = np.array(st.text_ink(seat), float)
    yy, xx = np.mgrid[0:size, 0:size]
    inside = (xx - size / 2 + 0.5) ** 2 + (yy - size / 2 + 0.5) ** 2 <= (0.7 * size / 2) ** 2
    closer_to_ink = np.linalg.norm(stamp - ink, axis=2) < np.linalg.norm(stamp - fill, axis=2)
    return closer_to_ink & inside


def test_each_seat_has_its_own_mark_shape() -> None:
    masks = [_mark_mask(s) for s in range(5)]
    for m in masks:
        assert m.sum() > 100
    for a, b in itertools.combinations(range(5), 2):
        differ = (masks[a] ^ masks[b]).sum() / (masks[a] | masks[b]).sum()
        assert differ > 0.2, (a, b, differ)
    assert len(set(st.SEAT_MARKS)) == len(st.SEAT_MARKS) == len(st.SEAT_RGB) == 5


def test_colours_stay_apart_under_colour_vision_deficiencies() -> None:
    seats = np.array(st.SEAT_RGB, float)
    rows = np.array([st.COLOUR_RGB[c] for c in COLOURS], float)
    for vision in VISIONS:
        s, r = simulate(seats, vision), simulate(rows, vision)
        for i, j in itertools.combinations(range(len(seats)), 2):
            assert delta_e(s[i], s[j]) >= 10, (vision, i, j)
        for i, j in itertools.combinations(range(len(rows)), 2):
            assert delta_e(r[i], r[j]) >= 8, (vision, COLOURS[i], COLOURS[j])


def test_marks_contrast_with_their_token() -> None:
    for seat in range(5):
        a, b = luminance(st.seat_rgb(seat)), luminance(st.text_ink(seat))
        hi, lo = max(a, b), min(a, b)
        assert (hi + 0.05) / (lo + 0.05) >= 3.0, seat


def test_chinese_labels_are_in_the_shipped_font() -> None:
    cjk = fonts._shipped_cjk(False)
    assert cjk is not None
    chars = {ch for text in st.LABELS["zh"].values() for ch in text if ord(ch) > 0x2E7F}
    missing = [ch for ch in sorted(chars) if not fonts._covers((cjk, 32), ch)]
    assert not missing


def test_label_tables_match() -> None:
    assert set(st.LABELS["en"]) == set(st.LABELS["zh"])


def test_a_play_on_the_board_appears_in_the_trick_panel() -> None:
    state = play_until(3, 2, "trick", greedy=True)
    before = render_board(_view(state, None))
    prompt = state.awaiting()[0]
    state.apply(state.legal_actions(prompt)[0])
    after = render_board(_view(state, None))
    assert before.tobytes() != after.tobytes()
