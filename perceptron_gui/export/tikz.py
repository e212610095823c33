"""One playhead position of a run as a TikZ picture for lecture slides (no Qt).

The picture follows the figures of notes 003: a light grid, axes with arrows, the hyperplane
``ultra thick``, the normal vector w as a teal ``-latex`` arrow, and the points as + and −
marks (``\\pic ... {plus}`` / ``{minus}``, defined inside the picture so no package beyond
``tikz`` and no TikZ library is needed). Coordinates are the data's own, so a lecturer can
edit the .tex by hand; only for data far from the range TikZ computes well in (about ±16000,
and 5 decimals) are they shifted and scaled by a power of ten, which the axis labels state.

Every segment and polygon is clipped to the view box here in Python, so nothing in the file
reaches outside the box and no ``\\clip`` hides mistakes.
"""
from __future__ import annotations

import math
import os

import numpy as np

from .. import __version__
from ..core.algorithms import REGISTRY
from ..core.dataset import DatasetError
from ..core.io import atomic_write_text
from ..render import theme as style
from ..render.geometry import ViewRange as View
from ..render.geometry import check_view_range, clip_line, clip_strip, notes_view, range_of_rect
from ..session.frame import Frame, frame_at
from ..session.runner import RunResult
from .latex import Axis, exponent_for, make_axis, sig, tex_escape
from .tikz_axes import ONE_D_HALF_HEIGHT, TikzPicture, grid_and_axes_1d, grid_and_axes_2d

__all__ = ["frame_to_tikz", "write_tikz", "tex_escape"]

WIDTH_CM = 8.0  # the width of the box on the page
MAX_HEIGHT_CM = 10.0
UNEQUAL_HEIGHT_CM = 6.0
# Within this ratio of y-span to x-span both axes share one unit, so the normal vector looks
# perpendicular to the line; beyond it the picture would be a sliver, and each axis gets its own.
EQUAL_ASPECT_RATIO = 3.0
ARROW_CM = 1.3  # length of the drawn normal vector
LEGEND_ROW_CM = 0.45

_COLOURS = {
    "percpos": style.POSITIVE, "percneg": style.NEGATIVE, "percnormal": style.NORMAL,
    "percmargin": style.MARGIN, "perctheta": style.THETA_STAR, "percoutput": style.OUTPUT,
    "percupdate": style.VISIT_UPDATE, "percvisit": style.VISIT_NO_UPDATE,
}


