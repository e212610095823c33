"""The margin perceptron's and passive-aggressive's runs as the window sees them:
the proof with R² + 2β, τ of the step shown, and the words the live panel and status bar use."""
from __future__ import annotations

import math

import numpy as np

from perceptron_gui.core import novikoff
from perceptron_gui.core.algorithms import augment
from perceptron_gui.render import learner_rows
from perceptron_gui.render.update_picture import update_vectors
from perceptron_gui.session.lessons import apply_lesson
from perceptron_gui.session.run_result import no_proof_reason
from perceptron_gui.session.session import Session


def lesson(name: str) -> Session:
    s = Session()
    apply_lesson(s, name)
    s.wait()
    return s


def test_margin_run_obeys_novikoff_with_r_squared_plus_two_beta():
    s = lesson("margin_perceptron")
    res = s.result
    beta, tho = 5.0, res.theory
    assert res.record.params["margin"] == beta and res.record.converged
    assert math.isclose(res.proof_R, math.sqrt(tho.R ** 2 + 2 * beta), rel_tol=1e-15)
    p = res.proof
    # ‖w_k‖² ≤ k(R² + 2β) holds at every k (it would fail with the perceptron's R²: checked below).
    assert np.all(p.norm_sq <= p.norm_sq_upper * (1 + 1e-12))
    assert np.all(p.dot >= p.dot_lower - 1e-12)
    assert np.any(p.norm_sq > np.arange(len(p.k)) * tho.R ** 2)
    bound, formula = learner_rows.run_bound(res)
    assert formula == "(R²+2β)/γ²" and res.record.num_updates <= bound
    assert math.isclose(bound, (tho.R ** 2 + 2 * beta) / tho.gamma ** 2, rel_tol=1e-12)


def test_a_converged_margin_run_keeps_its_guaranteed_margin():
    s = lesson("margin_perceptron")
    res = s.result
    rec, tho = res.record, res.theory
    wa = rec.final_augmented()
    Xa = augment(res.train.X, True)
    reached = float(np.min(res.train.y * (Xa @ wa)) / np.linalg.norm(wa))  # in the space of (x, 1)
    promise = novikoff.margin_guarantee(tho.gamma, tho.R, 5.0)
    assert promise is not None and reached >= promise
    text = learner_rows.margin_promise_text(res, s.frame())
    assert "once converged" in text and "now" in text


def test_pa_frame_shows_the_step_size_training_stored():
    s = lesson("passive_aggressive")
    res, fr = s.result, s.frame()
    tau = res.record.extras["tau"]
    assert fr.k == 3 and fr.update_tau == tau[2] == fr.update_factor == 0.3  # capped at C = 0.3
    assert 0.0 < tau[1] < 0.3  # update 2's was not (the lesson says so)
    move = np.append(fr.w - fr.prev_w, fr.b - fr.prev_b)
    x = np.append(res.train.X[fr.update_index], 1.0)
    np.testing.assert_allclose(np.linalg.norm(move), tau[2] * np.linalg.norm(x), rtol=1e-12, atol=1e-300)
    assert learner_rows.tau_text(fr).startswith("0.3 (the move τ‖x̃‖ = ")
    vectors, _ = update_vectors(fr, "plane", (-50.0, -50.0, 50.0, 50.0))
    step = [v for v in vectors if v.role == "update_step"][0]
    assert step.label.startswith("τ·y·x") and step.label.endswith("τ = 0.3") and "\\tau" in step.label_tex


def test_pa_has_no_novikoff_proof_and_says_why():
    s = lesson("passive_aggressive")
    assert s.result.proof is None
    assert "τ" in no_proof_reason(s.result) and no_proof_reason(s.result).endswith(".")
    assert learner_rows.run_bound(s.result) == (None, "")


def test_session_file_keeps_their_parameters_and_run(tmp_path):
    from perceptron_gui.session.session_file import apply_session, load_session, save_session

    for algorithm, params in (("pa", {"pa_variant": "PA-II", "C": 0.25}), ("margin", {"margin": 2.5, "offset": False})):
        s = Session()
        s.load_preset("random_noisy")
        s.set_algorithm(algorithm)
        s.set_params(params)
        s.wait()
        save_session(s, tmp_path / f"{algorithm}.perceptron.json")
        s2 = Session()
        apply_session(s2, load_session(tmp_path / f"{algorithm}.perceptron.json"))
        s2.wait()
        assert s2.algorithm == algorithm and s2.current_params() == s.current_params()
        assert np.asarray(s2.run.weights).tobytes() == np.asarray(s.run.weights).tobytes()
        assert s2.run.extras.get("tau") is None or s2.run.extras["tau"].tobytes() == s.run.extras["tau"].tobytes()
