"""A run as Beamer slides: one frame that steps through the run with overlays (no Qt).

The document is one ``\\documentclass{beamer}`` file with a single frame. Its picture is drawn
by the TikZ figure export's own painters (:mod:`.tikz`): the grid, the axes and the points
(+ and −) once, outside any overlay; then one ``\\only<k>{…}`` per shown step, holding only what
changes: the hyperplane, the normal vector, the ring around the visited example and a line of
text "k = …, epoch …, example …" (the example is the data row, counted from 1 as in the
window's table). ``pdflatex`` makes one page per overlay: the start and then one per update
(``frames="update"``), per example visit (``"visit"``) or per epoch's end (``"epoch"``).

With ``animate=True`` the frame holds instead one ``animateinline`` of the ``animate`` package:
a single page that plays the steps in PDF viewers that run its JavaScript (Adobe Reader, Okular,
PDF-XChange; most browsers' and macOS Preview show only the first step). The static part is
then a macro, written once and drawn under every step.
"""
from __future__ import annotations

import os

import numpy as np

from ..core.algorithms import REGISTRY
from ..core.io import atomic_write_text
from ..i18n import _
from ..render.geometry import ViewRange, range_of_rect
from ..render.picture import LegendEntry, Markers, Picture
from ..render.tex import tex_format
from ..session.frame import Frame, frame_at
from ..session.run_result import RunResult
from ..version import __version__
from .latex import tex_escape
from .source import ExportError
from .steps import BEAMER_FRAMES, epoch_steps, frame_steps
from .tikz import LEGEND_ROW_CM, begin_picture, grid_and_axes, layout, paint_items, tikz_picture
from .tikz_axes import TikzPicture
from .tikz_fit import TikzSize, fit_picture
from .tikz_items import legend_row
from .tikz_view import export_rect, view_plane

__all__ = ["BEAMER_FRAMES", "MAX_OVERLAYS", "beamer_steps", "run_to_beamer", "step_text", "write_beamer"]

# pdflatex keeps every overlay's page; beyond a few hundred the PDF is slow to make and no
# lecture steps through it. The sentence below says how to stay under it.
MAX_OVERLAYS = 500
# A Beamer slide is 12.8 cm × 9.6 cm: the picture leaves room for the title, the text line
# below and the legend on the right.
SLIDE_WIDTH_CM, SLIDE_HEIGHT_CM = 6.5, 5.6
FPS = 2  # steps per second of the animate variant
DOCUMENT_CLASS = "\\documentclass[aspectratio=169]{beamer}"  # a 16:9 frame, as lecture-room projectors are
SLIDE_ROOM = TikzSize("\\linewidth", "0.85\\textheight")  # below the frame's title


def beamer_steps(result: RunResult, frames: str = "update", k_from: int = 0, k_to: int | None = None) -> np.ndarray:
    """The playhead positions t the overlays show, first the start of update ``k_from``.

    Raises
    ------
    ExportError
        For an unknown ``frames``, a range outside the run, or more than MAX_OVERLAYS steps.
    """
    run = result.record
    if frames == "epoch":
        steps = epoch_steps(run, k_from, k_to)
    elif frames in BEAMER_FRAMES:
        steps = frame_steps(run, frames, k_from, k_to, max_frames=MAX_OVERLAYS + 1)
    else:
        # TRANSLATORS: {units} is "update, per visit, per epoch" (the names are typed: keep them), joined by ", per ".
        raise ExportError(_("Beamer overlays are made per {units}, not per '{frames}'.").format(
            units=_(", per ").join(BEAMER_FRAMES), frames=frames))
    if steps.size > MAX_OVERLAYS:
        raise ExportError(_("These slides would have more than {most} overlays; choose a shorter range of updates "
                            "(--from, --to) or one overlay per epoch (--frames epoch).").format(most=MAX_OVERLAYS))
    return steps


