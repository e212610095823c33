"""The export's names a user types: its figures, and what one frame of an animation or one
overlay of the Beamer slides is. Plain tables, no numpy and no session, so the command line's
grammar (cli/args.py) can offer them without importing the exporters (50 ms of every ``run``)."""
from __future__ import annotations

__all__ = ["FIGURES", "TIKZ_FIGURES", "tikz_problem", "FRAME_UNITS", "BEAMER_FRAMES"]

FIGURES = {"canvas": "the canvas", "angle": "the angle-to-θ* plot", "epochs": "the per-epoch plot",
           "dot": "the plot of w_k·θ* and its lower bound", "norm": "the plot of ‖w_k‖² and its upper bound",
           "cos": "the plot of cos∠(w_k, θ*) and its lower bound √k·γ/R",
           "proof": "the proof's three plots (dot, norm, cos) side by side",
           "losses": "the plot of the perceptron and hinge losses",
           "study": "the order study's histogram", "compare": "2 to 4 runs side by side",
           "weight-space": "the weight-space plot",
           "storyboard": "the run's updates as small multiples (the storyboard)"}
# The figures written as TikZ too (the angle and per-epoch plots are PNG, SVG or PDF only).
TIKZ_FIGURES = tuple(name for name in FIGURES if name not in ("angle", "epochs"))


def tikz_problem(figure: str, d: int | None = None) -> str | None:
    """Why ``figure`` of data with ``d`` features has no TikZ form (a sentence), or None when it
    has one: the canvas and the storyboard of 1-D or 2-D data, the weight space of 2-D data, the
    curves against k, the order study and the race."""
    if figure not in TIKZ_FIGURES:
        return (f"TikZ is written for the canvas, the weight space and the curves against k only; "
                f"export {FIGURES.get(figure, figure)} as PNG, SVG or PDF.")
    if d is not None and figure == "canvas" and d > 2:
        return f"TikZ draws the canvas of 1-D or 2-D data; these points have {d} features: export a PNG, SVG or PDF."
    if d is not None and figure == "storyboard" and d > 2:
        return f"A storyboard draws 1-D or 2-D data; these points have {d} features: export the canvas instead."
    if d is not None and figure == "weight-space" and d != 2:
        return "The weight space is drawn for data with 2 features."
    return None


FRAME_UNITS = {"update": "one frame per update", "visit": "one frame per example visit"}  # of an animation
# What one overlay of the Beamer slides is (export/beamer.py); the animations take FRAME_UNITS.
BEAMER_FRAMES = {**{unit: text.replace("frame", "overlay") for unit, text in FRAME_UNITS.items()},
                 "epoch": "one overlay per epoch's end"}
