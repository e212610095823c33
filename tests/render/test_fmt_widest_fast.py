"""fmt_widest reads a few representatives of a big array, not a log10 of every value (at 10⁶ points
the table's column width held the window's thread ~100 ms at each open or delete),
and gives the texts the value-by-value computation gives."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.render.formatting import MINUS, _widest_representatives, fmt_widest


def _widest_one_by_one(values: np.ndarray, digits: int = 4) -> list[str]:
    """The former fmt_widest: the exponent of every value (the reference)."""
    v = np.asarray(values, dtype=np.float64).ravel()
    v = v[np.isfinite(v) & (v != 0.0)]
    if v.size == 0:
        return ["0"]
    sign = MINUS if np.any(v < 0.0) else ""
    exp = np.floor(np.log10(np.abs(v))).astype(np.int64)
    exp = np.concatenate([exp, exp + 1])
    sci = (exp < -4) | (exp >= digits)
    texts = []
    if np.any(sci):
        texts.append(f"{sign}8.{'8' * (digits - 1)}e+{'8' * max(2, len(str(int(np.max(np.abs(exp[sci]))))))}")
    whole = ~sci & (exp >= 0)
    if np.any(whole):
        texts.append(sign + ("8" * (digits - 1) + ".8" if int(np.min(exp[whole])) < digits - 1 else "8" * digits))
    if np.any(~sci & (exp < 0)):
        texts.append(f"{sign}0.{'0' * (-int(np.min(exp[~sci & (exp < 0)])) - 1)}{'8' * digits}")
    return texts


EDGES = [0.1, 1e-5, 0.09999999999, 0.1000000001, 1e-5 * (1 - 1e-12), 9.9995, 0.00099995, 99995.0, 1.0,
         0.0, np.inf, np.nan, 5e-324, 1e150, 0.5, 123.45]


@pytest.mark.parametrize("seed", range(6))
def test_the_texts_are_those_of_every_value(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for trial in range(300):
        n = int(rng.integers(1, 400))
        kind = trial % 5
        if kind == 0:
            v = 10.0 ** rng.uniform(-12, 12, n)
        elif kind == 1:
            v = rng.choice(EDGES, n)
        elif kind == 2:
            v = np.round(rng.uniform(0, 1e4, n), int(rng.integers(0, 5)))
        elif kind == 3:
            v = 10.0 ** rng.uniform(-6, 1, n)
        else:  # powers of ten and their neighbours, where log10 may round either way
            v = 10.0 ** rng.integers(-7, 6, n).astype(float) * rng.choice([1.0, 1 - 1e-16, 1 + 2e-16], n)
        if rng.random() < 0.5:
            v = v * rng.choice([-1.0, 1.0], n)
        assert fmt_widest(v) == _widest_one_by_one(v), v


def test_a_million_values_are_read_through_a_few_representatives() -> None:
    X = np.random.default_rng(2).normal(size=(1_000_000, 2))
    reps = _widest_representatives(X.ravel())
    assert reps.size <= 16
    assert fmt_widest(X) == _widest_one_by_one(X)
