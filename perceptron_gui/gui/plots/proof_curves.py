"""The proof and the losses as curves against the update count k (notes 001–004).

Three small plots beside the angle plot, each a :class:`KCurvePlot`:

* ``dot``: w_k·θ* and the proof's lower bound w₀·θ* + kγ;
* ``norm``: ‖w_k‖² and the proof's upper bound ‖w₀‖² + kR²;
* ``losses``: the perceptron loss Σ max(0, −y·(w_k·x + b_k)) and the hinge loss
  Σ max(0, 1 − y·(w_k·x + b_k)) on the training points.

The numbers come from the core through the run: ``RunResult.proof`` (core.theory.proof_quantities)
and ``RunResult.losses`` (core.loss_curves, computed with the run). A curve is drawn solid up to
the playhead; after it faint or hidden (:data:`AFTER_PLAYHEAD`, View → Curves after the
playhead). The bounds are formulas known in advance and are always drawn whole.
"""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import N_, _, display_numbers
from ...render.formatting import fmt, fmt_int
from ...render.k_curves import LEFT_LABEL, SPECS, curve_series, ordinal, playhead_cut, sampling_note
from ...session.viewed import ViewedSession
from ..kit.accessible import describe_value, name_widget
from ..kit.plot_setup import AXIS, plot_or_sentence, set_downsampling, settle_axes, white_plot
from ..kit.view_wiring import DragThrottle, connect_events
from .proof_plots import PLAYHEAD, SYMBOLS_MAX

__all__ = ["AFTER_PLAYHEAD", "KCurvePlot", "ProofCurves", "ordinal"]

Qt = QtCore.Qt
AFTER_PLAYHEAD = {"faint": N_("Faint"), "hidden": N_("Hidden")}  # what is drawn after the playhead (shown as _(…))
FAINT_ALPHA = 70
LEGEND_OFFSET_PX = 4
LEGEND_MARGIN_PX = 6
LEGEND_MAX_BAND = 0.6
_TIPS = {  # shown as _(…)
    "dot": N_("The first inequality of the convergence proof (notes 003/004): every update adds at least γ "
            "to w·θ*, so w_k·θ* ≥ w₀·θ* + kγ (θ* the unit max-margin direction, γ its margin). "
            "Click to jump to an update."),
    "norm": N_("The second inequality of the convergence proof (notes 003/004): an update is made on a "
             "mistake, so it adds at most R² to ‖w‖²: ‖w_k‖² ≤ ‖w₀‖² + kR² (R = max ‖x‖). "
             "Click to jump to an update."),
    "cos": N_("The proof's conclusion (notes 003/004): the two inequalities give cos∠(w_k, θ*) = w_k·θ*/‖w_k‖ "
            "≥ kγ/√(kR²) = √k·γ/R, and a cosine is at most 1, so k ≤ R²/γ². Drawn from the same w_k·θ* "
            "and ‖w_k‖² as the two plots beside it. Click to jump to an update."),
    "losses": N_("The perceptron loss Σ max(0, −y·(w_k·x + b_k)) (zero once no point is strictly misclassified) "
               "and the hinge loss Σ max(0, 1 − y·(w_k·x + b_k)) (zero only with margin 1) of the hyperplane "
               "after k updates, summed over the training points (notes 001/002). Click to jump to an update."),
}


