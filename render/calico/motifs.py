"""The six pattern motifs and the six color glyphs, drawn procedurally with a :class:`Pen`.

Motifs are drawn in unit coordinates on a pointy-top hex of circumradius 1 centered at the
origin. Every motif leaves a small disc at the center in the tile's base color, so the center
pixel of a patch always shows its color, and keeps the top vertex area (the color glyph) and the
two lower corners (cat and button tokens) readable. Each motif has a distinct silhouette so it
reads at small size and in grayscale:

* dots: a polka lattice of small discs;          * ferns: two fronds with paired leaflets;
* flowers: one large five-petal flower;          * quatrefoil: a hollow four-lobed outline;
* stripes: bold diagonal bands;                  * vines: a wavy stem with leaves and curls.
"""

from __future__ import annotations

import math

from render.kit.pen import Color, Pen, bezier

CENTER_CLEAR = 0.1  # radius of the base-colored disc every motif leaves at the center


def _dots(pen: Pen, ink: Color, base: Color) -> None:
    s = 0.40
    r = 0.085
    a1 = (s, 0.0)
    a2 = (s / 2, s * math.sqrt(3) / 2)
    ox, oy = -(a1[0] + a2[0]) / 3, -(a1[1] + a2[1]) / 3  # the center sits between three dots
    for i in range(-5, 6):
        for j in range(-5, 6):
            x = ox + i * a1[0] + j * a2[0]
            y = oy + i * a1[1] + j * a2[1]
            if abs(x) < 1.0 and abs(y) < 1.05:
                pen.circle(x, y, r, fill=ink)


def _stripes(pen: Pen, ink: Color, base: Color) -> None:
    period = 0.40
    half = 0.09
    angle = math.radians(-55)
    dx, dy = math.cos(angle), math.sin(angle)  # along the stripe
    nx, ny = -dy, dx  # across
    for k in range(-4, 4):
        d = (k + 0.5) * period
        cx, cy = nx * d, ny * d
        pts = [
            (cx + dx * 2 + nx * half, cy + dy * 2 + ny * half),
            (cx - dx * 2 + nx * half, cy - dy * 2 + ny * half),
            (cx - dx * 2 - nx * half, cy - dy * 2 - ny * half),
            (cx + dx * 2 - nx * half, cy + dy * 2 - ny * half),
        ]
        pen.polygon(pts, ink)


def _flowers(pen: Pen, ink: Color, base: Color) -> None:
    petals = 5
    for i in range(petals):
        a = -math.pi / 2 + 2 * math.pi * i / petals
        pen.ellipse(0.33 * math.cos(a), 0.33 * math.sin(a), 0.23, 0.155, a, ink)
    pen.circle(0, 0, 0.17, fill=base)
    pen.circle(0, 0, 0.13, fill=ink)
    pen.circle(0, 0, 0.075, fill=base)
    # small buds between the petals' tips, towards the edges
    for i in range(petals):
        a = -math.pi / 2 + 2 * math.pi * (i + 0.5) / petals
        pen.circle(0.64 * math.cos(a), 0.64 * math.sin(a), 0.05, fill=ink)


def _quatrefoil(pen: Pen, ink: Color, base: Color) -> None:
    d, r, t = 0.25, 0.215, 0.075
    lobes = [(d, 0.0), (-d, 0.0), (0.0, d), (0.0, -d)]
    for x, y in lobes:
        pen.circle(x, y, r + t, fill=ink)
    for x, y in lobes:
        pen.circle(x, y, r, fill=base)
    # corner points of the lattice: small diamonds on the diagonals
    for sx in (-1, 1):
        for sy in (-1, 1):
            cx, cy = sx * 0.5, sy * 0.5
            q = 0.085
            pen.polygon([(cx, cy - q), (cx + q, cy), (cx, cy + q), (cx - q, cy)], ink)


