"""Run-time faults of loop code: what a kernel records when a check fails, and what the call raises.

Loop code (``loopfront``) checks at run time what it cannot prove: an element index in range, a
slice assignment's value the size of its target, a float that ``int()`` turns into an int64, a
``max``/``min`` over elements that are there. A failed check writes a record into the
program's fault buffer (``Program.fault``, i64 of :data:`RECORD_WORDS` elements) and leaves the
kernel: ``[kind, value...]``, ``kind`` the 1-based position in :data:`FAULTS` (0: no fault). The
call then raises the kind's exception with its message filled from the values: the native entry
through ``PyErr_Format`` (the formats are C formats, every conversion ``%lld``), the Python path
and the GPU host through :func:`raise_recorded`.

The messages are NumPy's own words (``numpy/core/src/multiarray/mapping.c``: "index %d is out of
bounds for axis %d with size %d"; ``array_assign``: "could not broadcast input array from shape
(2,) into shape (1,)", shapes printed without spaces; NEP 50's "Python integer 300 out of bounds
for int8", where a Python int meets an array whose dtype cannot hold it).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass

from .dtypes import CODES

__all__ = ["Fault", "FAULTS", "RECORD_WORDS", "INDEX", "NAN_TO_INT", "INFINITY_TO_INT", "TOO_LARGE_FOR_INT",
           "broadcast_kind", "python_int_kind", "zero_division_kind", "empty_reduction_kind", "message", "RANGE_STEP_ZERO",
           "EMPTY_LIST", "raise_recorded"]


@dataclass(frozen=True)
class Fault:
    """A kind of fault: the exception raised and its message as a C format over i64 values."""

    exception: type
    format: str

    @property
    def arity(self) -> int:
        return self.format.count("%lld")


def _shape_format(rank: int) -> str:
    return "(" + ",".join(["%lld"] * rank) + ("," if rank == 1 else "") + ")"


# Assignments broadcast a value of rank <= the target's; run-time checked ranks go this far.
MAX_CHECKED_RANK = 3
_BROADCASTS = {(value, target): Fault(ValueError, f"could not broadcast input array from shape "
                                                  f"{_shape_format(value)} into shape {_shape_format(target)}")
               for target in range(1, MAX_CHECKED_RANK + 1) for value in range(1, target + 1)}
# Python's int() of a float that is no int64 (then used as NumPy would use the int: CPython's
# words for a float, and for an int beyond a C long).
_INTEGER = (Fault(ValueError, "cannot convert float NaN to integer"),
            Fault(OverflowError, "cannot convert float infinity to integer"),
            Fault(OverflowError, "Python int too large to convert to C long"))
# NEP 50: a Python int (an int64 here) converted to a narrower integer dtype that cannot hold it.
_PYTHON_INT_BOUNDS = {code: Fault(OverflowError, f"Python integer %lld out of bounds for {CODES[code]}")
                      for code in ("i8", "i16", "i32", "u8", "u16", "u32", "u64")}


def _python_says(op, a, b) -> str:
    """Python's own message for ``op(a, b)`` by zero (it differs between versions)."""
    try:
        op(a, b)
    except ZeroDivisionError as error:
        return str(error).replace("%", "%%")
    raise AssertionError(f"{op.__name__}({a!r}, {b!r}) did not raise")


# Python scalars divided by zero (``a // b`` of two Python ints): by op and whether a float is in it.
_ZERO_DIVISION = {(op, floating): Fault(ZeroDivisionError, _python_says(fn, 1.0 if floating else 1, 0))
                  for op, fn in (("div", operator.truediv), ("floordiv", operator.floordiv), ("mod", operator.mod))
                  for floating in (False, True)}
# A max or min over no elements (NumPy's words, ``numpy/core/_methods.py``'s ufunc reduce).
_EMPTY_REDUCTION = {**{kind: Fault(ValueError, f"zero-size array to reduction operation {name} which has no identity")
                       for kind, name in (("max", "maximum"), ("min", "minimum"))},
                    **{kind: Fault(ValueError, f"attempt to get {kind} of an empty sequence")
                       for kind in ("argmax", "argmin")}}
_RANGE_STEP = Fault(ValueError, "range() arg 3 must not be zero")   # a step known at run time
# np.array([]) is float64 of shape (0,) whatever the list would have held; a compiled list's array
# has the dtype and row shape of its appends (``looplists``): refused where they differ.
_EMPTY_LIST = Fault(NotImplementedError, "np.array of an empty list is float64 of shape (0,) in NumPy, where the "
                                         "compiled list's array has its appended values' dtype and row shape")
FAULTS: tuple[Fault, ...] = (
    Fault(IndexError, "index %lld is out of bounds for axis %lld with size %lld"),
    *_BROADCASTS.values(),
    *_INTEGER,
    *_PYTHON_INT_BOUNDS.values(),
    *_ZERO_DIVISION.values(),
    *_EMPTY_REDUCTION.values(),
    _RANGE_STEP,
    _EMPTY_LIST,
)
INDEX = 1   # the kind of a failed index check: [INDEX, index as written, axis, size]
NAN_TO_INT, INFINITY_TO_INT, TOO_LARGE_FOR_INT = (FAULTS.index(f) + 1 for f in _INTEGER)
RANGE_STEP_ZERO = FAULTS.index(_RANGE_STEP) + 1
EMPTY_LIST = FAULTS.index(_EMPTY_LIST) + 1
RECORD_WORDS = 1 + max(f.arity for f in FAULTS)


def broadcast_kind(value_rank: int, target_rank: int) -> int | None:
    """The kind of a failed assignment broadcast (values: the value's dims, then the target's),
    or None beyond :data:`MAX_CHECKED_RANK`."""
    fault = _BROADCASTS.get((value_rank, target_rank))
    return None if fault is None else FAULTS.index(fault) + 1


def python_int_kind(dtype: str) -> int | None:
    """The kind of a Python int out of ``dtype``'s bounds (values: the int), or None where every
    int64 fits (int64 itself, the floats, bool's conversion never fails)."""
    fault = _PYTHON_INT_BOUNDS.get(dtype)
    return None if fault is None else FAULTS.index(fault) + 1


def zero_division_kind(op: str, floating: bool) -> int:
    """The kind of Python's ZeroDivisionError for ``op`` (div, floordiv, mod) on Python scalars."""
    return FAULTS.index(_ZERO_DIVISION[op, floating]) + 1


def empty_reduction_kind(kind: str) -> int:
    """The kind of NumPy's ValueError for a ``max``/``min``/``argmax``/``argmin`` over no elements."""
    return FAULTS.index(_EMPTY_REDUCTION[kind]) + 1


def message(record) -> tuple[type, str] | None:
    """The exception and message a fault record stands for (None: no fault recorded)."""
    kind = int(record[0])
    if not kind:
        return None
    fault = FAULTS[kind - 1]
    values = tuple(int(v) for v in record[1:1 + fault.arity])
    return fault.exception, fault.format.replace("%lld", "%d") % values


def raise_recorded(record) -> None:
    """Raise what the fault record says, if anything."""
    found = message(record)
    if found is not None:
        raise found[0](found[1])
