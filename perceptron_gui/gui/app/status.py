"""The status bar with the run's verdict (the message strip above the canvas is in message_bar.py)."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from ...core.algorithms import REGISTRY
from ...core.novikoff import max_updates
from ...core.run import stop_sentence
from ...core.shown_verdict import shown_verdict
from ...i18n import N_, _, display_numbers, ngettext
from ...render.formatting import fmt_bound, fmt_int, fmt_pct
from ...render.learner_rows import run_bound
from ...session.estimate import offers_ratchet, progress_sentence
from ...session.session import Session
from ..kit.view_wiring import DragThrottle, connect_events

Qt = QtCore.Qt

SUMMARY_TIP = N_("How the last run ended, compared with Novikoff's bound (R/γ)², and whether the data is "
               "linearly separable.")
PROGRESS_TIP = N_("The epoch under way and the time left, from the speed of the run so far (visits per "
                "second); \"at most\" when the run may stop early, as it does once an epoch makes no update.")
RATCHET_TIP = N_("Restart this run with Gallant's pocket with ratchet: it counts all points only when the "
               "current weights get more points right in a row than the pocket's did, so it makes far "
               "fewer counts. Sets the pocket's \"Pocket check\" to ratchet; set it back to every in the "
               "algorithm's parameters.")


class StatusBar(QtWidgets.QStatusBar):
    """Converged after N updates in E epochs (against the bound) or stopped, with the
    separability verdict; a progress bar and a cancel button while a big run trains."""

    def __init__(self, session: Session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.summary = ElidedLabel()
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # the verdict may quote a data set's title
        # A long verdict must not widen the window: the label takes the room there is, ends
        # in "…" when cut, and the whole text is in its tooltip.
        self.summary.setSizePolicy(QtWidgets.QSizePolicy.Policy.Ignored, QtWidgets.QSizePolicy.Policy.Preferred)
        self.summary.setMinimumWidth(100)
        self.summary.setToolTip(_(SUMMARY_TIP))
        self.progress = QtWidgets.QProgressBar()
        self.progress.setMinimumWidth(260)
        self.progress.setFormat(_("training… epoch %v of %m"))
        self.progress.setToolTip(_(PROGRESS_TIP))
        self.progress.hide()
        self.ratchet_btn = QtWidgets.QPushButton(_("Use the ratchet (faster)"))
        self.ratchet_btn.setToolTip(_(RATCHET_TIP))
        self.ratchet_btn.clicked.connect(self._use_ratchet)
        self.ratchet_btn.hide()
        self.cancel_btn = QtWidgets.QPushButton(_("Cancel"))
        self.cancel_btn.setToolTip(_("Stop the training that is running; the last finished run stays on screen."))
        self.cancel_btn.clicked.connect(session.cancel)
        self.cancel_btn.hide()
        self.addWidget(self.summary, 1)
        self.addPermanentWidget(self.progress)
        self.addPermanentWidget(self.ratchet_btn)
        self.addPermanentWidget(self.cancel_btn)
        # Released with the panel and plots during a drag; the end of a background run goes
        # through the same gate, so the verdict never shows a run the panel does not show yet.
        self._refresh_with_views = DragThrottle(self, session, lambda *_args: self.refresh())
        connect_events(self, [(session.run_changed, self._refresh_with_views),
                              (session.busy_changed, self._on_busy),
                              (session.progress_changed, self._on_progress)])
        self.refresh()

    def refresh(self) -> None:
        text = display_numbers(summary_text(self.session))  # the window's decimal separator
        self.summary.setText(text)
        self.summary.setToolTip(f"{_(SUMMARY_TIP)}\n\n{text}")

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_btn.setVisible(busy)
        self.ratchet_btn.hide()
        if busy and self.session.preparing:
            self.progress.setRange(0, 0)
            self.progress.setFormat(_("preparing…"))
            self.summary.setText(_("Preparing the training code: the first start after installing compiles it "
                                   "(a few seconds, once); the run follows."))
        elif busy:
            self.progress.setRange(0, 0)
            self.progress.setFormat(_("training…"))
            self.summary.setText(_("Training… the picture shows the last finished run until this one is done."))
        else:
            self._refresh_with_views()

    def _on_progress(self, epoch: int, total: int) -> None:
        estimate = self.session.runner.estimate
        text = display_numbers(progress_sentence(epoch, total, estimate))
        self.progress.setRange(0, total)
        self.progress.setValue(epoch)
        self.progress.setFormat(text.replace("%", "%%"))
        # Grow only: a width that follows each new estimate re-lays out the whole window, and a
        # canvas resized ten times a second redraws its 10⁶ points each time (0.7 s a report).
        need = self.progress.fontMetrics().horizontalAdvance(text) + 30
        if need > self.progress.minimumWidth():
            self.progress.setMinimumWidth(need + 40)  # room for the next estimates' digits
        offer = offers_ratchet(self.session.algorithm, self.session.current_params(), estimate)
        self.ratchet_btn.setVisible(self.session.busy and offer)

    def _use_ratchet(self) -> None:
        self.ratchet_btn.hide()
        self.session.set_param("check", "ratchet")  # restarts the run, like any parameter edit


class ElidedLabel(QtWidgets.QLabel):
    """A one-line label that ends in "…" when its text does not fit (rather than being cut off
    mid-word with nothing saying so); :meth:`full_text` is the whole text."""

    def __init__(self, text: str = "", parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt's name
        self._full = text
        self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, ev) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(ev)
        self._elide()

    def _elide(self) -> None:
        width = max(self.contentsRect().width(), 1)
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        if shown != super().text():
            super().setText(shown)


def summary_text(session: Session) -> str:
    """One line: how the run ended, against the bound, and the separability verdict."""
    res = session.result
    if res is None:
        return session.error or _("No run yet.")
    rec = res.record
    if rec.n == 0:
        return _("No training points: click on the canvas to add some (right click for the other class).")
    K, E = rec.num_updates, rec.epochs_run
    # numbers as the live panel writes them
    upd = ngettext("{n} update", "{n} updates", K).format(n=fmt_int(K))
    ep = ngettext("{n} epoch", "{n} epochs", E).format(n=fmt_int(E))
    if rec.stop_reason == "converged" and REGISTRY[rec.algorithm].lifts:
        head = _("Converged on the lifted points after {updates} in {epochs}; on the original features the "
                 "drawn separator errs on {error} (points with their own dimension)").format(
            updates=upd, epochs=ep, error=fmt_pct(rec.epochs[-1].train_error))
    elif rec.stop_reason == "converged":
        head = _("Converged after {updates} in {epochs}").format(updates=upd, epochs=ep)
    elif rec.stop_reason == "fixed_epochs":
        head = (_("Ran its {epochs} ({updates}), separating the data in the last") if rec.converged
                else _("Ran its {epochs} ({updates})")).format(updates=upd, epochs=ep)
    elif (stopped := stop_sentence(rec)):   # memory_cap, vote_cap: why, and what to do
        head = stopped.rstrip(".")
    elif rec.stop_reason == "cancelled":
        head = _("Cancelled after {epochs} ({updates})").format(updates=upd, epochs=ep)
    else:
        head = _("Stopped at the epoch limit after {updates} in {epochs}").format(updates=upd, epochs=ep)
    tho = res.theory
    bound, formula = run_bound(res)  # the learner's own bound: (R² + 2β)/γ² for the margin perceptron
    if bound is not None:
        head += " — " + _("bound {formula} = {bound}").format(formula=formula, bound=fmt_bound(bound))
        if rec.stop_reason == "converged" and rec.params.get("init", "zero") == "zero":
            head += " ✓" if K <= (max_updates(bound) or 0) else " " + _("(exceeded?)")
    verdict = shown_verdict(tho.verdict) if tho is not None else ""
    return _("{summary}.  Data: {verdict}.").format(summary=head, verdict=verdict) if verdict else head + "."
