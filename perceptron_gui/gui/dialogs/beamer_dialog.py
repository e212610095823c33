"""File → Export as Beamer slides…: the options the command line's ``export --beamer`` has
(one overlay per update, example visit or epoch's end; a range of updates; the ``animate``
package), asked in one dialog that counts the overlays as they change.

The count and its limit are :func:`perceptron_gui.export.beamer.beamer_steps`' (the writer's
own rule), so the dialog never promises slides the writer refuses.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6 import QtWidgets

from ...core.errors import UserError
from ...export.beamer import MAX_OVERLAYS, beamer_steps
from ...export.beamer_handout import PER_FRAME, handout_pages
from ...i18n import N_, _, ngettext

__all__ = ["BeamerSettings", "BeamerDialog", "default_settings", "fallback_note", "overlay_count"]

FRAME_TITLES = {"update": N_("Each update"), "visit": N_("Each example visit"),
                "epoch": N_("Each epoch's end")}  # the Overlays box's entries, shown with _()


@dataclass
class BeamerSettings:
    """What :func:`~perceptron_gui.export.beamer.write_beamer` is asked for."""

    frames: str = "update"
    k_from: int = 0
    k_to: int | None = None  # None: to the last update
    animate: bool = False
    show_update: bool = False  # the previous hyperplane and the update's vectors in each overlay
    show_point_margins: bool = False  # each point's signed margin in each overlay
    handout: bool = False  # export/beamer_handout.py: no overlays, a storyboard of PER_FRAME updates a frame


def default_settings(result: Any) -> BeamerSettings:
    """One overlay per update; per epoch's end when the updates are more than the overlay cap."""
    per_epoch = result is not None and result.record.num_updates + 1 > MAX_OVERLAYS
    return BeamerSettings(frames="epoch" if per_epoch else "update")


def fallback_note(result: Any, s: BeamerSettings) -> str | None:
    """Why these are per epoch's end, when they are the fallback of :func:`default_settings`."""
    if s.frames == "epoch" and (s.k_from, s.k_to) == (0, None) and default_settings(result).frames == "epoch":
        return _("One overlay per epoch's end: the run's {updates} updates are more than {most}.").format(
            updates=result.record.num_updates, most=MAX_OVERLAYS)
    return None


def overlay_count(result: Any, s: BeamerSettings) -> tuple[int | None, str]:
    """The number of overlays (pages) these settings make, or None and the writer's sentence why not;
    for a handout, its frames (one page each)."""
    try:
        if s.handout:
            return len(handout_pages(result, s.k_from, s.k_to)), ""
        return int(beamer_steps(result, s.frames, s.k_from, s.k_to).size), ""
    except UserError as exc:
        return None, str(exc)


