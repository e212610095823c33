"""The kernel perceptron's items in TikZ: the curve f(x) = 0 as paths and the α rings."""
from __future__ import annotations

from typing import Any

import numpy as np

from ..i18n import _
from ..render.contour import join_segments
from ..render.kernel_picture import AlphaRings, Curve, alpha_ring_scale
from ..render.picture import inside
from ..render.tex import tex_format

__all__ = ["paint_curve", "paint_alpha", "kernel_legend_sample", "CURVE_STYLE", "ALPHA_STYLE"]

CURVE_STYLE = "ultra thick"  # the hyperplane's: f(x) = 0 is the hyperplane of the feature space
ALPHA_STYLE = "violet, thick"
ALPHA_RADIUS_PT = 6.0  # the ring of α = 1


def paint_curve(tk: Any, c: Curve) -> None:
    """f(x) = 0 as one path per piece of the curve (its segments chained)."""
    tk.add("% the kernel boundary f(x) = 0 (marching squares on a grid over the view)")
    for line in join_segments(c.segments):
        tk.add(f"\\draw[{CURVE_STYLE}, line join=round] " + " -- ".join(tk.xy(x, y) for x, y in line) + ";")


def paint_alpha(tk: Any, r: AlphaRings, rect: tuple[float, float, float, float]) -> None:
    """A ring per point with α > 0, its radius growing with α (as on the screen)."""
    keep = inside(r.positions, rect)
    if not np.any(keep):
        return
    tk.add("% alpha: a ring per point the kernel perceptron erred on, bigger for more mistakes")
    for p, a in zip(r.positions[keep], r.alpha[keep]):
        radius = ALPHA_RADIUS_PT * float(alpha_ring_scale(np.array([a]))[0])
        tk.add(f"\\draw[{ALPHA_STYLE}] {tk.xy(*p)} circle[radius={radius:.2f}pt]; % alpha = {int(a)}")


def kernel_legend_sample(role: str, at: str, fill: str) -> str | None:
    """The legend sample of a kernel role (None for other roles)."""
    if role == "kernel_boundary":
        return f"\\draw[{CURVE_STYLE}] {at.format(dx=0)} -- ++(0.7cm,0);"
    if role == "kernel_regions":
        return f"\\fill[{fill}] {at.format(dx=0.1)} ++(0,-4pt) rectangle ++(0.5cm,8pt);"
    if role == "alpha":
        return f"\\draw[{ALPHA_STYLE}] {at.format(dx=0.35)} circle[radius=4.5pt];"
    return None


def kernel_caption(result: Any, frame: Any) -> str | None:
    """The caption's clause on a curved kernel boundary (None otherwise: the usual w, b)."""
    if getattr(frame, "kernel_scores", None) is None:
        return None
    spec = result.record.extras["kernel"]
    kern = {"linear": r"x\cdot z", "rbf": rf"e^{{-{spec['gamma']:g}\|x - z\|^2}}",
            "poly": rf"({spec['gamma']:g}\, x\cdot z + {spec['coef0']:g})^{{{spec['degree']}}}"}[spec["name"]]
    if frame.k == 0:
        # TRANSLATORS: part of a figure's caption; {alpha} is "α = 0", {f} "f = 0".
        return tex_format(_("; {alpha}, so {f} and there is no boundary yet"), alpha=r"$\alpha = 0$", f="$f = 0$")
    b = rf" + b$, $b = {frame.b:g}" if frame.offset else ""
    # TRANSLATORS: part of a figure's caption; {f} is the kernel perceptron's f(x), {kernel} "K(x, z) = x·z",
    # {alpha} "α_i > 0", {m} and {n} counts of points.
    return tex_format(_("; {f} with {kernel}; {alpha} on {m} of {n} points"),
                      f=rf"$f(x) = \sum_j \alpha_j y_j K(x_j, x){b}$", kernel=f"$K(x, z) = {kern}$",
                      alpha=r"$\alpha_i > 0$", m=frame.alpha_points.size, n=result.record.n)
