"""The Export animation dialog, and the runner that writes an animation from a timer under a
progress dialog with Cancel (Qt paints on the UI thread only, so frames are rendered a few at a
time between the window's own events; Pillow or ffmpeg encodes on a worker thread)."""
from __future__ import annotations

import time
from typing import Any

from PySide6 import QtCore, QtWidgets

from ...core.errors import UserError
from ...export.source import ExportSession
from ...i18n import _, display_numbers, ngettext
from ..figures.animation import (
    MAX_FPS,
    MAX_FRAMES_LIMIT,
    MP4_HINT,
    UNITS,
    AnimationJob,
    AnimationSettings,
    frame_steps,
    mp4_available,
)
from .figure_dialog import FIGURE_TITLES, disable_proof_figures, disable_still_figures, enable_item, export_sentence

__all__ = ["AnimationDialog", "AnimationRunner", "FRAME_BUDGET_S"]

Qt = QtCore.Qt
FRAME_BUDGET_S = 0.04  # rendering per timer tick: the window answers within this


class AnimationDialog(QtWidgets.QDialog):
    """Frames per update or per visit, the range of updates, frame rate, frame cap, width."""

    def __init__(self, actions: Any, source: ExportSession, fmt: str = "gif",
                 initial: AnimationSettings | None = None, figure: str = "canvas") -> None:
        super().__init__(actions.win)
        self.setWindowTitle(_("Export animation"))
        self.run = source.run
        s = initial or AnimationSettings()
        K = int(self.run.num_updates)
        form = QtWidgets.QFormLayout(self)
        self.format_box = QtWidgets.QComboBox()
        self.format_box.addItem(_("Animated GIF"), "gif")
        # TRANSLATORS: {hint} is the command that installs it (pip install '…').
        self.format_box.addItem(_("MP4 video (H.264)") if mp4_available()
                                else _("MP4 video (needs: {hint})").format(hint=MP4_HINT), "mp4")
        if not mp4_available():
            enable_item(self.format_box, 1, False, _("Install the optional ffmpeg package: {hint}").format(hint=MP4_HINT))
        self.format_box.setCurrentIndex(1 if fmt == "mp4" and mp4_available() else 0)
        self.figure_box = QtWidgets.QComboBox()
        for name, title in FIGURE_TITLES.items():
            self.figure_box.addItem(_(title), name)
        disable_proof_figures(self.figure_box, source.result)
        disable_still_figures(self.figure_box)
        self.figure_box.setCurrentIndex(max(0, self.figure_box.findData(figure)))
        self.unit_box = QtWidgets.QComboBox()
        for unit, text in UNITS.items():
            self.unit_box.addItem(text[0].upper() + text[1:], unit)
        self.unit_box.setCurrentIndex(max(0, self.unit_box.findData(s.unit)))
        self.from_spin, self.to_spin = QtWidgets.QSpinBox(), QtWidgets.QSpinBox()
        for spin, value in ((self.from_spin, s.k_from), (self.to_spin, K if s.k_to is None else s.k_to)):
            spin.setRange(0, K)
            spin.setValue(min(max(0, value), K))
            spin.setToolTip(_("Update numbers k: 0 is the start, before the first visit."))
        self.fps_spin = QtWidgets.QDoubleSpinBox()
        self.fps_spin.setRange(0.5, MAX_FPS)
        self.fps_spin.setDecimals(1)
        self.fps_spin.setValue(s.fps)
        # TRANSLATORS: the frame rate's unit after the number ("12.0 frames/s"); keep the space at its start.
        self.fps_spin.setSuffix(_(" frames/s"))
        self.cap_spin = QtWidgets.QSpinBox()
        self.cap_spin.setRange(1, MAX_FRAMES_LIMIT)
        self.cap_spin.setValue(s.max_frames)
        self.cap_spin.setToolTip(_("More frames than this are thinned evenly; the first and last are kept."))
        self.width_spin = QtWidgets.QSpinBox()
        self.width_spin.setRange(100, 4000)
        self.width_spin.setValue(s.width)
        self.width_spin.setSuffix(" px")
        self.info = QtWidgets.QLabel()
        rng = QtWidgets.QHBoxLayout()
        rng.addWidget(self.from_spin)
        # TRANSLATORS: between the first and the last update of the range ("Updates: 0 to 12").
        rng.addWidget(QtWidgets.QLabel(_("to")))
        rng.addWidget(self.to_spin)
        form.addRow(_("Format:"), self.format_box)
        form.addRow(_("Figure:"), self.figure_box)
        form.addRow(_("Frames:"), self.unit_box)
        form.addRow(_("Updates:"), rng)
        form.addRow(_("Frame rate:"), self.fps_spin)
        form.addRow(_("At most:"), self.cap_spin)
        form.addRow(_("Width:"), self.width_spin)
        form.addRow("", self.info)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.addButton(_("Export…"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        for sig in (self.unit_box.currentIndexChanged, self.from_spin.valueChanged, self.to_spin.valueChanged,
                    self.fps_spin.valueChanged, self.cap_spin.valueChanged):
            sig.connect(self._refresh)
        self._refresh()

    def settings(self) -> AnimationSettings:
        return AnimationSettings(unit=self.unit_box.currentData(), k_from=self.from_spin.value(),
                                 k_to=self.to_spin.value(), fps=self.fps_spin.value(),
                                 max_frames=self.cap_spin.value(), width=self.width_spin.value())

    def fmt(self) -> str:
        return self.format_box.currentData()

    def figure(self) -> str:
        return self.figure_box.currentData()

    def _refresh(self, *_args: Any) -> None:
        s = self.settings()
        ok = s.k_from <= (s.k_to or 0)
        self.ok_button.setEnabled(ok)
        if not ok:
            self.info.setText(_("The first update must not come after the last."))
            return
        n = int(frame_steps(self.run, s.unit, s.k_from, s.k_to, s.max_frames).size)
        # TRANSLATORS: the animation's frames and its length in seconds ("s" is the unit).
        self.info.setText(display_numbers(ngettext("{n} frame, {seconds:.1f} s", "{n} frames, {seconds:.1f} s", n)
                                          .format(n=n, seconds=n / s.fps)))


class AnimationRunner(QtCore.QObject):
    """Drives an :class:`AnimationJob` from a timer under a progress dialog with Cancel.

    ``state`` goes 'running' → 'done', 'failed' or 'cancelled'; ``message`` says how it ended.

    Signals
    -------
    finished(str) : the state it ended in.
    """

    finished = QtCore.Signal(str)

    def __init__(self, job: AnimationJob, win: Any) -> None:
        super().__init__(win)
        self.job, self.win = job, win
        self.state = "idle"
        self.message = ""
        self.progress = QtWidgets.QProgressDialog(
            _("Rendering {n} frames…").format(n=job.total),
            _("Cancel"), 0, job.total + 1, win)
        self.progress.setWindowTitle(_("Export animation"))
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(300)
        self.progress.setAutoClose(False)
        self.progress.setAutoReset(False)
        self.progress.canceled.connect(self.cancel)
        self.timer = QtCore.QTimer(self)
        self.timer.setInterval(0)
        self.timer.timeout.connect(self._tick)

    def start(self) -> None:
        self.state = "running"
        try:
            self.job.start()
        except (UserError, OSError) as exc:
            self._end("failed", export_sentence(exc, self.job.path))
            return
        self.timer.start()

    def _tick(self) -> None:
        try:
            if self.job.done < self.job.total:
                t0 = time.perf_counter()
                while time.perf_counter() - t0 < FRAME_BUDGET_S and not self.job.step(1):
                    pass
                self.progress.setValue(self.job.done)
                if self.job.done >= self.job.total:
                    self.progress.setLabelText(_("Encoding…"))
                return
            if not self.job.encoded():
                return
            path = self.job.finish()
        except (UserError, OSError) as exc:
            self.job.cancel()
            self._end("failed", export_sentence(exc, self.job.path))
            return
        size = path.stat().st_size / 1e6
        self._end("done", _("Wrote {file}: {n} frames, {size:.1f} MB.").format(file=path.name, n=self.job.total,
                                                                              size=size))

    def cancel(self) -> None:
        if self.state == "running":
            self.job.cancel()
            self._end("cancelled", _("The animation was cancelled; no file was written."))

    def _end(self, state: str, message: str) -> None:
        self.timer.stop()
        self.state, self.message = state, message
        self.progress.canceled.disconnect(self.cancel)
        self.progress.close()
        self.win.banner.show_message("error" if state == "failed" else "info", message)
        self.finished.emit(state)
