"""What is drawn for one playhead position, as data (no Qt): the one picture description.

:func:`describe` turns a :class:`~perceptron_gui.session.frame.Frame`, the projection to the
view plane, the points' positions and the view rectangle into a :class:`Picture`: clipped
segments, polygons, the normal arrow, the vote raster, marker sets, the legend entries and
the note. The canvas (``gui/canvas/overlay.py``), the slide figures (PNG, SVG, PDF, which paint
the canvas) and the TikZ writer (``export/tikz.py``) all paint a Picture, so they agree by
construction, and a test compares them item by item (``tests/render/test_painters_agree.py``).

Each item has a *role*; the theme (:mod:`.theme`) gives a role its colour and stroke. The
legend lists exactly the roles drawn (a margin line outside the view is neither drawn nor
listed), each with a plain-text and a LaTeX text written side by side here.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from ..core.floatscale import unit_direction
from ..core.rows import every_row
from ..session.frame import Frame
from .formatting import subscript
from .geometry import Rect, arrow_anchor, clip_halfplane, clip_line, clip_strip, rect_polygon
from .kernel_picture import AlphaRings, Curve, alpha_rings, kernel_legend, kernel_shading
from .legend import LegendEntry, legend_entries, picture_note
from .projection import LIFTED_LINE, Projection
from .update_picture import Labels, Vector, anchor_away, margin_labels, update_vectors

__all__ = ["Picture", "PictureOptions", "Segment", "Polygon", "Arrow", "Raster", "Markers", "LegendEntry",
           "Vector", "Labels", "Curve", "AlphaRings", "describe", "VOTE_GRID", "vote_grid_size", "LINE_ROLES",
           "MAX_MISCLASSIFIED_MARKS", "inside"]

VOTE_GRID = 120  # the voted predictor is evaluated on VOTE_GRID² cells of the view
# ... unless its K vectors make that more than VOTE_GRID_WORK sign evaluations (0.25–0.35 ns
# each in vote_scores, so about 15 ms): then on a coarser grid, at least VOTE_GRID_MIN² cells
# (123,000 vectors took 2.2 s a frame before the floor; 256 cells × 246,000 vectors take 14 ms).
VOTE_GRID_WORK = 50_000_000
VOTE_GRID_MIN = 16
# More misclassified points than this are not marked: 3·10⁵ dots (10⁶ points, 30 % wrong
# mid-run) covered the whole picture in black and cost a redraw per step. The live panel and
# the status bar still give the count; the regions show where w errs.
MAX_MISCLASSIFIED_MARKS = 20_000
LINE_ROLES = ("guide", "theta", "margin+", "margin-", "output", "previous", "hyperplane")


@dataclass(frozen=True)
class PictureOptions:
    """The View menu's switches."""

    show_regions: bool = True
    show_margins: bool = True
    show_theta_star: bool = False
    # On by default: a lecturer steps to show what an update does, and the line it came from is
    # the point of the step (notes 003 draw both). The vectors and the numbers are for the
    # moment they are explained: off until asked for.
    show_previous: bool = True
    show_update: bool = False
    show_point_margins: bool = False


@dataclass(frozen=True, eq=False)
class Segment:
    """The part of a line inside the view: ``ends`` (2, 2), view-plane coordinates.
    ``variant`` names another stroke of the role ("after": the hyperplane dashed while the
    previous one is shown)."""

    role: str
    ends: np.ndarray
    variant: str = ""


@dataclass(frozen=True, eq=False)
class Polygon:
    """A filled convex polygon inside the view: ``corners`` (k, 2), k ≥ 3."""

    role: str
    corners: np.ndarray


@dataclass(frozen=True, eq=False)
class Arrow:
    """The normal vector: from ``base`` (on the hyperplane) along the unit ``direction``; its
    length is the painter's (a fixed size on the screen and on the page). ``label`` sits beyond
    the tip; ``label_anchor`` is the side of the label that faces the tip (TikZ anchor names)."""

    role: str
    base: np.ndarray
    direction: np.ndarray
    label: str
    label_tex: str
    label_anchor: str


