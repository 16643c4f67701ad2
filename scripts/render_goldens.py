"""Regenerate the renderer's golden images: ``python scripts/render_goldens.py``.

Run it after an intended visual change, look at the new images, and commit them with the change.
The cases are defined in ``render.calico.samples.golden_cases``; ``tests/render/test_render_golden.py``
compares fresh renders against these files.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from render.calico.samples import golden_cases  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "render" / "golden"


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, make in golden_cases().items():
        path = GOLDEN_DIR / f"{name}.png"
        make().save(path, "PNG", optimize=True)  # lossless RGB: the tests compare pixels
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
