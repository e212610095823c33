"""The points' style index: label, role and size level, as POINT_STYLES orders them."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.gui.canvas.overlay import POINT_STYLES, point_size_level, point_style
from perceptron_gui.render.point_stamps import STYLE_DTYPE


@pytest.mark.parametrize("n", [1, 50, 5_000, 2_000_000])
def test_the_index_is_label_plus_twice_the_role_plus_four_times_the_size_level(n):
    y = np.array([1.0, -1.0, 1.0, -1.0, -0.5])
    test = np.array([False, False, True, True, 1])
    got = point_style(y, test, n)
    want = np.array([0, 1, 2, 3, 3]) + 4 * point_size_level(n)
    assert got.dtype == STYLE_DTYPE and np.array_equal(got, want)
    assert got.max() < len(POINT_STYLES)


def test_no_points_give_an_empty_index():
    assert point_style(np.zeros(0), np.zeros(0, dtype=bool), 0).shape == (0,)
