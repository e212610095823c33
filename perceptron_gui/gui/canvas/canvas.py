"""The drawing canvas: the points, the hyperplane at the playhead, and mouse editing.

It reads the session and redraws on its events; mouse input goes out as commands (see
:mod:`.tools`). What is drawn for a playhead position comes from
:meth:`Session.frame` (``session.frame.frame_at``), the same :class:`Frame` the exporters use.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pyqtgraph as pg
from PySide6 import QtCore, QtGui, QtWidgets

from ...core.run import split_augmented
from ...core.workers import named_pool
from ...i18n import N_, _, display_numbers
from ...render.formatting import fmt_equation, fmt_int
from ...render.geometry import view_fit
from ...render.projection import PCA, W_THETA, Projection, make_projection, pca_projection, principal_view
from ...render.update_picture import update_tips
from ...session.commands import Change, DeletePoints
from ...session.frame import Frame
from ...session.points import with_rows, without_rows
from ...session.viewed import ViewedSession
from ..kit.accessible import describe_value, name_widget
from ..kit.plot_setup import settle_axes
from ..kit.ui_thread import ui_call
from ..kit.user_text import rich
from ..kit.view_wiring import connect_events
from .keyboard_cursor import KeyboardCursor
from .look import restyle, style_axes
from .overlay import SCREEN_LOOK, FrameOverlay, OverlayLook, OverlayOptions, point_size_level, point_style, point_styles
from .raster_points import RASTER_ABOVE, PointLayer
from .scatter import FastScatter
from .tools import EditTool, EditViewBox

__all__ = ["Canvas"]

_NOTHING = object()
_Key = QtCore.Qt.Key
_CANVAS_KEYS = (_Key.Key_Delete, _Key.Key_Backspace, _Key.Key_F, _Key.Key_Escape, _Key.Key_K)
_WHAT_IS_DRAWN = N_("The data as points (class +1 a blue plus, class −1 a vermillion minus), the hyperplane "
                  "at the step shown with its normal vector w, and the step: the example visited ringed. "
                  "Click to add a point, or press K for the keyboard cursor.")


class Canvas(QtWidgets.QWidget):
    """A pyqtgraph plot of the session's points and of the run at the playhead.

    Parameters
    ----------
    session : the :class:`~perceptron_gui.session.session.Session` to show and edit, or any
        :class:`~perceptron_gui.session.viewed.ViewedSession` (an export's frozen copy).
    look : how big lines and symbols are drawn (the screen's, or a slide's for exports).

    Attributes
    ----------
    plot : the ``pg.PlotWidget``; ``view_box`` its :class:`EditViewBox`.
    active_class : +1 or −1, the class a left click adds.
    projection : how data rows map to the view plane (identity for 2-D data).
    view_points : (n, 2) the view-plane positions of the session's points, row for row.
    frame : the :class:`Frame` drawn last (None before the first run).

    Signals
    -------
    view_range_changed(((x0, x1), (y0, y1))) : the visible data range changed.
    """

    view_range_changed = QtCore.Signal(object)

    def __init__(self, session: ViewedSession, parent: QtWidgets.QWidget | None = None,
                 look: OverlayLook = SCREEN_LOOK, cache_points: bool = True) -> None:
        super().__init__(parent)
        self.session = session
        self.active_class = 1
        self.options = OverlayOptions()
        self._features: str | tuple[int, int | None] = PCA  # for d > 2: see set_view
        self._axes_wanted = [0]  # the last edit whose principal axes are wanted (see _axes_later)
        self._lifted = False
        self.frame: Frame | None = None
        self._stale_result: object = _NOTHING  # the run of data just replaced, until a new one
        self._fitted_range: list | None = None
        self._drawn: tuple[object, int | None] | None = None
        self._last_range: tuple | None = None
        self._exporting = False
        self._axes: tuple | None = None

        self.look = look
        self.view_box = EditViewBox()
        self.plot = pg.PlotWidget(self, background=look.theme.background, viewBox=self.view_box)
        layout = QtWidgets.QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.plot)
        self.setFocusProxy(self.plot)
        item = self.plot.getPlotItem()
        item.setMenuEnabled(False)
        item.hideButtons()
        style_axes(item, look.theme)
        for name in ("left", "bottom"):
            item.getAxis(name).setStyle(maxTickLevel=1)  # major and one minor grid level: calmer, cheaper
        settle_axes(item)
        self.view_box.disableAutoRange()
        # Above RASTER_ABOVE points the screen shows them as one image (raster_points.py);
        # figures keep vector marks (an SVG or PDF states its own raster layer).
        self.points = PointLayer(FastScatter(point_styles(look)), RASTER_ABOVE if cache_points else None)
        self.points_item.setZValue(10)
        self.view_box.addItem(self.points_item, ignoreBounds=True)  # we fit the view ourselves
        if self.points.raster is not None:
            self.view_box.addItem(self.points.raster, ignoreBounds=True)
        # On screen, the points as a pixmap Qt keeps: a step, a selection or a moved line
        # repaints the lines and rings over it without drawing every point again (at 10⁶
        # points that was 530 ms a step; now 12 ms); a pan or zoom, or new points, redraw it
        # once. Not in figures: an SVG or PDF must get the points as vectors, not a pixmap.
        if cache_points:
            self.points_item.setCacheMode(QtWidgets.QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.overlay = FrameOverlay(self.view_box, item, look)
        self.tool = EditTool(self)
        self.view_box.tool = self.tool
        self.keyboard_cursor = KeyboardCursor(self)  # K: the canvas by keyboard alone (keyboard_cursor.py)
        name_widget(self, _("Canvas"), _(_WHAT_IS_DRAWN))
        name_widget(self.plot, _("Canvas"), _(_WHAT_IS_DRAWN))  # the focus widget: what a screen reader reads
        self.projection: Projection = self._projection()
        self.view_points = np.zeros((0, 2))

        self.view_box.sigRangeChanged.connect(self._on_range_changed)
        self.plot.installEventFilter(self)
        connect_events(self, [(session.points_changed, self._on_points_changed),
                              (session.run_changed, self._on_run_changed),
                              (session.playhead_changed, self._on_playhead_changed),
                              (session.frame_changed, self._on_playhead_changed),
                              (session.selection_changed, self._show_selection)])
        self._rebuild(fit=True)

    # ---- public API -------------------------------------------------------------------------
    @property
    def points_item(self) -> FastScatter:
        """The vector scatter of the points (empty and hidden while they are drawn as an image)."""
        return self.points.scatter

    @points_item.setter
    def points_item(self, item: FastScatter) -> None:  # a new look's scatter (canvas_look.restyle)
        self.points.set_scatter(item)

    def set_look(self, look: OverlayLook) -> None:
        """Draw from now on in ``look`` (another theme, or presentation mode's thicker lines and
        bigger symbols): see :func:`.canvas_look.restyle`."""
        if look != self.look:
            self.look = look
            restyle(self, look)
            self.keyboard_cursor.restyle()
            self._show_selection()
            self._redraw_frame(force=True)

    def fit_view(self) -> None:
        """Show all points, the hyperplane shown now and its normal arrow (and, in the lifted
        view, the origin; with the update as vectors, the origin and their tips)."""
        P = self.view_points
        tips = update_tips(self.frame, self.projection.kind) if self.options.show_update else None
        if tips is not None and P.shape[0] and np.all(np.isfinite(tips)):
            P = np.vstack((P, tips, np.zeros((1, 2))))
        x0, y0, x1, y1 = view_fit(P, self.projection.kind, line=self._frame_line())
        self.view_box.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)
        self._fitted_range = self.view_box.viewRange()

    def _frame_line(self) -> tuple[np.ndarray, float] | None:
        """The shown hyperplane as a line (w₂, b₂) of the view plane; None while the run shown
        is of the data that was just replaced."""
        fr = self.frame
        if (fr is None or not fr.has_hyperplane or fr.w.shape[0] != self.projection.d
                or self.session.result is self._stale_result):
            return None
        return self.projection.line(fr.w, fr.b)

    def set_active_class(self, c: int) -> None:
        """The class (+1 or −1) a left click adds; right click / Shift+click adds the other."""
        if c not in (1, -1):
            raise ValueError(f"the active class is +1 or -1, not {c!r}")
        self.active_class = int(c)

    def set_show_theta_star(self, show: bool) -> None:
        self._set_option("show_theta_star", show)

    def set_show_regions(self, show: bool) -> None:
        self._set_option("show_regions", show)

    def set_show_margins(self, show: bool) -> None:
        self._set_option("show_margins", show)

    def set_show_previous(self, show: bool) -> None:
        """The hyperplane before the last update (solid) with the current one dashed (notes 003)."""
        self._set_option("show_previous", show)

    def set_show_update(self, show: bool) -> None:
        """The last update as vector addition: w_{k−1}, then y·x from its tip, then w_k."""
        self._set_option("show_update", show)

    def set_show_point_margins(self, show: bool) -> None:
        """Each point's signed margin written beside it (up to 50 points in view)."""
        self._set_option("show_point_margins", show)

    def set_features(self, i: int, j: int | None) -> None:
        """For d > 2: show features i and j (0-based), or with ``j is None`` the first two
        principal components. The hyperplane is drawn where it cuts the slice through the mean."""
        d = self.session.points.d
        if j is not None and not (0 <= i < d and 0 <= j < d and i != j) and d > 2:
            self.session.message.emit("error", _("Choose two different features between 1 and {d}.").format(d=d))
            return
        self.set_view(PCA if j is None else (int(i), int(j)))

    def set_view(self, choice: str | tuple[int, int | None]) -> None:
        """For d > 2: :data:`PCA` (the default), :data:`W_THETA` (the plane of the run's output
        w and θ*, redrawn when the run changes) or two features (i, j)."""
        if not isinstance(choice, str) and choice[1] is None:  # (i, None): PCA, as set_features says
            choice = PCA
        self._features = choice if isinstance(choice, str) else (int(choice[0]), int(choice[1] or 0))
        if self.session.points.d > 2:
            self._rebuild(fit=True)
            if choice == W_THETA and self.projection.kind != "w_theta" and self.session.result is not None:
                self.session.message.emit("info", _("The plane of w and θ* needs separable data and a w that "
                                            "is not parallel to θ*; the canvas shows PCA until then."))

    @property
    def view_choice(self) -> str | tuple[int, int | None]:
        return self._features

    def _projection(self) -> Projection:
        pts = self.session.points
        return make_projection(pts.X, pts.feature_names, self._features, self._lifted, self._plane_directions())

    def _plane_directions(self) -> tuple[np.ndarray | None, np.ndarray | None] | None:
        """(output w, θ*'s feature part) of the run shown, for the W_THETA view."""
        res = self.session.result
        if self._features != W_THETA or res is None or res.record.final_w.shape[0] != self.session.points.d:
            return None
        tho = res.theory
        theta = None if tho is None or tho.theta_star is None else split_augmented(tho.theta_star, res.record.offset)[0]
        return np.asarray(res.record.final_w), theta

    @property
    def lifted_view(self) -> bool:
        """Whether 1-D data are drawn lifted, at (x, 1) (see :meth:`set_lifted_view`)."""
        return self._lifted

    def set_lifted_view(self, lifted: bool) -> None:
        """For 1-D data: draw each point at (x, 1), so the separator w·x + b·1 = 0 becomes a line
        through the origin with normal (w, b) (the offset trick of notes 003)."""
        self._lifted = bool(lifted)
        if self.session.points.d == 1:
            self._rebuild(fit=True)

    def render_to_image(self, width: int, height: int) -> QtGui.QImage:
        """The plot (axes, data, legend) laid out at width × height and rendered offscreen.

        The plot is re-laid out at that size for the render (text keeps its size, the view
        shows more or less around the same centre) and put back afterwards.
        """
        item = self.plot.getPlotItem()
        old = item.geometry()
        self._exporting = True
        try:
            item.setGeometry(QtCore.QRectF(0, 0, width, height))
            scene = self.plot.scene()
            scene.prepareForPaint()
            img = QtGui.QImage(int(width), int(height), QtGui.QImage.Format.Format_ARGB32)
            img.fill(QtGui.QColor("white"))
            painter = QtGui.QPainter(img)
            painter.setRenderHint(QtGui.QPainter.RenderHint.Antialiasing)
            scene.render(painter, QtCore.QRectF(0, 0, width, height), item.sceneBoundingRect())
            painter.end()
        finally:
            item.setGeometry(old)
            self._exporting = False
        return img

    # ---- session events ---------------------------------------------------------------------------
    def _on_points_changed(self, change: Change) -> None:
        pts = self.session.points
        if change.kind == "move" and self.projection.d == pts.d:
            idx = np.asarray(change.indices, dtype=np.intp)
            if self.projection.kind == "features":  # the slice follows the mean; positions do not move
                self.projection = self._projection()
            self.view_points[idx] = self.projection.points(pts.X[idx])
            self.tool.points_moved(idx)
            self.points.move_points(idx, self.view_points[idx])
            if np.intersect1d(idx, self.session.selection).size:
                self._show_selection()
        elif change.kind in ("label", "role") and self.projection.d == pts.d:
            idx = np.asarray(change.indices, dtype=np.intp)
            self.points.set_styles(idx, point_style(pts.y[idx], pts.test[idx], pts.n))
        elif change.kind in ("add", "delete") and self._keeps_others(change):
            # Only the rows involved: the other points stay where and as they are drawn.
            idx = np.sort(np.asarray(change.indices, dtype=np.intp))
            # The others' positions as drawn, by runs of rows: projecting all 10⁶ points again
            # took 36 ms of a Delete's block.
            if change.kind == "delete":
                self.view_points = without_rows(self.view_points, idx)
            else:
                self.view_points = with_rows(self.view_points, idx, self.projection.points(pts.X[idx]))
            self.tool.points_replaced(self.view_points)
            if change.kind == "delete":
                self.points.delete_points(idx, self.view_points)
            else:
                self.points.insert_points(idx, self.view_points[idx], point_style(pts.y[idx], pts.test[idx], pts.n),
                                          self.view_points)
            self._show_selection()
            self._redraw_frame(force=True)
            if self.projection.kind == PCA:
                self._axes_later()
        elif change.kind in ("add", "delete") and self.projection.kind == PCA and self.projection.d == pts.d:
            self._rebuild(fit=False, projection=self.projection)  # the marks' size changed: the axes stay
            self._axes_later()
        else:
            if change.kind == "reset":
                self._stale_result = self.session.result  # of the data just replaced
            self._rebuild(fit=change.kind == "reset")

    def _keeps_others(self, change: Change) -> bool:
        """Whether points added or deleted leave every other point's position and style as
        drawn: a view of all features, or PCA while its axes stay (see :meth:`_axes_later`;
        not a slice through the mean of two features or of w and θ*), and the same size of
        marks (marks shrink as the count passes POINT_SIZES' limits)."""
        pts = self.session.points
        if self.projection.d != pts.d or self.projection.kind not in ("plane", "line", "lifted", PCA):
            return False
        before = pts.n + (len(change.indices) if change.kind == "delete" else -len(change.indices))
        return before > 0 and point_size_level(before) == point_size_level(pts.n)

    def _axes_later(self) -> None:
        """The principal axes of points just added or deleted, worked out on a worker: until they
        come the view keeps its axes, so no point moves (at 12,665 × 784 they took 0.3–0.4 s of
        the window's thread at every Delete); then the points are drawn on the new ones. Only
        the last edit's axes are drawn, and a worker skips an edit another has followed."""
        self._axes_wanted[0] += 1
        ticket, wanted, X = self._axes_wanted[0], self._axes_wanted, self.session.points.X
        done = ui_call(self._on_axes)

        def work() -> None:
            if wanted[0] == ticket:
                done(ticket, *principal_view(X))

        named_pool("canvas-axes", housekeeping=True).submit(work)

    def _on_axes(self, ticket: int, mean: np.ndarray, basis: tuple[np.ndarray, np.ndarray] | None) -> None:
        pts = self.session.points
        if ticket != self._axes_wanted[0] or self.projection.kind != PCA or mean.shape[0] != pts.d:
            return  # another edit, another view or other data since
        self._rebuild(fit=False, projection=pca_projection(mean, basis) if basis is not None else None)

    def _on_run_changed(self, result) -> None:
        if self._features == W_THETA and self.session.points.d > 2 and result is not None:
            self._rebuild(fit=not self.session.dragging)  # the plane is the new run's
            return
        self._redraw_frame()

    def _on_playhead_changed(self) -> None:
        self._redraw_frame()

    def _show_selection(self) -> None:
        sel = self.session.selection
        sel = sel[sel < self.view_points.shape[0]]
        self.overlay.selection.set_points(self.view_points[sel])
        if self.keyboard_cursor.active:
            self.describe()

    # ---- drawing --------------------------------------------------------------------------------
    def _rebuild(self, fit: bool, projection: Projection | None = None) -> None:
        """New projection (``projection``, or the view's of the points) and all points re-sent
        (a new data set, an add/delete, another view)."""
        pts = self.session.points
        old_kind = self.projection.kind
        self.overlay.forget()  # its frame, positions and margins are of the points drawn before
        if projection is None:  # the view's own: axes a worker works out for points before are not drawn
            self._axes_wanted[0] += 1
        self.projection = proj = self._projection() if projection is None else projection
        axes = (proj.x_label, proj.y_label, proj.kind != "line")
        if axes != self._axes:  # relabelling makes pyqtgraph redo the axes and grid: only on change
            self._axes = axes
            item = self.plot.getPlotItem()
            # pyqtgraph labels are HTML; names come from files (the first argument names the axis)
            item.setLabel("bottom", rich(proj.x_label))  # i18n: no
            item.setLabel("left", rich(proj.y_label))  # i18n: no
            item.showAxis("left", axes[2])
            self.view_box.setAspectLocked(axes[2], ratio=1.0)
            self.view_box.setMouseEnabled(x=True, y=axes[2])
        self.view_points = proj.points(pts.X)
        self.tool.points_replaced(self.view_points)
        self.points.set_points(self.view_points, point_style(pts.y, pts.test, pts.n))
        self._show_selection()
        if fit or proj.kind != old_kind:
            self.fit_view()
        self._redraw_frame(force=True)

    def _redraw_frame(self, force: bool = False) -> None:
        result = self.session.result
        frame = self.session.frame()  # big data: the newest ready one; frame_changed follows
        if frame is None and result is not None and not force:
            return  # a new run's first frame is being computed: keep the picture until it comes
        t = None if frame is None else frame.t
        if not force and self._drawn is not None and self._drawn[0] is result and self._drawn[1] == t:
            return  # run_changed and playhead_changed both follow a new run: draw once
        self._drawn = (result, t)
        if frame is not None and (frame.w.shape[0] != self.projection.d or result is self._stale_result):
            # A run of the previous data set (a new one is being trained, or it failed): its
            # hyperplane, shading and margins are not the new points', whatever their dimension.
            frame = None
        self.frame = frame
        if self._stale_result is not _NOTHING and result is not self._stale_result:
            # The first run of new data: fit again to take in its hyperplane, unless the view
            # was moved since the data came (by the user, or a session's saved view).
            self._stale_result = _NOTHING
            if self.view_box.viewRange() == self._fitted_range:
                self.fit_view()
        pts = self.session.points
        self.overlay.show_frame(frame, self.projection, self.view_points, pts.y, pts.test, self.options, pts.X)
        self.describe()

    def describe(self) -> None:
        """The plot's accessible description: what is drawn (the data, the hyperplane at the
        step shown) and, while it is on, where the keyboard cursor is."""
        pts, fr, result = self.session.points, self.frame, self.session.result
        n_pos = int(np.count_nonzero(pts.y > 0))
        text = _("{n} points: {pos} of class +1 (plus), {neg} of class −1 (minus).").format(
            n=fmt_int(pts.n), pos=fmt_int(n_pos), neg=fmt_int(pts.n - n_pos))
        if fr is None or result is None:
            text += " " + _("No run yet.")
        elif fr.has_hyperplane:
            text += " " + _("Hyperplane {equation} after update {k} of {total}.").format(
                equation=fmt_equation(fr.w, fr.b, fr.offset), k=fmt_int(fr.k), total=fmt_int(result.record.num_updates))
        if fr is not None and fr.visit_index is not None:
            visited = _("Visited row {row}: an update.") if fr.visit_updated else _("Visited row {row}: no update.")
            text += " " + visited.format(row=fr.visit_index + 1)
        describe_value(self.plot, display_numbers(text + self.keyboard_cursor.sentence()))

    def claims_key(self, event: QtGui.QKeyEvent) -> bool:
        """Whether the canvas takes ``event``'s key itself now (the keyboard cursor's keys while it
        is on): the window's playback keys leave such a key to it."""
        return self.keyboard_cursor.claims(event)

    def _set_option(self, name: str, value: bool) -> None:
        self.options = replace(self.options, **{name: bool(value)})
        self._redraw_frame(force=True)

    def _on_range_changed(self, vb, view_range, changed=None) -> None:
        (x0, x1), (y0, y1) = view_range
        self.overlay.set_view_rect((x0, y0, x1, y1))
        rng = ((float(x0), float(x1)), (float(y0), float(y1)))
        if rng != self._last_range and not self._exporting:
            self._last_range = rng
            self.session.set_view_range(rng)  # exporters draw the range the user is looking at
            self.view_range_changed.emit(rng)

    # ---- keys -----------------------------------------------------------------------------------
    def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
        if (obj is self.plot and isinstance(ev, QtGui.QKeyEvent)
                and ev.type() in (QtCore.QEvent.Type.KeyPress, QtCore.QEvent.Type.ShortcutOverride)):
            if self.keyboard_cursor.claims(ev):
                if ev.type() == QtCore.QEvent.Type.ShortcutOverride:
                    ev.accept()  # → and ← move the cursor, not the playhead, while it is on
                else:
                    self.keyboard_cursor.key(ev)
                return True
            if ev.key() in _CANVAS_KEYS and not ev.modifiers() & ~QtCore.Qt.KeyboardModifier.KeypadModifier:
                if ev.type() == QtCore.QEvent.Type.ShortcutOverride:
                    ev.accept()  # the canvas, when focused, owns these keys over window shortcuts
                else:
                    self._key(ev.key())
                return True
        return super().eventFilter(obj, ev)

    def keyPressEvent(self, ev: QtGui.QKeyEvent) -> None:  # noqa: N802
        if ev.key() in _CANVAS_KEYS:
            self._key(ev.key())
        else:
            super().keyPressEvent(ev)

    def _key(self, key: int) -> None:
        if key in (_Key.Key_Delete, _Key.Key_Backspace):
            if self.session.selection.size:
                self.session.execute(DeletePoints(self.session.selection.copy()))
        elif key == _Key.Key_F:
            self.fit_view()
        elif key == _Key.Key_K:
            self.keyboard_cursor.set_active(not self.keyboard_cursor.active)
        elif key == _Key.Key_Escape:
            if self.keyboard_cursor.active:
                self.keyboard_cursor.set_active(False)
            else:
                self.session.select([])
