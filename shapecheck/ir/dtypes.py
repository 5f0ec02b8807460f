"""NumPy's dtype rules for the front end, decided by NumPy itself.

An elementwise op runs the loop NumPy's type resolution picks (``ufunc.resolve_dtypes``): its
operands are cast to the loop's input dtypes first, so ``int32 / int32`` divides in float64,
``float32 * 0.5`` stays float32 (NEP 50: a Python scalar is *weak*) and ``int32 + float32`` is
float64. Reductions accumulate in the dtype NumPy gives their result (``sum`` of bool or int32:
int64; ``mean`` of ints: float64). Ops NumPy defines on bools by logic (``+`` is ``or``, ``*``
is ``and``, matmul is any-of-ands) run on integers and compare with zero, which gives the same
answer.

References: NumPy's ufunc type resolution (``numpy.ufunc.resolve_dtypes``), NEP 50
(https://numpy.org/neps/nep-0050-scalar-promotion.html).
"""

from __future__ import annotations

import functools
import operator

import numpy as np

__all__ = ["CODES", "loop_dtypes", "reduction_dtype", "common_dtype", "with_constant", "UnsupportedDtype"]

# The one table of compiled dtypes: loop-IR code -> NumPy dtype.
CODES = {"f32": np.dtype(np.float32), "f64": np.dtype(np.float64), "i8": np.dtype(np.int8),
         "i16": np.dtype(np.int16), "i32": np.dtype(np.int32), "i64": np.dtype(np.int64),
         "u8": np.dtype(np.uint8), "u16": np.dtype(np.uint16), "u32": np.dtype(np.uint32),
         "u64": np.dtype(np.uint64), "bool": np.dtype(np.bool_)}
_CODE_OF = {dtype: code for code, dtype in CODES.items()}
# A weak (Python) scalar operand is given to NumPy as its Python type.
# A Python bool is given as NumPy's bool: the lowest kind, so the result is the same.
_PYTHON_TYPES = {"bool": np.dtype(np.bool_), **{code: int for code in CODES if code[0] in "iu"},
                 "f64": float, "f32": float}

# Our op names -> NumPy ufuncs (the ones whose loops decide dtypes).
UFUNCS = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.true_divide,
    "maximum": np.maximum, "minimum": np.minimum, "pow": np.power,
    "less": np.less, "less_equal": np.less_equal, "greater": np.greater,
    "greater_equal": np.greater_equal, "equal": np.equal, "not_equal": np.not_equal,
    "neg": np.negative, "abs": np.absolute, "matmul": np.matmul, "sign": np.sign,
    "bitand": np.bitwise_and, "bitor": np.bitwise_or, "bitxor": np.bitwise_xor, "lshift": np.left_shift,
    "rshift": np.right_shift,
    **{name: getattr(np, name) for name in ("exp", "log", "sin", "cos", "tan", "tanh", "sqrt",
                                             "log1p", "expm1", "floor", "ceil", "rint", "trunc",
                                             "arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh",
                                             "arccosh", "arctanh", "log2", "log10", "exp2", "cbrt",
                                             "arctan2", "hypot")},
}
_WEAK_SAMPLES = {"bool": np.dtype(np.bool_), **{code: 0 for code in CODES if code[0] in "iu"},
                 "f64": 0.0, "f32": 0.0}
REDUCTIONS = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min, "any": np.any, "all": np.all,
              "prod": np.prod}


class UnsupportedDtype(TypeError):
    """NumPy's rules give a dtype the compiler does not have (float16, complex...)."""


def _code(dtype: np.dtype, what: str) -> str:
    code = _CODE_OF.get(np.dtype(dtype))
    if code is None:
        raise UnsupportedDtype(f"{what} gives {np.dtype(dtype)} under NumPy's rules, which is not "
                               f"supported (supported: {', '.join(str(d) for d in CODES.values())})")
    return code


@functools.cache
def loop_dtypes(op: str, operands: tuple[tuple[str, bool], ...]) -> tuple[tuple[str, ...], str]:
    """``(input dtypes, result dtype)`` of the loop NumPy runs for ``op`` on ``operands``, each a
    ``(dtype code, weak)`` pair. When every operand is weak they count as arrays of their dtype."""
    all_weak = all(weak for _, weak in operands)
    given = tuple(CODES[code] if (all_weak or not weak) else _PYTHON_TYPES[code] for code, weak in operands)
    try:
        resolved = UFUNCS[op].resolve_dtypes(given + (None,))
    except (TypeError, ValueError) as error:   # numpy's UFuncTypeError is a TypeError
        shown = ", ".join(str(g) if isinstance(g, np.dtype) else g.__name__ for g in given)
        raise UnsupportedDtype(f"{op} is not defined for ({shown}) in NumPy: {error}") from None
    inputs = tuple(_code(d, op) for d in resolved[:-1])
    return inputs, _code(resolved[-1], op)


@functools.cache
def reduction_dtype(op: str, code: str) -> str:
    """The dtype NumPy's ``op`` reduction of a ``code`` array returns (and accumulates in)."""
    return _code(REDUCTIONS[op](np.zeros(1, CODES[code])).dtype, op)


@functools.cache
def common_dtype(operands: tuple[tuple[str, bool], ...]) -> str:
    """NumPy's ``result_type`` of ``(dtype code, weak)`` operands (``np.where``'s branches)."""
    all_weak = all(weak for _, weak in operands)
    given = [CODES[code] if (all_weak or not weak) else _WEAK_SAMPLES[code] for code, weak in operands]
    return _code(np.result_type(*given), "where")


@functools.cache
def with_constant(op: str, code: str, value) -> str:
    """The dtype of the operator ``op`` on a ``code`` array and the Python constant ``value``,
    as NumPy computes it from the value itself (``bool_array ** 2`` runs ``np.square``: int8,
    where resolving ``np.power`` by the type ``int`` alone would say int64)."""
    with np.errstate(all="ignore"):
        return _code(_OPERATORS[op](np.ones(1, CODES[code]), value).dtype, op)


_OPERATORS = {"pow": operator.pow}
