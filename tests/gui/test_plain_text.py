"""Issue 7, point 5.5: file content is shown as plain text everywhere, never as HTML.

Three strings from the report, each through the places it reached: a CSV cell in the error box,
a session value in the error box (a link there ran ``xdg-open``), a feature name in the axis
labels of the canvas and of exported figures (an ``<img>`` loaded a local file); and, for any
other label, the application-wide rule of :mod:`perceptron_gui.gui.kit.user_text`.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import shiboken6
from PySide6 import QtCore, QtWidgets

from perceptron_gui.core.dataset import Dataset
from perceptron_gui.gui.kit.user_text import install_plain_text_policy, rich

Qt = QtCore.Qt
BOLD = "<b>x</b>"
LINK = "<a href='file:///etc/passwd'>click</a>"
IMAGE = "<img src='/usr/share/pixmaps/debian-logo.png'>"


def shown_labels(widget: QtWidgets.QWidget) -> list[tuple[str, Qt.TextFormat]]:
    return [(lab.text(), lab.textFormat()) for lab in widget.findChildren(QtWidgets.QLabel) if lab.text()]


def answer_message_box(qtbot, action) -> list[tuple[str, Qt.TextFormat]]:
    """Run ``action``, which opens a modal message box; read the box's labels and close it."""
    seen: list[tuple[str, Qt.TextFormat]] = []

    def read_and_close() -> None:
        box = QtWidgets.QApplication.activeModalWidget()
        if not isinstance(box, QtWidgets.QMessageBox):  # not shown yet: look on the next turn
            QtCore.QTimer.singleShot(10, read_and_close)
            return
        seen.extend(shown_labels(box))
        box.done(0)

    QtCore.QTimer.singleShot(0, read_and_close)
    action()
    assert seen, "no message box was shown"
    return seen


def assert_literal(labels: list[tuple[str, Qt.TextFormat]], text: str) -> None:
    hits = [(t, f) for t, f in labels if text in t]
    assert hits, f"{text!r} is not in {labels}"
    for _t, fmt in hits:
        assert fmt == Qt.TextFormat.PlainText


def test_rich_escapes_user_text():
    assert rich(BOLD) == "&lt;b&gt;x&lt;/b&gt;"
    assert rich(LINK) == "&lt;a href=&#x27;file:///etc/passwd&#x27;&gt;click&lt;/a&gt;"
    assert rich("a & b\nc") == "a &amp; b<br>c"


def test_a_csv_cell_in_the_error_box_is_plain_text(make_main_window, qtbot, tmp_path):
    win = make_main_window("and")
    bad = tmp_path / "cell.csv"
    bad.write_text(f"x1,x2,y\n1,2,1\n3,{BOLD},-1\n", encoding="utf-8")
    labels = answer_message_box(qtbot, lambda: win.open_csv(str(bad)))
    assert_literal(labels, BOLD)


def test_a_session_value_in_the_error_box_is_plain_text_and_no_link(make_main_window, qtbot, tmp_path):
    win = make_main_window("and")
    from perceptron_gui.session.session_file import save_session

    path = tmp_path / "link.perceptron.json"
    save_session(win.session, path)
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["algorithm"] = LINK
    path.write_text(json.dumps(doc), encoding="utf-8")
    labels = answer_message_box(qtbot, lambda: win.file_actions.open_session(path))
    assert_literal(labels, LINK)


def _image_names() -> Dataset:
    return Dataset(np.array([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]), np.array([1, -1, 1]), [IMAGE, LINK])


def test_feature_names_in_the_canvas_axis_labels_are_plain_text(make_main_window, qtbot):
    win = make_main_window("and")
    win.session.load_dataset(_image_names(), "names")
    item = win.canvas.plot.getPlotItem()
    for name, side in ((IMAGE, "bottom"), (LINK, "left")):
        label = item.getAxis(side).label  # a QGraphicsTextItem: HTML in, this text out
        assert label.toPlainText().strip() == name
        assert "<img" not in label.toHtml() and "<a " not in label.toHtml()


def test_feature_names_in_an_exported_figure_are_plain_text(make_main_window, qtbot):
    from perceptron_gui.export.source import ExportSession
    from perceptron_gui.gui.figures.plots import SlideFigure

    win = make_main_window("and")
    win.session.load_dataset(_image_names(), BOLD)
    with SlideFigure(ExportSession.from_session(win.session), "canvas") as fig:
        item = fig.widget.plot.getPlotItem()
        assert item.getAxis("bottom").label.toPlainText().strip() == IMAGE
        assert item.getAxis("left").label.toPlainText().strip() == LINK
        assert "<img" not in item.getAxis("bottom").label.toHtml()


@pytest.mark.parametrize("text", [BOLD, LINK, IMAGE])
def test_any_label_left_to_guess_shows_plain_text(qtbot, text):
    install_plain_text_policy()
    label = QtWidgets.QLabel(text)  # Qt's default AutoText would render these
    qtbot.addWidget(label)
    label.show()
    assert label.textFormat() == Qt.TextFormat.PlainText
    chosen = QtWidgets.QLabel("<b>meant bold</b>")
    chosen.setTextFormat(Qt.TextFormat.RichText)  # a label that says it is HTML stays HTML
    qtbot.addWidget(chosen)
    chosen.show()
    assert chosen.textFormat() == Qt.TextFormat.RichText


def test_the_static_warning_box_and_tooltips_show_plain_text(make_main_window, qtbot):
    win = make_main_window("and")
    labels = answer_message_box(qtbot, lambda: QtWidgets.QMessageBox.warning(win, "t", f"Line 2: '{IMAGE}'"))
    assert_literal(labels, IMAGE)
    QtWidgets.QToolTip.showText(win.mapToGlobal(QtCore.QPoint(50, 50)), LINK, win)
    tips = [w for w in QtWidgets.QApplication.topLevelWidgets()
            if isinstance(w, QtWidgets.QLabel) and w.isVisible() and w.text() == LINK]
    assert tips and all(t.textFormat() == Qt.TextFormat.PlainText for t in tips)
    QtWidgets.QToolTip.hideText()
    qtbot.waitUntil(lambda: not any(shiboken6.isValid(t) and t.isVisible() for t in tips))  # no window left open


def test_a_session_title_with_a_link_is_plain_in_the_window(make_main_window, qtbot):
    corpus = Path(__file__).parents[1] / "corpus" / "sessions" / "title_html.perceptron.json"
    if not corpus.exists():
        pytest.skip("the bad-file corpus is not there")
    win = make_main_window("and")
    assert win.file_actions.open_session(corpus)
    assert LINK in win.windowTitle() or corpus.name in win.windowTitle()
    assert_literal(shown_labels(win.banner), corpus.name)
