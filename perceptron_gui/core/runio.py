"""Writers and a reader for finished runs (no Qt): the run file, update and epoch tables.

The run file is JSON in the format ``perceptron-run``, version 1, described in the README
section "Run file format (perceptron-run, version 1)". Floats are written with ``repr`` so
they read back bit for bit; NaN and infinities become ``null``. Epochs, example indices and
positions count from 0, updates from k = 1, as in :mod:`perceptron_gui.core.run`.
"""
from __future__ import annotations

import itertools
import json
import math
import os
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import numpy as np

from ..i18n import _, ngettext
from . import novikoff
from .algorithms import REGISTRY
from .csv_text import clip_text, shown_value
from .dataset import Dataset
from .errors import UserError
from .io import atomic_write_chunks, atomic_write_text, read_json_file
from .nonseparable import run_bound
from .run import RunRecord, split_augmented

__all__ = [
    "RUN_FORMAT", "RUN_VERSION", "RunFileError", "run_to_json_dict", "write_run_json",
    "read_run_json", "updates_csv_text", "write_updates_csv", "epochs_csv_text",
    "write_epochs_csv", "epochs_latex_tabular", "cos_theta_star", "RUN_FILE_MAX_ROWS",
    "run_file_note",
]

RUN_FORMAT = "perceptron-run"
RUN_VERSION = 1
_CHUNK_ROWS = 50_000  # rows formatted at a time when writing big runs
# Entries a run file lists per list (updates, epochs, voted vectors), and rows an updates CSV
# has, unless the caller asks for the full run: about 4 MB of updates instead of the 640 MB
# a 60-point run over a million epochs would write.
RUN_FILE_MAX_ROWS = 100_000
REQUIRED_KEYS = ("format", "version", "algorithm", "params", "n", "d", "converged", "stop_reason",
                 "epochs_run", "epochs", "updates", "final", "theory", "timing")


class RunFileError(UserError):
    """A run file that cannot be read; ``str(err)`` is one sentence for the user."""


# ---- small conversions ------------------------------------------------------------------
def _num(v: Any) -> float | None:
    """A JSON-safe float: None for None, NaN and infinities."""
    if v is None:
        return None
    f = float(v)
    return f if math.isfinite(f) else None


def _nums(a: Any) -> list[float | None]:
    return [_num(v) for v in np.asarray(a, dtype=np.float64).reshape(-1).tolist()]


def _theory_attr(theory: Any, name: str) -> Any:
    return None if theory is None else getattr(theory, name, None)


def cos_theta_star(W: np.ndarray, theta_star: np.ndarray | None) -> np.ndarray | None:
    """cos∠(w_k, θ*) for each row of the augmented weights W (NaN where w_k = 0).

    ``None`` when there is no θ* (data not separable in the run's mode).
    """
    if theta_star is None:
        return None
    W = np.asarray(W, dtype=np.float64)
    t = np.asarray(theta_star, dtype=np.float64)
    if W.ndim != 2 or t.shape != (W.shape[1],):
        return None
    norms = np.linalg.norm(W, axis=1) * float(np.linalg.norm(t))
    dots = W @ t
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(norms > 0.0, dots / np.where(norms > 0.0, norms, 1.0), np.nan)


# ---- the run file -----------------------------------------------------------------------
def _theory_dict(theory: Any, rec: RunRecord) -> dict[str, Any]:
    offset = rec.offset
    ts = _theory_attr(theory, "theta_star")
    theta = None
    if ts is not None:
        w, b = split_augmented(ts, offset)
        theta = {"w": _nums(w), "b": _num(b)}
    bound, sentence = novikoff.run_start_bound(theory, rec)
    mm = _theory_attr(theory, "mm")
    separable = _theory_attr(theory, "separable")
    sto = _theory_attr(theory, "separable_through_origin")
    return {
        "R": _num(_theory_attr(theory, "R")),
        "separable": None if separable is None else bool(separable),
        "separable_through_origin": None if sto is None else bool(sto),
        "gamma": _num(_theory_attr(theory, "gamma")),
        "theta_star": theta,
        "bound": _num(bound),
        "start_bound_formula": sentence,
        "exact": None if mm is None or getattr(mm, "exact", None) is None else bool(mm.exact),
        "gap": None if mm is None else _num(getattr(mm, "gap", None)),
        "verdict": _theory_attr(theory, "verdict"),
    }


def _nonseparable(rec: RunRecord, theory: Any, train: Dataset) -> dict[str, object] | None:
    """The mistake bound without separability at its default u (null where it does not apply)."""
    if theory is None or _theory_attr(theory, "R") is None:
        return None
    if not math.isfinite(float(_theory_attr(theory, "R"))):
        return None
    mb = run_bound(rec, train.X, train.y, theory)
    if mb is None or not math.isfinite(mb.bound):
        return None
    return {"u": _nums(mb.u), "hinge_sum": _num(mb.hinge_sum), "R": _num(mb.R), "mistakes": mb.mistakes,
            "bound": _num(mb.bound)}


