"""Fixtures for the window tests: a factory that builds and tears down the main window."""
from __future__ import annotations

import pytest


@pytest.fixture
def state_dir(tmp_path, monkeypatch):
    """A fresh state folder (autosaves, recent files), set before any window starts."""
    from perceptron_gui.session.state_dir import STATE_DIR_ENV

    d = tmp_path / "state"
    monkeypatch.setenv(STATE_DIR_ENV, str(d))  # never the user's real folder
    return d



@pytest.fixture
def make_main_window(qtbot):
    """Build a MainWindow with a preset (synchronous training) and close it afterwards."""
    from perceptron_gui.gui.app.application import make_window

    windows = []

    def factory(preset: str | None = "random_separable", algorithm: str | None = None, size=(1400, 900)):
        win = make_window(preset, algorithm)
        win.resize(*size)
        qtbot.addWidget(win)
        win.show()
        qtbot.waitExposed(win)
        windows.append(win)
        return win

    yield factory
    for win in windows:
        win.session.set_playing(False)
        win.session.runner.cancel()
        # A hang detector, not a budget: a cancelled run stops at its next epoch, but on a busy
        # machine that can take a while, and a worker outliving its window crashes later tests.
        win.session.wait(120)
