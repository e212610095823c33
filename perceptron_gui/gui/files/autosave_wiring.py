"""Start-up of one window's autosave, and the offer to restore what a crash left.

Mixed into :class:`~perceptron_gui.gui.files.file_actions.FileActions`. The order matters: autosave
starts first, so nothing that happens while recovery is offered (a damaged file, an answer of
No, an error) can leave the window without autosave; then the folders the program knows are
cleared of temporaries a killed save left; then the newest autosave that no running window
owns is offered. A restored autosave is written into this window's own slot before the old
one is deleted, so a crash during recovery loses nothing either.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6 import QtWidgets

from ...core.atomic import remove_stale_temporaries
from ...core.errors import UserError
from ...i18n import N_, _
from ...session.autosave import Autosaver
from ...session.autosave_store import crashed_slots, read_recovered
from ...session.document import Document
from ...session.recent_files import RecentFiles
from ...session.session import Session
from ..kit.message_bar import MessageBanner
from ..kit.ui_thread import ui_call

RECOVERY_QUESTION = N_("Restore the work from your last session, which did not close normally?")  # shown translated
# Whatever a damaged autosave makes the reader raise, the window says one sentence and goes on.
_UNREADABLE = (UserError, OSError, ValueError, TypeError, KeyError, IndexError, RecursionError, MemoryError)


class AutosaveMixin:
    """Provides :meth:`start` and :meth:`offer_recovery`; the host provides ``window``,
    ``document``, ``session``, ``banner``, ``show_view``, ``state_dir``, ``autosave_delay_s``,
    ``recent``, ``_closed``, ``autosave_failed`` (a signal), ``ask_recovery`` and ``_can_ask``."""

    window: QtWidgets.QMainWindow
    document: Document
    session: Session
    banner: MessageBanner
    show_view: Callable[[Any], None]
    recent: RecentFiles
    state_dir: Path
    autosave_delay_s: float
    autosaver: Autosaver | None
    recovered_from: Path | None
    ask_recovery: Callable[[], bool]
    _closed: bool

    def start(self) -> None:
        """Start autosaving, clear stale temporaries, offer a crashed autosave (runs once)."""
        if self.autosaver is not None or self._closed:
            return
        self.autosaver = Autosaver(self.session, self.state_dir, self.autosave_delay_s,
                                   on_error=ui_call(self._autosave_failed))  # the thread holds no Qt object
        self.remove_stale_temporaries()
        if self._can_ask() or self.ask_recovery != self._ask_recovery_box:  # type: ignore[attr-defined]
            self.offer_recovery()

    def remove_stale_temporaries(self) -> list[Path]:
        """What killed saves left (hidden ``*.perceptron-tmp`` files older than a minute whose
        writer is gone) in the state folder and the folders of the recent files."""
        folders = [self.state_dir, *(p.parent for p in self.recent.paths())]
        return remove_stale_temporaries(folders)

    def offer_recovery(self, answer: bool | None = None) -> bool:
        """If a crash left an autosave, ask (or take ``answer``) and restore it; True if restored.

        No deletes it. A damaged one is set aside (renamed ``….bad-<time>``) with a sentence; one
        whose journal is damaged partway is restored up to the damage, and the banner says how much.
        """
        slots = crashed_slots(self.state_dir)
        try:
            if not slots:
                return False
            slot = slots[0]  # the newest; others are offered at the next start
            if not (self.ask_recovery() if answer is None else answer):
                slot.remove()
                return False
            try:
                recovered = read_recovered(slot.base)
            except _UNREADABLE as exc:
                reason = str(exc).split(";")[0].rstrip(".") or type(exc).__name__
                sentence = slot.set_aside(_("it could not be restored ({reason})").format(reason=reason))
                self.banner.show_message("error", sentence)
                return False
            # In no file yet: the title says "untitled *".
            said = self.document.recover(recovered.session, recovered.edits if recovered.damaged else None)
            self.show_view(self.session.view_range)
            self.recovered_from = slot.base
            if self.autosaver is not None:
                self.autosaver.flush()  # in this window's own autosave before the old one goes
            slot.remove()
            # Lost edits are an error's news: it stays until closed, where "restored" fades.
            self.banner.show_message("error" if recovered.damaged else "info", said)
            return True
        finally:
            for s in slots:
                s.release()

    def _ask_recovery_box(self) -> bool:
        B = QtWidgets.QMessageBox.StandardButton
        ans = QtWidgets.QMessageBox.question(self.window, _("Restore unsaved work?"), _(RECOVERY_QUESTION),
                                             B.Yes | B.No, B.Yes)
        return ans == B.Yes

    def _autosave_failed(self, message: str) -> None:
        # On the window's thread: the autosave thread's call was posted here (ui_thread).
        self.autosave_failed.emit(message)  # type: ignore[attr-defined]

    def _show_autosave_error(self, message: str) -> None:
        self.banner.show_message("error", _("Autosave failed: {message}").format(message=message))
