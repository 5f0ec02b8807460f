"""Shape manipulation: reshape, transposes, joins, splits, tiling, padding, squeezing.

Each rule follows the NumPy function of the same name (its documented errors included). Rules take
``(ctx, call)``; ``call.bind`` maps arguments to NumPy's parameter names.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Callable

from ...constraints import dims as D
from ...constraints.intervals import interval
from ...constraints.predicates import FALSE, conj, disj, eq, ge, lt
from ...constraints.reshape import reshape_dims
from ...constraints.shapes import (UNKNOWN_SHAPE, Middle, Shape, align_middles, axis_position, exposing, extended, prepended,
                                   replace_axes, split_first, split_last)
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.join import made_by_join
from ..core.values import NONE, UNKNOWN, Array, Bool, Float, Hole, Int, List, Opaque, ShapeTuple, Tuple, Unknown, Value, flag, int_view
from .args import (
    UnknownAxis,
    accumulated,
    as_array,
    axes_arg,
    bound_array,
    const_int,
    diagonal_length,
    dtype_arg,
    element_texts,
    int_arg,
    int_of_text,
    is_none,
    normalize_axis,
    promote,
    shape_arg,
)


def _array(call: Call, name: str = "a") -> tuple[Array | None, Arg | None]:
    bound = call.bind((name,))
    arg = bound.get(name)
    return (as_array(arg.value) if arg else None), arg


def shaped(params: tuple[str, ...]):
    """A rule over one array of known rank, its first parameter: an unknown array gives an unknown
    result (never an error). The rule gets ``(ctx, call, bound, a, dims)``."""

    def decorate(rule):
        @functools.wraps(rule)
        def wrapped(ctx: OpContext, call: Call) -> Value:
            bound = call.bind(params)
            arg = bound.get(params[0])
            a = as_array(arg.value) if arg is not None else None
            if a is None:
                return UNKNOWN
            if a.shape.dims is None:
                return Array(UNKNOWN_SHAPE, a.dtype)
            return rule(ctx, call, bound, a, a.shape.dims)

        return wrapped

    return decorate


# -- reshape ---------------------------------------------------------------------------------------

def reshape(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("a", "*shape"))
    a = bound_array(bound, "a")
    target = bound.get("shape") or call.kwargs.get("newshape")
    if a is None or target is None:
        return UNKNOWN
    # x.reshape((2, 3)) and x.reshape(2, 3) both arrive here; unwrap the single-tuple form (a shape
    # of unknown rank too, ``x.reshape(x.shape[:-1] + (h, d))``: taken for one size, it made a 1-d
    # array and the transpose after it a false SC110 in transformers' Flax BigBird; and a shape
    # given as an array of sizes, ``np.reshape(x, np.roll((n, 1, 1), i))``)
    if type(target.value) is Tuple and len(target.value.items) == 1 and (
            type(target.value.items[0]) in (Tuple, List, ShapeTuple) or _sizes_array(target.value.items[0])):
        target = Arg(target.value.items[0], target.text)
    elif _lone_unknown(target.value):
        # ``np.reshape(x, tensor.dims)``: an object nothing is known of may be a whole shape as well as
        # one size (as ``np.zeros(tensor.dims)``'s): taken for one, onnxruntime's reshape to a
        # checked 2-d ``tensor.dims`` was 1-d, and its transpose by [1, 0] a false SC104
        return Array(UNKNOWN_SHAPE, a.dtype)
    return Array(reshape_shape(ctx, a, target, any_negative_infers=True), a.dtype)


def _lone_unknown(value: Value) -> bool:
    """Sizes given as one argument the analysis knows nothing of, or knows only by name and never
    took for an int (``Opaque.dim``), or an array of unknown rank (one size if 0-d, the sizes if 1-d:
    sfepy's ``arange(n).reshape(np.asarray(degrees) + 1)`` is as many dims as there are degrees,
    taken for one, and indexing it by three a false SC105)."""
    if type(value) is not Tuple or len(value.items) != 1:
        return False
    item = value.items[0]
    return type(item) is Unknown or type(item) is Opaque and item.dim is None or \
        type(item) is Array and item.shape.dims is None


def reshape_shape(ctx: OpContext, a: Array, target: Arg, any_negative_infers: bool = False) -> Shape:
    """``any_negative_infers``: NumPy takes any negative size for the one to infer, as -1
    (``_fix_unknown_dimension``: ``a.reshape(-1307, 1)`` is (a.size, 1), numba's test of issue 3314);
    torch's ``view``/``reshape`` take -1 alone."""
    v = target.value   # a lone object known by name may be a whole shape: not its int view
    if type(v) is ShapeTuple:
        return _reshape_onto_middle(ctx, a, v.shape, target.text, any_negative_infers)
    if _sizes_array(v) and v.values is not None and len(v.values) == v.shape.dims[0] \
            and all(type(n) is int for n in v.values):
        v = Tuple(tuple(Int(n) for n in v.values))   # ``reshape(np.array([3, 4]))``: its sizes known
    elif _sizes_array(v):
        # an array of k sizes: k dims whose values the analysis does not know (any may be -1)
        count = v.shape.dims[0]
        return Shape(tuple(ctx.fresh("d") for _ in range(count))) if type(count) is int else UNKNOWN_SHAPE
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) else None
    if items is None:
        return UNKNOWN_SHAPE
    items = tuple(int_view(item, ctx.fresh) for item in items)
    texts = element_texts(target.text, len(items)) if type(v) in (Tuple, List) else [target.text]
    dims: list = []
    infer_at = None
    for i, (item, text) in enumerate(zip(items, texts)):
        if type(item) is Int and (item.dim == -1 or (any_negative_infers and type(item.dim) is int and item.dim < 0)):
            if infer_at is not None:
                ctx.fail("SC103", f"{ctx.op}: can only specify one unknown dimension (-1)")
            infer_at = i
            dims.append(None)
        elif type(item) is Int:
            if type(item.dim) is int and item.dim < -1:
                ctx.fail("SC107", f"{ctx.op}: negative dimensions are not allowed ({item.dim})")
            sign = _sign(ctx, item.dim) if any_negative_infers and not a.tensor else Verdict.HOLDS
            if sign is Verdict.FAILS and infer_at is None:
                infer_at = i   # negative whatever its value: the one NumPy infers
                dims.append(None)
            else:
                dims.append(item.dim if sign is Verdict.HOLDS else ctx.fresh("d"))
        elif type(item) is Hole:
            dims.append(ctx.hole())
        else:
            # ``x.view(B, T, self.n_head, C // self.n_head)`` with the heads unknown: the code's names
            # are the dims (as for any size argument), so the heads' two uses stay one dim
            named = int_of_text(ctx, text) if type(item) is Unknown else None
            dims.append(named if named is not None else ctx.fresh("d"))
    source = a.shape.dims
    if source is None:
        return _reshape_unknown_rank(ctx, a, dims, target)
    text = _target_text(ctx, target, dims)

    def require(pred, why) -> None:
        ctx.require(pred, "SC103", lambda: (
            f"{ctx.op}: cannot reshape array of size {ctx.show_dim(why.size)} "
            f"(shape {ctx.show_shape(a.shape)}) into shape {text}"))

    return Shape(reshape_dims(source, dims, require=require))


def _sign(ctx: OpContext, d: D.Dim) -> Verdict:
    """Whether the size ``d`` holds as one (HOLDS: >= 0), is negative (FAILS), or may be either: NumPy
    infers any negative size, so pyscf's ``l_slice.reshape(naux, orb_start - orb_end, norbs)``, whose
    middle is never positive, reshapes as ``(naux, -1, norbs)`` does (it was a false SC103). A size
    that may be either is a dim of its own (the inferred one or ``d``). Only a difference is asked (a
    term or a constant subtracted): a sum of products (``H // P``, ``config.n_classes``) is a size, as
    the code means it, though a value known only by name might be negative."""
    if type(d) is int or (d.constant >= 0 and all(coeff > 0 for _, coeff in d.terms)) or interval(d, {})[0] >= 0:
        return Verdict.HOLDS
    verdict = ctx.decide(ge(d, 0))
    if verdict is Verdict.HOLDS:
        return verdict
    return Verdict.FAILS if ctx.decide(lt(d, 0)) is Verdict.HOLDS else Verdict.UNKNOWN


