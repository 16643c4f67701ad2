"""The last-placed marker stands out on every patch and every board, also without full color vision."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
from PIL import Image, ImageDraw

from calico_bot.games.calico.engine.components import BOARD_NAMES
from calico_bot.games.calico.engine.geometry import LABELS, NEIGHBOURS
from render.calico import layout as L
from render.calico.quilt import board_background
from render.calico.stamps import MARKER_BANDS, highlight_ring, paste_center, tile_stamp, unit_hex_points
from render.kit import palette as pal
from render.kit.colorblind import VISIONS, simulate_image, to_linear

# WCAG 2.x asks 3:1 for graphical objects that must be seen (success criterion 1.4.11); the marker's
# best ring keeps 4:1 against the patch it marks and against what lies around it (worst measured: 4.4:1)
MIN_CONTRAST = 4.0
CELL = LABELS["C3"]
R = 52  # half the side of the crop measured around the cell


def _luminance(pixels: np.ndarray) -> float:
    """Relative luminance of the median color of a set of sRGB pixels."""
    med = np.median(pixels.reshape(-1, 3), axis=0)
    return float(to_linear(med) @ np.array([0.2126, 0.7152, 0.0722]))


def contrast(a: float, b: float) -> float:
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


def _band(start: float, end: float) -> np.ndarray:
    """A crop-sized mask of the pixels between two hex outlines ``start`` < ``end`` px in from the hex's box
    edge (negative: outside it)."""
    size = 2 * R
    mask = Image.new("L", (size, size), 0)
    d = ImageDraw.Draw(mask)
    h = L.HEX_H / 2

    def hexagon(inset: float) -> list[tuple[float, float]]:
        return [(R + x * h, R + y * h) for x, y in unit_hex_points(L.HEX_W, inset)]

    d.polygon(hexagon(start), fill=255)
    d.polygon(hexagon(end), fill=0)
    return np.asarray(mask) == 255


@cache
def _scene(board: str, tile: int, marked: bool) -> Image.Image:
    """``tile`` on C3 and on its six neighbours (the worst case: one color all round) on ``board``."""
    img = board_background(board).copy()
    for cell in (CELL, *NEIGHBOURS[CELL]):
        paste_center(img, tile_stamp(tile), *L.cell_center(cell))
    x, y = L.cell_center(CELL)
    if marked:
        paste_center(img, highlight_ring(), x, y)
    return img.crop((x - R, y - R, x + R, y + R))


def marker_contrasts(board: str, tile: int, vision: str) -> tuple[float, float]:
    """Contrast of the marker's best ring with the patch inside it and with what lies outside it."""
    outer, split, inner = MARKER_BANDS
    plain = np.asarray(simulate_image(_scene(board, tile, False), vision), dtype=np.float64)
    lit = np.asarray(simulate_image(_scene(board, tile, True), vision), dtype=np.float64)
    # the middle of each ring (half a pixel in from its edges: anti-aliasing)
    dark = _luminance(lit[_band(outer + 1, split - 1)])
    light = _luminance(lit[_band(split + 1, inner - 1)])
    inside = _luminance(plain[_band(inner, inner + 6)])
    outside = _luminance(plain[_band(outer - 5, outer)])
    rings = (dark, light)
    return max(contrast(r, inside) for r in rings), max(contrast(r, outside) for r in rings)


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("board", BOARD_NAMES)
def test_marker_contrasts_with_every_patch_and_board(board: str, vision: str) -> None:
    worst = min((min(marker_contrasts(board, tile, vision)), tile) for tile in range(36))
    assert worst[0] >= MIN_CONTRAST, (
        f"marker on tile {worst[1]} ({pal.COLOR_LABELS[worst[1] // 6]}) of the {board} board under {vision}: "
        f"contrast {worst[0]:.2f}")


def test_the_measure_rejects_a_marker_of_the_patchs_own_color() -> None:
    """A one-color ring in the marked patch's color (like the old yellow outline on yellow) fails the measure."""
    yellow = 3 * 6
    ring = highlight_ring()
    arr = np.asarray(ring).copy()
    arr[..., :3] = pal.TILE_RGB[3]
    img = board_background("yellow").copy()
    for cell in (CELL, *NEIGHBOURS[CELL]):
        paste_center(img, tile_stamp(yellow), *L.cell_center(cell))
    x, y = L.cell_center(CELL)
    paste_center(img, Image.fromarray(arr, "RGBA"), x, y)
    lit = np.asarray(img.crop((x - R, y - R, x + R, y + R)), dtype=np.float64)
    plain = np.asarray(_scene("yellow", yellow, False), dtype=np.float64)
    outer, _, inner = MARKER_BANDS
    ring_l = _luminance(lit[_band(outer + 1, inner - 1)])
    assert contrast(ring_l, _luminance(plain[_band(inner, inner + 6)])) < MIN_CONTRAST


def test_marker_is_dark_outside_and_light_inside() -> None:
    ring = np.asarray(highlight_ring())
    opaque = ring[..., 3] == 255
    colors = {tuple(c) for c in ring[opaque][:, :3]}
    assert pal.MARKER_DARK in colors and pal.MARKER_LIGHT in colors
    assert contrast(_luminance(np.array(pal.MARKER_DARK)), _luminance(np.array(pal.MARKER_LIGHT))) > 15
    # no hole in the ring: the center is clear, the edge all round is covered
    assert ring[ring.shape[0] // 2, ring.shape[1] // 2, 3] == 0
