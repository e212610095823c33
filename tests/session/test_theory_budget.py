"""Wide data (MNIST's 1,000 × 784) gets a time budget for θ*, small data the exact solve: the
exact solve of 1,000 × 784 took 40 s before the first picture; a converged run still vouches
for separability."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core import theory as th
from perceptron_gui.session import runner
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.runner import RunRequest, compute


@pytest.mark.parametrize("n,d,budgeted", [(40, 2, False), (30, 20, True), (60, 9, True), (40, 11, False)])
def test_budget_by_size(monkeypatch, n, d, budgeted):
    # The threshold scaled down (the rule, not the number, is under test; the suite's frozen
    # clock would make a real 1,000 × 784 solve take its full 40 s).
    monkeypatch.setattr(runner, "THEORY_EXACT_MAX_CELLS", 500)
    seen = []
    real = th.dataset_theory

    def spy(*args, **kw):
        seen.append(kw.get("time_budget_s"))
        return real(*args, **kw)

    monkeypatch.setattr(runner.th, "dataset_theory", spy)
    rng = np.random.default_rng(1)
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] > 0, 1.0, -1.0)
    pts = PointSet(X, y, np.zeros(n, dtype=bool), tuple(f"x{j + 1}" for j in range(d)))
    res = compute(RunRequest(1, "offset", {"max_epochs": 5}, pts))
    assert seen and (seen[0] is not None) == budgeted
    assert res.theory is not None


def test_wide_data_trains_in_the_background():
    """1,000 × 784 with few epochs: the rows × epochs count alone kept it on the UI thread,
    which froze the window for its θ*."""
    from perceptron_gui.session.runner import BACKGROUND_WORK

    n, d = 1000, 784
    pts = PointSet(np.zeros((n, d)), np.ones(n), np.zeros(n, dtype=bool), tuple(f"x{j + 1}" for j in range(d)))
    assert RunRequest(1, "offset", {"max_epochs": 1}, pts).estimated_work() > BACKGROUND_WORK
    small = PointSet(np.zeros((40, 2)), np.ones(40), np.zeros(40, dtype=bool), ("x1", "x2"))
    assert RunRequest(1, "offset", {"max_epochs": 10}, small).estimated_work() == 400
