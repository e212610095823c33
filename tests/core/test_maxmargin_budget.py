"""The max-margin solver's time budget, on a clock the test controls (never the machine's)."""
from __future__ import annotations

import os

import numpy as np
import pytest

from perceptron_gui.core import maxmargin
from perceptron_gui.core.maxmargin import FROZEN_CLOCK_ENV, budget_clock, max_margin
from perceptron_gui.core.theory import dataset_theory


class TickingClock:
    """A fake clock that moves `tick` seconds each time it is read."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick, self.reads = 0.0, tick, 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.tick
        return self.now


def hard_data(n: int = 2000, d: int = 10, seed: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """Separable data that needs many Wolfe iterations (points near a tilted plane)."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, d))
    u = rng.normal(size=d)
    s = X @ (u / np.linalg.norm(u)) + 0.1
    keep = np.abs(s) > 0.02
    return np.hstack([X[keep], np.ones((keep.sum(), 1))]), np.where(s[keep] > 0, 1.0, -1.0)


@pytest.fixture
def ticking(monkeypatch) -> TickingClock:
    """Unfreeze the budget clock and make it tick one second per read."""
    clock = TickingClock(1.0)
    monkeypatch.delenv(FROZEN_CLOCK_ENV, raising=False)
    monkeypatch.setattr(maxmargin, "_clock", clock)
    return clock


def test_the_suite_runs_on_a_frozen_clock():
    # tests/conftest.py sets it, so no verdict in the suite depends on the machine's speed.
    assert os.environ.get(FROZEN_CLOCK_ENV) == "1"
    assert budget_clock() == budget_clock() == 0.0


def test_a_frozen_clock_never_runs_out_and_zero_still_stops():
    X, y = hard_data()
    exact = max_margin(X, y)
    assert exact.exact and exact.iterations > 3
    tiny = max_margin(X, y, time_budget_s=1e-9)
    assert tiny.exact and tiny.iterations == exact.iterations and tiny.gamma == exact.gamma
    zero = max_margin(X, y, time_budget_s=0.0)
    assert not zero.exact and zero.iterations == 0


def test_the_budget_stops_after_the_time_it_allows(ticking):
    # The clock reads 1 at the start, then 2, 3, 4 ... at each budget check: a budget of
    # 2.5 s runs out at the second check, after exactly two iterations.
    X, y = hard_data()
    exact = max_margin(X, y)
    res = max_margin(X, y, time_budget_s=2.5)
    assert res.iterations == 2 and not res.exact and res.gap > 0
    if res.separable:  # the interval it reports contains the true margin
        assert res.gamma <= exact.gamma * (1 + 1e-12)
        assert exact.gamma <= res.gamma + res.gap * (1 + 1e-9)
    else:
        assert res.separable is None and res.verdict.startswith("undecided")
    more = max_margin(X, y, time_budget_s=5.5)
    assert more.iterations == 5


def test_a_budget_is_checked_once_per_iteration_on_large_data(ticking):
    # What keeps a large solve within its budget: the clock is read at every iteration, so
    # the overrun is at most one iteration (O(n d) plus an O(d³) SVD), never the whole solve.
    rng = np.random.default_rng(5)
    X = rng.uniform(-1, 1, (20_000, 50))
    y = np.where(X @ rng.normal(size=50) + 0.1 > 0, 1.0, -1.0)
    res = max_margin(X, y, time_budget_s=3.5)
    assert res.iterations == 3 and ticking.reads == 1 + 4
    assert np.isfinite(res.gap) and res.separable in (True, None)


def test_dataset_theory_splits_one_budget_over_both_solves(ticking):
    # With an offset, the solve through the origin gets what the first one left over,
    # measured on the same clock: here nothing, and the first is undecided, so it is not
    # made (its copy of y·x would be as large as the data) and the answer stays open.
    X, y = hard_data()
    X = X[:, :-1]
    th = dataset_theory(X, y, offset=True, time_budget_s=2.5)
    assert th.mm.iterations == 2 and not th.mm.exact
    assert th.mm_origin is None and th.separable_through_origin is None