def _frond(pen: Pen, start: tuple[float, float], end: tuple[float, float], bend: float, ink: Color) -> None:
    sx, sy = start
    ex, ey = end
    mx, my = (sx + ex) / 2, (sy + ey) / 2
    length = math.hypot(ex - sx, ey - sy)
    nx, ny = -(ey - sy) / length, (ex - sx) / length
    ctrl = (mx + nx * bend, my + ny * bend)
    stem = bezier(start, ctrl, ctrl, end, n=30)
    pen.line(stem, ink, 0.05)
    pairs = 6
    for i in range(pairs):
        t = 0.12 + 0.8 * i / pairs
        k = round(t * 30)
        x, y = stem[k]
        tx, ty = stem[min(k + 1, 30)][0] - stem[max(k - 1, 0)][0], stem[min(k + 1, 30)][1] - stem[max(k - 1, 0)][1]
        heading = math.atan2(ty, tx)
        size = 0.25 * (1 - 0.55 * t)
        for side in (-1, 1):
            pen.leaf(x, y, size, size * 0.42, heading + side * math.radians(55), ink)
    pen.leaf(*end, 0.12, 0.06, math.atan2(ey - ctrl[1], ex - ctrl[0]), ink)


def _ferns(pen: Pen, ink: Color, base: Color) -> None:
    _frond(pen, (-0.75, 0.16), (0.42, -0.55), -0.1, ink)
    _frond(pen, (-0.42, 0.75), (0.75, 0.02), -0.1, ink)


def _vines(pen: Pen, ink: Color, base: Color) -> None:
    amp, y0, wave = 0.2, -0.08, 0.62

    def wy(x: float) -> float:
        return y0 - amp * math.cos(math.pi * x / wave)

    xs = [-1.0 + i * 0.04 for i in range(51)]
    for offset in (0.0, 0.62):
        stem = [(x, wy(x) + offset) for x in xs]
        pen.line(stem, ink, 0.05)
        for k, x in enumerate((-0.62, -0.31, 0.0, 0.31, 0.62)):
            y = wy(x) + offset
            slope = math.atan(amp * math.pi / wave * math.sin(math.pi * x / wave))
            side = -1 if k % 2 == 0 else 1
            pen.leaf(x, y, 0.2, 0.12, slope + side * math.radians(70), ink)
    # little tendril curls
    for cx, cy in ((0.5, -0.3), (-0.52, 0.27)):
        pts = []
        for i in range(26):
            t = i / 25
            a = 4.2 * t * math.pi / 2
            rr = 0.09 * (1 - 0.7 * t)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pen.line(pts, ink, 0.035)


MOTIFS = (_dots, _ferns, _flowers, _quatrefoil, _stripes, _vines)  # in PATTERNS order


def draw_motif(pen: Pen, pattern: int, ink: Color, base: Color) -> None:
    MOTIFS[pattern](pen, ink, base)
    pen.circle(0, 0, CENTER_CLEAR, fill=base)


# --- color glyphs -----------------------------------------------------------------------------------


def _star_points(x: float, y: float, r: float, inner: float = 0.45, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for i in range(2 * n):
        a = -math.pi / 2 + math.pi * i / n
        rr = r if i % 2 == 0 else r * inner
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return pts


def _heart_points(x: float, y: float, r: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(40):
        t = 2 * math.pi * i / 40
        hx = 16 * math.sin(t) ** 3
        hy = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x + hx / 17 * r, y + (hy + 1.5) / 17 * r))
    return pts


def draw_glyph(pen: Pen, glyph: str, x: float, y: float, r: float, fill: Color) -> None:
    """A color glyph of radius ``r`` (see ``palette.COLOR_GLYPHS``)."""
    if glyph == "square":
        q = r * 0.8
        pen.polygon([(x - q, y - q), (x + q, y - q), (x + q, y + q), (x - q, y + q)], fill)
    elif glyph == "triangle":
        pen.polygon([(x, y - r * 1.05), (x + r * 1.0, y + r * 0.75), (x - r * 1.0, y + r * 0.75)], fill)
    elif glyph == "star":
        pen.polygon(_star_points(x, y + r * 0.08, r * 1.15, 0.45), fill)
    elif glyph == "diamond":
        pen.polygon([(x, y - r * 1.1), (x + r * 0.8, y), (x, y + r * 1.1), (x - r * 0.8, y)], fill)
    elif glyph == "ring":
        pen.circle(x, y, r * 0.95, fill=None, outline=fill, width=r * 0.42)
    elif glyph == "heart":
        pen.polygon(_heart_points(x, y, r * 1.05), fill)
    else:
        raise ValueError(f"unknown glyph {glyph!r}")
