"""The multiclass perceptron against a textbook loop, its K = 2 equivalence with the binary
perceptron, Kesler's construction, its bound, and the K-class data reader."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.algorithms.multiclass import MulticlassPerceptron, kesler_vector, predict_codes
from perceptron_gui.core.class_data import MAX_CLASSES, class_data, parse_class_csv
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.run import epoch_order


def textbook(X, codes, K, offset=True, max_epochs=100, shuffle=False, seed=0):
    """The rule of the notes, written plainly: every W_k in a list."""
    Xa = np.hstack([X, np.ones((len(X), 1))]) if offset else np.asarray(X, dtype=float)
    W = np.zeros((K, Xa.shape[1]))
    history = [W.copy()]
    for epoch in range(max_epochs):
        mistakes = 0
        for i in epoch_order(len(X), epoch, shuffle, seed):
            x, y = Xa[i], int(codes[i])
            scores = [sum(W[c, j] * x[j] for j in range(len(x))) for c in range(K)]
            rival = min((c for c in range(K) if c != y), key=lambda c: (-scores[c], c))
            if scores[y] <= scores[rival]:
                W[y] += x
                W[rival] -= x
                history.append(W.copy())
                mistakes += 1
        if mistakes == 0:
            break
    return history


def blobs(K, n, d=2, seed=0, spread=0.6):
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=3.0, size=(K, d))
    codes = rng.integers(0, K, size=n)
    return centres[codes] + rng.normal(scale=spread, size=(n, d)), codes


def sequential_dot_loop_matches(X, codes, K, **kw):
    data = class_data(X, codes)
    run = MulticlassPerceptron(**kw).fit(data)
    history = textbook(X, data.codes, K, **kw)
    assert run.n_updates == len(history) - 1
    for k, W in enumerate(history):
        assert np.array_equal(run.weights_after(k), W), k
    assert np.array_equal(run.W, history[-1])
    return run


@pytest.mark.parametrize("K", [3, 4])
@pytest.mark.parametrize("offset", [True, False])
@pytest.mark.parametrize("shuffle", [False, True])
def test_every_w_k_equals_the_textbook_loop(K, offset, shuffle):
    X, codes = blobs(K, 40, seed=K)
    run = sequential_dot_loop_matches(X, codes, K, offset=offset, shuffle=shuffle, seed=3, max_epochs=30)
    assert run.n_updates > K


def test_ties_go_to_the_lowest_index_and_a_tie_is_a_mistake():
    # At W = 0 every score is 0: the first point is a mistake against the lowest other class.
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    run = MulticlassPerceptron().fit(class_data(X, [2, 0, 1]))
    assert run.index[0] == 0 and run.rivals[0] == 0
    # Then W_0 = −(1, 0, 1), W_2 = (1, 0, 1): point 2 (y = 0) scores −1, 0 and 1, so ŷ = 2.
    assert run.index[1] == 1 and run.rivals[1] == 2
    sequential_dot_loop_matches(X, [2, 0, 1], 3)


def test_two_classes_predict_as_the_binary_perceptron():
    rng = np.random.default_rng(5)
    X = rng.integers(-5, 6, size=(50, 2)).astype(float)
    y = np.where(X @ [1.0, -2.0] + 1.0 > 0, 1.0, -1.0)
    binary = make_algorithm("offset", max_epochs=200).fit(Dataset.from_arrays(X, y))
    run = MulticlassPerceptron(max_epochs=200).fit(class_data(X, y))
    assert run.classes == ("-1", "1")
    assert run.n_updates == binary.num_updates
    assert np.array_equal(run.index, binary.update_index)
    v = run.W[1] - run.W[0]
    assert np.array_equal(v, 2.0 * binary.final_augmented())
    assert np.array_equal(predict_codes(run.W, X, True), (binary.final_w @ X.T + binary.final_b > 0).astype(int))


def test_kesler_perceptron_is_the_same_run():
    X, codes = blobs(3, 30, seed=2)
    run = MulticlassPerceptron().fit(class_data(X, codes))
    w = np.zeros(3 * run.Xa.shape[1])
    for k in range(1, run.n_updates + 1):
        phi = run.kesler_update(k)
        assert w @ phi <= 1e-12 * max(1.0, np.abs(w).sum() * np.abs(phi).max())  # a mistake of the binary rule
        w = w + phi
        np.testing.assert_allclose(w, run.kesler_vector(k), rtol=0, atol=1e-9)
    i, c = int(run.index[0]), int(run.rivals[0])
    phi = kesler_vector(run.Xa[i], int(run.codes[i]), c, 3)
    D = run.Xa.shape[1]
    assert np.array_equal(phi.reshape(3, D)[run.codes[i]], run.Xa[i])
    assert np.array_equal(phi.reshape(3, D)[c], -run.Xa[i])
    assert np.linalg.norm(phi) ** 2 == pytest.approx(2 * np.linalg.norm(run.Xa[i]) ** 2, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("seed", range(4))
def test_the_kesler_bound_holds(seed):
    X, codes = blobs(4, 60, seed=seed, spread=0.3)
    run = MulticlassPerceptron(max_epochs=1000).fit(class_data(X, codes))
    assert run.converged
    theory = run.theory()
    assert theory["gamma_W"] > 0
    assert run.n_updates <= theory["bound"]
    assert run.epoch_errors[-1] == 0
    assert np.all(run.margins() > 0)


def test_errors_after_each_epoch_count_the_rule_s_mistakes():
    X, codes = blobs(3, 50, seed=9, spread=2.0)  # overlapping: never converges
    run = MulticlassPerceptron(max_epochs=5).fit(class_data(X, codes))
    assert not run.converged and len(run.epoch_errors) == 5
    first_epoch = sum(1 for e in run.epochs if e == 0)
    assert first_epoch == run.epoch_updates[0]
    assert run.epoch_errors[-1] == int(np.count_nonzero(run.margins() <= 0))


def test_stop_ends_the_run_between_epochs():
    X, codes = blobs(3, 50, seed=9, spread=2.0)
    calls = iter([False, False, True])
    run = MulticlassPerceptron(max_epochs=50).fit(class_data(X, codes), stop=lambda: next(calls))
    assert run.stopped and len(run.epoch_updates) == 2


def test_labels_are_sorted_numerically_or_as_text():
    assert class_data([[0], [1], [2]], [10, 9, 2]).classes == ("2", "9", "10")
    data = class_data([[0], [1], [2]], ["setosa", "virginica", "setosa"])
    assert data.classes == ("setosa", "virginica") and data.codes.tolist() == [0, 1, 0]
    assert class_data([[0], [1]], [1.0, 2.0]).classes == ("1", "2")


def test_a_csv_of_words_with_a_header():
    data = parse_class_csv("# iris-like\nlength,width,kind\n1,2,A\n3,1,B\n0.5,4,C\n", "t.csv")
    assert data.classes == ("A", "B", "C") and data.feature_names == ("length", "width")
    assert data.X.tolist() == [[1, 2], [3, 1], [0.5, 4]]


@pytest.mark.parametrize(("text", "words"), [
    ("1,2,A\n3,B\n", "Line 2 of t.csv has 2 values but 3 were expected"),
    ("1,x,A\n3,1,B\n", "'x' is not a number"),
    ("1,nan,A\n3,1,B\n", "not a finite number"),
    ("1,2,A\n3,1,A\n", "at least two classes"),
    ("", "holds no data rows"),
    ("".join(f"{i},0,c{i}\n" for i in range(MAX_CLASSES + 1)), "takes 2 to 9 classes"),
])
def test_bad_files_get_a_sentence(text, words):
    with pytest.raises(DatasetError, match=words):
        parse_class_csv(text, "t.csv")


def test_bad_parameters_get_a_sentence():
    with pytest.raises(DatasetError, match="Max epochs must be"):
        MulticlassPerceptron(max_epochs=0).fit(class_data([[0], [1]], [0, 1]))
