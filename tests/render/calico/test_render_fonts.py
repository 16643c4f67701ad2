"""The shipped CJK font: Chinese names read on a fresh machine, other characters fall back, nothing fails."""

from __future__ import annotations

import importlib.util
import tomllib
from collections.abc import Iterator
from fnmatch import fnmatch
from pathlib import Path

import numpy as np
import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw

from render.calico import layout as L
from render.calico import render_quilt, render_scoresheet
from render.calico.samples import play_game
from render.kit import fonts

ROOT = Path(__file__).resolve().parents[3]
MISSING = "\U0010fffd"  # mapped by no font
RARE = "\u9f98"  # 龘: in no common-character list, so not in the subset


def _load_script():
    spec = importlib.util.spec_from_file_location("make_cjk_font", ROOT / "scripts" / "make_cjk_font.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def fresh_machine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """No system font and no CALICO_RENDER_FONTS: only what the project ships."""
    monkeypatch.delenv("CALICO_RENDER_FONTS", raising=False)
    monkeypatch.setattr(fonts, "FALLBACK_CANDIDATES", (str(tmp_path / "fonts" / "NotoSansCJK-Regular.ttc"),))
    fonts._fallback_paths.cache_clear()
    yield tmp_path
    fonts._fallback_paths.cache_clear()


def _ink(text: str, size: int = 32, bold: bool = False) -> np.ndarray:
    img = Image.new("L", (size * (len(text) + 2), size * 2), 0)
    fonts.draw_text(ImageDraw.Draw(img), (size // 2, size // 2), text, size, (255,), bold=bold)
    return np.asarray(img, dtype=np.int16)


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("name", ["小明", "张伟", "陳美玲"])
def test_chinese_names_get_real_glyphs_on_a_fresh_machine(fresh_machine: Path, name: str, bold: bool) -> None:
    assert fonts._fallback_paths() == ()
    shipped = str(fonts.CJK_BOLD if bold else fonts.CJK_REGULAR)
    assert [(part, face.path) for part, face in fonts.runs(name, 24, bold)] == [(name, shipped)]
    boxes = _ink(MISSING * len(name), bold=bold)
    drawn = _ink(name, bold=bold)
    assert drawn.shape == boxes.shape
    assert np.abs(drawn - boxes).mean() > 5  # not the missing-glyph boxes
    glyphs = [_ink(ch, bold=bold) for ch in name]
    for a in range(len(glyphs)):
        assert (glyphs[a] > 128).sum() > 40, f"{name[a]} draws almost nothing"
        for b in range(a + 1, len(glyphs)):
            assert not np.array_equal(glyphs[a], glyphs[b]), f"{name[a]} and {name[b]} draw the same shape"


def test_a_chinese_name_on_the_quilt_header_is_not_boxes(fresh_machine: Path) -> None:
    named = play_game(["小明", "Bob"], seed=3, turns=2)
    boxed = play_game([MISSING * 2, "Bob"], seed=3, turns=2)
    header = (L.PAD, 8, L.PAD + 160, 40)
    a = np.asarray(render_quilt(named, 0).crop(header), dtype=np.int16)
    b = np.asarray(render_quilt(boxed, 0).crop(header), dtype=np.int16)
    assert np.abs(a - b).mean() > 3


def _one_glyph_font(path: Path, char: str) -> Path:
    """A tiny TrueType font whose only glyph, a filled triangle, is mapped to ``char``."""
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "tri"])
    fb.setupCharacterMap({ord(char): "tri"})
    pen = TTGlyphPen(None)
    pen.moveTo((100, 0))
    pen.lineTo((900, 0))
    pen.lineTo((500, 800))
    pen.closePath()
    fb.setupGlyf({".notdef": TTGlyphPen(None).glyph(), "tri": pen.glyph()})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "tri": (1000, 100)})
    fb.setupHorizontalHeader(ascent=880, descent=-120)
    fb.setupNameTable({"familyName": "Triangle", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    fb.setupPost()
    fb.save(str(path))
    return path


def test_characters_outside_the_subset_fall_back(fresh_machine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    extra = _one_glyph_font(fresh_machine / "triangle.ttf", RARE)
    monkeypatch.setenv("CALICO_RENDER_FONTS", str(extra))
    fonts._fallback_paths.cache_clear()
    parts = [(part, Path(face.path).name) for part, face in fonts.runs(f"小{RARE}明", 20)]
    assert parts == [("小", fonts.CJK_REGULAR.name), (RARE, "triangle.ttf"), ("明", fonts.CJK_REGULAR.name)]
    # the shipped subset comes first even for characters the extra font might also have
    monkeypatch.setenv("CALICO_RENDER_FONTS", str(_one_glyph_font(fresh_machine / "small.ttf", "小")))
    fonts._fallback_paths.cache_clear()
    assert fonts.runs("小", 20)[0][1].path == str(fonts.CJK_REGULAR)


def test_nothing_fails_without_any_cjk_font(fresh_machine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "_shipped_cjk", lambda bold: None)
    assert [face.path for _, face in fonts.runs("小明", 20)] == [str(fonts.REGULAR)]
    state = play_game(["小明" + RARE, "한국어"], seed=3, turns=4)
    assert render_quilt(state, 0).mode == "RGB"
    assert render_scoresheet(state).mode == "RGB"


def test_the_subset_holds_the_common_characters_of_both_scripts() -> None:
    script = _load_script()
    common = script.gb2312_level1() | script.big5_frequent()
    assert len(script.gb2312_level1()) == 3755 and len(script.big5_frequent()) == 5401
    manifest = (fonts.FONT_DIR / script.MANIFEST).read_text(encoding="utf-8")
    listed = set(manifest.rsplit("\n\n", 1)[1].replace("\n", ""))
    assert common <= listed
    assert RARE not in listed
    for path in (fonts.CJK_REGULAR, fonts.CJK_BOLD):
        cmap = TTFont(str(path))["cmap"].getBestCmap()
        assert {chr(c) for c in cmap} == listed, path.name
        assert "Noto Sans CJK SC" in manifest and path.name in manifest


def test_the_shipped_font_files_are_small_licensed_and_packaged() -> None:
    total = fonts.CJK_REGULAR.stat().st_size + fonts.CJK_BOLD.stat().st_size
    assert total < 4 * 1024 * 1024
    licence = (fonts.FONT_DIR / "NotoSansCJK-OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["render.kit"]
    for path in (fonts.CJK_REGULAR, fonts.CJK_BOLD, fonts.FONT_DIR / "NotoSansCJK-OFL.txt", fonts.REGULAR):
        rel = path.relative_to(fonts.FONT_DIR.parent).as_posix()
        assert any(fnmatch(rel, p) for p in patterns), rel
