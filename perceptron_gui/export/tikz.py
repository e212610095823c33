"""One playhead position of a run as a TikZ picture for lecture slides (no Qt).

It paints the same :class:`~perceptron_gui.render.picture.Picture` the canvas paints
(render/picture.py), item by item: the regions, θ*'s band, the lines, the points and their
rings, the normal vector, and the legend of exactly what is drawn. The look follows the figures
of notes 003: a light grid, axes with arrows, the hyperplane ``ultra thick``, the normal vector w
as a teal ``-latex`` arrow, and the points as + and − marks (``\\pic ... {plus}`` /
``{minus}``, defined inside the picture so no package beyond ``tikz`` and no TikZ library is
needed). Coordinates are the data's own, so a lecturer can edit the .tex by hand; only for data
far from the range TikZ computes well in (about ±16000, and 5 decimals) are they shifted and
scaled by a power of ten, which the axis labels state.

Every segment and polygon comes clipped to the view box (render/geometry.py), so nothing in the
file reaches outside the box and no ``\\clip`` hides mistakes.
"""
from __future__ import annotations

import os
from collections.abc import Callable

from ..core.algorithms import REGISTRY
from ..core.io import atomic_write_text
from ..i18n import _
from ..render.geometry import ViewRange
from ..render.picture import (
    AlphaRings,
    Arrow,
    Curve,
    Labels,
    Markers,
    Picture,
    PictureOptions,
    Polygon,
    Raster,
    Segment,
    Vector,
    describe,
)
from ..render.tex import tex_format
from ..session.frame import Frame, frame_at
from ..session.run_result import RunResult
from ..version import __version__
from .latex import Axis, exponent_for, make_axis, sig, tex_escape
from .tikz_axes import ONE_D_HALF_HEIGHT, TikzPicture, grid_and_axes_1d, grid_and_axes_2d
from .tikz_fit import TikzSize, fit_picture
from .tikz_items import (
    COLOURS,
    COMMENT,
    FILL_STYLE,
    legend_row,
    line_style,
    paint_arrow,
    paint_labels,
    paint_markers,
    paint_raster,
    paint_vector,
)
from .tikz_kernel import kernel_caption, paint_alpha, paint_curve
from .tikz_view import export_rect, view_plane

__all__ = ["frame_to_tikz", "write_tikz", "tex_escape", "tikz_picture", "layout", "begin_picture", "grid_and_axes",
           "paint_items"]

WIDTH_CM = 8.0  # the width of the box on the page
MAX_HEIGHT_CM = 10.0
UNEQUAL_HEIGHT_CM = 6.0
# Within this ratio of y-span to x-span both axes share one unit, so the normal vector looks
# perpendicular to the line; beyond it the picture would be a sliver, and each axis gets its own.
EQUAL_ASPECT_RATIO = 3.0
LEGEND_ROW_CM = 0.45

def tikz_picture(result: RunResult, t: int, *, view: ViewRange | None = None, show_theta_star: bool = False,
                 show_margins: bool = True, show_regions: bool = True, lifted: bool = False,
                 show_previous: bool = True, show_update: bool = False,
                 show_point_margins: bool = False) -> tuple[Picture, Frame]:
    """The :class:`Picture` a TikZ export of ``result`` at visit ``t`` paints, and its frame.

    The points are placed by the same projection as on the canvas (1-D data on the x-axis,
    or at (x, 1) when ``lifted``); the view is ``view`` or the notes' box around the points,
    either grown to take in what the frame must show (render/fit_view.py: the hyperplane with
    its arrow, the update's vectors): a slide cannot be panned.
    """
    frame = frame_at(result, t)
    plane = view_plane(result, lifted)
    proj, P = plane.proj, plane.P
    rect = export_rect(plane, [frame], view, show_previous=show_previous, show_update=show_update)
    if proj.kind == "line":  # lines in 1-D are drawn across a band around the x-axis, in cm
        rect = (rect[0], -ONE_D_HALF_HEIGHT, rect[2], ONE_D_HALF_HEIGHT)
    options = PictureOptions(show_regions=show_regions, show_margins=show_margins, show_theta_star=show_theta_star,
                             show_previous=show_previous, show_update=show_update,
                             show_point_margins=show_point_margins)
    return describe(frame, proj, P, plane.labels, plane.test, rect, options, plane.X), frame


