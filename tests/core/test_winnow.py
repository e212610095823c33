"""Winnow against a textbook loop (every w_k to the bit), Littlestone's mistake bound on
disjunctions, the refusal of data that are not Boolean, and its estimator and command line."""
from __future__ import annotations

import json
import pickle

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.run import epoch_order
from perceptron_gui.core.winnow_study import littlestone_bound
from perceptron_gui.estimators import ESTIMATORS


def textbook(X, y, alpha, theta, epochs, shuffle=False, seed=0, w0=None):
    n, d = X.shape
    w = np.ones(d) if w0 is None else np.array(w0, dtype=float)
    rows = [np.r_[w, -theta]]
    for e in range(epochs):
        mistakes = 0
        for i in (epoch_order(n, e, True, seed) if shuffle else range(n)):
            s = 0.0
            for j in range(d):
                s += w[j] * X[i, j]
            s += -theta * 1.0
            if y[i] > 0 and s < 0:      # a missed positive: promote
                w = np.array([w[j] * alpha if X[i, j] == 1 else w[j] for j in range(d)])
            elif y[i] < 0 and s >= 0:   # a false positive: demote
                w = np.array([w[j] / alpha if X[i, j] == 1 else w[j] for j in range(d)])
            else:
                continue
            mistakes += 1
            rows.append(np.r_[w, -theta])
        if mistakes == 0:
            break
    return np.array(rows)


def disjunction(n, d, r, seed=0, p=0.2):
    rng = np.random.default_rng(seed)
    X = (rng.random((n, d)) < p).astype(float)
    return X, np.where(X[:, :r].any(axis=1), 1.0, -1.0)


@pytest.mark.parametrize("alpha, threshold, shuffle", [(2.0, 0.0, False), (1.5, 4.0, False), (3.0, 0.0, True)])
def test_every_weight_vector_is_the_textbook_loops_to_the_bit(alpha, threshold, shuffle):
    X, y = disjunction(150, 12, 2, seed=1)
    rec = make_algorithm("winnow", alpha=alpha, threshold=threshold, shuffle=shuffle, seed=3, max_epochs=40).fit(
        Dataset.from_arrays(X, y))
    theta = threshold if threshold > 0 else 12.0
    expected = textbook(X, y, alpha, theta, 40, shuffle, seed=3)
    assert np.array_equal(np.asarray(rec.weights), expected)
    assert np.array_equal(rec.final_w, expected[-1][:12]) and rec.final_b == -theta
    assert rec.extras["theta"] == theta
    if rec.converged:
        assert rec.stop_reason == "converged" and rec.epochs[-1].updates == 0


@pytest.mark.parametrize("d", [16, 64, 256])
def test_littlestones_bound_holds_on_disjunctions(d):
    r = 3
    X, y = disjunction(400, d, r, seed=d)
    rec = make_algorithm("winnow", max_epochs=200).fit(Dataset.from_arrays(X, y))
    assert rec.converged and rec.epochs[-1].train_error == 0.0
    assert rec.num_updates <= littlestone_bound(d, r)


def test_data_that_are_not_boolean_are_one_sentence():
    X = np.array([[0.0, 1.0], [1.0, 0.5]])
    with pytest.raises(DatasetError, match=r"row 2 has 0\.5 in feature 2") as err:
        make_algorithm("winnow").fit(Dataset.from_arrays(X, np.array([1.0, -1.0])))
    assert str(err.value).endswith(".") and "\n" not in str(err.value)


def test_a_hand_set_start_must_be_positive():
    X, y = disjunction(30, 4, 1)
    rec = make_algorithm("winnow", init="custom", start_w=[0.5, 1.0, 2.0, 1.0], max_epochs=5).fit(
        Dataset.from_arrays(X, y))
    assert np.array_equal(np.asarray(rec.weights), textbook(X, y, 2.0, 4.0, 5, w0=[0.5, 1.0, 2.0, 1.0]))
    with pytest.raises(DatasetError, match="start above 0"):
        make_algorithm("winnow", init="custom", start_w=[0.0, 1.0, 1.0, 1.0]).fit(Dataset.from_arrays(X, y))


