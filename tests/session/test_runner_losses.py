"""A run's loss curves are computed with the run (on the worker for big runs), never by a view."""
from __future__ import annotations

import threading

import numpy as np

from perceptron_gui.core import loss_curves as lc_mod
from perceptron_gui.core.presets import random_noisy
from perceptron_gui.session.runner import RunRequest, compute
from perceptron_gui.session.session import Session


def test_compute_fills_the_losses_on_its_own_thread(monkeypatch):
    threads: list[str] = []
    real = lc_mod.loss_rows

    def spy(*args):
        threads.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr("perceptron_gui.core.loss_curves.loss_rows", spy)
    s = Session(background_work=1)  # every non-empty run trains on the worker
    s.load_dataset(random_noisy(40, 0.1, seed=2))
    s.wait(60)
    res = s.result
    assert res is not None and "losses" in res.__dict__  # cached before the result was handed over
    assert threads and set(threads) == {"perceptron-train"}
    assert res.losses.k[-1] == res.record.num_updates and res.losses.n == 40


def test_compute_keeps_nan_free_losses_for_an_empty_set():
    s = Session()
    pts = s.points.copy()
    res = compute(RunRequest(1, "offset", {"max_epochs": 3}, pts))
    assert res.losses.k.tolist() == [0] and np.all(np.isfinite(res.losses.hinge))


def test_a_small_run_computes_its_losses_only_when_asked() -> None:
    from perceptron_gui.core.presets import random_noisy
    from perceptron_gui.session.points import PointSet

    pts = PointSet.from_dataset(random_noisy(60, 0.2, seed=1), None, "noisy")
    res = compute(RunRequest(1, "offset", {"max_epochs": 5}, pts))
    assert "losses" not in res.__dict__  # not yet computed (a cached_property)
    assert res.losses.perceptron.shape[0] >= 1 and "losses" in res.__dict__
    big = compute(RunRequest(2, "offset", {"max_epochs": 5}, pts), background=True)
    assert "losses" in big.__dict__  # the worker's run brings them along


def test_a_big_run_brings_its_mistake_bound_curve_along() -> None:
    """The bound after each mistake (an O(n·d) pass) is computed with a worker's run and kept, so
    the live panel's step reads one entry of it on the window's thread."""
    from perceptron_gui.core.nonseparable import bound_curve
    from perceptron_gui.session.points import PointSet

    pts = PointSet.from_dataset(random_noisy(60, 0.2, seed=1), None, "noisy")
    small = compute(RunRequest(1, "offset", {"max_epochs": 5}, pts))
    assert "mistake_bound_curve" not in small.__dict__  # a small run's when a view asks
    big = compute(RunRequest(2, "offset", {"max_epochs": 5}, pts), background=True)
    assert "mistake_bound_curve" in big.__dict__
    mb = big.mistake_bound
    assert mb is not None
    np.testing.assert_array_equal(big.mistake_bound_curve, bound_curve(mb.u, big.augmented_points, big.train.y,
                                                                       big.record.update_index, mb.R))
    assert big.mistake_bound_curve[-1] == mb.bound or np.isclose(big.mistake_bound_curve[-1], mb.bound)
