"""Run → Multiclass perceptron…: K classes, one weight vector each, stepped update by update.

The data are a preset of several classes or a CSV whose last column holds any K ≥ 2 labels.
On two features the view shows the region each class wins (argmax of W_c·x + b_c), the points
in a colour and a shape per class, each W_c as an arrow and the visited point ringed; on pixel
data (the 8×8 digits) each W_c is an image. Beside it: the step in words, the per-class norms,
the errors, the Kesler vectors and the bound. The numbers come from
:mod:`perceptron_gui.render.multiclass_picture` (no Qt); this module only paints them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets
from PySide6.QtCore import Qt

from ...core.algorithms.multiclass import MulticlassPerceptron, MulticlassRun
from ...core.class_data import ClassData, read_class_csv
from ...core.class_presets import CLASS_PRESETS
from ...core.errors import UserError
from ...render import theme
from ...render.multiclass_picture import class_step, kesler_lines, region_codes, step_sentence, weight_images
from ..kit.plot_setup import settle_axes, white_plot

__all__ = ["MulticlassDialog", "open_multiclass"]

TITLE = "Multiclass perceptron"
_OPEN = "Open a CSV of several classes…"


def _rgba(colour: str, alpha: int) -> tuple[int, int, int, int]:
    return theme.rgba(colour, alpha)


class MulticlassDialog(QtWidgets.QDialog):
    """The multiclass perceptron's own view (see the module docstring)."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.setObjectName("multiclass_dialog")
        self.resize(1100, 720)
        self.data: ClassData | None = None
        self.run: MulticlassRun | None = None
        lay = QtWidgets.QVBoxLayout(self)
        lay.addLayout(self._controls())
        body = QtWidgets.QHBoxLayout()
        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.setAccessibleName("Multiclass picture")
        body.addWidget(self.view, 3)
        self.text = QtWidgets.QPlainTextEdit()
        self.text.setReadOnly(True)
        self.text.setAccessibleName("What this step did")
        self.text.setMinimumWidth(330)
        body.addWidget(self.text, 2)
        lay.addLayout(body, 1)
        lay.addLayout(self._stepper())
        self.status = QtWidgets.QLabel("")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.load_preset(next(iter(CLASS_PRESETS)))

    # ---- controls ----------------------------------------------------------------------
    def _controls(self) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        self.source = QtWidgets.QComboBox()
        self.source.setAccessibleName("Data")
        for p in CLASS_PRESETS.values():
            self.source.addItem(p.title, p.name)
        self.source.addItem(_OPEN, None)
        self.source.activated.connect(self._source_chosen)
        label = QtWidgets.QLabel("&Data:")
        label.setBuddy(self.source)
        row.addWidget(label)
        row.addWidget(self.source)
        self.shuffle = QtWidgets.QCheckBox("&Shuffle each epoch")
        self.offset = QtWidgets.QCheckBox("Offset &b per class")
        self.offset.setChecked(True)
        self.epochs = QtWidgets.QSpinBox()
        self.epochs.setRange(1, 100_000)
        self.epochs.setValue(100)
        self.epochs.setAccessibleName("Max epochs")
        for w in (self.shuffle, self.offset):
            w.toggled.connect(self.train)
            row.addWidget(w)
        ep = QtWidgets.QLabel("Max &epochs:")
        ep.setBuddy(self.epochs)
        row.addWidget(ep)
        row.addWidget(self.epochs)
        self.epochs.editingFinished.connect(self.train)
        row.addStretch(1)
        return row

    def _stepper(self) -> QtWidgets.QHBoxLayout:
        row = QtWidgets.QHBoxLayout()
        self.prev = QtWidgets.QPushButton("◀ &Previous")
        self.next = QtWidgets.QPushButton("&Next ▶")
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName("Update shown")
        self.position = QtWidgets.QLabel("")
        self.prev.clicked.connect(lambda: self.slider.setValue(self.slider.value() - 1))
        self.next.clicked.connect(lambda: self.slider.setValue(self.slider.value() + 1))
        self.slider.valueChanged.connect(self.show_step)
        for w in (self.prev, self.slider, self.next, self.position):
            row.addWidget(w, 1 if w is self.slider else 0)
        return row

    def _source_chosen(self, index: int) -> None:
        name = self.source.itemData(index)
        if name is not None:
            self.load_preset(name)
            return
        chosen, _ = QtWidgets.QFileDialog.getOpenFileName(self, "Open a CSV of several classes", "",
                                                          "CSV files (*.csv *.txt);;All files (*)")
        if chosen:
            self.load_file(chosen)

    # ---- data and training -------------------------------------------------------------
    def load_preset(self, name: str) -> None:
        self.source.setCurrentIndex(self.source.findData(name))
        self._set_data(CLASS_PRESETS[name].make())

    def load_file(self, path: str | Path) -> bool:
        """Train on the CSV at ``path``; a bad file keeps the data shown and says why."""
        try:
            data = read_class_csv(path)
        except (UserError, OSError) as exc:
            self.status.setText(str(exc) if isinstance(exc, UserError) else f"{path} could not be read ({exc}).")
            return False
        self._set_data(data)
        self.status.setText(f"Opened {Path(path).name}: {data.n} points, {data.d} features, {data.K} classes.")
        return True

    def _set_data(self, data: ClassData) -> None:
        self.data = data
        self.train()

    def train(self) -> None:
        if self.data is None:
            return
        learner = MulticlassPerceptron(max_epochs=self.epochs.value(), shuffle=self.shuffle.isChecked(),
                                       offset=self.offset.isChecked())
        self.run = learner.fit(self.data)
        self._build_view()
        self.slider.blockSignals(True)
        self.slider.setRange(0, self.run.n_updates)
        self.slider.setValue(self.run.n_updates)
        self.slider.blockSignals(False)
        self.show_step(self.run.n_updates)

    # ---- painting ----------------------------------------------------------------------
    def _build_view(self) -> None:
        assert self.data is not None and self.run is not None
        self.view.clear()
        self.images: list[pg.ImageItem] = []
        self.arrows: list[tuple[pg.PlotDataItem, pg.ArrowItem, pg.TextItem]] = []
        data = self.data
        if data.d == 2:
            self.plot = self.view.addPlot(title="Regions won by each class, W_c as arrows")
            settle_axes(self.plot)
            white_plot(self.plot)
            self.plot.setAspectLocked(True)
            # A square around the points and the origin (where the arrows start): the aspect is locked,
            # so the regions fill the view whatever its shape.
            lo = np.minimum(data.X.min(axis=0), 0.0)
            hi = np.maximum(data.X.max(axis=0), 0.0)
            mid, half = (lo + hi) / 2, max(float((hi - lo).max()), 1.0) * 0.75
            self.view_range = ((float(mid[0] - half), float(mid[0] + half)), (float(mid[1] - half), float(mid[1] + half)))
            self.regions = pg.ImageItem()
            self.plot.addItem(self.regions)
            self.plot.addLegend(offset=(5, 5))
            for c, name in enumerate(data.classes):
                pts = data.X[data.codes == c]
                colour = theme.CLASS_COLOURS[c]
                self.plot.addItem(pg.ScatterPlotItem(
                    pts[:, 0], pts[:, 1], symbol=theme.CLASS_SYMBOLS[c], size=11, brush=pg.mkBrush(colour),
                    pen=pg.mkPen("#222222", width=0.8), name=f"class {name}"))
                arrow = pg.PlotDataItem(pen=pg.mkPen(colour, width=3))
                head = pg.ArrowItem(headLen=14, tipAngle=30, brush=pg.mkBrush(colour), pen=pg.mkPen(colour))
                label = pg.TextItem(f"W_{name}", color=colour, anchor=(0, 1))
                for item in (arrow, head, label):
                    self.plot.addItem(item)
                self.arrows.append((arrow, head, label))
            # The update: the moved vectors before it (faded) and the steps +x and −x (dashed).
            self.steps = [pg.PlotDataItem(pen=pg.mkPen("#555555", width=2, style=Qt.PenStyle.DashLine)) for _ in range(2)]
            self.ghosts = [pg.PlotDataItem(pen=pg.mkPen("#9A9A9A", width=2)) for _ in range(2)]
            self.step_labels = [pg.TextItem(t, color="#333333", anchor=(0.5, 0.5)) for t in ("+x", "−x")]
            for item in (*self.steps, *self.ghosts, *self.step_labels):
                self.plot.addItem(item)
            self.ring = pg.ScatterPlotItem(size=24, symbol="o", brush=pg.mkBrush(None),
                                           pen=pg.mkPen(theme.VISIT_UPDATE, width=3))
            self.plot.addItem(self.ring)
            self.plot.setRange(xRange=self.view_range[0], yRange=self.view_range[1], padding=0)
            return
        pictures = weight_images(self.run.W, data.d)
        if pictures is None:
            self.view.addLabel(f"{data.d} features: the weights are listed on the right.")
            return
        for c, name in enumerate(data.classes):
            vb = self.view.addViewBox(row=1, col=c, lockAspect=True)
            self.view.addLabel(f"W of class {name}", row=0, col=c)
            img = pg.ImageItem(axisOrder="row-major")
            img.setColorMap(pg.colormap.get("CET-D1"))
            vb.addItem(img)
            vb.invertY(True)
            self.images.append(img)
        self.view.addLabel("red: a positive weight on that pixel, blue: a negative one", row=2, col=0,
                           colspan=len(data.classes))

    def show_step(self, k: int) -> None:
        """Show the run after k updates."""
        if self.run is None or self.data is None:
            return
        run, st = self.run, class_step(self.run, k)
        self.position.setText(f"Update {st.k} of {st.m}")
        self.prev.setEnabled(st.k > 0)
        self.next.setEnabled(st.k < st.m)
        W = st.W
        if self.data.d == 2:
            xr, yr = self.view_range
            codes = region_codes(W, run.offset, xr, yr, 160)
            palette = np.array([_rgba(theme.CLASS_COLOURS[c], theme.CLASS_REGION_ALPHA) for c in range(run.K)],
                               dtype=np.ubyte)
            self.regions.setImage(palette[codes].transpose(1, 0, 2), levels=None)
            self.regions.setRect(QtCore.QRectF(xr[0], yr[0], xr[1] - xr[0], yr[1] - yr[0]))
            # One scale for W_k and W_{k−1}, so that W_y(before) + x = W_y(after) holds on the screen too.
            both = W if st.before is None else np.vstack([W, st.before])
            top = max(float(np.linalg.norm(both[:, :2], axis=1).max()), 1e-300)
            scale = 0.4 * (xr[1] - xr[0]) / top
            for c, (arrow, head, label) in enumerate(self.arrows):
                tip = W[c, :2] * scale
                arrow.setData([0.0, tip[0]], [0.0, tip[1]])
                # ArrowItem's angle 0 points left (−x); its rotation runs clockwise on the screen.
                head.setStyle(angle=180.0 - float(np.degrees(np.arctan2(tip[1], tip[0]))))
                head.setPos(float(tip[0]), float(tip[1]))
                label.setPos(float(tip[0]), float(tip[1]))
            self._show_update(st, scale)
        elif self.images:
            pictures = weight_images(W, self.data.d) or []
            top = max(float(np.abs(W[:, :self.data.d]).max()), 1.0)
            for img, pic in zip(self.images, pictures):
                img.setImage(pic, levels=(-top, top))
        self.text.setPlainText("\n".join(self._lines(st)))

    def _show_update(self, st: Any, scale: float) -> None:
        if st.point is None or st.before is None or self.data is None:
            self.ring.setData([], [])
            for item in (*self.steps, *self.ghosts):
                item.setData([], [])
            for text in self.step_labels:
                text.setText("")
            return
        x = self.data.X[st.point]
        self.ring.setData([x[0]], [x[1]])
        for c, ghost, step, text, sign in zip((st.true_class, st.rival), self.ghosts, self.steps, self.step_labels,
                                              ("+x", "−x")):
            old, new = st.before[c, :2] * scale, st.W[c, :2] * scale
            ghost.setData([0.0, old[0]], [0.0, old[1]])
            step.setData([old[0], new[0]], [old[1], new[1]])
            mid = (old + new) / 2
            text.setText(sign)
            text.setPos(float(mid[0]), float(mid[1]))

    def _lines(self, st: Any) -> list[str]:
        assert self.run is not None
        run = self.run
        th = run.theory()
        lines = [step_sentence(run, st), ""]
        lines += [f"‖W_{name}‖ = {norm:.4g}" for name, norm in zip(run.classes, st.norms)]
        lines.append(f"Errors: {st.errors} of {run.Xa.shape[0]} training points.")
        lines.append("")
        if th["bound"] is not None:
            lines.append(f"R = {th['R']:.4g}; the final W's margin γ = {th['gamma_W']:.4g}; Kesler's bound "
                         f"2R²/γ² = {th['bound']:.4g} ≥ the {run.n_updates} updates of this run.")
        else:
            lines.append("The run ended without separating the classes, so its W gives no bound.")
        lines.append("")
        return lines + kesler_lines(run, st)

    def keyPressEvent(self, event: QtGui.QKeyEvent) -> None:  # noqa: N802 - Qt's name
        steps = {Qt.Key.Key_Right: 1, Qt.Key.Key_Left: -1}
        if event.key() in steps:
            self.slider.setValue(self.slider.value() + steps[Qt.Key(event.key())])
            return
        super().keyPressEvent(event)


def open_multiclass(parent: QtWidgets.QWidget) -> MulticlassDialog:
    """Open the view beside the window (not modal: the window stays usable)."""
    dialog = MulticlassDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.show()
    return dialog
