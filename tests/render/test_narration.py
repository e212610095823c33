"""The narration says each step in the notes' terms with the run record's numbers, for every
learner, every step; edits are said; the transcript has one line per update."""
from __future__ import annotations

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.render.formatting import fmt
from perceptron_gui.render.narration import edit_sentence, narrate, transcript_lines, vector
from perceptron_gui.session.session import Session


def _say(s: Session) -> str:
    return narrate(s.frame(), s.result)


def test_notes_003s_update_in_words(session_on):
    s = session_on("notes003_margin", "offset")
    s.jump_to_update(1)
    assert _say(s) == ("Update 1, epoch 0: x1 = (1, 3) with y = +1 has y·(w·x + b) = 0 ≤ 0, a mistake, so "
                       "w += y·x and b += y: w = (1, 3), b = 1; 1 point is still misclassified.")
    s.to_start()
    # misclassified as the canvas counts them: sign(0) = +1, so at w = 0 only the −1 point is wrong
    assert _say(s).startswith("Start, before any visit: w = (0, 0), b = 0; 1 point is still misclassified.")


def test_the_step_shown_is_said_with_the_runs_own_point_after_rows_are_deleted(session_on):
    # Deleting rows while the run shown is the one before the edit: the frame's visit may be a
    # row that is gone (an IndexError in the narration's refresh) or another point now. The
    # narration reads the visited point from the run's own training points.
    from perceptron_gui.session.commands import DeletePoints

    s = session_on("random_noisy", "offset")
    rec = s.result.record
    k = rec.num_updates
    s.jump_to_update(k)
    i = int(s.result.train_index[rec.update_index[k - 1]])
    before = _say(s)
    x_i = s.points.X[i].copy()
    s.runner.submit = lambda *a, **kw: None  # the re-train after the edit does not come
    s.execute(DeletePoints(np.arange(0, i + 1)))  # the visited row is gone, and every row below it moved up
    assert s.points.n <= i or not np.array_equal(s.points.X[i], x_i)
    after = _say(s)
    assert after == before and f"x{i + 1} = {vector(x_i)}" in after


def test_every_update_says_the_records_score_and_weights(session_on):
    s = session_on("random_noisy", "offset")
    rec, X, y = s.result.record, s.points.X, s.points.y
    for k in range(1, min(rec.num_updates, 40) + 1):
        s.jump_to_update(k)
        i = int(s.result.train_index[rec.update_index[k - 1]])
        w0, b0 = rec.w_b(k - 1)
        w1, b1 = rec.w_b(k)
        text = _say(s)
        assert text.startswith(f"Update {k}, epoch {int(rec.update_step[k - 1] // rec.n)}: x{i + 1} = {vector(X[i])}")
        assert f"y·(w·x + b) = {fmt(float(y[i]) * (float(np.dot(w0, X[i])) + b0))} ≤ 0" in text
        assert f"w = {vector(w1)}, b = {fmt(b1)}" in text
        assert f"{len(s.frame().misclassified)} point" in text


def test_a_visit_without_update_and_the_end_of_the_run(session_on):
    s = session_on("random_separable", "offset")
    s.to_end()
    text = _say(s)
    assert ": no update; no point is misclassified." in text
    assert text.endswith(f"the run has converged after {s.result.record.num_updates} updates.")


@pytest.mark.parametrize("algorithm", sorted(REGISTRY))
def test_every_learner_says_every_step(session_on, algorithm):
    preset = "or" if REGISTRY[algorithm].boolean_features else "random_noisy"
    s = session_on(preset, algorithm)
    rec = s.result.record
    for t in range(-1, min(rec.num_steps, 150)):
        s.playhead.t = t
        text = _say(s)
        assert text and "nan" not in text.lower()
    words = {"pocket": "The pocket", "voted": "survived", "pa": "step size is τ", "adaline": "step size is τ",
             "margin": "inside the margin", "lifted": "a²·y·x", "kernel": "α of x", "winnow": "multiplied"}
    if algorithm in words and rec.num_updates:
        found = False
        for k in range(1, min(rec.num_updates, 30) + 1):
            s.jump_to_update(k)
            found = found or words[algorithm] in _say(s)
        assert found, algorithm


def test_edits_are_said():
    X = np.array([[0.3, -1.2], [1.0, 2.0]])
    y = np.array([1.0, -1.0])
    assert edit_sentence("move", np.array([0]), X, y) == "Point 1 moved to (0.3, −1.2)."
    assert edit_sentence("add", np.array([1]), X, y) == "Point 2 added to (1, 2) (y = −1)."
    assert edit_sentence("delete", np.array([4]), X, y) == "Point 5 deleted."
    assert edit_sentence("delete", np.array([1, 2]), X, y) == "2 points deleted."


def test_the_transcript_has_a_line_per_update(session_on, tmp_path, capsys):
    s = session_on("random_separable", "offset")
    rec = s.result.record
    lines = list(transcript_lines(rec, s.result.train.X, s.result.train.y))
    assert len(lines) == rec.num_updates and lines[0].startswith("Update 1, epoch 0:")
    out = tmp_path / "t.txt"
    assert main(["run", "--preset", "random_separable", "--algorithm", "offset", "--transcript", str(out)]) == 0
    assert out.read_text().splitlines() == lines
    assert main(["run", "--preset", "three_classes", "--transcript", str(out)]) == 2
    assert "--transcript narrates the two-class learners" in capsys.readouterr().err


def test_a_long_vector_formats_only_the_numbers_it_shows(monkeypatch):
    """A wide w (785 numbers) is shown as its first and last three: only those six are formatted."""
    import perceptron_gui.render.narration as narration

    calls = []
    monkeypatch.setattr(narration, "fmt", lambda x: (calls.append(x), fmt(x))[1])
    v = np.arange(785, dtype=np.float64) / 7.0
    text = vector(v)
    assert len(calls) == 6
    assert text == "(" + ", ".join([fmt(x) for x in v[:3]] + ["…"] + [fmt(x) for x in v[-3:]]) + ")"
    calls.clear()
    assert vector(v[:8]) == "(" + ", ".join(fmt(x) for x in v[:8]) + ")" and len(calls) == 8
