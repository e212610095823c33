"""``perceptron-gui run --algorithm multiclass``: train the multiclass perceptron on a CSV of
K ≥ 2 classes (or a preset of several classes), print the per-epoch table, the per-class weights
and the Kesler bound, and write the run file (``--out``) and the update table (``--csv``)."""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO

import numpy as np

from ..core.errors import UserError
from .common import UsageError, check_outputs, fail, read_failed

__all__ = ["cmd_run_multiclass", "vector_text"]

# Vectors longer than this print as numpy summarises them: the first and last three, and the count.
_SHOWN = 8


def vector_text(v: np.ndarray) -> str:
    """(a, b, …, z) with at most :data:`_SHOWN` numbers, and the count when some are left out."""
    vals = [f"{x:.6g}" for x in np.asarray(v, dtype=np.float64).tolist()]
    if len(vals) <= _SHOWN:
        return "(" + ", ".join(vals) + ")"
    return "(" + ", ".join(vals[:3]) + ", …, " + ", ".join(vals[-3:]) + f")  [{len(vals)} numbers]"


def _data(ns: argparse.Namespace) -> Any:
    from ..core.class_data import class_data, read_class_csv
    from ..core.class_presets import CLASS_PRESETS
    from ..core.presets import get_preset

    if ns.run_preset is not None:
        if ns.data is not None:
            raise UsageError(f"Give either DATA.csv ({ns.data}) or --preset {ns.run_preset}, not both.")
        if ns.run_preset in CLASS_PRESETS:
            return CLASS_PRESETS[ns.run_preset].make()
        train = get_preset(ns.run_preset).train_test()[0]  # two classes, −1 and +1
        return class_data(train.X, train.y, train.feature_names, ns.run_preset)
    if ns.data is None:
        raise UsageError("Give a data file of several classes (perceptron-gui run DATA.csv --algorithm multiclass) "
                         "or --preset three_classes, four_classes or digits_0_1_2.")
    return read_class_csv(ns.data)


def _test_error(ns: argparse.Namespace, run: Any, data: Any) -> float | None:
    from ..core.algorithms.multiclass import predict_codes
    from ..core.class_data import read_class_csv
    from ..core.dataset import DatasetError

    if not getattr(ns, "test", None):
        return None
    test = read_class_csv(ns.test)
    if test.d != data.d:
        raise DatasetError(f"The test file has {test.d} features but the training data {data.d}; give it the same columns.")
    unknown = sorted(set(test.classes) - set(data.classes))
    if unknown:
        raise DatasetError(f"The test file has the class {unknown[0]!r}, which the training data lack; "
                           f"its classes must be among {', '.join(data.classes)}.")
    index = {c: k for k, c in enumerate(data.classes)}
    truth = np.array([index[test.classes[c]] for c in test.codes.tolist()], dtype=np.int64)
    return float(np.mean(predict_codes(run.W, test.X, run.offset) != truth))


def _print(run: Any, data: Any, test_error: float | None, fit_s: float, out: TextIO) -> None:
    print(f"{data.n:,} points, {data.d} features, {data.K} classes: {', '.join(data.classes)}", file=out)
    print(f"{'epoch':>5}  {'updates':>7}  {'train error':>11}", file=out)
    rows: list[Any] = list(enumerate(zip(run.epoch_updates, run.epoch_errors)))
    if len(rows) > 14:
        rows = rows[:10] + [None] + rows[-3:]
    for row in rows:
        if row is None:
            print(f"{'…':>5}", file=out)
            continue
        e, (u, err) = row
        print(f"{e:>5}  {u:>7}  {err / data.n:>10.2%}", file=out)
    print("", file=out)
    if run.converged:
        print(f"Converged after {run.n_updates} updates in {len(run.epoch_updates)} epochs "
              "(the last epoch made no update).", file=out)
    else:
        print(f"Stopped after {len(run.epoch_updates)} epochs and {run.n_updates} updates without an epoch "
              "free of mistakes.", file=out)
    W, b = run.split(run.W)
    th = run.theory()
    for c, name in enumerate(run.classes):
        extra = f", b = {b[c]:.6g}" if b is not None else ""
        print(f"  class {name}: W = {vector_text(W[c])}{extra}, ‖W‖ = {th['class_norms'][c]:.6g}", file=out)
    print(f"R = {th['R']:.6g} (the largest ‖x‖{' with the constant 1 appended' if run.offset else ''})", file=out)
    if th["bound"] is not None:
        print(f"γ = {th['gamma_W']:.6g} (the final W's margin min (W_y·x − W_ŷ·x) over ‖W‖_F)", file=out)
        print(f"2R²/γ² = {th['bound']:.6g}: Kesler's bound for any run on these points; this run made "
              f"{run.n_updates} ≤ {th['bound']:.6g}.", file=out)
    else:
        print("The final W does not separate the classes, so it gives no mistake bound.", file=out)
    if test_error is not None:
        print(f"Test error: {test_error:.2%}", file=out)
    print(f"Train time: {fit_s * 1e3:.3g} ms", file=out)


def _write_updates_csv(path: str, run: Any) -> None:
    from ..core.atomic import atomic_write_text

    lines = ["k,epoch,index,class,rival"]
    lines += [f"{k + 1},{e},{i},{run.classes[run.codes[i]]},{run.classes[r]}"
              for k, (e, i, r) in enumerate(zip(run.epochs.tolist(), run.index.tolist(), run.rivals.tolist()))]
    atomic_write_text(path, "\n".join(lines) + "\n")


def cmd_run_multiclass(ns: argparse.Namespace, params: dict[str, Any]) -> int:
    """Run ``perceptron-gui run --algorithm multiclass``; 0, or 2 with one sentence."""
    from ..core.algorithms.multiclass import MulticlassPerceptron, warm_up
    from ..core.multiclass_runio import write_multiclass_run

    try:
        if getattr(ns, "transcript", None):
            raise UsageError("--transcript narrates the two-class learners; the multiclass view narrates its steps "
                             "in the window (Run → Multiclass perceptron…).")
        check_outputs({"--out": ns.out, "--csv": ns.csv}, {"the data file": ns.data, "the --test file": ns.test})
        data = _data(ns)
        algo = MulticlassPerceptron(**params)
        algo.validate()
        warm_up()  # the kernels loaded first: the train time is the training alone
        t0 = time.perf_counter()
        run = algo.fit(data)
        fit_s = time.perf_counter() - t0
        test_error = _test_error(ns, run, data)
    except (UserError, UsageError) as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(read_failed(exc))
    out = sys.stdout
    _print(run, data, test_error, fit_s, out)
    full = ns.full_run
    for path, write in ((ns.out, lambda p: write_multiclass_run(p, run, data, algo.get_params(), full=full)),
                        (ns.csv, lambda p: _write_updates_csv(p, run))):
        if not path:
            continue
        try:
            write(path)
        except UserError as exc:
            return fail(str(exc))
        except OSError as exc:
            return fail(f"{path} could not be written ({exc.strerror or exc}); check the folder and its permissions.")
        print(f"Wrote {path}.", file=out)
    return 0
