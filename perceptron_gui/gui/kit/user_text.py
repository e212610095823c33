"""Text from files (cells, feature names, session values, file names) is shown as text, never
interpreted as HTML, as mnemonics or as a reordering of the characters around it.

Three rules, one place:

- :func:`rich` is the only way user text enters a string that *is* rich text (pyqtgraph's axis
  labels, titles and legends take HTML; so does a label set to ``RichText``). A feature named
  ``<img src='/usr/share/pixmaps/…'>`` must read as those characters, not load the image.
- Qt guesses whether a label's text is HTML (``Qt.TextFormat.AutoText``): a CSV cell ``<b>x</b>``
  quoted in an error box came out bold, a session value ``<a href=…>`` became a link that ran
  ``xdg-open``. :class:`PlainTextPolicy` lets Qt guess nowhere in the application: every label
  still at ``AutoText`` when it is first polished shows plain text — message boxes (the static
  ``QMessageBox.warning`` too), tooltips, status lines. A label meant for HTML says ``RichText``
  and builds its text with :func:`rich`.
- A file name is shown as the characters it is made of: :func:`shown_name` makes the invisible
  ones visible (a right-to-left override made ``\u202egnp.csv`` read as ``vsc.png``; a newline
  split a menu entry), :func:`action_text` also keeps an ``&`` from becoming a mnemonic in a menu
  (``R&D.csv`` showed as ``RD.csv`` with the D underlined), and :func:`window_title` keeps a
  ``[*]`` in a name from being taken for Qt's "modified" mark. Every label, menu entry and title
  made from a path goes through them.
"""
from __future__ import annotations

import html
import unicodedata

from PySide6 import QtCore, QtWidgets

__all__ = ["rich", "shown_name", "action_text", "window_title", "PlainTextPolicy", "install_plain_text_policy"]

# The explicit directional formatting characters (embeddings, overrides, isolates, marks):
# each reorders or disguises the characters after it.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def rich(text: object) -> str:
    """``text`` as rich text that shows exactly those characters (``<``, ``>``, ``&`` and quotes
    escaped; a line break stays a line break)."""
    return html.escape(str(text), quote=True).replace("\n", "<br>")


def _hidden(c: str) -> bool:
    # Cc: control characters (a newline, an escape); Cs: the lone surrogates that stand for the
    # bytes of a name that is not UTF-8 (os.fsdecode's surrogateescape).
    return c in BIDI_CONTROLS or unicodedata.category(c) in ("Cc", "Cs")


def _escape(c: str) -> str:
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # the byte a surrogateescape stands for
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if code > 0xFF else f"\\x{code:02x}"


def shown_name(text: object) -> str:
    """``text`` (a file name, a path, a title made from one) with every character that would
    reorder or hide what is around it written out as an escape (``\\u202e``, ``\\x0a``)."""
    s = str(text)
    if not any(_hidden(c) for c in s):
        return s
    return "".join(_escape(c) if _hidden(c) else c for c in s)


def action_text(text: object) -> str:
    """:func:`shown_name` for a menu entry, a button or any QAction text: ``&`` stays an ``&``."""
    return shown_name(text).replace("&", "&&")


def window_title(text: object) -> str:
    """:func:`shown_name` for a window title: a ``[*]`` in it stays those three characters
    (Qt doubles it back to one; a single one is the "modified" mark)."""
    return shown_name(text).replace("[*]", "[*][*]")


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
