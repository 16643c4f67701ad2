"""The image posted after every turn: the mover's quilt, what they did, the market and the cats."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.game import GameState
from render.calico import layout as L
from render.calico.legend import KEY_H, draw_cat_legend, draw_color_key
from render.calico.market import draw_market
from render.calico.quilt import board_background, draw_board, header
from render.calico.stamps import highlight_ring, paste_center
from render.kit import palette as pal
from render.kit.card import new_card
from render.kit.fonts import draw_text, fit

MOVE_H = 30
MARKER_KEY_W = 16
PANEL_H = 186
MARKET_PANEL_W = 224
TURN_W = L.QUILT_W
TURN_H = L.QUILT_H + MOVE_H + PANEL_H + KEY_H + 8


def _title(text: str) -> str:
    return text.replace("_", " ").lower()


def last_move_text(state: GameState, seat: int) -> str | None:
    """A one-line summary of ``seat``'s last turn (``None`` before their first placement)."""
    entry: dict[str, Any] | None = next(
        (e for e in reversed(state.log) if e.get("type") == "turn" and e.get("player") == seat), None)
    if entry is None:
        return None
    result = entry["result"]
    color, pattern = result["placed"]
    parts = [f"placed {_title(color)} {_title(pattern)} on {result['space']}"]
    for award in result["awards"]:
        if award["kind"] == "cat":
            parts.append(f"{award['cat']} +{award['points']}")
        elif award["kind"] == "button":
            parts.append(f"{_title(award['color'])} button +{award['points']}")
        else:
            parts.append(f"rainbow +{award['points']}")
    if result.get("take") is not None:
        parts.append(f"took market tile {result['take']}")
    return " · ".join(parts)


def render_turn_post(state: GameState, seat: int) -> Image.Image:
    """``seat``'s quilt (last patch ringed), their last move, the market, the cats and the color key."""
    img = new_card(TURN_W, TURN_H)
    img.paste(board_background(state.players[seat].board).crop((0, 0, L.QUILT_W, L.QUILT_H - 2)), (0, 0))
    draw_board(img, state, seat, highlight_last=True)
    header(img, state, seat)
    d = ImageDraw.Draw(img)
    y = L.QUILT_H - 4
    move = last_move_text(state, seat)
    if move:
        paste_center(img, highlight_ring(MARKER_KEY_W), L.PAD + 11, y + 13)  # the marker, as a key
        draw_text(d, (L.PAD + 28, y + 13), fit(move, 13, TURN_W - 2 * L.PAD - 30), 13, pal.TEXT, anchor="lm")
    y += MOVE_H
    draw_market(img, (L.PAD, y, L.PAD + MARKET_PANEL_W, y + PANEL_H), state)
    draw_cat_legend(img, (L.PAD + MARKET_PANEL_W + 10, y, TURN_W - L.PAD, y + PANEL_H), state)
    y += PANEL_H + 4
    draw_color_key(img, (L.PAD, y, TURN_W - L.PAD, y + KEY_H))
    return img
