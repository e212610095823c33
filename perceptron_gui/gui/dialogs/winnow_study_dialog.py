"""Run → Winnow study…: Winnow against the perceptron as the number of features d grows, on
random disjunctions (:mod:`perceptron_gui.core.winnow_study`, no Qt), trained on a worker under
a progress dialog with Cancel, then shown as its plot (:mod:`.figures.winnow_plot`, in the
window's theme) above the table, with Save figure… and Save table….

The study makes its own points: the window's session, run and playhead are never touched.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from ...core.errors import UserError
from ...core.winnow_study import (
    DEFAULT_DIMS,
    DEFAULT_POINTS,
    DEFAULT_RELEVANT,
    MAX_DIM,
    MAX_POINTS,
    WinnowStudy,
    check_study,
    run_winnow_study,
)
from ...i18n import N_, _, display_numbers
from ...render.theme import LIGHT, Theme
from ..kit.background_job import BackgroundJob, show_progress
from .order_study_dialog import fit_title
from .study_saving import StudySaving

__all__ = ["WinnowSettings", "WinnowStudyRunner", "WinnowStudyDialog", "SettingsDialog", "start_winnow_study"]

TITLE = N_("Winnow study")  # shown with _(TITLE)


@dataclass(frozen=True)
class WinnowSettings:
    """What the study is asked for: the d's, the relevant variables r, the points n, the seed."""

    dims: tuple[int, ...] = DEFAULT_DIMS
    relevant: int = DEFAULT_RELEVANT
    points: int = DEFAULT_POINTS
    seed: int = 0


class WinnowStudyRunner(BackgroundJob):
    """Runs one study on a worker thread; ``study`` holds the result."""

    what = N_("The Winnow study")  # BackgroundJob's sentences' subject, translated there

    def __init__(self, settings: WinnowSettings, parent: Any = None) -> None:
        super().__init__(parent)
        self.settings = settings

    @property
    def study(self) -> WinnowStudy | None:
        return self.result

    def work(self) -> Any:
        return functools.partial(_study, self.settings)


def _study(settings: WinnowSettings, progress: Any, stop: Any) -> WinnowStudy:
    return run_winnow_study(settings.dims, relevant=settings.relevant, points=settings.points, seed=settings.seed,
                            progress=progress, stop=stop)


class WinnowStudyDialog(StudySaving, QtWidgets.QDialog):
    """The study's plot (an image of the slide figure in ``theme``) above its summary lines."""

    def __init__(self, study: WinnowStudy, parent: Any = None, theme: Theme = LIGHT) -> None:
        super().__init__(parent)
        from ..figures.winnow_plot import WinnowFigure

        self.setWindowTitle(_(TITLE))
        fit_title(self)
        self.study = study
        lay = QtWidgets.QVBoxLayout(self)
        # As wide as the slide figure (960 logical px) where the screen has room, else narrower:
        # painted at the pixels it is shown at, so it stays sharp.
        dpr = self.devicePixelRatioF()
        fit = _fit_factor(parent)
        fig = WinnowFigure(study, theme=theme, device_scale=dpr * fit)
        try:
            self.image = fig.render_image()
        finally:
            fig.close()
        self.image.setDevicePixelRatio(dpr)
        self.picture = QtWidgets.QLabel()
        self.picture.setPixmap(QtGui.QPixmap.fromImage(self.image))
        self.picture.setFixedSize(self.picture.pixmap().deviceIndependentSize().toSize())  # never cropped
        self.picture.setToolTip(_("Mistakes until an epoch without one, against the number of features d (both axes "
                                  "logarithmic): Winnow's grow with log d, the perceptron's with d. The dashed lines "
                                  "are their bounds, Littlestone's 2 + 3r(1 + log₂ d) and Novikoff's (R/γ)²."))
        lay.addWidget(self.picture)
        lines = study.summary_lines()
        table = 2 + len(study.rows)  # the setting's line, the heading, one line per d; then the notes
        self.setting = _plain_label(lines[0], wrap=True)
        lay.addWidget(self.setting)
        self.summary = _plain_label("\n".join(lines[1:table]), wrap=False)
        self.summary.setFont(QtGui.QFontDatabase.systemFont(QtGui.QFontDatabase.SystemFont.FixedFont))
        lay.addWidget(self.summary)
        self.notes = _plain_label("\n".join(lines[table:]), wrap=True)
        lay.addWidget(self.notes)
        self.status = QtWidgets.QLabel("")  # where a save says what it wrote, or why it could not
        lay.addWidget(self.status)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Close)
        save_fig = buttons.addButton(_("Save &figure…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        save_fig.setToolTip(_("The plot on white as PNG, SVG, PDF or TikZ (.tex), by the file name's ending, as "
                              "'study --winnow' writes it."))
        save_fig.clicked.connect(lambda: self.save_figure())
        save_tab = buttons.addButton(_("Save &table…"), QtWidgets.QDialogButtonBox.ButtonRole.ActionRole)
        save_tab.setToolTip(_("One row per d: each learner's mistakes, epochs and bound, as 'study --winnow --csv' "
                              "writes it."))
        save_tab.clicked.connect(lambda: self.save_table())
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        # Qt opens a dialog at most 2/3 of the screen tall and its wrapped lines' minimum height
        # is measured at another width: ask for the whole of it, so nothing overlaps.
        self.resize(self.sizeHint())

    figure_title = N_("Save the Winnow study's plot")
    table_title = N_("Save the Winnow study's table")
    wrong_ending = N_("{file}: the plot is written as .png, .svg, .pdf or .tex (TikZ); choose one of those endings.")
    file_stem = "winnow_study"

    def figure_formats(self) -> frozenset[str]:
        from ..figures.winnow_plot import WINNOW_FORMATS

        return frozenset(WINNOW_FORMATS)

    def write_figure(self, path: Path, fmt: str) -> None:
        from ..figures.winnow_plot import write_winnow_figure

        write_winnow_figure(path, self.study, fmt, width=1920)

    def write_tikz(self, path: Path) -> None:  # the TikZ picture the command line's --tikz writes (no Qt in it)
        from ...export.tikz_winnow import write_winnow_tikz

        write_winnow_tikz(path, self.study)


