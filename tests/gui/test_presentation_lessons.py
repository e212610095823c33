"""Presentation mode with the lessons: each lesson's panels stay on the screen, the lecturer
picks the panels (kept), PageDown/PageUp page through the lessons, a lesson closes the docks
it does not name, and its message lies above the canvas, never over it."""
from __future__ import annotations

from PySide6 import QtCore, QtWidgets

from perceptron_gui.session.lessons import DOCKS_SHOWN, LESSONS, PRESENTED_BY_DEFAULT
from perceptron_gui.session.state_dir import default_state_dir
from perceptron_gui.session.ui_settings import load_setting

Qt = QtCore.Qt


def global_rect(widget: QtWidgets.QWidget) -> QtCore.QRect:
    return QtCore.QRect(widget.mapToGlobal(QtCore.QPoint(0, 0)), widget.size())


def _present(win, qtbot) -> None:
    win.presentation.enter(screen_height=win.height(), full_screen=False)
    qtbot.waitUntil(lambda: win.presentation.strip.isVisible())


def _shown(win) -> set[str]:
    return {name for name, dock in win.docks.items() if dock.isVisible()}


def test_f5_keeps_the_panels_a_lesson_is_about(make_main_window, qtbot):
    win = make_main_window()
    for name in ("digits_002", "convergence_proof", "losses_001"):
        win.actions_by_name[f"lesson_{name}"].trigger()
        win.session.wait()
        _present(win, qtbot)
        wanted = set(LESSONS[name].presenting or ())
        qtbot.waitUntil(lambda wanted=wanted: _shown(win) == wanted)
        win.presentation.leave()
    # The digits are 8×8 images: their weights' image is one of the panels shown.
    assert "Weights as an image" in (LESSONS["digits_002"].presenting or ())


def test_the_lecturers_choice_of_panels_is_shown_and_kept(make_main_window, qtbot):
    win = make_main_window()
    assert set(win.presentation.panels.names) == set(PRESENTED_BY_DEFAULT)
    win.actions_by_name["present_Per epoch"].trigger()
    win.actions_by_name["present_Angle to θ*"].trigger()
    _present(win, qtbot)
    qtbot.waitUntil(lambda: _shown(win) == {"Algorithm and live panel", "Per epoch"})
    # Ticked while presenting (the menu's action, as a shortcut would): shown at once.
    win.actions_by_name["present_Proof as curves"].trigger()
    qtbot.waitUntil(lambda: "Proof as curves" in _shown(win))
    win.presentation.leave()
    saved = load_setting(default_state_dir(), "presentation_panels")
    assert set(saved) == {"Algorithm and live panel", "Per epoch", "Proof as curves"}
    again = make_main_window()
    assert again.actions_by_name["present_Per epoch"].isChecked()
    assert not again.actions_by_name["present_Angle to θ*"].isChecked()


def test_a_lessons_panels_do_not_replace_the_saved_choice(make_main_window, qtbot):
    win = make_main_window()
    win.actions_by_name["lesson_digits_002"].trigger()
    assert win.actions_by_name["present_Per epoch"].isChecked()  # the menu shows what F5 will show
    assert load_setting(default_state_dir(), "presentation_panels") is None
    # A lesson that names no panels shows the lecturer's own choice again.
    assert LESSONS["figure1_000"].presenting is None
    win.actions_by_name["lesson_figure1_000"].trigger()
    assert set(win.presentation.panels.names) == set(PRESENTED_BY_DEFAULT)
    assert not win.actions_by_name["present_Per epoch"].isChecked()


def test_page_down_and_up_open_the_next_and_previous_lesson_while_presenting(make_main_window, qtbot):
    win = make_main_window()
    names = list(LESSONS)
    win.actions_by_name[f"lesson_{names[3]}"].trigger()
    win.session.wait()
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_PageDown)  # not presenting: no lesson changes
    assert win.property("lesson") == names[3]
    _present(win, qtbot)
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_PageDown)
    qtbot.waitUntil(lambda: win.property("lesson") == names[4])
    assert win.session.algorithm == LESSONS[names[4]].algorithm
    assert f"Lesson {LESSONS[names[4]].number}" in win.banner.text()
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_PageUp)
    qtbot.keyClick(win.canvas.plot, Qt.Key.Key_PageUp)
    qtbot.waitUntil(lambda: win.property("lesson") == names[2])
    assert win.presentation.active  # paging stays in presentation mode
    win.presentation.leave()


