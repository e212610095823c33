"""The kernel perceptron on 2,000 noisy 2-D points for 100 epochs (≤ 1 s in a fresh
process). Prints the figures; not a timed test.

Data: labels +1 outside the circle ‖x‖² = 0.5 on uniform points in [−1, 1]², 5 % flipped, so no
epoch is clean and all 100 run. For each kernel (poly degree 2 and rbf γ = 2): the time of the
whole ``fit`` (the Gram matrix, the epochs, the per-epoch table, the final record) on the first
call in this process (numba's loops loaded from its disk cache first, timed apart), the
training loop alone (``rec.train_seconds``) and the updates made.

It also times the other way to find f(x_i) (computed when x_i is visited, Σ_j α_j·y_j·G_ji, O(n)
per *visit*) against the one ``fit`` uses (f kept current, O(n) per *update*), on the same Gram
matrix: the reason for the choice.

Run: ``.venv/bin/python tests/benchmarks/bench_kernel.py [n] [epochs]``.
"""
from __future__ import annotations

import sys
import time

import numpy as np
from numba import njit

from perceptron_gui.core.dataset import Dataset


def noisy_circle(n: int, noise: float = 0.05, seed: int = 0) -> Dataset:
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1, 1, (n, 2))
    y = np.where(np.sum(X * X, axis=1) > 0.5, 1.0, -1.0)
    y[rng.random(n) < noise] *= -1
    return Dataset.from_arrays(X, y, ("x1", "x2"))


@njit(cache=False)  # a benchmark: nothing written beside it
def visit_time_epochs(G: np.ndarray, y: np.ndarray, epochs: int) -> int:  # pragma: no cover
    """f(x_i) computed at each visit from α (the alternative, for the measurement only)."""
    n = y.shape[0]
    alpha = np.zeros(n)
    updates = 0
    for _ in range(epochs):
        for i in range(n):
            s = 0.0
            for j in range(n):
                if alpha[j] != 0.0:
                    s += alpha[j] * y[j] * G[j, i]
            if y[i] * s <= 0.0:
                alpha[i] += 1.0
                updates += 1
    return updates


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    epochs = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    t0 = time.perf_counter()
    from perceptron_gui.core.algorithms import _dual_kernels as DK
    from perceptron_gui.core.algorithms._kernels import warm_up
    from perceptron_gui.core.algorithms.kernel import KernelPerceptron
    warm_up(("replay_rows",))
    DK.warm_up()
    load = time.perf_counter() - t0
    data = noisy_circle(n)
    print(f"kernel perceptron, {n:,} points, {epochs} epochs; numba loops loaded in {load * 1e3:.0f} ms")
    for kernel, params in (("poly", {"degree": 2}), ("rbf", {"kernel_gamma": 2.0})):
        algo = KernelPerceptron(kernel=kernel, max_epochs=epochs, **params)  # type: ignore[arg-type]
        t = time.perf_counter()
        rec = algo.fit(data)
        whole = time.perf_counter() - t
        print(f"  {kernel:5s} fit {whole * 1e3:7.1f} ms (training loop {rec.train_seconds * 1e3:6.1f} ms), "
              f"{rec.num_updates:,} updates in {rec.epochs_run} epochs, final train error "
              f"{rec.epochs[-1].train_error:.3f}")
    G = DK.gram_matrix(np.ascontiguousarray(data.X), 2, 2, 1.0, 2.0, True)
    y = np.array(data.y)
    visit_time_epochs(G[:4, :4].copy(), y[:4].copy(), 1)
    t = time.perf_counter()
    ups = visit_time_epochs(G, y, epochs)
    print(f"  rbf with f computed at each visit instead: {(time.perf_counter() - t) * 1e3:.1f} ms "
          f"({ups:,} updates)")
    print(f"whole process so far {time.perf_counter() - t0:.2f} s after the imports")


if __name__ == "__main__":
    main()
