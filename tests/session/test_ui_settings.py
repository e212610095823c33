"""The window's preferences file: a round trip, and never an error for a bad or unwritable one."""
from __future__ import annotations

from perceptron_gui.session.ui_settings import SETTINGS_FILE, load_setting, save_setting


def test_a_saved_setting_reads_back_and_keeps_the_others(tmp_path) -> None:
    save_setting(tmp_path / "state", "theme", "dark")
    save_setting(tmp_path / "state", "other", 3)
    assert load_setting(tmp_path / "state", "theme") == "dark"
    assert load_setting(tmp_path / "state", "other") == 3


def test_missing_broken_or_odd_files_mean_no_setting(tmp_path) -> None:
    assert load_setting(tmp_path, "theme") is None
    (tmp_path / SETTINGS_FILE).write_text("[1, 2]")
    assert load_setting(tmp_path, "theme") is None
    (tmp_path / SETTINGS_FILE).write_bytes(b"\xff\xfe{bad")
    assert load_setting(tmp_path, "theme") is None
    save_setting(tmp_path, "theme", "light")  # a broken file is replaced by a good one
    assert load_setting(tmp_path, "theme") == "light"


def test_an_unwritable_folder_is_skipped_quietly(tmp_path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    save_setting(blocker / "state", "theme", "dark")  # no exception: the choice lasts the session
    assert load_setting(blocker / "state", "theme") is None


def test_a_list_of_names_reads_back_in_the_known_order_without_strangers(tmp_path) -> None:
    from perceptron_gui.session.ui_settings import load_names

    known = ("a", "b", "c")
    assert load_names(tmp_path, "panels", known) is None
    save_setting(tmp_path, "panels", ["c", "x", "a"])
    assert load_names(tmp_path, "panels", known) == ("a", "c")
    save_setting(tmp_path, "panels", "a")  # not a list: as if nothing was saved
    assert load_names(tmp_path, "panels", known) is None
