"""What ``perceptron-gui run`` prints: the per-epoch table and the summary."""
from __future__ import annotations

import math
from typing import Any

from ..core import novikoff
from ..core.algorithms import REGISTRY
from ..core.algorithms.kernel import NOT_IN_FEATURE_SPACE, dual_summary, in_feature_space
from ..core.run import stop_sentence
from ..core.shown_verdict import shown_verdict
from ..i18n import _, ngettext

TABLE_HEAD_ROWS = 25
TABLE_TAIL_ROWS = 10


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100.0 * v:.2f}%"


def print_epoch_table(rec: Any, *, all_rows: bool, out: Any) -> None:
    """The run table of notes 002: epoch, updates, train and test error (long runs shortened)."""
    rows = rec.epochs
    epoch, updates, train_error, test_error = _("epoch"), _("updates"), _("train error"), _("test error")
    w_ep = max(len(epoch), len(str(len(rows))))
    w_up = max(len(updates), len(str(max((r.updates for r in rows), default=0))))
    w_tr, w_te = len(train_error), len(test_error)
    # A learner that updates at every visit (ADALINE) adds the loss it minimises after each epoch.
    loss = REGISTRY[rec.algorithm].epoch_loss
    values = list(rec.extras.get(loss[0], ())) if loss is not None else []
    w_loss = max(12, len(loss[1])) if loss is not None else 0
    head = f"  {loss[1]:>{w_loss}}" if loss is not None else ""
    print(f"{epoch:>{w_ep}}  {updates:>{w_up}}  {train_error:>{w_tr}}  {test_error:>{w_te}}{head}", file=out)
    shown: list[Any] = list(rows)
    hidden = 0
    if not all_rows and len(rows) > TABLE_HEAD_ROWS + TABLE_TAIL_ROWS:
        hidden = len(rows) - TABLE_HEAD_ROWS - TABLE_TAIL_ROWS
        shown = rows[:TABLE_HEAD_ROWS] + [None] + rows[-TABLE_TAIL_ROWS:]
    for r in shown:
        if r is None:
            not_shown = ngettext("({n} epoch not shown; --all-epochs prints them)",
                                 "({n} epochs not shown; --all-epochs prints them)", hidden).format(n=hidden)
            print(f"{'…':>{w_ep}}  {not_shown}", file=out)
            continue
        cell = f"  {_fmt(values[r.epoch] if r.epoch < len(values) else None):>{w_loss}}" if loss is not None else ""
        print(f"{r.epoch:>{w_ep}}  {r.updates:>{w_up}}  {_pct(r.train_error):>{w_tr}}  {_pct(r.test_error):>{w_te}}{cell}",
              file=out)


def _fmt(v: float | None) -> str:
    return "-" if v is None else f"{v:.6g}"


def _seconds(s: float) -> str:
    return f"{s * 1e3:.3g} ms" if s < 1.0 else f"{s:.3g} s"


