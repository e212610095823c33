"""The live panel: the numbers of the current frame and of Novikoff's convergence proof.

It reads the session's run and playhead and redraws on ``run_changed`` and
``playhead_changed`` only. The proof rows follow notes 003: after k updates w·θ* ≥ kγ and
‖w‖² ≤ kR², so cos∠(w, θ*) ≥ √k·γ/R, which cannot exceed 1, hence k ≤ (R/γ)².
"""
from __future__ import annotations

import numpy as np
from PySide6 import QtCore, QtGui, QtWidgets

from ...core import novikoff
from ...core.algorithms import REGISTRY
from ...core.algorithms.kernel import in_feature_space, kernel_formula
from ...core.errors import UserError
from ...i18n import _, display_numbers
from ...render import learner_rows
from ...render.formatting import DASH, NA, check_mark, fmt, fmt_bound, fmt_count_pct, fmt_deg, fmt_equation, fmt_int, fmt_vec
from ...session.frame import Frame
from ...session.param_commands import parse_start
from ..kit.accessible import describe_value, name_widget
from ..kit.view_wiring import DragThrottle, connect_events
from .live_rows import ROWS, SPACES, lemma_margin_of, mistake_bound_note, no_theta_sentence, separable_text

__all__ = ["LivePanel", "meter_colours", "meter_style_sheet"]

MIN_WIDTH = 200  # px: the captions plus a number; values wrap below this
METER_FILL_SHARE = 0.35  # the meter's fill: this much of the highlight over the field's colour

