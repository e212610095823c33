"""``run --test`` and ``export --test`` check the test file's columns with the window's rule
(core/matching_columns.py): a header ``x2,x1`` against data ``x1,x2`` is refused at both doors."""
from __future__ import annotations

from pathlib import Path

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.dataset import DatasetError
from perceptron_gui.core.io import read_csv
from perceptron_gui.session.open_test_set import add_test_set
from perceptron_gui.session.session import Session

TRAIN = "x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n-2,-1,-1\n"


def _csv(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text)
    return p


def _window_says(train: Path, test: Path) -> str | None:
    s = Session()
    s.load_dataset(read_csv(train), train.name)
    try:
        add_test_set(s, read_csv(test), test.name)
    except DatasetError as exc:
        return str(exc)
    return None


@pytest.mark.parametrize("train_text, test_text, words", [
    (TRAIN, "x2,x1,label\n3,1,1\n1.5,-1.5,-1\n", "The test file test.csv has x2 in column 1, but x2 is column 2 of the data"),
    ("a,b,y\n1,3,1\n-2,-1,-1\n", "b,a,y\n3,1,1\n-1,-2,-1\n", "The test file test.csv's columns (b, a) are not the data's (a, b)"),
    ("a,b,y\n1,3,1\n-2,-1,-1\n", "x1,x2,y\n3,1,1\n-1,-2,-1\n", "The test file test.csv's columns (x1, x2) are not the data's"),
])
@pytest.mark.parametrize("command", ["run", "export"])
def test_a_test_file_with_other_columns_is_refused_as_the_window_refuses_it(tmp_path, capsys, command, train_text,
                                                                           test_text, words):
    train, test = _csv(tmp_path, "train.csv", train_text), _csv(tmp_path, "test.csv", test_text)
    window = _window_says(train, test)
    out = ["--json", str(tmp_path / "run.json")] if command == "export" else []
    code = main([command, str(train), "--algorithm", "offset", "--test", str(test), *out])
    err = capsys.readouterr().err.strip()
    assert code == 2 and words in err and err == window
    assert err.endswith(".") and "\n" not in err and not (tmp_path / "run.json").exists()


@pytest.mark.parametrize("test_text", [
    "3,1,1\n1.5,-1.5,-1\n",                # no header: matched by position
    "x1,x2,y\n3,1,1\n1.5,-1.5,-1\n",       # the same header
    "p,q,y\n3,1,1\n1.5,-1.5,-1\n",         # names the data (made-up x1, x2 or not) cannot contradict
])
def test_matching_test_files_are_taken_at_both_doors(tmp_path, capsys, test_text):
    train, test = _csv(tmp_path, "train.csv", TRAIN), _csv(tmp_path, "test.csv", test_text)
    assert _window_says(train, test) is None
    code = main(["run", str(train), "--algorithm", "offset", "--test", str(test)])
    assert code == 0, capsys.readouterr().err
