"""Array creation whose shape comes from values: array literals, arange, linspace, eye, diag."""

from __future__ import annotations

import math
from dataclasses import replace

from ...constraints import dims as D
from ...constraints.predicates import ge
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ...constraints.solver import Verdict
from ..core.context import Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Bool, Float, Int, List, Tuple, Unknown, Value
from .args import (
    as_array,
    bound_array,
    check_broadcast_into,
    const_int,
    diagonal_length,
    dtype_arg,
    given_dtype,
    int_arg,
    int_of_text,
    is_none,
    literal_array,
    normalize_axis,
    shape_arg,
    structured_dtype,
    string_leaves,
    untyped_leaves,
)
from .kinds import Rule, creation
from .manipulation import with_new_axis


def array(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("object", "dtype"))
    obj = bound.get("object")
    if obj is None:
        return UNKNOWN
    # a parameter of the generic analysis is, where an array op takes it, the array ``(*x)``
    # (``jnp.asarray(x, jnp.float32)`` opening a flax ``__call__``), as it is to ``x * 2``
    a = obj.value.as_array() if type(obj.value) is Unknown else literal_array(obj.value)
    dtype = dtype_arg(bound.get("dtype"))
    records = bound.get("dtype") is not None and dtype is None and _has_tuples(obj.value)
    if a is None or dtype == "object" or structured_dtype(bound.get("dtype")) or "ndmax" in call.kwargs or records:
        return Array(UNKNOWN_SHAPE, dtype)
    ndmin = const_int(call.kwargs.get("ndmin"))
    shape = a.shape
    v = obj.value
    if ndmin is None and type(v) in (List, Tuple) and v.items is not None and len(v.items) <= 64 and all(
            type(i) is Int and type(i.dim) is int for i in v.items):
        return Array(shape, dtype or a.dtype or "int64", tuple(i.dim for i in v.items))
    if ndmin is not None and shape.rank is not None and shape.rank < ndmin:
        shape = Shape((1,) * (ndmin - shape.rank) + shape.prefix)
    if type(v) is Array:
        return Array(shape, dtype or a.dtype, tensor=False)
    if type(v) is Unknown or untyped_leaves(v):   # a parameter: its dtype is the caller's (no default to
        return Array(shape, dtype or a.dtype)       # guess a dtype test by)
    return Array(shape, dtype or a.dtype or ("str" if string_leaves(v) else "float64"))


_FULL_SHAPE = creation(None, params=("shape", "fill_value", "dtype"))


def full(ctx: OpContext, call: Call) -> Value:
    """``np.full(shape, fill_value)``: an array of ``shape``, into which ``fill_value`` is copied, so an
    array fill must broadcast to it without growing it (``np.full(3, np.zeros(5))`` raises)."""
    result = _FULL_SHAPE(ctx, call)
    bound = call.bind(("shape", "fill_value", "dtype"))
    fill = bound_array(bound, "fill_value")
    if type(result) is Array and result.shape.rank is not None and fill is not None and fill.shape.rank is not None:
        check_broadcast_into(ctx, fill.shape, result.shape, f"{ctx.op}'s fill_value")
    return result


def contiguous_array(ctx: OpContext, call: Call) -> Value:
    """``np.ascontiguousarray`` / ``np.asfortranarray``: ``np.asarray``'s array with at least one dim
    (NumPy's "ndim >= 1": a scalar becomes a (1,) array)."""
    out = array(ctx, call)
    if type(out) is Array and out.shape.dims == ():
        return replace(out, shape=Shape((1,)))
    return out


def scalar_type(dtype: str) -> Rule:
    """``np.float32(x)``, ``np.int64(n)``: NumPy's scalar types called. On an array or a nested
    list, an array of its shape and that dtype (NumPy converts elementwise: ``np.float32(np.ones(3))``
    is a (3,) array); on a Python int, for an integer type, that int (a size stays a size); on
    another number, a 0-d value of that dtype (NumPy reference, "Scalars")."""

    def rule(ctx: OpContext, call: Call) -> Value:
        arg = call.bind(("value",)).get("value")
        if arg is None:
            return Array(Shape(()), dtype)
        v = arg.value
        if type(v) is Int and dtype.startswith(("int", "uint")):
            return v
        if type(v) in (Int, Float, Bool):
            return Array(Shape(()), dtype)
        a = as_array(v) if type(v) in (Array, List, Tuple) else None
        return Array(a.shape, dtype) if a is not None else UNKNOWN

    return rule


def _has_tuples(v: Value) -> bool:
    """Tuples inside a list literal, with a dtype we cannot read, are likely records of a structured
    dtype (one element each), not a dimension."""
    if type(v) is List and v.items:
        return any(type(i) is Tuple or _has_tuples(i) for i in v.items)
    return False


def _number(v: Value):
    if type(v) is Int:
        return v.dim
    if type(v) is Float:
        return v.value
    return None


def _bound_number(ctx: OpContext, arg, named: bool):
    number = _number(arg.value)
    if number is None and named and type(arg.value) is Unknown:
        return int_of_text(ctx, arg.text)
    return number