def _sizes_array(v: Value) -> bool:
    """Whether ``v`` is a one-dimensional array, which NumPy takes as a shape (its items the sizes)."""
    return type(v) is Array and v.shape.dims is not None and len(v.shape.dims) == 1


def _reshape_onto_middle(ctx: OpContext, a: Array, target: Shape, text: str, any_negative_infers: bool) -> Shape:
    """A target of unknown rank, a parameter's dims and known ones (``q.view(*x.shape[:-1], -1, d)``):
    the middle is one dim on both sides, the product of its dims (``middle_size``), where the array
    has the same middle (after :func:`align_middles`), so the -1 is what the known dims leave:
    ``(*x[:-1], h*d)`` into ``(*x[:-1], -1, d)`` is ``(*x[:-1], h, d)``. An array without it is
    reshaped as into any target, the middle's product one size of it; an anonymous middle is
    no rank (unknown)."""
    if target.middle is None:
        return UNKNOWN_SHAPE
    source = a.shape
    if source.middle is not None:
        source, target = align_middles([source, target], ctx.fresh, ctx.middle_dim)
    size = ctx.middle_size(target.middle)
    if source.middle == target.middle:
        a = Array(Shape(source.prefix + (size,) + source.suffix), a.dtype)
    sizes = Tuple(tuple(Int(d) for d in target.prefix + (size,) + target.suffix))
    dims = reshape_shape(ctx, a, Arg(sizes, text), any_negative_infers).dims
    if dims is None:
        return UNKNOWN_SHAPE
    at = len(target.prefix)
    return Shape(dims[:at], True, dims[at + 1:], target.middle)


def _target_text(ctx: OpContext, target: Arg, dims: list) -> str:
    """The target shape for a message: as the code writes it, and, where that is not what it
    evaluates to, the value too, so code names and sizes are never mixed in one tuple:
    ``(h.shape[0], 4), which is (2, 4)``."""
    value = ctx.show_shape(Shape(tuple(d if d is not None else -1 for d in dims)))
    if not target.text:
        return value
    inner = target.text.strip().strip("()").strip()
    written = f"({inner})" if "," in inner else f"({inner},)"
    if written.replace(" ", "") == value.replace(" ", "") or len(written) > 60 or "\n" in written:
        return value if len(written) > 60 or "\n" in written else written
    return f"{written}, which is {value}"


def _reshape_unknown_rank(ctx: OpContext, a: Array, dims: list, target: Arg) -> Shape:
    """Reshaping an array of unknown rank: its size is that of its known dims times the unknown
    middle's (a fresh dim), so a target whose size no multiple of the known dims' size can be is an
    error for every rank (``(..., 10)`` into ``(3, 3)``); the rest depends on the rank."""
    known = a.shape.prefix + a.shape.suffix
    if not known:
        # the one to infer is the whole size where the others are 1s (``x.view(-1)``, ``(-1, 1)``):
        # a parameter's, one dim per run (two flattenings of x are of one length)
        whole = a.shape.middle is not None and dims.count(None) == 1 and all(d == 1 for d in dims if d is not None)
        return Shape(tuple(d if d is not None else ctx.middle_size(a.shape.middle) if whole else ctx.fresh("d")
                           for d in dims))
    middle = ctx.middle_size(a.shape.middle)
    text = _target_text(ctx, target, dims)

    def require(pred, why) -> None:
        ctx.require(pred, "SC103", lambda: (
            f"{ctx.op}: cannot reshape an array whose size is a multiple of {ctx.show_dim(D.product(known))} "
            f"(shape {ctx.show_shape(a.shape)}) into shape {text}"))

    return Shape(reshape_dims(a.shape.prefix + (middle,) + a.shape.suffix, dims, require=require))


def ravel(ctx: OpContext, call: Call) -> Value:
    a, _ = _array(call)
    if a is None:
        return UNKNOWN
    dims, shape = a.shape.dims, a.shape
    if dims is None and shape.middle is not None:   # a parameter's: its known dims times its middle's size
        dims = shape.prefix + (ctx.middle_size(shape.middle),) + shape.suffix
    return Array(Shape((D.product(dims) if dims is not None else ctx.fresh("size"),)), a.dtype)


# -- axes ------------------------------------------------------------------------------------------

def transpose(ctx: OpContext, call: Call) -> Value:
    """``transpose(a, axes)`` (torch's ``permute(*dims)``): the axes name every dim, so they also
    fix the rank of an array whose rank is unknown (a parameter's, for its analysis at that rank)."""
    bound = call.bind(("a", "*axes"))
    a = bound_array(bound, "a")
    if a is None:
        return UNKNOWN
    axes_value = bound.get("axes")
    if axes_value is not None and type(axes_value.value) is Tuple and len(axes_value.value.items) == 1 \
            and type(axes_value.value.items[0]) in (Tuple, List, type(NONE)):
        axes_value = Arg(axes_value.value.items[0], axes_value.text)
    dims = a.shape.dims
    if dims is None:
        count = len(_literal_ints(axes_value) or ()) if axes_value is not None else 0
        if count and a.shape.middle is not None and a.shape.min_rank <= count:
            ctx.interp.analysis.learn_rank(a.shape.middle, count - a.shape.min_rank)
        return Array(UNKNOWN_SHAPE, a.dtype)
    if axes_value is None or is_none(axes_value) or (type(axes_value.value) is Tuple and not axes_value.value.items):
        return Array(Shape(tuple(reversed(dims))), a.dtype)
    v = axes_value.value
    items = v.items if type(v) in (Tuple, List) else None
    if items is None or not all(type(i) is Int and type(i.dim) is int for i in items):
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(items) != len(dims):
        ctx.fail("SC104", f"{ctx.op}: axes {axes_value.text or [i.dim for i in items]} don't match array "
                          f"of dimension {len(dims)}")
    axes = [normalize_axis(ctx, i.dim, len(dims)) for i in items]
    if len(set(axes)) != len(axes):
        ctx.fail("SC104", f"{ctx.op}: repeated axis in transpose")
    return Array(Shape(tuple(dims[i] for i in axes)), a.dtype)


def swapaxes(ctx: OpContext, call: Call) -> Value:
    """``swapaxes(a, axis1, axis2)``; of an array of unknown rank when both axes lie in its known
    prefix or suffix (``swapaxes(x, -1, -2)`` of ``(..., n, d)`` is ``(..., d, n)``)."""
    bound = call.bind(("a", "axis1", "axis2"))
    a = bound_array(bound, "a")
    if a is not None and a.shape.variadic:
        i, j = const_int(bound.get("axis1")), const_int(bound.get("axis2"))
        if i is None or j is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        shape = exposing(a.shape, (i, j), ctx.middle_dim)   # transpose(1, 2) of (*x): x's first three
        places = [axis_position(shape, k) for k in (i, j)]
        if None in places:
            return Array(UNKNOWN_SHAPE, a.dtype)
        (pi, pj) = places
        dim = {"prefix": shape.prefix, "suffix": shape.suffix}
        return Array(replace_axes(shape, {pi: (dim[pj[0]][pj[1]],), pj: (dim[pi[0]][pi[1]],)}), a.dtype)
    return _swapaxes(ctx, call)


