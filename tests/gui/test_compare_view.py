"""Run → Compare…: the race trains on a worker, its table equals separate runs, the shared
epoch slider and ←/→ move every panel to its own step, and the window's run is untouched."""
from __future__ import annotations

import threading

import numpy as np
from PySide6.QtCore import Qt

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.gui.dialogs.compare_dialog import CompareChooser, CompareRunner, start_compare
from perceptron_gui.gui.dialogs.compare_view import CompareWindow
from perceptron_gui.render.compare_text import COLUMNS, row_cells
from perceptron_gui.session.compare import compare_entries, run_comparison


def test_compare_of_the_windows_data(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    k_before = win.session.result.record.num_updates
    assert "compare" in win.actions_by_name
    entries = compare_entries(["offset", "averaged", "voted"])
    runner = start_compare(win, entries)
    assert runner is not None
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    assert runner.state == "done"
    cw: CompareWindow = runner.window  # a child of the main window, closed below
    train = win.session.points.train_dataset()
    model = cw.model
    assert model.rowCount() == 3 and model.columnCount() == len(COLUMNS)
    for i, run in enumerate(runner.comparison.runs):
        rec = make_algorithm(run.entry.algorithm).fit(train)
        assert (run.row.updates, run.row.epochs) == (rec.num_updates, rec.epochs_run)
        np.testing.assert_array_equal(run.result.record.final_w, rec.final_w)
        assert model.data(model.index(i, 1)) == row_cells(run.row)[1]
    assert model.headerData(6, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole).startswith("arccos")
    assert win.session.result.record.num_updates == k_before
    cw.close()


def test_shared_epoch_playhead(qtbot, make_main_window):
    win = make_main_window("random_separable", "offset")
    cmp = run_comparison(win.session.points, compare_entries(["offset", "averaged"]))
    cw = CompareWindow(cmp)
    qtbot.addWidget(cw)
    cw.resize(1000, 700)
    cw.show()
    qtbot.waitExposed(cw)
    short, long = (r.result.record for r in cmp.runs)
    assert short.epochs_run < long.epochs_run  # offset converges, averaged runs its fixed epochs
    assert cw.epoch == cmp.last_epoch == long.epochs_run - 1
    assert [s.playhead.t for s in cw.sources] == [short.num_steps - 1, long.num_steps - 1]
    cw.set_epoch(0)
    assert [s.playhead.t for s in cw.sources] == [short.n - 1, long.n - 1]
    cw.slider.setFocus()
    qtbot.keyClick(cw.slider, Qt.Key.Key_Left)
    assert cw.epoch == -1 and [s.playhead.t for s in cw.sources] == [-1, -1]
    assert "start" in cw.titles[0].text()
    qtbot.keyClick(cw.slider, Qt.Key.Key_Right)
    qtbot.keyClick(cw.slider, Qt.Key.Key_Right)
    assert cw.epoch == 1
    # every canvas draws its own run at its own step
    assert all(c.frame is not None and c.frame.t == s.playhead.t for c, s in zip(cw.canvases, cw.sources))
    # one view: panning the first moves the others
    cw.canvases[0].view_box.setRange(xRange=(-5, 5), yRange=(-5, 5), padding=0)
    qtbot.waitUntil(lambda: np.allclose(cw.canvases[1].view_box.viewRange()[0],
                                        cw.canvases[0].view_box.viewRange()[0], atol=1e-9))


def test_chooser_sentence_and_choice(qtbot):
    dlg = CompareChooser({"offset": {"max_epochs": 7}}, ("offset",))
    qtbot.addWidget(dlg)
    dlg.accept()  # one run only: the dialog stays and says why
    assert "not 1" in dlg.problem.text() and not dlg.entries
    dlg.seeds.setText("abc")
    dlg.accept()
    assert "whole numbers" in dlg.problem.text()
    dlg.seeds.setText("0, 1")
    dlg.accept()
    assert [(e.algorithm, e.seed, e.params) for e in dlg.entries] == [("offset", 0, {"max_epochs": 7}),
                                                                      ("offset", 1, {"max_epochs": 7})]


def test_cancel_stops_the_worker(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    gate = threading.Event()
    entries = compare_entries(["offset"], [0, 1, 2, 3])
    runner = CompareRunner(win.session.points, entries, win)
    runner.progressed.connect(lambda d, t: gate.set())  # progress arrives on the window's thread
    runner.cancel()  # asked before the first run: the worker stops between runs
    runner.start()
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    runner.wait(60)
    assert not gate.is_set() and runner.state == "cancelled" and runner.comparison is None
