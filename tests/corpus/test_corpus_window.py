"""The window's door for every corpus file: File → Open (a CSV) or File → Open session, the
dialog bypassed. A refused file shows one message box and leaves the data as they were."""
from __future__ import annotations

import numpy as np
import pytest
from corpus_table import NAMES, TABLE, assert_one_sentence, is_json

# A warning would be a second line on stderr in the real program.
pytestmark = pytest.mark.filterwarnings("error")

@pytest.fixture(scope="module")
def window(qapp, tmp_path_factory):
    """One window for the whole corpus (a window per file would cost a minute). Not shown:
    the tests' leak check counts visible windows, and opening a file needs no screen."""
    from perceptron_gui.gui.app.application import make_window
    from perceptron_gui.gui.files.file_actions import install_file_actions

    mp = pytest.MonkeyPatch()
    mp.setenv("PERCEPTRON_GUI_STATE_DIR", str(tmp_path_factory.mktemp("state")))
    win = make_window("xor")
    fa = install_file_actions(win)
    fa.ask_close = lambda: "discard"
    yield win
    win.session.set_playing(False)
    win.session.runner.cancel()
    win.session.wait(5)
    win.close()
    mp.undo()


@pytest.fixture
def message_boxes(warnings_shown):
    return warnings_shown  # tests/conftest.py: every warning box, answered without a dialog


@pytest.mark.parametrize("corpus_path", NAMES, indirect=True, ids=NAMES)
def test_window_door(corpus_path, request, window, message_boxes):
    name = request.node.callspec.params["corpus_path"]
    expected = TABLE[name]
    s = window.session
    s.wait(30)
    before_X, before_y, before_title = s.points.X.copy(), s.points.y.copy(), window.windowTitle()
    if is_json(name):
        opened = window.file_actions.open_session(corpus_path)
    else:
        opened = window.open_csv(str(corpus_path))
    s.wait(30)
    if expected.accept:
        assert opened and message_boxes == []
        assert s.points.X.shape == (int(expected.field("n")), int(expected.field("d")))
        names = expected.field("names")
        if names is not None:
            assert tuple(s.points.feature_names) == tuple(names.split("|"))
    else:
        assert not opened
        assert len(message_boxes) == 1, message_boxes
        assert_one_sentence(message_boxes[0][1], expected)
        assert np.array_equal(s.points.X, before_X) and np.array_equal(s.points.y, before_y)
        assert window.windowTitle() == before_title
