"""The message strip above the canvas: errors and notes (a preset's explanation, "Saved …").

It used to float over the top of the canvas and hid the first row of points (the AND and XOR
points at y = 1) and the first lines of the legend, with nothing saying how to close it. Now it
lives in a slot of its own above the plot, like a browser's info bar. The slot always keeps the
height of two lines, so a message of up to two lines appearing or going never resizes the plot:
a resize moves the axes under the mouse and, with 10⁶ points, redraws them all. A longer message
(a lesson's explanation) makes the slot taller while it shows: lying over the plot, its third
and fourth lines hid the points the lesson talks about.
"""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from ...i18n import _, display_numbers
from .accessible import describe_value, name_widget

Qt = QtCore.Qt

__all__ = ["MessageBanner", "reading_seconds"]

_STYLE = {  # icon, background, text, border
    "error": ("⚠", "#FDE2E1", "#8A1C12", "#E8A09A"),
    "info": ("ℹ", "#E6F1FA", "#0B3D63", "#A9CBE6"),
}
_DARK_STYLE = {  # the same roles on the dark theme: a pale box there glared over the canvas
    "error": ("⚠", "#4A1F1C", "#FFD9D5", "#8A3A33"),
    "info": ("ℹ", "#1C3550", "#DCEBFA", "#2F5A85"),
}
RESERVED_LINES = 2
_PLACE_ON = (QtCore.QEvent.Type.Move, QtCore.QEvent.Type.Resize, QtCore.QEvent.Type.ParentChange,
             QtCore.QEvent.Type.Show)


def reading_seconds(text: str) -> float:
    """How long an informational message stays: at least 6 s, more for long ones (about 15
    characters a second, a slow reading pace for a projected screen)."""
    return max(6.0, len(text) / 15.0)


class MessageBanner(QtWidgets.QFrame):
    """One message (``"error"`` or ``"info"``) with a close button (×, or Escape in the window).

    Informational messages hide themselves after :func:`reading_seconds`; errors stay until
    they are closed or fixed (:meth:`clear_stale`). Text is shown as plain text: messages quote
    file content.

    Use :meth:`slot` to put it in a layout: the slot keeps the room for two lines, and the
    banner lies over it (over the widgets below too, for a longer message).
    """

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("message_banner")
        self.label = QtWidgets.QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred)
        self.close_button = QtWidgets.QToolButton()
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a click must not take the keys
        self.close_button.setToolTip(_("Close this message (Esc)"))
        self.close_button.clicked.connect(self.dismiss)
        name_widget(self.close_button, _("Close the message"), _("Closes the message above the canvas (Esc)"))
        name_widget(self.label, _("Message"), "")
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(8, 2, 2, 2)
        row.setSpacing(4)
        row.addWidget(self.label, 1)
        row.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.timer = QtCore.QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.dismiss)
        self.level = ""
        self._text = ""
        self._slot: QtWidgets.QWidget | None = None
        self.dark = False
        self._set_style("info")
        self.hide()

    def set_dark(self, dark: bool) -> None:
        """Draw in the dark theme's colours (View → Theme)."""
        self.dark = bool(dark)
        self._set_style(self.level or "info")

    def _set_style(self, level: str) -> None:
        styles = _DARK_STYLE if self.dark else _STYLE
        _icon, background, text, border = styles.get(level, styles["info"])
        self.setStyleSheet(f"#message_banner {{ background: {background}; border: 1px solid {border}; "
                           f"border-radius: 3px; }} #message_banner QLabel {{ color: {text}; }}")

    # ---- messages -----------------------------------------------------------------------------
    def show_message(self, level: str, text: str, seconds: float | None = None) -> None:
        """Show ``text``; an ``info`` message hides after ``seconds`` (default: long enough to
        read it), an ``error`` stays until closed or fixed."""
        self.level = level
        self._text = text
        self._set_style(level)
        icon = _STYLE.get(level, _STYLE["info"])[0]
        shown = display_numbers(text)  # the language's decimal separator; text() gives the message as said
        self.label.setText(f"{icon} {shown}")
        self.label.setToolTip(shown)
        self.label.setAccessibleName(_("Error") if level == "error" else _("Message"))
        describe_value(self.label, shown)
        self.show()
        self._fit_slot()
        self._place()
        self.raise_()
        if level == "error":
            self.timer.stop()
        else:
            self.timer.start(int(1000 * (reading_seconds(text) if seconds is None else seconds)))

    def text(self) -> str:
        """The message shown (without its icon); "" when none."""
        return "" if self.isHidden() else self._text

    def dismiss(self) -> None:
        """Close the message (the × button, Escape, or an informational one's time is up)."""
        self.timer.stop()
        self.hide()
        self._fit_slot()

    def clear_stale(self, edit_succeeded: bool = True, data_replaced: bool = False) -> None:
        """An error about a refused edit is stale once an edit succeeds; a note about the data
        (a preset's explanation) is stale once the data is replaced, by undo for instance."""
        if self.isVisible() and (self.level == "error" and edit_succeeded or data_replaced):
            self.dismiss()

    # ---- layout -----------------------------------------------------------------------------------
    def reserved_height(self) -> int:
        """The height of a message of :data:`RESERVED_LINES` lines."""
        lines = self.label.fontMetrics().lineSpacing() * RESERVED_LINES
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QtCore.QMargins()
        return max(lines + 6, self.close_button.sizeHint().height()) + margins.top() + margins.bottom() + 2

    def slot(self) -> QtWidgets.QWidget:
        """A widget of fixed height (:meth:`reserved_height`) for a layout; the banner is laid
        over it by hand, not by the layout, so a longer message never changes its height."""
        holder = QtWidgets.QWidget()
        holder.setObjectName("message_slot")
        holder.setFixedHeight(self.reserved_height() + 2)
        holder.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Fixed)
        self._slot = holder
        self.setParent(holder)
        self.hide()
        holder.installEventFilter(self)
        return holder

    def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is self._slot and ev.type() in _PLACE_ON:
            if ev.type() == QtCore.QEvent.Type.Resize:
                self._fit_slot()
            self._place()
        return super().eventFilter(obj, ev)

    def _fit_slot(self) -> None:
        """The slot as tall as the message shown needs at its width, never under two lines."""
        slot = self._slot
        if slot is None:
            return
        width = max(slot.width() - 8, 1)
        need = self.heightForWidth(width) if not self.isHidden() and self.hasHeightForWidth() else 0
        height = max(self.reserved_height(), need) + 2
        if slot.height() != height or slot.minimumHeight() != height:
            slot.setFixedHeight(height)

    def _place(self) -> None:
        """Lay the banner over its slot, in the slot's parent so that a message taller than the
        slot may reach over the widgets below (a child widget is cut at its parent's edge)."""
        slot = self._slot
        if slot is None:
            return
        host = slot.parentWidget() or slot
        if self.parentWidget() is not host:
            shown = not self.isHidden()
            self.setParent(host)  # setParent hides a widget: keep it as it was
            self.setVisible(shown)
        top_left = slot.mapTo(host, QtCore.QPoint(4, 2)) if host is not slot else QtCore.QPoint(4, 2)
        width = max(slot.width() - 8, 1)
        height = max(slot.height() - 2, self.heightForWidth(width) if self.hasHeightForWidth() else 0)
        self.setGeometry(QtCore.QRect(top_left, QtCore.QSize(width, height)))
        self.raise_()
