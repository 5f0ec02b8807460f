"""What compiled code needs to know about CPython and NumPy objects, checked in this process.

The native program entry (``pyentry``) reads array objects directly and calls a few C-API
functions, so it depends on:

- the field offsets of NumPy's array object (``PyArrayObject_fields`` in ``ndarraytypes.h``:
  ``ob_type, data, nd, dimensions, descr, flags``). :func:`array_layout` measures them on a probe
  array instead of trusting the header, and refuses (returns None) if any disagrees, in which case
  no native entry is built and calls take the Python path;
- runtime symbols the object code imports by name (``sc_rt_*``, see :data:`FUNCTIONS` and
  :data:`OBJECTS`), bound to this process's addresses with ``llvm.add_symbol`` before any object is
  loaded. They are bound by name, not baked into the code, so cached object files stay valid in
  a new process;
- a way to turn a native function into a Python callable with CPython's cheapest calling
  convention: :func:`builtin` makes a ``METH_FASTCALL`` builtin function (the kind ``len`` is),
  whose call costs about what calling ``len`` costs, instead of a ctypes call's microseconds.

NumPy's C API is reached through its ``_ARRAY_API`` capsule (the table ``import_array()`` loads);
``PyArray_Empty`` is entry 184 (``__multiarray_api.h``), checked by calling it once.
"""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass

import llvmlite.binding as llvm
import numpy as np

from shapecheck.ir.dtypes import CODES
from shapecheck.ir.faults import FAULTS

NPY_ARRAY_C_CONTIGUOUS = 0x0001
NPY_ARRAY_ALIGNED = 0x0100
NPY_ARRAY_WRITEABLE = 0x0400
PYARRAY_EMPTY_INDEX = 184
PYARRAY_RETURN_INDEX = 76   # PyArray_Return: a 0-d array as its NumPy scalar (steals the array)
METH_FASTCALL = 0x0080

# Symbol -> CPython function (in ``ctypes.pythonapi``) it is bound to.
FUNCTIONS = {
    "sc_rt_Py_IncRef": "Py_IncRef", "sc_rt_Py_DecRef": "Py_DecRef",
    "sc_rt_PyTuple_Pack": "PyTuple_Pack", "sc_rt_PyObject_Vectorcall": "PyObject_Vectorcall",
    "sc_rt_PyEval_SaveThread": "PyEval_SaveThread", "sc_rt_PyEval_RestoreThread": "PyEval_RestoreThread",
    "sc_rt_PyErr_Format": "PyErr_Format", "sc_rt_PyLong_AsLongLongAndOverflow": "PyLong_AsLongLongAndOverflow",
}
# Symbols whose address *is* an object: the ndarray type and the canonical dtype of each loop-IR
# dtype (arrays made by NumPy share these descriptor objects; any other is sent to the slow path).
OBJECTS = {
    "sc_rt_PyArray_Type": np.ndarray,
    **{f"sc_rt_PyExc_{fault.exception.__name__}": fault.exception for fault in FAULTS},   # what checks raise
    **{f"sc_rt_descr_{code}": dtype for code, dtype in CODES.items()},
    # numbers a 0-d argument may be passed as (``EntryPlan.scalars``): Python's, and NumPy's scalar
    # types, whose value lies at SCALAR_VALUE (a PyFloatObject's ob_fval, a NumPy scalar's obval)
    "sc_rt_PyFloat_Type": float, "sc_rt_PyLong_Type": int, "sc_rt_PyBool_Type": bool, "sc_rt_Py_True": True,
    "sc_rt_Py_None": None,   # what a function without a return statement returns
    **{f"sc_rt_scalar_{code}": dtype.type for code, dtype in CODES.items()},
}
SCALAR_VALUE = 16   # bytes: the object header (refcount, type) before a number's value
EMPTY_SYMBOL = "sc_rt_PyArray_Empty"
RETURN_SYMBOL = "sc_rt_PyArray_Return"


@dataclass(frozen=True)
class ArrayLayout:
    """Byte offsets of the fields of a NumPy array object that compiled code reads."""

    ob_type: int
    data: int
    nd: int
    dimensions: int
    descr: int
    flags: int


# The layout of NumPy 1.x and 2.x on 64-bit CPython (``PyObject_HEAD`` is 16 bytes).
EXPECTED_LAYOUT = ArrayLayout(ob_type=8, data=16, nd=24, dimensions=32, descr=56, flags=64)


