"""Where the window's thread is while it is blocked: a sampler for bench_big_window's children.

With ``BENCH_WATCHDOG=1`` in the environment, a child of ``bench_big_window.py`` starts one
:class:`Watchdog`: a thread that, every 5 ms, looks at the event-loop probe's last stamp and,
when it is more than 50 ms old (the window's thread is blocked), records the stack of every
thread, under the name of the phase the child is in (open, train, the scenario). At the end the
child prints the window thread's stacks by phase, then the commonest stacks of all threads
together (a worker holding the GIL shows there, beside a window thread waiting in ``pump``).

A development aid, not a measurement: the sampler itself needs the GIL, so it sees a block
later than it starts, and its own work adds a little to the blocks it watches.
"""
from __future__ import annotations

import collections
import os
import sys
import threading
import time
import traceback
from typing import Any

LATE_S = 0.05
EVERY_S = 0.005
FRAMES = 7  # innermost frames kept per stack


class Watchdog:
    def __init__(self, probe: Any, main_ident: int) -> None:
        self.probe, self.main = probe, main_ident
        self.phase = "start"
        self.main_stacks: collections.Counter[str] = collections.Counter()
        self.all_stacks: collections.Counter[str] = collections.Counter()
        threading.Thread(target=self._run, daemon=True, name="ui-watchdog").start()

    def _run(self) -> None:
        me = threading.get_ident()
        while True:
            time.sleep(EVERY_S)
            stamps = self.probe.stamps
            if not len(stamps) or time.perf_counter() - stamps[-1] < LATE_S:
                continue
            names = {t.ident: t.name for t in threading.enumerate()}
            parts = []
            for ident, frame in sys._current_frames().items():  # noqa: SLF001 - the only way to see them
                if ident == me:
                    continue
                name = "MAIN" if ident == self.main else names.get(ident, "?")
                stack = traceback.extract_stack(frame)[-FRAMES:]
                line = name + ": " + " < ".join(f"{os.path.basename(f.filename)}:{f.lineno}:{f.name}"
                                                for f in reversed(stack))
                if name == "MAIN":
                    self.main_stacks[f"{self.phase} | {line}"] += 1
                parts.append(line)
            self.all_stacks[f"{self.phase} | " + "\n      ".join(sorted(parts))] += 1

    def report(self, least: int = 2, top: int = 25) -> None:
        print(f"Window thread's stacks while blocked > {1000 * LATE_S:.0f} ms (samples of ~{1000 * EVERY_S:.0f} ms):")
        for key, count in sorted(self.main_stacks.items(), key=lambda kv: (kv[0].split(" | ")[0], -kv[1])):
            if count >= least:
                print(f" {count:5d}  {key}")
        print("All threads together, commonest first:")
        for key, count in self.all_stacks.most_common(top):
            print(f" {count:5d}  {key}")
