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
from ..render.tex import tex_escape
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
    table = _table(["point", "$x$", "$y$"], rows, "ccr")
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
    return _table(["update $k$", "epoch", "point", *_wb_head(sheet, "_k")], rows, "rrc" + "c" * (1 + sheet.offset))


def _run_summary(sheet: Sheet, run: RunAnswer) -> str:
    k, e = len(run.mistakes), run.epochs
    return (f"Mistakes on {points(run.mistakes)}: {k} update{'s' if k != 1 else ''} in {e} epoch{'s' if e != 1 else ''} "
            f"(the last without a mistake); finally \\({weights(sheet, run.w, run.b)}\\).")


def _solution(sheet: Sheet, ex: Exercise) -> list[str]:
    if isinstance(ex, EpochExercise):
        rows = [[f"${t}$", f"${point(s.index)}$", f"${num(s.score)}$", "mistake" if s.mistake else "--",
                 *_wb_cells(sheet, s.w, s.b)] for t, s in enumerate(ex.steps, start=1)]
        mistakes = sum(s.mistake for s in ex.steps)
        last = ex.steps[-1]
        return [*_table(["visit", "point", "$y\\,(w\\cdot x + b)$", "", *_wb_head(sheet, "")], rows,
                        "rcrc" + "c" * (1 + sheet.offset)),
                "", f"{mistakes} mistake{'s' if mistakes != 1 else ''} in the epoch; after it "
                    f"\\({weights(sheet, last.w, last.b)}\\)."]
    if isinstance(ex, MistakesExercise):
        return [*_updates_table(sheet, ex.run), "", _run_summary(sheet, ex.run)]
    if isinstance(ex, SeparatorExercise):
        rows = []
        for m in ex.margins:
            exact = radical(m.exact) if m.exact is not None else None
            shown = (exact if exact == num(m.margin) else f"{exact} \\approx {num(m.margin)}") if exact else num(m.margin)
            rows.append([f"${point(m.index)}$", f"${num(m.score)}$", f"$\\displaystyle {shown}$"])
        wrong = [m.index for m in ex.margins if not m.margin > 0]
        verdict = ("Yes: every signed margin is positive" if ex.separates
                   else f"No: {points(wrong)} {'has' if len(wrong) == 1 else 'have'} a margin \\(\\le 0\\)")
        return [*_table(["point", "$y\\,(w\\cdot x + b)$", "$y\\,(w\\cdot x + b)/\\|w\\|$"], rows, "crl"), "",
                f"{verdict}; the data set's margin for this line is \\({num(ex.margin)}\\)."]
    if isinstance(ex, BoundExercise):
        r = f"{radical(ex.R_exact)} \\approx {num(ex.R)}" if ex.R_exact is not None else num(ex.R)
        top = "no finite number" if ex.max_updates < 0 else f"at most {ex.max_updates}"
        return [f"\\(R = {r}\\), \\(\\gamma = {num(ex.gamma)}\\) (with \\(\\theta^* = {vec(ex.theta_star)}\\)), so "
                f"\\((R/\\gamma)^2 = {num(ex.bound)}\\): {top} updates from \\(w = 0\\). "
                f"The run in file order makes {ex.updates}."]
    assert isinstance(ex, OrderExercise)
    out: list[str] = []
    for what, run in (("In file order", ex.first), ("In the order " + points(ex.second.order), ex.second)):
        out += [f"{what}:", "", *_updates_table(sheet, run), "", _run_summary(sheet, run), ""]
    out.append("The order does not change the final weights here (it may change the mistakes)." if ex.same
               else "The order changes the answer: the two runs end with different weights, both separators.")
    return out


def sheet_tex(sheet: Sheet, solutions: bool = False) -> str:
    """The sheet as a LaTeX document (with a Solution after every exercise when ``solutions``)."""
    n = len(sheet.exercises)
    lines = [f"% Exercise sheet written by perceptron-gui {__version__}: {n} exercise{'s' if n != 1 else ''}, "
             f"seed {sheet.seed}, {sheet.algorithm} perceptron{', with solutions' if solutions else ''}.",
             _PREAMBLE.rstrip("\n"),
             "\\begin{center}",
             f"{{\\Large\\bfseries {tex_escape(sheet.title)}{' -- solutions' if solutions else ''}}}\\\\[3pt]",
             f"{{\\small {tex_escape(sheet.source)}; seed {sheet.seed}}}",
             "\\end{center}", "", rule_text(sheet), ""]
    shared = len(sheet.datasets) == 1
    if shared:
        lines += ["\\section*{The data}", *_data_block(sheet, 0), ""]
    for ex in sheet.exercises:
        lines += [f"\\section*{{Exercise {ex.number}: {tex_escape(KIND_TITLES[ex.kind])}}}"]
        if not shared:
            lines += _data_block(sheet, ex.data_id)
        lines += [prompt(sheet, ex), ""]
        if solutions:
            lines += ["\\subsection*{Solution}", *_solution(sheet, ex), ""]
    lines.append("\\end{document}")
    return "\n".join(lines) + "\n"


def write_sheet_tex(path: str | os.PathLike[str], sheet: Sheet, solutions: bool = False) -> None:
    """Write :func:`sheet_tex` to ``path`` atomically (a WriteError says why not)."""
    atomic_write_text(path, sheet_tex(sheet, solutions))
