"""Run → Order study…: trains on a worker with progress and Cancel, then shows the histogram;
the window's own run is untouched."""
from __future__ import annotations

import threading

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.gui.dialogs.order_study_dialog import OrderStudyRunner, start_order_study


def test_the_study_of_the_windows_data_equals_separate_runs(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    k_before = win.session.result.record.num_updates
    assert "order_study" in win.actions_by_name
    runner = start_order_study(win, seeds=5)
    assert runner is not None
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    assert runner.state == "done"
    study = runner.study
    train = win.session.points.train_dataset()
    for row in study.rows:
        rec = make_algorithm("offset", shuffle=True, seed=row.seed).fit(train)
        assert (row.updates, row.epochs) == (rec.num_updates, rec.epochs_run)
    dialog = runner.dialog
    assert dialog.isVisible() and "shuffled orders" in dialog.summary.text()
    assert not dialog.picture.pixmap().isNull()
    assert win.session.result.record.num_updates == k_before
    dialog.close()


def test_the_dialog_saves_the_figure_and_the_table(make_main_window, qtbot, tmp_path):
    win = make_main_window("random_separable", "offset")
    runner = start_order_study(win, seeds=4)
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    dialog = runner.dialog
    for name, magic in (("h.png", b"\x89PNG"), ("h.svg", b"<?xml"), ("h.pdf", b"%PDF"), ("h.tex", b"\\documentclass")):
        assert dialog.save_figure(tmp_path / name)
        assert (tmp_path / name).read_bytes().startswith(magic) and name in dialog.status.text()
    assert dialog.save_table(tmp_path / "t.csv")
    assert (tmp_path / "t.csv").read_text() == runner.study.csv_text()
    assert not dialog.save_figure(tmp_path / "h.jpg")
    assert ".png, .svg, .pdf or .tex" in dialog.status.text()
    assert not dialog.save_table(tmp_path / "missing" / "t.csv")
    assert "t.csv" in dialog.status.text() and "Traceback" not in dialog.status.text()
    dialog.close()


def test_cancel_stops_the_worker(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    train = win.session.points.train_dataset()
    gate = threading.Event()
    runner = OrderStudyRunner("offset", train, {}, 100_000, win)
    # Cancel as soon as the first run reports, from the worker's own progress (no sleeping).
    runner.progressed.connect(lambda d, t: (runner.cancel(), gate.set()))
    runner.start()
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    runner.wait(60)
    assert gate.is_set() and runner.state == "cancelled" and runner.study is None
    assert "cancelled" in runner.message
