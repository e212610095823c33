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


# ---- screen themes (View → Theme): light for projectors, dark for screens ---------------------
@dataclass(frozen=True)
class Theme:
    """The screen's colours: background, text and axes, the grid, and the role colours changed
    where the background needs it (``swaps``: base colour → this theme's). The class colours
    and shapes stay as they are in every theme: a student must recognise + and − anywhere."""

    name: str
    background: str
    foreground: str  # text, tick labels, axes
    grid_alpha: float
    region_alpha: int  # the shaded decision regions' opacity (0–255)
    swaps: tuple[tuple[str, str], ...] = ()
    label_fill: tuple[int, int, int, int] = (255, 255, 255, 190)  # behind text drawn over the data
    # The points' marks, (class +1, class −1): the fill (a test point's outline too) and the
    # outline of a training point. They sit on the shaded regions, so each must stand out from
    # both shades as well as from the background (:func:`marker_contrasts`).
    marker_fills: tuple[str, str] = (POSITIVE, NEGATIVE)
    marker_edges: tuple[str, str] = ("#004C77", "#8E3F00")  # the class colours a third darker

    def colour(self, colour: str) -> str:
        """This theme's version of a base colour (the base colour when it reads well as it is)."""
        return dict(self.swaps).get(colour.upper(), colour)

    def marker(self, label: int) -> tuple[str, str]:
        """(fill, outline) of the marks of class ``label`` (+1 or −1)."""
        k = 0 if label > 0 else 1
        return self.marker_fills[k], self.marker_edges[k]

    def region_colour(self, role: str) -> str:
        """The colour a shaded region ("positive_region", "negative_region") shows on this
        theme's background: its fill at ``region_alpha`` composited over the background."""
        return composite(FILLS[role][:3] + (self.region_alpha,), self.background)

    @property
    def dark(self) -> bool:
        return relative_luminance(self.background) < 0.2


# Every colour drawn as a line or a mark on the canvas and the plots: each must stand out from
# the background by WCAG's 3:1 for graphics (tests/render/test_theme.py checks every theme).
LINE_COLOURS = (POSITIVE, NEGATIVE, HYPERPLANE, NORMAL, MARGIN, THETA_STAR, OUTPUT, VISIT_UPDATE,
                VISIT_NO_UPDATE, MISCLASSIFIED, GUIDE, PREVIOUS, PREVIOUS_NORMAL, "#333333")

# The exports' own look (figures, TikZ, GIF): the base colours on white, whatever the screen's.
FIGURE = Theme("figure", "#FFFFFF", "#000000", 0.16, POSITIVE_REGION[3])
# On a white screen the orange and sky-blue visit rings and the grey ghost of the previous line
# fall under 3:1 (2.3, 2.3, 2.8): a shade darker each, still orange, blue, grey and green. The
# previous normal is a greyer green, not a lighter one: it keeps ΔE00 ≥ 10 from the normal with
# every colour-vision deficiency (render/colour_vision.py; a lighter green falls under 3:1).
LIGHT = Theme("light", "#FFFFFF", "#222222", 0.18, POSITIVE_REGION[3], swaps=(
    (VISIT_UPDATE, "#B87A00"), (VISIT_NO_UPDATE, "#3A8FC4"), (PREVIOUS, "#858585"),
    (PREVIOUS_NORMAL, "#427E70")))
