"""The state at step t, answered by the run record and the algorithm classes:
one split of (w, b), one place for the survival counts, and each variant's output at t."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.core.algorithms import REGISTRY, make_algorithm
from perceptron_gui.core.algorithms.averaged import epoch_averaged_weights
from perceptron_gui.core.algorithms.base import augment, row_dots
from perceptron_gui.core.algorithms.lifted import slack_points_at
from perceptron_gui.core.algorithms.pocket import PocketPerceptron
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.presets import PRESETS
from perceptron_gui.core.run import split_augmented


def noisy() -> Dataset:
    return PRESETS["random_noisy"].data()


def every_t(rec) -> range:
    return range(-1, rec.num_steps)


def test_split_augmented_takes_b_from_the_last_weight_only_with_the_offset():
    wa = np.array([1.0, -2.0, 0.5])
    w, b = split_augmented(wa, True)
    assert w.tolist() == [1.0, -2.0] and b == 0.5 and isinstance(b, float)
    w, b = split_augmented(wa, False)
    assert w.tolist() == [1.0, -2.0, 0.5] and b == 0.0


@pytest.mark.parametrize("algorithm", ["offset", "voted"])
def test_survival_counts_so_far_count_the_steps_each_vector_was_in_force(algorithm):
    rec = make_algorithm(algorithm, max_epochs=4).fit(noisy())
    for steps in [0, 1, 2, rec.n, rec.n + 3, rec.num_steps // 2, rec.num_steps]:
        c = rec.survival_counts(steps)
        in_force = [rec.k_after_step(s) for s in range(steps)]  # k after each of those steps
        brute = np.bincount(in_force, minlength=rec.k_after_step(steps - 1) + 1) if steps else [0]
        assert c.tolist() == list(map(float, brute))
    assert np.array_equal(rec.survival_counts(), rec.survival_counts(rec.num_steps))
    assert rec.survival_counts(-5).tolist() == [0.0]


def test_pocket_count_of_the_start_is_the_count_training_made():
    # The example: y·(w₀·x₂) = 0.3·0.1 + (−0.1)·0.3, exactly 0 summed left to right as
    # the kernels sum it (X @ w₀ gave 1.67e-18 and the frame counted point 2 as gained).
    data = Dataset.from_arrays([[0.1, 0.3], [0.3, -0.1]], [1, 1])
    algo = PocketPerceptron(init="first", offset=False, max_epochs=3)
    rec = algo.fit(data)
    start = algo._count(augment(data.X, False), data.y, rec.weights[0])
    assert start == 1
    assert PocketPerceptron.pocket_count_at(rec, 0) == start
    out = PocketPerceptron.output_at(rec, -1)
    assert out.pocket_k == 0 and out.pocket_count == start


@pytest.mark.parametrize("gamma", [0.0, 0.3])
def test_pocket_output_at_t_is_the_pocket_training_kept(gamma):
    data = noisy()
    algo = PocketPerceptron(max_epochs=5, gamma=gamma)
    rec = algo.fit(data)
    Xa = augment(data.X, True)
    for t in every_t(rec):
        out = PocketPerceptron.output_at(rec, t)
        k = rec.k_after_step(t)
        assert out.pocket_k == algo.pocket_k_at(rec, k)
        assert out.pocket_count == algo._count(Xa, data.y, rec.weights[out.pocket_k])
        assert np.array_equal(out.weights, rec.weights[out.pocket_k])
    assert PocketPerceptron.output_at(rec, rec.num_steps - 1).pocket_count == rec.extras["pocket_count"]


def test_averaged_output_at_each_epoch_end_is_what_the_epoch_table_and_final_weights_use():
    rec = make_algorithm("averaged", max_epochs=7).fit(noisy())
    ends = epoch_averaged_weights(rec)
    for e in range(rec.epochs_run):
        out = REGISTRY["averaged"].output_at(rec, (e + 1) * rec.n - 1)
        assert np.array_equal(out.weights, ends[e])  # bit for bit: one arithmetic
    assert np.array_equal(out.weights, rec.final_augmented())
    assert np.array_equal(REGISTRY["averaged"].output_at(rec, -1).weights, rec.weights[0])


def test_voted_output_at_t_votes_with_the_survival_counts_so_far():
    data = noisy()
    rec = make_algorithm("voted", max_epochs=3).fit(data)
    Xa = augment(data.X, rec.offset)
    for t in [-1, 0, rec.n - 1, rec.num_steps // 2, rec.num_steps - 1]:
        out = REGISTRY["voted"].output_at(rec, t)
        assert np.array_equal(out.survival_counts, rec.survival_counts(t + 1))
        brute = sum(ck * np.where(row_dots(Xa, rec.weights[k]) >= 0.0, 1.0, -1.0)
                    for k, ck in enumerate(out.survival_counts))
        assert np.array_equal(out.vote(data.X), brute + np.zeros(rec.n))


@pytest.mark.parametrize("init", ["zero", "first"])
def test_lifted_slack_so_far_is_the_points_updated_so_far(init):
    rec = make_algorithm("lifted", init=init).fit(PRESETS["xor"].data())
    for t in every_t(rec):
        k = rec.k_after_step(t)
        used = set(rec.update_index[:k].tolist()) | ({0} if init == "first" else set())
        assert REGISTRY["lifted"].output_at(rec, t).slack_index.tolist() == sorted(used)
        assert slack_points_at(rec, k).tolist() == sorted(used)
    final = slack_points_at(rec, rec.num_updates)
    assert final.tolist() == rec.extras["slack_points"].tolist()


@pytest.mark.parametrize("algorithm", ["standard", "offset"])
def test_plain_variants_output_their_current_weights(algorithm):
    rec = make_algorithm(algorithm, max_epochs=2).fit(noisy())
    assert REGISTRY[algorithm].output_at(rec, 0) is None
    w, b = rec.weights_at(rec.num_steps - 1)
    assert np.array_equal(w, rec.final_w) and b == rec.final_b


def test_the_vote_moved_between_steps_equals_the_whole_vote_in_any_order():
    """The vote of a point set starts from the sum it had at the last k it was asked for and
    adds or removes the vectors between: forward, backward, far jumps and two point sets taking
    turns all give the vote over every vector (integers: the same bits)."""
    from perceptron_gui.core.algorithms import _kernels

    rng = np.random.default_rng(4)
    X = rng.normal(size=(400, 2))
    y = np.where(X[:, 0] + 0.3 * X[:, 1] > 0, 1.0, -1.0)
    y[::5] *= -1
    rec = make_algorithm("voted", max_epochs=4).fit(Dataset.from_arrays(X, y))
    assert rec.num_updates > 300
    grid = rng.uniform(-2, 2, size=(50, 2))
    ts = [-1, 10, 11, 12, 900, 899, 400, 1599, 0, 1599, 1598, 5, 1200]
    for i, t in enumerate(ts):
        c = rec.survival_counts(t + 1)
        W = np.ascontiguousarray(np.asarray(rec.weights)[: c.shape[0]])
        vote = REGISTRY["voted"].output_at(rec, t).vote
        for P in ((X, grid) if i % 2 else (grid, X)):
            assert np.array_equal(vote(P), _kernels.vote_scores(augment(P, rec.offset), W, c)), t
    starts = rec.start_steps()
    for steps in (0, 1, 7, rec.n, rec.num_steps):
        k = rec.k_after_step(steps - 1)
        want = np.diff(np.concatenate((starts[: k + 1], [steps]))).astype(np.float64)
        assert np.array_equal(rec.survival_counts(steps), want)
        assert all(rec.start_step(j) == starts[j] for j in (0, 1, k))
    assert np.array_equal(rec.complete_counts(3, 9), np.diff(starts[3:10]).astype(np.float64))
    assert rec.complete_counts(5, 5).shape == (0,)
