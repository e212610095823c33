"""The language the application speaks: one catalogue per language, read with :mod:`gettext`.

Every layer marks its user-visible text here, the model below the window included (the lessons,
the narration, the messages of the core, the exports' labels, the command line's help), so the
translation machinery is the standard library's ``gettext`` rather than Qt's ``tr()``: the core
and the session never import Qt, and one catalogue then serves the window, the command line and
the exports alike. Qt's own strings (the buttons of its standard dialogs) come from the
``qtbase_*.qm`` files PySide6 ships, loaded by the window (``gui/app/language.py``).

How text is marked:

- ``_("Open a data set")`` where the text is used, at call time; placeholders are named and
  filled after translating: ``_("Update {k}, epoch {epoch}").format(k=k, epoch=e)`` (a
  translation may reorder them; an f-string inside ``_()`` could not be looked up).
- ``ngettext("{n} point", "{n} points", n).format(n=n)`` where the words follow a count.
- ``N_("…")`` in module- and class-level tables (menus, lessons, shortcuts): it only marks the text
  for extraction; the code that shows it calls ``_(text)`` then, so a table built at import time
  still follows the language chosen later.

The catalogues are ``perceptron_gui/locale/LANG/LC_MESSAGES/perceptron_gui.po`` (the source a
translator edits) and the ``.mo`` compiled from it (``make translations``); ``docs/translating.md``
says how a lecturer adds a language.

Numbers: files and exports always write a decimal point. Text shown in the window goes through
:func:`display_numbers`, which writes the language's decimal separator (the catalogue's
translation of ``"."`` in the context ``"decimal separator"``: a comma in German, French and Spanish).
"""
from __future__ import annotations

import gettext
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

__all__ = [
    "_", "N_", "ngettext", "pgettext", "LANGUAGES", "DEFAULT", "set_language", "language",
    "language_from_environment", "best_language", "display_numbers", "decimal_separator",
    "LOCALE_DIR", "DOMAIN", "ENV_VAR", "ShownTexts",
]

DOMAIN = "perceptron_gui"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENV_VAR = "PERCEPTRON_GUI_LANGUAGE"  # overrides the saved choice and the system's locale
DEFAULT = "en"

# The languages shipped, each named in itself (as the View → Language menu lists them).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = DEFAULT


def _(message: str) -> str:
    """``message`` in the current language (itself when the catalogue has no translation)."""
    return _translation.gettext(message)


def N_(message: str) -> str:  # noqa: N802 - the conventional name xgettext and Babel look for
    """Mark ``message`` for translation without translating it (translated where it is shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural form for the count ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` from the same English."""
    return _translation.pgettext(context, message)


class ShownTexts(Mapping[str, str]):
    """A table of texts by key (kept in English, each marked with ``N_()``), read in the language
    in force when it is read: ``FIGURES["canvas"]``. The keys are names a user types or a file
    holds, never translated."""

    def __init__(self, english: dict[str, str]) -> None:
        self.english = english

    def __getitem__(self, key: str) -> str:
        return _(self.english[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


def available() -> list[str]:
    """The codes of the languages with a catalogue on disk, English first (it needs none)."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [DEFAULT] + [c for c in found if c != DEFAULT]


def best_language(names: list[str] | tuple[str, ...]) -> str:
    """The first shipped language among locale names ("de_DE.UTF-8", "fr", "pt_BR"), else English."""
    shipped = available()
    for name in names:
        code = name.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in shipped:
            return code
    return DEFAULT


def language_from_environment() -> str:
    """The language the environment asks for: ``PERCEPTRON_GUI_LANGUAGE``, else the POSIX locale
    variables in gettext's order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    forced = os.environ.get(ENV_VAR, "").strip()
    if forced:
        return best_language([forced])
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "").strip()
        if value:
            if value in ("C", "POSIX") or value.startswith(("C.", "POSIX.")):
                return DEFAULT
            return best_language(value.split(":"))
    return DEFAULT


def set_language(code: str | None) -> str:
    """Speak ``code`` ("de"; None: the environment's choice) from now on; returns the code in
    force (English when there is no catalogue for ``code``)."""
    global _translation, _language
    chosen = language_from_environment() if code is None else best_language([code])
    if chosen == DEFAULT:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[chosen])
    _language = chosen
    _translate_argparse()
    return chosen


def language() -> str:
    """The code of the language in force ("en", "de", …)."""
    return _language


def decimal_separator() -> str:
    """The decimal separator a reader of the current language expects: "." or ","."""
    return pgettext("decimal separator", ".")


# A decimal point between two digits (1.25, −0.7071, 1.2e+05, "= 0.5." at a sentence's end), not
# a full stop after a sentence or a number ("3 updates."), nor a point of a longer run of numbers
# and dots ("1.2.3" is a version).
_DECIMAL = re.compile(r"(?<!\d\.)(?<!\d)(\d+)\.(\d+)(?!\.\d)(?!\d)")
# A vector's coordinates, "(1.25, −0.5)": with a decimal comma they are separated by semicolons,
# as German, French and Spanish texts write (1,25; −0,5).
_VECTOR = re.compile(r"\(([−\-+]?[\d.]+(?:e[+\-−]?\d+)?(?:, [−\-+]?[\d.]+(?:e[+\-−]?\d+)?)+)\)")


def display_numbers(text: str) -> str:
    """``text`` with each decimal point written as the current language's separator, for the
    window's labels only (files, exports and the command line keep the point). With a decimal
    comma, a vector's coordinates are separated by semicolons: "(1.25, −0.5)" → "(1,25; −0,5)"."""
    sep = decimal_separator()
    if sep == ".":
        return text
    if sep == ",":
        text = _VECTOR.sub(lambda m: "(" + m.group(1).replace(", ", "; ") + ")", text)
    return _DECIMAL.sub(lambda m: f"{m.group(1)}{sep}{m.group(2)}", text)


def _translate_argparse() -> None:
    # argparse looks its own words up ("usage: ", "options", "show this help message and exit")
    # through the module-level names `_` and `ngettext` it imported from gettext; pointing them
    # at this catalogue translates the help of every parser, whenever it is printed.
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
