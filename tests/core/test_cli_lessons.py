"""``perceptron-gui lessons`` and the window's ``--lesson NAME`` on the command line."""
from __future__ import annotations

import sys
import types

import pytest

from perceptron_gui.cli import main
from perceptron_gui.session.class_lessons import CLASS_LESSONS
from perceptron_gui.session.lessons import LESSONS


def test_lessons_lists_every_name_with_its_note_and_title(capsys):
    assert main(["lessons"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == [*LESSONS, *CLASS_LESSONS]
    for line, les in zip(lines, LESSONS.values()):
        assert f"notes {les.note}" in line and line.endswith(les.title)
    for line, cl in zip(lines[len(LESSONS):], CLASS_LESSONS.values()):
        assert "notes —" in line and line.endswith(cl.title)


@pytest.fixture
def window_calls(monkeypatch):
    calls: list = []
    fake = types.ModuleType("perceptron_gui.gui.app.application")
    fake.run_app = lambda argv=None, **kw: calls.append((argv, kw)) or 0
    monkeypatch.setitem(sys.modules, "perceptron_gui.gui.app.application", fake)
    return calls


def test_lesson_option_reaches_the_window(window_calls):
    assert main(["--lesson", "notes003_update", "--screenshot", "x.png", "--size", "1400x900"]) == 0
    assert window_calls[-1][1]["lesson"] == "notes003_update" and window_calls[-1][1]["screenshot"] == "x.png"
    assert main(["--lesson", "multiclass_by_hand"]) == 0  # a lesson of several classes: its own view
    assert window_calls[-1][1]["lesson"] == "multiclass_by_hand"


@pytest.mark.parametrize("argv, words", [
    (["--lesson", "nope", "--screenshot", "x.png"], "There is no lesson 'nope'; choose one of"),
    (["--lesson", "and_gate", "--preset", "and"], "--lesson brings its own data and algorithm; leave out --preset."),
    (["--lesson", "and_gate", "--algorithm", "offset"], "leave out --algorithm"),
    (["lessons", "extra"], "Unrecognized arguments: extra"),
    (["--lesson", "and_gate", "run", "x.csv"], "--lesson is for the window"),
])
def test_bad_lesson_command_lines_are_one_sentence_and_exit_2(capsys, window_calls, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err
    assert window_calls == []
