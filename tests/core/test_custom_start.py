"""init="custom": every variant starts from a hand-set w₀, b₀.

Checked against a plain-Python textbook perceptron written here, started at (w₀, b₀), and
against notes 003's worked example (θ⁽⁰⁾ = [1, −1], θ₀⁽⁰⁾ = 1 on its three points).
"""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from perceptron_gui.core.algorithms import REGISTRY, make_algorithm, voted_scores
from perceptron_gui.core.algorithms.lifted import lifted_weights
from perceptron_gui.core.dataset import Dataset, DatasetError
from perceptron_gui.core.theory import signed_margins

# notes 003's example: (1, 3)+, (2.5, 1.5)+, (−1.5, 1.5)−
NOTES_003 = Dataset.from_arrays([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]], [1, 1, -1])


def textbook(X, y, *, offset, epochs, w0, b0, stop_when_clean=True):
    """The perceptron of notes 003's codebox from (w0, b0): the weights after each update
    (b last with the offset) and the global step of each update. File order."""
    X, y = np.asarray(X, dtype=float).tolist(), np.asarray(y, dtype=float).tolist()
    w, b = [float(v) for v in w0], float(b0)
    hist, steps = [w + [b] * offset], []
    for epoch in range(epochs if X else 0):
        changed = False
        for i, (x, yi) in enumerate(zip(X, y)):
            s = 0.0
            for wj, xj in zip(w, x):
                s += wj * xj
            if offset:
                s += b
            if yi * s <= 0:
                w = [wj + yi * xj for wj, xj in zip(w, x)]
                b = b + yi if offset else b
                hist.append(w + [b] * offset)
                steps.append(epoch * len(X) + i)
                changed = True
        if not changed and stop_when_clean:
            break
    return np.array(hist).reshape(len(hist), len(w) + offset), steps


def in_force(hist, steps, total):
    """The weights in force after each of the ``total`` example steps (w_0 before any update)."""
    out, k = [], 0
    for t in range(total):
        if k < len(steps) and steps[k] == t:
            k += 1
        out.append(hist[k])
    return np.array(out)


def fit(name, data, **params):
    return make_algorithm(name, **params).fit(data)


small = st.integers(-4, 4).map(float)
datasets = st.integers(1, 3).flatmap(lambda d: st.tuples(
    st.just(d),
    st.lists(st.tuples(st.lists(small, min_size=d, max_size=d), st.sampled_from([-1, 1])), min_size=1, max_size=8),
    st.lists(small, min_size=d, max_size=d), small))


def unpack(case):
    d, rows, w0, b0 = case
    return Dataset.from_arrays([r[0] for r in rows], [r[1] for r in rows]), tuple(w0), b0


# ---- every variant against the textbook from the same start ------------------------------------
@pytest.mark.parametrize("name", ["standard", "offset", "pocket"])
@settings(max_examples=40, deadline=None)
@given(case=datasets)
def test_trajectory_from_a_custom_start_is_the_textbooks(name, case):
    data, w0, b0 = unpack(case)
    offset = name != "standard"
    params = {"start_b": b0} if offset else {}
    rec = fit(name, data, init="custom", start_w=w0, max_epochs=4, **params)
    hist, steps = textbook(data.X, data.y, offset=offset, epochs=4, w0=w0, b0=b0 if offset else 0.0)
    np.testing.assert_array_equal(np.asarray(rec.weights), hist)
    assert rec.update_step.tolist() == steps
    if name == "pocket":  # the start is the pocket's first candidate
        Xa = np.hstack([data.X, np.ones((data.n, 1))])
        counts = [int(np.sum(data.y * (Xa @ w) > 0)) for w in hist]
        assert rec.extras["pocket_start_count"] == counts[0]
        np.testing.assert_array_equal(rec.final_augmented(), hist[counts.index(max(counts))])
    else:
        np.testing.assert_array_equal(rec.final_augmented(), hist[-1])


@settings(max_examples=40, deadline=None)
@given(case=datasets)
def test_voted_counts_the_start_in_its_vote(case):
    data, w0, b0 = unpack(case)
    rec = fit("voted", data, init="custom", start_w=w0, start_b=b0, max_epochs=3)
    hist, steps = textbook(data.X, data.y, offset=True, epochs=3, w0=w0, b0=b0, stop_when_clean=False)
    np.testing.assert_array_equal(np.asarray(rec.weights), hist)
    per_step = in_force(hist, steps, 3 * data.n)
    # c_0: the steps w_0 stayed in force before the first update
    assert rec.extras["survival_counts"][0] == (steps[0] if steps else 3 * data.n)
    Xa = np.hstack([data.X, np.ones((data.n, 1))])
    brute = [sum(1.0 if w @ x >= 0 else -1.0 for w in per_step) for x in Xa]
    assert voted_scores(rec, data.X).tolist() == brute


