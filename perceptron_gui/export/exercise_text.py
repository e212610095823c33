"""The words and numbers of an exercise sheet, shared by its LaTeX and its Moodle XML (no Qt).

Text is LaTeX with inline math in ``\\( … \\)``, which pdflatex typesets and Moodle's MathJax
filter shows; the Moodle writer only escapes it for HTML. Numbers are the sheet's own (run
records and the theory, :mod:`perceptron_gui.core.exercises`), only written here: a whole number
of integer data as an integer, an exact margin or R as a fraction with a square root, anything
else with 3 decimals.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..core.dataset import Dataset
from ..core.exercise_data import Radical
from ..core.exercise_kinds import (
    BoundExercise,
    EpochExercise,
    Exercise,
    MistakesExercise,
    OrderExercise,
    SeparatorExercise,
    Sheet,
)
from ..i18n import _

__all__ = ["num", "vec", "radical", "point", "points", "rule_text", "data_rows", "prompt", "weights"]


def num(v: float) -> str:
    """A number for the sheet: whole numbers as integers, others with at most 3 decimals."""
    v = float(v)
    if v == round(v) and abs(v) < 2**52:
        return str(int(round(v)))
    s = f"{v:.3f}"
    if abs(v - float(s)) < 1e-12:   # 2.5 is 2.5, not 2.500; 0.6324… stays 0.632
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "-0.000") else s


def vec(values: Sequence[float]) -> str:
    return "(" + ", ".join(num(v) for v in values) + ")"


def radical(r: Radical) -> str:
    """num·√root/den in TeX: ``-\\frac{\\sqrt{2}}{2}``, ``\\frac{4\\sqrt{10}}{5}``, ``3``."""
    sign = "-" if r.num < 0 else ""
    n = abs(r.num)
    if r.root == 1:
        top = str(n)
    else:
        top = (f"{n}" if n != 1 else "") + f"\\sqrt{{{r.root}}}"
    if r.den == 1 or n == 0:
        return sign + (top if n else "0")
    return f"{sign}\\frac{{{top}}}{{{r.den}}}"


def point(i: int) -> str:
    """The name of point i (0-based): \\(x_{1}\\) is the first row."""
    return f"x_{{{i + 1}}}"


def points(indices: Sequence[int]) -> str:
    """\\(x_{3}, x_{1}, …\\) as one math run, or "none"."""
    # TRANSLATORS: an exercise sheet's answer where no point is listed.
    return f"\\({', '.join(point(i) for i in indices)}\\)" if len(indices) else _("none")


def weights(sheet: Sheet, w: Sequence[float], b: float) -> str:
    """\\(w = (…)\\), and \\(b = …\\) with the offset (math inside, no delimiters)."""
    return f"w = {vec(w)}" + (f",\\ b = {num(b)}" if sheet.offset else "")


def rule_text(sheet: Sheet) -> str:
    """The algorithm and the conventions, one paragraph."""
    # The sheets' prose is LaTeX (and Moodle's HTML): the math goes in as fields, the words are the
    # catalogue's (a translation must not use LaTeX's special characters # $ % & _ { } ~ ^ \\).
    xy, upd_w = "\\((x, y)\\)", "\\(w \\leftarrow w + y\\,x\\)"
    if sheet.offset:
        # TRANSLATORS: an exercise sheet (LaTeX): no # $ % & _ { } ~ ^ \ in the translation. {xy} is "(x, y)",
        # {cond} "y(w·x + b) ≤ 0", {upd_w} "w ← w + y·x", {upd_b} "b ← b + y". Completes "Use …".
        rule = _("the perceptron with offset: at a visit of {xy}, if {cond} it is a mistake and {upd_w}, {upd_b}").format(
            xy=xy, cond="\\(y\\,(w\\cdot x + b) \\le 0\\)", upd_w=upd_w, upd_b="\\(b \\leftarrow b + y\\)")
    else:
        # TRANSLATORS: an exercise sheet (LaTeX): no # $ % & _ { } ~ ^ \ in the translation. {xy} is "(x, y)",
        # {cond} "y(w·x) ≤ 0", {upd_w} "w ← w + y·x". Completes "Use …".
        rule = _("the perceptron through the origin: at a visit of {xy}, if {cond} it is a mistake and {upd_w}").format(
            xy=xy, cond="\\(y\\,(w\\cdot x) \\le 0\\)", upd_w=upd_w)
    # TRANSLATORS: an exercise sheet (LaTeX): no # $ % & _ { } ~ ^ \ in the translation. {rule} is "the perceptron
    # with offset: …" (translated apart), {order} "x1, x2, …", {margin} "y(w·x + b)/‖w‖".
    return _("Use {rule}. An epoch visits every point once, in the order given (file order {order} unless the "
             "exercise says otherwise); a run to convergence stops after the first epoch without a mistake. The "
             "signed margin of a point is {margin}.").format(
        rule=rule, order="\\(x_{1}, x_{2}, \\dots\\)", margin="\\(y\\,(w\\cdot x + b)/\\|w\\|\\)")


def data_rows(data: Dataset) -> list[tuple[str, str, str]]:
    """(name, coordinates, label) of every point, each a TeX math string."""
    return [(point(i), vec(data.X[i]), "+1" if data.y[i] > 0 else "-1") for i in range(data.n)]


def _start(sheet: Sheet, ex: EpochExercise) -> str:
    return f"\\(w_0 = {vec(ex.start_w)}\\)" + (f", \\(b_0 = {num(ex.start_b)}\\)" if sheet.offset else "")


def prompt(sheet: Sheet, ex: Exercise) -> str:
    """The exercise's question, one paragraph."""
    zero = "\\(w = 0\\)" + (", \\(b = 0\\)" if sheet.offset else "")
    wb = "\\((w, b)\\)" if sheet.offset else "\\(w\\)"
    # TRANSLATORS (every prompt below): an exercise sheet (LaTeX): no # $ % & _ { } ~ ^ \ in the translation;
    # the fields are math: {zero} "w = 0, b = 0", {wb} "(w, b)" or "w", {start} "w0 = (…)".
    if isinstance(ex, EpochExercise):
        # TRANSLATORS: {score} is "y(w·x + b)".
        return _("Start from {start} and simulate one epoch in file order. For every visit give {score}, whether it "
                 "is a mistake, and {wb} after the visit.").format(
            start=_start(sheet, ex), score="\\(y\\,(w\\cdot x + b)\\)", wb=wb)
    if isinstance(ex, MistakesExercise):
        return _("Start from {zero} and run epochs in file order until an epoch makes no mistake. Which points cause "
                 "mistakes, in order? How many updates and epochs does the run take, and what is the final "
                 "{wb}?").format(zero=zero, wb=wb)
    if isinstance(ex, SeparatorExercise):
        line = f"\\({vec(ex.w)}\\cdot x" + (f" + ({num(ex.b)})" if sheet.offset else "") + " = 0\\)"
        given = "\\(" + weights(sheet, ex.w, ex.b) + "\\)"
        # TRANSLATORS: {line} is the line's equation, {given} its weights, {positive} "> 0".
        return _("Consider the line {line}, that is {given}. Is it a separator of the data (every signed margin "
                 "{positive})? Give every point's signed margin and the data set's margin (the smallest).").format(
            line=line, given=given, positive="\\(> 0\\)")
    if isinstance(ex, BoundExercise):
        fields = dict(gamma=f"\\(\\gamma = {num(ex.gamma)}\\)", theta="\\(\\theta^*\\)", R="\\(R\\)",
                      bound="\\((R/\\gamma)^2\\)", zero=zero)
        if sheet.offset:
            # TRANSLATORS: {points} is "(x, 1)", {gamma} "γ = 0.5", {theta} "θ*", {R} "R", {bound} "(R/γ)²".
            return _("The data set's margin is {gamma} (for the points {points}, with a unit {theta}). Compute {R}, "
                     "the largest length of the points {points}, and Novikoff's bound {bound}: how many updates can "
                     "the perceptron make at most from {zero}? How many does it make in file order?").format(
                points="\\((x, 1)\\)", **fields)
        # TRANSLATORS: {gamma} is "γ = 0.5", {theta} "θ*", {R} "R", {bound} "(R/γ)²".
        return _("The data set's margin is {gamma} (for the points, with a unit {theta}). Compute {R}, the largest "
                 "length of the points, and Novikoff's bound {bound}: how many updates can the perceptron make at "
                 "most from {zero}? How many does it make in file order?").format(**fields)
    assert isinstance(ex, OrderExercise)
    # TRANSLATORS: {order} lists the points in the second order, "x3, x1, x2".
    return _("Run the perceptron from {zero} to convergence twice: in file order, and with every epoch in the order "
             "{order}. Which points cause mistakes in each run, and what is the final {wb} of each? Does the order "
             "change the answer?").format(zero=zero, order=points(ex.second.order), wb=wb)
