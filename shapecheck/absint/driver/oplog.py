"""The ops one analysed call runs, in order, each with its operands and result: what ``shapecheck
cost`` counts and ``shapecheck memory`` walks.

A run records only while an :class:`OpLog` is attached to it (``Analysis.oplog``), and only the
call being measured: analyses the interpreter makes on the side (a callee's generic analysis, a
class's template instance) are paused out. Two things make the log the ops of *one execution*:

* calls are not memoised while recording (a layer called twice runs twice);
* a loop run to a fixpoint keeps only its last pass over the body, repeated ``trips`` times
  (:meth:`OpLog.repeat`): the ops of ``for i in range(n)`` count ``n`` times.

Every event is attributed to a line of the measured function: its own ops to their statement, the
ops of the functions it calls to the statement that called them.
"""

from __future__ import annotations

import ast
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator

from ...constraints import dims as D
from ..core.values import Function, Value


@dataclass(frozen=True)
class OpEvent:
    """One op as it ran: its qualified name, the line of the measured function it belongs to, its
    operands and result (abstract values), and how many times it runs (a loop's trip count)."""

    name: str
    line: int
    operands: tuple[Value, ...]
    result: Value
    times: D.Dim = 1
    position: tuple[int, int] = (0, 0)   # (line, column) of the op itself, in its own file
    path: str = ""


@dataclass
class OpLog:
    """The events of one measured call (see the module docstring)."""

    target: Function
    events: list[OpEvent] = field(default_factory=list)
    root: Any = None          # the interpreter running the measured function's body
    paused: int = 0

    @property
    def recording(self) -> bool:
        return self.root is not None and not self.paused

    def enter(self, interp: Any) -> None:
        """An interpreter starts a body: the measured function's first call-mode body is the root."""
        if self.root is None and interp.function is self.target and interp.errors is not None:
            self.root = interp

    def record(self, interp: Any, node: ast.AST, name: str, operands: tuple, result: Value) -> None:
        if not self.recording or interp.errors is None:
            return
        statement = self.root.statement
        line = (statement.lineno if statement is not None else getattr(node, "lineno", 0))
        self.events.append(OpEvent(name, line, tuple(operands), result,
                                   position=(getattr(node, "lineno", 0), getattr(node, "col_offset", 0)),
                                   path=interp.module.path))

    @contextmanager
    def pause(self) -> Iterator[None]:
        self.paused += 1
        try:
            yield
        finally:
            self.paused -= 1

    # -- loops --------------------------------------------------------------------------------
    def mark(self) -> int:
        return len(self.events)

    def rollback(self, mark: int) -> None:
        """Forget the events since ``mark`` (a fixpoint pass that another pass replaces)."""
        del self.events[mark:]

    def repeat(self, mark: int, trips: D.Dim) -> None:
        """The events since ``mark`` run ``trips`` times (a loop body's last pass)."""
        self.events[mark:] = [OpEvent(e.name, e.line, e.operands, e.result, D.mul(e.times, trips), e.position,
                                      e.path) for e in self.events[mark:]]
