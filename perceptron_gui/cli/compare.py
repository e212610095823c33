"""``perceptron-gui export DATA.csv --figure compare --compare offset,averaged,voted --png OUT.png``
(and ``--compare-seeds 0,1,2``): the race as one figure, with its table printed.

The points are those the export would train on (a data CSV with its ``--test``, or a session
file's), loaded by ``cli/export.py`` as for every figure, which then hands over here; the runs are
:func:`perceptron_gui.session.compare.run_comparison`'s, the figure
:mod:`perceptron_gui.gui.figures.compare_plot`'s.
"""
from __future__ import annotations

import argparse
import copy
from typing import Any

from ..core.errors import UserError
from ..i18n import _
from ..session.compare import CompareEntry, compare_entries, parse_seeds
from .args import algorithm_params
from .common import UsageError, check_figure_paths, fail

__all__ = ["compare_options_problem", "chosen_entries", "prepare_compare", "export_compare"]


def compare_options_problem(ns: argparse.Namespace, outputs: dict[str, str]) -> str | None:
    """The sentence for --compare/--compare-seeds given where they do not belong (None: fine)."""
    asked = ns.compare is not None or ns.compare_seeds is not None
    if ns.figure != "compare":
        return (_("--compare and --compare-seeds go with --figure compare; add --figure compare or drop them.")
                if asked else None)
    if not asked:
        return _("--figure compare needs the runs: give --compare offset,averaged (algorithms) and/or "
                 "--compare-seeds 0,1,2 (shuffled orders of --algorithm).")
    extra = sorted(set(outputs) - {"png", "svg", "pdf", "tikz"})
    if extra:
        return _("--figure compare is drawn as --png, --svg, --pdf or --tikz, not {options}; "
                 "export those without --figure compare.").format(options=", ".join("--" + e for e in extra))
    return None


def chosen_entries(ns: argparse.Namespace) -> list[CompareEntry]:
    """The runs of --compare (algorithms) × --compare-seeds (orders), each with the algorithm
    options given (those that do not apply to one of them are a sentence)."""
    if ns.compare is not None:
        algorithms = [a.strip() for a in ns.compare.split(",") if a.strip()]
    elif ns.algorithm is not None:
        algorithms = [ns.algorithm]
    else:
        raise UsageError(_("--compare-seeds races one algorithm over several orders; give it with --algorithm."))
    seeds: list[int | None] = list(parse_seeds(ns.compare_seeds)) if ns.compare_seeds is not None else [None]
    if ns.compare_seeds is not None and not seeds:
        raise UsageError(_("--compare-seeds needs seeds separated by commas, such as 0,1,2."))

    def params_of(name: str) -> dict[str, Any]:
        if name not in _known():
            return {}  # compare_entries says which names exist
        one = copy.copy(ns)
        one.algorithm = name
        return algorithm_params(one)

    return compare_entries(algorithms, seeds, params_of=params_of)


def _known() -> set[str]:
    from ..core.algorithms import REGISTRY

    return set(REGISTRY)


def prepare_compare(ns: argparse.Namespace, session_file: bool) -> None:
    """Before the input is loaded: a bad --compare is a sentence before anything is read, and a
    data CSV is loaded with the first algorithm of --compare when --algorithm is not given."""
    if ns.compare is None:
        if ns.algorithm is None and not session_file:
            raise UsageError(_("--compare-seeds races one algorithm over several orders; give it with --algorithm."))
        return  # --compare-seeds races --algorithm (or the session file's), checked once it is loaded
    first = chosen_entries(ns)[0].algorithm
    if ns.algorithm is None and not session_file:
        ns.algorithm = first


def export_compare(ns: argparse.Namespace, outputs: dict[str, str], session: Any, view_range: Any,
                   notes: list[str]) -> int:
    """Train the race on the points of the loaded ``session`` (the export's own loading: a
    data CSV with its --test, or a session file), print its table and write the figure files."""
    from ..render.compare_text import COLUMNS, row_cells
    from ..session.compare import run_comparison

    try:
        entries = chosen_entries(ns)
        paths = check_figure_paths({f: outputs.get(f) for f in ("png", "svg", "pdf", "tikz")}, ns.width)
        comparison = run_comparison(session.points, entries)
    except (UserError, UsageError) as exc:
        return fail(str(exc))
    except MemoryError:
        return fail(_("The comparison needs more memory than there is; use fewer points or fewer epochs."))
    for note in notes:
        print(_("Note: {note}").format(note=note))
    table = [[c[0] for c in COLUMNS]] + [row_cells(r) for r in comparison.rows]
    widths = [max(len(row[j]) for row in table) for j in range(len(COLUMNS))]
    for row in table:
        print("  ".join(cell.ljust(w) if j == 0 else cell.rjust(w) for j, (cell, w) in enumerate(zip(row, widths))))
    try:
        for path in _write(comparison, paths, ns.width, view_range, ns.theta_star, getattr(ns, "tikz_size", None)):
            print(_("Wrote {path}.").format(path=path))
    except UserError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(_("{file} could not be written ({error}); check the folder and its permissions.").format(
            file=exc.filename or _("A file"), error=exc.strerror or exc))
    return 0


_APP = None  # the offscreen QApplication, kept alive until the program ends


def _write(comparison: Any, paths: dict[str, str], width: int, view_range: Any, theta_star: bool,
           tikz_size: Any = None) -> list[str]:
    if "tikz" in paths:  # no Qt for TikZ: export/tikz_compare.py
        from ..export.tikz_compare import write_compare_tikz

        write_compare_tikz(paths["tikz"], comparison, view=view_range, show_theta_star=theta_star, size=tikz_size)
    painted = {fmt: path for fmt, path in paths.items() if fmt != "tikz"}
    if not painted:
        return list(paths.values())
    from ..gui.app.application import prepare_environment

    prepare_environment(offscreen=True)
    from PySide6 import QtWidgets

    global _APP
    _APP = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["perceptron-gui"])
    from ..export.source import ViewOptions
    from ..gui.figures.compare_plot import write_compare_figure

    options = ViewOptions(view_range=view_range, show_theta_star=theta_star)
    for fmt, path in painted.items():
        write_compare_figure(path, comparison, fmt, width=width, options=options)
    return list(paths.values())