@functools.cache
def array_layout() -> ArrayLayout | None:
    """:data:`EXPECTED_LAYOUT` if a probe array agrees with it in every field, else None."""
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        return None
    probe = np.ones((3, 5), np.float64)[:, ::2]  # not contiguous: its flags are distinctive
    lay = EXPECTED_LAYOUT
    base = id(probe)

    def read(offset, ctype):
        return ctype.from_address(base + offset).value

    dims = (ctypes.c_int64 * 2).from_address(read(lay.dimensions, ctypes.c_void_p))
    agrees = (read(lay.ob_type, ctypes.c_void_p) == id(np.ndarray)
              and read(lay.data, ctypes.c_void_p) == probe.ctypes.data
              and read(lay.nd, ctypes.c_int32) == 2 and tuple(dims) == probe.shape
              and read(lay.descr, ctypes.c_void_p) == id(probe.dtype)
              and read(lay.flags, ctypes.c_int32) == probe.flags.num)
    return lay if agrees else None


@functools.cache
def _pythonapi(name: str, restype, *argtypes):
    """A private prototype of a C-API function (setting ``argtypes`` on ``ctypes.pythonapi``'s
    shared function objects would change them for every other user)."""
    return ctypes.PYFUNCTYPE(restype, *argtypes)((name, ctypes.pythonapi))


def _api_table():
    try:
        from numpy._core import _multiarray_umath
    except ImportError:  # NumPy 1.x
        from numpy.core import _multiarray_umath
    get_pointer = _pythonapi("PyCapsule_GetPointer", ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)
    return ctypes.cast(get_pointer(_multiarray_umath._ARRAY_API, None), ctypes.POINTER(ctypes.c_void_p))


@functools.cache
def _pyarray_return() -> int:
    """Address of ``PyArray_Return``, after checking that the table entry behaves like it."""
    address = _api_table()[PYARRAY_RETURN_INDEX]
    to_scalar = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.py_object)(address)
    zero_d = np.asarray(np.float32(2.5))
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(zero_d))  # PyArray_Return steals a reference
    made = to_scalar(zero_d)
    if not (type(made) is np.float32 and made == np.float32(2.5)):
        raise RuntimeError(f"NumPy C-API table entry {PYARRAY_RETURN_INDEX} is not PyArray_Return")
    return address


@functools.cache
def _pyarray_empty() -> int:
    """Address of ``PyArray_Empty``, after checking that the table entry behaves like it."""
    address = _api_table()[PYARRAY_EMPTY_INDEX]
    empty = ctypes.PYFUNCTYPE(ctypes.py_object, ctypes.c_int, ctypes.POINTER(ctypes.c_int64),
                              ctypes.py_object, ctypes.c_int)(address)
    descr = np.dtype(np.float32)
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(descr))  # PyArray_Empty steals a reference
    made = empty(2, (ctypes.c_int64 * 2)(2, 3), descr, 0)
    if not (type(made) is np.ndarray and made.shape == (2, 3) and made.dtype == descr):
        raise RuntimeError("NumPy C-API table entry 184 is not PyArray_Empty")
    return address


@functools.cache
def bind_runtime_symbols() -> bool:
    """Bind every ``sc_rt_*`` symbol in the JIT; False (nothing bound) if this process's NumPy
    or CPython is not the layout compiled code assumes."""
    if array_layout() is None:
        return False
    try:
        empty, to_scalar = _pyarray_empty(), _pyarray_return()
    except (AttributeError, RuntimeError, ValueError):
        return False
    llvm.add_symbol(EMPTY_SYMBOL, empty)
    llvm.add_symbol(RETURN_SYMBOL, to_scalar)
    for symbol, function in FUNCTIONS.items():
        llvm.add_symbol(symbol, ctypes.cast(getattr(ctypes.pythonapi, function), ctypes.c_void_p).value)
    for symbol, obj in OBJECTS.items():
        llvm.add_symbol(symbol, id(obj))  # these objects live as long as NumPy does
    return True


class _MethodDef(ctypes.Structure):
    _fields_ = [("ml_name", ctypes.c_char_p), ("ml_meth", ctypes.c_void_p),
                ("ml_flags", ctypes.c_int), ("ml_doc", ctypes.c_char_p)]


# Method definitions must outlive every function object made from them; compiled code is never
# unloaded either, so they are kept for the life of the process.
_method_defs: dict[tuple[str, int], _MethodDef] = {}


def builtin(name: str, address: int, fallback):
    """A builtin function calling the ``METH_FASTCALL`` C function at ``address``, which receives
    ``fallback`` as its ``self`` (``pyentry`` calls it with the same arguments when its guards fail).
    """
    key = (name, address)
    if key not in _method_defs:
        _method_defs[key] = _MethodDef(name.encode(), address, METH_FASTCALL, None)
    new = _pythonapi("PyCFunction_NewEx", ctypes.py_object, ctypes.c_void_p, ctypes.py_object, ctypes.c_void_p)
    return new(ctypes.addressof(_method_defs[key]), fallback, None)
