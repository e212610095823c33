"""The base of every error a user can cause.

A :class:`UserError` is a sentence for a message box or a terminal — what is wrong and what to
do — never a traceback. Each kind of problem has its own subclass next to the code that raises
it (``DatasetError`` for data, ``RunFileError``, ``SessionFileError``, the atomic writer's
``WriteError``, ``ExportError``, …); code that only needs to show the sentence catches
``UserError``, so a new kind never slips past a handler that was written for another.
"""
from __future__ import annotations

__all__ = ["UserError"]


class UserError(ValueError):
    """A problem the user caused and can fix; ``str(err)`` is one sentence.

    A ``ValueError`` so that code written before this base existed (``except ValueError``)
    still catches it.
    """
