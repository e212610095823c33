"""The update drawn and the margins labelled: the parts of a picture that explain one step (no Qt).

:func:`perceptron_gui.render.picture.describe` calls these for three View-menu switches:

* *previous hyperplane* — the line and normal of w_{k−1}, b_{k−1}, the weights before the last
  update at or before the playhead (none at k = 0). Notes 003 draw the update this way: the old
  line θ⁽⁰⁾ solid, the new line θ⁽¹⁾ dashed. We follow the notes: the previous line is solid (in
  a ghost grey) and, while it is shown, the current hyperplane is dashed.
* *update as vectors* — w_{k−1} from the origin, then the step y·x from its tip, then w_k from
  the origin, to scale in the view plane, labelled with their numbers (for offset data the w
  part, with b written beside it). The update shown is the last one at or before the playhead:
  on a visit that changed nothing the vectors keep explaining how the current w came about (the
  note says at which visit), so stepping does not make them flicker on and off.
* *margins beside the points* — y·(w·x + b)/‖w‖ of each point in view (in the lifted 1-D
  view y·(w·x + b)/‖(w, b)‖, the distance drawn in the (x, 1) plane), the data set's margin
  (the minimum over the training points) emphasised; only up to :data:`MAX_MARGIN_LABELS`
  points in view, beyond that the numbers would cover the picture and the note says so.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core import theory as th
from ..i18n import _
from ..session.frame import Frame
from .formatting import MINUS, fmt, fmt_vec, subscript
from .geometry import Rect, clip_segment
from .projection import LIFTED_LINE

__all__ = ["Vector", "Labels", "MAX_MARGIN_LABELS", "update_vectors", "update_tips", "margin_labels", "VECTOR_ROLES"]

MAX_MARGIN_LABELS = 50
VECTOR_ROLES = ("update_before", "update_step", "update_after")
_COMPASS = ("east", "north east", "north", "north west", "west", "south west", "south", "south east")  # by 45°


@dataclass(frozen=True, eq=False)
class Vector:
    """An arrow drawn to scale in the view plane: ``ends`` (2, 2) from the tail to the tip,
    clipped to the view; ``head`` says the tip is inside the view (an arrowhead is drawn).
    ``label`` sits at ``label_at``; ``label_anchor`` is the side of the label facing that point
    (TikZ anchor names)."""

    role: str
    ends: np.ndarray
    head: bool
    label: str
    label_tex: str
    label_at: np.ndarray
    label_anchor: str


@dataclass(frozen=True, eq=False)
class Labels:
    """Numbers beside points: ``texts[i]`` beside ``positions[i]`` (the point with global index
    ``index[i]``), written up and to the right of it; ``emphasis[i]`` marks the data set's value."""

    role: str
    positions: np.ndarray
    index: np.ndarray
    texts: tuple[str, ...]
    texts_tex: tuple[str, ...]
    emphasis: np.ndarray


def anchor_away(direction: np.ndarray) -> str:
    """The side of a label that faces back along ``direction`` (a label placed beyond a tip
    pointing that way): e.g. up-right → "south west"."""
    angle = float(np.degrees(np.arctan2(direction[1], direction[0])))
    return _COMPASS[int(np.floor(((angle + 180.0) % 360.0 + 22.5) / 45.0)) % 8]


def _tex_number(x: float) -> str:
    return fmt(x).replace(MINUS, "-")


def _tex_vec(v: np.ndarray) -> str:
    return fmt_vec(v).replace(MINUS, "-")


def update_tips(frame: Frame | None, kind: str) -> np.ndarray | None:
    """(before, after) (2, 2): the tips of w_{k−1} and w_k in the view plane (for the lifted
    view (w, b)), or None when the update is not drawn as vectors (k = 0, or another view)."""
    if frame is None or frame.prev_w is None or frame.update_t is None or kind not in ("plane", "lifted"):
        return None
    if kind == LIFTED_LINE:
        return np.array([[frame.prev_w[0], frame.prev_b], [frame.w[0], frame.b]], dtype=np.float64)
    return np.array([frame.prev_w, frame.w], dtype=np.float64)


