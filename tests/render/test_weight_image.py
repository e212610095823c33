"""The weights as an image, without Qt: which d are images, and the blue/white/red scale."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.weight_image import (
    NEGATIVE_RGB,
    POSITIVE_RGB,
    ZERO_RGB,
    as_grid,
    bipolar_rgb,
    grey_rgb,
    square_side,
    symmetric_limit,
)


@pytest.mark.parametrize("d, side", [(64, 8), (784, 28), (4, 2), (9, 3), (1, None), (2, None), (3, None),
                                     (63, None), (65, None), (100, 10)])
def test_only_square_d_is_an_image(d, side):
    assert square_side(d) == side


def test_the_grid_reads_row_by_row():
    grid = as_grid(np.arange(9.0), 3)
    assert grid[0].tolist() == [0.0, 1.0, 2.0] and grid[2, 0] == 6.0


def test_the_scale_is_symmetric_blue_white_red():
    w = np.array([[-2.0, 0.0, 2.0, 1.0]])
    m = symmetric_limit(w)
    assert m == 2.0
    rgb = bipolar_rgb(w, m)
    assert tuple(rgb[0, 0]) == NEGATIVE_RGB and tuple(rgb[0, 1]) == ZERO_RGB and tuple(rgb[0, 2]) == POSITIVE_RGB
    half = tuple(int(round(z + 0.5 * (p - z))) for z, p in zip(ZERO_RGB, POSITIVE_RGB))
    assert tuple(rgb[0, 3]) == half
    # Equal and opposite weights are equally far from white.
    assert np.abs(bipolar_rgb(np.array([[-1.0]]), 2.0)[0, 0].astype(int) - 255).sum() > 0


def test_zero_weights_are_white_and_the_scale_never_divides_by_zero():
    w = np.zeros((8, 8))
    assert symmetric_limit(w) == 1.0
    assert np.all(bipolar_rgb(w, symmetric_limit(w)) == 255)


def test_a_digit_is_grey_white_background_black_ink():
    x = np.array([[0.0, 8.0, 16.0]])
    g = grey_rgb(x)
    assert g[0, 0].tolist() == [255, 255, 255] and g[0, 2].tolist() == [0, 0, 0] and 126 <= g[0, 1, 0] <= 128
    assert np.all(grey_rgb(np.zeros((2, 2))) == 255)
