"""The main window: canvas in the middle, the data table on the left, the algorithm and the
live panel on the right, the proof plots below. It composes widgets and wires menus; all
state lives in the :class:`~perceptron_gui.session.session.Session`."""
from __future__ import annotations

from pathlib import Path

from PySide6 import QtCore, QtGui, QtWidgets

from ...i18n import N_, _
from ...session.document import APP_NAME, Document
from ...session.recent_files import RecentFiles
from ...session.session import Session
from ...session.state_dir import default_state_dir
from ..canvas.canvas import Canvas
from ..canvas.feature_picker import FeaturePicker
from ..dialogs.export_dialog import install_export_actions
from ..files.file_actions import FileActions, ViewRange
from ..kit import ui_thread
from ..kit.accessible import name_widget
from ..kit.message_bar import MessageBanner
from ..kit.user_text import install_plain_text_policy, window_title
from ..kit.view_wiring import connect_events
from ..panels.live_panel import LivePanel
from ..panels.narration_panel import DOCK_TITLE as NARRATION_DOCK
from ..panels.narration_panel import NarrationPanel
from ..panels.picker import AlgorithmPicker
from ..panels.playback_bar import PlaybackBar
from ..panels.weight_dock import install_weight_dock
from ..panels.weight_space_dock import install_weight_space_dock
from ..plots.curve_actions import install_curve_actions
from ..plots.epoch_plot import EpochPlot
from ..plots.proof_curves import ProofCurves
from ..plots.proof_plots import AnglePlot
from ..table.data_table import PointTable
from ..table.epoch_table import EpochTable
from .actions import build_actions, leave_predicting
from .dock_width import DockWidthKeeper
from .keyboard import PlaybackKeys
from .language import install_language_menu, start_language
from .lesson_menu import install_lesson_menu
from .presentation import install_presentation
from .status import StatusBar
from .themes import install_theme_menu

Qt = QtCore.Qt
DEFAULT_SIZE = QtCore.QSize(1600, 1000)  # the first size on a large screen
# What a window manager adds around the window (title bar, borders): unknown before the window
# is shown, so the first size leaves this much of the screen free.
FRAME_ALLOWANCE = QtCore.QSize(16, 40)
PLAYBACK_ACTIONS = ("play", "next_update", "prev_update", "next_visit", "prev_visit", "next_epoch", "prev_epoch",
                    "to_start", "to_end", "predict")