@dataclass(frozen=True, eq=False)
class Raster:
    """A predictor that is not one line (the voted vote): ``positive`` (g, g) booleans on a
    grid over ``rect``, row r at the r-th height from the bottom."""

    role: str
    rect: Rect
    positive: np.ndarray


@dataclass(frozen=True, eq=False)
class Markers:
    """A set of marks at ``positions`` (m, 2) of the points with global indices ``index``.

    For "points" ``labels`` (±1) and ``test`` flags say the symbol; for "visit" ``updated``
    says the ring's colour.
    """

    role: str
    positions: np.ndarray
    index: np.ndarray
    labels: np.ndarray | None = None
    test: np.ndarray | None = None
    updated: bool = False


Item = Segment | Polygon | Arrow | Raster | Markers | Vector | Labels | Curve | AlphaRings


@dataclass(frozen=True, eq=False)
class Picture:
    """Everything drawn, back to front, with the legend and the note."""

    rect: Rect
    items: tuple[Item, ...]
    legend: tuple[LegendEntry, ...]
    note: str
    _by_role: dict[str, Item] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_role.update({it.role: it for it in self.items})

    def get(self, role: str) -> Item | None:
        """The item of ``role``, or None when it is not drawn."""
        return self._by_role.get(role)

    def roles(self) -> list[str]:
        return [it.role for it in self.items]

    def __iter__(self) -> Iterator[Item]:
        return iter(self.items)


def inside(P: np.ndarray, rect: Rect, rel_tol: float = 1e-9) -> np.ndarray:
    """Which of the points P (m, 2) lie in ``rect`` (edges included, with a relative slack)."""
    x0, y0, x1, y1 = rect
    tx, ty = rel_tol * (x1 - x0), rel_tol * (y1 - y0)
    P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
    return (P[:, 0] >= x0 - tx) & (P[:, 0] <= x1 + tx) & (P[:, 1] >= y0 - ty) & (P[:, 1] <= y1 + ty)


