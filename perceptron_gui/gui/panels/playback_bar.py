"""Playback controls: step by update / visit / epoch, play at a chosen speed, scrub to any k."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from ...i18n import N_, _
from ...render.formatting import fmt_int
from ...session.session import Session
from ..kit.accessible import describe_value, name_widget
from ..kit.view_wiring import connect_events

Qt = QtCore.Qt
SLIDER_MIN_WIDTH = 120  # px: still a slider one can drag to a chosen k
# The playback units (the session's names) and their words in the step combo.
UNITS = (("update", N_("update")), ("visit", N_("visit")), ("epoch", N_("epoch")))


class PlaybackBar(QtWidgets.QWidget):
    """Buttons, a slider over the updates k = 0..K, speed and unit; a QTimer drives ``session.tick``."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.timer = QtCore.QTimer(self)
        self.timer.timeout.connect(self._on_tick)
        style = self.style()
        SP = QtWidgets.QStyle.StandardPixmap

        def button(icon: QtWidgets.QStyle.StandardPixmap, tip: str, slot) -> QtWidgets.QToolButton:
            b = QtWidgets.QToolButton()
            b.setIcon(style.standardIcon(icon))
            b.setToolTip(tip)
            name_widget(b, tip.split(" (")[0].split(",")[0], tip)  # an icon alone says nothing to a screen reader
            b.setAutoRaise(True)
            b.clicked.connect(slot)
            return b

        self.start_btn = button(SP.SP_MediaSkipBackward, _("To the start, before any update (Home)"), session.to_start)
        self.prev_epoch_btn = button(SP.SP_MediaSeekBackward, _("Back one epoch (Shift+←)"), lambda: session.step("epoch", -1))
        self.prev_btn = button(SP.SP_ArrowLeft, _("Back one update (←)"), lambda: session.step("update", -1))
        self.prev_visit_btn = QtWidgets.QToolButton()
        self.prev_visit_btn.setText(_("‹ visit"))
        self.prev_visit_btn.setToolTip(_("Back one example visit, including visits that caused no update (Ctrl+←)"))
        self.prev_visit_btn.clicked.connect(lambda: session.step("visit", -1))
        name_widget(self.prev_visit_btn, _("Back one example visit"), self.prev_visit_btn.toolTip())
        self.play_btn = button(SP.SP_MediaPlay, _("Play / pause (Space)"), self.toggle_play)
        self.next_visit_btn = QtWidgets.QToolButton()
        self.next_visit_btn.setText(_("visit ›"))
        self.next_visit_btn.setToolTip(_("Forward one example visit, including visits that caused no update (Ctrl+→)"))
        self.next_visit_btn.clicked.connect(lambda: session.step("visit", 1))
        name_widget(self.next_visit_btn, _("Forward one example visit"), self.next_visit_btn.toolTip())
        self.next_btn = button(SP.SP_ArrowRight, _("Forward one update (→)"), lambda: session.step("update", 1))
        self.next_epoch_btn = button(SP.SP_MediaSeekForward, _("Forward one epoch (Shift+→)"), lambda: session.step("epoch", 1))
        self.end_btn = button(SP.SP_MediaSkipForward, _("To the end of training (End)"), session.to_end)
        self.slider = QtWidgets.QSlider(Qt.Orientation.Horizontal)
        self.slider.setToolTip(_("Drag to any update k (0 = start)"))
        self.slider.valueChanged.connect(self._on_slider)
        name_widget(self.slider, _("Update shown"), _("Drag or use the arrow keys to show any update k (0 = start)"))
        self.position = QtWidgets.QLabel()
        self.position.setToolTip(_("k: updates made so far; the epoch (counted from 0) and the table row "
                                   "of the example being visited"))
        self.unit = QtWidgets.QComboBox()
        for unit, word in UNITS:  # shown in the language, known to the session by its name
            self.unit.addItem(_(word), unit)
        self.unit.setToolTip(_("What one playback step is: one update, one example visit, or one epoch"))
        self.unit.currentIndexChanged.connect(lambda i: self._on_unit(self.unit.itemData(i)))
        name_widget(self.unit, _("Playback step"), self.unit.toolTip())
        self.speed = QtWidgets.QDoubleSpinBox()
        self.speed.setRange(0.5, 200.0)
        self.speed.setValue(session.play_speed)
        self.speed.setSuffix(" /s")
        self.speed.setDecimals(1)
        self.speed.setToolTip(_("Playback speed: steps per second (type a value and press Enter)"))
        # The typed speed applies on Enter (or when the field loses the focus); Escape drops it.
        self.speed.setKeyboardTracking(False)
        self.speed.valueChanged.connect(self._on_speed)
        name_widget(self.speed, _("Playback speed"), self.speed.toolTip())
        name_widget(self.position, _("Playhead position"))
        # Two rows, so the bar fits a 1024-px projector: the slider with k's text above, the
        # buttons and the speed below. The slider keeps a usable width; the text is never cut.
        self.slider.setMinimumWidth(SLIDER_MIN_WIDTH)
        rows = QtWidgets.QVBoxLayout(self)
        rows.setContentsMargins(4, 0, 4, 0)
        rows.setSpacing(0)
        top = QtWidgets.QHBoxLayout()
        top.addWidget(self.slider, 1)
        top.addWidget(self.position)
        row = QtWidgets.QHBoxLayout()
        row.setSpacing(2)
        for w in (self.start_btn, self.prev_epoch_btn, self.prev_btn, self.prev_visit_btn, self.play_btn,
                  self.next_visit_btn, self.next_btn, self.next_epoch_btn, self.end_btn):
            row.addWidget(w)
        row.addStretch(1)
        step_label = QtWidgets.QLabel(_("step:"))
        step_label.setBuddy(self.unit)
        row.addWidget(step_label)
        row.addWidget(self.unit)
        row.addWidget(self.speed)
        rows.addLayout(top)
        rows.addLayout(row)
        self._updating = False
        connect_events(self, [(session.run_changed, lambda *_args: self.refresh()),
                              (session.playhead_changed, self.refresh),
                              (session.playing_changed, self._on_playing)])
        self.refresh()

    def toggle_play(self) -> None:
        self.session.set_playing(not self.session.playing)

    def _on_playing(self, playing: bool) -> None:
        SP = QtWidgets.QStyle.StandardPixmap
        self.play_btn.setIcon(self.style().standardIcon(SP.SP_MediaPause if playing else SP.SP_MediaPlay))
        if playing:
            self.timer.start(int(1000 / self.session.play_speed))
        else:
            self.timer.stop()

    def _on_tick(self) -> None:
        self.session.tick()

    def _on_speed(self, v: float) -> None:
        self.session.set_play_speed(float(v))
        if self.timer.isActive():
            self.timer.setInterval(int(1000 / v))

    def _on_unit(self, unit: str) -> None:
        self.session.set_play_unit(unit)

    def _on_slider(self, k: int) -> None:
        if not self._updating and k != self.session.k:
            self.session.jump_to_update(k)

    def refresh(self) -> None:
        run = self.session.run
        self._updating = True
        try:
            K = 0 if run is None else run.num_updates
            self.slider.setRange(0, K)
            self.slider.setValue(self.session.k)
        finally:
            self._updating = False
        if run is None:
            self.position.setText(_("no run"))
            describe_value(self.position, _("no run"))
            return
        self._reserve_position_width(run)
        ph = self.session.playhead
        v = ph.visit(run)
        if v is None:
            text = _("k = {k} of {total} · start").format(k=fmt_int(self.session.k), total=fmt_int(run.num_updates))
        else:
            result = self.session.result
            row = (int(result.train_index[v.index]) if result is not None else v.index) + 1
            text = _("k = {k} of {total} · epoch {epoch} · row {row}").format(
                k=fmt_int(self.session.k), total=fmt_int(run.num_updates), epoch=fmt_int(v.epoch), row=fmt_int(row))
        self.position.setText(text)
        describe_value(self.position, text)

    def _reserve_position_width(self, run) -> None:
        """Room for the widest text this run can show, so the label never cuts a number and
        does not make the slider jump while playing."""
        last_row = max(self.session.points.n, run.n, 1)
        widest = _("k = {k} of {total} · epoch {epoch} · row {row}").format(
            k=run.num_updates, total=run.num_updates, epoch=max(run.epochs_run - 1, 0), row=last_row)
        width = self.position.fontMetrics().horizontalAdvance(widest + "0") + 4
        if self.position.minimumWidth() != width:
            self.position.setMinimumWidth(width)
