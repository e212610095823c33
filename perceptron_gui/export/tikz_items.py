"""How each item of a :class:`~perceptron_gui.render.picture.Picture` is written in TikZ (no Qt).

The style of every role (the screen's look in :mod:`perceptron_gui.render.theme`, in TikZ's
words) and one painter per kind of item; ``tikz.py`` lays out the picture and calls them.
"""
from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..render import theme as style
from ..render.geometry import Rect, clip_line
from ..render.label_place import label_size_cm, node_options, place
from ..render.picture import Arrow, Labels, Markers, Raster, Segment, Vector, inside
from ..session.frame import Frame
from .tikz_axes import TikzPicture
from .tikz_kernel import kernel_legend_sample

__all__ = ["COLOURS", "FILL_STYLE", "COMMENT", "ARROW_CM", "line_style", "paint_raster", "paint_markers",
           "paint_arrow", "paint_vector", "paint_labels", "legend_row"]

ARROW_CM = 1.3  # length of the drawn normal vector

COLOURS = {
    "percpos": style.POSITIVE, "percneg": style.NEGATIVE, "percnormal": style.NORMAL,
    "percmargin": style.MARGIN, "perctheta": style.THETA_STAR, "percoutput": style.OUTPUT,
    "percupdate": style.VISIT_UPDATE, "percvisit": style.VISIT_NO_UPDATE, "percguide": style.GUIDE,
    "percprevious": style.PREVIOUS, "percprevnormal": style.PREVIOUS_NORMAL,
}
# How each role of the picture looks in TikZ (the screen's look: render/theme.py STROKES).
MARGIN_ROLE = "margin"  # the legend role of the two margin lines (a picture role, not a learner)
_LINE_STYLE = {
    "guide": "percguide, thick, dotted", "theta": "perctheta, very thick, dashed",
    "margin+": "percmargin, thick, dashed", "margin-": "percmargin, thick, dashed",
    "output": "percoutput, very thick, dash dot", "hyperplane": "ultra thick",
    # Notes 003's update: the old line solid, the new one dashed (render/update_picture.py).
    "previous": "percprevious, ultra thick", "hyperplane:after": "ultra thick, dashed",
}
_ARROW_STYLE = {"normal": "thick, percnormal, -latex", "previous_normal": "thick, percprevnormal, -latex"}
_VECTOR_STYLE = {"update_before": "thick, percprevious", "update_step": "thick, percupdate",
                 "update_after": "thick, percnormal"}
FILL_STYLE = {
    "positive_region": f"percpos, opacity={style.POSITIVE_REGION[3] / 255:.2f}",
    "negative_region": f"percneg, opacity={style.NEGATIVE_REGION[3] / 255:.2f}",
    "theta_band": f"perctheta, opacity={style.THETA_BAND_ALPHA / 255:.2f}",
}
_RING_STYLE = {"visit": None, "misclassified": ("black, thick", "4.5pt"), "slack": ("black!80, thick, dotted", "7.5pt")}
COMMENT = {
    "guide": "the line the points are drawn on", "theta": "theta*: w*.x + b* = 0",
    "margin+": "margin line w.x + b = +min|w.x + b|", "margin-": "margin line w.x + b = -min|w.x + b|",
    "output": "output predictor", "hyperplane": "the hyperplane w.x + b = 0",
    "positive_region": "the region predicted +1", "negative_region": "the region predicted -1",
    "theta_band": "margin band of theta*: -gamma <= w*.x + b* <= gamma",
    "previous": "previous hyperplane, before the last update: w_{k-1}.x + b_{k-1} = 0",
    "update_before": "the update as vectors: w_{k-1} from the origin",
    "update_step": "the update as vectors: the step y.x from the tip of w_{k-1}",
    "update_after": "the update as vectors: w_k = w_{k-1} + y.x from the origin",
}


def line_style(seg: Segment) -> str:
    """The TikZ style of a segment (its role's, or its variant's)."""
    return _LINE_STYLE[f"{seg.role}:{seg.variant}" if seg.variant else seg.role]



def paint_raster(tk: TikzPicture, r: Raster) -> None:
    """The vote's two regions as one rectangle per run of equal cells in each grid row."""
    x0, y0, x1, y1 = r.rect
    g_rows, g_cols = r.positive.shape
    xs = np.linspace(x0, x1, g_cols + 1)
    ys = np.linspace(y0, y1, g_rows + 1)
    what = "the voted prediction" if r.role == "vote" else "the sign of the kernel's f(x)"
    tk.add(f"% {what}: its two regions, row by row of a grid over the view")
    for row in range(g_rows):
        cells = r.positive[row]
        edges = np.flatnonzero(np.diff(cells.astype(np.int8))) + 1
        starts = np.concatenate(([0], edges))
        ends = np.concatenate((edges, [g_cols]))
        for a, b in zip(starts, ends):
            role = "positive_region" if cells[a] else "negative_region"
            tk.add(f"\\fill[{FILL_STYLE[role]}] {tk.xy(xs[a], ys[row])} rectangle {tk.xy(xs[b], ys[row + 1])};")


