"""An exercise sheet as Moodle quiz XML (no Qt): numerical and multiple-choice questions.

Moodle's "Moodle XML" import format: ``<quiz>`` holding a category and ``<question
type="numerical">`` (answers with a ``<tolerance>``) and ``<question type="multichoice">``
(one right answer, fraction 100; the others 0). Question texts are HTML in CDATA with the math
in ``\\( … \\)`` for Moodle's MathJax filter; every question repeats the rule and the data, so
each stands alone in a quiz. The numbers are the sheet's (:mod:`perceptron_gui.core.exercises`).
"""
from __future__ import annotations

import html
import os
from collections.abc import Sequence
from xml.sax.saxutils import escape

from ..core.exercise_kinds import (
    KIND_TITLES,
    BoundExercise,
    EpochExercise,
    Exercise,
    MistakesExercise,
    OrderExercise,
    SeparatorExercise,
    Sheet,
)
from ..core.io import atomic_write_text
from ..i18n import _
from .exercise_text import data_rows, prompt, rule_text, weights

__all__ = ["sheet_moodle", "write_sheet_moodle", "MARGIN_TOLERANCE", "BOUND_TOLERANCE"]

MARGIN_TOLERANCE = 0.001   # a margin given to 3 decimals
BOUND_TOLERANCE = 0.01     # (R/γ)² given to 2 decimals


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _number(v: float) -> str:
    """A number Moodle parses: plain decimal, no exponent."""
    return f"{float(v):.10f}".rstrip("0").rstrip(".") if float(v) != round(float(v)) else str(int(round(float(v))))


def _html_data(sheet: Sheet, ex: Exercise) -> str:
    rows = "".join(f"<tr><td>\\({a}\\)</td><td>\\({b}\\)</td><td>\\({c}\\)</td></tr>"
                   for a, b, c in data_rows(sheet.datasets[ex.data_id]))
    head = html.escape(_("point"), quote=False)
    return (f'<table border="1" cellpadding="4"><tr><th>{head}</th><th>\\(x\\)</th><th>\\(y\\)</th></tr>'
            f"{rows}</table>")


def _text(sheet: Sheet, ex: Exercise, ask: str) -> str:
    return (f"<p>{html.escape(rule_text(sheet), quote=False)}</p>{_html_data(sheet, ex)}"
            f"<p>{html.escape(prompt(sheet, ex), quote=False)}</p><p><strong>{html.escape(ask, quote=False)}</strong></p>")


def _head(kind: str, name: str, text: str) -> list[str]:
    return [f'  <question type="{kind}">', f"    <name><text>{escape(name)}</text></name>",
            f'    <questiontext format="html"><text>{_cdata(text)}</text></questiontext>',
            '    <generalfeedback format="html"><text></text></generalfeedback>',
            "    <defaultgrade>1</defaultgrade>", "    <penalty>0.3333333</penalty>", "    <hidden>0</hidden>"]


def _numerical(name: str, text: str, value: float, tolerance: float) -> list[str]:
    return [*_head("numerical", name, text),
            '    <answer fraction="100" format="moodle_auto_format">', f"      <text>{_number(value)}</text>",
            '      <feedback format="html"><text></text></feedback>', f"      <tolerance>{_number(tolerance)}</tolerance>",
            "    </answer>", "  </question>"]


def _multichoice(name: str, text: str, right: str, wrong: Sequence[str]) -> list[str]:
    out = [*_head("multichoice", name, text), "    <single>true</single>", "    <shuffleanswers>true</shuffleanswers>",
           "    <answernumbering>abc</answernumbering>"]
    for fraction, answer in [(100, right), *((0, w) for w in wrong)]:
        out += [f'    <answer fraction="{fraction}" format="html">', f"      <text>{_cdata(answer)}</text>",
                '      <feedback format="html"><text></text></feedback>', "    </answer>"]
    return out + ["  </question>"]


