"""Make the CJK font subset shipped in ``render/fonts/``: ``python scripts/make_cjk_font.py``.

The renderer draws player names in any script. So that Chinese names show real glyphs on a machine
without a system CJK font, the project ships a subset of Noto Sans CJK SC (SIL Open Font License
1.1), Regular and Bold, cut with fontTools' subsetter from Debian's ``fonts-noto-cjk`` package
(``apt-get install fonts-noto-cjk``). The subset holds:

* the 3,755 level-1 (most common) hanzi of GB 2312, the simplified standard, read from Python's
  own ``gb2312`` codec;
* the 5,401 frequently used hanzi of Big5 (0xA440-0xC67E), the traditional standard, read from
  Python's ``big5`` codec;
* every CJK character in the project's Chinese texts (``calico_bot/**/*.py``, ``data/**/*.json``);
* CJK punctuation, kana and full-width forms.

Characters outside it fall back to system fonts at render time (``render/fonts.py``). The run is
reproducible: the same source files give the same character list and the same glyphs. It writes the
two ``.otf`` files, the licence text (``NotoSansCJK-OFL.txt``, from the Debian package's copyright
file) and a manifest (``NotoSansCJK-subset.txt``) recording the source files, their versions and
checksums, the fontTools version and the full character list.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools import version as fonttools_version
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "render" / "fonts"
SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")
SOURCES = {"Regular": SOURCE_DIR / "NotoSansCJK-Regular.ttc", "Bold": SOURCE_DIR / "NotoSansCJK-Bold.ttc"}
FAMILY = "Noto Sans CJK SC"
DEBIAN_PACKAGE = "fonts-noto-cjk"
DEBIAN_COPYRIGHT = Path("/usr/share/doc/fonts-noto-cjk/copyright")
OUTPUT_NAME = "NotoSansCJKsc-{weight}.subset.otf"
MANIFEST = "NotoSansCJK-subset.txt"
LICENCE = "NotoSansCJK-OFL.txt"

# Blocks kept whole: CJK symbols and punctuation, hiragana, katakana, half- and full-width forms.
EXTRA_RANGES = ((0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF00, 0xFFEF))
# Where the project's Chinese texts live (scanned for CJK characters).
TEXT_GLOBS = ("calico_bot/**/*.py", "data/**/*.json")


def is_han(ch: str) -> bool:
    """A CJK unified ideograph (basic block or extension A) or a compatibility ideograph."""
    o = ord(ch)
    return 0x4E00 <= o <= 0x9FFF or 0x3400 <= o <= 0x4DBF or 0xF900 <= o <= 0xFAFF


def gb2312_level1() -> set[str]:
    """The 3,755 level-1 hanzi of GB 2312 (rows 16-55), via the standard library's codec."""
    chars = set()
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            if hi == 0xD7 and lo > 0xF9:
                break
            chars.add(bytes((hi, lo)).decode("gb2312"))
    return chars


def big5_frequent() -> set[str]:
    """The 5,401 frequently used hanzi of Big5 (0xA440-0xC67E), via the standard library's codec."""
    chars = set()
    for hi in range(0xA4, 0xC7):
        for lo in (*range(0x40, 0x7F), *range(0xA1, 0xFF)):
            if (hi, lo) > (0xC6, 0x7E):
                break
            try:
                chars.add(bytes((hi, lo)).decode("big5"))
            except UnicodeDecodeError:
                continue
    return chars


def project_characters(root: Path = ROOT, globs: Iterable[str] = TEXT_GLOBS) -> set[str]:
    """Every hanzi and CJK punctuation mark in the project's source texts."""
    chars: set[str] = set()
    for pattern in globs:
        for path in sorted(root.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            chars.update(ch for ch in text if is_han(ch) or any(a <= ord(ch) <= b for a, b in EXTRA_RANGES))
    return chars


def character_list(root: Path = ROOT) -> str:
    """The subset's characters, sorted by code point."""
    chars = gb2312_level1() | big5_frequent() | project_characters(root)
    for a, b in EXTRA_RANGES:
        chars.update(chr(o) for o in range(a, b + 1))
    return "".join(sorted(chars))


def _face(path: Path, family: str) -> TTFont:
    if path.suffix.lower() in (".ttc", ".otc"):
        for face in TTCollection(str(path), recalcTimestamp=False).fonts:
            if face["name"].getDebugName(1) == family:
                return face
        raise SystemExit(f"{path}: no face named {family!r}")
    return TTFont(str(path), recalcTimestamp=False)


def _options() -> subset.Options:
    opts = subset.Options()
    opts.layout_features = []  # the renderer uses no OpenType layout for Han: only mapped glyphs are kept
    opts.hinting = False  # drawn anti-aliased at 10-34 px: hints cost bytes and change little
    opts.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # names, version, copyright and the licence notice
    opts.name_languages = [0x409]
    opts.notdef_outline = True
    opts.drop_tables += ["vhea", "vmtx", "VORG", "BASE", "DSIG"]
    return opts


def make_subset(source: Path, family: str, text: str, out: Path) -> TTFont:
    font = _face(source, family)
    sub = subset.Subsetter(_options())
    sub.populate(text=text)
    sub.subset(font)
    buf = io.BytesIO()
    font.save(buf)
    out.write_bytes(buf.getvalue())
    return font


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def debian_version(package: str = DEBIAN_PACKAGE) -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True,
                             check=False)
    except OSError:
        return "unknown (no dpkg-query)"
    return out.stdout.strip() or "not installed"


