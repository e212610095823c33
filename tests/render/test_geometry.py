"""The one clipping library (render/geometry.py): lines and bands clipped to the view."""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core.errors import UserError
from perceptron_gui.render.geometry import (
    check_view_range,
    clip_line,
    clip_strip,
    notes_view,
    range_of_rect,
    rect_of_range,
)

# ---- geometry -------------------------------------------------------------------------------
BOX = ((-2.0, 3.0), (-1.0, 4.0))
RECT = rect_of_range(BOX)


@pytest.mark.parametrize("w,b", [((1.0, -1.0), 1.0), ((1.0, 0.0), -0.5), ((0.0, 2.0), -3.0),
                                 ((2.5, 1.5), 0.0), ((1e-9, 1.0), 0.2), ((3.0, 1e-12), 0.0)])
def test_hyperplane_segment_lies_on_the_line_and_on_the_box(w, b):
    seg = clip_line(np.array(w), b, RECT)
    assert seg is not None
    (x0, x1), (y0, y1) = BOX
    for px, py in seg:
        assert abs(w[0] * px + w[1] * py + b) < 1e-9 * max(1.0, math.hypot(*w))
        assert x0 - 1e-9 <= px <= x1 + 1e-9 and y0 - 1e-9 <= py <= y1 + 1e-9
        on_edge = min(abs(px - x0), abs(px - x1), abs(py - y0), abs(py - y1))
        assert on_edge < 1e-9
    assert not np.array_equal(seg[0], seg[1])


def test_hyperplane_segment_none_for_w_zero_and_for_a_line_outside():
    assert clip_line((0.0, 0.0), 1.0, RECT) is None
    assert clip_line((1.0, 0.0), -10.0, RECT) is None  # x = 10
    assert clip_line((0.0, 1.0), 5.0, RECT) is None  # y = -5
    assert clip_line((1.0, 1.0), 100.0, RECT) is None


def test_band_polygon_is_inside_the_band_and_the_box():
    w, b, g = np.array([0.6, 0.8]), -1.0, 0.5
    poly = clip_strip(w, b, g, RECT)
    assert len(poly) >= 4
    for p in poly:
        assert abs(w @ np.array(p) + b) <= g + 1e-9
        assert BOX[0][0] - 1e-9 <= p[0] <= BOX[0][1] + 1e-9 and BOX[1][0] - 1e-9 <= p[1] <= BOX[1][1] + 1e-9
    assert clip_strip(w, 100.0, g, RECT) .shape[0] == 0  # far away
    assert clip_strip(np.zeros(2), 1.0, g, RECT).shape[0] == 0


def test_one_rectangle_convention_and_its_only_conversions():
    assert RECT == (-2.0, -1.0, 3.0, 4.0)
    assert range_of_rect(RECT) == BOX


@pytest.mark.parametrize("bad", [None, "abc", ((0, 1),), ((1, 0), (0, 1)), ((0, float("nan")), (0, 1))])
def test_a_malformed_view_is_a_sentence(bad):
    with pytest.raises(UserError, match="The view must"):
        check_view_range(bad)


def test_notes_view_shows_the_origin_when_it_is_near():
    x0, y0, x1, y1 = notes_view(np.array([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]]))
    assert (x0, y0, x1, y1) == pytest.approx((-1.9, -0.3, 2.9, 3.3))
    assert notes_view(np.zeros((0, 2))) == (-1.0, -1.0, 1.0, 1.0)
