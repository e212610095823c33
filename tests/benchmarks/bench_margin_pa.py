"""Speed of the margin perceptron and passive-aggressive against scikit-learn.

Rows: 2-D points uniform in [-1, 1]² with 5 % label noise (bench_core's data), n = 10⁵ and
10⁶, 10 epochs in file order (neither converges on noisy labels, so both sides run all 10):

* margin (β = 1) against ``SGDClassifier(loss="hinge", penalty=None, alpha=0,
  learning_rate="constant", eta0=1/β)``, the same run scaled by 1/β;
* pa PA-I (C = 1) against ``SGDClassifier(loss="hinge", penalty=None, learning_rate="pa1",
  eta0=C, fit_intercept=False)`` on X with a column of ones (the offset trick).

Times are medians of 3 after one untimed round: ``train`` is ``rec.train_seconds`` (the loop
alone), ``fit`` the whole ``fit()`` (with the per-epoch errors), ``sk`` scikit-learn's ``fit()``.
Target: fit ≤ sk on every row (ours records every update besides).

Run: ``.venv/bin/python tests/benchmarks/bench_margin_pa.py`` (needs scikit-learn).
"""
from __future__ import annotations

import statistics
import time
import warnings

import numpy as np
from bench_core import make_data  # this folder is on sys.path when a bench runs

from perceptron_gui.core.algorithms import make_algorithm

EPOCHS, REPEATS = 10, 3


def _ours(name: str, params: dict, data) -> tuple[float, float, int]:
    algo = make_algorithm(name, max_epochs=EPOCHS, **params)
    t0 = time.perf_counter()
    rec = algo.fit(data)
    return rec.train_seconds, time.perf_counter() - t0, rec.num_updates


def _sk(name: str, data) -> float:
    from sklearn.linear_model import SGDClassifier

    if name == "margin":
        X, clf = data.X, SGDClassifier(loss="hinge", penalty=None, alpha=0.0, learning_rate="constant", eta0=1.0,
                                       max_iter=EPOCHS, tol=None, shuffle=False)
    else:
        X = np.hstack([data.X, np.ones((data.n, 1))])
        clf = SGDClassifier(loss="hinge", penalty=None, learning_rate="pa1", eta0=1.0, fit_intercept=False,
                            max_iter=EPOCHS, tol=None, shuffle=False)
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        clf.fit(X, data.y)
    return time.perf_counter() - t0


def main() -> None:
    rows = (("margin", {"margin": 1.0}), ("pa", {"pa_variant": "PA-I", "C": 1.0}))
    print(f"{'algorithm':<10}{'n':>10}{'updates':>12}{'train ms':>10}{'fit ms':>9}{'sk ms':>9}  fit/sk")
    for n in (10**5, 10**6):
        data = make_data(n, 0.05)
        for name, params in rows:
            _ours(name, params, data), _sk(name, data)  # untimed: compile / load, fresh memory
            ours = [_ours(name, params, data) for _ in range(REPEATS)]
            sk = statistics.median(_sk(name, data) for _ in range(REPEATS))
            train = statistics.median(o[0] for o in ours)
            fit = statistics.median(o[1] for o in ours)
            verdict = "ok" if fit <= sk else "SLOWER"
            print(f"{name:<10}{n:>10,}{ours[0][2]:>12,}{1e3 * train:>10.1f}{1e3 * fit:>9.1f}{1e3 * sk:>9.1f}"
                  f"  {fit / sk:5.2f} {verdict}")


if __name__ == "__main__":
    main()
