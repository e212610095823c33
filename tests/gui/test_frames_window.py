"""Big data: the window draws frames computed off the UI thread (session/frames.py)."""
from __future__ import annotations

import numpy as np

from perceptron_gui.session import frames as frames_mod
from perceptron_gui.session.frame import compute_frame


def test_steps_show_the_worker_s_frames_on_canvas_and_panel(make_main_window, qtbot, monkeypatch) -> None:
    monkeypatch.setattr(frames_mod, "SYNC_FRAME_COST", 10.0)  # every run counts as big here
    win = make_main_window("random_noisy", "offset")
    s = win.session
    assert s.frames.background(s.result)
    s.to_start()
    qtbot.waitUntil(lambda: win.canvas.frame is not None and win.canvas.frame.t == -1, timeout=10_000)
    for _ in range(3):
        s.step("visit", 1)
    qtbot.waitUntil(lambda: win.canvas.frame is not None and win.canvas.frame.t == 2, timeout=10_000)
    ref = compute_frame(s.result, 2)
    np.testing.assert_array_equal(win.canvas.frame.w, ref.w)
    assert win.live_panel._labels["k"].text().startswith(f"{ref.k} of")
