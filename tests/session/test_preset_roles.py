"""A preset with a fixed train/test split (the digits) loads its test points as test points."""
from __future__ import annotations

import numpy as np

from perceptron_gui.core.presets import get_preset
from perceptron_gui.session.session import Session


def test_the_digits_preset_loads_its_split_and_opens_the_notes_run():
    s = Session()
    s.set_algorithm("offset")
    s.load_preset("digits_0_vs_1")
    s.wait()
    _, roles = get_preset("digits_0_vs_1").data_and_roles()
    assert roles is not None
    np.testing.assert_array_equal(s.points.test, roles)
    assert s.algorithm == "standard"  # notes 002's table is the perceptron through the origin
    res = s.result
    assert res is not None and res.train.n == 270 and res.test is not None and res.test.n == 90
    rows = res.record.epochs
    assert rows[-1].updates == 0 and rows[-1].test_error is not None
    s.undo()  # one undoable step
    assert s.points.n == 0


def test_a_preset_without_a_split_has_no_test_points():
    s = Session()
    s.load_preset("and")
    assert s.points.n == 4 and not s.points.test.any()