# ---- the description ------------------------------------------------------------------------------
def describe(frame: Frame | None, proj: Projection, P: np.ndarray, labels: np.ndarray, test: np.ndarray,
             rect: Rect, options: PictureOptions = PictureOptions(), X: np.ndarray | None = None) -> Picture:
    """The picture of ``frame`` (None: nothing trained yet) in the view ``rect``.

    ``P`` (N, 2), ``labels`` (N,) and ``test`` (N,) are the view-plane positions, labels and
    test flags of all points, indexed like the frame's global indices (the session's rows);
    ``X`` (N, d) their data rows, needed only for the margins beside the points.
    """
    P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
    items: list[Item] = []
    d = _Drawn()
    lifted, kind = proj.kind == LIFTED_LINE, proj.kind
    has_w = frame is not None and frame.has_hyperplane
    w2, b2 = proj.line(frame.w, frame.b) if frame is not None else (np.zeros(2), 0.0)
    line_ok = has_w and bool(np.any(w2 != 0.0)) and _finite(w2, b2)

    # Shading, back to front: the regions (or the vote), θ*'s band.
    if frame is not None and has_w and options.show_regions and frame.vote is None and _finite(w2, b2):
        _regions(items, w2, b2, rect)
    if frame is not None and frame.vote is not None and options.show_regions:
        items.append(Raster("vote", rect, _vote_grid(frame, proj, rect)))
    # The kernel perceptron's regions sign f(x) and its curve f(x) = 0 (None for the others).
    kregions, kcurve, knote = kernel_shading(frame, proj, rect, options.show_regions)
    if kregions is not None:
        items.append(Raster("kernel_regions", rect, kregions))
    if kcurve is not None:
        items.append(kcurve)
    theta_w = frame.theta_w if options.show_theta_star and frame is not None else None
    theta = theta_w is not None
    tw, tb = proj.line(theta_w, frame.theta_b) if theta_w is not None and frame is not None else (np.zeros(2), 0.0)
    gamma = float(frame.gamma or 0.0) if theta and frame is not None else 0.0
    if theta and np.any(tw != 0.0) and gamma > 0 and _finite(tw, tb):
        band = clip_strip(tw, tb, gamma, rect)
        if band.shape[0] >= 3:
            items.append(Polygon("theta_band", band))

    # Lines.
    guide = {"lifted": 1.0, "line": 0.0}.get(kind)
    if guide is not None:
        d.line(items, "guide", np.array([0.0, 1.0]), 0.0, rect, guide)
    if theta:
        d.line(items, "theta", tw, tb, rect)
    c = frame.closest_distance if frame is not None and line_ok and options.show_margins else None
    if c:
        d.line(items, "margin+", w2, b2, rect, c)
        d.line(items, "margin-", w2, b2, rect, -c)
    if frame is not None and frame.output_w is not None and np.any(frame.output_w != 0.0):
        ow, ob = proj.line(frame.output_w, frame.output_b)
        d.line(items, "output", ow, ob, rect)
    pw2, pb2 = (np.zeros(2), 0.0)
    if frame is not None and frame.prev_w is not None and options.show_previous:
        pw2, pb2 = proj.line(frame.prev_w, frame.prev_b)
        d.line(items, "previous", pw2, pb2, rect)
    if line_ok:
        d.line(items, "hyperplane", w2, b2, rect, variant="after" if d.has("previous") else "")

    # Marks: the points, then the rings over them.
    n = P.shape[0]
    labels = np.asarray(labels, dtype=np.float64).reshape(-1)
    test = np.asarray(test, dtype=bool).reshape(-1)
    every = every_row(n)
    items.append(Markers("points", P, every, labels, test))
    if frame is not None:
        slack = _rows(frame.slack_points, n)
        items.append(Markers("slack", P[slack], slack))
        rings = alpha_rings(frame, P)
        if rings is not None:
            items.append(rings)
        # Beyond the cap the marks only blacken the picture: not even their rows are sorted out
        # (10⁵ misclassified of 10⁶ points cost milliseconds at every frame).
        if np.size(frame.misclassified) <= MAX_MISCLASSIFIED_MARKS:
            miscl = _rows(frame.misclassified, n)
            items.append(Markers("misclassified", P[miscl], miscl))
        visit = _rows([] if frame.visit_index is None else [frame.visit_index], n)
        items.append(Markers("visit", P[visit], visit, updated=bool(frame.visit_updated)))
    notes: list[str] = []
    if frame is not None and options.show_point_margins:
        ml, why = margin_labels(frame, X, P, labels, test, inside(P, rect), lifted)
        items.extend([ml] if ml is not None and ml.index.size else [])
        notes.append(why)
    if frame is not None and options.show_update:
        vectors, why = update_vectors(frame, kind, rect)
        items.extend(vectors)
        notes.append(why)

    # The normal arrows, in front of everything: the previous one under the current one. In
    # the lifted view they start at the origin along (w, b): the update's vectors are they,
    # drawn to scale, so the arrows would only cover them.
    normals = not (kind == LIFTED_LINE and any(isinstance(it, Vector) for it in items))
    if normals and frame is not None and d.has("previous") and frame.prev_w is not None:
        arrow = _arrow(pw2, pb2, rect, kind, "previous_normal", frame.k - 1)
        if arrow is not None:
            items.append(arrow)
    if normals and line_ok and d.has("hyperplane"):
        arrow = _arrow(w2, b2, rect, kind, "normal", frame.k if frame is not None and d.has("previous") else None)
        if arrow is not None:
            items.append(arrow)

    drawn = {it.role for it in items if not isinstance(it, Markers) or it.positions.shape[0]}
    note = (knote if knote is not None else picture_note(frame, proj, n, has_w, line_ok, "hyperplane" in drawn)) \
        or " ".join(t for t in notes if t)
    legend = legend_entries(frame, kind, drawn, bool(test.any()), lifted) + kernel_legend(drawn)
    return Picture(rect, tuple(items), legend, note)


