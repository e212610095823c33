"""θ* of a big data set without copies of it (issue 9: `perceptron-gui run` on 10⁶ noisy points
peaked at 256 MiB against a 250 MB target; θ*'s temporaries were 53 MiB of it: the augmented
y·x, which the solver needs, plus an |X| copy, an array of ones and an n·D mask it does not).
The answers are the same numbers as before, bit for bit."""
from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

from perceptron_gui.core import theory as th
from perceptron_gui.core.maxmargin import _has_zero_row
from perceptron_gui.core.presets import random_noisy, random_separable
from perceptron_gui.core.separability import _column_exponents


def test_theta_star_of_noisy_data_holds_the_augmented_points_and_little_more() -> None:
    data = random_noisy(300_000, 0.1, seed=4)
    X, y = np.array(data.X), np.array(data.y)
    tracemalloc.start()
    try:
        theory = th.dataset_theory(X, y, offset=True, time_budget_s=None)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert theory.separable is False
    # y·[x, 1] (24 bytes a point) and the solver's scores (8): 32, and blocks of 65,536 rows.
    # An |X| copy, ones and a whole n·D mask made it 48 bytes a point.
    assert peak < 38 * X.shape[0], f"{peak / X.shape[0]:.1f} bytes a point"


@pytest.mark.parametrize("X", [
    np.array([[0.0, -3.5, 1e-310], [-0.0, 2.0, -4e-300], [5e300, -7.0, 0.0]]),
    np.zeros((4, 3)),
    np.array([[-0.0, 0.0], [0.0, -0.0]]),
    np.random.default_rng(1).normal(size=(1000, 5)) * np.array([1e-200, 1.0, 1e150, 3.0, 1e-5]),
])
def test_column_exponents_are_those_of_the_largest_magnitudes(X: np.ndarray) -> None:
    top = np.max(np.abs(X), axis=0)  # what they were computed from, with a copy of X
    e = np.frexp(top)[1].astype(np.int64)
    nonzero = top > 0.0
    if nonzero.any():
        e[~nonzero] = int(np.median(e[nonzero]))
    np.testing.assert_array_equal(_column_exponents(X), e)


@pytest.mark.parametrize("zero_at", [None, 0, 3, 4, 5, 9])
def test_a_zero_row_is_found_in_any_block(zero_at: int | None) -> None:
    Z = np.random.default_rng(2).normal(size=(10, 3))
    Z[1, :2] = 0.0  # zeros that do not make a whole row
    if zero_at is not None:
        Z[zero_at] = [0.0, -0.0, 0.0]
    expected = not np.all(np.any(Z != 0.0, axis=1))
    assert _has_zero_row(Z, rows=4) is expected is (zero_at is not None)
    assert _has_zero_row(Z) is expected


# Computed by the code before this change (float.hex: every bit).
BEFORE = {
    ("separable", True): (True, "0x1.b92abb20c20e3p+0", "0x1.a874ee25d3982p-5", "0x1.148da8cf4aa88p+10",
                          ["-0x1.08402a44152a3p-1", "-0x1.b6856ce43bac3p-1", "0x1.ebc30c97e5cbcp-8"]),
    ("separable", False): (True, "0x1.674b4a0e605d0p+0", "0x1.6aff2a513f028p-5", "0x1.f59bb70e5bd13p+9",
                           ["-0x1.084211d537cb3p-1", "-0x1.b6889600f80e6p-1"]),
    ("noisy", True): (False, "0x1.b6bf987382888p+0", None, None, None),
    ("noisy", False): (False, "0x1.645201013e356p+0", None, None, None),
}


@pytest.mark.parametrize(("kind", "offset"), list(BEFORE))
def test_theory_gives_the_same_bits_as_before(kind: str, offset: bool) -> None:
    data = random_separable(2000, 0.05, seed=5) if kind == "separable" else random_noisy(2000, 0.1, seed=6)
    t = th.dataset_theory(np.array(data.X), np.array(data.y), offset=offset, time_budget_s=None)

    def bits(v: float | None) -> str | None:
        return None if v is None else float(v).hex()
    got = (t.separable, bits(t.R), bits(t.gamma), bits(t.bound),
           None if t.theta_star is None else [bits(v) for v in t.theta_star])
    assert got == BEFORE[kind, offset]
