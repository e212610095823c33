"""The main window as a user drives it: table, picker, playback, menus, files, messages."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtCore, QtWidgets

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.core.presets import PRESETS
from perceptron_gui.render.formatting import fmt
from perceptron_gui.session.frame import frame_at

Qt = QtCore.Qt


def test_first_screen_shows_a_hyperplane(make_main_window):
    win = make_main_window()
    s = win.session
    assert s.result is not None and s.run.num_updates > 0
    assert s.playhead.at_end(s.run)
    assert frame_at(s.result, s.playhead.t).has_hyperplane
    assert "Converged" in win.status.summary.text()


def test_table_edit_is_an_undoable_command_and_reaches_the_run(make_main_window):
    win = make_main_window()
    s, model = win.session, win.table.model
    assert model.rowCount() == s.points.n
    idx = model.index(0, 0)
    assert model.setData(idx, "0.25", Qt.ItemDataRole.EditRole)
    assert s.points.X[0, 0] == 0.25
    assert s.result.train.X[0, 0] == 0.25  # re-trained live
    s.undo()
    assert s.points.X[0, 0] != 0.25
    assert model.data(idx) == fmt(s.points.X[0, 0])  # the number format of the whole window


def test_typed_abc_gives_a_sentence_and_changes_nothing(make_main_window):
    win = make_main_window()
    s, model = win.session, win.table.model
    before = s.points.X.copy()
    assert not model.setData(model.index(0, 1), "abc", Qt.ItemDataRole.EditRole)
    assert np.array_equal(before, s.points.X)
    assert win.banner.isVisible() and "not a number" in win.banner.text()
    assert not model.setData(model.index(0, 2), "7", Qt.ItemDataRole.EditRole)
    assert "label" in win.banner.text()


def test_label_and_role_edits(make_main_window):
    win = make_main_window()
    s, model = win.session, win.table.model
    y0 = s.points.y[1]
    assert model.setData(model.index(1, 2), "-1" if y0 > 0 else "+1", Qt.ItemDataRole.EditRole)
    assert s.points.y[1] == -y0
    assert model.setData(model.index(1, 3), "test", Qt.ItemDataRole.EditRole)
    assert s.points.test[1]
    assert s.result.test is not None and s.result.test.n == 1
    assert s.run.epochs[-1].test_error is not None


def test_table_selection_syncs_with_session(make_main_window, qtbot):
    win = make_main_window()
    s = win.session
    s.select([2, 4])
    rows = sorted(i.row() for i in win.table.view.selectionModel().selectedRows())
    assert rows == [2, 4]
    win.table.view.selectRow(5)
    assert s.selection.tolist() == [5]


def test_add_and_delete_rows(make_main_window):
    win = make_main_window()
    s = win.session
    n = s.points.n
    win.table.add_row()
    assert s.points.n == n + 1 and s.selection.tolist() == [n]
    win.table.delete_selected()
    assert s.points.n == n


@pytest.mark.parametrize("name", list(REGISTRY))
def test_switching_algorithm_reruns(make_main_window, name):
    win = make_main_window("or" if REGISTRY[name].boolean_features else "random_separable")  # Winnow: 0/1 points
    combo = win.picker.combo
    combo.setCurrentIndex(combo.findData(name))
    assert win.session.algorithm == name
    assert win.session.run.algorithm == name
    assert win.picker.description.text() == REGISTRY[name].description
    # one editor per parameter of that algorithm, but the start w₀, b₀ (set on the canvas)
    assert set(win.picker.editors) == {p.name for p in REGISTRY[name].param_specs() if p.in_picker}
    assert "start_w" not in win.picker.editors and "start_b" not in win.picker.editors
    init = win.picker.editors["init"]
    # The dual form starts at α = 0, Winnow at 1 (a product never leaves 0).
    starts = ["zero"] if name == "kernel" else ["ones", "custom"] if name == "winnow" else ["zero", "first", "custom"]
    assert [init.itemText(i) for i in range(init.count())] == starts


def test_parameter_editor_changes_the_run(make_main_window):
    win = make_main_window(preset="random_noisy", algorithm="offset")
    spin = win.picker.editors["max_epochs"]
    spin.setValue(3)
    assert win.session.run.epochs_run == 3
    shuffle = win.picker.editors["shuffle"]
    shuffle.setChecked(True)
    assert win.session.run.shuffle


def test_keyboard_stepping(make_main_window, qtbot):
    win = make_main_window()
    s = win.session
    win.actions_by_name["to_start"].trigger()
    assert s.k == 0
    win.actions_by_name["next_update"].trigger()
    assert s.k == 1
    win.actions_by_name["next_epoch"].trigger()
    assert (s.playhead.t + 1) % s.run.n == 0
    win.actions_by_name["to_end"].trigger()
    assert s.playhead.at_end(s.run)
    assert win.playback.slider.value() == s.run.num_updates


def test_play_pause_advances_and_stops(make_main_window, qtbot):
    win = make_main_window()
    s = win.session
    s.to_start()
    win.playback.speed.setValue(200.0)
    win.actions_by_name["play"].trigger()
    assert s.playing
    qtbot.waitUntil(lambda: s.k >= 2, timeout=20_000)
    win.actions_by_name["play"].trigger()
    assert not s.playing
    k = s.k
    # Paused means the clock that drives playback is stopped: check that, not that nothing
    # happened during some wait (which a slow machine would pass for the wrong reason).
    assert not win.playback.timer.isActive()
    QtWidgets.QApplication.processEvents()
    assert s.k == k


def test_slider_jumps_to_update(make_main_window):
    win = make_main_window()
    win.playback.slider.setValue(3)
    assert win.session.k == 3


def test_bad_csv_shows_message_and_keeps_data(make_main_window, tmp_path, monkeypatch):
    win = make_main_window()
    bad = tmp_path / "bad.csv"
    bad.write_text("x1,x2,y\n1,2,1\n3,abc,-1\n")
    shown = []
    monkeypatch.setattr(QtWidgets.QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    before = win.session.points.X.copy()
    assert not win.open_csv(str(bad))
    assert shown and "Line 3" in shown[0] and "abc" in shown[0]
    assert np.array_equal(before, win.session.points.X)


def test_open_and_save_csv_round_trip(make_main_window, tmp_path):
    win = make_main_window()
    path = tmp_path / "pts.csv"
    assert win.save_csv(str(path))
    assert "*" not in win.windowTitle()
    win.session.load_preset("xor")
    assert win.open_csv(str(path))
    assert win.session.points.n == 40
    assert path.name in win.windowTitle()


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_from_the_menu(make_main_window, name):
    win = make_main_window()
    win.actions_by_name[f"preset_{name}"].trigger()
    assert win.session.points.n == PRESETS[name].data().n
    assert win.session.result is not None


def test_shortcut_dialog_lists_keys(make_main_window):
    from perceptron_gui.gui.app.actions import show_shortcuts

    win = make_main_window()
    box = show_shortcuts(win)
    text = box.text()
    for key in ("Space", "Ctrl+Z", "Home", "Delete", "Ctrl+O"):
        assert key in text
    box.close()


def test_undo_redo_actions(make_main_window):
    win = make_main_window()
    s = win.session
    n = s.points.n
    win.table.add_row()
    assert win.actions_by_name["undo"].isEnabled()
    win.actions_by_name["undo"].trigger()
    assert s.points.n == n
    win.actions_by_name["redo"].trigger()
    assert s.points.n == n + 1
    assert "*" in win.windowTitle()


def test_background_run_shows_progress_and_keeps_window_alive(make_main_window, qtbot):
    from perceptron_gui.core.presets import random_noisy

    win = make_main_window()
    s = win.session
    s.runner.background_work = 1  # force the worker thread
    s.load_dataset(random_noisy(2000, 0.1, seed=1), "big")
    qtbot.waitUntil(lambda: not s.busy and s.result is not None and s.result.train.n == 2000, timeout=20000)
    assert s.run.n == 2000


def test_more_than_two_features_open_with_a_feature_picker(make_main_window, tmp_path):
    win = make_main_window()
    assert not win.feature_picker.isVisibleTo(win)
    path = tmp_path / "d4.csv"
    rng = np.random.default_rng(0)
    X = rng.normal(size=(30, 4))
    y = np.where(X[:, 0] + X[:, 2] > 0, 1, -1)
    path.write_text("a,b,c,d,y\n" + "\n".join(",".join(map(str, [*x, int(t)])) for x, t in zip(X, y)))
    assert win.open_csv(str(path))
    assert win.feature_picker.isVisibleTo(win)
    assert win.session.run.d == 4
    picker = win.feature_picker
    # d > 2 opens in PCA, the first choice, with axes that say what they are.
    assert picker.view_combo.currentIndex() == 0 and win.canvas.projection.kind == "pca"
    assert win.canvas.projection.x_label.startswith("PC1") and not picker.x_combo.isVisibleTo(win)
    picker.view_combo.setCurrentIndex(2)  # two features: the axis combos appear
    assert picker.x_combo.isVisibleTo(win) and picker.y_combo.isVisibleTo(win)
    picker.y_combo.setCurrentIndex(2)  # a against c
    assert win.canvas.view_choice == (0, 2) and win.canvas.projection.x_label == "a"
    picker.view_combo.setCurrentIndex(0)  # PCA again
    assert win.canvas.view_choice == "pca" and not picker.x_combo.isVisibleTo(win)
    picker.view_combo.setCurrentIndex(1)  # the plane of w and θ*
    assert win.canvas.projection.kind == "w_theta"
    assert "θ*" in win.canvas.projection.x_label
    picker.view_combo.setCurrentIndex(2)
    picker.x_combo.setCurrentIndex(1)
    picker.y_combo.setCurrentIndex(1)  # same feature twice: a sentence
    assert "different features" in win.banner.text()


def settle(widget: QtWidgets.QWidget) -> None:
    """Run the queued layout work until the widget stops moving (a wait of N ms would be too
    short on a busy machine; layout requests are queued events, not timers)."""
    last = None
    for _ in range(50):
        QtWidgets.QApplication.processEvents()
        if widget.geometry() == last:
            return
        last = widget.geometry()
    raise AssertionError(f"{type(widget).__name__} kept moving")


def test_messages_never_move_the_canvas(make_main_window):
    win = make_main_window()
    settle(win.canvas)  # the docks first
    before = win.canvas.geometry()
    win.banner.show_message("info", "A long explanation of a preset " * 6)
    settle(win.canvas)
    assert win.banner.isVisible()
    assert win.canvas.geometry() == before


def test_a_valid_edit_clears_a_stale_error(make_main_window):
    win = make_main_window()
    model = win.table.model
    assert not model.setData(model.index(0, 0), "abc", Qt.ItemDataRole.EditRole)
    assert win.banner.isVisible() and win.banner.level == "error"
    assert model.setData(model.index(0, 0), "0.5", Qt.ItemDataRole.EditRole)
    assert not win.banner.isVisible()


def test_undoing_a_preset_clears_its_explanation(make_main_window):
    win = make_main_window()
    win.actions_by_name["preset_and"].trigger()
    assert win.banner.isVisible() and "AND" in win.banner.text()
    win.session.undo()
    assert not win.banner.isVisible()


def test_zoomed_axes_show_plain_numbers(make_main_window):
    win = make_main_window()
    win.canvas.view_box.setRange(xRange=(-0.003, 0.003), yRange=(-0.003, 0.003), padding=0)
    axis = win.canvas.plot.getPlotItem().getAxis("bottom")
    assert axis.autoSIPrefix is False and axis.autoSIPrefixScale == 1.0


def test_standard_perceptron_legend_has_no_b(make_main_window):
    win = make_main_window(preset="uniform_diagonal", algorithm="standard")
    labels = [label.text for _, label in win.canvas.overlay.legend.items]
    assert "w·x = 0" in labels and not any("+ b" in t for t in labels)
