"""A session whose hand-set start cannot train (the wrong count of numbers, or out of scale with
the data) shows the run's sentence in the window, and ``--screenshot`` prints that sentence and
exits 2 instead of saving a picture of no run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import save_session
from perceptron_gui.session.start_file import read_start_file

STARTS = {
    "wrong length": ([1.0, 2.0, 3.0], "The start w has 3 numbers, but the data have 2 features"),
    "out of scale": ([1e7, 1e7], "The start w₀, b₀ is far larger than the data"),
}


def _session_with_start(tmp_path: Path, start_w: list[float]) -> Path:
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [-1.0, -2.0]], [1, -1, 1, -1]), "four")
    s.wait()
    p = tmp_path / "start.perceptron.json"
    save_session(s, p)
    doc = json.loads(p.read_text())
    doc["params"][doc["algorithm"]].update(init="custom", start_w=start_w, start_b=0.0)
    p.write_text(json.dumps(doc))
    return p


@pytest.mark.parametrize("case", list(STARTS))
def test_screenshot_says_the_sentence_and_exits_2(capsys, tmp_path, case):
    start_w, words = STARTS[case]
    out = tmp_path / "shot.png"
    assert main([str(_session_with_start(tmp_path, start_w)), "--screenshot", str(out), "--size", "800x600"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("case", list(STARTS))
def test_the_window_shows_the_same_sentence(qtbot, state_dir, tmp_path, case):
    from perceptron_gui.gui.app.application import make_window

    start_w, words = STARTS[case]
    win = make_window(start=read_start_file(_session_with_start(tmp_path, start_w)))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: win.session.error is not None)
    assert win.session.error.startswith(words) and win.session.run is None
    qtbot.waitUntil(lambda: win.banner.isVisible() and win.banner.text().startswith(words))
    assert win.banner.level == "error"
