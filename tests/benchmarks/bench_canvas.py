"""Canvas speed, offscreen: prints the median of several runs of each step.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/bench_canvas.py``.
Targets (issue): a full redraw with 10⁵ points ≤ 50 ms; a drag step must feel live.
"""
from __future__ import annotations

import os
import statistics
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import numpy as np  # noqa: E402
import pyqtgraph as pg  # noqa: E402
from PySide6 import QtWidgets  # noqa: E402

from perceptron_gui.core.presets import random_noisy, random_separable  # noqa: E402
from perceptron_gui.gui.canvas.canvas import Canvas  # noqa: E402
from perceptron_gui.gui.canvas.overlay import POINT_STYLES, point_style  # noqa: E402
from perceptron_gui.session.commands import MovePoints  # noqa: E402
from perceptron_gui.session.session import Session  # noqa: E402

app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])


def median_ms(fn, repeat: int = 7) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def canvas_with(n: int, noisy: bool = False) -> Canvas:
    session = Session(background_work=1e15)  # train on this thread: the numbers include it
    data = random_noisy(n, 0.1, seed=1) if noisy else random_separable(n, 0.05, seed=1)
    session.load_dataset(data, f"{n} points")
    canvas = Canvas(session)
    canvas.resize(1024, 768)
    canvas.show()
    app.processEvents()
    return canvas


def main() -> None:
    rng = np.random.default_rng(0)
    for n in (10_000, 100_000):
        canvas = canvas_with(n)
        P = rng.uniform(-1, 1, (n, 2))
        style = point_style(rng.choice([-1.0, 1.0], n), rng.random(n) < 0.2, n)
        item = canvas.points_item
        t_set = median_ms(lambda: item.set_points(P, style))
        t_paint = median_ms(lambda: canvas.plot.grab())
        # pyqtgraph's own setData with per-point lists of the same four shared objects
        sym, pen, brush = ([s[k] for s in POINT_STYLES] for k in (0, 2, 3))
        t_pg = median_ms(lambda: pg.ScatterPlotItem(x=P[:, 0], y=P[:, 1], symbol=[sym[i] for i in style],
                                                    pen=[pen[i] for i in style], brush=[brush[i] for i in style],
                                                    size=15), repeat=3)
        idx = np.array([n // 2])
        t_move1 = median_ms(lambda: item.move_points(idx, rng.uniform(-1, 1, (1, 2))))
        t_full = median_ms(lambda: canvas._rebuild(fit=False))
        t_full_paint = median_ms(lambda: (canvas._rebuild(fit=False), canvas.plot.grab()))
        print(f"n={n:>6}: set_points {t_set:6.1f} ms | pyqtgraph setData (shared objects) {t_pg:6.1f} ms | "
              f"paint {t_paint:5.1f} ms | move one point {t_move1:5.2f} ms | "
              f"full redraw {t_full:5.1f} ms, with paint {t_full_paint:5.1f} ms (target at 10^5: <= 50 ms)")
        canvas.close()
        canvas.deleteLater()
        app.processEvents()

    for algorithm, noisy in (("offset", False), ("pocket", True)):
        canvas = canvas_with(1000, noisy)
        s = canvas.session
        s.set_algorithm(algorithm)
        drag_id = s.new_drag_id()
        x0 = s.points.X[[0]].copy()
        k = [0]

        def drag_step() -> None:
            k[0] += 1
            s.execute(MovePoints(np.array([0]), x0 + 0.002 * k[0], drag_id))

        t_drag = median_ms(drag_step, repeat=21)
        t_drag_paint = median_ms(lambda: (drag_step(), canvas.plot.grab()), repeat=21)
        t_train = median_ms(lambda: s.recompute(), repeat=21)
        s.end_drag()
        data = "10 % label noise" if noisy else "separable"
        print(f"drag step at n=1000, {algorithm} on {data} data (retrain included): {t_drag:.1f} ms, "
              f"with paint {t_drag_paint:.1f} ms; session.recompute alone {t_train:.1f} ms "
              "(target: under a 60 Hz frame, 16 ms)")


if __name__ == "__main__":
    main()
