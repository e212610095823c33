"""Every perceptron of the registry checked against a 20-line textbook perceptron, scikit-learn and the notes.

The fast variants run numba kernels; everything here is recomputed with plain Python loops
that sum w·x left to right exactly like the kernels do, so most comparisons are bitwise.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from perceptron_gui.core.algorithms import (
    REGISTRY,
    _kernels,
    make_algorithm,
    predict_scores,
    voted_scores,
)
from perceptron_gui.core.algorithms.lifted import lifted_weights
from perceptron_gui.core.dataset import Dataset, DatasetError, train_test_split
from perceptron_gui.core.run import epoch_order

# Winnow takes Boolean points only: its own tests (tests/core/test_winnow.py) run these on its data.
REAL_DATA = sorted(name for name, cls in REGISTRY.items() if not cls.boolean_features)



# ---- the reference: the textbook perceptron (notes 003's codebox, notes 004's Algorithm 5) ----
def textbook_perceptron(X, y, *, offset, max_epochs, shuffle=False, seed=0, init="zero",
                        stop_when_clean=True, start=None):
    """Returns (weights after each update with b last when offset, global steps of the updates,
    updates per epoch)."""
    X, y, n, d = np.asarray(X).tolist(), np.asarray(y).tolist(), len(y), np.shape(X)[1]
    w, b = [0.0] * d, 0.0
    if start is not None:
        w, b = [float(v) for v in start[0]], float(start[1])
    elif init == "first" and n:
        w, b = [y[0] * v for v in X[0]], (y[0] if offset else 0.0)
    history, steps, per_epoch = [w + [b] * offset], [], []
    for epoch in range(max_epochs if n else 0):
        changes = 0
        for pos, i in enumerate(epoch_order(n, epoch, shuffle, seed).tolist()):
            s = 0.0
            for j in range(d):
                s += w[j] * X[i][j]
            if offset:
                s += b
            if y[i] * s <= 0:
                w = [w[j] + y[i] * X[i][j] for j in range(d)]
                b = b + y[i] if offset else b
                history.append(w + [b] * offset)
                steps.append(epoch * n + pos)
                changes += 1
        per_epoch.append(changes)
        if changes == 0 and stop_when_clean:
            break
    return np.array(history, dtype=np.float64).reshape(len(history), d + offset), steps, per_epoch


# ---- helpers computed the slow way ---------------------------------------------------------
def augmented(X: np.ndarray, offset: bool) -> np.ndarray:
    X = np.asarray(X, dtype=np.float64)
    return np.hstack([X, np.ones((X.shape[0], 1))]) if offset else X


def score(wa, xa) -> float:
    """w·x summed left to right over the augmented vector, as the kernels do."""
    s = 0.0
    for wj, xj in zip(np.asarray(wa).tolist(), np.asarray(xa).tolist()):
        s += wj * xj
    return s


def sign(v: float) -> float:
    return 1.0 if v >= 0.0 else -1.0


def error_rate(Xa, y, wa) -> float:
    if len(y) == 0:
        return 0.0
    return sum(sign(score(wa, x)) != yi for x, yi in zip(Xa, np.asarray(y).tolist())) / len(y)


def pocket_quality(Xa, y, wa, gamma: float) -> int:
    """I = #{i : y_i(w·x_i + b) >= gamma}, with > 0 when gamma = 0."""
    vals = [yi * score(wa, x) for x, yi in zip(Xa, np.asarray(y).tolist())]
    return sum(v > 0.0 for v in vals) if gamma == 0.0 else sum(v >= gamma for v in vals)


def weights_after_each_step(history, steps, num_steps):
    """The weights in force after every one of the num_steps example steps (brute force)."""
    out, k = [], 0
    for t in range(num_steps):
        if k < len(steps) and steps[k] == t:
            k += 1
        out.append(history[k])
    return out


def assert_bitwise_equal(a, b):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    assert a.shape == b.shape
    assert np.array_equal(a, b), f"\n{a}\n!=\n{b}"
    assert np.array_equal(np.signbit(a), np.signbit(b)), "signed zeros differ"


def run(name, data, test=None, **params):
    return make_algorithm(name, **params).fit(data, test)


def lift(Xa: np.ndarray, a: float) -> np.ndarray:
    """The lifted points [a·x_i ; √(1−a²)·e_i] as an explicit matrix (notes 000)."""
    n = Xa.shape[0]
    return np.hstack([a * Xa, math.sqrt(1.0 - a * a) * np.eye(n)])


