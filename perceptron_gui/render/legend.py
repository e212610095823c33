"""The legend and the note of a picture: the words beside what is drawn (no Qt).

Each entry names exactly a role :func:`~perceptron_gui.render.picture.describe` drew, in
Unicode (the screen and the slide figures) and in LaTeX (TikZ), written side by side here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..session.frame import Frame
from .projection import Projection
from .tex import tex_escape

__all__ = ["LegendEntry", "legend_entries", "picture_note"]


@dataclass(frozen=True)
class LegendEntry:
    role: str
    text: str  # Unicode, for the screen and the slide figures
    tex: str  # the same in LaTeX, for TikZ


def legend_entries(frame: Frame | None, kind: str, drawn: set[str], has_test: bool, lifted: bool) -> tuple[LegendEntry, ...]:
    offset = frame is None or frame.offset
    wx, wx_tex = ("w·x + b", r"w\cdot x + b") if offset else ("w·x", r"w\cdot x")  # standard: no b
    where = " (slice through the mean)" if kind in ("features", "pca") else ""
    e = [LegendEntry("class+", "class +1", "class $+1$"), LegendEntry("class-", "class −1", "class $-1$")]
    if has_test:
        e.append(LegendEntry("test", "test point (faded)", "test point (faded)"))
    if "hyperplane" in drawn:  # dashed while the previous one is shown: the swatch says so
        if lifted:
            e.append(LegendEntry("hyperplane", "w·x + b·1 = 0 (through 0)", r"$w\cdot x + b\cdot 1 = 0$ (through 0)"))
        else:
            e.append(LegendEntry("hyperplane", f"{wx} = 0{where}", f"${wx_tex} = 0${where}"))
    if "previous" in drawn:
        e.append(LegendEntry("previous", "hyperplane before the last update", "hyperplane before the last update"))
    if "normal" in drawn:
        e.append(LegendEntry("normal", f"normal vector {'(w, b)' if lifted else 'w'}",
                             f"normal vector {'$(w, b)$' if lifted else '$w$'}"))
    if "update_before" in drawn or "update_step" in drawn or "update_after" in drawn:
        name, tex = ("(w, b)", "(w, b)") if lifted else ("w", "w")
        step, step_tex = ("y·(x, 1)", "y\\,(x, 1)") if lifted else ("y·x", "y\\,x")
        if frame is not None and frame.update_tau is not None:  # passive-aggressive: a step of size τ
            step, step_tex = "τ·" + step, "\\tau\\," + step_tex
        e.append(LegendEntry("update", f"the update: old {name} + {step} = new {name}",
                             f"the update: ${tex}_{{k-1}} + {step_tex} = {tex}_k$"))
    if "guide" in drawn and lifted:
        e.append(LegendEntry("guide", "each x drawn at (x, 1)", "each $x$ drawn at $(x, 1)$"))
    if "margin+" in drawn or "margin-" in drawn:
        e.append(LegendEntry("margin", f"{wx} = ±min |{wx}|", f"${wx_tex} = \\pm\\min_i |{wx_tex.replace('x', 'x_i')}|$"))
    if "output" in drawn and frame is not None:
        name = frame.output_label.split(" (")[0] or "the algorithm's predictor"
        e.append(LegendEntry("output", f"output: {name}", f"output: {tex_escape(name)}"))
    if "vote" in drawn:
        e.append(LegendEntry("vote", "voted prediction (shading)", "voted prediction (shading)"))
    if "theta" in drawn or "theta_band" in drawn:
        e.append(LegendEntry("theta", "θ* (max margin), band ±γ", r"$\theta^*$ (max margin), band $\pm\gamma$"))
    if "visit" in drawn:  # both colours, so the legend does not change at every step
        e.append(LegendEntry("visit_update", "visited: updated", "visited: updated"))
        e.append(LegendEntry("visit_no_update", "visited: no update", "visited: no update"))
    if "misclassified" in drawn:
        by = "f" if frame is not None and frame.kernel_scores is not None else "w"  # a curved kernel: f(x)
        e.append(LegendEntry("misclassified", f"misclassified by {by}", f"misclassified by ${by}$"))
    if "slack" in drawn:
        e.append(LegendEntry("slack", "slack point (own dimension)", "slack point (own dimension)"))
    if "point_margins" in drawn and lifted:  # the distances in the (x, 1) plane, as drawn
        e.append(LegendEntry("point_margins", "margin in the plane y(w·x + b)/‖(w, b)‖ (bold: least)",
                             r"margin in the plane $y(w\cdot x + b)/\|(w, b)\|$ (bold: least)"))
    elif "point_margins" in drawn:
        e.append(LegendEntry("point_margins", f"margin y({wx})/‖w‖ (bold: the data set's)",
                             f"margin $y({wx_tex})/\\|w\\|$ (bold: the data set's)"))
    return tuple(e)


def picture_note(frame: Frame | None, proj: Projection, n: int, has_w: bool, line_ok: bool, line_drawn: bool) -> str:
    if n == 0:
        return ("Click to add a point of the active class; right-click or Shift+click adds the other class."
                if proj.can_add else "No points yet.")
    if frame is None:
        return ""
    if not has_w:
        return "w = 0: no hyperplane yet"
    if not line_ok:
        return "w·x + b is constant on this slice: the hyperplane does not cross it"
    if not line_drawn:
        return "The hyperplane is outside the view (press F to fit)"
    return ""
