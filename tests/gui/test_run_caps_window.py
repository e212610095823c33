"""Huge runs in the window: the status says why a capped run stopped, and
the run export says when its file lists only the first entries."""
from __future__ import annotations

import json

import numpy as np

from perceptron_gui.core import runio
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.app.status import summary_text


def noisy(n: int = 60) -> Dataset:
    rng = np.random.default_rng(1)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] + X[:, 1] > 0, 1.0, -1.0)
    y[::10] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def test_a_capped_run_says_why_in_the_status_and_its_export(make_main_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(runio, "RUN_FILE_MAX_ROWS", 50)
    win = make_main_window(None)
    s = win.session
    s.runner.memory_budget_bytes = 300_000
    s.set_algorithm("offset")
    s.load_dataset(noisy(), "noisy")
    s.set_param("max_epochs", 1_000_000)
    qtbot.waitUntil(lambda: s.result is not None and not s.busy
                    and s.result.record.params["max_epochs"] == 1_000_000, timeout=60_000)
    assert s.result.record.stop_reason == "memory_cap"
    assert "memory budget" in summary_text(s)
    shown = []
    monkeypatch.setattr(win.banner, "show_message", lambda kind, text: shown.append(text))
    path = tmp_path / "run.json"
    assert win.file_actions.export_run_json(path)
    assert "lists the first 50 of" in shown[-1]
    assert json.loads(path.read_text())["truncated"]["updates"]["kept"] == 50
