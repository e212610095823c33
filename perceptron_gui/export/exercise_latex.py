"""An exercise sheet as LaTeX, with or without its solutions (no Qt).

Plain ``article`` (with amsmath, booktabs, geometry and tikz, all in TeX Live's basic scheme):
the ``exam`` class is not part of every TeX installation, and a sheet must compile wherever
pdflatex does and be the same bytes for the same seed everywhere. The solutions file is the
same sheet with a "Solution" block after every exercise. Every number comes from the sheet
(:mod:`perceptron_gui.core.exercises`); :mod:`.exercise_text` writes it.
"""
from __future__ import annotations

import os

from ..core.exercise_kinds import (
    KIND_TITLES,
    BoundExercise,
    EpochExercise,
    Exercise,
    MistakesExercise,
    OrderExercise,
    RunAnswer,
    SeparatorExercise,
    Sheet,
)
from ..core.io import atomic_write_text
from ..i18n import _, ngettext
from ..render.tex import tex_escape, tex_format
from ..version import __version__
from .exercise_text import data_rows, num, point, points, prompt, radical, rule_text, vec, weights
from .exercise_tikz import data_picture

__all__ = ["sheet_tex", "write_sheet_tex"]

_PREAMBLE = r"""\documentclass[11pt,a4paper]{article}
\usepackage[margin=2.2cm]{geometry}
\usepackage{amsmath,amssymb}
\usepackage{booktabs}
\usepackage{tikz}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.6\baselineskip}
\renewcommand{\arraystretch}{1.15}
\begin{document}
"""


def _table(head: list[str], rows: list[list[str]], align: str) -> list[str]:
    out = [f"\\begin{{tabular}}{{{align}}}", "\\toprule", " & ".join(head) + " \\\\", "\\midrule"]
    out += [" & ".join(r) + " \\\\" for r in rows]
    return out + ["\\bottomrule", "\\end{tabular}"]


def _data_block(sheet: Sheet, data_id: int) -> list[str]:
    data = sheet.datasets[data_id]
    rows = [[f"${a}$", f"${b}$", f"${c}$"] for a, b, c in data_rows(data)]
    table = _table([tex_escape(_("point")), "$x$", "$y$"], rows, "ccr")
    picture = data_picture(data, sheet.integral[data_id])
    if picture is None:
        return ["\\begin{center}", *table, "\\end{center}"]
    return ["\\begin{center}", "\\begin{minipage}[c]{0.55\\linewidth}\\centering", picture.rstrip("\n"),
            "\\end{minipage}\\hfill", "\\begin{minipage}[c]{0.4\\linewidth}\\centering", *table,
            "\\end{minipage}", "\\end{center}"]


def _wb_cells(sheet: Sheet, w: tuple[float, ...], b: float) -> list[str]:
    return [f"${vec(w)}$"] + ([f"${num(b)}$"] if sheet.offset else [])


def _wb_head(sheet: Sheet, sub: str) -> list[str]:
    return [f"$w{sub}$"] + ([f"$b{sub}$"] if sheet.offset else [])


def _updates_table(sheet: Sheet, run: RunAnswer) -> list[str]:
    rows = [[f"${k}$", f"${e + 1}$", f"${point(i)}$", *_wb_cells(sheet, w, b)]
            for k, (i, e, (w, b)) in enumerate(zip(run.mistakes, run.mistake_epochs, run.after), start=1)]
    # TRANSLATORS: a column of an exercise sheet's table; {k} is "k".
    head = [tex_format(_("update {k}"), k="$k$"), tex_escape(_("epoch")), tex_escape(_("point"))]
    return _table([*head, *_wb_head(sheet, "_k")], rows, "rrc" + "c" * (1 + sheet.offset))


