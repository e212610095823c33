"""Small things the window says that must be true."""
from __future__ import annotations

from pathlib import Path

from perceptron_gui.gui.app.status import summary_text


def test_default_session_name_is_the_data_title_not_perceptron_perceptron(make_main_window):
    win = make_main_window("xor")
    name = Path(win.file_actions._suggest(".perceptron.json")).name
    assert name == "xor-not-separable.perceptron.json"
    win.session.clear()
    assert Path(win.file_actions._suggest(".perceptron.json")).name == "untitled.perceptron.json"


def test_one_d_standard_says_not_through_the_origin_in_panel_and_status(make_main_window):
    win = make_main_window("offset_1d")
    win.session.set_algorithm("standard")
    panel = win.live_panel.text("separable")
    assert panel == "no, not through the origin"
    assert "not linearly separable through the origin" in summary_text(win.session)


def test_title_drops_the_preset_name_after_clear(make_main_window):
    win = make_main_window("xor")
    assert "XOR" in win.windowTitle()
    win.session.clear()  # the title follows by itself
    assert "XOR" not in win.windowTitle() and "untitled" in win.windowTitle()


def test_a_long_status_line_ends_in_an_ellipsis_and_keeps_the_whole_text(make_main_window):
    win = make_main_window("xor", "lifted")
    label = win.status.summary
    full = summary_text(win.session)
    assert label.full_text() == full and full in label.toolTip()
    label.resize(300, label.height())
    shown = label.text()
    assert shown.endswith("…") and len(shown) < len(full)
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()


def test_lifted_without_theta_star_names_the_real_limit(make_main_window):
    from perceptron_gui.core.presets import random_noisy
    from perceptron_gui.session.run_result import LIFTED_THEORY_MAX_N

    win = make_main_window(None, "lifted")
    n = LIFTED_THEORY_MAX_N + 5
    win.session.load_dataset(random_noisy(n, 0.1, seed=2), "many")
    win.session.wait(120)
    text = win.angle_plot.message.text()
    assert f"at most {LIFTED_THEORY_MAX_N} training points" in text and f"has {n}" in text
    assert text in win.live_panel.text("note")  # one sentence in both places


def test_status_and_playback_write_numbers_as_the_panel_does(make_main_window):
    from perceptron_gui.core.presets import random_noisy
    from perceptron_gui.render.formatting import fmt_int, fmt_pct

    win = make_main_window(None, "offset")
    s = win.session
    s.set_param("max_epochs", 400)
    s.load_dataset(random_noisy(200, 0.1, seed=3), "noisy")
    s.wait(120)
    K = s.run.num_updates
    assert K >= 1000  # so the thousands separator shows
    assert f"{fmt_int(K)} updates" in summary_text(s)
    assert f"of {fmt_int(K)}" in win.playback.position.text()
    assert win.live_panel.text("k").endswith(fmt_int(K))
    win.session.set_algorithm("lifted")
    s.wait(120)
    rec = s.run
    if rec.stop_reason == "converged":
        assert fmt_pct(rec.epochs[-1].train_error) in summary_text(s)


def test_window_with_preset_and_algorithm_says_no_false_switch(make_main_window):
    """--screenshot --preset random_noisy --algorithm voted said "Switched to Pocket" over a
    Voted window (the preset loaded before the algorithm was set)."""
    win = make_main_window("random_noisy", "voted")
    assert win.session.algorithm == "voted" and win.session.run.algorithm == "voted"
    assert "Switched" not in win.banner.text()
    win2 = make_main_window("random_noisy", "offset")
    assert win2.session.algorithm == "offset" and "Switched" not in win2.banner.text()
