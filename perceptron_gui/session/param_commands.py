"""Parameter edits as undoable commands: a hand-set start dragged on the canvas or typed in the
live panel, a value changed in the picker, the status bar's "Use the ratchet" — Edit → Undo puts
the old values back like it puts back a moved point.

The command sits in the same history as the point edits (one undo stack, in the order things
were done). Its ``apply`` is handed the points like every command but changes the session's
parameters instead (its ``target``), and reports ``Change("params")``, which the session answers
by retraining rather than by telling the point views.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from ..core.dataset import DatasetError
from ..i18n import N_, _, ngettext
from .commands import Change, Command
from .points import PointSet

__all__ = ["SetParams", "ParamsTarget", "parse_start"]


class ParamsTarget(Protocol):
    """What a parameter edit changes (the session): the current algorithm and every
    algorithm's parameters."""

    algorithm: str
    params: dict[str, dict[str, Any]]


@dataclass
class SetParams(Command):
    """Make ``algorithm`` current and set the parameters of ``params_of`` to ``params``.

    The moves of one drag of a handle (same ``drag_id``) merge into one undo step, as point
    moves do.
    """

    target: ParamsTarget = field(repr=False)
    params_of: str
    params: dict[str, Any]
    algorithm: str
    label: str = N_("Change parameters")
    drag_id: int | None = None

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.label

    @property
    def merge_key(self) -> object:  # type: ignore[override]
        return None if self.drag_id is None else ("params", self.params_of, self.drag_id)

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        t = self.target
        inverse = SetParams(t, self.params_of, dict(t.params[self.params_of]), t.algorithm, self.label,
                            self.drag_id)
        t.params[self.params_of] = dict(self.params)
        t.algorithm = self.algorithm
        return inverse, Change("params", np.zeros(0, dtype=np.int64))

    def merge(self, later: Command) -> Command | None:
        # Self is the inverse of the drag's first edit (the values before it): keep it.
        if isinstance(later, SetParams) and later.merge_key is not None and later.merge_key == self.merge_key:
            return self
        return None


def parse_start(text: str, d: int, offset: bool) -> tuple[list[float], float | None]:
    """A start typed as text: "w₁, …, w_d; b" (or the d + 1 numbers in a row with an offset, b
    last; just the d numbers without one). Returns (start_w, start_b or None without an offset);
    anything else is one sentence (DatasetError)."""
    # TRANSLATORS: {want} of the sentences below: what to type, as in "Type the start as {want}".
    want = (ngettext("{d} number for w and one for b, as in 1, -1; 1",
                     "{d} numbers for w and one for b, as in 1, -1; 1", d) if offset else
            ngettext("{d} number for w", "{d} numbers for w", d)).format(d=d)
    parts = text.replace("−", "-").replace(";", " ; ").replace(",", " ").split()
    if parts.count(";") > 1:
        raise DatasetError(_("Type the start as {want}: one ';' at most.").format(want=want))
    try:
        nums = [float(p) for p in parts if p != ";"]
    except ValueError:
        bad = next(p for p in parts if p != ";" and not _is_number(p))
        raise DatasetError(_("'{bad}' is not a number; type the start as {want}.").format(bad=bad, want=want)) from None
    if not all(np.isfinite(nums)):
        raise DatasetError(_("The start must be finite numbers; type it as {want}.").format(want=want))
    b_given = ";" in parts or len(nums) == d + 1
    if b_given and not offset:
        raise DatasetError(_("This perceptron has no offset b (its hyperplane goes through the origin); "
                             "type the {want}.").format(want=want))
    if len(nums) != d + (1 if b_given else 0):
        raise DatasetError(ngettext("That is {n} number; type the start as {want}.",
                                    "That is {n} numbers; type the start as {want}.", len(nums))
                           .format(n=len(nums), want=want))
    if offset:
        return nums[:d], nums[d] if b_given else 0.0
    return nums, None


def _is_number(s: str) -> bool:
    try:
        float(s)
    except ValueError:
        return False
    return True
