"""signed_margins keeps the scaled copy of a read-only matrix for the next call (the playback
asks for a run's margins at every frame); the numbers are the same as a fresh computation's,
and a matrix that can change is never taken from the memo."""
from __future__ import annotations

import numpy as np

from perceptron_gui.core import floatscale


def _fresh(X, y, w, b):
    floatscale._last_scaled = None
    return floatscale.signed_margins(X, y, w, b)


def test_a_read_only_matrix_is_scaled_once_and_gives_the_same_margins(monkeypatch):
    rng = np.random.default_rng(1)
    X = rng.normal(size=(500, 3)) * 1e5
    X.setflags(write=False)
    y = np.where(rng.random(500) < 0.5, -1.0, 1.0)
    w, b = np.array([0.5, -2.0, 1e-3]), 7.0
    want = _fresh(X.copy(), y, w, b)
    calls = []
    real = floatscale.to_unit_scale
    monkeypatch.setattr(floatscale, "to_unit_scale", lambda a: calls.append(a.shape) or real(a))
    for _ in range(3):
        np.testing.assert_array_equal(floatscale.signed_margins(X, y, w, b), want)
    assert calls.count(X.shape) == 1  # the matrix scaled once; w is scaled at each call


def test_a_writable_matrix_is_scaled_at_every_call():
    X = np.array([[1.0, 2.0], [3.0, -4.0]])
    y = np.array([1.0, -1.0])
    w = np.array([1.0, 1.0])
    first = floatscale.signed_margins(X, y, w)
    X[0, 0] = 100.0  # changed in place: the next margins must see it
    np.testing.assert_allclose(floatscale.signed_margins(X, y, w), [102 / np.sqrt(2), 1 / np.sqrt(2)], rtol=1e-15, atol=1e-12)
    assert first[0] != floatscale.signed_margins(X, y, w)[0]


def test_a_read_only_view_of_a_writable_array_is_never_memoised():
    base = np.array([[1.0, 2.0], [3.0, -4.0]])
    view = base[:]
    view.setflags(write=False)
    y, w = np.array([1.0, -1.0]), np.array([1.0, 1.0])
    floatscale.signed_margins(view, y, w)
    base[0, 0] = 100.0
    np.testing.assert_allclose(floatscale.signed_margins(view, y, w)[0], 102 / np.sqrt(2), rtol=1e-15, atol=1e-12)
