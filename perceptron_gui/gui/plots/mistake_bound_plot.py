"""The angle dock's plot when there is no θ* (data not separable): the mistakes k against the
mistake bound without separability after k mistakes, at a comparison vector u whose length the
slider sets (:mod:`perceptron_gui.core.nonseparable`; the words from
:mod:`perceptron_gui.render.mistake_bound_text`)."""
from __future__ import annotations

import math
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from ...i18n import _, display_numbers
from ...render import theme as style
from ...render.formatting import fmt
from ...render.mistake_bound_text import FORMULA, bound_at, bound_line
from ..kit.plot_setup import AXIS, set_downsampling, settle_axes, white_plot

__all__ = ["MistakeBoundPlot"]

Qt = QtCore.Qt
_STEPS = 200  # the slider's positions: ‖u‖ from 1/100 to 100 times the recommended length
_DECADES = 4.0


class MistakeBoundPlot(QtWidgets.QWidget):
    """k (the mistakes so far) and the bound after k mistakes, for u of the chosen length."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.result: Any = None
        lay = QtWidgets.QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.plot = pg.PlotWidget(background="w")
        item = self.plot.getPlotItem()
        white_plot(item)
        settle_axes(item)
        item.setMenuEnabled(False)
        item.setLabel("bottom", _("mistakes k"))
        item.setLabel("left", _("count"))
        self.legend = item.addLegend(offset=(10, 4), labelTextColor=AXIS, brush=pg.mkBrush(255, 255, 255, 200))
        self.mistakes_curve = item.plot(name=_("mistakes k"), pen=pg.mkPen(style.NORMAL, width=2))
        self.bound_curve = item.plot(name=_("bound L_k + R‖u‖√L_k + R²‖u‖²"),
                                     pen=pg.mkPen(style.THETA_STAR, width=2, style=Qt.PenStyle.DashLine))
        # The playhead moves at every step; the curves stay: each is painted once into a pixmap of
        # its pixels, and a step repaints the strips under the line from it.
        for curve in (self.mistakes_curve, self.bound_curve):
            curve.curve.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.playhead = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(style.VISIT_UPDATE, width=2))
        item.addItem(self.playhead, ignoreBounds=True)
        self.plot.setToolTip(_("Without separability no θ* exists, but for any comparison vector u: {formula}. "
                               "It holds after every mistake k (the dashed curve stays above the line k). "
                               "The slider sets the length of u; γ = 1/‖u‖ is the margin asked of u.").format(
                                   formula=_(FORMULA)))
        self.plot.setAccessibleName(_("Mistakes against the mistake bound without separability"))
        lay.addWidget(self.plot, 1)
        row = QtWidgets.QHBoxLayout()
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, _STEPS)
        self.slider.setValue(_STEPS // 2)
        self.slider.setAccessibleName(_("Length of u"))
        self.slider.setToolTip(_("The length ‖u‖ of the comparison vector (the middle: the recommended u)"))
        self.slider.valueChanged.connect(self._redraw)
        label = QtWidgets.QLabel("‖u‖:")
        row.addWidget(label)
        row.addWidget(self.slider, 1)
        lay.addLayout(row)
        self.caption = QtWidgets.QLabel("")
        self.caption.setWordWrap(True)
        self.caption.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.caption)

    def norm(self) -> float:
        """‖u‖ at the slider's position: the recommended length times 10^(±2)."""
        base = self.result.mistake_bound.norm if self.result is not None and self.result.mistake_bound else 1.0
        return base * 10.0 ** ((self.slider.value() - _STEPS / 2) * _DECADES / _STEPS)

    def show_result(self, result: Any) -> None:
        """Draw the run's mistakes and bound (``result.mistake_bound`` must exist)."""
        self.result = result
        self._redraw()

    def set_playhead(self, k: int) -> None:
        self.playhead.setPos(k)

    def bound_data(self) -> tuple[np.ndarray, np.ndarray]:
        x, y = self.bound_curve.xData, self.bound_curve.yData
        return (np.zeros(0), np.zeros(0)) if x is None or y is None else (np.asarray(x), np.asarray(y))

    def _redraw(self) -> None:
        res = self.result
        if res is None or res.mistake_bound is None:
            return
        base = res.mistake_bound
        mb = base if self.slider.value() == _STEPS // 2 or not base.norm else res.mistake_bound_at(self.norm())
        curve = (res.mistake_bound_curve if mb is base
                 else bound_at(mb, res.augmented_points, res.train.y, res.record.update_index))
        k = np.arange(len(curve), dtype=np.float64)
        # Thousands of mistakes: drawn at the pixels' resolution, as the proof's plots draw theirs
        # (each playhead move repaints the plot under its line).
        set_downsampling(self.mistakes_curve, k.size)
        set_downsampling(self.bound_curve, k.size)
        self.mistakes_curve.setData(k, k)
        self.bound_curve.setData(k, curve)
        top = max(float(curve.max()), float(k[-1]), 1.0)
        self.plot.getPlotItem().getViewBox().setRange(xRange=(0, max(k[-1], 1.0)), yRange=(0, top * 1.15),
                                                      padding=0.02)
        line = bound_line(mb)
        text = (_("At u of the slider's length: {line}.") if mb is not base
                else _("At the recommended u: {line}.")).format(line=line)
        if not math.isfinite(mb.bound):
            text = _("The bound is not finite at ‖u‖ = {norm}.").format(norm=fmt(mb.norm))
        self.caption.setText(display_numbers(text))
