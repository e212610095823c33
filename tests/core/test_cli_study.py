"""``perceptron-gui study``: the table equals separate shuffled runs, the summary, the
histogram PNG, presets, and one sentence (exit 2) for every bad input."""
from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.algorithms import make_algorithm
from perceptron_gui.core.io import read_csv, write_csv
from perceptron_gui.core.presets import get_preset, random_noisy, random_separable


@pytest.fixture
def sep(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.1, seed=7), p)
    return p


def test_csv_rows_equal_separate_runs(capsys, sep, tmp_path):
    out = tmp_path / "study.csv"
    assert main(["study", str(sep), "--algorithm", "offset", "--seeds", "8", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    rows = list(csv.DictReader(out.open()))
    assert list(rows[0]) == ["seed", "updates", "epochs", "converged", "train_error"]
    assert [r["seed"] for r in rows] == ["file"] + [str(s) for s in range(8)]
    data = read_csv(sep)
    for r in rows:
        shuffled = r["seed"] != "file"
        rec = make_algorithm("offset", shuffle=shuffled, seed=int(r["seed"]) if shuffled else 0).fit(data)
        assert int(r["updates"]) == rec.num_updates and int(r["epochs"]) == rec.epochs_run
        assert r["converged"] == ("true" if rec.converged else "false")
        assert float(r["train_error"]) == rec.epochs[-1].train_error
    ups = [int(r["updates"]) for r in rows[1:]]
    assert f"min {min(ups)}, median {float(np.median(ups)):g}, max {max(ups)}" in text
    assert "(R/γ)² = " in text and f"File order: {rows[0]['updates']} updates" in text


def test_algorithm_options_and_non_converging_runs(capsys, tmp_path):
    p = tmp_path / "noisy.csv"
    write_csv(random_noisy(40, 0.2, seed=3), p)
    out = tmp_path / "s.csv"
    assert main(["study", str(p), "--algorithm", "offset", "--seeds", "3", "--max-epochs", "4", "--csv", str(out)]) == 0
    rows = list(csv.DictReader(out.open()))
    assert all(r["epochs"] == "4" and r["converged"] == "false" for r in rows)
    assert "no bound" in capsys.readouterr().out


def test_preset(capsys, tmp_path):
    out = tmp_path / "s.csv"
    assert main(["study", "--preset", "and", "--algorithm", "offset", "--seeds", "2", "--csv", str(out)]) == 0
    rec = make_algorithm("offset", shuffle=True, seed=1).fit(get_preset("and").train_test()[0])
    assert list(csv.DictReader(out.open()))[2]["updates"] == str(rec.num_updates)


def test_histogram_png(qapp, capsys, sep, tmp_path):
    from PySide6 import QtGui

    png = tmp_path / "h.png"
    assert main(["study", str(sep), "--algorithm", "offset", "--seeds", "20", "--png", str(png), "--width", "960"]) == 0
    img = QtGui.QImage(str(png))
    assert (img.width(), img.height()) == (960, 640)


def test_figure_marks_the_bound_and_the_file_order(qapp):
    from perceptron_gui.core.order_study import run_order_study
    from perceptron_gui.gui.figures.study_plot import StudyFigure

    rng = np.random.default_rng(0)
    X = rng.uniform(-1, 1, size=(30, 2))
    s = X @ np.array([1.0, 1.0])
    from perceptron_gui.core.dataset import Dataset
    data = Dataset.from_arrays(X[np.abs(s) > 0.5], np.where(s[np.abs(s) > 0.5] > 0, 1.0, -1.0))
    study = run_order_study("standard", data, seeds=10)
    fig = StudyFigure(study)
    try:
        lines = [it.value() for it in fig.plot_item.items if type(it).__name__ == "InfiniteLine"]
        assert study.file_value() in lines
        assert fig.bound_shown == (study.bound in lines)
        assert fig.render_image().width() == fig.size[0]
    finally:
        fig.close()


@pytest.mark.parametrize("extra, words", [
    ([], "Give a data file (perceptron-gui study DATA.csv"),
    (["{sep}"], "Give --algorithm"),
    (["{sep}", "--algorithm", "offset", "--seeds", "0"], "--seeds must be between 1 and"),
    (["{sep}", "--algorithm", "offset", "--seeds", "abc"], "--seeds must be a whole number"),
    (["{sep}", "--algorithm", "offset", "--seed", "3"], "The study sets --seed itself"),
    (["{sep}", "--algorithm", "offset", "--shuffle"], "The study sets --shuffle itself"),
    (["{sep}", "--algorithm", "offset", "--png", "{tmp}/x.jpg"], "give a name ending in .png"),
    (["{sep}", "--algorithm", "offset", "--png", "{tmp}/x.png", "--width", "5"], "--width must be between"),
    (["{sep}", "--algorithm", "offset", "--csv", "{tmp}/no/such/dir/x.csv"], ""),
    (["{tmp}/missing.csv", "--algorithm", "offset"], "missing.csv"),
    (["{sep}", "--algorithm", "standard", "--max-epochs", "0"], "--max-epochs"),
    (["{sep}", "--algorithm", "offset", "--bogus"], "Unrecognized arguments: --bogus"),
])
def test_bad_input_is_one_sentence_and_exit_2(capsys, sep, tmp_path, extra, words):
    argv = ["study"] + [a.format(sep=sep, tmp=tmp_path) for a in extra]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and err and "\n" not in err and "Traceback" not in err


def test_help_does_not_offer_the_options_the_study_refuses(capsys) -> None:
    from perceptron_gui.cli import main

    try:
        main(["study", "--help"])
    except SystemExit:
        pass
    out = capsys.readouterr().out
    assert "--seeds" in out and "--shuffle" not in out
    # --seed is the Winnow study's (its random points); the order study sets it itself
    assert "--seed N with --winnow" in " ".join(out.split())


def test_svg_pdf_and_export_figure_study(qapp, capsys, sep, tmp_path):
    """The histogram as SVG and PDF from 'study', and 'export --figure study' writes the same study."""
    svg, pdf = tmp_path / "h.svg", tmp_path / "h.pdf"
    assert main(["study", str(sep), "--algorithm", "offset", "--seeds", "6", "--svg", str(svg), "--pdf", str(pdf)]) == 0
    summary = capsys.readouterr().out
    assert svg.read_text().lstrip().startswith("<?xml") and "<svg" in svg.read_text()
    assert "offset" in svg.read_text().lower() or "Offset" in svg.read_text()  # the title is the study's header
    assert pdf.read_bytes().startswith(b"%PDF")
    png = tmp_path / "e.png"
    assert main(["export", str(sep), "--algorithm", "offset", "--figure", "study", "--seeds", "6",
                 "--png", str(png), "--width", "640"]) == 0
    out = capsys.readouterr().out
    from PySide6 import QtGui
    assert QtGui.QImage(str(png)).width() == 640
    # the same summary lines as the study command's (same seeds, same data, same algorithm)
    assert [ln for ln in out.splitlines() if not ln.startswith("Wrote")] == \
        [ln for ln in summary.splitlines() if not ln.startswith("Wrote")]


@pytest.mark.parametrize("args, says", [
    (["--figure", "study", "--json", "{tmp}/r.json"], "give --png, --svg, --pdf or --tikz, not --json"),
    (["--seeds", "4", "--png", "{tmp}/x.png"], "--seeds goes with --figure study"),
    (["--figure", "study", "--seeds", "abc", "--png", "{tmp}/x.png"], "--seeds must be a whole number"),
    (["--figure", "study", "--svg", "{tmp}/x.png"], "give a name ending in .svg"),
])
def test_export_figure_study_bad_input(capsys, sep, tmp_path, args, says):
    argv = ["export", str(sep), "--algorithm", "offset", *[a.format(tmp=tmp_path) for a in args]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err



def test_export_from_a_preset(capsys, tmp_path):
    """export --preset NAME trains on the preset's points (test points kept) as run --preset does."""
    out = tmp_path / "r.json"
    assert main(["export", "--preset", "random_noisy", "--algorithm", "offset", "--json", str(out)]) == 0
    import json
    run = json.loads(out.read_text())
    from perceptron_gui.core.presets import get_preset
    train, test = get_preset("random_noisy").train_test()
    rec = make_algorithm("offset").fit(train)
    assert (run["n"], run["n_test"], run["num_updates"]) == (train.n, None if test is None else test.n, rec.num_updates)
    assert main(["export", "x.csv", "--preset", "and", "--algorithm", "offset", "--json", str(out)]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["export", "--algorithm", "offset", "--json", str(out)]) == 2
    assert "--preset NAME" in capsys.readouterr().err
