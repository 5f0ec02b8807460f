"""Arrays edited or assembled entry-wise: ``insert`` / ``delete`` (a flattened array, or along an
axis), ``block`` (nested lists joined innermost along the last axis), ``select`` / ``piecewise``
(the conditions' and choices' broadcast shape, x's), ``choose`` (the index array's and the choices'
broadcast shape), ``compress`` / ``extract`` (the entries a condition keeps: a length known only from
the data), ``packbits`` / ``unpackbits`` (8 bits a byte), ``lexsort`` (one index per column of the
keys). Source: the NumPy reference for each."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import ge
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, List, Tuple, Value
from .args import as_array, bound_array, int_arg, is_none, normalize_axis, promote
from .manipulation import concatenate_arrays


def _count(ctx: OpContext, v: Value) -> D.Dim | None:
    """How many positions ``obj`` names: one for an int, the length of a sequence or 1-D array."""
    if type(v) is Int:
        return 1
    a = as_array(v)
    if a is not None and a.shape.dims is not None and len(a.shape.dims) == 1:
        return a.shape.dims[0]
    return None


def _edited(ctx: OpContext, call: Call, params: tuple[str, ...], change) -> Value:
    b = call.bind(params)
    a = bound_array(b, "arr")
    if a is None or "obj" not in b:
        return UNKNOWN
    k = _count(ctx, b["obj"].value)
    dims = a.shape.dims
    if dims is None or k is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis = b.get("axis")
    if axis is None or is_none(axis):
        return Array(Shape((change(D.product(dims), k),)), a.dtype)
    if type(axis.value) is not Int or type(axis.value.dim) is not int:
        return Array(UNKNOWN_SHAPE, a.dtype)
    ax = normalize_axis(ctx, axis.value.dim, len(dims))
    return Array(Shape(dims[:ax] + (change(dims[ax], k),) + dims[ax + 1:]), a.dtype)


def insert(ctx: OpContext, call: Call) -> Value:
    """One position per index of a sequence ``obj`` (values broadcast into them); at one int index,
    ``values`` go in as a block: NumPy makes them an array of at least the edited array's rank (1 for
    a flattened one), moves its first axis to ``axis``, and inserts as many positions as that axis
    has (halotools' ``np.insert(mesh, 15, [0.06, 0.06, 0.06])`` adds three entries, not one: its
    reshape to (126, 3) was a false SC103). A slice obj is not modelled."""
    b = call.bind(("arr", "obj", "values", "axis"))
    a = bound_array(b, "arr")
    if a is not None and "obj" in b and type(b["obj"].value) is Int and "values" in b:
        values = as_array(b["values"].value)
        dims = a.shape.dims
        axis = b.get("axis")
        rank = 1 if axis is None or is_none(axis) else len(dims) if dims is not None else None
        if values is None or values.shape.dims is None or rank is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        block = values.shape.dims
        block = (1,) * (rank - len(block)) + block
        return _edited(ctx, call, ("arr", "obj", "values", "axis"), lambda n, _: D.add(n, block[0]))
    return _edited(ctx, call, ("arr", "obj", "values", "axis"), D.add)


def delete(ctx: OpContext, call: Call) -> Value:
    """Literal distinct indices remove as many entries; anything else (a mask, repeats) is unknown."""
    b = call.bind(("arr", "obj", "axis"))
    v = b["obj"].value if "obj" in b else None
    if type(v) in (List, Tuple) and v.items is not None:
        ints = [i.dim for i in v.items if type(i) is Int and type(i.dim) is int]
        if len(ints) != len(v.items) or len(set(ints)) != len(ints) or any(i < 0 for i in ints):
            a = bound_array(b, "arr")
            return Array(UNKNOWN_SHAPE, a.dtype) if a is not None else UNKNOWN
    elif type(v) is not Int:
        a = bound_array(b, "arr")
        return Array(UNKNOWN_SHAPE, a.dtype) if a is not None else UNKNOWN
    return _edited(ctx, call, ("arr", "obj", "axis"), D.sub)


def _depth(v: Value) -> int | None:
    if type(v) is List and v.items is not None:
        depths = {_depth(i) for i in v.items}
        return None if len(depths) != 1 or None in depths else depths.pop() + 1
    return 0 if as_array(v) is not None else None


def block(ctx: OpContext, call: Call) -> Value:
    """Nested lists of arrays, all lists equally deep (d): arrays get at least d dims (leading 1s),
    the innermost lists join along axis -1, the next along -2, ..."""
    arg = call.args[0] if call.args else call.kwargs.get("arrays")
    depth = _depth(arg.value) if arg is not None else None
    if not depth:
        return UNKNOWN

    def joined(v: Value, level: int) -> Array | None:
        if level == depth:
            a = as_array(v)
            if a is None or a.shape.dims is None:
                return None
            return Array(Shape((1,) * max(0, depth - len(a.shape.dims)) + a.shape.dims), a.dtype)
        parts = [joined(i, level + 1) for i in v.items]
        if any(p is None for p in parts):
            return None
        rank = max(len(p.shape.dims) for p in parts)
        parts = [Array(Shape((1,) * (rank - len(p.shape.dims)) + p.shape.dims), p.dtype) for p in parts]
        out = concatenate_arrays(ctx, [(p, "") for p in parts], Arg(Int(level - depth), str(level - depth)))
        return out if type(out) is Array and out.shape.dims is not None else None

    result = joined(arg.value, 0)
    return result if result is not None else UNKNOWN


def select(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("condlist", "choicelist", "default"))
    arrays: list[tuple[Array, str]] = []
    dtype = None
    for key in ("condlist", "choicelist"):
        v = b[key].value if key in b else None
        if type(v) not in (List, Tuple) or v.items is None:
            return UNKNOWN
        for item in v.items:
            a = as_array(item)
            if a is None:
                return UNKNOWN
            arrays.append((a.shape, ""))
            if key == "choicelist":
                dtype = promote(dtype, a.dtype)
    shape = ctx.broadcast(arrays)
    return Array(shape or UNKNOWN_SHAPE, dtype)


def choose(ctx: OpContext, call: Call) -> Value:
    """``choose(a, choices, out=None, mode="raise")``: ``a`` and every choice broadcast together (the
    choices a sequence, or an array whose first axis runs over them)."""
    b = call.bind(("a", "choices"))
    a = bound_array(b, "a")
    v = b["choices"].value if "choices" in b else None
    if a is None or v is None:
        return UNKNOWN
    if type(v) in (List, Tuple) and v.items is not None:
        choices = [as_array(item) for item in v.items]
    else:
        stacked = as_array(v)
        if stacked is None or stacked.shape.dims is None or not stacked.shape.dims:
            return UNKNOWN if stacked is None else Array(UNKNOWN_SHAPE, stacked.dtype)
        choices = [Array(Shape(stacked.shape.dims[1:]), stacked.dtype)]
    if any(c is None for c in choices):
        return UNKNOWN
    dtype = None
    for c in choices:
        dtype = promote(dtype, c.dtype)
    shape = ctx.broadcast([(a.shape, b["a"].text)] + [(c.shape, "") for c in choices])
    return Array(shape or UNKNOWN_SHAPE, dtype)


def _compressed(ctx: OpContext, condition: Arg | None, a: Array | None, axis: Arg | None) -> Value:
    """The entries of ``a`` a 1-D ``condition`` keeps: of ``a`` flattened (no ``axis``), else along
    ``axis``, their count known only from the data."""
    if a is None or condition is None:
        return UNKNOWN
    c = as_array(condition.value)
    if c is not None and c.shape.rank is not None and c.shape.rank != 1:
        ctx.fail("SC107", f"{ctx.op}: condition must be a 1-d array ({ctx.describe(condition)})")
    if axis is None or is_none(axis):
        return Array(Shape((ctx.fresh("k"),)), a.dtype)
    dims = a.shape.dims
    if dims is None or type(axis.value) is not Int or type(axis.value.dim) is not int:
        return Array(UNKNOWN_SHAPE if dims is None else Shape(tuple(ctx.fresh("d") for _ in dims)), a.dtype)
    k = normalize_axis(ctx, axis.value.dim, len(dims))
    return Array(Shape(dims[:k] + (ctx.fresh("k"),) + dims[k + 1:]), a.dtype)


def compress(ctx: OpContext, call: Call) -> Value:
    """``compress(condition, a, axis=None)``."""
    b = call.bind(("condition", "a", "axis"))
    return _compressed(ctx, b.get("condition"), bound_array(b, "a"), b.get("axis"))


def compress_method(ctx: OpContext, call: Call) -> Value:
    """``a.compress(condition, axis=None)``."""
    b = call.bind(("a", "condition", "axis"))
    return _compressed(ctx, b.get("condition"), bound_array(b, "a"), b.get("axis"))


def extract(ctx: OpContext, call: Call) -> Value:
    """``extract(condition, arr)``: the entries of ``arr`` where ``condition`` is true, 1-D."""
    arr = bound_array(call.bind(("condition", "arr")), "arr")
    return UNKNOWN if arr is None else Array(Shape((ctx.fresh("k"),)), arr.dtype)


def piecewise(ctx: OpContext, call: Call) -> Value:
    x = bound_array(call.bind(("x",)), "x")
    return UNKNOWN if x is None else Array(x.shape, x.dtype)


def bits(pack: bool):
    """``packbits(a, axis=None)``: 8 entries a byte, rounded up; ``unpackbits(a, axis=None, count=None)``:
    8 bits a byte, or ``count`` of them (padded with zeros past them; a negative count trims that
    many off the end). scikit-bio unpacks ``count=n`` bits per segment: taken for 8, a false SC110."""
    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(("a", "axis") if pack else ("a", "axis", "count"))
        a = bound_array(b, "a")
        if a is None or a.shape.dims is None:
            return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, "uint8")
        change = (lambda n: D.floordiv(D.add(n, 7), 8)) if pack else _unpacked(ctx, b.get("count"))
        axis = b.get("axis")
        if axis is None or is_none(axis):
            return Array(Shape((change(D.product(a.shape.dims)),)), "uint8")
        if type(axis.value) is not Int or type(axis.value.dim) is not int:
            return Array(UNKNOWN_SHAPE, "uint8")
        ax = normalize_axis(ctx, axis.value.dim, len(a.shape.dims))
        dims = a.shape.dims
        return Array(Shape(dims[:ax] + (change(dims[ax]),) + dims[ax + 1:]), "uint8")
    return rule


def _unpacked(ctx: OpContext, count: Arg | None):
    """How many bits ``unpackbits`` gives for ``n`` bytes along its axis."""
    if is_none(count):
        return lambda n: D.mul(n, 8)
    c = int_arg(count)
    if type(c) is int:
        return (lambda n: c) if c >= 0 else (lambda n: D.dmax(D.add(D.mul(n, 8), c), 0))
    if c is not None and ctx.decide(ge(c, 0)) is Verdict.HOLDS:
        return lambda n: c
    return lambda n: ctx.fresh("bits")


def lexsort(ctx: OpContext, call: Call) -> Value:
    """``lexsort(keys, axis=-1)``: one index per entry along the axis of the keys (a sequence of
    equally shaped arrays, or an array whose first axis runs over the keys)."""
    arg = call.args[0] if call.args else call.kwargs.get("keys")
    v = arg.value if arg is not None else None
    if type(v) in (List, Tuple) and v.items:
        first = as_array(v.items[0])
        return Array(first.shape, "int64") if first is not None else UNKNOWN
    a = as_array(v) if v is not None else None
    if a is None or a.shape.dims is None or not a.shape.dims:
        return UNKNOWN
    return Array(Shape(a.shape.dims[1:]), "int64")
