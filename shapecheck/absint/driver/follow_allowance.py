"""A call from the checked file into another module is followed only within what is left of the
file's allowance of body runs (``calls.LIBRARY_ALLOWANCE``).

The allowance is counted whole (a call a summary answers counts the runs its making took), so a
call is followed if and only if its whole expansion fits what is left, however each of its inner
calls is answered: the findings stay those of -j 1 under -j N and with a warm cache. One that does
not fit is abandoned where it crosses the line (pyGSTi's ``create_explicit_model_from_expressions``
from a model pack's top level expanded to 252,264 runs, 18 s, ten times the whole file's allowance);
its result is unknown, as a call past the allowance is, and what its run may have half-done to the
objects it was handed is known by name only."""

from __future__ import annotations

from ..core.values import Dict, Instance, List, Opaque, Tuple, Unknown, NoneValue

#: How far into the objects a call was handed their attributes are remembered
HANDED_DEPTH = 2


class AllowanceSpent(Exception):
    """Internal: the followed call in progress expanded past what was left of the file's allowance."""


def handed(values, depth: int = HANDED_DEPTH) -> list[tuple[Instance, dict]]:
    """The objects ``values`` reach (their items' and attributes' too, ``depth`` levels down), each
    with its attributes as they are before the call."""
    out: list[tuple[Instance, dict]] = []
    seen: set[int] = set()
    frontier = list(values)
    for _ in range(depth + 1):
        below = []
        for v in frontier:
            t = type(v)
            if t is Instance and id(v) not in seen:
                seen.add(id(v))
                out.append((v, dict(v.attrs)))
                below.extend(v.attrs.values())
            elif (t is List or t is Tuple) and v.items is not None:
                below.extend(v.items)
            elif t is Dict:
                below.extend(value for _, value in v.items)
        frontier = below
    return out


def unsettle_handed(before: list[tuple[Instance, dict]]) -> None:
    """After an abandoned call: each attribute it stored on an object it was handed is known by name
    only (what it held when the run stopped may be a step on the way: a list emptied to be filled)."""
    for obj, attrs in before:
        for name, value in list(obj.attrs.items()):
            if attrs.get(name) is not value and type(value) not in (Unknown, Opaque, NoneValue):
                obj.attrs[name] = Opaque(f"self.{name}")
