"""Per-column bounds, column by column (``np.min(P, axis=0)`` on 10⁶ × 2 took 29 ms, and
opening a file fitted the view with it twice on the window's thread): numpy's numbers exactly."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import separability
from perceptron_gui.core.columns import column_min_max
from perceptron_gui.render import geometry


@pytest.mark.parametrize("shape", [(1, 1), (1, 2), (5, 2), (1000, 3), (7, 16), (7, 17), (3, 784)])
def test_the_same_numbers_as_numpy(shape: tuple[int, int]) -> None:
    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    X = rng.normal(size=shape) * 10.0 ** rng.integers(-300, 300, size=shape)
    X.flat[0] = 5e-324
    lo, hi = column_min_max(X)
    np.testing.assert_array_equal(lo, np.min(X, axis=0))
    np.testing.assert_array_equal(hi, np.max(X, axis=0))
    assert lo.dtype == hi.dtype == X.dtype


def test_a_nan_is_the_bound_of_its_column_as_in_numpy() -> None:
    X = np.array([[1.0, 2.0], [np.nan, 3.0], [0.5, -1.0]])
    lo, hi = column_min_max(X)
    np.testing.assert_array_equal(lo, np.min(X, axis=0))
    np.testing.assert_array_equal(hi, np.max(X, axis=0))


def test_no_rows_is_numpys_error() -> None:
    with pytest.raises(ValueError):
        column_min_max(np.zeros((0, 2)))


def test_fitting_the_view_reduces_column_by_column(monkeypatch: pytest.MonkeyPatch) -> None:
    P = np.random.default_rng(0).normal(size=(10_000, 2))
    expected = geometry.view_fit(P, "points")
    # numpy's axis-0 loop, 29 ms at 10⁶ × 2, must not be what fits the view
    monkeypatch.setattr(geometry.np, "min", lambda *a, **k: pytest.fail("view_fit used np.min"))
    monkeypatch.setattr(geometry.np, "max", lambda *a, **k: pytest.fail("view_fit used np.max"))
    assert geometry.view_fit(P, "points") == expected


def test_column_exponents_use_the_column_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    X = np.random.default_rng(1).normal(size=(10_000, 2)) * [1e-3, 1e5]
    expected = separability._column_exponents(X)
    calls: list[tuple[int, ...]] = []
    real = separability.column_min_max
    monkeypatch.setattr(separability, "column_min_max", lambda A: calls.append(A.shape) or real(A))
    np.testing.assert_array_equal(separability._column_exponents(X), expected)
    assert calls == [(10_000, 2)]
