"""One epoch of the pocket on 200,000 noisy 2-D points: the every-update count against
Gallant's ratchet. Prints the figures; not a timed test.

Data: labels sign(x₁ − 0.4·x₂ − 0.05) on uniform points in [−1, 1]², 5 % of them flipped, file
order, offset on, γ = 0. For each rule: the training time of one epoch (``rec.train_seconds``;
the median of ``REPEATS`` runs for the ratchet, one run for the every-update count, which takes
minutes), the updates, the O(n) counts made (``pocket_checks``) and the pocket's count I (points
right) at the end. The every-update rule runs twice: its count on every core (as the program
runs it from ``PARALLEL_COUNT_N`` points) and serial. On a machine whose cores are busy with
other work the parallel count can be far slower than the serial one (measured here: 16 ms
against 0.49 ms per count of 200,000 points at a load average of 4.5 on 2 cores).

Run: ``.venv/bin/python tests/benchmarks/bench_pocket_ratchet.py [n]``.
"""
from __future__ import annotations

import statistics
import sys

import numpy as np

from perceptron_gui.core.algorithms import make_algorithm, pocket
from perceptron_gui.core.algorithms._kernels import warm_up
from perceptron_gui.core.dataset import Dataset

REPEATS = 3


def noisy(n: int, noise: float = 0.05, seed: int = 0) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(X[:, 0] - 0.4 * X[:, 1] > 0.05, 1.0, -1.0)
    flip = rng.random(n) < noise
    y[flip] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    data = noisy(n)
    warm_up(make_algorithm("pocket").kernels)
    print(f"pocket, one epoch, {n:,} noisy 2-D points (5 % flipped); ratchet: median of {REPEATS}:")
    print(f"{'check':>8} {'train s':>9} {'updates':>9} {'counts':>9} {'pocket I':>10}")
    times = {}
    parallel_n = pocket.PARALLEL_COUNT_N
    for label, check, serial, repeats in (("every", "every", False, 1), ("every 1c", "every", True, 1),
                                          ("ratchet", "ratchet", False, REPEATS)):
        pocket.PARALLEL_COUNT_N = n + 1 if serial else parallel_n
        secs = []
        for _ in range(repeats):
            rec = make_algorithm("pocket", max_epochs=1, check=check).fit(data)
            secs.append(rec.train_seconds)
        times[label] = statistics.median(secs)
        ex = rec.extras
        print(f"{label:>8} {times[label]:9.2f} {rec.num_updates:9,} {ex['pocket_checks']:9,} "
              f"{ex['pocket_count']:10,}", flush=True)
    pocket.PARALLEL_COUNT_N = parallel_n
    best_every = min(times["every"], times["every 1c"])
    print(f"ratchet speed-up against the faster every-update run: {best_every / times['ratchet']:.0f}×")


if __name__ == "__main__":
    main()
