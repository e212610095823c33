"""Every legend row of an exported canvas is set in the slide's size, on the first frame and on
the frames of an animation that bring new entries (a later row came out 1.5× the others)."""
from __future__ import annotations

import re

from perceptron_gui.export.source import ExportSession
from perceptron_gui.gui.figures.plots import SlideFigure
from perceptron_gui.gui.figures.slide_style import SLIDE
from perceptron_gui.session.session import Session

SIZE = re.compile(r"font-size:\s*([^;\"]+)")


def test_every_legend_row_has_the_slides_size_on_every_frame(qapp):
    s = Session()
    s.load_preset("random_separable")
    s.wait()
    assert s.result is not None and s.result.record.num_updates >= 3
    with SlideFigure(ExportSession.from_session(s, 0), "canvas", device_scale=0.83) as fig:
        seen = set()
        for t in range(0, min(12, s.result.record.num_steps)):
            fig.set_t(t)
            legend = fig.widget.overlay.legend
            sizes = {SIZE.findall(label.item.toHtml())[-1].strip() for _, label in legend.items}
            heights = {round(label.item.boundingRect().height()) for _, label in legend.items
                       if "<sub>" not in label.text}
            assert sizes == {f"{SLIDE.legend_font_px}px"}, (t, sizes)
            assert len(heights) == 1, (t, heights)
            seen |= {label.text for _, label in legend.items}
        assert any("misclassified" in text for text in seen) and any("before" in text for text in seen)