class BeamerDialog(QtWidgets.QDialog):
    """Steps (update / visit / epoch), From and To (updates), and the animate option."""

    def __init__(self, parent: QtWidgets.QWidget | None, result: Any, initial: BeamerSettings) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Export as Beamer slides"))
        self.run_result = result
        k_max = int(result.record.num_updates)
        form = QtWidgets.QFormLayout(self)
        self.frames_box = QtWidgets.QComboBox()
        for name, title in FRAME_TITLES.items():
            self.frames_box.addItem(_(title), name)
        self.frames_box.setToolTip(_("What one overlay (one page of the PDF) shows the end of."))
        self.from_spin = QtWidgets.QSpinBox()
        self.from_spin.setRange(0, k_max)
        self.to_spin = QtWidgets.QSpinBox()
        self.to_spin.setRange(0, k_max)
        for spin, tip in ((self.from_spin, _("The first overlay shows the weights before this update.")),
                          (self.to_spin, _("The last overlay shows the weights after this update."))):
            spin.setToolTip(tip)
            # TRANSLATORS: after the number of the From and To boxes ("3   of 12 updates"); keep the spaces.
            spin.setSuffix(_("   of {k} updates").format(k=k_max))
        self.animate_box = QtWidgets.QCheckBox(_("One page that plays the steps (LaTeX animate package)"))
        self.animate_box.setToolTip(_("Plays in Adobe Reader and Okular; other PDF viewers show the first step only."))
        # TRANSLATORS: w_{k−1} is a formula, not a placeholder: keep it as it is.
        self.update_box = QtWidgets.QCheckBox(_("The update: the previous hyperplane and w_{k−1} + y·x = w_k"))
        self.update_box.setToolTip(_("As the notes draw an update: the old line solid, the new one dashed, and the "
                                     "vectors to scale (as --beamer-update writes it)."))
        self.margins_box = QtWidgets.QCheckBox(_("Each point's margin y·(w·x + b)/‖w‖ beside it"))
        self.margins_box.setToolTip(_("As the View menu's margins beside the points (as --beamer-margins writes it)."))
        self.handout_box = QtWidgets.QCheckBox(
            _("A handout to print: no overlays, {n} updates to a frame").format(n=PER_FRAME))
        self.handout_box.setToolTip(_("Each frame a storyboard of its updates, the hyperplane before and after each "
                                      "(as --beamer-handout writes it); every viewer and printer shows each page "
                                      "whole."))
        self.count_label = QtWidgets.QLabel()
        self.count_label.setWordWrap(True)
        form.addRow(_("Overlays:"), self.frames_box)
        form.addRow(_("From update:"), self.from_spin)
        form.addRow(_("To update:"), self.to_spin)
        form.addRow("", self.animate_box)
        form.addRow(_("Each overlay:"), self.update_box)
        form.addRow("", self.margins_box)
        form.addRow(_("Handout:"), self.handout_box)
        form.addRow("", self.count_label)
        buttons = QtWidgets.QDialogButtonBox(QtWidgets.QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.addButton(_("Export…"), QtWidgets.QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.frames_box.setCurrentIndex(max(0, self.frames_box.findData(initial.frames)))
        self.from_spin.setValue(initial.k_from)
        self.to_spin.setValue(k_max if initial.k_to is None else initial.k_to)
        self.animate_box.setChecked(initial.animate)
        self.update_box.setChecked(initial.show_update)
        self.margins_box.setChecked(initial.show_point_margins)
        self.handout_box.setChecked(initial.handout)
        for sig in (self.frames_box.currentIndexChanged, self.from_spin.valueChanged, self.to_spin.valueChanged,
                    self.animate_box.toggled, self.handout_box.toggled):
            sig.connect(self._refresh)
        self._refresh()

    def settings(self) -> BeamerSettings:
        k_to = self.to_spin.value()
        handout = self.handout_box.isChecked()  # each update, no overlays to animate, no margins in small panels
        return BeamerSettings(frames="update" if handout else self.frames_box.currentData(),
                              k_from=self.from_spin.value(), k_to=None if k_to == self.to_spin.maximum() else k_to,
                              animate=self.animate_box.isChecked() and not handout,
                              show_update=self.update_box.isChecked(),
                              show_point_margins=self.margins_box.isChecked() and not handout, handout=handout)

    def _refresh(self, *_args: Any) -> None:
        s = self.settings()
        for widget in (self.frames_box, self.animate_box, self.margins_box):
            widget.setEnabled(not s.handout)
        if s.k_to is not None and s.k_to < s.k_from:
            n, why = None, _("From must not be after To; move one of them.")
        else:
            n, why = overlay_count(self.run_result, s)
        if n is None:
            # The writer's sentence names the command line's options; the dialog names its own boxes.
            self.count_label.setText(why.replace("(--from, --to)", _("(From, To)")).replace(
                "(--frames epoch)", _("(Overlays: each epoch's end)")))
        else:
            pages = (_("one page that plays them") if s.animate
                     else ngettext("{n} page in the PDF", "{n} pages in the PDF", n).format(n=n))
            if s.handout:
                # TRANSLATORS: {pages} is "one page that plays them" or "3 pages in the PDF".
                self.count_label.setText(ngettext("{n} frame of up to {per_frame} updates: {pages} (compile with "
                                                  "pdflatex).",
                                                  "{n} frames of up to {per_frame} updates: {pages} (compile with "
                                                  "pdflatex).", n).format(n=n, per_frame=PER_FRAME, pages=pages))
            else:
                # TRANSLATORS: {pages} is "one page that plays them" or "3 pages in the PDF".
                self.count_label.setText(ngettext("{n} overlay: {pages} (compile with pdflatex).",
                                                  "{n} overlays: {pages} (compile with pdflatex).", n).format(
                                                      n=n, pages=pages))
        self.ok_button.setEnabled(n is not None)