# On near-black the black lines and rings turn near-white, the dark greys light grey, the
# purple output line a lighter purple; the class colours' lines keep their Okabe–Ito values
# (3.2:1 and 4.3:1 here). The regions are shaded more strongly: 28/255 of blue vanishes on black.
# The marks sit on that shading: the Okabe–Ito blue plus fell to 2.67:1 on the blue region (2.53
# on the orange one) and the darkened outlines to 1.4–1.9:1. Here the plus is the same blue a
# shade lighter (3.9:1 or more) and the outlines a light tint of each class colour (7.4:1 or
# more); tests/render/test_theme_contrast.py computes every pair.
# The margin lines' grey and the previous line's are two greys ΔE00 ≥ 10 apart (and the margin's
# from θ*'s pink with tritanopia): render/colour_vision.py measures them.
DARK = Theme("dark", "#1E1E22", "#E8E8E8", 0.22, 52, swaps=(
    (HYPERPLANE, "#F2F2F2"), (MARGIN, "#B6B6B6"), (OUTPUT, "#B07CD8"), ("#333333", "#C8C8C8"),
    (PREVIOUS, "#929292")),
    label_fill=(30, 30, 34, 200), marker_fills=("#3592D6", NEGATIVE), marker_edges=("#9FD3F7", "#FFB27A"))
THEMES = {"light": LIGHT, "dark": DARK}
DEFAULT_THEME = "light"


def theme_named(name: str) -> Theme:
    """The screen theme called ``name``; a sentence naming the choices for any other name."""
    from ..core.errors import UserError
    from ..i18n import _

    if name not in THEMES:
        # TRANSLATORS: {choices} lists the themes' names joined by " or " (translated apart).
        raise UserError(_("There is no theme '{name}'; choose {choices}.").format(name=name, choices=_(" or ").join(THEMES)))
    return THEMES[name]


def relative_luminance(colour: str) -> float:
    """WCAG 2's relative luminance of "#RRGGBB" (0 black … 1 white)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b, _a = rgba(colour)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (equal) … 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def composite(colour: tuple[int, int, int, int], background: str) -> str:
    """"#RRGGBB" of the (r, g, b, a) ``colour`` painted over an opaque ``background`` (source-over,
    as Qt and SVG paint a translucent fill), each channel rounded to 0–255."""
    a = colour[3] / 255
    bg = rgba(background)
    return "#" + "".join(f"{round(c * a + g * (1 - a)):02X}" for c, g in zip(colour[:3], bg[:3]))


MARKER_SURFACES = ("background", "positive_region", "negative_region")


def marker_contrasts(theme: Theme) -> dict[tuple[str, str, str], float]:
    """WCAG contrast of each class's marks against what they are drawn on, in ``theme``:
    {(class "+1"/"−1", "fill"/"edge", surface): ratio}, the surfaces being the background and
    the two shaded regions (composited over the background). A point of either class can sit
    on either region (a misclassified one), so every pair counts."""
    surfaces = {"background": theme.background, "positive_region": theme.region_colour("positive_region"),
                "negative_region": theme.region_colour("negative_region")}
    out = {}
    for label in (1, -1):
        fill, edge = theme.marker(label)
        for part, colour in (("fill", fill), ("edge", edge)):
            for name in MARKER_SURFACES:
                out[(CLASS_NAME[label], part, name)] = contrast_ratio(colour, surfaces[name])
    return out


# ---- the weight-space picture (render/weight_space.py) ------------------------------------------
# A point's constraint line and allowed side take its class's colour (the class is also told by
# the side the shading is on); the version space is the selection's yellow, far from both classes
# and from the path's green (the path of w is the normal vector's colour, as on the canvas).
STROKES.update({
    "ws_line_positive": Stroke(POSITIVE, 1.2),
    "ws_line_negative": Stroke(NEGATIVE, 1.2),
    "ws_hovered": Stroke(HYPERPLANE, 3.5),
    "ws_path": Stroke(NORMAL, 2.0),
})
WS_VERSION_SPACE = rgba(SELECTION, 150)
WS_VERSION_EDGE = "#8A7A00"  # a dark yellow: the version space's outline (a thin wedge needs one)


# The classes of a multiclass data set: the Okabe–Ito colours (told apart with every common colour
# vision deficiency), each class also its own marker shape, so colour is never the only cue.
CLASS_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#7F7F7F", "#F0E442", "#000000")
CLASS_SYMBOLS = ("o", "s", "t", "d", "star", "h", "p", "t1", "x")  # circle, square, triangle, diamond, …
CLASS_REGION_ALPHA = 40  # the tint of the region each class wins
