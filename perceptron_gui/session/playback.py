"""The playhead: where in a run the window is looking.

The position is the global example step ``t`` (−1 = before the first visit, num_steps − 1 =
after the last). The weights shown are those after the k = k_after_step(t) updates done by
then. Stepping moves by one update, one example visit, or one epoch.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.run import RunRecord, Visit


@dataclass
class Playhead:
    t: int = -1

    # ---- reading ----------------------------------------------------------------------------
    @staticmethod
    def end_t(run: RunRecord | None) -> int:
        return -1 if run is None or run.num_steps == 0 else run.num_steps - 1

    def k(self, run: RunRecord | None) -> int:
        return 0 if run is None else run.k_after_step(self.t)

    def at_end(self, run: RunRecord | None) -> bool:
        return self.t >= self.end_t(run)

    def at_start(self) -> bool:
        return self.t <= -1

    def visit(self, run: RunRecord | None) -> Visit | None:
        if run is None or self.t < 0 or self.t >= run.num_steps:
            return None
        return run.visit(self.t)

    def epoch(self, run: RunRecord | None) -> int:
        """The epoch of the current visit (0 before the first visit)."""
        if run is None or run.n == 0 or self.t < 0:
            return 0
        return self.t // run.n

    # ---- moving -------------------------------------------------------------------------------
    def clamp(self, run: RunRecord | None) -> None:
        self.t = max(-1, min(self.t, self.end_t(run)))

    def to_start(self) -> None:
        self.t = -1

    def to_end(self, run: RunRecord | None) -> None:
        self.t = self.end_t(run)

    def to_update(self, run: RunRecord | None, k: int) -> None:
        """Jump to the visit that made update k (k = 0: the start)."""
        if run is None:
            self.t = -1
            return
        k = max(0, min(int(k), run.num_updates))
        self.t = run.step_of_update(k)

    def next_update(self, run: RunRecord | None) -> bool:
        if run is None:
            return False
        k = self.k(run)
        if k >= run.num_updates:
            if self.t < self.end_t(run):  # past the last update: run out the remaining visits
                self.t = self.end_t(run)
                return True
            return False
        self.t = run.step_of_update(k + 1)
        return True

    def prev_update(self, run: RunRecord | None) -> bool:
        if run is None or self.t <= -1:
            return False
        k = self.k(run)
        target = k - 1 if (k > 0 and run.step_of_update(k) == self.t) else k
        self.t = run.step_of_update(max(0, target))
        return True

    def next_visit(self, run: RunRecord | None) -> bool:
        if self.t >= self.end_t(run):
            return False
        self.t += 1
        return True

    def prev_visit(self, run: RunRecord | None) -> bool:
        if self.t <= -1:
            return False
        self.t -= 1
        return True

    def next_epoch(self, run: RunRecord | None) -> bool:
        if run is None or run.n == 0 or self.t >= self.end_t(run):
            return False
        n = run.n
        self.t = min(((self.t + 1) // n + 1) * n - 1, self.end_t(run))
        return True

    def prev_epoch(self, run: RunRecord | None) -> bool:
        if run is None or run.n == 0 or self.t <= -1:
            return False
        n = run.n
        if (self.t + 1) % n == 0:
            self.t = self.t - n
        else:
            self.t = ((self.t + 1) // n) * n - 1
        self.t = max(self.t, -1)
        return True

    def follow(self, old_run: RunRecord | None, new_run: RunRecord | None, was_at_end: bool) -> None:
        """Place the playhead on a recomputed run: stay at the end if it was there, otherwise
        keep the update number where the new run has one (else go to the end)."""
        if was_at_end or old_run is None or new_run is None:
            self.to_end(new_run)
            return
        k = old_run.k_after_step(self.t)
        if k == 0 and self.t <= -1:
            self.t = -1
        elif k <= new_run.num_updates:
            self.t = new_run.step_of_update(k)
        else:
            self.to_end(new_run)
