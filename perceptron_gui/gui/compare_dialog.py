"""Run → Compare…: choose 2 to 4 runs (algorithms and/or seeds of the shuffled order), train
them on a worker thread under a progress dialog with Cancel, then open the
:class:`~.compare_view.CompareWindow`.

The race itself is :func:`perceptron_gui.session.compare.run_comparison` (no Qt); this module
asks, starts it, relays its progress to the UI thread (a queued signal) and shows the result,
as :mod:`.order_study_dialog` does for the order study.
"""
from __future__ import annotations

import threading
from typing import Any

from PySide6 import QtCore, QtWidgets
from PySide6.QtCore import Qt

from ..core.algorithms import REGISTRY
from ..core.errors import UserError
from ..session.compare import MAX_RUNS, CompareEntry, Comparison, TrainingStopped, compare_entries, parse_seeds, run_comparison

__all__ = ["CompareChooser", "CompareRunner", "start_compare"]


class CompareChooser(QtWidgets.QDialog):
    """Which algorithms, and which orders: every checked algorithm with every seed (none: the
    file order); each with the parameters the window has for it. ``entries`` holds the choice."""

    def __init__(self, params: dict[str, dict[str, Any]], checked: tuple[str, ...], parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Compare runs")
        self.params = params
        self.entries: list[CompareEntry] = []
        lay = QtWidgets.QVBoxLayout(self)
        lay.addWidget(QtWidgets.QLabel(f"Race 2 to {MAX_RUNS} runs on the same points: every checked algorithm\n"
                                       "with every seed (each with the parameters set in the window)."))
        self.boxes: dict[str, QtWidgets.QCheckBox] = {}
        for name, cls in REGISTRY.items():
            box = QtWidgets.QCheckBox(cls.title)
            box.setChecked(name in checked)
            self.boxes[name] = box
            lay.addWidget(box)
        form = QtWidgets.QFormLayout()
        self.seeds = QtWidgets.QLineEdit()
        self.seeds.setPlaceholderText("empty: the file order; or 0,1,2")
        self.seeds.setToolTip("Seeds of the shuffled orders, separated by commas; empty for the file order.")
        form.addRow("Seeds:", self.seeds)
        lay.addLayout(form)
        self.problem = QtWidgets.QLabel()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                             | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok).setText("Compare")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def choice(self) -> list[CompareEntry]:
        """The checked runs; a UserError sentence when they are not 2 to 4 or a seed is not a number."""
        algorithms = [n for n, b in self.boxes.items() if b.isChecked()]
        text = self.seeds.text().strip()
        seeds: list[int | None] = list(parse_seeds(text)) if text else [None]
        return compare_entries(algorithms, seeds, params_of=lambda a: self.params.get(a, {}))

    def accept(self) -> None:
        try:
            self.entries = self.choice()
        except UserError as exc:
            self.problem.setText(str(exc))  # stay open: the user fixes the choice
            return
        super().accept()


class CompareRunner(QtCore.QObject):
    """Trains one comparison on a worker thread; ``state`` goes 'running' → 'done', 'failed' or
    'cancelled' (on the UI thread), ``comparison`` holds the result, ``message`` how it ended."""

    progressed = QtCore.Signal(int, int)
    _ended = QtCore.Signal(str, object)  # worker → UI thread
    finished = QtCore.Signal(str)

    def __init__(self, points: Any, entries: list[CompareEntry], parent: Any = None) -> None:
        super().__init__(parent)
        self.points, self.entries = points.copy(), list(entries)  # the window may edit its own
        self.state = "idle"
        self.message = ""
        self.comparison: Comparison | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ended.connect(self._on_ended, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        self.state = "running"
        self._thread = threading.Thread(target=self._work, name="compare", daemon=True)
        self._thread.start()

    def _work(self) -> None:
        try:
            cmp = run_comparison(self.points, self.entries, progress=lambda d, t: self.progressed.emit(d, t),
                                 stop=self._stop.is_set)
        except TrainingStopped:
            self._ended.emit("cancelled", "The comparison was cancelled.")
        except UserError as exc:
            self._ended.emit("failed", str(exc))
        except MemoryError:
            self._ended.emit("failed", "The comparison needs more memory than there is; use fewer points or epochs.")
        else:
            self._ended.emit("done", cmp)

    def cancel(self) -> None:
        """Ask the worker to stop (within ~20 ms of training); ``finished`` follows."""
        self._stop.set()

    def wait(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def _on_ended(self, state: str, payload: object) -> None:
        self.state = state
        if isinstance(payload, Comparison):
            self.comparison = payload
        else:
            self.message = str(payload)
        self.finished.emit(state)


def start_compare(win: Any, entries: list[CompareEntry] | None = None) -> CompareRunner | None:
    """Ask for the runs (unless ``entries`` are given), train them in the background, then open
    the Compare window over the window's points and its current view range."""
    from .compare_view import CompareWindow

    s = win.session
    if entries is None:
        others = "offset" if s.algorithm != "offset" else "averaged"
        chooser = CompareChooser({n: dict(p) for n, p in s.params.items()}, (s.algorithm, others), win)
        if chooser.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return None
        entries = chooser.entries
    if not (~s.points.test).any():
        win.banner.show_message("error", "A comparison needs training points; add some first.")
        return None
    runner = CompareRunner(s.points, entries, win)
    progress = QtWidgets.QProgressDialog(f"Training {len(entries)} runs…", "Cancel", 0, len(entries), win)
    progress.setWindowTitle("Compare")
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)
    progress.setAutoClose(False)
    progress.setAutoReset(False)
    progress.canceled.connect(runner.cancel)
    runner.progressed.connect(lambda d, t: progress.setValue(d), Qt.ConnectionType.QueuedConnection)
    runner.progress_dialog = progress  # type: ignore[attr-defined]  # for tests
    view_range = s.view_range

    def ended(state: str) -> None:
        progress.canceled.disconnect(runner.cancel)
        progress.close()
        if state == "done" and runner.comparison is not None:
            runner.window = CompareWindow(runner.comparison, view_range, win)  # type: ignore[attr-defined]
            runner.window.resize(min(1400, win.width()), min(900, win.height()))  # type: ignore[attr-defined]
            runner.window.show()  # type: ignore[attr-defined]
        else:
            win.banner.show_message("error" if state == "failed" else "info", runner.message)

    runner.finished.connect(ended)
    runner.start()
    return runner
