"""The Narration dock: what the step shown did, in one or two sentences (the words are
:mod:`perceptron_gui.render.narration`'s, no Qt there). The same sentence is the canvas's accessible
description and is announced to assistive technology when it changes while nothing plays (a screen
reader hears each step the user takes, not thirty a second); an edit of the points is said, then
the retrained run. *Save transcript…* writes the sentences of the sitting as text.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.errors import UserError
from ...i18n import N_, _, display_numbers
from ...render.narration import edit_sentence, narrate, retrained_sentence
from ...session.commands import Change
from ..kit.view_wiring import connect_events

__all__ = ["NarrationPanel", "DOCK_TITLE", "TRANSCRIPT_MAX"]

DOCK_TITLE = N_("Narration")  # the dock's object name and key; shown translated
TRANSCRIPT_MAX = 10_000  # sentences kept for the transcript (a long play would keep them all)


class NarrationPanel(QtWidgets.QWidget):
    """The sentence of the step shown, its announcement, and the sitting's transcript."""

    said = QtCore.Signal(str)  # a new sentence (presentation mode's caption shows it)

    def __init__(self, session: Any, canvas: QtWidgets.QWidget, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.canvas = canvas
        self.transcript: list[str] = []
        # An edit is said before the step: while its run trains, then with "the run was retrained"
        # until the playhead moves on (``_edit_t``: where it stood when the run came).
        self._edit = ""
        self._edit_t: int | None = None
        lay = QtWidgets.QVBoxLayout(self)
        self.text = QtWidgets.QLabel("")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text.setAlignment(QtCore.Qt.AlignmentFlag.AlignTop | QtCore.Qt.AlignmentFlag.AlignLeft)
        self.text.setAccessibleName(_("Narration of the step shown"))
        lay.addWidget(self.text, 1)
        row = QtWidgets.QHBoxLayout()
        row.addStretch(1)
        self.save_button = QtWidgets.QPushButton(_("Save &transcript…"))
        self.save_button.setToolTip(_("The sentences of this sitting, one per line, as a text file"))
        self.save_button.clicked.connect(lambda: self.save_transcript())
        row.addWidget(self.save_button)
        lay.addLayout(row)
        connect_events(self, [(session.playhead_changed, self.refresh), (session.frame_changed, self.refresh),
                              (session.run_changed, self._on_run_changed),
                              (session.points_changed, self._on_points_changed)])
        self.refresh()

    def sentence(self) -> str:
        s = self.session
        return narrate(s.frame(), s.result)

    def refresh(self, *_args: object) -> None:
        """Say the step shown (and, right after an edit, the edit first)."""
        if self._edit and self._edit_t is not None and self.session.playhead.t != self._edit_t:
            self._edit, self._edit_t = "", None
        text = self._edit + self.sentence()
        shown = display_numbers(text)  # the language's decimal separator on screen; the transcript keeps the point
        if shown == self.text.text():
            return
        self.text.setText(shown)
        self.said.emit(shown)
        if not self.transcript or self.transcript[-1] != text:
            self.transcript.append(text)
            del self.transcript[:-TRANSCRIPT_MAX]
        self.canvas.setAccessibleDescription(shown)
        if not getattr(self.session, "playing", False):
            self._announce(shown)

    def _announce(self, text: str) -> None:
        """Tell assistive technology: the canvas's description changed, and an announcement."""
        QtGui.QAccessible.updateAccessibility(
            QtGui.QAccessibleEvent(self.canvas, QtGui.QAccessible.Event.DescriptionChanged))
        # Announced from the widget that has the keyboard focus (the canvas's plot), which a
        # screen reader follows; that widget's own description says what is drawn.
        source = getattr(self.canvas, "plot", self.canvas)
        QtGui.QAccessible.updateAccessibility(QtGui.QAccessibleAnnouncementEvent(source, text))

    def _on_points_changed(self, change: Change) -> None:
        pts = self.session.points
        self._edit, self._edit_t = edit_sentence(change.kind, change.indices, pts.X, pts.y) + " ", None

    def _on_run_changed(self, result: Any) -> None:
        if self._edit and self._edit_t is None and result is not None:
            self._edit = self._edit.rstrip() + retrained_sentence(result) + " "
            self._edit_t = self.session.playhead.t
        self.refresh()

    def save_transcript(self, path: str | Path | None = None) -> bool:
        """Write the transcript (asked for a path when None); the sentence under the button says how it went."""
        from ...core.atomic import atomic_write_text

        if path is None:
            chosen, _filter = QtWidgets.QFileDialog.getSaveFileName(self, _("Save the transcript"), "transcript.txt",
                                                                    _("Text files (*.txt)"))
            if not chosen:
                return False
            path = chosen
        try:
            atomic_write_text(path, "\n".join(self.transcript) + "\n")
        except (UserError, OSError) as exc:
            said = _("{name} could not be written: {error}").format(name=Path(path).name, error=exc)
            self.save_button.setToolTip(said)
            self.session.message.emit("error", said)
            return False
        self.session.message.emit("info", _("Wrote the transcript ({n} sentences) to {name}.").format(
            n=len(self.transcript), name=Path(path).name))
        return True
