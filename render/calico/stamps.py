"""Cached RGBA stamps: patches, pattern swatches, empty spaces, goal tiles and highlights.

Every stamp is drawn once per (kind, size) and cached; rendering a quilt only pastes them.
Stamps are ``width`` x ``hex_height(width)`` images, hex-shaped through their alpha channel.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.components import GOALS
from render.calico.layout import TILE_INSET, hex_height
from render.calico.motifs import draw_glyph, draw_motif
from render.kit import palette as pal
from render.kit.fonts import draw_text
from render.kit.pen import Color, Pen, Point

GLYPH_POS = (0.0, -0.655)  # where the color glyph sits, in unit coordinates
GLYPH_R = 0.12


def _unit(width: int) -> float:
    return hex_height(width) / 2


def unit_hex_points(width: int, inset_px: float) -> list[Point]:
    """The stamp's hex in unit coordinates, ``inset_px`` output pixels inside the stamp's box."""
    h = hex_height(width)
    u = h / 2
    hw = (width / 2 - inset_px) / u
    hh = (h / 2 - inset_px * 2 / math.sqrt(3)) / u
    return [(0.0, -hh), (hw, -hh / 2), (hw, hh / 2), (0.0, hh), (-hw, hh / 2), (-hw, -hh / 2)]


def _inset(width: int) -> float:
    return TILE_INSET * width / 70


def _outline(pen: Pen, width: int, color: Color, px: float) -> None:
    """A line ``px`` output pixels wide just inside the hex edge."""
    pts = unit_hex_points(width, _inset(width) + px / 2)
    pen.line([*pts, pts[0]], color, px / _unit(width), round_caps=False)


def _stitches(pen: Pen, width: int, color: Color) -> None:
    """A dashed running stitch inside the patch edge."""
    pts = unit_hex_points(width, _inset(width) + width * 0.085)
    dash, gap = 0.075, 0.05
    for i in range(6):
        (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % 6]
        length = math.hypot(x1 - x0, y1 - y0)
        n = max(1, int((length - gap) // (dash + gap)))
        start = (length - n * (dash + gap) + gap) / 2
        for k in range(n):
            a = (start + k * (dash + gap)) / length
            b = a + dash / length
            pen.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a), (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)],
                     color, 0.028, round_caps=False)


@cache
def tile_stamp(tile: int, width: int = 70, glyph: bool = True) -> Image.Image:
    """A patch: base color, pattern motif in the color's ink, color glyph at the top vertex."""
    color, pattern = divmod(tile, 6)
    base, ink = pal.TILE_RGB[color], pal.TILE_INK[color]
    h = hex_height(width)
    pen = Pen(width, h, _unit(width), base)
    draw_motif(pen, pattern, ink, base)
    _stitches(pen, width, pal.mix(base, ink, 0.5))
    if glyph:
        gx, gy = GLYPH_POS
        pen.circle(gx, gy, GLYPH_R * 1.7, fill=base, outline=ink, width=0.03)
        draw_glyph(pen, pal.COLOR_GLYPHS[color], gx, gy, GLYPH_R, ink)
    _outline(pen, width, pal.mix(base, (0, 0, 0), 0.25), 1.0)
    pen.mask_polygon(unit_hex_points(width, _inset(width)))
    return pen.finish()


@cache
def pattern_swatch(pattern: int, width: int = 44) -> Image.Image:
    """A color-neutral patch showing only a pattern (for the cat legend)."""
    base, ink = (250, 246, 236), (88, 72, 62)
    pen = Pen(width, hex_height(width), _unit(width), base)
    draw_motif(pen, pattern, ink, base)
    _outline(pen, width, (150, 134, 118), 1.0)
    pen.mask_polygon(unit_hex_points(width, _inset(width)))
    return pen.finish()


@cache
def color_chip(color: int, width: int = 26) -> Image.Image:
    """A plain hex of one color with its glyph (for the color key)."""
    base, ink = pal.TILE_RGB[color], pal.TILE_INK[color]
    pen = Pen(width, hex_height(width), _unit(width), base)
    draw_glyph(pen, pal.COLOR_GLYPHS[color], 0, 0.04, 0.42, ink)
    _outline(pen, width, pal.mix(base, (0, 0, 0), 0.3), 1.0)
    pen.mask_polygon(unit_hex_points(width, 0.5))
    return pen.finish()


@cache
def plain_hex(fill: Color, width: int = 70, outline: Color | None = None, inset: float | None = None) -> Image.Image:
    """A flat hex (empty spaces, board surface, shape diagrams)."""
    pen = Pen(width, hex_height(width), _unit(width), fill)
    ins = _inset(width) if inset is None else inset
    if outline is not None:
        pts = unit_hex_points(width, ins + 0.5)
        pen.line([*pts, pts[0]], outline, 1.0 / _unit(width), round_caps=False)
    pen.mask_polygon(unit_hex_points(width, ins))
    return pen.finish()


