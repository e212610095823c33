"""The order study's histogram as a TikZ picture (no Qt).

Paints the :class:`~perceptron_gui.render.study_picture.StudyPicture` the slide figure paints:
one bar per bin of :meth:`OrderStudy.histogram` (never re-binned) in the +1 class's blue, the
file order's value as a dashed vermillion line, the bound (R/γ)² as a solid purple line when it
is near enough to be drawn (else the title names it), a box with ticks, and a legend below.
Plain ``tikz``: no pgfplots, no libraries.
"""
from __future__ import annotations

import dataclasses
import os

from ..core.io import atomic_write_text
from ..core.order_study import OrderStudy
from ..i18n import _
from ..render.study_picture import describe_study
from ..version import __version__
from .latex import Axis, exponent_for, make_axis, tex_escape
from .tikz_axes import TikzPicture, axis_suffix, box_grid_and_ticks
from .tikz_items import COLOURS

__all__ = ["study_to_tikz", "write_study_tikz"]

WIDTH_CM, HEIGHT_CM = 10.0, 6.0
BAR_STYLE = "fill=percpos, draw=white, line width=0.4pt"
FILE_STYLE = "percneg, very thick, dashed"
BOUND_STYLE = "perctheta, very thick"


def _whole_steps(axis: Axis) -> Axis:
    """Ticks at whole numbers at least (a count of orders or of updates has no halves)."""
    if axis.exponent == 0 and axis.step < 1.0:
        return dataclasses.replace(axis, step=1.0)
    return axis


def study_to_tikz(study: OrderStudy, *, standalone: bool = True) -> str:
    """The histogram of ``study`` as a TikZ picture (a standalone document, or only the
    ``tikzpicture`` for ``\\input``, which needs ``\\usepackage{tikz}``)."""
    pic = describe_study(study)
    lo, hi = pic.x_range
    ax = make_axis(lo, hi, exponent_for(hi - lo))
    ax = _whole_steps(ax) if pic.updates else ax
    ay = _whole_steps(make_axis(0.0, pic.y_max, exponent_for(pic.y_max)))
    tk = TikzPicture(ax, ay)
    tk.add(f"% Order study exported by perceptron-gui {__version__}: {study.algorithm} perceptron, "
           f"{len(study.rows)} shuffled orders; one bar per bin of the study's histogram.")
    if not standalone:
        tk.add("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    tk.add(f"\\begin{{tikzpicture}}[x={WIDTH_CM / ax.span:.6g}cm, y={HEIGHT_CM / ay.span:.6g}cm]")
    for name in ("percpos", "percneg", "perctheta"):
        tk.add(f"\\definecolor{{{name}}}{{HTML}}{{{COLOURS[name].lstrip('#').upper()}}}")
    X0, Y0, X1, Y1 = box_grid_and_ticks(tk)
    what = "orders" if pic.updates else "orders (final training error in %)"
    tk.add(f"% the histogram: one bar per bin [left, right) with its count of {what}")
    for i, (a, b, c) in enumerate(zip(pic.edges[:-1], pic.edges[1:], pic.counts)):
        comment = f"% bin {i + 1}: [{a:g}, {b:g}), {int(c)} orders"
        if c > 0:
            tk.add(f"\\filldraw[{BAR_STYLE}] {tk.xy(a, 0.0)} rectangle {tk.xy(b, float(c))}; {comment}")
        else:
            tk.add(comment)
    tk.add("% the file order's value")
    xf = ax.fmt(ax.pic(pic.file_x))
    tk.add(f"\\draw[{FILE_STYLE}] ({xf},{Y0}) -- ({xf},{Y1});")
    if pic.bound is not None:
        xb = ax.fmt(ax.pic(pic.bound))
        tk.add("% the bound (R/gamma)^2")
        tk.add(f"\\draw[{BOUND_STYLE}] ({xb},{Y0}) -- ({xb},{Y1});")
    xc, yc = ax.fmt((ax.plo + ax.phi) / 2), ay.fmt((ay.plo + ay.phi) / 2)
    tk.add("% titles and legend")
    title = pic.header + (f" · {pic.bound_note}" if pic.bound_note else "")
    tk.add(f"\\node[above=0.15cm, font=\\bfseries] at ({xc},{Y1}) {{{tex_escape(title)}}};")
    tk.add(f"\\node[below=0.6cm] at ({xc},{Y0}) {{{tex_escape(pic.x_title)}{axis_suffix(ax)}}};")
    # TRANSLATORS: the y-axis title of the order study's histogram: how many shuffled orders.
    y_title = tex_escape(_("orders"))
    tk.add(f"\\node[rotate=90, anchor=south] at ([xshift=-1cm]{X0},{yc}) {{{y_title}{axis_suffix(ay)}}};")
    entries = [("\\fill[percpos] {at} ++(0.1cm,-4pt) rectangle ++(0.4cm,8pt);", pic.bars_label),
               (f"\\draw[{FILE_STYLE}] {{at}} -- ++(0.6cm,0);", pic.file_label)]
    if pic.bound is not None:
        entries.append((f"\\draw[{BOUND_STYLE}] {{at}} -- ++(0.6cm,0);",
                        _("bound (R/γ)² = {bound}").format(bound=f"{pic.bound:.4g}")))
    for i, (sample, text) in enumerate(entries):
        dy = f"yshift=-{1.2 + 0.45 * i:.3g}cm"
        tk.add(sample.replace("{at}", f"([{dy}]{X0},{Y0})") + f" \\node[right, font=\\small] at "
               f"([xshift=0.7cm, {dy}]{X0},{Y0}) {{{tex_escape(text)}}};")
    tk.add("\\end{tikzpicture}")
    body = "\n".join(tk.lines) + "\n"
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def write_study_tikz(path: str | os.PathLike[str], study: OrderStudy, **options: bool) -> None:
    """Write :func:`study_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, study_to_tikz(study, **options))