# ---- strategies --------------------------------------------------------------------------
COORDS = {
    "int": st.integers(-5, 5).map(float),
    "float": st.floats(-10, 10, allow_nan=False, allow_infinity=False),
    "decimal": st.floats(-10, 10, allow_nan=False).map(lambda v: round(v, 3)),
}


@st.composite
def datasets(draw, min_n=0, max_n=40, max_d=4, kinds=("int", "float", "decimal"), d=None):
    n = draw(st.integers(min_n, max_n))
    d = draw(st.integers(1, max_d)) if d is None else d
    X = draw(hnp.arrays(np.float64, (n, d), elements=COORDS[draw(st.sampled_from(kinds))]))
    if draw(st.booleans()):  # separable: labelled by an integer hyperplane
        w_star = np.array(draw(st.lists(st.integers(-3, 3), min_size=d, max_size=d)), dtype=float)
        y = np.where(X @ w_star + draw(st.integers(-3, 3)) > 0, 1.0, -1.0)
    else:
        y = np.array(draw(st.lists(st.sampled_from([-1.0, 1.0]), min_size=n, max_size=n)))
    return Dataset.from_arrays(X, y.reshape(n))


run_params = st.fixed_dictionaries({
    "max_epochs": st.integers(1, 20),
    "shuffle": st.booleans(),
    "seed": st.integers(0, 2**31 - 1),
    "init": st.sampled_from(["zero", "first"]),
})

# name, extra parameters, whether it runs a fixed number of epochs
TRAJECTORY_CASES = [
    ("standard", {}, False),
    ("offset", {}, False),
    ("pocket", {}, False),
    ("pocket", {"offset": False}, False),
    ("pocket", {"gamma": 1.5}, False),
    ("voted", {}, True),
    ("voted", {"offset": False}, True),
    ("averaged", {}, True),
    ("averaged", {"offset": False}, True),
]
CASE_IDS = [f"{n}-{'-'.join(f'{k}={v}' for k, v in e.items()) or 'default'}" for n, e, _ in TRAJECTORY_CASES]


