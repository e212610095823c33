"""Speed and memory of the core against scikit-learn; prints the numbers and their targets.

Rows: standard, offset and averaged perceptrons on 2-D data, separable (labels sign(u·x + b),
points within a small gap of the line removed) and with 5 % label noise, n = 10⁵ and 10⁶,
10 epochs in file order. Standard and offset stop once an epoch makes no update; scikit-learn
then gets ``max_iter`` = the epochs ours actually ran, so both do the same work. (The labels
need an offset, b = 0.1, so standard, through the origin, never converges and runs all 10.)
Ours and scikit-learn's runs alternate, after two untimed rounds each; times are medians of 5:

* ``train`` — ``rec.train_seconds``, the training loop alone;
* ``fit``   — the whole ``fit()`` call, including the per-epoch train error of every epoch;
* ``sk``    — scikit-learn's ``fit()`` (``Perceptron`` for standard/offset,
  ``SGDClassifier(loss="perceptron", average=True)`` for averaged).

Target: both ratios ≤ 0.5 on every row. Also: numba compile time cold and from the cache
(targets ≤ 2 s and ≤ 0.3 s) and the memory of a run record with ~10⁶ updates (≤ 100 MB).

Run: ``.venv/bin/python tests/benchmarks/bench_core.py`` (needs scikit-learn).
"""
from __future__ import annotations

import cProfile
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
import warnings

import numpy as np

from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.algorithms._kernels import warm_up
from perceptron_gui.core.dataset import Dataset

EPOCHS = 10
REPEATS = 5
WARMUP_ROUNDS = 2
SIZES = (10**5, 10**6)
ALGORITHMS = ("standard", "offset", "averaged")
RATIO_TARGET = 0.5
COLD_TARGET_S, CACHED_TARGET_S, MEMORY_TARGET_MB = 2.0, 0.3, 100.0


def make_data(n: int, noise: float, seed: int = 0, gap: float = 0.01) -> Dataset:
    """n points uniform in [-1, 1]², labels sign(u·x + b); points closer than ``gap`` to the
    line are redrawn, then a fraction ``noise`` of the labels is flipped."""
    rng = np.random.default_rng(seed)
    u = np.array([0.6, -0.8])
    b = 0.1
    X = np.empty((0, 2))
    while X.shape[0] < n:
        cand = rng.uniform(-1.0, 1.0, size=(n, 2))
        X = np.concatenate([X, cand[np.abs(cand @ u + b) >= gap]])
    X = X[:n]
    y = np.where(X @ u + b >= 0.0, 1.0, -1.0)
    if noise:
        y[rng.random(n) < noise] *= -1.0
    return Dataset.from_arrays(X, y)


def sklearn_model(algorithm: str, epochs: int):
    from sklearn.linear_model import Perceptron, SGDClassifier

    if algorithm == "averaged":
        return SGDClassifier(loss="perceptron", learning_rate="constant", eta0=1, alpha=0, penalty=None,
                             average=True, shuffle=False, tol=None, max_iter=epochs)
    return Perceptron(penalty=None, alpha=0, fit_intercept=algorithm != "standard", max_iter=epochs,
                      tol=None, shuffle=False, eta0=1.0)


def bench_row(data: Dataset, algorithm: str) -> dict:
    # Ours and scikit-learn's alternate, so a busy machine slows both alike.
    train, fit_wall, sk = [], [], []
    rec = clf = None
    # Untimed rounds first: the first large allocations of a process fault their pages in
    # (measured: the first two fits of a 10⁶-point run take 3-6x the steady time), which
    # would be charged to whichever fit() came first.
    for _ in range(WARMUP_ROUNDS):
        make_algorithm(algorithm, max_epochs=EPOCHS).fit(data)
        sklearn_model(algorithm, EPOCHS).fit(data.X, data.y)
    for _ in range(REPEATS):
        algo = make_algorithm(algorithm, max_epochs=EPOCHS)
        t0 = time.perf_counter()
        rec = algo.fit(data)
        fit_wall.append(time.perf_counter() - t0)
        train.append(rec.train_seconds)
        clf = sklearn_model(algorithm, rec.epochs_run)
        t0 = time.perf_counter()
        clf.fit(data.X, data.y)
        sk.append(time.perf_counter() - t0)
    ours = np.append(rec.final_w, rec.final_b)
    theirs = np.append(clf.coef_.ravel(), np.ravel(clf.intercept_)[0])
    if algorithm == "averaged":
        same = f"max|Δ| {np.max(np.abs(ours - theirs)):.1e}"
    else:
        same = "bitwise" if np.array_equal(ours, theirs) else f"DIFFER {np.max(np.abs(ours - theirs)):.1e}"
    t, f, s = (statistics.median(v) for v in (train, fit_wall, sk))
    return dict(epochs=rec.epochs_run, updates=rec.num_updates, converged=rec.converged, train=t, fit=f, sk=s,
                r_train=t / s, r_fit=f / s, r_best=min(fit_wall) / min(sk), same=same)


