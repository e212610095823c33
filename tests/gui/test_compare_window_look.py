"""The Compare window's look: its panel titles are rich text (the run in bold, no literal
``<b>``), each panel has its own legend in a corner of its view naming the lines (the averaged
run's output line apart from w), and the chooser shows "Freund & Schapire" with its '&'."""
from __future__ import annotations

from PySide6 import QtGui
from PySide6.QtCore import Qt

from perceptron_gui.core.algorithms import REGISTRY
from perceptron_gui.gui.dialogs.compare_dialog import CompareChooser
from perceptron_gui.gui.dialogs.compare_view import CompareWindow
from perceptron_gui.session.compare import compare_entries, run_comparison


def shown(html: str) -> str:
    doc = QtGui.QTextDocument()
    doc.setHtml(html)
    return doc.toPlainText()


def legend_texts(canvas) -> list[str]:
    return [label.text for _sample, label in canvas.overlay.legend.items]


def open_compare(make_main_window, qtbot, algorithms):
    win = make_main_window("random_separable", "offset")
    cw = CompareWindow(run_comparison(win.session.points, compare_entries(algorithms)), None, win)
    qtbot.addWidget(cw)
    cw.resize(1200, 700)
    cw.show()
    qtbot.waitExposed(cw)
    return cw


def test_titles_are_rich_text_with_the_run_in_bold(make_main_window, qtbot):
    cw = open_compare(make_main_window, qtbot, ["offset", "averaged"])
    for title, run in zip(cw.titles, cw.comparison.runs, strict=True):
        assert title.textFormat() == Qt.TextFormat.RichText  # not the application's plain-text default
        assert "<" not in shown(title.text()) and shown(title.text()).startswith(run.entry.label)
        assert f"<b>{run.entry.label}</b>" in title.text()
    cw.set_epoch(-1)
    assert all(shown(t.text()).endswith("k = 0 · start") for t in cw.titles)
    cw.close()


def test_every_panel_has_a_legend_naming_its_lines(make_main_window, qtbot):
    cw = open_compare(make_main_window, qtbot, ["offset", "averaged", "voted", "pocket"])
    for canvas, run in zip(cw.canvases, cw.comparison.runs, strict=True):
        legend = canvas.overlay.legend
        assert legend.scene() is canvas.plot.scene() and legend.isVisible()
        assert legend.parentItem() is canvas.view_box  # over the view, in its corner
        texts = legend_texts(canvas)
        assert "normal vector w" in texts and "w·x + b = 0" in texts
        if REGISTRY[run.entry.algorithm].output_differs and run.entry.algorithm != "voted":
            assert f"output: {run.entry.algorithm}" in texts
        # Inside the view box's top right corner, not beside it.
        view = canvas.view_box.sceneBoundingRect()
        box = legend.sceneBoundingRect()
        assert view.contains(box) and box.right() > view.center().x() and box.top() < view.center().y()
        assert box.width() < 0.8 * view.width()
    averaged = [c for c, r in zip(cw.canvases, cw.comparison.runs, strict=True) if r.entry.algorithm == "averaged"]
    assert len(averaged) == 1 and "output: averaged" in legend_texts(averaged[0])
    cw.close()


def test_the_chooser_shows_the_ampersand(qtbot):
    chooser = CompareChooser({}, ("voted",))
    qtbot.addWidget(chooser)
    for name, box in chooser.boxes.items():
        # '&&' is how a mnemonic text shows one '&'; a single '&' would underline the next character.
        assert box.text().replace("&&", "&") == REGISTRY[name].title
    assert chooser.boxes["voted"].text() == "Voted (Freund && Schapire)"
