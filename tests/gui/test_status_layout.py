"""Progress reports do not re-lay out the window (each relayout redrew the whole canvas)."""
from __future__ import annotations


def test_the_progress_bar_only_grows(make_main_window) -> None:
    win = make_main_window("notes003_margin", "offset")
    bar = win.statusBar()
    widths = []
    for epoch in (1, 2, 3, 10, 11):
        bar._on_progress(epoch, 100 if epoch < 10 else 5)  # texts of different lengths
        widths.append(bar.progress.minimumWidth())
    assert widths == sorted(widths)  # never narrower
    assert len(set(widths)) <= 2  # and set once or twice, not at every report