def _update_epochs(rec: RunRecord, K: int) -> np.ndarray:
    """The epoch of each of the first K updates (not all of them: a capped file needs few)."""
    return rec.update_step[:K] // rec.n if rec.n else np.zeros(0, dtype=np.int64)


def _limit(full: bool) -> int | None:
    return None if full else RUN_FILE_MAX_ROWS


def _truncated(rec: RunRecord, limit: int | None) -> dict[str, dict[str, int]] | None:
    """The lists a run file cuts to their first ``limit`` entries, with their full lengths;
    None when it lists everything."""
    if limit is None:
        return None
    lengths = {"updates": rec.num_updates, "epochs": len(rec.epochs)}
    if REGISTRY[rec.algorithm].votes:
        lengths["voted"] = rec.num_updates + 1
    cut = {name: {"kept": limit, "of": int(total)} for name, total in lengths.items() if total > limit}
    return cut or None


def run_file_note(rec: RunRecord, full: bool = False, *, csv: bool = False) -> str | None:
    """One sentence when a run file (``csv``: an updates CSV) leaves entries out; None otherwise."""
    cut = _truncated(rec, _limit(full))
    if cut and csv:
        cut = {k: v for k, v in cut.items() if k == "updates"}
    if not cut:
        return None
    # The lists are named by their keys in the file ("updates", "epochs", "voted").
    parts = ", ".join(_("the first {kept:,} of {total:,} {name}").format(kept=v["kept"], total=v["of"], name=name)
                      for name, v in cut.items())
    if csv:
        return _("To keep the file small it lists {parts}; the command line's --full-run writes everything.").format(
            parts=parts)
    return _("To keep the file small it lists {parts} (key \"truncated\"); the command line's --full-run writes "
             "everything.").format(parts=parts)


def _final_dict(rec: RunRecord, limit: int | None = None) -> dict[str, Any]:
    final: dict[str, Any] = {"w": _nums(rec.final_w), "b": _num(rec.final_b)}
    ex = rec.extras
    if REGISTRY[rec.algorithm].votes:
        c = rec.survival_counts()
        kept = slice(None) if limit is None else slice(0, limit)
        final["voted"] = [
            {"w": _nums(w), "b": _num(b), "c": int(ck)}
            for w, b, ck in ((*split_augmented(row, rec.offset), ck)
                             for row, ck in zip(rec.weights[kept], c[kept].tolist()))
        ]
    if "pocket_k" in ex:
        final["pocket_k"] = int(ex["pocket_k"])
        final["pocket_count"] = int(ex["pocket_count"])
    if "last_w" in ex:
        final["last"] = {"w": _nums(ex["last_w"]), "b": _num(ex["last_b"])}
    if "slack_points" in ex:
        final["slack_points"] = [int(i) for i in np.asarray(ex["slack_points"]).tolist()]
    if "alpha" in ex:  # the kernel perceptron: its predictor is α, b and the kernel
        final["alpha"] = [int(a) for a in np.asarray(ex["alpha"]).tolist()]
        final["kernel"] = dict(ex["kernel"])
        if final["kernel"]["name"] != "linear":
            del final["w"]  # a curved boundary has no w in the input space
    return final


def run_to_json_dict(rec: RunRecord, theory: Any, data_train: Dataset,
                     data_test: Dataset | None = None, *, full: bool = False) -> dict[str, Any]:
    """The run as a JSON-ready dict in the ``perceptron-run`` version 1 format.

    Parameters
    ----------
    rec : RunRecord
        The finished run.
    theory : Theory or None
        :func:`perceptron_gui.core.theory.dataset_theory` of the training data in the run's
        mode (offset or not); None writes nulls.
    data_train, data_test : Dataset
        The training set (its feature names are kept) and the optional test set.
    full : bool, optional
        List every update, epoch and voted vector; by default each list stops after
        ``RUN_FILE_MAX_ROWS`` entries and the key ``truncated`` says which were cut.
    """
    limit = _limit(full)
    d = _json_dict_without_updates(rec, theory, data_train, data_test, limit)
    K = rec.num_updates if limit is None else min(rec.num_updates, limit)
    d["updates"] = [
        {"k": k, "epoch": e, "index": i}
        for k, e, i in zip(range(1, K + 1), _update_epochs(rec, K).tolist(), rec.update_index[:K].tolist())
    ]
    tau = rec.extras.get("tau")
    if tau is not None:  # passive-aggressive: each update's step size (floats read back exactly)
        for u, t in zip(d["updates"], np.asarray(tau[:K]).tolist()):
            u["tau"] = t
    return d