def arange(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("start", "stop", "step"))
    present = [k for k in ("start", "stop", "step") if k in bound and not is_none(bound[k])]
    # ``torch.arange(dim // 4)``, ``np.arange(lo, hi)`` with the names unknown (parameters): the
    # bounds of a range of unit step are ints, each unknown name a dim from here on, as a size
    # is (``int_of_text``); ``dim // 4 - 1`` after it is one, and ``arange(...) / (dim // 4 - 1)``
    # stays 1-d. A step's range may be of floats: nothing is named there.
    named = "step" not in present
    values = [_bound_number(ctx, bound[k], named) if k in present else None for k in ("start", "stop", "step")]
    if present == ["start"]:
        start, stop, step = 0, values[0], 1
    else:
        start = values[0] if "start" in present else 0
        stop = values[1]
        step = values[2] if "step" in present else 1
    floats = any(type(bound[k].value) is Float for k in present)
    dtype = given_dtype(call.kwargs.get("dtype"), "float64" if floats else "int64")
    if start is None or stop is None or step is None:
        return Array(Shape((ctx.fresh("n"),)), dtype)
    if all(isinstance(x, (int, float)) for x in (start, stop, step)):
        if step == 0:
            ctx.fail("SC107", f"{ctx.op}: step must not be zero (division by zero)")
        length = (stop - start) / step
        if not math.isfinite(length):   # ``np.arange(np.inf)``: NumPy raises ValueError
            ctx.fail("SC107", f"{ctx.op}: the length ({stop} - {start}) / {step} is not a finite number")
        if length == 0 and stop != start:   # a step of inf (or an underflow): NumPy's one item, or none
            return Array(Shape((0 if math.copysign(1, length) < 0 else 1,)), dtype)
        return Array(Shape((max(0, math.ceil(length)),)), dtype)
    if step == 1 and not isinstance(start, float) and not isinstance(stop, float):
        return Array(Shape((D.sub(stop, start),)), dtype)
    return Array(Shape((ctx.fresh("n"),)), dtype)


