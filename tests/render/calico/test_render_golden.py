"""Golden images: fixed seeded positions must keep rendering the same.

After an intended visual change, run ``python scripts/render_goldens.py``, look at the images in
``tests/render/golden/`` and commit them with the change.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from render.calico.samples import golden_cases

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
CASES = golden_cases()
MEAN_TOLERANCE = 0.6  # mean absolute difference per channel, in 0..255 levels
OUTLIER_LEVEL = 48  # a pixel "really differs" beyond this...
OUTLIER_SHARE = 0.0005  # ...and at most this share of pixels may (font rasteriser differences)


@pytest.mark.parametrize("name", sorted(CASES))
def test_render_matches_golden(name: str) -> None:
    path = GOLDEN_DIR / f"{name}.png"
    assert path.is_file(), f"missing {path}: run python scripts/render_goldens.py"
    expected = np.asarray(Image.open(path).convert("RGB"), dtype=np.int16)
    actual = np.asarray(CASES[name]().convert("RGB"), dtype=np.int16)
    assert actual.shape == expected.shape, f"{name}: size {actual.shape} != golden {expected.shape}"
    diff = np.abs(actual - expected)
    mean = diff.reshape(-1, 3).mean(axis=0)
    outliers = float((diff.max(axis=2) > OUTLIER_LEVEL).mean())
    assert mean.max() < MEAN_TOLERANCE, f"{name}: mean difference per channel {mean.round(3)}"
    assert outliers <= OUTLIER_SHARE, f"{name}: {outliers:.2%} of pixels differ by more than {OUTLIER_LEVEL}"


def test_golden_comparison_catches_a_missing_token() -> None:
    """The tolerances are tight enough to notice a single cat badge or button going missing."""
    img = CASES["quilt_midgame_hand"]().convert("RGB")
    changed = img.copy()
    changed.paste((240, 233, 218), (200, 200, 226, 226))  # a 26 x 26 px patch, the size of a button
    a = np.asarray(img, dtype=np.int16)
    b = np.asarray(changed, dtype=np.int16)
    diff = np.abs(a - b)
    assert (diff.max(axis=2) > OUTLIER_LEVEL).mean() > OUTLIER_SHARE or diff.mean(axis=(0, 1)).max() >= MEAN_TOLERANCE
