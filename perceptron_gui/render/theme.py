"""Colours, sizes and texts shared by every view and exporter.

Okabe–Ito colours, safe for the common colour-vision deficiencies, and the class is also
told apart by shape (+ and −, as in the notes' figures), never by colour alone.
"""
from __future__ import annotations

from dataclasses import dataclass

POSITIVE = "#0072B2"  # blue: class +1, drawn as a plus
NEGATIVE = "#D55E00"  # vermillion: class −1, drawn as a minus
POSITIVE_REGION = (0, 114, 178, 28)  # RGBA fill of the region predicted +1
NEGATIVE_REGION = (213, 94, 0, 28)
HYPERPLANE = "#000000"
NORMAL = "#009E73"  # bluish green: the normal vector w
MARGIN = "#555555"
THETA_STAR = "#CC79A7"  # reddish purple: θ* and its margin band
OUTPUT = "#7B3294"  # the algorithm's output predictor (pocket / averaged) when it differs
VISIT_UPDATE = "#E69F00"  # orange ring: visited example that caused an update
VISIT_NO_UPDATE = "#56B4E9"  # sky blue ring: visited example, no update
MISCLASSIFIED = "#000000"
SELECTION = "#F0E442"
TEST_ALPHA = 110  # test points are drawn hollow/faded

CLASS_NAME = {1: "+1", -1: "−1"}


# ---- the strokes and fills of each picture role (render/picture.py names the roles) -----------
@dataclass(frozen=True)
class Stroke:
    """A line's look: colour, width in screen pixels (slides widen it), dash pattern."""

    colour: str
    width: float
    dash: str = "solid"  # "solid", "dash", "dot" or "dashdot"


GUIDE = "#888888"  # the line the points lie on (y = 1 lifted, y = 0 in 1-D)
PREVIOUS = "#9A9A9A"  # the hyperplane before the last update: a grey "ghost"
PREVIOUS_NORMAL = "#7CC7B2"  # its normal vector: the normal's green, faded
THETA_BAND_ALPHA = 40

STROKES = {
    "hyperplane": Stroke(HYPERPLANE, 2.0),
    "normal": Stroke(NORMAL, 2.5),
    "margin": Stroke(MARGIN, 1.0, "dash"),
    "output": Stroke(OUTPUT, 2.5, "dashdot"),
    "theta": Stroke(THETA_STAR, 2.0, "dash"),
    "guide": Stroke(GUIDE, 1.0, "dot"),
    # Notes 003 draw an update with the old line solid and the new one dashed: the previous
    # line is solid (grey) and, while it is shown, the current one dashed ("after").
    "previous": Stroke(PREVIOUS, 2.5),
    "hyperplane:after": Stroke(HYPERPLANE, 2.0, "dash"),
    "previous_normal": Stroke(PREVIOUS_NORMAL, 2.5),
    # The update as vectors: the old w (grey like the previous line), the step y·x (orange like
    # the ring of a visit that updated), the new w (the normal's green).
    "update_before": Stroke(PREVIOUS, 2.0),
    "update_step": Stroke(VISIT_UPDATE, 2.0),
    "update_after": Stroke(NORMAL, 2.0),
}


def stroke(role: str, variant: str = "") -> Stroke:
    """The stroke of a line role (or of its ``variant``); "margin+" and "margin-" share "margin"'s."""
    return STROKES[f"{role}:{variant}" if variant else role.rstrip("+-")]


def rgba(colour: str, alpha: int = 255) -> tuple[int, int, int, int]:
    """"#RRGGBB" and an alpha as an (r, g, b, a) tuple."""
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), int(alpha)


FILLS = {
    "positive_region": POSITIVE_REGION,
    "negative_region": NEGATIVE_REGION,
    "theta_band": rgba(THETA_STAR, THETA_BAND_ALPHA),
}
