"""Undo/redo over commands: each stack holds the commands that revert the last step."""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import _
from .commands import Change, Command
from .points import PointSet


def _shown(text: str) -> str:
    # A command's name is English marked with N_ (or already translated where it was made with
    # a file's name in it); "" stays "" (gettext would answer the catalogue's header).
    return _(text) if text else text


@dataclass
class _Step:
    inverse: Command
    text: str


class History:
    """Undo and redo stacks. A step is stored as the inverse of the command that made it."""

    def __init__(self, limit: int = 1000) -> None:
        self.limit = limit
        self._undo: list[_Step] = []
        self._redo: list[_Step] = []
        self.clean_index: int | None = 0  # undo depth at which the document was saved
        self.version = 0  # counts every change of the state; a save taken at version v is of that state

    def execute(self, command: Command, points: PointSet) -> Change:
        inverse, change = command.apply(points)
        self.version += 1
        text = command.text
        top = self._undo[-1] if self._undo else None
        merged = top.inverse.merge(inverse) if top is not None else None
        if merged is not None and top is not None and not self._redo:
            self._undo[-1] = _Step(merged, top.text)
            if self.clean_index == len(self._undo):
                self.clean_index = None
        else:
            self._undo.append(_Step(inverse, text))
            if self.clean_index is not None and self.clean_index >= len(self._undo):
                self.clean_index = None  # the saved state can no longer be reached by undo
            if len(self._undo) > self.limit:
                del self._undo[0]
                self.clean_index = None if self.clean_index in (None, 0) else self.clean_index - 1
        self._redo.clear()
        return change

    def undo(self, points: PointSet) -> Change | None:
        if not self._undo:
            return None
        step = self._undo.pop()
        redo, change = step.inverse.apply(points)
        self.version += 1
        self._redo.append(_Step(redo, step.text))
        return change

    def redo(self, points: PointSet) -> Change | None:
        if not self._redo:
            return None
        step = self._redo.pop()
        undo, change = step.inverse.apply(points)
        self.version += 1
        # A redone step is complete: a later move must not merge into it, even with its drag id.
        self._undo.append(_Step(_Sealed(undo), step.text))
        return change

    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo_text(self) -> str:
        """The name of the step Undo reverts, in the language in force ("" for none)."""
        return _shown(self._undo[-1].text) if self._undo else ""

    def redo_text(self) -> str:
        """The name of the step Redo repeats, in the language in force ("" for none)."""
        return _shown(self._redo[-1].text) if self._redo else ""

    def end_merge(self) -> None:
        """Close the current drag: the next move starts a new undo step even with the same id."""
        # Seal once: views may call this on every mouse release, and nested wrappers would
        # recurse on undo.
        if self._undo and not isinstance(self._undo[-1].inverse, _Sealed):
            self._undo[-1] = _Step(_Sealed(self._undo[-1].inverse), self._undo[-1].text)

    def mark_clean(self) -> None:
        self.clean_index = len(self._undo)

    def mark_clean_at(self, version: int) -> bool:
        """Mark the present state saved if it is still the one of ``version`` (a save written
        in the background while the user went on editing leaves the work unsaved)."""
        if version != self.version:
            return False
        self.mark_clean()
        return True

    def is_clean(self) -> bool:
        return self.clean_index == len(self._undo)

    def clear(self) -> None:
        self.version += 1
        self._undo.clear()
        self._redo.clear()
        self.clean_index = 0


class _Sealed(Command):
    """Wraps an inverse so it never merges again."""

    def __init__(self, inner: Command) -> None:
        self.inner = inner

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.inner.text

    def apply(self, points: PointSet) -> tuple[Command, Change]:
        return self.inner.apply(points)
