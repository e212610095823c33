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
from ..i18n import _
from .common import UsageError, check_outputs, fail, read_failed

__all__ = ["cmd_run_multiclass", "vector_text"]

# Vectors longer than this print as numpy summarises them: the first and last three, and the count.
_SHOWN = 8


def vector_text(v: np.ndarray) -> str:
    """(a, b, …, z) with at most :data:`_SHOWN` numbers, and the count when some are left out."""
    vals = [f"{x:.6g}" for x in np.asarray(v, dtype=np.float64).tolist()]
    if len(vals) <= _SHOWN:
        return "(" + ", ".join(vals) + ")"
    return "(" + ", ".join(vals[:3]) + ", …, " + ", ".join(vals[-3:]) + ")  " + _("[{n} numbers]").format(n=len(vals))


def _data(ns: argparse.Namespace) -> Any:
    from ..core.class_data import class_data, read_class_csv
    from ..core.class_presets import CLASS_PRESETS
    from ..core.presets import get_preset

    if ns.run_preset is not None:
        if ns.data is not None:
            raise UsageError(_("Give either DATA.csv ({data}) or --preset {preset}, not both.").format(
                data=ns.data, preset=ns.run_preset))
        if ns.run_preset in CLASS_PRESETS:
            return CLASS_PRESETS[ns.run_preset].make()
        train = get_preset(ns.run_preset).train_test()[0]  # two classes, −1 and +1
        return class_data(train.X, train.y, train.feature_names, ns.run_preset)
    if ns.data is None:
        raise UsageError(_("Give a data file of several classes (perceptron-gui run DATA.csv --algorithm multiclass) "
                           "or --preset three_classes, four_classes or digits_0_1_2."))
    return read_class_csv(ns.data)


def _test_error(ns: argparse.Namespace, run: Any, data: Any) -> float | None:
    from ..core.algorithms.multiclass import predict_codes
    from ..core.class_data import read_class_csv
    from ..core.dataset import DatasetError

    if not getattr(ns, "test", None):
        return None
    test = read_class_csv(ns.test)
    if test.d != data.d:
        raise DatasetError(_("The test file has {d_test} features but the training data {d_train}; give it the same "
                             "columns.").format(d_test=test.d, d_train=data.d))
    unknown = sorted(set(test.classes) - set(data.classes))
    if unknown:
        raise DatasetError(_("The test file has the class {name}, which the training data lack; "
                             "its classes must be among {classes}.").format(name=repr(unknown[0]),
                                                                           classes=", ".join(data.classes)))
    index = {c: k for k, c in enumerate(data.classes)}
    truth = np.array([index[test.classes[c]] for c in test.codes.tolist()], dtype=np.int64)
    return float(np.mean(predict_codes(run.W, test.X, run.offset) != truth))


def _print(run: Any, data: Any, test_error: float | None, fit_s: float, out: TextIO) -> None:
    print(_("{n} points, {d} features, {K} classes: {classes}").format(
        n=f"{data.n:,}", d=data.d, K=data.K, classes=", ".join(data.classes)), file=out)
    epoch, updates, train_error = _("epoch"), _("updates"), _("train error")
    w_ep, w_up, w_tr = max(5, len(epoch)), max(7, len(updates)), max(11, len(train_error))
    print(f"{epoch:>{w_ep}}  {updates:>{w_up}}  {train_error:>{w_tr}}", file=out)
    rows: list[Any] = list(enumerate(zip(run.epoch_updates, run.epoch_errors)))
    if len(rows) > 14:
        rows = rows[:10] + [None] + rows[-3:]
    for row in rows:
        if row is None:
            print(f"{'…':>{w_ep}}", file=out)
            continue
        e, (u, err) = row
        print(f"{e:>{w_ep}}  {u:>{w_up}}  {err / data.n:>{w_tr - 1}.2%}", file=out)
    print("", file=out)
    if run.converged:
        print(_("Converged after {updates} updates in {epochs} epochs (the last epoch made no update).").format(
            updates=run.n_updates, epochs=len(run.epoch_updates)), file=out)
    else:
        print(_("Stopped after {epochs} epochs and {updates} updates without an epoch free of mistakes.").format(
            epochs=len(run.epoch_updates), updates=run.n_updates), file=out)
    W, b = run.split(run.W)
    th = run.theory()
    for c, name in enumerate(run.classes):
        extra = f", b = {b[c]:.6g}" if b is not None else ""
        print("  " + _("class {name}: W = {W}{b}, ‖W‖ = {norm:.6g}").format(
            name=name, W=vector_text(W[c]), b=extra, norm=th["class_norms"][c]), file=out)
    print((_("R = {R} (the largest ‖x‖ with the constant 1 appended)") if run.offset
           else _("R = {R} (the largest ‖x‖)")).format(R=f"{th['R']:.6g}"), file=out)
    if th["bound"] is not None:
        print(_("γ = {gamma:.6g} (the final W's margin min (W_y·x − W_ŷ·x) over ‖W‖_F)").format(
            gamma=th["gamma_W"]), file=out)
        print(_("2R²/γ² = {bound:.6g}: Kesler's bound for any run on these points; this run made "
                "{k} ≤ {bound:.6g}.").format(bound=th["bound"], k=run.n_updates), file=out)
    else:
        print(_("The final W does not separate the classes, so it gives no mistake bound."), file=out)
    if test_error is not None:
        print(_("Test error: {error:.2%}").format(error=test_error), file=out)
    print(_("Train time: {ms:.3g} ms").format(ms=fit_s * 1e3), file=out)


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
            raise UsageError(_("--transcript narrates the two-class learners; the multiclass view narrates its steps "
                               "in the window (Run → Multiclass perceptron…)."))
        check_outputs({"--out": ns.out, "--csv": ns.csv}, {_("the data file"): ns.data, _("the --test file"): ns.test})
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
            return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
                file=path, error=exc.strerror or exc))
        print(_("Wrote {path}.").format(path=path), file=out)
    return 0
