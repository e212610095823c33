"""The window's runner under huge runs: the record and the proof curves
stay inside an injected memory budget, the status says why the run stopped, and a million
short epochs queue one progress report, not a million."""
from __future__ import annotations

import numpy as np

from perceptron_gui.core import theory as th
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.run import stop_sentence
from perceptron_gui.core.run_memory import record_bytes
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.runner import Runner, RunRequest
from perceptron_gui.session.session import Session


def noisy(n: int = 60) -> Dataset:
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1.0, -1.0)
    y[::10] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def test_the_session_stops_at_its_budget_and_says_why():
    s = Session()
    s.runner.memory_budget_bytes = 300_000
    s.runner.background_work = float("inf")  # synchronous: no thread to wait for
    s.load_dataset(noisy(), "noisy")
    s.set_algorithm("offset")
    assert s.set_param("max_epochs", 1_000_000)
    rec = s.result.record
    assert s.error is None and rec.stop_reason == "memory_cap"
    extra = make_algorithm("offset").extra_bytes_per_update + th.proof_bytes_per_update(rec.D)
    assert record_bytes(rec.num_updates, rec.epochs_run, rec.D, extra) <= 300_000
    assert "memory budget" in stop_sentence(rec)


def test_a_first_epoch_beyond_the_budget_is_an_error_sentence_not_a_crash():
    s = Session()
    s.runner.memory_budget_bytes = 1_000
    s.runner.background_work = float("inf")
    s.load_dataset(noisy(), "noisy")
    assert s.result is None or s.result.train.n != 60
    assert s.error is not None and s.error.startswith("One epoch over these 60 points")


def test_progress_reports_are_coalesced_not_queued():
    queued: list = []
    runner = Runner(post=queued.append, background_work=0.0)
    pts = PointSet.from_dataset(noisy())
    reports: list[tuple[int, int]] = []
    finished: list = []
    runner.submit(RunRequest(1, "offset", {"max_epochs": 3000}, pts),
                  lambda res, err: finished.append((res, err)), on_progress=lambda e, t: reports.append((e, t)))
    runner.wait(120)
    assert not runner.busy
    # 3000 epochs reported progress, but only one report waits in the queue (plus "done")
    assert len(queued) <= 2
    for fn in queued:
        fn()
    res, err = finished[0]
    assert err is None and res.record.epochs_run == 3000
    assert reports == [(3000, 3000)]  # the latest epoch, once
