"""The cycle collector's work moved out of the way of an edit: done while the server is idle.

CPython's collector runs when allocations pass its thresholds, wherever that happens -- in the
middle of an edit's analysis. A full (generation-2) collection walks every tracked object: with a
1,000-line model file open in its project (the kept modules of timm, the incremental entries) that
is ~140k objects and 50-190 ms, a pause that lands on one edit in ten or twenty and makes it 5x
slower. ``gc.freeze()`` (Python 3.7+, "gc — Garbage Collector interface") moves every tracked
object into a permanent generation that no collection walks; what a collection then walks is only
what was allocated since.

Invariants:

- *Quiet.* Collections this module asks for run only when no analysis is under way or waiting
  (:meth:`QuietCollector.quiet` is called after a publication with nothing pending;
  :meth:`QuietCollector.busy` at every request cancels a full collection not yet begun).
- *Young after quiet.* After each quiet spell everything alive is frozen, so the automatic
  collections during the next edit walk only that edit's objects.
- *Young collections between edits too.* :meth:`QuietCollector.install` raises the first
  generation's threshold to :data:`YOUNG_THRESHOLD` net allocations, more than one edit's analysis
  of a 1,000-line model file makes (levit.py in its project: 3.5 ms of collections per edit at
  CPython's 700, none at 20,000); the quiet spell after it collects them. A long analysis (a
  file's first) still collects every 20,000, as the command line does (``cli/parallel.py``).
- *Bounded leak.* A frozen object is still freed by reference counting; only garbage cycles
  through frozen objects wait. When the frozen set has grown by :data:`REGROW` times since the last
  full collection, the next quiet spell of :data:`FULL_AFTER_S` unfreezes and collects everything.
"""

from __future__ import annotations

import asyncio
import gc

#: A full collection once the frozen objects are this many times what the last full one left.
REGROW = 1.5
#: How long the server must stay idle before a full collection (one takes 50-200 ms, which an edit
#: arriving meanwhile would wait for).
FULL_AFTER_S = 2.0
#: The first generation's threshold in the server (CPython's default is 700).
YOUNG_THRESHOLD = 20_000


class QuietCollector:
    """Collects and freezes when the scheduler is idle; see the module docstring."""

    def __init__(self, full_after_s: float = FULL_AFTER_S) -> None:
        self._full_after_s = full_after_s
        self._frozen_after_full = 0
        self._full: asyncio.TimerHandle | None = None
        self.collections = 0   # full collections run (tests read it)

    def install(self) -> None:
        """Take over the process's collector: the server's, once (tests use the other methods alone)."""
        _, middle, old = gc.get_threshold()
        gc.set_threshold(YOUNG_THRESHOLD, middle, old)

    def quiet(self) -> None:
        """Nothing is pending: collect what the last analysis left (young objects only), freeze the
        rest, and schedule a full collection if the frozen set has grown past :data:`REGROW`."""
        whole = gc.get_freeze_count() == 0   # nothing frozen yet: this collection walks everything
        gc.collect()
        gc.freeze()
        if whole:
            self._frozen_after_full = gc.get_freeze_count()
        elif gc.get_freeze_count() > REGROW * max(self._frozen_after_full, 1) and self._full is None:
            self._full = asyncio.get_running_loop().call_later(self._full_after_s, self._collect_all)

    def busy(self) -> None:
        """An analysis was requested: a full collection not yet begun waits for the next quiet spell."""
        if self._full is not None:
            self._full.cancel()
            self._full = None

    def _collect_all(self) -> None:
        self._full = None
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._frozen_after_full = gc.get_freeze_count()
        self.collections += 1
