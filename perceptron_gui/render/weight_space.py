"""The weight-space picture, as data (no Qt): the dual view of Hinton's and
Bishop's lectures, where every training point is a line and the weights are a point.

In the plane of (w₁, w₂), the training point x_i is the line w·x_i + b = 0 and its *allowed
side* the half-plane y_i·(w·x_i + b) > 0. Without an offset b = 0 and every line passes
through the origin. With an offset the weights (w₁, w₂, b) live in 3-D, so the picture is the
*slice* b = b_k through the current weights: the lines are w·x_i + b_k = 0, and the path of
(w₁, w₂) over the updates is drawn in the same plane although each w_j had its own b_j (the
axis title says so). The version space, where every constraint holds, is one convex polygon
(clipped to the view) or None. θ*'s direction is a ray from the origin; the path w₀ → … → w_k
is read from the run record, step by step, each step named by the example that caused it.

The dock (``gui/panels/weight_space_dock.py``) and the slide figure paint a :class:`WeightSpace`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..core.algorithms.kernel import in_feature_space
from ..core.run import RunRecord, split_augmented
from ..i18n import N_, _
from ..session.run_result import RunResult
from .formatting import subscript
from .geometry import Rect, clip_halfplane, clip_line, clip_segment, rect_polygon

__all__ = ["Constraint", "WeightSpace", "describe_weight_space", "weight_space_rect", "path_weights",
           "choose_lines", "version_space", "MAX_LINES", "MAX_PATH", "MAX_STEP_LABELS", "NO_VERSION_SPACE",
           "NOT_2D", "NOT_INPUT_SPACE", "allowed_alpha", "spaced_labels"]

MAX_LINES = 300  # constraint lines drawn at most: 10⁶ lines would hang every painter
MAX_PATH = 20_000  # the last this many updates of the path (a noisy run makes 10⁶)
MAX_STEP_LABELS = 30  # the last this many steps carry their example's name (more is a smear)
# Marked only: shown as _(NO_VERSION_SPACE), _(NOT_INPUT_SPACE), _(NOT_2D).format(d=…).
NO_VERSION_SPACE = N_("no version space: not separable in this slice")
# A curved kernel's weights are a vector of its feature space: no point of the (w₁, w₂) plane.
NOT_INPUT_SPACE = N_("The kernel perceptron's weights live in its kernel's feature space, not in the (w₁, w₂) plane; "
                   "the weight space is drawn for its linear kernel only.")
NOT_2D = N_("The weight space is drawn for data with 2 features, where w is a point of a plane; "
          "this data set has {d}, so choose two columns or another data set.")


@dataclass(frozen=True, eq=False)
class Constraint:
    """One training point as a line of weight space.

    ``index`` is the point's global index (a row of the session's table, from 0), ``label``
    its name on the picture (x₃ for row 3), ``y`` its class; ``ends`` (2, 2) the clipped line
    w·x + b = 0 (None when it misses the view or x = 0); ``allowed`` (m, 2) the part of the
    view where y·(w·x + b) ≥ 0 (possibly empty)."""

    index: int
    label: str
    y: float
    ends: np.ndarray | None
    allowed: np.ndarray


@dataclass(eq=False)
class WeightSpace:
    """Everything drawn in the weight-space picture at one playhead position."""

    rect: Rect
    offset: bool
    b_slice: float  # the b of the slice (0.0 without an offset)
    k: int
    constraints: list[Constraint]
    total_lines: int  # training points; more than len(constraints) when capped
    version: np.ndarray | None  # (m, 2) polygon, None when empty in the view
    theta_ray: np.ndarray | None  # (2, 2) from the origin along θ*'s w, clipped to the view
    path: np.ndarray  # (m, 2) the (w₁, w₂) of w_{first} … w_k
    path_first: int  # the update number of path[0] (0 unless the path was capped)
    path_index: np.ndarray  # (m − 1,) global index of the example that caused each step
    path_labels: list[str] = field(default_factory=list)  # for the last MAX_STEP_LABELS steps ("" before)
    notes: list[str] = field(default_factory=list)

    @property
    def x_title(self) -> str:
        return "w₁"

    @property
    def y_title(self) -> str:
        return "w₂"

    @property
    def title(self) -> str:
        if not self.offset:
            return _("Weight space at k = {k} (lines w·xᵢ = 0)").format(k=self.k)
        return _("Weight space at k = {k}: the slice b = b_k = {b} (lines w·xᵢ + b_k = 0)").format(
            k=self.k, b=f"{self.b_slice:.4g}")


def allowed_alpha(lines: int) -> int:
    """The alpha (0–255) of one allowed side: light, and lighter when many overlap, so the
    region where all hold (darkest) still reads without turning black."""
    return int(max(3, min(40, round(180 / max(1, lines)))))


def spaced_labels(labels: list[tuple[np.ndarray, str]], min_dx: float,
                  min_dy: float) -> list[tuple[np.ndarray, str]]:
    """The step labels (position, text) that do not cover one another, the newest steps first:
    the last steps crowd round w_k, and thirty overlapping labels read as nothing. Two labels
    clash when they are nearer than ``min_dx`` in w₁ *and* ``min_dy`` in w₂ (a label's size in
    the painter's units)."""
    kept: list[tuple[np.ndarray, str]] = []
    for pos, text in reversed(labels):
        if all(abs(pos[0] - q[0]) > min_dx or abs(pos[1] - q[1]) > min_dy for q, _unused in kept):
            kept.append((pos, text))
    return kept


def path_weights(rec: RunRecord, k: int, cap: int = MAX_PATH) -> tuple[np.ndarray, int]:
    """The (w₁, w₂) of w_first … w_k (first = max(0, k − cap)) exactly as the record holds
    them, and ``first``. Every row is split by :func:`split_augmented`, the one place that
    knows where b is kept."""
    first = max(0, int(k) - int(cap))
    rows = np.asarray(rec.weights[first:k + 1], dtype=np.float64).reshape(-1, rec.D)
    return np.stack([split_augmented(row, rec.offset)[0] for row in rows]), first


def weight_space_rect(path: np.ndarray, theta_w: np.ndarray | None = None, pad: float = 0.3) -> Rect:
    """A square view centred on the origin (every line passes through it without an offset,
    and θ*'s ray starts there) that holds the whole path and room around w_k, with ``pad``. θ*'s ray
    starts at the origin, so it is always in view; (−1, −1, 1, 1) when the path is only 0."""
    P = np.asarray(path, dtype=np.float64).reshape(-1, 2)
    # Room around w_k (half its length each way): the constraints and the version space near
    # the current weights are what a step changes.
    P = np.vstack([P, P[-1] + 0.5 * np.max(np.abs(P[-1])) * np.array([[1.0, 1.0], [-1.0, -1.0]])])
    finite = P[np.all(np.isfinite(P), axis=1)]
    half = float(np.max(np.abs(finite))) if finite.size else 0.0
    if not half > 0.0:
        half = 1.0
    half *= 1.0 + pad
    return -half, -half, half, half


def choose_lines(n: int, caused: np.ndarray, cap: int = MAX_LINES) -> np.ndarray:
    """Which of the n constraint lines to draw (indices into the training rows): all up to
    ``cap``; above it the examples that caused the drawn steps first (the newest first), then
    an even sample of the rest, ``cap`` in all, in row order."""
    if n <= cap:
        return np.arange(n, dtype=np.int64)
    picked = list(dict.fromkeys(int(i) for i in np.asarray(caused)[::-1]))[:cap]
    chosen = set(picked)
    for i in np.linspace(0, n - 1, cap).astype(np.int64):
        if len(chosen) >= cap:
            break
        chosen.add(int(i))
    return np.array(sorted(chosen), dtype=np.int64)


def version_space(X: np.ndarray, y: np.ndarray, b: float, rect: Rect) -> np.ndarray | None:
    """The polygon of the view where y_i·(w·x_i + b) ≥ 0 for every i, or None (empty, or of
    no area: the constraints hold strictly nowhere).

    Clipping by every constraint in turn is n Python steps (10 s at 10⁶ points); instead each
    round drops the constraints that hold at every corner (they cannot cut the convex
    polygon) and clips by the most violated one at each corner, so a few rounds do."""
    poly = rect_polygon(rect)
    A = np.asarray(y, dtype=np.float64)[:, None] * np.asarray(X, dtype=np.float64)
    c = np.asarray(y, dtype=np.float64) * float(b)
    scale = max(abs(rect[2] - rect[0]), abs(rect[3] - rect[1]))
    live = np.ones(A.shape[0], dtype=bool)
    while poly.shape[0] >= 3:
        idx = np.flatnonzero(live)
        if idx.size == 0:
            break
        v = poly @ A[idx].T + c[idx]  # (corners, constraints)
        worst = v.min(axis=0)
        live[idx[worst >= 0.0]] = False  # holds at every corner: never cuts again
        if not np.any(worst < 0.0):
            break
        # The most violated constraint at each corner: each cuts that corner off, so a round
        # removes every corner that has to go (3 rounds instead of 11 at 10⁶ points).
        for j in np.unique(idx[np.argmin(v, axis=1)[v.min(axis=1) < 0.0]]):
            poly = clip_halfplane(poly, A[j], c[j])
            live[j] = False
    if poly.shape[0] < 3 or _area(poly) <= 1e-12 * scale * scale:
        return None
    return poly


def _area(poly: np.ndarray) -> float:
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))))


