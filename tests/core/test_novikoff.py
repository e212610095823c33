"""The proof's bounds from any start (core/novikoff.py), checked against brute force."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import novikoff


def _brute_largest_k(gamma, R, d, s, k_max=100_000):
    """The largest integer k with (d + kγ)² ≤ s + kR² among those with d + kγ ≥ 0 — or any k
    with d + kγ < 0 (no constraint there) — by trying them all."""
    ks = np.arange(k_max + 1, dtype=np.float64)
    num = d + ks * gamma
    ok = (num < 0) | (num * num <= s + ks * R * R)
    return int(ks[ok].max())


def test_zero_start_is_novikoffs_bound():
    assert novikoff.updates_bound(0.1, 2.0) == (2.0 / 0.1) ** 2
    assert novikoff.max_updates(novikoff.updates_bound(0.5, 1.0)) == 4  # exactly 4, not 3


@pytest.mark.parametrize("gamma,R,d,s", [
    (0.1, 1.0, 0.5, 1.0), (0.1, 1.0, -0.5, 1.0), (0.3, 2.0, 1.9, 4.0), (0.05, 1.5, -1.0, 1.0),
    (0.2, 1.0, 0.0, 2.0), (0.01, 1.0, 0.999, 1.0),
])
def test_start_bound_is_the_largest_k_allowed(gamma, R, d, s):
    k_star = novikoff.updates_bound(gamma, R, d, s)
    assert novikoff.max_updates(k_star) == _brute_largest_k(gamma, R, d, s)
    # The angle bound reaches 0° there (cos bound 1), and not before.
    assert novikoff.cos_lower_bound(k_star, gamma, R, d, s) == pytest.approx(1.0, abs=1e-9)
    if k_star > 1:
        assert novikoff.cos_lower_bound(k_star - 1, gamma, R, d, s) < 1.0


def test_start_bound_is_scale_free():
    base = novikoff.updates_bound(0.1, 1.0, 0.3, 0.5)
    for c in (1e-150, 1e-20, 1e20, 1e150):
        assert novikoff.updates_bound(0.1 * c, 1.0 * c, 0.3 * c, 0.5 * c * c) == pytest.approx(base, rel=1e-9, abs=1e-12)


def test_no_margin_no_bound():
    assert novikoff.updates_bound(0.0, 1.0) is None
    assert novikoff.updates_bound(None, 1.0) is None
    assert novikoff.max_updates(None) is None


def test_angle_bound_from_zero_matches_the_notes_formula():
    k = np.arange(0, 50)
    gamma, R = 0.2, 1.0
    expected = np.degrees(np.arccos(np.minimum(1.0, np.sqrt(k) * gamma / R)))
    np.testing.assert_allclose(novikoff.angle_bound_deg(k, gamma, R), expected, atol=1e-9)
    assert novikoff.angle_bound_deg(0, gamma, R) == pytest.approx(90.0, abs=1e-12)


def test_negative_start_gives_no_angle_bound_until_the_numerator_turns():
    # d + kγ < 0 for k < 5: the proof bounds nothing there (180°).
    out = novikoff.angle_bound_deg(np.arange(8), 0.1, 1.0, -0.45, 1.0)
    assert np.all(out[:5] == 180.0) and np.all(out[5:] < 90.0)


def test_formula_sentence_names_the_start():
    assert "(R/γ)²" in novikoff.bound_formula(0.0, 0.0)
    assert "w₀·θ* + kγ" in novikoff.bound_formula(0.3, 1.0)
