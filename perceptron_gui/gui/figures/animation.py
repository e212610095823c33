"""The run as an animation for slides: an animated GIF (Pillow), or an MP4 (optional extra).

One frame per update, or per example visit, over a range of updates, capped at a number of
frames (evenly thinned when the range holds more). The frames are slide figures
(:class:`~.plots.SlideFigure`) of one offscreen view whose own playhead moves; the window's
playhead never moves.

Qt paints only on the UI thread, so :class:`AnimationJob` renders frames there in batches
(:meth:`AnimationJob.step`; the window calls it from a timer so it stays responsive, the
command line in a loop) and hands them to a worker thread that quantizes them to a palette and
writes the GIF with Pillow, or pipes them to ffmpeg (``imageio-ffmpeg``, installed by
``pip install 'perceptron-gui[mp4]'``).
"""
from __future__ import annotations

import importlib.util
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ...core.atomic import AtomicFile
from ...export.encoders import Encoder, GifEncoder, Mp4Encoder, gif_palette
from ...export.source import FRAME_UNITS, ExportError, ExportSession, ViewOptions, check_writable, logical_size
from ...export.steps import frame_steps  # Qt-free: the Beamer writer takes its frames from it too
from ...i18n import _

__all__ = ["UNITS", "AnimationSettings", "AnimationJob", "frame_steps", "mp4_available", "MP4_HINT",
           "write_animation", "MAX_FRAMES_LIMIT", "MAX_FPS"]

UNITS = FRAME_UNITS
ANIMATION_FORMATS = {".gif": "gif", ".mp4": "mp4"}
MAX_FPS = 60.0
MAX_FRAMES_LIMIT = 5_000  # the most frames the cap may be set to (all frames stay in memory for GIF)
MP4_HINT = "pip install 'perceptron-gui[mp4]'"
GIF_MAX_PIXELS = 1_500_000_000  # frames × width × height a GIF may hold in memory while written


def mp4_available() -> bool:
    """Whether MP4 can be written (the optional ``imageio-ffmpeg`` package is installed)."""
    return importlib.util.find_spec("imageio_ffmpeg") is not None


@dataclass
class AnimationSettings:
    """What to animate and how.

    unit : 'update' (a frame per update k) or 'visit' (a frame per example visit t).
    k_from, k_to : the range of updates (k_to None: the last; in visit mode the last update's
        range runs on to the end of the run, through the epoch that found no mistake).
    fps : frames per second. max_frames : the frame cap (more frames are thinned evenly,
        keeping the first and the last). width : frame width in pixels. hold_last_s : how long
        the last frame stays before the GIF loops.
    """

    unit: str = "update"
    k_from: int = 0
    k_to: int | None = None
    fps: float = 4.0
    max_frames: int = 300
    width: int = 800
    hold_last_s: float = 1.5

    def check(self) -> None:
        if self.unit not in UNITS:
            # TRANSLATORS: joins the frame units' names (update, visit, epoch), which stay in English.
            units = _(" or per ").join(UNITS)
            raise ExportError(_("Frames are made per {units}, not per '{unit}'.").format(units=units, unit=self.unit))
        if not (math.isfinite(self.fps) and 0 < self.fps <= MAX_FPS):
            raise ExportError(_("The frame rate must be more than 0 and at most {max:g} frames per second, "
                                "not {fps:g}.").format(max=MAX_FPS, fps=self.fps))
        if not 1 <= int(self.max_frames) <= MAX_FRAMES_LIMIT:
            raise ExportError(_("The frame cap must be between 1 and {max}, not {cap}.").format(
                max=MAX_FRAMES_LIMIT, cap=self.max_frames))
        if not 100 <= int(self.width) <= 4000:
            raise ExportError(_("The frame width must be between 100 and 4000 pixels, not {width}.").format(width=self.width))


# ---- the job --------------------------------------------------------------------------------------
def animation_format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    if suffix not in ANIMATION_FORMATS:
        raise ExportError(_("{name} has no animation ending; name it .gif or .mp4.").format(name=Path(path).name))
    return ANIMATION_FORMATS[suffix]


