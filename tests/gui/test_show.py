"""``perceptron_gui.show``: the window from a script or a notebook."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from PySide6 import QtWidgets
from sklearn.preprocessing import StandardScaler

import perceptron_gui
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.estimators import KernelPerceptron, PocketPerceptron, VotedPerceptron
from perceptron_gui.gui.app import show as show_module
from perceptron_gui.gui.app.main_window import MainWindow
from perceptron_gui.session.commands import AddPoints


def _data(n: int = 40, d: int = 2, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(X[:, 0] + 0.3 * X[:, -1] > 0.1, "dog", "cat")  # any two labels: "cat" → −1, "dog" → +1
    return X, y


def _same_run(a, b) -> None:
    """The same run to the bit: every update, every weight vector, the output predictor."""
    assert (a.algorithm, a.params) == (b.algorithm, b.params)
    assert a.num_updates == b.num_updates and a.epochs_run == b.epochs_run
    np.testing.assert_array_equal(a.update_index, b.update_index)
    np.testing.assert_array_equal(np.asarray(a.weights), np.asarray(b.weights))
    np.testing.assert_array_equal(a.final_w, b.final_w)
    assert a.final_b == b.final_b


def _main_windows() -> list[MainWindow]:
    return [w for w in QtWidgets.QApplication.topLevelWidgets() if isinstance(w, MainWindow)]


@pytest.fixture
def shown_windows(qtbot, state_dir):
    """Calls ``perceptron_gui.show(..., block=False)`` and closes what it opened afterwards."""
    opened = []
    show = perceptron_gui.show  # the public one, even where a test replaces it by this fixture

    def open_(*args, **kwargs):
        shown = show(*args, block=False, **kwargs)
        qtbot.addWidget(shown.window)
        opened.append(shown)
        return shown

    yield open_
    for shown in opened:
        shown.window.session.runner.cancel()
        shown.window.session.wait(120)  # a hang detector, not a budget


def test_the_window_shows_x_with_the_labels_mapped_and_trains_as_the_algorithm_does(shown_windows):
    X, y = _data()
    shown = shown_windows(X, y, algorithm="voted", max_epochs=7, seed=3)
    points = shown.window.session.points
    np.testing.assert_array_equal(points.X, X)
    np.testing.assert_array_equal(shown.classes, ["cat", "dog"])
    y_pm = np.where(y == "dog", 1.0, -1.0)
    np.testing.assert_array_equal(points.y, y_pm)
    assert shown.window.isVisible() and shown.window.session.algorithm == "voted"
    fit = make_algorithm("voted", **shown.run.params).fit(Dataset.from_arrays(X, y_pm))
    assert shown.run.params["max_epochs"] == 7 and shown.run.params["seed"] == 3
    _same_run(shown.run, fit)
    assert "'cat' is −1 and 'dog' is +1" in shown.window.banner.text()


def test_run_is_the_windows_current_run_after_an_edit(shown_windows, qtbot):
    X, y = _data()
    shown = shown_windows(X, y)
    first = shown.run
    assert first is not None and first.n == 40
    shown.window.session.execute(AddPoints([[5.0, 5.0]], [-1.0]))  # as the canvas's Add −1 tool does
    qtbot.waitUntil(lambda: shown.run is not None and shown.run.n == 41)
    assert shown.run is not first
    shown.window.session.set_param("max_epochs", 2)  # as the picker does
    qtbot.waitUntil(lambda: shown.run.params["max_epochs"] == 2)


@pytest.mark.parametrize("estimator, d", [(VotedPerceptron(max_epochs=6), 2), (PocketPerceptron(max_epochs=4), 1),
                                          (KernelPerceptron(kernel="rbf", max_epochs=5), 3)])
def test_show_a_fitted_estimator_shows_its_data_and_its_run(shown_windows, estimator, d):
    X, y = _data(d=d, seed=d)
    est = estimator.fit(X, y)
    shown = shown_windows(est)
    np.testing.assert_array_equal(shown.window.session.points.X, X)
    np.testing.assert_array_equal(shown.window.session.points.y, np.where(y == est.classes_[1], 1.0, -1.0))
    np.testing.assert_array_equal(shown.classes, est.classes_)
    _same_run(shown.run, est.run_)


def test_the_estimators_run_is_shown_even_after_set_params(shown_windows):
    X, y = _data()
    est = VotedPerceptron(max_epochs=6).fit(X, y)
    est.set_params(max_epochs=1)  # changes the next fit, not the run that was made
    _same_run(shown_windows(est).run, est.run_)


X0, Y0 = _data()


@pytest.mark.parametrize("args, kwargs, words", [
    ((np.where(X0 > 1.0, np.nan, X0), Y0), {}, "NaN"),
    ((X0[:, 0], Y0), {}, "2-D"),
    ((X0, np.arange(40) % 3), {}, "3 classes"),
    ((X0, np.zeros(40)), {}, "only one class"),
    ((X0, Y0[:-1]), {}, "one label per row"),
    (("abc", Y0), {}, "not a text"),
    ((X0, "abc"), {}, "not a text"),
    (([["a", "b"]] * 40, Y0), {}, "numbers only"),
    ((X0,), {}, "give the labels"),
    ((X0, Y0), {"algorithm": "abc"}, "no algorithm 'abc'"),
    ((X0, Y0), {"bogus": 1}, "no parameter bogus"),
    ((X0, Y0), {"max_epochs": 0}, "max_epochs must be between"),
    ((X0, Y0), {"max_epochs": "abc"}, "max_epochs must be a whole number"),
    ((X0, Y0), {"init": "custom", "start_w": [1, 2, 3]}, "start w has 3 numbers"),
    ((VotedPerceptron(),), {}, "not fitted yet"),
    ((StandardScaler().fit(X0),), {}, "not a StandardScaler"),
    ((VotedPerceptron().fit(X0, Y0), Y0), {}, "takes the fitted estimator alone"),
])
def test_bad_input_is_one_sentence_and_opens_no_window(qtbot, state_dir, args, kwargs, words):
    before = len(_main_windows())
    with pytest.raises((ValueError, TypeError)) as info:
        perceptron_gui.show(*args, block=False, **kwargs)
    message = str(info.value)
    assert words in message
    assert "\n" not in message and message.endswith(".") and "Traceback" not in message
    assert len(_main_windows()) == before


class _FakeShell:
    def __init__(self, loop):
        self.active_eventloop = loop


@pytest.mark.parametrize("loop, runs_qt", [("qt", True), ("qt5", True), ("qt6", True), ("inline", False),
                                           (None, False)])
def test_ipython_with_gui_qt_is_recognised(loop, runs_qt):
    assert show_module.notebook_runs_qt(_FakeShell(loop)) is runs_qt
    assert show_module.notebook_runs_qt(None) is False  # outside IPython: get_ipython() is None


@pytest.mark.parametrize("loop, block, blocks", [
    ("qt6", None, False),  # a notebook with %gui qt: returns at once
    (None, None, True),  # IPython without a Qt loop, as a script: runs the loop until closed
    ("qt", True, True),  # forced
    (None, False, False),
])
def test_show_blocks_unless_ipython_runs_qt(qtbot, state_dir, monkeypatch, loop, block, blocks):
    shell = _FakeShell(loop)
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(get_ipython=lambda: shell))
    waited = []
    monkeypatch.setattr(show_module, "_wait_until_closed", waited.append)  # the loop itself: see the child test
    X, y = _data()
    shown = perceptron_gui.show(X, y, block=block)
    qtbot.addWidget(shown.window)
    assert waited == ([shown.window] if blocks else [])
    assert shown.window.isVisible()


def test_a_refused_close_keeps_show_waiting_until_the_window_really_closes(qtbot, state_dir, monkeypatch):
    from PySide6 import QtCore

    seen = []
    opened = show_module._open_window

    def open_and_close_twice(plan):
        win = opened(plan)
        qtbot.addWidget(win)

        def refuse_then_close():
            win.session.execute(AddPoints([[5.0, 5.0]], [-1.0]))  # unsaved work: closing asks
            win.file_actions.ask_close = lambda: "cancel"
            win.close()
            seen.append(win.isVisible())
            win.file_actions.ask_close = lambda: "discard"
            QtCore.QTimer.singleShot(0, win.close)  # after the refusal's own check has run

        QtCore.QTimer.singleShot(0, refuse_then_close)
        return win

    monkeypatch.setattr(show_module, "_open_window", open_and_close_twice)
    X, y = _data()
    shown = perceptron_gui.show(X, y, block=True)
    assert seen == [True] and not shown.window.isVisible()
    assert shown.run.n == 41  # the run of the window as it was closed


@pytest.mark.parametrize("answers", [["save"], ["discard"], ["cancel", "discard"]])
def test_show_returns_after_an_edit_and_the_unsaved_work_question(qtbot, state_dir, tmp_path, monkeypatch, answers):
    """The question runs an event loop of its own while the window is still visible (as the real
    box does); show must still return once the window has closed after it."""
    from PySide6 import QtCore

    saved = tmp_path / "saved.csv"
    monkeypatch.setattr(QtWidgets.QFileDialog, "getSaveFileName", lambda *a, **k: (str(saved), ""))
    stuck: list[bool] = []
    waiting = {"done": False}
    opened, waited = show_module._open_window, show_module._wait_until_closed

    def wait_and_note(win):
        waited(win)
        waiting["done"] = True

    def open_edit_and_close(plan):
        win = opened(plan)
        qtbot.addWidget(win)
        asked = list(answers)

        def ask_in_a_loop_of_its_own():
            inner = QtCore.QEventLoop()  # as QMessageBox.exec: timers queued before it run inside it
            QtCore.QTimer.singleShot(0, inner.quit)
            inner.exec()
            return asked.pop(0)

        def rescue():  # only if show is still waiting on a closed window: note it, and let it go
            if not waiting["done"] and not win.isVisible():
                stuck.append(True)
                win.close()

        def close_until_closed():
            win.close()
            if win.isVisible():
                QtCore.QTimer.singleShot(0, close_until_closed)  # the Cancel kept it: close again
            else:
                QtCore.QTimer.singleShot(0, lambda: QtCore.QTimer.singleShot(0, rescue))

        def edit_and_close():
            win.session.execute(AddPoints([[5.0, 5.0]], [-1.0]))  # unsaved work: closing asks
            win.file_actions.ask_close = ask_in_a_loop_of_its_own
            close_until_closed()

        QtCore.QTimer.singleShot(0, edit_and_close)
        return win

    monkeypatch.setattr(show_module, "_open_window", open_edit_and_close)
    monkeypatch.setattr(show_module, "_wait_until_closed", wait_and_note)
    X, y = _data()
    shown = perceptron_gui.show(X, y, block=True)
    assert stuck == [] and waiting["done"] and not shown.window.isVisible()
    assert saved.exists() == (answers == ["save"])


CHILD = """
import json, sys
import numpy as np
import perceptron_gui
from perceptron_gui.gui.app import show as show_module
from PySide6 import QtCore, QtWidgets