class MainWindow(QtWidgets.QMainWindow):
    """The application window over one :class:`Session`."""

    def __init__(self, session: Session | None = None) -> None:
        super().__init__()
        install_plain_text_policy()  # file content never renders as HTML (see user_text.py)
        ui_thread.install()  # results of background work reach this thread through it
        self.session = session or Session(post=ui_thread.post)
        if not self.session.runner.has_dispatcher:  # a session made without one (a script's)
            self.session.set_dispatcher(ui_thread.post)
        s = self.session
        state_dir = default_state_dir()
        start_language(state_dir)  # before any text of the window is made: each is made in this language
        self.setLocale(QtCore.QLocale())  # made before the choice: its number fields follow it from here
        self.document = Document(s, RecentFiles(state_dir, background=True))  # the open file; the title follows it
        self.setWindowTitle(APP_NAME)
        self.canvas = Canvas(s)
        self.banner = MessageBanner()
        self.playback = PlaybackBar(s)
        centre = QtWidgets.QWidget()
        col = QtWidgets.QVBoxLayout(centre)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(2)
        self.feature_picker = FeaturePicker(s, self.canvas)
        col.addWidget(self.feature_picker)
        col.addWidget(self.banner.slot())  # above the plot, never over it: messages hide no data
        col.addWidget(self.canvas, 1)
        col.addWidget(self.playback)
        self.setCentralWidget(centre)

        self.table = PointTable(s)
        self.picker = AlgorithmPicker(s)
        self.live_panel = LivePanel(s)
        self.angle_plot = AnglePlot(s)
        self.proof_curves = ProofCurves(s)
        self.epoch_plot = EpochPlot(s)
        self.epoch_table = EpochTable(s)
        right = QtWidgets.QWidget()
        rcol = QtWidgets.QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        algo_box = QtWidgets.QGroupBox(_("Algorithm"))
        QtWidgets.QVBoxLayout(algo_box).addWidget(self.picker)
        rcol.addWidget(algo_box)
        scroll = QtWidgets.QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.live_panel)
        scroll.setFrameShape(QtWidgets.QFrame.Shape.NoFrame)
        # The panel's values wrap, so it scrolls vertically only: the area is never narrower
        # than the panel's minimum plus the vertical scroll bar.
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        panel_min = max(self.live_panel.minimumWidth(), self.live_panel.minimumSizeHint().width())
        scroll.setMinimumWidth(panel_min + scroll.style().pixelMetric(QtWidgets.QStyle.PixelMetric.PM_ScrollBarExtent))
        self.live_scroll = scroll
        name_widget(scroll, _("Live panel"), _("The numbers of the step shown, the data set, the convergence proof "
                                               "and the losses"))
        rcol.addWidget(scroll, 1)
        self.docks: dict[str, QtWidgets.QDockWidget] = {}
        self._dock(N_("Data"), self.table, Qt.DockWidgetArea.LeftDockWidgetArea)
        self._dock(N_("Algorithm and live panel"), right, Qt.DockWidgetArea.RightDockWidgetArea)
        self._dock(N_("Angle to θ*"), self.angle_plot, Qt.DockWidgetArea.BottomDockWidgetArea)
        # A row, not a splitter: the table keeps the width of its columns (never cut, never a
        # sideways scroll bar) and the plot takes the rest at any window width.
        per_epoch = QtWidgets.QWidget()
        per_epoch_row = QtWidgets.QHBoxLayout(per_epoch)
        per_epoch_row.setContentsMargins(0, 0, 0, 0)
        per_epoch_row.setSpacing(4)
        per_epoch_row.addWidget(self.epoch_plot, 1)
        per_epoch_row.addWidget(self.epoch_table, 0)
        self._dock(N_("Per epoch"), per_epoch, Qt.DockWidgetArea.BottomDockWidgetArea)
        # A tab of the per-epoch dock, beside the angle plot (three plots need its width); closed
        # at first: its tab bar would take 26 px from the per-epoch plot on a 1024×768 projector.
        # View → Proof as curves opens it (and brings it to the front).
        self._dock(N_("Proof as curves"), self.proof_curves, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.docks["Per epoch"], self.docks["Proof as curves"])
        self.docks["Per epoch"].raise_()
        self.docks["Proof as curves"].hide()
        # Beside the canvas, under the live panel; shown only while d is a square (8×8 digits).
        self.weight_image = install_weight_dock(self, s, self.docks)
        # The dual picture: hidden until View → Weight space opens it.
        self.weight_space = install_weight_space_dock(self, s, self.canvas, self.docks)
        # What each step did, in words; also the canvas's accessible description (announced).
        # A tab beside the per-epoch plot, closed at first: View → Narration opens it.
        self.narration = NarrationPanel(s, self.canvas)
        self._dock(NARRATION_DOCK, self.narration, Qt.DockWidgetArea.BottomDockWidgetArea)
        self.tabifyDockWidget(self.docks["Per epoch"], self.docks[NARRATION_DOCK])
        self.docks["Per epoch"].raise_()
        self.docks[NARRATION_DOCK].hide()
        self._size_docks(DEFAULT_SIZE)
        # Narrowed and widened again, the live panel gets its width back (its values wrap below it).
        self.live_width = DockWidthKeeper(self, self.docks["Algorithm and live panel"])

        self.status = StatusBar(s)
        self.setStatusBar(self.status)
        # The File menu first (it is the first menu), then the others; one dict for the tests.
        self.file_actions = FileActions(self, self.document, self.banner, self.show_view, state_dir)
        self.actions_by_name = build_actions(self, self.file_actions.actions)
        install_export_actions(self)
        install_curve_actions(self, self.proof_curves, self.actions_by_name)
        install_lesson_menu(self)  # before Help: one action opens each scene of the notes
        self.actions_by_name.update(install_theme_menu(self, state_dir))  # View → Theme, the saved one applied
        view_menu = self.findChild(QtWidgets.QMenu, "view_menu")
        assert view_menu is not None  # build_actions made it
        self.actions_by_name.update(install_language_menu(self, view_menu, state_dir))  # View → Language
        install_presentation(self)  # F5
        self.keys = PlaybackKeys(self, [self.actions_by_name[n] for n in PLAYBACK_ACTIONS], home=self.canvas,
                                 on_escape=self._on_escape)
        connect_events(self, [
            (s.message, self._on_message),
            (self.document.changed, lambda: self.setWindowTitle(window_title(self.document.title()))),
            (s.points_changed, lambda change: self.banner.clear_stale(data_replaced=change.kind == "reset")),
        ])
        self.canvas.setFocus(Qt.FocusReason.OtherFocusReason)  # the playback keys work from the start

    def fit_to(self, available: QtCore.QRect, frame: QtCore.QSize = FRAME_ALLOWANCE) -> None:
        """Take the default size, or less so that the window and its frame fit ``available``
        (a screen's ``availableGeometry()``); the docks share the width so the canvas keeps room."""
        size = QtCore.QSize(min(DEFAULT_SIZE.width(), available.width() - frame.width()),
                            min(DEFAULT_SIZE.height(), available.height() - frame.height()))
        self.resize(size)
        # Centred in the free area, so the frame cannot push the status bar off the screen.
        self.move(available.x() + (available.width() - size.width() - frame.width()) // 2,
                  available.y() + (available.height() - size.height() - frame.height()) // 2)
        self._size_docks(size)

    def _size_docks(self, size: QtCore.QSize) -> None:
        """Dock sizes for a window of ``size``: generous on a large screen, at their minimum on a
        1024-px projector, where the canvas and the playback bar need the rest."""
        def share(total: int, fraction: float, lo: int, hi: int) -> int:
            return int(min(hi, max(lo, fraction * total)))

        self.resizeDocks([self.docks["Data"], self.docks["Algorithm and live panel"]],
                         [share(size.width(), 0.19, 260, 300), share(size.width(), 0.235, 220, 370)],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.docks["Angle to θ*"]], [share(size.height(), 0.24, 150, 210)], Qt.Orientation.Vertical)
        # The per-epoch tab group would take most of the row (its tab's three plots ask for room).
        self.resizeDocks([self.docks["Angle to θ*"], self.docks["Per epoch"]],
                         [int(0.4 * size.width()), int(0.6 * size.width())], Qt.Orientation.Horizontal)

    def _dock(self, title: str, widget: QtWidgets.QWidget, area: Qt.DockWidgetArea) -> QtWidgets.QDockWidget:
        """A dock shown as ``title`` translated; known by the English ``title`` (``docks``, saved state)."""
        dock = QtWidgets.QDockWidget(_(title), self)
        dock.setObjectName(title)
        name_widget(dock, _(title))
        dock.setWidget(widget)
        dock.setFeatures(QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetMovable
                         | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetClosable
                         | QtWidgets.QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, dock)
        self.docks[title] = dock
        return dock

    # ---- messages --------------------------------------------------------------------
    def _on_escape(self) -> None:
        """Escape: leaves predict-then-reveal when it is on (presentation mode's own Escape does it
        while presenting), and closes the message above the canvas."""
        presenting = getattr(getattr(self, "presentation", None), "active", False)
        if not presenting:
            leave_predicting(self)
        self.banner.dismiss()

    def _on_message(self, level: str, text: str) -> None:
        self.banner.show_message(level, text)

    # ---- files (the File menu's work; these two are what scripts and tests call) ----------
    @property
    def file_path(self) -> Path | None:
        """The open file (see :class:`Document`)."""
        return self.document.path

    def open_csv(self, path: str | None = None) -> bool:
        """Open a data CSV; a bad file gives a message box and keeps the current data."""
        return self.file_actions.open_csv(path)

    def save_csv(self, path: str | None = None) -> bool:
        """Save the data as CSV (a dialog when ``path`` is None)."""
        return self.file_actions.save_csv(path)

    def show_view(self, view: ViewRange | None) -> None:
        """Show a saved view range, or fit the view to the data for None."""
        if view is None:
            self.canvas.fit_view()
            return
        (x0, x1), (y0, y1) = view
        self.canvas.view_box.setRange(xRange=(x0, x1), yRange=(y0, y1), padding=0.0)

    def closeEvent(self, event: QtGui.QCloseEvent) -> None:  # noqa: N802
        self.session.set_playing(False)
        self.session.runner.cancel()
        super().closeEvent(event)
