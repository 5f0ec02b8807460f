"""NumPy's order statistics and averages that are more than a plain reduction: ``average`` (with
``returned=True`` a pair), ``percentile``/``quantile`` (one result per q, in front), ``histogram``
and ``histogramdd``."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Int, List, Tuple, Unknown, Value
from .args import as_array, int_arg
from .kinds import reduction

_AVERAGE = reduction("float", params=("a", "axis", "weights", "returned"), zero_d_axis=False)
_QUANTILE = reduction("float", params=("a", "q", "axis"))


def average(ctx: OpContext, call: Call) -> Value:
    """``average(a, axis, weights, returned)``: the mean; with ``returned=True`` (mean, sum of weights)."""
    result = _AVERAGE(ctx, call)
    returned = call.bind(("a", "axis", "weights", "returned")).get("returned")
    if returned is None or flag(returned.value, None) is False:
        return result
    if flag(returned.value, None) is True and type(result) is Array:
        return Tuple((result, Array(result.shape, result.dtype)))
    return UNKNOWN


def quantile(ctx: OpContext, call: Call) -> Value:
    """``quantile(a, q, axis)``: q's shape, then the reduced shape of ``a``."""
    result = _QUANTILE(ctx, call)
    q = call.bind(("a", "q")).get("q")
    qa = as_array(q.value) if q is not None else None
    if type(result) is not Array or qa is None or qa.shape.dims is None:
        return Array(UNKNOWN_SHAPE, "float64") if type(result) is Array else result
    reduced = result.shape
    return Array(Shape(qa.shape.dims + reduced.prefix, reduced.variadic, reduced.suffix), result.dtype)


def histogram(ctx: OpContext, call: Call) -> Value:
    """``histogram(a, bins=10, range=None, density=None, weights=None)``: the counts, one per bin, and
    the bin edges, one more; ``bins`` a count, or the edges themselves (an array), or a method's
    name (``"auto"``: a count known only from the data)."""
    b = call.bind(("a", "bins", "range", "density", "weights"))
    bins = b.get("bins")
    edges = as_array(bins.value) if bins is not None else None
    if bins is None:
        count = 10
    elif edges is not None and edges.shape.dims is not None and len(edges.shape.dims) == 1:
        count = D.sub(edges.shape.dims[0], 1)
    else:
        # a name the code passes may be the edges as well as a count: only one known to be a number is
        # named as a count (naming it made xgi's ``hist(vals, bins)``, whose ``bins`` may be a list,
        # hold an int after the call, and ``np.diff(bins)`` of the edges failed: a false SC110)
        count = int_arg(bins, ctx if type(bins.value) is not Unknown or bins.value.scalar else None)
        if count is None:
            count = ctx.fresh("bins")
    weighted = any(b.get(k) is not None and getattr(b[k].value, "value", True) not in (None, False)
                   for k in ("density", "weights"))
    return Tuple((Array(Shape((count,)), "float64" if weighted else "int64"),
                  Array(Shape((D.add(count, 1),)), "float64")))


def _bin_count(ctx: OpContext, v: Value) -> D.Dim:
    """How many bins one ``bins`` item makes: a count, or one fewer than the edges it gives."""
    if type(v) is Int:
        return v.dim
    edges = as_array(v)
    if edges is not None and edges.shape.dims is not None and len(edges.shape.dims) == 1:
        return D.sub(edges.shape.dims[0], 1)
    return ctx.fresh("bins")


def histogramdd(ctx: OpContext, call: Call) -> Value:
    """``histogramdd(sample, bins=10, ...)``: counts over ``D`` axes of bins (float64) and a list of
    ``D`` edge arrays, one more each; ``sample`` an (N, D) array (a 1-D one is D = 1) or ``D`` sequences,
    ``bins`` one count for every axis or one item per axis (else ValueError)."""
    b = call.bind(("sample", "bins", "range", "density", "weights"))
    v = b["sample"].value if "sample" in b else None
    if type(v) in (List, Tuple) and v.items is not None:
        count = len(v.items)
    else:
        sample = as_array(v) if v is not None else None
        dims = None if sample is None else sample.shape.dims
        if dims is None or len(dims) > 2:
            return UNKNOWN
        count = dims[1] if len(dims) == 2 else 1   # (a 1-D sample is N points of one coordinate)
        if type(count) is not int:
            return UNKNOWN
    bins = b.get("bins")
    items = None if bins is None else bins.value
    if items is None:
        per_axis = [10] * count
    elif type(items) in (List, Tuple) and items.items is not None:
        if len(items.items) != count:
            ctx.fail("SC107", f"{ctx.op}: The dimension of bins must be equal to the dimension of the sample x "
                              f"({len(items.items)} bins for {count} dimensions)")
        per_axis = [_bin_count(ctx, item) for item in items.items]
    elif type(items) is Int:
        per_axis = [items.dim] * count
    else:
        return UNKNOWN
    edges = List(tuple(Array(Shape((D.add(n, 1),)), "float64") for n in per_axis))
    return Tuple((Array(Shape(tuple(per_axis)), "float64"), edges))


def histogram_bin_edges(ctx: OpContext, call: Call) -> Value:
    """``histogram_bin_edges(a, bins=10, range=None, weights=None)``: ``histogram``'s edges."""
    b = call.bind(("a", "bins", "range", "weights"))
    result = histogram(ctx, Call(call.name, [b[k] for k in ("a", "bins") if k in b]))
    return result.items[1] if type(result) is Tuple else UNKNOWN
