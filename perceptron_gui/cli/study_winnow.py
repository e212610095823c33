"""``perceptron-gui study --winnow``: the Winnow study from the command line: Winnow and the offset
perceptron on random disjunctions for each d of ``--dims``, the summary printed, the table
(``--csv``) and the plot (``--png``, ``--svg``, ``--pdf``, ``--tikz``) written. Qt is started
(offscreen) only for PNG, SVG and PDF."""
from __future__ import annotations

import argparse

from ..core.errors import UserError
from ..i18n import _, ngettext
from .common import UsageError, check_figure_paths, check_outputs, fail, write_figure_files, write_study_outputs

__all__ = ["cmd_winnow_study", "write_winnow_figures"]

# The learners' options the Winnow study takes (the rest of the run options are refused).
_TAKEN = ("seed", "max_epochs")


def _refuse_order_study_options(ns: argparse.Namespace) -> None:
    from ..core.algorithms import REGISTRY

    given = [o for o, v in (("DATA.csv", ns.data), ("--preset", ns.run_preset), ("--algorithm", ns.algorithm),
                            ("--seeds", ns.seeds)) if v is not None]
    names = {s.name for cls in REGISTRY.values() for s in cls.param_specs()} - set(_TAKEN)
    given += [f"--{n.replace('_', '-')}" for n in sorted(names) if getattr(ns, n, None) is not None]
    if given:
        raise UsageError(ngettext(
            "The Winnow study makes its own points and trains Winnow and the offset perceptron with their "
            "defaults, so {options} does not apply; it takes --dims, --relevant, --points, --seed and --max-epochs.",
            "The Winnow study makes its own points and trains Winnow and the offset perceptron with their "
            "defaults, so {options} do not apply; it takes --dims, --relevant, --points, --seed and --max-epochs.",
            len(given)).format(options=", ".join(given)))


def write_winnow_figures(study: object, paths: dict[str, str], width: int) -> list[str]:
    """The Winnow study's plot in each format of ``paths`` (see :func:`.common.write_figure_files`)."""
    def tikz(path: str) -> None:
        from ..export.tikz_winnow import write_winnow_tikz

        write_winnow_tikz(path, study)  # type: ignore[arg-type]

    def paint(path: str, fmt: str) -> None:
        from ..gui.figures.winnow_plot import write_winnow_figure

        write_winnow_figure(path, study, fmt, width=width)  # type: ignore[arg-type]

    return write_figure_files(paths, tikz, paint)


def cmd_winnow_study(ns: argparse.Namespace) -> int:
    """Run ``perceptron-gui study --winnow``; returns the exit status (0, or 2 with one sentence)."""
    from ..core.winnow_study import (
        DEFAULT_DIMS,
        DEFAULT_MAX_EPOCHS,
        DEFAULT_POINTS,
        DEFAULT_RELEVANT,
        check_study,
        run_winnow_study,
    )

    try:
        _refuse_order_study_options(ns)
        dims = ns.dims or DEFAULT_DIMS
        relevant = ns.relevant or DEFAULT_RELEVANT
        points = ns.points or DEFAULT_POINTS
        seed = 0 if ns.seed is None else ns.seed
        if seed < 0:
            raise UsageError(_("--seed must be 0 or more, not {seed}.").format(seed=seed))
        max_epochs = DEFAULT_MAX_EPOCHS if ns.max_epochs is None else ns.max_epochs
        if max_epochs < 1:
            raise UsageError(_("--max-epochs must be at least 1, not {n}.").format(n=max_epochs))
        check_study(dims, relevant, points)
        check_outputs({f"--{k}": getattr(ns, k) for k in ("csv", "png", "svg", "pdf", "tikz")}, {})
        figures = check_figure_paths({"png": ns.png, "svg": ns.svg, "pdf": ns.pdf, "tikz": ns.tikz}, ns.width)
        study = run_winnow_study(dims, relevant=relevant, points=points, seed=seed, max_epochs=max_epochs)
    except UsageError as exc:
        return fail(str(exc))
    except UserError as exc:
        return fail(str(exc))
    except MemoryError:
        return fail(_("The Winnow study needs more memory than there is; use fewer points or smaller d."))

    print("\n".join(study.summary_lines()))
    return write_study_outputs(study, ns.csv, lambda: write_winnow_figures(study, figures, ns.width))
