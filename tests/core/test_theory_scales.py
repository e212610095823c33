"""Separability verdicts, θ* and γ at extreme scales.

The margin is scale-covariant: the same data scaled by c have the same θ* and γ·c. Powers of
two scale floats exactly, so at 2^k the answers must be bit-identical to scale 1; decimal
scales round the data, so they are compared with a tolerance. No case may warn.
"""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core import floatscale, novikoff
from perceptron_gui.core import theory as th
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.separability import max_margin_any_scale, run_separator
from perceptron_gui.session.frame import frame_at
from perceptron_gui.session.points import PointSet
from perceptron_gui.session.runner import RunRequest, compute

pytestmark = pytest.mark.filterwarnings("error")  # a RuntimeWarning fails the test

# Separable through the origin (and so with an offset); small integers, exact at 2^k scales.
X1 = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 1.0], [-1.0, -1.0], [-2.0, 0.5], [0.0, -2.0]])
Y1 = np.array([1.0, 1.0, 1.0, -1.0, -1.0, -1.0])
XOR = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
Y_XOR = np.array([-1.0, -1.0, 1.0, 1.0])

POW2 = {"2^-997 (1e-300)": -997, "2^-498 (1e-150)": -498, "1": 0, "2^498 (1e150)": 498,
        "2^997 (1e300)": 997, "2^-1060 (subnormal)": -1060}
DECIMAL = [1e-300, 1e-150, 1.0, 1e150, 1e300, 1e-320]
MIXED = np.array([1e150, 1e-150])


@pytest.fixture(scope="module")
def base():
    return th.dataset_theory(X1, Y1, offset=False)


@pytest.mark.parametrize("e", list(POW2.values()), ids=list(POW2))
def test_power_of_two_scales_give_the_same_theta_and_scaled_gamma_exactly(base, e):
    t = th.dataset_theory(np.ldexp(X1, e), Y1, offset=False)
    assert t.separable is True and t.mm.exact
    assert np.array_equal(t.theta_star, base.theta_star)
    assert t.gamma == math.ldexp(base.gamma, e)
    assert t.R == math.ldexp(base.R, e)
    assert t.bound == base.bound
    assert t.verdict.startswith("linearly separable through the origin, margin γ =")


@pytest.mark.parametrize("scale", DECIMAL)
def test_decimal_scales_same_verdict_theta_and_gamma(base, scale):
    t = th.dataset_theory(X1 * scale, Y1, offset=False)
    assert t.separable is True
    # 1e-320 is subnormal: the data themselves are rounded to a few bits there.
    tol = 1e-3 if scale < 1e-307 else 1e-9
    np.testing.assert_allclose(t.theta_star, base.theta_star, rtol=0, atol=tol)
    assert t.gamma / scale == pytest.approx(base.gamma, rel=tol, abs=1e-12)
    assert t.bound == pytest.approx(base.bound, rel=10 * tol, abs=1e-12)


@pytest.mark.parametrize("scale", DECIMAL + [MIXED])
def test_with_an_offset_every_scale_is_separable_and_theta_separates(scale):
    X = X1 * scale
    t = th.dataset_theory(X, Y1, offset=True)
    assert t.separable is True and t.separable_through_origin is True
    assert t.verdict.startswith("linearly separable with an offset (also through the origin)")
    margins = floatscale.signed_margins(np.hstack([X, np.ones((6, 1))]), Y1, t.theta_star)
    assert np.all(margins > 0) and margins.min() == pytest.approx(t.gamma, rel=1e-9, abs=1e-12)
    assert 0.0 < t.gamma <= t.gamma + t.mm.gap
    if not t.mm.exact:
        assert "θ* approximate" in t.verdict


def test_mixed_feature_scales_are_separable_with_an_approximate_theta():
    X = X1 / 4 * MIXED                      # x1 near 1e150, x2 near 1e-150
    t = th.dataset_theory(X, Y1, offset=False)
    assert t.separable is True and not t.mm.exact
    assert "θ* approximate" in t.verdict and "1e300" in t.verdict
    m = th.signed_margins(X, Y1, t.theta_star)
    assert np.all(m > 0) and m.min() == pytest.approx(t.gamma, rel=1e-9, abs=1e-12)
    # R/γ is about 1e300: (R/γ)² exceeds the float range, reported as inf, not raised.
    assert t.bound == math.inf


@pytest.mark.parametrize("scale", DECIMAL + [MIXED])
@pytest.mark.parametrize("offset", [False, True])
def test_not_separable_stays_not_separable_at_every_scale(scale, offset):
    t = th.dataset_theory(XOR * scale, Y_XOR, offset=offset)
    assert t.separable is False and t.theta_star is None


def test_a_converged_separator_decides_when_the_solver_cannot():
    """With no time left the solver is undecided; the run's weights settle it."""
    X, y = np.array([[1.0, 0.0], [-1.0, 5.0]]), np.array([1.0, 1.0])  # the closest point
    w = np.array([1.0, 0.5])                  # alone is no separator, so one check is not enough
    t = th.dataset_theory(X, y, offset=False, time_budget_s=0.0)
    assert t.separable is None
    t = th.dataset_theory(X, y, offset=False, time_budget_s=0.0, separator=w)
    assert t.separable is True and not t.mm.exact and "run's final weights" in t.verdict
    assert t.gamma == pytest.approx(th.dataset_margin(X, y, w), rel=1e-12, abs=1e-12)


