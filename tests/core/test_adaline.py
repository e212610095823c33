"""ADALINE (Widrow–Hoff least mean squares) against a textbook loop, every w_k replayed to the bit,
its squared error per epoch, the refusal of an η that diverges, and the estimator and command line
that reach it."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.algorithms.adaline import largest_eigenvalue
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.run import epoch_order
from perceptron_gui.estimators import ESTIMATORS


def textbook(X, y, eta, epochs, offset, shuffle=False, seed=0, w0=None, b0=0.0):
    """Widrow & Hoff's rule as a course writes it, one coordinate at a time, left to right."""
    n, d = X.shape
    w = np.zeros(d) if w0 is None else np.array(w0, dtype=float)
    b = float(b0)
    rows = [np.r_[w, b] if offset else w.copy()]
    for e in range(epochs):
        for i in (epoch_order(n, e, True, seed) if shuffle else range(n)):
            s = 0.0
            for j in range(d):
                s += w[j] * X[i, j]
            if offset:
                s += b * 1.0
            f = eta * (y[i] - s)
            for j in range(d):
                w[j] += f * X[i, j]
            if offset:
                b += f * 1.0
            rows.append(np.r_[w, b] if offset else w.copy())
    return np.array(rows)


def data(n=60, d=3, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X @ np.arange(1.0, d + 1) + 0.3 > 0, 1.0, -1.0)
    return X, y


@pytest.mark.parametrize("offset, shuffle, eta", [(True, False, 0.05), (False, False, 0.02), (True, True, 0.1)])
def test_every_weight_vector_is_the_textbook_loops_to_the_bit(offset, shuffle, eta):
    X, y = data()
    rec = make_algorithm("adaline", eta=eta, max_epochs=7, offset=offset, shuffle=shuffle, seed=5).fit(
        Dataset.from_arrays(X, y))
    expected = textbook(X, y, eta, 7, offset, shuffle, seed=5)
    assert rec.num_updates == 7 * 60 and rec.epochs_run == 7 and rec.stop_reason == "fixed_epochs"
    W = np.array(rec.weights[0: rec.num_updates + 1])
    assert np.array_equal(W, expected)  # the replay from checkpoints: training's arithmetic
    assert np.array_equal(rec.final_w, expected[-1][:3]) and rec.final_b == (expected[-1][3] if offset else 0.0)


def test_a_hand_set_start_is_where_the_rule_starts():
    X, y = data(20, 2, seed=1)
    rec = make_algorithm("adaline", eta=0.03, max_epochs=3, init="custom", start_w=[0.5, -1.0], start_b=0.25).fit(
        Dataset.from_arrays(X, y))
    assert np.array_equal(np.array(rec.weights[0: rec.num_updates + 1]),
                          textbook(X, y, 0.03, 3, True, w0=[0.5, -1.0], b0=0.25))


def test_the_squared_error_per_epoch_falls_for_a_stable_eta():
    X, y = data(200, 2, seed=2)
    rec = make_algorithm("adaline", eta=0.01, max_epochs=10).fit(Dataset.from_arrays(X, y))
    mse = rec.extras["mse"]
    Xa = np.c_[X, np.ones(len(X))]
    for e in range(10):  # every visit is an update: epoch e ends at update (e + 1)·n
        w = np.asarray(rec.weights[(e + 1) * len(X)])
        assert mse[e] == pytest.approx(float(np.mean((y - Xa @ w) ** 2)), rel=1e-12, abs=1e-12)
    # 1.0 is the start's (w = 0); a fixed η settles near the least-squares error, not always downhill.
    assert len(mse) == 10 and mse[-1] < mse[0] < 1.0


def test_an_eta_that_diverges_is_one_sentence_with_the_largest_stable_eta():
    X, y = data(50, 2, seed=3)
    X = X * 10.0
    Xa = np.c_[X, np.ones(len(X))]
    lam = largest_eigenvalue(Xa)
    assert lam == pytest.approx(float(np.linalg.eigvalsh(Xa.T @ Xa / len(X))[-1]), rel=1e-12, abs=0.0)
    with pytest.raises(DatasetError) as err:
        make_algorithm("adaline", eta=3.0 / lam, max_epochs=100).fit(Dataset.from_arrays(X, y))
    said = str(err.value)
    assert f"{2.0 / lam:.3g}" in said and "smaller η" in said and said.endswith(".")
    # Just under 2/λ_max the online rule stays bounded on these points.
    rec = make_algorithm("adaline", eta=0.5 / lam, max_epochs=30).fit(Dataset.from_arrays(X, y))
    assert np.isfinite(rec.final_w).all() and rec.extras["mse"][-1] < 1.0


@pytest.mark.parametrize("eta", [0.0, -0.1, 11.0, float("nan")])
def test_an_eta_outside_its_range_is_refused(eta):
    X, y = data(10, 2)
    with pytest.raises(DatasetError, match="must be (between|a finite number)"):
        make_algorithm("adaline", eta=eta).fit(Dataset.from_arrays(X, y))


def test_lms_need_not_separate_what_is_separable():
    # Separable points where least squares pulls the line across one point: a far cluster of
    # positives weighs on the squared error, the perceptron separates them and ADALINE does not.
    X = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.5, 1.5], [9.0, 9.0], [9.5, 9.0], [9.0, 9.5], [10.0, 10.0]])
    y = np.array([-1.0, -1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0])
    ds = Dataset.from_arrays(X, y)
    lms = make_algorithm("adaline", eta=0.005, max_epochs=2000).fit(ds)
    per = make_algorithm("offset", max_epochs=2000).fit(ds)
    assert per.converged and per.epochs[-1].train_error == 0.0
    assert lms.epochs[-1].train_error > 0.0


