"""Training on sparse points (CSR rows) without making them dense: the learners whose visit is
the perceptron's or the margin perceptron's alone (the standard, offset and margin perceptrons),
with or without a weight per point.

:func:`fit_sparse` runs the epochs of ``Perceptron.fit`` through ``_sparse_kernels.csr_epoch``,
whose every score and update is the dense kernel's to the bit, and returns the same
:class:`RunRecord`: its weights (:class:`CsrWeightLog`) replay any w_k from the CSR rows, its
per-epoch errors are counted over them. Memory and time are O(nonzeros), not O(n·d).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...i18n import _
from ..dataset import DatasetError
from ..run import EpochRow, RunRecord, epoch_order, split_augmented
from ..run_memory import bytes_per_update, memory_budget, record_bytes
from ._lazy import LazyModule
from .base import Perceptron
from .params import START_W
from .update_log import UpdateLog
from .weight_log import WeightLog

SK = LazyModule("._sparse_kernels", __package__)  # numba loads at the first fit (see _lazy)

__all__ = ["CsrRows", "CsrWeightLog", "fit_sparse", "takes_sparse", "csr_scores"]


@dataclass(frozen=True)
class CsrRows:
    """n points of d features in CSR form: row i's nonzeros ``data[indptr[i]:indptr[i+1]]`` at
    columns ``indices[...]``, sorted and without repeats (float64, int64, int64)."""

    data: np.ndarray
    indices: np.ndarray
    indptr: np.ndarray
    n: int
    d: int

    def row(self, i: int) -> np.ndarray:
        """Row i as a dense (d,) array."""
        out = np.zeros(self.d)
        a, b = int(self.indptr[i]), int(self.indptr[i + 1])
        out[self.indices[a:b]] = self.data[a:b]
        return out


def takes_sparse(learner: type[Perceptron]) -> bool:
    """Whether :func:`fit_sparse` trains this learner: its visit is the perceptron's (and not the
    averaged or voted output built on it) or the margin perceptron's."""
    plain = learner._epoch is Perceptron._epoch and not learner.output_differs
    return bool(plain or learner.margin_rule)


def csr_scores(X: CsrRows, w: np.ndarray, b: float) -> np.ndarray:
    """w·x + b of every row, with the dense scores' arithmetic (``scores.predict_scores``)."""
    return np.asarray(SK.csr_scores(X.data, X.indices, X.indptr, False, np.ascontiguousarray(w, dtype=np.float64)) + b)


class CsrWeightLog(WeightLog):
    """:class:`WeightLog` whose replay adds the updates from CSR rows (``csr_replay_rows``)."""

    def __init__(self, checkpoints: np.ndarray, index: np.ndarray, X: CsrRows, y: np.ndarray,
                 tau: np.ndarray | None, C: int, offset: bool) -> None:
        super().__init__(checkpoints, index, np.zeros((0, 0)), y, 1.0 if tau is None else tau, C, offset)
        self.csr = X

    def rows(self, ks: np.ndarray) -> np.ndarray:
        ks = np.asarray(ks, dtype=np.int64).reshape(-1)
        out = np.empty((ks.shape[0], self.shape[1]))
        if ks.shape[0] == 0:
            return out
        if np.any((ks < 0) | (ks > self.K)):
            raise IndexError(f"update index outside 0..{self.K}")
        order = np.argsort(ks, kind="stable")
        sorted_out = np.empty_like(out)
        tau = self.tau if self.tau is not None else np.zeros(0)
        X = self.csr
        SK.csr_replay_rows(X.data, X.indices, X.indptr, self.offset, self.y, self.index, tau, self.tau is not None,
                           self.checkpoints, self.C, np.ascontiguousarray(ks[order]), sorted_out)
        out[order] = sorted_out
        return out

    def weighted_prefix(self, c: np.ndarray, ks: np.ndarray, name: str) -> np.ndarray:
        K = LazyModule("._kernels", __package__)
        return np.asarray(K.weighted_prefix_sums(np.asarray(self), np.ascontiguousarray(c, dtype=np.float64),
                                                 np.ascontiguousarray(ks, dtype=np.int64)))


