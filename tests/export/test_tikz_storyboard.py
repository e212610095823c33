"""The storyboard as TikZ and the Beamer handout: structure, and compiled with pdflatex when present."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "render"))
from test_storyboard import noisy, source_of  # noqa: E402  - the render tests' small runs

from perceptron_gui.export.beamer_handout import MAX_HANDOUT_UPDATES, PER_FRAME, handout_pages, run_to_handout  # noqa: E402
from perceptron_gui.export.source import ExportError  # noqa: E402
from perceptron_gui.export.tikz_fit import TikzSize  # noqa: E402
from perceptron_gui.export.tikz_storyboard import storyboard_to_tikz, write_tikz_storyboard  # noqa: E402
from perceptron_gui.render.storyboard import StoryboardError  # noqa: E402

TITLE = re.compile(r"\{\$k = (\d+)\$: example (\d+) \(\$y = ([+-]1)\$\)\}")


def test_one_picture_with_a_scope_and_a_title_per_panel():
    src = noisy()
    run = src.run
    tex = storyboard_to_tikz(src, [1, 2, 3, 4])
    assert tex.count("\\begin{tikzpicture}") == 1 and tex.count("\\documentclass") == 1
    assert tex.count("\\begin{scope}[shift=") == 4
    titles = TITLE.findall(tex)
    assert [int(k) for k, _, _ in titles] == [1, 2, 3, 4]
    for k, row, y in titles:
        i = int(run.update_index[int(k) - 1])
        assert int(row) == int(src.result.train_index[i]) + 1
        assert float(y) == src.result.train.y[i]
    assert tex.count("% the hyperplane") >= 4 and "% legend" in tex
    assert "after the update (dashed)" in tex
    # The panels' shifts make a 2 x 2 grid: two x shifts, two y shifts.
    shifts = re.findall(r"shift=\{\(([-\d.]+)cm,([-\d.]+)cm\)\}", tex)
    assert len({x for x, _ in shifts}) == 2 and len({y for _, y in shifts}) == 2
    body = storyboard_to_tikz(src, [1, 2], standalone=False, size=TikzSize("12cm", legend=False))
    assert "\\documentclass" not in body and "% legend" not in body and "\\scalebox" in body


def test_steps_the_run_lacks_are_a_sentence(tmp_path):
    src = noisy()
    with pytest.raises(StoryboardError, match=f"made {src.run.num_updates} updates"):
        write_tikz_storyboard(tmp_path / "s.tex", src, [1, 99])
    assert not (tmp_path / "s.tex").exists()


def test_the_handout_has_frames_of_a_few_updates_and_no_overlays():
    src = noisy()
    result = src.result
    K = result.record.num_updates
    tex = run_to_handout(result)
    assert "\\only" not in tex and "\\pause" not in tex and "\\uncover" not in tex and "\\onslide" not in tex
    frames = tex.count("\\begin{frame}")
    assert frames == -(-K // PER_FRAME) == len(handout_pages(result))
    assert [int(k) for k, _, _ in TITLE.findall(tex)] == list(range(1, K + 1))
    # One view for every frame: the same grid lines on each page.
    grids = re.findall(r"\\foreach \\x in \{([^}]*)\} \\draw\[thin, gray!30\]", tex)
    assert len(grids) == K and len(set(grids)) == 1
    assert handout_pages(result, 2, 5) == [[2, 3, 4], [5]]
    with pytest.raises(ExportError, match=f"within 0 to {K}"):
        handout_pages(result, 0, K + 1)
    assert MAX_HANDOUT_UPDATES >= 100


def _compile(tmp_path: Path, name: str, tex: str) -> Path:
    (tmp_path / f"{name}.tex").write_text(tex, encoding="utf-8")
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", f"{name}.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=180)
    log = tmp_path / f"{name}.log"
    errors = [ln for ln in log.read_text(errors="replace").splitlines() if ln.startswith(("!", "l."))] if log.exists() else []
    assert proc.returncode == 0, f"pdflatex failed on {name}: {errors[:6]}"
    assert "Overfull" not in log.read_text(errors="replace")
    pdf = tmp_path / f"{name}.pdf"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    return pdf


def _has(latex_file: str) -> bool:
    return subprocess.run(["kpsewhich", latex_file], capture_output=True, text=True).stdout.strip() != ""


@pytest.fixture
def pdflatex():
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex is not installed; the structure tests above still ran")


def test_the_storyboard_compiles(pdflatex, tmp_path):
    cases = {"two_d": (noisy(), [1, 2, 3, 4, 5, 6]),
             "one_d": (source_of([[1.0], [2.0], [3.0], [4.0]], [1, 1, -1, -1]), [1, 2, 3])}
    for name, (src, steps) in cases.items():
        if _has("standalone.cls"):
            _compile(tmp_path, name, storyboard_to_tikz(src, steps))
        # The picture alone, as \input into a document of one's own.
        body = storyboard_to_tikz(src, steps, standalone=False, size=TikzSize("0.95\\linewidth"))
        _compile(tmp_path, f"{name}_input", "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\n"
                 f"{body}\\end{{document}}\n")


def test_the_handout_compiles_one_page_per_frame(pdflatex, tmp_path):
    if not _has("beamer.cls"):
        pytest.skip("the LaTeX class beamer.cls is not installed")
    src = noisy()
    tex = run_to_handout(src.result, show_update=True)
    pdf = _compile(tmp_path, "handout", tex)
    (pages,) = re.findall(r"Output written on handout\.pdf \((\d+) pages?", (tmp_path / "handout.log").read_text())
    assert int(pages) == tex.count("\\begin{frame}") and pdf.exists()
    x = np.array([[1.0], [2.0], [3.0], [4.0]])
    _compile(tmp_path, "handout_1d", run_to_handout(source_of(x, [1, 1, -1, -1]).result, lifted=True))
