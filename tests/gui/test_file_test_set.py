"""File → Open test set… in the window: the entry, the added test points, a mismatch's box."""
from __future__ import annotations

from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable


def test_open_test_set_adds_test_points_and_undo_takes_them_out(make_main_window, state_dir, tmp_path):
    win = make_main_window("random_separable")
    fa = win.file_actions
    action = win.actions_by_name["open_test_set"]
    assert action.text().replace("&", "") == "Open test set…" and action in fa.menu.actions()
    path = tmp_path / "test.csv"
    write_csv(random_separable(12, 0.15, seed=8), path)
    n = win.session.points.n
    assert fa.open_test_set(path)
    win.session.wait()
    assert win.session.points.n == n + 12 and win.session.points.test.sum() == 12
    assert win.session.result.record.epochs[0].test_error is not None
    win.session.undo()
    assert win.session.points.n == n


def test_a_file_with_other_columns_is_one_sentence_in_a_box(make_main_window, state_dir, tmp_path, warnings_shown):
    win = make_main_window("random_separable")
    path = tmp_path / "three.csv"
    path.write_text("a,b,c,y\n1,2,3,1\n")
    n = win.session.points.n
    assert not win.file_actions.open_test_set(path)
    assert len(warnings_shown) == 1
    title, text = warnings_shown[0]
    assert title == "Could not open the test set"
    assert text == "The test file three.csv has 3 features but the data has 2; open a test file with the same columns."
    assert win.session.points.n == n
