"""File → Export figure / animation and the toolbar's Export button.

:func:`install_export_actions` adds the entries to a built main window. Every export has a
method taking its settings and a path (:meth:`ExportActions.export_figure`,
:meth:`ExportActions.export_animation`), so tests and scripts skip the dialogs; without a path
the method asks with a dialog (:mod:`.figure_dialog`, :mod:`.animation_dialog`). The files
are written by :mod:`perceptron_gui.gui.figures.plots` and :mod:`perceptron_gui.gui.figures.animation`,
the code ``perceptron-gui export`` runs, over a frozen copy of the session
(:class:`~perceptron_gui.export.source.ExportSession`), so the window's own views, playhead
and view range are never touched.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6 import QtCore, QtGui, QtWidgets

from ...core.errors import UserError
from ...export.tikz_fit import TikzSize
from ...i18n import DEFAULT, N_, _, language
from ..figures.animation import MP4_HINT, AnimationJob, AnimationSettings, mp4_available
from ..figures.plots import FIGURES, MAX_WIDTH_PX, MIN_WIDTH_PX, ExportSession, ViewOptions, export_figure
from .animation_dialog import AnimationDialog, AnimationRunner
from .figure_dialog import FIGURE_TITLES, FigureDialog, FigureSettings, export_sentence

__all__ = ["install_export_actions", "ExportActions", "FigureSettings", "FigureDialog", "AnimationDialog",
           "AnimationRunner"]

Qt = QtCore.Qt
FORMAT_FILTERS = {"png": N_("PNG images (*.png)"), "svg": N_("SVG drawings (*.svg)"),
                  "pdf": N_("PDF documents (*.pdf)"), "tikz": N_("TikZ pictures (*.tex)"),
                  "gif": N_("Animated GIF (*.gif)"), "mp4": N_("MP4 video (*.mp4)")}  # shown with _()
SUFFIX = {"png": ".png", "svg": ".svg", "pdf": ".pdf", "tikz": ".tex", "gif": ".gif", "mp4": ".mp4"}
PLOT_ASPECT = 1.6  # the proof plots' docks are wide strips; on a slide a 16:10 shape reads better


def install_export_actions(win: Any) -> ExportActions:
    """Add File → Export figure…, Export animation as GIF…/MP4…, and an Export button on the
    main toolbar. Call once the window's menus exist (at the end of its ``__init__``); a second
    call returns the first one's object (also ``win.export_actions``)."""
    existing = getattr(win, "export_actions", None)
    if isinstance(existing, ExportActions):
        return existing
    ea = ExportActions(win)
    win.export_actions = ea
    return ea


