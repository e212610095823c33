"""``perceptron-gui presets`` and ``perceptron-gui run --preset NAME``."""
from __future__ import annotations

import json

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.class_presets import CLASS_PRESETS
from perceptron_gui.core.presets import PRESETS, get_preset


def test_presets_lists_every_name_with_its_title(capsys):
    assert main(["presets"]) == 0
    two, several = capsys.readouterr().out.split("\n\n")
    lines = two.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    for line, p in zip(lines, PRESETS.values()):
        assert line.endswith(p.title)
    head, *rest = several.splitlines()
    assert head == "Several classes (run --algorithm multiclass):"
    assert [line.split()[0] for line in rest] == list(CLASS_PRESETS)


def test_run_preset_digits_prints_the_notes_table_with_its_test_points(capsys, tmp_path):
    out = tmp_path / "run.json"
    assert main(["run", "--preset", "digits_0_vs_1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    train, test = get_preset("digits_0_vs_1").train_test()
    rec = make_algorithm("standard").fit(train, test)  # the preset's own algorithm
    table = [line.split() for line in text.splitlines()[1:len(rec.epochs) + 1]]
    for row, r in zip(table, rec.epochs):
        assert row == [str(r.epoch), str(r.updates), f"{100 * r.train_error:.2f}%", f"{100 * r.test_error:.2f}%"]
    run = json.loads(out.read_text())
    assert run["algorithm"] == "standard"
    assert "Converged" in text


@pytest.mark.parametrize("name", list(PRESETS))
def test_run_trains_on_every_preset(capsys, name):
    assert main(["run", "--preset", name, "--algorithm", "offset", "--max-epochs", "5"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head.split() == ["epoch", "updates", "train", "error", "test", "error"]


@pytest.mark.parametrize("argv, words", [
    (["run", "--preset", "nope", "--algorithm", "offset"], "There is no preset 'nope'"),
    (["run", "--preset", "and"], "Give --algorithm"),
    (["run"], "Give a data file"),
    (["run", "x.csv", "--preset", "and", "--algorithm", "offset"], "not both"),
    (["presets", "extra"], "Unrecognized arguments: extra"),
])
def test_bad_preset_command_lines_are_one_sentence_and_exit_2(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err


def test_a_preset_with_its_own_test_points_refuses_another_test_file(capsys, tmp_path):
    extra = tmp_path / "t.csv"
    extra.write_text("x1,y\n1,1\n")
    assert main(["run", "--preset", "digits_0_vs_1", "--test", str(extra)]) == 2
    assert "brings its own test points" in capsys.readouterr().err