def test_the_estimator_and_the_command_line_give_the_learners_weights(tmp_path, capsys):
    X, y = data(40, 2, seed=6)
    est = ESTIMATORS["adaline"](eta=0.02, max_epochs=5).fit(X, (y > 0).astype(int))
    rec = make_algorithm("adaline", eta=0.02, max_epochs=5).fit(Dataset.from_arrays(X, y))
    assert type(est).__name__ == "Adaline" and "adaline" in REGISTRY
    assert np.array_equal(est.coef_[0], rec.final_w) and est.intercept_[0] == rec.final_b
    assert est.n_iter_ == 5 and est.t_ == 200
    path = tmp_path / "p.csv"
    path.write_text("x1,x2,y\n" + "".join(f"{a!r},{b!r},{int(c)}\n" for (a, b), c in zip(X.tolist(), y)))
    out = tmp_path / "run.json"
    code = main(["run", str(path), "--algorithm", "adaline", "--eta", "0.02", "--max-epochs", "5", "--out", str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    head = said.out.splitlines()[0].split()
    assert head[-2:] == ["squared", "error"]  # the loss it minimises, after each epoch
    rows = [line.split() for line in said.out.splitlines()[1:6]]
    assert [float(r[-1]) for r in rows] == pytest.approx(rec.extras["mse"], rel=1e-5, abs=0.0)
    assert "this run made" not in said.out and "does not bound this run's 200 updates" in said.out
    import json
    final = json.loads(out.read_text())["final"]
    assert np.array_equal(np.array(final["w"], dtype=float), rec.final_w) and float(final["b"]) == rec.final_b
    code = main(["run", str(path), "--algorithm", "adaline", "--eta", "abc"])
    said = capsys.readouterr()
    assert code == 2 and "Traceback" not in said.err and "--eta" in said.err


def textbook_batch(X, y, eta, epochs, offset, shuffle=False, seed=0):
    """Batch gradient descent on (1/n)·Σ (y − w·x − b)² as a course writes it: every score with the
    epoch's starting weights, the shares η·(2/n)·(y − s)·x added in visit order."""
    n, d = X.shape
    w, b = np.zeros(d), 0.0
    rows = [np.r_[w, b] if offset else w.copy()]
    for e in range(epochs):
        w_start, b_start = w.copy(), b
        for i in (epoch_order(n, e, True, seed) if shuffle else range(n)):
            s = 0.0
            for j in range(d):
                s += w_start[j] * X[i, j]
            if offset:
                s += b_start * 1.0
            f = eta * (2.0 / n) * (y[i] - s)
            for j in range(d):
                w[j] += f * X[i, j]
            if offset:
                b += f * 1.0
            rows.append(np.r_[w, b] if offset else w.copy())
    return np.array(rows)


@pytest.mark.parametrize("offset, shuffle", [(True, False), (False, True)])
def test_batch_gradient_descent_is_the_textbook_loops_to_the_bit(offset, shuffle):
    X, y = data()
    rec = make_algorithm("adaline", eta=0.2, batch=True, max_epochs=6, offset=offset, shuffle=shuffle, seed=2).fit(
        Dataset.from_arrays(X, y))
    expected = textbook_batch(X, y, 0.2, 6, offset, shuffle, seed=2)
    assert np.array_equal(np.array(rec.weights[0: rec.num_updates + 1]), expected)
    # Each epoch's end is one step down the gradient of the mean squared error (BLAS: a tolerance).
    Xa = np.column_stack([X, np.ones(len(X))]) if offset else X
    w = np.zeros(Xa.shape[1])
    for e in range(6):
        w = w + 0.2 * (2.0 / len(X)) * Xa.T @ (y - Xa @ w)
        np.testing.assert_allclose(expected[(e + 1) * len(X)], w, rtol=0, atol=1e-12)


def test_batch_in_slices_is_the_same_run():
    """A stop() makes the epochs run in slices (chunks.run_epoch): the epoch's scores keep their w."""
    X, y = data(300, 3, seed=4)
    ds = Dataset.from_arrays(X, y)
    whole = make_algorithm("adaline", eta=0.1, batch=True, max_epochs=4).fit(ds)
    sliced = make_algorithm("adaline", eta=0.1, batch=True, max_epochs=4).fit(ds, stop=lambda: False)
    assert np.array_equal(np.asarray(whole.weights), np.asarray(sliced.weights))


def test_batch_lowers_the_squared_error_every_epoch_and_refuses_an_eta_past_one_over_lambda():
    X, y = data(80, 2, seed=6)
    ds = Dataset.from_arrays(X, y)
    lam = largest_eigenvalue(np.column_stack([X, np.ones(len(X))]))
    rec = make_algorithm("adaline", eta=0.9 / lam, batch=True, max_epochs=30).fit(ds)
    mse = rec.extras["mse"]
    assert all(b <= a for a, b in zip(mse, mse[1:]))
    with pytest.raises(DatasetError, match=r"in batch on these data.*1/λ_max"):
        make_algorithm("adaline", eta=3.0 / lam, batch=True, max_epochs=300).fit(ds)


def test_batch_from_the_command_line(capsys):
    assert main(["run", "--preset", "far_cluster", "--algorithm", "adaline", "--batch", "--eta", "0.01",
                 "--max-epochs", "20"]) == 0
    assert "squared error" in capsys.readouterr().out
    assert main(["run", "--preset", "far_cluster", "--algorithm", "offset", "--batch"]) == 2
    assert "--batch does not apply to the offset perceptron" in capsys.readouterr().err
