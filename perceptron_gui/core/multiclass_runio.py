"""The run file of a multiclass run: the binary run file's format and version, with
``classes`` (the sorted labels), ``final.w`` as K rows of d numbers and ``final.b`` as K numbers
(absent without the offset), each update's ``rival`` class ŷ beside its epoch and example, and
the Kesler bound in ``theory``."""
from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from .algorithms.multiclass import MulticlassRun
from .atomic import atomic_write_text
from .class_data import ClassData
from .runio import RUN_FILE_MAX_ROWS, RUN_FORMAT, RUN_VERSION

__all__ = ["multiclass_run_dict", "write_multiclass_run"]


def _floats(a: np.ndarray) -> list[Any]:
    values: list[Any] = np.asarray(a, dtype=np.float64).tolist()
    return values


def multiclass_run_dict(run: MulticlassRun, data: ClassData, params: dict[str, Any], *,
                        full: bool = False) -> dict[str, Any]:
    """The run file's content (the updates capped at :data:`RUN_FILE_MAX_ROWS` unless ``full``)."""
    W, b = run.split(run.W)
    m = run.n_updates if full else min(run.n_updates, RUN_FILE_MAX_ROWS)
    final: dict[str, Any] = {"w": _floats(W)}
    if b is not None:
        final["b"] = _floats(b)
    theory = run.theory()
    stop = "converged" if run.converged else ("cancelled" if run.stopped else "max_epochs")
    return {
        "format": RUN_FORMAT,
        "version": RUN_VERSION,
        "algorithm": "multiclass",
        "params": dict(params),
        "offset": bool(run.offset),
        "n": data.n,
        "d": data.d,
        "classes": list(run.classes),
        "feature_names": list(data.feature_names),
        "converged": bool(run.converged),
        "stop_reason": stop,
        "epochs_run": len(run.epoch_updates),
        "num_updates": run.n_updates,
        "epochs": [{"epoch": e, "updates": u, "train_error": err / data.n if data.n else None, "test_error": None}
                   for e, (u, err) in enumerate(zip(run.epoch_updates, run.epoch_errors))],
        "updates": [{"k": k + 1, "epoch": e, "index": i, "rival": run.classes[r]}
                    for k, e, i, r in zip(range(m), run.epochs[:m].tolist(), run.index[:m].tolist(),
                                          run.rivals[:m].tolist())],
        "truncated": m < run.n_updates,
        "final": final,
        "theory": {"R": theory["R"], "gamma_W": theory["gamma_W"], "bound": theory["bound"],
                   "class_norms": theory["class_norms"],
                   "bound_formula": "k ≤ 2R²/γ² (Kesler: ‖φ‖² = 2‖x‖²), γ the final W's normalised margin"},
        "timing": {},
    }


def write_multiclass_run(path: str | os.PathLike[str], run: MulticlassRun, data: ClassData,
                         params: dict[str, Any], *, full: bool = False) -> None:
    """Write the run file atomically (see :func:`multiclass_run_dict`)."""
    doc = multiclass_run_dict(run, data, params, full=full)
    atomic_write_text(path, json.dumps(doc, allow_nan=False, ensure_ascii=False, separators=(",", ":")) + "\n")
