"""Stopping a run from outside it (an editor's deadline, newer text); kept apart from the
interpreter so that ``shapecheck.api`` can name it without loading the interpreter (start-up time)."""

from __future__ import annotations


class Cancellation:
    """A request, from another thread, that a run stop at its next statement: an editor's deadline
    passed, or the text it analyses is stale. The run then ends as at its step budget (SC006 at
    the statement it reached, the findings made so far kept), so a server can publish what it
    has instead of abandoning a thread that goes on using the CPU and the project's cache.

    >>> c = Cancellation(); c.cancel("past the editor's deadline"); c.reason
    "past the editor's deadline"
    """

    def __init__(self) -> None:
        self.reason: str | None = None   # set once, from any thread (an attribute store is atomic)

    def cancel(self, reason: str) -> None:
        if self.reason is None:
            self.reason = reason