def _spaced(params: tuple[str, ...]) -> Rule:
    """``linspace``/``logspace``/``geomspace``: ``num`` samples along ``axis`` (default 0) of the
    shape ``start`` and ``stop`` broadcast to (``np.linspace(start, stop, n)`` of two (N,) points
    is (n, N): scikit-image's ``line_nd`` takes ``.T`` of it and indexes ``coords[dim, :]``)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        num = bound.get("num")
        n = 50 if num is None else int_arg(num, ctx)
        if n is None:
            n = ctx.fresh("num")
        if type(n) is int and n < 0:
            ctx.fail("SC107", f"{ctx.op}: Number of samples, {n}, must be non-negative.")
        ends = [(bound_array(bound, k), bound[k].text) for k in ("start", "stop") if k in bound]
        if any(a is None for a, _ in ends):
            sample = UNKNOWN_SHAPE
        else:
            sample = ctx.broadcast([(a.shape, text) for a, text in ends], unknown_rank=True) or UNKNOWN_SHAPE
        out = Array(_inserted(ctx, sample, n, const_int(bound.get("axis")) or 0),
                    given_dtype(bound.get("dtype"), "float64"))
        ret = bound.get("retstep")
        if ret is not None and flag(ret.value, False) is True:
            # the step is ``(stop - start) / div``: a number between numbers, else an array of the
            # ends' broadcast shape (astropy's ``np.linspace(t1, t2, 7, retstep=True)`` of (2,) and ())
            step = Float() if sample.rank == 0 else UNKNOWN if sample.rank is None else Array(sample, out.dtype)
            return Tuple((out, step))
        return out
    return rule


def _inserted(ctx: OpContext, sample: Shape, n, axis: int) -> Shape:
    """``sample`` with the ``n`` samples as a new axis ``axis`` (NumPy's: in ``-rank-1 .. rank``)."""
    if sample.rank is None:
        return with_new_axis(ctx, sample, [axis], n)
    dims = sample.prefix
    at = normalize_axis(ctx, axis, len(dims) + 1)
    return Shape(dims[:at] + (n,) + dims[at:])


linspace = _spaced(("start", "stop", "num", "endpoint", "retstep", "dtype", "axis"))
logspace = _spaced(("start", "stop", "num", "endpoint", "base", "dtype", "axis"))
geomspace = _spaced(("start", "stop", "num", "endpoint", "dtype", "axis"))


def eye(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("N", "M", "k", "dtype"))
    n = int_arg(bound.get("N"), ctx)
    m = int_arg(bound.get("M"), ctx) if not is_none(bound.get("M")) else n
    if n is None:
        n = ctx.fresh("n")
    if m is None:
        m = ctx.fresh("m")
    for d in (n, m):
        if type(d) is int and d < 0:
            ctx.fail("SC107", f"{ctx.op}: negative dimensions are not allowed")
    return Array(Shape((n, m)), given_dtype(bound.get("dtype"), "float64"))


def identity(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("n", "dtype"))
    n = int_arg(bound.get("n"), ctx)
    if n is None:
        n = ctx.fresh("n")
    if type(n) is int and n < 0:
        ctx.fail("SC107", f"{ctx.op}: negative dimensions are not allowed")
    return Array(Shape((n, n)), given_dtype(bound.get("dtype"), "float64"))


def diag(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("v", "k"))
    a = bound_array(bound, "v")
    if a is None:
        return UNKNOWN
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(dims) == 1:   # a square of side n + |k|
        k = 0 if is_none(bound.get("k")) else int_arg(bound.get("k"))
        n = ctx.fresh("n") if k is None else D.add(dims[0], D.dmax(k, D.neg(k)))
        return Array(Shape((n, n)), a.dtype)
    if len(dims) == 2:
        return Array(Shape((diagonal_length(ctx, dims[0], dims[1], bound.get("k")),)), a.dtype)
    ctx.fail("SC107", f"{ctx.op}: Input must be 1- or 2-d.")
    return UNKNOWN


def triangle(ctx: OpContext, call: Call) -> Value:
    """``triu(m, k)`` / ``tril(m, k)``: the mask is ``tri(*m.shape[-2:])``, so a 1-D ``m`` of length n gives
    (n, n) and a 0-d one raises; 2-D and up keep their shape (NumPy's ``numpy.tril`` source)."""
    bound = call.bind(("m", "k"))
    a = bound_array(bound, "m")
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: the array must have at least one dimension ({ctx.describe(bound['m'])})")
    if len(dims) == 1:
        return Array(Shape((dims[0], dims[0])), a.dtype)
    return a


def vander(ctx: OpContext, call: Call) -> Value:
    """``vander(x, N=None, increasing=False)``: one row per item of the 1-D ``x``, ``N`` columns (as
    many as items by default)."""
    bound = call.bind(("x", "N", "increasing"))
    x = bound_array(bound, "x")
    if x is None:
        return UNKNOWN
    dims = x.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    if len(dims) != 1:
        ctx.fail("SC107", f"{ctx.op}: x must be a one-dimensional array or sequence ({ctx.describe(bound['x'])})")
    given = bound.get("N")
    columns = dims[0] if is_none(given) else int_arg(given, ctx)
    return Array(Shape((dims[0], ctx.fresh("N") if columns is None else columns)), x.dtype)


def diagflat(ctx: OpContext, call: Call) -> Value:
    """``diagflat(v, k=0)``: ``v`` flattened on diagonal ``k`` of a square of side ``v.size + |k|``."""
    bound = call.bind(("v", "k"))
    a = bound_array(bound, "v")
    k = 0 if bound.get("k") is None else const_int(bound.get("k"))
    if a is None:
        return UNKNOWN
    dims = a.shape.dims
    side = ctx.fresh("n") if dims is None or k is None else D.add(D.product(dims), abs(k))
    return Array(Shape((side, side)), a.dtype)


def window(ctx: OpContext, call: Call) -> Value:
    """``hanning(M)``, ``hamming``, ``blackman``, ``bartlett``, ``kaiser(M, beta)``: ``M`` points (none
    where ``M < 1``), float64."""
    m = int_arg(call.bind(("M", "beta")).get("M"), ctx)
    if type(m) is int:
        m = max(m, 0)
    elif m is None or ctx.decide(ge(m, 0)) is not Verdict.HOLDS:
        m = ctx.fresh("M")
    return Array(Shape((m,)), "float64")


def real_if_close(ctx: OpContext, call: Call) -> Value:
    """``real_if_close(a, tol=100)``: ``a``'s shape; a complex ``a`` whose imaginary parts are all
    close to 0 becomes real, which only its values tell."""
    a = bound_array(call.bind(("a", "tol")), "a")
    if a is None:
        return UNKNOWN
    return Array(a.shape, None if a.dtype is None or a.dtype.startswith("complex") else a.dtype)


def sort_complex(ctx: OpContext, call: Call) -> Value:
    """``sort_complex(a)``: sorted, as complex numbers: a complex ``a`` keeps its dtype, an int of 8 or 16
    bits becomes complex64, anything else complex128 (NumPy's own choice)."""
    a = bound_array(call.bind(("a",)), "a")
    if a is None:
        return UNKNOWN
    if a.dtype is None or a.dtype.startswith("complex"):
        return Array(a.shape, a.dtype)
    small = a.dtype in ("int8", "int16", "uint8", "uint16")
    return Array(a.shape, "complex64" if small else "complex128")


def memmap(ctx: OpContext, call: Call) -> Value:
    """``np.memmap(filename, dtype=uint8, mode="r+", offset=0, shape=None)``: the shape given, else
    the file's items along one dim (their number is the file's)."""
    b = call.bind(("filename", "dtype", "mode", "offset", "shape", "order"))
    dtype = dtype_arg(b.get("dtype")) or ("uint8" if "dtype" not in b else None)
    shape = b.get("shape")
    if shape is None or is_none(shape):
        return Array(Shape((ctx.fresh("n"),)), dtype)
    dims = shape_arg(ctx, shape)
    return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, dtype)
