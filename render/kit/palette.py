"""Every color the renderer uses, and the per-color marks that make tiles readable without color vision.

Tile colors follow the order of :data:`calico_bot.games.calico.engine.components.COLORS` (dark blue, light blue,
green, yellow, purple, pink). They are spread in lightness (L* about 26, 42, 53, 64, 75, 87) so
that they stay apart in grayscale and under the common color-vision deficiencies; each color also
has its own small corner glyph (``COLOR_GLYPHS``) drawn on every tile, button chip and key.
"""

from __future__ import annotations

RGB = tuple[int, int, int]

# --- tiles ----------------------------------------------------------------------------------------

TILE_RGB: tuple[RGB, ...] = (
    (34, 58, 122),  # DARK_BLUE   L* ~ 26
    (100, 196, 228),  # LIGHT_BLUE  L* ~ 75
    (70, 142, 60),  # GREEN       L* ~ 53
    (250, 216, 84),  # YELLOW      L* ~ 87
    (124, 78, 170),  # PURPLE      L* ~ 42
    (234, 118, 164),  # PINK        L* ~ 64
)

# The motif ink of each color: a strong contrast with the base so the pattern reads in grayscale.
TILE_INK: tuple[RGB, ...] = (
    (214, 226, 248),  # pale blue on dark blue
    (22, 74, 104),  # deep teal on light blue
    (232, 246, 214),  # pale green on green
    (128, 84, 8),  # brown on yellow
    (238, 222, 250),  # pale lilac on purple
    (122, 22, 66),  # wine on pink
)

COLOR_LABELS: tuple[str, ...] = ("Dark blue", "Light blue", "Green", "Yellow", "Purple", "Pink")
PATTERN_LABELS: tuple[str, ...] = ("Dots", "Ferns", "Flowers", "Quatrefoil", "Stripes", "Vines")

# One glyph per color (see ``render.calico.motifs.draw_glyph``), chosen to be told apart at 8 px:
# dark blue square, light blue ring, green triangle, yellow star, purple diamond, pink heart.
COLOR_GLYPHS: tuple[str, ...] = ("square", "ring", "triangle", "star", "diamond", "heart")

# --- the card, text and board ----------------------------------------------------------------------

CARD_BG: RGB = (247, 241, 229)  # warm paper; opaque so it reads on Discord's dark and light themes
CARD_EDGE: RGB = (214, 201, 178)
PANEL_BG: RGB = (239, 231, 215)
TEXT: RGB = (50, 40, 36)
TEXT_MUTED: RGB = (122, 106, 94)
TEXT_ON_DARK: RGB = (255, 252, 244)
ACCENT: RGB = (196, 112, 50)  # headings, the winner
GOOD: RGB = (46, 138, 74)
BAD: RGB = (196, 58, 52)
GOLD: RGB = (226, 170, 40)

BOARD_FRAME: dict[str, RGB] = {
    "blue": (58, 94, 150),
    "green": (78, 124, 78),
    "purple": (106, 78, 138),
    "yellow": (190, 146, 44),
}
BOARD_SURFACE: dict[str, RGB] = {  # the board showing between patches
    "blue": (44, 66, 100),
    "green": (58, 86, 58),
    "purple": (76, 58, 96),
    "yellow": (128, 98, 38),
}
EMPTY_FILL: RGB = (240, 233, 218)  # an empty patch space
EMPTY_LABEL: RGB = (128, 112, 96)
GOAL_FILL: RGB = (255, 250, 238)  # a design-goal tile
GOAL_TEXT: RGB = (60, 48, 40)
GOAL_BACK: RGB = (196, 178, 150)  # face-down goal tile (family variant)
MARKER_DARK: RGB = (18, 14, 12)  # the last-placed marker: a near-black outer ring...
MARKER_LIGHT: RGB = (255, 255, 255)  # ...and a white inner one (one of them contrasts with any color)

# --- cats --------------------------------------------------------------------------------------------

CAT_FUR: dict[str, RGB] = {
    "Millie": (250, 246, 238),
    "Callie": (236, 150, 70),
    "Tibbit": (214, 128, 52),
    "Rumi": (150, 104, 74),
    "Coconut": (244, 226, 190),
    "Tecolote": (136, 136, 144),
    "Cira": (186, 190, 200),
    "Almond": (204, 160, 112),
    "Gwenivere": (58, 54, 60),
    "Leo": (232, 178, 84),
}
CAT_ABBREV: dict[str, str] = {
    "Millie": "Mi",
    "Callie": "Ca",
    "Tibbit": "Ti",
    "Rumi": "Ru",
    "Coconut": "Co",
    "Tecolote": "Te",
    "Cira": "Ci",
    "Almond": "Al",
    "Gwenivere": "Gw",
    "Leo": "Le",
}
CAT_OUTLINE: RGB = (48, 36, 32)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend from ``a`` (t=0) to ``b`` (t=1), in sRGB."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def luminance(c: RGB) -> float:
    """Relative luminance (0..1) of an sRGB color."""

    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def text_on(c: RGB) -> RGB:
    """Dark or light text, whichever contrasts more with ``c``."""
    return TEXT if luminance(c) > 0.28 else TEXT_ON_DARK