def paint_markers(tk: TikzPicture, m: Markers, rect: Rect, frame: Frame) -> None:
    keep = inside(m.positions, rect)
    if m.role == "points":
        assert m.labels is not None and m.test is not None
        tk.add("% points: one \\pic per point, {plus} for class +1, {minus} for class -1")
        tk.add("\\begin{scope} % points")
        for test_group, what, opt in ((False, "training points", ""), (True, "test points (faded)", "[opacity=0.4]")):
            sel = np.flatnonzero(keep & (m.test == test_group))
            if sel.size:
                tk.add(f"% {what}")
            for i in sel:
                tk.add(f"\\pic{opt} at {tk.xy(*m.positions[i])} {{{'plus' if m.labels[i] > 0 else 'minus'}}};")
        tk.add("\\end{scope}")
        tk.obstacles.add_points(tk.pic_xy(m.positions[keep]))
        outside = int(np.count_nonzero(~keep))
        if outside:
            tk.add(f"% {outside} point{'s' if outside != 1 else ''} outside the view "
                   f"{'are' if outside != 1 else 'is'} not drawn")
        return
    if not np.any(keep):
        return
    if m.role == "visit":
        colour = "percupdate" if m.updated else "percvisit"
        tk.add(f"% the example visited at step t = {frame.t} ({'it caused an update' if m.updated else 'no update'})")
        for p in m.positions[keep]:
            tk.add(f"\\draw[{colour}, very thick] {tk.xy(*p)} circle[radius=6pt];")
        tk.obstacles.add_points(tk.pic_xy(m.positions[keep]))
        return
    sty, radius = _RING_STYLE[m.role]  # type: ignore[misc]
    tk.add(f"% {'points misclassified by w' if m.role == 'misclassified' else 'slack points'}")
    for p in m.positions[keep]:
        tk.add(f"\\draw[{sty}] {tk.xy(*p)} circle[radius={radius}];")


def paint_arrow(tk: TikzPicture, a: Arrow, rect: Rect, ux: float, uy: float) -> None:
    """The normal vector from the picture's base, ARROW_CM long on the page, kept in the box;
    its label beyond the tip, on a white ground so no tick label or line can hide it."""
    x0, y0, x1, y1 = rect
    base, direction = a.base, a.direction
    sxu = ux / tk.ax.scale
    syu = (uy / tk.ay.scale) if tk.ay is not None else uy
    page_len = math.hypot(direction[0] * sxu, direction[1] * syu)
    c = ARROW_CM / page_len
    lims = [(x0, x1), (y0, y1)]

    def room(at: np.ndarray) -> float:  # how far along the direction the box lets it go
        c_max = math.inf
        for i in range(2):
            di = direction[i]
            if di > 0:
                c_max = min(c_max, (lims[i][1] - at[i]) / di)
            elif di < 0:
                c_max = min(c_max, (lims[i][0] - at[i]) / di)
        return c_max

    if room(base) < c:  # near the box's edge: slide the base along the line to where it fits
        base = _roomier_base(base, direction, rect, c, room)
    c_max = room(base)
    c = min(c, 0.95 * c_max) if c_max > 0.25 * c else c  # shorten it if it would still leave the box
    tip = base + c * direction
    tk.add("% the normal vector w (points to the side predicted +1)" if a.role == "normal" else
           "% previous normal vector, before the last update")
    ends = tk.pic_xy(np.array([base, tip]))
    where = node_options(*place(tk.obstacles, ends[1], label_size_cm(a.label_tex), tk.units, a.label_anchor,
                                shaft=ends))
    tk.add(f"\\draw[{_ARROW_STYLE[a.role]}] {tk.xy(*base)} -- {tk.xy(*tip)} node[{where}, black, "
           f"fill=white, fill opacity=0.8, text opacity=1, inner sep=1.5pt] {{{a.label_tex}}};")


