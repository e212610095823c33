"""Estimator fit on wide data against scikit-learn, same arrays, same process.

    .venv/bin/python tests/benchmarks/bench_wide_fit.py [--repeats 5] [--fit-only | --updates-only]

For 20,000 × 50 and 12,665 × 784 (the size of MNIST's 0 vs 1) points with 5 % of the labels
flipped (no run converges, every run makes its epochs), ``OffsetPerceptron`` and ``Perceptron``
against ``sklearn.linear_model.Perceptron(tol=None, shuffle=False)`` with the same epochs; the
median of ``--repeats`` fits after two warm-up rounds (numba compiles in the first). Then the
standard perceptron's training loop (``run_.train_seconds``) against a plain C loop over d
columns (``cc -O2``, the same arithmetic: tests/benchmarks/first_run_children.py's), every
other learner's time per update beside offset's, and the fit time at n just below and just
above 200,000 (no cliff). Target: fit/sk ≤ 0.5; train/C ≤ 1.3; other learners ≤ 1.5× offset's
time per update (the pocket's every-update count and the vote are O(n) per update by definition).
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from perceptron_gui.estimators import ESTIMATORS  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from first_run_children import C_LOOP  # noqa: E402

EPOCHS = 20
RATIO_TARGET, OTHERS_TARGET = 0.5, 1.5
SHAPES = ((20_000, 50), (12_665, 784))


def make_data(n: int, d: int, seed: int = 0, noise: float = 0.05) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    u = rng.standard_normal(d)
    y = np.where(X @ u + 0.3 >= 0.0, 1, 0)
    flip = rng.random(n) < noise
    y[flip] = 1 - y[flip]
    return X, y


def sk_model(offset: bool, epochs: int):
    from sklearn.linear_model import Perceptron

    return Perceptron(penalty=None, alpha=0, fit_intercept=offset, max_iter=epochs, tol=None, shuffle=False, eta0=1.0)


def timed(fit, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fit()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def c_loop(X: np.ndarray, y01: np.ndarray, repeats: int) -> None:
    """The standard perceptron's training loop against the C loop on the same numbers."""
    n, d = X.shape
    cc = shutil.which("cc")
    if cc is None:
        print(f"\n{n:,} x {d}: there is no C compiler (cc) on this machine, so the C loop is not measured.")
        return
    y = np.where(y01 == 1, 1.0, -1.0)
    with tempfile.TemporaryDirectory() as tmp:
        src, exe, raw = Path(tmp, "loop.c"), Path(tmp, "loop"), Path(tmp, "data.bin")
        src.write_text(C_LOOP)
        # -ffp-contract=off: no fused multiply-add, so the C loop rounds exactly as ours does.
        subprocess.run([cc, "-O2", "-ffp-contract=off", "-o", str(exe), str(src)], check=True)
        raw.write_bytes(np.ascontiguousarray(X).tobytes() + y.tobytes())
        est = ESTIMATORS["standard"](max_epochs=EPOCHS)
        ours, theirs = [], []
        for _ in range(repeats + 1):
            est.fit(X, y01)
            ours.append(est.run_.train_seconds)
            out = subprocess.run([str(exe), str(raw), str(n), str(d), str(EPOCHS)], capture_output=True, text=True,
                                 check=True).stdout.split()
            theirs.append(float(out[0]))
        same = np.array_equal(est.coef_[0], [float.fromhex(v) for v in out[3:]]) and int(out[1]) == est.t_
        t_ours, t_c = statistics.median(ours[1:]), statistics.median(theirs[1:])
        print(f"\n{n:,} x {d}: standard's training loop {t_ours * 1e3:.1f} ms, the C loop {t_c * 1e3:.1f} ms: "
              f"{t_ours / t_c:.2f}x (target <= 1.3); weights {'bit-equal' if same else 'DIFFER'}", flush=True)