assert QtWidgets.QApplication.instance() is None  # show makes the application itself
opened = show_module._open_window

def open_and_close_soon(plan):
    win = opened(plan)  # shown: close it once the event loop runs, as a user would
    QtCore.QTimer.singleShot(0, win.close)
    return win

show_module._open_window = open_and_close_soon
X = np.array(json.loads(sys.argv[1]))
y = json.loads(sys.argv[2])
shown = perceptron_gui.show(X, y, algorithm="averaged", max_epochs=5)
again = perceptron_gui.show(X, y, algorithm="standard")  # a second window waits for its close too
print(json.dumps({"updates": shown.run.num_updates, "visible": [shown.window.isVisible(), again.window.isVisible()],
                  "app": QtWidgets.QApplication.instance() is not None}))
"""


def test_in_a_script_show_returns_when_the_window_is_closed_each_time(tmp_path):
    X, y = _data()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PERCEPTRON_GUI_STATE_DIR": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(X.tolist()), json.dumps(y.tolist())],
                          capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    fit = make_algorithm("averaged", max_epochs=5).fit(Dataset.from_arrays(X, np.where(y == "dog", 1.0, -1.0)))
    assert out == {"updates": fit.num_updates, "visible": [False, False], "app": True}


def test_the_readme_example_runs_as_written(shown_windows, monkeypatch):
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = text.split("### From a notebook or script", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(code.strip().splitlines()) <= 5
    monkeypatch.setattr(perceptron_gui, "show", shown_windows)  # as written, but not blocking the test
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102 - the README's own example
    assert namespace["shown"].run.algorithm == "pocket" and namespace["shown"].run.n == 60
