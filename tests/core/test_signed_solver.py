"""The solver working in the caller's y·x array gives the same answer and leaves it as it was."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.maxmargin import max_margin


@pytest.mark.parametrize("scale", [1.0, 1e-3, 1e200, 1e-200, 2.0 ** -1070])
def test_signed_in_place_equals_the_copy_and_restores_the_array(scale: float) -> None:
    rng = np.random.default_rng(4)
    X = rng.uniform(-1, 1, size=(300, 3))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0.1, 1.0, -1.0)
    X[:, 2] = 1.0
    X *= scale
    Z = X * y[:, None]
    before = Z.copy()
    a = max_margin(X, y, time_budget_s=None)
    b = max_margin(Z, np.ones_like(y), time_budget_s=None, signed=True)
    np.testing.assert_array_equal(Z, before)  # scaled back to the bit (or never touched)
    assert (a.separable, a.exact) == (b.separable, b.exact)
    if a.theta_star is not None:
        np.testing.assert_array_equal(a.theta_star, b.theta_star)
        assert a.gamma == b.gamma


def test_values_that_would_lose_bits_are_copied_not_scaled() -> None:
    Z = np.array([[1e300, 1e-300], [2e300, 3.0]])  # scaling 1e300 to 1 pushes 1e-300 below normal
    before = Z.copy()
    max_margin(Z, np.ones(2), signed=True)
    np.testing.assert_array_equal(Z, before)