def _choices(sheet: Sheet, right: tuple[tuple[float, ...], float],
             others: Sequence[tuple[tuple[float, ...], float]]) -> tuple[str, list[str]]:
    """The right (w, b) and up to three other ones: weights the same run had, then the right
    one with its signs flipped or its first weight moved by one."""
    w, b = right
    shifted = ((w[0] + 1.0, *w[1:]), b) if w else (w, b + 1.0)
    pool = [*others, (tuple(-v for v in w), -b if sheet.offset else b), shifted, ((w[0] - 1.0, *w[1:]), b) if w else (w, b)]
    show = [f"\\({weights(sheet, v, c)}\\)" for v, c in pool]
    first = f"\\({weights(sheet, w, b)}\\)"
    wrong = [s for s in dict.fromkeys(show) if s != first][:3]
    return first, wrong


def _questions(sheet: Sheet, ex: Exercise) -> list[str]:
    title = _("Exercise {n}: {title}").format(n=ex.number, title=KIND_TITLES[ex.kind])
    wb = "(w, b)" if sheet.offset else "w"
    if isinstance(ex, EpochExercise):
        mistakes = sum(s.mistake for s in ex.steps)
        last = ex.steps[-1]
        right, wrong = _choices(sheet, (last.w, last.b),
                                [(ex.start_w, ex.start_b), *((s.w, s.b) for s in ex.steps)])
        return [*_numerical(f"{title} (a)", _text(sheet, ex, _("How many mistakes does the epoch make?")), mistakes, 0),
                # TRANSLATORS: a quiz question; {wb} is "(w, b)" or "w".
                *_multichoice(f"{title} (b)", _text(sheet, ex, _("What is {wb} after the epoch?").format(wb=wb)),
                              right, wrong)]
    if isinstance(ex, MistakesExercise):
        run = ex.run
        right, wrong = _choices(sheet, (run.w, run.b), run.after[:-1])
        return [*_numerical(f"{title} (a)", _text(sheet, ex, _("How many updates does the run make until it converges?")),
                            len(run.mistakes), 0),
                # TRANSLATORS: a quiz question; {wb} is "(w, b)" or "w".
                *_multichoice(f"{title} (b)", _text(sheet, ex, _("What is the final {wb}?").format(wb=wb)), right, wrong)]
    if isinstance(ex, SeparatorExercise):
        yes, no = _("Yes"), _("No")
        return [*_multichoice(f"{title} (a)", _text(sheet, ex, _("Is the line a separator of the data?")),
                              yes if ex.separates else no, [no if ex.separates else yes]),
                *_numerical(f"{title} (b)", _text(sheet, ex, _("What is the data set's margin for this line (the "
                                                                "smallest signed margin), to 3 decimals?")),
                            ex.margin, MARGIN_TOLERANCE)]
    if isinstance(ex, BoundExercise):
        return [*_numerical(f"{title} (a)", _text(sheet, ex, _("What is Novikoff's bound (R/γ)², to 2 decimals?")),
                            ex.bound, BOUND_TOLERANCE),
                *_numerical(f"{title} (b)", _text(sheet, ex, _("How many updates does the run in file order make?")),
                            ex.updates, 0)]
    assert isinstance(ex, OrderExercise)
    yes, no = _("Yes, the final weights differ"), _("No, the final weights are the same")
    return [*_multichoice(f"{title} (a)", _text(sheet, ex, _("Does the order change the final weights?")),
                          no if ex.same else yes, [yes if ex.same else no]),
            *_numerical(f"{title} (b)", _text(sheet, ex, _("How many updates does the run in the second order make?")),
                        len(ex.second.mistakes), 0)]


def sheet_moodle(sheet: Sheet) -> str:
    """The sheet as Moodle XML: a category named after it, then two questions per exercise."""
    # TRANSLATORS: the Moodle category of a sheet's questions; {title} is the sheet's title, {seed} a number.
    category = _("{title} (seed {seed})").format(title=sheet.title, seed=sheet.seed)
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<quiz>", '  <question type="category">',
             f"    <category><text>$course$/top/{escape(category)}</text></category>",
             "  </question>"]
    for ex in sheet.exercises:
        lines += _questions(sheet, ex)
    lines.append("</quiz>")
    return "\n".join(lines) + "\n"


def write_sheet_moodle(path: str | os.PathLike[str], sheet: Sheet) -> None:
    """Write :func:`sheet_moodle` to ``path`` atomically (a WriteError says why not)."""
    atomic_write_text(path, sheet_moodle(sheet))
