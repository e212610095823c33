"""The status bar says how long a big run still takes, and offers the pocket's ratchet."""
from __future__ import annotations

import os

from PySide6 import QtCore

from perceptron_gui.gui.app.status import StatusBar
from perceptron_gui.session.estimate import RateProbe
from perceptron_gui.session.session import Session


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def busy_pocket(qtbot, check: str = "every") -> tuple[Session, StatusBar, RateProbe, FakeClock]:
    s = Session()
    s.set_algorithm("pocket")
    s.set_param("check", check)
    bar = StatusBar(s)
    qtbot.addWidget(bar)
    bar.resize(1200, 30)
    bar.show()
    clock = FakeClock()
    # A fake run: 100 epochs of 200,000 visits, as the runner's probe would measure them.
    probe = RateProbe(100 * 200_000, clock, upper_bound=True)
    probe.start()
    s.runner._probe = probe
    s._set_busy(True)
    return s, bar, probe, clock


def test_a_fake_progress_sequence_shows_the_sentence(qtbot, tmp_path):
    s, bar, probe, clock = busy_pocket(qtbot)
    assert bar.progress.isVisible() and bar.cancel_btn.isVisible()
    s.progress_changed.emit(0, 100)  # during the probe
    assert bar.progress.format() == "training… epoch 1 of 100 · measuring its speed… · Cancel any time"
    assert not bar.ratchet_btn.isVisible()
    # 3 epochs in 72 s: 8,333 visits a second, 97 epochs (19.4 M visits) to go: 38.8 min
    clock.t = 72.0
    probe.visited(3 * 200_000)
    s.progress_changed.emit(3, 100)
    assert bar.progress.format() == "training… epoch 4 of 100 · at most about 39 min left · Cancel any time"
    assert bar.progress.value() == 3 and bar.progress.maximum() == 100
    assert bar.ratchet_btn.isVisible()
    # What a user sees (set COST_ESTIMATE_SHOT to a path to keep the picture and look at it).
    bar.grab().save(os.environ.get("COST_ESTIMATE_SHOT", str(tmp_path / "cost_estimate.png")))
    s._set_busy(False)
    assert not bar.ratchet_btn.isVisible() and not bar.progress.isVisible()


def test_the_button_switches_the_pocket_to_the_ratchet(qtbot):
    s, bar, probe, clock = busy_pocket(qtbot)
    clock.t = 10.0
    probe.visited(10_000)  # 1,000 visits a second: hours
    s.progress_changed.emit(0, 100)
    assert bar.ratchet_btn.isVisible()
    qtbot.mouseClick(bar.ratchet_btn, QtCore.Qt.MouseButton.LeftButton)
    assert s.current_params()["check"] == "ratchet"
    assert s.params["pocket"]["check"] == "ratchet"
    assert not bar.ratchet_btn.isVisible()


def test_no_offer_when_the_pocket_already_uses_the_ratchet_or_the_run_is_short(qtbot):
    s, bar, probe, clock = busy_pocket(qtbot, check="ratchet")
    clock.t = 10.0
    probe.visited(10_000)
    s.progress_changed.emit(0, 100)
    assert "left" in bar.progress.format() and not bar.ratchet_btn.isVisible()
    s.set_param("check", "every")
    s._set_busy(True)
    s.runner._probe = probe
    probe.visited(19_000_000)  # nearly done: under a minute left
    s.progress_changed.emit(99, 100)
    assert "less than a minute left" in bar.progress.format() and not bar.ratchet_btn.isVisible()

