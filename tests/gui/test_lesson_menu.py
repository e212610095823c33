"""The Lessons menu: one action from a fresh window opens a scene of the notes,
with its View switches, its dock in front and its explanation; ``--lesson NAME --screenshot``."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from perceptron_gui.session.class_lessons import CLASS_LESSONS
from perceptron_gui.session.lessons import LESSONS, lesson_switches


def test_the_menu_has_one_entry_per_lesson_before_help(make_main_window):
    win = make_main_window()
    titles = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert titles.index("Lessons") == titles.index("Help") - 1
    menu = next(a.menu() for a in win.menuBar().actions() if a.text().replace("&", "") == "Lessons")
    entries = [a for a in menu.actions() if not a.isSeparator()]
    assert len(entries) == len(LESSONS) + len(CLASS_LESSONS)
    for a, les in zip(entries, LESSONS.values()):
        assert a.text() == f"{les.number}. {les.title} (notes {les.note})" and a.toolTip() == les.explanation
    for a, cl in zip(entries[len(LESSONS):], CLASS_LESSONS.values()):
        assert a.text() == f"{cl.number}. {cl.title} ({cl.note})" and a.toolTip() == cl.explanation


def test_one_action_opens_notes_003s_update_with_its_views(make_main_window, qtbot):
    win = make_main_window()
    win.actions_by_name["lesson_notes003_update"].trigger()  # the one action from a fresh start
    s = win.session
    assert s.k == 1 and s.frame().w.tolist() == [2.0, 2.0] and s.frame().b == 2.0
    for switch, on in lesson_switches(LESSONS["notes003_update"]).items():
        assert win.actions_by_name[switch].isChecked() == on, switch
    assert win.canvas.options.show_update and win.canvas.options.show_point_margins
    assert "Lesson 1b" in win.banner.text() and "Notes 003" in win.banner.text()
    assert "Three points (notes 003)" in win.windowTitle()


def test_the_next_lesson_puts_back_the_switches_the_last_one_set(make_main_window, qtbot):
    win = make_main_window()
    win.actions_by_name["lesson_notes003_margins"].trigger()
    assert win.actions_by_name["margin_column"].isChecked() and not win.table.view.isColumnHidden(
        win.table.model.columnCount() - 1)
    win.actions_by_name["lesson_offset_trick_1d"].trigger()
    assert not win.actions_by_name["margin_column"].isChecked()
    assert win.canvas.lifted_view and win.session.algorithm == "offset" and win.session.run.converged
    win.actions_by_name["lesson_figure1_000"].trigger()
    assert not win.canvas.lifted_view and not win.actions_by_name["previous"].isChecked()


def test_a_lesson_brings_its_dock_to_the_front(make_main_window, qtbot):
    win = make_main_window()
    dock = win.docks["Proof as curves"]
    assert dock.isHidden()
    win.actions_by_name["lesson_convergence_proof"].trigger()
    qtbot.waitUntil(lambda: dock.isVisible() and not dock.visibleRegion().isEmpty())
    assert win.actions_by_name["theta_star"].isChecked()
    win.actions_by_name["lesson_digits_002"].trigger()
    qtbot.waitUntil(lambda: not win.docks["Per epoch"].visibleRegion().isEmpty())
    assert dock.visibleRegion().isEmpty()


def test_undo_takes_the_lesson_back(make_main_window):
    win = make_main_window()
    before = win.session.points.X.copy()
    win.actions_by_name["lesson_and_gate"].trigger()
    assert win.session.points.n == 4
    win.actions_by_name["undo"].trigger()
    assert win.session.points.X.tolist() == before.tolist()


@pytest.mark.parametrize("name", ["notes003_update", "convergence_proof"])
def test_lesson_screenshot_from_the_command_line(tmp_path, name):
    out = tmp_path / "lesson.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-m", "perceptron_gui", "--lesson", name, "--screenshot", str(out),
                           "--size", "1024x768"], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "Saved" in done.stdout


def test_an_unknown_lesson_on_the_command_line_exits_2(tmp_path):
    done = subprocess.run([sys.executable, "-m", "perceptron_gui", "--lesson", "nope", "--screenshot",
                           str(tmp_path / "x.png")], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "There is no lesson 'nope'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and not (tmp_path / "x.png").exists()


def test_lesson_at_start_shows_its_dock_in_front(qtbot):
    """--lesson at start opens the lesson before the window is shown; its dock (a tab behind
    'Per epoch' until then) must still be the one in front once the window is up."""
    from perceptron_gui.gui.app.application import _raise_lesson_panel, make_window

    win = make_window(lesson="convergence_proof")
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitExposed(win)
    _raise_lesson_panel(win, "convergence_proof")
    qtbot.waitUntil(lambda: not win.docks["Proof as curves"].visibleRegion().isEmpty())
    assert win.docks["Per epoch"].visibleRegion().isEmpty()
    assert win.session.history.undo_text() == "" and not win.document.dirty


def test_the_weight_space_lesson_shows_its_dock(make_main_window, qtbot):
    """Lesson 14 opens the hidden Weight space dock and its path ends at the run's last weights."""
    from perceptron_gui.gui.app.lesson_menu import open_lesson

    win = make_main_window()
    dock = win.docks["Weight space"]
    assert dock.isHidden()
    open_lesson(win, "weight_space_000")
    win.session.wait()
    assert not dock.isHidden()
    assert win.session.algorithm == "standard"
