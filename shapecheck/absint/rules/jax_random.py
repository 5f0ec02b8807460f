"""The shape rules of ``jax.random``: samplers take a key and make an array of ``shape`` (or of
their parameters' shape), and keys are arrays too (``split`` makes ``num`` of them).

Sources: the jax.random reference (normal, uniform, truncated_normal, randint, bernoulli, gamma,
poisson, categorical, permutation, split, fold_in, key, PRNGKey).
"""

from __future__ import annotations

from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, Value
from .args import as_array, dtype_arg, is_none, shape_arg
from .kinds import Rule, reduction


def keyed_random(params: tuple[str, ...], dtype: str = "float32") -> Rule:
    """``jax.random.normal(key, shape=(), dtype)``: an array of ``shape`` (0-d by default)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        out = dtype_arg(b.get("dtype")) or dtype
        if "shape" not in b:
            return Array(Shape(()), out) if not any(p in b for p in ("lower", "upper")) else UNKNOWN
        dims = shape_arg(ctx, b["shape"])
        return Array(Shape(dims), out) if dims is not None else UNKNOWN

    return rule


def parametrised(params: tuple[str, ...], dtype: str) -> Rule:
    """``bernoulli(key, p=0.5, shape=None)``, ``gamma(key, a, shape=None)``: an array of ``shape``,
    else of the parameter's shape (its second parameter: ``p``, ``a``, ``lam``), else 0-d."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        out = dtype_arg(b.get("dtype")) or dtype
        if "shape" in b and not is_none(b["shape"]):
            dims = shape_arg(ctx, b["shape"])
            return Array(Shape(dims), out) if dims is not None else UNKNOWN
        given = b.get(params[1])
        if given is None:
            return Array(Shape(()), out)
        a = as_array(given.value)
        return Array(a.shape, out) if a is not None else UNKNOWN

    return rule


def split(ctx: OpContext, call: Call) -> Value:
    """``split(key, num=2)``: ``num`` keys (an int, or a shape of them) stacked before the key's own
    shape: (num, 2) for a raw key, (num,) for a typed one."""
    b = call.bind(("key", "num"))
    key = as_array(b["key"].value) if "key" in b else None
    if key is None or key.shape.dims is None:
        return UNKNOWN
    num = shape_arg(ctx, b["num"]) if "num" in b else (2,)
    return Array(Shape(tuple(num) + key.shape.dims), key.dtype) if num is not None else UNKNOWN


def same_key(ctx: OpContext, call: Call) -> Value:
    """``fold_in(key, data)``: a key of the same shape."""
    key = as_array(call.args[0].value) if call.args else None
    return key if key is not None else UNKNOWN


def permutation(ctx: OpContext, call: Call) -> Value:
    """``permutation(key, x)``: of ``range(x)`` for an int, else x's items (its shape)."""
    b = call.bind(("key", "x"))
    x = b["x"].value if "x" in b else None
    if type(x) is Int:
        return Array(Shape((x.dim,)), "int32")
    a = as_array(x) if x is not None else None
    return Array(a.shape, a.dtype) if a is not None else UNKNOWN


_CATEGORY = reduction("int", params=("a", "axis"), single_axis=True)


def categorical(ctx: OpContext, call: Call) -> Value:
    """``categorical(key, logits, axis=-1, shape=None)``: one index per row of ``axis``, or ``shape``."""
    b = call.bind(("key", "logits", "axis", "shape"))
    if "shape" in b and not is_none(b["shape"]):
        dims = shape_arg(ctx, b["shape"])
        return Array(Shape(dims), "int32") if dims is not None else UNKNOWN
    if "logits" not in b:
        return UNKNOWN
    out = _CATEGORY(ctx, Call(call.name, [b["logits"], b.get("axis") or Arg(Int(-1))]))
    return Array(out.shape, "int32") if type(out) is Array else out


#: By name under ``jax.random``.
RANDOM: dict[str, Rule] = {
    "normal": keyed_random(("key", "shape", "dtype")),
    "uniform": keyed_random(("key", "shape", "dtype", "minval", "maxval")),
    "truncated_normal": keyed_random(("key", "lower", "upper", "shape", "dtype")),
    "randint": keyed_random(("key", "shape", "minval", "maxval", "dtype"), "int32"),
    **{name: keyed_random(("key", "shape", "dtype"))
       for name in ("exponential", "laplace", "gumbel", "logistic", "cauchy")},
    "rademacher": keyed_random(("key", "shape", "dtype"), "int32"),
    "bernoulli": parametrised(("key", "p", "shape"), "bool"),
    "gamma": parametrised(("key", "a", "shape", "dtype"), "float32"),
    "poisson": parametrised(("key", "lam", "shape", "dtype"), "int32"),
    "categorical": categorical, "permutation": permutation,
    "split": split, "fold_in": same_key,
    "PRNGKey": lambda ctx, call: Array(Shape((2,)), "uint32"),
    "key": lambda ctx, call: Array(Shape(()), None),
}
