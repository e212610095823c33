"""The export's names a user types: its figures, and what one frame of an animation or one
overlay of the Beamer slides is. Plain tables, no numpy and no session, so the command line's
grammar (cli/args.py) can offer them without importing the exporters (50 ms of every ``run``)."""
from __future__ import annotations

__all__ = ["FIGURES", "FRAME_UNITS", "BEAMER_FRAMES"]

FIGURES = {"canvas": "the canvas", "angle": "the angle-to-θ* plot", "epochs": "the per-epoch plot",
           "dot": "the plot of w_k·θ* and its lower bound", "norm": "the plot of ‖w_k‖² and its upper bound",
           "cos": "the plot of cos∠(w_k, θ*) and its lower bound √k·γ/R",
           "proof": "the proof's three plots (dot, norm, cos) side by side",
           "losses": "the plot of the perceptron and hinge losses",
           "study": "the order study's histogram", "compare": "2 to 4 runs side by side",
           "weight-space": "the weight-space plot"}
FRAME_UNITS = {"update": "one frame per update", "visit": "one frame per example visit"}  # of an animation
# What one overlay of the Beamer slides is (export/beamer.py); the animations take FRAME_UNITS.
BEAMER_FRAMES = {**{unit: text.replace("frame", "overlay") for unit, text in FRAME_UNITS.items()},
                 "epoch": "one overlay per epoch's end"}
