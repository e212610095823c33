"""Notes 002's run table as a plot: :class:`EpochPlot` draws the updates per epoch above and
the training and test error below, with a marker at the playhead's epoch."""
from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.algorithms import REGISTRY
from ...i18n import _, display_numbers
from ...render import theme as style
from ...render.formatting import fmt_int, fmt_pct
from ...session.viewed import ViewedSession
from ..kit.accessible import describe_value, name_widget
from ..kit.plot_setup import NO_DOWNSAMPLE_MAX, set_downsampling, settle_axes, white_plot
from ..kit.view_wiring import DragThrottle, connect_events
from .proof_plots import PLAYHEAD, SYMBOLS_MAX

__all__ = ["EpochPlot"]

Qt = QtCore.Qt


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


def _title_length(axis: pg.AxisItem) -> float:
    """The length of an axis's title as drawn (at its style's size, the text zoom's included)."""
    label = axis.label
    return label.boundingRect().width() - 2 * label.document().documentMargin()


class EpochPlot(QtWidgets.QWidget):
    """Notes 002's run table as a plot: updates per epoch (bars, top) and the training and
    test error in % after each epoch (bottom), sharing the epoch axis; a vertical line marks
    the playhead's epoch (at −0.5 before the first visit).

    Parameters
    ----------
    session : Session
    parent : QWidget, optional
    """

    def __init__(self, session: ViewedSession, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.view = pg.GraphicsLayoutWidget()
        self.view.setBackground("w")
        self.view.ci.setContentsMargins(4, 4, 4, 4)  # a short dock's pixels go to the plots
        self.updates_plot = self.view.addPlot(row=0, col=0)
        self.error_plot = self.view.addPlot(row=1, col=0)
        self.error_plot.setXLink(self.updates_plot)
        for item in (self.updates_plot, self.error_plot):
            white_plot(item)
            settle_axes(item)
            item.setMenuEnabled(False)
            item.getAxis("left").setWidth(48)
        self.updates_plot.setLabel("left", _("updates"))
        self.error_plot.setLabel("left", _("error (%)"))
        self.updates_curve = self.updates_plot.plot(
            stepMode="center", fillLevel=0, pen=pg.mkPen(style.NORMAL), brush=pg.mkBrush(0, 158, 115, 110))
        self.train_curve = pg.PlotDataItem(pen=pg.mkPen(style.POSITIVE, width=2), name=_("training error"))
        self.test_curve = pg.PlotDataItem(pen=pg.mkPen(style.NEGATIVE, width=2, style=Qt.PenStyle.DashLine),
                                          name=_("test error"))
        self.error_plot.addItem(self.train_curve)
        self.error_plot.addItem(self.test_curve)
        self.markers = [pg.InfiniteLine(angle=90, pen=pg.mkPen(PLAYHEAD, width=2)) for __ in range(2)]
        self.updates_plot.addItem(self.markers[0], ignoreBounds=True)
        self.error_plot.addItem(self.markers[1], ignoreBounds=True)
        self.view.setToolTip(_("Per epoch (notes 002): the number of updates nb_changes (bars) and "
                               "the training / test error in % of the predictor after the epoch. "
                               "An epoch without updates ends the run: the data are separated."))
        name_widget(self.view, _("Per-epoch plot"))
        self._rows: list = []  # the run's epochs, for the plot's description
        lay = QtWidgets.QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.view)
        # Not the focus of a drag: redraw at most every 100 ms while a point is dragged.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._on_playhead_changed))])
        self._on_run_changed(session.result)
        self.fit_minimum()  # after the key went under the error plot: it takes height too

    def fit_minimum(self) -> None:
        """Room for the plots' rotated axis titles: stacked, each is as tall as its title with a
        row of tick labels (and the key under the lower one); in a dock too short for that (a
        1280×720 screen) the two stand side by side, each the dock's full height. Squeezed one
        above the other, the titles ran into each other and the plots were lines. Called again when
        the titles' size changes (the text zoom, presentation mode)."""
        # The titles' text in their own font, rotated: its length is the height it needs.
        title = max(_title_length(item.getAxis("left")) for item in (self.updates_plot, self.error_plot))
        # Under the lower plot its tick labels and the key (its bottom axis); the layout's margins.
        margins = self.view.ci.layout.getContentsMargins()
        below = self.error_plot.getAxis("bottom").height()
        self.one_plot_height = round(title + below + margins[1] + margins[3] + 4)
        self.view.setMinimumHeight(self.one_plot_height)
        self._arrange()

    @property
    def side_by_side(self) -> bool:
        """The two plots in one row (a short dock) rather than one above the other."""
        return self.view.ci.getItem(0, 1) is self.error_plot

    def _arrange(self) -> None:
        wanted = self.view.height() < 2 * self.one_plot_height
        if wanted == self.side_by_side:
            return
        layout = self.view.ci
        layout.removeItem(self.error_plot)
        layout.addItem(self.error_plot, row=0 if wanted else 1, col=1 if wanted else 0)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._arrange()

    def _on_run_changed(self, result) -> None:
        rows = [] if result is None else result.record.epochs
        self._rows = rows
        e = np.arange(len(rows), dtype=np.float64)
        updates = np.array([r.updates for r in rows], dtype=np.float64)
        # A learner that updates at every visit (ADALINE) shows the loss it minimises instead.
        loss = None if result is None else REGISTRY[result.record.algorithm].epoch_loss
        title = _("updates") if loss is None else _(loss[1])
        if self.updates_plot.getAxis("left").labelText != title:
            self.updates_plot.setLabel("left", title)
            if hasattr(self, "one_plot_height"):  # a longer title needs more height (see fit_minimum)
                self.fit_minimum()
        if loss is not None:
            updates = np.asarray(result.record.extras.get(loss[0], np.zeros(len(rows))), dtype=np.float64)
        train = np.array([100.0 * r.train_error for r in rows], dtype=np.float64)
        has_test = bool(rows) and rows[0].test_error is not None
        test = np.array([100.0 * r.test_error if r.test_error is not None else np.nan for r in rows])
        many = len(rows) > NO_DOWNSAMPLE_MAX
        for curve in (self.train_curve, self.test_curve):
            set_downsampling(curve, len(rows))
        self.updates_curve.setData(*_epoch_bars(updates))
        n_x = max(len(rows), 1)
        for item in (self.updates_plot, self.error_plot):  # no "epoch 0.5" ticks on short runs
            if len(rows) <= 12:
                item.getAxis("bottom").setTickSpacing(1, 1)
            else:
                item.getAxis("bottom").setTickSpacing()
            # Zooming out stops near the run: a 4-epoch plot zoomed out to 30,000 epochs asked
            # for a tick per epoch and froze the window for a minute.
            item.getViewBox().setLimits(xMin=-0.5 - 0.05 * n_x - 1, xMax=n_x - 0.5 + 0.05 * n_x + 1)
        symbol = None if many or len(rows) > SYMBOLS_MAX else "o"
        self.train_curve.setData(e, train, symbol=symbol, symbolSize=5, symbolBrush=style.POSITIVE, symbolPen=None)
        self.test_curve.setData(e if has_test else [], test if has_test else [], symbol=symbol, symbolSize=5,
                                symbolBrush=style.NEGATIVE, symbolPen=None)
        # The wide bottom axis label, coloured like the curves, is the key: a legend box would
        # sit on the curves and a title would take a third of a short dock's height.
        words = {"epoch": _("epoch"), "train": _("training error"), "test": _("test error")}
        test_key = (f"<span style='color:{style.NEGATIVE}'>– – {words['test']}</span>" if has_test
                    else _("(no test set)"))
        self.error_plot.setLabel("bottom", f"{words['epoch']} &nbsp;&nbsp;&nbsp; <span style='color:{style.POSITIVE}'>"
                                 f"—— {words['train']}</span> &nbsp; {test_key}")
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
        describe_value(self.view, display_numbers(self.point_text()))

    def point_text(self) -> str:
        """What the plot shows and its epoch at the playhead, in words (its accessible description)."""
        what = _("Updates per epoch (bars) and the training and test error after each epoch.")
        x = self.marker_epoch()
        if not self._rows or x < 0:
            return what + " " + (_("Before the first epoch.") if self._rows else _("No run yet."))
        r = self._rows[min(int(x), len(self._rows) - 1)]
        if r.test_error is None:
            now = _("Epoch {epoch}: {updates} updates, training error {train}.").format(
                epoch=fmt_int(int(x)), updates=fmt_int(r.updates), train=fmt_pct(r.train_error))
        else:
            now = _("Epoch {epoch}: {updates} updates, training error {train}, test error {test}.").format(
                epoch=fmt_int(int(x)), updates=fmt_int(r.updates), train=fmt_pct(r.train_error),
                test=fmt_pct(r.test_error))
        return what + " " + now

    def marker_epoch(self) -> float:
        return float(self.markers[0].value())
