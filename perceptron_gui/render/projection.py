"""What a picture shows of d-dimensional data: the map to the 2-D view plane; no Qt.

The canvas always draws in a 2-D *view plane*. A :class:`Projection` maps data rows to that
plane and maps the hyperplane w·x + b = 0 to a line w₂·p + b₂ = 0 in it. For d > 2 the line is
the hyperplane's intersection with a 2-D slice through a point of the data (its mean), so it is
exact for points in that slice and a guide for the rest.
"""
from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from ..i18n import _

__all__ = ["Projection", "make_projection", "prepare_projection", "principal_view", "pca_projection", "PCA", "W_THETA",
           "LIFTED_LINE"]


# The 1-D view drawn at (x, 1), the offset trick's plane (notes 003) — a view, not the lifted perceptron.
LIFTED_LINE = "lifted"


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
        if self.kind == LIFTED_LINE:
            return np.column_stack((X[:, 0], np.ones(X.shape[0])))
        if self.kind == "plane":
            return X.copy()
        # X·A − origin·A, not (X − origin)·A: no centred copy of the points (12,665 × 784: an
        # 80 MB temporary and ~50 ms of the window's thread at every rebuild of the picture).
        return np.asarray(X @ self.A - self.origin @ self.A)

    def line(self, w: np.ndarray, b: float) -> tuple[np.ndarray, float]:
        """(w₂, b₂) with w₂·p + b₂ = w·x + b for x = origin + A p on the slice."""
        w = np.asarray(w, dtype=np.float64).reshape(-1)
        if self.kind == LIFTED_LINE:  # w·x + b·1 with the constant feature as the second axis
            return np.array([w[0], float(b)]), 0.0
        return self.A.T @ w, float(b + w @ self.origin)

    def to_data(self, P: np.ndarray) -> np.ndarray:
        """Data rows (m, d) of view-plane points P (m, 2) (the slice through ``origin``)."""
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        if self.kind == LIFTED_LINE:
            return P[:, :1].copy()
        return np.asarray(self.origin + P @ self.A.T)

    def delta_to_data(self, dp: Sequence[float]) -> np.ndarray:
        """The data-space move (d,) of a drag by dp in the view plane."""
        v = np.asarray(dp, dtype=np.float64).reshape(2)
        if self.kind == LIFTED_LINE:
            return np.array([v[0]])
        return self.A @ v

    def scores(self, score: Callable[[np.ndarray], np.ndarray], P: np.ndarray) -> np.ndarray:
        """A scoring function of data rows evaluated at view-plane points P.

        In the lifted view the plane is homogeneous: each linear vote sign(w·p₁ + b·p₂) equals
        sign(p₂)·sign(w·(p₁/p₂) + b), so the whole vote is sign(p₂)·score(p₁/p₂).
        """
        P = np.asarray(P, dtype=np.float64).reshape(-1, 2)
        if self.kind != LIFTED_LINE:
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
                              _("constant feature 1 (offset trick)"))
        return Projection(np.array([[1.0, 0.0]]), np.zeros(1), "line", names[0], "")
    mean = _cached(X, axes=False)[0]
    if features == W_THETA:
        plane = _w_theta_axes(directions, d)
        if plane is not None:
            return Projection(plane, mean, "w_theta", _("along θ* (the max-margin normal)"),
                              _("along w, the part ⟂ θ*"))
        features = PCA
    if features == PCA or (isinstance(features, tuple) and features[1] is None):
        basis = _cached(X, axes=True)[1]
        if basis is not None:
            return pca_projection(mean, basis)
        features = (0, 1)
    i, j = (int(v) for v in features)  # type: ignore[arg-type]
    if not (0 <= i < d and 0 <= j < d and i != j):  # chosen for another data set
        i, j = 0, 1
    A = np.zeros((d, 2))
    A[i, 0] = A[j, 1] = 1.0
    origin = mean.copy()
    origin[[i, j]] = 0.0
    return Projection(A, origin, "features", names[i], names[j])


def pca_projection(mean: np.ndarray, basis: tuple[np.ndarray, np.ndarray]) -> Projection:
    """The :data:`PCA` view of the slice through ``mean`` on the principal axes ``basis`` =
    (A (d, 2), their shares of the variance), as :func:`principal_view` gives them."""
    A, share = basis
    # TRANSLATORS: an axis of the view: the first principal component and its share of the variance.
    return Projection(A, mean, "pca", _("PC1 ({share} of variance)").format(share=_share(share[0])),
                      # TRANSLATORS: an axis of the view: the second principal component.
                      _("PC2 ({share} of variance)").format(share=_share(share[1])))


