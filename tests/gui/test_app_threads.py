"""The application's own process runs numpy's BLAS on one thread (gui/app.single_thread_blas):
OpenBLAS's helpers spin after every product and, on two cores, starved the window's thread
(blocks of 100–160 ms when a run over 10⁶ points started). It also asks for small memory pages
(core/pages.use_small_pages). A user's process that calls ``show()`` keeps its own settings."""
from __future__ import annotations

import json
import os
import subprocess
import sys

_PROBE = """
import json, sys
from threadpoolctl import threadpool_info
import numpy
from numpy._core import multiarray as m
def blas():
    return [i["num_threads"] for i in threadpool_info() if i["user_api"] == "blas"]
def huge():
    was = m._set_madvise_hugepage(True); m._set_madvise_hugepage(was); return was
before, huge_before = blas(), huge()
from perceptron_gui.gui.app.application import run_app
rc = run_app(screenshot=sys.argv[1], preset="and")
print(json.dumps({"rc": rc, "before": before, "after": blas(), "huge_before": huge_before, "huge_after": huge()}))
"""


def test_the_window_process_uses_one_blas_thread_and_small_pages(tmp_path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", OPENBLAS_NUM_THREADS="2", PERCEPTRON_GUI_STATE_DIR=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", _PROBE, str(tmp_path / "w.png")], capture_output=True, text=True,
                       env=env, timeout=300)
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["rc"] == 0
    assert got["before"] and all(n == 2 for n in got["before"])  # what the probe's environment asked for
    assert all(n == 1 for n in got["after"])
    # and numpy's big arrays in small pages (core/pages.py: a drag's longest block 47–96 → 13–26 ms)
    assert got["huge_before"] is True and got["huge_after"] is False
