"""The time-left estimate of a background run, on a fake clock: no sleeping."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from perceptron_gui.core.algorithms import chunks, make_algorithm
from perceptron_gui.core.algorithms.voted import VOTE_WORK_LIMIT
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session import runner as runner_mod
from perceptron_gui.session.estimate import (
    VOTE_SECONDS_PER_TERM,
    CostEstimate,
    RateProbe,
    format_duration,
    may_stop_early,
    offers_ratchet,
    progress_sentence,
    vote_tail_seconds,
)
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.runner import Runner, RunRequest


class FakeClock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def test_no_estimate_during_the_probe_then_the_rate_so_far():
    clock = FakeClock()
    probe = RateProbe(total_visits=1_000_000, clock=clock, upper_bound=True)
    assert probe.estimate() is None  # not started
    probe.start()
    probe.visited(1_000)
    clock.t += 0.2
    assert probe.estimate() is None  # still probing (0.3 s)
    clock.t += 0.3  # 0.5 s for 10,000 visits: 20,000 a second
    probe.visited(9_000)
    est = probe.estimate()
    assert est.upper_bound and est.seconds_left == pytest.approx(990_000 / 20_000, abs=1e-9)
    probe.visited(990_000)
    assert probe.estimate().seconds_left == pytest.approx(0.0, abs=1e-12)


def test_no_visit_yet_gives_no_estimate_and_the_tail_is_added():
    clock = FakeClock()
    probe = RateProbe(total_visits=100, clock=clock, upper_bound=False, tail_seconds=7.0)
    probe.start()
    clock.t += 5.0
    assert probe.estimate() is None  # a pocket's first chunk may take long: no rate yet
    probe.visited(50)
    assert probe.estimate() == CostEstimate(seconds_left=5.0 + 7.0, upper_bound=False)


@pytest.mark.parametrize("seconds,text", [
    (30, "less than a minute left"), (59.9, "less than a minute left"), (90, "at most about 2 min left"),
    (40 * 60, "at most about 40 min left"), (130 * 60, "at most about 2 h 10 min left"),
    (120 * 60, "at most about 2 h left"), (11.4 * 3600, "at most about 11 h left"),
])
def test_the_sentence(seconds, text):
    assert CostEstimate(seconds, upper_bound=True).sentence() == text
    assert CostEstimate(seconds, upper_bound=False).sentence() == text.replace("at most ", "")


def test_format_duration_rounds_to_minutes():
    assert format_duration(29 * 60 + 31) == "about 30 min"


def test_the_status_sentence():
    est = CostEstimate(40 * 60, upper_bound=True)
    assert progress_sentence(2, 100, est) == "training… epoch 3 of 100 · at most about 40 min left · Cancel any time"
    assert progress_sentence(0, 1_000, None) == "training… epoch 1 of 1,000 · measuring its speed… · Cancel any time"
    assert progress_sentence(100, 100, est).startswith("training… epoch 100 of 100")


def test_which_runs_may_stop_early_and_what_voted_adds():
    assert may_stop_early("pocket") and may_stop_early("offset") and may_stop_early("voted")
    assert not may_stop_early("averaged")
    assert vote_tail_seconds("pocket", 10**6, 3) == 0.0
    # voted's per-epoch errors: at most VOTE_WORK_LIMIT (point, vector) pairs, D terms each
    assert vote_tail_seconds("voted", 10**6, 3) == pytest.approx(VOTE_WORK_LIMIT * 3 * VOTE_SECONDS_PER_TERM)
    assert vote_tail_seconds("voted", 10, 3) < vote_tail_seconds("voted", 10**6, 3)


def test_the_ratchet_is_offered_only_for_a_long_every_update_pocket():
    long, short = CostEstimate(600, True), CostEstimate(30, True)
    assert offers_ratchet("pocket", {"check": "every"}, long)
    assert not offers_ratchet("pocket", {"check": "ratchet"}, long)
    assert not offers_ratchet("pocket", {"check": "every"}, short)
    assert not offers_ratchet("pocket", {"check": "every"}, None)
    assert not offers_ratchet("voted", {}, long)


def noisy_data(n: int) -> Dataset:
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] > 0.1, 1.0, -1.0)
    y[::7] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def noisy_points(n: int) -> PointSet:
    return PointSet.from_dataset(noisy_data(n))


def test_a_request_probes_max_epochs_times_n_visits_on_the_runners_clock(monkeypatch):
    clock = FakeClock(5.0)
    monkeypatch.setattr(runner_mod, "_now", clock)
    req = RunRequest(1, "voted", {"max_epochs": 7}, noisy_points(300))
    probe = req.probe()
    assert probe.total_visits == 7 * 300 and probe.upper_bound
    assert probe.tail_seconds == pytest.approx(vote_tail_seconds("voted", 300, 3))
    probe.start()
    probe.visited(2_100)
    clock.t += 1.0
    assert probe.estimate().seconds_left == pytest.approx(probe.tail_seconds, abs=1e-9)


def test_chunks_tell_a_counting_stop_every_visit():
    data = noisy_data(500)
    seen: list[int] = []
    rec = make_algorithm("pocket", max_epochs=3).fit(data, stop=chunks.CountingStop(lambda: False, seen.append))
    assert sum(seen) == rec.num_steps == 3 * 500


def test_a_background_run_reports_its_estimate_while_it_trains(monkeypatch):
    ticks = iter(range(10**9))
    monkeypatch.setattr(runner_mod, "_now", lambda: float(next(ticks)))  # one second per reading
    shown: list[object] = []
    done = threading.Event()
    r = Runner(post=lambda fn: fn(), background_work=0)
    req = RunRequest(1, "pocket", {"max_epochs": 4}, noisy_points(400))
    r.submit(req, lambda res, err: done.set(), lambda epoch, total: shown.append((epoch, total, r.estimate)))
    assert done.wait(120)
    r.wait(120)
    assert shown, "no progress reached the window"
    estimates = [e for _, _, e in shown if e is not None]
    assert estimates and all(e.upper_bound and e.seconds_left >= 0 for e in estimates)
    assert all(total == 4 for _, total, _ in shown)


def test_a_long_epoch_reports_its_estimate_before_it_ends(monkeypatch):
    """A pocket epoch over 10⁶ points takes minutes: the estimate must not wait for its end."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(runner_mod, "_now", lambda: float(next(ticks)))
    shown: list[tuple[int, int, object]] = []
    done = threading.Event()
    r = Runner(post=lambda fn: fn(), background_work=0)
    # 3,000 visits: the chunks start at 16 visits and grow fourfold, so the epoch has several
    req = RunRequest(1, "pocket", {"max_epochs": 1}, noisy_points(3_000))
    r.submit(req, lambda res, err: done.set(), lambda epoch, total: shown.append((epoch, total, r.estimate)))
    assert done.wait(120)
    r.wait(120)
    assert shown[0][0] == 0 and isinstance(shown[0][2], CostEstimate)
    assert shown[-1][0] == 1