def per_update(repeats: int) -> None:
    """Every learner's time per update at SHAPES[0], beside the offset perceptron's."""
    n, d = SHAPES[0]
    X, y = make_data(n, d)
    print(f"\nTime per update at {n:,} x {d} ({EPOCHS} epochs; target <= {OTHERS_TARGET}x offset's):")
    base = None
    # The pocket with the ratchet: its every-update rule counts all n points after each update.
    learners = [("offset", {}), ("standard", {}), ("pocket", {"check": "ratchet"}), ("voted", {}), ("averaged", {}),
                ("lifted", {}), ("margin", {}), ("pa", {})]
    for name, extra in learners:
        est = ESTIMATORS[name](max_epochs=EPOCHS, **extra)
        name = " ".join([name, *map(str, extra.values())])
        est.fit(X, y)
        t = timed(lambda: est.fit(X, y), repeats)
        per = t / max(est.t_, 1)
        base = per if base is None else base
        flag = "" if per / base <= OTHERS_TARGET else "  <- over target"
        print(f"  {name:<16}{t * 1e3:>8.1f} ms {est.t_:>9,} updates {per * 1e9:>8.0f} ns/update "
              f"{per / base:>5.2f}x{flag}", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--fit-only", action="store_true", help="only the first table (the fits against scikit-learn)")
    ap.add_argument("--updates-only", action="store_true", help="only the table of every learner's time per update")
    args = ap.parse_args()
    if args.updates_only:
        per_update(args.repeats)
        return 0
    try:
        import sklearn
        from sklearn.exceptions import ConvergenceWarning
    except ImportError:
        print("bench_wide_fit needs scikit-learn (pip install scikit-learn).")
        return 0
    import warnings
    warnings.simplefilter("ignore", ConvergenceWarning)
    warnings.simplefilter("ignore", RuntimeWarning)  # the vote's cap on its vectors: said in the table
    print(f"bench_wide_fit: {EPOCHS} epochs in file order, median of {args.repeats}; scikit-learn "
          f"{sklearn.__version__}; target: fit/sk <= {RATIO_TARGET}")
    print(f"{'n x d':<14}{'estimator':<18}{'fit':>9}{'sk':>9}{'fit/sk':>8}  weights")
    worst = 0.0
    for n, d in SHAPES:
        X, y = make_data(n, d)
        for name, offset in (("offset", True), ("standard", False)):
            est = ESTIMATORS[name](max_epochs=EPOCHS)
            sk = sk_model(offset, EPOCHS)
            for _ in range(2):
                est.fit(X, y)
                sk.fit(X, y)
            t_fit = timed(lambda: est.fit(X, y), args.repeats)
            t_sk = timed(lambda: sk.fit(X, y), args.repeats)
            same = np.array_equal(est.coef_, sk.coef_) and np.array_equal(est.intercept_, sk.intercept_)
            ratio = t_fit / t_sk
            worst = max(worst, ratio)
            flag = "" if ratio <= RATIO_TARGET else "  <- over target"
            print(f"{n:,} x {d:<5}{type(est).__name__:<18}{t_fit * 1e3:>7.1f}ms{t_sk * 1e3:>7.1f}ms{ratio:>8.2f}  "
                  f"{'bit-equal' if same else 'DIFFER'}{flag}", flush=True)
    if args.fit_only:
        print(f"\nworst fit/sk {worst:.2f} (target <= {RATIO_TARGET})")
        return 0
    for n, d in SHAPES:
        c_loop(*make_data(n, d), args.repeats)
    per_update(args.repeats)
    print("\nNo cliff in n (offset, 50 features, 2 epochs):")
    for n in (199_999, 200_000, 200_001):
        X, y = make_data(n, 50, seed=1)
        est = ESTIMATORS["offset"](max_epochs=2)
        est.fit(X, y)
        t = timed(lambda: est.fit(X, y), args.repeats)
        print(f"  n = {n:,}: {t * 1e3:.0f} ms", flush=True)
    print(f"\nworst fit/sk {worst:.2f} (target <= {RATIO_TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