@shaped(("a", "axis1", "axis2"))
def _swapaxes(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    i, j = const_int(bound.get("axis1")), const_int(bound.get("axis2"))
    if i is None or j is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    i, j = normalize_axis(ctx, i, len(dims), "axis1"), normalize_axis(ctx, j, len(dims), "axis2")
    out = list(dims)
    out[i], out[j] = out[j], out[i]
    return Array(Shape(tuple(out)), a.dtype)


def _axis_list(ctx: OpContext, arg: Arg | None, ndim: int, what: str) -> list[int] | None:
    axes = _literal_ints(arg)
    if axes is None:
        return None
    out = [normalize_axis(ctx, k, ndim, what) for k in axes]
    if len(set(out)) != len(out):
        ctx.fail("SC104", f"{ctx.op}: repeated axis in `{what}` argument")
    return out


def moveaxis(ctx: OpContext, call: Call) -> Value:
    """``moveaxis(a, source, destination)``; of an array of unknown rank when every axis counts
    from the same end and lies in the part known there (``moveaxis(x, -1, -3)`` of ``(..., a, b, c)``)."""
    bound = call.bind(("a", "source", "destination"))
    a = bound_array(bound, "a")
    if a is not None and a.shape.variadic:
        axes = [_literal_ints(bound.get(k)) for k in ("source", "destination")]
        if None in axes:
            return Array(UNKNOWN_SHAPE, a.dtype)
        everything = axes[0] + axes[1]
        part = ("suffix" if all(k < 0 for k in everything) else "prefix" if all(k >= 0 for k in everything)
                else None)
        if part is None or any(axis_position(a.shape, k) is None for k in everything):
            return Array(UNKNOWN_SHAPE, a.dtype)
        known = getattr(a.shape, part)
        moved = moveaxis(ctx, Call(call.name, [Arg(Array(Shape(known), a.dtype)), bound["source"],
                                               bound["destination"]]))
        if type(moved) is not Array or moved.shape.dims is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        dims = moved.shape.dims
        return Array(Shape(a.shape.prefix, True, dims) if part == "suffix" else Shape(dims, True, a.shape.suffix),
                     a.dtype)
    return _moveaxis(ctx, call)


def _literal_ints(arg: Arg | None) -> list[int] | None:
    if arg is None:
        return None
    v = arg.value
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) else None
    if items is None or not all(type(i) is Int and type(i.dim) is int for i in items):
        return None
    return [i.dim for i in items]