class _Drawn:
    """Collects the lines that reach the view."""

    def __init__(self) -> None:
        self.roles: set[str] = set()

    def line(self, items: list[Item], role: str, w: np.ndarray, b: float, rect: Rect, level: float = 0.0,
             variant: str = "") -> None:
        w = np.asarray(w, dtype=np.float64)
        if not (np.any(w != 0.0) and _finite(w, b) and np.isfinite(level)):
            return
        seg = clip_line(w, b, rect, level)
        if seg is not None:
            items.append(Segment(role, seg, variant))
            self.roles.add(role)

    def has(self, role: str) -> bool:
        return role in self.roles


def _finite(w: np.ndarray, b: float) -> bool:
    return bool(np.all(np.isfinite(w))) and bool(np.isfinite(b))


def _rows(idx: object, n: int) -> np.ndarray:
    """Global indices that name rows of P (a frame of an older run may name deleted rows)."""
    a = np.asarray(idx, dtype=np.intp).reshape(-1)
    return a[(a >= 0) & (a < n)]


def _regions(items: list[Item], w: np.ndarray, b: float, rect: Rect) -> None:
    box = rect_polygon(rect)
    if not np.any(w != 0.0):  # the score is constant on this view: all of it is one region
        items.append(Polygon("positive_region" if b >= 0 else "negative_region", box))
        return
    for role, poly in (("positive_region", clip_halfplane(box, w, b)), ("negative_region", clip_halfplane(box, -w, -b))):
        if poly.shape[0] >= 3:
            items.append(Polygon(role, poly))


def vote_grid_size(vectors: int) -> int:
    """Cells per side of the vote's raster for a vote of ``vectors`` weight vectors."""
    return max(VOTE_GRID_MIN, min(VOTE_GRID, int(np.sqrt(VOTE_GRID_WORK / max(1, vectors)))))


def _vote_grid(frame: Frame, proj: Projection, rect: Rect) -> np.ndarray:
    x0, y0, x1, y1 = rect
    g = vote_grid_size(frame.k + 1)
    xs = x0 + (np.arange(g) + 0.5) * (x1 - x0) / g
    ys = y0 + (np.arange(g) + 0.5) * (y1 - y0) / g
    gx, gy = np.meshgrid(xs, ys)  # row r is at height ys[r]: rows going up
    assert frame.vote is not None
    scores = proj.scores(frame.vote, np.column_stack((gx.ravel(), gy.ravel())))
    return (scores >= 0.0).reshape(g, g)


def _arrow(w: np.ndarray, b: float, rect: Rect, kind: str, role: str = "normal", k: int | None = None) -> Arrow | None:
    """The normal arrow of the line (w, b); with ``k`` its label names the update, "w₃"."""
    # In the lifted plane the separator goes through 0 with normal (w, b): start the arrow
    # there. In 1-D the points lie on y = 0: draw the arrow above them, not over them.
    inset: float | None
    if kind == LIFTED_LINE:
        inset, target, label, tex = 0.02, (0.5, 0.5), "(w, b)", "$(w, b)$"
    elif kind == "line":
        inset, target, label, tex = None, (0.5, 0.75), "w", "$w$"
    else:
        inset, target, label, tex = 0.15, (0.5, 0.5), "w", "$w$"
    base = arrow_anchor(w, b, rect, inset, target)
    if base is None:
        return None
    u = unit_direction(np.asarray(w, dtype=np.float64))[0]  # ‖w‖ of 1e-300 weights would vanish
    # The label lies beyond the tip along w: the side of its box facing the tip is the one
    # pointing back along −w (a label "above right" of a tip pointing down-left sat on the line).
    anchor = anchor_away(u)  # the compass point of −w
    if k is not None:
        label, tex = label + subscript(k), f"{tex[:-1]}_{{{k}}}$"
    return Arrow(role, np.asarray(base, dtype=np.float64), u, label, tex, anchor)
