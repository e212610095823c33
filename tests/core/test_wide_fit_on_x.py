"""Wide data train on the data set's own X (no augmented copy), each score's sign certified and
the uncertain ones summed left to right, each epoch counting the last one's errors: the record is
the augmented loop's to the bit (updates, checkpoints, final weights, per-epoch errors)."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import _kernels as K
from perceptron_gui.core.algorithms import _wide_kernels as WK
from perceptron_gui.core.algorithms import make_algorithm, wide
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
    learner = make_algorithm(name, **params)
    assert learner._trains_on_x(train.d + int(learner.offset), None)
    rec = learner.fit(train, test, stop=stop)
    monkeypatch.setattr(wide, "WIDE_FROM_D", 10 ** 9)
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
    unknown = np.full(X.shape[0], -1.0)
    assert WK.count_errors_rows_x(X, y, P, True, unknown).tolist() == want
    P0 = np.ascontiguousarray(P[:, :30])
    want0 = K.count_errors_rows(np.ascontiguousarray(X), y, P0).tolist()
    assert WK.count_errors_rows_x(X, y, P0, False, unknown).tolist() == want0
    # One row alone (a fit's last epoch) has its own loop: with the norms worked out, given
    # as an epoch keeps them (1.25·‖[x, 1]‖), or some of each.
    given = np.sqrt(np.einsum("ij,ij->i", Xa, Xa)) * 1.25
    half = np.where(np.arange(X.shape[0]) % 2 == 0, given, -1.0)
    given0 = np.sqrt(np.einsum("ij,ij->i", X, X)) * 1.25
    for r in range(P.shape[0]):
        for norms in (unknown, given, half):
            assert WK.count_errors_rows_x(X, y, P[r:r + 1], True, norms).tolist() == [want[r]]
        assert WK.count_errors_rows_x(X, y, P0[r:r + 1], False, given0).tolist() == [want0[r]]


def test_variants_with_their_own_loop_keep_the_augmented_points():
    for name in ("voted", "pa", "adaline", "winnow", "kernel"):
        learner = make_algorithm(name)
        assert not learner._trains_on_x(100, None)
    for name in ("offset", "standard", "averaged", "margin", "lifted", "pocket"):
        assert make_algorithm(name)._trains_on_x(wide.WIDE_FROM_D, None)
        assert not make_algorithm(name)._trains_on_x(3, None)  # the plane keeps its own loops


# ---- the averaged, margin, lifted and pocket perceptrons on X: their augmented loops' records ----

def _same_extras(rec, ref):
    assert rec.extras.keys() == ref.extras.keys()
    for key, value in ref.extras.items():
        got = rec.extras[key]
        if isinstance(value, np.ndarray):
            assert got.dtype == value.dtype and np.array_equal(got, value), key
        else:
            assert got == value, key


def _int_margin_data(n=300, d=24, seed=11):
    """Integer points and labels: y·(w·x + b) lands exactly on an integer β or γ again and again."""
    rng = np.random.default_rng(seed)
    X = rng.integers(-2, 3, size=(n, d)).astype(float)
    y = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    return X, y


LEARNERS = [
    ("averaged", {}),
    ("averaged", {"offset": False}),
    ("margin", {"margin": 0.0}),
    ("margin", {"margin": 1.0}),
    ("margin", {"margin": 0.37, "offset": False}),
    ("margin", {"margin": 250.0}),
    ("lifted", {}),
    ("lifted", {"lift_a": 0.3, "offset": False}),
    ("pocket", {"check": "every"}),
    ("pocket", {"check": "ratchet"}),
    ("pocket", {"check": "ratchet", "gamma": 1.0}),
    ("pocket", {"check": "every", "gamma": 0.05, "offset": False}),
]


@pytest.mark.parametrize("kind", ["normal", "ties", "tiny", "huge", "cancel"])
@pytest.mark.parametrize("name, extra", LEARNERS)
def test_each_learner_on_x_is_its_augmented_loop(monkeypatch, kind, name, extra):
    X, y = _data(kind, n=160, d=30, seed=4)
    rec, ref = _fit_both(monkeypatch, name, X, y, max_epochs=5, **extra)
    assert rec.num_updates > 0
    _same(rec, ref)
    _same_extras(rec, ref)


@pytest.mark.parametrize("name, extra", LEARNERS)
def test_scores_on_the_margin_itself_are_summed_left_to_right(monkeypatch, name, extra):
    X, y = _int_margin_data()
    rec, ref = _fit_both(monkeypatch, name, X, y, max_epochs=4, **extra)
    _same(rec, ref)
    _same_extras(rec, ref)


@pytest.mark.parametrize("name, extra", [("averaged", {}), ("margin", {"margin": 2.0}), ("lifted", {"lift_a": 0.7}),
                                         ("pocket", {"check": "ratchet", "gamma": 0.5}),
                                         ("pocket", {"check": "every"})])
@pytest.mark.parametrize("init", ["first", "custom"])
def test_starts_shuffles_test_sets_and_stops_in_chunks(monkeypatch, name, extra, init):
    X, y = _data("cancel", n=400, d=20, seed=9)
    test = Dataset.from_arrays(*_data("ties", n=60, d=20, seed=10))
    start = {"start_w": list(np.linspace(-1, 1, X.shape[1])), "start_b": 0.5} if init == "custom" else {}
    rec, ref = _fit_both(monkeypatch, name, X, y, test=test, stop=lambda: False, init=init, shuffle=True, seed=3,
                         max_epochs=4, **start, **extra)
    _same(rec, ref)
    _same_extras(rec, ref)
    # one epoch in many small slices (the first chunks of a stoppable fit are 16 visits) is one call
    whole, _ = _fit_both(monkeypatch, name, X, y, test=test, init=init, shuffle=True, seed=3, max_epochs=4,
                         **start, **extra)
    _same(whole, ref)


def test_the_wide_kernels_decide_as_the_augmented_kernels_on_hand_made_visits():
    """Scores of exactly 0 and exactly β: the certificate cannot hold, the left-to-right sum decides."""
    d = 20
    X = np.zeros((5, d))
    X[0, :2] = [1e8, -1e8]  # w·x cancels exactly
    X[1, 0] = 1.0
    X[2, :3] = [0.1, 0.2, -0.3]  # 0.1 + 0.2 − 0.3 is not 0 in floating point, summed left to right
    X[3, :] = 1e-160
    # 1 + 2⁵³ rounds to 2⁵³, so left to right the score is 0 (a mistake); summed in another order, 1
    X[4, 1:4] = [1.0, 2.0 ** 53, -2.0 ** 53]
    y = np.array([1.0, -1.0, 1.0, -1.0, 1.0])
    order = np.array([0, 1, 2, 3, 4, 4], dtype=np.int64)
    for margin in (0.0, 1.0, 1e-17):
        for offset in (False, True):
            D = d + int(offset)
            w0 = np.ones(D)
            w0[0] = 2.0
            if offset:
                w0[d] = 0.0
            Xa = np.hstack([X, np.ones((5, 1))]) if offset else X.copy()
            ck, ck_x = np.zeros((7, D)), np.zeros((7, D))
            pos, idx, pos_x, idx_x = (np.zeros(6, dtype=np.int64) for _ in range(4))
            w, w_x = w0.copy(), w0.copy()
            c = K.margin_epoch(Xa, y, order, w, margin, pos, idx, ck, 0, 1)
            c_x = WK.perceptron_epoch_x(X, y, order, w_x, pos_x, idx_x, ck_x, 0, 1, offset, margin,
                                        np.full(5, -1.0), np.empty(0), np.zeros(1, dtype=np.int64))
            assert 4 in idx[:c]  # the visit the left-to-right sum alone gets right
            assert c == c_x and np.array_equal(w, w_x) and np.array_equal(ck, ck_x)
            assert np.array_equal(pos[:c], pos_x[:c]) and np.array_equal(idx[:c], idx_x[:c])


@pytest.mark.parametrize("gamma", [0.0, 1.0, 0.3])
@pytest.mark.parametrize("kind", ["ties", "cancel", "tiny"])
def test_the_pocket_count_on_x_is_the_kernels(kind, gamma):
    from perceptron_gui.core.algorithms import _pocket_kernels as PK

    X, y = _data(kind, n=150, d=20, seed=12)
    rng = np.random.default_rng(2)
    for w in (np.zeros(21), np.round(rng.normal(size=21)), rng.normal(size=21)):
        Xa = np.ascontiguousarray(np.hstack([X, np.ones((X.shape[0], 1))]))
        want = PK._count_good(Xa, y, w, gamma)
        assert WK.count_good_x(X, y, w, gamma, True, WK.row_norms_x(X, True)) == want
        assert WK.count_good_x(X, y, w[:20].copy(), gamma, False, WK.row_norms_x(X, False)) == \
            PK._count_good(np.ascontiguousarray(X), y, w[:20].copy(), gamma)


def test_a_sum_that_could_overflow_is_summed_left_to_right():
    """Products near float64's largest number: a quick sum may overflow where the left-to-right one
    does not (or the other way round), so no certificate is taken."""
    d = 20
    X = np.zeros((3, d))
    X[0, :5] = [0.9e308, 0.9e308, -0.9e308, -0.9e308, -0.9e308]
    X[1, :5] = [0.9e308, -0.9e308, 0.9e308, -0.9e308, 0.5]
    X[2, 0] = 1.0
    y = np.array([-1.0, 1.0, 1.0])
    P = np.ones((2, d))
    P[1, 4] = 0.0
    want = K.count_errors_rows(np.ascontiguousarray(X), y, P).tolist()
    assert WK.count_errors_rows_x(X, y, P, False, np.full(3, -1.0)).tolist() == want
    for r in range(2):  # one row alone: its own loop
        assert WK.count_errors_rows_x(X, y, P[r:r + 1], False, np.full(3, -1.0)).tolist() == [want[r]]
