"""The window, the command line and the exports in German, French and Spanish.

- Every marked message has a translation in every shipped language, and no translation breaks a
  placeholder (``{k}``, ``%(default)s``): the same check as ``make translations``.
- No user-visible text is left unmarked where the code hands text to a widget, an error, or
  the command line's help (an AST walk over the package: a string literal given to ``setText``,
  ``setToolTip``, a ``QLabel``, a ``UserError``, an argparse ``help=`` … fails, naming the line).
- The compiled ``.mo`` files are those of the ``.po`` sources.
- Choosing a language changes what a user reads; numbers in files keep the decimal point.
"""
from __future__ import annotations

import ast
import importlib.util
import io
import os
import re
import sys
from pathlib import Path

import pytest

from perceptron_gui import i18n

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "perceptron_gui"
SHIPPED = ("de", "fr", "es")


def _tool():
    spec = importlib.util.spec_from_file_location("translations_tool", ROOT / "scripts" / "translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["translations_tool"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool():
    return _tool()


@pytest.fixture(scope="module")
def template(tool):
    return tool.extract()


@pytest.fixture
def speak():
    """``speak("de")`` for the rest of the test; English again afterwards."""
    yield i18n.set_language
    i18n.set_language("en")
    if "PySide6.QtCore" in sys.modules:  # a window was opened in another language: English numbers again
        from perceptron_gui.gui.app.language import start_language

        os.environ[i18n.ENV_VAR] = "en"  # as conftest set it (a test's monkeypatch may have taken it)
        start_language(Path("/nonexistent"))


def test_the_shipped_languages_are_those_on_disk():
    assert i18n.available() == ["en", *sorted(SHIPPED)] or set(i18n.available()) == {"en", *SHIPPED}
    for code in SHIPPED:
        assert code in i18n.LANGUAGES


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_is_translated_with_its_placeholders(tool, template, lang):
    assert len(template) > 1000  # the whole product is marked, not a corner of it
    catalog = tool.read(tool.po_path(lang), lang)
    problems = tool.problems(template, catalog, lang)
    assert not problems, f"{len(problems)} problems, e.g.:\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_compiled_catalogue_is_the_source_compiled(tool, lang):
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, tool.read(tool.po_path(lang), lang), use_fuzzy=False)
    assert tool.po_path(lang).with_suffix(".mo").read_bytes() == buf.getvalue(), \
        f"{lang}: the .mo is older than the .po; run `make translations`"
    # the header travels with it: its plural rule (French says "0 point", not "0 points")
    import gettext

    with tool.po_path(lang).with_suffix(".mo").open("rb") as f:
        plural = gettext.GNUTranslations(f).info().get("plural-forms", "")
    assert "nplurals=" in plural


def test_the_placeholder_check_catches_a_broken_translation(tool):
    from babel.messages.catalog import Catalog

    template = Catalog()
    template.add("Update {k}, epoch {epoch}")
    template.add("default: %(default)s")
    template.add("Save")
    broken = Catalog(locale="de")
    broken.add("Update {k}, epoch {epoch}", "Update {k}, Epoche {epoche}")
    broken.add("default: %(default)s", "Vorgabe: %(default)")
    problems = tool.problems(template, broken, "de")
    assert len(problems) == 3 and "not translated" in problems[2]


# ---- nothing user-visible left unmarked -----------------------------------------------------
# Calls whose text arguments a user reads: Qt's setters and constructors, the project's own
# helpers that pass text on to them, errors that end in a sentence on screen or stderr.
_TEXT_METHODS = {
    "setText", "setToolTip", "setStatusTip", "setWindowTitle", "setPlaceholderText",
    "setAccessibleName", "setAccessibleDescription", "setWhatsThis", "setTitle", "setLabelText",
    "setInformativeText", "setTabText", "addTab", "addMenu", "setHeaderLabels", "setSpecialValueText",
    "setSuffix", "setPrefix", "setLabel", "showMessage", "setHtml", "setPlainText",
}
_TEXT_CLASSES = {
    "QLabel", "QPushButton", "QCheckBox", "QRadioButton", "QGroupBox", "QAction", "QMenu", "QToolButton",
    "UserError", "UsageError", "WriteError", "QWizardPage",
}
_ARGPARSE = {"add_argument", "add_parser", "add_argument_group", "add_mutually_exclusive_group",
             "ArgumentParser", "SentenceArgumentParser"}