def frame_to_tikz(result: RunResult, t: int, *, view: ViewRange | None = None, show_theta_star: bool = False,
                  show_margins: bool = True, show_regions: bool = True, lifted: bool = False,
                  show_previous: bool = True, show_update: bool = False, show_point_margins: bool = False,
                  standalone: bool = True, title: str | None = None, compact_legend: bool = False,
                  size: TikzSize | None = None) -> str:
    """The state of ``result`` after visit ``t`` as a TikZ picture.

    Parameters
    ----------
    result : RunResult
        A finished run of the session (its training and test points are drawn).
    t : int
        The playhead: the global example step (−1 = before the first visit).
    view : ((xmin, xmax), (ymin, ymax)) or None
        The box to draw, in view-plane coordinates (the canvas's view range); None fits the
        points. For 1-D data (not lifted) only the x range is used.
    show_theta_star, show_margins, show_regions : bool
        The View menu's switches, as on the canvas: θ* (dashed) and its margin band
        −γ <= w*·x + b* <= γ; the dashed lines w·x + b = ±min|w·x + b| through the closest
        points; the two decision regions (or the voted vote) lightly shaded.
    lifted : bool
        For 1-D data: draw each x at (x, 1), so the separator passes through the origin with
        normal (w, b) (the offset trick of notes 003), as the canvas's lifted view does.
    show_previous, show_update, show_point_margins : bool
        The View menu's switches of the update: the hyperplane before the last update (solid,
        the current one then dashed, as notes 003 draw it) with its normal; the last update as
        vectors w_{k−1} + y·x = w_k from the origin; each point's signed margin beside it.
    standalone : bool
        True: a document that compiles with ``pdflatex`` on its own. False: only the
        ``tikzpicture``, for ``\\input`` into a Beamer frame (needs ``\\usepackage{tikz}``).
    title : str or None
        A title above the picture (escaped for LaTeX).
    compact_legend : bool
        The legend in two columns in a smaller font, for a crowded slide.
    size : TikzSize or None
        The room on the page (the picture scaled to fit it, export/tikz_fit.py) and whether the
        legend is drawn.

    Raises
    ------
    DatasetError
        For data with more than two features, or a malformed view.
    """
    pic, frame = tikz_picture(result, t, view=view, show_theta_star=show_theta_star, show_margins=show_margins,
                              show_regions=show_regions, lifted=lifted, show_previous=show_previous,
                              show_update=show_update, show_point_margins=show_point_margins)
    tk, ux, uy, equal, one_d = layout(pic, result, lifted)
    _header(tk, result, frame, standalone, equal, tk.ax, tk.ay)
    begin_picture(tk, ux, uy)
    grid_and_axes(tk, pic, result, lifted, one_d)
    paint_items(tk, pic, frame, ux, uy)
    _caption(tk, result, frame, pic, title, ux * tk.ax.span, compact_legend, size is None or size.legend)
    tk.add("\\end{tikzpicture}")
    body = fit_picture("\n".join(tk.lines) + "\n", size)
    if standalone:
        return ("\\documentclass[tikz,border=4pt]{standalone}\n"
                + "\\begin{document}\n" + body + "\\end{document}\n")
    return body


