"""The narration: one or two sentences, in the notes' terms, saying what the step shown did — for
eyes (the Narration dock, presentation mode's caption) and ears (the canvas's accessible
description, announced when it changes). Also the sentence for an edit of the points, and the
transcript of a whole run (every update, for the run file and ``run --transcript``). No Qt.

Every number comes from the frame (the session's state at the playhead) or the run record; the
rules a learner changes are its traits (``margin_rule``, ``steps_own_size``, ``lifts``, ``votes``,
``keeps_pocket``, ``dual``, ``step_text``), not its name.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from ..core.algorithms import REGISTRY
from ..i18n import N_, _, ngettext
from .formatting import fmt

__all__ = ["narrate", "edit_sentence", "transcript_lines", "vector"]

# One point edited, by kind: {r} is its row (from 1), {x} where it is now, {y} its label.
_EDIT_ONE = {"add": N_("Point {r} added to {x} (y = {y})."), "delete": N_("Point {r} deleted."),
             "move": N_("Point {r} moved to {x}."), "label": N_("Point {r} relabelled (y = {y})."),
             "role": N_("Point {r} moved between training and test."), "reset": N_("Point {r} replaced.")}
_EDIT_ONE_OTHER = N_("Point {r} changed.")


def vector(v: Any) -> str:
    """(a, b) in the window's number style; a long vector as its first and last three."""
    flat = np.asarray(v, dtype=np.float64).reshape(-1)
    if flat.size > 8:  # only the numbers shown are formatted (a wide w has 785)
        vals = [fmt(float(x)) for x in flat[:3]] + ["…"] + [fmt(float(x)) for x in flat[-3:]]
    else:
        vals = [fmt(float(x)) for x in flat]
    return "(" + ", ".join(vals) + ")"


def _label(y: float) -> str:
    return "+1" if y > 0 else "−1"


def _weights(w: np.ndarray, b: float, offset: bool) -> str:
    return f"w = {vector(w)}" + (f", b = {fmt(b)}" if offset else "")


def _still(frame: Any) -> str:
    m = len(frame.misclassified)
    if not m:
        # TRANSLATORS: the end of a narration sentence, after "; " (lower case).
        return _("no point is misclassified")
    # TRANSLATORS: the end of a narration sentence, after "; " (lower case).
    return ngettext("{n} point is still misclassified", "{n} points are still misclassified", m).format(n=m)


def _point(i: int, x: Any, yi: float) -> str:
    # TRANSLATORS: the visited example: "x3 = (1, 2) with y = +1".
    return _("x{i} = {x} with y = {y}").format(i=i + 1, x=vector(x), y=_label(yi))


def _as_visited(result: Any, i: int) -> tuple[np.ndarray, float] | None:
    """Window row ``i`` as the run visited it: its own training row. The window's points may have
    changed since (a Delete while the run shown is the one before it: row i may be gone)."""
    idx = result.train_index  # the window rows of the run's training points, ascending
    pos = int(np.searchsorted(idx, i))
    if pos >= idx.shape[0] or int(idx[pos]) != i:
        return None
    return result.train.X[pos], float(result.train.y[pos])


