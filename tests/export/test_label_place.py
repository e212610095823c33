"""TikZ labels keep clear of the plot's edge, the tick labels, the points and each other
(slide-ready with no hand fixes)."""
from __future__ import annotations

import numpy as np
import pytest
from test_tikz import end_t, run_of

from perceptron_gui.core.presets import get_preset
from perceptron_gui.export.tikz import begin_picture, grid_and_axes, layout, paint_items, tikz_picture
from perceptron_gui.render.label_place import Obstacles, label_size_cm, node_options, place, visible_length

UNITS = (1.0, 1.0)
FRAME = (0.0, 0.0, 10.0, 10.0)


def _inside_share(box, frame) -> float:
    iw = max(0.0, min(box[2], frame[2]) - max(box[0], frame[0]))
    ih = max(0.0, min(box[3], frame[3]) - max(box[1], frame[1]))
    return iw * ih / ((box[2] - box[0]) * (box[3] - box[1]))


def _overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_a_free_spot_keeps_the_painters_anchor():
    obs = Obstacles(frame=FRAME)
    assert place(obs, np.array([5.0, 5.0]), (1.0, 0.5), UNITS, "south west") == ("south west", 0.0)
    assert len(obs.boxes) == 1  # the label is now an obstacle itself


def test_a_label_at_the_edge_turns_inside():
    """A tip on the left edge with the label to its left (anchor east) would leave the box."""
    obs = Obstacles(frame=FRAME)
    assert _inside_share(obs.boxes[-1] if place(obs, np.array([0.05, 5.0]), (1.0, 0.5), UNITS, "east") else None,
                         FRAME) > 0.9


def test_a_point_under_the_label_moves_it():
    obs = Obstacles(frame=FRAME)
    obs.add_points(np.array([[5.5, 5.25]]))  # under the box of anchor west (right of the spot)
    assert place(obs, np.array([5.0, 5.0]), (1.0, 0.5), UNITS, "west") != ("west", 0.0)
    box = obs.boxes[-1]
    assert not (box[0] - 0.13 < 5.5 < box[2] + 0.13 and box[1] - 0.13 < 5.25 < box[3] + 0.13)


def test_tick_labels_and_earlier_labels_are_avoided_and_an_overlay_forgets_its_neighbours():
    obs = Obstacles(frame=FRAME)
    obs.add_axis_box((4.5, 4.0, 6.5, 5.0))  # below the spot, where anchor north would hang
    first = place(obs, np.array([5.0, 5.0]), (1.0, 0.5), UNITS, "north")
    assert not _overlaps(obs.boxes[-1], (4.5, 4.0, 6.5, 5.0))
    second = place(obs, np.array([5.0, 5.0]), (1.0, 0.5), UNITS, first[0])
    assert second != first and not _overlaps(obs.boxes[-1], obs.boxes[-2])  # the first label's place is taken
    fork = obs.fork()
    assert fork.boxes == [(4.5, 4.0, 6.5, 5.0)] and fork.frame == FRAME


def test_a_label_does_not_lie_across_its_own_arrow():
    obs = Obstacles(frame=FRAME)
    shaft = np.array([[3.0, 5.0], [5.0, 5.0]])  # pointing right; a box hanging left of the tip covers it
    assert place(obs, shaft[1], (1.0, 0.5), UNITS, "east", shaft=shaft)[0] != "east"


def test_node_options():
    assert node_options("north", 0.0) == "anchor=north"
    assert node_options("south west", -0.38) == "anchor=south west, yshift=-0.38cm"


def test_the_size_estimate_counts_what_shows():
    assert visible_length("$w_{3}$") == 2
    assert visible_length("$(w, b)$") == 6
    assert label_size_cm("$w$")[0] < label_size_cm("$w_{12}$")[0]


@pytest.mark.parametrize("preset", ["uniform_diagonal", "random_separable", "notes003_margin", "offset_1d"])
def test_every_step_of_a_run_places_its_labels_clear_of_the_axes(preset):
    """For each step the figure shows (the normal's label, the update's vectors), the labels lie
    inside the plot and cover no tick label or axis title, and none another."""
    train = get_preset(preset).train_test()[0]
    result = run_of(train.X, train.y, "offset")
    steps = sorted({0, *range(0, end_t(result) + 1, max(1, end_t(result) // 12)), end_t(result)})
    placed = 0
    for t in steps:
        pic, frame = tikz_picture(result, t, show_update=True)
        tk, ux, uy, _eq, one_d = layout(pic, result, False)
        begin_picture(tk, ux, uy)
        grid_and_axes(tk, pic, result, False, one_d)
        paint_items(tk, pic, frame, ux, uy)
        obs = tk.obstacles
        axes, labels = obs.boxes[:obs.n_fixed_boxes], obs.boxes[obs.n_fixed_boxes:]
        assert axes, "the tick labels are known obstacles"
        for i, box in enumerate(labels):
            assert _inside_share(box, obs.frame) > 0.85, (preset, t, box, obs.frame)
            assert not any(_overlaps(box, a) for a in axes), (preset, t, box)
            assert not any(_overlaps(box, other) for other in labels[i + 1:]), (preset, t, box)
        placed += len(labels)
    assert placed >= len(steps)  # at least the normal vector's label at every step
