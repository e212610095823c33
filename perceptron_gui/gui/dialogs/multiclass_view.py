"""The picture of the multiclass view (see :mod:`.multiclass_dialog`): on two features the
regions each class wins, the points in a colour and a shape per class, each W_c as an arrow, the
visited point ringed and the update's +x and −x; on pixel data each W_c as an image. It paints
what :mod:`perceptron_gui.render.multiclass_picture` computes."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore
from PySide6.QtCore import Qt

from ...i18n import _
from ...render import theme
from ...render.multiclass_picture import ClassStep, region_codes, weight_images
from ..kit.plot_setup import settle_axes, white_plot

__all__ = ["ClassView"]


class ClassView(pg.GraphicsLayoutWidget):
    """Draws points of K classes and, once trained, one step of the run."""

    def __init__(self) -> None:
        super().__init__()
        self.setBackground("w")
        self.setAccessibleName(_("Multiclass picture"))
        self.plot: pg.PlotItem | None = None
        self.images: list[pg.ImageItem] = []
        self.arrows: list[tuple[pg.PlotDataItem, pg.ArrowItem, pg.TextItem]] = []
        self.view_range = ((0.0, 1.0), (0.0, 1.0))

    # ---- building ----------------------------------------------------------------------
    def build(self, X: np.ndarray, codes: np.ndarray, classes: Sequence[str]) -> None:
        """Lay the picture out for these points (2-D: a plot; pixel data: one image per class)."""
        previous = self.plot.viewRange() if self.plot is not None else None
        self.clear()
        self.plot, self.images, self.arrows = None, [], []
        d = X.shape[1] if X.ndim == 2 else 2
        if d == 2:
            self._build_plot(X, codes, classes, previous)
            return
        if weight_images(np.zeros((len(classes), d)), d) is None:
            self.addLabel(_("{d} features: the weights are listed on the right.").format(d=d))
            return
        for c, name in enumerate(classes):
            # TRANSLATORS: W is the class's weight vector (a symbol); {name} the class's label.
            self.addLabel(_("W of class {name}").format(name=name), row=0, col=c)
            vb = self.addViewBox(row=1, col=c, lockAspect=True)
            img = pg.ImageItem(axisOrder="row-major")
            img.setColorMap(pg.colormap.get("CET-D1"))
            vb.addItem(img)
            vb.invertY(True)
            self.images.append(img)
        self.addLabel(_("red: a positive weight on that pixel, blue: a negative one"), row=2, col=0,
                      colspan=len(classes))

    def _build_plot(self, X: np.ndarray, codes: np.ndarray, classes: Sequence[str],
                    previous: list[list[float]] | None) -> None:
        plot = self.plot = self.addPlot(title=_("Click to add a point of the chosen class"))
        settle_axes(plot)
        white_plot(plot)
        plot.setAspectLocked(True)
        plot.setMenuEnabled(False)
        # A square around the points and the origin (where the arrows start), wider than tall as
        # the view is: the aspect is locked, so the regions fill it.
        pts = X if len(X) else np.zeros((1, 2))
        lo, hi = np.minimum(pts.min(axis=0), -1.0), np.maximum(pts.max(axis=0), 1.0)
        mid, half = (lo + hi) / 2, float((hi - lo).max()) * 0.7
        self.view_range = ((float(mid[0] - 1.5 * half), float(mid[0] + 1.5 * half)),
                           (float(mid[1] - half), float(mid[1] + half)))
        if previous is not None and len(X):
            (x0, x1), (y0, y1) = previous
            if (X[:, 0] >= x0).all() and (X[:, 0] <= x1).all() and (X[:, 1] >= y0).all() and (X[:, 1] <= y1).all():
                # A click's point lies in view: the view stays where the user is drawing.
                self.view_range = ((float(x0), float(x1)), (float(y0), float(y1)))
        self.regions = pg.ImageItem()
        plot.addItem(self.regions)
        plot.addLegend(offset=(5, 5))
        for c, name in enumerate(classes):
            mine = X[codes == c] if len(X) else np.zeros((0, 2))
            colour = theme.CLASS_COLOURS[c]
            plot.addItem(pg.ScatterPlotItem(mine[:, 0], mine[:, 1], symbol=theme.CLASS_SYMBOLS[c], size=11,
                                            brush=pg.mkBrush(colour), pen=pg.mkPen("#222222", width=0.8),
                                            name=_("class {name} (key {key})").format(name=name, key=c + 1)))
            arrow = pg.PlotDataItem(pen=pg.mkPen(colour, width=3))
            head = pg.ArrowItem(headLen=14, tipAngle=30, brush=pg.mkBrush(colour), pen=pg.mkPen(colour))
            label = pg.TextItem(f"W_{name}", color=colour, anchor=(0, 1))
            for item in (arrow, head, label):
                item.setVisible(False)
                plot.addItem(item)
            self.arrows.append((arrow, head, label))
        # The update: the moved vectors before it (faded) and the steps +x and −x (dashed).
        self.steps = [pg.PlotDataItem(pen=pg.mkPen("#555555", width=2, style=Qt.PenStyle.DashLine)) for __ in range(2)]
        self.ghosts = [pg.PlotDataItem(pen=pg.mkPen("#9A9A9A", width=2)) for __ in range(2)]
        self.step_labels = [pg.TextItem(t, color="#333333", anchor=(0.5, 0.5)) for t in ("+x", "−x")]
        self.ring = pg.ScatterPlotItem(size=24, symbol="o", brush=pg.mkBrush(None), pen=pg.mkPen(theme.VISIT_UPDATE, width=3))
        for item in (*self.steps, *self.ghosts, *self.step_labels, self.ring):
            plot.addItem(item)
        plot.setRange(xRange=self.view_range[0], yRange=self.view_range[1], padding=0)
        # The regions cover what is in view: drawn again when a zoom or a pan or a resize moves it.
        plot.sigRangeChanged.connect(self._range_moved)
        self._shown: tuple[ClassStep | None, bool, np.ndarray] | None = None

    def _range_moved(self, *_args: object) -> None:
        if self._shown is not None and self._shown[0] is not None:
            self._show_plot(*self._shown)

    # ---- one step ----------------------------------------------------------------------
    def show_step(self, st: ClassStep | None, offset: bool, X: np.ndarray, d: int) -> None:
        """The run after st.k updates (None: no run yet, the points alone)."""
        if self.plot is not None:
            self._shown = (st, offset, X)
            self._show_plot(st, offset, X)
        elif self.images and st is not None:
            pictures = weight_images(st.W, d) or []
            top = max(float(np.abs(st.W[:, :d]).max()), 1.0)
            for img, pic in zip(self.images, pictures):
                img.setImage(pic, levels=(-top, top))

    def _show_plot(self, st: ClassStep | None, offset: bool, X: np.ndarray) -> None:
        for parts in self.arrows:
            for item in parts:
                item.setVisible(st is not None)
        if st is None:
            self.regions.clear()
            self._show_update(None, 1.0, X)
            return
        W, K = st.W, st.W.shape[0]
        assert self.plot is not None
        (x0, x1), (y0, y1) = self.plot.viewRange()
        xr, yr = (float(x0), float(x1)), (float(y0), float(y1))
        codes = region_codes(W, offset, xr, yr, 160)
        palette = np.array([theme.rgba(theme.CLASS_COLOURS[c], theme.CLASS_REGION_ALPHA) for c in range(K)],
                           dtype=np.ubyte)
        self.regions.setImage(palette[codes].transpose(1, 0, 2), levels=None)
        self.regions.setRect(QtCore.QRectF(xr[0], yr[0], xr[1] - xr[0], yr[1] - yr[0]))
        # One scale for W_k and W_{k−1}, so that W_y(before) + x = W_y(after) holds on the screen too.
        both = W if st.before is None else np.vstack([W, st.before])
        top = max(float(np.linalg.norm(both[:, :2], axis=1).max()), 1e-300)
        y_lo, y_hi = self.view_range[1]  # the arrows keep their length while the view moves
        scale = 0.4 * (y_hi - y_lo) / top
        for c, (arrow, head, label) in enumerate(self.arrows):
            tip = W[c, :2] * scale
            arrow.setData([0.0, tip[0]], [0.0, tip[1]])
            # ArrowItem's angle 0 points left (−x); its rotation runs clockwise on the screen.
            head.setStyle(angle=180.0 - float(np.degrees(np.arctan2(tip[1], tip[0]))))
            head.setPos(float(tip[0]), float(tip[1]))
            label.setPos(float(tip[0]), float(tip[1]))
        self._show_update(st, scale, X)

    def _show_update(self, st: ClassStep | None, scale: float, X: np.ndarray) -> None:
        if st is None or st.point is None or st.before is None or st.true_class is None or st.rival is None:
            self.ring.setData([], [])
            for item in (*self.steps, *self.ghosts):
                item.setData([], [])
            for text in self.step_labels:
                text.setText("")
            return
        x = X[st.point]
        self.ring.setData([x[0]], [x[1]])
        for c, ghost, step, text, sign in zip((st.true_class, st.rival), self.ghosts, self.steps, self.step_labels,
                                              ("+x", "−x")):
            old, new = st.before[c, :2] * scale, st.W[c, :2] * scale
            ghost.setData([0.0, old[0]], [0.0, old[1]])
            step.setData([old[0], new[0]], [old[1], new[1]])
            mid = (old + new) / 2
            text.setText(sign)
            text.setPos(float(mid[0]), float(mid[1]))
