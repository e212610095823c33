"""The race as one TikZ picture (no Qt): the runs' canvases side by side (four
as 2 × 2, as in the PNG).

Each panel is exactly :func:`~perceptron_gui.export.tikz.frame_to_tikz`'s picture of its run at
the shared playhead (the same view for all: the points' own, or the session's view range), put
in its own ``scope`` instead of a ``tikzpicture`` so that one picture holds them all; above each
a title (the algorithm and the order), under each the race table's two lines of key numbers
(:func:`~perceptron_gui.render.compare_text.panel_lines`, as under the PNG's panels). Panels are
placed by their ``local bounding box``, so a wide legend never runs into the next panel and a
second row starts below the first row's numbers.
"""
from __future__ import annotations

import os
from typing import Any

from ..core.algorithms import REGISTRY
from ..core.io import atomic_write_text
from ..i18n import _
from ..render.compare_text import panel_lines
from ..render.geometry import ViewRange
from ..version import __version__
from .latex import tex_escape
from .tikz import frame_to_tikz, layout, tikz_picture
from .tikz_axes import ONE_D_HALF_HEIGHT
from .tikz_fit import TikzSize, fit_picture

__all__ = ["compare_to_tikz", "write_compare_tikz"]

GAP_CM = 1.2  # between one panel's box (with its legend) and the next panel's tick labels
TICK_ROOM_CM = 1.0  # the y tick labels left of a panel's box
TITLE_ROOM_CM = 1.6  # above a panel's box: its axis label and its title


def _as_scope(body: str) -> str:
    """A bare picture of :func:`frame_to_tikz` as a ``scope`` (its units, marks and colours
    kept: a scope takes the same options as a tikzpicture)."""
    head, sep, rest = body.partition("\\begin{tikzpicture}[")
    rest = rest.rstrip()
    if not sep or not rest.endswith("\\end{tikzpicture}"):
        raise AssertionError("frame_to_tikz's picture changed shape")
    return head + "\\begin{scope}[" + rest[:-len("\\end{tikzpicture}")] + "\\end{scope}"


def _text(s: str) -> str:
    return tex_escape(s.replace("\u202f", " ").replace("∠θ*", _("angle to θ*")))  # fonts lack the thin space and ∠


def _panel(lines: list[str], run: Any, t: int, i: int, first: bool, view: ViewRange | None,
           show_theta_star: bool, legend: bool = True) -> float:
    """Panel ``i`` (from 0): frame_to_tikz's picture of ``run`` at ``t`` in a scope named
    panel{i+1}, with the coordinate top{i+1} above its box's middle; returns the box's top (cm
    above the panel's origin)."""
    pic, _frame = tikz_picture(run.result, t, view=view, show_theta_star=show_theta_star)
    tk, ux, uy, _equal, _one_d = layout(pic, run.result, False)
    left, right = tk.ax.plo * ux, tk.ax.phi * ux
    top = tk.ay.phi * uy if tk.ay is not None else ONE_D_HALF_HEIGHT
    # The box starts GAP + TICK_ROOM right of everything the panel before it drew.
    place = "" if first else f"shift={{(panel{i}.east |- 0,0)}}, xshift={GAP_CM + TICK_ROOM_CM - left:.4g}cm, "
    lines.append(f"% ---- panel {i + 1}: {run.entry.label}")
    lines.append(f"\\begin{{scope}}[{place}local bounding box=panel{i + 1}]")
    body = frame_to_tikz(run.result, t, view=view, show_theta_star=show_theta_star, standalone=False,
                         size=None if legend else TikzSize(legend=False))
    lines.append(_as_scope(body))
    lines.append(f"\\coordinate (top{i + 1}) at ({(left + right) / 2:.4g}cm,{top:.4g}cm);")
    lines.append("\\end{scope}")
    return top


def compare_to_tikz(comparison: Any, epoch: int | None = None, *, view: ViewRange | None = None,
                    show_theta_star: bool = False, standalone: bool = True, size: TikzSize | None = None) -> str:
    """``comparison`` (a session.compare.Comparison) at the shared ``epoch`` (default its last)
    as one TikZ picture; ``view`` the box every panel shows (None: the points' own); ``size``
    the room it is scaled to fit, and whether the panels draw their legends."""
    epoch = comparison.last_epoch if epoch is None else int(epoch)
    runs = comparison.runs
    lines = [f"% {len(runs)} runs compared, exported by perceptron-gui {__version__}, at epoch {epoch} "
             "(each run at the last visit of that epoch, or at its end)."]
    if not standalone:
        lines.append("% Needs \\usepackage{tikz} in the preamble (no TikZ libraries, no other packages).")
    lines.append("\\begin{tikzpicture}")
    cols = 2 if len(runs) == 4 else len(runs)  # four as 2 × 2, as the PNG has them
    steps = comparison.steps_at(epoch)
    for r in range(-(-len(runs) // cols)):
        # A row hangs TITLE_ROOM below everything the row above drew (its numbers included).
        below = "" if r == 0 else f"shift={{(0,0 |- row{r}.south)}}, yshift=-{{top}}cm, "
        lines.append(f"\\begin{{scope}}[{below}local bounding box=row{r + 1}]")
        lines.append(f"\\begin{{scope}}[local bounding box=panels{r + 1}]")
        first_line = len(lines) - 2
        members = range(r * cols, min(len(runs), (r + 1) * cols))
        for i in members:
            top = _panel(lines, runs[i], steps[i], i, i == r * cols, view, show_theta_star,
                         size is None or size.legend)
        lines[first_line] = lines[first_line].replace("{top}", f"{top + TITLE_ROOM_CM:.4g}")
        lines.append("\\end{scope}")
        lines.append("% titles above and the race table's numbers under each panel")
        for i in members:
            run = runs[i]
            name = run.entry.algorithm
            title = REGISTRY[name].heading() if name in REGISTRY else name
            lines.append(f"\\node[above, font=\\bfseries, yshift=0.7cm] at (top{i + 1}) "
                         f"{{{_text(f'{title} · {run.entry.order_text}')}}};")
            one, two = panel_lines(run.row)
            lines.append(f"\\node[below, align=center, font=\\small, yshift=-0.3cm] at (top{i + 1} |- panels{r + 1}.south) "
                         f"{{{_text(one)}\\\\{_text(two)}}};")
        lines.append("\\end{scope}")
    lines.append("\\end{tikzpicture}")
    body = fit_picture("\n".join(lines) + "\n", size)
    if standalone:
        return "\\documentclass[tikz,border=4pt]{standalone}\n\\begin{document}\n" + body + "\\end{document}\n"
    return body


def write_compare_tikz(path: str | os.PathLike[str], comparison: Any, **options: Any) -> None:
    """Write :func:`compare_to_tikz` to ``path`` atomically."""
    atomic_write_text(path, compare_to_tikz(comparison, **options))