_MESSAGE_BOXES = {"warning", "information", "critical", "question", "about"}
_WORDS = re.compile(r"[A-Za-z]{3,}")


_MARKUP = re.compile(r"<[^>]*>|&\w+;")  # HTML tags and entities around a translated text


def _words(text: str) -> bool:
    return bool(_WORDS.search(_MARKUP.sub(" ", text)))


def _bare(node: ast.AST) -> bool:
    """Text a user would read that did not go through the catalogue."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _words(node.value)
    if isinstance(node, ast.JoinedStr):
        return _words("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _bare(node.left) or _bare(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return _bare(node.func.value)
    return False


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _unmarked(path: Path) -> list[str]:
    source = path.read_text()
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node.func)
        args: list[ast.AST] = []
        if name == "setLabel":  # pyqtgraph's axis label: the first argument is the axis ("bottom")
            args = list(node.args[1:])
        elif name in _TEXT_METHODS or name in _TEXT_CLASSES:
            args = list(node.args)
        elif name in _MESSAGE_BOXES and isinstance(node.func, ast.Attribute) and _name(node.func.value) == "QMessageBox":
            args = list(node.args[1:])
        words = ("help", "description", "epilog") if name in _ARGPARSE else ()
        args += [k.value for k in node.keywords if k.arg in (*words, "tip", "text", "title")]
        for arg in args:
            if _bare(arg) and "i18n: no" not in lines[node.lineno - 1]:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(arg)[:70]}")
    return found


def test_no_user_visible_text_is_left_unmarked():
    found = [hit for path in sorted(PACKAGE.rglob("*.py")) if "estimators" not in path.parts
             for hit in _unmarked(path)]
    assert not found, f"{len(found)} texts a user reads are not marked for translation:\n" + "\n".join(found[:60])


def test_the_unmarked_check_sees_what_it_should(tmp_path):
    sample = ROOT / "perceptron_gui" / "_sample_for_test.py"
    sample.write_text('label.setText("Open a file")\nlabel.setText(_("Open a file"))\n'
                      'raise UserError(f"No such file {name}")\nobj.setObjectName("open_button")\n'
                      'p.add_argument("--x", help="the x value")\nw.setToolTip("θ*")\n'
                      'plot.setLabel("bottom", "epoch")\nplot.setLabel("left", _("epoch"))\n'
                      'label.setText(f"<b>{_(x)}</b>")\nSignal(description="a docstring for programmers")\n')
    try:
        hits = _unmarked(sample)
    finally:
        sample.unlink()
    assert [h.split(":")[1] for h in hits] == ["1", "3", "5", "7"]


# ---- what a user reads changes with the language ----------------------------------------------
def test_a_language_is_spoken_and_english_comes_back(speak):
    assert speak("de_DE.UTF-8") == "de"
    assert i18n._("Language") != "Language"
    assert i18n.decimal_separator() == ","
    assert i18n.display_numbers("w = (1.25, −0.5); 3 updates. v1.2.3") == "w = (1,25; −0,5); 3 updates. v1.2.3"
    assert i18n.display_numbers("γ = 0.5152. Next: x = (1, 2.5e-05), 3 points, 4.5") == \
        "γ = 0,5152. Next: x = (1; 2,5e-05), 3 points, 4,5"
    assert speak("pt_BR") == "en" and i18n._("Language") == "Language"  # no catalogue: English
    assert i18n.display_numbers("1.25") == "1.25"


def test_the_environment_chooses_the_language(monkeypatch, speak):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.delenv(i18n.ENV_VAR)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert speak(None) == "fr"
    monkeypatch.setenv("LANGUAGE", "es:de")
    assert speak(None) == "es"
    monkeypatch.setenv("LC_ALL", "C")  # LANGUAGE comes first in gettext's order
    assert speak(None) == "es"
    monkeypatch.setenv(i18n.ENV_VAR, "de")
    assert speak(None) == "de"


@pytest.mark.parametrize("lang", SHIPPED)
def test_the_lessons_and_the_narration_are_translated(session_on, speak, lang):
    from perceptron_gui.render.narration import narrate
    from perceptron_gui.session.lessons import LESSONS

    s = session_on()
    s.jump_to_update(1)
    english_titles = [les.title for les in LESSONS.values()]
    english = narrate(s.frame(), s.result)
    speak(lang)
    titles = [les.title for les in LESSONS.values()]
    said = narrate(s.frame(), s.result)
    assert sum(a != b for a, b in zip(english_titles, titles)) >= len(titles) - 2
    assert said != english
    # the same numbers, written with a point: the sentence is text for files too
    assert re.findall(r"[−-]?\d+(?:\.\d+)?", said) == re.findall(r"[−-]?\d+(?:\.\d+)?", english)
    assert i18n.display_numbers("w = (0.5, 1.5)") == "w = (0,5; 1,5)"


def test_an_export_speaks_the_language_and_keeps_the_decimal_point(session_on, speak):
    from perceptron_gui.export.tikz import frame_to_tikz

    s = session_on("random_noisy")
    english = frame_to_tikz(s.result, -1)
    speak("de")
    german = frame_to_tikz(s.result, -1)
    assert german != english
    # the same numbers, each with its decimal point (a decimal comma would split 0.5 into 0 and 5)
    number = re.compile(r"-?\d+(?:\.\d+)?")
    assert len(re.findall(r"\d\.\d", german)) > 20
    assert number.findall(german) == number.findall(english)


def test_the_window_speaks_the_saved_language(qtbot, monkeypatch, tmp_path, speak):
    from perceptron_gui.gui.app.language import SETTING, saved_language, start_language
    from perceptron_gui.gui.app.main_window import MainWindow
    from perceptron_gui.session.ui_settings import save_setting

    monkeypatch.delenv(i18n.ENV_VAR)
    monkeypatch.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path))
    save_setting(tmp_path, SETTING, "fr")
    assert saved_language(tmp_path) == "fr" and start_language(tmp_path) == "fr"
    win = MainWindow()
    qtbot.addWidget(win)
    menus = [a.text().replace("&", "") for a in win.menuBar().actions()]
    assert "Edit" not in menus and "View" not in menus, menus
    language_menu = win.findChild(type(win.menuBar().actions()[0].menu()), "language_menu")
    assert [a.text() for a in language_menu.actions()] == [i18n.LANGUAGES[c] for c in i18n.available()]
    assert win.actions_by_name["language_fr"].isChecked()
    assert "," in win.playback.speed.text() and "." not in win.playback.speed.text()  # Qt's number fields too
    # Choosing another saves it and says so (in the language chosen); the window stays as it is.
    win.actions_by_name["language_de"].trigger()
    assert saved_language(tmp_path) == "de"
    box = win._language_message
    assert "Deutsch" in box.text() and box.text() != "The window will speak Deutsch when it opens next."
    box.reject()
    assert i18n.language() == "fr"
    win.close()


def test_the_windows_axes_write_the_decimal_comma_and_a_figures_the_point(qtbot, speak):
    import pyqtgraph as pg

    from perceptron_gui.gui.kit.plot_setup import plain_ticks, settle_axes

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    settle_axes(widget.getPlotItem())
    axis = widget.getPlotItem().getAxis("bottom")
    assert axis.tickStrings([0.5, 1.0, 1.5], 1.0, 0.5) == ["0.5", "1.0", "1.5"]
    speak("de")
    assert axis.tickStrings([0.5, 1.0, 1.5], 1.0, 0.5) == ["0,5", "1,0", "1,5"]
    plain_ticks(widget.scene())  # what a figure written to a file does
    assert axis.tickStrings([0.5, 1.0, 1.5], 1.0, 0.5) == ["0.5", "1.0", "1.5"]
