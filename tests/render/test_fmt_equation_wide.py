"""The hyperplane's equation names only the terms it writes: a wide w (784 features) costs as
little as a short one, and the text is the one written from every term."""
from __future__ import annotations

import numpy as np

import perceptron_gui.render.formatting as formatting
from perceptron_gui.render.formatting import fmt_equation


def _written_from_every_term(w: np.ndarray, b: float, offset: bool, max_terms: int = 4) -> str:
    """The equation as it was written before: every nonzero term named, then the middle cut."""
    terms = [(float(c), f"x{formatting.subscript(i + 1)}") for i, c in enumerate(w) if c != 0.0]
    cut = len(terms) > max_terms
    if cut:
        terms = terms[: max_terms - 1] + [terms[-1]]
    if offset and b != 0.0:
        terms.append((float(b), ""))
    parts: list[str] = []
    for j, (c, name) in enumerate(terms):
        mag = formatting.fmt(abs(c))
        body = f"{mag}·{name}" if name else mag
        if j == 0:
            parts.append((formatting.MINUS if c < 0 else "") + body)
        else:
            if cut and j == max_terms - 1:
                parts.append("+ …")
            parts.append(f"{formatting.MINUS if c < 0 else '+'} {body}")
    return " ".join(parts) + " = 0"


def test_the_same_text_as_from_every_term():
    rng = np.random.default_rng(3)
    for d in (1, 2, 3, 4, 5, 9, 784):
        w = rng.normal(size=d)
        w[rng.random(d) < 0.3] = 0.0
        for b, offset in ((0.0, True), (-1.25, True), (2.0, False)):
            if np.any(w != 0.0):
                assert fmt_equation(w, b, offset) == _written_from_every_term(w, b, offset)


def test_a_wide_w_names_only_the_terms_written(monkeypatch):
    named = []
    real = formatting.subscript
    monkeypatch.setattr(formatting, "subscript", lambda i: (named.append(i), real(i))[1])
    w = np.linspace(-1.0, 1.0, 785)[1:]
    text = fmt_equation(w, 0.5)
    assert len(named) == 4 and "+ …" in text and f"x{real(784)}" in text
