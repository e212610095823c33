"""What the canvas shows of d-dimensional data, and the plane geometry it draws; no Qt.

The canvas always draws in a 2-D *view plane*. A :class:`Projection` maps data rows to that
plane and maps the hyperplane w·x + b = 0 to a line w₂·p + b₂ = 0 in it. For d > 2 the line is
the hyperplane's intersection with a 2-D slice through a point of the data (its mean), so it is
exact for points in that slice and a guide for the rest.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..core.floatscale import unit_direction

__all__ = ["Projection", "make_projection", "PCA", "W_THETA", "clip_line", "clip_halfplane", "clip_strip", "view_fit"]

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 with x0 < x1, y0 < y1


@dataclass(frozen=True)
class Projection:
    """A map from data rows to the view plane: p = Aᵀ(x − origin); the slice is x = origin + A p.

    Parameters
    ----------
    A : (d, 2) array with orthonormal columns (for d = 1: the row (1, 0)).
    origin : (d,) a point of the slice (zero, or the data mean in the unseen directions).
    kind : "plane" (d = 2), "line" (d = 1), "lifted" (d = 1 drawn at (x, 1), notes 003),
        "features" (two chosen features of d > 2), "pca" (first two principal components) or
        "w_theta" (the plane of the run's w and θ*).
    """

    A: np.ndarray
    origin: np.ndarray
    kind: str
    x_label: str
    y_label: str

    @property
    def d(self) -> int:
        return int(self.A.shape[0])

    @property
    def is_slice(self) -> bool:
        return self.kind in ("features", "pca", "w_theta")

    @property
    def can_add(self) -> bool:
        """Clicking defines a whole data point only when the view shows every feature."""
        return self.kind in ("plane", "line", "lifted")

    def points(self, X: np.ndarray) -> np.ndarray:
        """View-plane positions (m, 2) of data rows X (m, d)."""
        X = np.asarray(X, dtype=np.float64).reshape(-1, self.d)
        if self.kind == "lifted":
            return np.column_stack((X[:, 0], np.ones(X.shape[0])))
        if self.kind == "plane":
            return X.copy()
        return (X - self.origin) @ self.A

    def line(self, w: np.ndarray, b: float) -> tuple[np.ndarray, float]:
        """(w₂, b₂) with w₂·p + b₂ = w·x + b for x = origin + A p on the slice."""
        w = np.asarray(w, dtype=np.float64).reshape(-1)
        if self.kind == "lifted":  # w·x + b·1 with the constant feature as the second axis
            return np.array([w[0], float(b)]), 0.0
        return self.A.T @ w, float(b + w @ self.origin)

    def to_data(self, P: np.ndarray) -> np.ndarray:
        """Data rows (m, d) of view-plane points P (m, 2) (the slice through ``origin``)."""
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        if self.kind == "lifted":
            return P[:, :1].copy()
        return self.origin + P @ self.A.T

    def delta_to_data(self, dp: Sequence[float]) -> np.ndarray:
        """The data-space move (d,) of a drag by dp in the view plane."""
        dp = np.asarray(dp, dtype=np.float64).reshape(2)
        if self.kind == "lifted":
            return np.array([dp[0]])
        return self.A @ dp

    def scores(self, score: Callable[[np.ndarray], np.ndarray], P: np.ndarray) -> np.ndarray:
        """A scoring function of data rows evaluated at view-plane points P.

        In the lifted view the plane is homogeneous: each linear vote sign(w·p₁ + b·p₂) equals
        sign(p₂)·sign(w·(p₁/p₂) + b), so the whole vote is sign(p₂)·score(p₁/p₂).
        """
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        if self.kind != "lifted":
            return np.asarray(score(self.to_data(P)), dtype=np.float64)
        p2 = P[:, 1]
        safe = np.where(p2 == 0.0, 1.0, p2)
        out = np.sign(p2) * np.asarray(score((P[:, 0] / safe).reshape(-1, 1)), dtype=np.float64)
        return out


PCA = "pca"  # the first two principal components (the default for d > 2)
W_THETA = "w_theta"  # the plane spanned by the run's output w and θ*


def make_projection(X: np.ndarray, names: Sequence[str], features: str | tuple[int, int | None],
                    lifted: bool, directions: tuple[np.ndarray | None, np.ndarray | None] | None = None
                    ) -> Projection:
    """The projection for data X (n, d): identity for d = 2, the x-axis (or the lifted plane)
    for d = 1, and for d > 2 the view ``features`` chooses: :data:`PCA` (also ``(i, None)``),
    :data:`W_THETA` with ``directions`` = (w, w*) — the run's output weights and θ*'s feature
    part — or two features ``(i, j)``. A choice that cannot be drawn (too few points for PCA,
    no run or no θ* for W_THETA, features of another data set) falls back: W_THETA → PCA →
    the first two features."""
    X = np.asarray(X, dtype=np.float64)
    d = X.shape[1]
    names = list(names) + [f"x{j + 1}" for j in range(len(names), d)]
    if d == 2:
        return Projection(np.eye(2), np.zeros(2), "plane", names[0], names[1])
    if d == 1:
        if lifted:
            return Projection(np.array([[1.0, 0.0]]), np.zeros(1), "lifted", names[0],
                              "constant feature 1 (offset trick)")
        return Projection(np.array([[1.0, 0.0]]), np.zeros(1), "line", names[0], "")
    mean = X.mean(axis=0) if X.shape[0] else np.zeros(d)
    if features == W_THETA:
        plane = _w_theta_axes(directions, d)
        if plane is not None:
            return Projection(plane, mean, "w_theta", "along θ* (the max-margin normal)",
                              "along w, the part ⟂ θ*")
        features = PCA
    if features == PCA or (isinstance(features, tuple) and features[1] is None):
        basis = _principal_axes(X, mean)
        if basis is not None:
            A, share = basis
            return Projection(A, mean, "pca", f"PC1 ({_share(share[0])} of variance)",
                              f"PC2 ({_share(share[1])} of variance)")
        features = (0, 1)
    i, j = (int(v) for v in features)  # type: ignore[union-attr, arg-type]
    if not (0 <= i < d and 0 <= j < d and i != j):  # chosen for another data set
        i, j = 0, 1
    A = np.zeros((d, 2))
    A[i, 0] = A[j, 1] = 1.0
    origin = mean.copy()
    origin[[i, j]] = 0.0
    return Projection(A, origin, "features", names[i], names[j])


def _share(fraction: float) -> str:
    """A share of the variance: whole percents, but never a misleading '0 %' for a small one."""
    pct = 100.0 * float(fraction)
    if pct >= 1.0 or pct == 0.0:
        return f"{pct:.0f} %"
    return f"{pct:.2g} %" if pct >= 0.01 else "< 0.01 %"


def _w_theta_axes(directions: tuple[np.ndarray | None, np.ndarray | None] | None, d: int) -> np.ndarray | None:
    """Orthonormal (d, 2): θ*'s direction first, then the part of w orthogonal to it. None when
    θ* is missing or w has no part outside θ*'s direction (the plane is then not defined)."""
    if directions is None:
        return None
    w, t = directions
    if w is None or t is None:
        return None
    w, t = np.asarray(w, dtype=np.float64).reshape(-1), np.asarray(t, dtype=np.float64).reshape(-1)
    if w.shape != (d,) or t.shape != (d,):
        return None
    nt = float(np.linalg.norm(t))
    if not np.isfinite(nt) or nt == 0.0:
        return None
    e1 = t / nt
    rest = w - (w @ e1) * e1
    nr = float(np.linalg.norm(rest))
    if not np.isfinite(nr) or nr <= 1e-9 * max(float(np.linalg.norm(w)), 1e-300):
        return None
    return np.column_stack((e1, rest / nr))


def _principal_axes(X: np.ndarray, mean: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    if X.shape[0] < 2:
        return None
    _, s, vt = np.linalg.svd(X - mean, full_matrices=False)
    if s.size < 2 or s[0] == 0.0:
        return None
    A = vt[:2].T.copy()
    # SVD signs are arbitrary; fix them so the picture does not flip when a point is added.
    for c in range(2):
        if A[np.argmax(np.abs(A[:, c])), c] < 0:
            A[:, c] *= -1
    var = s ** 2
    return A, var[:2] / var.sum()


def view_fit(P: np.ndarray, kind: str, pad: float = 0.1,
             line: tuple[np.ndarray, float] | None = None) -> Rect:
    """A view rectangle around view-plane points P, padded; (−1, −1, 1, 1) without points.

    With ``line`` = (w₂, b₂), the hyperplane's line w₂·p + b₂ = 0 in the view plane, the
    rectangle also takes in the line's point nearest the points' centre, with room for the
    normal arrow drawn from it: fitting shows the hyperplane, not only the data (a 1-D
    standard run's line at x = 0 was left outside while the canvas said "press F to fit").
    """
    if P.shape[0] == 0:
        x0, y0, x1, y1 = -1.0, -1.0, 1.0, 1.0
    else:
        x0, y0 = (float(v) for v in np.min(P, axis=0))
        x1, y1 = (float(v) for v in np.max(P, axis=0))
    foot = _line_foot(line, ((x0 + x1) / 2.0, (y0 + y1) / 2.0)) if P.shape[0] else None
    if foot is not None:
        # The arrow is about a fifth of the view long: leave that much around the foot.
        room = 0.2 * max(x1 - x0, y1 - y0, abs(foot[0] - (x0 + x1) / 2.0), abs(foot[1] - (y0 + y1) / 2.0))
        room = room if room > 0 else 1.0
        # (In the 1-D "line" view the foot is the point x = −b/w; the y range is fixed below.)
        x0, x1 = min(x0, foot[0] - 0.5 * room), max(x1, foot[0] + 0.5 * room)
        y0, y1 = min(y0, foot[1] - 0.5 * room), max(y1, foot[1] + 0.5 * room)
    if kind == "lifted":  # the separator and its normal start at the origin: room around it
        x0, x1, y0, y1 = min(x0, 0.0), max(x1, 0.0), min(y0, 0.0), max(y1, 1.0)
        room = 0.25 * max(x1 - x0, 1.0)
        x0, x1, y0 = min(x0, -room), max(x1, room), min(y0, -room)
    if kind == "line":
        y0, y1 = -1.0, 1.0
        m = pad * (x1 - x0) if x1 - x0 > 1e-9 else 1.0
        return x0 - m, y0, x1 + m, y1
    span = max(x1 - x0, y1 - y0)
    m = pad * span if span > 1e-9 else 1.0
    return x0 - m, y0 - m, x1 + m, y1 + m


def _line_foot(line: tuple[np.ndarray, float] | None, centre: tuple[float, float]) -> np.ndarray | None:
    """The point of the line w·p + b = 0 nearest ``centre`` (None for no line, or w = 0)."""
    if line is None:
        return None
    w = np.asarray(line[0], dtype=np.float64).reshape(-1)
    unit = unit_line(w, float(line[1])) if w.shape == (2,) else None
    if unit is None:
        return None
    w, b = unit
    nn = 1.0
    c = np.asarray(centre, dtype=np.float64)
    foot = c - w * (w @ c + b) / nn
    return foot if np.all(np.isfinite(foot)) else None


# ---- plane geometry ---------------------------------------------------------------------------
def clip_halfplane(poly: np.ndarray, w: np.ndarray, c: float) -> np.ndarray:
    """The part of convex polygon ``poly`` (k, 2) where w·p + c ≥ 0 (Sutherland–Hodgman)."""
    if poly.shape[0] == 0:
        return poly
    v = poly @ w + c
    out: list[np.ndarray] = []
    k = poly.shape[0]
    for a in range(k):
        b = (a + 1) % k
        pa, pb, va, vb = poly[a], poly[b], v[a], v[b]
        if va >= 0:
            out.append(pa)
        if (va >= 0) != (vb >= 0):
            out.append(pa + (pb - pa) * (va / (va - vb)))
    return np.array(out) if out else np.zeros((0, 2))


def rect_polygon(rect: Rect) -> np.ndarray:
    x0, y0, x1, y1 = rect
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=np.float64)


def unit_line(w: np.ndarray, b: float) -> tuple[np.ndarray, float] | None:
    """The same line w·p + b = 0 as (w/‖w‖, b/‖w‖), found without squaring w (weights of
    1e150 or 1e-300 overflow or vanish when squared); None for w = 0 or a line beyond the
    float range."""
    u, bu, norm = unit_direction(np.asarray(w, dtype=np.float64), b)
    if norm == 0.0 or not np.isfinite(bu) or not np.all(np.isfinite(u)):
        return None
    return u, bu


def clip_line(w: np.ndarray, b: float, rect: Rect, level: float = 0.0) -> np.ndarray | None:
    """The segment (2, 2) of the line w·p + b = level inside ``rect``, or None."""
    unit = unit_line(w, float(b) - level)
    if unit is None:
        return None
    w, b = unit
    level, nn = 0.0, 1.0
    x0, y0, x1, y1 = rect
    foot = w * (level - b) / nn  # the line's point nearest the origin
    direction = np.array([-w[1], w[0]]) / np.sqrt(nn)
    t_lo, t_hi = -np.inf, np.inf
    for k, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        if abs(direction[k]) < 1e-15:
            if not lo <= foot[k] <= hi:
                return None
            continue
        ta, tb = (lo - foot[k]) / direction[k], (hi - foot[k]) / direction[k]
        t_lo, t_hi = max(t_lo, min(ta, tb)), min(t_hi, max(ta, tb))
    if not t_lo < t_hi:
        return None
    return np.array([foot + t_lo * direction, foot + t_hi * direction])


def clip_strip(w: np.ndarray, b: float, half_width: float, rect: Rect) -> np.ndarray:
    """The polygon of the band |w·p + b| ≤ half_width inside ``rect`` (may be empty)."""
    poly = clip_halfplane(rect_polygon(rect), np.asarray(w, float), b + half_width)
    return clip_halfplane(poly, -np.asarray(w, float), -b + half_width)


def arrow_anchor(w: np.ndarray, b: float, rect: Rect, inset: float | None = 0.15,
                 target: tuple[float, float] = (0.5, 0.5)) -> np.ndarray | None:
    """Where the normal arrow starts: the line's point nearest the origin when that is at
    least ``inset`` (a share of the view) inside it — its distance to the origin is then
    |b|/‖w‖, as in the notes — otherwise the point nearest ``target`` (shares of the view's
    width and height), kept on the visible segment."""
    seg = clip_line(w, b, rect)
    if seg is None:
        return None
    x0, y0, x1, y1 = rect
    w, b = unit_line(w, b)  # not None: clip_line found the line
    nn = 1.0
    foot0 = -w * b / nn
    if inset is not None:
        mx, my = inset * (x1 - x0), inset * (y1 - y0)
        if x0 + mx <= foot0[0] <= x1 - mx and y0 + my <= foot0[1] <= y1 - my:
            return foot0
    c = np.array([x0 + target[0] * (x1 - x0), y0 + target[1] * (y1 - y0)])
    foot = c - w * (w @ c + b) / nn
    a, e = seg
    d = e - a
    span = float(np.max(np.abs(d)))  # divide first: d·d of a 1e-300 view would vanish
    dn = d / span if span > 0.0 else d
    dd = float(dn @ dn)
    t = float(np.clip(((foot - a) / span) @ dn / dd, 0.2, 0.8)) if dd > 0.0 else 0.5
    return a + t * d