def update_vectors(frame: Frame, kind: str, rect: Rect) -> tuple[list[Vector], str]:
    """The last update as vector addition in the view plane, and a note (may be empty).

    Drawn for 2-D data (the plane is the space of w) and for 1-D data in the lifted view
    (the plane is the space of (w, b), where x is drawn at (x, 1)); other views say why not.
    """
    if frame.prev_w is None or frame.update_t is None:
        return [], ""
    if kind not in ("plane", "lifted"):
        return [], _("The update is drawn as vectors for 2-D data, and for 1-D data in the lifted view.")
    k, c, y = frame.k, frame.update_factor, frame.update_y
    lifted = kind == LIFTED_LINE
    tips = update_tips(frame, kind)
    assert tips is not None
    before, after = tips
    scale = "" if abs(c - 1.0) <= 1e-9 else f"{fmt(c)}·"
    scale_tex = "" if not scale else f"{_tex_number(c)}\\cdot "
    tau = ("", "")
    if frame.update_tau is not None:  # passive-aggressive: the step has its own size τ; name it
        scale, scale_tex = "τ·", "\\tau\\cdot "
        tau = (f", τ = {fmt(c)}", f", $\\tau = {_tex_number(c)}$")
    sign = "+1" if y > 0 else f"{MINUS}1"
    if lifted:
        names = [(f"(w, b){subscript(k - 1)} = {fmt_vec(before)}", f"$(w, b)_{{{k - 1}}} = {_tex_vec(before)}$"),
                 (f"{scale}y·(x, 1), y = {sign}{tau[0]}",
                  f"${scale_tex}y\\,(x, 1)$, $y = {sign.replace(MINUS, '-')}${tau[1]}"),
                 (f"(w, b){subscript(k)} = {fmt_vec(after)}", f"$(w, b)_{{{k}}} = {_tex_vec(after)}$")]
    else:
        bb = (f", b{subscript(k - 1)} = {fmt(frame.prev_b)}", f", $b_{{{k - 1}}} = {_tex_number(frame.prev_b)}$")
        ba = (f", b{subscript(k)} = {fmt(frame.b)}", f", $b_{{{k}}} = {_tex_number(frame.b)}$")
        by = (f", y = {sign}", f", $y = {sign.replace(MINUS, '-')}$")
        if not frame.offset:
            bb = ba = by = ("", "")
        names = [(f"w{subscript(k - 1)} = {fmt_vec(before)}{bb[0]}", f"$w_{{{k - 1}}} = {_tex_vec(before)}${bb[1]}"),
                 (f"{scale}y·x{by[0]}{tau[0]}", f"${scale_tex}y\\,x${by[1]}{tau[1]}"),
                 (f"w{subscript(k)} = {fmt_vec(after)}{ba[0]}", f"$w_{{{k}}} = {_tex_vec(after)}${ba[1]}")]
    if frame.update_step_text is not None:  # a step that is no multiple of y·x: the learner names it
        names[1] = (_(frame.update_step_text[0]), _(frame.update_step_text[1]))
    origin = np.zeros(2)
    out: list[Vector] = []
    for role, (a, e), (text, tex) in zip(VECTOR_ROLES, ((origin, before), (before, after), (origin, after)), names):
        v = _vector(role, a, e, text, tex, rect, middle=role == "update_step")
        if v is not None:
            out.append(v)
    note = "" if frame.visit_updated else _("The vectors show the last update, made at visit t = {t}.").format(
        t=frame.update_t)
    return out, note


def _vector(role: str, a: np.ndarray, e: np.ndarray, text: str, tex: str, rect: Rect, middle: bool) -> Vector | None:
    d = e - a
    if not np.any(d != 0.0):
        return None
    seg = clip_segment(a, e, rect)
    if seg is None:
        return None
    head = bool(np.allclose(seg[1], e, rtol=0.0, atol=1e-12 * max(1.0, float(np.max(np.abs(e))))))
    if middle:  # the step's tip is the new w's tip: its label goes beside its middle instead
        at = seg.mean(axis=0)
        normal = np.array([d[1], -d[0]])  # to the right of the step: away from the origin's side
        if normal @ (at - 0.0) < 0:
            normal = -normal
        return Vector(role, seg, head, text, tex, at, anchor_away(normal))
    return Vector(role, seg, head, text, tex, seg[1], anchor_away(d))


def margin_labels(frame: Frame, X: np.ndarray | None, P: np.ndarray, y: np.ndarray, test: np.ndarray,
                  in_view: np.ndarray, lifted: bool = False) -> tuple[Labels | None, str]:
    """Each point's signed margin in view (``in_view``: booleans over the points), or a note
    when there are too many to label or when a point's data row is not known.

    ``lifted``: 1-D data drawn at (x, 1), where the separator is the line through 0 with normal
    (w, b). The numbers are then the distances the picture draws, y(w·x + b)/‖(w, b)‖, not the
    1-D margins y(w·x + b)/‖w‖ (the legend says which). The same points attain the minimum
    either way (the two differ by the factor ‖w‖/‖(w, b)‖), so the bold ones are the same."""
    if not frame.has_hyperplane:
        return None, ""  # the margins are undefined; the note already says w = 0
    idx = np.flatnonzero(in_view)
    if idx.size > MAX_MARGIN_LABELS:
        return None, _("Margins are written beside the points when at most {most} are in view ({n} are): zoom in to "
                       "read them.").format(most=MAX_MARGIN_LABELS, n=idx.size)
    if X is None or X.ndim != 2 or X.shape[1] != frame.w.shape[0] or X.shape[0] < P.shape[0]:
        return None, ""
    m = th.signed_margins(X[idx], y[idx], frame.w, frame.b)
    dm = frame.dataset_margin
    emph = np.zeros(idx.size, dtype=bool)
    if dm is not None and np.isfinite(dm):
        # The data set's margin is the minimum over the training points: those that attain it.
        emph = ~test[idx] & np.isclose(m, dm, rtol=1e-12, atol=0.0)
    if lifted:  # the lifted points (x, 1) and normal (w, b): the plane's distances
        ones = np.ones((idx.size, 1))
        m = th.signed_margins(np.hstack((X[idx], ones)), y[idx], np.append(frame.w, frame.b), 0.0)
    texts = tuple(fmt(v) for v in m)
    return Labels("point_margins", P[idx], idx, texts, tuple(f"${_tex_number(v)}$" for v in m), emph), ""
