"""Deleting or inserting a few rows copies the runs between them instead of masking every row (the
mask took 35–55 ms per Delete at 10⁶ points, on the window's thread); the arrays are the same."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.session import points as points_module
from perceptron_gui.session.commands import DeletePoints
from perceptron_gui.session.points import PointSet, with_rows, without_rows


def _masked(a: np.ndarray, idx: np.ndarray) -> np.ndarray:
    keep = np.ones(a.shape[0], dtype=bool)
    keep[idx] = False
    return a[keep]


@pytest.mark.parametrize("shape", [(0,), (1,), (7,), (50, 2), (50, 3), (1, 2)])
def test_the_same_arrays_as_a_mask(shape: tuple[int, ...]) -> None:
    rng = np.random.default_rng(len(shape) * 100 + shape[0])
    for dtype in (np.float64, np.bool_):
        a = (rng.normal(size=shape) > 0).astype(dtype) if dtype is np.bool_ else rng.normal(size=shape)
        n = shape[0]
        for size in range(0, min(n, 6) + 1):
            for _ in range(10):
                idx = np.sort(rng.choice(n, size, replace=False)) if size else np.zeros(0, np.int64)
                got = without_rows(a, idx)
                want = _masked(a, idx)
                assert got.dtype == want.dtype and got.shape == want.shape
                np.testing.assert_array_equal(got, want)
        if n:  # the first and the last row, and every row
            for idx in (np.array([0]), np.array([n - 1]), np.arange(n)):
                np.testing.assert_array_equal(without_rows(a, idx), _masked(a, idx))


def test_many_rows_still_go_by_mask_and_agree(monkeypatch) -> None:
    a = np.arange(40.0).reshape(20, 2)
    idx = np.arange(0, 20, 3)
    monkeypatch.setattr(points_module, "_SEGMENT_DELETE_MAX", 2)
    np.testing.assert_array_equal(without_rows(a, idx), _masked(a, idx))


def test_delete_then_its_inverse_gives_back_the_points_and_leaves_the_old_arrays_alone() -> None:
    rng = np.random.default_rng(3)
    pts = PointSet(rng.normal(size=(30, 2)), rng.choice([-1.0, 1.0], 30), rng.random(30) < 0.3, ("a", "b"))
    before = pts.copy()
    old_X = pts.X
    inverse, change = DeletePoints(np.array([29, 0, 5, 6])).apply(pts)
    np.testing.assert_array_equal(change.indices, [0, 5, 6, 29])
    assert pts.n == 26 and np.array_equal(old_X, before.X)  # a new array; the old one is as it was
    inverse.apply(pts)
    for name in ("X", "y", "test"):
        np.testing.assert_array_equal(getattr(pts, name), getattr(before, name))


def _inserted(a: np.ndarray, at: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The former insert (the reference): every row through a mask."""
    n_new = a.shape[0] + at.size
    keep = np.ones(n_new, dtype=bool)
    keep[at] = False
    out = np.empty((n_new, *a.shape[1:]), dtype=a.dtype)
    out[keep] = a
    out[at] = new
    return out


@pytest.mark.parametrize("shape", [(0,), (1,), (7,), (50, 2), (50, 3), (0, 2)])
@pytest.mark.parametrize("segment_max", [1_000, 0])
def test_an_insert_is_the_same_arrays_as_through_a_mask(monkeypatch, shape: tuple[int, ...], segment_max: int) -> None:
    monkeypatch.setattr(points_module, "_SEGMENT_DELETE_MAX", segment_max)
    rng = np.random.default_rng(shape[0] + len(shape))
    a = rng.normal(size=shape)
    for m in range(0, 5):
        for _ in range(10):
            at = np.sort(rng.choice(shape[0] + m, m, replace=False)) if m else np.zeros(0, np.int64)
            new = rng.normal(size=(m, *shape[1:]))
            np.testing.assert_array_equal(with_rows(a, at, new), _inserted(a, at, new))
            np.testing.assert_array_equal(without_rows(with_rows(a, at, new), at), a)
