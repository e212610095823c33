"""Start the application, or render the main window to a PNG and exit (``--screenshot``)."""
from __future__ import annotations

import gc
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...i18n import _

if TYPE_CHECKING:
    from ...session.start_file import StartFile


def prepare_environment(offscreen: bool) -> None:
    """Choose Qt's platform (offscreen with no display) and a private runtime folder, before Qt loads."""
    if offscreen or (not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY")
                     and sys.platform.startswith("linux") and "QT_QPA_PLATFORM" not in os.environ):
        # With no display Qt aborts with a misleading message; render offscreen instead.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    if "XDG_RUNTIME_DIR" not in os.environ and sys.platform.startswith("linux"):
        d = tempfile.mkdtemp(prefix="perceptron-gui-xdg-")
        os.chmod(d, 0o700)
        os.environ["XDG_RUNTIME_DIR"] = d


def make_window(preset: str | None = None, algorithm: str | None = None, prepare_in_background: bool = False,
                lesson: str | None = None, start: StartFile | None = None):
    """Build the main window with a preset loaded (the default one when ``preset`` is None), or
    with ``lesson`` opened (its data, algorithm, step and views), or with the file ``start``
    (``perceptron-gui FILE``; empty, the sentence in the banner, when it could not be read).

    ``prepare_in_background``: a run whose kernels are not loaded yet trains on the worker
    thread with "preparing…" shown (the window's own start: it shows at once even when the
    kernels must be compiled); tests and screenshots leave it off and get the run at once."""
    from PySide6 import QtWidgets

    from ...core.presets import DEFAULT_PRESET
    from .main_window import MainWindow

    app = QtWidgets.QApplication.instance()
    assert app is not None
    win = MainWindow()
    win.session.prepare_in_background = prepare_in_background
    if algorithm:  # chosen first, so the preset trains once with it and its message is true
        win.session.set_algorithm(algorithm)
    if lesson is not None:
        from .lesson_menu import open_lesson
        open_lesson(win, lesson)
    elif start is not None:
        from .start_file import open_start_file
        open_start_file(win, start, algorithm)
    else:
        win.session.load_preset(preset or DEFAULT_PRESET, switch=not algorithm)
    win.session.forget_history()  # the Undo action, set while the preset loaded, hears it
    win.document.mark_clean()  # the preset is where the work starts, not unsaved work
    return win


def freeze_startup_heap() -> None:
    """Keep the objects made at start-up (Qt, numpy, numba, the modules: about a million) out of
    Python's full garbage collections from now on. A full collection walks every tracked
    object; with them it took 55–87 ms and landed inside a drag step now and then (the longest
    drag step of bench_window.py at n = 10,000 was 120–150 ms, of which 85 ms was that
    collection). Objects made later are collected as usual; the frozen ones are freed by
    reference counting as before, only a cycle among them would stay (they live as long as
    the program anyway)."""
    gc.collect()
    gc.freeze()


# How long a thread may keep the GIL while another waits for it (CPython's default: 5 ms).
# The window's thread lets the GIL go at many of its Qt calls while it paints; with a worker
# running Python (an autosave writing 12,665 × 784 numbers as text) each return waited up to the
# whole interval: a jump of the playhead blocked the window 1.2 s, 31 ms at 0.5 ms.
SWITCH_INTERVAL_S = 0.0005


def set_up_own_process() -> None:
    """What the application's own process is set to (never a user's: ``show()`` runs in
    theirs): numpy's BLAS on one thread (:func:`single_thread_blas`), numpy's big arrays in
    small pages (core/pages.py: at 10⁶ points a drag makes fresh arrays every move, and its
    longest block was 47–96 ms in huge pages against 13–26 ms) and the GIL handed over sooner
    (:data:`SWITCH_INTERVAL_S`)."""
    from ...core.pages import use_small_pages

    single_thread_blas()
    use_small_pages()
    sys.setswitchinterval(SWITCH_INTERVAL_S)


