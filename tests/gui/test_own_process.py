"""The application's own process: the GIL handed over sooner than CPython's 5 ms (a worker running
Python made every return of the painting window's thread wait that long); a user's process,
where ``show()`` runs, keeps its own setting; and once its loop ends no plot item reacts to a
signal while the window is freed."""
from __future__ import annotations

import os
import subprocess
import sys

CHECK = """
import sys
before = sys.getswitchinterval()
from perceptron_gui.gui.app.application import SWITCH_INTERVAL_S, set_up_own_process
import perceptron_gui
assert sys.getswitchinterval() == before, "importing the package changed the interval"
set_up_own_process()
print(before, sys.getswitchinterval(), SWITCH_INTERVAL_S)
"""


def test_the_windows_own_process_switches_threads_every_half_millisecond():
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    before, after, wanted = map(float, out.stdout.split())
    assert abs(before - 0.005) < 1e-9 and abs(after - wanted) < 1e-9 and wanted <= 0.001


def test_after_the_loop_no_plot_item_of_the_window_reacts_to_a_signal(make_main_window):
    import pyqtgraph as pg
    from PySide6 import QtWidgets

    from perceptron_gui.gui.app.application import silence_scenes

    win = make_main_window()
    legends = [i for v in win.findChildren(QtWidgets.QGraphicsView) if v.scene() is not None
               for i in v.scene().items() if isinstance(i, pg.LegendItem)]
    assert legends and not any(legend.signalsBlocked() for legend in legends)
    silence_scenes(win)
    assert all(legend.signalsBlocked() for legend in legends)
    for view in win.findChildren(QtWidgets.QGraphicsView):
        for item in (view.scene().items() if view.scene() is not None else []):
            obj = item.toGraphicsObject()
            assert obj is None or obj.signalsBlocked()
