"""Issue 7, 5.3 in the window: a failed export says what went wrong, never "Exported…"."""
from __future__ import annotations

import errno

from perceptron_gui.core import atomic
from perceptron_gui.gui.dialogs.export_dialog import FigureSettings, install_export_actions

OLD = b"the figure from last week\n"


def test_the_window_says_what_went_wrong_instead_of_exported(make_main_window, tmp_path, monkeypatch):
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path / "state"))
    win = make_main_window("random_separable")
    ea = install_export_actions(win)
    p = tmp_path / "fig.svg"
    p.write_bytes(OLD)

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "write", full)
    assert not ea.export_figure(p, FigureSettings(figure="canvas", fmt="svg"))
    text = win.banner.text()
    assert text.endswith("Could not write fig.svg: the disk is full; free some space or choose another folder.")
    assert "Exported" not in text
    assert p.read_bytes() == OLD
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(".")]  # no temporary left


def test_a_gif_that_hits_a_full_disk_says_so_and_keeps_the_old_file(make_main_window, tmp_path, monkeypatch, qtbot):
    from perceptron_gui.gui.figures import animation
    from perceptron_gui.gui.figures.animation import AnimationSettings

    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path / "state"))
    win = make_main_window("random_separable")
    ea = install_export_actions(win)
    p = tmp_path / "run.gif"
    p.write_bytes(OLD)

    def full(self, frames):
        for _ in frames:
            pass
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(animation.GifEncoder, "encode", full)
    runner = ea.export_animation(p, AnimationSettings(width=200, max_frames=4))
    qtbot.waitUntil(lambda: runner.state != "running", timeout=60_000)
    assert runner.state == "failed"
    assert win.banner.text().endswith("Could not write run.gif: the disk is full; free some space or choose another folder.")
    assert p.read_bytes() == OLD
    assert not [q for q in tmp_path.iterdir() if q.name.startswith(".")]