def narrate(frame: Any, result: Any) -> str:
    """What the step shown did. ``frame`` is the session's frame at the playhead (its indices are
    the window's rows), ``result`` its run, whose own points the visited one is read from."""
    if result is None or frame is None:
        return _("No run yet: add points of both classes, or open a preset or a lesson.")
    rec = result.record
    learner = REGISTRY[rec.algorithm]
    if frame.t < 0:
        # TRANSLATORS: {weights} is "w = (0, 0), b = 0"; {still} the count of misclassified points.
        return _("Start, before any visit: {weights}; {still}. Step with → to see the first update.").format(
            weights=_weights(frame.w, frame.b, frame.offset), still=_still(frame))
    i = frame.visit_index
    seen = None if i is None else _as_visited(result, i)
    if i is None or seen is None:
        return _("Visit {t}: {weights}.").format(t=frame.t + 1, weights=_weights(frame.w, frame.b, frame.offset))
    x, yi = seen
    point = _point(i, x, yi)
    if frame.visit_updated and frame.update_t == frame.t:
        if learner.dual:  # no w to score with: f(x) = Σ α_j y_j K(x_j, x) was on the wrong side
            # TRANSLATORS: {step} is "α of x3 becomes 2;" (its own sentence, translated apart).
            return (_("Update {k}, epoch {epoch}: {point} had y·f(x) ≤ 0, a mistake, so {step} {still}.").format(
                k=frame.k, epoch=frame.epoch, point=point, step=_step(frame, learner, rec), still=_still(frame))
                + _end_of_run(frame, rec))
        prev_w = frame.prev_w if frame.prev_w is not None else np.zeros_like(frame.w)
        s = yi * (float(np.dot(prev_w, x)) + (frame.prev_b if frame.offset else 0.0))
        parts = dict(k=frame.k, epoch=frame.epoch, point=point, score=fmt(s), step=_step(frame, learner, rec),
                     weights=_weights(frame.w, frame.b, frame.offset), still=_still(frame))
        if learner.margin_rule:
            # TRANSLATORS: {step} is "w += y·x:" (translated apart), {weights} "w = (1, 3), b = 1".
            text = _("Update {k}, epoch {epoch}: {point} has y·(w·x + b) = {score} ≤ β = {beta}, inside the margin, "
                     "so {step} {weights}; {still}.").format(beta=fmt(float(rec.params.get("margin", 0.0))), **parts)
        elif learner.steps_own_size:
            # TRANSLATORS: {step} is "its step size is τ = 0.5 and w changes by τ·y·x:" (translated apart).
            text = _("Update {k}, epoch {epoch}: {point} has y·(w·x + b) = {score}; {step} {weights}; {still}.").format(
                **parts)
        else:
            # TRANSLATORS: {step} is "w += y·x and b += y:" or "the weights are multiplied (…):" (translated
            # apart), {weights} "w = (1, 3), b = 1".
            text = _("Update {k}, epoch {epoch}: {point} has y·(w·x + b) = {score} ≤ 0, a mistake, so {step} "
                     "{weights}; {still}.").format(**parts)
        return text + _extra(frame, learner, rec)
    if learner.dual and frame.kernel_scores is not None:
        s = yi * float(np.asarray(frame.kernel_scores(np.asarray(x, dtype=np.float64).reshape(1, -1)))[0])
        score = f"y·f(x) = {fmt(s)}"
    else:
        score = f"y·(w·x + b) = {fmt(yi * (float(np.dot(frame.w, x)) + (frame.b if frame.offset else 0.0)))}"
    bar = fmt(float(rec.params.get("margin", 0.0))) if learner.margin_rule else "0"
    # TRANSLATORS: {score} is "y·(w·x + b) = 0.5", {bar} a number (0 or the margin β).
    return (_("Visit {t}, epoch {epoch}: {point} has {score} > {bar}: no update; {still}.").format(
        t=frame.t + 1, epoch=frame.epoch, point=point, score=score, bar=bar, still=_still(frame))
        + _end_of_run(frame, rec))


def _step(frame: Any, learner: Any, rec: Any) -> str:
    """How the weights moved, in the learner's own terms."""
    # The step follows "…, a mistake, so " (after "; " for a step size of the learner's own: τ).
    if frame.update_step_text is not None:  # Winnow multiplies
        # TRANSLATORS: follows "…, a mistake, so "; {rule} is "×α where x = 1, y = +1; ÷α where x = 1, y = −1".
        return _("the weights are multiplied ({rule}):").format(rule=_(frame.update_step_text[0]))
    if frame.update_tau is not None:  # passive-aggressive, ADALINE: a step size of their own
        # TRANSLATORS: follows "…has y·(w·x + b) = 0.2; " (a clause of its own), then "w = (…)".
        return _("its step size is τ = {tau} and w changes by τ·y·x:").format(tau=fmt(frame.update_tau))
    if learner.lifts:
        # TRANSLATORS: follows "…, a mistake, so ", then "w = (…)".
        return _("the lifted step moves w by a²·y·x (a² = {a2}):").format(a2=fmt(frame.update_factor))
    if learner.dual:
        i = frame.update_index
        count = dict(zip(frame.alpha_points.tolist(), frame.alpha_values.tolist())).get(i, 0)
        # TRANSLATORS: follows "…, a mistake, so "; {count} is α's new value (a count of mistakes).
        return _("α of x{i} becomes {count};").format(i=(i or 0) + 1, count=count)
    # TRANSLATORS: follows "…, a mistake, so ", then "w = (…), b = …".
    return _("w += y·x and b += y:") if frame.offset else _("w += y·x:")


def _extra(frame: Any, learner: Any, rec: Any) -> str:
    """What a learner keeps besides w: the pocket's choice, the vote's survivor."""
    out = ""
    if learner.keeps_pocket and frame.pocket_k is not None:
        swapped, n = frame.pocket_k == frame.k, frame.pocket_count
        # TRANSLATORS: English keeps "points" for every count; the leading space joins it to the sentence before.
        out += (ngettext(" The pocket takes these weights ({n} points right).",
                         " The pocket takes these weights ({n} points right).", n).format(n=n) if swapped else
                # TRANSLATORS: English keeps "points" for every count; the leading space joins it to the sentence before.
                ngettext(" The pocket keeps w of update {k} ({n} points right).",
                         " The pocket keeps w of update {k} ({n} points right).", n).format(k=frame.pocket_k, n=n))
    if learner.votes and frame.k >= 1:
        counts = rec.survival_counts(frame.t + 1)
        if frame.k - 1 < len(counts):
            c = int(counts[frame.k - 1])
            # TRANSLATORS: English keeps "visits" for every count; the leading space joins it to the sentence before.
            out += ngettext(" The vector it replaces survived {n} visits: its vote.",
                            " The vector it replaces survived {n} visits: its vote.", c).format(n=c)
    return out + _end_of_run(frame, rec)


