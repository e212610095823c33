"""Names and descriptions for assistive technology (screen readers such as NVDA, JAWS, Orca and
VoiceOver read them): every widget of the window that takes the focus or shows a value is named
where it is made, through these helpers.

A widget's *name* says what it is ("margin of data", "Playback speed"); its *description* says
what it does or, for a widget that shows a value (a label of the live panel, a plot), what it
shows now. :func:`describe_value` changes the description and tells assistive technology that it
changed, so a value that follows the playhead is heard when asked for, not only when first shown.
"""
from __future__ import annotations

from PySide6 import QtGui, QtWidgets

__all__ = ["name_widget", "describe_value", "accessible_name"]


def name_widget(widget: QtWidgets.QWidget, name: str, description: str = "") -> QtWidgets.QWidget:
    """Set ``widget``'s accessible name and (when given) description; returns the widget."""
    widget.setAccessibleName(name)
    if description:
        widget.setAccessibleDescription(description)
    return widget


def describe_value(widget: QtWidgets.QWidget, text: str) -> None:
    """``text`` (a value shown now) as ``widget``'s accessible description, announced as changed
    when it differs from the last one."""
    if widget.accessibleDescription() == text:
        return
    widget.setAccessibleDescription(text)
    if QtGui.QAccessible.isActive():  # only when assistive technology listens: no cost otherwise
        QtGui.QAccessible.updateAccessibility(
            QtGui.QAccessibleEvent(widget, QtGui.QAccessible.Event.DescriptionChanged))


def accessible_name(widget: QtWidgets.QWidget) -> str:
    """The name assistive technology reads for ``widget``: its own accessible name, or what Qt
    derives (a button's or label's text, a form label that is the widget's buddy)."""
    iface = QtGui.QAccessible.queryAccessibleInterface(widget)
    name = iface.text(QtGui.QAccessible.Text.Name) if iface is not None else ""
    return name or widget.accessibleName()
