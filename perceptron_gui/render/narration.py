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
from .formatting import fmt

__all__ = ["narrate", "edit_sentence", "transcript_lines", "vector"]

_EDIT_VERBS = {"add": "added", "delete": "deleted", "move": "moved", "label": "relabelled", "role": "moved between "
               "training and test", "reset": "replaced"}


def vector(v: Any) -> str:
    """(a, b) in the window's number style; a long vector as its first and last three."""
    vals = [fmt(float(x)) for x in np.asarray(v, dtype=np.float64).reshape(-1)]
    if len(vals) > 8:
        vals = vals[:3] + ["…"] + vals[-3:]
    return "(" + ", ".join(vals) + ")"


def _label(y: float) -> str:
    return "+1" if y > 0 else "−1"


def _weights(w: np.ndarray, b: float, offset: bool) -> str:
    return f"w = {vector(w)}" + (f", b = {fmt(b)}" if offset else "")


def _still(frame: Any) -> str:
    m = len(frame.misclassified)
    return f"{m} point{'s are' if m != 1 else ' is'} still misclassified" if m else "no point is misclassified"


def narrate(frame: Any, result: Any, X: np.ndarray, y: np.ndarray) -> str:
    """What the step shown did. ``frame`` is the session's frame at the playhead, ``result`` its
    run, X and y the window's points (the frame's indices are their rows)."""
    if result is None or frame is None:
        return "No run yet: add points of both classes, or open a preset or a lesson."
    rec = result.record
    learner = REGISTRY[rec.algorithm]
    if frame.t < 0:
        return (f"Start, before any visit: {_weights(frame.w, frame.b, frame.offset)}; "
                f"{_still(frame)}. Step with → to see the first update.")
    i = frame.visit_index
    if i is None:
        return f"Visit {frame.t + 1}: {_weights(frame.w, frame.b, frame.offset)}."
    x, yi = X[i], float(y[i])
    where = f"epoch {frame.epoch}"
    point = f"x{i + 1} = {vector(x)} with y = {_label(yi)}"
    if frame.visit_updated and frame.update_t == frame.t:
        if learner.dual:  # no w to score with: f(x) = Σ α_j y_j K(x_j, x) was on the wrong side
            return (f"Update {frame.k}, {where}: {point} had y·f(x) ≤ 0, a mistake, so {_step(frame, learner, rec)} "
                    f"{_still(frame)}." + _end_of_run(frame, rec))
        prev_w = frame.prev_w if frame.prev_w is not None else np.zeros_like(frame.w)
        s = yi * (float(np.dot(prev_w, x)) + (frame.prev_b if frame.offset else 0.0))
        text = f"Update {frame.k}, {where}: {point} has y·(w·x + b) = {fmt(s)}"
        if learner.margin_rule:
            text += f" ≤ β = {fmt(float(rec.params.get('margin', 0.0)))}, inside the margin, so "
        elif learner.steps_own_size:
            text += "; "
        else:
            text += " ≤ 0, a mistake, so "
        text += f"{_step(frame, learner, rec)} {_weights(frame.w, frame.b, frame.offset)}; {_still(frame)}."
        return text + _extra(frame, learner, rec)
    if learner.dual and frame.kernel_scores is not None:
        s = yi * float(np.asarray(frame.kernel_scores(np.asarray(x, dtype=np.float64).reshape(1, -1)))[0])
        score = f"y·f(x) = {fmt(s)}"
    else:
        score = f"y·(w·x + b) = {fmt(yi * (float(np.dot(frame.w, x)) + (frame.b if frame.offset else 0.0)))}"
    bar = fmt(float(rec.params.get("margin", 0.0))) if learner.margin_rule else "0"
    return f"Visit {frame.t + 1}, {where}: {point} has {score} > {bar}: no update; {_still(frame)}." + _end_of_run(frame, rec)


def _step(frame: Any, learner: Any, rec: Any) -> str:
    """How the weights moved, in the learner's own terms."""
    if frame.update_step_text is not None:  # Winnow multiplies
        return f"the weights are multiplied ({frame.update_step_text[0]}):"
    if frame.update_tau is not None:  # passive-aggressive, ADALINE: a step size of their own
        return f"its step size is τ = {fmt(frame.update_tau)} and w changes by τ·y·x:"
    if learner.lifts:
        return f"the lifted step moves w by a²·y·x (a² = {fmt(frame.update_factor)}):"
    if learner.dual:
        i = frame.update_index
        count = dict(zip(frame.alpha_points.tolist(), frame.alpha_values.tolist())).get(i, 0)
        return f"α of x{(i or 0) + 1} becomes {count};"
    return "w += y·x" + (" and b += y:" if frame.offset else ":")


def _extra(frame: Any, learner: Any, rec: Any) -> str:
    """What a learner keeps besides w: the pocket's choice, the vote's survivor."""
    out = ""
    if learner.keeps_pocket and frame.pocket_k is not None:
        swapped = frame.pocket_k == frame.k
        out += (f" The pocket {'takes these weights' if swapped else f'keeps w of update {frame.pocket_k}'}"
                f" ({frame.pocket_count} points right).")
    if learner.votes and frame.k >= 1:
        counts = rec.survival_counts(frame.t + 1)
        if frame.k - 1 < len(counts):
            out += f" The vector it replaces survived {int(counts[frame.k - 1])} visits: its vote."
    return out + _end_of_run(frame, rec)


def _end_of_run(frame: Any, rec: Any) -> str:
    if rec.n and frame.t == rec.num_steps - 1:
        if rec.converged:
            return f" The last epoch made no update: the run has converged after {rec.num_updates} updates."
        return f" The run stops here, after {rec.epochs_run} epochs and {rec.num_updates} updates."
    if rec.n and frame.visit_position == rec.n - 1:
        return f" End of epoch {frame.epoch}."
    return ""


def edit_sentence(kind: str, rows: np.ndarray, X: np.ndarray, y: np.ndarray) -> str:
    """An edit of the points, said before the retrained run is: "point 7 moved to (0.3, −1.2)"."""
    rows = np.asarray(rows, dtype=np.int64)
    verb = _EDIT_VERBS.get(kind, "changed")
    if len(rows) == 1 and kind != "delete" and 0 <= rows[0] < len(y):
        r = int(rows[0])
        where = f" to {vector(X[r])}" if kind in ("move", "add") else ""
        label = f" (y = {_label(float(y[r]))})" if kind in ("add", "label") else ""
        return f"Point {r + 1} {verb}{where}{label}."
    if len(rows) == 1 and kind == "delete":
        return f"Point {int(rows[0]) + 1} {verb}."
    return f"{len(rows)} points {verb}."


def retrained_sentence(result: Any) -> str:
    rec = result.record
    return f" The run was retrained: {rec.num_updates} update{'s' if rec.num_updates != 1 else ''}."


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
        yield (f"Update {k}, epoch {int(epochs[k - 1])}: x{i + 1} = {vector(X[i])} with y = {_label(float(y[i]))} "
               f"has y·(w·x + b) = {fmt(s)}; {_weights(w1, b1, offset)}.")
