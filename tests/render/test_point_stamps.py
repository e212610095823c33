"""The point stamper (render/point_stamps.py, no Qt): marks land at their pixel, overlapping
marks stack in row order with "source over", and redrawing boxes around moved points gives the
same image as stamping everything again."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render import point_stamps as ps

BLUE, HALF_RED = 0xFF0072B2, 0x80800000  # premultiplied ARGB: opaque blue, half-transparent red


def plus_and_bar() -> ps.Stamps:
    plus = np.zeros((5, 5), dtype=np.uint32)
    plus[2, :] = plus[:, 2] = BLUE
    bar = np.zeros((5, 5), dtype=np.uint32)
    bar[2, :] = HALF_RED
    return ps.make_stamps([plus, bar])


def over(src: int, dst: int) -> int:
    """Reference "source over" of premultiplied ARGB, channel by channel, in floats."""
    a = (src >> 24) / 255
    out = 0
    for shift in (0, 8, 16, 24):
        c = ((src >> shift) & 255) + ((dst >> shift) & 255) * (1 - a)
        out |= min(255, int(c + 0.5)) << shift
    return out


def test_stamps_keep_their_pixels_and_reach():
    st = plus_and_bar()
    assert st.radius == 2 and list(st.start) == [0, 9, 14]


def test_a_mark_lands_at_its_pixel_and_later_rows_cover_earlier_ones():
    st = plus_and_bar()
    img = np.zeros((20, 30), dtype=np.uint32)
    px, py = ps.pixel_coords(np.array([[10.4, 5.9], [10.2, 5.1], [25.0, 15.0]]), 1.0, 0.0, 1.0, 0.0)
    assert list(px) == [10, 10, 25] and list(py) == [5, 5, 15]
    style = np.array([0, 1, 0])
    ps.stamp_all(img, px, py, style, st)
    assert img[5, 10] == over(HALF_RED, BLUE)  # the bar (row 1) over the plus (row 0)
    assert img[3, 10] == BLUE and img[5, 8] == over(HALF_RED, BLUE)
    assert img[15, 25] == BLUE and img[13, 25] == BLUE and img[15, 27] == BLUE
    assert img[0, 0] == 0 and img[4, 9] == 0


def test_points_off_the_image_or_far_away_draw_nothing_or_their_part():
    st = plus_and_bar()
    img = np.zeros((10, 10), dtype=np.uint32)
    P = np.array([[-1.0, 5.0], [1e30, -1e30], [np.inf, 0.0], [np.nan, 3.0]])
    px, py = ps.pixel_coords(P, 1.0, 0.0, 1.0, 0.0)
    ps.stamp_all(img, px, py, np.zeros(4, dtype=np.intp), st)
    # The plus at x = −1 shows its right arm's two pixels only; the others nothing.
    assert img[5, 0] == img[5, 1] == BLUE and np.count_nonzero(img) == 2


@pytest.mark.parametrize("indexed", [False, True])
def test_restamping_boxes_around_moved_points_equals_stamping_all_again(indexed):
    rng = np.random.default_rng(3)
    st = plus_and_bar()
    n, w, h = 400, 120, 80
    P = rng.uniform(0, 1, size=(n, 2)) * (w, h)
    style = rng.integers(0, 2, size=n)
    img = np.zeros((h, w), dtype=np.uint32)
    px, py = ps.pixel_coords(P, 1.0, 0.0, 1.0, 0.0)
    shown = ps.stamp_all(img, px, py, style, st)
    index = ps.tile_index(px, py, shown, w, h, st.radius) if indexed else None
    moved = np.zeros(0, dtype=np.int64)
    for _ in range(30):
        idx = rng.choice(n, size=rng.integers(1, 4), replace=False)
        old = np.column_stack((px[idx], py[idx]))
        P[idx] += rng.normal(size=(idx.size, 2)) * 3
        px[idx], py[idx] = ps.pixel_coords(P[idx], 1.0, 0.0, 1.0, 0.0)
        shown[idx] = True
        moved = np.union1d(moved, idx)
        ps.restamp_boxes(img, px, py, style, st, np.vstack((old, np.column_stack((px[idx], py[idx])))), shown,
                         index, moved if indexed else None)
    # The whole image, stamped serially from the points the image holds (stamp_all leaves out
    # a point under a later one of its style on the same pixel; restamp_boxes keeps that).
    ref = np.zeros_like(img)
    ps._stamp(ref, px[shown], py[shown], style[shown], st.start, st.dx, st.dy, st.argb, st.radius, 0, 0, w, h)
    assert np.array_equal(img, ref)