class KCurvePlot(QtWidgets.QWidget):
    """One of the proof's or the losses' plots against k (see the module's docstring).

    Parameters
    ----------
    session : ViewedSession
    kind : 'dot', 'norm', 'cos' or 'losses'
    after_playhead : 'faint' or 'hidden'
    lazy : bool
        Cut the curves at the playhead only while the plot is on screen (the window's docks):
        each cut re-sends O(K) points (25 ms a step at 740,000 updates, paid with the dock
        closed). Reading :meth:`shown` or showing the plot catches up first. Off for offscreen
        figures, which are rendered without ever being shown.
    """

    def __init__(self, session: ViewedSession, kind: str, after_playhead: str = "faint",
                 parent: QtWidgets.QWidget | None = None, lazy: bool = False) -> None:
        super().__init__(parent)
        self.lazy = lazy
        self._cut_stale = False  # the playhead moved while the plot was hidden
        if kind not in SPECS:
            raise ValueError(f"no curve plot {kind!r}; choose one of {', '.join(SPECS)}")
        self.session, self.kind = session, kind
        self.after_playhead = after_playhead if after_playhead in AFTER_PLAYHEAD else "faint"
        self._data: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._K = 0
        self.plot = pg.PlotWidget(background="w")
        item = self.plot.getPlotItem()
        white_plot(item)
        settle_axes(item)
        item.setMenuEnabled(False)
        item.setLabel("bottom", _("updates k"))
        item.setLabel("left", LEFT_LABEL[kind])
        # Losses fall from the top left, the proof's curves rise to the top right: the legend
        # goes in the corner the curves leave free.
        offset = (-6, LEGEND_OFFSET_PX) if kind == "losses" else (6, LEGEND_OFFSET_PX)
        self.legend = item.addLegend(offset=offset, labelTextColor=AXIS, brush=pg.mkBrush(255, 255, 255, 200))
        self.legend.layout.setVerticalSpacing(0)
        self.legend.layout.setContentsMargins(2, 0, 2, 0)
        self.faint: dict[str, pg.PlotDataItem] = {}
        self.curves: dict[str, pg.PlotDataItem] = {}
        for spec in SPECS[kind]:
            pen = pg.mkPen(spec.color, width=2, style=Qt.PenStyle.DashLine if spec.dashed else Qt.PenStyle.SolidLine)
            if spec.measured:
                faint = QtGui.QColor(spec.color)
                faint.setAlpha(FAINT_ALPHA)
                self.faint[spec.key] = item.plot(pen=pg.mkPen(faint, width=2, style=pen.style()))
            self.curves[spec.key] = item.plot(name=spec.name, pen=pen)
        self._y_range = (0.0, 1.0)
        item.getViewBox().sigResized.connect(self.fit_y_range)
        self.playhead_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(PLAYHEAD, width=2))
        item.addItem(self.playhead_line, ignoreBounds=True)
        self.plot.scene().sigMouseClicked.connect(self._on_click)
        self.plot.setToolTip(_(_TIPS[kind]))
        name_widget(self.plot, _("{quantity} against k").format(quantity=LEFT_LABEL[kind]))
        self.message, self.stack = plot_or_sentence(self, self.plot)
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._on_playhead_changed))])
        self._on_run_changed(session.result)

    # ---- reading (tests, exporters) ------------------------------------------------------
    def has_curves(self) -> bool:
        return self.stack.currentWidget() is self.plot

    def series(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """The whole curve ``key`` (k, value) of the run shown."""
        return self._data.get(key, (np.zeros(0), np.zeros(0)))

    def shown(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        """What the solid curve ``key`` draws now (up to the playhead for a measured one)."""
        self._catch_up()
        c = self.curves[key]
        return (np.zeros(0), np.zeros(0)) if c.xData is None else (np.asarray(c.xData), np.asarray(c.yData))

    def faint_shown(self, key: str) -> tuple[np.ndarray, np.ndarray]:
        c = self.faint[key]
        if c.xData is None or not c.isVisible():
            return np.zeros(0), np.zeros(0)
        return np.asarray(c.xData), np.asarray(c.yData)

    def title_note(self) -> str:
        """'' or what the title says about sampled losses."""
        return sampling_note(self.kind, self.session.result) if self._data else ""

    # ---- updating ----------------------------------------------------------------------------
    def set_after_playhead(self, mode: str) -> None:
        if mode not in AFTER_PLAYHEAD:
            raise ValueError(f"after the playhead: {', '.join(AFTER_PLAYHEAD)}, not {mode!r}")
        self.after_playhead = mode
        for c in self.faint.values():
            c.setVisible(mode == "faint")

    def _on_run_changed(self, result) -> None:
        data = curve_series(self.kind, result)
        if isinstance(data, str):
            self._data = {}
            for c in (*self.curves.values(), *self.faint.values()):
                c.setData([], [])
            self._K = 0
            self.message.setText(data)
            self.stack.setCurrentWidget(self.message)
            describe_value(self.plot, display_numbers(self.point_text()))
            return
        self._data = data
        self._K = int(result.record.num_updates)
        item = self.plot.getPlotItem()
        item.setTitle(self.title_note() or None, size="9pt", color=AXIS)
        for key, (k, y) in self._data.items():
            set_downsampling(self.curves[key], k.size)
            if key in self.faint:
                set_downsampling(self.faint[key], k.size)
                self.faint[key].setData(k, y, connect="finite")
                self.faint[key].setVisible(self.after_playhead == "faint")
            else:
                self.curves[key].setData(k, y, connect="finite")
        ys = np.concatenate([y[np.isfinite(y)] for __, y in self._data.values()] + [np.zeros(1)])
        lo, hi = float(np.min(ys)), float(np.max(ys))
        self._y_range = (lo, hi if hi > lo else lo + 1.0)
        x_max = max(self._K, 1)
        # k is a count: no "0.5" ticks on short runs (as the per-epoch plot does for epochs).
        if x_max <= 12:
            item.getAxis("bottom").setTickSpacing(1, 1)
        else:
            item.getAxis("bottom").setTickSpacing()
        # Zooming out stops at the run: with integer ticks a range of 10⁶ would ask for 10⁶ ticks.
        item.getViewBox().setLimits(xMin=-0.05 * x_max - 1, xMax=1.05 * x_max + 1)
        item.getViewBox().setXRange(0, x_max, padding=0.02)
        self.fit_y_range()
        self.stack.setCurrentWidget(self.plot)
        self._on_playhead_changed()

    def _on_playhead_changed(self) -> None:
        kp = self.session.k
        self.playhead_line.setPos(kp)
        describe_value(self.plot, display_numbers(self.point_text()))
        if self.lazy and not self.isVisible():
            self._cut_stale = True
            return
        self._cut_at_playhead()

    def point_text(self) -> str:
        """What the plot shows and its values at the playhead, in words (its accessible description)."""
        names = [spec.name for spec in SPECS[self.kind]]
        what = (_("{a} and {b} against the updates k.").format(a=names[0], b=names[1]) if len(names) == 2
                else _("{quantity} against the updates k.").format(quantity=" and ".join(names)))
        if not self._data:
            return what + " " + self.message.text()
        kp = self.session.k
        values = []
        for spec in SPECS[self.kind]:
            k, y = self._data.get(spec.key, (np.zeros(0), np.zeros(0)))
            i = int(np.searchsorted(k, kp, side="right")) - 1
            if 0 <= i < y.size:
                values.append(f"{spec.name} = {fmt(float(y[i]))}")
        return what + " " + _("At update k = {k}: {values}.").format(k=fmt_int(kp), values=", ".join(values)) if values else what

    def _catch_up(self) -> None:
        if self._cut_stale:
            self._cut_at_playhead()

    def showEvent(self, event: QtGui.QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self._catch_up()

    def _cut_at_playhead(self) -> None:
        self._cut_stale = False
        kp = self.session.k
        for key, (k, y) in self._data.items():
            if key not in self.faint:
                continue
            i = playhead_cut(k, kp)
            few = i <= SYMBOLS_MAX and self.kind != "losses"
            self.curves[key].setData(k[:i], y[:i], connect="finite", symbol="o" if few else None, symbolSize=4,
                                     symbolBrush=self.curves[key].opts["pen"].color(), symbolPen=None)

    def fit_y_range(self, *_args: object) -> None:
        """The y range of the curves, extended upwards by the legend's height so the legend sits
        in an empty band above them (as the angle plot does)."""
        vb = self.plot.getPlotItem().getViewBox()
        height = vb.height()
        band = 0.0
        if self.legend.isVisible() and height > 0:
            band = (self.legend.boundingRect().height() + LEGEND_OFFSET_PX + LEGEND_MARGIN_PX) / height
        band = band if band < LEGEND_MAX_BAND else 0.0
        lo, hi = self._y_range
        span = (hi - lo) / (1.0 - band - 0.12)
        vb.setYRange(lo - 0.06 * span, hi + (0.06 + band) * span, padding=0.0)

    # ---- driving the session -----------------------------------------------------------------
    def _on_click(self, ev) -> None:
        if ev.button() != Qt.MouseButton.LeftButton or ev.double() or self.session.result is None:
            return
        vb = self.plot.getPlotItem().getViewBox()
        if not self.has_curves() or not vb.sceneBoundingRect().contains(ev.scenePos()):
            return
        x = vb.mapSceneToView(ev.scenePos()).x()
        self.session.jump_to_update(int(round(min(max(x, 0.0), float(self._K)))))


class ProofCurves(QtWidgets.QWidget):
    """The :class:`KCurvePlot` side by side: w_k·θ*, ‖w_k‖², the cosine they bound, and the losses."""

    def __init__(self, session: ViewedSession, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.after_playhead = "faint"
        self.plots = {kind: KCurvePlot(session, kind, lazy=True) for kind in SPECS}
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(4)
        for p in self.plots.values():
            row.addWidget(p, 1)

    def set_after_playhead(self, mode: str) -> None:
        """'faint' or 'hidden': how every curve is drawn after the playhead (View menu)."""
        for p in self.plots.values():
            p.set_after_playhead(mode)
        self.after_playhead = mode
