"""The curve f(x) = 0 of a scoring function over a view rectangle (no Qt): marching squares on a
coarse grid, refined on a fine grid inside the cells the curve crosses (and their neighbours).

Used for the kernel perceptron's boundary: recomputed for each view, so it stays smooth at any
zoom (the fine grid is a fixed number of cells of the *view*, not of the data).
"""
from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["zero_contour", "marching_squares", "join_segments", "COARSE", "REFINE"]

COARSE = 40  # cells per side of the first grid over the view
REFINE = 8  # each crossed coarse cell is cut into REFINE × REFINE cells: 320 per side where it matters

Rect = tuple[float, float, float, float]


def zero_contour(score: Callable[[np.ndarray], np.ndarray], rect: Rect, coarse: int = COARSE,
                 refine: int = REFINE, max_fine_points: int | None = None) -> np.ndarray:
    """Segments (s, 2, 2) of the curve score = 0 inside ``rect`` = (x0, y0, x1, y1).

    ``score`` takes points (m, 2) of the plane and returns (m,) values; a point scores positive
    when its value is ≥ 0 (sign(0) = +1, as everywhere in the program). ``max_fine_points``
    caps the refinement's evaluations (a costly score): the cells are cut coarser (down to 2 × 2)
    until it fits."""
    x0, y0, x1, y1 = (float(v) for v in rect)
    xs = np.linspace(x0, x1, coarse + 1)
    ys = np.linspace(y0, y1, coarse + 1)
    gx, gy = np.meshgrid(xs, ys)
    V = np.asarray(score(np.column_stack((gx.ravel(), gy.ravel()))), dtype=np.float64).reshape(coarse + 1, coarse + 1)
    pos = V >= 0.0
    corners = pos[:-1, :-1].astype(np.int8) + pos[1:, :-1] + pos[:-1, 1:] + pos[1:, 1:]
    crossed = (corners > 0) & (corners < 4)
    if not crossed.any():
        return np.zeros((0, 2, 2))
    # Neighbours too: a curve can enter and leave a cell through one edge, both corners alike.
    grown = crossed.copy()
    grown[1:, :] |= crossed[:-1, :]
    grown[:-1, :] |= crossed[1:, :]
    grown[:, 1:] |= crossed[:, :-1]
    grown[:, :-1] |= crossed[:, 1:]
    ci, cj = np.nonzero(grown)
    if max_fine_points is not None:
        while refine > 2 and ci.shape[0] * (refine + 1) ** 2 > max_fine_points:
            refine -= 2
    u = np.arange(refine + 1) / refine
    # The fine grid of cell (i, j): its corners are the coarse ones exactly (u = 0 and 1), so
    # neighbouring cells compute their shared border at the same points.
    fx = xs[cj][:, None] + u[None, :] * (xs[cj + 1] - xs[cj])[:, None]  # (B, r+1)
    fy = ys[ci][:, None] + u[None, :] * (ys[ci + 1] - ys[ci])[:, None]
    fx[:, -1], fy[:, -1] = xs[cj + 1], ys[ci + 1]
    B = ci.shape[0]
    px = np.broadcast_to(fx[:, None, :], (B, refine + 1, refine + 1))
    py = np.broadcast_to(fy[:, :, None], (B, refine + 1, refine + 1))
    F = np.asarray(score(np.column_stack((px.ravel(), py.ravel()))), dtype=np.float64).reshape(B, refine + 1, refine + 1)
    return marching_squares(F, fx, fy)


