"""Playback of a session: the playhead's frame, stepping, playing (mixed into Session).

Split out of ``session.py`` so each stays readable; the methods read and write the session's own
state (``playhead``, ``playing``, ``play_speed``, ``play_unit``, ``frames``) and announce
``playhead_changed`` / ``playing_changed`` like the rest of it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import _
from .frame import Frame
from .playback import Playhead

if TYPE_CHECKING:  # the attributes the host Session provides
    from ..core.run import RunRecord
    from .frames import FrameService
    from .run_result import RunResult

__all__ = ["PlaybackMixin"]


class PlaybackMixin:
    """Stepping and playing for :class:`~perceptron_gui.session.session.Session`."""

    playhead: Playhead
    playing: bool
    play_speed: float
    play_unit: str
    frames: FrameService
    result: RunResult | None
    playhead_changed: Any
    playing_changed: Any
    message: Any

    @property
    def run(self) -> RunRecord | None:
        """The record of the run shown (None before the first)."""
        return None if self.result is None else self.result.record

    def frame(self) -> Frame | None:
        """What to draw at the playhead: its frame, or while that is computed off the UI thread
        (big data) the newest ready frame of this run (``frame_changed`` follows)."""
        return self.frames.frame(self.result, self.playhead.t)

    def step(self, unit: str = "update", direction: int = 1) -> bool:
        """Move the playhead by one update, visit or epoch (direction ±1)."""
        moved = _move(self.playhead, unit, direction, self.run)
        if moved:
            self.playhead_changed.emit()
        return moved

    def to_start(self) -> None:
        self.playhead.to_start()
        self.playhead_changed.emit()

    def to_end(self) -> None:
        self.playhead.to_end(self.run)
        self.playhead_changed.emit()

    def jump_to_update(self, k: int) -> None:
        self.playhead.to_update(self.run, k)
        self.playhead_changed.emit()

    # ---- speed and unit --------------------------------------------------------------------
    PLAY_UNITS = ("update", "visit", "epoch")

    def set_play_speed(self, steps_per_second: float) -> bool:
        """Playback speed in steps per second (0.1–1000); a bad value is a message."""
        try:
            v = float(steps_per_second)
        except (TypeError, ValueError):
            v = float("nan")
        if not 0.1 <= v <= 1000.0:
            self.message.emit("error", _("The playback speed must be between 0.1 and 1000 steps per second."))
            return False
        self.play_speed = v
        return True

    def set_play_unit(self, unit: str) -> bool:
        """What one playback step is: an update, an example visit or an epoch."""
        if unit not in self.PLAY_UNITS:
            self.message.emit("error", _("A playback step is one of {units}, not {unit}.").format(
                units=", ".join(self.PLAY_UNITS), unit=repr(unit)))
            return False
        self.play_unit = unit
        return True

    def set_playing(self, playing: bool) -> None:
        if playing and self.playhead.at_end(self.run):
            self.playhead.to_start()  # play from the start when at the end, like a media player
            self.playhead_changed.emit()
        if playing != self.playing:
            self.playing = playing
            self.playing_changed.emit(playing)

    def tick(self) -> bool:
        """One playback step (the GUI's timer calls this); stops at the end. While the shown
        step's frame is still being computed (big data) it waits, so the picture keeps up."""
        if not self.playing:
            return False
        if self.frames.pending(self.result, self.playhead.t):
            self.frame()  # asked for, if no view has yet
            return True
        moved = self.step(self.play_unit, 1)
        if not moved or self.playhead.at_end(self.run):
            self.set_playing(False)
        else:  # the next step's frame, computed ahead while this one is painted (big runs only)
            ahead = Playhead(self.playhead.t)
            _move(ahead, self.play_unit, 1, self.run)
            self.frames.prefetch(self.result, ahead.t)
        return moved

    @property
    def k(self) -> int:
        return self.playhead.k(self.run)


def _move(ph: Playhead, unit: str, direction: int, run: RunRecord | None) -> bool:
    """Move ``ph`` by one update, visit or epoch (direction ±1); whether it moved."""
    forward = direction >= 0
    moves = {"update": (ph.next_update, ph.prev_update), "visit": (ph.next_visit, ph.prev_visit),
             "epoch": (ph.next_epoch, ph.prev_epoch)}
    return bool(moves[unit][0 if forward else 1](run))
