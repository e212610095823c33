"""The words and numbers of a race, written once for the window's table and the
exported figure's lines under each panel (no Qt)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import overload

from ..i18n import N_, _
from ..session.compare import CompareRow
from .formatting import fmt, fmt_deg, fmt_int, fmt_pct

__all__ = ["COLUMNS", "row_cells", "panel_lines"]

# (header, tooltip: what it is and which formula gives it), in English; COLUMNS gives them translated.
_COLUMNS: tuple[tuple[str, str], ...] = (
    (N_("Run"), N_("The algorithm and the order of the examples: the file order, or shuffled each epoch from this "
                   "seed.")),
    (N_("Updates"), N_("K: how many updates the run made (until convergence when it converged).")),
    (N_("Epochs"), N_("How many passes over the training points it ran; ✓ when an epoch made no update "
                      "(the plain perceptron had converged).")),
    (N_("Training error"), N_("Fraction of training points the output predictor gets wrong: sign(w·x + b) ≠ y, "
                              "sign(0) = +1.")),
    (N_("Test error"), N_("The same on the test points (– without a test set).")),
    (N_("Margin"), N_("Of the output hyperplane: minᵢ yᵢ(w·xᵢ + b)/‖w‖ over the training points; negative when one "
                      "is wrong.")),
    (N_("Angle to θ*"), N_("arccos(w·θ*/‖w‖) of the output weights (with b appended when there is an offset) and the "
                           "max-margin direction θ*; n/a when the data are not separable.")),
)


class _Columns(Sequence[tuple[str, str]]):
    """The columns' (header, tooltip) in the language in force when they are read."""

    @overload
    def __getitem__(self, i: int) -> tuple[str, str]: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[tuple[str, str]]: ...

    def __getitem__(self, i: int | slice) -> tuple[str, str] | Sequence[tuple[str, str]]:
        if isinstance(i, slice):
            return [(_(h), _(t)) for h, t in _COLUMNS[i]]
        h, t = _COLUMNS[i]
        return _(h), _(t)

    def __len__(self) -> int:
        return len(_COLUMNS)


COLUMNS: Sequence[tuple[str, str]] = _Columns()


def row_cells(row: CompareRow) -> list[str]:
    """The row's cells, in the order of :data:`COLUMNS`."""
    return [row.label, fmt_int(row.updates), fmt_int(row.epochs) + (" ✓" if row.converged else ""),
            fmt_pct(row.train_error), fmt_pct(row.test_error), fmt(row.margin), fmt_deg(row.angle_deg)]


def panel_lines(row: CompareRow) -> list[str]:
    """The key numbers under a panel of the exported figure (two short lines)."""
    # TRANSLATORS: a line under a panel of the exported race figure; English keeps the plural for every count.
    first = _("{updates} updates, {epochs} epochs").format(updates=fmt_int(row.updates), epochs=fmt_int(row.epochs))
    if row.converged:
        first += _(", converged")
    second = _("train error {error}").format(error=fmt_pct(row.train_error))
    if row.test_error is not None:
        second += _(", test {error}").format(error=fmt_pct(row.test_error))
    second += _(", margin {margin}").format(margin=fmt(row.margin))
    if row.angle_deg is not None:
        second += f", ∠θ* {fmt_deg(row.angle_deg)}"
    return [first, second]
