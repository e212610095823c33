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


def test_the_panel_says_when_the_vote_s_error_is_of_a_sample(make_main_window, qtbot, monkeypatch) -> None:
    from perceptron_gui.session import frame as frame_mod

    monkeypatch.setattr(frame_mod, "VOTE_FRAME_WORK", 10)
    from perceptron_gui.core.presets import random_noisy
    from perceptron_gui.render.formatting import fmt_int

    win = make_main_window("random_noisy", "voted")
    s = win.session
    s.set_param("max_epochs", 1)
    s.load_dataset(random_noisy(3000, 0.2, seed=1), "3,000 noisy points")
    s.wait()
    qtbot.waitUntil(lambda: f"a random sample of the {fmt_int(3000)} points" in win.live_panel._labels["output_error"].text(),
                    timeout=10_000)