def _start(learner: Perceptron, X: CsrRows, y: np.ndarray, D: int) -> np.ndarray:
    w = np.zeros(D)
    if learner.init == "first" and X.n:
        w[:X.d] = y[0] * X.row(0)
        if learner.offset:
            w[X.d] = y[0] * 1.0
    elif learner.init == "custom":
        start = START_W.coerce(learner.start_w)
        if len(start) not in (0, X.d):
            raise DatasetError(_("The start w has {n} numbers, but the data have {d} features; "
                                 "give one number per feature.").format(n=len(start), d=X.d))
        w[:len(start)] = start
        if learner.offset:
            w[X.d] = float(learner.start_b) + 0.0
    return w


def fit_sparse(learner: Perceptron, X: CsrRows, y: np.ndarray, row_weight: np.ndarray | None = None) -> RunRecord:
    """Train ``learner`` on the CSR rows X with labels y (±1) as ``learner.fit`` trains on the
    same points made dense: the same updates, weights and stop, to the bit. ``row_weight`` as in
    ``Perceptron.fit`` (all ones: unweighted). A learner :func:`takes_sparse` refuses is a
    DatasetError."""
    if not takes_sparse(type(learner)):
        raise DatasetError(_("{learner} does not train on sparse points.").format(learner=learner.heading()))
    learner.validate()
    n, d, offset = X.n, X.d, bool(learner.offset)
    D = d + int(offset)
    y = np.ascontiguousarray(y, dtype=np.float64)
    s = None if row_weight is None else np.ascontiguousarray(row_weight, dtype=np.float64)
    if s is not None and bool((s == 1.0).all()):
        s = None
    weighted = s is not None
    if weighted and not learner.takes_row_weights():
        raise DatasetError(_("{learner} takes no weight per point.").format(learner=learner.heading()))
    extra = 8 if weighted else 0
    budget = memory_budget()
    if n and record_bytes(n, 1, D, extra) > budget:
        raise DatasetError(learner._too_big_sentence(n, D, budget, extra))
    w = _start(learner, X, y, D)
    margin = float(getattr(learner, "margin", 0.0)) if learner.margin_rule else 0.0
    log = UpdateLog(w, n, capacity=min(n * learner.max_epochs, budget // bytes_per_update(D, extra)))
    sv = s if s is not None else np.zeros(0)
    file_order = np.arange(n, dtype=np.int64)
    counts: list[int] = []
    ends: list[np.ndarray] = []
    converged, cap = False, {}
    stop_reason = "no_data" if n == 0 else "max_epochs"
    t0 = time.perf_counter()
    for epoch in range(learner.max_epochs if n else 0):
        if record_bytes(log.K + n, epoch + 1, D, extra) > budget:
            stop_reason, cap = "memory_cap", {"budget": budget}
            break
        order = epoch_order(n, epoch, True, learner.seed) if learner.shuffle else file_order
        pos, idx, ck, k0, C = log.room(n)
        cnt = int(SK.csr_epoch(X.data, X.indices, X.indptr, offset, y, sv, weighted, order, w, margin,
                               pos, idx, ck, k0, C))
        log.commit(cnt, epoch * n)
        counts.append(cnt)
        ends.append(w.copy())
        if cnt == 0:
            converged, stop_reason = True, "converged"
            break
    elapsed = time.perf_counter() - t0
    checkpoints, update_step, update_index = log.arrays()
    tau = None if s is None else s[update_index]
    weights = CsrWeightLog(checkpoints, update_index, X, y, tau, log.C, offset)
    final_w, final_b = split_augmented(weights[-1], offset)
    rec = RunRecord(algorithm=learner.name, params=learner.get_params(), n=n, d=d, offset=offset,
                    shuffle=learner.shuffle, seed=learner.seed, weights=weights, update_step=update_step,
                    update_index=update_index, epochs=[], final_w=final_w.copy(), final_b=final_b,
                    converged=converged, stop_reason=stop_reason, train_seconds=elapsed, n_epochs=len(counts))
    extras: dict[str, Any] = {"sparse": True}
    if cap:
        extras["cap"] = cap
    if tau is not None:
        extras["tau"] = tau
    rec.extras.update(extras)
    if ends:
        bad = SK.csr_errors_rows(X.data, X.indices, X.indptr, offset, y, np.ascontiguousarray(np.array(ends)))
        rec.epochs = [EpochRow(epoch=e, updates=c, train_error=float(bad[e]) / n, test_error=None)
                      for e, c in enumerate(counts)]
    return rec
