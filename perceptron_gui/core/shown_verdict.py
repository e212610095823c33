"""The separability verdict in the reader's language (:func:`shown_verdict`).

The verdict (``Theory.verdict``, ``MaxMarginResult.verdict``) stays English where it is made:
the run file writes it (``theory.verdict``). It is built from a few fixed phrases and numbers
(:mod:`.maxmargin`, :mod:`.separability`, :mod:`.theory`); this module finds those phrases and
gives each in the current language, keeping the numbers as written. A verdict it does not
recognise is returned unchanged, so a new phrase shows in English until it is added here.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from ..i18n import _

__all__ = ["shown_verdict"]

_NUM = r"[-+0-9.e]+|inf|nan"

# (the English phrase as a pattern, its sentence in the current language); the longer phrases
# first, where one is the start of another.
_PHRASES: list[tuple[re.Pattern[str], Callable[[dict[str, str]], str]]] = [
    (re.compile(rf"linearly separable with an offset \(also through the origin\), margin γ (?P<rel>[=≥]) "
                rf"(?P<g>{_NUM}) for the augmented points \[x, 1\]"),
     lambda m: _("linearly separable with an offset (also through the origin), margin γ {rel} {g} for the "
                 "augmented points [x, 1]").format(**m)),
    (re.compile(rf"linearly separable with an offset but not through the origin, margin γ (?P<rel>[=≥]) "
                rf"(?P<g>{_NUM}) for the augmented points \[x, 1\]"),
     lambda m: _("linearly separable with an offset but not through the origin, margin γ {rel} {g} for the "
                 "augmented points [x, 1]").format(**m)),
    (re.compile(rf"linearly separable with an offset, margin γ (?P<rel>[=≥]) (?P<g>{_NUM}) for the augmented "
                rf"points \[x, 1\]"),
     lambda m: _("linearly separable with an offset, margin γ {rel} {g} for the augmented points [x, 1]").format(**m)),
    (re.compile(r"not linearly separable, even with an offset: the convex hull of the y·\[x, 1\] contains the origin"),
     lambda m: _("not linearly separable, even with an offset: the convex hull of the y·[x, 1] contains the origin")),
    (re.compile(r"not linearly separable through the origin: a point lies at the origin"),
     lambda m: _("not linearly separable through the origin: a point lies at the origin")),
    (re.compile(r"not linearly separable through the origin: the convex hull of the y·x contains the origin"),
     lambda m: _("not linearly separable through the origin: the convex hull of the y·x contains the origin")),
    (re.compile(rf"linearly separable through the origin, margin γ (?P<rel>[=≥]) (?P<g>{_NUM})"),
     lambda m: _("linearly separable through the origin, margin γ {rel} {g}").format(**m)),
    (re.compile(rf"undecided: stopped after (?P<n>\d+) iterations \(margin at most (?P<m>{_NUM})\)"),
     lambda m: _("undecided: stopped after {n} iterations (margin at most {m})").format(**m)),
    (re.compile(r"^empty data set$"), lambda m: _("empty data set")),
    (re.compile(rf" \(within (?P<gap>{_NUM}); stopped early\)"),
     lambda m: _(" (within {gap}; stopped early)").format(**m)),
    (re.compile(rf" \(within (?P<gap>{_NUM})\)"), lambda m: _(" (within {gap})").format(**m)),
    (re.compile(r" \(θ\* approximate: the coordinates' magnitudes differ by a factor of about 1e(?P<k>-?\d+), too "
                r"much for float64 to find the exact one\)"),
     lambda m: _(" (θ* approximate: the coordinates' magnitudes differ by a factor of about 1e{k}, too much for "
                 "float64 to find the exact one)").format(**m)),
    (re.compile(r" \(θ\* approximate: the run's final weights, which separate every point; the exact θ\* could not "
                r"be computed\)"),
     lambda m: _(" (θ* approximate: the run's final weights, which separate every point; the exact θ* could not "
                 "be computed)")),
    (re.compile(r"; at this scale w·x falls below float64's normal range, so the perceptron's scores round to 0 "
                r"and it may never converge: rescale the data"),
     lambda m: _("; at this scale w·x falls below float64's normal range, so the perceptron's scores round to 0 "
                 "and it may never converge: rescale the data")),
]


def shown_verdict(verdict: str | None) -> str:
    """``verdict`` (English, as the theory made it) in the current language, its numbers kept."""
    if not verdict:
        return verdict or ""
    text = verdict
    for pattern, say in _PHRASES:
        def replace(found: re.Match[str], say: Callable[[dict[str, str]], str] = say) -> str:
            return say(found.groupdict())
        text = pattern.sub(replace, text)
    return text
