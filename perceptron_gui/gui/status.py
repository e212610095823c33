"""The message banner above the canvas and the status bar with the run's verdict."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from ..core.novikoff import max_updates
from ..session.session import Session
from .formatting import fmt_bound

Qt = QtCore.Qt

_BANNER_STYLE = {
    "error": "background: #FDE2E1; color: #8A1C12; border: 1px solid #E8A09A;",
    "info": "background: #E6F1FA; color: #0B3D63; border: 1px solid #A9CBE6;",
}


class MessageBanner(QtWidgets.QLabel):
    """A one-line message (error or information) that hides itself after a few seconds."""

    def __init__(self, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setContentsMargins(8, 4, 8, 4)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.hide()
        self._timer = QtCore.QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.hide)
        self.level = ""

    def show_message(self, level: str, text: str, seconds: float = 8.0) -> None:
        self.level = level
        self.setStyleSheet(_BANNER_STYLE.get(level, _BANNER_STYLE["info"]) + " border-radius: 3px; padding: 3px;")
        self.setText(("⚠ " if level == "error" else "ℹ ") + text)
        self._place()
        self.show()
        self.raise_()
        self._timer.start(int(seconds * 1000))

    def float_over(self, host: QtWidgets.QWidget) -> None:
        """Lie over the top of ``host`` instead of taking a row of a layout, so showing a
        message never moves the canvas under the mouse."""
        self.setParent(host)
        host.installEventFilter(self)
        self._place()

    def _place(self) -> None:
        host = self.parentWidget()
        if host is None:
            return
        width = max(100, host.width() - 16)
        self.setFixedWidth(width)
        self.setFixedHeight(self.heightForWidth(width) if self.hasHeightForWidth() else self.sizeHint().height())
        self.move(8, 6)

    def eventFilter(self, obj: QtCore.QObject, event: QtCore.QEvent) -> bool:  # noqa: N802
        if obj is self.parentWidget() and event.type() == QtCore.QEvent.Type.Resize:
            self._place()
        return False

    def clear_stale(self, edit_succeeded: bool = True, data_replaced: bool = False) -> None:
        """An error about a refused edit is stale once an edit succeeds; a note about the data
        (a preset's explanation) is stale once the data is replaced, by undo for instance."""
        if self.isVisible() and (self.level == "error" and edit_succeeded or data_replaced):
            self.hide()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - click to dismiss
        self.hide()


SUMMARY_TIP = ("How the last run ended, compared with Novikoff's bound (R/γ)², and whether the data is "
               "linearly separable.")


class StatusBar(QtWidgets.QStatusBar):
    """Converged after N updates in E epochs (against the bound) or stopped, with the
    separability verdict; a progress bar and a cancel button while a big run trains."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.summary = QtWidgets.QLabel()
        # A long verdict must not widen the window: the label takes the room there is, and
        # the whole text is in its tooltip.
        self.summary.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred)
        self.summary.setMinimumWidth(100)
        self.summary.setToolTip(SUMMARY_TIP)
        self.progress = QtWidgets.QProgressBar()
        self.progress.setMinimumWidth(260)
        self.progress.setFormat("training… epoch %v of %m")
        self.progress.hide()
        self.cancel_btn = QtWidgets.QPushButton("Cancel")
        self.cancel_btn.setToolTip("Stop the training that is running; the last finished run stays on screen.")
        self.cancel_btn.clicked.connect(session.cancel)
        self.cancel_btn.hide()
        self.addWidget(self.summary, 1)
        self.addPermanentWidget(self.progress)
        self.addPermanentWidget(self.cancel_btn)
        session.run_changed.connect(lambda *_: self.refresh())
        session.busy_changed.connect(self._on_busy)
        session.progress_changed.connect(self._on_progress)
        self.refresh()

    def refresh(self) -> None:
        text = summary_text(self.session)
        self.summary.setText(text)
        self.summary.setToolTip(f"{SUMMARY_TIP}\n\n{text}")

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_btn.setVisible(busy)
        if busy:
            self.progress.setRange(0, 0)
            self.summary.setText("Training… the picture shows the last finished run until this one is done.")
        else:
            self.refresh()

    def _on_progress(self, epoch: int, total: int) -> None:
        self.progress.setRange(0, total)
        self.progress.setValue(epoch)


def summary_text(session: Session) -> str:
    """One line: how the run ended, against the bound, and the separability verdict."""
    res = session.result
    if res is None:
        return session.error or "No run yet."
    rec = res.record
    if rec.n == 0:
        return "No training points: click on the canvas to add some (right click for the other class)."
    K, E = rec.num_updates, rec.epochs_run
    upd = f"{K} update{'s' if K != 1 else ''}"
    ep = f"{E} epoch{'s' if E != 1 else ''}"
    if rec.stop_reason == "converged" and rec.algorithm == "lifted":
        head = (f"Converged on the lifted points after {upd} in {ep}; on the original features the "
                f"drawn separator errs on {rec.epochs[-1].train_error:.0%} (points that needed their own "
                f"dimension may stay wrong there)")
    elif rec.stop_reason == "converged":
        head = f"Converged after {upd} in {ep}"
    elif rec.stop_reason == "fixed_epochs":
        head = f"Ran its {ep} ({upd})" + (", separating the data in the last" if rec.converged else "")
    elif rec.stop_reason == "cancelled":
        head = f"Cancelled after {ep} ({upd})"
    else:
        head = f"Stopped at the epoch limit after {upd} in {ep}"
    tho = res.theory
    if tho is not None and tho.bound is not None:
        head += f" — bound (R/γ)² = {fmt_bound(tho.bound)}"
        if rec.stop_reason == "converged" and rec.params.get("init", "zero") == "zero":
            head += " ✓" if K <= (max_updates(tho.bound) or 0) else " (exceeded?)"
    verdict = tho.verdict if tho is not None else ""
    return f"{head}.  Data: {verdict}." if verdict else head + "."