def licence_text(copyright_notice: str, debian_copyright: Path = DEBIAN_COPYRIGHT) -> str:
    """The font's own copyright line followed by the OFL 1.1 text from the Debian copyright file."""
    text = debian_copyright.read_text(encoding="utf-8")
    m = re.search(r"^License: SIL-1\.1\n((?: .*\n?)+)", text, flags=re.M)
    if m is None:
        raise SystemExit(f"{debian_copyright}: no 'License: SIL-1.1' paragraph")
    body = []
    for line in m.group(1).splitlines():
        line = line[1:]
        body.append("" if line == "." else line)
    head = [copyright_notice, "",
            "The files NotoSansCJKsc-Regular.subset.otf and NotoSansCJKsc-Bold.subset.otf are subsets of",
            "Noto Sans CJK SC made by scripts/make_cjk_font.py (see NotoSansCJK-subset.txt). They are",
            "licensed under the SIL Open Font License, Version 1.1, reproduced below.", ""]
    return "\n".join(head + body).rstrip() + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regular", type=Path, default=SOURCES["Regular"], help="source .ttc/.otf, Regular")
    parser.add_argument("--bold", type=Path, default=SOURCES["Bold"], help="source .ttc/.otf, Bold")
    parser.add_argument("--family", default=FAMILY, help="face to take from a collection")
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    args = parser.parse_args(argv)
    sources = {"Regular": args.regular, "Bold": args.bold}
    for path in sources.values():
        if not path.is_file():
            sys.exit(f"missing {path}: install Debian's {DEBIAN_PACKAGE} (apt-get install -y {DEBIAN_PACKAGE}) "
                     "or pass --regular/--bold")
    wanted = character_list()
    mapped = set.intersection(*(set(_face(path, args.family)["cmap"].getBestCmap()) for path in sources.values()))
    text = "".join(ch for ch in wanted if ord(ch) in mapped)  # unassigned code points in the blocks drop out
    han = sum(1 for ch in text if is_han(ch))
    args.out.mkdir(parents=True, exist_ok=True)
    lines = [
        "Noto Sans CJK SC subset shipped with the renderer; written by scripts/make_cjk_font.py, do not edit.",
        "",
        f"fontTools: {fonttools_version}",
        f"Debian package: {DEBIAN_PACKAGE} {debian_version()}",
        f"face: {args.family}",
    ]
    notice = ""
    for weight, source in sources.items():
        out = args.out / OUTPUT_NAME.format(weight=weight)
        font = make_subset(source, args.family, text, out)
        name = font["name"]
        notice = notice or (name.getDebugName(0) or "")
        lines += [
            f"{weight}: {out.name} ({out.stat().st_size} bytes, {font['maxp'].numGlyphs} glyphs, "
            f"sha256 {_sha256(out)})",
            f"  source: {source} (sha256 {_sha256(source)})",
            f"  source version: {name.getDebugName(5)}",
        ]
        print(f"wrote {out} ({out.stat().st_size / 1024:.0f} KB, {font['maxp'].numGlyphs} glyphs)")
    lines += [
        f"characters: {len(text)} ({han} hanzi): GB 2312 level 1, Big5 frequent hanzi, the project's Chinese "
        "texts, CJK punctuation, kana, full-width forms",
        "",
    ]
    lines += [text[i:i + 64] for i in range(0, len(text), 64)]
    (args.out / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")
    (args.out / LICENCE).write_text(licence_text(notice), encoding="utf-8")
    print(f"wrote {args.out / MANIFEST} and {args.out / LICENCE}: {len(text)} characters ({han} hanzi)")


if __name__ == "__main__":
    main()
