"""A progress line on stderr for long runs: ``\\r[#####     ] 12/40 files``.

Shown only when asked for (a human output format, stderr a terminal) and only once the run has
taken :data:`DELAY` seconds, so quick runs and pipes print nothing; erased when the run ends, so
it never mixes with the findings.

>>> import io
>>> bar = Progress(3, io.StringIO(), enabled=True, delay=0)
>>> bar.advance(); bar.close()
>>> bar.stream.getvalue().startswith("\\r[#")
True
"""

from __future__ import annotations

import time
from typing import TextIO

DELAY = 1.0      # seconds before the line appears
INTERVAL = 0.1   # seconds between redraws
WIDTH = 30       # characters of bar


class Progress:
    def __init__(self, total: int, stream: TextIO, *, enabled: bool, delay: float = DELAY):
        self.total = total
        self.stream = stream
        self.enabled = enabled and total > 0
        self.done = 0
        self._start = time.monotonic() + delay
        self._next_draw = self._start
        self._width = 0   # of the last line drawn, to erase it

    def advance(self, count: int = 1) -> None:
        self.done += count
        now = time.monotonic()
        if self.enabled and (now >= self._next_draw or (self.done == self.total and self._width)):
            self._next_draw = now + INTERVAL
            filled = WIDTH * self.done // self.total
            line = f"[{'#' * filled}{' ' * (WIDTH - filled)}] {self.done}/{self.total} files"
            self.stream.write("\r" + line)
            self.stream.flush()
            self._width = len(line)

    def close(self) -> None:
        if self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0


__all__ = ["Progress"]