def _json_dict_without_updates(rec: RunRecord, theory: Any, data_train: Dataset,
                               data_test: Dataset | None, limit: int | None) -> dict[str, Any]:
    epochs = [
        {"epoch": int(r.epoch), "updates": int(r.updates), "train_error": _num(r.train_error),
         "test_error": _num(r.test_error)}
        for r in (rec.epochs if limit is None else rec.epochs[:limit])
    ]
    params = {k: (v.item() if isinstance(v, np.generic) else v) for k, v in rec.params.items()}
    return {
        "format": RUN_FORMAT,
        "version": RUN_VERSION,
        "algorithm": rec.algorithm,
        "params": params,
        "offset": bool(rec.offset),
        "n": int(rec.n),
        "d": int(rec.d),
        "n_test": int(data_test.n) if data_test is not None else None,
        "feature_names": list(data_train.feature_names),
        "converged": bool(rec.converged),
        "stop_reason": rec.stop_reason,
        "epochs_run": int(rec.epochs_run),
        "num_updates": int(rec.num_updates),
        "epochs": epochs,
        "updates": None,
        "truncated": _truncated(rec, limit),
        "final": _final_dict(rec, limit),
        "theory": {**_theory_dict(theory, rec), "nonseparable_bound": _nonseparable(rec, theory, data_train)},
        "timing": {"train_s": _num(rec.train_seconds)},
    }


def _updates_json(rec: RunRecord, K: int) -> Iterator[str]:
    """The first K entries of the ``updates`` list as JSON text, in chunks, built without
    one dict per update (10⁶ of them cost seconds and hundreds of MB)."""
    epoch, index = _update_epochs(rec, K), rec.update_index
    tau = rec.extras.get("tau")
    yield "["
    for a in range(0, K, _CHUNK_ROWS):
        b = min(K, a + _CHUNK_ROWS)
        if tau is None:
            rows = map('{{"k":{},"epoch":{},"index":{}}}'.format,
                       range(a + 1, b + 1), epoch[a:b].tolist(), index[a:b].tolist())
        else:  # passive-aggressive: each update's step size τ, as repr (it reads back exactly)
            rows = map('{{"k":{},"epoch":{},"index":{},"tau":{!r}}}'.format,
                       range(a + 1, b + 1), epoch[a:b].tolist(), index[a:b].tolist(), tau[a:b].tolist())
        yield ("," if a else "") + ",".join(rows)
    yield "]"


def write_run_json(path: str | os.PathLike[str], rec: RunRecord, theory: Any, data_train: Dataset,
                   data_test: Dataset | None = None, *, full: bool = False, transcript: list[str] | None = None) -> None:
    """Write the run file atomically; the same content as :func:`run_to_json_dict`.

    The updates are streamed to the file chunk by chunk, so even a full run of 10⁷ updates
    is never one string in memory."""
    limit = _limit(full)
    d = _json_dict_without_updates(rec, theory, data_train, data_test, limit)
    if transcript is not None:  # the narration of each update (run --transcript), capped as the updates are
        d["transcript"] = transcript if limit is None else transcript[:limit]
    marker = f"@updates-{uuid.uuid4().hex}@"
    d["updates"] = marker
    text = json.dumps(d, allow_nan=False, ensure_ascii=False, separators=(",", ":"))
    head, tail = text.split(json.dumps(marker), 1)
    K = rec.num_updates if limit is None else min(rec.num_updates, limit)
    atomic_write_chunks(path, itertools.chain((head,), _updates_json(rec, K), (tail + "\n",)))


