"""What an analysis depended on, recorded as it ran: which top-level definitions of the checked
module it used, and which global names it read.

An editor's re-check keeps the analysis of each top-level function and class (incremental.py) while
what it depended on is unchanged. Deciding that from the names a definition's text mentions
(transitively) is far too cautious on model files: timm's ``levit_128s`` names ``create_levit``, which
names ``Levit``, which names every layer class, so an edit in any layer re-ran the twenty factories,
though ``create_levit`` only passes ``Levit`` to a function the analysis does not follow. So the
analysis records what it actually reached:

- ``USED`` a definition: a call bound to a function or method (its body ran, or a summary of a run
  of it answered), its generic analysis, a class read as a global, built or whose object's attribute
  was read (its *shell*: its text but its methods' bodies, which the methods' own units are; its
  bases are used with it). Its text decides the analysis.
- ``BOUND`` a name: a global name read that is not a class. Only whether it is a top-level function
  decides the analysis -- a function read and only passed on (``build(Levit)`` to an unknown
  ``build``) is never run, and one that is run is USED at the call.
- ``TEMPLATE`` a class's template instance: what its constructors left on ``self``, which its
  methods and the analyses calling them read. It stands for the template's *value*
  (template_prints.py), not for the texts that built it: while the constructors, run again after
  an edit, leave an equal template, what read it holds (an early cut-off).
- ``CALL`` a call's outcome: a call of the checked module's function whose summary an editor keeps
  (kept_summaries.py) stands for its *outcome* -- its result, what it left on the object it
  built, the parameters it refined -- not for the texts its run read: ``Stem16(64)`` built by
  ``Levit.__init__`` holds while that call, checked again (its kept summary's own record, else the
  call run again), gives an equal outcome (``KeptSummaries.outcome``), so an edit inside
  ``ConvNorm.__init__`` that leaves each construction as it was re-runs those constructions, not
  every constructor and factory above them.

What a recorded analysis stands for carries its record, so that an analysis reusing it inherits it:
a call summary (summaries.Summary.uses), a generic analysis (``Calls.generic_uses``), a class's
template instance (``Calls.template_uses``), a kept incremental entry, a kept call summary. Only definitions of a module
whose findings are reported are recorded (the checked file); the other modules' sources are part
of every key.

Invariant D1: an analysis's record holds every definition whose text it read, directly or through
what it reused, and every global name it read -- but for the texts that only built a class's
template, where it holds the template (TEMPLATE) instead and the template is compared by value,
and for what a kept call's run read, where it holds the call (CALL), compared by its outcome.
Recording more than it read only costs reuse.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from ..core.values import Class, Function

USED = "u:"
BOUND = "b:"
TEMPLATE = "t:"
CALL = "c:"


def unit_of(qualname: str) -> str:
    """The unit whose text a definition is: a top-level function, a class's shell (its text but its
    methods' bodies), a method or a nested class -- the innermost of those a qualname lies in
    (``Attention.forward.<locals>.f`` -> ``Attention.forward``; ``f.<locals>.g`` -> ``f``)."""
    parts = qualname.split(".", 2)
    return parts[0] if len(parts) == 1 or parts[1] == "<locals>" else f"{parts[0]}.{parts[1]}"


class Recorder:
    """The records of the analyses in progress, innermost last; each ends in its caller's (D1).
    Disabled (a run that keeps no analysis for a later one), it records nothing."""

    def __init__(self, enabled: bool = True) -> None:
        self.stack: list[set] = []
        self.enabled = enabled

    @contextmanager
    def recording(self) -> Iterator[set]:
        record: set = set()
        if not self.enabled:
            yield record
            return
        self.stack.append(record)
        try:
            yield record
        finally:
            self.stack.pop()
            if self.stack:
                self.stack[-1] |= record

    @contextmanager
    def apart(self) -> Iterator[set]:
        """A recording that does not end in its caller's: what building a class's template used,
        which the caller depends on through the template's value (TEMPLATE) instead."""
        outer, self.stack = self.stack, []
        try:
            with self.recording() as record:
                yield record
        finally:
            self.stack = outer

    def note(self, dependency: str) -> None:
        if self.stack:
            self.stack[-1].add(dependency)

    def note_all(self, record) -> None:
        if self.stack and record:
            self.stack[-1] |= record

    def use(self, value: Function | Class) -> None:
        """``value``'s text decides what is being analysed (a class's bases' with it)."""
        if self.stack and value.module.reported:
            self.stack[-1].add(USED + unit_of(value.qualname))
            if type(value) is Class:
                for base in value.bases:
                    if type(base) is Class:
                        self.use(base)

    def read(self, name: str, value) -> None:
        """The code read global ``name`` of the checked module as ``value`` (None: unbound)."""
        if self.stack:
            if type(value) is Class:
                self.use(value)
            else:
                self.stack[-1].add(BOUND + name)


EMPTY: frozenset = frozenset()