def single_thread_blas() -> None:
    """Let numpy's BLAS (OpenBLAS, MKL, …) use one thread in the window's process.

    After each call OpenBLAS keeps its helper threads spinning for a while, waiting for the
    next one: a matrix-vector product over 10⁶ points (a frame's scores) kept one of two cores
    busy doing nothing, and the window's thread, starved, blocked 100–160 ms when a run
    started or arrived (perf: the BLAS server thread took a core while the window's thread got
    18 ms of CPU in a 142 ms block). The window's products are matrix-vector sized and its
    heavy loops are numba's, so one thread loses nothing worth the stall. ``threadpoolctl``
    (scikit-learn's) sets the BLAS libraries loaded already; the environment sets those
    loaded later (numba imports SciPy when it is installed, and SciPy brings its own
    OpenBLAS). Only the application's own process does this, never a user's (``show()`` runs
    in theirs)."""
    from threadpoolctl import threadpool_limits

    for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
        os.environ[name] = "1"
    threadpool_limits(1, user_api="blas")


def _raise_lesson_panel(win, lesson: str | None) -> None:
    """The lesson's dock in front, once the shown window has laid out its docks."""
    if lesson is None:
        return
    from PySide6 import QtWidgets

    from ...session.class_lessons import CLASS_LESSONS
    from ...session.lessons import get_lesson
    from .lesson_menu import raise_panel

    QtWidgets.QApplication.processEvents()
    if lesson not in CLASS_LESSONS:  # those open their own view, not a dock
        raise_panel(win, get_lesson(lesson).panel)