def _plain_label(text: str, wrap: bool) -> QtWidgets.QLabel:
    label = QtWidgets.QLabel(display_numbers(text))  # the study's numbers with the window's decimal separator
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setWordWrap(wrap)
    return label


def _fit_factor(parent: Any) -> float:
    """How much smaller than its 960 × 640 logical pixels the plot must be shown to leave room
    for the table and the buttons on the screen (1 where it fits)."""
    screen = parent.screen() if isinstance(parent, QtWidgets.QWidget) else QtGui.QGuiApplication.primaryScreen()
    if screen is None:
        return 1.0
    room = screen.availableGeometry()
    # A dialog opens at most 2/3 of the screen wide (Qt), and the table needs the rest of its height.
    return max(0.4, min(1.0, 0.6 * room.width() / 960, 0.5 * room.height() / 640))


class SettingsDialog(QtWidgets.QDialog):
    """The question what to study: the d's, r, n and the seed; :meth:`settings` reads them back
    (None with a sentence in :attr:`problem` when they cannot be studied)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_(TITLE))
        form = QtWidgets.QFormLayout(self)
        self.dims = QtWidgets.QLineEdit(",".join(map(str, DEFAULT_DIMS)))
        self.dims.setToolTip(_("Numbers of features d, separated by commas (1 to {most:,}).").format(most=MAX_DIM))
        self.relevant = QtWidgets.QSpinBox()
        self.relevant.setRange(1, MAX_DIM)
        self.relevant.setValue(DEFAULT_RELEVANT)
        self.relevant.setToolTip(_("The label is +1 when any of the first r features is 1."))
        self.points = QtWidgets.QSpinBox()
        self.points.setRange(1, MAX_POINTS)
        self.points.setValue(DEFAULT_POINTS)
        self.seed = QtWidgets.QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        form.addRow(_("Features d:"), self.dims)
        form.addRow(_("Relevant variables r:"), self.relevant)
        form.addRow(_("Points at each d:"), self.points)
        form.addRow(_("Seed:"), self.seed)
        self.message = QtWidgets.QLabel("")
        self.message.setWordWrap(True)
        form.addRow(self.message)
        self.problem = ""
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Ok
                                             | QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        fit_title(self)

    def settings(self) -> WinnowSettings | None:
        try:
            dims = tuple(int(p) for p in self.dims.text().replace(" ", "").split(","))
        except ValueError:
            self.problem = _("Give the numbers of features d as whole numbers separated by commas, such as 8,16,32.")
            return None
        try:
            check_study(dims, self.relevant.value(), self.points.value())
        except UserError as exc:
            self.problem = str(exc)
            return None
        return WinnowSettings(dims, self.relevant.value(), self.points.value(), self.seed.value())

    def _accept(self) -> None:
        if self.settings() is None:
            self.message.setText(self.problem)
        else:
            self.accept()


def start_winnow_study(win: Any, settings: WinnowSettings | None = None) -> WinnowStudyRunner | None:
    """Start the study (``settings`` None asks for them); returns the runner (None when the user
    backed out). The plot is shown in the window's theme."""
    if settings is None:
        ask = SettingsDialog(win)
        try:
            if ask.exec() != QtWidgets.QDialog.DialogCode.Accepted:
                return None
            settings = ask.settings()
        finally:
            ask.deleteLater()
        if settings is None:
            return None
    runner = WinnowStudyRunner(settings, win)

    def done() -> None:
        assert runner.study is not None
        theme = getattr(win, "theme", None) or LIGHT
        runner.dialog = WinnowStudyDialog(runner.study, win, theme)  # type: ignore[attr-defined]
        runner.dialog.show()  # type: ignore[attr-defined]

    total = len(settings.dims)
    show_progress(win, runner, _(TITLE), _("Training Winnow and the perceptron at {n} values of d…").format(n=total),
                  total, done)
    fit_title(runner.progress_dialog)  # type: ignore[attr-defined]  # show_progress's dialog
    return runner