def run_to_beamer(result: RunResult, frames: str = "update", k_from: int = 0, k_to: int | None = None, *,
                  animate: bool = False, lifted: bool = False, show_update: bool = False,
                  show_point_margins: bool = False) -> str:
    """The Beamer document of ``result``'s run (see the module's docstring).

    Parameters
    ----------
    result : RunResult
        A finished run with 1-D or 2-D data.
    frames : 'update', 'visit' or 'epoch'
        What one overlay is.
    k_from, k_to : int
        The range of updates shown (k_to None: the last).
    animate : bool
        One ``animateinline`` page instead of one page per overlay.
    lifted : bool
        For 1-D data: each x drawn at (x, 1), as the canvas's lifted view.
    show_update, show_point_margins : bool
        In each overlay, as the notes' figure of an update (render/update_picture.py): the
        hyperplane before the update (solid, the new one dashed) and the update as vectors
        w_{k−1} + y·x = w_k; each point's signed margin beside it.

    Raises
    ------
    ExportError, DatasetError
        For a bad range, too many overlays, or data with more than two features.
    """
    steps = beamer_steps(result, frames, k_from, k_to)
    options = dict(show_regions=False, show_margins=False, show_previous=show_update, show_update=show_update,
                   show_point_margins=show_point_margins, lifted=lifted)
    # One view for every step, so the static part drawn once fits them all: the notes' box around
    # the points and everything any overlay must show (each hyperplane of the range, not a stub
    # in a corner; the update's vectors).
    view = _view(result, steps, options)
    drawn = [tikz_picture(result, int(t), view=view, **options) for t in steps]
    pic0, frame0 = drawn[0]
    static, ux, uy, _equal, one_d = layout(pic0, result, lifted, SLIDE_WIDTH_CM, SLIDE_HEIGHT_CM)
    begin_picture(static, ux, uy)
    begin = static.lines[:]
    static.lines.clear()
    grid_and_axes(static, pic0, result, lifted, one_d)
    paint_items(static, pic0, frame0, ux, uy, keep=_is_points)
    _legend(static, [pic for pic, _frame in drawn])
    # Every overlay gets the same box (the static part's, with a strip below for the text line),
    # so the picture does not move between pages.
    static.add("\\useasboundingbox ([shift={(-0.3cm,-0.9cm)}]current bounding box.south west) "
               "rectangle ([shift={(0.3cm,0.2cm)}]current bounding box.north east);")
    text_at = f"({static.ax.fmt(static.ax.plo)},0 |- current bounding box.south)"

    overlays: list[list[str]] = []
    for pic, frame in drawn:
        tk = TikzPicture(static.ax, static.ay, static.obstacles.fork(), static.units)
        paint_items(tk, pic, frame, ux, uy, keep=lambda item: not _is_points(item))
        tk.add(f"\\node[anchor=south west, font=\\small, inner sep=2pt] at {text_at} {{{step_text(result, frame)}}};")
        overlays.append(tk.lines)

    algo = tex_escape(REGISTRY[result.algorithm].title if result.algorithm in REGISTRY else result.algorithm)
    out = [f"% A run as Beamer slides, exported by perceptron-gui {__version__}: {algo} perceptron, "
           f"{len(steps)} overlays ({BEAMER_FRAMES[frames]}, updates {k_from} to "
           f"{result.record.num_updates if k_to is None else k_to}).",
           "% Compile with pdflatex. The grid, the axes and the points are drawn once; each \\only<k>{...}"
           " holds what changes at step k.",
           "% 'example' is the data row of the visited example, counted from 1."]
    if animate:
        out += ["% animate variant: ONE page that plays the steps in PDF viewers running the animate package's",
                "% JavaScript (Adobe Reader, Okular, PDF-XChange); other viewers show the first step only.",
                DOCUMENT_CLASS, "\\usepackage{tikz}", "\\usepackage{animate}",
                "\\newcommand{\\percstatic}{%", *static.lines, "}",
                "\\begin{document}", f"\\begin{{frame}}{{{_frame_title(algo)}}}", "\\centering",
                f"\\begin{{animateinline}}[controls, loop]{{{FPS}}}"]
        for i, lines in enumerate(overlays):
            if i:
                out.append("\\newframe")
            # Each page scaled to the frame's room as the overlays are (the same box, the same scale).
            page = "\n".join([*begin, "\\percstatic", *lines, "\\end{tikzpicture}"])
            out += fit_picture(page, SLIDE_ROOM).split("\n")
        out += ["\\end{animateinline}", "\\end{frame}", "\\end{document}"]
    else:
        picture = [*begin, *static.lines]
        for i, lines in enumerate(overlays, start=1):
            picture += [f"\\only<{i}>{{%", *lines, "}"]
        picture.append("\\end{tikzpicture}")
        # The legend grows with what the overlays draw (the update, the margins): the picture is
        # scaled to the frame's room below its title, never past its edge. Every overlay has the
        # same bounding box, so one scale serves all pages.
        out += [DOCUMENT_CLASS, "\\usepackage{tikz}", "\\begin{document}",
                f"\\begin{{frame}}{{{_frame_title(algo)}}}", "\\centering",
                fit_picture("\n".join(picture), SLIDE_ROOM), "\\end{frame}", "\\end{document}"]
    return "\n".join(out) + "\n"


