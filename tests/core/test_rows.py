"""every_row(n): 0…n−1, read-only, one shared array however often it is asked."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from perceptron_gui.core.rows import every_row


@pytest.mark.parametrize("n", [0, 1, 7, 1000, 3])
def test_it_is_arange(n):
    r = every_row(n)
    assert r.dtype == np.intp and np.array_equal(r, np.arange(n))


def test_it_is_read_only_and_shared():
    a, b = every_row(50), every_row(40)
    with pytest.raises(ValueError):
        a[0] = 5
    assert np.shares_memory(a, b) and np.array_equal(every_row(60_001), np.arange(60_001))


def test_threads_asking_at_once_all_get_the_right_rows():
    got: list[bool] = []

    def ask(n: int) -> None:
        got.append(bool(np.array_equal(every_row(n), np.arange(n))))

    threads = [threading.Thread(target=ask, args=(100_000 + 997 * i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [True] * 8
