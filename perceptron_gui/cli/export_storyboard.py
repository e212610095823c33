"""``perceptron-gui export DATA.csv --figure storyboard --steps 1,2,3,4 --png OUT.png`` (and
``--svg``, ``--pdf``, ``--tikz``; ``--steps 3-8``; ``--columns N``), and ``--beamer SLIDES.tex
--beamer-handout``: the run as small multiples, in a file or as a handout to print.

``cli/export.py`` loads and trains as for every figure and asks here for the options' checks
(before anything is read), the steps (once the run is known, before anything is written) and the
writers: :mod:`perceptron_gui.gui.figures.storyboard_figure` (Qt is started by the export before
a writer is made) and :mod:`perceptron_gui.export.beamer_handout`. Imports no Qt at load time.
"""
from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..i18n import _
from .common import UsageError

__all__ = ["check_storyboard_options", "choose_steps", "storyboard_writer", "beamer_writer"]

STILL_OUTPUTS = ("png", "svg", "pdf", "tikz", "json", "csv", "beamer")


def check_storyboard_options(ns: argparse.Namespace, outputs: dict[str, str]) -> None:
    """The sentence (a UsageError) for --steps, --columns or --beamer-handout where they do not belong."""
    if ns.figure != "storyboard":
        for flag, given in (("--steps", ns.steps is not None), ("--columns", ns.columns is not None)):
            if given:
                raise UsageError(_("{option} goes with --figure storyboard; add --figure storyboard or drop "
                                   "{option}.").format(option=flag))
    else:
        from ..render.storyboard import MAX_PANELS, parse_steps

        moving = sorted(set(outputs) - set(STILL_OUTPUTS))
        if moving:
            raise UsageError(_("--figure storyboard is a still figure of several updates, drawn as --png, --svg, "
                               "--pdf or --tikz, not {options}; animate --figure canvas instead.").format(
                options=", ".join("--" + m for m in moving)))
        if ns.steps is not None:
            parse_steps(ns.steps)  # a StoryboardError (a sentence) for a malformed list, before anything is read
        if ns.columns is not None and not 1 <= ns.columns <= MAX_PANELS:
            raise UsageError(_("--columns must be between 1 and {most}, not {n}.").format(most=MAX_PANELS, n=ns.columns))
    if ns.beamer_handout:
        if "beamer" not in outputs:
            raise UsageError(_("--beamer-handout goes with --beamer; add --beamer HANDOUT.tex or drop --beamer-handout."))
        for flag, given in (("--animate", ns.animate), ("--beamer-margins", ns.beamer_margins),
                            (f"--frames {ns.frames}", ns.frames != "update")):
            if given:
                raise UsageError(_("--beamer-handout draws each update as a storyboard, three to a page, with no "
                                   "overlays; drop {option}.").format(option=flag))


def choose_steps(ns: argparse.Namespace, session: Any) -> None:
    """``ns.storyboard_steps``: the updates --steps names (default: the first six), checked against
    the run, so a step it does not have is one sentence before any file is written."""
    if ns.figure != "storyboard":
        return
    from ..render.storyboard import check_steps, default_steps, parse_steps

    m = session.result.record.num_updates
    steps = parse_steps(ns.steps) if ns.steps is not None else default_steps(m)
    ns.storyboard_steps = check_steps(steps, m)


def storyboard_writer(ns: argparse.Namespace, session: Any, options: Any, fmt: str) -> Callable[[str], Any]:
    """The writer of the storyboard in ``fmt`` (png, svg, pdf, tikz); Qt is already started."""
    from ..export.source import ExportSession
    from ..gui.figures.storyboard_figure import write_storyboard

    return lambda p: write_storyboard(ExportSession.from_session(session), p, ns.storyboard_steps, fmt,
                                      width=ns.width, options=options, columns=ns.columns,
                                      transparent=ns.transparent)


def beamer_writer(ns: argparse.Namespace, result: Any) -> Callable[[str], Any]:
    """The writer of --beamer: the overlay slides, or with --beamer-handout the handout."""
    if ns.beamer_handout:
        from ..export.beamer_handout import write_handout

        return lambda p: write_handout(p, result, ns.k_from, ns.k_to, show_update=ns.beamer_update)
    from ..export.beamer import write_beamer

    return lambda p: write_beamer(p, result, ns.frames, ns.k_from, ns.k_to, animate=ns.animate,
                                  show_update=ns.beamer_update, show_point_margins=ns.beamer_margins)
