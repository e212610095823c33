"""The margin perceptron and the passive-aggressive family: against a textbook
loop written here in plain Python, against scikit-learn, and their records replayed to the bit."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError


def noisy_blobs(n: int = 60, d: int = 2, seed: int = 3) -> Dataset:
    """Real-valued points, labels from a line with a few flipped: no score ties the margin
    exactly (a tie is where ≤ and < could part)."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d)) * 1.7 + 0.4
    y = np.where(X @ np.arange(1.0, d + 1.0) - 0.5 > 0, 1.0, -1.0)
    y[::11] *= -1
    return Dataset.from_arrays(X, y)


def separable(n: int = 40, seed: int = 5) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-3, 3, size=(n, 2))
    s = X @ np.array([1.0, -2.0]) + 0.7
    X, s = X[np.abs(s) > 0.8], s[np.abs(s) > 0.8]
    return Dataset.from_arrays(X, np.where(s > 0, 1.0, -1.0))


def rows(X: np.ndarray, offset: bool) -> list[list[float]]:
    return [list(map(float, x)) + ([1.0] if offset else []) for x in X]


def textbook_margin(X, y, margin, offset, epochs):
    """w after every update: if y·(w·x) ≤ γ then w ← w + y·x (x with a 1 appended for b)."""
    xs, w, hist = rows(X, offset), [0.0] * (X.shape[1] + offset), []
    for _ in range(epochs):
        changed = False
        for x, yi in zip(xs, map(float, y)):
            s = 0.0
            for wj, xj in zip(w, x):
                s += wj * xj
            if yi * s <= margin:
                w = [wj + yi * xj for wj, xj in zip(w, x)]
                hist.append(list(w))
                changed = True
        if not changed:
            break
    return hist


def textbook_pa(X, y, variant, C, offset, epochs):
    """(w after every update, τ of every update) of Crammer et al.'s PA, PA-I, PA-II."""
    xs, w, hist, taus = rows(X, offset), [0.0] * (X.shape[1] + offset), [], []
    for _ in range(epochs):
        changed = False
        for x, yi in zip(xs, map(float, y)):
            s = 0.0
            for wj, xj in zip(w, x):
                s += wj * xj
            loss = 1.0 - yi * s
            sq = 0.0
            for xj in x:
                sq += xj * xj
            if loss <= 0.0 or sq == 0.0:
                continue
            tau = {"PA": loss / sq, "PA-I": min(C, loss / sq), "PA-II": loss / (sq + 0.5 / C)}[variant]
            f = tau * yi
            w = [wj + f * xj for wj, xj in zip(w, x)]
            hist.append(list(w))
            taus.append(tau)
            changed = True
        if not changed:
            break
    return hist, taus


def close(a, b) -> None:
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    np.testing.assert_allclose(a, b, rtol=1e-9, atol=1e-12 * max(1.0, float(np.max(np.abs(b), initial=0.0))))


# ---- the margin perceptron --------------------------------------------------------------
@pytest.mark.parametrize("shuffle", [False, True])
@pytest.mark.parametrize(("offset", "plain"), [(True, "offset"), (False, "standard")])
def test_margin_zero_is_the_perceptron_to_the_bit(offset, plain, shuffle):
    data = noisy_blobs(80)
    a = make_algorithm("margin", margin=0.0, offset=offset, max_epochs=30, shuffle=shuffle, seed=4).fit(data)
    b = make_algorithm(plain, max_epochs=30, shuffle=shuffle, seed=4).fit(data)
    assert a.update_step.tolist() == b.update_step.tolist()
    assert a.update_index.tolist() == b.update_index.tolist()
    assert np.asarray(a.weights).tobytes() == np.asarray(b.weights).tobytes()
    assert [(e.updates, e.train_error) for e in a.epochs] == [(e.updates, e.train_error) for e in b.epochs]


@pytest.mark.parametrize("margin", [0.0, 0.5, 1.0, 3.0])
@pytest.mark.parametrize("offset", [True, False])
def test_margin_perceptron_equals_the_textbook_loop(margin, offset):
    data = noisy_blobs(50, d=3)
    rec = make_algorithm("margin", margin=margin, offset=offset, max_epochs=15).fit(data)
    hist = textbook_margin(data.X, data.y, margin, offset, 15)
    assert np.asarray(rec.weights)[1:].tolist() == hist  # to the bit: the same sums in the same order


def test_margin_perceptron_converges_with_every_point_beyond_the_margin():
    data = separable()
    rec = make_algorithm("margin", margin=2.0, max_epochs=10_000).fit(data)
    assert rec.converged
    scores = data.X @ rec.final_w + rec.final_b
    assert np.all(data.y * scores > 2.0)


