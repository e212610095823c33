"""The Narration dock: the step in words, the canvas's accessible description, an announcement to
assistive technology when nothing plays, edits said before the retrained run, the transcript saved,
and presentation mode's caption."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6 import QtGui

from perceptron_gui.render.narration import narrate


@pytest.fixture
def announced(monkeypatch):
    """The accessibility events the window sends (QAccessible.updateAccessibility, recorded)."""
    events: list = []
    real = QtGui.QAccessible.updateAccessibility
    monkeypatch.setattr(QtGui.QAccessible, "updateAccessibility", lambda ev: (events.append(ev), real(ev))[1])
    return events


def test_the_step_is_said_described_and_announced(make_main_window, announced):
    win = make_main_window("notes003_margin", "offset")
    panel, s = win.narration, win.session
    assert not win.docks["Narration"].isVisible()  # opened from View → Narration
    win.docks["Narration"].toggleViewAction().trigger()
    assert win.docks["Narration"].isVisible()
    s.jump_to_update(1)
    text = narrate(s.frame(), s.result)
    assert panel.text.text() == text and text.startswith("Update 1, epoch 0: x1 = (1, 3) with y = +1")
    assert win.canvas.accessibleDescription() == text
    said = [ev for ev in announced if isinstance(ev, QtGui.QAccessibleAnnouncementEvent)]
    assert said and said[-1].message() == text


def test_nothing_is_announced_while_playing(make_main_window, announced):
    win = make_main_window("random_separable", "offset")
    s = win.session
    s.to_start()
    s.set_playing(True)
    try:
        announced.clear()
        s.step("update", 1)
        assert win.narration.text.text().startswith("Update 1")  # still shown
        assert not [ev for ev in announced if isinstance(ev, QtGui.QAccessibleAnnouncementEvent)]
    finally:
        s.set_playing(False)


def test_an_edit_is_said_then_the_retrained_run(make_main_window, tmp_path):
    from perceptron_gui.session.commands import AddPoints

    win = make_main_window("notes003_margin", "offset")
    s = win.session
    s.execute(AddPoints(np.array([[0.5, -2.0]]), np.array([-1.0])))
    s.wait()
    text = win.narration.text.text()
    assert text.startswith("Point 4 added to (0.5, −2) (y = −1). The run was retrained: ")
    assert f"{s.result.record.num_updates} update" in text
    path = tmp_path / "transcript.txt"
    assert win.narration.save_transcript(path)
    lines = path.read_text().splitlines()
    assert lines[-1] == text and len(lines) == len(win.narration.transcript)


def test_presentation_mode_shows_the_narration_as_a_caption(make_main_window):
    win = make_main_window("notes003_margin", "offset", size=(1280, 720))
    win.presentation.enter()
    try:
        win.session.jump_to_update(2)
        assert win.presentation.caption.isVisible()
        assert win.presentation.caption.text() == win.narration.text.text()
        assert win.presentation.caption.text().startswith("Update 2")
    finally:
        win.presentation.leave()
    assert not win.presentation.caption.isVisible()