def _end_of_run(frame: Any, rec: Any) -> str:
    if rec.n and frame.t == rec.num_steps - 1:
        n = rec.num_updates
        if rec.converged:
            # TRANSLATORS: English keeps "updates" for every count; the leading space joins it to the sentence before.
            return ngettext(" The last epoch made no update: the run has converged after {n} updates.",
                            " The last epoch made no update: the run has converged after {n} updates.", n).format(n=n)
        # TRANSLATORS: "after 5 epochs" (English keeps "epochs" for every count).
        epochs = ngettext("{n} epochs", "{n} epochs", rec.epochs_run).format(n=rec.epochs_run)
        # TRANSLATORS: "and 12 updates" (English keeps "updates" for every count).
        updates = ngettext("{n} updates", "{n} updates", n).format(n=n)
        # TRANSLATORS: {epochs} is "5 epochs", {updates} "12 updates"; the leading space joins it to the sentence before.
        return _(" The run stops here, after {epochs} and {updates}.").format(epochs=epochs, updates=updates)
    if rec.n and frame.visit_position == rec.n - 1:
        return _(" End of epoch {epoch}.").format(epoch=frame.epoch)
    return ""


def edit_sentence(kind: str, rows: np.ndarray, X: np.ndarray, y: np.ndarray) -> str:
    """An edit of the points, said before the retrained run is: "point 7 moved to (0.3, −1.2)"."""
    rows = np.asarray(rows, dtype=np.int64)
    if len(rows) == 1 and kind != "delete" and 0 <= rows[0] < len(y):
        r = int(rows[0])
        return _(_EDIT_ONE.get(kind, _EDIT_ONE_OTHER)).format(r=r + 1, x=vector(X[r]), y=_label(float(y[r])))
    if len(rows) == 1 and kind == "delete":
        return _(_EDIT_ONE["delete"]).format(r=int(rows[0]) + 1)
    return _edit_many(kind, len(rows))


def _edit_many(kind: str, n: int) -> str:
    """"3 points moved." (English keeps "points" for every count)."""
    if kind == "add":
        text = ngettext("{n} points added.", "{n} points added.", n)
    elif kind == "delete":
        text = ngettext("{n} points deleted.", "{n} points deleted.", n)
    elif kind == "move":
        text = ngettext("{n} points moved.", "{n} points moved.", n)
    elif kind == "label":
        text = ngettext("{n} points relabelled.", "{n} points relabelled.", n)
    elif kind == "role":
        text = ngettext("{n} points moved between training and test.", "{n} points moved between training and test.", n)
    elif kind == "reset":
        text = ngettext("{n} points replaced.", "{n} points replaced.", n)
    else:
        text = ngettext("{n} points changed.", "{n} points changed.", n)
    return text.format(n=n)


def retrained_sentence(result: Any) -> str:
    n = result.record.num_updates
    # TRANSLATORS: the leading space joins it to the sentence before.
    return ngettext(" The run was retrained: {n} update.", " The run was retrained: {n} updates.", n).format(n=n)


def transcript_lines(rec: Any, X: np.ndarray, y: np.ndarray) -> Iterator[str]:
    """One line per update of a run record, from the record alone (the run file's ``transcript``
    and ``run --transcript``): its epoch, point, score before it and the weights after it."""
    offset = rec.offset
    epochs = rec.update_step // rec.n if rec.n else np.zeros(0, dtype=np.int64)
    for k in range(1, rec.num_updates + 1):
        i = int(rec.update_index[k - 1])
        w0, b0 = rec.w_b(k - 1)
        w1, b1 = rec.w_b(k)
        s = float(y[i]) * (float(np.dot(w0, X[i])) + (b0 if offset else 0.0))
        # TRANSLATORS: a line of a run's transcript; {point} is "x3 = (1, 2) with y = +1", {weights} "w = (…), b = …".
        yield _("Update {k}, epoch {epoch}: {point} has y·(w·x + b) = {score}; {weights}.").format(
            k=k, epoch=int(epochs[k - 1]), point=_point(i, X[i], float(y[i])), score=fmt(s),
            weights=_weights(w1, b1, offset))
