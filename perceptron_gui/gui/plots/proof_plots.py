"""The shrinking angle to θ* (notes 003): :class:`AnglePlot` draws the angle between w_k and
θ* after each update k with the proof's bound arccos(min(1, √k·γ/R)). It redraws its curves
on ``run_changed`` and only moves a marker on ``playhead_changed``. The helpers here are
shared with :mod:`.epoch_plot`.
"""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtWidgets

from ...core import novikoff
from ...core.algorithms import REGISTRY
from ...i18n import _, display_numbers
from ...render import theme as style
from ...render.formatting import fmt_bound, fmt_deg, fmt_int
from ...session.run_result import no_proof_reason
from ...session.viewed import ViewedSession
from ..kit.accessible import describe_value, name_widget
from ..kit.plot_setup import AXIS, plot_or_sentence, set_downsampling, settle_axes, white_plot
from ..kit.view_wiring import DragThrottle, connect_events
from .mistake_bound_plot import MistakeBoundPlot

__all__ = ["AnglePlot", "CountAxis", "bound_angle_deg"]

Qt = QtCore.Qt
SYMBOLS_MAX = 300  # a dot per update while the dots stay apart
BOUND_POINTS = 2_000
PLAYHEAD = style.VISIT_UPDATE
LEGEND_OFFSET_PX = 4  # the legend's distance from the top of the plot
LEGEND_MARGIN_PX = 8  # free pixels between the legend and the highest curve
LEGEND_MAX_BAND = 0.6  # at most this fraction of the plot's height goes to the legend


def bound_angle_deg(k: np.ndarray, gamma: float, R: float, dot0: float = 0.0, norm_sq0: float = 0.0) -> np.ndarray:
    """The largest angle (°) to θ* that the proof allows after k updates (from the core)."""
    return novikoff.angle_bound_deg(k, gamma, R, dot0, norm_sq0)


def bound_legend(dot0: float, norm_sq0: float, k_star: float | None, margin: bool = False) -> str:
    """The legend of the bound curve: the formula actually drawn, and where it reaches 0°
    (``margin``: the margin perceptron's, with R² + 2β in place of R²)."""
    if novikoff.starts_at_zero(dot0, norm_sq0):
        formula = "arccos(min(1, √k·γ/√(R²+2β)))" if margin else "arccos(min(1, √k·γ/R))"
    else:
        formula = f"arccos((w₀·θ* + kγ)/√(‖w₀‖² + k{'(R²+2β)' if margin else 'R²'}))"
    if k_star is None:
        return _("bound {formula}").format(formula=formula)
    return _("bound {formula}, 0° at k = {k}").format(formula=formula, k=fmt_bound(k_star))


class CountAxis(pg.AxisItem):
    """An axis of a count (updates k): ticks on whole numbers only. pyqtgraph's own spacing put
    ticks at 0.2, 0.4, … on the short axis of a run with no update, where no k can be."""

    def tickSpacing(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, float]]:  # noqa: N802, N803
        levels = super().tickSpacing(minVal, maxVal, size)
        if self._tickSpacing is not None or not levels:  # set by hand (setTickSpacing), or an empty range
            return levels
        # Spacings of 1 or more are 1, 2 or 5 times a power of ten, with no offset: whole numbers.
        whole = [(spacing, offset) for spacing, offset in levels if spacing >= 1 and float(offset).is_integer()]
        return whole or [(1.0, 0.0)]


