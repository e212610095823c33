"""Very wide data never reach the window's thread: 1 point × 2·10⁶ features held it 12 s (a
table column and two list entries per feature). Wider than the window shows is refused with a
sentence before anything is taken, and a file with a long first line is read on a worker."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from perceptron_gui.gui.files import open_limits


def _wide_csv(path: Path, d: int, n: int = 2) -> None:
    rows = [",".join(f"{(i + 1) * (j % 7) / 7:.3f}" for j in range(d)) + f",{1 if i % 2 else -1}" for i in range(n)]
    path.write_text("\n".join(rows) + "\n")


def test_data_wider_than_the_window_shows_are_refused_before_they_are_taken(make_main_window, tmp_path, monkeypatch,
                                                                            warnings_shown):
    monkeypatch.setattr(open_limits, "MAX_WINDOW_FEATURES", 40)
    win = make_main_window()
    before = win.session.points.X.copy()
    columns = win.table.model.columnCount()
    path = tmp_path / "wide.csv"
    _wide_csv(path, 50)
    assert not win.file_actions.open_csv(path)
    ((_title, text),) = warnings_shown
    assert "50 features" in text and "perceptron-gui run" in text and text.endswith(".") and "\n" not in text
    assert np.array_equal(win.session.points.X, before)  # nothing taken: no table columns, no lists
    assert win.table.model.columnCount() == columns and win.document.path != path


def test_a_file_with_a_long_first_line_is_read_on_a_worker(make_main_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(open_limits, "LONG_LINE_BYTES", 64)
    win = make_main_window()
    fa = win.file_actions
    path = tmp_path / "long.csv"
    _wide_csv(path, 30)  # a few hundred bytes: far below the size read on a worker
    assert fa.open_csv(path)
    assert fa.reading  # returned at once; the data arrive through the event loop
    qtbot.waitUntil(lambda: not fa.reading, timeout=30_000)
    assert win.session.points.d == 30 and win.document.path == path


def test_a_start_file_too_wide_is_said_in_the_banner(make_main_window, tmp_path, monkeypatch):
    from perceptron_gui.gui.app.start_file import open_start_file
    from perceptron_gui.session.start_file import read_start_file

    monkeypatch.setattr(open_limits, "MAX_WINDOW_FEATURES", 40)
    path = tmp_path / "wide.csv"
    _wide_csv(path, 45)
    win = make_main_window()
    d = win.session.points.d
    assert not open_start_file(win, read_start_file(path))
    assert "45 features" in win.banner.text() and win.session.points.d == d
