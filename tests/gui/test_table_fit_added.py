"""An added point can only widen the coordinate columns: the table measures the new rows, not
every point again (at 10⁶ points an undone delete re-measured them all)."""
from __future__ import annotations

import threading

import numpy as np

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.table import data_table as table_module
from perceptron_gui.gui.table.data_table import PointTable
from perceptron_gui.render.formatting import MINUS
from perceptron_gui.session.commands import AddPoints, DeletePoints, MovePoints
from perceptron_gui.session.session import Session


def _table(qtbot, n: int) -> tuple[Session, PointTable]:
    s = Session()
    s.runner.submit = lambda *args, **kwargs: None  # the table alone: no training needed
    X = np.random.default_rng(0).uniform(-1, 1, (n, 2))
    s.load_dataset(Dataset.from_arrays(X, np.where(np.arange(n) % 2 == 0, 1.0, -1.0)))
    table = PointTable(s)
    qtbot.addWidget(table)
    return s, table


def test_an_add_measures_only_the_new_rows_and_widens(qtbot, monkeypatch) -> None:
    s, table = _table(qtbot, 500)
    measured: list[int] = []
    real = table_module.fmt_widest
    monkeypatch.setattr(table_module, "fmt_widest", lambda v: measured.append(np.asarray(v).size) or real(v))
    narrow = table.view.columnWidth(0)
    s.execute(AddPoints(np.array([[-8.287e149, 0.5]]), np.array([1.0])))
    assert measured == [2]  # the one new row's two coordinates
    assert table.view.columnWidth(0) > narrow
    assert table.view.columnWidth(0) >= table.view.fontMetrics().horizontalAdvance(f"{MINUS}8.287e+149")


def test_an_undone_delete_of_the_widest_point_widens_again(qtbot) -> None:
    s, table = _table(qtbot, 50)
    s.execute(AddPoints(np.array([[-8.287e149, 0.5]]), np.array([1.0])))
    wide = table.view.columnWidth(0)
    s.execute(DeletePoints(np.array([50])))
    assert table.view.columnWidth(0) < wide  # a delete measures all that is left: it may narrow
    s.undo()
    assert table.view.columnWidth(0) == wide


def test_big_data_is_re_measured_on_the_next_turn_of_the_event_loop(qtbot, monkeypatch) -> None:
    s, table = _table(qtbot, 500)
    monkeypatch.setattr(table_module, "DEFER_FIT_CELLS", 100)  # 500 points count as big
    s.execute(AddPoints(np.array([[-8.287e149, 0.5]]), np.array([1.0])))
    assert any("e+888" in t for t in table.view._number_texts)  # room for a 3-digit exponent
    measured: list[int] = []
    real = table_module.fmt_widest
    monkeypatch.setattr(table_module, "fmt_widest", lambda v: measured.append(np.asarray(v).size) or real(v))
    s.execute(DeletePoints(np.array([500])))
    s.execute(DeletePoints(np.array([0])))
    assert measured == []  # not inside the edits
    qtbot.waitUntil(lambda: measured != [] and table._measuring is None, timeout=60_000)  # one measurer thread, shared
    assert measured == [2 * 499]  # once for the burst, every point left (501 - 2)
    assert not any("e+888" in t for t in table.view._number_texts)  # the widest point is gone


def test_big_data_is_measured_off_the_window_thread_and_again_if_edited_meanwhile(qtbot, monkeypatch) -> None:
    s, table = _table(qtbot, 500)
    monkeypatch.setattr(table_module, "DEFER_FIT_CELLS", 100)  # 500 points count as big
    go, threads = threading.Event(), []
    real = table_module.fmt_widest

    def gated(v):
        on_main = threading.current_thread() is threading.main_thread()
        threads.append((on_main, np.asarray(v).size))
        assert on_main or go.wait(30)  # the measurer waits; a moved row is measured at once
        return real(v)

    monkeypatch.setattr(table_module, "fmt_widest", gated)
    s.execute(DeletePoints(np.array([0])))
    qtbot.waitUntil(lambda: threads != [], timeout=60_000)  # the measurer holds the points it reads
    measured_x = table._measuring
    assert s.execute(MovePoints(np.array([3]), np.array([[-8.287e149, 0.5]])))  # meanwhile
    assert s.points.X is not measured_x  # copied before the move: the measurer's numbers stay as read
    go.set()
    qtbot.waitUntil(lambda: len(threads) == 3 and table._measuring is None, timeout=60_000)
    # all 998 numbers on the measurer, the moved row's 2 at once, then all again on the measurer
    assert threads == [(False, 998), (True, 2), (False, 998)]
    assert any("e+888" in t for t in table.view._number_texts)  # measured again, with the moved point
