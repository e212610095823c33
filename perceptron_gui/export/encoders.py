"""The animation encoders: they take RGB frames on a worker thread and write a GIF with
Pillow (one shared palette, no dithering) or an MP4 through ``imageio-ffmpeg``."""
from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

from ..core.atomic import write_error
from ..core.workers import background_thread
from ..i18n import _
from .source import ExportError

__all__ = ["Encoder", "GifEncoder", "Mp4Encoder", "Cancelled", "gif_palette"]

_QUEUE_FRAMES = 8  # frames waiting for the encoder at most (back-pressure on the renderer)


class Encoder:
    """Consumes RGB frames on a worker thread; ``finish`` waits and re-raises its error."""

    def __init__(self, path: Path, size: tuple[int, int], durations_ms: list[int], target: Path | None = None) -> None:
        # path: where the encoder writes (a temporary); target: the name the user chose.
        self.path, self.size, self.durations_ms = path, size, durations_ms
        self.target = target if target is not None else path
        self._queue: queue.Queue[Any] = queue.Queue(maxsize=_QUEUE_FRAMES)
        self._error: BaseException | None = None
        self._cancelled = threading.Event()
        self._closed = False
        self._thread = background_thread(self._work, "perceptron-encode", housekeeping=False)
        self._thread.start()

    def add(self, rgb: np.ndarray) -> None:
        while not self._cancelled.is_set():
            if self._error is not None:
                raise ExportError(_error_sentence(self.target, self._error))
            try:
                self._queue.put(rgb, timeout=0.1)
                return
            except queue.Full:
                continue

    def close_input(self) -> None:
        """No more frames: the worker finishes the file."""
        if not self._closed:
            self._closed = True
            self._queue.put(None)

    @property
    def busy(self) -> bool:
        return self._thread.is_alive()

    def finish(self) -> None:
        self.close_input()
        self._thread.join()
        if self._error is not None:
            raise ExportError(_error_sentence(self.target, self._error))

    def cancel(self) -> None:
        self._cancelled.set()
        try:
            while True:
                self._queue.get_nowait()
        except queue.Empty:
            pass
        try:
            self._queue.put_nowait(None)
        except queue.Full:
            pass
        self._thread.join(timeout=10)

    def _frames(self) -> Iterator[np.ndarray]:
        while True:
            item = self._queue.get()
            if item is None or self._cancelled.is_set():
                return
            yield item

    def _work(self) -> None:
        try:
            self.encode(self._frames())
        except BaseException as exc:  # noqa: BLE001 - reported by finish() on the UI thread
            self._error = exc

    def encode(self, frames: Iterator[np.ndarray]) -> None:
        raise NotImplementedError


class Cancelled(Exception):  # noqa: N818 - a stop signal, not an error
    pass


class GifEncoder(Encoder):
    def __init__(self, path: Path, size: tuple[int, int], durations_ms: list[int], palette: Any,
                 target: Path | None = None) -> None:
        self.palette = palette  # a "P" image whose palette every frame is mapped to
        super().__init__(path, size, durations_ms, target)

    def encode(self, frames: Iterator[np.ndarray]) -> None:
        from PIL import Image

        def quantized(it: Iterator[np.ndarray]) -> Iterator[Image.Image]:
            for rgb in it:
                # One palette for all frames, no dithering: flat colours stay flat, mapping is
                # fast (under 1 ms a frame against 19 ms for a median cut of each), and Pillow
                # stores only the rectangle that changed from the frame before.
                yield Image.fromarray(rgb, "RGB").quantize(palette=self.palette, dither=Image.Dither.NONE)
            if self._cancelled.is_set():
                raise Cancelled

        it = quantized(frames)
        first = next(it, None)
        if first is None or self._cancelled.is_set():
            return
        first.save(self.path, format="GIF", save_all=True, append_images=it, duration=self.durations_ms,
                   loop=0, optimize=False, disposal=1)


def gif_palette(samples: list[np.ndarray]) -> Any:
    """A 256-colour palette for every frame: a median cut of a few sample frames and of a strip
    of the figure's own colours (solid and blended half with white), so a colour that is absent
    from the samples (a visit ring, a misclassified ring) still has its entry."""
    from PIL import Image

    from ..render import theme as style

    colours = [v for k, v in vars(style).items() if k.isupper() and isinstance(v, str) and v.startswith("#")]
    rgb = np.array([[int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in colours], dtype=np.float64)
    strip_colours = np.concatenate([rgb, 0.5 * (rgb + 255.0), [[0, 0, 0], [255, 255, 255]]])
    w = samples[0].shape[1]
    block = max(1, w // len(strip_colours))
    strip = np.repeat(strip_colours.astype(np.uint8)[None, :, :], block, axis=1)[:, :w]
    strip = np.repeat(np.pad(strip, ((0, 0), (0, w - strip.shape[1]), (0, 0)), mode="edge"), 24, axis=0)
    sheet = np.concatenate([*samples, strip], axis=0)
    pal = Image.fromarray(np.ascontiguousarray(sheet), "RGB").quantize(256, dither=Image.Dither.NONE)
    # A median cut averages white with the near-white of antialiased edges, and Pillow maps a
    # pixel through a cache of 5-6-5-bit cells (the entry nearest to the cell's centre wins),
    # so a near-white entry would take the background. Put each of the figure's own colours
    # back exactly, on every entry within a cell's width of it (at least on the nearest).
    entries = np.array((pal.getpalette() or [])[: 3 * 256], dtype=np.int64).reshape(-1, 3)
    for c in np.concatenate([[[255, 255, 255], [0, 0, 0]], rgb]).astype(np.int64):
        near = np.all(np.abs(entries - c) <= 8, axis=1)
        near[int(np.argmin(((entries - c) ** 2).sum(axis=1)))] = True
        entries[near] = c
    # A fresh image: Pillow maps colours with the palette it computed, not one put on later.
    snapped = Image.new("P", (1, 1))
    snapped.putpalette(entries.astype(np.uint8).ravel().tolist())
    return snapped


class Mp4Encoder(Encoder):
    def encode(self, frames: Iterator[np.ndarray]) -> None:
        import imageio_ffmpeg

        fps = 1000.0 / self.durations_ms[0]
        hold = max(0, int(round(self.durations_ms[-1] / self.durations_ms[0])) - 1)
        writer = imageio_ffmpeg.write_frames(str(self.path), self.size, fps=fps, codec="libx264",
                                             pix_fmt_in="rgb24", pix_fmt_out="yuv420p", quality=8,
                                             macro_block_size=2, ffmpeg_log_level="error",
                                             output_params=["-f", "mp4"])
        writer.send(None)
        last = None
        try:
            for rgb in frames:
                writer.send(np.ascontiguousarray(rgb).tobytes())
                last = rgb
            if last is not None and not self._cancelled.is_set():
                for _unused in range(hold):  # ffmpeg has no per-frame duration: repeat the last frame
                    writer.send(np.ascontiguousarray(last).tobytes())
        finally:
            writer.close()


def _error_sentence(path: Path, exc: BaseException) -> str:
    if isinstance(exc, ExportError):
        return str(exc)
    if isinstance(exc, OSError):
        return str(write_error(path, exc))
    return _("The animation could not be encoded ({error}).").format(error=f"{type(exc).__name__}: {exc}")
