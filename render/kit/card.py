"""Shared pieces of every image: the opaque card, panels and small text helpers."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.kit import palette as pal
from render.kit.fonts import draw_text, fit

Box = tuple[float, float, float, float]


def new_card(width: int, height: int) -> Image.Image:
    """An opaque paper card with a thin edge (Discord rounds the corners of attachments itself)."""
    img = Image.new("RGB", (width, height), pal.CARD_BG)
    ImageDraw.Draw(img).rectangle((0, 0, width - 1, height - 1), outline=pal.CARD_EDGE, width=2)
    return img


def panel(draw: ImageDraw.ImageDraw, box: Box, fill: tuple[int, int, int] = pal.PANEL_BG, radius: int = 12) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=pal.mix(fill, (0, 0, 0), 0.1), width=1)


def heading(draw: ImageDraw.ImageDraw, x: float, y: float, text: str, size: int = 15,
            color: tuple[int, int, int] = pal.ACCENT) -> None:
    """A small-caps-like section title (top-left anchored)."""
    draw_text(draw, (x, y), text.upper(), size, color, bold=True, anchor="la")


def name_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], name: str, size: int, max_width: float, *,
              fill: tuple[int, int, int] = pal.TEXT, anchor: str = "la", bold: bool = True) -> float:
    """A player's name, shortened to ``max_width``; any script or emoji is accepted."""
    return draw_text(draw, xy, fit(name or "?", size, max_width, bold=bold), size, fill, bold=bold, anchor=anchor)