def test_a_lesson_closes_the_docks_it_does_not_name(make_main_window, qtbot):
    win = make_main_window()
    win.actions_by_name["lesson_weight_space_000"].trigger()
    qtbot.waitUntil(lambda: win.docks["Weight space"].isVisible())
    win.actions_by_name["lesson_convergence_proof"].trigger()
    qtbot.waitUntil(lambda: not win.docks["Weight space"].isVisible())
    assert win.docks["Proof as curves"].isVisible()
    win.actions_by_name["lesson_figure1_000"].trigger()  # names no dock: each as in a fresh window
    qtbot.waitUntil(lambda: not win.docks["Proof as curves"].isVisible())
    assert {name for name in DOCKS_SHOWN if win.docks[name].isVisible()} == {
        name for name, on in DOCKS_SHOWN.items() if on}
    assert not win.actions_by_name["proof_curves_dock"].isChecked()  # the menu's tick follows


def test_a_lessons_long_message_lies_above_the_canvas(make_main_window, qtbot):
    win = make_main_window(size=(1280, 720))
    win.actions_by_name["lesson_kernel_xor"].trigger()
    banner = win.banner
    assert banner.isVisible()
    # Three lines or more at this width: the explanation is long.
    qtbot.waitUntil(lambda: banner.height() > 2 * banner.label.fontMetrics().lineSpacing() + 10)
    qtbot.waitUntil(lambda: not global_rect(banner).intersects(global_rect(win.canvas.plot)))
    _present(win, qtbot)
    win.banner.show_message("info", LESSONS["kernel_xor"].explanation)
    strip = win.presentation.strip
    qtbot.waitUntil(lambda: not global_rect(banner).intersects(global_rect(strip))
                    and not global_rect(banner).intersects(global_rect(win.canvas.plot)))
    win.presentation.leave()
    # Closed, the slot is two lines again and the canvas takes the room back.
    height = win.canvas.height()
    banner.dismiss()
    qtbot.waitUntil(lambda: win.canvas.height() > height)


def test_the_weight_space_gets_most_of_the_column_beside_the_live_panel(make_main_window, qtbot):
    from perceptron_gui.gui.app.presentation import SPACE_SHARE

    for order in ("lesson first", "presenting first"):
        win = make_main_window(size=(1280, 720))
        if order == "presenting first":
            _present(win, qtbot)
        win.actions_by_name["lesson_weight_space_000"].trigger()
        win.session.wait()
        if order == "lesson first":
            _present(win, qtbot)
        live, space = win.docks["Algorithm and live panel"], win.docks["Weight space"]
        qtbot.waitUntil(lambda live=live, space=space: live.isVisible() and space.isVisible())

        def share(live=live, space=space) -> float:
            return space.height() / (live.height() + space.height())

        qtbot.waitUntil(lambda share=share: share() >= SPACE_SHARE[1] - 0.08)
        win.presentation.leave()


def test_a_run_without_a_proof_gives_the_proofs_docks_room_back(make_main_window, qtbot):
    win = make_main_window(size=(1280, 720))
    _present(win, qtbot)
    angle = win.docks["Angle to θ*"]
    qtbot.waitUntil(angle.isVisible)  # the default panels: the live panel and the angle
    # PA's steps and a curved kernel have no proof; the pocket's data have no θ* (not separable),
    # and there the angle dock shows the mistake bound that needs no separability instead.
    for lesson, proof, dock in (("passive_aggressive", False, False), ("figure1_000", True, True),
                                ("kernel_xor", False, False), ("pocket_000", False, True),
                                ("convergence_proof", True, True)):
        win.actions_by_name[f"lesson_{lesson}"].trigger()
        win.session.wait()
        qtbot.waitUntil(lambda dock=dock: angle.isVisible() == dock)
        assert win.docks["Algorithm and live panel"].isVisible()
        # The strip says why there is no angle: no proof for the learner, or no θ* for the data.
        assert win.presentation.strip.value("angle").startswith("— (no") != proof
    win.presentation.leave()


def test_the_strips_bound_is_the_learners(make_main_window, qtbot):
    win = make_main_window(size=(1280, 720))
    _present(win, qtbot)
    strip = win.presentation.strip

    def shown() -> str:
        return strip.text().replace("\xa0", " ").replace("\u2060", "")  # the strip's unbreakable spaces

    for lesson, caption in (("margin_perceptron", "bound (R²+2β)/γ²: "), ("passive_aggressive", "(R/γ)²: — (no proof)"),
                            ("figure1_000", "bound (R/γ)²: ")):
        win.actions_by_name[f"lesson_{lesson}"].trigger()
        win.session.wait()
        qtbot.waitUntil(lambda caption=caption: caption in shown())
        assert shown().count("bound") == 1 and "bound: " not in shown()
    win.presentation.leave()
