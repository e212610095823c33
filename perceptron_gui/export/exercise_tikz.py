"""The data of an exercise as a TikZ picture (no Qt): the points as the slides' + and − marks,
each named x₁, x₂, … beside it, on the TikZ exporter's grid and axes.

The painter of :mod:`.tikz` draws a run's frame (a hyperplane, a playhead); an exercise shows
the bare data with the points' names a student refers to, so it is drawn here from the same
pieces: :func:`.tikz.begin_picture` (the marks and colours), :func:`.tikz_axes.grid_and_axes_2d`
and ``grid_and_axes_1d`` (grid, axes and ticks). Integer data get a grid line at every integer.
Data of more than two features have no picture (None); the table of points says it all.
"""
from __future__ import annotations

import math

from ..core.dataset import Dataset
from .latex import Axis, make_axis
from .tikz import begin_picture
from .tikz_axes import ONE_D_HALF_HEIGHT, TikzPicture, grid_and_axes_1d, grid_and_axes_2d

__all__ = ["data_picture", "WIDTH_CM"]

WIDTH_CM = 6.0
MAX_HEIGHT_CM = 6.0


def _axis(lo: float, hi: float, integral: bool) -> Axis:
    """One unit of room around the points; integer data on a grid of 1 (of 2 past 12 units)."""
    lo, hi = min(lo, 0.0) - 1.0, max(hi, 0.0) + 1.0
    if integral:
        lo, hi = math.floor(lo), math.ceil(hi)
        return Axis(lo, hi, 0, 0.0, 1.0 if hi - lo <= 12 else 2.0)
    return make_axis(lo, hi, 0)


def data_picture(data: Dataset, integral: bool) -> str | None:
    """A ``tikzpicture`` of the points (needs ``\\usepackage{tikz}``), or None for d > 2."""
    if data.d not in (1, 2) or data.n == 0:
        return None
    X = data.X
    names = list(data.feature_names) or [f"x{j + 1}" for j in range(data.d)]
    ax = _axis(float(X[:, 0].min()), float(X[:, 0].max()), integral)
    if data.d == 2:
        ay: Axis | None = _axis(float(X[:, 1].min()), float(X[:, 1].max()), integral)
        assert ay is not None
        unit = min(WIDTH_CM / ax.span, MAX_HEIGHT_CM / ay.span)
        ux = uy = unit
    else:
        ay, ux, uy = None, WIDTH_CM / ax.span, 1.0
    tk = TikzPicture(ax, ay)
    tk.add("% The exercise's data: + for class +1, - for class -1, each point named x_i as in the table.")
    begin_picture(tk, ux, uy)
    if ay is not None:
        grid_and_axes_2d(tk, ((ax.lo, ax.hi), (ay.lo, ay.hi)), names)
    else:
        grid_and_axes_1d(tk, ((ax.lo, ax.hi), (-ONE_D_HALF_HEIGHT, ONE_D_HALF_HEIGHT)), names[0])
    tk.add("% points and their names")
    for i in range(data.n):
        y = float(X[i, 1]) if data.d == 2 else 0.0
        at = tk.xy(float(X[i, 0]), y)
        mark = "plus" if data.y[i] > 0 else "minus"
        side = "above right" if data.d == 2 else "above"
        tk.add(f"\\pic at {at} {{{mark}}}; \\node[{side}, font=\\scriptsize, inner sep=1.5pt] at {at} "
               f"{{$x_{{{i + 1}}}$}};")
    tk.add("\\end{tikzpicture}")
    return "\n".join(tk.lines) + "\n"
