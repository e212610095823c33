"""Marching squares for the kernel boundary (render/contour.py): the curve lies on f = 0, is
refined where it is, and is recomputed for the view (smooth at any zoom)."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.contour import join_segments, marching_squares, zero_contour


def circle(r2):
    return lambda P: P[:, 0] ** 2 + P[:, 1] ** 2 - r2


def test_a_circle_is_traced_closely_and_closed():
    segs = zero_contour(circle(0.5), (-1.0, -1.0, 1.0, 1.0))
    r = np.hypot(segs[..., 0], segs[..., 1])
    assert np.max(np.abs(r - np.sqrt(0.5))) < 1e-4  # the fine grid: 320 cells across
    lines = join_segments(segs)
    longest = max(lines, key=len)
    assert len(longest) > 0.95 * (segs.shape[0] + 1)  # (nearly) one closed piece
    angles = np.arctan2(segs[..., 1], segs[..., 0]).ravel()
    assert np.ptp(angles) > 6.2  # all the way round


def test_zoomed_in_it_stays_as_fine_relative_to_the_view():
    wide = zero_contour(circle(0.5), (-1.0, -1.0, 1.0, 1.0))
    r0 = np.sqrt(0.5)
    zoom = (r0 - 0.01, -0.01, r0 + 0.01, 0.01)  # a 0.02-wide window on the curve
    near = zero_contour(circle(0.5), zoom)
    assert near.shape[0] > 10
    lengths = np.linalg.norm(near[:, 1] - near[:, 0], axis=1)
    assert lengths.max() < 0.02 / 100  # segments a few hundredths of the view, not of the data
    r = np.hypot(near[..., 0], near[..., 1])
    assert np.max(np.abs(r - r0)) < 1e-8
    assert np.max(np.linalg.norm(wide[:, 1] - wide[:, 0], axis=1)) > 100 * lengths.max() / 10


def test_xor_saddle_gives_the_two_axes():
    segs = zero_contour(lambda P: P[:, 0] * P[:, 1], (-1.0, -1.2, 1.3, 1.0))
    on_axis = np.minimum(np.abs(segs[..., 0]), np.abs(segs[..., 1]))
    assert np.max(on_axis) < 1e-12
    assert np.any(np.abs(segs[..., 0]) > 0.9) and np.any(np.abs(segs[..., 1]) > 0.9)


def test_no_curve_where_the_sign_never_changes():
    assert zero_contour(lambda P: np.ones(P.shape[0]), (0.0, 0.0, 1.0, 1.0)).shape == (0, 2, 2)
    assert zero_contour(lambda P: -np.ones(P.shape[0]), (0.0, 0.0, 1.0, 1.0)).shape == (0, 2, 2)


@pytest.mark.parametrize("corner,expected", [
    # mean +0.5 > 0: the positive corners (0,0) and (1,1) meet; the negative ones are cut off
    (2.0, [((0.5, 0.0), (1.0, 0.5)), ((0.5, 1.0), (0.0, 0.5))]),
    # mean −0.25 < 0: the negative corners meet through the centre; the positive ones are cut off
    (0.5, [((1 / 3, 0.0), (0.0, 1 / 3)), ((2 / 3, 1.0), (1.0, 2 / 3))]),
])
def test_a_saddle_cell_is_split_by_its_centre(corner, expected):
    V = np.array([[corner, -2.0 if corner > 1 else -1.0], [-2.0 if corner > 1 else -1.0, corner]])
    segs = marching_squares(V, np.array([0.0, 1.0]), np.array([0.0, 1.0]))
    got = {frozenset(map(tuple, np.round(seg, 9))) for seg in segs}
    assert got == {frozenset(map(tuple, np.round(np.array(w), 9))) for w in expected}


def test_a_costly_score_is_refined_less_but_still_traced():
    calls = []

    def f(P):
        calls.append(P.shape[0])
        return circle(0.5)(P)

    fine = zero_contour(f, (-1.0, -1.0, 1.0, 1.0))
    fine_points = calls[1]
    calls.clear()
    capped = zero_contour(f, (-1.0, -1.0, 1.0, 1.0), max_fine_points=fine_points // 4)
    assert calls[1] <= fine_points // 4
    assert 0 < capped.shape[0] < fine.shape[0]
    r = np.hypot(capped[..., 0], capped[..., 1])
    assert np.max(np.abs(r - np.sqrt(0.5))) < 1e-3
