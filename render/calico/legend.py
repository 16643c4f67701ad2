"""The legend of the game's three cats, and the color key (colors with their glyphs)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.components import CATS
from calico_bot.games.calico.engine.game import GameState
from render.calico.stamps import color_chip, paste_center, pattern_swatch
from render.calico.tokens import cat_badge, shape_diagram
from render.kit import palette as pal
from render.kit.card import Box, heading, new_card, panel
from render.kit.fonts import draw_text, fit, text_width

LEGEND_W = 290
LEGEND_H = 190
SWATCH_W = 36
KEY_H = 34


def requirement_text(cat: str) -> str:
    c = CATS[cat]
    return f"{c.min_group}+ connected" if c.shape is None else "this shape:"


def draw_cat_legend(img: Image.Image, box: Box, state: GameState) -> None:
    """One row per cat: badge, name, points, requirement (text or shape) and its two patterns."""
    x0, y0, x1, y1 = (round(v) for v in box)
    cats = tuple((name, tuple(patterns)) for name, patterns in state.cats)
    img.paste(_legend_image(cats, x1 - x0, y1 - y0), (x0, y0))


@cache
def _legend_image(cats: tuple[tuple[str, tuple[int, ...]], ...], width: int, height: int) -> Image.Image:
    img = Image.new("RGB", (width, height), pal.CARD_BG)
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = 0, 0, width - 1, height - 1
    panel(d, (x0, y0, x1, y1))
    heading(d, x0 + 12, y0 + 10, "Cats", 13)
    draw_text(d, (x1 - 12, y0 + 11), "patterns", 11, pal.TEXT_MUTED, anchor="ra")
    rows = cats
    row_h = (y1 - y0 - 34) / max(1, len(rows))
    for i, (name, patterns) in enumerate(rows):
        cat = CATS[name]
        top = y0 + 30 + i * row_h
        mid = top + row_h / 2
        paste_center(img, cat_badge(name, 34), x0 + 28, mid)
        tx = x0 + 50
        swatches_w = SWATCH_W * len(patterns) + 4 * (len(patterns) - 1)
        text_w = x1 - 10 - swatches_w - 4 - tx
        draw_text(d, (tx, mid - 4), fit(name, 14, text_w, bold=True), 14, pal.TEXT, bold=True, anchor="ls")
        pts_w = draw_text(d, (tx, mid + 13), f"{cat.points} pts", 12, pal.ACCENT, bold=True, anchor="ls")
        rx = tx + pts_w + 5
        if cat.shape is None:
            draw_text(d, (rx, mid + 13), fit(requirement_text(name), 11, text_w - pts_w - 5), 11, pal.TEXT_MUTED,
                      anchor="ls")
        else:
            diagram = shape_diagram(cat.shape, 13)
            img.paste(diagram, (round(rx), round(mid + 9 - diagram.height / 2)), diagram)
        for k, pattern in enumerate(patterns):
            sx = x1 - 10 - swatches_w + k * (SWATCH_W + 4) + SWATCH_W / 2
            paste_center(img, pattern_swatch(pattern, SWATCH_W), sx, mid)
    return img


def draw_color_key(img: Image.Image, box: Box) -> None:
    """The six colors, each as a chip with its glyph and its name, centered in one row."""
    x0, y0, x1, y1 = (round(v) for v in box)
    img.paste(_color_key_image(x1 - x0, y1 - y0), (x0, y0))


@cache
def _color_key_image(width: int, height: int) -> Image.Image:
    img = Image.new("RGB", (width, height), pal.CARD_BG)
    d = ImageDraw.Draw(img)
    chip, gap, size = 22, 16, 12
    widths = [chip + 5 + text_width(label, size) for label in pal.COLOR_LABELS]
    x = (width - sum(widths) - gap * 5) / 2
    cy = height / 2
    for color, w in enumerate(widths):
        paste_center(img, color_chip(color, chip), x + chip / 2, cy)
        draw_text(d, (x + chip + 5, cy), pal.COLOR_LABELS[color], size, pal.TEXT_MUTED, anchor="lm")
        x += w + gap
    return img


OBJECTIVE_SIZE = 12
OBJECTIVE_LINE = 17


def wrap(text: str, size: int, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width`` (words kept whole; CJK text breaks anywhere)."""
    lines: list[str] = []
    current = ""
    for token in _tokens(text):
        candidate = current + token
        if current and text_width(candidate.rstrip(), size) > width:
            lines.append(current.rstrip())
            current = token.lstrip()
        else:
            current = candidate
    if current.strip():
        lines.append(current.rstrip())
    return lines


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    word = ""
    for ch in text:
        if ch == " ":
            out.append(word + " ")
            word = ""
        elif ord(ch) > 0x2E7F:  # CJK: every character may start a line
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
    if word:
        out.append(word)
    return out


def render_cat_legend(state: GameState, objectives: Sequence[str] = (), title: str = "") -> Image.Image:
    """The cat legend on its own card; for a scenario game ``objectives`` (already in the reader's
    language, with ``title``) are listed under it."""
    lines = [line for text in objectives for line in wrap("• " + text, OBJECTIVE_SIZE, LEGEND_W - 24)]
    extra = 0 if not lines else 30 + OBJECTIVE_LINE * len(lines) + 12
    img = new_card(LEGEND_W + 24, LEGEND_H + 24 + extra)
    draw_cat_legend(img, (12, 12, 12 + LEGEND_W, 12 + LEGEND_H), state)
    if lines:
        d = ImageDraw.Draw(img)
        top = 12 + LEGEND_H + 8
        panel(d, (12, top, 12 + LEGEND_W, top + extra - 8))
        heading(d, 24, top + 10, fit(title or "To pass", 13, LEGEND_W - 24, bold=True), 13)
        for i, line in enumerate(lines):
            draw_text(d, (24, top + 32 + i * OBJECTIVE_LINE), line, OBJECTIVE_SIZE, pal.TEXT, anchor="la")
    return img
