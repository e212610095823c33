"""Predict, then reveal in the window: P enters, a click on the canvas chooses the point (nothing
is edited), typed weights and → reveal the step beside the guess with the score, Esc leaves and
gives the canvas its tool back; in presentation mode too."""
from __future__ import annotations

import numpy as np
from focus_setups import press
from PySide6.QtCore import QPointF, Qt

from perceptron_gui.session.predict import next_truth


def _active(win, qtbot):
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)  # keys go to the active window's focus widget
    win.canvas.setFocus()


def _enter(win, qtbot):
    _active(win, qtbot)
    press(win, Qt.Key.Key_P)
    mode = win.predict
    assert mode.active and mode.dock.isVisible()
    return mode


def _click_point(win, qtbot, row):
    """A real mouse click on the point's pixel."""
    P = win.canvas.view_points
    scene = win.canvas.view_box.mapViewToScene(QPointF(*P[row]))
    pos = win.canvas.plot.mapFromScene(scene)
    qtbot.mouseClick(win.canvas.plot.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_a_right_guess_then_a_wrong_one(make_main_window, qtbot):
    win = make_main_window("notes003_margin", "offset")
    win.session.to_start()
    n_points = win.session.points.n
    mode = _enter(win, qtbot)
    truth = next_truth(win.session.result, 0)
    assert "Update 1 comes next" in mode.prompt.text()
    _click_point(win, qtbot, truth.point)
    assert list(win.session.selection) == [truth.point] and win.session.points.n == n_points  # nothing added
    mode.w_edit.setText(", ".join(str(v) for v in truth.w))
    mode.b_edit.setText(str(truth.b))
    press(win, Qt.Key.Key_Right)
    assert win.session.k == 1
    assert mode.verdict.text().startswith(f"✓ Right point: x{truth.point + 1}.") and "✓ Weights" in mode.verdict.text()
    assert mode.score.text() == "Points found: 1 of 1; weights 1 of 1 within the tolerance."
    # The next: a wrong point and weights off by 1.
    truth2 = next_truth(win.session.result, 1)
    if truth2 is not None:
        other = (truth2.point + 1) % n_points
        win.session.select([other])
        mode.w_edit.setText(", ".join(str(v + 1.0) for v in truth2.w))
        mode.b_edit.setText(str(truth2.b))
        verdict = mode.reveal()
        assert not verdict.point_right and verdict.error == 1.0 and not verdict.weights_right
        assert f"✗ The point was x{truth2.point + 1}, not x{other + 1}." in mode.verdict.text()
        x, y = mode.guess_line.getData()
        assert x is not None and len(x) == 2  # the guessed line drawn beside the truth
        w = verdict.w
        assert np.allclose(w[0] * x + w[1] * y + verdict.b, 0.0, atol=1e-9)
        assert mode.score.asked == 2 and mode.score.points_found == 1
    press(win, Qt.Key.Key_Escape)
    assert not mode.active and not mode.dock.isVisible() and not win.actions_by_name["predict"].isChecked()
    assert win.canvas.view_box.tool is win.canvas.tool  # the editing tool is back


def test_typing_that_is_not_numbers_keeps_the_question(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    win.session.to_start()
    mode = _enter(win, qtbot)
    mode.w_edit.setText("abc")
    assert mode.reveal() is None and "'abc' is not" in mode.verdict.text() and win.session.k == 0
    win.session.to_end()
    assert "no further update" in mode.prompt.text() and not mode.reveal_button.isEnabled()
    mode.leave()


def test_it_works_while_presenting(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset", size=(1280, 720))
    win.presentation.enter()
    try:
        win.session.to_start()
        mode = _enter(win, qtbot)
        assert mode.prompt.font().pointSizeF() > win.font().pointSizeF() * 1.3  # large prompts
        truth = next_truth(win.session.result, 0)
        win.session.select([truth.point])
        press(win, Qt.Key.Key_Right)
        assert win.session.k == 1 and mode.score.points_found == 1
        press(win, Qt.Key.Key_Escape)  # leaves predicting, not presentation mode
        assert not mode.active and win.presentation.active
    finally:
        win.presentation.leave()


def test_lesson_17_opens_in_predict_mode_and_another_lesson_leaves_it(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    win.actions_by_name["lesson_predict_notes003"].trigger()
    win.session.wait()
    qtbot.waitUntil(lambda: getattr(win, "predict", None) is not None and win.predict.active)
    assert win.session.k == 0 and "Update 1 comes next" in win.predict.prompt.text()
    truth = next_truth(win.session.result, 0)
    assert truth.w.tolist() == [2.0, 2.0] and truth.b == 2.0  # notes 003: θ = [2, 2], θ₀ = 2 after (1, 3)+
    win.actions_by_name["lesson_notes003_update"].trigger()
    win.session.wait()
    assert not win.predict.active


def test_lesson_18_opens_the_exercise_sheet_on_its_points(make_main_window, qtbot):
    from perceptron_gui.gui.dialogs.exercise_dialog import ExerciseDialog

    win = make_main_window("random_separable", "offset")
    win.actions_by_name["lesson_predict_notes003"].trigger()
    win.session.wait()
    qtbot.waitUntil(lambda: win.predict.active)
    win.actions_by_name["lesson_exercise_sheet_003"].trigger()
    win.session.wait()
    assert not win.predict.active  # the mode of the lesson before is left
    dialogs = [d for d in win.findChildren(ExerciseDialog) if d.isVisible()]
    assert len(dialogs) == 1 and win.session.points.n == 3
    dialogs[0].close()


def test_lesson_19_opens_the_storyboard_beside_the_window(make_main_window, qtbot, tmp_path, monkeypatch):
    from PySide6 import QtWidgets

    from perceptron_gui.gui.dialogs.storyboard_dialog import StoryboardDialog

    win = make_main_window("random_separable", "offset")
    win.actions_by_name["lesson_storyboard_000"].trigger()  # returns: the dialog is not modal
    win.session.wait()
    qtbot.waitUntil(lambda: any(d.isVisible() for d in win.findChildren(StoryboardDialog)))
    dialog = next(d for d in win.findChildren(StoryboardDialog) if d.isVisible())
    assert not dialog.isModal() and win.session.k == 0
    path = tmp_path / "story.png"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    dialog.ok_button.click()
    assert path.read_bytes().startswith(b"\x89PNG")
