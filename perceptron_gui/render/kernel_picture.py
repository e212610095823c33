"""What the kernel perceptron adds to a picture (no Qt): the regions sign f(x), the curve
f(x) = 0 and each point's α as a ring whose size grows with it.

:func:`~perceptron_gui.render.picture.describe` asks :func:`kernel_items` for these items; the
canvas (``gui/canvas/kernel_items.py``) and the TikZ writer paint them like every other item.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..i18n import N_, _
from ..session.frame import Frame
from .contour import zero_contour
from .legend import LegendEntry
from .projection import Projection
from .tex import tex_format

__all__ = ["Curve", "AlphaRings", "KernelOverflowError", "KERNEL_OVERFLOW_NOTE", "kernel_regions", "kernel_boundary",
           "kernel_shading", "alpha_rings", "kernel_legend", "kernel_note", "region_grid_size", "alpha_ring_scale"]

Rect = tuple[float, float, float, float]

ALPHA_RING = "#7B3294"  # purple: apart from the visit's orange and blue and the misclassified black
# The regions' raster: at most this many kernel evaluations, between these sizes (an rbf
# evaluation costs about 5 ns per support point: 5·10⁶ of them about 25 ms).
REGION_WORK = 5_000_000
REGION_GRID_MIN, REGION_GRID_MAX = 48, 160
# The curve's refinement: at most this many kernel evaluations (the coarse grid comes first).
CONTOUR_WORK = 8_000_000
KERNEL_OVERFLOW_NOTE = N_("f(x) overflows in this view (a kernel value beyond float64), so no regions or boundary "
                        "are drawn; zoom in on the data, rescale them, or lower the degree p or γₖ")


@dataclass(frozen=True, eq=False)
class Curve:
    """A curve as segments (s, 2, 2) in view-plane coordinates (the kernel's f(x) = 0)."""

    role: str
    segments: np.ndarray


@dataclass(frozen=True, eq=False)
class AlphaRings:
    """Rings round the points with α_i > 0: ``positions`` (m, 2), global ``index`` (m,) and
    ``alpha`` (m,) counts; a ring's size grows with α (:func:`alpha_ring_scale`)."""

    role: str
    positions: np.ndarray
    index: np.ndarray
    alpha: np.ndarray


def region_grid_size(support: int) -> int:
    """Cells per side of the regions' raster for f with ``support`` points of α > 0."""
    return max(REGION_GRID_MIN, min(REGION_GRID_MAX, int(np.sqrt(REGION_WORK / max(1, support)))))


def alpha_ring_scale(alpha: np.ndarray) -> np.ndarray:
    """A ring's size relative to the smallest (α = 1): 1 + √(α − 1)/2, so a point updated 9
    times is twice the size of one updated once, and 100 times about six."""
    a = np.maximum(np.asarray(alpha, dtype=np.float64), 1.0)
    return 1.0 + np.sqrt(a - 1.0) / 2.0


class KernelOverflowError(ArithmeticError):
    """f(x) is no finite number somewhere in the view: a kernel value beyond float64."""


def _finite_scores(score: Callable[[np.ndarray], np.ndarray], proj: Projection, Q: np.ndarray) -> np.ndarray:
    """f at the view-plane points Q; :class:`KernelOverflowError` when any value is not finite (its
    sign, and so the shading and the curve, would be nonsense: NaN ≥ 0 is false everywhere)."""
    with np.errstate(over="ignore", invalid="ignore"):
        s = proj.scores(score, Q)
    if s.size and not (np.isfinite(s.min()) and np.isfinite(s.max())):
        raise KernelOverflowError
    return s


def kernel_regions(frame: Frame, proj: Projection, rect: Rect) -> np.ndarray | None:
    """sign f(x) ≥ 0 on a grid of cells over ``rect`` ((g, g) booleans, row r at the r-th height
    from the bottom, as the vote's raster); None before the first update or for other algorithms.
    Raises :class:`KernelOverflowError` when f is not finite in the view."""
    score = getattr(frame, "kernel_scores", None)
    if score is None or frame.k == 0:
        return None
    x0, y0, x1, y1 = rect
    g = region_grid_size(int(frame.alpha_points.size))
    xs = x0 + (np.arange(g) + 0.5) * (x1 - x0) / g
    ys = y0 + (np.arange(g) + 0.5) * (y1 - y0) / g
    gx, gy = np.meshgrid(xs, ys)
    return (_finite_scores(score, proj, np.column_stack((gx.ravel(), gy.ravel()))) >= 0.0).reshape(g, g)


def kernel_boundary(frame: Frame, proj: Projection, rect: Rect) -> Curve | None:
    """The curve f(x) = 0 in the view ``rect`` (None when it does not cross the view, before the
    first update, or for other algorithms). Raises :class:`KernelOverflowError` as :func:`kernel_regions`."""
    score = getattr(frame, "kernel_scores", None)
    if score is None or frame.k == 0:
        return None
    support = max(1, int(frame.alpha_points.size))
    segs = zero_contour(lambda Q: _finite_scores(score, proj, Q), rect,
                        max_fine_points=max(CONTOUR_WORK // support, 4096))
    return Curve("kernel_boundary", segs) if segs.shape[0] else None


def kernel_shading(frame: Frame | None, proj: Projection, rect: Rect,
                   regions: bool) -> tuple[np.ndarray | None, Curve | None, str | None]:
    """The regions (when ``regions``), the curve f(x) = 0 and the picture's note for a kernel's
    frame (:func:`kernel_note`); where f overflows in the view, neither is drawn and the note
    says why (the shading would be one colour, wrongly)."""
    if frame is None:
        return None, None, None
    try:
        shaded = kernel_regions(frame, proj, rect) if regions else None
        return shaded, kernel_boundary(frame, proj, rect), kernel_note(frame)
    except KernelOverflowError:
        return None, None, _(KERNEL_OVERFLOW_NOTE)


def alpha_rings(frame: Frame, P: np.ndarray) -> AlphaRings | None:
    """The α rings of ``frame`` (None when no point has α > 0 or the frame is not a kernel's)."""
    idx = np.asarray(getattr(frame, "alpha_points", ()), dtype=np.intp)
    keep = (idx >= 0) & (idx < P.shape[0])  # a frame of an older run may name deleted rows
    if not keep.any():
        return None
    idx = idx[keep]
    return AlphaRings("alpha", P[idx], idx, np.asarray(frame.alpha_values)[keep])


def kernel_legend(drawn: set[str]) -> tuple[LegendEntry, ...]:
    """The legend entries of the kernel's items that were drawn."""
    e = []
    if "kernel_boundary" in drawn:
        # TRANSLATORS: a legend entry; {f} is "f(x) = 0".
        boundary = _("{f} (kernel boundary)")
        e.append(LegendEntry("kernel_boundary", boundary.format(f="f(x) = 0"), tex_format(boundary, f="$f(x) = 0$")))
    if "kernel_regions" in drawn:
        # TRANSLATORS: a legend entry; {f} is "f(x)".
        sign = _("sign of {f} (shading)")
        e.append(LegendEntry("kernel_regions", sign.format(f="f(x)"), tex_format(sign, f="$f(x)$")))
    if "alpha" in drawn:
        # TRANSLATORS: a legend entry; {alpha} is "α".
        ring = _("ring size: {alpha} (mistakes on the point)")
        e.append(LegendEntry("alpha", ring.format(alpha="α"), tex_format(ring, alpha=r"$\alpha_i$")))
    return tuple(e)


def kernel_note(frame: Frame | None) -> str | None:
    """The picture's note for a curved kernel boundary (None: not the kernel's frame, the usual
    note applies); w is 0 there by design, so "no hyperplane yet" would mislead."""
    if frame is None or getattr(frame, "kernel_scores", None) is None:
        return None
    return "" if frame.k else _("α = 0: f = 0 everywhere, no boundary yet")
