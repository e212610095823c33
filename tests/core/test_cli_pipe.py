"""A reader that stops early (`perceptron-gui run … | head`) ends the program without a traceback."""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

# The console script and `python -m perceptron_gui` go through the same entry point.
STARTS = {"console script": ["-c", "from perceptron_gui.cli import entry; entry()"], "-m": ["-m", "perceptron_gui"]}


@pytest.mark.parametrize("start", STARTS.values(), ids=STARTS.keys())
def test_a_closed_pipe_ends_quietly(tmp_path, start) -> None:
    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(200, 2))
    y = np.where(rng.random(200) < 0.5, 1, -1)  # noise: every epoch makes updates
    data = tmp_path / "noisy.csv"
    np.savetxt(data, np.column_stack([X, y]), delimiter=",", header="x1,x2,y", comments="", fmt="%.6g")
    # 3,000 epoch rows: far more than a pipe holds, so writing fails once the reader is gone.
    cmd = [sys.executable, *start, "run", str(data),
           "--algorithm", "offset", "--max-epochs", "3000", "--all-epochs"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.readline()
    p.stdout.close()  # the reader goes away, like head after its lines
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err
