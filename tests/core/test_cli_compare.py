"""``perceptron-gui export DATA.csv --figure compare``: the printed table equals separate runs,
the figure is written as PNG, SVG and PDF, and every bad input is one sentence, exit 2."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6 import QtGui

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.io import read_csv, write_csv
from perceptron_gui.core.presets import random_separable
from perceptron_gui.render.formatting import fmt_int


@pytest.fixture
def sep(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.1, seed=7), p)
    return p


def _table(text: str) -> dict[str, list[str]]:
    """The printed table's rows by run name (name cells have one comma and no number column)."""
    rows = {}
    for line in text.splitlines():
        if ", " in line and not line.startswith("Wrote"):
            name, rest = line[:line.index("  ")], line[line.index("  "):]
            rows[name.strip()] = rest.split()
    return rows


def test_algorithms_race(capsys, sep, tmp_path):
    png = tmp_path / "race.png"
    assert main(["export", str(sep), "--figure", "compare", "--compare", "offset,averaged,voted",
                 "--png", str(png), "--width", "1200"]) == 0
    rows = _table(capsys.readouterr().out)
    data = read_csv(sep)
    assert list(rows) == ["offset, file order", "averaged, file order", "voted, file order"]
    for name, cells in rows.items():
        rec = make_algorithm(name.split(",")[0]).fit(data)
        assert cells[0] == fmt_int(rec.num_updates) and cells[1] == fmt_int(rec.epochs_run)
    img = QtGui.QImage(str(png))
    assert img.width() == 1200 and img.height() > 200


def test_seeds_race_and_formats(capsys, sep, tmp_path):
    outs = [tmp_path / f"race.{e}" for e in ("png", "svg", "pdf")]
    assert main(["export", str(sep), "--figure", "compare", "--algorithm", "offset", "--compare-seeds", "0,1,2",
                 "--max-epochs", "50", "--png", str(outs[0]), "--svg", str(outs[1]), "--pdf", str(outs[2])]) == 0
    rows = _table(capsys.readouterr().out)
    data = read_csv(sep)
    assert list(rows) == ["offset, seed 0", "offset, seed 1", "offset, seed 2"]
    for s, cells in enumerate(rows.values()):
        rec = make_algorithm("offset", shuffle=True, seed=s, max_epochs=50).fit(data)
        assert cells[0] == fmt_int(rec.num_updates)
    assert all(p.stat().st_size > 1000 for p in outs)
    assert outs[1].read_text().lstrip().startswith("<?xml") and outs[2].read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args,words", [
    (["--compare", "offset,nonsense"], "no algorithm 'nonsense'"),
    (["--compare", "offset"], "not 1"),
    (["--compare", "offset,averaged,voted,pocket,standard"], "not 5"),
    (["--algorithm", "offset", "--compare-seeds", "abc"], "whole numbers"),
    (["--compare-seeds", "0,1"], "give it with --algorithm"),
    ([], "needs the runs"),
    (["--compare", "offset,voted", "--gif", "x.gif"], "not --gif"),
])
def test_bad_input_is_one_sentence(capsys, sep, tmp_path, args, words):
    args = [a.replace("x.gif", str(tmp_path / "x.gif")) for a in args]
    assert main(["export", str(sep), "--figure", "compare", *args, "--png", str(tmp_path / "o.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err
    assert not (tmp_path / "o.png").exists()


def test_compare_without_the_figure(capsys, sep, tmp_path):
    assert main(["export", str(sep), "--algorithm", "offset", "--compare", "offset,voted",
                 "--png", str(tmp_path / "o.png")]) == 2
    assert "go with --figure compare" in capsys.readouterr().err