def run_app(argv: Sequence[str] | None = None, *, screenshot: str | None = None, preset: str | None = None,
            algorithm: str | None = None, step: str | None = None, size: tuple[int, int] | None = None,
            lesson: str | None = None, theme: str | None = None, presentation: bool = False,
            path: str | None = None) -> int:
    """Open the window (returns the exit code), or with ``screenshot`` save a PNG and exit.
    ``path`` opens a data CSV or a session file instead of a preset (a session shows its own
    step and view unless ``step`` is given); one that cannot be read leaves the window empty
    with the sentence, or with ``screenshot`` prints it and returns 2.
    ``lesson`` opens a lesson instead of a preset; it shows its own step unless ``step`` is given.
    ``theme`` ("light" or "dark") shows the window in that theme for this run (the saved choice
    stays); ``presentation`` opens it in presentation mode (F5)."""
    from ...core.algorithms import REGISTRY
    from ...core.presets import PRESETS

    if preset is not None and preset not in PRESETS:
        print(_("There is no preset '{preset}'; choose one of {choices}.").format(preset=preset, choices=", ".join(PRESETS)),
              file=sys.stderr)
        return 2
    if lesson is not None:
        from ...core.errors import UserError
        from ...session.lessons import check_lesson
        try:
            check_lesson(lesson)
        except UserError as exc:
            print(str(exc), file=sys.stderr)
            return 2
    if theme is not None:
        from ...core.errors import UserError
        from ...render.theme import theme_named
        try:
            theme_named(theme)
        except UserError as exc:
            print(str(exc), file=sys.stderr)
            return 2
    if algorithm is not None and algorithm not in REGISTRY:
        print(_("There is no algorithm '{algorithm}'; choose one of {choices}.").format(
            algorithm=algorithm, choices=", ".join(REGISTRY)), file=sys.stderr)
        return 2
    step_k: int | None = None
    if step is not None and step != "end":
        try:
            step_k = int(step)
            if step_k < 0:
                raise ValueError
        except ValueError:
            print(_("--step must be a whole number of updates (0 or more) or 'end', not '{step}'.").format(step=step),
                  file=sys.stderr)
            return 2
    start = None
    if path is not None:  # read before Qt starts: a bad file with no window to show it in costs no Qt
        from ...session.start_file import read_start_file
        start = read_start_file(path)
        if start.error is not None and screenshot is not None:
            print(start.error, file=sys.stderr)
            return 2
    opened_session = start is not None and start.kind == "session" and start.error is None
    prepare_environment(offscreen=screenshot is not None)
    set_up_own_process()
    from PySide6 import QtCore, QtGui, QtWidgets

    QtCore.QCoreApplication.setApplicationName("perceptron-gui")
    QtCore.QCoreApplication.setOrganizationName("perceptron-gui")
    app = cast(QtWidgets.QApplication, QtWidgets.QApplication.instance() or QtWidgets.QApplication([sys.argv[0], *(argv or [])]))
    app.setApplicationDisplayName("Perceptron GUI")
    win = make_window(preset, algorithm, prepare_in_background=screenshot is None, lesson=lesson, start=start)
    # A session shows the view it was saved with; anything else is fitted to its data.
    saved_view = win.session.view_range if opened_session else None
    if size is not None:  # a screenshot as on a screen of exactly this size, frame not included
        win.fit_to(QtCore.QRect(QtCore.QPoint(0, 0), QtCore.QSize(*size)), frame=QtCore.QSize(0, 0))
    elif screenshot is not None:  # the offscreen screen is 800×600: draw at the usual size instead
        win.fit_to(QtCore.QRect(0, 0, 1600, 1000), frame=QtCore.QSize(0, 0))
    else:
        win.fit_to(app.primaryScreen().availableGeometry())
    if theme is not None:
        from .themes import show_theme
        show_theme(win, theme)
    if screenshot is None:
        win.show()
        _raise_lesson_panel(win, lesson)
        if presentation:
            win.presentation.enter()
        win.show_view(saved_view)
        # Once the window has painted: the collection before the freeze takes about 70 ms.
        QtCore.QTimer.singleShot(500, freeze_startup_heap)
        undo = end_on_terminate(win)
        try:
            return app.exec()
        finally:
            undo()
            free_window(win)
    win.session.wait()
    if win.session.error is not None:  # the run was refused: the window shows this sentence, so say it and fail
        print(win.session.error, file=sys.stderr)
        win.close()
        return 2
    if step_k is not None:
        win.session.jump_to_update(step_k)
    elif (lesson is None and not opened_session) or step == "end":  # a lesson or a session shows its own step
        win.session.to_end()
    win.show()
    _raise_lesson_panel(win, lesson)
    if presentation:  # as on a full screen of that size (the offscreen screen is 800×800)
        full = QtCore.QSize(*(size or (1600, 1000)))
        win.presentation.enter(screen_height=full.height(), full_screen=False)
        win.setGeometry(QtCore.QRect(QtCore.QPoint(0, 0), full))
    win.show_view(saved_view)
    for _round in range(5):
        app.processEvents()
        QtCore.QThread.msleep(20)
    _settle_big_data(app, win)
    image: QtGui.QPixmap = win.grab()
    out = Path(screenshot)
    from ...core.atomic import atomic_write_bytes
    from ...core.errors import UserError

    buf = QtCore.QBuffer()
    buf.open(QtCore.QIODevice.OpenModeFlag.WriteOnly)
    try:
        if not image.save(buf, "PNG"):
            raise UserError(_("Could not write {name}: the PNG encoder failed; try again.").format(name=out.name))
        atomic_write_bytes(out, bytes(buf.data().data()), allow_empty=False)
    except UserError as exc:  # a WriteError: disk full, no such folder, permission
        print(str(exc), file=sys.stderr)
        return 2
    print(_("Saved {path} ({width}×{height}).").format(path=out, width=image.width(), height=image.height()))
    win.close()
    free_window(win)
    return 0


def free_window(win: Any) -> None:
    """Once the loop has ended: delete the window now, on the window's thread, while Python is
    whole. Left alive (its cycles are no garbage collection's business any more: the heap made
    at start-up is frozen), it was deleted by PySide at the interpreter's exit, after Python had
    begun to finalise; a plot item's Python override called while its scene was torn down then
    crashed the process in shiboken's error path (a segfault on the way out of a SIGTERM, one
    exit in twenty-five on a busy machine)."""
    import shiboken6
    from PySide6 import QtCore

    if not shiboken6.isValid(win):
        return
    silence_scenes(win)
    win.deleteLater()
    QtCore.QCoreApplication.sendPostedEvents(None, QtCore.QEvent.Type.DeferredDelete)


