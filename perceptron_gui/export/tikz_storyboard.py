"""A storyboard as one TikZ picture (no Qt): a run's updates as small multiples.

What is shown is :func:`perceptron_gui.render.storyboard.storyboard`'s: the steps, the grid, the
one view every panel shares, the titles and the legend. Each panel is painted by the TikZ
figure's own pieces (:mod:`.tikz`: ``layout``, ``begin_picture``, ``grid_and_axes``,
``paint_items``) inside a ``scope`` shifted to its cell, so every panel has the same box and the
same units and the axes line up; the legend of everything any panel draws comes once, below.
One ``tikzpicture``, needing only ``\\usepackage{tikz}``: the standalone file compiles with
pdflatex, and the Beamer handout (:mod:`.beamer_handout`) puts a few panels on each frame.
"""
from __future__ import annotations

import os
from collections.abc import Sequence

from ..core.io import atomic_write_text
from ..render.picture import PictureOptions
from ..render.storyboard import PLAIN, Storyboard, storyboard
from ..session.run_result import RunResult
from ..session.viewed import ViewedSession
from ..version import __version__
from .latex import tex_escape
from .tikz import begin_picture, grid_and_axes, layout, paint_items
from .tikz_axes import ONE_D_HALF_HEIGHT, TikzPicture
from .tikz_fit import TikzSize, fit_picture
from .tikz_items import legend_row

__all__ = ["PANEL_CM", "storyboard_picture", "storyboard_to_tikz", "write_tikz_storyboard"]

PANEL_CM = 4.6  # a panel's box at most this wide and high
GAP_X_CM, GAP_Y_CM = 1.5, 1.6  # between boxes: the y-tick labels and the x-axis name; the title and x ticks
LEGEND_COLUMN_CM = 6.6
LEGEND_ROW_CM = 0.45


def storyboard_picture(sb: Storyboard, result: RunResult, lifted: bool, panel_cm: float = PANEL_CM,
                       heading: bool = True, legend: bool = True, columns: int | None = None) -> str:
    """The ``tikzpicture`` of ``sb``'s panels in their grid (with the heading above and the
    legend below when asked); ``columns`` keeps room for that many (the last page of a handout,
    with fewer panels, is then drawn at the others' scale)."""
    pic0 = sb.panels[0].picture
    first, ux, uy, _equal, one_d = layout(pic0, result, lifted, panel_cm, panel_cm)
    begin_picture(first, ux, uy)
    out = list(first.lines)
    ax, ay = first.ax, first.ay
    box_w = ux * ax.span
    box_h = uy * (ay.span if ay is not None else 2 * ONE_D_HALF_HEIGHT)
    pitch_x, pitch_y = box_w + GAP_X_CM, box_h + GAP_Y_CM
    for i, panel in enumerate(sb.panels):
        row, col = divmod(i, sb.columns)
        tk = TikzPicture(ax, ay, None, (ux, uy))
        tk.add(f"% panel {i + 1}: update k = {panel.k} (visit t = {panel.t}, data row {panel.row})")
        tk.add(f"\\begin{{scope}}[shift={{({col * pitch_x:.4g}cm,{-row * pitch_y:.4g}cm)}}]")
        grid_and_axes(tk, panel.picture, result, lifted, one_d)
        paint_items(tk, panel.picture, panel.frame, ux, uy)
        x0, y0, x1, y1 = panel.picture.rect
        top = tk.xy((x0 + x1) / 2.0, y1)
        tk.add(f"\\node[above, yshift=0.62cm, font=\\bfseries\\small, inner sep=0pt] at {top} "
               f"{{{panel.title_tex}}};")
        tk.add("\\end{scope}")
        out += tk.lines
    # The first box's corners in cm (a box starts where its axis does, not at 0).
    lo_x = ux * ax.plo
    lo_y, hi_y = (uy * ay.plo, uy * ay.phi) if ay is not None else (-ONE_D_HALF_HEIGHT, ONE_D_HALF_HEIGHT)
    width = (max(sb.columns, columns or 0) - 1) * pitch_x + box_w
    out.append(f"\\path ({lo_x:.4g}cm,{hi_y:.4g}cm) -- ({lo_x + width:.4g}cm,{hi_y:.4g}cm);  % the grid's width")
    if heading:
        out.append(f"\\node[above, font=\\bfseries, inner sep=0pt] at ({lo_x + width / 2:.4g}cm,{hi_y + 1.25:.4g}cm) "
                   f"{{{tex_escape(sb.heading_tex)}}};")
    if legend and sb.legend:
        columns = max(1, min(len(sb.legend), int((width + GAP_X_CM) // LEGEND_COLUMN_CM)))
        out.append("% legend: what the panels draw (each entry drawn on at least one of them)")
        out.append(f"\\coordinate (legend) at ({lo_x:.4g}cm,{lo_y - (sb.rows - 1) * pitch_y - 0.75:.4g}cm);")
        for i, entry in enumerate(sb.legend):
            r, c = divmod(i, columns)
            at = (f"([xshift={c * LEGEND_COLUMN_CM:.3g}cm+{{dx}}cm, "
                  f"yshift=-{LEGEND_ROW_CM * (r + 0.5):.3g}cm]legend)")
            out += legend_row(entry.role, entry.tex, at)
    out.append("\\end{tikzpicture}")
    return "\n".join(out) + "\n"


def storyboard_to_tikz(source: ViewedSession, steps: Sequence[int], *, options: PictureOptions = PLAIN,
                       lifted: bool = False, aspect: float = 16 / 9, columns: int | None = None,
                       standalone: bool = True, size: TikzSize | None = None) -> str:
    """The storyboard of ``source``'s run at the updates ``steps`` as TikZ: a standalone
    document (pdflatex), or with ``standalone=False`` the ``tikzpicture`` alone for ``\\input``.
    ``size`` scales it to a room (export/tikz_fit.py) and may leave the legend out.

    Raises StoryboardError (a UserError) for a step the run does not have, or data with more
    than two features."""
    sb = storyboard(source, steps, options=options, lifted=lifted, aspect=aspect, columns=columns,
                    line_band=ONE_D_HALF_HEIGHT)
    result = source.result
    assert result is not None  # storyboard() refuses a session without a run
    head = [f"% A storyboard exported by perceptron-gui {__version__}: {sb.heading_tex}, "
            f"{sb.rows} x {sb.columns} panels in one view.",
            "% Each panel: the hyperplane before the update solid, the one after it dashed, the visited "
            "example ringed.",
            "% Needs \\usepackage{tikz} only (no TikZ libraries)."]
    body = fit_picture(storyboard_picture(sb, result, lifted, legend=size is None or size.legend), size)
    if not standalone:
        return "\n".join(head) + "\n" + body
    return ("\n".join(head) + "\n\\documentclass[border=4pt]{standalone}\n\\usepackage{tikz}\n"
            "\\begin{document}\n" + body + "\\end{document}\n")


def write_tikz_storyboard(path: str | os.PathLike[str], source: ViewedSession, steps: Sequence[int],
                          **options: object) -> None:
    """Write :func:`storyboard_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, storyboard_to_tikz(source, steps, **options))  # type: ignore[arg-type]
