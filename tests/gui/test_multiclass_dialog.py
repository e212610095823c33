"""Run → Multiclass perceptron…: the presets and a CSV of words train, the steps show the core
run's W_k, the update's two arrows, the regions by argmax, the digits' W_c as images, and a bad
file gets a sentence."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt

from perceptron_gui.core.algorithms.multiclass import MulticlassPerceptron, predict_codes
from perceptron_gui.core.class_presets import CLASS_PRESETS
from perceptron_gui.render.multiclass_picture import class_step, region_codes


def _open(win):
    win.actions_by_name["multiclass"].trigger()
    dialog = win.multiclass_dialog
    assert dialog.isVisible()
    return dialog


def test_stepping_shows_the_core_run(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    run = MulticlassPerceptron().fit(CLASS_PRESETS["three_classes"].make())
    assert dialog.run.n_updates == run.n_updates and np.array_equal(dialog.run.W, run.W)
    assert dialog.slider.value() == run.n_updates and "Update 20 of 20" in dialog.position.text()
    dialog.slider.setFocus()
    qtbot.keyClick(dialog.slider, Qt.Key.Key_Home)
    assert dialog.slider.value() == 0 and "Start: every W_c = 0" in dialog.text.toPlainText()
    qtbot.keyClick(dialog.slider, Qt.Key.Key_Right)
    st = class_step(run, 1)
    text = dialog.text.toPlainText()
    assert "Update 1 of 20, epoch 0: x1 = (1, 4) of class A" in text and "W_A += x and W_B −= x" in text
    assert "φ(x1, A, B): +x in block A, −x in block B  ← added" in text
    ring = dialog.view.ring.getData()
    assert (ring[0][0], ring[1][0]) == (1.0, 4.0)
    # At update 5 the moved vectors were not zero: W_y(before) + x = W_y(after), drawn to one scale.
    dialog.slider.setValue(5)
    st = class_step(run, 5)
    for c, ghost, step in zip((st.true_class, st.rival), dialog.view.ghosts, dialog.view.steps):
        arrow_x, arrow_y = dialog.view.arrows[c][0].getData()
        scale = np.hypot(arrow_x[1], arrow_y[1]) / np.linalg.norm(st.W[c, :2])
        gx, gy = ghost.getData()
        np.testing.assert_allclose([gx[1], gy[1]], st.before[c, :2] * scale, rtol=1e-9, atol=1e-9)
        sx, sy = step.getData()
        np.testing.assert_allclose([sx[1] - sx[0], sy[1] - sy[0]], (st.W[c, :2] - st.before[c, :2]) * scale,
                                   rtol=1e-9, atol=1e-9)
    dialog.close()


def test_the_regions_are_the_argmax_of_the_scores():
    run = MulticlassPerceptron().fit(CLASS_PRESETS["four_classes"].make())
    codes = region_codes(run.W, True, (-5.0, 5.0), (-5.0, 5.0), 11)
    xs = np.linspace(-5, 5, 11)
    for j in (1, 9):
        for i in (1, 9):
            assert codes[j, i] == predict_codes(run.W, np.array([[xs[i], xs[j]]]), True)[0]
    assert len(set(codes.ravel().tolist())) == 4


def test_the_digits_show_one_image_per_class(make_main_window):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    dialog.load_preset("digits_0_1_2")
    assert len(dialog.view.images) == 3
    image = dialog.view.images[1].image
    assert image.shape == (8, 8) and np.array_equal(image.ravel(), dialog.run.W[1, :64])
    dialog.shuffle.setChecked(True)  # retrains
    assert dialog.run.shuffle and dialog.slider.maximum() == dialog.run.n_updates
    dialog.close()


def test_a_csv_of_words_opens_and_a_bad_one_gets_a_sentence(make_main_window, tmp_path):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    good = tmp_path / "iris.csv"
    good.write_text("a,b,kind\n1,4,setosa\n6,5,versicolor\n3,-2,virginica\n2,5,setosa\n")
    assert dialog.load_file(good)
    assert dialog.run.classes == ("setosa", "versicolor", "virginica") and "3 classes" in dialog.status.text()
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,A\n3,x,B\n")
    assert not dialog.load_file(bad)
    assert "'x' is not a number" in dialog.status.text()
    assert dialog.run.classes == ("setosa", "versicolor", "virginica")  # the data shown stay
    dialog.close()


def test_points_drawn_by_hand_train_and_undo(make_main_window, qtbot, tmp_path):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    dialog.source.setCurrentIndex(dialog.source.findData(""))
    dialog.source.activated.emit(dialog.source.currentIndex())
    assert dialog.run is None and "at least two classes" in dialog.status.text()
    qtbot.keyClick(dialog, Qt.Key.Key_1)
    dialog.click_at(1.0, 1.0)
    assert dialog.run is None and dialog.classes == ("A",)
    qtbot.keyClick(dialog, Qt.Key.Key_2)
    assert "Adding class B (new)" in dialog.active_class.text()
    dialog.click_at(-1.0, -1.0)
    dialog.class_box.activated.emit(2)  # the box as the key 3: a new class C
    assert dialog.active == 2 and dialog.class_box.currentText() == "C (new)"
    dialog.click_at(2.0, -2.0)
    assert dialog.classes == ("A", "B", "C") and dialog.run is not None and dialog.run.converged
    expected = MulticlassPerceptron().fit(dialog.data)
    assert np.array_equal(dialog.run.W, expected.W)
    dialog.click_at(1.9, -1.9, remove=True)  # the nearest point, C's
    assert dialog.classes == ("A", "B") and len(dialog.labels) == 2
    qtbot.keyClick(dialog, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert dialog.classes == ("A", "B", "C")
    assert dialog.save_csv(tmp_path / "drawn.csv")
    assert (tmp_path / "drawn.csv").read_text().splitlines()[0] == "x1,x2,class"
    from perceptron_gui.core.class_data import read_class_csv
    again = read_class_csv(tmp_path / "drawn.csv")
    assert np.array_equal(again.X, dialog.X) and again.classes == dialog.classes
    dialog.close()


def test_next_label_sorts_after_the_classes():
    from perceptron_gui.core.class_data import next_label

    assert next_label(()) == "A" and next_label(("A", "B")) == "C" and next_label(("1", "2", "4")) == "5"
    assert next_label(("cat", "dog")) == "dog+"


def test_the_lessons_of_several_classes_open_the_view(make_main_window, capsys):
    from perceptron_gui.cli import main
    from perceptron_gui.session.class_lessons import CLASS_LESSONS

    win = make_main_window("random_separable", "offset")
    win.actions_by_name["lesson_multiclass_by_hand"].trigger()
    dialog = win.multiclass_dialog
    assert dialog.isVisible() and dialog.slider.value() == 5
    assert dialog.status.text().startswith("Lesson 20a (Three classes, one weight vector each).")
    assert "Update 5 of 20, epoch 1: x6 = (6, 5) of class B" in dialog.text.toPlainText()
    assert "W_B += x and W_C −= x" in dialog.text.toPlainText()  # what the explanation says happens
    win.actions_by_name["lesson_multiclass_digits"].trigger()
    assert win.multiclass_dialog is dialog and len(dialog.view.images) == 3
    assert dialog.slider.value() == dialog.run.n_updates
    dialog.close()
    assert main(["lessons"]) == 0
    listing = capsys.readouterr().out
    assert all(name in listing for name in CLASS_LESSONS)


def test_the_picture_is_saved_as_png(make_main_window, tmp_path):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    assert dialog.save_picture(tmp_path / "m.png")
    assert (tmp_path / "m.png").read_bytes().startswith(b"\x89PNG") and "Wrote m.png" in dialog.status.text()
    assert not dialog.save_picture(tmp_path / "missing" / "m.png")
    assert "could not be written" in dialog.status.text()
    dialog.close()


def test_a_click_keeps_the_view_where_the_user_draws(make_main_window):
    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    plot = dialog.view.plot
    plot.setRange(xRange=(-20.0, 20.0), yRange=(-12.0, 12.0), padding=0)
    before = dialog.view.plot.viewRange()
    dialog.click_at(15.0, -10.0)
    after = dialog.view.plot.viewRange()
    np.testing.assert_allclose(np.array(after), np.array(before), rtol=0, atol=1e-6)
    dialog.close()


def test_a_file_too_big_for_the_view_is_refused_with_a_sentence(make_main_window, tmp_path, monkeypatch):
    import perceptron_gui.gui.dialogs.multiclass_dialog as md

    win = make_main_window("random_separable", "offset")
    dialog = _open(win)
    monkeypatch.setattr(md, "VIEW_MAX_BYTES", 1_000_000)
    big = tmp_path / "big.csv"
    big.write_text("x1,x2,c\n" + "1,2,A\n3,4,B\n" * 100_000)
    assert not dialog.load_file(big)
    assert "perceptron-gui run --algorithm multiclass" in dialog.status.text()
    assert dialog.run.classes == ("A", "B", "C")  # the data shown stay
    dialog.close()