def _roomier_base(base: np.ndarray, direction: np.ndarray, rect: Rect, c: float, room: Any) -> np.ndarray:
    """The point of the visible line through ``base`` (normal ``direction``) nearest ``base``
    from which the whole arrow (length ``c``) stays in the box; the roomiest when none does."""
    seg = clip_line(direction, -float(direction @ base), rect)
    if seg is None:
        return base
    cands = seg[0] + np.linspace(0.05, 0.95, 19)[:, None] * (seg[1] - seg[0])
    rooms = np.array([room(p) for p in cands])
    fits = rooms >= c
    if np.any(fits):
        return np.asarray(cands[fits][np.argmin(np.linalg.norm(cands[fits] - base, axis=1))])
    return cands[int(np.argmax(rooms))] if rooms.max() > room(base) else base


def paint_vector(tk: TikzPicture, v: Vector) -> None:
    """An arrow of the update to scale, its label at the picture's place on a white ground."""
    tip = "-latex, " if v.head else ""
    tk.add(f"% {COMMENT[v.role]}")
    tk.add(f"\\draw[{tip}{_VECTOR_STYLE[v.role]}] {tk.xy(*v.ends[0])} -- {tk.xy(*v.ends[1])};")
    ends, at = tk.pic_xy(np.asarray(v.ends)), tk.pic_xy(np.asarray(v.label_at))[0]
    where = node_options(*place(tk.obstacles, at, label_size_cm(v.label_tex, "footnotesize"), tk.units,
                                v.label_anchor, shaft=ends))
    tk.add(f"\\node[{where}, black, font=\\footnotesize, fill=white, fill opacity=0.8, "
           f"text opacity=1, inner sep=1.5pt] at {tk.xy(*v.label_at)} {{{v.label_tex}}};")


def paint_labels(tk: TikzPicture, lab: Labels, rect: Rect) -> None:
    """The margins beside the points, up and to the right of each; the data set's in bold."""
    keep = inside(lab.positions, rect)
    tk.add("% each point's signed margin y(w.x + b)/||w|| (bold: the data set's margin, the minimum)")
    for p, text, bold, k in zip(lab.positions, lab.texts_tex, lab.emphasis, keep):
        if k:
            text = f"{{\\boldmath{text}}}" if bold else text  # \\boldmath: no package needed
            tk.add(f"\\node[anchor=south west, font=\\scriptsize, fill=white, fill opacity=0.75, text opacity=1, "
                   f"inner sep=1pt, xshift=3pt, yshift=3pt] at {tk.xy(*p)} {{{text}}};")


def legend_row(role: str, text: str, at: str) -> list[str]:
    """The sample and the text of one legend entry (``at`` has a ``{dx}`` for the x shift)."""
    label = f"\\node[right, font=\\footnotesize] at {at.format(dx=0.8)} {{{text}}};"
    sample: str
    if role in ("class+", "class-", "test"):
        mark, fade = ("minus" if role == "class-" else "plus"), ("[opacity=0.4]" if role == "test" else "")
        sample = f"\\pic{fade} at {at.format(dx=0.35)} {{{mark}}};"
    elif role == "normal":
        sample = f"\\draw[thick, percnormal, -latex] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif role == "previous":
        sample = f"\\draw[{_LINE_STYLE['previous']}] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif role == "update":
        sample = f"\\draw[-latex, {_VECTOR_STYLE['update_step']}] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif role == "point_margins":
        sample = f"\\node[font=\\scriptsize, inner sep=0pt] at {at.format(dx=0.35)} {{$1.4$}};"
    elif role == "hyperplane" and "dashed" in text:
        sample = f"\\draw[{_LINE_STYLE['hyperplane:after']}] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif role == MARGIN_ROLE:  # the margin lines' legend row: drawn as its + line
        sample = f"\\draw[{_LINE_STYLE['margin+']}] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif role in _LINE_STYLE:
        sample = f"\\draw[{_LINE_STYLE[role]}] {at.format(dx=0)} -- ++(0.7cm,0);"
    elif kernel_legend_sample(role, at, FILL_STYLE["positive_region"]) is not None:
        sample = kernel_legend_sample(role, at, FILL_STYLE["positive_region"])  # type: ignore[assignment]
    elif role == "vote":
        sample = f"\\fill[{FILL_STYLE['positive_region']}] {at.format(dx=0.1)} ++(0,-4pt) rectangle ++(0.5cm,8pt);"
    elif role in ("visit_update", "visit_no_update"):
        colour = "percupdate" if role == "visit_update" else "percvisit"
        sample = f"\\draw[{colour}, very thick] {at.format(dx=0.35)} circle[radius=5pt];"
    else:  # misclassified, slack
        sty, _radius = _RING_STYLE[role]  # type: ignore[misc]
        sample = f"\\draw[{sty}] {at.format(dx=0.35)} circle[radius=4.5pt];"
    return [sample, label]