def describe_weight_space(result: RunResult, t: int, rect: Rect | None = None, max_lines: int = MAX_LINES) -> WeightSpace:
    """The weight-space picture of ``result`` (a session's RunResult) after visit ``t``.

    ``rect`` is the view in (w₁, w₂) (default :func:`weight_space_rect`). Raises ValueError
    with :data:`NOT_2D`'s sentence when the data do not have 2 features.
    """
    rec: RunRecord = result.record
    if rec.d != 2:
        raise ValueError(_(NOT_2D).format(d=rec.d))
    if not in_feature_space(rec):
        raise ValueError(_(NOT_INPUT_SPACE))
    X, y = np.asarray(result.train.X, dtype=np.float64), np.asarray(result.train.y, dtype=np.float64)
    rows = np.asarray(result.train_index, dtype=np.int64)
    k = rec.k_after_step(int(t))
    _unused, b_k = rec.w_b(k)
    path, first = path_weights(rec, k)
    caused = np.asarray(rec.update_index[first:k], dtype=np.int64)
    theta_w = None
    if result.theory.theta_star is not None:
        theta_w = split_augmented(result.theory.theta_star, rec.offset)[0]
    view = rect if rect is not None else weight_space_rect(path, theta_w)
    b = float(b_k) if rec.offset else 0.0
    box = rect_polygon(view)
    constraints = []
    for i in choose_lines(X.shape[0], caused, max_lines):
        xi, yi = X[i], float(y[i])
        ends = clip_line(xi, b, view)
        allowed = clip_halfplane(box, yi * xi, yi * b)
        row = int(rows[i])
        constraints.append(Constraint(row, "x" + subscript(row + 1), yi, ends, allowed))
    version = version_space(X, y, b, view) if X.shape[0] else None
    ray = None
    if theta_w is not None and np.any(theta_w != 0.0):
        reach = 4.0 * max(abs(v) for v in view)  # past every corner of the view
        ray = clip_segment(np.zeros(2), theta_w / np.max(np.abs(theta_w)) * reach, view)
    steps = rows[caused]
    labels = ["x" + subscript(int(r) + 1) if j >= len(steps) - MAX_STEP_LABELS else "" for j, r in enumerate(steps)]
    notes = []
    if version is None and X.shape[0]:
        notes.append(_(NO_VERSION_SPACE))
    if len(constraints) < X.shape[0]:
        # TRANSLATORS: a note under the weight space (lower case: the notes are joined by "; ").
        notes.append(_("{n} of {total} constraint lines drawn (the examples of the steps shown first, then an even "
                       "sample); the version space uses them all").format(n=len(constraints), total=f"{X.shape[0]:,}"))
    if first > 0:
        # TRANSLATORS: a note under the weight space (lower case: the notes are joined by "; ").
        notes.append(_("the path shows the last {n} of {total} updates").format(n=f"{k - first:,}", total=f"{k:,}"))
    return WeightSpace(view, rec.offset, b, k, constraints, int(X.shape[0]), version, ray, path, first,
                       steps, labels, notes)
