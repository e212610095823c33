"""The Export figure dialog: which figure, which format, and for PNG the size and background."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from PySide6 import QtGui, QtWidgets

from ...export.names import tikz_problem
from ...export.source import MAX_WIDTH_PX, MIN_WIDTH_PX, PROOF_FIGURES, STILL_FIGURES, logical_size, raster_note
from ...i18n import N_, _, display_numbers

__all__ = ["FigureSettings", "FigureDialog", "FIGURE_TITLES", "enable_item", "export_sentence",
           "disable_proof_figures", "disable_still_figures"]

# The Figure box's entries, in English (marked with N_()); shown with _(FIGURE_TITLES[name]).
FIGURE_TITLES = {"canvas": N_("Canvas"), "angle": N_("Angle to θ*"), "epochs": N_("Per epoch"),
                 "dot": N_("w_k·θ* and its lower bound"), "norm": N_("‖w_k‖² and its upper bound"),
                 "cos": N_("cos∠(w_k, θ*) and its lower bound √k·γ/R"),
                 "proof": N_("The proof's three plots (dot, norm, cos)"),
                 "losses": N_("Perceptron and hinge losses"), "weight-space": N_("Weight space (2-D data)")}


@dataclass
class FigureSettings:
    """A figure export: which figure, which format, and for PNG the size and background.

    ``width`` (pixels) wins over ``scale`` (1–4 times the figure's size on screen); with
    ``height`` too the PNG has exactly that size (the figure takes that shape).
    """

    figure: str = "canvas"
    fmt: str = "png"
    width: int | None = None
    height: int | None = None
    scale: float = 2.0
    transparent: bool = False
    compact_legend: bool = False  # TikZ only: the legend in two columns, smaller (as --compact-legend)
    tikz_width: str = ""  # TikZ only: TeX lengths the picture is scaled to fit ("": no bound), as --width
    tikz_height: str = ""
    legend: bool = True  # TikZ only: False leaves the legend out (as --no-legend)


SLIDE_SIZES = ((1280, 720), (1600, 900), (1920, 1080))  # 16:9, a slide's shape
DEFAULT_SLIDE = (1600, 900)  # what a plot's PNG is made at unless the lecturer chooses


def export_sentence(exc: BaseException, path: Any) -> str:
    """One sentence for a failed export (OSError has none of its own)."""
    if isinstance(exc, OSError):
        return _("{file} could not be written ({reason}); choose another folder.").format(
            file=Path(path).name, reason=exc.strerror or exc)
    return str(exc)


def enable_item(box: QtWidgets.QComboBox, row: int, enabled: bool, why: str) -> None:
    """Grey out (or back) one entry of a combo box, with a tooltip saying why."""
    item = cast(QtGui.QStandardItemModel, box.model()).item(row)
    if item is not None:
        item.setEnabled(enabled)
        item.setToolTip("" if enabled else why)


def disable_still_figures(box: QtWidgets.QComboBox) -> None:
    """Grey out, in a box of animations filled from FIGURE_TITLES, the figures that do not animate."""
    for row, name in enumerate(FIGURE_TITLES):
        if name in STILL_FIGURES:
            enable_item(box, row, False, _("{figure} is a still figure; animate its plots one by one.").format(
                figure=_(FIGURE_TITLES[name])))


def disable_proof_figures(box: QtWidgets.QComboBox, result: Any) -> None:
    """Grey out the figures that need θ* (the angle plot, w_k·θ*, ‖w_k‖²) in a box filled from
    FIGURE_TITLES, when the run has none."""
    if result is not None and result.proof is not None:
        return
    for row, name in enumerate(FIGURE_TITLES):
        if name in PROOF_FIGURES:
            enable_item(box, row, False, _("{figure} needs θ*; this data has none.").format(
                figure=_(FIGURE_TITLES[name])))


class FigureDialog(QtWidgets.QDialog):
    """Which figure, which format, and for PNG the size (width or scale) and background."""

    def __init__(self, actions: Any, initial: FigureSettings) -> None:
        super().__init__(actions.win)
        self.setWindowTitle(_("Export figure"))
        self._actions = actions
        form = QtWidgets.QFormLayout(self)
        self.figure_box = QtWidgets.QComboBox()
        result = actions.session.result
        for name, title in FIGURE_TITLES.items():
            self.figure_box.addItem(_(title), name)
        disable_proof_figures(self.figure_box, result)
        if result is None or result.record.d != 2:  # the plane of (w₁, w₂) needs 2 features
            enable_item(self.figure_box, list(FIGURE_TITLES).index("weight-space"), False,
                        _("The weight space is drawn for data with 2 features."))
        self.format_box = QtWidgets.QComboBox()
        for fmt, text in (("png", _("PNG (image)")), ("svg", _("SVG (vector)")), ("pdf", _("PDF (vector)")),
                          ("tikz", _("TikZ (LaTeX source: canvas, weight space, curves against k)"))):
            self.format_box.addItem(text, fmt)
        self.scale_radio = QtWidgets.QRadioButton(_("Scale"))
        self.scale_box = QtWidgets.QComboBox()
        for k in (1, 2, 3, 4):
            self.scale_box.addItem(_("{k}× the size on screen").format(k=k), float(k))
        self.slide_radio = QtWidgets.QRadioButton(_("Slide 16:9"))
        self.slide_box = QtWidgets.QComboBox()
        for w, h in SLIDE_SIZES:
            self.slide_box.addItem(f"{w} × {h} px", (w, h))
        self.slide_box.setCurrentIndex(SLIDE_SIZES.index(DEFAULT_SLIDE))
        self.width_radio = QtWidgets.QRadioButton(_("Width"))
        self.width_spin = QtWidgets.QSpinBox()
        self.width_spin.setRange(MIN_WIDTH_PX, MAX_WIDTH_PX)
        self.width_spin.setSuffix(" px")
        self.width_spin.setValue(initial.width or 1920)
        self.height_spin = QtWidgets.QSpinBox()  # at its minimum: the shape of the view on screen
        self.height_spin.setRange(MIN_WIDTH_PX - 1, MAX_WIDTH_PX)
        self.height_spin.setSpecialValueText(_("height: as on screen"))
        # TRANSLATORS: the prefix of the height in pixels ("height 900 px"); keep the space at its end.
        self.height_spin.setPrefix(_("height "))
        self.height_spin.setSuffix(" px")
        self.height_spin.setValue(initial.height or MIN_WIDTH_PX - 1)
        self.size_label = QtWidgets.QLabel()
        self.size_label.setToolTip(_("The PNG's size in pixels; fonts and lines grow with it, so it looks the same, "
                                     "sharper."))
        self.background_box = QtWidgets.QComboBox()
        self.background_box.addItem(_("White"), False)
        self.background_box.addItem(_("Transparent"), True)
        size_row = QtWidgets.QGridLayout()
        size_row.addWidget(self.scale_radio, 0, 0)
        size_row.addWidget(self.scale_box, 0, 1)
        size_row.addWidget(self.slide_radio, 1, 0)
        size_row.addWidget(self.slide_box, 1, 1)
        size_row.addWidget(self.width_radio, 2, 0)
        size_row.addWidget(self.width_spin, 2, 1)
        size_row.addWidget(self.height_spin, 3, 1)
        form.addRow(_("Figure:"), self.figure_box)
        form.addRow(_("Format:"), self.format_box)
        form.addRow(_("PNG size:"), size_row)
        form.addRow("", self.size_label)
        form.addRow(_("Background:"), self.background_box)
        self.compact_box = QtWidgets.QCheckBox(_("Compact legend (two columns, smaller type)"))
        self.compact_box.setToolTip(_("TikZ only: a legend that takes less of the slide, as --compact-legend writes "
                                      "it."))
        form.addRow(_("Legend:"), self.compact_box)
        self.legend_box = QtWidgets.QCheckBox(_("Draw the legend"))
        self.legend_box.setToolTip(_("TikZ only: off leaves the legend out, as --no-legend does."))
        form.addRow("", self.legend_box)
        self.tikz_width = QtWidgets.QLineEdit(initial.tikz_width)
        self.tikz_height = QtWidgets.QLineEdit(initial.tikz_height)
        for edit, example in ((self.tikz_width, "0.9\\linewidth"), (self.tikz_height, "0.7\\textheight")):
            # TRANSLATORS: {example} is a TeX length such as 0.9\linewidth; keep "8cm" as it is (TeX's unit).
            edit.setPlaceholderText(_("e.g. {example} or 8cm; empty: its own size").format(example=example))
            edit.setToolTip(_("TikZ only: the picture is scaled as a whole (its text too) to fit this room on the "
                              "page, as --width and --height write it."))
        tikz_size = QtWidgets.QHBoxLayout()
        tikz_size.addWidget(self.tikz_width)
        tikz_size.addWidget(QtWidgets.QLabel("×"))
        tikz_size.addWidget(self.tikz_height)
        form.addRow(_("TikZ fits:"), tikz_size)
        self.raster_label = QtWidgets.QLabel()  # says when a vector file draws its points as an image
        self.raster_label.setWordWrap(True)
        form.addRow("", self.raster_label)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.addButton(_("Export…"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.figure_box.setCurrentIndex(max(0, self.figure_box.findData(initial.figure)))
        self.format_box.setCurrentIndex(max(0, self.format_box.findData(initial.fmt)))
        self.scale_box.setCurrentIndex(max(0, self.scale_box.findData(float(initial.scale))))
        self.background_box.setCurrentIndex(1 if initial.transparent else 0)
        self.compact_box.setChecked(initial.compact_legend)
        self.legend_box.setChecked(initial.legend)
        slide = (initial.width, initial.height) in SLIDE_SIZES
        (self.slide_radio if slide or (initial.width is None and initial.figure != "canvas")
         else self.width_radio if initial.width else self.scale_radio).setChecked(True)
        if slide:
            self.slide_box.setCurrentIndex(SLIDE_SIZES.index((initial.width, initial.height)))
        # A plot's PNG goes on a slide: 16:9 unless the lecturer picked a size themselves.
        self._size_chosen = initial.width is not None
        for radio in (self.scale_radio, self.slide_radio, self.width_radio):
            radio.clicked.connect(self._choose_size)
        self.figure_box.currentIndexChanged.connect(self._default_size)
        for sig in (self.figure_box.currentIndexChanged, self.format_box.currentIndexChanged,
                    self.scale_box.currentIndexChanged, self.width_spin.valueChanged, self.scale_radio.toggled,
                    self.slide_radio.toggled, self.slide_box.currentIndexChanged, self.height_spin.valueChanged):
            sig.connect(self._refresh)
        self._refresh()

    def _choose_size(self, *_args: Any) -> None:
        self._size_chosen = True

    def _default_size(self, *_args: Any) -> None:
        if not self._size_chosen:
            (self.scale_radio if self.figure_box.currentData() == "canvas" else self.slide_radio).setChecked(True)

    def settings(self) -> FigureSettings:
        width: int | None = None
        height: int | None = None
        if self.slide_radio.isChecked():
            width, height = self.slide_box.currentData()
        elif self.width_radio.isChecked():
            width = self.width_spin.value()
            height = self.height_spin.value() if self.height_spin.value() >= MIN_WIDTH_PX else None
        return FigureSettings(figure=self.figure_box.currentData(), fmt=self.format_box.currentData(),
                              width=width, height=height,
                              scale=float(self.scale_box.currentData()),
                              transparent=bool(self.background_box.currentData()),
                              compact_legend=self.compact_box.isChecked(), tikz_width=self.tikz_width.text().strip(),
                              tikz_height=self.tikz_height.text().strip(), legend=self.legend_box.isChecked())

    def _refresh(self, *_args: Any) -> None:
        s = self.settings()
        d = self._actions.session.points.d
        problem = tikz_problem(s.figure, d)
        tikz_ok = problem is None
        enable_item(self.format_box, 3, tikz_ok, problem or "")
        if s.fmt == "tikz" and not tikz_ok:
            self.format_box.setCurrentIndex(0)
            return
        png = s.fmt == "png"
        for w in (self.scale_radio, self.scale_box, self.slide_radio, self.slide_box, self.width_radio,
                  self.width_spin, self.height_spin, self.size_label):
            w.setEnabled(png)
        self.background_box.setEnabled(s.fmt != "tikz")
        tikz_fields: tuple[QtWidgets.QWidget, ...] = (self.compact_box, self.legend_box, self.tikz_width,
                                                      self.tikz_height)
        for field in tikz_fields:
            field.setEnabled(s.fmt == "tikz")
        self.scale_box.setEnabled(png and self.scale_radio.isChecked())
        self.slide_box.setEnabled(png and self.slide_radio.isChecked())
        self.width_spin.setEnabled(png and self.width_radio.isChecked())
        self.height_spin.setEnabled(png and self.width_radio.isChecked())
        W = self._actions.pixel_width(s)
        lw, lh = logical_size(self._actions.view_options(s.figure).aspect)
        H = s.height if s.height is not None else int(round(W * lh / lw))
        self.size_label.setText(display_numbers(_("{width} × {height} pixels").format(width=W, height=H) if png
                                                else _("vector: any size")))
        note = raster_note(self._actions.session.points.n, s.fmt) if s.figure == "canvas" else ""
        self.raster_label.setText(display_numbers(note))
        self.raster_label.setVisible(bool(note))
