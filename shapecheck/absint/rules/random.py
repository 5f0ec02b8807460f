"""``numpy.random`` functions whose shape is more than ``size``: ``choice``, ``permutation``,
``multivariate_normal``. The plain ``size=`` samplers are one table line each (``sized_random``).

Sources: the NumPy reference pages for ``numpy.random.choice``, ``numpy.random.Generator.choice``,
``numpy.random.permutation`` and ``numpy.random.multivariate_normal``.
"""

from __future__ import annotations

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Float, Int, Value
from .args import as_array, bound_array, const_int, is_none, normalize_axis, shape_arg
from .kinds import Rule


def _sample(ctx: OpContext, dtype: str | None) -> Value:
    """One element drawn from an array: a NumPy scalar, which broadcasts like a Python number."""
    return Int(ctx.fresh("r")) if dtype and dtype.startswith(("int", "uint")) else Float()


def choice(ctx: OpContext, call: Call) -> Value:
    """Legacy ``choice(a, size=None, replace, p)``: ``a`` is an int (``arange(a)``) or a 1-D array; without
    ``size`` the result is one scalar, with it an array of shape ``size`` ("a must be 1-dimensional")."""
    bound = call.bind(("a", "size", "replace", "p"))
    a_arg = bound.get("a")
    if a_arg is None:
        return UNKNOWN
    a = None if type(a_arg.value) is Int else as_array(a_arg.value)
    if a is not None and a.shape.rank == 0:   # a NumPy integer (n, m = np.sort(...)): arange(a), as an int
        a = None
    dtype = "int64" if a is None else a.dtype
    if a is not None and a.shape.rank is not None and a.shape.rank != 1:
        ctx.fail("SC107", f"{ctx.op}: a must be 1-dimensional, but {ctx.describe(a_arg)}")
    size = bound.get("size")
    if size is None or is_none(size):
        return _sample(ctx, dtype)
    dims = shape_arg(ctx, size)
    return Array(Shape(dims), dtype) if dims is not None else UNKNOWN


def generator_choice(ctx: OpContext, call: Call) -> Value:
    """``Generator.choice(a, size=None, replace, p, axis=0)``: draws along ``axis`` of an n-D ``a``;
    ``size`` replaces that axis (without ``size`` the axis is dropped: a 1-D ``a`` gives a scalar)."""
    bound = call.bind(("a", "size", "replace", "p", "axis"))
    a_arg = bound.get("a")
    if a_arg is None:
        return UNKNOWN
    a = as_array(a_arg.value)
    if type(a_arg.value) is Int or a is not None and a.shape.rank == 0:
        return choice(ctx, Call(call.name, [a_arg], {"size": bound["size"]} if "size" in bound else {}))
    if a is None or a.shape.dims is None:
        return UNKNOWN
    dims = a.shape.dims
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: a must be a sequence or an integer, not a 0-d array ({ctx.describe(a_arg)})")
    axis = 0 if "axis" not in bound else const_int(bound["axis"])
    if axis is None:
        return UNKNOWN
    axis = normalize_axis(ctx, axis, len(dims))
    size = bound.get("size")
    drawn: tuple | None = () if size is None or is_none(size) else shape_arg(ctx, size)
    if drawn is None:
        return UNKNOWN
    out = dims[:axis] + tuple(drawn) + dims[axis + 1:]
    return Array(Shape(out), a.dtype) if out else _sample(ctx, a.dtype)


def permutation(ctx: OpContext, call: Call) -> Value:
    """``permutation(n)`` is a shuffled ``arange(n)``; ``permutation(a)`` shuffles a's first axis."""
    if not call.args:
        return UNKNOWN
    v = call.args[0].value
    if type(v) is Int:
        return Array(Shape((v.dim,)), "int64")
    a = as_array(v)
    return a if a is not None else UNKNOWN


def multivariate_normal(ctx: OpContext, call: Call) -> Value:
    """``multivariate_normal(mean, cov, size)``: ``size + mean.shape`` (mean is 1-D)."""
    bound = call.bind(("mean", "cov", "size"))
    mean = bound_array(bound, "mean")
    if mean is None or mean.shape.dims is None or len(mean.shape.dims) != 1:
        return UNKNOWN
    size = bound.get("size")
    dims = () if size is None or is_none(size) else shape_arg(ctx, size)
    if dims is None:
        return UNKNOWN
    return Array(Shape(tuple(dims) + mean.shape.dims), "float64")


def vector_sampler(vector: str, params: tuple[str, ...], dtype: str) -> Rule:
    """``dirichlet(alpha, size)``, ``multinomial(n, pvals, size)``: one vector per draw, as long as the
    1-D parameter ``vector``: ``size + (len(vector),)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        v = bound_array(bound, vector)
        if v is None or v.shape.dims is None or not v.shape.dims:
            return UNKNOWN
        size = bound.get("size")
        dims = () if size is None or is_none(size) else shape_arg(ctx, size)
        if dims is None:
            return Array(UNKNOWN_SHAPE, dtype)
        return Array(Shape(tuple(dims) + v.shape.dims[-1:]), dtype)

    return rule