def silence_scenes(win: Any) -> None:
    """Once the loop has ended: no item of the window's plots reacts to a signal any more. The
    window is freed after ``run_app`` returns, its items in whatever order Qt deletes them, and a
    legend anchored to a view box recomputed its place from a view box already deleted (a
    traceback on the way out of a SIGTERM, on a busy machine)."""
    from PySide6 import QtWidgets

    for view in win.findChildren(QtWidgets.QGraphicsView):
        scene = view.scene()
        if scene is None:
            continue
        for item in scene.items():
            obj = item.toGraphicsObject()
            if obj is not None:
                obj.blockSignals(True)


def end_on_terminate(win: Any) -> Callable[[], None]:
    """Let SIGTERM (a logout, ``kill``, a session manager) end the window as File → Quit does,
    instead of killing the process: a killed window left its autosave behind, and the next
    start offered to restore work that needed no restoring. Returns what undoes it.

    Python runs a signal handler only when the interpreter gets control, and Qt's event loop
    may wait in C for a long time; so the signal's number is also written to a socket
    (:func:`signal.set_wakeup_fd`) whose notifier wakes the loop at once, no timer ticking.
    The handler only posts the ending to the loop (:func:`end_window`), which runs it between
    events like any other close."""
    import signal
    import socket

    from PySide6 import QtCore

    if not hasattr(signal, "SIGTERM"):  # pragma: no cover - every platform Qt runs on has it
        return lambda: None
    reader, writer = socket.socketpair()
    reader.setblocking(False)
    writer.setblocking(False)
    try:
        old_fd = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except ValueError:  # not the main thread: leave the signals as they are
        reader.close()
        writer.close()
        return lambda: None
    notifier = QtCore.QSocketNotifier(reader.fileno(), QtCore.QSocketNotifier.Type.Read)

    def drain() -> None:  # running Python here is what lets the interpreter call the handler
        try:
            while reader.recv(64):
                pass
        except OSError:  # BlockingIOError: nothing more waiting
            pass

    notifier.activated.connect(drain)

    def on_terminate(signum: int, frame: Any) -> None:
        QtCore.QTimer.singleShot(0, win, lambda: end_window(win))

    old_handler = signal.signal(signal.SIGTERM, on_terminate)

    def undo() -> None:
        signal.signal(signal.SIGTERM, old_handler)
        signal.set_wakeup_fd(old_fd)
        notifier.setEnabled(False)
        # Deleted now, while Qt's event dispatcher is there to let go of it, and before its socket.
        notifier.deleteLater()
        QtCore.QCoreApplication.sendPostedEvents(notifier, QtCore.QEvent.Type.DeferredDelete)
        reader.close()
        writer.close()

    return undo


def end_window(win: Any) -> None:
    """Close the window as File → Quit does, with no question asked (nobody may be there to
    answer): saved work ends as after Quit, its autosave deleted and its lock removed; unsaved
    work stays in the autosave, written out first, for the next start to offer."""
    actions = win.file_actions
    actions.finish_saves()  # a save under way may be the one that makes the work saved
    if win.document.dirty and actions.autosaver is not None:
        win.removeEventFilter(actions)  # its close asks Save / Discard / Cancel
        actions.autosaver.flush()
        actions.autosaver.stop()  # the files stay, the lock is dropped: the next start offers them
    win.close()


def _settle_big_data(app: Any, win: Any, timeout_s: float = 60.0) -> None:
    """Before a screenshot: let the work big data hands to workers land — the points' image
    (above 100,000 points) and the step's frame — so the picture shows the points and the
    step (a screenshot of 10⁶ points had no points). Bounded: past ``timeout_s`` it is taken
    as it is."""
    import time

    from PySide6 import QtCore

    s, layer = win.session, win.canvas.points
    deadline = time.monotonic() + timeout_s

    def ready() -> bool:
        image_ok = not layer.rastered or (layer.raster is not None and layer.raster.up_to_date)
        return image_ok and not s.frames.pending(s.result, s.playhead.t)

    while not ready() and time.monotonic() < deadline:
        win.canvas.plot.viewport().repaint()  # a paint asks for the image of the view shown
        app.processEvents()
        QtCore.QThread.msleep(10)