# ---- 1. every variant follows the textbook trajectory exactly -----------------------------------
@pytest.mark.parametrize(("name", "extra", "fixed"), TRAJECTORY_CASES, ids=CASE_IDS)
@given(data=datasets(), params=run_params)
def test_trajectory_matches_textbook_perceptron(name, extra, fixed, data, params):
    rec = run(name, data, **params, **extra)
    hist, steps, per_epoch = textbook_perceptron(data.X, data.y, offset=rec.offset,
                                                 stop_when_clean=not fixed, **params)
    assert rec.offset == (name != "standard" and extra.get("offset", True))
    assert_bitwise_equal(rec.weights, hist)
    assert rec.update_step.tolist() == steps
    assert rec.num_updates == len(steps)
    orders = [epoch_order(data.n, e, params["shuffle"], params["seed"]) for e in range(len(per_epoch))]
    assert rec.update_index.tolist() == [int(orders[t // data.n][t % data.n]) for t in steps]
    assert [row.updates for row in rec.epochs] == per_epoch
    assert [row.epoch for row in rec.epochs] == list(range(len(per_epoch)))
    assert rec.epochs_run == len(per_epoch)
    assert rec.num_steps == data.n * len(per_epoch)
    clean = 0 in per_epoch
    assert rec.converged == clean
    if data.n == 0:
        assert rec.stop_reason == "no_data" and rec.epochs_run == 0
    elif fixed:
        assert rec.stop_reason == "fixed_epochs" and rec.epochs_run == params["max_epochs"]
    else:
        assert rec.stop_reason == ("converged" if clean else "max_epochs")
        assert rec.epochs_run == (per_epoch.index(0) + 1 if clean else params["max_epochs"])
    if name in ("standard", "offset"):
        assert_bitwise_equal(rec.final_augmented(), hist[-1])


@given(data=datasets(), params=run_params)
def test_lifted_with_a_half_is_the_textbook_perceptron_on_the_explicit_lift(data, params):
    # a = 1/2 scales by a power of two, so the kernel's shortcut (it never builds the lifted
    # points) must agree bit for bit with the textbook perceptron on the lifted matrix.
    assume(not (np.abs(data.X[data.X != 0]) < 1e-150).any())  # no subnormal halves
    a = 0.5
    rec = run("lifted", data, lift_a=a, **params)
    Xa = augmented(data.X, True)
    hist, steps, per_epoch = textbook_perceptron(lift(Xa, a), data.y, offset=False, **params)
    D = Xa.shape[1]
    assert_bitwise_equal(rec.weights, a * hist[:, :D])
    assert rec.update_step.tolist() == steps
    assert [row.updates for row in rec.epochs] == per_epoch
    for k in (0, len(steps) // 2, len(steps)):
        lw = lifted_weights(rec, k)
        assert_bitwise_equal(lw[:D], hist[k, :D])
        np.testing.assert_allclose(lw[D:], hist[k, D:], rtol=1e-13, atol=1e-13)
    assert np.allclose(rec.extras["slack"], hist[-1, D:] * 1.0, rtol=1e-13, atol=1e-13)
    assert rec.extras["slack_points"].tolist() == np.flatnonzero(rec.extras["slack"]).tolist()


@given(data=datasets(), params=run_params, gamma=st.sampled_from([0.0, 0.5, 3.0]))
def test_pocket_keeps_the_best_count_seen(data, params, gamma):
    rec = run("pocket", data, gamma=gamma, **params)
    Xa = augmented(data.X, rec.offset)
    hist, steps, _ = textbook_perceptron(data.X, data.y, offset=rec.offset, **params)
    counts = [pocket_quality(Xa, data.y, w, gamma) for w in hist]  # counts[0]: the start
    assert rec.extras["pocket_counts"].tolist() == counts[1:]
    best = rec.extras["pocket_best_counts"]
    assert np.all(np.diff(best) >= 0), "the pocket's count went down"
    assert best.tolist() == np.maximum.accumulate(counts)[1:].tolist()
    assert rec.extras["pocket_count"] == max(counts)
    # strictly larger replaces, so the pocket holds the first weights that reached the max
    assert rec.extras["pocket_k"] == counts.index(max(counts))
    assert pocket_quality(Xa, data.y, rec.final_augmented(), gamma) == rec.extras["pocket_count"]
    assert_bitwise_equal(rec.final_augmented(), hist[rec.extras["pocket_k"]])
    changes = rec.extras["pocket_changes"].tolist()
    assert changes[0] == 0 and changes == sorted(set(changes))
    assert changes[1:] == [k for k in range(1, len(counts)) if counts[k] > max(counts[:k])]


def test_the_sklearn_probe_sees_a_tie_as_a_mistake_as_training_does():
    # The probe in sklearn_sums_like_us, run on our kernels: the unfused answer is ours.
    data = Dataset.from_arrays([[0.1, 0.3], [0.3, -0.1], [-1.0, -1.0]], [1, 1, -1])
    rec = run("standard", data, init="first", max_epochs=1)
    assert rec.final_w.tolist() == [0.1 + 0.3, 0.3 + -0.1]


def test_pocket_start_count_uses_the_same_arithmetic_as_training():
    # 0.1·0.3 + 0.3·(−0.1) is exactly 0 summed left to right (a mistake for the perceptron),
    # but a fused multiply-add makes it 1.7e-18; the start weights must not get credit for it.
    data = Dataset.from_arrays([[0.1, 0.3], [0.3, -0.1]], [1, 1])
    rec = run("pocket", data, init="first", offset=False, max_epochs=5)
    assert rec.extras["pocket_counts"].tolist() == [2]
    assert rec.extras["pocket_k"] == 1 and rec.extras["pocket_count"] == 2
    assert rec.final_w.tolist() == [0.1 + 0.3, 0.3 + -0.1]


# ---- 2. scikit-learn ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def linear_model():
    pytest.importorskip("sklearn")
    from sklearn import linear_model

    return linear_model


@pytest.fixture(scope="module")
def sklearn_sums_like_us(linear_model) -> bool:
    """Whether scikit-learn's compiled w·x rounds after every product and sum, as our kernels do.

    Its Cython loop is compiled with the wheel's flags: on a target where the C compiler fuses
    a*b + c into one FMA (aarch64 by default), 0.1·0.3 + 0.3·(−0.1) is 1.7e-18 instead of 0,
    the perceptron skips an update there, and bit-for-bit agreement on decimals is not to be
    had. Probe it once: from w = (0.1, 0.3) point 2 scores exactly 0, a mistake, when unfused.
    """
    X, y = np.array([[0.1, 0.3], [0.3, -0.1], [-1.0, -1.0]]), np.array([1.0, 1.0, -1.0])
    clf = linear_model.Perceptron(penalty=None, alpha=0.0, fit_intercept=False, max_iter=1, tol=None,
                                  shuffle=False, eta0=1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(X, y, coef_init=np.array([[0.1, 0.3]]))
    return clf.coef_[0].tolist() == [0.1 + 0.3, 0.3 + -0.1]


def _exact_in_any_arithmetic(data: Dataset) -> bool:
    """Small integers: every product and sum is exact, fused or not, in any order."""
    return bool(np.all(data.X == np.round(data.X)))


def _both_classes(data: Dataset) -> bool:
    return len(data.classes_present) == 2


@pytest.mark.parametrize("name", ["standard", "offset"])
@given(data=datasets(min_n=2), max_epochs=st.integers(1, 20), init=st.sampled_from(["zero", "first"]))
def test_final_weights_equal_sklearn_perceptron(linear_model, sklearn_sums_like_us, name, data, max_epochs, init):
    assume(_both_classes(data))
    assume(sklearn_sums_like_us or _exact_in_any_arithmetic(data))
    rec = run(name, data, max_epochs=max_epochs, init=init)
    fit_kw = {}
    if init == "first":
        fit_kw = {"coef_init": data.y[0] * data.X[0][None, :],
                  "intercept_init": np.array([data.y[0] if rec.offset else 0.0])}
    clf = linear_model.Perceptron(penalty=None, alpha=0.0, fit_intercept=rec.offset, max_iter=rec.epochs_run,
                                  tol=None, shuffle=False, eta0=1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(data.X, data.y, **fit_kw)
    assert clf.classes_.tolist() == [-1.0, 1.0]
    assert_bitwise_equal(rec.final_w, clf.coef_[0])
    assert rec.final_b == float(clf.intercept_[0])


@pytest.mark.parametrize("offset", [True, False])
@given(data=datasets(min_n=2), max_epochs=st.integers(1, 20))
def test_averaged_equals_sklearn_averaged_sgd(linear_model, sklearn_sums_like_us, offset, data, max_epochs):
    assume(_both_classes(data))
    assume(sklearn_sums_like_us or _exact_in_any_arithmetic(data))  # else a tie may update only here
    rec = run("averaged", data, max_epochs=max_epochs, offset=offset)
    clf = linear_model.SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1.0, alpha=0.0,
                                     penalty=None, average=True, shuffle=False, tol=None,
                                     max_iter=rec.epochs_run, fit_intercept=offset)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(data.X, data.y)
    ours = rec.final_augmented()
    theirs = np.append(clf.coef_[0], clf.intercept_[0]) if offset else clf.coef_[0]
    # relative to the size of the weights averaged: a mean near 0 comes from cancellation
    scale = max(1.0, float(np.abs(rec.weights).max()))
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12 * scale)


# ---- 3. properties against brute force -----------------------------------------------------------
@pytest.mark.parametrize("offset", [True, False])
@given(data=datasets(), params=run_params)
def test_averaged_is_the_mean_of_the_weights_after_every_step(offset, data, params):
    rec = run("averaged", data, offset=offset, **params)
    hist, steps, _ = textbook_perceptron(data.X, data.y, offset=offset, stop_when_clean=False, **params)
    per_step = weights_after_each_step(hist.tolist(), steps, data.n * params["max_epochs"])
    if not per_step:
        assert_bitwise_equal(rec.final_augmented(), hist[0])
        return
    mean = np.array([sum(col) for col in zip(*per_step)]) / len(per_step)
    if np.all(data.X == np.round(data.X)):  # integer sums are exact in any order
        assert_bitwise_equal(rec.final_augmented() + 0.0, mean + 0.0)
    else:
        scale = max(1.0, float(np.abs(hist).max()))
        np.testing.assert_allclose(rec.final_augmented(), mean, rtol=1e-12, atol=1e-12 * scale)
    assert_bitwise_equal(rec.extras["last_w"], hist[-1, : data.d])
    assert rec.extras["last_b"] == (hist[-1, -1] if offset else 0.0)


@pytest.mark.parametrize("name", ["voted", "averaged"])
@given(data=datasets(), params=run_params)
def test_survival_counts_sum_to_n_times_epochs(name, data, params):
    rec = run(name, data, **params)
    hist, steps, _ = textbook_perceptron(data.X, data.y, offset=rec.offset, stop_when_clean=False, **params)
    total = data.n * params["max_epochs"] if data.n else 0
    c = rec.extras["survival_counts"]
    assert c.shape == (len(steps) + 1,)
    assert c.sum() == total
    # brute force: which w_k was in force after each step
    brute = np.zeros(len(steps) + 1)
    k = 0
    for t in range(total):
        if k < len(steps) and steps[k] == t:
            k += 1
        brute[k] += 1
    assert c.tolist() == brute.tolist()
    assert np.all(c[1:] >= 1), "a vector counts the step that created it"


@given(data=datasets(), params=run_params, probes=hnp.arrays(np.float64, (6, 4), elements=COORDS["decimal"]))
def test_voted_prediction_is_a_brute_force_vote(data, params, probes):
    rec = run("voted", data, **params)
    hist, steps, _ = textbook_perceptron(data.X, data.y, offset=True, stop_when_clean=False, **params)
    per_step = weights_after_each_step(hist.tolist(), steps, data.n * params["max_epochs"])
    P = np.vstack([data.X, probes[:, : data.d]])
    Pa = augmented(P, True)
    brute = [sum(sign(score(w, x)) for w in per_step) for x in Pa.tolist()]
    assert voted_scores(rec, P).tolist() == [float(v) for v in brute]


@given(data=datasets(), params=run_params)
def test_predict_scores_use_the_training_arithmetic(data, params):
    rec = run("offset", data, **params)
    got = predict_scores(data.X, rec.final_w, rec.final_b)
    want = [score(rec.final_augmented(), x) for x in augmented(data.X, True).tolist()]
    assert_bitwise_equal(got + 0.0, np.array(want, dtype=np.float64).reshape(-1) + 0.0)


@pytest.mark.parametrize("a", [0.37, 0.61, 0.83])
@given(data=datasets(min_n=1, max_n=29, kinds=("decimal",)), shuffle=st.booleans(),
       init=st.sampled_from(["zero", "first"]), offset=st.booleans())
def test_lifted_always_converges_and_separates_the_lifted_data(a, data, shuffle, init, offset):
    # A copy of point 1 with the other label makes the data certainly not separable.
    X = np.vstack([data.X, data.X[:1]])
    y = np.append(data.y, -data.y[0])
    data = Dataset.from_arrays(X, y)
    Xa = augmented(X, offset)
    c2 = 1.0 - a * a
    # Novikoff on the lifted set with the unit separator [0 ; y_i/√n]: margin c/√n, so at most
    # R̃²·n/c² mistakes, and each epoch but the last makes one.
    R2 = float(np.max(a * a * np.sum(Xa * Xa, axis=1) + c2))
    bound = math.ceil(R2 * data.n / c2) + 2
    rec = run("lifted", data, lift_a=a, shuffle=shuffle, init=init, offset=offset, max_epochs=bound)
    assert rec.converged and rec.stop_reason == "converged"
    assert rec.epochs[-1].updates == 0
    assert rec.num_updates <= bound
    L = lift(Xa, a)
    w_lift = lifted_weights(rec, rec.num_updates)
    margins = y * (L @ w_lift)
    assert np.all(margins > 0), margins
    # the record's weights are the predictor on the original features: a × feature part
    np.testing.assert_allclose(rec.final_augmented(), a * w_lift[: Xa.shape[1]], rtol=1e-12, atol=1e-12)
    assert rec.extras["slack_points"].size >= 1  # the contradiction needs slack
    assert rec.extras["slack_points"].tolist() == np.flatnonzero(rec.extras["slack"]).tolist()


VISIT_CASES = [("standard", {}), ("offset", {}), ("voted", {}), ("lifted", {"lift_a": 0.5})]


@pytest.mark.parametrize(("name", "extra"), VISIT_CASES, ids=[c[0] for c in VISIT_CASES])
@given(data=datasets(max_n=20), params=run_params)
def test_every_visit_is_reconstructed(name, extra, data, params):
    rec = run(name, data, **params, **extra)
    if name == "lifted":
        hist, steps, per_epoch = textbook_perceptron(lift(augmented(data.X, True), 0.5), data.y, offset=False,
                                                     **params)
    else:
        hist, steps, per_epoch = textbook_perceptron(data.X, data.y, offset=rec.offset,
                                                     stop_when_clean=name != "voted", **params)
    n = data.n
    assert rec.num_steps == n * len(per_epoch)
    step_set, k = set(steps), 0
    for t in range(rec.num_steps):
        epoch, pos = divmod(t, n)
        k += t in step_set
        v = rec.visit(t)
        order = epoch_order(n, epoch, params["shuffle"], params["seed"])
        assert (v.t, v.epoch, v.position, v.index, v.updated, v.k) == (
            t, epoch, pos, int(order[pos]), t in step_set, k)
        if pos == n - 1:
            assert rec.epoch_end_k(epoch) == k
    for t in (-1, rec.num_steps):
        with pytest.raises(IndexError):
            rec.visit(t)
    assert rec.k_after_step(-1) == 0
    for kk in range(1, len(steps) + 1):
        assert rec.step_of_update(kk) == steps[kk - 1]
    if n:
        assert rec.update_epoch().tolist() == [s // n for s in steps]
        assert rec.update_position().tolist() == [s % n for s in steps]


ERROR_CASES = ["standard", "offset", "pocket", "voted", "averaged", "lifted"]


@pytest.mark.parametrize("name", ERROR_CASES)
@given(data=datasets(max_n=30, kinds=("int",)), params=run_params, frac=st.sampled_from([0.0, 0.3]))
def test_per_epoch_errors_equal_a_direct_computation(name, data, params, frac):
    train, test = train_test_split(data, frac, seed=params["seed"])
    extra = {"lift_a": 0.5} if name == "lifted" else {}
    rec = run(name, train, test, **params, **extra)
    offset = rec.offset
    Xa, Ta = augmented(train.X, offset), augmented(test.X, offset)
    fixed = name in ("voted", "averaged")
    if name == "lifted":
        hist, steps, per_epoch = textbook_perceptron(lift(Xa, 0.5), train.y, offset=False, **params)
        hist = 0.5 * hist[:, : Xa.shape[1]]
    else:
        hist, steps, per_epoch = textbook_perceptron(train.X, train.y, offset=offset,
                                                     stop_when_clean=not fixed, **params)
    n = train.n
    assert len(rec.epochs) == len(per_epoch)
    per_step = weights_after_each_step(hist.tolist(), steps, n * len(per_epoch))
    qualities = [pocket_quality(Xa, train.y, w, 0.0) for w in hist] if name == "pocket" else []
    for e, row in enumerate(rec.epochs):
        k_end = sum(s < (e + 1) * n for s in steps)
        if name == "pocket":
            best = qualities[: k_end + 1]
            wa = hist[best.index(max(best))]
        elif name == "averaged":
            done = per_step[: (e + 1) * n]
            wa = np.array([sum(col) for col in zip(*done)]) / len(done)
        else:
            wa = hist[k_end]
        if name == "voted":
            done = per_step[: (e + 1) * n]

            def err(P, yy):
                if len(yy) == 0:
                    return 0.0
                votes = [sum(sign(score(w, x)) for w in done) for x in P.tolist()]
                return sum(sign(v) != yi for v, yi in zip(votes, yy.tolist())) / len(yy)
        else:
            def err(P, yy):
                return error_rate(P, yy, wa)
        assert row.train_error == err(Xa, train.y)
        if test.n:
            assert row.test_error == err(Ta, test.y)
        else:
            assert row.test_error is None


# ---- 4. the notes' worked examples -----------------------------------------------------------------
ONE_D = Dataset.from_arrays([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1])
GATE_INPUTS = [[0, 0], [0, 1], [1, 0], [1, 1]]


def _classifies_all(rec, data) -> bool:
    return error_rate(augmented(data.X, rec.offset), data.y, rec.final_augmented()) == 0.0


def test_one_d_example_needs_the_offset():
    # notes 003: separable with θ = −1, θ0 = 2.5, but not through the origin
    with_offset = run("offset", ONE_D, max_epochs=1000)
    assert with_offset.converged and with_offset.stop_reason == "converged"
    assert _classifies_all(with_offset, ONE_D)
    assert with_offset.final_w[0] < 0 and with_offset.final_b > 0
    assert with_offset.epochs[-1].train_error == 0.0
    origin = run("standard", ONE_D, max_epochs=200)
    assert not origin.converged and origin.stop_reason == "max_epochs"
    assert origin.epochs_run == 200
    assert all(row.updates > 0 for row in origin.epochs)
    assert origin.final_b == 0.0


@pytest.mark.parametrize(("gate", "labels"), [
    ("AND", [-1, -1, -1, 1]),
    ("OR", [-1, 1, 1, 1]),
    ("NAND", [1, 1, 1, -1]),
])
@pytest.mark.parametrize("name", ["offset", "pocket", "lifted"])
def test_logic_gates_converge_with_offset(gate, labels, name):
    data = Dataset.from_arrays(GATE_INPUTS, labels)
    rec = run(name, data, max_epochs=1000)
    assert rec.converged and rec.stop_reason == "converged", gate
    if name != "lifted":  # lifted may lean on slack; its guarantee is on the lifted set
        assert _classifies_all(rec, data), gate


def test_not_gate_converges_with_offset():
    data = Dataset.from_arrays([[0], [1]], [1, -1])
    rec = run("offset", data)
    assert rec.converged and _classifies_all(rec, data)


def test_xor_never_converges_but_lifted_does():
    xor = Dataset.from_arrays(GATE_INPUTS, [-1, 1, 1, -1])
    rec = run("offset", xor, max_epochs=500)
    assert not rec.converged and rec.stop_reason == "max_epochs"
    assert all(row.updates > 0 and row.train_error > 0 for row in rec.epochs)
    pocket = run("pocket", xor, max_epochs=200)
    assert not pocket.converged
    assert pocket.extras["pocket_count"] <= 3  # at most three of four right
    lifted = run("lifted", xor, max_epochs=1000)
    assert lifted.converged


def test_notes_003_single_update_arithmetic():
    # θ = [1, −1], θ0 = 1 misclassifies x = (1, 3), y = +1: y(θ·x + θ0) = −1; one update
    # gives θ = [2, 2], θ0 = 2, which then errs on the negative point (−1.5, 1.5).
    X = np.array([[1.0, 3.0]])
    hist, steps, _ = textbook_perceptron(X, [1.0], offset=True, max_epochs=1, start=([1.0, -1.0], 1.0))
    assert steps == [0]
    assert hist.tolist() == [[1.0, -1.0, 1.0], [2.0, 2.0, 2.0]]
    # the kernel the application trains with, from the same start
    w = np.array([1.0, -1.0, 1.0])
    pos, idx, ck = np.empty(1, dtype=np.int64), np.empty(1, dtype=np.int32), np.empty((2, 3))
    # a checkpoint after every update (C = 1): row 1 holds w after update 1
    cnt = _kernels.perceptron_epoch(augmented(X, True), np.array([1.0]), np.arange(1, dtype=np.int64),
                                    w, pos, idx, ck, 0, 1, -1)
    assert cnt == 1 and idx[0] == 0 and w.tolist() == [2.0, 2.0, 2.0] and ck[1].tolist() == [2.0, 2.0, 2.0]
    assert score(w, [-1.5, 1.5, 1.0]) * -1 <= 0  # now a mistake on the negative point
    assert score(w, [2.5, 1.5, 1.0]) > 0  # the other positive point stays right


@pytest.mark.parametrize("name", ["standard", "offset", "pocket", "voted", "averaged"])
def test_init_first_starts_at_y1_x1(name):
    data = Dataset.from_arrays([[2.0, -3.0], [1.0, 1.0], [-1.0, 0.5]], [-1, 1, 1])
    rec = run(name, data, init="first", max_epochs=3)
    w0, b0 = rec.w_b(0)
    assert w0.tolist() == [-2.0, 3.0]
    assert b0 == (-1.0 if rec.offset else 0.0)


def test_lifted_init_first_starts_at_y1_x1_tilde():
    data = Dataset.from_arrays([[2.0, -3.0], [1.0, 1.0]], [-1, 1])
    rec = run("lifted", data, init="first", lift_a=0.5, max_epochs=1)
    lifted_x1 = lift(augmented(data.X, True), 0.5)[0]
    np.testing.assert_array_equal(lifted_weights(rec, 0), -1.0 * lifted_x1)
    np.testing.assert_array_equal(rec.weights[0], 0.5 * (-1.0 * lifted_x1[:3]))


# ---- registry, parameters, edge cases -----------------------------------------------------------
def test_registry_holds_the_variants():
    assert {"standard", "offset", "pocket", "voted", "averaged", "lifted", "margin", "pa"} <= set(REGISTRY)
    for name, cls in REGISTRY.items():
        assert cls.name == name
        algo = make_algorithm(name)
        assert set(algo.get_params()) == {p.name for p in cls.param_specs()}


@pytest.mark.parametrize(("name", "params"), [
    ("nonsense", {}),
    ("standard", {"offset": True}),
    ("standard", {"learning_rate": 0.1}),
    ("standard", {"max_epochs": 0}),
    ("standard", {"max_epochs": 2.5}),
    ("standard", {"max_epochs": True}),
    ("offset", {"shuffle": "yes"}),
    ("offset", {"init": "random"}),
    ("pocket", {"gamma": -1.0}),
    ("pocket", {"gamma": float("nan")}),
    ("lifted", {"lift_a": 1.0}),
    ("lifted", {"lift_a": 0.0}),
])
def test_bad_parameters_give_a_sentence(name, params):
    with pytest.raises(DatasetError) as info:
        make_algorithm(name, **params).fit(ONE_D)
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg and "Traceback" not in msg


def test_mismatched_test_set_gives_a_sentence():
    with pytest.raises(DatasetError, match=r"features.*\.$"):
        run("offset", ONE_D, Dataset.from_arrays([[1.0, 2.0]], [1]))


@pytest.mark.parametrize("name", REAL_DATA)
@pytest.mark.parametrize("d", [1, 3])
def test_empty_data_set_trains_to_nothing(name, d):
    rec = run(name, Dataset.empty(d), Dataset.empty(d))
    assert rec.stop_reason == "no_data" and rec.epochs_run == 0 and rec.epochs == []
    assert rec.num_updates == 0 and rec.num_steps == 0 and not rec.converged
    assert rec.weights.shape == (1, d + rec.offset)
    assert rec.final_w.tolist() == [0.0] * d and rec.final_b == 0.0
    if "survival_counts" in rec.extras:
        assert rec.extras["survival_counts"].sum() == 0
    with pytest.raises(IndexError):
        rec.visit(0)


@pytest.mark.parametrize("name", REAL_DATA)
def test_single_class_and_contradiction_train_without_error(name):
    one_class = Dataset.from_arrays([[1.0, 2.0], [3.0, -1.0]], [1, 1])
    rec = run(name, one_class, max_epochs=10)
    assert rec.epochs_run >= 1
    both = Dataset.from_arrays([[1.0, 2.0], [1.0, 2.0]], [1, -1])
    rec = run(name, both, max_epochs=10)
    assert (rec.stop_reason == "converged") == (name == "lifted")


@given(data=datasets(), params=run_params)
def test_runs_are_repeatable(data, params):
    a = run("averaged", data, **params)
    b = run("averaged", data, **params)
    assert_bitwise_equal(a.weights, b.weights)
    assert a.update_step.tolist() == b.update_step.tolist()
    assert a.epochs == b.epochs


@given(n=st.integers(0, 50), epoch=st.integers(0, 1000), seed=st.integers(0, 2**31 - 1))
def test_epoch_order_is_a_reproducible_permutation(n, epoch, seed):
    o = epoch_order(n, epoch, True, seed)
    assert sorted(o.tolist()) == list(range(n))
    assert o.tolist() == epoch_order(n, epoch, True, seed).tolist()
    assert epoch_order(n, epoch, False, seed).tolist() == list(range(n))


def test_shuffle_changes_the_order_each_epoch():
    orders = {tuple(epoch_order(30, e, True, 7).tolist()) for e in range(5)}
    assert len(orders) == 5


@pytest.mark.parametrize("name", REAL_DATA)
def test_progress_is_told_every_epoch_and_can_cancel(name):
    # noisy labels, and for lifted a large a (little room per point), so no run ends by itself
    rng = np.random.default_rng(1)
    data = Dataset.from_arrays(rng.normal(size=(40, 2)), np.where(rng.random(40) < 0.5, -1, 1))
    extra = {"lift_a": 0.99} if name == "lifted" else {}
    calls = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return done < 3

    rec = make_algorithm(name, max_epochs=50, **extra).fit(data, progress=progress)
    assert calls == [(1, 50), (2, 50), (3, 50)]
    assert rec.stop_reason == "cancelled" and rec.epochs_run == 3 and len(rec.epochs) == 3
    assert rec.num_steps == 3 * data.n
    assert int(rec.update_step.max()) < rec.num_steps
    if "survival_counts" in rec.extras:
        assert rec.extras["survival_counts"].sum() == rec.num_steps
