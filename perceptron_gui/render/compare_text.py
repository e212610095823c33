"""The words and numbers of a race, written once for the window's table and the
exported figure's lines under each panel (no Qt)."""
from __future__ import annotations

from ..session.compare import CompareRow
from .formatting import fmt, fmt_deg, fmt_int, fmt_pct

__all__ = ["COLUMNS", "row_cells", "panel_lines"]

# (header, tooltip: what it is and which formula gives it)
COLUMNS: tuple[tuple[str, str], ...] = (
    ("Run", "The algorithm and the order of the examples: the file order, or shuffled each epoch from this seed."),
    ("Updates", "K: how many updates the run made (until convergence when it converged)."),
    ("Epochs", "How many passes over the training points it ran; ✓ when an epoch made no update "
               "(the plain perceptron had converged)."),
    ("Training error", "Fraction of training points the output predictor gets wrong: sign(w·x + b) ≠ y, sign(0) = +1."),
    ("Test error", "The same on the test points (– without a test set)."),
    ("Margin", "Of the output hyperplane: minᵢ yᵢ(w·xᵢ + b)/‖w‖ over the training points; negative when one is wrong."),
    ("Angle to θ*", "arccos(w·θ*/‖w‖) of the output weights (with b appended when there is an offset) and the "
                    "max-margin direction θ*; n/a when the data are not separable."),
)


def row_cells(row: CompareRow) -> list[str]:
    """The row's cells, in the order of :data:`COLUMNS`."""
    return [row.label, fmt_int(row.updates), fmt_int(row.epochs) + (" ✓" if row.converged else ""),
            fmt_pct(row.train_error), fmt_pct(row.test_error), fmt(row.margin), fmt_deg(row.angle_deg)]


def panel_lines(row: CompareRow) -> list[str]:
    """The key numbers under a panel of the exported figure (two short lines)."""
    first = f"{fmt_int(row.updates)} updates, {fmt_int(row.epochs)} epochs" + (", converged" if row.converged else "")
    second = f"train error {fmt_pct(row.train_error)}"
    if row.test_error is not None:
        second += f", test {fmt_pct(row.test_error)}"
    second += f", margin {fmt(row.margin)}"
    if row.angle_deg is not None:
        second += f", ∠θ* {fmt_deg(row.angle_deg)}"
    return [first, second]
