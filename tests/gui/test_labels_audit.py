"""Every text the window and its dialogs show reads as written: no literal HTML tag where the text
is shown as plain text (a button, a menu entry, a plain label), none escaped into a rich text
(a label or a pyqtgraph title, legend or axis label), and no ``&`` eaten as a mnemonic.

The walk covers the main window (its docks, menus and plots), Run → Compare… (the chooser and
the Compare window) and the Order study dialog. It reads texts and formats only, no pixels.
"""
from __future__ import annotations

import re

import pytest
from PySide6 import QtGui, QtWidgets
from PySide6.QtCore import Qt

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.core.order_study import run_order_study
from perceptron_gui.gui.dialogs.compare_dialog import CompareChooser
from perceptron_gui.gui.dialogs.compare_view import CompareWindow
from perceptron_gui.gui.dialogs.order_study_dialog import StudyDialog
from perceptron_gui.session.compare import compare_entries, run_comparison

TAG_NAMES = ("b", "i", "u", "s", "a", "p", "br", "hr", "sub", "sup", "span", "font", "img", "tt", "code", "em",
             "strong", "small", "big", "div", "h1", "h2", "h3", "table", "tr", "td", "th", "ul", "ol", "li",
             "pre", "center", "nobr", "qt", "html", "body")
TAG = re.compile(r"</?(?:" + "|".join(TAG_NAMES) + r")(?:\s[^<>]*)?/?>", re.IGNORECASE)
# The names after an '&' in the learners' titles ("Voted (Freund & Schapire)"): an '&' eaten as
# a mnemonic leaves "Freund Schapire" (with "S" underlined) or, from "& S", an underlined space.
AUTHORS = tuple(sorted({m.group(1) for cls in REGISTRY.values() for m in re.finditer(r"&\s*([A-Z]\w+)", cls.title)}))


# ---- what a text shows --------------------------------------------------------------------------
def label_shows(label: QtWidgets.QLabel) -> str:
    """The characters a label shows (rich text rendered to its plain text)."""
    text, fmt = label.text(), label.textFormat()
    if fmt == Qt.TextFormat.AutoText:
        fmt = Qt.TextFormat.RichText if QtGui.Qt.mightBeRichText(text) else Qt.TextFormat.PlainText
    if fmt == Qt.TextFormat.PlainText:
        return text
    doc = QtGui.QTextDocument()
    if fmt == Qt.TextFormat.MarkdownText:
        doc.setMarkdown(text)
    else:
        doc.setHtml(text)
    return doc.toPlainText()


def eaten_ampersand(text: str) -> str | None:
    """Where a mnemonic text (a button's, a menu entry's) has an '&' Qt takes as a mnemonic but
    that was meant as an ampersand: one before a space, the end, or a learner's author."""
    single = text.replace("&&", "\0\0")
    for m in re.finditer("&", single):
        after = single[m.end():]
        if not after or after[0].isspace() or after.startswith(AUTHORS):
            return text[max(0, m.start() - 12): m.end() + 12]
    return None


# ---- walking ------------------------------------------------------------------------------------
def texts_of(root: QtWidgets.QWidget) -> list[tuple[str, str, str]]:
    """(kind, where, text) for every text under ``root``: kinds "label" (shown characters),
    "mnemonic" (a text Qt reads mnemonics from), "plain" (shown as is, never HTML) and "scene"
    (a pyqtgraph title, legend, axis label or text item, as shown)."""
    out: list[tuple[str, str, str]] = []
    widgets = [root, *root.findChildren(QtWidgets.QWidget)]
    for w in widgets:
        w.ensurePolished()  # the application's plain-text rule sets a label's format when polished
        name = f"{type(w).__name__} {w.objectName()!r}"
        if w.isWindow() and w.windowTitle():
            out.append(("plain", f"{name} title", w.windowTitle()))
        if isinstance(w, QtWidgets.QLabel) and w.text():
            out.append(("label", name, label_shows(w)))
            if w.buddy() is not None:
                out.append(("mnemonic", name, w.text()))
        elif isinstance(w, QtWidgets.QAbstractButton) and w.text():
            out.append(("mnemonic", name, w.text()))
            out.append(("plain", name, w.text()))
        elif isinstance(w, QtWidgets.QGroupBox) and w.title():
            out.append(("mnemonic", name, w.title()))
            out.append(("plain", name, w.title()))
        elif isinstance(w, QtWidgets.QTabBar):
            for i in range(w.count()):
                out.append(("mnemonic", f"{name} tab {i}", w.tabText(i)))
                out.append(("plain", f"{name} tab {i}", w.tabText(i)))
        elif isinstance(w, QtWidgets.QGraphicsView) and w.scene() is not None:
            for item in w.scene().items():
                if isinstance(item, QtWidgets.QGraphicsTextItem) and item.toPlainText():
                    out.append(("scene", f"{name} {type(item.parentItem()).__name__}", item.toPlainText()))
    for action in root.findChildren(QtGui.QAction):
        if action.text() and not action.isSeparator():
            out.append(("mnemonic", f"QAction {action.objectName()!r}", action.text()))
            out.append(("plain", f"QAction {action.objectName()!r}", action.text()))
    return out