def _run_summary(sheet: Sheet, run: RunAnswer) -> str:
    k, e = len(run.mistakes), run.epochs
    # TRANSLATORS: "in 3 epochs" in an exercise's solution.
    epochs = ngettext("{n} epoch", "{n} epochs", e).format(n=e)
    # TRANSLATORS: "5 updates" in an exercise's solution.
    updates = ngettext("{n} update", "{n} updates", k).format(n=k)
    # TRANSLATORS: an exercise's solution (LaTeX: no # $ % & _ { } ~ ^ \ in the translation); {points} lists the
    # points, {updates} is "5 updates", {epochs} "3 epochs" (translated apart), {w} the final weights.
    return _("Mistakes on {points}: {updates} in {epochs} (the last without a mistake); finally {w}.").format(
        points=points(run.mistakes), updates=updates, epochs=epochs, w=f"\\({weights(sheet, run.w, run.b)}\\)")


def _solution(sheet: Sheet, ex: Exercise) -> list[str]:
    if isinstance(ex, EpochExercise):
        # TRANSLATORS: a cell of an exercise's solution table: this visit was a mistake.
        mistake = tex_escape(_("mistake"))
        rows = [[f"${t}$", f"${point(s.index)}$", f"${num(s.score)}$", mistake if s.mistake else "--",
                 *_wb_cells(sheet, s.w, s.b)] for t, s in enumerate(ex.steps, start=1)]
        mistakes = sum(s.mistake for s in ex.steps)
        last = ex.steps[-1]
        # TRANSLATORS: a column of an exercise's solution table: the visit's number.
        head = [tex_escape(_("visit")), tex_escape(_("point")), "$y\\,(w\\cdot x + b)$", ""]
        return [*_table([*head, *_wb_head(sheet, "")], rows, "rcrc" + "c" * (1 + sheet.offset)),
                # TRANSLATORS: an exercise's solution (LaTeX: no # $ % & _ { } ~ ^ \); {w} is the weights after the epoch.
                "", ngettext("{n} mistake in the epoch; after it {w}.", "{n} mistakes in the epoch; after it {w}.",
                             mistakes).format(n=mistakes, w=f"\\({weights(sheet, last.w, last.b)}\\)")]
    if isinstance(ex, MistakesExercise):
        return [*_updates_table(sheet, ex.run), "", _run_summary(sheet, ex.run)]
    if isinstance(ex, SeparatorExercise):
        rows = []
        for m in ex.margins:
            exact = radical(m.exact) if m.exact is not None else None
            shown = (exact if exact == num(m.margin) else f"{exact} \\approx {num(m.margin)}") if exact else num(m.margin)
            rows.append([f"${point(m.index)}$", f"${num(m.score)}$", f"$\\displaystyle {shown}$"])
        wrong = [m.index for m in ex.margins if not m.margin > 0]
        # TRANSLATORS: an exercise's solution (LaTeX: no # $ % & _ { } ~ ^ \); {points} lists the points, {le} is "≤ 0".
        verdict = (_("Yes: every signed margin is positive") if ex.separates
                   else ngettext("No: {points} has a margin {le}", "No: {points} have a margin {le}", len(wrong)).format(
                       points=points(wrong), le="\\(\\le 0\\)"))
        head = [tex_escape(_("point")), "$y\\,(w\\cdot x + b)$", "$y\\,(w\\cdot x + b)/\\|w\\|$"]
        # TRANSLATORS: an exercise's solution; {verdict} is "Yes: …" or "No: …" (translated apart), {margin} a number.
        return [*_table(head, rows, "crl"), "", _("{verdict}; the data set's margin for this line is {margin}.").format(
            verdict=verdict, margin=f"\\({num(ex.margin)}\\)")]
    if isinstance(ex, BoundExercise):
        r = f"{radical(ex.R_exact)} \\approx {num(ex.R)}" if ex.R_exact is not None else num(ex.R)
        fields = dict(R=f"\\(R = {r}\\)", gamma=f"\\(\\gamma = {num(ex.gamma)}\\)",
                      theta=f"\\(\\theta^* = {vec(ex.theta_star)}\\)", bound=f"\\((R/\\gamma)^2 = {num(ex.bound)}\\)",
                      zero="\\(w = 0\\)", updates=ex.updates)
        if ex.max_updates < 0:
            # TRANSLATORS: an exercise's solution (LaTeX: no # $ % & _ { } ~ ^ \); the fields are math, {updates} a count.
            return [_("{R}, {gamma} (with {theta}), so {bound}: no finite number updates from {zero}. The run in file "
                      "order makes {updates}.").format(**fields)]
        # TRANSLATORS: an exercise's solution (LaTeX: no # $ % & _ { } ~ ^ \); the fields are math, {n} and {updates}
        # counts of updates.
        return [_("{R}, {gamma} (with {theta}), so {bound}: at most {n} updates from {zero}. The run in file order "
                  "makes {updates}.").format(n=ex.max_updates, **fields)]
    assert isinstance(ex, OrderExercise)
    out: list[str] = []
    # TRANSLATORS: headings of an exercise's solution, followed by ":"; {order} lists the points, "x3, x1, x2".
    for what, run in ((_("In file order"), ex.first), (_("In the order {order}").format(order=points(ex.second.order)),
                                                       ex.second)):
        out += [f"{what}:", "", *_updates_table(sheet, run), "", _run_summary(sheet, run), ""]
    out.append(_("The order does not change the final weights here (it may change the mistakes).") if ex.same
               else _("The order changes the answer: the two runs end with different weights, both separators."))
    return out