def _view(result: RunResult, steps: np.ndarray, options: dict[str, bool]) -> ViewRange:
    rect = export_rect(view_plane(result, options["lifted"]), [frame_at(result, int(t)) for t in steps], None,
                       show_previous=options["show_previous"], show_update=options["show_update"])
    return range_of_rect(rect)


def _frame_title(algo: str) -> str:
    """The slides' frame title; ``algo`` is the learner's title, escaped already."""
    # TRANSLATORS: a Beamer frame's title; {algo} is the learner's title, "Pocket".
    return tex_format(_("{algo} perceptron, step by step"), algo=algo)


def step_text(result: RunResult, frame: Frame) -> str:
    """The overlay's line: "k = …, epoch …, example …" (and whether the visit updated)."""
    k = f"$k = {frame.k}$"
    if frame.t < 0:
        # TRANSLATORS: the line under a Beamer overlay; {k} is "k = 0".
        return tex_format(_("{k}, before the first visit (epoch 0)"), k=k)
    row = int(frame.visit_index) + 1 if frame.visit_index is not None else 0
    if frame.visit_updated:
        # TRANSLATORS: the line under a Beamer overlay; {k} is "k = 3", {row} the data row of the visited example.
        return tex_format(_("{k}, epoch {epoch}, example {row} (update)"), k=k, epoch=frame.epoch, row=row)
    # TRANSLATORS: the line under a Beamer overlay; {k} is "k = 3", {row} the data row of the visited example.
    return tex_format(_("{k}, epoch {epoch}, example {row} (no update)"), k=k, epoch=frame.epoch, row=row)


def write_beamer(path: str | os.PathLike[str], result: RunResult, frames: str = "update", k_from: int = 0,
                 k_to: int | None = None, *, animate: bool = False, lifted: bool = False, show_update: bool = False,
                 show_point_margins: bool = False) -> None:
    """Write :func:`run_to_beamer` to ``path`` atomically."""
    atomic_write_text(path, run_to_beamer(result, frames, k_from, k_to, animate=animate, lifted=lifted,
                                          show_update=show_update, show_point_margins=show_point_margins))


def _legend(tk: TikzPicture, pictures: list[Picture]) -> None:
    """One legend right of the box, drawn once: every entry any overlay draws, in the order
    they first appear (so it names only what the slides show, and never moves)."""
    entries: dict[str, LegendEntry] = {}
    for pic in pictures:
        for entry in pic.legend:
            entries.setdefault(entry.role, entry)
    x1, y1 = tk.ax.fmt(tk.ax.phi), tk.ay.fmt(tk.ay.phi) if tk.ay is not None else "0.8"
    tk.add("% legend: what the overlays draw (each entry drawn on at least one of them)")
    tk.add(f"\\coordinate (legend) at ([xshift=0.9cm]{x1},{y1});")
    for i, entry in enumerate(entries.values()):
        at = f"([xshift={{dx}}cm, yshift=-{LEGEND_ROW_CM * (i + 0.5):.3g}cm]legend)"
        for cmd in legend_row(entry.role, entry.tex, at):
            tk.add(cmd)


def _is_points(item: object) -> bool:
    return isinstance(item, Markers) and item.role == "points"

