"""Parameter edits are undoable like point edits (session/param_commands.py)."""
from __future__ import annotations

import numpy as np

from perceptron_gui.core.presets import get_preset
from perceptron_gui.session.commands import AddPoints
from perceptron_gui.session.session import Session


def _session() -> Session:
    s = Session()
    s.load_preset("notes003_margin")
    s.forget_history()
    return s


def test_a_hand_set_start_undoes_and_redoes_with_its_run() -> None:
    s = _session()
    before = s.run.weights[0].copy()
    assert s.set_params({"init": "custom", "start_w": [1, -1], "start_b": 1}, label="Set the start")
    np.testing.assert_array_equal(s.run.weights[0], [1.0, -1.0, 1.0])
    assert s.history.undo_text() == "Set the start"
    assert s.undo()
    assert s.params["offset"]["init"] == "zero"
    np.testing.assert_array_equal(s.run.weights[0], before)
    assert s.redo()
    assert s.params["offset"]["start_w"] == [1.0, -1.0] and s.run.weights[0][2] == 1.0


def test_edits_undo_in_the_order_made_across_points_and_parameters() -> None:
    s = _session()
    s.set_param("max_epochs", 7)
    s.execute(AddPoints([[0.5, 0.5]], [1.0]))
    s.set_algorithm("pocket")
    s.set_param("gamma", 0.25)
    assert s.undo() and s.params["pocket"]["gamma"] == 0.0 and s.algorithm == "pocket"
    assert s.undo() and s.points.n == get_preset("notes003_margin").data().n
    assert s.undo() and s.params["offset"]["max_epochs"] == 100 and s.algorithm == "offset"
    assert not s.history.can_undo()


def test_one_drag_of_a_handle_is_one_undo_step_and_a_no_op_is_none() -> None:
    s = _session()
    drag = s.new_drag_id()
    for x in (0.5, 0.7, 0.9):
        s.set_params({"init": "custom", "start_w": [x, -1.0], "start_b": 0.0}, label="Move the start", drag_id=drag)
    s.end_drag()
    assert s.params["offset"]["start_w"] == [0.9, -1.0]
    assert s.set_params({"init": "custom", "start_w": [0.9, -1.0], "start_b": 0.0})  # the same values
    assert s.undo() and s.params["offset"]["init"] == "zero"
    assert not s.history.can_undo()


def test_a_bad_value_changes_nothing_and_adds_no_step() -> None:
    s = _session()
    said: list[str] = []
    s.message.connect(lambda level, text: said.append(text))
    assert not s.set_params({"init": "custom", "start_w": [1, 2, 3]})
    assert said and not s.history.can_undo() and s.params["offset"]["init"] == "zero"
