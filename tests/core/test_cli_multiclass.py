"""``perceptron-gui run --algorithm multiclass``: K classes from a CSV of numbers or words or a
preset, the table, the per-class weights (wide ones summarised), the Kesler bound, the run file's
multiclass keys, and one sentence for every bad input."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.cli.run_multiclass import vector_text
from perceptron_gui.core.algorithms.multiclass import MulticlassPerceptron
from perceptron_gui.core.class_data import parse_class_csv
from perceptron_gui.core.class_presets import CLASS_PRESETS

WORDS = "length,width,kind\n1,4,setosa\n2,5,setosa\n6,5,versicolor\n7,3,versicolor\n3,-2,virginica\n4,-1,virginica\n"


def test_a_csv_of_words_trains_and_writes_the_run_file(tmp_path: Path, capsys):
    data = tmp_path / "iris.csv"
    data.write_text(WORDS)
    out, table = tmp_path / "run.json", tmp_path / "updates.csv"
    assert main(["run", str(data), "--algorithm", "multiclass", "--out", str(out), "--csv", str(table)]) == 0
    text = capsys.readouterr().out
    assert "3 classes: setosa, versicolor, virginica" in text and "Converged after" in text
    run = MulticlassPerceptron().fit(parse_class_csv(WORDS, "iris.csv"))
    doc = json.loads(out.read_text())
    assert doc["algorithm"] == "multiclass" and doc["classes"] == ["setosa", "versicolor", "virginica"]
    assert np.array_equal(np.array(doc["final"]["w"]), run.W[:, :-1])
    assert doc["final"]["b"] == run.W[:, -1].tolist() and len(doc["final"]["b"]) == 3
    assert [[u["epoch"], u["index"]] for u in doc["updates"]] == np.column_stack([run.epochs, run.index]).tolist()
    assert doc["num_updates"] == run.n_updates and doc["theory"]["bound"] >= run.n_updates
    rows = table.read_text().splitlines()
    assert rows[0] == "k,epoch,index,class,rival" and len(rows) == run.n_updates + 1


def test_without_the_offset_the_run_file_has_no_b(tmp_path: Path):
    out = tmp_path / "run.json"
    assert main(["run", "--preset", "four_classes", "--no-offset", "--out", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert "b" not in doc["final"] and len(doc["final"]["w"]) == 4 and doc["offset"] is False


def test_wide_weights_are_summarised(capsys):
    assert main(["run", "--preset", "digits_0_1_2", "--shuffle"]) == 0
    text = capsys.readouterr().out
    assert "[64 numbers]" in text and text.count("class ") == 3


def test_vector_text_shows_the_ends_and_the_count():
    assert vector_text(np.arange(4.0)) == "(0, 1, 2, 3)"
    assert vector_text(np.arange(100.0)) == "(0, 1, 2, …, 97, 98, 99)  [100 numbers]"


def test_a_two_class_preset_trains_as_two_classes(capsys):
    assert main(["run", "--preset", "random_separable", "--algorithm", "multiclass"]) == 0
    assert "2 classes: -1, 1" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "words"), [
    (["run", "--preset", "three_classes", "--algorithm", "offset"], "train it with --algorithm multiclass"),
    (["run", "--preset", "three_classes", "--start-w", "1,2"], "--start-w does not apply to the multiclass"),
    (["run", "--preset", "three_classes", "--max-epochs", "0"], "--max-epochs must be"),
    (["run", "--algorithm", "multiclass"], "Give a data file of several classes"),
])
def test_bad_command_lines_get_a_sentence(args, words, capsys):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_bad_files_get_a_sentence(tmp_path: Path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("1,2,A\n3,x,B\n")
    assert main(["run", str(bad), "--algorithm", "multiclass"]) == 2
    assert "Line 2 of bad.csv, column 2: 'x' is not a number" in capsys.readouterr().err
    one = tmp_path / "one.csv"
    one.write_text("1,2,A\n3,1,A\n")
    assert main(["run", str(one), "--algorithm", "multiclass"]) == 2
    assert "at least two classes" in capsys.readouterr().err


def test_a_test_file_gives_the_test_error(tmp_path: Path, capsys):
    data, test = tmp_path / "d.csv", tmp_path / "t.csv"
    data.write_text(WORDS)
    test.write_text("x1,x2,kind\n1,5,setosa\n7,4,versicolor\n4,-2,virginica\n4,-2,setosa\n")
    assert main(["run", str(data), "--algorithm", "multiclass", "--test", str(test)]) == 0
    assert "Test error: 25.00%" in capsys.readouterr().out
    test.write_text("x1,x2,kind\n1,5,rose\n7,4,versicolor\n")
    assert main(["run", str(data), "--algorithm", "multiclass", "--test", str(test)]) == 2
    assert "the class 'rose', which the training data lack" in capsys.readouterr().err


def test_the_presets_are_listed_and_converge(capsys):
    assert main(["presets"]) == 0
    listing = capsys.readouterr().out
    for name, preset in CLASS_PRESETS.items():
        assert name in listing
        data = preset.make()
        run = MulticlassPerceptron(max_epochs=1000).fit(data)
        assert run.converged and data.K >= 3
