"""Color-vision-deficiency simulation, used to check the tile palette and marks.

The matrices are Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", severity 1.0, applied to linear RGB. ``grayscale`` is
the CIE luminance. Only used by tests and tools, never on the render path.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

MACHADO_2009: dict[str, np.ndarray] = {
    "protanopia": np.array([
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ]),
    "deuteranopia": np.array([
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ]),
    "tritanopia": np.array([
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ]),
}
VISIONS: tuple[str, ...] = ("normal", "protanopia", "deuteranopia", "tritanopia", "grayscale")
_LUMA = np.array([0.2126, 0.7152, 0.0722])


def to_linear(srgb: np.ndarray) -> np.ndarray:
    """sRGB values in 0..255 to linear RGB in 0..1."""
    x = np.asarray(srgb, dtype=np.float64) / 255.0
    return np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)


def to_srgb(linear: np.ndarray) -> np.ndarray:
    """Linear RGB in 0..1 to sRGB values in 0..255 (floats, clipped)."""
    x = np.clip(linear, 0.0, 1.0)
    return np.where(x <= 0.0031308, x * 12.92, 1.055 * x ** (1 / 2.4) - 0.055) * 255.0


def simulate(srgb: np.ndarray, vision: str) -> np.ndarray:
    """Simulate ``vision`` (see ``VISIONS``) on an array of sRGB colors (..., 3); returns sRGB floats."""
    if vision == "normal":
        return np.asarray(srgb, dtype=np.float64)
    lin = to_linear(srgb)
    if vision == "grayscale":
        y = lin @ _LUMA
        return to_srgb(np.stack([y, y, y], axis=-1))
    return to_srgb(lin @ MACHADO_2009[vision].T)


def simulate_image(img: Image.Image, vision: str) -> Image.Image:
    """The image as seen with ``vision`` (alpha, if any, is dropped)."""
    arr = np.asarray(img.convert("RGB"))
    return Image.fromarray(np.round(simulate(arr, vision)).astype(np.uint8), "RGB")


def to_lab(srgb: np.ndarray) -> np.ndarray:
    """sRGB (..., 3) in 0..255 to CIELAB (D65)."""
    lin = to_linear(srgb)
    m = np.array([
        [0.4124564, 0.3575761, 0.1804375],
        [0.2126729, 0.7151522, 0.0721750],
        [0.0193339, 0.1191920, 0.9503041],
    ])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """CIE76 color difference between sRGB colors."""
    return np.linalg.norm(to_lab(a) - to_lab(b), axis=-1)