def problems_in(root: QtWidgets.QWidget) -> list[str]:
    found = []
    for kind, where, text in texts_of(root):
        if kind in ("label", "plain", "scene") and TAG.search(text):
            found.append(f"{where} shows the HTML tag {TAG.search(text).group(0)!r} in {text!r}")  # type: ignore[union-attr]
        if kind == "mnemonic" and (bit := eaten_ampersand(text)) is not None:
            found.append(f"{where}: an '&' is taken as a mnemonic in {bit!r} (of {text!r}): write '&&'")
    return found


def show(qtbot, widget: QtWidgets.QWidget) -> QtWidgets.QWidget:
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


# ---- the checker itself ------------------------------------------------------------------------
def test_the_checks_find_what_they_look_for(qtbot):
    assert AUTHORS == ("Hoff", "Schapire")  # Widrow & Hoff (ADALINE), Freund & Schapire (voted)
    assert eaten_ampersand("Voted (Freund & Schapire)") and eaten_ampersand("Freund &Schapire")
    assert eaten_ampersand("Voted (Freund && Schapire)") is None and eaten_ampersand("&Open…") is None
    box = QtWidgets.QWidget()
    qtbot.addWidget(box)
    lay = QtWidgets.QVBoxLayout(box)
    plain = QtWidgets.QLabel("<b>run</b> · k = 3")
    plain.setTextFormat(Qt.TextFormat.PlainText)
    escaped = QtWidgets.QLabel("&lt;b&gt;run&lt;/b&gt;")
    escaped.setTextFormat(Qt.TextFormat.RichText)
    bold = QtWidgets.QLabel("<b>run</b> &amp; co")
    bold.setTextFormat(Qt.TextFormat.RichText)
    for w in (plain, escaped, bold, QtWidgets.QCheckBox("Voted (Freund & Schapire)"), QtWidgets.QPushButton("<b>Go</b>")):
        lay.addWidget(w)
    found = problems_in(box)
    assert len(found) == 4, found
    assert not any("run</b> &amp; co" in p or "'run & co'" in p for p in found)


# ---- the window and its dialogs -----------------------------------------------------------------
def test_the_main_window_shows_its_texts_as_written(make_main_window):
    win = make_main_window("random_separable", "voted")
    assert not problems_in(win)


@pytest.mark.parametrize("algorithms", [("offset", "averaged", "voted"), ("standard", "pocket", "averaged", "voted")])
def test_the_compare_window_shows_its_texts_as_written(make_main_window, qtbot, algorithms):
    win = make_main_window("random_separable", "offset")
    cw = CompareWindow(run_comparison(win.session.points, compare_entries(list(algorithms))), None, win)
    show(qtbot, cw)
    cw.resize(1200, 800)
    texts = [t for kind, _w, t in texts_of(cw) if kind == "label"]
    assert any("averaged" in t and "k = " in t for t in texts)  # the walk saw the panels' titles
    assert not problems_in(cw)
    cw.set_epoch(-1)
    assert not problems_in(cw)
    cw.close()


def test_the_compare_chooser_shows_its_texts_as_written(make_main_window, qtbot):
    win = make_main_window("random_separable", "offset")
    chooser = show(qtbot, CompareChooser({}, ("offset", "voted"), win))
    assert any("Schapire" in t for _k, _w, t in texts_of(chooser))
    assert not problems_in(chooser)
    chooser.close()


def test_the_order_study_dialog_shows_its_texts_as_written(make_main_window, qtbot):
    win = make_main_window("random_separable", "voted")
    study = run_order_study("voted", win.session.points.train_dataset(), seeds=3)
    dialog = show(qtbot, StudyDialog(study, win))
    assert not problems_in(dialog)
    dialog.close()