def where_fit_goes(data: Dataset, algorithm: str) -> str:
    """The median of 3 profiled fit() calls, split into the training loop (kernel, epoch orders),
    the per-epoch errors, the final weights and the other bookkeeping after the loop
    (concatenating the per-epoch chunks, update indices)."""
    runs = sorted((_profiled_fit(data, algorithm) for _ in range(REPEATS)), key=lambda r: r[0])
    return runs[len(runs) // 2][1]


def _profiled_fit(data: Dataset, algorithm: str) -> tuple[float, str]:
    prof = cProfile.Profile()
    algo = make_algorithm(algorithm, max_epochs=EPOCHS)
    t0 = time.perf_counter()
    prof.enable()
    rec = algo.fit(data)
    prof.disable()
    total = time.perf_counter() - t0
    stats = pstats.Stats(prof).stats  # {(file, line, name): (cc, nc, tottime, cumtime, callers)}

    def cum(name: str) -> float:
        return sum(v[3] for k, v in stats.items() if k[2] == name)

    def tot(name: str) -> float:
        return sum(v[2] for k, v in stats.items() if name in k[2])

    kernel, order = cum("perceptron_epoch"), tot("arange")
    rows, count = cum("_epoch_rows"), cum("count_errors")
    finish = cum("_finish")
    other = total - rec.train_seconds - rows - finish
    parts = [f"training loop {rec.train_seconds * 1e3:.0f} ms (kernel {kernel * 1e3:.0f}, "
             f"np.arange epoch orders {order * 1e3:.0f})",
             f"per-epoch errors {rows * 1e3:.0f} ms (count_errors {count * 1e3:.0f}"
             + (f", averaged_weights {(rows - count) * 1e3:.0f})" if algorithm == "averaged" else ")"),
             f"final weights {finish * 1e3:.0f} ms",
             f"other bookkeeping {other * 1e3:.0f} ms"]
    return total, f"  {algorithm:<9} fit() {total * 1e3:.0f} ms = " + " + ".join(parts)


def compile_times() -> list[dict[str, float]]:
    """Two fresh processes sharing a fresh NUMBA_CACHE_DIR: the first compiles, the second loads."""
    code = textwrap.dedent("""
        import time, numpy
        t = time.perf_counter()
        import numba
        t_numba = time.perf_counter() - t
        from perceptron_gui.core.algorithms import _kernels
        from perceptron_gui.core.algorithms._kernels import warm_up
        t_import = time.perf_counter() - t
        import numpy as np
        t1 = time.perf_counter()
        _kernels.count_errors(np.ones((2, 2)), np.ones(2), np.zeros(2))   # the first kernel alone
        t_first = time.perf_counter() - t1
        warm_up()
        total = time.perf_counter() - t
        # fit() passes read-only arrays (a Dataset's), a numba signature warm_up does not build.
        from perceptron_gui.core.algorithms import make_algorithm
        from perceptron_gui.core.dataset import Dataset
        data = Dataset.from_arrays([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]], [1, 1, -1])
        t2 = time.perf_counter()
        for name in ("standard", "offset"):
            make_algorithm(name).fit(data)
        print(t_numba, t_import, t_first, total, time.perf_counter() - t2)
    """)
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        out = []
        for _ in range(2):
            r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
            numba_s, import_s, first_s, total_s, fit_s = map(float, r.stdout.split())
            out.append(dict(numba=numba_s, imports=import_s, first=first_s, total=total_s, fit=fit_s))
    return out


def record_memory() -> str:
    """Run in a fresh process; the peak RSS is reset (Linux clear_refs) just before fit()."""
    code = textwrap.dedent(f"""
        import resource, sys, tracemalloc
        sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
        from bench_core import make_data
        from perceptron_gui.core.algorithms import make_algorithm
        from perceptron_gui.core.algorithms._kernels import warm_up

        def status(key):
            with open("/proc/self/status") as fh:
                return next(int(l.split()[1]) * 1024 for l in fh if l.startswith(key + ":"))

        data = make_data(10**6, 0.05, seed=1)
        warm_up()
        algo = make_algorithm("offset", max_epochs=6)
        try:
            with open("/proc/self/clear_refs", "w") as fh:
                fh.write("5")               # resets VmHWM, the peak RSS, to the current RSS
            rss0, hwm = status("VmRSS"), lambda: status("VmHWM")
        except OSError:                     # not Linux: the lifetime peak is the best we have
            rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
            hwm = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        tracemalloc.start()
        rec = algo.fit(data)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        rss1 = hwm()
        arrays = [rec.weights, rec.update_step, rec.update_index, rec.final_w]
        arrays += [v for v in rec.extras.values() if hasattr(v, "nbytes")]
        nbytes = sum(a.nbytes for a in arrays)
        print(rec.num_updates, nbytes, peak, rss1 - rss0)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    K, nbytes, peak, rss = (int(v) for v in r.stdout.split())
    mb = 1024 * 1024
    per = nbytes / max(K, 1)
    ok = "ok" if per * 1e6 / mb <= MEMORY_TARGET_MB else "MISSED"
    return (f"run record, offset, 2-D, n = 10^6, 5 % noise, 6 epochs: {K:,} updates\n"
            f"  its arrays (weights, update_step, update_index): {nbytes / mb:.1f} MB = {per:.0f} B/update "
            f"-> {per * 1e6 / mb:.1f} MB per 10^6 updates (target <= {MEMORY_TARGET_MB:.0f} MB: {ok})\n"
            f"  while fit() runs: tracemalloc peak {peak / mb:.1f} MB, peak RSS above the start {rss / mb:.1f} MB "
            f"(the data itself, 10^6 x 2 floats, is {1e6 * 3 * 8 / mb:.0f} MB with its labels)")


def main() -> int:
    warnings.filterwarnings("ignore")  # scikit-learn's ConvergenceWarning at tol=None
    try:
        import sklearn
    except ImportError:
        print("bench_core needs scikit-learn: .venv/bin/pip install scikit-learn")
        return 1
    warm_up()
    t_start = time.perf_counter()
    print(f"bench_core: {EPOCHS} epochs in file order, median of {REPEATS}; scikit-learn {sklearn.__version__}, "
          f"numpy {np.__version__}, {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    print("standard/offset stop when converged; scikit-learn then runs max_iter = the epochs ours ran (E).")
    print("The labels are sign(u·x + 0.1): separable with an offset only, so standard runs all its epochs.")
    print("train = rec.train_seconds (loop alone), fit = whole fit() incl. per-epoch errors, "
          f"sk = scikit-learn fit(); target: train/sk and fit/sk <= {RATIO_TARGET}\n")
    head = (f"{'data':<14}{'n':>9}  {'algorithm':<9}{'E':>4}{'updates':>10}  {'train':>8}{'fit':>9}{'sk':>9}"
            f"  {'train/sk':>8}{'fit/sk':>8}{'(best)':>7}  {'weights vs sklearn'}")
    print(head)
    print("-" * len(head))
    missed = 0
    for noise, label in ((0.0, "separable"), (0.05, "5% noise")):
        for n in SIZES:
            data = make_data(n, noise)
            for algorithm in ALGORITHMS:
                r = bench_row(data, algorithm)
                flag = "" if r["r_train"] <= RATIO_TARGET and r["r_fit"] <= RATIO_TARGET else "  <- over target"
                missed += bool(flag)
                print(f"{label:<14}{n:>9,}  {algorithm:<9}{r['epochs']:>4}{r['updates']:>10,}  "
                      f"{r['train'] * 1e3:>6.1f}ms{r['fit'] * 1e3:>7.1f}ms{r['sk'] * 1e3:>7.1f}ms"
                      f"  {r['r_train']:>8.2f}{r['r_fit']:>8.2f}{r['r_best']:>7.2f}  {r['same']}{flag}", flush=True)
    print(f"\n{missed} of {len(SIZES) * 2 * len(ALGORITHMS)} rows over the {RATIO_TARGET}x target (medians; "
          f"'best' = fastest of ours / fastest of scikit-learn's, less sensitive to a busy machine).")
    print(f"\nWhere fit() time goes, 5% noise, n = {SIZES[-1]:,} (the median of 3 profiled runs):")
    data = make_data(SIZES[-1], 0.05)
    for algorithm in ALGORITHMS:
        print(where_fit_goes(data, algorithm), flush=True)

    cold, cached = compile_times()
    print("\nnumba: import + compile/load of every kernel (warm_up), two processes, fresh NUMBA_CACHE_DIR")
    for label, c, target in (("cold  ", cold, COLD_TARGET_S), ("cached", cached, CACHED_TARGET_S)):
        print(f"  {label} {c['total']:.2f} s (target <= {target} s: {'ok' if c['total'] <= target else 'MISSED'}): "
              f"import numba {c['numba']:.2f} s, rest of the imports {c['imports'] - c['numba']:.2f} s, "
              f"first kernel {c['first']:.2f} s, the other kernels {c['total'] - c['imports'] - c['first']:.2f} s; "
              f"then the first standard + offset fit() on 3 points {c['fit']:.2f} s (read-only signatures)")
    print()
    print(record_memory())
    print(f"\nbench_core took {time.perf_counter() - t_start:.0f} s (load average now {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
