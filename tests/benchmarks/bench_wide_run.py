"""The whole ``perceptron-gui run`` of a wide CSV against ``np.loadtxt`` + scikit-learn, in fresh processes.

    .venv/bin/python tests/benchmarks/bench_wide_run.py [--repeats 3] [--epochs 100]

Writes 12,665 × 784 points (the size of MNIST's 0 vs 1; ``bench_wide_fit.make_data``, 5 % of the
labels flipped, every number with 17 significant digits: 200 MB) as a CSV, then runs, in turn,
``perceptron-gui run FILE --algorithm offset --max-epochs E`` and the 5-line script of
``first_run_children.SKLEARN`` (``np.loadtxt``, then ``Perceptron(tol=None, shuffle=False)``),
each as its own process, and prints the median wall time and peak RSS of each (``os.wait4``) and
their ratios. Targets: wall ≤ 0.8×, peak ≤ 1.2×.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from bench_wide_fit import make_data  # noqa: E402
from first_run_children import SKLEARN  # noqa: E402

N, D = 12_665, 784


def timed(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, peak RSS in MB) of one process, its output thrown away."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} exited with {proc.returncode}")
    return wall, usage.ru_maxrss / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--epochs", type=int, default=100)
    args = ap.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        csv = Path(tmp, "wide.csv")
        X, y = make_data(N, D)
        with csv.open("w") as fh:
            fh.write(",".join([f"x{j + 1}" for j in range(D)] + ["y"]) + "\n")
            np.savetxt(fh, np.column_stack([X, np.where(y == 1, 1, -1)]), delimiter=",", fmt="%.17g")
        ours_cmd = [py, "-m", "perceptron_gui", "run", str(csv), "--algorithm", "offset", "--max-epochs",
                    str(args.epochs)]
        theirs_cmd = [py, "-c", SKLEARN, str(csv), "1", str(args.epochs)]
        ours, theirs = [], []
        for k in range(args.repeats + 1):  # the first pair warms the caches and is not counted
            a, b = timed(ours_cmd), timed(theirs_cmd)
            if k:
                ours.append(a)
                theirs.append(b)
    med = statistics.median
    t_o, t_s = med(w for w, _ in ours), med(w for w, _ in theirs)
    m_o, m_s = med(m for _, m in ours), med(m for _, m in theirs)
    print(f"{N:,} x {D} CSV, offset, {args.epochs} epochs, median of {args.repeats}:")
    print(f"  perceptron-gui run        {t_o:6.2f} s, peak {m_o:5.0f} MB")
    print(f"  np.loadtxt + scikit-learn {t_s:6.2f} s, peak {m_s:5.0f} MB")
    print(f"  ratio: wall {t_o / t_s:.2f}x (target <= 0.8), peak {m_o / m_s:.2f}x (target <= 1.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