def read_run_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a run file and check its format and version.

    Raises
    ------
    RunFileError
        One sentence: missing file, not JSON, another format or version, missing keys.
    """
    p = Path(path)
    d = read_json_file(p, _("run file"), _("a .json file"), RunFileError)
    name = clip_text(p.name, 60)
    if not isinstance(d, dict) or d.get("format") != RUN_FORMAT:
        if isinstance(d, dict) and d.get("format") == "perceptron-session":
            raise RunFileError(_("{name} is a session file, not a run file; open it with "
                                 "File → Open session or give it to 'perceptron-gui export'.").format(name=name))
        raise RunFileError(_("{name} is not a perceptron run file (its \"format\" is not "
                             "\"{format}\").").format(name=name, format=RUN_FORMAT))
    version = d.get("version")
    if version != RUN_VERSION:
        raise RunFileError(_("{name} is a run file of version {version}, but this "
                             "program reads version {ours}; update the program or write the run again.").format(
                                 name=name, version=shown_value(version), ours=RUN_VERSION))
    missing = [k for k in REQUIRED_KEYS if k not in d]
    if missing:
        # English says "key" for one and "keys" for more (ngettext's n is 1 or 2 for that).
        raise RunFileError(ngettext("{name} lacks the key {keys}; it is incomplete or damaged.",
                                    "{name} lacks the keys {keys}; it is incomplete or damaged.",
                                    len(missing)).format(name=name, keys=", ".join(missing)))
    return d


# ---- tables -----------------------------------------------------------------------------
def _cell(v: float) -> str:
    """A float as CSV text that reads back exactly; empty for NaN/inf."""
    return repr(v) if math.isfinite(v) else ""


def _update_rows(rec: RunRecord, train: Dataset, theory: Any, limit: int | None = None) -> Iterator[str]:
    """The update table as text, in chunks of whole lines (each ending in a newline); the
    first ``limit`` updates only when given.

    Formatted column by column with ``map`` because ``repr`` of 10⁶ floats is most of the cost.
    """
    d = rec.d
    yield ",".join(["k", "epoch", "index", *(f"x{j + 1}" for j in range(d)), "y",
                    *(f"w{j + 1}" for j in range(d)), "b", "cos_theta_star",
                    *(["tau"] if "tau" in rec.extras else [])]) + "\n"
    K = rec.num_updates if limit is None else min(rec.num_updates, limit)
    if K == 0:
        return
    epoch = _update_epochs(rec, K)
    index = rec.update_index
    theta = _theory_attr(theory, "theta_star")
    for a in range(0, K, _CHUNK_ROWS):
        b = min(K, a + _CHUNK_ROWS)
        idx = index[a:b]
        X = train.X[idx]
        W = rec.weights[a + 1:b + 1]
        cos = cos_theta_star(W, theta)
        cols: list[Iterable[str]] = [map(str, range(a + 1, b + 1)), map(str, epoch[a:b].tolist()), map(str, idx.tolist())]
        cols += [map(repr, X[:, j].tolist()) for j in range(d)]  # a Dataset is finite
        cols.append(map(str, train.y[idx].astype(np.int64).tolist()))
        wfmt = repr if np.isfinite(W).all() else _cell
        cols += [map(wfmt, W[:, j].tolist()) for j in range(d)]
        cols.append(map(wfmt, W[:, d].tolist()) if rec.offset else ["0.0"] * (b - a))
        cols.append(map(_cell, cos.tolist()) if cos is not None else [""] * (b - a))
        if "tau" in rec.extras:  # passive-aggressive: the step size of each update
            cols.append(map(repr, rec.extras["tau"][a:b].tolist()))
        yield "\n".join(map(",".join, zip(*cols))) + "\n"


def updates_csv_text(rec: RunRecord, train: Dataset, theory: Any, *, full: bool = False) -> str:
    """One row per update: k, epoch, example index, the point, its label, the weights after
    the update (b = 0.0 without offset), and cos∠(w_k, θ*) of the augmented vectors (empty
    without θ* or where w_k = 0); for passive-aggressive also τ, the step size. The first
    ``RUN_FILE_MAX_ROWS`` updates unless ``full``."""
    return "".join(_update_rows(rec, train, theory, _limit(full)))


def write_updates_csv(path: str | os.PathLike[str], rec: RunRecord, train: Dataset, theory: Any,
                      *, full: bool = False) -> None:
    """Write the table of :func:`updates_csv_text` atomically.

    Streamed to the file chunk by chunk (a run with 10⁶ updates makes ~100 MB of text).
    """
    atomic_write_chunks(path, _update_rows(rec, train, theory, _limit(full)))


def epochs_csv_text(rec: RunRecord) -> str:
    """``epoch,updates,train_error,test_error`` per epoch; errors as fractions, test empty without a test set."""
    lines = ["epoch,updates,train_error,test_error"]
    for r in rec.epochs:
        te = "" if r.test_error is None else _cell(r.test_error)
        lines.append(f"{r.epoch},{r.updates},{_cell(r.train_error)},{te}")
    return "\n".join(lines) + "\n"


def write_epochs_csv(path: str | os.PathLike[str], rec: RunRecord) -> None:
    """Write :func:`epochs_csv_text` atomically."""
    atomic_write_text(path, epochs_csv_text(rec))


def epochs_latex_tabular(rec: RunRecord) -> str:
    """The per-epoch table as a LaTeX ``tabular`` (plain ``\\hline`` rules, no packages needed);
    errors in percent with two decimals, "--" without a test set."""
    def pct(v: float | None) -> str:
        return "--" if v is None or not math.isfinite(v) else f"{100.0 * v:.2f}"

    lines = [
        r"\begin{tabular}{rrrr}",
        r"\hline",
        r"epoch & updates & train error (\%) & test error (\%) \\",
        r"\hline",
    ]
    for r in rec.epochs:
        lines.append(f"{r.epoch} & {r.updates} & {pct(r.train_error)} & {pct(r.test_error)} \\\\")
    lines += [r"\hline", r"\end{tabular}"]
    return "\n".join(lines) + "\n"
