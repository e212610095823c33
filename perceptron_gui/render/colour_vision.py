"""What the colours look like with a colour-vision deficiency, and how far apart they stay.

:func:`simulate` applies the matrices of Machado, Oliveira and Fernandes (2009, "A physiologically
based model for simulation of color vision deficiency", IEEE TVCG 15(6)) at severity 1.0 — the
full dichromacies protanopia, deuteranopia and tritanopia — to linear RGB (sRGB decoded, the
matrix applied, clipped to [0, 1], encoded again). :func:`delta_e_2000` is CIEDE2000 (Sharma, Wu
and Dalal 2005) between two sRGB colours through CIELAB under D65.

:data:`PAIRS` names every pair of colours a reader must tell apart and the least CIEDE2000
difference each must keep under every simulated vision (:func:`pair_table` measures them in a
theme; ``tests/render/test_colour_vision.py`` asserts them and docs/accessibility.md prints them).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from . import theme as th

__all__ = ["VISIONS", "MATRICES", "simulate", "delta_e_2000", "Pair", "PAIRS", "LINE_DELTA_E",
           "SHAPED_DELTA_E", "pair_colours", "pair_table", "class_colour_table"]

# Severity 1.0 of Machado et al. (2009), table 1; rows give linear R, G, B.
MATRICES: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MATRICES)

LINE_DELTA_E = 10.0  # ΔE00 between lines (or rings) drawn side by side, told apart by colour alone
# Marks or lines that also differ by shape or dash (the classes: + and −; the error curves: solid
# and dashed) keep at least this much; their shape is the cue that never fails.
SHAPED_DELTA_E = 7.0

Rgb = tuple[float, float, float]


def _decode(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def _linear(colour: str) -> Rgb:
    r, g, b, _a = th.rgba(colour)
    return _decode(r / 255), _decode(g / 255), _decode(b / 255)


def simulate(colour: str, vision: str) -> str:
    """"#RRGGBB" as seen with ``vision`` (one of :data:`VISIONS`; "normal" returns it as it is)."""
    if vision == "normal":
        return colour.upper()
    m = MATRICES[vision]
    lin = _linear(colour)
    out = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return "#" + "".join(f"{round(255 * _encode(v)):02X}" for v in out)


def _lab(colour: str) -> Rgb:
    r, g, b = _linear(colour)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(a: str, b: str) -> float:
    """CIEDE2000 colour difference of two "#RRGGBB" colours (kL = kC = kH = 1)."""
    L1, a1, b1 = _lab(a)
    L2, a2, b2 = _lab(b)
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dL, dC = L2 - L1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    L_bar, c_bar_p = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    sl = 1 + 0.015 * (L_bar - 50) ** 2 / math.sqrt(20 + (L_bar - 50) ** 2)
    sc = 1 + 0.045 * c_bar_p
    sh = 1 + 0.015 * c_bar_p * t
    rt = (-2 * math.sin(math.radians(60 * math.exp(-(((h_bar - 275) / 25) ** 2))))
          * math.sqrt(c_bar_p ** 7 / (c_bar_p ** 7 + 25 ** 7)))
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


@dataclass(frozen=True)
class Pair:
    """Two colour roles a reader must tell apart, where they meet, and the least ΔE00 they keep."""

    a: str
    b: str
    where: str
    least: float = LINE_DELTA_E


# Roles: "+1" and "−1" are the marks' fills; the others are line colours of theme.py.
PAIRS = (
    Pair("+1", "−1", "the classes' marks (also + and −)", SHAPED_DELTA_E),
    Pair("POSITIVE", "NEGATIVE", "training and test error curves (also solid and dashed)", SHAPED_DELTA_E),
    Pair("HYPERPLANE", "NORMAL", "the hyperplane and its normal arrow"),
    Pair("HYPERPLANE", "THETA_STAR", "the hyperplane and θ*"),
    Pair("HYPERPLANE", "OUTPUT", "the hyperplane and the output predictor"),
    Pair("HYPERPLANE", "PREVIOUS", "the hyperplane and the previous one"),
    Pair("HYPERPLANE", "MARGIN", "the hyperplane and its margin lines"),
    Pair("NORMAL", "THETA_STAR", "the normal and θ*; the angle and its bound"),
    Pair("NORMAL", "OUTPUT", "the normal and the output predictor"),
    Pair("NORMAL", "PREVIOUS_NORMAL", "the normal and the previous normal"),
    Pair("THETA_STAR", "OUTPUT", "θ* and the output predictor"),
    Pair("THETA_STAR", "MARGIN", "θ* and the margin lines"),
    Pair("MARGIN", "PREVIOUS", "the margin lines and the previous hyperplane"),
    Pair("VISIT_UPDATE", "VISIT_NO_UPDATE", "the rings of a visit with and without an update"),
    Pair("VISIT_UPDATE", "NORMAL", "the update step y·x and the new w"),
)


def pair_colours(t: th.Theme, pair: Pair) -> tuple[str, str]:
    """The two colours of ``pair`` as ``t`` draws them."""
    def colour(role: str) -> str:
        if role in th.CLASS_NAME.values():
            return t.marker(1 if role == "+1" else -1)[0]
        return t.colour(getattr(th, role))
    return colour(pair.a), colour(pair.b)


def pair_table(t: th.Theme) -> list[tuple[Pair, dict[str, float]]]:
    """Every pair of :data:`PAIRS` in ``t`` with its ΔE00 under each of :data:`VISIONS`."""
    rows = []
    for pair in PAIRS:
        a, b = pair_colours(t, pair)
        rows.append((pair, {v: delta_e_2000(simulate(a, v), simulate(b, v)) for v in VISIONS}))
    return rows


def class_colour_table() -> dict[str, tuple[float, tuple[int, int]]]:
    """For the multiclass view's :data:`~.theme.CLASS_COLOURS`: under each vision, the least ΔE00
    of any two classes' colours and which two (indices)."""
    out = {}
    cols = th.CLASS_COLOURS
    for v in VISIONS:
        seen = [simulate(c, v) for c in cols]
        out[v] = min((delta_e_2000(seen[i], seen[j]), (i, j)) for i in range(len(cols)) for j in range(i + 1, len(cols)))
    return out
