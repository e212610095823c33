"""Two plots of a run: the shrinking angle to θ* (notes 003) and the per-epoch run (notes 002).

:class:`AnglePlot` draws the angle between w_k and θ* after each update k with the proof's
bound arccos(min(1, √k·γ/R)); :class:`EpochPlot` draws notes 002's run table: updates per
epoch above, training and test error below. Both redraw their curves on ``run_changed`` and
only move a marker on ``playhead_changed``.
"""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from . import style
from .formatting import connect_events, fmt
from .throttle import DragThrottle, cache_axes

__all__ = ["AnglePlot", "EpochPlot", "bound_angle_deg", "NO_DOWNSAMPLE_MAX"]

Qt = QtCore.Qt
# Up to this many points a curve is drawn point for point; above, pyqtgraph's peak
# downsampling and clip-to-view keep a redraw of 10⁶ updates fast.
NO_DOWNSAMPLE_MAX = 10_000
SYMBOLS_MAX = 300  # a dot per update while the dots stay apart
BOUND_POINTS = 2_000
PLAYHEAD = style.VISIT_UPDATE
AXIS = "#333333"


def bound_angle_deg(k: np.ndarray, gamma: float, R: float, dot0: float = 0.0, norm_sq0: float = 0.0) -> np.ndarray:
    """The largest angle (°) to θ* that the proof allows after k updates.

    arccos(min(1, (w₀·θ* + kγ)/√(‖w₀‖² + kR²))), which is arccos(min(1, √k·γ/R)) from
    w₀ = 0; 180° while the numerator is negative (no bound), 90° at k = 0 from w₀ = 0.
    """
    k = np.asarray(k, dtype=np.float64)
    num = dot0 + k * gamma
    den = np.sqrt(norm_sq0 + k * R * R)
    with np.errstate(divide="ignore", invalid="ignore"):
        cos = np.where(den > 0, num / np.where(den > 0, den, 1.0), 0.0)
    cos = np.where(num >= 0, np.minimum(1.0, cos), -1.0)
    return np.degrees(np.arccos(cos))


def _white_plot(item: pg.PlotItem) -> None:
    for name in ("left", "bottom", "right"):
        axis = item.getAxis(name)
        axis.setPen(pg.mkPen(AXIS))
        axis.setTextPen(pg.mkPen(AXIS))
    item.showGrid(x=True, y=True, alpha=0.15)


def _set_downsampling(curve: pg.PlotDataItem, n: int) -> None:
    big = n > NO_DOWNSAMPLE_MAX
    curve.setDownsampling(ds=1, auto=big, method="peak")
    curve.setClipToView(big)


def _proof_theory(result):
    """The Theory the proof lives in: the lifted one for a lifted run, else the data's."""
    return result.lifted_theory if result.record.algorithm == "lifted" else result.theory


