"""A window's run whose kernels are not loaded yet trains on the worker, "preparing…" shown."""
from __future__ import annotations

import threading

from perceptron_gui.session import runner as runner_mod
from perceptron_gui.session import session as session_mod


def test_a_run_that_must_compile_first_shows_preparing_and_the_window_stays_live(make_main_window, qtbot,
                                                                                 monkeypatch) -> None:
    win = make_main_window("notes003_margin", "offset")
    s = win.session
    assert not s.prepare_in_background and not s.preparing  # tests and screenshots: at once
    monkeypatch.setattr(session_mod, "kernels_loaded", lambda names: False)  # as on a first start
    gate = threading.Event()
    real = runner_mod.compute
    monkeypatch.setattr(runner_mod, "compute", lambda *a, **k: gate.wait(30) and real(*a, **k))
    s.prepare_in_background = True
    s.set_param("max_epochs", 7)
    assert s.preparing and s.busy
    assert win.statusBar().progress.format() == "preparing…"
    assert "Preparing the training code" in win.statusBar().summary.full_text()
    gate.set()
    qtbot.waitUntil(lambda: not s.busy, timeout=10_000)
    assert s.result is not None and s.result.params["max_epochs"] == 7
    monkeypatch.setattr(session_mod, "kernels_loaded", lambda names: True)  # loaded now
    s.set_param("max_epochs", 8)
    assert not s.preparing and not s.busy and s.result.params["max_epochs"] == 8  # small: at once again
