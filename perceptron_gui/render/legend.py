"""The legend and the note of a picture: the words beside what is drawn (no Qt).

Each entry names exactly a role :func:`~perceptron_gui.render.picture.describe` drew, in
Unicode (the screen and the slide figures) and in LaTeX (TikZ), written side by side here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from ..session.frame import Frame
from .projection import Projection
from .tex import tex_escape, tex_format

__all__ = ["LegendEntry", "legend_entries", "picture_note"]


@dataclass(frozen=True)
class LegendEntry:
    role: str
    text: str  # Unicode, for the screen and the slide figures
    tex: str  # the same in LaTeX, for TikZ


def legend_entries(frame: Frame | None, kind: str, drawn: set[str], has_test: bool, lifted: bool) -> tuple[LegendEntry, ...]:
    offset = frame is None or frame.offset
    wx, wx_tex = ("w·x + b", r"w\cdot x + b") if offset else ("w·x", r"w\cdot x")  # standard: no b
    slice_ = kind in ("features", "pca")
    # TRANSLATORS: a legend entry; {c} is "+1" or "−1".
    cls = _("class {c}")
    e = [LegendEntry("class+", cls.format(c="+1"), tex_format(cls, c="$+1$")),
         LegendEntry("class-", cls.format(c="−1"), tex_format(cls, c="$-1$"))]
    if has_test:
        e.append(_words("test", _("test point (faded)")))
    if "hyperplane" in drawn:  # dashed while the previous one is shown: the swatch says so
        if lifted:
            # TRANSLATORS: {eq} is the equation of the separator through the origin of the lifted plane.
            through = _("{eq} (through 0)")
            e.append(LegendEntry("hyperplane", through.format(eq="w·x + b·1 = 0"),
                                 tex_format(through, eq=r"$w\cdot x + b\cdot 1 = 0$")))
        elif slice_:
            # TRANSLATORS: {eq} is "w·x + b = 0": the hyperplane cut by the plane of the view.
            cut = _("{eq} (slice through the mean)")
            e.append(LegendEntry("hyperplane", cut.format(eq=f"{wx} = 0"), tex_format(cut, eq=f"${wx_tex} = 0$")))
        else:
            e.append(LegendEntry("hyperplane", f"{wx} = 0", f"${wx_tex} = 0$"))
    if "previous" in drawn:
        e.append(_words("previous", _("hyperplane before the last update")))
    if "normal" in drawn:
        # TRANSLATORS: a legend entry; {w} is "w" or "(w, b)".
        normal = _("normal vector {w}")
        e.append(LegendEntry("normal", normal.format(w="(w, b)" if lifted else "w"),
                             tex_format(normal, w="$(w, b)$" if lifted else "$w$")))
    if "update_before" in drawn or "update_step" in drawn or "update_after" in drawn:
        name, tex = ("(w, b)", "(w, b)") if lifted else ("w", "w")
        step, step_tex = ("y·(x, 1)", "y\\,(x, 1)") if lifted else ("y·x", "y\\,x")
        if frame is not None and frame.update_tau is not None:  # passive-aggressive: a step of size τ
            step, step_tex = "τ·" + step, "\\tau\\," + step_tex
        e.append(LegendEntry("update", _("the update: old {name} + {step} = new {name}").format(name=name, step=step),
                             # TRANSLATORS: {formula} is "w_{k−1} + y·x = w_k" in LaTeX.
                             tex_format(_("the update: {formula}"), formula=f"${tex}_{{k-1}} + {step_tex} = {tex}_k$")))
    if "guide" in drawn and lifted:
        # TRANSLATORS: a legend entry of the lifted view: {x} is "x", {point} "(x, 1)".
        each = _("each {x} drawn at {point}")
        e.append(LegendEntry("guide", each.format(x="x", point="(x, 1)"), tex_format(each, x="$x$", point="$(x, 1)$")))
    if "margin+" in drawn or "margin-" in drawn:
        e.append(LegendEntry("margin", f"{wx} = ±min |{wx}|", f"${wx_tex} = \\pm\\min_i |{wx_tex.replace('x', 'x_i')}|$"))
    if "output" in drawn and frame is not None:
        name = frame.output_label.split(" (")[0] or _("the algorithm's predictor")
        # TRANSLATORS: a legend entry; {name} names the predictor the algorithm outputs.
        output = _("output: {name}")
        e.append(LegendEntry("output", output.format(name=name), tex_format(output, name=tex_escape(name))))
    if "vote" in drawn:
        e.append(_words("vote", _("voted prediction (shading)")))
    if "theta" in drawn or "theta_band" in drawn:
        # TRANSLATORS: a legend entry; {theta} is "θ*", {band} "±γ".
        theta = _("{theta} (max margin), band {band}")
        e.append(LegendEntry("theta", theta.format(theta="θ*", band="±γ"),
                             tex_format(theta, theta=r"$\theta^*$", band=r"$\pm\gamma$")))
    if "visit" in drawn:  # both colours, so the legend does not change at every step
        e.append(_words("visit_update", _("visited: updated")))
        e.append(_words("visit_no_update", _("visited: no update")))
    if "misclassified" in drawn:
        by = "f" if frame is not None and frame.kernel_scores is not None else "w"  # a curved kernel: f(x)
        # TRANSLATORS: a legend entry; {by} is "w" or "f".
        wrong = _("misclassified by {by}")
        e.append(LegendEntry("misclassified", wrong.format(by=by), tex_format(wrong, by=f"${by}$")))
    if "slack" in drawn:
        e.append(_words("slack", _("slack point (own dimension)")))
    if "point_margins" in drawn and lifted:  # the distances in the (x, 1) plane, as drawn
        # TRANSLATORS: a legend entry; {formula} is "y(w·x + b)/‖(w, b)‖".
        least = _("margin in the plane {formula} (bold: least)")
        e.append(LegendEntry("point_margins", least.format(formula="y(w·x + b)/‖(w, b)‖"),
                             tex_format(least, formula=r"$y(w\cdot x + b)/\|(w, b)\|$")))
    elif "point_margins" in drawn:
        # TRANSLATORS: a legend entry; {formula} is "y(w·x + b)/‖w‖".
        own = _("margin {formula} (bold: the data set's)")
        e.append(LegendEntry("point_margins", own.format(formula=f"y({wx})/‖w‖"),
                             tex_format(own, formula=f"$y({wx_tex})/\\|w\\|$")))
    return tuple(e)


def _words(role: str, text: str) -> LegendEntry:
    """An entry of words only: the same text on the screen and, escaped, in LaTeX."""
    return LegendEntry(role, text, tex_escape(text))


def picture_note(frame: Frame | None, proj: Projection, n: int, has_w: bool, line_ok: bool, line_drawn: bool) -> str:
    if n == 0:
        return (_("Click to add a point of the active class; right-click or Shift+click adds the other class.")
                if proj.can_add else _("No points yet."))
    if frame is None:
        return ""
    if not has_w:
        return _("w = 0: no hyperplane yet")
    if not line_ok:
        return _("w·x + b is constant on this slice: the hyperplane does not cross it")
    if not line_drawn:
        return _("The hyperplane is outside the view (press F to fit)")
    return ""