def layout(pic: Picture, result: RunResult, lifted: bool, width_cm: float = WIDTH_CM,
           max_height_cm: float = MAX_HEIGHT_CM) -> tuple[TikzPicture, float, float, bool, bool]:
    """The line collector with its axes for ``pic``'s box, the x and y units (cm), whether both
    axes share one unit, and whether the points lie on the x-axis (1-D)."""
    x0, y0, x1, y1 = pic.rect
    sx, sy = x1 - x0, y1 - y0
    one_d = any(isinstance(it, Markers) for it in pic) and _kind(result, lifted) == "line"
    ay: Axis | None
    if one_d:
        ax, ay = make_axis(x0, x1, exponent_for(sx)), None
        ux, uy = width_cm / ax.span, 1.0
        equal = False
    elif 1.0 / EQUAL_ASPECT_RATIO <= sy / sx <= EQUAL_ASPECT_RATIO:
        e = exponent_for(max(sx, sy))
        ax, ay = make_axis(x0, x1, e), make_axis(y0, y1, e)
        ux = uy = min(width_cm / ax.span, max_height_cm / ay.span)
        equal = True
    else:
        ax, ay = make_axis(x0, x1, exponent_for(sx)), make_axis(y0, y1, exponent_for(sy))
        ux, uy = width_cm / ax.span, UNEQUAL_HEIGHT_CM * max_height_cm / MAX_HEIGHT_CM / ay.span
        equal = False
    return TikzPicture(ax, ay), ux, uy, equal, one_d


def begin_picture(tk: TikzPicture, ux: float, uy: float) -> None:
    """``\\begin{tikzpicture}`` with the units, the + and − marks and the colours."""
    tk.units = (ux, uy)
    tk.add(f"\\begin{{tikzpicture}}[x={ux:.6g}cm, y={uy:.6g}cm,")
    tk.add("  plus/.pic={\\draw[percpos, line width=1.4pt] (-3.5pt,0) -- (3.5pt,0) (0,-3.5pt) -- (0,3.5pt);},")
    tk.add("  minus/.pic={\\draw[percneg, line width=1.4pt] (-3.5pt,0) -- (3.5pt,0);}]")
    for name, hexa in COLOURS.items():
        tk.add(f"\\definecolor{{{name}}}{{HTML}}{{{hexa.lstrip('#').upper()}}}")


def grid_and_axes(tk: TikzPicture, pic: Picture, result: RunResult, lifted: bool, one_d: bool) -> None:
    x0, y0, x1, y1 = pic.rect
    proj_labels = _axis_names(result, lifted)
    vw = ((x0, x1), (y0, y1))
    if one_d:
        grid_and_axes_1d(tk, vw, proj_labels[0])
    else:
        grid_and_axes_2d(tk, vw, proj_labels)


def paint_items(tk: TikzPicture, pic: Picture, frame: Frame, ux: float, uy: float,
                keep: Callable[[object], bool] = lambda item: True) -> None:
    """Every item of ``pic`` that ``keep`` accepts, back to front."""
    for item in pic:
        if not keep(item):
            continue
        if isinstance(item, Polygon):
            tk.add(f"% {COMMENT[item.role]}")
            tk.add(f"\\fill[{FILL_STYLE[item.role]}] {' -- '.join(tk.xy(*p) for p in item.corners)} -- cycle;")
        elif isinstance(item, Raster):
            paint_raster(tk, item)
        elif isinstance(item, Segment):
            (xa, ya), (xb, yb) = item.ends
            tk.add(f"% {COMMENT[item.role]}")
            tk.add(f"\\draw[{line_style(item)}] {tk.xy(xa, ya)} -- {tk.xy(xb, yb)};")
        elif isinstance(item, Markers):
            paint_markers(tk, item, pic.rect, frame)
        elif isinstance(item, Arrow):
            paint_arrow(tk, item, pic.rect, ux, uy)
        elif isinstance(item, Vector):
            paint_vector(tk, item)
        elif isinstance(item, Labels):
            paint_labels(tk, item, pic.rect)
        elif isinstance(item, Curve):
            paint_curve(tk, item)
        elif isinstance(item, AlphaRings):
            paint_alpha(tk, item, pic.rect)


