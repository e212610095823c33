"""The weight-space picture as a TikZ picture for slides (no Qt).

Paints the :class:`~perceptron_gui.render.weight_space.WeightSpace` that the window's dock and
the PNG/SVG/PDF figure paint: every training point's constraint line with its allowed side
lightly shaded in its class's colour, the version space in yellow with a dark outline, θ*'s
direction dashed, and the path w₀ → … → w_k in the normal vector's green, each step labelled
by the example that caused it. The frame (units, + and − marks, colours, grid, axes, ticks) is
the canvas export's (:mod:`.tikz`, :mod:`.tikz_axes`), and the step labels are placed by
:mod:`~perceptron_gui.render.label_place` so they keep clear of tick labels and of one another. Coordinates are the
weights themselves (scaled by a power of ten only when TikZ's range needs it; the axis labels
then say so), so a lecturer can edit the picture by hand.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..core.algorithms import REGISTRY
from ..core.io import atomic_write_text
from ..i18n import _
from ..render import theme as style
from ..render.label_place import label_size_cm, node_options, place
from ..render.tex import tex_format
from ..render.weight_space import WeightSpace, allowed_alpha, describe_weight_space, spaced_labels
from ..version import __version__
from .latex import exponent_for, make_axis, sig, tex_escape
from .tikz import LEGEND_ROW_CM, WIDTH_CM, begin_picture
from .tikz_axes import TikzPicture, grid_and_axes_2d

__all__ = ["weight_space_to_tikz", "write_weight_space_tikz", "MAX_TIKZ_PATH"]

# The last this many updates of the path are written: TikZ runs out of memory near 10⁵
# coordinates in one picture, and a longer path is a smear on a slide anyway.
MAX_TIKZ_PATH = 2_000
LINE_STYLE = "semithick"  # a constraint line (the screen's 1.2 px)
PATH_STYLE = "percnormal, very thick, line join=round"
THETA_STYLE = "perctheta, very thick, dashed"
LABEL_FONT = "footnotesize"
LABEL_STYLE = (f"font=\\{LABEL_FONT}, text=percnormal!55!black, fill=white, fill opacity=0.75, text opacity=1, "
               "inner sep=1pt")
PER_LINE = 6  # coordinates per line of the .tex, so a long path stays readable


def _hex(colour: str) -> str:
    return colour.lstrip("#").upper()


def weight_space_to_tikz(result: Any, t: int, *, standalone: bool = True, title: str | None = None) -> str:
    """The weight-space picture of ``result`` (a session's RunResult) after visit ``t``.

    ``standalone``: a document that compiles with ``pdflatex`` on its own; False gives only the
    ``tikzpicture`` for ``\\input`` (needs ``\\usepackage{tikz}``). ``title`` goes above it.
    Raises ValueError with one sentence when the data do not have 2 features or the run is a
    curved kernel's (the sentences of render/weight_space.py).
    """
    ws = describe_weight_space(result, t)
    x0, y0, x1, y1 = ws.rect
    e = exponent_for(max(x1 - x0, y1 - y0))
    ax, ay = make_axis(x0, x1, e), make_axis(y0, y1, e)
    unit = WIDTH_CM / ax.span  # one unit for both axes: angles are what weight space shows
    tk = TikzPicture(ax, ay)
    rec = result.record
    tk.add(f"% Weight space exported by perceptron-gui {__version__}: {result.algorithm} perceptron, "
           f"update k = {ws.k}, visit t = {int(t)}; the plane of (w1, w2)"
           + (f", the slice b = b_k = {ws.b_slice:.6g}." if ws.offset else "."))
    if not standalone:
        tk.add("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    if ax.exponent or ax.origin or ay.origin:
        tk.add("% An axis whose label shows a factor 10^e is drawn as w / 10^e.")
    begin_picture(tk, unit, unit)
    tk.add(f"\\definecolor{{percversion}}{{HTML}}{{{_hex(style.SELECTION)}}}")
    tk.add(f"\\definecolor{{percversionedge}}{{HTML}}{{{_hex(style.WS_VERSION_EDGE)}}}")
    grid_and_axes_2d(tk, ((x0, x1), (y0, y1)), ["w1", "w2"])
    _constraints(tk, ws)
    if ws.version is not None:
        tk.add("% the version space: where every constraint holds")
        tk.add(f"\\filldraw[fill=percversion, fill opacity={style.WS_VERSION_SPACE[3] / 255:.2f}, "
               f"draw=percversionedge, thick, line join=round] {_polygon(tk, ws.version)};")
    if ws.theta_ray is not None:
        tk.add("% the direction of theta* (its w), from the origin")
        a, b = ws.theta_ray
        where = node_options(*place(tk.obstacles, tk.pic_xy(b)[0], label_size_cm("$\\theta^*$"), tk.units,
                                    "north east", shaft=tk.pic_xy(ws.theta_ray)))
        tk.add(f"\\draw[{THETA_STYLE}] {tk.xy(*a)} -- {tk.xy(*b)} node[{where}, perctheta!70!black, fill=white, "
               "fill opacity=0.75, text opacity=1, inner sep=1pt] {$\\theta^*$};")
    _path(tk, ws)
    _caption(tk, result, ws, rec, title)
    tk.add("\\end{tikzpicture}")
    body = "\n".join(tk.lines) + "\n"
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def write_weight_space_tikz(path: str | os.PathLike[str], result: Any, t: int, **options: Any) -> None:
    """Write :func:`weight_space_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, weight_space_to_tikz(result, t, **options))


def _polygon(tk: TikzPicture, corners: np.ndarray) -> str:
    return " -- ".join(tk.xy(*p) for p in corners) + " -- cycle"


def _constraints(tk: TikzPicture, ws: WeightSpace) -> None:
    """The allowed sides (light, so their overlap darkens where many hold) under the lines."""
    fill = allowed_alpha(len(ws.constraints)) / 255
    # Many lines: fainter, so the path on top stays the thing the eye follows (as on screen).
    line_opacity = "" if len(ws.constraints) <= 20 else ", opacity=0.55"
    eq = "w\\cdot x_i + b_k = 0" if ws.offset else "w\\cdot x_i = 0"
    tk.add(f"% the allowed sides y_i (w.x_i + b) > 0, one per training point (opacity {fill:.3f} each)")
    for c in ws.constraints:
        if c.allowed.shape[0] >= 3:
            colour = "percpos" if c.y > 0 else "percneg"
            tk.add(f"\\fill[{colour}, opacity={fill:.3f}] {_polygon(tk, c.allowed)};")
    tk.add(f"% the constraint lines ${eq}$: one per training point (x_i named by its row, from 1)")
    for c in ws.constraints:
        if c.ends is not None:
            colour = "percpos" if c.y > 0 else "percneg"
            tk.add(f"\\draw[{colour}, {LINE_STYLE}{line_opacity}] {tk.xy(*c.ends[0])} -- {tk.xy(*c.ends[1])};"
                   f" % x_{c.index + 1}")


def _path(tk: TikzPicture, ws: WeightSpace) -> None:
    """The path w_first → … → w_k, a dot at each w_j, w_k ringed, and the steps' labels."""
    path, first = ws.path, ws.path_first
    if path.shape[0] > MAX_TIKZ_PATH + 1:
        cut = path.shape[0] - (MAX_TIKZ_PATH + 1)
        path, first = path[cut:], first + cut
    else:
        cut = 0
    coords = [tk.xy(*p) for p in path]
    tk.add(f"% the path of w: w_{first} to w_{ws.k}, one coordinate per update")
    if len(coords) > 1:
        rows = [" -- ".join(coords[i:i + PER_LINE]) for i in range(0, len(coords), PER_LINE)]
        tk.add(f"\\draw[{PATH_STYLE}] " + "\n  -- ".join(rows) + ";")
        tk.add(f"\\foreach \\p in {{{','.join(coords[:-1])}}} \\fill[percnormal] \\p circle[radius=1.3pt];")
    tk.add(f"% w_k = w_{ws.k}, the current weights")
    tk.add(f"\\filldraw[fill=percnormal, draw=black, thick] {coords[-1]} circle[radius=3pt];")
    tk.obstacles.add_points(tk.pic_xy(path))
    # Each labelled step's example, at the end of its step (where it moved w to); the newest
    # first, and one that would cover a newer one is left out (render/weight_space.py).
    w, h = label_size_cm("$x_{10}$", LABEL_FONT)
    per_cm = tk.ax.scale / tk.units[0]
    steps = [(ws.path[j + 1], f"$x_{{{int(ws.path_index[j]) + 1}}}$")
             for j, text in enumerate(ws.path_labels) if text and j + 1 >= cut]
    labels = spaced_labels(steps, w * per_cm, h * per_cm)
    if labels:
        tk.add("% each step labelled by the example x_i that caused it (the newest steps)")
    for pos, text in labels:
        where = node_options(*place(tk.obstacles, tk.pic_xy(pos)[0], label_size_cm(text, LABEL_FONT), tk.units,
                                    "south west"))
        tk.add(f"\\node[{where}, {LABEL_STYLE}] at {tk.xy(*pos)} {{{text}}};")


def _caption(tk: TikzPicture, result: Any, ws: WeightSpace, rec: Any, title: str | None) -> None:
    x0, y0, x1, _y1 = ws.rect
    algo = REGISTRY[result.algorithm].title if result.algorithm in REGISTRY else result.algorithm
    w_k = ", ".join(sig(float(v)).strip("$") for v in ws.path[-1])
    # TRANSLATORS: the weight space's caption; {algo} is the learner's title, {k} "k = 5", {w} "w_k = (1, 2)".
    text = tex_format(_("{algo} perceptron in weight space at {k} updates: {w}"), algo=tex_escape(algo),
                      k=f"$k = {ws.k}$", w=f"$w_k = ({w_k})$")
    if ws.offset:
        # TRANSLATORS: continues the weight space's caption; {wb} is "(w, b)", {slice} "b = b_k = 0.5", {line}
        # "w·x_i + b_k = 0", {wj} "w_j", {bj} "b_j".
        text += tex_format(_(". With an offset {wb} is 3-D: this is the slice {slice}, whose lines are {line} (each "
                             "earlier {wj} had its own {bj})"), wb="$(w, b)$",
                           slice=f"$b = b_k = {sig(ws.b_slice).strip('$')}$", line="$w\\cdot x_i + b_k = 0$",
                           wj="$w_j$", bj="$b_j$")
    else:
        # TRANSLATORS: continues the weight space's caption; {line} is "w·x_i = 0".
        text += tex_format(_("; each line is {line}"), line="$w\\cdot x_i = 0$")
    notes = list(ws.notes)
    if ws.path.shape[0] > MAX_TIKZ_PATH + 1:
        notes.append(_("the path drawn is the last {n} updates").format(n=f"{MAX_TIKZ_PATH:,}"))
    text += "".join(f"; {tex_escape(n)}" for n in notes) + "."
    box_cm = tk.units[0] * tk.ax.span
    if title:
        tk.add("% title")
        tk.add("\\path (current bounding box.north) ++(0,0.2cm) coordinate (title base);")
        xc = tk.ax.fmt(tk.ax.pic((x0 + x1) / 2))
        tk.add(f"\\node[above, font=\\bfseries, inner sep=0pt] at ({xc},0 |- title base) {{{tex_escape(title)}}};")
    tk.add("% caption and legend")
    tk.add(f"\\node[below right, align=flush left, font=\\small, text width={box_cm:.3g}cm, yshift=-0.55cm, "
           f"inner sep=0pt] (caption) at {tk.xy(x0, y0)} {{{text}}};")
    eq = "w\\cdot x_i + b_k" if ws.offset else "w\\cdot x_i"
    rows: list[tuple[str, str]] = []
    for colour, cls in (("percpos", "+1"), ("percneg", "-1")):
        if any((c.y > 0) == (cls == "+1") for c in ws.constraints):
            rows.append((f"\\fill[{colour}, opacity=0.25] {{at}} ++(0,-4pt) rectangle ++(0.7cm,4pt); "
                         f"\\draw[{colour}, {LINE_STYLE}] {{at}} -- ++(0.7cm,0);",
                         # TRANSLATORS: a legend entry; {x} is "x_i", {c} "+1", {line} "w·x_i + b_k = 0".
                         tex_format(_("a point {x} of class {c}: the line {line}, its allowed side shaded"),
                                    x="$x_i$", c=f"${cls}$", line=f"${eq} = 0$")))
    if ws.version is not None:
        rows.append(("\\filldraw[fill=percversion, fill opacity=0.6, draw=percversionedge, thick] "
                     "{at} ++(0.1cm,-4pt) rectangle ++(0.5cm,8pt);",
                     tex_format(_("the version space: all constraints hold"))))
    rows.append((f"\\draw[{PATH_STYLE}] {{at}} -- ++(0.7cm,0); \\fill[percnormal] {{at}} ++(0.35cm,0) "
                 "circle[radius=1.3pt];",
                 # TRANSLATORS: a legend entry; {w} is "w", {x} "x_i".
                 tex_format(_("the path of {w}, each step named by its example {x}"), w="$w$", x="$x_i$")))
    if ws.theta_ray is not None:
        rows.append((f"\\draw[{THETA_STYLE}] {{at}} -- ++(0.7cm,0);",
                     # TRANSLATORS: a legend entry; {theta} is "θ*".
                     tex_format(_("the direction of {theta}"), theta="$\\theta^*$")))
    for i, (sample, label) in enumerate(rows):
        dy = f"yshift=-{LEGEND_ROW_CM * (i + 0.8):.3g}cm"
        tk.add(sample.replace("{at}", f"([{dy}]caption.south west)"))
        tk.add(f"\\node[right, font=\\footnotesize] at ([xshift=0.8cm, {dy}]caption.south west) {{{label}}};")
