"""Predict, then reveal, without Qt: the truth of the next step is the run record's, a guess is
judged exactly for the point and within the tolerance for the weights, bad typing is a sentence."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.errors import UserError
from perceptron_gui.session.predict import PredictScore, judge, next_truth, parse_numbers


def test_the_truth_is_the_records_next_update(session_on):
    s = session_on("random_separable", "offset")
    rec = s.result.record
    for k in range(rec.num_updates):
        t = next_truth(s.result, k)
        assert t.k == k + 1 and t.point == int(s.result.train_index[rec.update_index[k]])
        w, b = rec.w_b(k + 1)
        assert np.array_equal(t.w, w) and t.b == b and t.weights_asked
    assert next_truth(s.result, rec.num_updates) is None and next_truth(None, 0) is None


def test_the_point_is_a_row_of_the_windows_points_with_test_points_among_them(session_on):
    s = session_on("digits_0_vs_1", "standard")  # a preset with its own test rows
    assert len(s.points.test_index()) > 0
    for k in range(5):
        t = next_truth(s.result, k)
        assert t.point in set(s.points.train_index().tolist()) and t.point not in set(s.points.test_index().tolist())
        assert np.array_equal(s.points.train_dataset().X[s.result.record.update_index[k]], s.result.train.X[
            s.result.record.update_index[k]]) and t.b is None


def test_a_guess_is_judged_and_scored(session_on):
    s = session_on("random_separable", "offset")
    t = next_truth(s.result, 2)
    right = judge(t, t.point, t.w + 0.01, t.b - 0.01, tolerance=0.05)
    assert right.point_right and right.weights_right and right.error == pytest.approx(0.01, abs=1e-12)
    wrong = judge(t, t.point + 1, t.w + 1.0, t.b, tolerance=0.05)
    assert not wrong.point_right and not wrong.weights_right and wrong.error == pytest.approx(1.0)
    only_point = judge(t, t.point, None, None)
    assert only_point.weights_right is None and only_point.error is None
    score = PredictScore()
    for v in (right, wrong, only_point):
        score.add(v)
    assert (score.asked, score.points_found, score.weights_asked, score.weights_right) == (3, 2, 2, 1)
    assert score.text() == "Points found: 2 of 3; weights 1 of 2 within the tolerance."


def test_the_lifted_perceptrons_weights_are_not_asked(session_on):
    s = session_on("random_noisy", "lifted")
    assert not next_truth(s.result, 0).weights_asked


@pytest.mark.parametrize(("text", "count", "words"), [
    ("abc", 2, "w must be 2 numbers such as 1, 1; 'abc' is not."),
    ("1", 2, "w needs 2 numbers, not 1."),
    ("nan, 1", 2, "finite"),
])
def test_typing_that_is_not_numbers_is_a_sentence(text, count, words):
    with pytest.raises(UserError, match=words.replace("(", r"\(").replace(")", r"\)")):
        parse_numbers(text, count, "w")
    assert parse_numbers("(2, −1.5)", 2, "w").tolist() == [2.0, -1.5]
