"""The shipped digits (UCI optdigits 0 vs 1) and their preset: data, fixed split, run table."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import split_mask, train_test_split
from perceptron_gui.core.digits import IMAGE_SHAPE, digits_0_vs_1, digits_split
from perceptron_gui.core.presets import PRESETS, get_preset, preset_lines


def _notes_perceptron(X: np.ndarray, y: np.ndarray, Xt: np.ndarray, yt: np.ndarray, epochs: int = 100) -> list:
    """Notes 002's training loop (w = 0, update when y·(w·x) ≤ 0, stop after an epoch without
    changes), with the table it prints: epoch, changes, train error, test error."""
    w = np.zeros(X.shape[1])
    rows = []
    for e in range(epochs):
        changes = 0
        for i in range(len(y)):
            if y[i] * sum(float(a) * float(b) for a, b in zip(X[i], w)) <= 0:
                w = w + y[i] * X[i]
                changes += 1
        rows.append((e, changes, float(np.mean(y * (X @ w) <= 0)), float(np.mean(yt * (Xt @ w) <= 0))))
        if changes == 0:
            break
    return rows


def test_the_file_holds_the_0s_and_1s_of_the_uci_digits():
    data = digits_0_vs_1()
    assert data.n == 360 and data.d == IMAGE_SHAPE[0] * IMAGE_SHAPE[1] == 64
    assert data.feature_names[0] == "r1c1" and data.feature_names[-1] == "r8c8"
    assert int((data.y < 0).sum()) == 178 and int((data.y > 0).sum()) == 182  # the UCI test part's counts
    assert data.X.min() == 0 and data.X.max() == 16 and np.all(data.X == np.round(data.X))
    assert data.notices == ()


@pytest.fixture(scope="module")
def sklearn_digits():
    # Imported in a module fixture: scikit-learn sets OpenMP variables on import, which the
    # suite's per-test leak check would otherwise blame on the test.
    datasets = pytest.importorskip("sklearn.datasets")
    return datasets.load_digits()


def test_the_file_matches_scikit_learns_copy(sklearn_digits):
    d = sklearn_digits
    keep = d.target <= 1
    data = digits_0_vs_1()
    np.testing.assert_array_equal(data.X, d.data[keep])
    np.testing.assert_array_equal(data.y, np.where(d.target[keep] == 1, 1.0, -1.0))


def test_the_split_is_fixed_and_is_train_test_splits_rule():
    data, test = digits_split()
    assert int(test.sum()) == 90 and test.dtype == bool
    np.testing.assert_array_equal(test, digits_split()[1])
    train, held = train_test_split(data, 0.25, seed=0)
    assert train == data.subset(~test) and held == data.subset(test)
    np.testing.assert_array_equal(split_mask(10, 0.3, 1), split_mask(10, 0.3, 1))


def test_the_preset_keeps_its_roles_and_is_about_the_perceptron_through_the_origin():
    p = get_preset("digits_0_vs_1")
    assert p.algorithms == ("standard",)
    train, test = p.train_test()
    assert test is not None and (train.n, test.n) == (270, 90)
    data, roles = p.data_and_roles()
    assert roles is not None and data.n == 360 and p.data() == data
    # A preset without a split trains on every point.
    assert PRESETS["and"].train_test()[1] is None and PRESETS["and"].data_and_roles()[1] is None


def test_its_run_table_is_notes_002s_loop():
    train, test = get_preset("digits_0_vs_1").train_test()
    assert test is not None
    rec = make_algorithm("standard").fit(train, test)
    want = _notes_perceptron(train.X, train.y, test.X, test.y)
    got = [(r.epoch, r.updates, r.train_error, r.test_error) for r in rec.epochs]
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g[:2] == w[:2]
        assert g[2] == pytest.approx(w[2], abs=1e-12) and g[3] == pytest.approx(w[3], abs=1e-12)
    assert rec.stop_reason == "converged" and got[-1][1] == 0 and got[-1][2] == 0.0


def test_preset_lines_name_every_preset_once():
    lines = preset_lines()
    two = lines[:lines.index("")]  # then "Several classes …" and the presets of more than two classes
    assert [line.split()[0] for line in two] == list(PRESETS)
    assert any("Digits 0 vs 1" in line for line in lines)
