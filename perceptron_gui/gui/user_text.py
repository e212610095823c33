"""Text from files (cells, feature names, session values, file names) is shown as text, never
interpreted as HTML.

Two rules, one place:

- :func:`rich` is the only way user text enters a string that *is* rich text (pyqtgraph's axis
  labels, titles and legends take HTML; so does a label set to ``RichText``). A feature named
  ``<img src='/usr/share/pixmaps/…'>`` must read as those characters, not load the image.
- Qt guesses whether a label's text is HTML (``Qt.TextFormat.AutoText``): a CSV cell ``<b>x</b>``
  quoted in an error box came out bold, a session value ``<a href=…>`` became a link that ran
  ``xdg-open``. :class:`PlainTextPolicy` lets Qt guess nowhere in the application: every label
  still at ``AutoText`` when it is first polished shows plain text — message boxes (the static
  ``QMessageBox.warning`` too), tooltips, status lines. A label meant for HTML says ``RichText``
  and builds its text with :func:`rich`.
"""
from __future__ import annotations

import html

from PySide6 import QtCore, QtWidgets

__all__ = ["rich", "PlainTextPolicy", "install_plain_text_policy"]


def rich(text: object) -> str:
    """``text`` as rich text that shows exactly those characters (``<``, ``>``, ``&`` and quotes
    escaped; a line break stays a line break)."""
    return html.escape(str(text), quote=True).replace("\n", "<br>")


class PlainTextPolicy(QtCore.QObject):
    """An application event filter: a QLabel polished while its format is ``AutoText`` is set to
    ``PlainText``. Labels with an explicit format are left alone."""

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if event.type() == QtCore.QEvent.Type.Polish and isinstance(obj, QtWidgets.QLabel):
            if obj.textFormat() == QtCore.Qt.TextFormat.AutoText:
                obj.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        return False


def install_plain_text_policy(app: QtCore.QCoreApplication | None = None) -> PlainTextPolicy:
    """Install the policy on the application once (later calls return the same filter)."""
    app = app or QtCore.QCoreApplication.instance()
    assert app is not None, "create the QApplication first"
    policy = app.findChild(PlainTextPolicy)
    if policy is None:
        policy = PlainTextPolicy(app)
        app.installEventFilter(policy)
    return policy
