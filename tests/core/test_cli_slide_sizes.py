"""``perceptron-gui export`` sized for a slide: ``--width``/``--height`` as pixels for a PNG or
as TeX lengths for ``--tikz``, ``--no-legend``, plots' PNGs at 16:9, the cosine and the proof
figure; one sentence and exit 2 for every bad size."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from perceptron_gui.cli import main
from perceptron_gui.core.io import write_csv
from perceptron_gui.core.presets import random_separable


@pytest.fixture
def data(tmp_path: Path) -> Path:
    p = tmp_path / "sep.csv"
    write_csv(random_separable(40, 0.15, seed=7), p)
    return p


def run_cli(capsys, *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def test_tikz_fitted_to_lengths_without_its_legend(capsys, data, tmp_path):
    out = tmp_path / "step.tex"
    code, _, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--tikz", out,
                           "--width", r"0.9\linewidth", "--height", r"0.7\textheight", "--no-legend")
    assert code == 0, err
    tex = out.read_text(encoding="utf-8")
    assert "\\percfitw=0.9\\linewidth" in tex and "\\percfith=0.7\\textheight" in tex
    assert "class $+1$" not in tex and "\\scalebox{\\percfitscale}" in tex
    code, _, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--tikz", out, "--width", "8cm")
    assert code == 0, err
    tex = out.read_text(encoding="utf-8")
    assert "\\percfitw=8cm" in tex and "class $+1$" in tex


@pytest.mark.parametrize("figure,says", [("cos", "bound $\\sqrt{k}\\,\\gamma/R$"),
                                         ("proof", "% ---- panel 3: cos")])
def test_the_cosine_and_the_proof_figure_as_tikz(capsys, data, tmp_path, figure, says):
    out = tmp_path / f"{figure}.tex"
    code, _, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", figure, "--tikz", out,
                           "--width", "12cm")
    assert code == 0, err
    assert says in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("args,says", [
    (["--tikz", "{out}/a.tex", "--width", "abc"], "--width must be a positive length"),
    (["--tikz", "{out}/a.tex", "--height", r"0.7\foo"], "--height must be a positive length"),
    (["--png", "{out}/a.png", "--width", "8cm"], "--width 8cm is a length for --tikz"),
    (["--png", "{out}/a.png", "--no-legend"], "--no-legend goes with --tikz"),
    (["--png", "{out}/a.png", "--width", "4000", "--height", "500"], "shape the figures do not take"),
    (["--figure", "proof", "--gif", "{out}/a.gif"], "--figure proof is a still figure of three plots"),
])
def test_bad_sizes_are_one_sentence_and_exit_2(capsys, data, tmp_path, args, says):
    code, out, err = run_cli(capsys, "export", data, "--algorithm", "offset",
                             *[a.format(out=tmp_path) for a in args])
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and lines[0].endswith("."), err
    assert not (tmp_path / "a.png").exists() and not (tmp_path / "a.tex").exists()


def test_plot_pngs_are_slide_sized_and_take_a_height(qapp, capsys, data, tmp_path):
    out = tmp_path / "norm.png"
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "norm", "--png", out)[0] == 0
    assert Image.open(out).size == (1600, 900)
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "cos", "--png", out,
                   "--height", "720")[0] == 0
    assert Image.open(out).size == (1280, 720)
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--png", out, "--width", "1000",
                   "--height", "800")[0] == 0
    assert Image.open(out).size == (1000, 800)
    # The proof's three plots side by side, one slide.
    assert run_cli(capsys, "export", data, "--algorithm", "offset", "--figure", "proof", "--png", out)[0] == 0
    assert Image.open(out).size == (1600, 900)


def test_beamer_overlays_with_the_update_and_the_margins(capsys, data, tmp_path):
    out = tmp_path / "slides.tex"
    code, _, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--beamer", out, "--to", "3",
                           "--beamer-update", "--beamer-margins")
    assert code == 0, err
    tex = out.read_text(encoding="utf-8")
    assert "% the update as vectors" in tex and "% each point's signed margin" in tex
    code, out_text, err = run_cli(capsys, "export", data, "--algorithm", "offset", "--tikz", tmp_path / "a.tex",
                                  "--beamer-update")
    assert code == 2 and out_text == "" and err.strip().endswith("add --beamer SLIDES.tex or drop --beamer-update.")
