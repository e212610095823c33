"""The lifting lemma at a w* and γ the lecturer chooses (the lifted perceptron's lemma_w and
lemma_gamma), checked against the lifted points themselves."""
from __future__ import annotations

import math

import numpy as np
import pytest

from perceptron_gui.core.algorithms import augment
from perceptron_gui.core.dataset import Dataset
from perceptron_gui.core.presets import random_noisy
from perceptron_gui.core.theory import lift, lifted_margin_lower_bound
from perceptron_gui.session.lifting_lemma import lemma_margin
from perceptron_gui.session.session import Session


def lifted_session(data: Dataset, **params) -> Session:
    s = Session()
    s.load_dataset(data, "noisy")
    s.set_algorithm("lifted")
    for k, v in params.items():
        assert s.set_param(k, v), k
    s.wait()
    assert s.result is not None
    return s


def direct_margin(X: np.ndarray, y: np.ndarray, w: np.ndarray, gamma: float, a: float) -> tuple[float, float]:
    """γ′ by the formula written out point by point, and the margin on the lifted points of
    the lemma's direction u = [w* ; a/√(1−a²) · yᵢ lᵢ] (which the lemma says is at least γ′)."""
    w = w / math.sqrt(sum(float(v) ** 2 for v in w))
    slack = [max(0.0, gamma - float(yi) * sum(float(wj) * float(xj) for wj, xj in zip(w, xi))) for xi, yi in zip(X, y)]
    formula = a * gamma / math.sqrt(1.0 + a * a / (1.0 - a * a) * sum(li * li for li in slack))
    u = np.concatenate([w, a / math.sqrt(1.0 - a * a) * y * np.array(slack)])
    margins = y * (lift(X, a) @ u) / np.linalg.norm(u)
    return formula, float(np.min(margins))


@pytest.mark.parametrize("a", [0.3, 0.5, 0.9])
def test_the_formula_against_the_lifted_points(a):
    data = random_noisy(25, 0.15, seed=4)
    rng = np.random.default_rng(2)
    for _ in range(5):
        w, gamma = rng.normal(size=2), float(rng.uniform(0.05, 0.6))
        formula, lifted = direct_margin(data.X, data.y, w, gamma, a)
        got = lifted_margin_lower_bound(data.X, data.y, w, gamma, a)
        assert got == pytest.approx(formula, rel=1e-12, abs=1e-14)
        assert lifted >= got - 1e-12  # the lemma: u separates the lifted points with margin ≥ γ′


def test_the_lecturers_w_and_gamma_are_used():
    X = random_noisy(30, 0.1, seed=5).X
    clean_w, clean_b = np.array([1.0, -0.5]), 0.1  # the labelling before the noise
    y = np.where(X @ clean_w + clean_b >= 0, 1.0, -1.0)
    y[:3] *= -1  # three labels flipped
    chosen = [*clean_w, clean_b]
    s = lifted_session(Dataset.from_arrays(X, y), lemma_w=chosen, lemma_gamma=0.05, lift_a=0.6)
    lem = lemma_margin(s.result)
    assert lem is not None and lem.chosen_w and lem.chosen_gamma and lem.gamma == 0.05
    Xa = augment(X, True)
    formula, lifted = direct_margin(Xa, y, np.array(chosen), 0.05, 0.6)
    assert lem.gamma_prime == pytest.approx(formula, rel=1e-12, abs=1e-14)
    np.testing.assert_allclose(lem.w_star, np.array(chosen) / np.linalg.norm(chosen), rtol=1e-12, atol=1e-15)
    # Without a choice, the best the data allow: a different w* (the lifted θ*'s feature part).
    best = lemma_margin(lifted_session(Dataset.from_arrays(X, y), lift_a=0.6).result)
    assert best is not None and not best.chosen_w and not best.chosen_gamma


def test_a_w_star_of_the_wrong_length_is_one_sentence():
    data = random_noisy(10, 0.1, seed=1)
    s = Session()
    messages = []
    s.message.connect(lambda level, text: messages.append((level, text)))
    s.load_dataset(data, "noisy")
    s.set_algorithm("lifted")
    s.set_param("lemma_w", [1.0, 2.0])
    s.wait()
    errors = [t for level, t in messages if level == "error"]
    assert errors and errors[-1] == ("The lemma's w* has 2 numbers, but these points need 3 (the features, then b); "
                                     "give 3, or none for the best w*.")


def test_the_command_line_takes_the_lemmas_w_and_gamma(tmp_path, capsys):
    from perceptron_gui.cli import main
    from perceptron_gui.core.io import write_csv

    path = tmp_path / "noisy.csv"
    write_csv(random_noisy(20, 0.1, seed=3), path)
    assert main(["run", str(path), "--algorithm", "lifted", "--lemma-w", "-1,0.5,0.1", "--lemma-gamma", "0.05"]) == 0
    capsys.readouterr()
    assert main(["run", str(path), "--algorithm", "offset", "--lemma-w", "1,2,3"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("--lemma-w does not apply to the offset perceptron") and err.endswith(".")
