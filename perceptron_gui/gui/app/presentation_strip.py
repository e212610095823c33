"""The strip above the canvas in presentation mode: k, the angle to θ* and the bound, large.

Its height never follows its text: it is fixed from the font for as many lines as the widest
text it may show needs at its width (the three items never break inside, so one to three
lines). A strip that took one line at one step and two at the next moved the canvas under the
students' eyes while the lecturer stepped.
"""
from __future__ import annotations

from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import N_, _, display_numbers
from ...session.run_result import proof_impossible
from ..kit.view_wiring import DragThrottle, connect_events

__all__ = ["PresentationStrip", "strip_font"]

Qt = QtCore.Qt
_GAP = "     "  # between the three items
# The widest values a row shows in a lecture: a six-digit k, an angle under its bound, a
# six-digit bound with its real value (render/formatting.fmt_bound). The strip keeps room for these whatever the step shows now.
_WIDEST = {"k": "888\u202f888 of 888\u202f888", "angle": "188.88° ≤ 188.88°", "bound": "888\u202f888 (888888.)"}


def strip_font(px: int) -> QtGui.QFont:
    """The strip's font for text of ``px`` pixels elsewhere: bolder and larger, it is the slide's headline."""
    font = QtGui.QFont()
    font.setPixelSize(round(px * 1.45))
    font.setBold(True)
    return font


def _unbreakable(text: str) -> str:
    # No-break spaces, and a word joiner after "/" (Qt breaks after a slash: "(R/" | "γ)²").
    return text.replace(" ", "\u00a0").replace("/", "/\u2060")


def lines_needed(metrics: QtGui.QFontMetrics, parts: list[str], width: int) -> int:
    """How many lines the ``parts``, broken only between them, take at ``width`` pixels."""
    lines, used = 1, 0
    for part in parts:
        w = metrics.horizontalAdvance(part)
        if used and used + metrics.horizontalAdvance(_GAP) + w > width:
            lines, used = lines + 1, w
        else:
            used += (metrics.horizontalAdvance(_GAP) if used else 0) + w
    return lines


class PresentationStrip(QtWidgets.QLabel):
    """k, the angle to θ* and the bound, large, above the canvas. The texts are the live
    panel's own (its rows "k", "angle" and "bound"), read after it refreshed. One label that
    wraps only between the three (each is held together by no-break spaces): on a 1024-px
    projector they take two lines instead of being cut."""

    KEYS = (("k", "k"), ("angle", N_("angle to θ*")), ("bound", N_("bound (R/γ)²")))  # captions shown translated

    def __init__(self, session: Any, panel: Any, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.panel = panel
        self.setObjectName("presentation_strip")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.setContentsMargins(12, 4, 12, 4)
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Fixed)
        self.setToolTip("\n\n".join(panel.value_label(key).toolTip() for key, _c in self.KEYS))
        self.values: dict[str, str] = {}
        # Subscribed after the live panel, through the same drag gate: it refreshes first.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self.refresh)),
                              (session.playhead_changed, DragThrottle(self, session, self.refresh)),
                              (session.frame_changed, DragThrottle(self, session, self.refresh))])
        self.hide()

    def set_text_px(self, px: int) -> None:
        self.setFont(strip_font(px))
        self._fix_height()

    def value(self, key: str) -> str:
        """What the panel's row ``key`` says (or why it says nothing: no θ*, no proof)."""
        label = self.panel.value_label(key)
        no_proof = proof_impossible(self.session.result)
        if key == "bound" and no_proof:  # the data's (R/γ)² bounds nothing this learner does
            return _("— (no proof)")
        if label.isHidden() and key == "angle":
            return _("— (no proof)") if no_proof else _("— (no θ*)")
        return self.panel.text(key)

    def caption(self, key: str, caption: str) -> str:
        """The strip's caption of ``key``: the bound's follows the panel's (the margin perceptron's
        is (R²+2β)/γ², the lifted run's (R̃/γ̃)²)."""
        return _("bound {formula}").format(formula=self.panel.caption("bound")) if key == "bound" else _(caption)

    def _parts(self, values: dict[str, str]) -> list[str]:
        return [_unbreakable(f"{self.caption(key, caption)}: {values.get(key, '')}") for key, caption in self.KEYS]

    def refresh(self, *args: object) -> None:
        self.values = {key: self.value(key) for key, _caption in self.KEYS}
        self.setText(display_numbers(_GAP.join(self._parts(self.values))))
        self._fix_height()

    def _fix_height(self) -> None:
        """The height for the widest text at this width: the same at every step."""
        width = self.contentsRect().width()
        if width <= 0:
            return
        metrics = self.fontMetrics()
        widest = {key: max(self.values.get(key, ""), _WIDEST[key], key=metrics.horizontalAdvance)
                  for key, _c in self.KEYS}
        lines = lines_needed(metrics, self._parts(widest), width)
        margins = self.contentsMargins()
        self.setFixedHeight(lines * metrics.lineSpacing() + margins.top() + margins.bottom() + 2)

    def resizeEvent(self, event: QtGui.QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fix_height()
