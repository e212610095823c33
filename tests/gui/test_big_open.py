"""A big file is read on a worker thread and the window stays live (opening a 200 MB
CSV blocked the window 9 s, and with a bad last line 25 s before the message)."""
from __future__ import annotations

import numpy as np

from perceptron_gui.gui.files import file_actions


def _csv(path, n: int, bad_last: bool = False) -> None:
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, (n, 2))
    lines = ["x1,x2,y"] + [f"{float(a)!r},{float(b)!r},{1 if a > 0 else -1}" for a, b in X]
    if bad_last:
        lines.append("0.5,abc,1")
    path.write_text("\n".join(lines) + "\n")


def test_a_big_csv_is_read_while_the_window_stays_live(make_main_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(file_actions, "BACKGROUND_READ_BYTES", 1_000)
    win = make_main_window()
    fa = win.file_actions
    before = win.session.points.n
    path = tmp_path / "big.csv"
    _csv(path, 2_000)
    assert fa.open_csv(path)
    # Returned before the data were taken: they arrive through the event loop.
    assert fa.reading and win.session.points.n == before
    assert "Reading big.csv" in win.banner.text()
    qtbot.waitUntil(lambda: not fa.reading, timeout=30_000)
    assert win.session.points.n == 2_000 and win.document.path == path
    assert "big.csv" in win.windowTitle() and "*" not in win.windowTitle()
    win.session.undo()  # one undoable step, as a small file's open
    assert win.session.points.n == before


def test_a_bad_big_csv_is_one_sentence_and_keeps_the_data(make_main_window, qtbot, tmp_path, monkeypatch,
                                                           warnings_shown):
    monkeypatch.setattr(file_actions, "BACKGROUND_READ_BYTES", 1_000)
    win = make_main_window()
    fa = win.file_actions
    before = win.session.points.X.copy()
    path = tmp_path / "bad.csv"
    _csv(path, 500, bad_last=True)
    assert fa.open_csv(path)
    qtbot.waitUntil(lambda: not fa.reading, timeout=30_000)
    assert len(warnings_shown) == 1 and "502" in warnings_shown[0][1] and warnings_shown[0][1].endswith(".")
    assert np.array_equal(win.session.points.X, before)


def test_a_newer_open_wins_over_a_read_under_way(make_main_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(file_actions, "BACKGROUND_READ_BYTES", 1_000)
    win = make_main_window()
    fa = win.file_actions
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    _csv(first, 300)
    _csv(second, 700)
    assert fa.open_csv(first) and fa.open_csv(second)
    qtbot.waitUntil(lambda: not fa.reading, timeout=30_000)
    qtbot.waitUntil(lambda: win.document.path == second, timeout=30_000)
    assert win.session.points.n == 700


def test_the_principal_axes_of_wide_points_are_worked_out_by_the_reader_not_the_window(
        make_main_window, qtbot, tmp_path, monkeypatch):
    # 12,665 × 784 points: the axes took 0.17 s of the window's thread when they were first drawn.
    import threading

    from perceptron_gui.render import projection

    monkeypatch.setattr(file_actions, "BACKGROUND_READ_BYTES", 1_000)
    where: list[str] = []
    original = projection._principal_axes

    def recorded(X, mean):
        where.append(threading.current_thread().name)
        return original(X, mean)

    monkeypatch.setattr(projection, "_principal_axes", recorded)
    win = make_main_window()
    fa = win.file_actions
    X = np.random.default_rng(1).normal(size=(400, 6)) * np.linspace(3.0, 1.0, 6)
    path = tmp_path / "wide.csv"
    lines = [",".join(f"x{j + 1}" for j in range(6)) + ",y"]
    lines += [",".join(repr(float(v)) for v in row) + f",{1 if row[0] > 0 else -1}" for row in X]
    path.write_text("\n".join(lines) + "\n")
    where.clear()
    assert fa.open_csv(path)
    qtbot.waitUntil(lambda: not fa.reading, timeout=30_000)
    assert win.session.points.d == 6 and win.canvas.projection.kind == "pca"
    assert where and threading.main_thread().name not in where, where