class AnglePlot(QtWidgets.QWidget):
    """The angle ∠(w_k, θ*) in degrees against the update count k, and the proof's bound.

    The angle curve has one point per update k with w_k ≠ 0: k = 1..K from w₀ = 0 (K points,
    the angle at k = 0 is undefined), k = 0..K from a non-zero start (K + 1 points). The bound
    curve arccos(min(1, √k·γ/R)) runs on integers k from 0 to at least K. A vertical line marks
    the playhead's k (drag it, or click anywhere in the plot, to jump to an update); a dotted
    one marks Novikoff's (R/γ)². Without θ* the plot gives way to a sentence.

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    """

    def __init__(self, session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._K = 0
        self.plot = pg.PlotWidget(background="w")
        item = self.plot.getPlotItem()
        _white_plot(item)
        cache_axes(item)
        item.setLabel("bottom", "updates k")
        item.setLabel("left", "angle to θ* (°)")
        item.getAxis("left").setTicks([[(a, f"{a}°") for a in (0, 30, 60, 90, 120, 150, 180)],
                                       [(a, "") for a in range(0, 181, 15)]])
        item.setMenuEnabled(False)
        self.legend = item.addLegend(offset=(-10, 10), labelTextColor=AXIS, brush=pg.mkBrush(255, 255, 255, 200))
        self.angle_curve = item.plot(name="angle ∠(w_k, θ*)", pen=pg.mkPen(style.NORMAL, width=2))
        self.bound_curve = item.plot(name="bound arccos(min(1, √k·γ/R))",
                                     pen=pg.mkPen(style.THETA_STAR, width=2, style=Qt.PenStyle.DashLine))
        # Unlabelled: the bound curve's legend entry names it (a label was clipped at the edge).
        self.novikoff_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(AXIS, style=Qt.PenStyle.DotLine))
        self.playhead_line = pg.InfiniteLine(angle=90, movable=True, pen=pg.mkPen(PLAYHEAD, width=2),
                                             hoverPen=pg.mkPen(PLAYHEAD, width=4))
        item.addItem(self.novikoff_line, ignoreBounds=True)
        item.addItem(self.playhead_line, ignoreBounds=True)
        self.playhead_line.sigDragged.connect(self._on_line_dragged)
        self.plot.scene().sigMouseClicked.connect(self._on_click)
        self.plot.setToolTip(
            "The shrinking angle (notes 003): the angle between w_k and θ* after k updates, "
            "arccos(w_k·θ*/‖w_k‖), and the largest angle the convergence proof allows, "
            "arccos(min(1, √k·γ/R)). The bound reaches 0° at k = (R/γ)², so the run must stop "
            "before. Click to jump to an update.")
        self.message = QtWidgets.QLabel()
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setStyleSheet("background: white; color: #333333; padding: 12px;")
        self.stack = QtWidgets.QStackedLayout(self)
        self.stack.addWidget(self.plot)
        self.stack.addWidget(self.message)
        # Not the focus of a drag: redraw at most every 100 ms while a point is dragged.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._on_playhead_changed))])
        self._on_run_changed(session.result)

    # ---- reading (tests, exporters) ------------------------------------------------------
    def angle_data(self) -> tuple[np.ndarray, np.ndarray]:
        """(k, angle°) as given to the angle curve (before any downsampling)."""
        return _xy(self.angle_curve)

    def bound_data(self) -> tuple[np.ndarray, np.ndarray]:
        return _xy(self.bound_curve)

    def has_theta_star(self) -> bool:
        return self.stack.currentWidget() is self.plot

    # ---- updating ----------------------------------------------------------------------------
    def _on_run_changed(self, result) -> None:
        proof = None if result is None else result.proof
        if proof is None:
            self.angle_curve.setData([], [])
            self.bound_curve.setData([], [])
            self._K = 0
            self.message.setText(_no_theta_text(result))
            self.stack.setCurrentWidget(self.message)
            return
        tho = _proof_theory(result)
        K = len(proof.k) - 1
        self._K = K
        ok = np.isfinite(proof.angle_deg)
        ks, angles = proof.k[ok], proof.angle_deg[ok]
        _set_downsampling(self.angle_curve, ks.size)
        few = ks.size <= SYMBOLS_MAX
        self.angle_curve.setData(ks, angles, symbol="o" if few else None, symbolSize=5,
                                 symbolBrush=style.NORMAL, symbolPen=None)
        bound = float(tho.bound) if tho.bound else float(K)
        # Show where the bound reaches 0° when that is near; a far bound would squash the run.
        x_max = max(K, 1, bound if bound <= 10.0 * K else 5.0 * K)
        kb = _bound_grid(int(np.ceil(x_max)))
        _set_downsampling(self.bound_curve, kb.size)
        self.bound_curve.setData(kb, bound_angle_deg(kb, tho.gamma, tho.R, proof.dot[0], proof.norm_sq[0]))
        self.novikoff_line.setPos(bound)
        self.legend.getLabel(self.bound_curve).setText(f"bound arccos(min(1, √k·γ/R)), 0° at (R/γ)² = {fmt(bound)}")
        vb = self.plot.getPlotItem().getViewBox()
        vb.setLimits(xMin=-0.05 * x_max - 1, yMin=-15, yMax=195)
        top = max(90.0, float(np.max(angles)) if angles.size else 90.0)
        # Room above 90° and below 0° so those tick labels are not clipped at the plot's edges.
        vb.setRange(xRange=(0, x_max), yRange=(-0.08 * top, 1.08 * top), padding=0.02)
        self.stack.setCurrentWidget(self.plot)
        self._on_playhead_changed()

    def _on_playhead_changed(self) -> None:
        self.playhead_line.setPos(self.session.k)

    # ---- driving the session -----------------------------------------------------------------
    def _k_at(self, x: float) -> int:
        return int(round(min(max(x, 0.0), float(self._K))))

    def _on_line_dragged(self, line: pg.InfiniteLine) -> None:
        k = self._k_at(float(line.value()))
        if k != self.session.k:
            self.session.jump_to_update(k)
        else:
            self._on_playhead_changed()  # snap the line onto the integer k it stands for

    def _on_click(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton or ev.double() or self.session.result is None:
            return
        vb = self.plot.getPlotItem().getViewBox()
        if not self.has_theta_star() or not vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        self.session.jump_to_update(self._k_at(vb.mapSceneToView(ev.scenePos()).x()))


def _xy(curve: pg.PlotDataItem) -> tuple[np.ndarray, np.ndarray]:
    x, y = curve.xData, curve.yData
    if x is None or y is None:
        return np.zeros(0), np.zeros(0)
    return np.asarray(x), np.asarray(y)


def _bound_grid(x_max: int) -> np.ndarray:
    """k from 0 to x_max for the bound curve: every integer k while they are few (with points in
    between so a short curve stays smooth), else dense near 0 where the bound bends."""
    if x_max <= BOUND_POINTS:
        return np.union1d(np.arange(x_max + 1.0), np.linspace(0.0, x_max, 400))
    grid = np.concatenate([np.arange(BOUND_POINTS // 2), np.geomspace(BOUND_POINTS // 2, x_max, BOUND_POINTS // 2)])
    return np.unique(np.round(grid))


def _no_theta_text(result) -> str:
    if result is None or result.train.n == 0:
        return "No θ*: there are no training points."
    if result.record.algorithm == "lifted":
        return ("No θ* to plot: the lifted set is always separable, but its θ* is only "
                "computed for at most 300 training points.")
    tho = result.theory
    head = ("No θ*: the data is not linearly separable" if tho.separable is False
            else "No θ*: separability could not be decided in time")
    return f"{head}\n\n({tho.verdict}.)"


def _epoch_bars(updates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Bar edges and heights for a step curve: one bar per epoch, centred on it; above
    NO_DOWNSAMPLE_MAX epochs, bars of several epochs at their largest count (pyqtgraph's own
    downsampling breaks step curves)."""
    n = updates.size
    if n <= NO_DOWNSAMPLE_MAX:
        return np.arange(n + 1, dtype=np.float64) - 0.5, updates
    width = int(np.ceil(n / (NO_DOWNSAMPLE_MAX // 2)))
    starts = np.arange(0, n, width)
    return np.append(starts, n).astype(np.float64) - 0.5, np.maximum.reduceat(updates, starts)


class EpochPlot(QtWidgets.QWidget):
    """Notes 002's run table as a plot: updates per epoch (bars, top) and the training and
    test error in % after each epoch (bottom), sharing the epoch axis; a vertical line marks
    the playhead's epoch (at −0.5 before the first visit).

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    """

    def __init__(self, session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.updates_plot = self.view.addPlot(row=0, col=0)
        self.error_plot = self.view.addPlot(row=1, col=0)
        self.error_plot.setXLink(self.updates_plot)
        for item in (self.updates_plot, self.error_plot):
            _white_plot(item)
            cache_axes(item)
            item.setMenuEnabled(False)
            item.getAxis("left").setWidth(48)
        self.updates_plot.setLabel("left", "updates")
        self.error_plot.setLabel("left", "error (%)")
        self.updates_curve = self.updates_plot.plot(
            stepMode="center", fillLevel=0, pen=pg.mkPen(style.NORMAL), brush=pg.mkBrush(0, 158, 115, 110))
        self.train_curve = pg.PlotDataItem(pen=pg.mkPen(style.POSITIVE, width=2), name="training error")
        self.test_curve = pg.PlotDataItem(pen=pg.mkPen(style.NEGATIVE, width=2, style=Qt.PenStyle.DashLine),
                                          name="test error")
        self.error_plot.addItem(self.train_curve)
        self.error_plot.addItem(self.test_curve)
        self.markers = [pg.InfiniteLine(angle=90, pen=pg.mkPen(PLAYHEAD, width=2)) for _ in range(2)]
        self.updates_plot.addItem(self.markers[0], ignoreBounds=True)
        self.error_plot.addItem(self.markers[1], ignoreBounds=True)
        self.view.setToolTip("Per epoch (notes 002): the number of updates nb_changes (bars) and "
                             "the training / test error in % of the predictor after the epoch. "
                             "An epoch without updates ends the run: the data are separated.")
        lay = QtWidgets.QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        # Not the focus of a drag: redraw at most every 100 ms while a point is dragged.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._on_playhead_changed))])
        self._on_run_changed(session.result)

    def _on_run_changed(self, result) -> None:
        rows = [] if result is None else result.record.epochs
        e = np.arange(len(rows), dtype=np.float64)
        updates = np.array([r.updates for r in rows], dtype=np.float64)
        train = np.array([100.0 * r.train_error for r in rows], dtype=np.float64)
        has_test = bool(rows) and rows[0].test_error is not None
        test = np.array([100.0 * r.test_error if r.test_error is not None else np.nan for r in rows])
        many = len(rows) > NO_DOWNSAMPLE_MAX
        for curve in (self.train_curve, self.test_curve):
            _set_downsampling(curve, len(rows))
        self.updates_curve.setData(*_epoch_bars(updates))
        for item in (self.updates_plot, self.error_plot):  # no "epoch 0.5" ticks on short runs
            if len(rows) <= 12:
                item.getAxis("bottom").setTickSpacing(1, 1)
            else:
                item.getAxis("bottom").setTickSpacing()
        symbol = None if many or len(rows) > SYMBOLS_MAX else "o"
        self.train_curve.setData(e, train, symbol=symbol, symbolSize=5, symbolBrush=style.POSITIVE, symbolPen=None)
        self.test_curve.setData(e if has_test else [], test if has_test else [], symbol=symbol, symbolSize=5,
                                symbolBrush=style.NEGATIVE, symbolPen=None)
        # The wide bottom axis label, coloured like the curves, is the key: a legend box would
        # sit on the curves and a title would take a third of a short dock's height.
        test_key = (f"<span style='color:{style.NEGATIVE}'>– – test error</span>" if has_test
                    else "(no test set)")
        self.error_plot.setLabel("bottom", f"epoch &nbsp;&nbsp;&nbsp; <span style='color:{style.POSITIVE}'>"
                                 f"—— training error</span> &nbsp; {test_key}")
        # Below 0 and above the top some room, so the edge tick labels are not clipped and the
        # legend sits above the error curves rather than on them.
        top = max(1.0, float(np.max(updates)) if rows else 1.0)
        self.updates_plot.setRange(xRange=(-0.5, max(len(rows), 1) - 0.5), yRange=(-0.1 * top, 1.1 * top),
                                   padding=0.02)
        err_top = max(1.0, float(np.nanmax(np.concatenate([train, test, [1.0]]))))
        self.error_plot.setRange(yRange=(-0.12 * err_top, 1.12 * err_top), padding=0)
        self._on_playhead_changed()

    def _on_playhead_changed(self) -> None:
        run, t = self.session.run, self.session.playhead.t
        x = -0.5 if run is None or run.n == 0 or t < 0 else float(t // run.n)
        for m in self.markers:
            m.setPos(x)

    def marker_epoch(self) -> float:
        return float(self.markers[0].value())