@cache
def empty_stamp(label: str, width: int = 70) -> Image.Image:
    """An empty patch space with its name (A1..E5), so players can type it."""
    img = plain_hex(pal.EMPTY_FILL, width, outline=pal.mix(pal.EMPTY_FILL, (0, 0, 0), 0.12)).copy()
    d = ImageDraw.Draw(img)
    draw_text(d, (width / 2, img.height / 2), label, round(width * 0.25), pal.EMPTY_LABEL, bold=True, anchor="mm")
    return img


# The last-placed marker: a dark band outside a light band, in px from the hex's box edge (negative:
# outside it, over the seam and the neighbours). Whatever the colour under it, one band stands out.
MARKER_BANDS = (-3.5, 1.0, 4.0)
SS_DASH = 4  # supersampling of the dash pattern


@cache
def highlight_ring(width: int = 70) -> Image.Image:
    """The last-placed marker: a dark outer and a light inner ring around the patch."""
    outer, split, inner = MARKER_BANDS
    pad = math.ceil(-outer) + 1
    pen = Pen(width + 2 * pad, hex_height(width) + 2 * pad, _unit(width), pal.MARKER_DARK)
    pen.polygon(unit_hex_points(width, split), pal.MARKER_LIGHT)
    pen.mask_polygon(unit_hex_points(width, outer))
    pen.mdraw.polygon(pen.ps(unit_hex_points(width, inner)), fill=0)
    return pen.finish()


PENDING_DASHES = 24  # dashes round the pending-placement marker
PENDING_OPACITY = 0.8  # a picked tile shown on its space is drawn a little see-through


@cache
def pending_ring(width: int = 70) -> Image.Image:
    """The marker of a placement not yet made: the last-placed rings, dashed."""
    ring = highlight_ring(width).copy()
    w, h = ring.size
    dashes = Image.new("L", (w * SS_DASH, h * SS_DASH), 0)
    d = ImageDraw.Draw(dashes)
    cx, cy, r = w * SS_DASH / 2, h * SS_DASH / 2, max(w, h) * SS_DASH
    step = 2 * math.pi / PENDING_DASHES
    for k in range(PENDING_DASHES):
        a0, a1 = (k - 0.28) * step - math.pi / 2, (k + 0.28) * step - math.pi / 2
        d.polygon([(cx, cy), (cx + r * math.cos(a0), cy + r * math.sin(a0)),
                   (cx + r * math.cos(a1), cy + r * math.sin(a1))], fill=255)
    alpha = Image.composite(ring.getchannel("A"), Image.new("L", ring.size, 0), dashes.reduce(SS_DASH))
    ring.putalpha(alpha)
    return ring


@cache
def pending_tile(tile: int, width: int = 70) -> Image.Image:
    """A picked tile as previewed on its space: the patch, slightly see-through."""
    stamp = tile_stamp(tile, width).copy()
    stamp.putalpha(stamp.getchannel("A").point(lambda a: round(a * PENDING_OPACITY)))
    return stamp


# --- design goal tiles ----------------------------------------------------------------------------


def goal_lines(goal_id: str) -> list[str]:
    """The goal's notation on two lines, split between letter groups to balance their widths.

    ``AAA-BBB`` -> ``AAA`` / ``BBB``; ``AA-BB-C-D`` -> ``AA-BB`` / ``C-D``; the all-different
    goal is written ``A-B-C`` / ``D-E-F``.
    """
    groups = ["A", "B", "C", "D", "E", "F"] if goal_id == "ALL_DIFFERENT" else goal_id.split("-")
    best = min(range(1, len(groups)),
               key=lambda k: (max(len("-".join(groups[:k])), len("-".join(groups[k:]))), k))
    return ["-".join(groups[:best]), "-".join(groups[best:])]


def _goal_base(width: int, fill: pal.RGB, edge: pal.RGB) -> Image.Image:
    pen = Pen(width, hex_height(width), _unit(width), fill)
    _outline(pen, width, edge, 2.0)
    inner = unit_hex_points(width, _inset(width) + 4.5)
    pen.line([*inner, inner[0]], pal.mix(fill, edge, 0.45), 0.8 / _unit(width), round_caps=False)
    pen.mask_polygon(unit_hex_points(width, _inset(width)))
    return pen.finish()


