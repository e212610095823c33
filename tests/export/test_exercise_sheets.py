"""Exercise sheets as files: LaTeX that pdflatex compiles, Moodle XML that follows Moodle's quiz
format, the same bytes for the same seed, the sheet's own numbers printed, and the command line's
mistakes in one sentence."""
from __future__ import annotations

import re
import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest

from perceptron_gui.cli import main
from perceptron_gui.core.exercise_data import exact_quotient
from perceptron_gui.core.exercises import Generated, build_sheet
from perceptron_gui.core.presets import get_preset
from perceptron_gui.export.exercise_latex import sheet_tex
from perceptron_gui.export.exercise_moodle import sheet_moodle
from perceptron_gui.export.exercise_text import num, radical, vec

# Moodle's quiz XML: what each question type must hold (docs.moodle.org, "Moodle XML format").
_COMMON = ("name/text", "questiontext/text")
_REQUIRED = {"numerical": (*_COMMON, "answer", "answer/tolerance"),
             "multichoice": (*_COMMON, "single", "shuffleanswers", "answernumbering", "answer")}


def validate_moodle(xml_text: str) -> dict[str, int]:
    """Check the structure Moodle's importer reads; returns the count of each question type."""
    root = ET.fromstring(xml_text.encode("utf-8"))
    assert root.tag == "quiz"
    counts: dict[str, int] = {}
    for q in root.findall("question"):
        kind = q.get("type")
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "category":
            assert q.findtext("category/text", "").startswith("$course$/")
            continue
        assert kind in _REQUIRED, kind
        for path in _REQUIRED[kind]:
            assert q.find(path) is not None, (kind, path)
        assert q.findtext("name/text").strip()
        assert q.find("questiontext").get("format") == "html" and q.findtext("questiontext/text").strip()
        answers = q.findall("answer")
        fractions = [float(a.get("fraction")) for a in answers]
        assert all(a.find("text") is not None for a in answers)
        if kind == "numerical":
            for a in answers:
                float(a.findtext("text"))
                assert float(a.findtext("tolerance")) >= 0
            assert max(fractions) == 100
        else:
            assert q.findtext("single") == "true" and len(answers) >= 2
            assert sorted(fractions, reverse=True)[:2] == [100, 0] and sum(f for f in fractions if f > 0) == 100
            texts = [a.findtext("text") for a in answers]
            assert len(set(texts)) == len(texts), "two answers read the same"
    return counts


SHEETS = {
    "generated": lambda: build_sheet(Generated(7), count=5, seed=2),
    "standard": lambda: build_sheet(Generated(6), count=5, seed=5, algorithm="standard"),
    "notes003": lambda: build_sheet(get_preset("notes003_margin").data(), count=5, seed=1, name="notes003"),
    "one_d": lambda: build_sheet(get_preset("offset_1d").data(), count=5, seed=0),
}


@pytest.mark.parametrize("name", list(SHEETS))
def test_moodle_xml_follows_the_quiz_format(name):
    sheet = SHEETS[name]()
    counts = validate_moodle(sheet_moodle(sheet))
    assert counts["category"] == 1 and counts["numerical"] + counts["multichoice"] == 2 * len(sheet.exercises)


def test_same_seed_same_bytes():
    for write in (lambda s: sheet_tex(s), lambda s: sheet_tex(s, solutions=True), sheet_moodle):
        assert write(SHEETS["generated"]()) == write(SHEETS["generated"]())
    assert sheet_tex(SHEETS["generated"]()) != sheet_tex(build_sheet(Generated(7), count=5, seed=3))


def test_the_solutions_print_the_sheets_numbers():
    sheet = SHEETS["generated"]()
    tex, solved = sheet_tex(sheet), sheet_tex(sheet, solutions=True)
    assert "Solution" not in tex and solved.count("\\subsection*{Solution}") == 5
    blocks = [part.split("\\section*")[0] for part in solved.split("\\subsection*{Solution}")[1:]]
    assert len(blocks) == 5 and not any(re.search(r"\d\.\d", b) for b in blocks[:2] + blocks[4:]), \
        "integer data print integer weights"
    epoch, mistakes, separator, bound, order = sheet.exercises
    for step in epoch.steps:
        assert f"${num(step.score)}$ & {'mistake' if step.mistake else '--'} & ${vec(step.w)}$ & ${num(step.b)}$" in solved
    assert f"w = {vec(mistakes.run.w)},\\ b = {num(mistakes.run.b)}" in solved
    for m in separator.margins:
        assert (radical(m.exact) if m.exact else num(m.margin)) in solved
    assert f"(R/\\gamma)^2 = {num(bound.bound)}" in solved and f"makes {bound.updates}." in solved
    assert f"\\(\\gamma = {num(bound.gamma)}\\)" in tex   # the question gives γ
    assert ("does not change" in solved) == order.same


