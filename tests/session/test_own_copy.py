"""After an open the table gets its own X on a worker, so the first move of a drag copies
nothing on the window's thread; the open's undo step keeps the points as loaded."""
from __future__ import annotations

import queue
import threading
from collections.abc import Callable

import numpy as np

from perceptron_gui.core.presets import random_noisy
from perceptron_gui.session import own_copy
from perceptron_gui.session.commands import MovePoints
from perceptron_gui.session.session import Session


def _session(monkeypatch) -> tuple[Session, queue.Queue]:
    calls: queue.Queue[Callable[[], None]] = queue.Queue()
    monkeypatch.setattr(own_copy, "OWN_COPY_MIN_VALUES", 100)  # 200 points count as big
    s = Session(post=calls.put, background_work=1e18)  # training stays synchronous
    return s, calls


def _own_copy_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "perceptron-own-copy"]


def test_after_an_open_the_first_move_edits_the_tables_own_copy_in_place(monkeypatch) -> None:
    s, calls = _session(monkeypatch)
    data = random_noisy(200, 0.1, seed=5)
    s.load_dataset(data, "noisy")
    loaded = s.points.X
    assert np.shares_memory(loaded, data.X)  # the open copied nothing
    for t in _own_copy_threads():
        t.join(30)
    while not calls.empty():
        calls.get_nowait()()  # the window's thread takes the copy
    own = id(s.points.X)  # an id: a reference held here would itself count as a reader
    assert s.points.X is not loaded and np.array_equal(s.points.X, data.X) and s.points.X.flags.writeable
    assert s.execute(MovePoints([7], [[0.25, -0.5]]))
    assert id(s.points.X) == own  # moved in place: nothing copied on the first move
    np.testing.assert_array_equal(s.points.X[7], [0.25, -0.5])
    assert np.array_equal(loaded, data.X)  # the loaded arrays (the open's undo step) unchanged
    s.undo()
    s.undo()  # the move, then the open
    s.redo()  # the open again: the points exactly as loaded
    np.testing.assert_array_equal(s.points.X, data.X)


def test_a_copy_that_arrives_after_the_table_moved_on_is_dropped(monkeypatch) -> None:
    s, calls = _session(monkeypatch)
    data = random_noisy(200, 0.1, seed=6)
    s.load_dataset(data, "noisy")
    for t in _own_copy_threads():
        t.join(30)
    assert s.execute(MovePoints([3], [[1.0, 1.0]]))  # before the copy is taken: X copied on write
    moved = s.points.X
    while not calls.empty():
        calls.get_nowait()()
    assert s.points.X is moved and s.points.X[3].tolist() == [1.0, 1.0]  # the late copy is not taken


def test_small_data_and_headless_sessions_start_no_worker(monkeypatch) -> None:
    assert own_copy.own_copy_in_background(Session().points, None) is None
    s, _ = _session(monkeypatch)
    s.load_dataset(random_noisy(20, 0.1, seed=1), "few")
    assert own_copy.own_copy_in_background(s.points, lambda fn: None) is None  # 20 < 50 rows
