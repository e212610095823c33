"""Text that a file can hold: the one check every reader makes before it accepts a text.

Every file this program writes is UTF-8, and UTF-8 has no encoding for half a UTF-16 pair (a
lone surrogate, U+D800–U+DFFF). JSON can spell one (``"\\ud800"``) and ``json.loads`` gives
it back as a Python ``str``; accepting it would make a session that opens but can never be
saved (every save, the autosave and the exports fail at the encoder). So a reader refuses
such text at once, naming the field, and what was opened can always be written again.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..i18n import N_, _
from .errors import UserError

__all__ = ["lone_surrogate", "text_problem", "half_character", "savable", "unsavable_field", "check_json_text", "FIX"]

_SURROGATE = re.compile("[\ud800-\udfff]")
# A JSON escape of a surrogate; a valid pair is two of them, a lone one a single one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
FIX = N_("correct or remove that text in the file, then open it again")  # English: shown as _(FIX)


def lone_surrogate(text: str) -> str | None:
    """The first lone surrogate in ``text`` (a character no UTF-8 file can hold), or None.
    (``json.loads`` joins a valid pair into one character, so any surrogate left is alone.)"""
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    return None if found is None else found.group()


def savable(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, for a name taken from a file's
    *name*: a Linux file name that is not UTF-8 arrives with its bytes as lone surrogates, and
    the file must still open (its data are fine) with a title that can be saved."""
    return text if lone_surrogate(text) is None else _SURROGATE.sub("\ufffd", text)


def text_problem(text: str, field: str) -> str | None:
    """What is wrong with ``text`` as the value of ``field`` ("feature name 2"), as the start of
    a sentence, or None when any file can hold it."""
    bad = lone_surrogate(text)
    return None if bad is None else half_character(field, bad)


def half_character(field: str, bad: str | None = None) -> str:
    """The words of every refusal, "``field`` holds half of a character …" (``bad``: the
    surrogate, when known)."""
    which = _("a lone surrogate") if bad is None else _("the lone surrogate {code}").format(code=f"\\u{ord(bad):04x}")
    return _("{field} holds half of a character ({which}), which no file can store").format(field=field, which=which)


def unsavable_field(doc: Any) -> tuple[str, str] | None:
    """The first text (a key or a value) of a parsed JSON document that holds a lone surrogate:
    (where, as ``data.feature_names[1]``, the character), or None. Iterative: a document
    nested deeper than the stack allows is walked too."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        where, node = stack.pop()
        items: Iterable[tuple[str, Any]]
        if isinstance(node, dict):
            for key in node:
                bad = lone_surrogate(key)
                if bad is not None:
                    return (_('a key of "{where}"').format(where=where) if where else _("a key"), bad)
            items = ((f"{where}.{key}" if where else str(key), v) for key, v in node.items())
        elif isinstance(node, list):
            items = ((f"{where}[{i}]", v) for i, v in enumerate(node) if isinstance(v, (str, list, dict)))
        elif isinstance(node, str):
            bad = lone_surrogate(node)
            if bad is not None:
                return (f'"{where}"' if where else _("the text"), bad)
            continue
        else:
            continue
        stack.extend(reversed(list(items)))
    return None


def check_json_text(doc: Any, text: str, name: str, error: type[UserError]) -> None:
    """Raise ``error`` (one sentence naming the field) when the document parsed from ``text``
    holds a lone surrogate. The walk runs only when the text spells a surrogate escape, so a
    10⁶-point session is not walked twice (a find over its text takes milliseconds)."""
    if "\\u" not in text or _SURROGATE_ESCAPE.search(text) is None:
        return
    found = unsavable_field(doc)
    if found is None:
        return
    where, bad = found
    raise error(_("In {name}, {problem}; {fix}.").format(name=name, problem=half_character(where, bad), fix=_(FIX)))