def write_tikz(path: str | os.PathLike[str], result: RunResult, t: int, **options: object) -> None:
    """Write :func:`frame_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, frame_to_tikz(result, t, **options))  # type: ignore[arg-type]


def _kind(result: RunResult, lifted: bool) -> str:
    d = int(result.train.d)
    return "plane" if d == 2 else ("lifted" if lifted else "line")


def _axis_names(result: RunResult, lifted: bool) -> list[str]:
    names = list(result.train.feature_names) or [f"x{j + 1}" for j in range(int(result.train.d))]
    if int(result.train.d) == 1 and lifted:
        return [names[0], _("constant feature 1 (offset trick)")]
    return names


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


def _caption(tk: TikzPicture, result: RunResult, frame: Frame, pic: Picture, title: str | None,
             box_width_cm: float, compact: bool = False, legend: bool = True) -> None:
    x0, y0, x1, _y1 = pic.rect
    algo = REGISTRY[result.algorithm].title if result.algorithm in REGISTRY else result.algorithm
    n_epochs = result.record.epochs_run
    # TRANSLATORS: part of a figure's caption; {t} is "t = 3".
    where = tex_format(_("before the first visit")) if frame.t < 0 else tex_format(_("after visit {t}"),
                                                                                    t=f"$t = {frame.t}$")
    # TRANSLATORS: a figure's caption; {algo} is the learner's title, {where} "after visit t = 3" (translated
    # apart), {k} "k = 5", {epochs} the range of epochs "0--3".
    text = tex_format(_("{algo} perceptron, {where}: {k} updates, epoch {epoch} of {epochs}"),
                      algo=tex_escape(algo), where=where, k=f"$k = {frame.k}$", epoch=frame.epoch,
                      epochs=f"0--{max(n_epochs - 1, 0)}")
    ktext = kernel_caption(result, frame)
    if ktext is not None:  # a curved kernel boundary: f, not w
        text += ktext
    elif frame.has_hyperplane:
        wtxt = ", ".join(sig(float(v)).strip("$") for v in frame.w)
        text += f"; $w = ({wtxt})$" + (f", $b = {sig(frame.b).strip('$')}$" if frame.offset else "")
    else:
        # TRANSLATORS: part of a figure's caption; {w} is "w = 0".
        text += (tex_format(_("; {w}, so there is no hyperplane yet"), w="$w = 0$")
                 # TRANSLATORS: part of a figure's caption; {b} is "b = 0.5".
                 + (tex_format(_(" (every point gets the sign of {b})"), b=f"$b = {sig(frame.b).strip('$')}$")
                    if frame.b else
                    # TRANSLATORS: part of a figure's caption; {label} is "+1".
                    tex_format(_(" (every point is predicted {label})"), label="$+1$")))
    if frame.has_hyperplane and pic.get("hyperplane") is None:
        text += tex_format(_(" (the hyperplane lies outside this view)"))
    text += "."
    left = tk.xy(x0, y0)
    if title:
        # Centred on the box, above everything drawn so far (the y-axis label included).
        xc = tk.ax.fmt(tk.ax.pic((x0 + x1) / 2))
        tk.add("% title")
        tk.add("\\path (current bounding box.north) ++(0,0.2cm) coordinate (title base);")
        tk.add(f"\\node[above, font=\\bfseries, inner sep=0pt] at ({xc},0 |- title base) {{{tex_escape(title)}}};")
    tk.add("% caption and legend")
    tk.add(f"\\node[below right, align=flush left, font=\\small, text width={box_width_cm:.3g}cm, yshift=-0.55cm, "
           f"inner sep=0pt] (caption) at {left} {{{text}}};")
    # The legend hangs below the caption: one row per entry of the picture's legend, exactly
    # what is drawn. ([shift]node) places relative to the caption; a node's anchor ignores a
    # path's shift.
    # Compact: two columns (filled row by row) in \\scriptsize, half the rows.
    columns, row_cm = (2, 0.8 * LEGEND_ROW_CM) if compact else (1, LEGEND_ROW_CM)
    for i, entry in enumerate(pic.legend if legend else ()):
        row, col = divmod(i, columns)
        column_cm = col * box_width_cm / columns
        at = (f"([xshift={column_cm:.3g}cm+{{dx}}cm, yshift=-{row_cm * (row + 0.8):.3g}cm]caption.south west)"
              if col else f"([xshift={{dx}}cm, yshift=-{row_cm * (row + 0.8):.3g}cm]caption.south west)")
        for cmd in legend_row(entry.role, entry.tex, at):
            tk.add(cmd.replace("font=\\footnotesize", "font=\\scriptsize") if compact else cmd)
