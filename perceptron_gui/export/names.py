"""The export's names a user types: its figures, and what one frame of an animation or one
overlay of the Beamer slides is. Plain tables, no numpy and no session, so the command line's
grammar (cli/args.py) can offer them without importing the exporters (50 ms of every ``run``)."""
from __future__ import annotations

from collections.abc import Mapping

from ..i18n import N_, ShownTexts, _

__all__ = ["FIGURES", "TIKZ_FIGURES", "tikz_problem", "FRAME_UNITS", "BEAMER_FRAMES"]


# TRANSLATORS: the figures' descriptions appear inside sentences ("Exported the canvas to a.png."): lower case.
FIGURES: Mapping[str, str] = ShownTexts({
    "canvas": N_("the canvas"), "angle": N_("the angle-to-θ* plot"), "epochs": N_("the per-epoch plot"),
    "dot": N_("the plot of w_k·θ* and its lower bound"), "norm": N_("the plot of ‖w_k‖² and its upper bound"),
    "cos": N_("the plot of cos∠(w_k, θ*) and its lower bound √k·γ/R"),
    "proof": N_("the proof's three plots (dot, norm, cos) side by side"),
    "losses": N_("the plot of the perceptron and hinge losses"),
    "study": N_("the order study's histogram"), "compare": N_("2 to 4 runs side by side"),
    "weight-space": N_("the weight-space plot"),
    "storyboard": N_("the run's updates as small multiples (the storyboard)")})
# The figures written as TikZ too (the angle and per-epoch plots are PNG, SVG or PDF only).
TIKZ_FIGURES = tuple(name for name in FIGURES if name not in ("angle", "epochs"))


def tikz_problem(figure: str, d: int | None = None) -> str | None:
    """Why ``figure`` of data with ``d`` features has no TikZ form (a sentence), or None when it
    has one: the canvas and the storyboard of 1-D or 2-D data, the weight space of 2-D data, the
    curves against k, the order study and the race."""
    if figure not in TIKZ_FIGURES:
        # TRANSLATORS: {figure} is a figure's description, "the per-epoch plot".
        return _("TikZ is written for the canvas, the weight space and the curves against k only; "
                 "export {figure} as PNG, SVG or PDF.").format(figure=FIGURES.get(figure, figure))
    if d is not None and figure == "canvas" and d > 2:
        return _("TikZ draws the canvas of 1-D or 2-D data; these points have {d} features: export a PNG, SVG or "
                 "PDF.").format(d=d)
    if d is not None and figure == "storyboard" and d > 2:
        return _("A storyboard draws 1-D or 2-D data; these points have {d} features: export the canvas "
                 "instead.").format(d=d)
    if d is not None and figure == "weight-space" and d != 2:
        return _("The weight space is drawn for data with 2 features.")
    return None


FRAME_UNITS: Mapping[str, str] = ShownTexts({"update": N_("one frame per update"),
                                             "visit": N_("one frame per example visit")})  # of an animation
# What one overlay of the Beamer slides is (export/beamer.py); the animations take FRAME_UNITS.
BEAMER_FRAMES: Mapping[str, str] = ShownTexts({"update": N_("one overlay per update"),
                                               "visit": N_("one overlay per example visit"),
                                               "epoch": N_("one overlay per epoch's end")})
