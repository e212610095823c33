"""``perceptron-gui study``: the order study (notes 004) from the command line: train one
algorithm in the file order and in N shuffled orders, print the summary, and write the table
(``--csv``) and the histogram (``--png``, ``--svg``, ``--pdf``, ``--tikz``; ``export --figure study`` writes the
same figure through :func:`.common.write_study_figures`). ``study --winnow`` is the Winnow study
(:mod:`.study_winnow`)."""
from __future__ import annotations

import argparse

from ..core.errors import UserError
from ..i18n import _, ngettext
from .args import algorithm_params
from .common import (
    THEORY_BUDGET_S,
    UsageError,
    check_figure_paths,
    check_outputs,
    chosen_data,
    fail,
    joined,
    read_data,
    read_failed,
    write_study_figures,
    write_study_outputs,
)
from .study_args import WINNOW_ONLY

__all__ = ["cmd_study"]



def cmd_study(ns: argparse.Namespace) -> int:
    """Run ``perceptron-gui study``; returns the exit status (0, or 2 with one sentence)."""
    from ..core.order_study import DEFAULT_SEEDS, run_order_study

    if ns.winnow:
        from .study_winnow import cmd_winnow_study
        return cmd_winnow_study(ns)
    try:
        given = [opt for dest, opt in WINNOW_ONLY.items() if getattr(ns, dest) is not None]
        if given:
            raise UsageError(ngettext(
                "{options} goes with --winnow (the Winnow study); add --winnow or leave it out.",
                "{options} go with --winnow (the Winnow study); add --winnow or leave them out.",
                len(given)).format(options=joined(given)))
        preset = chosen_data(ns, "study")
        params = algorithm_params(ns)
        clash = [o for o, k in (("--shuffle", "shuffle"), ("--seed", "seed")) if k in params]
        if clash:
            raise UsageError(ngettext(
                "The study sets {options} itself (one run per seed 0 to N-1, and the file order); leave it out "
                "and give --seeds N.",
                "The study sets {options} itself (one run per seed 0 to N-1, and the file order); leave them out "
                "and give --seeds N.", len(clash)).format(options=joined(clash)))
        check_outputs({f"--{k}": getattr(ns, k) for k in ("csv", "png", "svg", "pdf", "tikz")},
                      {_("the data file"): ns.data})
        figures = check_figure_paths({"png": ns.png, "svg": ns.svg, "pdf": ns.pdf, "tikz": ns.tikz}, ns.width)
        train = preset.train_test()[0] if preset is not None else read_data(ns.data, "training")
        from ..core.algorithms import make_algorithm, warm_up
        warm_up(make_algorithm(ns.algorithm, **params).kernels)
        study = run_order_study(ns.algorithm, train, seeds=ns.seeds or DEFAULT_SEEDS, params=params,
                                theory_budget_s=THEORY_BUDGET_S)
    except UserError as exc:
        return fail(str(exc))
    except OSError as exc:
        return fail(read_failed(exc))
    except MemoryError:
        return fail(_("The study needs more memory than there is; use fewer points or fewer epochs."))

    for note in train.notices:
        print(_("Note: {note}").format(note=note))
    print("\n".join(study.summary_lines()))
    return write_study_outputs(study, ns.csv, lambda: write_study_figures(study, figures, ns.width))
