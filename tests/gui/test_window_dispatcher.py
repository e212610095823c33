"""A window built around an existing session delivers its results on the UI thread (the window
once installed its dispatcher only under a condition that was never true)."""
from __future__ import annotations

from perceptron_gui.session.session import Session


def test_a_window_around_an_existing_session_gets_the_ui_dispatcher(qtbot):
    from perceptron_gui.gui.app.main_window import MainWindow
    from perceptron_gui.gui.kit import ui_thread

    s = Session()
    assert not s.runner.has_dispatcher
    win = MainWindow(s)
    qtbot.addWidget(win)
    assert s.runner.has_dispatcher and s.runner.post is ui_thread.post
