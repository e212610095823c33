"""The Winnow study: the disjunction data, Littlestone's bound, rows equal to separate runs of the
two learners, both bounds respected, the table, the refusals and the picture every painter draws."""
from __future__ import annotations

import csv
import io
import math

import numpy as np
import pytest

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.theory import dataset_theory
from perceptron_gui.core.winnow_study import (
    TrainingStopped,
    bit_probability,
    check_study,
    disjunction_data,
    littlestone_bound,
    run_winnow_study,
    target_margin,
)
from perceptron_gui.render.winnow_picture import describe_winnow_study

DIMS = (4, 16, 64)


@pytest.fixture(scope="module")
def study():
    return run_winnow_study(DIMS, relevant=2, points=150, seed=3)


@pytest.mark.parametrize("d, r", [(1, 1), (5, 2), (40, 3), (100, 7)])
def test_the_labels_are_exactly_the_disjunction_of_the_first_r_variables(d, r):
    data = disjunction_data(d, r, 300, seed=d)
    assert data.X.shape == (300, d) and set(np.unique(data.X)) <= {0.0, 1.0}
    expected = np.array([1.0 if any(row[:r] == 1.0) else -1.0 for row in data.X])
    assert np.array_equal(data.y, expected)


def test_the_data_are_seeded_and_both_classes_common():
    a, b = disjunction_data(32, 3, 2000, seed=5), disjunction_data(32, 3, 2000, seed=5)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.y, b.y)
    assert not np.array_equal(a.X, disjunction_data(32, 3, 2000, seed=6).X)
    for r in (1, 3, 8):
        p = bit_probability(r)
        assert (1 - p) ** r == pytest.approx(0.5, abs=1e-12)
        share = float(np.mean(disjunction_data(64, r, 4000, seed=r).y > 0))
        assert 0.45 < share < 0.55


def test_littlestones_bound_formula():
    assert littlestone_bound(8, 3) == 2 + 3 * 3 * (1 + 3)
    assert littlestone_bound(1, 1) == 5.0
    assert littlestone_bound(256, 2) == pytest.approx(2 + 6 * (1 + math.log2(256)))
    assert target_margin(3) == pytest.approx(0.5 / math.sqrt(3.25))


def test_each_row_equals_separate_runs_of_both_learners(study):
    assert study.dims == DIMS and (study.relevant, study.points, study.seed) == (2, 150, 3)
    for row in study.rows:
        data = disjunction_data(row.d, 2, 150, seed=3)
        win = make_algorithm("winnow", max_epochs=study.max_epochs).fit(data)
        per = make_algorithm("offset", max_epochs=study.max_epochs).fit(data)
        assert (row.winnow_mistakes, row.winnow_epochs, row.winnow_converged) == (
            win.num_updates, win.epochs_run, win.converged)
        assert (row.perceptron_mistakes, row.perceptron_epochs, row.perceptron_converged) == (
            per.num_updates, per.epochs_run, per.converged)
        assert row.winnow_bound == littlestone_bound(row.d, 2)
        theory = dataset_theory(data.X, data.y, offset=True)
        assert row.bound_exact and row.perceptron_bound == theory.bound


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_no_learner_exceeds_its_bound(seed):
    s = run_winnow_study((8, 32, 128), relevant=3, points=300, seed=seed)
    assert s.all_converged
    for row in s.rows:
        assert row.winnow_mistakes <= row.winnow_bound
        assert row.perceptron_bound is not None and row.perceptron_mistakes <= row.perceptron_bound


def test_the_study_is_deterministic(study):
    again = run_winnow_study(DIMS, relevant=2, points=150, seed=3)
    assert again == study and again.csv_text() == study.csv_text()


def test_the_table_reads_back(study):
    rows = list(csv.DictReader(io.StringIO(study.csv_text())))
    assert [int(r["d"]) for r in rows] == list(DIMS)
    for r, row in zip(rows, study.rows):
        assert int(r["winnow_mistakes"]) == row.winnow_mistakes and float(r["winnow_bound"]) == row.winnow_bound
        assert int(r["perceptron_mistakes"]) == row.perceptron_mistakes
        assert float(r["perceptron_bound"]) == row.perceptron_bound
        assert r["winnow_converged"] == "true" and r["perceptron_bound_exact"] == "true"
        assert (r["relevant"], r["points"], r["seed"]) == ("2", "150", "3")
    lines = study.summary_lines()
    assert "x1 ∨ x2 (r = 2)" in lines[0] and len(lines) == 2 + len(DIMS) + 1


def test_a_run_that_does_not_converge_is_said():
    s = run_winnow_study((64,), relevant=3, points=300, seed=0, max_epochs=1)
    row = s.rows[0]
    assert not row.perceptron_converged and row.perceptron_epochs == 1
    text = "\n".join(s.summary_lines())
    assert "did not converge within 1 epochs" in text and f"{row.perceptron_mistakes}+" in text
    assert "false" in s.csv_text().splitlines()[1]
    assert "without converging" in describe_winnow_study(s).note


@pytest.mark.parametrize("dims, r, n, words", [
    ((), 1, 10, "at least one"), ((0, 8), 1, 10, "between 1 and"), ((8, 8), 1, 10, "once"),
    ((4, 16), 5, 10, "at least 5 features"), ((8,), 0, 10, "at least one relevant"), ((8,), 1, 0, "points"),
])
def test_a_study_that_cannot_run_is_one_sentence(dims, r, n, words):
    with pytest.raises(DatasetError, match=words) as err:
        run_winnow_study(dims, relevant=r, points=n)
    assert str(err.value).endswith(".") and "\n" not in str(err.value)
    with pytest.raises(DatasetError):
        check_study(dims, r, n)


def test_stop_leaves_no_result():
    with pytest.raises(TrainingStopped):
        run_winnow_study((8, 16), relevant=1, points=50, stop=lambda: True)
    seen = []
    run_winnow_study((8, 16), relevant=1, points=50, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(1, 2), (2, 2)]


def test_the_picture_is_on_log_scales(study):
    pic = describe_winnow_study(study)
    assert [ln.key for ln in pic.lines] == ["winnow", "winnow_bound", "perceptron", "perceptron_bound"]
    assert [ln.dash for ln in pic.lines] == ["solid", "dash", "solid", "dash"]
    win = pic.lines[0]
    assert win.xs == tuple(math.log2(d) for d in DIMS)
    assert win.ys == tuple(math.log10(r.winnow_mistakes) for r in study.rows)
    assert pic.lines[0].colour == pic.lines[1].colour != pic.lines[2].colour == pic.lines[3].colour
    assert [label for _, label in pic.x_ticks] == [str(d) for d in DIMS]
    lo, hi = pic.y_range
    assert all(lo <= y <= hi for ln in pic.lines for y in ln.ys)
    for y, label in pic.y_ticks:  # 1, 2, 5, 10, 20, 50, … at their own heights
        v = label.replace(",", "")
        assert lo <= y <= hi and v[0] in "125" and set(v[1:]) <= {"0"} and y == pytest.approx(math.log10(int(v)))
