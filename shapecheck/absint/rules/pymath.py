"""Python's ``math`` module: its functions give Python numbers (``math.sqrt(k.size(-1))`` is a
float, ``math.ceil(n / 2)`` an int), never arrays. With known arguments the value is computed
(these are the library's own pure functions on constants, not the analysed code)."""

from __future__ import annotations

import math

from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Bool, Float, Int, Value
from .kinds import Rule


def _number(v: Value) -> float | int | None:
    if type(v) is Int and type(v.dim) is int:
        return v.dim
    if type(v) is Float:
        return v.value
    return None


def _computed(name: str, kind: type) -> Rule:
    """``math.<name>``: its ``kind`` (Float or Int) of the known arguments, or an unknown one."""
    fn = getattr(math, name)

    def rule(ctx: OpContext, call: Call) -> Value:
        values = [_number(a.value) for a in call.args]
        if call.kwargs or any(v is None for v in values) or name in _HUGE and any(abs(v) > 10_000 for v in values):
            # (factorial(10**7) of a constant would take minutes: its digits are no shape)
            return Float() if kind is Float else Int(ctx.fresh(name))
        try:
            result = fn(*values)
        except (ValueError, OverflowError, TypeError, ZeroDivisionError):
            return UNKNOWN   # a domain error is the program's run-time business
        return Float(float(result)) if kind is Float else Int(int(result))
    return rule


#: functions whose result has about as many digits as their argument's size
_HUGE = ("factorial", "comb", "perm")


def bool_result(ctx: OpContext, call: Call) -> Value:
    return Bool()


_FLOATS = ("sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "sin", "cos", "tan",
           "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "hypot",
           "degrees", "radians", "fabs", "fmod", "copysign", "erf", "erfc", "gamma", "lgamma", "cbrt",
           "ldexp", "dist", "fsum", "remainder")
_INTS = ("ceil", "floor", "trunc", "isqrt", "gcd", "lcm", "factorial", "comb", "perm")

MATH: dict[str, Rule] = {
    **{f"math.{name}": _computed(name, Float) for name in _FLOATS if hasattr(math, name)},
    **{f"math.{name}": _computed(name, Int) for name in _INTS if hasattr(math, name)},
    **{f"math.{name}": bool_result for name in ("isclose", "isfinite", "isinf", "isnan")},
}

MATH_CONSTANTS: dict[str, Value] = {
    "math.pi": Float(math.pi), "math.e": Float(math.e), "math.tau": Float(math.tau),
    "math.inf": Float(math.inf), "math.nan": Float(math.nan),
}