@settings(max_examples=40, deadline=None)
@given(case=datasets)
def test_averaged_includes_the_start_in_its_mean(case):
    data, w0, b0 = unpack(case)
    rec = fit("averaged", data, init="custom", start_w=w0, start_b=b0, max_epochs=3)
    hist, steps = textbook(data.X, data.y, offset=True, epochs=3, w0=w0, b0=b0, stop_when_clean=False)
    mean = in_force(hist, steps, 3 * data.n).mean(axis=0)
    np.testing.assert_allclose(rec.final_augmented(), mean, rtol=1e-12, atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(case=datasets)
def test_lifted_starts_its_predictor_at_the_custom_start(case):
    # The lifted perceptron on x̃ = [a·[x, 1] ; √(1−a²)·e_i] from w̃₀ = [(w₀, b₀)/a ; 0]: its
    # predictor on the original features, a times the feature part, starts at (w₀, b₀).
    data, w0, b0 = unpack(case)
    a = 0.5
    rec = fit("lifted", data, init="custom", start_w=w0, start_b=b0, lift_a=a, max_epochs=5)
    Xa = np.hstack([data.X, np.ones((data.n, 1))])
    lifted_X = np.hstack([a * Xa, math.sqrt(1 - a * a) * np.eye(data.n)])
    start = [v / a for v in (*w0, b0)] + [0.0] * data.n
    hist, steps = textbook(lifted_X, data.y, offset=False, epochs=5, w0=start, b0=0.0)
    D = data.d + 1
    np.testing.assert_array_equal(np.asarray(rec.weights), a * hist[:, :D])
    assert rec.update_step.tolist() == steps
    assert rec.weights[0].tolist() == [*w0, b0]
    np.testing.assert_allclose(lifted_weights(rec, rec.num_updates), hist[-1], rtol=1e-12, atol=1e-12)


# ---- an all-zero custom start is the zero start, to the bit -------------------------------------
# The kernel perceptron's dual form has no w₀: it always starts at α = 0 (init "zero" only);
# Winnow has no zero start (a product never leaves 0): it starts at 1.
@pytest.mark.parametrize("name", sorted(n for n, c in REGISTRY.items()
                                        if any("zero" in (p.choices or ()) for p in c.param_specs() if p.name == "init")
                                        and n != "kernel"))
@pytest.mark.parametrize("start_w", [(), (0.0, 0.0), (-0.0, 0.0)])
def test_an_all_zero_custom_start_is_the_zero_start(name, start_w):
    data = Dataset.from_arrays([[1.0, 2.0], [-1.0, 0.5], [0.3, -2.0], [2.0, 2.0]], [1, -1, -1, 1])
    extra = {} if name == "standard" else {"start_b": -0.0}
    zero = fit(name, data, max_epochs=6)
    custom = fit(name, data, init="custom", start_w=start_w, max_epochs=6, **extra)
    for a, b in ((zero.weights, custom.weights), (zero.final_augmented(), custom.final_augmented())):
        a, b = np.asarray(a), np.asarray(b)
        assert np.array_equal(a, b) and np.array_equal(np.signbit(a), np.signbit(b))
    assert [(r.updates, r.train_error) for r in zero.epochs] == [(r.updates, r.train_error) for r in custom.epochs]
    assert zero.update_index.tolist() == custom.update_index.tolist()


# ---- notes 003's worked example ---------------------------------------------------------------
def test_notes_003_example_from_theta_1_minus_1_and_theta0_1():
    rec = fit("offset", NOTES_003, init="custom", start_w=(1, -1), start_b=1, max_epochs=1)
    assert rec.w_b(0)[0].tolist() == [1.0, -1.0] and rec.w_b(0)[1] == 1.0
    # the margins of the three points under θ⁽⁰⁾: −√2/2, √2, √2
    np.testing.assert_allclose(signed_margins(NOTES_003.X, NOTES_003.y, [1.0, -1.0], 1.0),
                               [-math.sqrt(2) / 2, math.sqrt(2), math.sqrt(2)], rtol=1e-15)
    # the first update is on (1, 3)+ and gives θ⁽¹⁾ = [2, 2], θ₀⁽¹⁾ = 2 ...
    assert rec.update_index[0] == 0
    w1, b1 = rec.w_b(1)
    assert w1.tolist() == [2.0, 2.0] and b1 == 2.0
    # ... which now errs on the negative point (−1.5, 1.5): y(θ·x + θ₀) = −2 ≤ 0
    assert -1 * (w1 @ [-1.5, 1.5] + b1) <= 0


# ---- one sentence for every bad start ------------------------------------------------------------
@pytest.mark.parametrize(("name", "params", "words"), [
    ("offset", {"start_w": (1.0, 2.0, 3.0)}, "3 numbers, but the data have 2 features"),
    ("offset", {"start_w": (1.0,)}, "1 number, but the data have 2 features"),
    ("offset", {"start_w": (1.0, float("nan"))}, "finite"),
    ("offset", {"start_w": (float("inf"), 1.0)}, "finite"),
    ("offset", {"start_b": float("nan")}, "finite"),
    ("offset", {"start_w": ("a", 1.0)}, "list of numbers"),
    ("offset", {"start_w": 3.0}, "list of numbers"),
    ("pocket", {"offset": False, "start_b": 1.0}, "without the offset"),
    ("lifted", {"offset": False, "start_b": 1.0}, "without the offset"),
    ("standard", {"start_b": 1.0}, "no parameter start_b"),
])
def test_a_bad_start_is_one_sentence(name, params, words):
    with pytest.raises(DatasetError) as info:
        fit(name, NOTES_003, init="custom", **params)
    msg = str(info.value)
    assert words in msg and msg.endswith(".") and "\n" not in msg


def test_a_start_is_kept_but_unused_unless_init_is_custom():
    rec = fit("offset", NOTES_003, start_w=(5.0, 5.0, 5.0), start_b=3.0)  # init "zero": no count check
    assert np.asarray(rec.weights[0]).tolist() == [0.0, 0.0, 0.0]
    assert rec.params["start_w"] == [5.0, 5.0, 5.0] and rec.params["init"] == "zero"


def test_a_start_is_kept_as_a_list_of_floats():
    algo = make_algorithm("pocket", init="custom", start_w=(1, np.int64(-1)), start_b=1)
    assert algo.get_params()["start_w"] == [1.0, -1.0]
    assert "start_b" not in make_algorithm("standard").get_params()


# ---- the proof from a start w₀ ≠ 0 ---------------------------------------------------------------
def brute_largest_k(gamma: float, R: float, d: float, s: float, k_max: int = 20_000) -> int:
    """The largest k with (d + kγ)² ≤ s + kR² while d + kγ ≥ 0 (no constraint where d + kγ < 0)."""
    k = np.arange(k_max + 1, dtype=np.float64)
    num = d + k * gamma
    return int(k[(num < 0) | (num * num <= s + k * R * R)].max())


@pytest.mark.parametrize("name", ["standard", "offset", "pocket", "voted", "averaged"])
@settings(max_examples=25, deadline=None)
@given(w0=st.lists(st.integers(-6, 6).map(float), min_size=3, max_size=3), seed=st.integers(0, 3))
def test_a_run_from_any_start_keeps_within_the_bound_from_that_start(name, w0, seed):
    from perceptron_gui.core import novikoff
    from perceptron_gui.core.presets import random_separable
    from perceptron_gui.core.theory import dataset_theory

    data = random_separable(30, 0.3, seed=seed)
    offset = name != "standard"
    params = {"start_b": w0[2]} if offset else {}
    rec = fit(name, data, init="custom", start_w=w0[:2], max_epochs=200, **params)
    theory = dataset_theory(data.X, data.y, offset=offset)
    bound, sentence = novikoff.run_start_bound(theory, rec)
    d, s = novikoff.start_terms(rec.weights[0], theory.theta_star)
    assert s == pytest.approx(sum(v * v for v in (w0 if offset else w0[:2])), rel=1e-12, abs=1e-12)
    assert novikoff.max_updates(bound) == brute_largest_k(theory.gamma, theory.R, d, s)
    assert rec.num_updates <= bound  # the theorem, telescoped from w₀
    assert sentence.endswith(".") and f"at most {novikoff.max_updates(bound):,} update" in sentence
    if s == 0.0:
        assert bound == theory.bound  # Novikoff's (R/γ)², to the bit
