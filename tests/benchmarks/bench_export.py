"""Export speed, offscreen: prints the median of several runs beside its target.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_export.py``.
Targets: a 1920-px-wide PNG of the canvas ≤ 0.5 s; a 200-frame GIF of 800 × 600
≤ 10 s. Each export builds its own offscreen figure, so the times include that.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PIL import Image  # noqa: E402
from PySide6 import QtWidgets  # noqa: E402

from perceptron_gui.core.presets import random_separable  # noqa: E402
from perceptron_gui.gui.figures.animation import AnimationJob, AnimationSettings, mp4_available  # noqa: E402
from perceptron_gui.gui.figures.plots import ExportSession, ViewOptions, export_figure  # noqa: E402
from perceptron_gui.session.session import Session  # noqa: E402

app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])


def session_with(n: int, margin: float = 0.05) -> Session:
    s = Session(background_work=1e15)
    s.load_dataset(random_separable(n, margin, seed=1), f"{n} points")
    s.set_algorithm("offset")
    s.wait()
    s.to_end()
    return s


def median_s(fn, repeat: int = 5) -> float:
    fn()  # warm-up (fonts, numba, first paint)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    out = Path(tempfile.mkdtemp(prefix="bench-export-"))
    for n in (40, 1_000, 10_000):
        s = session_with(n)
        for fmt in ("png", "svg", "pdf"):
            path = out / f"canvas{n}.{fmt}"
            t = median_s(lambda: export_figure(ExportSession.from_session(s), path, fmt, width=1920))
            target = " (target <= 0.5 s)" if fmt == "png" else ""
            size = f"{Image.open(path).size[0]} px wide" if fmt == "png" else f"{path.stat().st_size / 1e3:.0f} kB"
            print(f"canvas, {n:>6} points, {fmt.upper()}: {t:6.3f} s{target}  [{size}]", flush=True)
    s = session_with(40)
    for figure in ("angle", "epochs"):
        t = median_s(lambda: export_figure(ExportSession.from_session(s), out / f"{figure}.png", width=1920,
                                           figure=figure, options=ViewOptions(aspect=1.6)))
        print(f"{figure} plot, PNG 1920 px: {t:6.3f} s (target <= 0.5 s)", flush=True)

    s = session_with(60, margin=0.02)  # enough example visits for 200 frames, one per visit
    gif = out / "run.gif"
    settings = AnimationSettings(unit="visit", max_frames=200, width=800, fps=10)
    job = AnimationJob(ExportSession.from_session(s), gif, settings=settings, options=ViewOptions(aspect=4 / 3))
    assert job.total == 200, job.total
    t0 = time.perf_counter()
    job.run()
    t_gif = time.perf_counter() - t0
    with Image.open(gif) as im:
        frames, size = im.n_frames, im.size
    print(f"GIF: {frames} frames of {size[0]}x{size[1]} in {t_gif:.2f} s (target <= 10 s), "
          f"{gif.stat().st_size / 1e6:.1f} MB", flush=True)
    if not mp4_available():
        print("MP4: skipped (pip install 'perceptron-gui[mp4]')")
    else:
        mp4 = out / "run.mp4"
        t0 = time.perf_counter()
        AnimationJob(ExportSession.from_session(s), mp4, settings=settings, options=ViewOptions(aspect=4 / 3)).run()
        print(f"MP4: 200 frames of 800x600 in {time.perf_counter() - t0:.2f} s, {mp4.stat().st_size / 1e6:.2f} MB")
    print(f"(files in {out})")


if __name__ == "__main__":
    main()
