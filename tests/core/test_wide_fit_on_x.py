"""Wide data train on the data set's own X (no augmented copy), each score's sign certified and
the uncertain ones summed left to right, each epoch counting the last one's errors: the record is
the augmented loop's to the bit (updates, checkpoints, final weights, per-epoch errors)."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import _kernels as K
from perceptron_gui.core.algorithms import _wide_kernels as WK
from perceptron_gui.core.algorithms import base, make_algorithm
from perceptron_gui.core.dataset import Dataset


def _data(kind: str, n: int = 300, d: int = 40, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    if kind == "ties":  # small integers: many scores exactly 0 (the left-to-right sum decides)
        X = rng.integers(-1, 2, size=(n, d)).astype(float)
    elif kind == "tiny":  # products below the normal range
        X = rng.normal(size=(n, d)) * 1e-160
    elif kind == "huge":
        X = rng.normal(size=(n, d)) * 1e140
    elif kind == "cancel":  # near cancellations: scores far below the products' size
        X = rng.normal(size=(n, d))
        X[:, 1] = -X[:, 0] + rng.normal(size=n) * 1e-15
        X[:, 0] *= 1e8
        X[:, 1] *= 1e8
    else:
        X = rng.normal(size=(n, d))
    y = np.where(X @ rng.normal(size=d) + 0.1 * rng.normal(size=n) >= 0.0, 1.0, -1.0)
    y[rng.random(n) < 0.1] *= -1.0
    return X, y


def _fit_both(monkeypatch, name, X, y, test=None, stop=None, **params):
    train = Dataset.from_arrays(X, y)
    params.setdefault("max_epochs", 6)
    wide = make_algorithm(name, **params)
    assert wide._trains_on_x(train.d + int(wide.offset), None)
    rec = wide.fit(train, test, stop=stop)
    monkeypatch.setattr(base, "WIDE_FROM_D", 10 ** 9)
    ref = make_algorithm(name, **params).fit(train, test, stop=stop)
    monkeypatch.undo()
    return rec, ref


def _same(rec, ref):
    assert np.array_equal(rec.update_step, ref.update_step)
    assert np.array_equal(rec.update_index, ref.update_index)
    assert np.array_equal(rec.final_w, ref.final_w) and rec.final_b == ref.final_b
    assert [(e.updates, e.train_error, e.test_error) for e in rec.epochs] == \
        [(e.updates, e.train_error, e.test_error) for e in ref.epochs]
    assert (rec.converged, rec.stop_reason) == (ref.converged, ref.stop_reason)
    assert np.array_equal(rec.weights[:], ref.weights[:])  # every w_k, replayed from the checkpoints


@pytest.mark.parametrize("kind", ["normal", "ties", "tiny", "huge", "cancel"])
@pytest.mark.parametrize("name", ["offset", "standard"])
def test_the_wide_fit_is_the_augmented_loops(monkeypatch, kind, name):
    X, y = _data(kind)
    rec, ref = _fit_both(monkeypatch, name, X, y)
    assert rec.num_updates > 0
    _same(rec, ref)


@pytest.mark.parametrize("init", ["first", "custom"])
def test_the_starts_and_the_shuffle_are_the_augmented_loops(monkeypatch, init):
    X, y = _data("normal", seed=3)
    extra = {"start_w": list(np.linspace(-1, 1, X.shape[1])), "start_b": 0.5} if init == "custom" else {}
    rec, ref = _fit_both(monkeypatch, "offset", X, y, init=init, shuffle=True, seed=7, **extra)
    _same(rec, ref)


def test_a_test_set_a_stop_in_chunks_and_convergence(monkeypatch):
    X, y = _data("normal", n=400, seed=5)
    test = Dataset.from_arrays(*_data("normal", n=50, seed=6))
    rec, ref = _fit_both(monkeypatch, "offset", X, y, test=test, stop=lambda: False)
    _same(rec, ref)
    Xs = np.random.default_rng(8).normal(size=(200, 30))
    ys = np.where(Xs[:, 0] >= 0.0, 1.0, -1.0)  # separable: converges, the last epoch has no next one
    rec, ref = _fit_both(monkeypatch, "standard", Xs, ys, max_epochs=500)
    assert rec.converged
    _same(rec, ref)


@pytest.mark.parametrize("kind", ["normal", "ties", "cancel"])
def test_the_wide_error_count_is_the_kernels(kind):
    X, y = _data(kind, n=200, d=30, seed=2)
    P = np.random.default_rng(1).normal(size=(5, 31))
    P[0] = 0.0  # every score exactly 0: counted as +1
    if kind == "ties":
        P = np.round(P)
    Xa = np.ascontiguousarray(np.hstack([X, np.ones((X.shape[0], 1))]))
    want = K.count_errors_rows(Xa, y, P).tolist()
    assert WK.count_errors_rows_x(X, y, P, True).tolist() == want
    want0 = K.count_errors_rows(np.ascontiguousarray(X), y, np.ascontiguousarray(P[:, :30])).tolist()
    assert WK.count_errors_rows_x(X, y, np.ascontiguousarray(P[:, :30]), False).tolist() == want0


def test_variants_with_their_own_loop_keep_the_augmented_points():
    for name in ("pocket", "averaged", "voted", "margin", "lifted", "pa"):
        learner = make_algorithm(name)
        assert not learner._trains_on_x(100, None)
    assert make_algorithm("offset")._trains_on_x(base.WIDE_FROM_D, None)
    assert not make_algorithm("offset")._trains_on_x(3, None)  # the plane keeps its own loops
