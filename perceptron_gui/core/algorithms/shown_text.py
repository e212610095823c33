"""A learner's text, kept in English and read in the current language (:class:`ShownText`)."""
from __future__ import annotations

from typing import Any

from ...i18n import _

__all__ = ["ShownText", "translate_class_text", "TRANSLATED_TRAITS"]

# The class attributes of a learner a reader sees (the picker, the help, the figures' headers, a
# run's summary); each is English in the source, marked with N_(), and read translated.
TRANSLATED_TRAITS = ("title", "description", "final_weights_name", "heading_name", "step_text")


class ShownText:
    """A class attribute holding English text (a string or a tuple of strings), read through the
    catalogue at every access: ``cls.title`` is the title in the language in force, and
    ``english`` is the text as written (what a file would keep)."""

    def __init__(self, english: Any) -> None:
        self.english = english

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        if isinstance(self.english, str):
            return _(self.english) if self.english else self.english
        if isinstance(self.english, tuple):
            return tuple(_(t) if isinstance(t, str) and t else t for t in self.english)
        return self.english


def translate_class_text(cls: type) -> None:
    """Replace the class's own English traits (:data:`TRANSLATED_TRAITS`) by :class:`ShownText`."""
    for name in TRANSLATED_TRAITS:
        value = cls.__dict__.get(name)
        if isinstance(value, (str, tuple)):
            setattr(cls, name, ShownText(value))
