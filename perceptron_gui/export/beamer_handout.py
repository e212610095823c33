"""A run as a Beamer handout (no Qt): the slides' steps to print, with no overlays.

The overlay slides (:mod:`.beamer`) step through a run on one frame, one page per update; printed,
that is a stack of near-identical pages. The handout is what a lecturer hands out instead:
frames of :data:`PER_FRAME` consecutive updates each, drawn as a storyboard
(:mod:`.tikz_storyboard`: each panel the hyperplane before the update solid, the new one dashed,
the visited example ringed), in reading order on one page. Three to a frame is what a 16:9 frame
holds in one row at a readable size; every frame shares one view, so a line can be compared from
page to page; and there is no ``\\only`` (nor ``\\pause``), so every viewer, printer and Beamer's
own ``handout`` mode shows each page whole. It compiles with pdflatex and needs only ``tikz``.
"""
from __future__ import annotations

import os

from ..core.algorithms import REGISTRY
from ..core.io import atomic_write_text
from ..i18n import _, ngettext
from ..render.picture import PictureOptions
from ..render.storyboard import shared_view, steps_text, storyboard
from ..render.tex import tex_format
from ..session.points import PointSet
from ..session.run_result import RunResult
from ..version import __version__
from .beamer import DOCUMENT_CLASS, SLIDE_ROOM
from .latex import tex_escape
from .source import ExportError, ExportSession
from .tikz_axes import ONE_D_HALF_HEIGHT
from .tikz_fit import fit_picture
from .tikz_storyboard import storyboard_picture
from .tikz_view import view_plane

__all__ = ["PER_FRAME", "MAX_HANDOUT_UPDATES", "handout_pages", "run_to_handout", "write_handout"]

PER_FRAME = 3  # three panels fill a 16:9 frame's width at a readable size (four made them 2.7 cm)
MAX_HANDOUT_UPDATES = 200  # 50 pages: beyond that no one prints it; the sentence says how to choose
PANEL_CM = 3.6  # smaller boxes than the standalone storyboard's: the frame's text keeps its size


def handout_pages(result: RunResult, k_from: int = 0, k_to: int | None = None,
                  per_frame: int = PER_FRAME) -> list[list[int]]:
    """The updates of each frame: k_from..k_to (update 0 is the start, not an update), in
    groups of ``per_frame``."""
    K = int(result.record.num_updates)
    last = K if k_to is None else int(k_to)
    if not 0 <= int(k_from) <= last <= K:
        raise ExportError(_("The range of updates must lie within 0 to {K} with the first at most the last, not "
                            "{first} to {last}.").format(K=K, first=k_from, last=last))
    ks = list(range(max(1, int(k_from)), last + 1))
    if not ks:
        raise ExportError(_("This range holds no update, so the handout would be empty; choose a range that "
                            "ends after update 0.") if K else
                          _("This run made no update, so there is no step to hand out."))
    if len(ks) > MAX_HANDOUT_UPDATES:
        raise ExportError(_("A handout of {n} updates would be {pages} pages; choose at most {most} updates "
                            "(--from, --to).").format(n=len(ks), pages=-(-len(ks) // per_frame),
                                                       most=MAX_HANDOUT_UPDATES))
    return [ks[i:i + per_frame] for i in range(0, len(ks), per_frame)]


def run_to_handout(result: RunResult, k_from: int = 0, k_to: int | None = None, *, lifted: bool = False,
                   show_update: bool = False, per_frame: int = PER_FRAME) -> str:
    """The Beamer handout of ``result``'s updates k_from..k_to (see the module's docstring).

    ``show_update`` adds the update's vectors w_{k−1} + y·x = w_k to each panel. Raises
    ExportError (or a StoryboardError, DatasetError) with one sentence."""
    pages = handout_pages(result, k_from, k_to, per_frame)
    plane = view_plane(result, lifted)
    names = tuple(result.train.feature_names) or tuple(f"x{j + 1}" for j in range(int(result.train.d)))
    source = ExportSession(PointSet(plane.X, plane.labels, plane.test, names), result, result.algorithm)
    options = PictureOptions(show_regions=True, show_update=show_update)
    every = [k for page in pages for k in page]
    view = shared_view(source, every, lifted=lifted, line_band=ONE_D_HALF_HEIGHT)
    algo = tex_escape(REGISTRY[result.algorithm].title if result.algorithm in REGISTRY else result.algorithm)
    K = result.record.num_updates
    out = [f"% A run as a Beamer handout, exported by perceptron-gui {__version__}: {algo} perceptron, "
           f"updates {every[0]} to {every[-1]} of {K}, {per_frame} to a frame, {len(pages)} frames.",
           "% Compile with pdflatex. No overlays: each frame is one page, a storyboard of its updates;",
           "% each panel: the hyperplane before the update solid, the one after it dashed, the visited example ringed.",
           DOCUMENT_CLASS, "\\usepackage{tikz}", "\\begin{document}"]
    for page in pages:
        sb = storyboard(source, page, options=options, lifted=lifted, aspect=2.2, columns=per_frame,
                        line_band=ONE_D_HALF_HEIGHT, view=view)
        # TRANSLATORS: a Beamer frame's title; {algo} is the learner's title, {which} the updates shown ("1--4").
        title = tex_format(ngettext("{algo} perceptron: update {which} of {K}", "{algo} perceptron: updates {which} of {K}",
                                    len(page)), algo=algo, which=steps_text(page).replace("–", "--"), K=K)
        body = storyboard_picture(sb, result, lifted, PANEL_CM, heading=False, columns=per_frame)
        out += [f"\\begin{{frame}}{{{title}}}", "\\centering", fit_picture(body, SLIDE_ROOM).rstrip("\n"),
                "\\end{frame}"]
    out.append("\\end{document}")
    return "\n".join(out) + "\n"


def write_handout(path: str | os.PathLike[str], result: RunResult, k_from: int = 0, k_to: int | None = None, *,
                  lifted: bool = False, show_update: bool = False) -> None:
    """Write :func:`run_to_handout` to ``path`` atomically."""
    atomic_write_text(path, run_to_handout(result, k_from, k_to, lifted=lifted, show_update=show_update))