def sheet_tex(sheet: Sheet, solutions: bool = False) -> str:
    """The sheet as a LaTeX document (with a Solution after every exercise when ``solutions``)."""
    n = len(sheet.exercises)
    title = tex_escape(sheet.title)
    if solutions:
        # TRANSLATORS: the title of an exercise sheet's solutions; {title} is the sheet's title.
        title = tex_format(_("{title} -- solutions"), title=title)
    # TRANSLATORS: under an exercise sheet's title; {source} says where the data come from, {seed} a number.
    source = tex_format(_("{source}; seed {seed}"), source=tex_escape(sheet.source), seed=sheet.seed)
    lines = [f"% Exercise sheet written by perceptron-gui {__version__}: {n} exercise{'s' if n != 1 else ''}, "
             f"seed {sheet.seed}, {sheet.algorithm} perceptron{', with solutions' if solutions else ''}.",
             _PREAMBLE.rstrip("\n"),
             "\\begin{center}",
             f"{{\\Large\\bfseries {title}}}\\\\[3pt]",
             f"{{\\small {source}}}",
             "\\end{center}", "", rule_text(sheet), ""]
    shared = len(sheet.datasets) == 1
    if shared:
        # TRANSLATORS: a section of an exercise sheet: the data set every exercise uses.
        data_heading = tex_escape(_("The data"))
        lines += [f"\\section*{{{data_heading}}}", *_data_block(sheet, 0), ""]
    # TRANSLATORS: a heading of an exercise's solution.
    solution = tex_escape(_("Solution"))
    for ex in sheet.exercises:
        # TRANSLATORS: an exercise's heading; {n} is its number, {title} its kind's title.
        heading = tex_format(_("Exercise {n}: {title}"), n=ex.number, title=tex_escape(KIND_TITLES[ex.kind]))
        lines += [f"\\section*{{{heading}}}"]
        if not shared:
            lines += _data_block(sheet, ex.data_id)
        lines += [prompt(sheet, ex), ""]
        if solutions:
            lines += [f"\\subsection*{{{solution}}}", *_solution(sheet, ex), ""]
    lines.append("\\end{document}")
    return "\n".join(lines) + "\n"


def write_sheet_tex(path: str | os.PathLike[str], sheet: Sheet, solutions: bool = False) -> None:
    """Write :func:`sheet_tex` to ``path`` atomically (a WriteError says why not)."""
    atomic_write_text(path, sheet_tex(sheet, solutions))
