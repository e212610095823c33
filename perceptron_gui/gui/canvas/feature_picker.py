"""What the canvas shows of data with more than two features: a projection or two features."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from ...i18n import N_, _
from ...render.projection import PCA, W_THETA
from ...session.session import Session
from ..kit.view_wiring import connect_events
from .canvas import Canvas

# The projections come first: with hundreds of features (MNIST has 784) two raw features show
# little, and the axis combos below would bury PCA at item 785.
VIEWS = (
    (PCA, N_("PCA: the two directions of largest spread"),
     N_("Project the points on their first two principal components; the axes say how much of "
        "the variance each one holds.")),
    (W_THETA, N_("Plane of w and θ*"),
     N_("The plane spanned by θ* (the max-margin normal) and the run's output w: the separator "
        "and θ*'s hyperplane both show as lines; needs separable data (else PCA is shown).")),
    ("features", N_("Two features…"), N_("Show two of the features against each other.")),
)


class FeaturePicker(QtWidgets.QWidget):
    """A *View* combo (PCA, the plane of w and θ*, two features), and for two features the x
    and y combos; visible only for d > 2. PCA is the default."""

    def __init__(self, session: Session, canvas: Canvas, parent: QtWidgets.QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.canvas = canvas
        self.view_combo = QtWidgets.QComboBox()
        for _key, text, tip in VIEWS:
            self.view_combo.addItem(_(text))
            self.view_combo.setItemData(self.view_combo.count() - 1, _(tip), QtCore.Qt.ItemDataRole.ToolTipRole)
        self.view_combo.setToolTip(_("How the canvas shows data with more than two features"))
        self.x_combo = QtWidgets.QComboBox()
        self.y_combo = QtWidgets.QComboBox()
        self.x_combo.setToolTip(_("Feature on the horizontal axis"))
        self.y_combo.setToolTip(_("Feature on the vertical axis"))
        self.against = QtWidgets.QLabel(_("against"))
        row = QtWidgets.QHBoxLayout(self)
        row.setContentsMargins(4, 0, 4, 0)
        row.addWidget(QtWidgets.QLabel(_("View:")))
        row.addWidget(self.view_combo)
        row.addWidget(self.x_combo)
        row.addWidget(self.against)
        row.addWidget(self.y_combo)
        self.note = QtWidgets.QLabel(_("(the hyperplane is cut through the mean of the hidden directions)"))
        self.note.setStyleSheet("color: #555;")
        # Wrapped, not one long line: on one line it set the window's minimum width, and with
        # PCA's view a 1280-px screen could not hold the window.
        self.note.setWordWrap(True)
        self.note.setMinimumWidth(self.note.fontMetrics().horizontalAdvance("through the mean of the"))
        row.addWidget(self.note, 1)
        row.addStretch(0)  # the room when the note is hidden (two features or fewer)
        self._names: tuple[str, ...] = ()
        self._updating = False
        self.view_combo.currentIndexChanged.connect(self._on_choice)
        self.x_combo.currentIndexChanged.connect(self._on_choice)
        self.y_combo.currentIndexChanged.connect(self._on_choice)
        connect_events(self, [(session.points_changed, lambda *_args: self.refresh())])
        self.refresh()

    def view(self) -> str:
        """The chosen view's key: PCA, W_THETA or "features"."""
        return VIEWS[max(self.view_combo.currentIndex(), 0)][0]

    def refresh(self) -> None:
        names = tuple(self.session.points.feature_names)
        self.setVisible(len(names) > 2)
        if names == self._names:
            return
        self._names = names
        self._updating = True
        try:
            for combo, default in ((self.x_combo, 0), (self.y_combo, 1)):
                combo.clear()
                combo.addItems(list(names))
                combo.setCurrentIndex(min(default, len(names) - 1))
            choice = self.canvas.view_choice
            index = next((i for i, (key, _t, _tip) in enumerate(VIEWS) if key == choice), 2)
            self.view_combo.setCurrentIndex(index)
        finally:
            self._updating = False
        self._show_feature_combos()

    def _show_feature_combos(self) -> None:
        two = self.view() == "features"
        for w in (self.x_combo, self.against, self.y_combo):
            w.setVisible(two)

    def _on_choice(self, *_args: object) -> None:
        self._show_feature_combos()
        if self._updating or len(self._names) <= 2:
            return
        view = self.view()
        if view != "features":
            self.canvas.set_view(view)
            return
        i, j = self.x_combo.currentIndex(), self.y_combo.currentIndex()
        if i == j:
            self.session.message.emit("error", _("Choose two different features for the two axes."))
        else:
            self.canvas.set_features(i, j)