@pytest.fixture(scope="module")
def sgd():
    pytest.importorskip("sklearn")
    from sklearn.linear_model import SGDClassifier

    return SGDClassifier


@pytest.mark.parametrize("margin", [0.25, 1.0, 2.5])
@pytest.mark.parametrize("offset", [True, False])
def test_margin_perceptron_is_sklearn_hinge_sgd_times_gamma(sgd, margin, offset):
    # scikit-learn's Hinge updates when y·s ≤ threshold (``z <= self.threshold`` in
    # _sgd_fast.pyx.tp, 1.9.1): the same ≤ as ours, so eta0 = 1/γ scales our run by 1/γ.
    data, E = noisy_blobs(70), 12
    rec = make_algorithm("margin", margin=margin, offset=offset, max_epochs=E).fit(data)
    clf = sgd(loss="hinge", penalty=None, alpha=0.0, learning_rate="constant", eta0=1.0 / margin,
              fit_intercept=offset, max_iter=E, tol=None, shuffle=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ConvergenceWarning: max_iter reached, as asked
        clf.fit(data.X, data.y)
    close(rec.final_w, clf.coef_[0] * margin)
    close([rec.final_b], [clf.intercept_[0] * margin])


# ---- passive-aggressive ---------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["PA", "PA-I", "PA-II"])
@pytest.mark.parametrize("offset", [True, False])
@pytest.mark.parametrize("C", [0.05, 1.0])
def test_pa_equals_the_textbook_loop_and_replays_to_the_bit(variant, offset, C):
    data = noisy_blobs(60)
    rec = make_algorithm("pa", pa_variant=variant, C=C, offset=offset, max_epochs=8).fit(data)
    hist, taus = textbook_pa(data.X, data.y, variant, C, offset, 8)
    assert rec.num_updates == len(hist) > 64  # past the first checkpoint: replays are exercised
    assert rec.extras["tau"].tolist() == taus
    assert np.asarray(rec.weights)[1:].tolist() == hist
    # Any row alone (from its checkpoint) and any order give the same bits.
    ks = np.array([len(hist), 1, 65, 64, 130, 3])
    ks = ks[ks <= len(hist)]
    assert rec.weights.rows(ks).tolist() == [([0.0] * rec.D if k == 0 else hist[k - 1]) for k in ks]


def test_pa_steps_are_the_same_when_an_epoch_runs_in_chunks():
    data = noisy_blobs(300)
    algo = make_algorithm("pa", pa_variant="PA", max_epochs=5, shuffle=True, seed=2)
    whole = algo.fit(data)
    chunked = algo.fit(data, stop=lambda: False)  # epochs in slices: τ lands at k0 + cnt
    assert chunked.extras["tau"].tobytes() == whole.extras["tau"].tobytes()
    assert np.asarray(chunked.weights).tobytes() == np.asarray(whole.weights).tobytes()


@pytest.mark.parametrize(("variant", "rate"), [("PA-I", "pa1"), ("PA-II", "pa2")])
@pytest.mark.parametrize("C", [0.01, 0.5, 4.0])
def test_pa_equals_sklearn_on_x_with_a_column_of_ones(sgd, variant, rate, C):
    # The offset trick is the column of ones with fit_intercept=False: scikit-learn's own
    # intercept leaves that 1 out of ‖x‖² in the step size.
    data, E = noisy_blobs(70), 10
    rec = make_algorithm("pa", pa_variant=variant, C=C, max_epochs=E).fit(data)
    ones = np.hstack([data.X, np.ones((data.n, 1))])
    clf = sgd(loss="hinge", penalty=None, learning_rate=rate, eta0=C, fit_intercept=False,
              max_iter=E, tol=None, shuffle=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(ones, data.y)
    close(np.append(rec.final_w, rec.final_b), clf.coef_[0])


def test_sklearn_fit_intercept_is_not_the_offset_trick(sgd):
    data, E = noisy_blobs(70), 10
    rec = make_algorithm("pa", pa_variant="PA-I", C=0.5, max_epochs=E).fit(data)
    clf = sgd(loss="hinge", penalty=None, learning_rate="pa1", eta0=0.5, fit_intercept=True,
              max_iter=E, tol=None, shuffle=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(data.X, data.y)
    assert not np.allclose(np.append(rec.final_w, rec.final_b), np.append(clf.coef_[0], clf.intercept_[0]))


def test_pa_converges_when_every_point_has_margin_one():
    data = Dataset.from_arrays([[2.0, 0.0], [-2.0, 0.0]], [1, -1])
    rec = make_algorithm("pa", pa_variant="PA", offset=False, max_epochs=50).fit(data)
    # One step puts y·w·x at exactly 1 on both (w = (0.5, 0)): ℓ = 0 everywhere, no more updates.
    assert rec.converged and rec.stop_reason == "converged" and rec.num_updates == 1
    assert rec.final_w.tolist() == [0.5, 0.0] and rec.extras["tau"].tolist() == [0.25]


def test_pa_skips_a_zero_point_without_offset():
    data = Dataset.from_arrays([[0.0, 0.0], [1.0, 1.0]], [1, 1])
    rec = make_algorithm("pa", pa_variant="PA", offset=False, max_epochs=5).fit(data)
    assert np.all(np.isfinite(np.asarray(rec.weights))) and rec.converged


@pytest.mark.parametrize(("name", "params"), [
    ("margin", {"margin": -1.0}), ("margin", {"margin": float("nan")}),
    ("pa", {"C": 0.0}), ("pa", {"C": -2.0}), ("pa", {"pa_variant": "PA-III"}),
])
def test_bad_parameters_give_a_sentence(name, params):
    with pytest.raises(DatasetError) as info:
        make_algorithm(name, **params).fit(noisy_blobs(5))
    msg = str(info.value)
    assert msg.endswith(".") and "\n" not in msg


def test_run_file_and_update_table_keep_tau_exactly(tmp_path):
    from perceptron_gui.core import runio

    data = noisy_blobs(40)
    rec = make_algorithm("pa", pa_variant="PA-II", C=0.3, max_epochs=3).fit(data)
    tau = rec.extras["tau"].tolist()
    runio.write_run_json(tmp_path / "run.json", rec, None, data, full=True)
    d = runio.read_run_json(tmp_path / "run.json")
    assert [u["tau"] for u in d["updates"]] == tau
    assert d["updates"] == runio.run_to_json_dict(rec, None, data, full=True)["updates"]
    assert d["final"]["w"] == rec.final_w.tolist() and d["final"]["b"] == rec.final_b
    assert d["params"]["pa_variant"] == "PA-II" and d["params"]["C"] == 0.3
    lines = runio.updates_csv_text(rec, data, None, full=True).splitlines()
    assert lines[0].split(",")[-1] == "tau"
    assert [float(row.split(",")[-1]) for row in lines[1:]] == tau
    plain = make_algorithm("margin", max_epochs=3).fit(data)
    assert "tau" not in runio.updates_csv_text(plain, data, None).splitlines()[0]


def _textbook_any(kind, X, y, offset, epochs, shuffle, seed, w0, **rule):
    """Either textbook loop above, in the epochs' own (shuffled) orders and from a start w0."""
    from perceptron_gui.core.run import epoch_order

    xs, w, hist, taus = rows(X, offset), list(map(float, w0)), [], []
    for e in range(epochs):
        changed = False
        for i in epoch_order(len(xs), e, shuffle, seed).tolist():
            x, yi = xs[i], float(y[i])
            s = 0.0
            for wj, xj in zip(w, x):
                s += wj * xj
            if kind == "margin":
                if not yi * s <= rule["margin"]:
                    continue
                f = yi
            else:
                loss, sq = 1.0 - yi * s, sum(xj * xj for xj in x)
                if loss <= 0.0 or sq == 0.0:
                    continue
                tau = min(rule["C"], loss / sq)  # PA-I
                taus.append(tau)
                f = tau * yi
            w = [wj + f * xj for wj, xj in zip(w, x)]
            hist.append(list(w))
            changed = True
        if not changed:
            break
    return hist, taus


@pytest.mark.parametrize("kind", ["margin", "pa"])
@pytest.mark.parametrize(("shuffle", "seed", "init"), [(True, 7, "zero"), (True, 11, "first"), (False, 0, "custom")])
def test_shuffled_orders_and_starts_follow_the_textbook(kind, shuffle, seed, init):
    data = noisy_blobs(30)
    rule = {"margin": 0.7} if kind == "margin" else {"pa_variant": "PA-I", "C": 0.4}
    start = {"start_w": [0.5, -1.0], "start_b": 0.25} if init == "custom" else {}
    rec = make_algorithm(kind, max_epochs=6, shuffle=shuffle, seed=seed, init=init, **rule, **start).fit(data)
    w0 = np.asarray(rec.weights[0])
    if init == "first":
        assert w0.tolist() == (data.y[0] * np.append(data.X[0], 1.0)).tolist()
    if init == "custom":
        assert w0.tolist() == [0.5, -1.0, 0.25]
    hist, taus = _textbook_any(kind, data.X, data.y, True, 6, shuffle, seed, w0,
                               margin=rule.get("margin"), C=rule.get("C"))
    assert np.asarray(rec.weights)[1:].tolist() == hist
    if kind == "pa":
        assert rec.extras["tau"].tolist() == taus