def _proof_theory(result):
    """The Theory the proof lives in: the lifted one for a lifted run, else the data's."""
    return result.proof_theory


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

    def __init__(self, session: ViewedSession, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._K = 0
        self.plot = pg.PlotWidget(background="w", axisItems={"bottom": CountAxis("bottom")})
        item = self.plot.getPlotItem()
        white_plot(item)
        settle_axes(item)
        item.setLabel("bottom", _("updates k"))
        item.setLabel("left", _("angle to θ* (°)"))
        item.getAxis("left").setTicks([[(a, f"{a}°") for a in (0, 30, 60, 90, 120, 150, 180)],
                                       [(a, "") for a in range(0, 181, 15)]])
        item.setMenuEnabled(False)
        self.legend = item.addLegend(offset=(-10, LEGEND_OFFSET_PX), labelTextColor=AXIS,
                                     brush=pg.mkBrush(255, 255, 255, 200))
        # Compact (no spacing between the rows): its band above the curves costs less height.
        self.legend.layout.setVerticalSpacing(0)
        self.legend.layout.setContentsMargins(2, 0, 2, 0)
        self._y_top = 90.0  # the highest angle drawn; the legend's band goes above it
        item.getViewBox().sigResized.connect(self._make_room_for_legend)
        self.angle_curve = item.plot(name=_("angle ∠(w_k, θ*)"), pen=pg.mkPen(style.NORMAL, width=2))
        self.bound_curve = item.plot(name=_("bound {formula}").format(formula="arccos(min(1, √k·γ/R))"),
                                     pen=pg.mkPen(style.THETA_STAR, width=2, style=Qt.PenStyle.DashLine))
        # Unlabelled: the bound curve's legend entry names it (a label was clipped at the edge).
        self.novikoff_line = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen(AXIS, style=Qt.PenStyle.DotLine))
        self.playhead_line = pg.InfiniteLine(angle=90, movable=True, pen=pg.mkPen(PLAYHEAD, width=2),
                                             hoverPen=pg.mkPen(PLAYHEAD, width=4))
        item.addItem(self.novikoff_line, ignoreBounds=True)
        item.addItem(self.playhead_line, ignoreBounds=True)
        self.playhead_line.sigDragged.connect(self._on_line_dragged)
        self.plot.scene().sigMouseClicked.connect(self._on_click)
        self.plot.setToolTip(_(
            "The shrinking angle (notes 003): the angle between w_k and θ* after k updates, "
            "arccos(w_k·θ*/‖w_k‖), and the largest angle the convergence proof allows, "
            "arccos(min(1, √k·γ/R)) from w₀ = 0 — from a start w₀ ≠ 0 (Start at: first) "
            "arccos((w₀·θ* + kγ)/√(‖w₀‖² + kR²)). The bound reaches 0° at k = (R/γ)² (from w₀ = 0), "
            "so the run must stop before. Click to jump to an update."))
        name_widget(self.plot, _("Angle to θ* plot"))
        self._proof = None  # the run's proof quantities, for the plot's description
        self.message, self.stack = plot_or_sentence(self, self.plot)
        # Without θ*: the mistake bound that needs no separability, where it speaks of the run.
        self.mistakes = MistakeBoundPlot()
        self.stack.addWidget(self.mistakes)
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
        self._proof = proof
        if proof is None:
            self.angle_curve.setData([], [])
            self.bound_curve.setData([], [])
            self._K = 0
            if result is not None and result.mistake_bound is not None:
                self.mistakes.show_result(result)
                self.stack.setCurrentWidget(self.mistakes)
                self._on_playhead_changed()
                return
            self.message.setText(display_numbers(_no_theta_text(result)))
            self.stack.setCurrentWidget(self.message)
            describe_value(self.plot, display_numbers(self.point_text()))
            return
        tho = _proof_theory(result)
        K = len(proof.k) - 1
        self._K = K
        ok = np.isfinite(proof.angle_deg)
        ks, angles = proof.k[ok], proof.angle_deg[ok]
        set_downsampling(self.angle_curve, ks.size)
        few = ks.size <= SYMBOLS_MAX
        self.angle_curve.setData(ks, angles, symbol="o" if few else None, symbolSize=5,
                                 symbolBrush=style.NORMAL, symbolPen=None)
        dot0, norm_sq0 = float(proof.dot[0]), float(proof.norm_sq[0])
        # The bound from this run's start (w₀ = y₁x₁ with init "first"), as the curve is drawn.
        k_star = novikoff.updates_bound(tho.gamma, result.proof_R, dot0, norm_sq0)
        bound = k_star if k_star else float(K)
        # Show where the bound reaches 0° when that is near; a far bound would squash the run.
        x_max = max(K, 1, bound if bound <= 10.0 * K else 5.0 * K)
        kb = _bound_grid(int(np.ceil(x_max)))
        set_downsampling(self.bound_curve, kb.size)
        self.bound_curve.setData(kb, bound_angle_deg(kb, tho.gamma, result.proof_R, dot0, norm_sq0))
        self.novikoff_line.setPos(bound)
        self.legend.getLabel(self.bound_curve).setText(
            bound_legend(dot0, norm_sq0, k_star, margin=REGISTRY[result.record.algorithm].margin_rule))
        vb = self.plot.getPlotItem().getViewBox()
        vb.setLimits(xMin=-0.05 * x_max - 1)
        top = max(90.0, float(np.max(angles)) if angles.size else 90.0)
        # Room above 90° and below 0° so those tick labels are not clipped at the plot's edges.
        vb.setRange(xRange=(0, x_max), padding=0.02)
        self._y_top = top
        self._make_room_for_legend()
        self.stack.setCurrentWidget(self.plot)
        self._on_playhead_changed()

    def _on_playhead_changed(self) -> None:
        self.playhead_line.setPos(self.session.k)
        self.mistakes.set_playhead(self.session.k)
        describe_value(self.plot, display_numbers(self.point_text()))

    def point_text(self) -> str:
        """What the plot shows and its point at the playhead, in words (its accessible description)."""
        what = _("The angle between w_k and θ* against the updates k, and the largest angle the proof allows.")
        proof = self._proof
        if proof is None or not len(proof.k):
            return what + " " + _("No θ*: the data are not separable, or there is no run.")
        k = min(self.session.k, len(proof.k) - 1)
        angle = proof.angle_deg[k]
        shown = _("undefined (w = 0)") if not np.isfinite(angle) else fmt_deg(angle)
        return what + " " + _("At update k = {k}: angle {angle}, bound {bound}.").format(
            k=fmt_int(k), angle=shown, bound=fmt_deg(proof.angle_bound_deg[k]))

    def _make_room_for_legend(self, *_args: object) -> None:
        """Extend the y range upwards by the legend's height, so the legend sits in an empty band
        above the curves instead of on them (at any height of the plot)."""
        vb = self.plot.getPlotItem().getViewBox()
        height = vb.height()
        band = 0.0
        if self.legend.isVisible() and height > 0:
            band = (self.legend.boundingRect().height() + LEGEND_OFFSET_PX + LEGEND_MARGIN_PX) / height
        # A plot too short for the band keeps its data visible and lets the legend overlap.
        band = band if band < LEGEND_MAX_BAND else 0.0
        # 8 % of the height below 0° and above the top angle, so those tick labels are not clipped.
        span = self._y_top / (1.0 - band - 0.16)
        lo, hi = -0.08 * span, self._y_top + (0.08 + band) * span
        vb.setLimits(yMin=min(-15.0, lo), yMax=max(195.0, hi))
        vb.setYRange(lo, hi, padding=0.0)
        # Ticks only where angles can be: none in the legend's band.
        self.plot.getPlotItem().getAxis("left").setTicks(
            [[(a, f"{a}°") for a in (0, 30, 60, 90, 120, 150, 180) if a <= max(90.0, self._y_top) + 1e-9],
             [(a, "") for a in range(0, 181, 15) if a <= max(90.0, self._y_top) + 1e-9]])

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
    return no_proof_reason(result)  # the one sentence the live panel gives too
