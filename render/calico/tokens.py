"""Cat badges, buttons and the rainbow marker (cached RGBA stamps).

A cat badge is a cat's head in the cat's fur color with a two-letter name (``Mi``, ``Ca``, ...;
unique among the ten cats). A button is a sewing button in its color with the color's glyph; the
rainbow button is ringed with the six colors.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.kit import palette as pal
from render.kit.fonts import draw_text
from render.kit.pen import Pen


@cache
def cat_badge(cat: str, size: int = 30) -> Image.Image:
    """A cat head ``size`` px wide (ears included), with the cat's abbreviation."""
    fur = pal.CAT_FUR.get(cat, (200, 200, 200))
    outline = pal.CAT_OUTLINE
    pen = Pen(size, size, size / 2, outline)
    head_y, r = 0.14, 0.72
    ears = [
        [(-0.78, -0.05), (-0.62, -0.95), (-0.12, -0.52)],
        [(0.78, -0.05), (0.62, -0.95), (0.12, -0.52)],
    ]
    stroke = 0.14
    # outline: draw the silhouette grown by the stroke, then the fur inside
    for ear in ears:
        pen.line([*ear, ear[0]], outline, stroke * 2)
        pen.polygon(ear, outline)
    pen.circle(0, head_y, r + stroke, fill=outline)
    for ear in ears:
        pen.polygon(ear, fur)
    pen.circle(0, head_y, r, fill=fur)
    inner_ear = pal.mix(fur, (236, 140, 150), 0.55)
    for sx in (-1, 1):
        pen.polygon([(sx * 0.66, -0.18), (sx * 0.58, -0.72), (sx * 0.24, -0.46)], inner_ear)
    # mask: the same silhouette
    for ear in ears:
        pen.mask_polygon(ear)
        pen.mdraw.line(pen.ps([*ear, ear[0]]), fill=255, width=round(pen.s(stroke * 2)), joint="curve")
        for x, y in ear:
            pen.mask_circle(x, y, stroke)
    pen.mask_circle(0, head_y, r + stroke)
    img = pen.finish()
    d = ImageDraw.Draw(img)
    ink = pal.text_on(fur)
    draw_text(d, (size / 2, size / 2 + size * 0.1), pal.CAT_ABBREV.get(cat, cat[:2]), round(size * 0.4), ink,
              bold=True, anchor="mm")
    return img


@cache
def button_stamp(color: int, size: int = 26, rainbow: bool = False) -> Image.Image:
    """A four-hole sewing button of ``color``.

    A white rim (a rainbow rim for the rainbow button) and a dark edge keep it visible on a patch
    of its own color.
    """
    base = pal.TILE_RGB[color]
    dark = pal.mix(base, (0, 0, 0), 0.45)
    pen = Pen(size, size, size / 2, (255, 255, 255))
    if rainbow:
        cx, cy = pen.p(0, 0)
        rr = pen.s(1.0)
        for i, c in enumerate(pal.TILE_RGB):
            start = -90 + 60 * i
            pen.draw.pieslice((cx - rr, cy - rr, cx + rr, cy + rr), start, start + 60, fill=c)
        body = 0.7
    else:
        pen.circle(0, 0, 1.0, fill=(255, 255, 255))
        body = 0.8
    pen.circle(0, 0, body, fill=dark)
    pen.circle(0, 0, body - 0.13, fill=pal.mix(base, (255, 255, 255), 0.15))
    pen.circle(0, 0, body - 0.3, fill=base, outline=pal.mix(base, (0, 0, 0), 0.2), width=0.05)
    hole = body * 0.17
    for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        pen.circle(dx * body * 0.24, dy * body * 0.24, hole, fill=dark)
    pen.mask_circle(0, 0, 1.0)
    return pen.finish()


@cache
def rainbow_badge(size: int = 22) -> Image.Image:
    """A small rainbow arc (the rainbow button award), for headers and score sheets."""
    pen = Pen(size, size, size / 2, (255, 255, 255))
    cx, cy = pen.p(0, 0.35)
    for i, c in enumerate(pal.TILE_RGB):
        rr = pen.s(0.95 - i * 0.12)
        pen.draw.pieslice((cx - rr, cy - rr, cx + rr, cy + rr), 180, 360, fill=c)
    rr = pen.s(0.95 - 6 * 0.12)
    pen.draw.pieslice((cx - rr, cy - rr, cx + rr, cy + rr), 180, 360, fill=(255, 255, 255))
    r_out = pen.s(1.0)
    pen.mdraw.pieslice((cx - r_out, cy - r_out, cx + r_out, cy + r_out), 180, 360, fill=255)
    pen.mdraw.rectangle((cx - r_out, cy, cx + r_out, cy + pen.s(0.06)), fill=255)
    return pen.finish()


@cache
def shape_diagram(shape: str, hex_w: int = 14) -> Image.Image:
    """A shape cat's shape drawn as little hexes."""
    from calico_bot.games.calico.engine.geometry import SHAPES
    from render.calico.layout import hex_height
    from render.calico.stamps import plain_hex

    cells = SHAPES[shape]
    hh = hex_height(hex_w)
    step_y = hh * 3 / 4
    pts = [(hex_w * (q + r / 2), step_y * r) for q, r in cells]
    minx = min(x for x, _ in pts)
    miny = min(y for _, y in pts)
    w = math.ceil(max(x for x, _ in pts) - minx) + hex_w
    h = math.ceil(max(y for _, y in pts) - miny) + hh
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    cell = plain_hex((120, 100, 86), hex_w, inset=0.8)
    for x, y in pts:
        img.alpha_composite(cell, (round(x - minx), round(y - miny)))
    return img
