"""The mistake bound without separability against a direct computation, its reduction to
(R/γ)² on separable data at u = θ*/γ, its prefixes, where it applies, and the run file's block."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.nonseparable import (
    applies,
    augmented,
    bound_curve,
    default_u,
    mistake_bound,
    recommended_u,
    run_bound,
)
from perceptron_gui.core.presets import get_preset, random_noisy
from perceptron_gui.core.theory import dataset_theory


def textbook_mistakes(X, y, epochs):
    """The offset perceptron from 0 as the notes write it: the rounds with y·(w·x + b) ≤ 0."""
    w, b, rounds = np.zeros(X.shape[1]), 0.0, []
    for _ in range(epochs):
        for i in range(len(y)):
            if y[i] * (sum(w[j] * X[i, j] for j in range(X.shape[1])) + b) <= 0:
                w = w + y[i] * X[i]
                b += y[i]
                rounds.append(i)
    return rounds


def direct_bound(u, X, y, rounds, R):
    L = math.fsum(max(0.0, 1.0 - y[i] * (math.fsum(u[j] * X[i, j] for j in range(X.shape[1])) + u[-1]))
                  for i in rounds)
    nu = math.sqrt(math.fsum(v * v for v in u))
    return L, L + R * nu * math.sqrt(L) + R * R * nu * nu


@pytest.mark.parametrize("seed", range(5))
def test_the_bound_equals_a_direct_computation_and_holds_for_any_u(seed):
    data = random_noisy(50, 0.15, seed=seed)
    rec = make_algorithm("offset", max_epochs=8).fit(data)
    rounds = textbook_mistakes(data.X, data.y, 8)
    assert rec.update_index.tolist() == rounds
    Xa = augmented(data.X, True)
    R = float(np.max(np.linalg.norm(Xa, axis=1)))
    rng = np.random.default_rng(seed)
    for u in [rng.normal(size=3) * s for s in (0.1, 1.0, 10.0)] + [np.zeros(3)]:
        mb = mistake_bound(u, Xa, data.y, rec.update_index, R)
        L, bound = direct_bound(u, data.X, data.y, rounds, R)
        assert mb.hinge_sum == pytest.approx(L, rel=1e-12, abs=1e-9)
        assert mb.bound == pytest.approx(bound, rel=1e-12, abs=1e-9)
        assert mb.mistakes == len(rounds) <= mb.bound + 1e-9
        curve = bound_curve(u, Xa, data.y, rec.update_index, R)
        assert np.all(np.arange(len(curve)) <= curve + 1e-9)  # after every prefix of the run
        assert curve[-1] == pytest.approx(mb.bound, rel=1e-12, abs=1e-9)
    assert mistake_bound(np.zeros(3), Xa, data.y, rec.update_index, R).bound == len(rounds)  # u = 0: M itself


@pytest.mark.parametrize("preset", ["random_separable", "notes003_margin", "uniform_diagonal"])
def test_on_separable_data_theta_star_over_gamma_gives_novikoffs_bound(preset):
    data = get_preset(preset).train_test()[0]
    algorithm = "standard" if preset == "uniform_diagonal" else "offset"
    rec = make_algorithm(algorithm).fit(data)
    theory = dataset_theory(data.X, data.y, offset=rec.offset)
    mb = run_bound(rec, data.X, data.y, theory)
    assert mb is not None
    assert mb.hinge_sum == pytest.approx(0.0, abs=1e-9)
    assert mb.bound == pytest.approx(theory.bound, rel=1e-9, abs=1e-9)
    assert rec.num_updates <= mb.bound


def test_the_recommended_u_is_deterministic_and_no_worse_than_its_start():
    data = random_noisy(80, 0.1, seed=3)
    rec = make_algorithm("offset", max_epochs=10).fit(data)
    Xa = augmented(data.X, True)
    theory = dataset_theory(data.X, data.y, offset=True)
    assert theory.theta_star is None
    u1, u2 = default_u(rec, Xa, data.y, theory), default_u(rec, Xa, data.y, theory)
    assert np.array_equal(u1, u2)
    visits = np.full(data.n, float(rec.epochs_run))
    start = np.asarray(rec.final_augmented())

    def all_visits(u):
        return mistake_bound(u, np.repeat(Xa, 10, axis=0), np.repeat(data.y, 10), np.arange(10 * data.n), theory.R).bound

    best_on_start = min(all_visits(start / np.linalg.norm(start) * s) for s in np.geomspace(1e-3, 1e3, 400))
    assert all_visits(recommended_u(Xa, data.y, visits, theory.R, [start])) <= best_on_start * (1 + 1e-6)


@pytest.mark.parametrize(("algorithm", "params", "speaks"), [
    ("standard", {}, True), ("offset", {}, True), ("pocket", {}, True), ("voted", {}, True), ("averaged", {}, True),
    ("margin", {"margin": 0.5}, False), ("pa", {}, False), ("adaline", {}, False), ("lifted", {}, False),
    ("kernel", {"kernel": "rbf"}, False), ("offset", {"init": "first"}, False),
])
def test_where_the_theorem_speaks(algorithm, params, speaks):
    data = random_noisy(30, 0.2, seed=1)
    rec = make_algorithm(algorithm, max_epochs=3, **params).fit(data)
    assert applies(rec) is speaks


def test_the_run_file_and_the_command_line(tmp_path, capsys):
    out = tmp_path / "run.json"
    assert main(["run", "--preset", "random_noisy", "--algorithm", "offset", "--max-epochs", "10",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Mistake bound without separability (Freund & Schapire), at the u the data recommend: M = " in text
    block = json.loads(out.read_text())["theory"]["nonseparable_bound"]
    assert set(block) == {"u", "hinge_sum", "R", "mistakes", "bound"} and len(block["u"]) == 3
    data = get_preset("random_noisy").train_test()[0]
    rec = make_algorithm("offset", max_epochs=10).fit(data)
    L, bound = direct_bound(np.array(block["u"]), data.X, data.y, rec.update_index.tolist(), block["R"])
    assert block["mistakes"] == rec.num_updates and block["bound"] == pytest.approx(bound, rel=1e-12)
    assert block["hinge_sum"] == pytest.approx(L, rel=1e-12, abs=1e-9)
    assert main(["run", "--preset", "xor", "--algorithm", "offset", "--max-epochs", "5"]) == 0
    assert "no u beats u = 0, where every hinge term is 1 and the bound is M itself" in capsys.readouterr().out
    assert main(["run", "--preset", "far_cluster", "--algorithm", "adaline", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["theory"]["nonseparable_bound"] is None


def test_no_points_no_bound():
    rec = make_algorithm("offset").fit(Dataset.empty(2))
    assert not applies(rec)
    assert run_bound(rec, np.zeros((0, 2)), np.zeros(0), dataset_theory(np.zeros((0, 2)), np.zeros(0), offset=True)) is None


def test_the_bound_on_data_at_the_largest_allowed_values_warns_of_no_overflow():
    # ±1e150 is inside the data set's limit: the u the data recommend, its length and the
    # bound after each mistake are found without a square of 1e300 overflowing on the way.
    import warnings

    base = random_noisy(30, 0.15, seed=4)
    X = np.array(base.X, dtype=float)
    X[1] = [5e-324, -1e150]
    data = Dataset.from_arrays(X, base.y)
    rec = make_algorithm("pocket", max_epochs=40).fit(data)
    theory = dataset_theory(data.X, data.y, offset=rec.offset)
    Xa = augmented(data.X, rec.offset)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        u = default_u(rec, Xa, data.y, theory)
        curve = bound_curve(u, Xa, data.y, rec.update_index, theory.R)
    assert np.all(np.isfinite(u)) and curve.shape == (len(rec.update_index) + 1,)
