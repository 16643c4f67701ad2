"""Anti-aliased vector drawing by supersampling: draw big with ImageDraw, then shrink.

A :class:`Pen` draws in "unit" coordinates (origin at the stamp's center, +x right, +y down,
1 unit = ``unit`` output pixels) onto a canvas ``SS`` times larger than the output. ``finish``
shrinks the canvas and a coverage mask with a box filter, giving smooth edges without any
premultiplied-alpha fringes (the color canvas extends past the mask).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PIL import Image, ImageDraw

SS = 4  # supersampling factor

Point = tuple[float, float]
Color = tuple[int, ...]


class Pen:
    def __init__(self, width: int, height: int, unit: float, background: Color, *, cx: float | None = None,
                 cy: float | None = None) -> None:
        self.width = width
        self.height = height
        self.canvas = Image.new("RGB", (width * SS, height * SS), background[:3])
        self.mask = Image.new("L", (width * SS, height * SS), 0)
        self.draw = ImageDraw.Draw(self.canvas)
        self.mdraw = ImageDraw.Draw(self.mask)
        self.scale = unit * SS
        self.ox = (width / 2 if cx is None else cx) * SS
        self.oy = (height / 2 if cy is None else cy) * SS

    # --- coordinates ----------------------------------------------------------------------------

    def p(self, x: float, y: float) -> Point:
        return self.ox + x * self.scale, self.oy + y * self.scale

    def ps(self, points: Iterable[Point]) -> list[Point]:
        return [self.p(x, y) for x, y in points]

    def s(self, length: float) -> float:
        return length * self.scale

    # --- shapes ---------------------------------------------------------------------------------

    def circle(self, x: float, y: float, r: float, fill: Color | None = None, outline: Color | None = None,
               width: float = 0.0) -> None:
        cx, cy = self.p(x, y)
        rr = self.s(r)
        self.draw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=fill, outline=outline,
                          width=max(1, round(self.s(width))) if outline else 0)

    def polygon(self, points: Sequence[Point], fill: Color) -> None:
        self.draw.polygon(self.ps(points), fill=fill)

    def line(self, points: Sequence[Point], fill: Color, width: float, round_caps: bool = True) -> None:
        w = max(1, round(self.s(width)))
        self.draw.line(self.ps(points), fill=fill, width=w, joint="curve")
        if round_caps:
            for x, y in (points[0], points[-1]):
                self.circle(x, y, width / 2, fill=fill)

    def ellipse(self, x: float, y: float, a: float, b: float, angle: float, fill: Color) -> None:
        """An ellipse with semi-axes ``a`` (along ``angle``, radians) and ``b``."""
        self.polygon(ellipse_points(x, y, a, b, angle), fill)

    def leaf(self, x: float, y: float, length: float, width: float, angle: float, fill: Color) -> None:
        """A pointed leaf from (x, y) outwards along ``angle``."""
        self.polygon(leaf_points(x, y, length, width, angle), fill)

    # --- coverage mask --------------------------------------------------------------------------

    def mask_polygon(self, points: Sequence[Point]) -> None:
        self.mdraw.polygon(self.ps(points), fill=255)

    def mask_circle(self, x: float, y: float, r: float) -> None:
        cx, cy = self.p(x, y)
        rr = self.s(r)
        self.mdraw.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), fill=255)

    def finish(self) -> Image.Image:
        """The RGBA result at output size."""
        out = self.canvas.reduce(SS)
        out.putalpha(self.mask.reduce(SS))
        return out


def ellipse_points(x: float, y: float, a: float, b: float, angle: float, n: int = 28) -> list[Point]:
    ca, sa = math.cos(angle), math.sin(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        ex, ey = a * math.cos(t), b * math.sin(t)
        pts.append((x + ex * ca - ey * sa, y + ex * sa + ey * ca))
    return pts


def leaf_points(x: float, y: float, length: float, width: float, angle: float, n: int = 12) -> list[Point]:
    """A leaf (two circular-ish arcs meeting at both tips) from (x, y) along ``angle``."""
    ca, sa = math.cos(angle), math.sin(angle)
    side1, side2 = [], []
    for i in range(n + 1):
        t = i / n
        u = t * length
        v = math.sin(math.pi * t) * width / 2
        side1.append((u, v))
        side2.append((u, -v))
    pts = side1 + side2[::-1][1:-1]
    return [(x + u * ca - v * sa, y + u * sa + v * ca) for u, v in pts]


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 24) -> list[Point]:
    """Points along a cubic Bézier curve."""
    out = []
    for i in range(n + 1):
        t = i / n
        mt = 1 - t
        a, b, c, d = mt**3, 3 * mt * mt * t, 3 * mt * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out