class AnimationJob:
    """Write an animation of ``source``'s run to ``path`` (.gif, or .mp4 with the extra).

    Use :meth:`run` to do it all at once, or :meth:`start`, then :meth:`step` until it returns
    True, then :meth:`finish` (or :meth:`cancel` at any point): the window drives the steps
    from a timer and shows :attr:`done` of :attr:`total` in a progress dialog.

    Parameters
    ----------
    source : ExportSession
        The frozen session; its playhead is moved frame by frame.
    path : the file to write; its ending picks the format unless ``fmt`` ('gif' or 'mp4') does.
    figure : 'canvas' (default), 'angle' or 'epochs'.
    settings : AnimationSettings
    options : ViewOptions (view switches, range, shape).
    """

    def __init__(self, source: ExportSession, path: str | os.PathLike[str], *, figure: str = "canvas",
                 settings: AnimationSettings | None = None, options: ViewOptions | None = None,
                 fmt: str | None = None) -> None:
        self.source = source
        self.path = Path(path)
        self.fmt = fmt or animation_format(path)
        if self.fmt not in ANIMATION_FORMATS.values():
            raise ExportError(_("Animations are written as GIF or MP4, not '{format}'.").format(format=self.fmt))
        self.figure_name = figure
        self.settings = settings or AnimationSettings()
        self.options = options or ViewOptions()
        self.settings.check()
        if self.fmt == "mp4" and not mp4_available():
            raise ExportError(_("Writing MP4 needs the optional ffmpeg package; install it with {hint}, "
                                "or write a .gif.").format(hint=MP4_HINT))
        check_writable(self.path)
        s = self.settings
        self.steps = frame_steps(source.run, s.unit, s.k_from, s.k_to, s.max_frames)
        self.total = int(self.steps.size)
        self.done = 0
        w, h = self.frame_size
        if self.fmt == "gif" and self.total * w * h > GIF_MAX_PIXELS:
            # Pillow holds every frame (one byte a pixel) until it writes the file.
            raise ExportError(_("This GIF would need about {gb:.1f} GB of memory ({frames} frames of {w}×{h}); "
                                "use fewer frames or a smaller width, or write MP4.").format(
                                    gb=self.total * w * h / 1e9, frames=self.total, w=w, h=h))
        self._figure: Any = None  # the SlideFigure, from start() on
        self._encoder: Encoder | None = None
        self._file: AtomicFile | None = None  # the temporary beside path, from start() on

    @property
    def frame_size(self) -> tuple[int, int]:
        """Pixel size of the frames (even, as H.264 wants)."""
        lw, lh = logical_size(self.options.aspect)
        w = int(self.settings.width) // 2 * 2
        h = int(round(w * lh / lw)) // 2 * 2
        return w, h

    def start(self) -> None:
        """Build the offscreen figure and the encoder (call once, on the UI thread)."""
        from .plots import SlideFigure

        w, h = self.frame_size
        lw = logical_size(self.options.aspect)[0]
        self._figure = SlideFigure(self.source, self.figure_name, options=self.options, device_scale=w / lw)
        frame_ms = max(10, int(round(1000.0 / self.settings.fps / 10.0)) * 10)  # GIF counts in 1/100 s
        durations = [frame_ms] * self.total
        durations[-1] = max(frame_ms, int(round(self.settings.hold_last_s * 100)) * 10)
        self._file = AtomicFile(self.path)
        sample_ts = [int(self.steps[i]) for i in sorted({0, self.total // 2, self.total - 1})]
        self._figure.fix_layout([*sample_ts, int(self.source.run.num_steps - 1)])
        if self.fmt == "gif":
            samples = []
            for t in sample_ts:
                self._figure.set_t(t)
                samples.append(_rgb(self._figure.render_image(), w, h))
            self._encoder = GifEncoder(self._file.tmp, (w, h), durations, gif_palette(samples), self.path)
        else:
            self._encoder = Mp4Encoder(self._file.tmp, (w, h), durations, self.path)

    def step(self, n: int = 1) -> bool:
        """Render and queue the next ``n`` frames; True once every frame is queued."""
        if self._figure is None:
            self.start()
        assert self._figure is not None and self._encoder is not None
        w, h = self.frame_size
        for __ in range(max(1, int(n))):
            if self.done >= self.total:
                break
            self._figure.set_t(int(self.steps[self.done]))
            img = self._figure.render_image()
            self._encoder.add(_rgb(img, w, h))
            self.done += 1
        if self.done >= self.total:
            self._encoder.close_input()
            return True
        return False

    def encoded(self) -> bool:
        """All frames rendered and the worker done with them (:meth:`finish` will not wait)."""
        return self.done >= self.total and self._encoder is not None and not self._encoder.busy

    def finish(self) -> Path:
        """Wait for the encoder, then put the file in place (returns its path)."""
        try:
            while not self.step(16):
                pass
            assert self._encoder is not None and self._file is not None
            self._encoder.finish()
            self._file.commit()  # checked, synced and renamed, or a WriteError
        except BaseException:
            self.cancel()
            raise
        self._close_figure()
        return self.path

    def cancel(self) -> None:
        """Stop, and leave no file behind (an existing file of that name is kept)."""
        if self._encoder is not None:
            self._encoder.cancel()
            self._encoder = None
        if self._file is not None:
            self._file.discard()
        self._close_figure()

    def _close_figure(self) -> None:
        if self._figure is not None:
            self._figure.close()
            self._figure = None

    def run(self, progress: Callable[[int, int], Any] | None = None, batch: int = 8) -> Path:
        """Everything at once (the command line): render, encode, write."""
        self.start()
        try:
            while not self.step(batch):
                if progress is not None:
                    progress(self.done, self.total)
        except BaseException:
            self.cancel()
            raise
        return self.finish()


def _rgb(img: Any, w: int, h: int) -> np.ndarray:
    """(h, w, 3) uint8 RGB of a QImage (white background already painted)."""
    from PySide6 import QtGui

    rgb = img.convertToFormat(QtGui.QImage.Format.Format_RGB888)
    if rgb.width() != w or rgb.height() != h:  # the figure rounds its size; frames must all match
        from PySide6 import QtCore
        rgb = rgb.copy(QtCore.QRect(0, 0, w, h))
    bpl = rgb.bytesPerLine()
    arr = np.frombuffer(rgb.constBits(), dtype=np.uint8, count=bpl * h).reshape(h, bpl)
    return arr[:, : 3 * w].reshape(h, w, 3).copy()


def write_animation(source: ExportSession, path: str | os.PathLike[str], *, figure: str = "canvas",
                    settings: AnimationSettings | None = None, options: ViewOptions | None = None,
                    fmt: str | None = None, progress: Callable[[int, int], Any] | None = None) -> Path:
    """Write the animation in one call (see :class:`AnimationJob`)."""
    return AnimationJob(source, path, figure=figure, settings=settings, options=options, fmt=fmt).run(progress)