def marching_squares(V: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Segments (s, 2, 2) of V = 0 on a batch of grids: V (B, ny+1, nx+1) sampled at x = xs[b]
    (B, nx+1) and y = ys[b] (B, ny+1), row i at height ys[b, i]. Crossings are interpolated
    linearly along the cell edges; a saddle cell is resolved by the mean of its corners."""
    V = np.asarray(V, dtype=np.float64)
    if V.ndim == 2:
        V, xs, ys = V[None], np.asarray(xs)[None], np.asarray(ys)[None]
    pos = V >= 0.0
    # Horizontal edges (B, ny+1, nx) and vertical edges (B, ny, nx+1): crossing points.
    ha, hb = V[:, :, :-1], V[:, :, 1:]
    hcross = pos[:, :, :-1] != pos[:, :, 1:]
    with np.errstate(divide="ignore", invalid="ignore"):
        ht = np.where(hcross, ha / (ha - hb), 0.0)
    hx = xs[:, None, :-1] + ht * (xs[:, None, 1:] - xs[:, None, :-1])
    hy = np.broadcast_to(ys[:, :, None], hx.shape)
    va, vb = V[:, :-1, :], V[:, 1:, :]
    vcross = pos[:, :-1, :] != pos[:, 1:, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        vt = np.where(vcross, va / (va - vb), 0.0)
    vy = ys[:, :-1, None] + vt * (ys[:, 1:, None] - ys[:, :-1, None])
    vx = np.broadcast_to(xs[:, None, :], vy.shape)
    # Per cell, its edges in the order bottom, right, top, left: points (B, ny, nx, 4, 2).
    P = np.stack([np.stack((hx[:, :-1], hy[:, :-1]), -1), np.stack((vx[:, :, 1:], vy[:, :, 1:]), -1),
                  np.stack((hx[:, 1:], hy[:, 1:]), -1), np.stack((vx[:, :, :-1], vy[:, :, :-1]), -1)], axis=3)
    C = np.stack([hcross[:, :-1], vcross[:, :, 1:], hcross[:, 1:], vcross[:, :, :-1]], axis=3)
    count = C.sum(axis=3)
    segs = []
    two = count == 2
    if two.any():
        Pc, Cc = P[two], C[two]  # (m, 4, 2), (m, 4)
        first = np.argmax(Cc, axis=1)
        second = 3 - np.argmax(Cc[:, ::-1], axis=1)
        m = np.arange(Pc.shape[0])
        segs.append(np.stack((Pc[m, first], Pc[m, second]), axis=1))
    four = count == 4
    if four.any():
        Pc = P[four]
        b, i, j = np.nonzero(four)
        centre = (V[b, i, j] + V[b, i, j + 1] + V[b, i + 1, j] + V[b, i + 1, j + 1]) / 4.0
        joined = (centre >= 0.0) == pos[b, i, j]  # the corners (0,0) and (1,1) meet through the centre
        a1 = np.where(joined, 0, 0)
        b1 = np.where(joined, 1, 3)
        a2 = np.where(joined, 2, 2)
        b2 = np.where(joined, 3, 1)
        m = np.arange(Pc.shape[0])
        segs.append(np.stack((Pc[m, a1], Pc[m, b1]), axis=1))
        segs.append(np.stack((Pc[m, a2], Pc[m, b2]), axis=1))
    if not segs:
        return np.zeros((0, 2, 2))
    return np.ascontiguousarray(np.concatenate(segs, axis=0))


def join_segments(segs: np.ndarray) -> list[np.ndarray]:
    """The segments chained into polylines (each (m, 2)) where their ends coincide exactly, so a
    writer can draw one path per piece of the curve instead of one line per segment."""
    segs = np.asarray(segs, dtype=np.float64).reshape(-1, 2, 2)
    ends: dict[tuple[float, float], list[int]] = {}
    for s, seg in enumerate(segs):
        for e in (0, 1):
            ends.setdefault((float(seg[e, 0]), float(seg[e, 1])), []).append(2 * s + e)
    used = np.zeros(segs.shape[0], dtype=bool)

    def walk(s: int, e: int) -> list[np.ndarray]:
        """From end e of segment s onwards, through the segments that share each next end."""
        out: list[np.ndarray] = []
        while True:
            p = segs[s, e]
            nxt = [k for k in ends[(float(p[0]), float(p[1]))] if not used[k // 2]]
            if not nxt:
                return out
            k = nxt[0]
            s, e = k // 2, 1 - (k % 2)
            used[s] = True
            out.append(segs[s, e])

    lines = []
    for s in range(segs.shape[0]):
        if used[s]:
            continue
        used[s] = True
        forward = walk(s, 1)
        backward = walk(s, 0)
        pts = [*reversed(backward), segs[s, 0], segs[s, 1], *forward]
        lines.append(np.array(pts))
    return lines
