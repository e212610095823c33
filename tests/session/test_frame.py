"""frame_at: what to draw at a playhead position, checked against brute force for every
algorithm (a textbook replay where one is short enough to write here)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core import theory as th
from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.core.algorithms.averaged import epoch_averaged_weights
from perceptron_gui.core.algorithms.base import row_dots
from perceptron_gui.core.algorithms.pocket import PocketPerceptron
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.presets import PRESETS, random_separable
from perceptron_gui.core.run import epoch_order, split_augmented
from perceptron_gui.session.commands import SetRoles
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.session import Session

ALGORITHMS = ["standard", "offset", "pocket", "voted", "averaged", "lifted", "margin", "pa"]


def sign(v: np.ndarray) -> np.ndarray:
    return np.where(v >= 0.0, 1.0, -1.0)  # sign(0) = +1


def aug(X: np.ndarray, offset: bool) -> np.ndarray:
    return np.hstack([X, np.ones((X.shape[0], 1))]) if offset else X


# Scores here use training's arithmetic (row_dots: w·x summed left to right, itself checked
# against the textbook in test_algorithms), never X @ w: BLAS may fuse multiply-adds, and its
# kernels differ between CPUs, so a score that is exactly 0 in training comes out as ±1e-18.
def scores_of(X: np.ndarray, w: np.ndarray, b: float = 0.0) -> np.ndarray:
    return row_dots(X, w) + b


def weights_in_force(rec, t: int) -> np.ndarray:
    """Row s: the augmented weights in force after visit s, for s = 0..t."""
    return np.array([rec.weights[rec.k_after_step(s)] for s in range(t + 1)]).reshape(-1, rec.D)


def sample_ts(rec) -> list[int]:
    T = rec.num_steps
    ts = {-1, 0, T // 3, T // 2, T - 2, T - 1}
    if rec.num_updates:
        ts |= {rec.step_of_update(1), rec.step_of_update(rec.num_updates)}
    return sorted(t for t in ts if -1 <= t < T)


def session_for(preset: str, algorithm: str, **params) -> Session:
    """A preset with every fourth point moved to the test set, so train rows != global rows."""
    s = Session()
    s.load_preset(preset)
    s.set_algorithm(algorithm)
    for name, value in params.items():
        assert s.set_param(name, value)
    if s.points.n >= 8:
        s.execute(SetRoles(np.arange(1, s.points.n, 4), True))
    assert s.result is not None and s.error is None
    return s


CASES = [(p, a) for a in ALGORITHMS for p in ("random_noisy", "xor")] + [
    ("random_separable", "offset"), ("uniform_diagonal", "standard"), ("random_separable", "lifted"),
]


@pytest.mark.parametrize("preset,algorithm", CASES)
def test_frame_basics(preset, algorithm):
    params = {"max_epochs": 8} if algorithm != "lifted" else {}
    s = session_for(preset, algorithm, **params)
    res, rec = s.result, s.run
    train_rows = np.flatnonzero(~s.points.test)
    X, y = s.points.X[train_rows], s.points.y[train_rows]
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        k = rec.k_after_step(t)
        w, b = rec.w_b(k)
        assert fr.t == t and fr.k == k
        assert np.array_equal(fr.w, w) and fr.b == b and fr.offset == rec.offset
        assert fr.epoch == (t // rec.n if t >= 0 else 0)
        # misclassified: exactly the training rows with sign(w·x + b) != y, as global rows
        wrong = train_rows[sign(scores_of(X, w, b)) != y]
        assert np.array_equal(np.sort(fr.misclassified), wrong)
        assert not np.isin(fr.misclassified, np.flatnonzero(s.points.test)).any()
        assert fr.train_error == pytest.approx(wrong.size / len(y))
        scores = scores_of(X, w, b)
        assert fr.perceptron_loss == pytest.approx(np.sum(np.maximum(0, -y * scores)))
        assert fr.hinge_loss == pytest.approx(np.sum(np.maximum(0, 1 - y * scores)))
        if np.any(w != 0):
            assert fr.has_hyperplane
            assert fr.closest_distance == pytest.approx(np.min(np.abs(scores)))
            assert fr.dataset_margin == pytest.approx(th.dataset_margin(X, y, w, b))
        else:
            assert not fr.has_hyperplane and fr.closest_distance is None
        if s.points.test.any():
            Xt, yt = s.points.X[s.points.test], s.points.y[s.points.test]
            assert fr.test_error == pytest.approx(np.mean(sign(scores_of(Xt, w, b)) != yt))
        else:
            assert fr.test_error is None
        if t >= 0:
            v = rec.visit(t)
            assert fr.visit_index == train_rows[v.index] and fr.visit_position == v.position
            assert fr.visit_updated == v.updated == (rec.k_after_step(t - 1) != k)
        else:
            assert fr.visit_index is None and not fr.visit_updated


def test_frame_scores_with_the_training_arithmetic():
    # 0.1·(−0.3) + 0.3·0.1 is exactly 0 summed left to right, as training sums it, so sign(0) =
    # +1 and point 1 is right at the start; BLAS with fused multiply-add (X @ w on AVX2 and
    # AVX-512 machines) made it −1.7e-18 and the frame counted point 1 as misclassified.
    s = Session()
    s.load_dataset(Dataset.from_arrays([[0.1, 0.3], [-0.3, 0.1]], [1, 1]), "a tie")
    s.set_algorithm("pocket")
    assert s.set_param("init", "first") and s.set_param("offset", False)
    fr = frame_at(s.result, -1)
    assert fr.w.tolist() == [0.1, 0.3]
    assert fr.misclassified.tolist() == [] and fr.train_error == 0.0
    assert fr.closest_distance == 0.0
    assert fr.pocket_count == 1  # y·w·x > 0 for point 0 only: the tie is not a point gained


def test_frame_pocket_count_at_the_start_is_the_cores():
    # Issue 8, 5: X @ w₀ gave 1.67e-18 for point 2 where the kernels' left-to-right sum gives
    # 0.0, and the frame showed count 2 at t = −1 against PocketPerceptron._count's 1.
    data = Dataset.from_arrays([[0.1, 0.3], [0.3, -0.1]], [1, 1])
    s = Session()
    s.load_dataset(data, "the issue's tie")
    s.set_algorithm("pocket")
    assert s.set_param("init", "first") and s.set_param("offset", False)
    algo = PocketPerceptron(init="first", offset=False)
    start = algo._count(data.X, data.y, s.run.weights[0])
    fr = frame_at(s.result, -1)
    assert fr.pocket_k == 0 and fr.pocket_count == start == 1


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_frame_only_assembles_the_cores_answers(algorithm):
    s = session_for("random_noisy", algorithm, **({"max_epochs": 4} if algorithm != "lifted" else {}))
    res, rec = s.result, s.run
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        w, b = rec.weights_at(t)
        assert np.array_equal(fr.w, w) and fr.b == b
        out = REGISTRY[algorithm].output_at(rec, t)
        if out is None:
            assert fr.output_w is None and fr.vote is None and fr.output_label == ""
            continue
        assert fr.output_label == out.label
        assert (fr.pocket_k, fr.pocket_count) == (out.pocket_k, out.pocket_count)
        assert fr.slack_points.tolist() == res.train_index[out.slack_index].tolist()
        if out.weights is not None:
            ow, ob = split_augmented(out.weights, rec.offset)
            assert np.array_equal(fr.output_w, ow) and fr.output_b == ob
        if out.vote is not None:
            assert np.array_equal(fr.vote(s.points.X), out.vote(s.points.X))


def test_averaged_frame_at_the_end_is_the_runs_output_to_the_bit():
    # The frame's mean (c @ W / steps) and training's (prefix sums + tail) used to differ by
    # 2e-16, so the output drawn at the last step was not the run's final_w.
    s = session_for("random_noisy", "averaged", max_epochs=7)
    res, rec = s.result, s.run
    for e in range(rec.epochs_run):
        fr = frame_at(res, (e + 1) * rec.n - 1)
        assert np.array_equal(np.append(fr.output_w, fr.output_b), epoch_averaged_weights(rec)[e])
    assert np.array_equal(fr.output_w, rec.final_w) and fr.output_b == rec.final_b


def test_frame_clamps_t():
    s = session_for("and", "offset")
    res, rec = s.result, s.run
    assert frame_at(res, -50).t == -1
    assert frame_at(res, rec.num_steps + 50).t == rec.num_steps - 1


def replay(X: np.ndarray, y: np.ndarray, offset: bool, epochs: int, shuffle: bool, seed: int):
    """The 20-line textbook perceptron: returns the augmented weights after every visit."""
    Xa = aug(X, offset)
    w = np.zeros(Xa.shape[1])
    after = []
    for e in range(epochs):
        for i in epoch_order(len(y), e, shuffle, seed):
            if y[i] * scores_of(Xa[i : i + 1], w)[0] <= 0:
                w = w + y[i] * Xa[i]
            after.append(w.copy())
    return np.array(after)


@pytest.mark.parametrize("algorithm,shuffle", [("standard", False), ("offset", False), ("offset", True)])
def test_frame_weights_match_a_textbook_replay(algorithm, shuffle):
    s = session_for("random_noisy", algorithm, max_epochs=5, shuffle=shuffle, seed=4)
    res, rec = s.result, s.run
    after = replay(res.train.X, res.train.y, rec.offset, rec.epochs_run, shuffle, 4)
    for t in range(rec.num_steps):
        fr = frame_at(res, t)
        assert np.array_equal(np.append(fr.w, fr.b) if rec.offset else fr.w, after[t])


@pytest.mark.parametrize("preset", ["random_noisy", "xor", "notes003_margin"])
def test_averaged_output_is_the_mean_of_the_weights_in_force(preset):
    s = session_for(preset, "averaged", max_epochs=6)
    res, rec = s.result, s.run
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        W = weights_in_force(rec, t)
        mean = W.mean(axis=0) if t >= 0 else rec.weights[0]
        np.testing.assert_allclose(np.append(fr.output_w, fr.output_b), mean, rtol=1e-12, atol=1e-12)
        assert fr.output_label == "averaged"
        assert fr.output_train_error == pytest.approx(
            th.training_error(res.train.X, res.train.y, fr.output_w, fr.output_b))
    end = frame_at(res, rec.num_steps - 1)
    np.testing.assert_allclose(end.output_w, rec.final_w, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("preset,gamma", [("random_noisy", 0.0), ("random_noisy", 0.3), ("xor", 0.0)])
def test_pocket_output_is_the_best_weights_so_far(preset, gamma):
    s = session_for(preset, "pocket", max_epochs=6, gamma=gamma)
    res, rec = s.result, s.run
    Xa, y = aug(res.train.X, True), res.train.y
    margins = y[None, :] * np.array([scores_of(Xa, w) for w in rec.weights])  # (K+1, n)
    counts = (margins > 0).sum(1) if gamma == 0 else (margins >= gamma).sum(1)
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        k = rec.k_after_step(t)
        best = int(np.argmax(counts[: k + 1]))  # the first weights reaching the best count
        assert fr.pocket_k == best and fr.pocket_count == counts[best]
        assert np.array_equal(np.append(fr.output_w, fr.output_b), rec.weights[best])
    end = frame_at(res, rec.num_steps - 1)
    assert np.array_equal(end.output_w, rec.final_w) and end.output_b == rec.final_b


@pytest.mark.parametrize("preset", ["random_noisy", "xor"])
def test_voted_vote_is_the_sum_of_the_signs_of_the_weights_in_force(preset):
    s = session_for(preset, "voted", max_epochs=5)
    res, rec = s.result, s.run
    rng = np.random.default_rng(0)
    P = np.vstack([s.points.X, rng.uniform(-1.5, 1.5, size=(40, s.points.d))])
    Pa = aug(P, rec.offset)
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        W = weights_in_force(rec, t)
        brute = sum(sign(scores_of(Pa, w)) for w in W) if t >= 0 else np.zeros(len(P))
        assert np.array_equal(fr.vote(P), brute)
        assert fr.output_label == "voted"
        assert fr.output_train_error == pytest.approx(np.mean(sign(fr.vote(res.train.X)) != res.train.y))


def lifted_replay(X: np.ndarray, y: np.ndarray, a: float, epochs: int, init_first: bool):
    """The lifted perceptron on explicitly built points [a·x̃ ; √(1−a²)·e_i] (offset on)."""
    n = len(y)
    L = np.hstack([a * aug(X, True), math.sqrt(1 - a * a) * np.eye(n)])
    w = y[0] * L[0] if init_first else np.zeros(L.shape[1])
    history = [w.copy()]  # lifted weights after each update
    for _ in range(epochs):
        changed = False
        for i in range(n):
            if y[i] * scores_of(L[i : i + 1], w)[0] <= 0:
                w = w + y[i] * L[i]
                history.append(w.copy())
                changed = True
        if not changed:
            break
    return history


@pytest.mark.parametrize("preset,init", [("xor", "zero"), ("random_noisy", "zero"), ("random_noisy", "first")])
def test_lifted_slack_points_are_the_points_updated_so_far(preset, init):
    s = session_for(preset, "lifted", init=init, lift_a=0.6)
    res, rec = s.result, s.run
    history = lifted_replay(res.train.X, res.train.y, 0.6, rec.epochs_run, init == "first")
    assert len(history) == rec.num_updates + 1 and rec.converged
    D = rec.D
    for t in sample_ts(rec):
        fr = frame_at(res, t)
        wl = history[fr.k]
        slack_rows = np.flatnonzero(wl[D:] != 0)
        assert np.array_equal(np.sort(fr.slack_points), res.train_index[slack_rows])
        # the predictor on the original features is a · (feature part of the lifted weights)
        np.testing.assert_allclose(np.append(fr.w, fr.b), 0.6 * wl[:D], rtol=1e-12, atol=1e-12)
    # once converged, the lifted set is separated: no lifted point is misclassified
    L = np.hstack([0.6 * aug(res.train.X, True), math.sqrt(1 - 0.36) * np.eye(rec.n)])
    assert np.all(res.train.y * scores_of(L, history[-1]) > 0)


@pytest.mark.parametrize("preset,algorithm", [("random_separable", "offset"), ("uniform_diagonal", "standard"),
                                              ("notes003_margin", "pocket"), ("xor", "offset")])
def test_theta_star_and_gamma_come_from_the_theory(preset, algorithm):
    s = session_for(preset, algorithm)
    res, rec = s.result, s.run
    tho = th.dataset_theory(res.train.X, res.train.y, offset=rec.offset)
    for t in (-1, rec.num_steps - 1):
        fr = frame_at(res, t)
        if tho.theta_star is None:
            assert fr.theta_w is None and fr.gamma is None
            continue
        theta = np.append(fr.theta_w, fr.theta_b) if rec.offset else fr.theta_w
        np.testing.assert_allclose(theta, tho.theta_star, atol=1e-9)
        assert fr.gamma == pytest.approx(tho.gamma, rel=1e-9, abs=1e-12)
        if not rec.offset:
            assert fr.theta_b == 0.0
        # θ* separates the training points with margin γ in the augmented space
        assert np.all(res.train.y * (aug(res.train.X, rec.offset) @ theta) >= fr.gamma - 1e-9)
    if preset == "xor":
        assert tho.theta_star is None


def test_frames_follow_global_rows_after_an_edit():
    s = Session()
    s.load_dataset(random_separable(12, 0.2, seed=5))
    s.execute(SetRoles([0, 5, 6], True))
    res = s.result
    fr = frame_at(res, 0)
    assert fr.visit_index == 1  # the first training point is global row 1
    assert set(frame_at(res, res.record.num_steps - 1).misclassified) <= set(res.train_index)


def test_every_preset_gives_frames_for_every_algorithm_at_the_ends():
    for preset in PRESETS:
        s = Session()
        s.load_preset(preset)
        for algorithm in ALGORITHMS:
            s.set_algorithm(algorithm)
            for t in (-1, s.run.num_steps - 1):
                fr = frame_at(s.result, t)
                assert fr.w.shape == (s.points.d,)


def test_the_playhead_frame_is_computed_once_per_position():
    from perceptron_gui.session.session import Session

    s = Session()
    s.load_preset("random_noisy")
    a = frame_at(s.result, s.playhead.t)
    assert frame_at(s.result, s.playhead.t) is a  # the canvas and the panel share it
    s.step("update", -1)
    b = frame_at(s.result, s.playhead.t)
    assert b is not a and b.t == s.playhead.t
