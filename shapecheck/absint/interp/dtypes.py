"""NumPy dtypes as code tests them: ``x.dtype == bool``, ``x.dtype.kind in 'bi'``, ``x.dtype.itemsize``.

An array's ``.dtype`` is the value ``LibraryObject("numpy.<name>")`` (rules/registry.py), the value
``np.float32`` has too. NumPy compares a dtype by what the other side names as a dtype
(``np.dtype(other)``): Python's ``bool``, ``int``, ``float`` and ``complex``, a NumPy scalar type, a
dtype string (``'f4'``, ``'float32'``). The comparisons are NumPy's own answers, computed with NumPy
on the names (never on the analysed code's values). A NumPy scalar type compared with a Python type
(``np.float64 == float`` is False for the types) is taken for the dtype comparison, which is what
code writes. NumPy is imported the first time a comparison needs it: a run that meets none (torch
code) does not pay its import (~0.1 s a process).
"""

from __future__ import annotations

import warnings
from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.frame import Builtin
from ..core.values import Int, LibraryObject, Str, Value

if TYPE_CHECKING:
    import numpy

#: Python's types that name a dtype (``x.dtype == float``)
_PYTHON_TYPES = frozenset({"bool", "int", "float", "complex"})
#: the dtype attributes known here, those that are strings first
_STRINGS = frozenset({"kind", "char", "name", "str"})
_ATTRIBUTES = _STRINGS | {"itemsize"}


def numpy_type(v: Value) -> "numpy.dtype | None":
    """The dtype of a NumPy scalar type or an array's ``.dtype`` (``numpy.float32``); None for any
    other value, another NumPy name (``numpy.e``, ``numpy.linalg``) included."""
    name = _numpy_name(v)
    return None if name is None else _scalar_type(name)


def _numpy_name(v: Value) -> str | None:
    """``name`` where ``v`` is ``numpy.<name>`` (a library object of NumPy's top level); else None."""
    if type(v) is not LibraryObject or not v.qualname.startswith("numpy.") or v.qualname.count(".") != 1:
        return None
    return v.qualname[6:]


def _abstract_type(v: Value) -> type | None:
    """The NumPy scalar type ``v`` names where it is an abstract one (``numpy.integer``,
    ``numpy.floating``: a kind of dtypes, no dtype itself); None for any other value."""
    name = _numpy_name(v)
    return None if name is None or _scalar_type(name) is not None else _scalar_class(name)


@lru_cache(maxsize=None)
def _scalar_class(name: str) -> type | None:
    """NumPy's scalar type ``numpy.<name>`` (a subclass of ``np.generic``), once per name; else None."""
    import numpy as np
    with warnings.catch_warnings():   # (NumPy warns of its removed aliases: ``np.object``, ``np.float``)
        warnings.simplefilter("ignore")
        kind = getattr(np, name, None)
    return kind if isinstance(kind, type) and issubclass(kind, np.generic) else None


@lru_cache(maxsize=None)
def _scalar_type(name: str) -> "numpy.dtype | None":
    """The dtype of NumPy's scalar type ``numpy.<name>``, once per name (None: no such type)."""
    import numpy as np
    kind = _scalar_class(name)
    if kind is None:
        return None
    try:
        return np.dtype(kind)
    except TypeError:   # an abstract type (``np.integer``, ``np.floating``): a kind of dtypes, none itself
        return None


def _named_dtype(v: Value) -> "numpy.dtype | None":
    """The dtype the other side of ``dtype == v`` names, where the analysis knows it."""
    found = numpy_type(v)
    if found is not None:
        return found
    name = v.name if type(v) is Builtin and v.name in _PYTHON_TYPES else v.value if type(v) is Str else None
    if name is None:
        return None
    import numpy as np
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.dtype(name)
    except (TypeError, ValueError):   # not a dtype's name: NumPy's comparison is False, or raises
        return None


def same_dtype(left: Value, right: Value) -> bool | None:
    """``left == right`` where one side is a NumPy dtype and the other names one, or one side is
    an abstract NumPy scalar type (``np.integer``: equal to itself alone); None otherwise."""
    kinds = _abstract_type(left), _abstract_type(right)
    if kinds != (None, None):
        other = right if kinds[0] is not None else left
        if _numpy_name(other) is None and type(other) is not Builtin and type(other) is not Str:
            return None   # (another library's name, or a value the analysis does not know, may be that very type)
        return kinds[0] is kinds[1]
    if numpy_type(left) is None and numpy_type(right) is None:
        return None
    a, b = _named_dtype(left), _named_dtype(right)
    return None if a is None or b is None else a == b


def dtype_attribute(v: Value, attr: str) -> Value | None:
    """``x.dtype.kind`` (``'b'``, ``'i'``, ``'u'``, ``'f'``, ``'c'``), ``.char``, ``.name``, ``.str``
    and ``.itemsize`` of a dtype the analysis knows; None for any other attribute or value."""
    dtype = numpy_type(v) if attr in _ATTRIBUTES else None
    if dtype is None:
        return None
    return Str(getattr(dtype, attr)) if attr in _STRINGS else Int(dtype.itemsize)
