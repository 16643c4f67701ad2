"""Fonts and text drawing with per-character fallback.

The primary face is DejaVu Sans (regular and bold), shipped in ``render/fonts`` under its
permissive Bitstream Vera license: it covers Latin, Greek, Cyrillic and the symbols used here
(check marks, arrows). When that file is missing, Pillow's bundled scalable default font is used.
Characters the primary face lacks are drawn with the first face that has them:

1. the shipped CJK subset (``render/fonts/NotoSansCJKsc-*.subset.otf``, SIL Open Font License,
   made by ``scripts/make_cjk_font.py``): the common simplified and traditional hanzi, CJK
   punctuation, kana and full-width forms, so Chinese names read on a machine with no CJK font;
2. files listed in the ``CALICO_RENDER_FONTS`` environment variable (``os.pathsep``-separated);
3. the usual system CJK/emoji fonts found on the machine (rare hanzi, Hangul, emoji, ...).

With none, the primary face's "missing glyph" box is drawn: text never fails to render.
"""

from __future__ import annotations

import os
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CJK_REGULAR = FONT_DIR / "NotoSansCJKsc-Regular.subset.otf"
CJK_BOLD = FONT_DIR / "NotoSansCJKsc-Bold.subset.otf"

FALLBACK_CANDIDATES: tuple[str, ...] = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:/Windows/Fonts/msyh.ttc",
    "C:/Windows/Fonts/seguisym.ttf",
)

# faces to use from font collections (Noto Sans CJK's .ttc files: 0 JP, 1 KR, 2 SC, 3 TC, 4 HK)
TTC_INDEX: dict[str, int] = {"NotoSansCJK-Regular.ttc": 2, "NotoSansCJK-Bold.ttc": 2}

Font = ImageFont.FreeTypeFont
_MISSING = "\U0010fffd"  # a private-use code point no font maps
_SHIPPED = REGULAR.is_file() and BOLD.is_file()


@cache
def font(size: int, bold: bool = False) -> Font:
    """The primary face at ``size`` px."""
    path = BOLD if bold else REGULAR
    try:
        return ImageFont.truetype(str(path), size)
    except OSError:
        return ImageFont.load_default(size=size)  # type: ignore[return-value]


@cache
def _shipped_cjk(bold: bool) -> str | None:
    """The shipped CJK subset of the weight asked for (the other weight if only that one is there)."""
    for path in (CJK_BOLD, CJK_REGULAR) if bold else (CJK_REGULAR, CJK_BOLD):
        if path.is_file():
            return str(path)
    return None


@cache
def _fallback_paths() -> tuple[str, ...]:
    """Fonts from ``CALICO_RENDER_FONTS``, then the system fonts found, for what the shipped faces lack."""
    extra = [p for p in os.environ.get("CALICO_RENDER_FONTS", "").split(os.pathsep) if p]
    return tuple(p for p in (*extra, *FALLBACK_CANDIDATES) if os.path.isfile(p))


def _search_order(bold: bool) -> tuple[str, ...]:
    """The shipped CJK subset, then the fallback paths (bold files first for bold text)."""
    cjk = _shipped_cjk(bold)
    rest = _fallback_paths()
    if bold:
        rest = tuple(sorted(rest, key=lambda p: "bold" not in os.path.basename(p).lower()))
    return (cjk, *rest) if cjk else rest


@cache
def _fallback(path: str, size: int) -> Font | None:
    try:
        return ImageFont.truetype(path, size, index=TTC_INDEX.get(os.path.basename(path), 0))
    except OSError:
        return None


def _signature(face: Font, ch: str) -> bytes:
    im = Image.new("L", (48, 48))
    ImageDraw.Draw(im).text((8, 8), ch, font=face, fill=255)
    return im.tobytes()


@cache
def _missing_signature(face_key: tuple[str, int]) -> bytes:
    return _signature(_face_from_key(face_key), _MISSING)


@cache
def _face_from_key(face_key: tuple[str, int]) -> Font:
    path, size = face_key
    if path in (str(REGULAR), str(BOLD)):
        return font(size, bold=path == str(BOLD))
    face = _fallback(path, size)
    return face if face is not None else font(size)


@lru_cache(maxsize=16384)
def _covers(face_key: tuple[str, int], ch: str) -> bool:
    """Whether the face draws ``ch`` with a real glyph (tested at 32 px, then cached)."""
    face = _face_from_key(face_key)
    try:
        return _signature(face, ch) != _missing_signature(face_key)
    except (OSError, ValueError):
        return False


def _is_attached(ch: str) -> bool:
    """Marks, joiners and variation selectors stay with the preceding character's face."""
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(ch) <= 0xFE0F


def runs(text: str, size: int, bold: bool = False) -> list[tuple[str, Font]]:
    """Split ``text`` into runs, each drawn with one face."""
    primary = font(size, bold)
    if text.isascii():
        return [(text, primary)] if text else []
    primary_key = (str(BOLD if bold else REGULAR), 32)
    out: list[tuple[str, Font]] = []
    for ch in text:
        face = primary
        if out and _is_attached(ch):
            face = out[-1][1]
        elif not (ch.isascii() or ch.isspace()) and not (_SHIPPED and _covers(primary_key, ch)):
            for path in _search_order(bold):
                if _covers((path, 32), ch):
                    fb = _fallback(path, size)
                    if fb is not None:
                        face = fb
                    break
        if out and out[-1][1] is face:
            out[-1] = (out[-1][0] + ch, face)
        else:
            out.append((ch, face))
    return out


def text_width(text: str, size: int, bold: bool = False) -> float:
    return sum(face.getlength(part) for part, face in runs(text, size, bold))


def fit(text: str, size: int, max_width: float, bold: bool = False) -> str:
    """``text``, shortened with an ellipsis if it is wider than ``max_width``."""
    text = " ".join(text.split())  # no newlines or tabs in one-line labels
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, ...],
    *,
    bold: bool = False,
    anchor: str = "la",
    stroke: int = 0,
    stroke_fill: tuple[int, ...] | None = None,
) -> float:
    """Draw one line of text; ``anchor`` is Pillow's two-letter anchor (``l/m/r`` + ``a/m/s/d``).

    Returns the width drawn. Mixed-script text is drawn run by run on a shared baseline.
    """
    parts = runs(text, size, bold)
    if not parts:
        return 0.0
    if len(parts) == 1:
        part, face = parts[0]
        draw.text(xy, part, font=face, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=stroke_fill)
        return face.getlength(part)
    primary = font(size, bold)
    ascent, descent = primary.getmetrics()
    widths = [face.getlength(part) for part, face in parts]
    total = sum(widths)
    x, y = xy
    h, v = anchor[0], anchor[1]
    x -= {"l": 0.0, "m": total / 2, "r": total}[h]
    y += {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0.0, "d": -descent, "b": -descent}[v]
    for (part, face), w in zip(parts, widths, strict=True):
        draw.text((x, y), part, font=face, fill=fill, anchor="ls", stroke_width=stroke, stroke_fill=stroke_fill)
        x += w
    return total
