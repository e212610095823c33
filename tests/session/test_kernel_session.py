"""The kernel perceptron in the session's views that ask about w: the compare table
gives no margin or angle to θ* for a curved boundary; frames score with f."""
from __future__ import annotations

import numpy as np

from perceptron_gui.session.compare import CompareEntry, compare_row
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session


def run(preset: str, **params):
    s = Session()
    s.load_preset(preset)
    s.set_algorithm("kernel")
    for k, v in params.items():
        assert s.set_param(k, v)
    s.wait()
    assert s.result is not None and s.result.record.algorithm == "kernel"
    return s.result


def test_compare_row_of_a_curved_kernel_has_no_margin_or_angle():
    res = run("random_separable", kernel="rbf", kernel_gamma=2.0)
    assert res.theory.theta_star is not None  # θ* exists, but not for the kernel's space
    row = compare_row(CompareEntry("kernel", {"kernel": "rbf"}), res)
    assert row.margin is None and row.angle_deg is None
    assert row.updates == res.record.num_updates


def test_compare_row_of_the_linear_kernel_keeps_them():
    res = run("random_separable", kernel="linear")
    row = compare_row(CompareEntry("kernel", {"kernel": "linear"}), res)
    assert row.margin is not None and row.angle_deg is not None


def test_frames_score_with_f_and_agree_with_the_epoch_table():
    res = run("random_noisy", kernel="poly", degree=2, max_epochs=5)
    rec = res.record
    for e in range(rec.epochs_run):
        fr = frame_at(res, (e + 1) * rec.n - 1)
        assert fr.kernel_scores is not None and not fr.has_hyperplane and fr.prev_w is None
        pred = np.where(fr.kernel_scores(res.train.X) >= 0.0, 1.0, -1.0)
        assert fr.train_error == np.mean(pred != res.train.y)
        assert abs(fr.train_error - rec.epochs[e].train_error) < 1e-12
        assert fr.alpha_values.sum() == fr.k


def test_the_legend_says_misclassified_by_f():
    from perceptron_gui.render.picture import describe
    from perceptron_gui.render.projection import make_projection

    res = run("random_noisy", kernel="poly", degree=2, max_epochs=5)
    fr = frame_at(res, res.record.n - 1)
    X = res.train.X
    proj = make_projection(X, ["x1", "x2"], "pca", False)
    pic = describe(fr, proj, X, res.train.y, np.zeros(len(X), dtype=bool), (-1.2, -1.2, 1.2, 1.2))
    texts = {e.role: e.text for e in pic.legend}
    assert texts["misclassified"] == "misclassified by f"
