"""Run → Compare…: choose 2 to 4 runs (algorithms and/or seeds of the shuffled order), train
them on a worker thread under a progress dialog with Cancel, then open the
:class:`~.compare_view.CompareWindow`.

The race itself is :func:`perceptron_gui.session.compare.run_comparison` (no Qt); this module
asks, starts it, relays its progress to the UI thread (a queued signal) and shows the result,
as :mod:`.order_study_dialog` does for the order study.
"""
from __future__ import annotations

from typing import Any

from PySide6 import QtWidgets

from ...core.algorithms import REGISTRY
from ...core.errors import UserError
from ...i18n import N_, _
from ...session.compare import MAX_RUNS, CompareEntry, Comparison, compare_entries, default_partner, parse_seeds, run_comparison
from ..kit.background_job import BackgroundJob, show_progress
from ..kit.user_text import action_text

__all__ = ["CompareChooser", "CompareRunner", "start_compare"]


class CompareChooser(QtWidgets.QDialog):
    """Which algorithms, and which orders: every checked algorithm with every seed (none: the
    file order); each with the parameters the window has for it. ``entries`` holds the choice."""

    def __init__(self, params: dict[str, dict[str, Any]], checked: tuple[str, ...], parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Compare runs"))
        self.params = params
        self.entries: list[CompareEntry] = []
        lay = QtWidgets.QVBoxLayout(self)
        lay.addWidget(QtWidgets.QLabel(_("Race 2 to {most} runs on the same points: every checked algorithm\n"
                                         "with every seed (each with the parameters set in the window).").format(
                                             most=MAX_RUNS)))
        self.boxes: dict[str, QtWidgets.QCheckBox] = {}
        for name, cls in REGISTRY.items():
            box = QtWidgets.QCheckBox(action_text(cls.title))  # "Freund & Schapire": an &, not a mnemonic
            box.setChecked(name in checked)
            self.boxes[name] = box
            lay.addWidget(box)
        form = QtWidgets.QFormLayout()
        self.seeds = QtWidgets.QLineEdit()
        self.seeds.setPlaceholderText(_("empty: the file order; or 0,1,2"))
        self.seeds.setToolTip(_("Seeds of the shuffled orders, separated by commas; empty for the file order."))
        form.addRow(_("Seeds:"), self.seeds)
        lay.addLayout(form)
        self.problem = QtWidgets.QLabel()
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        lay.addWidget(self.problem)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                             | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QtWidgets.QDialogButtonBox.StandardButton.Ok).setText(_("Compare"))
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


class CompareRunner(BackgroundJob):
    """Trains one comparison on a worker thread (:class:`~.background_job.BackgroundJob`);
    ``comparison`` holds the result, ``message`` how it ended."""

    what = N_("The comparison")  # BackgroundJob's sentences' subject, translated there

    def __init__(self, points: Any, entries: list[CompareEntry], parent: Any = None) -> None:
        super().__init__(parent)
        self.points, self.entries = points.copy(), list(entries)  # the window may edit its own

    @property
    def comparison(self) -> Comparison | None:
        return self.result

    def work(self) -> Any:
        points, entries = self.points, self.entries
        return lambda progress, stop: run_comparison(points, entries, progress=progress, stop=stop)


def start_compare(win: Any, entries: list[CompareEntry] | None = None) -> CompareRunner | None:
    """Ask for the runs (unless ``entries`` are given), train them in the background, then open
    the Compare window over the window's points and its current view range."""
    from .compare_view import CompareWindow

    s = win.session
    if entries is None:
        others = default_partner(s.algorithm)
        chooser = CompareChooser({n: dict(p) for n, p in s.params.items()}, (s.algorithm, others), win)
        if chooser.exec() != QtWidgets.QDialog.DialogCode.Accepted:
            return None
        entries = chooser.entries
    if not (~s.points.test).any():
        win.banner.show_message("error", _("A comparison needs training points; add some first."))
        return None
    runner = CompareRunner(s.points, entries, win)
    view_range = s.view_range

    def done() -> None:
        assert runner.comparison is not None
        runner.window = CompareWindow(runner.comparison, view_range, win)  # type: ignore[attr-defined]
        runner.window.resize(min(1400, win.width()), min(900, win.height()))  # type: ignore[attr-defined]
        runner.window.show()  # type: ignore[attr-defined]

    # TRANSLATORS: the progress dialog's title (Run → Compare…).
    show_progress(win, runner, _("Compare"), _("Training {n} runs…").format(n=len(entries)), len(entries), done)
    return runner