def draw_check(draw: ImageDraw.ImageDraw, x: float, y: float, s: float, ok: bool) -> None:
    """A drawn check mark or cross centered at (x, y), ``s`` px across."""
    w = max(2, round(s / 4.5))
    if ok:
        draw.line([(x - s * 0.45, y), (x - s * 0.12, y + s * 0.35), (x + s * 0.48, y - s * 0.38)],
                  fill=pal.GOOD, width=w, joint="curve")
    else:
        q = s * 0.33
        draw.line([(x - q, y - q), (x + q, y + q)], fill=pal.BAD, width=w)
        draw.line([(x - q, y + q), (x + q, y - q)], fill=pal.BAD, width=w)


@cache
def goal_stamp(goal_id: str | None, state: str = "open", met: tuple[bool, bool] = (False, False),
               points: int = 0, width: int = 70) -> Image.Image:
    """A design-goal tile.

    ``state``: ``open`` (notation and its points), ``scored`` (color/pattern checks and the points
    earned), ``hidden`` (face down: family variant) or ``unchosen`` (still in setup).
    """
    h = hex_height(width)
    cx = width / 2
    if state == "hidden":
        img = _goal_base(width, pal.GOAL_BACK, pal.mix(pal.GOAL_BACK, (0, 0, 0), 0.35)).copy()
        d = ImageDraw.Draw(img)
        paw = pal.mix(pal.GOAL_BACK, (255, 255, 255), 0.35)
        s = width / 70
        d.ellipse((cx - 9 * s, h / 2 - 2 * s, cx + 9 * s, h / 2 + 12 * s), fill=paw)
        for dx, dy in ((-11, -6), (-4, -12), (4, -12), (11, -6)):
            d.ellipse((cx + (dx - 3.6) * s, h / 2 + (dy - 4.5) * s, cx + (dx + 3.6) * s, h / 2 + (dy + 3.5) * s),
                      fill=paw)
        return img
    if state == "unchosen" or goal_id is None:
        img = _goal_base(width, pal.GOAL_FILL, (170, 150, 120)).copy()
        d = ImageDraw.Draw(img)
        draw_text(d, (cx, h / 2 - 4), "?", round(width * 0.4), (170, 150, 120), bold=True, anchor="mm")
        draw_text(d, (cx, h / 2 + width * 0.26), "goal", round(width * 0.15), pal.TEXT_MUTED, anchor="mm")
        return img
    goal = GOALS[goal_id]
    if state == "scored":
        n = sum(met)
        fill = {2: (255, 236, 168), 1: (226, 242, 214), 0: (236, 230, 222)}[n]
        edge = {2: (200, 150, 30), 1: (96, 150, 90), 0: (160, 148, 136)}[n]
    else:
        fill, edge = pal.GOAL_FILL, (176, 146, 100)
    img = _goal_base(width, fill, edge).copy()
    d = ImageDraw.Draw(img)
    lines = goal_lines(goal_id)
    size = round(width * 0.2)
    top = h * (0.27 if state == "scored" else 0.32)
    for i, line in enumerate(lines):
        draw_text(d, (cx, top + i * size * 1.05), line, size, pal.GOAL_TEXT, bold=True, anchor="mm")
    if state == "scored":
        y = h * 0.6
        small = round(width * 0.16)
        for i, (letter, ok) in enumerate((("C", met[0]), ("P", met[1]))):
            x = cx + (i - 0.5) * width * 0.42
            draw_text(d, (x - width * 0.07, y), letter, small, pal.TEXT_MUTED, bold=True, anchor="mm")
            draw_check(d, x + width * 0.1, y, width * 0.16, ok)
        draw_text(d, (cx, h * 0.79), f"+{points}" if points else "0", round(width * 0.2),
                  pal.GOOD if points else pal.TEXT_MUTED, bold=True, anchor="mm")
    else:
        draw_text(d, (cx, h * 0.7), f"{goal.one}/{goal.both}", round(width * 0.17), pal.TEXT_MUTED,
                  bold=True, anchor="mm")
    return img


@cache
def number_badge(number: int, size: int = 28) -> Image.Image:
    """A dark disc with a white number: hand tiles (1-2) and market slots (1-3)."""
    pen = Pen(size, size, size / 2, pal.TEXT)
    pen.circle(0, 0, 1.0, fill=pal.CARD_BG)
    pen.circle(0, 0, 1.0 - 2.4 / (size / 2), fill=pal.TEXT)
    pen.mask_circle(0, 0, 1.0)
    img = pen.finish()
    draw_text(ImageDraw.Draw(img), (size / 2, size / 2 + 0.5), str(number), round(size * 0.62), pal.TEXT_ON_DARK,
              bold=True, anchor="mm")
    return img


def paste_center(dst: Image.Image, stamp: Image.Image, x: float, y: float) -> None:
    """Alpha-composite ``stamp`` centered at (x, y) (rounded to whole pixels)."""
    dst.paste(stamp, (round(x - stamp.width / 2), round(y - stamp.height / 2)), stamp)