@shaped(("a", "source", "destination"))
def _moveaxis(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    src = _axis_list(ctx, bound.get("source"), len(dims), "source")
    dst = _axis_list(ctx, bound.get("destination"), len(dims), "destination")
    if src is None or dst is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(src) != len(dst):
        ctx.fail("SC107", f"{ctx.op}: `source` and `destination` arguments must have the same number of elements")
    order = [n for n in range(len(dims)) if n not in src]
    for dest, s in sorted(zip(dst, src)):
        order.insert(dest, s)
    return Array(Shape(tuple(dims[i] for i in order)), a.dtype)


@shaped(("a", "axis", "start"))
def rollaxis(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``rollaxis(a, axis, start=0)``: ``axis`` moved to stand before ``start`` (NumPy's own order:
    ``moveaxis`` counts the destination after the removal, rollaxis before it)."""
    axis, start = const_int(bound.get("axis")), 0 if bound.get("start") is None else const_int(bound.get("start"))
    if axis is None or start is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    n = len(dims)
    axis = normalize_axis(ctx, axis, n)
    start = start + n if start < 0 else start
    if not 0 <= start < n + 1:
        ctx.fail("SC104", f"{ctx.op}: 'start' arg requires {-n} <= start < {n + 1}, but {start} was passed in")
    start = start - 1 if axis < start else start
    order = [i for i in range(n) if i != axis]
    order.insert(start, axis)
    return Array(Shape(tuple(dims[i] for i in order)), a.dtype)


def expand_dims(ctx: OpContext, call: Call) -> Value:
    """``expand_dims(a, axis)`` (torch's ``unsqueeze(dim)``): a 1 at each axis of the result."""
    bound = call.bind(("a", "axis"))
    a = bound_array(bound, "a")
    if a is None:
        return UNKNOWN
    v = bound["axis"].value if "axis" in bound else None
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) else None
    if items is None or not all(type(i) is Int and type(i.dim) is int for i in items):
        return Array(UNKNOWN_SHAPE, a.dtype)
    if a.shape.dims is None:
        return Array(with_new_axis(ctx, a.shape, [i.dim for i in items]), a.dtype)
    return _expand_dims(ctx, a, a.shape.dims, items)


def with_new_axis(ctx: OpContext, shape: Shape, axes: list[int], size: D.Dim = 1) -> Shape:
    """One new axis (of ``size``) of an array of unknown rank, counted from the start (after the
    first ``axis`` dims) or from the end of the result (``-1``: after the last dim), where the dims
    before it (after it) are known or a parameter's middle gives them."""
    if len(axes) != 1:
        return UNKNOWN_SHAPE
    axis = axes[0]
    if axis >= 0:
        split = split_first(shape, axis, ctx.middle_dim) if axis else ((), shape, False)
        return UNKNOWN_SHAPE if split is None else prepended(split[0] + (size,), split[1])
    split = split_last(shape, -axis - 1, ctx.middle_dim) if axis < -1 else (shape, (), False)
    return UNKNOWN_SHAPE if split is None else extended(split[0], (size,) + split[1])


def _expand_dims(ctx: OpContext, a: Array, dims: tuple, items: tuple) -> Value:
    out_rank = len(dims) + len(items)
    positions = [normalize_axis(ctx, i.dim, out_rank) for i in items]
    if len(set(positions)) != len(positions):
        ctx.fail("SC104", f"{ctx.op}: repeated axis")
    rest = iter(dims)
    return Array(Shape(tuple(1 if i in positions else next(rest) for i in range(out_rank))), a.dtype)


@shaped(("a", "axis"))
def squeeze(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    try:
        axes = axes_arg(ctx, bound.get("axis"), len(dims))
    except UnknownAxis:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if axes is not None:
        for ax in axes:
            ctx.require(eq(dims[ax], 1), "SC107", lambda ax=ax: (
                f"{ctx.op}: cannot select an axis to squeeze out which has size not equal to one "
                f"(axis {ax} of {ctx.show_shape(a.shape)})"))
        return Array(Shape(tuple(d for i, d in enumerate(dims) if i not in axes)), a.dtype)
    out = []
    for d in dims:
        if d == 1:
            continue
        if type(d) is int:
            out.append(d)
            continue
        verdict = ctx.decide(eq(d, 1))
        if verdict is Verdict.HOLDS:
            continue
        if verdict is not Verdict.FAILS:
            return Array(UNKNOWN_SHAPE, a.dtype)  # whether this axis goes depends on its value
        out.append(d)
    return Array(Shape(tuple(out)), a.dtype)


def broadcast_to(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("array", "shape"))
    a = bound_array(bound, "array")
    target = shape_arg(ctx, bound.get("shape"))
    if a is None or target is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    if dims is None:
        return Array(Shape(target), a.dtype)

    def message() -> str:
        return (f"{ctx.op}: {ctx.describe(bound['array'])} cannot be broadcast to "
                f"{ctx.show_shape(Shape(target))}")

    if len(dims) > len(target):
        ctx.fail("SC101", message() + " (the target has fewer dimensions)")
    for d, t in zip(reversed(dims), reversed(target)):
        ctx.require(disj((eq(d, t), eq(d, 1))), "SC101", message)
    return Array(Shape(target), a.dtype)


def broadcast_arrays(ctx: OpContext, call: Call) -> Value:
    arrays = [as_array(arg.value) for arg in call.args]
    if any(a is None for a in arrays):
        return UNKNOWN
    shape = ctx.broadcast([(a.shape, arg.text) for a, arg in zip(arrays, call.args)])
    if shape is None:
        return UNKNOWN
    return Tuple(tuple(Array(shape, a.dtype) for a in arrays))


def broadcast_shapes(ctx: OpContext, call: Call) -> Value:
    shapes = [shape_arg(ctx, arg) for arg in call.args]
    if any(s is None for s in shapes):
        return UNKNOWN
    shape = ctx.broadcast([(Shape(s), arg.text) for s, arg in zip(shapes, call.args)])
    return Tuple(tuple(Int(d) for d in shape.prefix)) if shape is not None else UNKNOWN


# -- joins -----------------------------------------------------------------------------------------

def _sequence(arg: Arg | None) -> list[tuple[Array, str]] | None:
    if arg is None:
        return None
    v = arg.value
    if type(v) in (Tuple, List) and v.items is not None:
        out = []
        for item in v.items:
            a = as_array(item)
            if a is None:
                return None
            out.append((a, ""))
        return out
    if type(v) is Array and v.shape.rank:
        n = v.shape.prefix[0]
        if type(n) is int and 0 <= n <= 64:
            row = Array(Shape(v.shape.prefix[1:]), v.dtype)
            return [(row, "")] * n
    return None


def _element_texts(arg: Arg, count: int) -> list[str]:
    text = arg.text.strip()
    if text[:1] in "([" and text[-1:] in ")]":
        parts = [p.strip() for p in text[1:-1].split(",") if p.strip()]
        if len(parts) == count:
            return parts
    return [f"array {i}" for i in range(count)]


def concatenate_arrays(ctx: OpContext, arrays: list[tuple[Array, str]], axis_value: Arg | None,
                       default_axis: int | None = 0) -> Value:
    if not arrays:
        return UNKNOWN  # an empty list here usually grew in ways not tracked (see _empty_literal)
    dtype = None
    for a, _ in arrays:
        dtype = promote(dtype, a.dtype)
    if axis_value is not None and is_none(axis_value):
        sizes = [D.product(a.shape.dims) if a.shape.dims is not None else None for a, _ in arrays]
        if any(s is None for s in sizes):
            return Array(Shape((ctx.fresh("n"),)), dtype)
        total = 0
        for s in sizes:
            total = D.add(total, s)
        return Array(Shape((total,)), dtype)
    dims_list = [a.shape.dims for a, _ in arrays]
    if any(d is None for d in dims_list):
        axis = default_axis if axis_value is None else const_int(axis_value)
        return Array(_concatenate_unknown_rank(ctx, [a.shape for a, _ in arrays], axis), dtype)
    first = dims_list[0]
    if not first:
        ctx.fail("SC106", f"{ctx.op}: zero-dimensional arrays cannot be concatenated")
    axis = default_axis if axis_value is None else const_int(axis_value)
    if axis is None:
        return Array(UNKNOWN_SHAPE, dtype)
    axis = normalize_axis(ctx, axis, len(first))
    total = 0
    for index, ((a, text), dims) in enumerate(zip(arrays, dims_list)):
        if len(dims) != len(first):
            ctx.fail("SC106", f"{ctx.op}: all the input arrays must have the same number of dimensions, but "
                              f"the array at index 0 has {len(first)} dimension(s) and the array at index "
                              f"{index} has {len(dims)} dimension(s)")
        for ax, (d0, d) in enumerate(zip(first, dims)):
            if ax == axis:
                continue
            ctx.require(eq(d0, d), "SC106", lambda ax=ax, d0=d0, d=d, index=index, a=a: (
                f"{ctx.op}: all the input array dimensions except for the concatenation axis must match "
                f"exactly, but along dimension {ax}, the array at index 0 has size {ctx.show_dim(d0)} "
                f"and the array at index {index} has size {ctx.show_dim(d)}"))
        total = D.add(total, dims[axis])
    out = list(first)
    out[axis] = total
    return Array(Shape(tuple(out)), dtype)


def _concatenate_unknown_rank(ctx: OpContext, shapes: list[Shape], axis: int | None) -> Shape:
    """Joining arrays of which some have an unknown rank. With an array of known rank n among them,
    every array has n dims (an array that needs more fails at every rank) and the known prefix and
    suffix of the others line up with them; otherwise the axis must lie in every array's known
    prefix (axis >= 0) or suffix (axis < 0), and those parts line up."""
    if axis is None:
        return UNKNOWN_SHAPE
    ranks = [s.rank for s in shapes if s.rank is not None]
    informative = [s for s in shapes if s != UNKNOWN_SHAPE]
    if not ranks and informative and len(informative) < len(shapes):
        # an array nothing is known of has the others' rank and their dims off the axis (NumPy and
        # torch require both): the join of the rest, its size along the axis unknown (inception's
        # ``torch.cat((x0, x1, x2, x3), 1)``, three branches of unknown layers beside a pool of (*x))
        joined = informative[0] if len(informative) == 1 else _concatenate_unknown_rank(ctx, informative, axis)
        joined = exposing(joined, (axis,), ctx.middle_dim)
        place = axis_position(joined, axis) if joined.variadic else None
        return replace_axes(joined, {place: (ctx.fresh("n"),)}) if place is not None else UNKNOWN_SHAPE
    if not ranks:
        shapes = [exposing(s, (axis,), ctx.middle_dim) for s in shapes]
        kept = _kept_middle(shapes, axis)
        if kept is not None:   # (x0, 1, *x[2:]) and (x0, x1-1, *x[2:]) on axis 1: x's middle stays
            joined = _concatenate_unknown_rank(ctx, [replace(s, middle=None) for s in shapes], axis)
            return replace(joined, middle=kept) if joined.variadic else joined
    if ranks:
        n = ranks[0]
        for s in shapes:   # an array of unknown rank joined with one of rank n has n dims too
            if s.variadic and s.middle is not None and s.min_rank <= n:
                ctx.interp.analysis.learn_rank(s.middle, n - s.min_rank)
        known = next(i for i, s in enumerate(shapes) if s.rank is not None)
        for index, s in enumerate(shapes):
            if s.rank is not None and s.rank != n:   # two known ranks apart, beside arrays of unknown rank
                ctx.fail("SC106", f"{ctx.op}: all the input arrays must have the same number of dimensions, but "
                                  f"the array at index {known} has {n} dimension(s) and the array at index {index} "
                                  f"has {s.rank} dimension(s)")
            if s.min_rank > n:
                ctx.fail("SC106", f"{ctx.op}: all the input arrays must have the same number of dimensions, but "
                                  f"an array has {n} dimension(s) and the array at index {index} has at least "
                                  f"{s.min_rank} ({ctx.show_shape(s)})")
        if n == 0:
            ctx.fail("SC106", f"{ctx.op}: zero-dimensional arrays cannot be concatenated")
        views = [s.prefix if not s.variadic else s.prefix + (None,) * (n - s.min_rank) + s.suffix for s in shapes]
        axis = normalize_axis(ctx, axis, n)
        variadic, offset = False, 0
    elif axis < 0:  # the views are the last `length` dims: dimension k is k - length from the end
        length = min(len(s.suffix) for s in shapes)
        if -axis > length:
            return UNKNOWN_SHAPE
        views = [s.suffix[len(s.suffix) - length:] for s in shapes]
        axis += length
        variadic, offset = True, -length
    else:
        length = min(len(s.prefix) for s in shapes)
        if axis >= length:
            return UNKNOWN_SHAPE
        views = [s.prefix[:length] for s in shapes]
        variadic, offset = True, 0
    out: list = []
    for ax in range(len(views[0])):
        column = [(index, v[ax]) for index, v in enumerate(views) if v[ax] is not None]
        if ax == axis:
            total: D.Dim = 0
            for _, d in column:
                total = D.add(total, d)
            out.append(total if len(column) == len(views) else ctx.fresh("n"))
            continue
        if not column:
            out.append(ctx.fresh("d"))
            continue
        i0, d0 = column[0]
        for index, d in column[1:]:
            ctx.require(eq(d0, d), "SC106", lambda ax=ax, i0=i0, d0=d0, d=d, index=index: (
                f"{ctx.op}: all the input array dimensions except for the concatenation axis must match "
                f"exactly, but along dimension {ax + offset}, the array at index {i0} has size "
                f"{ctx.show_dim(d0)} and the array at index {index} has size {ctx.show_dim(d)}"))
        out.append(d0)
    if not variadic:
        return Shape(tuple(out))
    return Shape((), True, tuple(out)) if offset < 0 else Shape(tuple(out), True, ())


def _kept_middle(shapes: list[Shape], axis: int) -> Middle | None:
    """The parameter's middle a join along ``axis`` keeps: every array is the same middle with a
    prefix (``axis >= 0``) or a suffix (``axis < 0``) as long, and nothing at the other end."""
    first = shapes[0]
    if first.middle is None:
        return None
    ends = [(s.prefix, s.suffix) if axis >= 0 else (s.suffix, s.prefix) for s in shapes]
    if any(s.middle != first.middle or len(near) != len(ends[0][0]) or far for s, (near, far) in zip(shapes, ends)):
        return None
    return first.middle


def _unknown_count(ctx: OpContext, arg: Arg | None, axis_arg: Arg | None, stacking: bool) -> Value:
    """Joining a list of unknown length (built in a loop): its element's shape, one axis unknown."""
    if arg is None or type(arg.value) is not List or arg.value.items is not None:
        return UNKNOWN
    element = as_array(arg.value.element)
    if element is None or element.shape.dims is None:
        return UNKNOWN
    dims = element.shape.dims
    axis = 0 if axis_arg is None else const_int(axis_arg)
    if axis is None:
        return Array(UNKNOWN_SHAPE, element.dtype)
    count = arg.value.length if arg.value.length is not None else ctx.fresh("len")
    if stacking:
        axis = normalize_axis(ctx, axis, len(dims) + 1)
        return Array(Shape(dims[:axis] + (count,) + dims[axis:]), element.dtype)
    if not dims:
        return UNKNOWN
    axis = normalize_axis(ctx, axis, len(dims))
    # the items share the element's dim unless a join made it (a loop's items that differ there)
    shared = not any(made_by_join(x) for x in D.free_symbols(dims[axis]))
    total = D.mul(count, dims[axis]) if arg.value.length is not None and shared else ctx.fresh("len")
    return Array(Shape(dims[:axis] + (total,) + dims[axis + 1:]), element.dtype)


def _empty_literal(ctx: OpContext, arg: Arg | None) -> None:
    """Joining nothing fails; said only of a literal ``[]``: a list variable may have grown in code
    the analysis does not follow (a callback, an attribute of another object)."""
    if arg is not None and arg.text.replace(" ", "") in ("[]", "()"):
        ctx.fail("SC107", f"{ctx.op}: need at least one array to join")


def concatenate(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("arrays", "axis"))
    if _sequence(bound.get("arrays")) == []:
        _empty_literal(ctx, bound.get("arrays"))
    arrays = _sequence(bound.get("arrays"))
    if arrays is None:
        return _unknown_count(ctx, bound.get("arrays"), bound.get("axis"), False)
    return concatenate_arrays(ctx, arrays, bound.get("axis"))


def append(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("arr", "values", "axis"))
    a = bound_array(bound, "arr")
    b = bound_array(bound, "values")
    if a is None or b is None:
        return UNKNOWN
    axis = bound.get("axis")
    return concatenate_arrays(ctx, [(a, ""), (b, "")], axis if axis is not None else Arg(NONE, "None"))


def stack(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("arrays", "axis"))
    arrays = _sequence(bound.get("arrays"))
    if arrays is None:
        return _unknown_count(ctx, bound.get("arrays"), bound.get("axis"), True)
    if not arrays:
        _empty_literal(ctx, bound.get("arrays"))
        return UNKNOWN
    dtype = None
    for a, _ in arrays:
        dtype = promote(dtype, a.dtype)
    first = arrays[0][0].shape.dims
    if first is None or any(a.shape.dims is None for a, _ in arrays):
        return Array(_stack_unknown_rank(ctx, [a.shape for a, _ in arrays], bound.get("axis")), dtype)
    for index, (a, _) in enumerate(arrays[1:], start=1):
        dims = a.shape.dims
        same = conj([eq(x, y) for x, y in zip(first, dims)]) if len(dims) == len(first) else FALSE
        ctx.require(same, "SC106", lambda a=a, index=index: (
            f"{ctx.op}: all input arrays must have the same shape, but the array at index 0 is "
            f"{ctx.show_shape(arrays[0][0].shape)} and the array at index {index} is {ctx.show_shape(a.shape)}"))
    axis = 0 if bound.get("axis") is None else const_int(bound.get("axis"))
    if axis is None:
        return Array(UNKNOWN_SHAPE, dtype)
    axis = normalize_axis(ctx, axis, len(first) + 1)
    out = list(first)
    out.insert(axis, len(arrays))
    return Array(Shape(tuple(out)), dtype)


def _stack_unknown_rank(ctx: OpContext, shapes: list[Shape], axis_arg: Arg | None) -> Shape:
    """Stacking arrays of which some have an unknown rank: all have one shape, so one of known rank
    decides it (the others must have its rank); else arrays over one parameter's middle, alike at
    both ends, stack with the new axis where the known dims place it (``stack((x, y), -1)`` of two
    ``(*x)`` is ``(*x, 2)``)."""
    axis = 0 if axis_arg is None else const_int(axis_arg)
    if axis is None:
        return UNKNOWN_SHAPE
    known = [s.dims for s in shapes if s.rank is not None]
    if known:
        dims = known[0]
        for s in shapes:
            if s.variadic and s.middle is not None and s.min_rank <= len(dims):
                ctx.interp.analysis.learn_rank(s.middle, len(dims) - s.min_rank)
        at = normalize_axis(ctx, axis, len(dims) + 1)
        return Shape(dims[:at] + (len(shapes),) + dims[at:])
    first = shapes[0]
    if first.middle is None or any(s.middle != first.middle or len(s.prefix) != len(first.prefix)
                                   or len(s.suffix) != len(first.suffix) for s in shapes):
        return UNKNOWN_SHAPE
    return with_new_axis(ctx, first, [axis], len(shapes))


def _atleast(a: Array, n: int, ctx: OpContext | None = None) -> Array:
    """``atleast_{n}d(a)``; with no ``ctx`` (a stacker's operand), an operand of unknown rank and too
    few known dims keeps its known last dims only."""
    dims = a.shape.dims
    if dims is None:
        # unknown rank: unchanged when it has n dims already; else at least n dims, whatever it had
        # (pytransit's ``ldc = atleast_2d(ldc)`` then ``if ldc.ndim == 1: ... ldc.shape[1]``, a branch
        # never taken, indexed a 1-D shape: a false SC105). atleast_2d of a known last dim keeps it
        shape = a.shape
        if shape.min_rank >= n or n == 1:
            return a
        if ctx is None:
            return Array(Shape((), True, shape.suffix) if n == 2 else UNKNOWN_SHAPE, a.dtype)
        last = shape.suffix[-1:] if shape.suffix and not shape.prefix and n == 2 else (ctx.fresh("d"),)
        return Array(Shape(tuple(ctx.fresh("d") for _ in range(n - 1)), True, last), a.dtype)
    if len(dims) >= n:
        return a
    if n == 2:
        return Array(Shape((1,) * (2 - len(dims)) + dims), a.dtype)
    if n == 3:
        if len(dims) == 0:
            return Array(Shape((1, 1, 1)), a.dtype)
        if len(dims) == 1:
            return Array(Shape((1, dims[0], 1)), a.dtype)
        return Array(Shape(dims + (1,)), a.dtype)
    return Array(Shape((1,)), a.dtype)


def atleast(n: int):
    def rule(ctx: OpContext, call: Call) -> Value:
        arrays = [as_array(arg.value) for arg in call.args]
        if any(a is None for a in arrays) or not arrays:
            return UNKNOWN
        out = [_atleast(a, n, ctx) for a in arrays]
        return out[0] if len(out) == 1 else Tuple(tuple(out))
    return rule


def _column(a: Array) -> Array:
    """column_stack's view of an operand: 1-D (and 0-d) arrays become columns."""
    dims = a.shape.dims
    if dims is not None and len(dims) < 2:
        return Array(Shape((dims[0] if dims else 1, 1)), a.dtype)
    return a


def stacker(prepare, axis_of) -> "Callable":
    """vstack/hstack/dstack/column_stack: shape each operand, then concatenate along an axis
    that may depend on the (prepared) first operand's rank."""

    def rule(ctx: OpContext, call: Call) -> Value:
        arrays = _sequence(call.bind(("tup",)).get("tup"))
        if arrays is None:
            return UNKNOWN
        arrays = [(prepare(a), t) for a, t in arrays]
        axis = axis_of(arrays[0][0] if arrays else None)
        if axis is None:   # it depends on a rank not known here
            return Array(UNKNOWN_SHAPE, arrays[0][0].dtype if arrays and arrays[0][0] is not None else None)
        return concatenate_arrays(ctx, arrays, None, axis)

    return rule


def _hstack_axis(first: Array | None) -> int | None:
    """hstack joins 1-D operands end to end (axis 0) and the others side by side (axis 1)."""
    if first is None or first.shape.rank is None:
        return None
    return 0 if first.shape.rank == 1 else 1


vstack = stacker(lambda a: _atleast(a, 2), lambda first: 0)
hstack = stacker(lambda a: _atleast(a, 1), _hstack_axis)
dstack = stacker(lambda a: _atleast(a, 3), lambda first: 2)
column_stack = stacker(_column, lambda first: 1)


# -- splits ----------------------------------------------------------------------------------------

def _split(ctx: OpContext, call: Call, equal: bool, default_axis: int = 0) -> Value:
    bound = call.bind(("ary", "indices_or_sections", "axis"))
    a = bound_array(bound, "ary")
    sections = bound.get("indices_or_sections")
    if a is None or sections is None:
        return UNKNOWN
    dims = a.shape.dims
    if dims is None:
        return UNKNOWN
    if not dims and ctx.op in ("split", "array_split", "hsplit", "vsplit", "dsplit"):
        ctx.fail("SC107", f"{ctx.op}: cannot split a 0-dimensional array")
    axis = default_axis if bound.get("axis") is None else const_int(bound.get("axis"))
    if axis is None:
        return UNKNOWN
    axis = normalize_axis(ctx, axis, len(dims))
    n = dims[axis]
    sv = sections.value
    pieces: list[D.Dim]
    if type(sv) is Int:
        k = sv.dim
        if type(k) is int and k <= 0:
            ctx.fail("SC107", f"{ctx.op}: number sections must be larger than 0")
        if type(k) is not int:
            return List(None, Array(UNKNOWN_SHAPE, a.dtype))
        if equal:
            ctx.require(eq(D.mod(n, k), 0), "SC107", lambda: (
                f"{ctx.op}: array split does not result in an equal division: axis {axis} has size "
                f"{ctx.show_dim(n)}, not divisible by {k}"))
            pieces = [D.floordiv(n, k)] * k
        else:
            if type(n) is not int:
                return List(tuple(Array(UNKNOWN_SHAPE, a.dtype) for _ in range(k)))
            base, extra = divmod(n, k)
            pieces = [base + 1] * extra + [base] * (k - extra)
    elif type(sv) in (Tuple, List) and sv.items is not None and all(
            type(i) is Int and type(i.dim) is int for i in sv.items):
        if type(n) is not int:
            return List(tuple(Array(UNKNOWN_SHAPE, a.dtype) for _ in range(len(sv.items) + 1)))
        bounds = [0] + [i.dim for i in sv.items] + [n]
        pieces = []
        for lo, hi in zip(bounds, bounds[1:]):
            lo_i = max(0, min(n, lo if lo >= 0 else n + lo))
            hi_i = max(0, min(n, hi if hi >= 0 else n + hi))
            pieces.append(max(0, hi_i - lo_i))
    else:
        return UNKNOWN
    out = []
    for p in pieces:
        d = list(dims)
        d[axis] = p
        out.append(Array(Shape(tuple(d)), a.dtype))
    return List(tuple(out))


def split(ctx: OpContext, call: Call) -> Value:
    return _split(ctx, call, True)


def array_split(ctx: OpContext, call: Call) -> Value:
    return _split(ctx, call, False)


def hsplit(ctx: OpContext, call: Call) -> Value:
    a = as_array(call.args[0].value) if call.args else None
    if a is not None and a.shape.rank is None:
        return UNKNOWN   # the axis (0 for 1-D, else 1) depends on the rank
    axis = 0 if a is not None and a.shape.rank == 1 else 1
    if a is not None and a.shape.rank == 0:
        ctx.fail("SC107", "hsplit only works on arrays of 1 or more dimensions")
    return _split(ctx, call, True, axis)


def vsplit(ctx: OpContext, call: Call) -> Value:
    a = as_array(call.args[0].value) if call.args else None
    if a is not None and a.shape.rank is not None and a.shape.rank < 2:
        ctx.fail("SC107", "vsplit only works on arrays of 2 or more dimensions")
    return _split(ctx, call, True, 0)


def dsplit(ctx: OpContext, call: Call) -> Value:
    a = as_array(call.args[0].value) if call.args else None
    if a is not None and a.shape.rank is not None and a.shape.rank < 3:
        ctx.fail("SC107", "dsplit only works on arrays of 3 or more dimensions")
    return _split(ctx, call, True, 2)


@shaped(("x", "axis"))
def unstack(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``unstack(x, axis=0)``: a tuple of ``x.shape[axis]`` arrays, ``x`` without that axis."""
    axis = 0 if bound.get("axis") is None else const_int(bound.get("axis"))
    if axis is None:
        return UNKNOWN
    k = normalize_axis(ctx, axis, len(dims))
    piece = Array(Shape(dims[:k] + dims[k + 1:]), a.dtype)
    n = dims[k]
    if type(n) is int and n <= MAX_UNSTACKED:
        return Tuple((piece,) * n)
    return List(None, piece, n, is_tuple=True)


#: The most pieces ``unstack`` lists one by one (more: a tuple of known length, its items alike).
MAX_UNSTACKED = 64


# -- tiling and padding ----------------------------------------------------------------------------

def tile(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("A", "reps"))
    a = bound_array(bound, "A")
    reps = shape_arg(ctx, bound.get("reps"))
    if a is None or reps is None:
        return UNKNOWN
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    n = max(len(dims), len(reps))
    dims = (1,) * (n - len(dims)) + dims
    reps = (1,) * (n - len(reps)) + reps
    return Array(Shape(tuple(D.mul(d, r) for d, r in zip(dims, reps))), a.dtype)


def repeat(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("a", "repeats", "axis"))
    a = bound_array(bound, "a")
    reps = bound.get("repeats")
    if a is None or reps is None:
        return UNKNOWN
    dims = a.shape.dims
    r = int_arg(reps)
    axis_arg = bound.get("axis")
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if axis_arg is None or is_none(axis_arg):
        n = D.product(dims)
        counts = _int_items(reps.value)
        if r is None and counts is not None:
            if len(counts) == 1:
                r = counts[0]
            else:
                ctx.require(eq(len(counts), n), "SC107", lambda: (
                    f"{ctx.op}: operands could not be broadcast together with shape ({ctx.show_dim(n)},) "
                    f"({len(counts)},)"))
                total = 0
                for c in counts:
                    total = D.add(total, c)
                return Array(Shape((total,)), a.dtype)
        if r is None:
            return Array(Shape((ctx.fresh("n"),)), a.dtype)
        return Array(Shape((D.mul(n, r),)), a.dtype)
    axis = const_int(axis_arg)
    if axis is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis = normalize_axis(ctx, axis, len(dims))
    out = list(dims)
    counts = _int_items(reps.value)
    if r is not None:
        out[axis] = D.mul(dims[axis], r)
    elif counts is not None and len(counts) != 1:
        ctx.require(eq(len(counts), dims[axis]), "SC107", lambda: (
            f"{ctx.op}: operands could not be broadcast together with shape ({ctx.show_dim(dims[axis])},) "
            f"({len(counts)},)"))
        total = 0
        for c in counts:
            total = D.add(total, c)
        out[axis] = total
    elif counts is not None:
        out[axis] = D.mul(dims[axis], counts[0])
    else:
        rv = as_array(reps.value)
        if rv is not None and rv.shape.dims is not None and len(rv.shape.dims) == 1:
            ctx.require(disj((eq(rv.shape.dims[0], dims[axis]), eq(rv.shape.dims[0], 1))), "SC107",
                        lambda: f"{ctx.op}: operands could not be broadcast together with shape "
                                f"({ctx.show_dim(dims[axis])},) ({ctx.show_dim(rv.shape.dims[0])},)")
        out[axis] = ctx.fresh("n")
    return Array(Shape(tuple(out)), a.dtype)


def _int_items(v: Value) -> list | None:
    if type(v) in (Tuple, List) and v.items is not None and all(type(i) is Int for i in v.items):
        return [i.dim for i in v.items]
    return None


def pad(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("array", "pad_width"))
    a = bound_array(bound, "array")
    width = bound.get("pad_width")
    if a is None or width is None:
        return UNKNOWN
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    pairs = _pad_pairs(width.value, len(dims), ctx.fresh)
    if pairs is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if pairs == "bad":
        ctx.fail("SC107", f"{ctx.op}: pad_width {width.text} cannot be broadcast to ({len(dims)}, 2)")
    return Array(Shape(tuple(D.add(D.add(d, lo), hi) for d, (lo, hi) in zip(dims, pairs))), a.dtype)


def _pad_pairs(v: Value, ndim: int, fresh):
    def width(x):
        if type(x) is Int:
            return x.dim
        if type(x) is Array and x.shape.dims == () and (x.dtype is None or x.dtype.startswith(("int", "uint"))):
            return fresh("pad")   # a 0-d integer array (flax's gemma: ``[[0, jnp.mod(embed_dim, 2)]]``)
        return None

    def ints(x):
        one = width(x)
        if one is not None:
            return (one,)
        if type(x) in (Tuple, List) and x.items is not None:
            widths = tuple(map(width, x.items))
            return None if None in widths else widths
        return None

    flat = ints(v)
    if flat is not None:
        if len(flat) == 1:
            return [(flat[0], flat[0])] * ndim
        if len(flat) == 2:
            return [(flat[0], flat[1])] * ndim
        return "bad"
    if type(v) in (Tuple, List) and v.items is not None:
        rows = [ints(x) for x in v.items]
        if any(r is None for r in rows):
            return None
        if len(rows) == 1:
            rows = rows * ndim
        if len(rows) != ndim:
            return "bad"
        out = []
        for r in rows:
            if len(r) == 1:
                out.append((r[0], r[0]))
            elif len(r) == 2:
                out.append(r)
            else:
                return "bad"
        return out
    return None


def flip_axis(ctx: OpContext, call: Call) -> Value:
    """``flip(m, axis=None)``: the same shape; an axis argument must exist."""
    a, _ = _array(call)
    if a is None:
        return UNKNOWN
    axis = call.kwargs.get("axis") or (call.args[1] if ctx.op == "flip" and len(call.args) > 1 else None)
    if axis is not None and a.shape.dims is not None:
        try:
            axes_arg(ctx, axis, len(a.shape.dims))
        except UnknownAxis:
            pass
    return a


@shaped(("m", "k", "axes"))
def rot90(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    k = 1 if bound.get("k") is None else const_int(bound.get("k"))
    if k is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: Axes must be different (the array needs at least 2 dimensions)")
    # the plane of rotation: axes=(0, 1) by default (numpy.rot90; torch.rot90's dims=[0, 1])
    axes_arg = bound.get("axes")
    axes = (0, 1)
    if axes_arg is not None and not is_none(axes_arg):
        items = axes_arg.value.items if type(axes_arg.value) in (Tuple, List) else None
        if items is None or not all(type(i) is Int and type(i.dim) is int for i in items):
            return Array(UNKNOWN_SHAPE, a.dtype)
        if len(items) != 2:
            ctx.fail("SC107", f"{ctx.op}: len(axes) must be 2 ({axes_arg.text})")
        axes = tuple(normalize_axis(ctx, i.dim, len(dims)) for i in items)
        if axes[0] == axes[1]:
            ctx.fail("SC107", f"{ctx.op}: Axes must be different ({axes_arg.text})")
    if k % 2 == 0:
        return a
    out = list(dims)
    out[axes[0]], out[axes[1]] = out[axes[1]], out[axes[0]]
    return Array(Shape(tuple(out)), a.dtype)


def meshgrid(ctx: OpContext, call: Call) -> Value:
    arrays = [as_array(arg.value) for arg in call.args]
    if any(a is None or a.shape.dims is None for a in arrays):
        return UNKNOWN
    sizes = [D.product(a.shape.dims) for a in arrays]
    indexing = call.kwargs.get("indexing")
    xy = indexing is None or getattr(indexing.value, "value", "xy") == "xy"
    if xy and len(sizes) >= 2:
        sizes[0], sizes[1] = sizes[1], sizes[0]
    shape = Shape(tuple(sizes))
    return Tuple(tuple(Array(shape, a.dtype) for a in arrays))


@shaped(("a", "offset", "axis1", "axis2"))
def diagonal(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: diag requires an array of at least two dimensions")
    i = normalize_axis(ctx, const_int(bound.get("axis1")) or 0, len(dims))
    j = normalize_axis(ctx, 1 if bound.get("axis2") is None else (const_int(bound.get("axis2")) or 0), len(dims))
    length = diagonal_length(ctx, dims[i], dims[j], bound.get("offset"))
    rest = tuple(d for ax, d in enumerate(dims) if ax not in (i, j))
    return Array(Shape(rest + (length,)), a.dtype)


def trace(ctx: OpContext, call: Call) -> Value:
    """``trace(a, offset=0, axis1=0, axis2=1)``: the sums along the diagonals of axes ``axis1`` and
    ``axis2``, the other axes kept in order (sfepy's ``trace(t, axis1=1, axis2=2)`` of (n, 3, 3)
    tensors is (n,): read as the default axes it was (3,), a false SC101)."""
    bound = call.bind(("a", "offset", "axis1", "axis2", "dtype", "out"))
    a = bound_array(bound, "a")
    if a is None:
        return UNKNOWN
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: diag requires an array of at least two dimensions")
    axes = [const_int(bound.get(k)) if bound.get(k) is not None else default
            for k, default in (("axis1", 0), ("axis2", 1))]
    if None in axes:
        return Array(UNKNOWN_SHAPE, a.dtype)
    i, j = (normalize_axis(ctx, ax, len(dims)) for ax in axes)
    if i == j:
        ctx.fail("SC107", f"{ctx.op}: axis1 and axis2 cannot be the same")
    return Array(Shape(tuple(d for ax, d in enumerate(dims) if ax not in (i, j))), a.dtype)


def linalg_diagonal(ctx: OpContext, call: Call) -> Value:
    """``linalg.diagonal(x, offset=0)``: the diagonals of the last two axes."""
    bound = call.bind(("x", "offset"))
    if "x" not in bound:
        return UNKNOWN
    kwargs = {"axis1": Arg(Int(-2)), "axis2": Arg(Int(-1))}
    if "offset" in bound:
        kwargs["offset"] = bound["offset"]
    return diagonal(ctx, Call(call.name, [bound["x"]], kwargs))


@shaped(("x", "offset"))
def linalg_trace(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``linalg.trace(x, offset=0)``: one sum per matrix of the last two axes."""
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: diag requires an array of at least two dimensions")
    return Array(Shape(dims[:-2]), a.dtype)


@shaped(("x", "axis", "dtype", "out", "include_initial"))
def cumulative(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``cumulative_sum(x, axis=None, dtype=None, out=None, include_initial=False)`` (and ``_prod``):
    ``x``'s shape, one more along ``axis`` with ``include_initial``; an ``axis`` is required above 1-D,
    and a 0-d ``x`` is one item."""
    dims = dims or (1,)
    given = bound.get("axis")
    if is_none(given):
        if len(dims) != 1:
            ctx.fail("SC107", f"{ctx.op}: For arrays which have more than one dimension ``axis`` argument is required.")
        k = 0
    else:
        axis = const_int(given)
        if axis is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        k = normalize_axis(ctx, axis, len(dims))
    dtype = dtype_arg(bound.get("dtype")) or accumulated(a.dtype)
    initial = False if bound.get("include_initial") is None else flag(bound["include_initial"].value, None)
    if initial is None:
        return Array(UNKNOWN_SHAPE, dtype)
    return Array(Shape(dims[:k] + (D.add(dims[k], 1 if initial else 0),) + dims[k + 1:]), dtype)


@shaped(("filt", "trim", "axis"))
def trim_zeros(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``trim_zeros(filt)``: the same rank, each trimmed axis as long as its values say."""
    return Array(Shape(tuple(ctx.fresh("k") for _ in dims)), a.dtype)


def take(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("a", "indices", "axis"))
    a = bound_array(bound, "a")
    idx = bound_array(bound, "indices")
    if a is None or idx is None or idx.shape.dims is None:
        return UNKNOWN
    dims = a.shape.dims
    axis = bound.get("axis")
    if axis is None or is_none(axis):
        return Array(idx.shape, a.dtype)
    ax = const_int(axis)
    if dims is None or ax is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    ax = normalize_axis(ctx, ax, len(dims))
    return Array(Shape(dims[:ax] + idx.shape.dims + dims[ax + 1:]), a.dtype)


@shaped(("a", "n", "axis", "prepend", "append"))
def diff(ctx: OpContext, call: Call, bound: dict, a: Array, dims: tuple) -> Value:
    """``diff(a, n, axis, prepend, append)``: ``n`` fewer along ``axis`` than ``a`` with ``prepend``
    and ``append`` joined to it there first (a scalar or a 0-d array adds 1, an array of a's rank its
    own length there: ``y.diff(append=y[..., :1])`` keeps y's width)."""
    n = 1 if bound.get("n") is None else const_int(bound.get("n"))
    if n is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: diff requires input that is at least one dimensional")
    axis = -1 if bound.get("axis") is None else const_int(bound.get("axis"))
    if axis is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    axis = normalize_axis(ctx, axis, len(dims))
    length = dims[axis]
    for name in ("prepend", "append"):
        added = _joined_length(bound.get(name), axis, len(dims))
        if added is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        length = D.add(length, added)
    out = list(dims)
    out[axis] = D.dmax(D.sub(length, n), 0) if type(length) is int else D.sub(length, n)
    return Array(Shape(tuple(out)), a.dtype)


def _joined_length(arg: Arg | None, axis: int, rank: int) -> D.Dim | None:
    """How much ``diff``'s ``prepend``/``append`` adds along ``axis``: 0 when absent, 1 for a number
    or 0-d array, its length for an array of the input's rank; None when not known."""
    if arg is None or is_none(arg):
        return 0
    v = arg.value
    if type(v) in (Int, Float, Bool) or (type(v) is Unknown and v.scalar):   # np.float64(1) is a scalar
        return 1
    if type(v) is Array and v.shape.dims is not None:
        if not v.shape.dims:
            return 1
        if len(v.shape.dims) == rank:
            return v.shape.dims[axis]
    return None


# -- shared with the torch tables, and NumPy functions added in the table rework (issue 9) -----------

def array_sequence(arg: Arg | None) -> list[tuple[Array, str]] | None:
    """The arrays of a sequence argument (``concatenate([a, b])``, ``multi_dot(mats)``), each with its
    source text, or None when they are not all known arrays."""
    return _sequence(arg)


def roll(ctx: OpContext, call: Call) -> Value:
    """``roll(a, shift, axis=None)``: the same shape. Without ``axis`` the flattened array rolls; with it,
    ``shift`` and ``axis`` broadcast together (scalars or 1-D sequences: ``roll(x, (1, 2), axis=0)`` and
    ``roll(x, 1, axis=(0, 1))`` are fine, 2 shifts for 3 axes is not), and each axis must exist; an axis
    may repeat (NumPy reference, ``numpy.roll``)."""
    bound = call.bind(("a", "shift", "axis"))
    a = bound_array(bound, "a")
    if a is None:
        return UNKNOWN
    axis = bound.get("axis")
    if axis is None or is_none(axis) or a.shape.dims is None:
        return a
    try:
        axes_arg(ctx, axis, len(a.shape.dims), repeats_ok=True)
    except UnknownAxis:
        return a
    counts = [_count(bound.get(name)) for name in ("shift", "axis")]
    if None not in counts and counts[0] != counts[1] and 1 not in counts:
        ctx.fail("SC107", f"{ctx.op}: shape mismatch: {counts[0]} shifts cannot be broadcast to {counts[1]} axes")
    return a


def _count(arg: Arg | None) -> int | None:
    """How many entries a scalar-or-sequence argument has (None when not known)."""
    if arg is None:
        return None
    v = arg.value
    if type(v) is Int:
        return 1
    if type(v) in (Tuple, List) and v.items is not None:
        return len(v.items)
    return None


def flip_lr_ud(ctx: OpContext, call: Call) -> Value:
    """``fliplr`` needs a >= 2-d array, ``flipud`` a >= 1-d one; the shape is kept."""
    a, arg = _array(call, "m")
    if a is None:
        return UNKNOWN
    need = 2 if ctx.op == "fliplr" else 1
    if a.shape.rank is not None and a.shape.rank < need:
        ctx.fail("SC107", f"{ctx.op}: Input must be >= {need}-d, but {ctx.describe(arg)}")
    return a


def matrix_transpose(ctx: OpContext, call: Call) -> Value:
    """``matrix_transpose(x)``: the last two axes swap; x must be at least 2-D."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else a
    dims = a.shape.dims
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: input array must be at least 2-dimensional")
    return Array(Shape(dims[:-2] + (dims[-1], dims[-2])), a.dtype)


def resize(ctx: OpContext, call: Call) -> Value:
    """``resize(a, new_shape)`` repeats or truncates: any size fits."""
    bound = call.bind(("a", "new_shape"))
    a = bound_array(bound, "a")
    dims = shape_arg(ctx, bound.get("new_shape"))
    if a is None:
        return UNKNOWN
    return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, a.dtype)


def copyto(ctx: OpContext, call: Call) -> Value:
    """``copyto(dst, src)``: src must broadcast into dst, as an assignment."""
    bound = call.bind(("dst", "src"))
    dst = bound_array(bound, "dst")
    src = bound_array(bound, "src")
    if dst is not None and src is not None and dst.shape.rank is not None and src.shape.rank is not None:
        ctx.broadcast([(dst.shape, bound["dst"].text), (src.shape, bound["src"].text)])
    return NONE


def flatten_shape(ctx: OpContext, a: Array, start: int | None, end: int | None) -> Value:
    """torch's ``flatten(start_dim, end_dim)``: dims start..end (inclusive) become their product."""
    dims = a.shape.dims
    if start is None or end is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if dims is None:
        return Array(_flatten_unknown_rank(ctx, a.shape, start, end), a.dtype)
    if not dims:
        return Array(Shape((1,)), a.dtype)
    s = normalize_axis(ctx, start, len(dims), "start_dim")
    e = normalize_axis(ctx, end, len(dims), "end_dim")
    if s > e:
        ctx.fail("SC107", f"{ctx.op}: start_dim ({start}) cannot come after end_dim ({end})")
    return Array(Shape(dims[:s] + (D.product(dims[s:e + 1]),) + dims[e + 1:]), a.dtype)


def _flatten_unknown_rank(ctx: OpContext, shape: Shape, start: int, end: int) -> Shape:
    """``flatten(start, end)`` of an array of unknown rank, when both lie in its known dims:
    ``flatten(1)`` of ``(b, ...)`` is ``(b, n)``; ``flatten(-2)`` of ``(..., h, w)`` is ``(..., h*w)``."""
    shape = exposing(shape, (start, end), ctx.middle_dim)
    s, e = axis_position(shape, start), axis_position(shape, end)
    if s is not None and s[0] == "prefix" and end == -1 and e is None:
        # flatten(1) of (x0, *x[1:]): everything from the start dim on is one dim
        rest = D.mul(D.product(shape.prefix[s[1]:] + shape.suffix), ctx.middle_size(shape.middle))
        return Shape(shape.prefix[:s[1]] + (rest,))
    if s is None or e is None:
        return UNKNOWN_SHAPE
    if s[0] == e[0] and s[1] > e[1] or (s[0], e[0]) == ("suffix", "prefix"):
        ctx.fail("SC107", f"{ctx.op}: start_dim ({start}) cannot come after end_dim ({end})")
    if s[0] == e[0]:
        part = getattr(shape, s[0])
        merged = part[:s[1]] + (D.product(part[s[1]:e[1] + 1]),) + part[e[1] + 1:]
        return (Shape(merged, True, shape.suffix, shape.middle) if s[0] == "prefix"
                else Shape(shape.prefix, True, merged, shape.middle))
    # from the prefix to the suffix: the unknown middle goes into the one flattened dim
    inner = D.mul(D.product(shape.prefix[s[1]:] + shape.suffix[:e[1] + 1]), ctx.middle_size(shape.middle))
    return Shape(shape.prefix[:s[1]] + (inner,) + shape.suffix[e[1] + 1:])


def unflatten_shape(ctx: OpContext, a: Array, dim: Value | None, sizes: Value | None) -> Value:
    """torch's ``unflatten(dim, sizes)``: one dim becomes ``sizes`` (one may be -1), whose product it
    must be."""
    dims = a.shape.dims
    d = dim.dim if type(dim) is Int and type(dim.dim) is int else None
    if d is None or type(sizes) not in (Tuple, List) or sizes.items is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if dims is None:   # the dim where the known dims (or a parameter's middle) place it
        shape = exposing(a.shape, (d,), ctx.middle_dim)
        place = axis_position(shape, d)
        if place is None:
            return Array(UNKNOWN_SHAPE, a.dtype)
        piece = reshape_shape(ctx, Array(Shape((getattr(shape, place[0])[place[1]],)), a.dtype), Arg(sizes, ""))
        return Array(replace_axes(shape, {place: piece.dims}) if piece.dims is not None else UNKNOWN_SHAPE, a.dtype)
    axis = normalize_axis(ctx, d, len(dims), "dim")
    piece = reshape_shape(ctx, Array(Shape((dims[axis],)), a.dtype), Arg(sizes, ""))
    if piece.dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    return Array(Shape(dims[:axis] + piece.dims + dims[axis + 1:]), a.dtype)
