"""θ* of a big data set without copies of it (`perceptron-gui run` on 10⁶ noisy points once
peaked at 256 MiB against a 250 MB target; θ*'s temporaries were 53 MiB of it: the augmented
y·x, which the solver needs, plus an |X| copy, an array of ones and an n·D mask it does not).
The answers are the same numbers as before, to the rounding of the CPU's BLAS kernels."""
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


# Computed by the code before it stopped copying the data. θ*, γ and the bound go through BLAS
# (dot products, the solver's products), whose last bits differ between CPU kernels (an
# AVX-512 OpenBLAS rounds otherwise than a Haswell one): compared with a tolerance, an atol too.
BEFORE = {
    ("separable", True): (True, 1.723308272836271, 0.05181356919512138, 1106.2134283284267,
                          [-0.5161145408734068, -0.8564867046933035, 0.007503691267536524]),
    ("separable", False): (True, 1.4034925732706718, 0.04431112542258148, 1003.2165239284826,
                           [-0.5161290715003787, -0.856510818117411]),
    ("noisy", True): (False, 1.7138610155111866, None, None, None),
    ("noisy", False): (False, 1.3918762805971787, None, None, None),
}


def _close(v: object) -> object:
    if v is None:
        return None
    if isinstance(v, list):
        return [_close(e) for e in v]
    return pytest.approx(v, rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(("kind", "offset"), list(BEFORE))
def test_theory_gives_the_same_numbers_as_before(kind: str, offset: bool) -> None:
    data = random_separable(2000, 0.05, seed=5) if kind == "separable" else random_noisy(2000, 0.1, seed=6)
    t = th.dataset_theory(np.array(data.X), np.array(data.y), offset=offset, time_budget_s=None)
    separable, R, gamma, bound, theta_star = BEFORE[kind, offset]
    assert t.separable is separable
    assert t.R == _close(R) and t.gamma == _close(gamma) and t.bound == _close(bound)
    assert (None if t.theta_star is None else list(map(float, t.theta_star))) == _close(theta_star)