class LivePanel(QtWidgets.QWidget):
    """The numbers of the playhead's frame, the data set, Novikoff's proof and the losses.

    Parameters
    ----------
    session : Session
        Read on ``run_changed`` and ``playhead_changed``; never written.
    parent : QWidget, optional

    ``value_label(key)`` returns the label of a row (keys as in :data:`ROWS`), for tests.
    """

    def __init__(self, session, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self._labels: dict[str, QtWidgets.QLabel] = {}
        self._captions: dict[str, QtWidgets.QLabel] = {}
        self._form = QtWidgets.QFormLayout(self)
        self._form.setFieldGrowthPolicy(QtWidgets.QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(QtCore.Qt.AlignmentFlag.AlignLeft)
        self._form.setHorizontalSpacing(10)
        self._form.setVerticalSpacing(3)
        self._form.setContentsMargins(8, 6, 8, 6)
        for key, caption, tip in ROWS:
            caption, tip = _(caption), (_(tip) if tip else "")
            if key.startswith("#"):
                self._add_header(caption, first=key == "#now")
                if key == "#proof":
                    self.note = self._make_label(word_wrap=True)
                    name_widget(self.note, _("Proof note"))
                    self._form.addRow(self.note)
                continue
            cap = QtWidgets.QLabel(caption)
            cap.setToolTip(tip)
            if key == "start":
                self.start_edit = QtWidgets.QLineEdit()
                self.start_edit.setToolTip(tip)
                self.start_edit.setPlaceholderText("w₀; b₀")
                self.start_edit.returnPressed.connect(self._type_start)
                name_widget(self.start_edit, _("start w₀; b₀"), tip)
                self._form.addRow(cap, self.start_edit)
            elif key == "meter":
                self.meter = QtWidgets.QProgressBar()
                self.meter.setRange(0, 1000)
                self.meter.setTextVisible(True)
                self.meter.setMaximumHeight(18)
                self.meter.setToolTip(tip)
                name_widget(self.meter, _("k against the bound"), tip)
                self._style_meter()
                self._form.addRow(cap, self.meter)
            else:
                # Every value wraps between words, so a narrow panel (a 1024-px projector) grows
                # taller and scrolls vertically instead of cutting text or scrolling sideways.
                val = self._make_label(word_wrap=True)
                val.setToolTip(tip)
                name_widget(val, caption)  # the quantity; its description is the value (_set)
                self._labels[key] = val
                self._form.addRow(cap, val)
            self._captions[key] = cap
        self.setMinimumWidth(MIN_WIDTH)
        # Never squeezed below its rows' height (that clips text): a short window scrolls instead.
        self.setSizePolicy(QtWidgets.QSizePolicy.Policy.Preferred, QtWidgets.QSizePolicy.Policy.Minimum)
        self._lemma: tuple[float, float] | None = None
        # Released with the plots during a drag, so the panel and the plots show one run.
        connect_events(self, [(session.run_changed, DragThrottle(self, session, self._on_run_changed)),
                              (session.playhead_changed, DragThrottle(self, session, self._refresh)),
                              (session.frame_changed, DragThrottle(self, session, self._refresh))])
        self._on_run_changed(session.result)

    # ---- building -------------------------------------------------------------------------
    def _add_header(self, text: str, first: bool) -> None:
        head = QtWidgets.QLabel(text)
        font = head.font()
        font.setBold(True)
        head.setFont(font)
        head.setContentsMargins(0, 0 if first else 8, 0, 1)
        self._form.addRow(head)

    def _make_label(self, word_wrap: bool = False) -> QtWidgets.QLabel:
        lab = QtWidgets.QLabel(_(NA))
        lab.setTextFormat(QtCore.Qt.TextFormat.PlainText)
        lab.setTextInteractionFlags(QtCore.Qt.TextInteractionFlag.TextSelectableByMouse)
        lab.setWordWrap(word_wrap)
        return lab

    def _style_meter(self) -> None:
        """The meter's text over its fill in the text's own colour: the fill is a light tint of
        the highlight (a dark one in the dark theme), not the style's full highlight, which
        hid the dark text it covered. Made again when the palette changes (View → Theme)."""
        sheet = meter_style_sheet(self.palette())
        if self.meter.styleSheet() != sheet:
            self.meter.setStyleSheet(sheet)

    def changeEvent(self, event: QtCore.QEvent) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == QtCore.QEvent.Type.PaletteChange and hasattr(self, "meter"):
            self._style_meter()

    def sizeHint(self) -> QtCore.QSize:  # noqa: N802 - Qt override
        return QtCore.QSize(340, super().sizeHint().height())

    # ---- reading ----------------------------------------------------------------------------
    def value_label(self, key: str) -> QtWidgets.QLabel:
        return self._labels[key]

    def caption(self, key: str) -> str:
        """The caption a row shows now ("(R/γ)²", the margin perceptron's "(R²+2β)/γ²", …)."""
        return self._captions[key].text()

    def text(self, key: str) -> str:
        """The text a row shows (the meter's text for ``"meter"``, the note for ``"note"``)."""
        if key == "meter":
            return self.meter.text()
        if key == "note":
            return self.note.text()
        return self._labels[key].text()

    def proof_theory(self):
        """The Theory the proof rows use: the lifted one for a lifted run, else the data's."""
        res = self.session.result
        return None if res is None else res.proof_theory

    # ---- updating ----------------------------------------------------------------------------
    def _type_start(self) -> None:
        """Enter in the start field: train again from the typed start (one undo step)."""
        s = self.session
        offset = "start_b" in s.current_params()
        try:
            w, b = parse_start(self.start_edit.text(), s.points.d, offset)
        except UserError as exc:
            s.message.emit("error", str(exc))
            return
        changes: dict[str, object] = {"init": "custom", "start_w": w}
        if b is not None:
            changes["start_b"] = b
        s.set_params(changes, label=_("Type the start"))

    def _show_start(self, result) -> None:
        """The run's start w₀ (and b₀ with an offset), unless the field is being edited."""
        if self.start_edit.hasFocus() and self.start_edit.isModified():
            return
        if result is None:
            self.start_edit.clear()
            return
        rec = result.record
        w0, b0 = rec.w_b(0)
        text = ", ".join(f"{v:.6g}" for v in w0) + (f"; {b0:.6g}" if rec.offset else "")
        self.start_edit.setText(text)
        self.start_edit.setModified(False)

    def _show(self, key: str, visible: bool) -> None:
        widget = self._labels.get(key, self.meter if key == "meter" else None)
        if widget is not None:
            self._form.setRowVisible(widget, visible)

    def _set(self, key: str, text: str) -> None:
        text = display_numbers(text)  # the language's decimal separator, in the window only
        lab = self._labels[key]
        if lab.text() != text:  # setText re-lays out the form; skip it when nothing changed
            lab.setText(text)
            describe_value(lab, text)

    def _on_run_changed(self, result) -> None:
        """Rows that depend on the run only: the data set, which rows exist, the tooltips."""
        self._show_start(result)
        learner = None if result is None else REGISTRY[result.record.algorithm]
        lifted = learner is not None and learner.lifts
        offset = result is not None and result.record.offset
        x, space = SPACES["lifted" if lifted else "offset" if offset else "plain"]
        for key, _caption, tip in ROWS:
            if key in self._labels:
                self._labels[key].setToolTip(_(tip).format(x=x, space=_(space)))
                self._captions[key].setToolTip(self._labels[key].toolTip())
        for key, cap in (("R", "R"), ("gamma", "γ"), ("bound", "(R/γ)²")):
            self._captions[key].setText(cap.replace("R", "R̃").replace("γ", "γ̃") if lifted else cap)
        # From a non-zero start (init "first") the proof's bounds shift by w₀'s own values.
        shifted = result is not None and result.proof is not None and result.proof.norm_sq[0] > 0
        self._captions["dot"].setText("w·θ* ≥ w₀·θ*+kγ" if shifted else "w·θ* ≥ kγ")
        self._captions["norm_sq"].setText("‖w‖² ≤ ‖w₀‖²+kR²" if shifted else "‖w‖² ≤ kR²")
        for key, lab in self._labels.items():  # the captions just changed: the names follow
            lab.setAccessibleName(self._captions[key].text())
        self._show("output", learner is not None and learner.output_differs)
        self._show("output_error", learner is not None and learner.output_differs)
        self._show("pocket", learner is not None and learner.keeps_pocket)
        self._show("slack", lifted)
        self._show("gamma_lemma", lifted)
        self._show("tau", learner is not None and learner.steps_own_size)
        self._show("margin_reached", learner is not None and learner.margin_rule)
        self._show("support", learner is not None and learner.dual)
        # The dual form always starts at α = 0: no hand-set start.
        self._form.setRowVisible(self.start_edit, learner is None or not learner.dual)
        curved = result is not None and not in_feature_space(result.record)
        for key in ("w", "norm_w", "margin"):  # a curved boundary has no w (f lives in the feature space)
            self._show(key, not curved)
        self._captions["equation"].setText(_("boundary") if curved else _("hyperplane"))
        beta = learner_rows.margin_of(result)
        if beta is not None:  # the margin perceptron's proof: R² + 2β where the perceptron has R²
            self._captions["bound"].setText(learner_rows.margin_bound_caption(beta))
            self._captions["norm_sq"].setText("‖w‖² ≤ k(R²+2β)" if not shifted else "‖w‖² ≤ ‖w₀‖²+k(R²+2β)")
        self._show("b", offset)
        self._lemma = lemma_margin_of(result) if lifted else None
        tho = self.proof_theory()
        n_test = 0 if result is None or result.test is None else result.test.n
        self._set("points", _(NA) if result is None else _("{train} training, {test} test").format(
            train=fmt_int(result.train.n), test=fmt_int(n_test)))
        self._set("separable", separable_text(result))
        self._set("R", fmt(None if tho is None or result.train.n == 0 else tho.R))
        self._set("gamma", fmt(None if tho is None else tho.gamma))
        self._set("theta", fmt_vec(None if tho is None else tho.theta_star, digits=3, clean=True))
        self._set("bound", learner_rows.margin_bound_text(result) if beta is not None
                  else fmt_bound(None if tho is None else tho.bound))
        lem = self._lemma
        self._set("gamma_lemma", _(NA) if lem is None else _("{gamma_prime} (≤ γ̃, with γ = {gamma})").format(
            gamma_prime=fmt(lem[0]), gamma=fmt(lem[1])))
        self._refresh()

    def _refresh(self) -> None:
        res = self.session.result
        if res is None:
            for key in self._labels:
                self._set(key, _(NA))
            self.note.setText(_("No run yet: add points or load a preset."))
            self._set_proof_visible(False)
            return
        rec = res.record
        fr = self.session.frame()
        if fr is None:
            return  # big data: the new run's first frame is on its way (frame_changed)
        k = fr.k
        self._set("k", _("{k} of {total}").format(k=fmt_int(k), total=fmt_int(rec.num_updates)))
        last = max(rec.epochs_run - 1, 0)
        self._set("epoch", _("start (before epoch 0 of 0–{last})").format(last=fmt_int(last)) if fr.t < 0
                  else _("{epoch} of epochs 0–{last}").format(epoch=fmt_int(fr.epoch), last=fmt_int(last)))
        if fr.visit_index is None:
            self._set("visit", _("none yet (start)"))
        else:
            # Rows count from 1 here, as in the point table's row header.
            self._set("visit", (_("row {row} → update") if fr.visit_updated else _("row {row} → no update"))
                      .format(row=fr.visit_index + 1))
        self._set("w", fmt_vec(fr.w))
        self._set("b", fmt(fr.b))
        self._set("norm_w", fmt(float(np.linalg.norm(fr.w))))
        if fr.kernel_scores is not None:
            self._set("equation", f"f(x) = 0, {kernel_formula(rec.extras['kernel'])}")
        else:
            self._set("equation", fmt_equation(fr.w, fr.b, fr.offset))
        learner = REGISTRY[rec.algorithm]
        if learner.dual:
            self._set("support", _("{count} of {total} points (Σ α = {k})").format(
                count=fmt_int(fr.alpha_points.size), total=fmt_int(rec.n), k=fmt_int(k)))
        self._set("margin", _(NA) + " (w = 0)" if fr.dataset_margin is None and rec.n else fmt(fr.dataset_margin))
        self._set("train_error", fmt_count_pct(fr.train_error, res.train.n))
        self._set("test_error", _("{dash} (no test set)").format(dash=DASH) if res.test is None or res.test.n == 0
                  else fmt_count_pct(fr.test_error, res.test.n))
        self._set("output", fr.output_label or _(NA))
        if fr.output_error_sample is None:
            self._set("output_error", fmt_count_pct(fr.output_train_error, res.train.n))
        else:
            self._set("output_error", _("{error}, a random sample of the {n} points").format(
                error=fmt_count_pct(fr.output_train_error, fr.output_error_sample), n=fmt_int(res.train.n)))
        self._set("slack", _("{count} of {total} points").format(count=fmt_int(fr.slack_points.size),
                                                                 total=fmt_int(rec.n)))
        if learner.steps_own_size:
            self._set("tau", learner_rows.tau_text(fr))
        elif learner.margin_rule:
            self._set("margin_reached", learner_rows.margin_promise_text(res, fr))
        self._set("perceptron_loss", fmt(fr.perceptron_loss))
        self._set("hinge_loss", fmt(fr.hinge_loss))
        self._set("pocket", _(NA) if fr.pocket_count is None else
                  _("{count} of {total} (w after update {k})").format(
                      count=fmt_int(fr.pocket_count), total=fmt_int(rec.n), k=fmt_int(fr.pocket_k)))
        self._refresh_proof(res, fr)

    def _set_proof_visible(self, visible: bool) -> None:
        for key in ("meter", "dot", "norm_sq", "cos", "angle"):
            self._show(key, visible)
        self.note.setVisible(not visible)

    def _refresh_proof(self, res, fr: Frame) -> None:
        proof, tho = res.proof, self.proof_theory()
        self._set_proof_visible(proof is not None)
        if proof is None:
            self.note.setText(display_numbers(no_theta_sentence(res) + mistake_bound_note(res, fr.k)))
            return
        k = min(fr.k, len(proof.k) - 1)
        # The bound from this run's start: (R/γ)² from w₀ = 0, larger or smaller from w₀ = y₁x₁.
        bound = novikoff.updates_bound(tho.gamma, res.proof_R, float(proof.dot[0]), float(proof.norm_sq[0]))
        self.meter.setValue(int(round(1000 * min(1.0, k / bound))) if bound else 0)
        self.meter.setFormat(display_numbers(_("k = {k} of at most {bound}").format(
            k=fmt_int(k), bound=fmt_int(novikoff.max_updates(bound)))))
        tol = 1e-9 * max(1.0, abs(proof.dot_lower[k]), proof.norm_sq_upper[k])
        self._set("dot", f"{fmt(proof.dot[k])} ≥ {fmt(proof.dot_lower[k])} "
                  + check_mark(proof.dot[k] >= proof.dot_lower[k] - tol))
        self._set("norm_sq", f"{fmt(proof.norm_sq[k])} ≤ {fmt(proof.norm_sq_upper[k])} "
                  + check_mark(proof.norm_sq[k] <= proof.norm_sq_upper[k] + tol))
        cos, low = proof.cos[k], proof.cos_lower[k]
        holds = None if np.isnan(cos) else bool(cos >= low - 1e-12)
        self._set("cos", f"{fmt(cos)} ≥ {fmt(low)} {check_mark(holds)}".rstrip()
                  + (" (w = 0)" if np.isnan(cos) else ""))
        self._set("angle", f"{fmt_deg(proof.angle_deg[k])} ≤ {fmt_deg(proof.angle_bound_deg[k])}")


def meter_colours(palette: QtGui.QPalette) -> dict[str, QtGui.QColor]:
    """The meter's colours in ``palette``: its field (base), text, fill and border."""
    role = QtGui.QPalette.ColorRole
    base, text, high = palette.color(role.Base), palette.color(role.Text), palette.color(role.Highlight)
    a = METER_FILL_SHARE
    fill = QtGui.QColor.fromRgbF(*(a * h + (1 - a) * b for h, b in ((high.redF(), base.redF()),
                                                                      (high.greenF(), base.greenF()),
                                                                      (high.blueF(), base.blueF()))))
    return {"base": base, "text": text, "fill": fill, "border": palette.color(role.Mid)}


def meter_style_sheet(palette: QtGui.QPalette) -> str:
    c = {k: v.name() for k, v in meter_colours(palette).items()}
    return (f"QProgressBar {{ background: {c['base']}; color: {c['text']}; border: 1px solid {c['border']}; "
            "border-radius: 3px; text-align: center; }"
            f" QProgressBar::chunk {{ background: {c['fill']}; border-radius: 2px; }}")
