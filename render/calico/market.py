"""The market: the three face-up tiles players draft from, labelled 1-3."""

from __future__ import annotations

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.game import GameState
from render.calico.layout import hex_height
from render.calico.stamps import number_badge, paste_center, plain_hex, tile_stamp
from render.kit import palette as pal
from render.kit.card import Box, heading, new_card, panel
from render.kit.fonts import draw_text, fit, text_width

MARKET_TILE_W = 62
MARKET_W = 260
MARKET_H = 190


def draw_market(img: Image.Image, box: Box, state: GameState, *, title: str = "Market") -> None:
    """Draw the market panel into ``box`` of ``img``."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, _ = box
    panel(d, box)
    heading(d, x0 + 12, y0 + 10, title, 13)
    if state.solo:
        draw_text(d, (x1 - 12, y0 + 11), "bag → 3 · 2 · 1", 11, pal.TEXT_MUTED, anchor="ra")
    else:
        draw_text(d, (x1 - 12, y0 + 11), f"{state.bag_count} in bag", 11, pal.TEXT_MUTED, anchor="ra")
    slot_w = (x1 - x0 - 16) / 3
    th = hex_height(MARKET_TILE_W)
    cy = y0 + 34 + th / 2 + 6
    for i in range(3):
        tile = state.market[i] if i < len(state.market) else None
        cx = x0 + 8 + slot_w * (i + 0.5)
        if tile is None:
            paste_center(img, plain_hex(pal.mix(pal.PANEL_BG, (0, 0, 0), 0.06), MARKET_TILE_W,
                                        outline=pal.CARD_EDGE), cx, cy)
            draw_text(d, (cx, cy), "empty", 11, pal.TEXT_MUTED, anchor="mm")
        else:
            paste_center(img, tile_stamp(tile, MARKET_TILE_W), cx, cy)
        # slot number, as players type it
        bx, by = cx - MARKET_TILE_W / 2 + 2, cy - th / 2 + 10
        paste_center(img, number_badge(i + 1, 24), bx, by)
        if tile is not None:
            color, pattern = divmod(tile, 6)
            ty = cy + th / 2 + 14
            size = 12 if text_width(pal.COLOR_LABELS[color], 12, bold=True) <= slot_w - 4 else 11
            draw_text(d, (cx, ty), fit(pal.COLOR_LABELS[color], size, slot_w - 2, bold=True), size, pal.TEXT,
                      bold=True, anchor="mm")
            draw_text(d, (cx, ty + 15), fit(pal.PATTERN_LABELS[pattern], 12, slot_w - 2), 12, pal.TEXT_MUTED,
                      anchor="mm")


def render_market(state: GameState) -> Image.Image:
    """The market on its own card."""
    img = new_card(MARKET_W + 24, MARKET_H + 24)
    draw_market(img, (12, 12, 12 + MARKET_W, 12 + MARKET_H), state)
    return img
