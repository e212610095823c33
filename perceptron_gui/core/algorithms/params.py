"""The parameters every variant shares, described once for the command line, the picker,
session files and run files (:class:`ParamSpec`)."""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...i18n import N_, _
from ..csv_text import clip_text

__all__ = ["ParamSpec", "START_W", "START_B"]


@dataclass(frozen=True)
class ParamSpec:
    """Describes one parameter for the CLI and the window's picker.

    ``label_en`` and ``help_en`` are the English text, marked with N_(); :attr:`label` and
    :attr:`help` read them in the language in force."""

    name: str
    kind: type
    default: Any
    label_en: str
    help_en: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
    # How the range reads to a user when "between minimum and maximum" would mislead (the
    # bounds kept inside an open interval, say): the predicate of a sentence, "must be ...".
    range_rule: str | None = None
    # False for parameters the window sets elsewhere (the start w₀, b₀: canvas handles and the
    # live panel), so the picker builds no editor for them.
    in_picker: bool = True
    # Which values of another parameter make this one matter, as (that parameter, its values):
    # ("kernel", ("poly",)) for the polynomial kernel's degree. The picker greys it out otherwise.
    applies_when: tuple[str, tuple[str, ...]] | None = None

    @property
    def label(self) -> str:
        """The parameter's short name for a reader, in the current language."""
        return _(self.label_en)

    @property
    def help(self) -> str:
        """The sentence describing the parameter, in the current language."""
        return _(self.help_en)

    def applies(self, params: Mapping[str, Any]) -> bool:
        """Whether this parameter matters with ``params`` (see ``applies_when``)."""
        if self.applies_when is None:
            return True
        other, values = self.applies_when
        return params.get(other) in values

    def coerce(self, v: Any) -> Any:
        """``v`` in the type this parameter keeps: a vector (``kind`` tuple) given as a tuple,
        a list or an array becomes a fresh list of floats, JSON's own type, so parameters read
        back from a session or run file compare equal to the ones written; anything else is
        returned as is."""
        if self.kind is tuple and isinstance(v, (list, tuple, np.ndarray)) and _all_numbers(v):
            return [float(x) + 0.0 for x in v]  # + 0.0: -0.0 starts as 0.0 does
        return v

    def problem(self, v: Any) -> str | None:
        """What is wrong with ``v`` for this parameter, as the predicate of a sentence
        ("must be between 1 and 1e+06; 0 is outside"), or None when ``v`` is allowed.

        The one statement of the rule: :meth:`Perceptron.validate` puts the label in front of
        it, the command line its option (``--max-epochs``)."""
        if self.kind is bool:
            return None if isinstance(v, (bool, np.bool_)) else _("must be on or off, not {value}").format(value=repr(v))
        if self.kind is tuple:
            if not isinstance(v, (list, tuple, np.ndarray)) or not _all_numbers(v):
                return _("must be a list of numbers, such as 1, -1; not {value}").format(value=clip_text(repr(v), 40))
            bad = [x for x in v if not _finite(x)]
            if bad:
                return _("must hold finite numbers only, not {value}").format(value=clip_text(repr(bad[0]), 40))
            # Novikoff's bound and the proof's curves square the start's length: Σ w² must be a float.
            if not math.isfinite(math.fsum(float(x) * float(x) for x in v)):
                return _("must have a squared length Σ w² within float64's range (about 1.8e308), so numbers "
                         "below 1e154; not {value}").format(value=clip_text(repr(list(v)), 40))
            return None
        if self.choices is not None:
            return None if v in self.choices else _("must be one of {choices}, not {value}").format(
                choices=", ".join(self.choices), value=repr(v))
        if self.kind is int and (isinstance(v, bool) or not isinstance(v, (int, np.integer))):
            return _("must be a whole number, not {value}").format(value=repr(v))
        if self.kind is float:
            if isinstance(v, bool) or not isinstance(v, (int, float, np.floating, np.integer)) or not np.isfinite(v):
                return _("must be a finite number, not {value}").format(value=repr(v))
        lo, hi = self.minimum, self.maximum
        if (lo is None or v >= lo) and (hi is None or v <= hi):
            return None
        if self.range_rule is not None:
            return _("{rule}, not {value}").format(rule=_(self.range_rule), value=repr(v))
        if hi is None:
            return _("must be at least {lo:g}, not {value}").format(lo=lo, value=repr(v))
        if lo is None:
            return _("must be at most {hi:g}, not {value}").format(hi=hi, value=repr(v))
        return _("must be between {lo:g} and {hi:g}; {value} is outside").format(lo=lo, hi=hi, value=repr(v))


def _finite(x: Any) -> bool:
    try:
        return math.isfinite(float(x))
    except OverflowError:  # an integer beyond float64 (a hand-edited file)
        return False


def _all_numbers(v: Any) -> bool:
    return all(isinstance(x, (int, float, np.floating, np.integer)) and not isinstance(x, (bool, np.bool_))
               for x in v)


# Its default is a list like every value it takes (see coerce); parameter values are replaced,
# never changed in place, so the one default list is safe to share.
START_W = ParamSpec("start_w", tuple, [], N_("Start w₀"),
                    N_("With start 'custom': the start's weights w₀, one number per feature (empty: all 0)."),
                    in_picker=False)
# Bounded as a start w's numbers are (see ParamSpec.problem): b₀² is a term of ‖w₀‖².
START_B = ParamSpec("start_b", float, 0.0, N_("Start b₀"),
                    N_("With start 'custom': the start's bias b₀ (needs the offset)."), -1e154, 1e154, in_picker=False)
