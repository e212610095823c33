"""Run every ``bench_*.py`` in this folder, each in its own process, and print what it prints.

Usage: ``.venv/bin/python tests/benchmarks/run_all.py [NAME ...]`` (names filter the files,
e.g. ``core``). ``bench_first_run.py`` (the start-up table, every figure from fresh processes) takes
several minutes here; ``run_all.py first_run`` runs it alone, and ``bench_first_run.py --quick`` is
its 30-second smoke test. Exit status 1 when a benchmark itself failed (not when it missed a target:
the targets are printed beside the numbers for a person to read).
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    wanted = sys.argv[1:] if argv is None else argv
    scripts = sorted(p for p in HERE.glob("bench_*.py") if not wanted or any(w in p.stem for w in wanted))
    if not scripts:
        print("No benchmark matched; the files are " + ", ".join(p.name for p in sorted(HERE.glob("bench_*.py"))) + ".")
        return 1
    failed = []
    for script in scripts:
        print(f"===== {script.name} =====", flush=True)
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, str(script)], cwd=HERE.parent.parent)
        print(f"===== {script.name}: exit {r.returncode} after {time.perf_counter() - t0:.0f} s =====\n", flush=True)
        if r.returncode:
            failed.append(script.name)
    if failed:
        print("Failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