def print_summary(rec: Any, theory: Any, fit_s: float, theory_s: float, *, out: Any) -> None:
    """How the run ended, the final predictor, R, γ, the bound against k, the verdict, times."""
    K, E = rec.num_updates, rec.epochs_run
    upd = ngettext("{n} update", "{n} updates", K).format(n=K)
    eps = ngettext("{n} epoch", "{n} epochs", E).format(n=E)
    print(file=out)
    learner = REGISTRY[rec.algorithm]
    if rec.stop_reason == "converged" and learner.lifts:
        slack = len(rec.extras.get("slack_points", ()))
        print(_("Converged on the lifted points after {updates} in {epochs}; {slack} of {n} points needed "
                "a dimension of their own, so on the original features alone those may stay wrong.").format(
            updates=upd, epochs=eps, slack=slack, n=rec.n), file=out)
    elif rec.stop_reason == "converged":
        print(_("Converged after {updates} in {epochs} (the last epoch made no update).").format(
            updates=upd, epochs=eps), file=out)
    elif rec.stop_reason == "fixed_epochs":
        sentence = (_("Ran its fixed {epochs} with {updates}; an epoch without updates came, so the plain "
                      "perceptron had converged.") if rec.converged
                    else _("Ran its fixed {epochs} with {updates}; every epoch still made updates."))
        print(sentence.format(epochs=eps, updates=upd), file=out)
    elif rec.stop_reason == "max_epochs":
        print(_("Stopped at the epoch limit ({epochs}) after {updates} without converging.").format(
            epochs=eps, updates=upd), file=out)
    elif stop_sentence(rec):
        print(stop_sentence(rec), file=out)
    else:
        print(_("Stopped ({reason}) after {updates} in {epochs}.").format(
            reason=rec.stop_reason, updates=upd, epochs=eps), file=out)

    wb = _summary(rec.final_w.tolist())
    what = learner.final_weights_name
    if learner.votes:
        what = _("{weights} (the vote uses all {n} vectors)").format(weights=what, n=K + 1)
    elif learner.keeps_pocket:
        what = _("{weights} (after update {k})").format(weights=what, k=rec.extras.get("pocket_k", 0))
    if learner.dual:
        print(dual_summary(rec), file=out)
    else:
        print(_("Final {weights}: w = ({w})").format(weights=what, w=wb)
              + (f", b = {rec.final_b + 0.0:.6g}" if rec.offset else _(", no offset (b = 0)")), file=out)

    R = getattr(theory, "R", None)
    gamma = getattr(theory, "gamma", None)
    bound = getattr(theory, "bound", None)
    mm = getattr(theory, "mm", None)
    print((_("R = {R} (the largest ‖x‖ with the constant 1 appended)") if rec.offset
           else _("R = {R} (the largest ‖x‖)")).format(R=_fmt(R)), file=out)
    if gamma is not None:
        exact = mm is None or getattr(mm, "exact", True)
        note = "" if exact else _("; at least this much: the solver ran out of time with the best margin "
                                  "at most {gap:.3g} higher").format(gap=getattr(mm, "gap", float("nan")))
        sentence = (_("γ = {gamma} (the largest margin of a unit separator with the offset as an extra weight{note})")
                    if rec.offset else
                    _("γ = {gamma} (the largest margin of a unit separator through the origin{note})"))
        print(sentence.format(gamma=_fmt(gamma), note=note), file=out)
    if bound is not None and math.isfinite(bound):
        start_k, start_sentence = novikoff.run_start_bound(theory, rec)
        moved = not learner.lifts and in_feature_space(rec) and start_k is not None and start_k != bound
        if learner.lifts:
            cmp = _("the lifted perceptron trains on lifted points, so its {updates} are not bound by it").format(
                updates=upd)
        elif not in_feature_space(rec):
            cmp = NOT_IN_FEATURE_SPACE
        elif learner.no_proof:
            cmp = _("it does not bound this run's {updates}: {reason}").format(
                updates=upd, reason=_(learner.no_proof))
        else:
            cmp = _("this run made {k} {relation} {bound:.6g}").format(
                k=K, relation="≤" if K <= bound else ">", bound=bound)
        if moved:  # a start w₀ ≠ 0 (init "first" or "custom"): the proof telescopes from w₀
            print(_("(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data from w₀ = 0.").format(
                bound=bound), file=out)
        else:
            print(_("(R/γ)² = {bound:.6g}: the most updates the perceptron can make on this data; {comparison}.").format(
                bound=bound, comparison=cmp), file=out)
        if moved and start_sentence is not None:
            print(_("{sentence}; this run made {k} {relation} {bound:.6g}.").format(
                sentence=start_sentence.rstrip("."), k=K, relation="≤" if K <= start_k else ">", bound=start_k),
                  file=out)
    verdict = getattr(theory, "verdict", None)
    if verdict:
        sentence = (_("Verdict: {verdict}.") if in_feature_space(rec)
                    else _("Verdict (of the input space, not of the kernel's feature space): {verdict}."))
        print(sentence.format(verdict=shown_verdict(verdict.rstrip("."))), file=out)
    print(_("Train time: {train} (training loop), {fit} with the per-epoch errors; theory {theory}.").format(
        train=_seconds(rec.train_seconds), fit=_seconds(fit_s), theory=_seconds(theory_s)), file=out)


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
    return _("{head}, ..., {tail}; {count} numbers, all of them in the run file (--out)").format(
        head=head, tail=tail, count=f"{len(w):,}")
