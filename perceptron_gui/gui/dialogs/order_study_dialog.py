"""Run → Order study…: the order study (notes 004) of the window's data and
algorithm, trained on a worker thread under a progress dialog with Cancel, then shown as its
histogram (:mod:`.figures.study_plot`) and summary in a dialog.

The study itself is :func:`perceptron_gui.core.order_study.run_order_study` (no Qt); this
module only starts it, relays its progress to the UI thread and shows the
result. The window's own session, run and playhead are never touched.
"""
from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from ...core.order_study import DEFAULT_SEEDS, MAX_SEEDS, OrderStudy, run_order_study
from ...i18n import N_, _, display_numbers
from ..kit.background_job import BackgroundJob, show_progress
from .study_saving import StudySaving

__all__ = ["OrderStudyRunner", "StudyDialog", "fit_title", "seeds_dialog", "start_order_study"]

TITLE = N_("Order study")  # shown with _(TITLE)
# A title bar holds the title in a bolder, larger font than the dialog's, plus the window's icon
# and its buttons: a dialog as narrow as its short contents (the question, the progress
# bar) showed "Order st…".
TITLE_FONT_SCALE = 1.25
TITLE_BAR_RESERVE_PX = 180


def fit_title(dialog: QtWidgets.QWidget) -> int:
    """Make ``dialog`` at least wide enough for its window title in a title bar; the width."""
    font = QtGui.QFont(dialog.font())
    font.setBold(True)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * TITLE_FONT_SCALE)
    else:
        font.setPixelSize(round(font.pixelSize() * TITLE_FONT_SCALE))
    need = QtGui.QFontMetrics(font).horizontalAdvance(dialog.windowTitle()) + TITLE_BAR_RESERVE_PX
    dialog.setMinimumWidth(max(dialog.minimumWidth(), need))
    return need


class OrderStudyRunner(BackgroundJob):
    """Runs one study on a worker thread (:class:`~.background_job.BackgroundJob`); ``study``
    holds the result, ``message`` how it ended (for a finished study, its summary's line of
    updates)."""

    what = N_("The order study")  # BackgroundJob's sentences' subject, translated there

    def __init__(self, algorithm: str, train: Any, params: dict[str, Any], seeds: int, parent: Any = None) -> None:
        super().__init__(parent)
        self.algorithm, self.train, self.params, self.seeds = algorithm, train, params, seeds

    @property
    def study(self) -> OrderStudy | None:
        return self.result

    def work(self) -> Any:
        return functools.partial(_study, self.algorithm, self.train, self.seeds, self.params)

    def done_message(self, result: Any) -> str:
        return str(result.summary_lines()[1])


def _study(algorithm: str, train: Any, seeds: Any, params: Any, progress: Any, stop: Any) -> OrderStudy:
    return run_order_study(algorithm, train, seeds=seeds, params=params, progress=progress, stop=stop)


class StudyDialog(StudySaving, QtWidgets.QDialog):
    """The study's histogram (an image of the slide figure) above its summary lines."""

    def __init__(self, study: OrderStudy, parent: Any = None) -> None:
        super().__init__(parent)
        from ..figures.study_plot import StudyFigure

        self.setWindowTitle(_(TITLE))
        fit_title(self)
        self.study = study
        lay = QtWidgets.QVBoxLayout(self)
        fig = StudyFigure(study)
        try:
            self.image = fig.render_image()
            self.bound_shown = fig.bound_shown
        finally:
            fig.close()
        self.picture = QtWidgets.QLabel()
        self.picture.setPixmap(QtGui.QPixmap.fromImage(self.image))
        self.picture.setToolTip(_("How many of the shuffled orders needed how many updates until convergence "
                                  "(or ended with which training error); the vertical lines mark the bound "
                                  "(R/γ)² and the file order."))
        lay.addWidget(self.picture)
        self.summary = QtWidgets.QLabel(display_numbers("\n".join(study.summary_lines())))
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.status = QtWidgets.QLabel("")  # where a save says what it wrote, or why it could not
        lay.addWidget(self.status)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        save_fig = buttons.addButton(_("Save &figure…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        save_fig.setToolTip(_("The histogram as PNG, SVG, PDF or TikZ (.tex), by the file name's ending, as 'study' "
                              "writes it."))
        save_fig.clicked.connect(lambda: self.save_figure())
        save_tab = buttons.addButton(_("Save &table…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        # TRANSLATORS: keep the CSV's column names (seed,updates,…) and 'study --csv' as they are.
        save_tab.setToolTip(_("seed,updates,epochs,converged,train_error: one row per order, as 'study --csv' "
                              "writes it."))
        save_tab.clicked.connect(lambda: self.save_table())
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    figure_title = N_("Save the order study's histogram")
    table_title = N_("Save the order study's table")
    wrong_ending = N_("{file}: the histogram is written as .png, .svg, .pdf or .tex (TikZ); choose one of those "
                      "endings.")
    file_stem = "order_study"

    def figure_formats(self) -> frozenset[str]:
        from ..figures.study_plot import STUDY_FORMATS

        return frozenset(STUDY_FORMATS)

    def write_figure(self, path: Path, fmt: str) -> None:
        from ..figures.study_plot import write_study_figure

        write_study_figure(path, self.study, fmt, width=1920)

    def write_tikz(self, path: Path) -> None:  # the TikZ picture the command line's --tikz writes (no Qt in it)
        from ...export.tikz_study import write_study_tikz

        write_study_tikz(path, self.study)


def start_order_study(win: Any, seeds: int | None = None) -> OrderStudyRunner | None:
    """Start the study of the window's training points with its algorithm and parameters
    (``shuffle`` and ``seed`` are the study's own); ``seeds`` None asks the user how many.
    Returns the runner (None when the user backed out or the data cannot be studied)."""
    s = win.session
    if seeds is None:
        ask = seeds_dialog(win)
        try:
            if ask.exec() != QtWidgets.QDialog.DialogCode.Accepted:
                return None
            seeds = ask.intValue()
        finally:
            ask.deleteLater()
    params = {k: v for k, v in s.current_params().items() if k not in ("shuffle", "seed")}
    train = s.points.train_dataset()
    if train.n == 0:
        win.banner.show_message("error", _("The order study needs training points; add some first."))
        return None
    runner = OrderStudyRunner(s.algorithm, train, params, seeds, win)

    def done() -> None:
        assert runner.study is not None
        runner.dialog = StudyDialog(runner.study, win)  # type: ignore[attr-defined]
        runner.dialog.show()  # type: ignore[attr-defined]

    show_progress(win, runner, _(TITLE), _("Training {n} orders…").format(n=seeds + 1), seeds + 1, done)
    fit_title(runner.progress_dialog)  # type: ignore[attr-defined]  # show_progress's dialog
    return runner


def seeds_dialog(win: Any) -> QtWidgets.QInputDialog:
    """The question how many shuffled orders to study, wide enough for its title."""
    ask = QtWidgets.QInputDialog(win)
    ask.setWindowTitle(_(TITLE))
    ask.setInputMode(QtWidgets.QInputDialog.InputMode.IntInput)
    ask.setLabelText(_("Shuffled orders (seeds 0 to N−1):"))
    ask.setIntRange(1, MAX_SEEDS)
    ask.setIntValue(DEFAULT_SEEDS)
    fit_title(ask)
    return ask