def frame_to_tikz(result: RunResult, t: int, *, view: View | None = None, show_theta_star: bool = False,
                  show_margins: bool = True, standalone: bool = True, title: str | None = None) -> str:
    """The state of ``result`` after visit ``t`` as a TikZ picture.

    Parameters
    ----------
    result : RunResult
        A finished run of the session (its training and test points are drawn).
    t : int
        The playhead: the global example step (−1 = before the first visit).
    view : ((xmin, xmax), (ymin, ymax)) or None
        The box to draw, in data coordinates (the canvas's view range); None fits the points.
        For 1-D data only the x range is used.
    show_theta_star : bool
        Draw θ* (dashed) and its margin band −γ <= w*·x + b* <= γ (θ* = (w*, b*) is a unit
        vector of the augmented space, as in Novikoff's bound).
    show_margins : bool
        Draw the dashed lines w·x + b = ±min|w·x + b| through the closest points.
    standalone : bool
        True: a document that compiles with ``pdflatex`` on its own. False: only the
        ``tikzpicture``, for ``\\input`` into a Beamer frame (needs ``\\usepackage{tikz}``).
    title : str or None
        A title above the picture (escaped for LaTeX).

    Returns
    -------
    str
        The LaTeX source.

    Raises
    ------
    DatasetError
        For data with more than two features, or a malformed view.
    """
    frame = frame_at(result, t)
    d = int(result.train.d)
    if d > 2:
        raise DatasetError(f"A TikZ picture shows 1-D or 2-D data, but these points have {d} features; "
                           "export the run as JSON or CSV instead.")
    X_parts = [result.train.X]
    if result.test is not None and result.test.n:
        X_parts.append(result.test.X)
    X_all = np.concatenate(X_parts) if X_parts else np.zeros((0, d))
    vw = check_view_range(view) if view is not None else range_of_rect(notes_view(X_all))
    if d == 1:
        # Lines in 1-D are drawn across a fixed band in picture units around the x-axis.
        vw = (vw[0], (-1.0, 1.0))
    (x0, x1), (y0, y1) = vw
    sx, sy = x1 - x0, y1 - y0

    if d == 1:
        ax = make_axis(x0, x1, exponent_for(sx))
        ay = None
        ux, uy = WIDTH_CM / ax.span, 1.0
        equal = False
    elif 1.0 / EQUAL_ASPECT_RATIO <= sy / sx <= EQUAL_ASPECT_RATIO:
        e = exponent_for(max(sx, sy))
        ax, ay = make_axis(x0, x1, e), make_axis(y0, y1, e)
        u = min(WIDTH_CM / ax.span, MAX_HEIGHT_CM / ay.span)
        ux = uy = u
        equal = True
    else:
        ax, ay = make_axis(x0, x1, exponent_for(sx)), make_axis(y0, y1, exponent_for(sy))
        ux, uy = WIDTH_CM / ax.span, UNEQUAL_HEIGHT_CM / ay.span
        equal = False

    tk = TikzPicture(ax, ay)
    names = list(result.train.feature_names) or [f"x{j + 1}" for j in range(d)]
    _header(tk, result, frame, standalone, equal, ax, ay)
    tk.add(f"\\begin{{tikzpicture}}[x={ux:.6g}cm, y={uy:.6g}cm,")
    tk.add("  plus/.pic={\\draw[percpos, line width=1.4pt] (-3.5pt,0) -- (3.5pt,0) (0,-3.5pt) -- (0,3.5pt);},")
    tk.add("  minus/.pic={\\draw[percneg, line width=1.4pt] (-3.5pt,0) -- (3.5pt,0);}]")
    for name, hexa in _COLOURS.items():
        tk.add(f"\\definecolor{{{name}}}{{HTML}}{{{hexa.lstrip('#').upper()}}}")

    if d == 2:
        grid_and_axes_2d(tk, vw, names)
    else:
        grid_and_axes_1d(tk, vw, names[0])

    legend: list[tuple[str, str]] = []  # (TikZ style of a sample line, text)
    if show_theta_star and frame.theta_w is not None and frame.gamma is not None:
        _theta_star(tk, frame, vw, d, legend)
    has_line = bool(np.any(frame.w != 0.0))
    if has_line:
        if show_margins and frame.closest_distance and frame.closest_distance > 0:
            _margins(tk, frame, vw, d, legend)
        if frame.output_w is not None and np.any(frame.output_w != 0.0) and not (
                np.array_equal(frame.output_w, frame.w) and frame.output_b == frame.b):
            _line(tk, frame.output_w, frame.output_b, vw, d, "percoutput, very thick, dash dot", "output predictor")
            label = tex_escape(frame.output_label or "the algorithm's predictor")
            legend.append(("percoutput, very thick, dash dot", f"output: {label}"))
        drawn = _hyperplane_and_normal(tk, frame, vw, d, equal, ux, uy)
        legend.insert(0, ("ultra thick", "$w\\cdot x + b = 0$" + ("" if drawn else " (outside the view)")))
    visited_drawn = _points(tk, result, frame, vw, d)
    _caption(tk, result, frame, vw, d, has_line, legend, title, ux * ax.span, visited_drawn)
    tk.add("\\end{tikzpicture}")
    body = "\n".join(tk.lines) + "\n"
    if standalone:
        return ("\\documentclass[tikz,border=4pt]{standalone}\n"
                + "\\begin{document}\n" + body + "\\end{document}\n")
    return body


