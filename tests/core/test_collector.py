"""Cycles are collected on the window's thread only (core/collector.py), and a worker is never
handed a Qt object (core/workers.py): the two ways a Qt object got freed on a worker thread."""
from __future__ import annotations

import functools
import gc
import threading
import weakref

import pytest

from perceptron_gui.core import collector
from perceptron_gui.core.workers import background_thread, named_pool, refuse_qt_objects


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_the_suite_collects_on_its_own_thread_only() -> None:
    assert not gc.isenabled()
    assert collector.owner_thread() is threading.main_thread()


def test_a_collection_on_a_worker_is_recorded_by_thread_name() -> None:
    collector.collections_elsewhere(clear=True)
    t = threading.Thread(target=gc.collect, name="a-worker-that-collects")
    t.start()
    t.join()
    assert collector.collections_elsewhere(clear=True) == ["a-worker-that-collects"]
    assert collector.collections_elsewhere() == []


def test_collect_due_frees_cycles_once_generation_zero_is_due() -> None:
    gc.collect()
    made = [_Cycle() for _ in range(gc.get_threshold()[0] + 10)]
    probe = _Cycle()
    import weakref
    ref = weakref.ref(probe)
    del made, probe
    assert ref() is not None  # nothing collects by itself
    collector.collect_due()
    assert ref() is None


class _Held:
    """Stands for a wrapper whose library object must end while the wrapper has its state."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.me = self


def test_the_hook_sees_a_cycle_with_its_state_before_it_is_freed(monkeypatch) -> None:
    seen: list[str] = []

    def hook(garbage: list[object]) -> None:
        seen.extend(o.name for o in garbage if type(o) is _Held)  # not cleared yet

    collector.collect(2)
    monkeypatch.setattr(collector, "_STATE", dict(collector._STATE, before_free=hook))
    held = _Held("kept state")
    gone = weakref.ref(held)
    del held
    garbage_before = list(gc.garbage)
    assert collector.collect(0) >= 1
    assert seen == ["kept state"]
    assert gone() is None and gc.garbage == garbage_before  # freed after all, nothing kept
    assert not gc.get_debug() & gc.DEBUG_SAVEALL


def test_collect_due_refuses_another_thread() -> None:
    errors: list[BaseException] = []

    def other() -> None:
        try:
            collector.collect_due()
        except RuntimeError as exc:
            errors.append(exc)
    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert len(errors) == 1


class _FakeQt:
    """Stands for a Qt class: what the check looks at is the class's module."""


_FakeQt.__module__ = "PySide6.QtWidgets"


class _Holder(_FakeQt):
    def work(self) -> None:
        pass


def test_no_thread_is_handed_a_qt_object() -> None:
    widget = _Holder()
    with pytest.raises(TypeError, match="Qt object"):
        background_thread(widget.work, "t", housekeeping=False)
    with pytest.raises(TypeError, match="Qt object"):
        background_thread(lambda: widget.work(), "t", housekeeping=False)
    with pytest.raises(TypeError, match="Qt object"):
        named_pool("collector-test", housekeeping=False).submit(print, widget)
    with pytest.raises(TypeError, match="Qt object"):
        refuse_qt_objects(functools.partial(print, sep=widget))
    refuse_qt_objects(lambda: print(1), [1, 2], key="plain data")  # Qt-free work passes