def test_a_separator_that_does_not_separate_is_ignored():
    mm = max_margin_any_scale(XOR, Y_XOR, separator=np.array([1.0, -1.0]))
    assert mm.separable is False


def test_run_separator_only_for_converged_non_lifted_runs():
    data = Dataset.from_arrays(X1, Y1)
    for name in ("standard", "offset", "pocket", "voted", "averaged"):
        rec = make_algorithm(name, max_epochs=20).fit(data)
        assert rec.converged
        np.testing.assert_array_equal(run_separator(rec), rec.weights[-1])
    assert run_separator(make_algorithm("lifted").fit(data)) is None
    xor = make_algorithm("offset", max_epochs=5).fit(Dataset.from_arrays(XOR, Y_XOR))
    assert run_separator(xor) is None


APP_SCALES = {"1e-300": 1e-300, "1e-150": 1e-150, "1": 1.0, "1e150": 1e150,
              "mixed": MIXED, "subnormal": 1e-320}


@pytest.mark.parametrize("scale", list(APP_SCALES.values()), ids=list(APP_SCALES))
@pytest.mark.parametrize("algorithm", ["standard", "offset", "pocket", "voted", "averaged", "lifted"])
def test_the_window_never_contradicts_a_converged_run_and_never_warns(scale, algorithm):
    """What the window computes (run, theory, every frame, the proof) at any scale the data
    set accepts (|x| <= 1e150): separable throughout, and a converged run is never
    contradicted."""
    pts = PointSet.from_dataset(Dataset.from_arrays(X1 / 4 * scale, Y1, ("x1", "x2")))
    res = compute(RunRequest(1, algorithm, {}, pts))
    assert res.theory.separable is True
    rec = res.record
    for t in range(-1, rec.num_steps):
        fr = frame_at(res, t)
        if fr.dataset_margin is not None and not math.isnan(fr.dataset_margin):
            # A converged run's last frame misclassifies nothing (a margin of 2e-450 at
            # mixed scales rounds to 0.0, the nearest float).
            if rec.converged and t == rec.num_steps - 1 and algorithm != "lifted":
                assert fr.dataset_margin >= 0 and fr.train_error == 0
    if res.proof is not None:
        assert np.all(np.isfinite(res.proof.angle_deg[1:]))


def test_proof_angles_do_not_depend_on_the_scale():
    W = np.array([[0.0, 0.0], [1.0, 2.0], [3.0, 1.0]])
    theta = np.array([0.6, 0.8])
    ref = th.proof_quantities(W, theta, 0.5, 4.0)
    for e in (-1060, -997, 498, 997):
        pq = th.proof_quantities(np.ldexp(W, e), theta, math.ldexp(0.5, e), math.ldexp(4.0, e))
        np.testing.assert_allclose(pq.angle_deg, ref.angle_deg, rtol=0, atol=1e-12)
        np.testing.assert_allclose(pq.angle_bound_deg, ref.angle_bound_deg, rtol=0, atol=1e-9)


def test_updates_bound_beyond_the_float_range_is_inf_not_an_error():
    assert novikoff.updates_bound(1e-150, 1e160) == math.inf
    assert novikoff.updates_bound(1e-200, 1.0, dot0=0.5, norm_sq0=1.0) == math.inf
    assert novikoff.updates_bound(0.5, 1.0) == 4.0


def test_signed_margins_at_any_scale():
    w = np.array([1.0, 2.0])
    ref = th.signed_margins(X1, Y1, w, 0.5)
    for e in (-997, 997):
        got = th.signed_margins(np.ldexp(X1, e), Y1, np.ldexp(w, -e), 0.5)
        np.testing.assert_allclose(np.ldexp(got, -e), ref, rtol=1e-12, atol=0)
    # Products that vanish below 2^-1022 on the common scale keep their sign.
    X = np.array([[1e150, 0.0], [0.0, -1e-150]])
    m = th.signed_margins(X, np.array([1.0, -1.0]), np.array([1e-300, 1.0]))
    assert np.all(m > 0)


def test_a_margin_below_the_solvers_tolerance_follows_the_converged_run():
    """Two points 1e-14 apart on a diagonal: the solver's relative tolerance (1e-12) calls the
    origin in their hull, but the perceptron converges after 2 updates, which proves them
    separable: the verdict says so instead of contradicting the run."""
    c = math.sqrt(0.5)
    X = np.array([[1.0, 1e-14], [1.0, -1e-14]]) @ np.array([[c, -c], [c, c]]).T
    y = np.array([1.0, -1.0])
    assert th.dataset_theory(X, y, offset=False).separable is False
    res = compute(RunRequest(1, "standard", {}, PointSet.from_dataset(Dataset.from_arrays(X, y))))
    assert res.record.converged and res.record.num_updates == 2
    assert res.theory.separable is True and "run's final weights" in res.theory.verdict
    assert res.theory.gamma == pytest.approx(1e-14, rel=0.01, abs=1e-18)