def write_tikz(path: str | os.PathLike[str], result: RunResult, t: int, **options: object) -> None:
    """Write :func:`frame_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, frame_to_tikz(result, t, **options))  # type: ignore[arg-type]


def _rect(vw: View) -> tuple[float, float, float, float]:
    (x0, x1), (y0, y1) = vw
    return x0, y0, x1, y1


def _header(tk: TikzPicture, result: RunResult, frame: Frame, standalone: bool, equal: bool,
            ax: Axis, ay: Axis | None) -> None:
    tk.add(f"% Perceptron picture exported by perceptron-gui {__version__}: "
           f"{result.algorithm} perceptron, update k = {frame.k}, epoch {frame.epoch}, visit t = {frame.t}.")
    if not standalone:
        tk.add("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages);")
        tk.add("% include it in a Beamer frame with \\input{<this file>}.")
    tk.add("% Coordinates are data coordinates" + (
        "." if ax.exponent == 0 and ax.origin == 0 and (ay is None or (ay.exponent == 0 and ay.origin == 0))
        else "; an axis whose label shows a shift or a factor 10^e is drawn as (x - shift) / 10^e."))
    if not equal:
        tk.add("% The axes have different units, so the normal vector w need not look perpendicular.")


def _line_1d(tk: TikzPicture, w0: float, b: float, level: float, vw: View) -> tuple[str, str] | None:
    """Endpoints of the vertical line w·x + b = level across the 1-D band, or None if outside."""
    if w0 == 0.0:
        return None
    x = (level - b) / w0
    (x0, x1), _ = vw
    if not x0 <= x <= x1:
        return None
    return tk.xy(x, -ONE_D_HALF_HEIGHT), tk.xy(x, ONE_D_HALF_HEIGHT)


def _line(tk: TikzPicture, w: np.ndarray, b: float, vw: View, d: int, style_: str, comment: str,
          level: float = 0.0, extra: str = "") -> tuple[str, str] | None:
    """Draw w·x + b = level clipped to the view; returns the endpoints written (or None)."""
    if d == 1:
        ends = _line_1d(tk, float(w[0]), b, level, vw)
    else:
        seg = clip_line(w, b, _rect(vw), level)
        ends = None if seg is None else (tk.xy(*seg[0]), tk.xy(*seg[1]))
    if ends is None:
        tk.add(f"% {comment}: outside the view")
        return None
    tk.add(f"% {comment}")
    tk.add(f"\\draw[{style_}] {ends[0]} -- {ends[1]}{extra};")
    return ends


def _theta_star(tk: TikzPicture, frame: Frame, vw: View, d: int, legend: list[tuple[str, str]]) -> None:
    tw, tb, g = np.asarray(frame.theta_w, dtype=np.float64), float(frame.theta_b), float(frame.gamma or 0.0)
    if not np.any(tw != 0.0):
        return
    if g > 0:
        if d == 1:
            (x0, x1), _ = vw
            xa, xb = sorted(((-g - tb) / tw[0], (g - tb) / tw[0]))
            xa, xb = max(xa, x0), min(xb, x1)
            poly = [(xa, -ONE_D_HALF_HEIGHT), (xb, -ONE_D_HALF_HEIGHT), (xb, ONE_D_HALF_HEIGHT),
                    (xa, ONE_D_HALF_HEIGHT)] if xa < xb else []
        else:
            poly = [tuple(p) for p in clip_strip(tw, tb, g, _rect(vw))]
        if poly:
            tk.add("% margin band of theta*: -gamma <= w*.x + b* <= gamma")
            tk.add(f"\\fill[perctheta, opacity=0.15] {' -- '.join(tk.xy(*p) for p in poly)} -- cycle;")
    _line(tk, tw, tb, vw, d, "perctheta, very thick, dashed", "theta*: w*.x + b* = 0")
    legend.append(("perctheta, very thick, dashed",
                   f"$\\theta^*$ and its margin band ($\\gamma = {sig(g).strip('$')}$)"))


def _margins(tk: TikzPicture, frame: Frame, vw: View, d: int, legend: list[tuple[str, str]]) -> None:
    m = float(frame.closest_distance or 0.0)
    for sign in (1.0, -1.0):
        _line(tk, frame.w, frame.b, vw, d, "percmargin, thick, dashed",
              f"margin line w.x + b = {'+' if sign > 0 else '-'}{m:.6g}", level=sign * m)
    legend.append(("percmargin, thick, dashed", "$w\\cdot x + b = \\pm\\min_i |w\\cdot x_i + b|$"))


def _hyperplane_and_normal(tk: TikzPicture, frame: Frame, vw: View, d: int, equal: bool,
                           ux: float, uy: float) -> bool:
    w, b = frame.w, frame.b
    ends = _line(tk, w, b, vw, d, "ultra thick", "the hyperplane w.x + b = 0")
    if ends is None:
        return False
    # The normal vector starts on the line near the middle of the view, points to w·x + b > 0.
    (x0, x1), (y0, y1) = vw
    if d == 1:
        base = np.array([-b / float(w[0]), 0.5 * ONE_D_HALF_HEIGHT])
        direction = np.array([1.0 if w[0] > 0 else -1.0, 0.0])
    else:
        seg = clip_line(w, b, _rect(vw))
        assert seg is not None
        pa, pb = np.array(seg[0]), np.array(seg[1])
        centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
        along = pb - pa
        s0 = float(np.dot(centre - pa, along) / max(np.dot(along, along), 1e-300))
        # Near the view's centre, but not on an axis, where the arrow would hide behind it.
        axis_x = 0.0 if x0 <= 0.0 <= x1 else x0
        axis_y = 0.0 if y0 <= 0.0 <= y1 else y0
        best = None
        for s in (s0, s0 + 0.15, s0 - 0.15, s0 + 0.3, s0 - 0.3):
            cand = pa + float(np.clip(s, 0.2, 0.8)) * along
            on_axes = int(abs(cand[0] - axis_x) < 0.05 * (x1 - x0)) + int(abs(cand[1] - axis_y) < 0.05 * (y1 - y0))
            if best is None or on_axes < best[0]:
                best = (on_axes, cand)
        base = best[1]
        direction = np.asarray(w, dtype=np.float64)[:2]
    # Length in data units for ARROW_CM on the page.
    sxu = ux / tk.ax.scale
    syu = (uy / tk.ay.scale) if tk.ay is not None else uy
    page_len = math.hypot(direction[0] * sxu, direction[1] * syu)
    c = ARROW_CM / page_len
    # Shorten it if it would leave the box (a line hugging the box's edge).
    lims = [(x0, x1), (y0, y1) if d == 2 else (-ONE_D_HALF_HEIGHT, ONE_D_HALF_HEIGHT)]
    c_max = math.inf
    for i in range(2):
        di = direction[i]
        if di > 0:
            c_max = min(c_max, (lims[i][1] - base[i]) / di)
        elif di < 0:
            c_max = min(c_max, (lims[i][0] - base[i]) / di)
    c = min(c, 0.95 * c_max) if c_max > 0.25 * c else c
    tip = base + c * direction
    tk.add("% the normal vector w (points to the side predicted +1)")
    tk.add(f"\\draw[thick, percnormal, -latex] {tk.xy(*base)} -- {tk.xy(*tip)} node[black, above right] {{$w$}};")
    return True


def _points(tk: TikzPicture, result: RunResult, frame: Frame, vw: View, d: int) -> bool:
    """Draw the marks; returns whether the visited example's ring was drawn."""
    (x0, x1), (y0, y1) = vw
    tol_x, tol_y = 1e-9 * (x1 - x0), 1e-9 * (y1 - y0)

    def inside(p: np.ndarray) -> bool:
        if not x0 - tol_x <= p[0] <= x1 + tol_x:
            return False
        return d == 1 or y0 - tol_y <= p[1] <= y1 + tol_y

    groups = [("training points", result.train.X, result.train.y, result.train_index, "")]
    if result.test is not None and result.test.n:
        groups.append(("test points (faded)", result.test.X, result.test.y, result.test_index, "[opacity=0.4]"))
    outside = 0
    visited: np.ndarray | None = None
    tk.add("% points: one \\pic per point, {plus} for class +1, {minus} for class -1")
    tk.add("\\begin{scope} % points")
    for what, X, y, index, opt in groups:
        if X.shape[0]:
            tk.add(f"% {what}")
        for p, label, gi in zip(X, y, index):
            if frame.visit_index is not None and int(gi) == frame.visit_index:
                visited = p
            if not inside(p):
                outside += 1
                continue
            at = tk.xy(p[0], 0.0) if d == 1 else tk.xy(p[0], p[1])
            tk.add(f"\\pic{opt} at {at} {{{'plus' if label > 0 else 'minus'}}};")
    tk.add("\\end{scope}")
    if outside:
        tk.add(f"% {outside} point{'s' if outside != 1 else ''} outside the view {'are' if outside != 1 else 'is'} not drawn")
    if visited is not None and inside(visited):
        colour = "percupdate" if frame.visit_updated else "percvisit"
        at = tk.xy(visited[0], 0.0) if d == 1 else tk.xy(visited[0], visited[1])
        tk.add(f"% the example visited at step t = {frame.t} ({'it caused an update' if frame.visit_updated else 'no update'})")
        tk.add(f"\\draw[{colour}, very thick] {at} circle[radius=6pt];")
        return True
    return False


