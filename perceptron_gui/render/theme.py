"""Colours, sizes and texts shared by every view and exporter.

Okabe–Ito colours, safe for the common colour-vision deficiencies, and the class is also
told apart by shape (+ and −, as in the notes' figures), never by colour alone.
"""
from __future__ import annotations

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
