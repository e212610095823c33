"""A hand-set start in the session (Session.set_params) and in session files."""
from __future__ import annotations

import json

import numpy as np
import pytest

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.session.session import Session
from perceptron_gui.session.session_file import apply_session, load_session, save_session

NOTES_003 = Dataset.from_arrays([[1.0, 3.0], [2.5, 1.5], [-1.5, 1.5]], [1, 1, -1])


def session_with(algorithm: str = "offset") -> tuple[Session, list[tuple[str, str]]]:
    s = Session()
    said: list[tuple[str, str]] = []
    s.message.connect(lambda level, text: said.append((level, text)))
    s.load_dataset(NOTES_003, "notes 003")
    s.set_algorithm(algorithm)
    s.wait()
    return s, said


def test_set_params_starts_the_run_at_the_hand_set_hyperplane():
    s, said = session_with()
    assert s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1})
    s.wait()
    assert s.current_params()["start_w"] == [1.0, -1.0]
    w0, b0 = s.run.w_b(0)
    assert w0.tolist() == [1.0, -1.0] and b0 == 1.0
    w1, b1 = s.run.w_b(1)
    assert w1.tolist() == [2.0, 2.0] and b1 == 2.0  # notes 003's θ⁽¹⁾, θ₀⁽¹⁾
    assert not [m for m in said if m[0] == "error"]


def test_a_start_of_the_wrong_length_is_one_message_and_changes_nothing():
    s, said = session_with()
    before = s.current_params()
    assert not s.set_params({"init": "custom", "start_w": (1.0, 2.0, 3.0)})
    assert s.current_params() == before
    errors = [text for level, text in said if level == "error"]
    assert len(errors) == 1 and "3 numbers, but the data have 2 features" in errors[0]


def test_a_start_b_on_standard_is_refused():
    s, said = session_with("standard")
    assert not s.set_params({"init": "custom", "start_b": 1.0})
    assert s.set_params({"init": "custom", "start_w": (1.0, -1.0)})


def test_session_file_keeps_the_start(tmp_path):
    s, _ = session_with("pocket")
    assert s.set_params({"init": "custom", "start_w": (1.0, -1.0), "start_b": 1.0})
    s.wait()
    path = tmp_path / "start.perceptron.json"
    save_session(s, path)
    saved = json.loads(path.read_text(encoding="utf-8"))["params"]["pocket"]
    assert saved["init"] == "custom" and saved["start_w"] == [1.0, -1.0] and saved["start_b"] == 1.0
    loaded = load_session(path)
    assert loaded["params"]["pocket"]["start_w"] == [1.0, -1.0]
    t = Session()
    apply_session(t, loaded)
    t.wait()
    assert t.current_params() == s.current_params()
    assert np.array_equal(np.asarray(t.run.weights), np.asarray(s.run.weights))


def test_an_old_session_file_without_a_start_still_loads(tmp_path):
    s, _ = session_with()
    path = tmp_path / "old.perceptron.json"
    save_session(s, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    for params in doc["params"].values():  # as written before the start existed
        params.pop("start_w", None)
        params.pop("start_b", None)
    path.write_text(json.dumps(doc), encoding="utf-8")
    loaded = load_session(path)
    assert loaded["params"]["offset"]["start_w"] == [] and loaded["params"]["offset"]["start_b"] == 0.0


def test_a_damaged_start_in_a_session_file_is_one_sentence(tmp_path):
    s, _ = session_with()
    path = tmp_path / "bad.perceptron.json"
    save_session(s, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["params"]["offset"]["start_w"] = [1.0, "x"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    try:
        load_session(path)
    except Exception as exc:  # noqa: BLE001 - the sentence is what is checked
        msg = str(exc)
        assert "start_w" in msg and msg.endswith(".") and "\n" not in msg
    else:
        raise AssertionError("a damaged start loaded")


def test_the_proof_curves_start_at_the_hand_set_start():
    s, _ = session_with()
    assert s.set_params({"init": "custom", "start_w": [1.0, -1.0], "start_b": 1.0})
    s.wait()
    proof, theta = s.result.proof, s.result.theory.theta_star
    w0 = np.array([1.0, -1.0, 1.0])
    assert proof.norm_sq[0] == 3.0
    assert proof.dot[0] == pytest.approx(float(w0 @ theta), rel=1e-12, abs=1e-12)
    # w_k·θ* ≥ w₀·θ* + kγ and ‖w_k‖² ≤ ‖w₀‖² + kR², from the start, at every k
    assert np.all(proof.dot >= proof.dot_lower - 1e-12)
    assert np.all(proof.norm_sq <= proof.norm_sq_upper + 1e-12)
    assert proof.dot_lower[0] == proof.dot[0] and proof.norm_sq_upper[0] == 3.0