class ExportActions(QtCore.QObject):
    """The export actions of one main window (see :func:`install_export_actions`)."""

    def __init__(self, win: Any) -> None:
        super().__init__(win)
        self.win = win
        self.session = win.session
        self.actions: dict[str, QtGui.QAction] = {}
        self.runner: AnimationRunner | None = None
        self._build()
        win.installEventFilter(self)

    def eventFilter(self, obj: QtCore.QObject, ev: QtCore.QEvent) -> bool:  # noqa: N802
        # Closing the window cancels an animation being written (its partial file is removed).
        if obj is self.win and ev.type() == QtCore.QEvent.Type.Close and self.runner is not None:
            self.runner.cancel()
        return False

    # ---- menu and toolbar ------------------------------------------------------------------
    def _build(self) -> None:
        win = self.win
        file_menu, before = win.file_actions.menu, win.file_actions.exports_before  # the File menu's slot for them

        def add(name: str, text: str, slot: Any, shortcut: str | None = None, tip: str = "") -> QtGui.QAction:
            a = QtGui.QAction(text, win)
            if shortcut:
                a.setShortcut(QtGui.QKeySequence(shortcut))
                a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            a.setToolTip(tip or text.replace("&", "").rstrip("…"))
            a.setStatusTip(tip)
            a.triggered.connect(lambda *_args: slot())
            win.addAction(a)
            file_menu.insertAction(before, a)
            self.actions[name] = a
            if hasattr(win, "actions_by_name"):
                win.actions_by_name[name] = a
            return a

        file_menu.insertSeparator(before) if before is not None else file_menu.addSeparator()
        fig = add("export_figure", _("Export &figure…"), self.export_figure, "Ctrl+E",
                  _("The canvas, the angle plot or the per-epoch plot for slides: PNG, SVG, PDF or TikZ"))
        # TRANSLATORS: the toolbar button of File → Export figure….
        fig.setIconText(_("Export"))
        add("export_gif", _("Export animation as &GIF…"), lambda: self.export_animation(fmt="gif"),
            tip=_("The run frame by frame (per update or per example visit) as an animated GIF"))
        if mp4_available():
            add("export_mp4", _("Export animation as &MP4…"), lambda: self.export_animation(fmt="mp4"),
                tip=_("The run frame by frame as an H.264 video"))
        else:
            # TRANSLATORS: {hint} is the command that installs it (pip install '…').
            a = add("export_mp4", _("Export animation as MP4 (needs: {hint})").format(hint=MP4_HINT), lambda: None,
                    tip=_("MP4 needs the optional ffmpeg package: {hint}, then restart").format(hint=MP4_HINT))
            a.setEnabled(False)
        toolbar = win.findChild(QtWidgets.QToolBar, "main toolbar")
        if toolbar is not None:
            toolbar.addSeparator()
            toolbar.addAction(fig)

    # ---- what is exported --------------------------------------------------------------------
    def _source(self) -> ExportSession | None:
        s = self.session
        if s.result is None or s.busy:
            self.win.banner.show_message(
                "error", _("There is no finished run to export yet; wait for training to finish or add points."))
            return None
        return ExportSession.from_session(s)

    def view_options(self, figure: str = "canvas") -> ViewOptions:
        """The canvas's switches and view range; the shape of the figure on screen (canvas) or 16:10."""
        opts = ViewOptions.from_canvas(self.win.canvas)
        if figure != "canvas":
            opts.aspect = PLOT_ASPECT
        curves = getattr(self.win, "proof_curves", None)
        if curves is not None:  # View → Curves after the playhead
            opts.after_playhead = curves.after_playhead
        return opts

    def screen_width(self, figure: str) -> int:
        """The width of the figure on screen (the 1× of the scale)."""
        curves = getattr(getattr(self.win, "proof_curves", None), "plots", {})
        widget = {"canvas": self.win.canvas, "angle": getattr(self.win, "angle_plot", None),
                  "epochs": getattr(self.win, "epoch_plot", None), **curves}.get(figure) or self.win.canvas
        return max(MIN_WIDTH_PX, widget.width())

    def pixel_width(self, s: FigureSettings) -> int:
        w = s.width if s.width is not None else int(round(s.scale * self.screen_width(s.figure)))
        return max(MIN_WIDTH_PX, min(MAX_WIDTH_PX, int(w)))

    # ---- figures -------------------------------------------------------------------------------
    def export_figure(self, path: str | Path | None = None, settings: FigureSettings | None = None) -> bool:
        """Write a figure; without ``path`` a dialog asks for the settings and the file."""
        source = self._source()
        if source is None:
            return False
        if path is None:
            dlg = FigureDialog(self, settings or FigureSettings())
            if dlg.exec() != QtWidgets.QDialog.DialogCode.Accepted:
                return False
            settings = dlg.settings()
            # TRANSLATORS: the file dialog's title; {figure} is an entry of the Figure box as written there
            # ("Angle to θ*"; English writes it in lower case): e.g. "Export: {figure}".
            path = _ask_path(self.win, _("Export {figure}").format(figure=_figure_in_title(settings.figure)),
                             settings.fmt, self._suggest(settings.figure, settings.fmt))
            if path is None:
                return False
        settings = settings or FigureSettings(fmt=_fmt_of(path, "png"))
        options = self.view_options(settings.figure)
        options.compact_legend = settings.compact_legend
        if settings.width is not None and settings.height is not None:  # the PNG's exact size
            options.aspect = settings.width / settings.height
        try:
            if settings.fmt == "tikz":
                options.tikz_size = TikzSize(width=settings.tikz_width or None,
                                             height=settings.tikz_height or None, legend=settings.legend)
            export_figure(source, path, settings.fmt, figure=settings.figure, width=self.pixel_width(settings),
                          options=options, transparent=settings.transparent)
        except (UserError, OSError) as exc:
            self.win.banner.show_message("error", export_sentence(exc, path))
            return False
        # TRANSLATORS: {figure} is a description in lower case ("the canvas", "the per-epoch plot").
        self.win.banner.show_message("info", _("Exported {figure} to {file}.").format(
            figure=FIGURES[settings.figure], file=Path(path).name))
        return True

    # ---- animations ----------------------------------------------------------------------------
    def export_animation(self, path: str | Path | None = None, settings: AnimationSettings | None = None,
                         fmt: str = "gif", figure: str = "canvas") -> AnimationRunner | None:
        """Start writing an animation; returns its runner (None when nothing was started).

        Without ``path`` a dialog asks. The frames are rendered a few at a time from a timer,
        under a progress dialog with Cancel, so the window stays responsive.
        """
        if self.runner is not None and self.runner.state == "running":
            self.win.banner.show_message("error", _("An animation is being written; wait for it or cancel it first."))
            return None
        source = self._source()
        if source is None:
            return None
        if path is None:
            dlg = AnimationDialog(self, source, fmt, settings, figure)
            if dlg.exec() != QtWidgets.QDialog.DialogCode.Accepted:
                return None
            settings, fmt, figure = dlg.settings(), dlg.fmt(), dlg.figure()
            path = _ask_path(self.win, _("Export animation"), fmt, self._suggest(figure, fmt))
            if path is None:
                return None
        try:
            job = AnimationJob(source, path, figure=figure, settings=settings or AnimationSettings(),
                               options=self.view_options(figure), fmt=fmt)
        except (UserError, OSError) as exc:
            self.win.banner.show_message("error", export_sentence(exc, path))
            return None
        self.runner = AnimationRunner(job, self.win)
        self.runner.start()
        return self.runner

    def _suggest(self, figure: str, fmt: str) -> str:
        p = getattr(self.win, "file_path", None)
        stem = Path(p).name.split(".")[0] if p else "perceptron"
        folder = Path(p).parent if p else Path.cwd()
        return str(folder / f"{stem}-{figure}{SUFFIX[fmt]}")


def _fmt_of(path: str | Path, default: str) -> str:
    suffix = Path(path).suffix.lower()
    return {v: k for k, v in SUFFIX.items()}.get(suffix, default)


def _figure_in_title(figure: str) -> str:
    """The Figure box's entry for ``figure`` inside the file dialog's title: in lower case in
    English ("Export angle to θ*"), as written in the box in a translation (its nouns keep their case)."""
    title = _(FIGURE_TITLES[figure])
    return title.lower() if language() == DEFAULT else title


def _ask_path(parent: QtWidgets.QWidget, title: str, fmt: str, suggestion: str) -> Path | None:
    chosen, __ = QtWidgets.QFileDialog.getSaveFileName(parent, title, suggestion,
                                                       _(FORMAT_FILTERS[fmt]) + ";;" + _("All files (*)"))
    if not chosen:
        return None
    p = Path(chosen)
    return p if p.suffix else p.with_suffix(SUFFIX[fmt])
