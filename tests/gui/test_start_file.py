"""``perceptron-gui FILE``: a data CSV or a session opens in the window; a bad file leaves the
window empty with the sentence in the banner, or with ``--screenshot`` exits 2 with it.

Through the functions the window uses (``make_window(start=...)``) and through ``main`` with
``--screenshot`` (offscreen), as a user's command line would run them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.session.document import Document
from perceptron_gui.session.session import Session
from perceptron_gui.session.start_file import read_start_file

THREE = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n"  # notes 003: offset converges after 2 updates


@pytest.fixture
def three(tmp_path: Path) -> Path:
    p = tmp_path / "three.csv"
    p.write_text(THREE)
    return p


@pytest.fixture
def saved_session(tmp_path: Path) -> Path:
    """A session saved at update 3 of xor's pocket run (not its end), with a view of its own."""
    s = Session()
    s.set_algorithm("pocket")
    s.load_preset("xor", switch=False)
    s.wait()
    s.jump_to_update(3)
    assert 0 < s.playhead.t < s.playhead.end_t(s.run)
    s.set_view_range(((-3.0, 4.0), (-2.0, 5.0)))
    p = tmp_path / "lecture.perceptron.json"
    Document(s).save(p)
    return p


def saved_t(path: Path) -> int:
    return int(json.loads(path.read_text())["playhead"]["t"])


# ---- reading, before any window (Qt-free) ------------------------------------------------------
def test_reading_a_missing_file_gives_its_sentence(tmp_path):
    start = read_start_file(tmp_path / "missing.csv")
    assert start.loaded is None and start.kind == "csv"
    assert start.error is not None and "does not exist" in start.error and "\n" not in start.error
    bad = tmp_path / "broken.perceptron.json"
    bad.write_text("{not json")
    start = read_start_file(bad)
    assert start.kind == "session" and start.error is not None and "not valid JSON" in start.error


# ---- the window --------------------------------------------------------------------------------
def _window(qtbot, start, algorithm=None):
    from perceptron_gui.gui.app.application import make_window

    win = make_window(algorithm=algorithm, start=start)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.session.wait()
    return win


def test_a_csv_opens_in_the_window_with_the_chosen_algorithm(qtbot, three):
    win = _window(qtbot, read_start_file(three), algorithm="offset")
    assert win.session.points.n == 3 and win.session.algorithm == "offset"
    assert win.document.path == three and win.document.kind == "csv" and not win.document.dirty
    assert win.session.run.num_updates == 2
    assert not win.session.history.can_undo()  # the file is where the work starts, as a preset is


def test_a_session_opens_with_its_algorithm_step_and_view(qtbot, saved_session):
    win = _window(qtbot, read_start_file(saved_session))
    assert win.session.algorithm == "pocket" and win.session.points.n == 4
    assert win.session.playhead.t == saved_t(saved_session) > 0
    # The saved view, not one fitted to xor's unit square (the canvas keeps its aspect, so it
    # may show more than was saved, never less).
    (x0, x1), (y0, y1) = win.canvas.view_box.viewRange()
    assert x0 <= -3.0 + 1e-9 and x1 >= 4.0 - 1e-9 and y0 <= -2.0 + 1e-9 and y1 >= 5.0 - 1e-9
    assert win.document.kind == "session" and "Opened the session lecture.perceptron.json" in win.banner.text()


def test_algorithm_replaces_a_sessions_saved_one(qtbot, saved_session):
    win = _window(qtbot, read_start_file(saved_session), algorithm="voted")
    assert win.session.algorithm == "voted" and win.session.points.n == 4


def test_a_bad_file_leaves_the_window_empty_with_the_sentence(qtbot, tmp_path):
    win = _window(qtbot, read_start_file(tmp_path / "missing.csv"))
    assert win.session.points.n == 0 and win.document.path is None
    assert win.banner.level == "error" and win.banner.isVisible()
    assert "missing.csv does not exist" in win.banner.text()


# ---- the command line, offscreen -------------------------------------------------------------
def test_screenshot_of_a_csv(capsys, three, tmp_path):
    out = tmp_path / "shot.png"
    assert main([str(three), "--algorithm", "offset", "--screenshot", str(out), "--size", "800x600"]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_screenshot_of_a_session_keeps_its_step(capsys, saved_session, tmp_path, monkeypatch):
    from perceptron_gui.gui.app import application as app

    seen = []
    real = app.make_window

    def spy(*args, **kw):
        seen.append(win := real(*args, **kw))
        return win
    monkeypatch.setattr(app, "make_window", spy)
    out = tmp_path / "shot.png"
    assert main([str(saved_session), "--screenshot", str(out), "--size", "800x600"]) == 0
    assert out.exists() and seen[0].session.playhead.t == saved_t(saved_session)  # not moved to the run's end


@pytest.mark.parametrize("name, text, sentence", [
    ("missing.csv", None, "does not exist"),
    ("bad.csv", "x1,x2,y\n1,abc,1\n", "bad.csv"),
    ("bad.perceptron.json", "[1, 2", "not valid JSON"),
])
def test_screenshot_of_a_bad_file_exits_2_with_the_sentence(capsys, tmp_path, name, text, sentence):
    p = tmp_path / name
    if text is not None:
        p.write_text(text)
    out = tmp_path / "shot.png"
    assert main([str(p), "--screenshot", str(out)]) == 2
    err = capsys.readouterr().err
    assert sentence in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


def test_file_with_a_preset_or_two_files_or_a_typo_is_a_usage_error(capsys, three, tmp_path):
    assert main([str(three), "--preset", "and"]) == 2
    assert "brings its own data; leave out --preset" in capsys.readouterr().err
    assert main([str(three), str(three)]) == 2
    assert "Give one file to open" in capsys.readouterr().err
    assert main(["rn"]) == 2
    assert "'rn' is neither a file nor a command" in capsys.readouterr().err