def principal_view(X: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray] | None]:
    """(mean, principal axes and their shares, or None) of the points X (n, d > 2), worked out
    now, on any thread: for points being edited, whose array the cache does not keep."""
    X = np.asarray(X, dtype=np.float64)
    mean = X.mean(axis=0) if X.shape[0] else np.zeros(X.shape[1])
    return mean, _principal_axes(X, mean)


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


# The mean and principal axes of a read-only array, by the array's identity. A data set's points
# are read-only (an edit copies the array it changes), so an array seen again has the same
# numbers; at 12,665 × 784 the axes take 0.17 s, which a file's reader (a worker) spends before
# the window draws the points (prepare_projection), not the window's thread at every redraw.
_CACHE: dict[int, tuple[weakref.ref[np.ndarray], np.ndarray, Any]] = {}
_CACHE_LOCK = threading.Lock()
_CACHE_SIZE = 4


def prepare_projection(X: np.ndarray) -> None:
    """Work out the mean and principal axes of the points X now (on any thread), so that the
    first picture of them does not (see :func:`make_projection`). Only read-only float arrays
    of more than two features are kept; anything else is left for the picture to work out."""
    X = np.asarray(X)
    if X.ndim == 2 and X.shape[1] > 2 and X.dtype == np.float64:
        _cached(X, axes=True)


_NOT_YET = object()


def _cached(X: np.ndarray, axes: bool) -> tuple[np.ndarray, Any]:
    """(mean, principal axes or None when ``axes``) of X, from the cache when X is a read-only
    array seen before; copies, so no caller changes what the cache holds."""
    keep = not X.flags.writeable and X.ndim == 2 and X.shape[1] > 2
    hit = None
    if keep:
        with _CACHE_LOCK:
            hit = _CACHE.get(id(X))
        if hit is not None and hit[0]() is not X:
            hit = None
    mean = hit[1] if hit is not None else (X.mean(axis=0) if X.shape[0] else np.zeros(X.shape[1]))
    found = hit[2] if hit is not None else _NOT_YET
    if axes and found is _NOT_YET:
        found = _principal_axes(X, mean)
    if keep and (hit is None or found is not hit[2]):
        with _CACHE_LOCK:
            for key in [k for k, v in _CACHE.items() if v[0]() is None]:  # arrays freed since
                del _CACHE[key]
            _CACHE.pop(id(X), None)
            while len(_CACHE) >= _CACHE_SIZE:
                del _CACHE[next(iter(_CACHE))]
            _CACHE[id(X)] = (weakref.ref(X), mean, found)
    if not axes or found is None:
        return mean.copy(), None
    A, share = cast(tuple[np.ndarray, np.ndarray], found)
    return mean.copy(), (A.copy(), share.copy())


_SCATTER_CELLS = 1 << 20  # numbers of the centred points made at a time (8 MB)


def _principal_axes(X: np.ndarray, mean: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    n, d = X.shape
    if n < 2:
        return None
    if n > 2 * d:
        # Many more points than features (12,665 × 784: 0.17 s, where the SVD of the points took
        # 1.2–1.6 s of the window's thread): the eigenvectors of the d × d scatter matrix are the
        # SVD's right singular vectors, its eigenvalues the squared singular values. The centred
        # points are made a block of rows at a time (all at once: 80 MB more at 12,665 × 784).
        S = np.zeros((d, d))
        step = max(1, _SCATTER_CELLS // d)
        for r in range(0, n, step):
            Xc = X[r:r + step] - mean
            S += Xc.T @ Xc
        var, V = np.linalg.eigh(S)
        var, vt = np.maximum(var[::-1], 0.0), V[:, ::-1].T
    else:
        _unused, s, vt = np.linalg.svd(X - mean, full_matrices=False)
        var = s ** 2
    if var.size < 2 or var[0] == 0.0:
        return None
    A = vt[:2].T.copy()
    # SVD signs are arbitrary; fix them so the picture does not flip when a point is added.
    for c in range(2):
        if A[np.argmax(np.abs(A[:, c])), c] < 0:
            A[:, c] *= -1
    return A, var[:2] / var.sum()
