"""The TikZ export's compact legend: two columns in a smaller font, the same entries."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from test_tikz import NOTES_X, NOTES_Y, end_t, run_of

from perceptron_gui.export.tikz import frame_to_tikz

YSHIFT = re.compile(r"yshift=-([\d.]+)cm\]caption\.south west\) \{")


def legend_labels(tex: str) -> list[str]:
    """The legend rows' labels (the \\node lines after the caption), with their y shift."""
    return [ln for ln in tex.splitlines() if "caption.south west)" in ln and ln.startswith("\\node[right")]


def test_compact_legend_has_the_same_entries_in_half_the_rows():
    result = run_of(NOTES_X, NOTES_Y)
    opts = dict(show_theta_star=True, show_previous=True)
    wide = frame_to_tikz(result, end_t(result), **opts)
    compact = frame_to_tikz(result, end_t(result), compact_legend=True, **opts)
    n = len(legend_labels(wide))
    assert n >= 4 and len(legend_labels(compact)) == n
    texts = [ln.split("south west) {", 1)[1] for ln in legend_labels(wide)]
    assert [ln.split("south west) {", 1)[1] for ln in legend_labels(compact)] == texts
    assert len({YSHIFT.search(ln).group(1) for ln in legend_labels(compact)}) == (n + 1) // 2
    assert all("font=\\scriptsize" in ln for ln in legend_labels(compact))
    assert frame_to_tikz(result, end_t(result), compact_legend=False, **opts) == wide


def test_compact_legend_compiles(tmp_path):
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed (apt-get install texlive-latex-base texlive-pictures "
                    "texlive-latex-extra); the structure test above still ran")
    if not subprocess.run(["kpsewhich", "standalone.cls"], capture_output=True, text=True).stdout.strip():
        pytest.skip("the LaTeX class standalone.cls is not installed (Debian: texlive-latex-extra)")
    result = run_of(NOTES_X, NOTES_Y)
    (tmp_path / "c.tex").write_text(frame_to_tikz(result, end_t(result), show_theta_star=True, compact_legend=True),
                                    encoding="utf-8")
    proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "c.tex"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:]


def test_the_command_line_and_the_export_options_pass_it_on(tmp_path):
    from perceptron_gui.cli import main

    data = tmp_path / "three.csv"
    data.write_text("x1,x2,y\n1,3,1\n2.5,1.5,1\n-1.5,1.5,-1\n")
    out = tmp_path / "fig.tex"
    assert main(["export", str(data), "--algorithm", "offset", "--tikz", str(out), "--compact-legend"]) == 0
    labels = legend_labels(out.read_text(encoding="utf-8"))
    assert labels and all("font=\\scriptsize" in ln for ln in labels)
    assert main(["export", str(data), "--algorithm", "offset", "--tikz", str(out)]) == 0
    assert not any("font=\\scriptsize" in ln for ln in legend_labels(out.read_text(encoding="utf-8")))
