"""A seat's private hand: its cards, the colours each card may still be declared as, and hints."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from calico_bot.games.cat_in_the_box.engine.components import COLOUR_INDEX, COLOURS
from calico_bot.games.cat_in_the_box.viewread import EMPTY, declarations, red_lead_blocked
from render.cat_in_the_box import style as st
from render.kit import palette as pal
from render.kit.card import heading, name_text, new_card
from render.kit.fonts import draw_text, fit

PAD = 18
CARD_W, CARD_H = 70, 100
GAP = 10
CHIP_W, CHIP_H = 32, 22
CHIPS_H = 2 * CHIP_H + 4  # two rows of two chips under each card
MIN_WIDTH = 620


def card_chips(view: dict[str, Any], card: int) -> dict[str, bool]:
    """For each colour: whether ``card`` may be declared in it now (its turn) or, off turn, whether its
    cell is still open and the colour not lost."""
    seat = view["viewer"]
    legal = {c for n, c in declarations(view) if n == card}
    if view["phase"] == "play" and view["to_act"] == seat:
        return {c: c in legal for c in COLOURS}
    lost = set(view["lost"][seat]) if view["lost"] and view["lost"][seat] else set()
    board = view["board"]
    return {c: bool(board) and c not in lost and board[COLOUR_INDEX[c]][card - 1] == EMPTY for c in COLOURS}


def hand_hints(view: dict[str, Any], lang: str) -> list[str]:
    """The lines under the cards: whose turn, the set-aside card, lost colours, the lead restriction."""
    seat = view["viewer"]
    out: list[str] = []
    phase = view["phase"]
    mine = any(p[0] == seat for p in view["prompts"])
    if phase == "set_aside" and mine:
        out.append(st.label(lang, "set_aside_prompt"))
    elif phase == "bid" and mine:
        out.append(st.label(lang, "your_bid"))
    elif phase == "play" and mine:
        if view["trick"]:
            led = view["trick"][0][2]
            out.append(st.label(lang, "your_follow", colour=st.label(lang, f"colour.{led}")))
        else:
            out.append(st.label(lang, "your_lead"))
    if view["own_set_aside"] is not None:
        out.append(st.label(lang, "set_aside_card", card=view["own_set_aside"]))
    lost = view["lost"][seat] if view["lost"] else []
    if lost:
        out.append(st.label(lang, "lost_hint", colours=", ".join(st.label(lang, f"colour.{c}") for c in lost)))
    if red_lead_blocked(view) and mine:
        out.append(st.label(lang, "red_hint"))
    return out


def render_hand(view: dict[str, Any], *, lang: str = "en") -> Image.Image:
    """The viewer's hand (opaque RGB), from a seat's view (``view["viewer"]`` is not None)."""
    seat = view.get("viewer")
    if seat is None:
        raise ValueError("a spectator's view has no hand to draw")
    hand = list(view["hand"] or [])
    # During the set-aside the chosen card is still in hand: draw it dimmed.
    dim_index = None
    if view["phase"] == "set_aside" and view["own_set_aside"] is not None and view["own_set_aside"] in hand:
        dim_index = hand.index(view["own_set_aside"])
    hints = hand_hints(view, lang)
    width = max(MIN_WIDTH, 2 * PAD + len(hand) * (CARD_W + GAP) - GAP)
    height = 72 + CARD_H + 8 + CHIPS_H + 16 + 26 * max(1, len(hints)) + 22 + PAD
    img = new_card(width, height)
    draw = ImageDraw.Draw(img)
    heading(draw, PAD, PAD - 8, st.label(lang, "game") + " · " + st.label(lang, "hand_title"), 15)
    st.paste_token(img, seat, PAD + 14, PAD + 34, 28)
    name_text(draw, (PAD + 36, PAD + 34), view["names"][seat], 22, width - 2 * PAD - 300, anchor="lm")
    draw_text(draw, (width - PAD, PAD + 34), st.label(lang, "round", round=view["round"] + 1,
                                                       rounds=view["player_count"]), 18, pal.TEXT_MUTED, anchor="rm")
    y = 72
    if not hand:
        draw_text(draw, (PAD, y + CARD_H / 2), st.label(lang, "hand_empty"), 18, pal.TEXT_MUTED, anchor="lm")
    for i, card in enumerate(hand):
        x = PAD + i * (CARD_W + GAP)
        dim = i == dim_index
        st.draw_card(draw, (x, y, x + CARD_W, y + CARD_H), card, dim=dim, number_size=36)
        if dim:
            draw_text(draw, (x + CARD_W / 2, y + CARD_H - 14), fit(st.label(lang, "set_aside_mark"), 12, CARD_W - 6),
                      12, pal.BAD, bold=True, anchor="mm")
        if view["board"] and not dim:
            chips = card_chips(view, card)
            for k, colour in enumerate(COLOURS):
                cx = x + (k % 2) * (CARD_W - CHIP_W)
                cy = y + CARD_H + 8 + (k // 2) * (CHIP_H + 4)
                st.colour_chip(draw, (cx, cy, cx + CHIP_W, cy + CHIP_H), colour, lang, active=chips[colour], size=14)
    ty = y + CARD_H + 8 + CHIPS_H + 16
    for k, line in enumerate(hints):
        color = pal.ACCENT if k == 0 and any(p[0] == seat for p in view["prompts"]) else pal.TEXT
        draw_text(draw, (PAD, ty + 26 * k), fit(line, 18, width - 2 * PAD, bold=True), 18, color, bold=True)
    if view["board"]:
        draw_text(draw, (PAD, height - PAD - 12), fit(st.label(lang, "chips_hint"), 13, width - 2 * PAD), 13,
                  pal.TEXT_MUTED)
    return img