def test_exact_margins_of_notes_003():
    """Margins print as notes 003 write them: −1/√2 is −√2/2."""
    assert radical(exact_quotient(-1, 2)) == "-\\frac{\\sqrt{2}}{2}"
    assert radical(exact_quotient(4, 2)) == "2\\sqrt{2}"
    assert radical(exact_quotient(3, 9)) == "1"


@pytest.fixture
def pdflatex():
    if shutil.which("pdflatex") is None:
        pytest.skip("pdflatex not installed (apt-get install texlive-latex-base texlive-pictures); "
                    "the structure tests above still ran")


@pytest.mark.parametrize("name", list(SHEETS))
def test_latex_compiles(pdflatex, tmp_path, name):
    sheet = SHEETS[name]()
    for suffix, tex in (("", sheet_tex(sheet)), ("-solutions", sheet_tex(sheet, solutions=True))):
        path = tmp_path / f"{name}{suffix}.tex"
        path.write_text(tex, encoding="utf-8")
        proc = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", path.name],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
        log = (tmp_path / f"{name}{suffix}.log").read_text(errors="replace")
        assert proc.returncode == 0, "\n".join(ln for ln in log.splitlines() if ln.startswith(("!", "l.")))[:3000]
        assert re.search(r"Output written on .*?\(\d+ pages?", log.replace("\n", ""))


# ---- the command line ---------------------------------------------------------------------------
def test_the_command_writes_what_the_writers_write(tmp_path, capsys):
    out = {k: tmp_path / f"q{k}" for k in (".tex", "-solutions.tex", ".xml")}
    assert main(["exercises", "--generate", "7", "--count", "5", "--seed", "2", "--tex", str(out[".tex"]),
                 "--solutions", str(out["-solutions.tex"]), "--moodle", str(out[".xml"])]) == 0
    sheet = SHEETS["generated"]()
    assert out[".tex"].read_text(encoding="utf-8") == sheet_tex(sheet)
    assert out["-solutions.tex"].read_text(encoding="utf-8") == sheet_tex(sheet, solutions=True)
    assert out[".xml"].read_text(encoding="utf-8") == sheet_moodle(sheet)
    assert capsys.readouterr().out.startswith("Wrote 5 exercises (seed 2)")


def test_the_command_reads_a_csv(tmp_path, capsys):
    data = tmp_path / "d.csv"
    data.write_text("x1,x2,y\n1,3,1\n2,1,1\n-1,1,-1\n-2,-1,-1\n", encoding="utf-8")
    assert main(["exercises", str(data), "--algorithm", "standard", "--kinds", "mistakes,bound",
                 "--count", "2", "--moodle", str(tmp_path / "q.xml")]) == 0
    validate_moodle((tmp_path / "q.xml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("args, words", [
    (["--generate", "abc"], "--generate must be a whole number, not 'abc'"),
    (["--generate", "0"], "between 2 and 30"),
    (["--generate", "5", "--count", "0"], "--count must be a whole number between 1 and 50, not 0"),
    (["--generate", "5", "--count", "-2"], "not -2"),
    (["--generate", "5", "--seed", "-1"], "--seed must be"),
    (["--preset", "xor"], "The preset xor is not linearly separable"),
    (["--preset", "nope"], "There is no preset 'nope'"),
    (["--preset", "and", "--generate", "4"], "not --preset and --generate"),
    (["--preset", "and", "--margin", "2"], "use it with --generate N"),
    (["--generate", "5", "--kinds", "epoch,x"], "not 'x'"),
    (["--generate", "5", "--algorithm", "pocket"], "--algorithm cannot be 'pocket'"),
    (["missing.csv"], "does not exist"),
    ([], "Give one source of data"),
])
def test_bad_input_is_one_sentence(tmp_path, capsys, args, words):
    assert main(["exercises", *args, "--tex", str(tmp_path / "s.tex")]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and "\n" not in err and "Traceback" not in err and err.endswith(".")
    assert not (tmp_path / "s.tex").exists()


def test_a_missing_output_is_one_sentence(tmp_path, capsys):
    assert main(["exercises", "--generate", "5"]) == 2
    assert capsys.readouterr().err.strip() == ("Say what to write: --tex OUT.tex, --solutions OUT-solutions.tex "
                                               "or --moodle OUT.xml.")
    assert main(["exercises", "--generate", "5", "--tex", str(tmp_path / "no" / "s.tex")]) == 2
    assert "does not exist" in capsys.readouterr().err
