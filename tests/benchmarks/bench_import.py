"""What ``import perceptron_gui.estimators`` costs a notebook (target ≤ 0.3 s).
Prints the figures; not a timed test.

Every figure comes from fresh processes (``REPEATS`` of them, median): the wall time of
``python -c "import M"`` minus that of ``python -c "import numpy"`` (the interpreter and numpy,
which any estimator needs), and ``-X importtime``'s cumulative microseconds for M itself. Rows
for the package's other entry points and for what the estimators no longer import (scikit-learn's
base classes, numba) put the figure in context; the last row is an import plus a first fit, which
loads numba (from its on-disk cache once the kernels have been compiled on this machine).

Run: ``.venv/bin/python tests/benchmarks/bench_import.py [repeats]``.
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import time

REPEATS = 5
TARGET_S = 0.3

FIT = ("import numpy as np; from perceptron_gui.estimators import OffsetPerceptron; "
       "OffsetPerceptron().fit(np.array([[0.0, 1.0], [2.0, 0.5]]), [0, 1])")

ROWS: list[tuple[str, str, str | None]] = [  # (label, code, module whose importtime is read)
    ("import numpy (baseline)", "import numpy", "numpy"),
    ("import perceptron_gui", "import perceptron_gui", "perceptron_gui"),
    ("import perceptron_gui.core.algorithms", "import perceptron_gui.core.algorithms", "perceptron_gui.core.algorithms"),
    ("import perceptron_gui.estimators", "import perceptron_gui.estimators", "perceptron_gui.estimators"),
    ("  for comparison: import sklearn.base", "import sklearn.base", "sklearn.base"),
    ("  for comparison: import numba", "import numba", "numba"),
    ("import estimators + first fit (numba)", FIT, None),
]


def wall(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    return time.perf_counter() - t0


def importtime_us(code: str, module: str) -> int:
    err = subprocess.run([sys.executable, "-X", "importtime", "-c", code], check=True, capture_output=True,
                         text=True).stderr
    # "import time: self [us] | cumulative | imported package": the outermost line of ``module``.
    found = [int(line.split("|")[1]) for line in err.splitlines()
             if line.startswith("import time:") and line.split("|")[-1].strip() == module]
    return max(found) if found else 0


def main() -> None:
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else REPEATS
    wall(FIT)  # compile the kernels into numba's cache once, so the last row measures a load
    print(f"Python {sys.version.split()[0]}; median of {reps} fresh processes. 'wall - numpy' is the median of "
          "paired differences with 'python -c \"import numpy\"' run just before (the machine's load drifts).")
    print(f"{'':42s} {'wall s':>8s} {'wall - numpy':>13s} {'-X importtime s':>16s}")
    for label, code, module in ROWS:
        walls, diffs = [], []
        for _ in range(reps):
            base = wall("import numpy")
            walls.append(wall(code))
            diffs.append(walls[-1] - base)
        w, d = statistics.median(walls), statistics.median(diffs)
        it = statistics.median(importtime_us(code, module) for _ in range(reps)) / 1e6 if module else float("nan")
        mark = ""
        if module == "perceptron_gui.estimators":
            mark = "  ok (target <= 0.3 s)" if max(d, it) <= TARGET_S else "  OVER the 0.3 s target"
        print(f"{label:42s} {w:8.3f} {d:13.3f} {it:16.3f}{mark}")


if __name__ == "__main__":
    main()
