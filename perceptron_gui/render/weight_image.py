"""The weights as an image (no Qt): when d is a perfect square (64 = 8×8, 784 = 28×28), w's
features are pixels, read row by row like the digits' columns r1c1 … r8c8.

Colours: blue for negative weights, white for 0, red for positive, on a scale symmetric about
0 (−m … m with m = max |w|), so white always means "this pixel does not matter" and equal
shades on both sides mean equal pull. The window's dock and its PNG paint these numbers.
"""
from __future__ import annotations

import math

import numpy as np

__all__ = ["NEGATIVE_RGB", "ZERO_RGB", "POSITIVE_RGB", "square_side", "as_grid", "symmetric_limit",
           "bipolar_rgb", "grey_rgb"]

NEGATIVE_RGB = (33, 102, 172)  # blue
ZERO_RGB = (255, 255, 255)
POSITIVE_RGB = (178, 24, 43)  # red


def square_side(d: int) -> int | None:
    """The side of the image of d features (8 for 64), or None when d is not a square > 1."""
    if d < 4:  # 1 feature is no picture; 4 = 2×2 is the smallest worth drawing
        return None
    side = math.isqrt(d)
    return side if side * side == d else None


def as_grid(values: np.ndarray, side: int) -> np.ndarray:
    """The d = side² values as a (side, side) array, row by row (row 0 is the image's top)."""
    return np.asarray(values, dtype=np.float64).reshape(side, side)


def symmetric_limit(values: np.ndarray) -> float:
    """m = max |value| (1 when every value is 0 or none is finite), the scale's end on each side."""
    v = np.asarray(values, dtype=np.float64)
    finite = v[np.isfinite(v)]
    m = float(np.max(np.abs(finite))) if finite.size else 0.0
    return m if m > 0 else 1.0


def bipolar_rgb(grid: np.ndarray, limit: float) -> np.ndarray:
    """uint8 RGB of ``grid``: −limit blue, 0 white, +limit red, linear in between (clipped)."""
    t = np.clip(np.asarray(grid, dtype=np.float64) / limit, -1.0, 1.0)
    t = np.nan_to_num(t)[..., None]
    zero, neg, pos = (np.array(c, dtype=np.float64) for c in (ZERO_RGB, NEGATIVE_RGB, POSITIVE_RGB))
    rgb = np.where(t < 0, zero + (-t) * (neg - zero), zero + t * (pos - zero))
    return np.round(rgb).astype(np.uint8)


def grey_rgb(grid: np.ndarray) -> np.ndarray:
    """uint8 RGB of a non-negative image such as a digit: 0 white, its maximum black."""
    g = np.asarray(grid, dtype=np.float64)
    top = float(np.max(np.abs(g))) if g.size else 0.0
    level = 255.0 * (1.0 - np.abs(g) / top) if top > 0 else np.full(g.shape, 255.0)
    return np.repeat(np.round(level).astype(np.uint8)[..., None], 3, axis=-1)
