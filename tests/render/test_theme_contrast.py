"""The points' marks stand out by WCAG's 3:1 from what they are drawn on: the background and both
shaded regions (the shading composited over the background), in every screen theme.

The report: in the dark theme the blue plus on the shaded +1 region was 2.67:1 and the marks'
darkened outlines 1.4–1.9:1. The contrast is computed in render/theme.py (no Qt); the last test
measures the colours the canvas really paints (its style table).
"""
from __future__ import annotations

import pytest

from perceptron_gui.render import theme


def test_relative_luminance_matches_wcag_reference_values() -> None:
    assert theme.relative_luminance("#000000") == pytest.approx(0.0, abs=1e-12)
    assert theme.relative_luminance("#FFFFFF") == pytest.approx(1.0, abs=1e-12)
    # sRGB primaries: the coefficients themselves.
    assert theme.relative_luminance("#FF0000") == pytest.approx(0.2126, abs=1e-12)
    assert theme.relative_luminance("#00FF00") == pytest.approx(0.7152, abs=1e-12)
    assert theme.relative_luminance("#0000FF") == pytest.approx(0.0722, abs=1e-12)
    # WebAIM's checker: #0072B2 on white 5.19:1, #D55E00 on white 3.87:1.
    assert theme.contrast_ratio("#0072B2", "#FFFFFF") == pytest.approx(5.19, abs=0.01)
    assert theme.contrast_ratio("#D55E00", "#FFFFFF") == pytest.approx(3.87, abs=0.01)


def test_composite_is_source_over() -> None:
    assert theme.composite((0, 0, 0, 255), "#FFFFFF") == "#000000"
    assert theme.composite((0, 0, 0, 0), "#123456") == "#123456"
    # 52/255 of (0, 114, 178) over (30, 30, 34), by hand: 30·(1 − a), 30 + 84·a, 34 + 144·a.
    a = 52 / 255
    want = "#" + "".join(f"{round(v):02X}" for v in (30 * (1 - a), 30 + 84 * a, 34 + 144 * a))
    assert theme.composite((0, 114, 178, 52), "#1E1E22") == want == "#182F3F"
    assert theme.DARK.region_colour("positive_region") == want


def test_the_old_dark_marks_failed_on_the_shading() -> None:
    # The figures the report measured: the base blue on the dark theme's blue region, the
    # outlines (the class colours a third darker) on both regions.
    pos_region = theme.DARK.region_colour("positive_region")
    neg_region = theme.DARK.region_colour("negative_region")
    assert theme.contrast_ratio(theme.POSITIVE, pos_region) == pytest.approx(2.67, abs=0.01)
    assert theme.contrast_ratio(theme.POSITIVE, neg_region) == pytest.approx(2.53, abs=0.01)
    for edge in ("#004C77", "#8E3F00"):
        for region in (pos_region, neg_region):
            assert theme.contrast_ratio(edge, region) < 2.0


@pytest.mark.parametrize("name", sorted(theme.THEMES) + ["figure"])
def test_every_mark_stands_out_from_background_and_both_regions(name: str) -> None:
    th = theme.THEMES.get(name, theme.FIGURE)
    got = theme.marker_contrasts(th)
    assert len(got) == 2 * 2 * 3  # two classes × fill and outline × three surfaces
    low = {k: round(v, 2) for k, v in got.items() if v < 3.0}
    assert low == {}


def test_dark_marks_keep_their_class_hue() -> None:
    # A student recognises the classes by colour as well as shape: the dark theme's marks are
    # the class colours lighter, not other colours.
    import colorsys

    def hue(c: str) -> float:
        r, g, b, _a = theme.rgba(c)
        return colorsys.rgb_to_hls(r / 255, g / 255, b / 255)[0]

    for label, base in ((1, theme.POSITIVE), (-1, theme.NEGATIVE)):
        for colour in theme.DARK.marker(label):
            assert hue(colour) == pytest.approx(hue(base), abs=0.02)


@pytest.mark.parametrize("name", sorted(theme.THEMES))
def test_the_canvas_paints_the_marks_it_was_measured_with(name: str) -> None:
    from perceptron_gui.gui.canvas.overlay import OverlayLook, point_styles

    th = theme.THEMES[name]
    styles = point_styles(OverlayLook(theme=th))
    surfaces = [th.background, th.region_colour("positive_region"), th.region_colour("negative_region")]
    # Each size level: +1 and −1 training points (fill and outline), then test points (outline).
    for _sym, _size, pen, brush in styles:
        for colour in (pen.color().name(), brush.color().name()):
            ratios = [theme.contrast_ratio(colour, s) for s in surfaces]
            assert min(ratios) >= 3.0, (name, colour, [round(r, 2) for r in ratios])
