"""Call arguments of a jitted function -> the arrays its compiled program takes.

What a caller may pass, and what the program receives (a Python exception for anything else):

- an ``np.ndarray`` of a supported dtype: itself (a subclass is viewed as a plain ndarray,
  unless it redefines NumPy's operators, as ``np.matrix`` and masked arrays do: refused; a
  non-native byte order is copied to native order; other layouts are the runtime's business:
  it copies what is not C-contiguous and aligned);
- a NumPy scalar (``np.float64(0.01)``) or a 0-d array: a 0-d array of its dtype;
- a Python ``bool``/``int``/``float``: a 0-d array of ``bool``/``int64``/``float64`` marked
  *weak*: under NumPy 2's promotion rules (NEP 50) a Python scalar takes the dtype of the arrays
  it meets (``float32_array * 0.5`` is float32), so the front end casts it to theirs. The value
  itself is kept (``python``): where it meets an array, the call converts it as NumPy does
  (``ir.guards``). An int beyond int64 is *big*: its array is a placeholder the array-code front
  end never reads (only Python computes with it), and loop code refuses it;
- a list or tuple of numbers (nested, rectangular): converted with ``np.asarray``, as Numba
  converts them to arrays (not for a parameter the function writes into: its writes would
  not reach the caller's list; ``jit`` refuses it).

References: NEP 50 (https://numpy.org/neps/nep-0050-scalar-promotion.html).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .dtypes import CODES

__all__ = ["Argument", "convert", "DTYPE_CODES"]

DTYPE_CODES = {dtype: code for code, dtype in CODES.items()}

# Operators a subclass may redefine (np.matrix's * is a matrix product, a masked array's + skips
# masked elements): compiled code computes what an ndarray's mean, so such a subclass is refused.
_OPERATORS = ("__add__", "__sub__", "__mul__", "__truediv__", "__floordiv__", "__mod__", "__pow__", "__matmul__",
              "__neg__", "__abs__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
              "__array_ufunc__", "__array_function__")

# A Python scalar's dtype when no array decides it (NumPy's defaults).
_PYTHON_SCALARS = {bool: np.bool_, int: np.int64, float: np.float64}
_INT64 = np.iinfo(np.int64)


@dataclass(frozen=True)
class Argument:
    """One argument as the compiled program takes it."""

    array: np.ndarray
    weak: bool = False          # a Python scalar (NEP 50: it adopts the dtype of the arrays it meets)
    # the caller's array when ``array`` is a converted copy of it (a non-native byte order): a
    # function that writes into the argument has its writes copied back there
    original: np.ndarray | None = None
    # "list" or "tuple" when ``array`` was converted from one: a function that writes into the
    # argument is refused it (the caller's sequence would not see the writes)
    sequence: str | None = None
    python: object = None       # a weak argument's Python value

    @property
    def code(self) -> str:
        return DTYPE_CODES[self.array.dtype]

    @property
    def big(self) -> bool:
        """A Python int beyond int64 (its ``array`` is a placeholder)."""
        return self.weak and type(self.python) is int and not _INT64.min <= self.python <= _INT64.max

    @property
    def kind(self) -> tuple:
        """What a compiled version depends on besides the shape: dtype, weak, big."""
        return self.array.dtype, self.weak, self.big


def convert(function: str, name: str, value) -> Argument:
    """``value`` passed for parameter ``name`` of ``function`` as an :class:`Argument`;
    TypeError (or ValueError for a ragged list) naming both when it cannot be one."""
    weak = False
    if type(value) is np.ndarray:
        array = value
    elif isinstance(value, (np.ndarray, np.generic)):
        overridden = [op for op in _OPERATORS if isinstance(value, np.ndarray)
                      and getattr(type(value), op, None) is not getattr(np.ndarray, op)]
        if overridden:
            raise TypeError(f"{function}(): argument {name!r} is a {type(value).__name__}, which gives NumPy's "
                            f"operators another meaning ({', '.join(overridden)}); pass np.asarray of it")
        array = np.asarray(value).view(np.ndarray)
    elif type(value) in _PYTHON_SCALARS:
        big = type(value) is int and not _INT64.min <= value <= _INT64.max
        array = np.asarray(0 if big else value, _PYTHON_SCALARS[type(value)])
        weak = True
    elif isinstance(value, (list, tuple)):
        try:
            array = np.asarray(value)
        except (ValueError, OverflowError) as error:
            raise ValueError(f"{function}(): argument {name!r}: cannot convert the "
                             f"{type(value).__name__} to an array ({error})") from None
        if array.dtype == np.dtype(object):
            raise TypeError(f"{function}(): argument {name!r}: a {type(value).__name__} of numbers "
                            "converts to an array; this one does not")
    else:
        raise TypeError(f"{function}(): argument {name!r} must be a NumPy array, a list of numbers "
                        f"or a number, got {type(value).__name__}")
    original, sequence = None, type(value).__name__ if isinstance(value, (list, tuple)) else None
    if not array.dtype.isnative:
        original = value if isinstance(value, np.ndarray) else None
        array = array.astype(array.dtype.newbyteorder("="))
    if array.dtype not in DTYPE_CODES:
        raise TypeError(f"{function}(): argument {name!r} has dtype {array.dtype}; "
                        f"supported: {', '.join(str(d) for d in DTYPE_CODES)}")
    return Argument(array, weak, original, sequence, value if weak else None)
