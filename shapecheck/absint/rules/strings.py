"""Python's own ``str`` methods on strings the source spells out.

Shape code picks its path by a mode string: ``mode = mode.lower()``, then ``if
mode.startswith("vertices"): ... elif mode.startswith("xy"): ...``, twice in one function
(kornia's box converters). With the string unknown, both paths are analysed and the second ``if``
is not tied to the first: the "xy" indexing ran under the facts the "vertices" check had
established, and reported an index error no call can make. Where the receiver and every argument
are known, the method is run on them (Python's semantics, exactly) and the result is known.

Only methods whose result is no larger than their receiver and arguments: ``replace``, ``center``,
``ljust``, ``zfill``, ``join`` and ``format`` could build strings of any size from a few literals.
"""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.values import NONE, UNKNOWN, Bool, Int, List, Str, Tuple, Value
from .kinds import Rule

#: method -> what its result is when an argument is unknown
STR_METHODS: dict[str, Value] = {
    **dict.fromkeys(("lower", "upper", "casefold", "strip", "lstrip", "rstrip", "title", "capitalize",
                     "swapcase", "removeprefix", "removesuffix"), Str(None)),
    **dict.fromkeys(("startswith", "endswith", "isdigit", "isalpha", "isalnum", "isnumeric", "isdecimal",
                     "isidentifier", "islower", "isupper", "isspace"), Bool()),
    **dict.fromkeys(("split", "rsplit", "partition", "rpartition", "splitlines", "find", "rfind", "count"), UNKNOWN),
}


def str_method(receiver: Str, name: str) -> Rule:
    """The rule for ``receiver.name(...)`` (``name`` in :data:`STR_METHODS`)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        args = [_python(a.value) for a in call.args]
        kwargs = {k: _python(a.value) for k, a in call.kwargs.items()}
        if receiver.value is None or _UNKNOWN in args or _UNKNOWN in kwargs.values():
            return STR_METHODS[name]
        try:
            result = getattr(receiver.value, name)(*args, **kwargs)
        except (TypeError, ValueError):   # what Python raises there is not a shape question
            return UNKNOWN
        return _value(result)

    return rule


_UNKNOWN = object()


def _python(v: Value) -> object:
    """The Python constant ``v`` is, or :data:`_UNKNOWN`."""
    t = type(v)
    if t is Str and v.value is not None:
        return v.value
    if t is Int and type(v.dim) is int:
        return v.dim
    if t is Bool and v.value is not None:
        return v.value
    if v is NONE:
        return None
    if t is Tuple and v.items is not None:   # s.startswith(("a", "b"))
        items = tuple(_python(i) for i in v.items)
        return _UNKNOWN if _UNKNOWN in items else items
    return _UNKNOWN


def _value(result: object) -> Value:
    if isinstance(result, bool):
        return Bool(result)
    if isinstance(result, int):
        return Int(result)
    if isinstance(result, str):
        return Str(result)
    if isinstance(result, list):
        return List(tuple(Str(s) for s in result))
    return Tuple(tuple(Str(s) for s in result))   # partition's three parts
