"""``perceptron-gui export``'s sizes: ``--width``/``--height`` as a PNG's pixels or as the TeX
lengths a TikZ picture is scaled to fit, and ``--no-legend`` (checked before anything is read)."""
from __future__ import annotations

import argparse

from ..export.source import MANY_RUN_FIGURES, MAX_ASPECT, MIN_ASPECT
from ..export.tikz_fit import TikzSize
from ..i18n import _
from .common import UsageError

__all__ = ["PLOT_ASPECT", "check_sizes"]

PLOT_ASPECT = 16 / 9  # a plot's PNG fills a 16:9 slide (1600 × 900 by default)


def check_sizes(ns: argparse.Namespace, outputs: dict[str, str]) -> None:
    """``--width``/``--height``: pixels for a PNG, lengths for a TikZ picture (``ns.tikz_size``);
    ``ns.width`` becomes the PNG's width and ``ns.aspect`` its shape."""
    for opt, value in (("--width", ns.width), ("--height", ns.height)):
        if isinstance(value, str) and "tikz" not in outputs:
            raise UsageError(_("{option} {value} is a length for --tikz; give whole pixels for --png, such as "
                               "{option} {pixels}.").format(option=opt, value=value,
                                                            pixels=1600 if opt == "--width" else 900))
    if not ns.legend and "tikz" not in outputs:
        raise UsageError(_("--no-legend goes with --tikz; add --tikz FIG.tex or drop --no-legend."))
    ns.tikz_size = TikzSize(width=ns.width if isinstance(ns.width, str) else None,
                            height=ns.height if isinstance(ns.height, str) else None, legend=ns.legend)
    plot = ns.figure not in ("canvas", "weight-space", *MANY_RUN_FIGURES)
    width = ns.width if isinstance(ns.width, int) else None
    height = ns.height if isinstance(ns.height, int) else None
    ns.aspect = PLOT_ASPECT if plot else 1.5
    if height is not None:
        if not 100 <= height <= 10_000:
            raise UsageError(_("--height must be between 100 and 10000 pixels, not {height}.").format(height=height))
        width = width if width is not None else int(round(height * ns.aspect))
        ns.aspect = width / height
        if not MIN_ASPECT <= ns.aspect <= MAX_ASPECT:
            raise UsageError(_("--width {width} and --height {height} make a shape the figures do not take; keep "
                               "the width between {lo:g} and {hi:g} times the height.").format(
                width=width, height=height, lo=MIN_ASPECT, hi=MAX_ASPECT))
    ns.width = width if width is not None else (1600 if plot else 1920)
