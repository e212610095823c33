"""Housekeeping threads run below the window's thread (core/workers.py): on two cores, five
workers starting together when 10⁶ points arrived left the window's thread 25–30 ms of CPU in
blocks of ~100 ms. Work a user waits for keeps the window's priority."""
from __future__ import annotations

import os
import sys
import threading

import pytest

from perceptron_gui.core.workers import background_thread, named_pool

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own nice value is Linux's")


def _nice() -> int:
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@pytest.mark.parametrize("housekeeping", [True, False])
def test_a_housekeeping_thread_runs_ten_below_its_starter_and_other_work_at_its_level(housekeeping: bool) -> None:
    # Work a user waits for keeps the window's priority: at nice 10 it starved beside busy programs.
    seen: list[int] = []
    t = background_thread(lambda: seen.append(_nice()), "test-background", housekeeping=housekeeping)
    assert t.daemon and t.name == "test-background"
    t.start()
    t.join(60)
    assert seen == [min(19, _nice() + 10) if housekeeping else _nice()]
    assert _nice() == os.getpriority(os.PRIO_PROCESS, 0)  # the caller's own priority is untouched


@pytest.mark.parametrize("housekeeping", [True, False])
def test_a_housekeeping_pool_runs_its_work_ten_below_its_maker(housekeeping: bool) -> None:
    name = f"test-priority-pool-{housekeeping}"
    pool = named_pool(name, housekeeping=housekeeping)
    assert pool is named_pool(name, housekeeping=housekeeping)  # asked again by name: the same pool
    assert pool.submit(_nice).result(60) == (min(19, _nice() + 10) if housekeeping else _nice())
