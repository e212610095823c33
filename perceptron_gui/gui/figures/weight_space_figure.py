"""The weight-space picture as a slide figure (``export --figure weight-space``).

:class:`~perceptron_gui.gui.figures.plots.SlideFigure` calls :func:`build_weight_space` for
this figure: the same :class:`~perceptron_gui.gui.panels.weight_space_view.WeightSpaceView` as the
window's dock, over the export's frozen session, with slide-wide lines and fonts. PNG, SVG and
PDF are then written by the one figure writer (:mod:`.figure_files`), like every other figure.
"""
from __future__ import annotations

from typing import Any

from ...core.algorithms.kernel import in_feature_space
from ...export.source import ExportError
from ...i18n import _
from ...render.weight_space import NOT_INPUT_SPACE
from .slide_style import pixel_font, set_margins, style_axes

__all__ = ["build_weight_space"]


def build_weight_space(fig: Any) -> None:
    """Give ``fig`` (a SlideFigure) its widget, scene and plot item: the weight-space view."""
    from ..panels.weight_space_view import WeightSpaceView

    src, st, sc = fig.source, fig.style, fig.device_scale
    d = src.result.record.d
    if d != 2:
        raise ExportError(_("The weight space is drawn for data with 2 features, where w is a point of a plane; "
                            "this data set has {d}, so export the canvas or another data set.").format(d=d))
    if not in_feature_space(src.result.record):
        raise ExportError(_(NOT_INPUT_SPACE))
    fig.widget = view = WeightSpaceView(src, pen_scale=st.pen_factor * sc, label_px=st.legend_font_px,
                                        mark_scale=st.point_factor * sc)
    view.localise_numbers = False  # a file: its numbers keep the decimal point
    view.resize(*fig.size)
    item = view.plot.getPlotItem()
    if fig.transparent:
        view.plot.setBackground(None)
    set_margins(item.layout)
    view.refresh()
    style_axes(item, st, sc)
    for name in ("left", "bottom"):
        item.getAxis(name).setStyle(tickFont=pixel_font(st.tick_font_px))
    fig.scene = view.plot.scene()
    fig.root = item
    fig.plot_item = item