def test_the_estimator_streams_pickles_and_refuses_negative_values():
    X, y = disjunction(120, 10, 2, seed=4)
    labels = np.where(y > 0, "yes", "no")
    est = ESTIMATORS["winnow"](max_epochs=30).fit(X, labels)
    rec = make_algorithm("winnow", max_epochs=30).fit(Dataset.from_arrays(X, y))
    assert np.array_equal(est.coef_[0], rec.final_w) and est.intercept_[0] == -10.0
    assert (est.predict(X) == labels).all()
    back = pickle.loads(pickle.dumps(est))
    assert np.array_equal(back.decision_function(X), est.decision_function(X))
    stream = ESTIMATORS["winnow"]()
    for part in np.array_split(np.arange(120), 3):
        stream.partial_fit(X[part], labels[part], classes=["no", "yes"])
    assert (stream.coef_ > 0).all()
    with pytest.raises(ValueError, match="Negative values in data passed to Winnow"):
        ESTIMATORS["winnow"]().fit(-X, labels)


def test_the_command_line_takes_alpha_and_threshold(tmp_path, capsys):
    X, y = disjunction(40, 5, 1, seed=5)
    path = tmp_path / "b.csv"
    path.write_text("x1,x2,x3,x4,x5,y\n" + "".join(",".join(f"{int(v)}" for v in row) + f",{int(t)}\n"
                                                  for row, t in zip(X, y)))
    out = tmp_path / "run.json"
    code = main(["run", str(path), "--algorithm", "winnow", "--alpha", "3", "--threshold", "2.5", "--out", str(out)])
    said = capsys.readouterr()
    assert code == 0, said.err
    rec = make_algorithm("winnow", alpha=3.0, threshold=2.5).fit(Dataset.from_arrays(X, y))
    final = json.loads(out.read_text())["final"]
    assert np.array_equal(np.array(final["w"], dtype=float), rec.final_w) and float(final["b"]) == -2.5
    assert "does not bound this run's" in said.out
    code = main(["run", str(path), "--algorithm", "winnow", "--alpha", "1"])
    said = capsys.readouterr()
    assert code == 2 and "Traceback" not in said.err and "above 1" in said.err


def test_an_empty_data_set_trains_to_the_start():
    rec = make_algorithm("winnow").fit(Dataset.empty(3))
    assert rec.stop_reason == "no_data" and rec.num_updates == 0
    assert rec.final_w.tolist() == [1.0, 1.0, 1.0] and rec.final_b == -3.0


def test_three_classes_train_each_against_the_rest():
    rng = np.random.default_rng(7)
    X = (rng.random((150, 9)) < 0.25).astype(float)
    y = np.select([X[:, 0] == 1, X[:, 1] == 1], ["a", "b"], "c")
    est = ESTIMATORS["winnow"](max_epochs=20).fit(X, y)
    assert est.coef_.shape == (3, 9) and (est.intercept_ == -9.0).all()
    for k, c in enumerate(est.classes_):
        rec = make_algorithm("winnow", max_epochs=20).fit(Dataset.from_arrays(X, np.where(y == c, 1.0, -1.0)))
        assert np.array_equal(est.coef_[k], rec.final_w)


def test_a_session_with_winnow_saves_and_loads_the_same_run(tmp_path):
    from perceptron_gui.session.session import Session
    from perceptron_gui.session.session_file import apply_session, load_session, save_session

    X, y = disjunction(60, 6, 2, seed=8)
    s = Session()
    s.load_dataset(Dataset.from_arrays(X, y), "disjunction")
    s.set_algorithm("winnow")
    assert s.set_param("alpha", 1.5)
    s.wait()
    path = tmp_path / "w.perceptron.json"
    save_session(s, path)
    s2 = Session()
    apply_session(s2, load_session(path))
    s2.wait()
    assert s2.algorithm == "winnow" and s2.params == s.params
    assert np.array_equal(np.asarray(s2.run.weights), np.asarray(s.run.weights))
