"""The margins beside the points in the lifted 1-D view are the distances that view draws.

1-D data drawn at (x, 1): the separator w·x + b·1 = 0 is the line through 0 with normal (w, b),
and a point's distance to it is |w·x + b|/‖(w, b)‖. The labels were y(w·x + b)/‖w‖, the 1-D
margins, which do not match the picture. Checked here against the picture's own geometry: the
distance of each drawn point to the drawn hyperplane segment.
"""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.render.picture import Labels, PictureOptions, Segment, describe
from perceptron_gui.render.projection import make_projection
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

# Notes 003's 1-D offset example: X = 1, 2, 3, 4 with labels +, +, −, −; θ = −1, θ₀ = 2.5.
X = np.array([[1.0], [2.0], [3.0], [4.0]])
Y = np.array([1.0, 1.0, -1.0, -1.0])
W, B = -1.0, 2.5
VIEW = (-1.0, -3.0, 5.0, 3.0)
OPTS = PictureOptions(show_point_margins=True)


@pytest.fixture(scope="module")
def session() -> Session:
    s = Session()
    s.load_dataset(Dataset.from_arrays(X, Y), "offset 1-D")
    s.set_algorithm("offset")
    s.set_params({"init": "custom", "start_w": [W], "start_b": B})
    s.wait()
    assert s.result is not None
    return s


def _picture(s: Session, lifted: bool):
    proj = make_projection(s.points.X, s.points.feature_names, (0, 1), lifted)
    frame = frame_at(s.result, -1)  # the start: w = −1, b = 2.5
    np.testing.assert_allclose([frame.w[0], frame.b], [W, B])
    return describe(frame, proj, proj.points(s.points.X), s.points.y, s.points.test, VIEW, OPTS, s.points.X)


def _number(text: str) -> float:
    return float(text.replace("−", "-"))


def _signed_distance_to_segment_line(p: np.ndarray, seg: np.ndarray, positive_side: np.ndarray) -> float:
    """Distance of p to the infinite line through the segment's ends, signed + on the side of
    ``positive_side`` (a point the picture shades +1), by projection onto the line."""
    a, e = seg
    d = (e - a) / np.linalg.norm(e - a)
    foot = a + ((p - a) @ d) * d
    dist = float(np.linalg.norm(p - foot))
    def cross(u: np.ndarray, v: np.ndarray) -> float:
        return float(u[0] * v[1] - u[1] * v[0])

    side = np.sign(cross(d, p - a)) * np.sign(cross(d, positive_side - a))
    return dist * float(side)


def test_lifted_labels_are_the_distances_drawn_in_the_plane(session) -> None:
    pic = _picture(session, lifted=True)
    labels = pic.get("point_margins")
    assert isinstance(labels, Labels) and labels.index.tolist() == [0, 1, 2, 3]
    seg = pic.get("hyperplane")
    assert isinstance(seg, Segment)
    P = np.column_stack((X[:, 0], np.ones(4)))  # the lifted points (x, 1)
    np.testing.assert_allclose(labels.positions, P)
    # The +1 side of w·x + b·1 > 0 in the plane: the normal (w, b) from the origin.
    plus = np.array([W, B])
    want = [Y[i] * _signed_distance_to_segment_line(P[i], seg.ends, plus) for i in range(4)]
    np.testing.assert_allclose(want, Y * (W * X[:, 0] + B) / np.hypot(W, B), atol=1e-9)  # the formula agrees
    got = [_number(t) for t in labels.texts]
    np.testing.assert_allclose(got, want, atol=6e-4)  # four significant digits: 0.5571, 0.1857
    assert labels.emphasis.tolist() == [False, True, True, False]  # the least: x = 2 and x = 3


def test_the_plain_1d_view_keeps_the_1d_margins(session) -> None:
    labels = _picture(session, lifted=False).get("point_margins")
    assert isinstance(labels, Labels)
    np.testing.assert_allclose([_number(t) for t in labels.texts], Y * (W * X[:, 0] + B) / abs(W), atol=1e-9)


def test_the_legend_says_which_margin_is_written(session) -> None:
    lifted = {e.role: e.text for e in _picture(session, lifted=True).legend}["point_margins"]
    plain = {e.role: e.text for e in _picture(session, lifted=False).legend}["point_margins"]
    assert "‖(w, b)‖" in lifted and "plane" in lifted
    assert "‖w‖" in plain and "‖(w, b)‖" not in plain