def _caption(tk: TikzPicture, result: RunResult, frame: Frame, vw: View, d: int, has_line: bool,
             legend: list[tuple[str, str]], title: str | None, box_width_cm: float,
             visited_drawn: bool) -> None:
    (x0, x1), (y0, y1) = vw
    algo = REGISTRY[result.algorithm].title if result.algorithm in REGISTRY else result.algorithm
    n_epochs = result.record.epochs_run
    where = "before the first visit" if frame.t < 0 else f"after visit $t = {frame.t}$"
    text = (f"{tex_escape(algo)} perceptron, {where}: $k = {frame.k}$ updates, "
            f"epoch {frame.epoch} of 0--{max(n_epochs - 1, 0)}")
    if has_line:
        wtxt = ", ".join(sig(float(v)).strip("$") for v in frame.w)
        text += f"; $w = ({wtxt})$" + (f", $b = {sig(frame.b).strip('$')}$" if frame.offset else "")
    else:
        text += ("; $w = 0$, so there is no hyperplane yet"
                 + (f" (every point gets the sign of $b = {sig(frame.b).strip('$')}$)" if frame.b else
                    " (every point is predicted $+1$)"))
    text += "."
    bottom_y = -ONE_D_HALF_HEIGHT if d == 1 else y0
    left = tk.xy(x0, bottom_y)
    if title:
        # Centred on the box, above everything drawn so far (the y-axis label included).
        xc = tk.ax.fmt(tk.ax.pic((x0 + x1) / 2))
        tk.add("% title")
        tk.add("\\path (current bounding box.north) ++(0,0.2cm) coordinate (title base);")
        tk.add(f"\\node[above, font=\\bfseries, inner sep=0pt] at ({xc},0 |- title base) {{{tex_escape(title)}}};")
    tk.add("% caption and legend")
    tk.add(f"\\node[below right, align=flush left, font=\\small, text width={box_width_cm:.3g}cm, yshift=-0.55cm, "
           f"inner sep=0pt] (caption) at {left} {{{text}}};")
    # The legend hangs below the caption: one row per line style, then the marks, then the ring.
    # ([shift]node) places relative to the caption; a node's anchor ignores a path's shift.
    def at(dx: float) -> str:
        return f"([xshift={dx:.3g}cm, yshift=@Y@]caption.south west)"

    rows: list[list[str]] = []  # each row's commands, with @Y@ for its vertical shift
    for sty, label in legend:
        rows.append([f"\\draw[{sty}] {at(0)} -- ++(0.7cm,0) node[right, black, font=\\footnotesize] {{{label}}};"])
    marks = [f"\\pic at {at(0.35)} {{plus}};",
             f"\\node[right, font=\\footnotesize] at {at(0.7)} {{class $+1$}};",
             f"\\pic at {at(2.55)} {{minus}};",
             f"\\node[right, font=\\footnotesize] at {at(2.9)} {{class $-1$}};"]
    if result.test is not None and result.test.n:
        marks.append(f"\\node[right, font=\\footnotesize] at {at(4.9)} {{(faded: test points)}};")
    rows.append(marks)
    if visited_drawn:
        colour = "percupdate" if frame.visit_updated else "percvisit"
        what = "the visited example (it caused an update)" if frame.visit_updated else "the visited example (no update)"
        rows.append([f"\\draw[{colour}, very thick] {at(0.35)} circle[radius=5pt] "
                     f"node[right, black, font=\\footnotesize, xshift=0.2cm] {{{what}}};"])
    for i, row in enumerate(rows):
        shift = f"-{LEGEND_ROW_CM * (i + 0.8):.3g}cm"
        for cmd in row:
            tk.add(cmd.replace("@Y@", shift))
