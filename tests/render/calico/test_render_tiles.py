"""Tile art: 36 distinct patch stamps, also without color vision; colors told apart by marks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from PIL import Image

from render.calico.stamps import GLYPH_POS, GLYPH_R, pattern_swatch, tile_stamp
from render.kit import palette as pal
from render.kit.colorblind import VISIONS, delta_e, simulate, simulate_image, to_lab


def flat(stamp: Image.Image, bg: tuple[int, int, int] = pal.CARD_BG) -> Image.Image:
    out = Image.new("RGB", stamp.size, bg)
    out.paste(stamp, (0, 0), stamp)
    return out


@pytest.fixture(scope="module")
def stamps() -> list[Image.Image]:
    return [flat(tile_stamp(t)) for t in range(36)]


@pytest.mark.parametrize("vision", VISIONS)
def test_36_tile_kinds_are_pairwise_distinct(stamps: list[Image.Image], vision: str) -> None:
    arrays = [np.asarray(simulate_image(s, vision), dtype=float) for s in stamps]
    worst = min((np.abs(arrays[a] - arrays[b]).mean(), a, b) for a, b in itertools.combinations(range(36), 2))
    assert worst[0] > 4.0, f"tiles {worst[1]} and {worst[2]} look alike under {vision}: {worst[0]:.2f}"


def test_palette_colors_stay_apart_under_color_vision_deficiencies() -> None:
    base = np.array(pal.TILE_RGB, dtype=float)
    for vision in VISIONS:
        seen = simulate(base, vision)
        for a, b in itertools.combinations(range(6), 2):
            assert delta_e(seen[a], seen[b]) >= 10, (vision, pal.COLOR_LABELS[a], pal.COLOR_LABELS[b])
    lightness = to_lab(simulate(base, "grayscale"))[:, 0]
    for a, b in itertools.combinations(range(6), 2):
        assert abs(lightness[a] - lightness[b]) >= 8, (pal.COLOR_LABELS[a], pal.COLOR_LABELS[b])


def _glyph_mask(tile: int) -> np.ndarray:
    """Which pixels of the glyph area are ink rather than base (independent of the color itself)."""
    stamp = tile_stamp(tile)
    unit = stamp.height / 2
    gx = stamp.width / 2 + GLYPH_POS[0] * unit
    gy = stamp.height / 2 + GLYPH_POS[1] * unit
    r = GLYPH_R * unit * 1.2
    box = (round(gx - r), round(gy - r), round(gx + r), round(gy + r))
    px = np.asarray(stamp.convert("RGB").crop(box), dtype=float)
    base, ink = np.array(pal.TILE_RGB[tile // 6]), np.array(pal.TILE_INK[tile // 6])
    return np.linalg.norm(px - ink, axis=2) < np.linalg.norm(px - base, axis=2)


@pytest.mark.parametrize("pattern", range(6))
def test_each_color_has_its_own_mark(pattern: int) -> None:
    masks = [_glyph_mask(color * 6 + pattern) for color in range(6)]
    for a, b in itertools.combinations(range(6), 2):
        differing = (masks[a] != masks[b]).sum()
        assert differing >= 15, (pal.COLOR_LABELS[a], pal.COLOR_LABELS[b], differing)


def test_every_stamp_shows_its_base_color_at_the_center() -> None:
    for tile in range(36):
        for width in (44, 70, 84):
            stamp = tile_stamp(tile, width)
            center = np.asarray(stamp)[stamp.height // 2, stamp.width // 2]
            assert center[3] == 255
            assert np.abs(center[:3].astype(int) - np.array(pal.TILE_RGB[tile // 6])).max() <= 2


def test_motifs_are_distinct_in_grayscale_swatches() -> None:
    swatches = [np.asarray(simulate_image(flat(pattern_swatch(p, 60)), "grayscale"), dtype=float)
                for p in range(6)]
    for a, b in itertools.combinations(range(6), 2):
        assert np.abs(swatches[a] - swatches[b]).mean() > 8, (pal.PATTERN_LABELS[a], pal.PATTERN_LABELS[b])


def test_stamps_are_cached_and_hex_shaped() -> None:
    assert tile_stamp(5) is tile_stamp(5)
    stamp = tile_stamp(5)
    alpha = np.asarray(stamp.getchannel("A"))
    assert alpha[0, 0] == 0 and alpha[-1, -1] == 0  # corners outside the hex
    assert alpha[stamp.height // 2, stamp.width // 2] == 255
