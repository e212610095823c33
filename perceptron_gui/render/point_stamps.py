"""Many points drawn as one image: each point's marker stamped into an ARGB array (no Qt).

A marker is a *stamp*: the pixels of one style's symbol (offsets from the point's pixel and a
premultiplied ARGB colour each), made once by the painter that knows the symbol. Points are
stamped in row order, so a later row covers an earlier one as in the vector scatter. 10⁶ points
in a 600 px view take about 55 ms (2 cores) where a vector scatter repaints them in ~200 ms;
:func:`restamp_boxes` redraws only small boxes (a dragged point's old and new place) in a few ms.
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..core.workers import named_pool

# The points' style numbers: 12 styles fit a byte, and at 10⁶ points an 8-byte index was 8 MB of
# fresh memory on the window's thread at every open. The kernels are compiled for it.
STYLE_DTYPE = np.uint8

__all__ = ["STYLE_DTYPE", "Stamps", "TileIndex", "make_stamps", "pixel_coords", "stamp_all", "tile_index",
           "restamp_boxes", "is_warm", "warm_up"]

# Pixel coordinates are clipped to this before the cast, so a point far outside the view (or
# at a huge coordinate) cannot overflow int32; it is simply off the image.
_FAR = 1 << 28


@dataclass(frozen=True)
class Stamps:
    """The stamps of a style table: style s owns rows ``start[s]:start[s+1]`` of dx, dy, argb;
    ``radius`` is the largest |dx| or |dy| of any stamp (how far a mark reaches)."""

    start: np.ndarray  # int64 (k + 1,)
    dx: np.ndarray  # int32
    dy: np.ndarray  # int32
    argb: np.ndarray  # uint32, premultiplied 0xAARRGGBB
    radius: int


def make_stamps(images: list[np.ndarray]) -> Stamps:
    """Stamps from one premultiplied ARGB32 image (h, w) uint32 per style, its centre pixel at
    (h // 2, w // 2); fully transparent pixels are left out."""
    starts, dxs, dys, cols, radius = [0], [], [], [], 0
    for img in images:
        img = np.asarray(img, dtype=np.uint32)
        ys, xs = np.nonzero(img >> 24)
        dx, dy = xs - img.shape[1] // 2, ys - img.shape[0] // 2
        dxs.append(dx)
        dys.append(dy)
        cols.append(img[ys, xs])
        starts.append(starts[-1] + ys.size)
        if ys.size:
            radius = max(radius, int(np.abs(dx).max()), int(np.abs(dy).max()))

    def cat(parts: list[np.ndarray], dt: type) -> np.ndarray:
        return np.concatenate(parts).astype(dt) if parts else np.zeros(0, dt)
    return Stamps(np.array(starts, dtype=np.int64), cat(dxs, np.int32), cat(dys, np.int32), cat(cols, np.uint32), radius)


def pixel_coords(P: np.ndarray, sx: float, ox: float, sy: float, oy: float) -> tuple[np.ndarray, np.ndarray]:
    """The pixel (column, row) of each point of P (n, 2): floor(s·p + o) per axis, as int32
    (a coordinate beyond ±2²⁸ px, infinite or NaN lands far off the image)."""
    P = np.ascontiguousarray(P, dtype=np.float64).reshape(-1, 2)
    px = np.empty(P.shape[0], dtype=np.int32)
    py = np.empty(P.shape[0], dtype=np.int32)
    _cells(P, float(sx), float(ox), float(sy), float(oy), px, py)
    return px, py


def stamp_all(img: np.ndarray, px: np.ndarray, py: np.ndarray, style: np.ndarray, st: Stamps) -> np.ndarray:
    """Clear ``img`` (h, w) uint32 and stamp every point into it. Returns which points were
    stamped (bool, n): :func:`restamp_boxes` leaves the others out too."""
    img.fill(0)
    h, w = img.shape
    # Of the points on one pixel in one style only the last shows (an earlier one lies under
    # it but for anti-aliased fringes): at 10⁶ points in a 600 px view that leaves about a
    # third to stamp. Points whose mark misses the image are left out here too.
    lo = int(style.min()) if style.size else 0  # a data set uses the 4 styles of one size level
    span = int(style.max()) - lo + 1 if style.size else 1
    keep = _last_per_pixel(px, py, style, w, h, st.radius, lo, span)
    shown = np.zeros(px.shape[0], dtype=np.bool_)
    shown[keep] = True
    px, py, style = px[keep], py[keep], style[keep]
    bands = _workers()
    step = -(-h // bands)
    args = (px, py, style, st.start, st.dx, st.dy, st.argb, st.radius)
    if bands == 1 or px.shape[0] < 50_000:
        _stamp(img, *args, 0, 0, w, h)
        return shown
    # One band of rows per core, on plain threads (the kernel releases the GIL): every band
    # scans all points in row order and draws only its own pixels, so overlapping marks stack
    # as in one serial pass. Plain threads rather than numba's prange: its default threading
    # layer must not be entered from two threads at once, and a pocket run uses it meanwhile.
    jobs = [_pool().submit(_stamp, img, *args, 0, b * step, w, min(h, (b + 1) * step)) for b in range(bands)]
    for job in jobs:
        job.result()
    return shown


@dataclass(frozen=True)
class TileIndex:
    """The shown points by tile of ``TILE`` px (of the image padded by the marks' reach), each
    tile's rows ascending: ``rows[start[t]:start[t + 1]]`` for tile t = ty·cols + tx."""

    start: np.ndarray
    rows: np.ndarray
    cols: int
    tiles_y: int
    radius: int


TILE = 16


def tile_index(px: np.ndarray, py: np.ndarray, shown: np.ndarray, w: int, h: int, radius: int) -> TileIndex:
    """Index the ``shown`` points of a w × h image by tile, so that redrawing a box looks at the
    points near it only (a scan of 10⁶ points took 5 ms a drag move, 20–40 ms on a loaded machine)."""
    cols, rows_y = -(-(w + 2 * radius) // TILE), -(-(h + 2 * radius) // TILE)
    start, rows = _tiles(px, py, np.flatnonzero(shown), radius, cols, rows_y, TILE)
    return TileIndex(start, rows, cols, rows_y, radius)


def restamp_boxes(img: np.ndarray, px: np.ndarray, py: np.ndarray, style: np.ndarray, st: Stamps,
                  centres: np.ndarray, shown: np.ndarray, index: TileIndex | None = None,
                  moved: np.ndarray | None = None) -> None:
    """Redraw the boxes of half-size ``st.radius`` around pixel ``centres`` (m, 2): each box is
    cleared, then every ``shown`` point whose mark touches it is stamped again (clipped to the
    box), in row order. With ``index`` only the points of the tiles near the boxes are looked
    at, and the rows ``moved`` since the index was made."""
    r = st.radius
    h, w = img.shape
    boxes = _merged([(max(cx - r, 0), max(cy - r, 0), min(cx + r + 1, w), min(cy + r + 1, h))
                     for cx, cy in np.asarray(centres, dtype=np.int64).reshape(-1, 2).tolist()])
    for x0, y0, x1, y1 in boxes:
        img[y0:y1, x0:x1] = 0
    if not boxes:
        return
    args = (st.start, st.dx, st.dy, st.argb, r, np.array(boxes, dtype=np.int64))
    if index is None:
        _stamp_boxes(img, px, py, style, shown, *args)
        return
    near = [np.asarray(moved, dtype=np.int64).reshape(-1) if moved is not None else np.zeros(0, np.int64)]
    for x0, y0, x1, y1 in boxes:  # a mark touches the box when its centre is within r of it
        tx0, tx1 = max(x0 // TILE, 0), min((x1 - 1 + 2 * r) // TILE, index.cols - 1)
        ty0, ty1 = max(y0 // TILE, 0), min((y1 - 1 + 2 * r) // TILE, index.tiles_y - 1)
        for ty in range(ty0, ty1 + 1):
            a, b = index.start[ty * index.cols + tx0], index.start[ty * index.cols + tx1 + 1]
            near.append(index.rows[a:b])
    rows = np.unique(np.concatenate(near))  # sorted: marks stack in row order
    _stamp_boxes(img, px[rows], py[rows], style[rows], shown[rows], *args)


def _merged(boxes: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int, int]]:
    """Non-empty boxes with overlapping ones joined into their union (so no pixel is cleared
    by one box and stamped twice, once per box)."""
    out = [b for b in boxes if b[0] < b[2] and b[1] < b[3]]
    joined = True
    while joined:
        joined = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    return out


_WARM = threading.Event()
_WARMING = threading.Lock()


def _workers() -> int:
    return max(1, min(4, os.cpu_count() or 1))


def _pool() -> ThreadPoolExecutor:
    return named_pool("point-stamps", _workers(), housekeeping=True)


@njit(cache=True, nogil=True)
def _cells(P: np.ndarray, sx: float, ox: float, sy: float, oy: float, px: np.ndarray,
           py: np.ndarray) -> None:  # pragma: no cover - compiled
    far = np.float64(_FAR)
    for i in range(P.shape[0]):
        c = P[i, 0] * sx + ox
        px[i] = np.int32(np.floor(c)) if -far < c < far else np.int32(_FAR)  # NaN fails the test too
        c = P[i, 1] * sy + oy
        py[i] = np.int32(np.floor(c)) if -far < c < far else np.int32(_FAR)


@njit(cache=True, nogil=True)
def _last_per_pixel(px: np.ndarray, py: np.ndarray, style: np.ndarray, w: int, h: int, r: int, lo: int,
                    k: int) -> np.ndarray:  # pragma: no cover - compiled
    """Rows (ascending) of the points whose mark touches the w × h image and that are the last
    of their (pixel, style); styles run from lo to lo + k − 1."""
    pad_w, pad_h = w + 2 * r, h + 2 * r
    last = np.full(pad_w * pad_h * k, -1, dtype=np.int32)  # 4 styles × 600² px: 6 MB
    for i in range(px.shape[0]):
        x, y = px[i] + r, py[i] + r
        if 0 <= x < pad_w and 0 <= y < pad_h:
            last[(y * pad_w + x) * k + style[i] - lo] = i
    out = np.empty(px.shape[0], dtype=np.int64)
    m = 0
    for i in range(px.shape[0]):
        x, y = px[i] + r, py[i] + r
        if 0 <= x < pad_w and 0 <= y < pad_h and last[(y * pad_w + x) * k + style[i] - lo] == i:
            out[m] = i
            m += 1
    return out[:m]


@njit(cache=True, nogil=True)
def _tiles(px: np.ndarray, py: np.ndarray, rows: np.ndarray, r: int, cols: int, tiles_y: int,
           tile: int) -> tuple[np.ndarray, np.ndarray]:  # pragma: no cover - compiled
    # A counting sort of ``rows`` by tile: stable, so each tile's rows stay ascending.
    n_tiles = cols * tiles_y
    count = np.zeros(n_tiles + 1, dtype=np.int64)
    tile_of = np.empty(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[0]):
        i = rows[j]
        tx = min(max((px[i] + r) // tile, 0), cols - 1)
        ty = min(max((py[i] + r) // tile, 0), tiles_y - 1)
        tile_of[j] = ty * cols + tx
        count[tile_of[j] + 1] += 1
    start = np.cumsum(count)
    fill = start[:-1].copy()
    out = np.empty(rows.shape[0], dtype=np.int64)
    for j in range(rows.shape[0]):
        t = tile_of[j]
        out[fill[t]] = rows[j]
        fill[t] += 1
    return start, out


@njit(cache=True, nogil=True)
def _stamp_boxes(img: np.ndarray, px: np.ndarray, py: np.ndarray, style: np.ndarray, shown: np.ndarray,
                 start: np.ndarray, dx: np.ndarray, dy: np.ndarray, argb: np.ndarray, r: int,
                 boxes: np.ndarray) -> None:  # pragma: no cover - compiled
    # One scan of the points; a point near a box is stamped clipped to that box (boxes do not
    # overlap: see _merged).
    for i in range(px.shape[0]):
        if not shown[i]:
            continue
        cx, cy = px[i], py[i]
        for b in range(boxes.shape[0]):
            x0, y0, x1, y1 = boxes[b, 0], boxes[b, 1], boxes[b, 2], boxes[b, 3]
            if cx + r < x0 or cx - r >= x1 or cy + r < y0 or cy - r >= y1:
                continue
            _stamp(img, px[i:i + 1], py[i:i + 1], style[i:i + 1], start, dx, dy, argb, r, x0, y0, x1, y1)


@njit(cache=True, nogil=True)
def _stamp(img: np.ndarray, px: np.ndarray, py: np.ndarray, style: np.ndarray, start: np.ndarray, dx: np.ndarray,
           dy: np.ndarray, argb: np.ndarray, r: int, x0: int, y0: int, x1: int, y1: int) -> None:  # pragma: no cover - compiled
    h, w = img.shape
    flat = img.reshape(h * w)
    off = dy.astype(np.int64) * w + dx  # a stamp pixel's offset in the flat image
    for i in range(px.shape[0]):
        cx, cy = np.int64(px[i]), np.int64(py[i])
        if cx + r < x0 or cx - r >= x1 or cy + r < y0 or cy - r >= y1:
            continue
        whole = cx - r >= x0 and cx + r < x1 and cy - r >= y0 and cy + r < y1  # no pixel to clip
        base = cy * w + cx
        s = style[i]
        for j in range(start[s], start[s + 1]):
            if not whole:
                x, y = cx + dx[j], cy + dy[j]
                if x < x0 or x >= x1 or y < y0 or y >= y1:
                    continue
            q = base + off[j]
            src = argb[j]
            k = np.uint32(255) - (src >> np.uint32(24))
            if k == 0:
                flat[q] = src
                continue
            # "Source over" in premultiplied ARGB: src + dst·k/255, two channels at a time
            # (R and B, then A and G), rounded as Qt does.
            dst = flat[q]
            rb = (dst & np.uint32(0x00FF00FF)) * k + np.uint32(0x00800080)
            rb = ((rb + ((rb >> np.uint32(8)) & np.uint32(0x00FF00FF))) >> np.uint32(8)) & np.uint32(0x00FF00FF)
            ag = ((dst >> np.uint32(8)) & np.uint32(0x00FF00FF)) * k + np.uint32(0x00800080)
            ag = (ag + ((ag >> np.uint32(8)) & np.uint32(0x00FF00FF))) & np.uint32(0xFF00FF00)
            flat[q] = src + (rb | ag)


def is_warm() -> bool:
    """Whether :func:`warm_up` has run: the kernels are ready to call without compiling."""
    return _WARM.is_set()


def warm_up() -> None:
    """Compile (or load from numba's cache) the kernels on tiny inputs of the types the canvas
    passes, so the first image of a big data set does not pay for it on the UI thread (0.8 s
    from the cache, 4 s the first time after installing, measured on 2 loaded cores)."""
    with _WARMING:
        if not _WARM.is_set():
            _warm_up()
            _WARM.set()


def _warm_up() -> None:
    img = np.zeros((4, 4), dtype=np.uint32)
    px = np.zeros(1, dtype=np.int32)
    style = np.zeros(1, dtype=STYLE_DTYPE)
    st = make_stamps([np.full((1, 1), 0x80402010, dtype=np.uint32)])
    shown = stamp_all(img, px, px.copy(), style, st)
    index = tile_index(px, px.copy(), shown, 4, 4, st.radius)
    for ix in (None, index):
        restamp_boxes(img, px, px.copy(), style, st, np.zeros((1, 2), dtype=np.int64), shown, ix, np.zeros(1, np.int64))
