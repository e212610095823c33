"""What ``perceptron-gui run`` prints: the per-epoch table and the summary."""
from __future__ import annotations

import math
from typing import Any

from ..core import novikoff
from ..core.algorithms import REGISTRY
from ..core.algorithms.kernel import NOT_IN_FEATURE_SPACE, dual_summary, in_feature_space
from ..core.run import stop_sentence

TABLE_HEAD_ROWS = 25
TABLE_TAIL_ROWS = 10


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100.0 * v:.2f}%"


def print_epoch_table(rec: Any, *, all_rows: bool, out: Any) -> None:
    """The run table of notes 002: epoch, updates, train and test error (long runs shortened)."""
    rows = rec.epochs
    w_ep = max(5, len(str(len(rows))))
    w_up = max(7, len(str(max((r.updates for r in rows), default=0))))
    # A learner that updates at every visit (ADALINE) adds the loss it minimises after each epoch.
    loss = REGISTRY[rec.algorithm].epoch_loss
    values = list(rec.extras.get(loss[0], ())) if loss is not None else []
    w_loss = max(12, len(loss[1])) if loss is not None else 0
    head = f"  {loss[1]:>{w_loss}}" if loss is not None else ""
    print(f"{'epoch':>{w_ep}}  {'updates':>{w_up}}  {'train error':>11}  {'test error':>10}{head}", file=out)
    shown: list[Any] = list(rows)
    hidden = 0
    if not all_rows and len(rows) > TABLE_HEAD_ROWS + TABLE_TAIL_ROWS:
        hidden = len(rows) - TABLE_HEAD_ROWS - TABLE_TAIL_ROWS
        shown = rows[:TABLE_HEAD_ROWS] + [None] + rows[-TABLE_TAIL_ROWS:]
    for r in shown:
        if r is None:
            print(f"{'…':>{w_ep}}  ({hidden} epochs not shown; --all-epochs prints them)", file=out)
            continue
        cell = f"  {_fmt(values[r.epoch] if r.epoch < len(values) else None):>{w_loss}}" if loss is not None else ""
        print(f"{r.epoch:>{w_ep}}  {r.updates:>{w_up}}  {_pct(r.train_error):>11}  {_pct(r.test_error):>10}{cell}",
              file=out)


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.6g}"


def _seconds(s: float) -> str:
    return f"{s * 1e3:.3g} ms" if s < 1.0 else f"{s:.3g} s"


def print_summary(rec: Any, theory: Any, fit_s: float, theory_s: float, *, out: Any) -> None:
    """How the run ended, the final predictor, R, γ, the bound against k, the verdict, times."""
    K, E = rec.num_updates, rec.epochs_run
    upd = f"{K} update{'s' if K != 1 else ''}"
    eps = f"{E} epoch{'s' if E != 1 else ''}"
    print(file=out)
    learner = REGISTRY[rec.algorithm]
    if rec.stop_reason == "converged" and learner.lifts:
        slack = len(rec.extras.get("slack_points", ()))
        print(f"Converged on the lifted points after {upd} in {eps}; {slack} of {rec.n} points needed "
              f"a dimension of their own, so on the original features alone those may stay wrong.", file=out)
    elif rec.stop_reason == "converged":
        print(f"Converged after {upd} in {eps} (the last epoch made no update).", file=out)
    elif rec.stop_reason == "fixed_epochs":
        tail = ("; an epoch without updates came, so the plain perceptron had converged" if rec.converged
                else "; every epoch still made updates")
        print(f"Ran its fixed {eps} with {upd}{tail}.", file=out)
    elif rec.stop_reason == "max_epochs":
        print(f"Stopped at the epoch limit ({eps}) after {upd} without converging.", file=out)
    elif stop_sentence(rec):
        print(stop_sentence(rec), file=out)
    else:
        print(f"Stopped ({rec.stop_reason}) after {upd} in {eps}.", file=out)

    wb = _summary(rec.final_w.tolist())
    what = learner.final_weights_name
    if learner.votes:
        what += f" (the vote uses all {K + 1} vectors)"
    elif learner.keeps_pocket:
        what += f" (after update {rec.extras.get('pocket_k', 0)})"
    if learner.dual:
        print(dual_summary(rec), file=out)
    else:
        print(f"Final {what}: w = ({wb})" + (f", b = {rec.final_b + 0.0:.6g}" if rec.offset else ", no offset (b = 0)"),
              file=out)

    R = getattr(theory, "R", None)
    gamma = getattr(theory, "gamma", None)
    bound = getattr(theory, "bound", None)
    mm = getattr(theory, "mm", None)
    aug = " with the constant 1 appended" if rec.offset else ""
    print(f"R = {_fmt(R)} (the largest ‖x‖{aug})", file=out)
    if gamma is not None:
        exact = mm is None or getattr(mm, "exact", True)
        note = "" if exact else (f"; at least this much: the solver ran out of time with the best margin "
                                 f"at most {getattr(mm, 'gap', float('nan')):.3g} higher")
        where = "with the offset as an extra weight" if rec.offset else "through the origin"
        print(f"γ = {_fmt(gamma)} (the largest margin of a unit separator {where}{note})", file=out)
    if bound is not None and math.isfinite(bound):
        start_k, start_sentence = novikoff.run_start_bound(theory, rec)
        moved = not learner.lifts and in_feature_space(rec) and start_k is not None and start_k != bound
        if learner.lifts:
            cmp = (f"the lifted perceptron trains on lifted points, so its {upd} are not bound by it")
        elif not in_feature_space(rec):
            cmp = NOT_IN_FEATURE_SPACE
        elif learner.no_proof:
            cmp = f"it does not bound this run's {upd}: {learner.no_proof}"
        else:
            cmp = f"this run made {K} {'≤' if K <= bound else '>'} {bound:.6g}"
        if moved:  # a start w₀ ≠ 0 (init "first" or "custom"): the proof telescopes from w₀
            print(f"(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data from w₀ = 0.", file=out)
        else:
            print(f"(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data; {cmp}.", file=out)
        if moved and start_sentence is not None:
            print(f"{start_sentence.rstrip('.')}; this run made {K} {'≤' if K <= start_k else '>'} {start_k:.6g}.",
                  file=out)
    verdict = getattr(theory, "verdict", None)
    if verdict:
        where = "" if in_feature_space(rec) else " (of the input space, not of the kernel's feature space)"
        print(f"Verdict{where}: {verdict.rstrip('.')}.", file=out)
    print(f"Train time: {_seconds(rec.train_seconds)} (training loop), {_seconds(fit_s)} with the per-epoch "
          f"errors; theory {_seconds(theory_s)}.", file=out)


# Up to this many weights are printed; a wider w is summarised as numpy summarises an array
# (the first and last few, and how many), since 785 numbers of MNIST's w drown the report.
PRINTED_WEIGHTS = 8
EDGE_WEIGHTS = 3


def _summary(w: list[float]) -> str:
    """``w``'s numbers for the report: all of them, or the first and last few with the count."""
    def num(v: float) -> str:
        return f"{v + 0.0:.6g}"  # + 0.0 prints -0.0 as 0
    if len(w) <= PRINTED_WEIGHTS:
        return ", ".join(map(num, w))
    head, tail = ", ".join(map(num, w[:EDGE_WEIGHTS])), ", ".join(map(num, w[-EDGE_WEIGHTS:]))
    return f"{head}, ..., {tail}; {len(w):,} numbers, all of them in the run file (--out)"
