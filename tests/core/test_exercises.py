"""Exercise sheets: every answer equals a plain textbook replay of the perceptron, the same seed
gives the same sheet, generated data are small separable integers, mistakes are sentences."""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.exercise_data import exact_quotient, exact_root, integer_separable
from perceptron_gui.core.exercises import Generated, build_sheet, parse_kinds
from perceptron_gui.core.presets import get_preset


def textbook(X, y, order, w0, b0, offset, epochs):
    """The perceptron as the notes write it: for each visit, a mistake when y(w·x + b) <= 0,
    then w += y x, b += y. Returns the visits (i, score, mistake, w, b) and whether it converged."""
    w, b = np.array(w0, dtype=float), float(b0)
    visits = []
    for _ in range(epochs):
        mistakes = 0
        for i in order:
            score = y[i] * (sum(X[i][j] * w[j] for j in range(len(w))) + b)
            mistake = score <= 0
            if mistake:
                w = w + y[i] * np.asarray(X[i], dtype=float)
                b = b + y[i] if offset else b
                mistakes += 1
            visits.append((int(i), float(score), bool(mistake), tuple(w), float(b)))
        if mistakes == 0:
            return visits, True
    return visits, False


def _check(sheet):
    for ex in sheet.exercises:
        data = sheet.datasets[ex.data_id]
        X, y, n = data.X.tolist(), data.y.tolist(), data.n
        if ex.kind == "epoch":
            visits, _ = textbook(X, y, range(n), ex.start_w, ex.start_b, sheet.offset, 1)
            assert [(s.index, s.score, s.mistake, s.w, s.b) for s in ex.steps] == visits
        elif ex.kind in ("mistakes", "order"):
            runs = [ex.run] if ex.kind == "mistakes" else [ex.first, ex.second]
            for run in runs:
                visits, converged = textbook(X, y, run.order, [0.0] * data.d, 0.0, sheet.offset, 1000)
                assert converged and run.converged
                made = [v for v in visits if v[2]]
                assert run.mistakes == tuple(v[0] for v in made)
                assert run.after == tuple((v[3], v[4]) for v in made)
                assert (run.w, run.b) == (visits[-1][3], visits[-1][4])
                assert run.epochs == len(visits) // n
            if ex.kind == "order":
                assert ex.first.order == tuple(range(n)) and sorted(ex.second.order) == list(range(n))
                assert ex.same == ((ex.first.w, ex.first.b) == (ex.second.w, ex.second.b))
        elif ex.kind == "separator":
            w, b = np.array(ex.w), ex.b
            for m in ex.margins:
                score = y[m.index] * (sum(X[m.index][j] * w[j] for j in range(data.d)) + b)
                assert m.score == score
                assert m.margin == pytest.approx(score / math.sqrt(float(np.dot(w, w))), rel=1e-12)
                if m.exact is not None:
                    assert m.exact.value == pytest.approx(m.margin, rel=1e-12)
            assert ex.margin == min(m.margin for m in ex.margins)
            assert ex.separates == all(m.score > 0 for m in ex.margins)
        else:
            Xa = np.hstack([data.X, np.ones((n, 1))]) if sheet.offset else data.X
            assert ex.R == pytest.approx(max(np.linalg.norm(r) for r in Xa), rel=1e-12)
            if ex.R_exact is not None:
                assert ex.R_exact.value == pytest.approx(ex.R, rel=1e-12)
            theta = np.array(ex.theta_star)
            assert np.linalg.norm(theta) == pytest.approx(1.0)
            assert min(y[i] * float(Xa[i] @ theta) for i in range(n)) == pytest.approx(ex.gamma, abs=1e-6)
            assert ex.bound == pytest.approx((ex.R / ex.gamma) ** 2, rel=1e-9)
            assert ex.max_updates == math.floor(ex.bound + 1e-9)
            visits, _ = textbook(X, y, range(n), [0.0] * data.d, 0.0, sheet.offset, 1000)
            assert ex.updates == sum(v[2] for v in visits) <= ex.max_updates


@pytest.mark.parametrize("algorithm", ["offset", "standard"])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_every_answer_is_the_textbook_loops(algorithm, seed):
    sheet = build_sheet(Generated(7), count=10, seed=seed, algorithm=algorithm)
    assert [e.kind for e in sheet.exercises] == ["epoch", "mistakes", "separator", "bound", "order"] * 2
    assert len(sheet.datasets) == 10 and all(sheet.integral)
    _check(sheet)


@pytest.mark.parametrize("preset", ["notes003_margin", "offset_1d", "and", "or", "random_separable"])
def test_presets_answers_are_the_textbook_loops(preset):
    sheet = build_sheet(get_preset(preset).data(), count=5, seed=3, name=f"The preset {preset}")
    assert len(sheet.datasets) == 1
    _check(sheet)


def test_integer_data_give_integer_weights():
    sheet = build_sheet(Generated(8), count=10, seed=4)
    for ex in sheet.exercises:
        if ex.kind == "epoch":
            values = [v for s in ex.steps for v in (*s.w, s.b, s.score)]
        elif ex.kind == "mistakes":
            values = [*ex.run.w, ex.run.b]
        else:
            continue
        assert all(float(v).is_integer() for v in values)


def test_same_seed_same_sheet_and_another_seed_another():
    a = build_sheet(Generated(6), count=5, seed=11)
    assert a == build_sheet(Generated(6), count=5, seed=11)
    assert a != build_sheet(Generated(6), count=5, seed=12)


def test_generated_points_are_small_separable_integers():
    for seed in range(20):
        data = integer_separable(9, margin=1.0, seed=seed, order="grouped")
        X, y = data.X, data.y
        assert X.shape == (9, 2) and np.all(X == np.round(X)) and np.max(np.abs(X)) <= 4
        assert len({tuple(r) for r in X.tolist()}) == 9 and set(y.tolist()) == {-1.0, 1.0}
        first_negative = int(np.argmax(y < 0))
        assert np.all(y[:first_negative] > 0) and np.all(y[first_negative:] < 0)  # grouped: +1 first
    assert integer_separable(5, seed=3) == integer_separable(5, seed=3)
    origin = integer_separable(8, seed=2, through_origin=True)
    visits, converged = textbook(origin.X.tolist(), origin.y.tolist(), range(8), [0.0, 0.0], 0.0, False, 1000)
    assert converged


def test_exact_forms():
    assert exact_quotient(-1, 2).value == pytest.approx(-1 / math.sqrt(2))
    q = exact_quotient(-1, 2)
    assert (q.num, q.root, q.den) == (-1, 2, 2)       # −√2/2, as notes 003 write it
    assert (exact_quotient(6, 9).num, exact_quotient(6, 9).root, exact_quotient(6, 9).den) == (2, 1, 1)
    r = exact_root(12)
    assert (r.num, r.root, r.den) == (2, 3, 1)


@pytest.mark.parametrize("call, words", [
    (lambda: build_sheet(get_preset("xor").data(), count=5, seed=0, name="The preset xor"),
     "The preset xor is not linearly separable"),
    (lambda: build_sheet(Generated(5), count=0, seed=0), "between 1 and 50"),
    (lambda: build_sheet(Generated(5), count=3, seed=-1), "seed"),
    (lambda: build_sheet(Generated(5), count=3, seed=0, algorithm="pocket"), "not 'pocket'"),
    (lambda: build_sheet(Generated(1), count=3, seed=0), "between 2 and 30"),
    (lambda: build_sheet(get_preset("digits_0_vs_1").data(), count=3, seed=0), "at most 40 points"),
    (lambda: build_sheet(Dataset.empty(), count=3, seed=0), "no points"),
    (lambda: parse_kinds("epoch,nope"), "not 'nope'"),
])
def test_mistakes_are_one_sentence(call, words):
    with pytest.raises(DatasetError) as err:
        call()
    text = str(err.value)
    assert words in text and text.endswith(".") and "\n" not in text and text.count(". ") == 0


def test_the_epoch_and_separator_kinds_take_data_that_never_converge():
    sheet = build_sheet(get_preset("xor").data(), count=4, seed=0, kinds=("epoch", "separator"))
    _check(sheet)
    assert not any(ex.separates for ex in sheet.exercises if ex.kind == "separator")
