"""torch's shape manipulation where it differs from NumPy: ``view``/``reshape(*shape)``, ``flatten``,
``squeeze(dim)`` (a no-op on a dim that is not 1), ``expand``, ``repeat`` (NumPy's tile), ``split`` by
chunk size, ``chunk``, ``unbind``, ``narrow``, ``select``, ``index_select``, ``gather``, ``meshgrid`` ('ij').
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import disj, eq, le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, axis_position, exposing, replace_axes
from ...constraints.solver import Verdict
from ..core.context import Arg, Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Int, LibraryObject, List, Str, Tuple, Unknown, Value
from . import manipulation as M
from . import searching
from .args import (
    UnknownAxis,
    as_array,
    axes_arg,
    bound_array,
    const_int,
    in_range_index,
    int_arg,
    is_none,
    normalize_axis,
    shape_arg,
)
from .manipulation import flatten_shape, unflatten_shape
from .torch_args import dim_arg, first_input, size_arg, torch_call, torch_dtype


def view(ctx: OpContext, call: Call) -> Value:
    """``view/reshape(*shape)`` with one -1; ``view(dtype)`` reinterprets (shape not modelled)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return UNKNOWN
    if len(call.args) == 2 and type(call.args[1].value) is LibraryObject:
        return Array(UNKNOWN_SHAPE, torch_dtype(call.args[1].value))
    target = call.kwargs.get("shape") or size_arg(call, 1)
    if target is None:
        return UNKNOWN
    return Array(M.reshape_shape(ctx, a, target), a.dtype)


def as_shape_of(ctx: OpContext, call: Call) -> Value:
    """``view_as(other)`` / ``reshape_as(other)``: other's shape, with the size check of view."""
    if len(call.args) < 2:
        return UNKNOWN
    a, other = as_array(call.args[0].value), as_array(call.args[1].value)
    if a is None or other is None or other.shape.dims is None:
        return UNKNOWN
    target = Arg(Tuple(tuple(Int(d) for d in other.shape.dims)), ctx.show_shape(other.shape))
    return Array(M.reshape_shape(ctx, a, target), a.dtype)


def flatten(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    if a is None:
        return UNKNOWN
    bound = call.bind(("input", "start_dim", "end_dim"))
    start = const_int(bound["start_dim"]) if "start_dim" in bound else 0
    end = const_int(bound["end_dim"]) if "end_dim" in bound else -1
    return flatten_shape(ctx, a, start, end)


def unflatten(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "sizes"))
    a = bound_array(bound, "input")
    if a is None:
        return UNKNOWN
    return unflatten_shape(ctx, a, bound["dim"].value if "dim" in bound else None,
                           bound["sizes"].value if "sizes" in bound else None)


def squeeze(ctx: OpContext, call: Call) -> Value:
    """``squeeze(dim)``: removes ``dim`` only if it is 1 (otherwise a no-op, unlike NumPy)."""
    bound = call.bind(("input", "dim"))
    a = bound_array(bound, "input")
    if a is None:
        return UNKNOWN
    dim = bound.get("dim")
    if dim is None or is_none(dim):
        return M.squeeze(ctx, Call(call.name, [bound["input"]]))
    dims = a.shape.dims
    if dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    try:
        axes = axes_arg(ctx, dim, len(dims), zero_d_ok=True)
    except UnknownAxis:
        return Array(UNKNOWN_SHAPE, a.dtype)
    out = []
    for i, d in enumerate(dims):
        if i in (axes or ()):
            verdict = Verdict.HOLDS if d == 1 else Verdict.FAILS if type(d) is int else ctx.decide(eq(d, 1))
            if verdict is Verdict.HOLDS:
                continue
            if verdict is not Verdict.FAILS:
                return Array(UNKNOWN_SHAPE, a.dtype)
        out.append(d)
    return Array(Shape(tuple(out)), a.dtype)


def expand(ctx: OpContext, call: Call) -> Value:
    """``expand(*sizes)``: -1 keeps a dim; a size-1 dim may grow; new dims are added in front."""
    a, arg = first_input(call)
    target = size_arg(call, 1)
    if a is None or target is None:
        return UNKNOWN
    v = target.value
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) and v.items is not None else None
    if items is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    # the sizes name every dim of the result; those of x line up from the end (a parameter's middle
    # gives the ones -1 keeps), so an x of unknown rank is that rank at most
    shape = a.shape if a.shape.dims is not None else exposing(
        a.shape, tuple(i - len(items) for i, item in enumerate(items) if type(item) is Int and item.dim == -1),
        ctx.middle_dim)
    if shape.dims is not None:
        dims = shape.dims
    elif shape.min_rank == len(items):   # x[None, :, None].expand(b, -1, 1): the rank is the sizes', x's middle none
        dims = shape.prefix + shape.suffix
    else:
        dims = tuple(shape.suffix[len(shape.suffix) - len(items) + i] if len(items) - i <= len(shape.suffix)
                     else None for i in range(len(items)))
    if shape.min_rank > len(items):
        dims = (None,) * (shape.min_rank - len(items)) + dims   # fails below, as at a known rank
    extra = len(items) - len(dims)
    if extra < 0:
        ctx.fail("SC107", f"{ctx.op}: the number of sizes provided ({len(items)}) must be greater or equal to "
                          f"the number of dimensions of {ctx.describe(arg)}")
    out = []
    for i, item in enumerate(items):
        size = item.dim if type(item) is Int else ctx.fresh("d")
        if i < extra:
            if size == -1:
                ctx.fail("SC107", f"{ctx.op}: -1 is not allowed in a leading, non-existing dimension ({i})")
            out.append(size)
            continue
        d = dims[i - extra]
        if d is None and size == -1:   # a dim of x nothing names (x of unknown shape): the rank is still the sizes'
            out.append(ctx.fresh("d"))
            continue
        if size == -1 or d is None:
            out.append(d if size == -1 else size)
            continue
        ctx.require(disj((eq(d, size), eq(d, 1))), "SC101", lambda d=d, size=size, i=i: (
            f"{ctx.op}: {ctx.describe(arg)} cannot be expanded to {_as_tuple(target.text)}: the expanded size "
            f"{ctx.show_dim(size)} must match the existing size {ctx.show_dim(d)} at non-singleton dimension {i}"))
        out.append(size)
    return Array(Shape(tuple(out)), a.dtype)


def _as_tuple(text: str) -> str:
    """A size argument's text as a tuple display (``x.expand(n, 4)`` reads ``(n, 4)``)."""
    return text if text.startswith("(") and text.endswith(")") else f"({text})"


def broadcast_to(ctx: OpContext, call: Call) -> Value:
    """``torch.broadcast_to(x, shape)`` is ``x.expand(shape)`` (torch's docs say so): its size may be
    spread over the arguments (``x.broadcast_to(b, n, l, d)``: diffusers' temporal transformer), and -1
    keeps a dim (``broadcast_to(v, (len(z), -1))``: normflows' ``log_prob``; NumPy's broadcast_to
    takes no -1)."""
    if "shape" in call.kwargs:
        call = Call(call.name, call.args[:1] + [call.kwargs["shape"]])
    return expand(ctx, call)


def expand_as(ctx: OpContext, call: Call) -> Value:
    other = as_array(call.args[1].value) if len(call.args) > 1 else None
    if other is None:
        return UNKNOWN
    if other.shape.dims is None:   # other's shape, whatever its rank, when it works
        a = as_array(call.args[0].value)
        return Array(other.shape, a.dtype if a is not None else None)
    return expand(ctx, Call(call.name, [call.args[0], Arg(Tuple(tuple(Int(d) for d in other.shape.dims)),
                                                           ctx.show_shape(other.shape))]))


def repeat(ctx: OpContext, call: Call) -> Value:
    """``x.repeat(*sizes)`` is NumPy's ``tile``, except that sizes may not be fewer than x's dims."""
    a, arg = first_input(call)
    sizes = size_arg(call, 1)
    if a is None or sizes is None:
        return UNKNOWN
    reps = shape_arg(ctx, sizes)
    if reps is not None and len(reps) < a.shape.min_rank:
        count = a.shape.rank if a.shape.rank is not None else f"at least {a.shape.min_rank}"
        ctx.fail("SC107", f"{ctx.op}: {len(reps)} repeat sizes are fewer than the tensor's dimensions "
                          f"({count}: {ctx.describe(arg)})")
    if reps is not None and a.shape.rank is None:
        # one size per dim of the result: x's known last dims times theirs, the others unknown
        known = a.shape.suffix[max(len(a.shape.suffix) - len(reps), 0):]
        lead = len(reps) - len(known)
        return Array(Shape(tuple(ctx.fresh("d") for _ in range(lead))
                           + tuple(D.mul(d, r) for d, r in zip(known, reps[lead:]))), a.dtype)
    return M.tile(ctx, Call(call.name, [call.args[0], sizes]))


def t(ctx: OpContext, call: Call) -> Value:
    a, arg = first_input(call)
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else a
    if len(a.shape.dims) > 2:
        ctx.fail("SC107", f"{ctx.op}: expects a tensor with <= 2 dimensions, but {ctx.describe(arg)}")
    return Array(Shape(tuple(reversed(a.shape.dims))), a.dtype)


def concatenate(ctx: OpContext, call: Call) -> Value:
    """``torch.cat``: NumPy's concatenate, but for two things torch allows. A 1-D empty tensor is
    skipped whatever the others' rank (``out = torch.tensor([])`` then ``out = torch.cat([out,
    batch])``, an evaluation loop's idiom); and an operand nothing is known of is a tensor of unknown
    shape (``pk, pv = past_kv``), not the end of what the others' shapes say."""
    arg = call.args[0] if call.args else call.kwargs.get("tensors")
    seq = arg.value if arg is not None else None
    if type(seq) in (Tuple, List) and seq.items is not None:
        items = [Array(UNKNOWN_SHAPE, None, tensor=True) if type(i) is Unknown and not i.tagged else i
                 for i in seq.items]
        kept = [i for i in items if not _empty_vector(i)]
        items = kept if kept else items[:1]
        if len(items) != len(seq.items) or any(a is not b for a, b in zip(items, seq.items)):
            arg = Arg(type(seq)(tuple(items)), arg.text if len(items) == len(seq.items) else "")
            call = Call(call.name, [arg] + call.args[1:], call.kwargs) if call.args else \
                Call(call.name, call.args, {**call.kwargs, "tensors": arg})
    return torch_call(M.concatenate, tensors="arrays")(ctx, call)


def _empty_vector(v: Value) -> bool:
    return type(v) is Array and v.shape.dims == (0,)


@dataclass(frozen=True, slots=True)
class AxisView:
    """One axis of an array, of known rank or located in the known prefix or suffix of an unknown
    rank (``x.chunk(3, dim=-1)`` of ``(..., 3*d)``): its size, its index at a known rank, and the
    array with that axis resized."""

    array: Array
    size: D.Dim
    axis: int | None            # the normalized axis (None at an unknown rank)
    place: tuple[str, int] | None = None   # where it lies at an unknown rank (axis_position)

    def resized(self, dim: D.Dim) -> Array:
        s = self.array.shape
        if self.place is not None:
            return Array(replace_axes(s, {self.place: (dim,)}), self.array.dtype)
        return Array(Shape(s.dims[:self.axis] + (dim,) + s.dims[self.axis + 1:]), self.array.dtype)


def view_axis(ctx: OpContext, a: Array | None, d: int | None) -> AxisView | None:
    """The axis ``d`` of ``a`` (None when it cannot be located: no array, a non-literal axis, or an
    axis in the unknown middle). A known rank checks the axis is in range (NumPy's AxisError)."""
    if a is None or d is None:
        return None
    dims = a.shape.dims
    if dims is None:
        # an axis of a parameter's (*x) past its known ends: the dims up to it taken off its middle
        shape = exposing(a.shape, (d,), ctx.middle_dim)
        a = Array(shape, a.dtype, a.values, a.tensor, a.layout)
        place = axis_position(shape, d)
        if place is None:
            return None
        return AxisView(a, getattr(a.shape, place[0])[place[1]], None, place)
    if not dims:
        return None
    axis = normalize_axis(ctx, d, len(dims), "dim")
    return AxisView(a, dims[axis], axis)


def _pieces(view: AxisView, sizes: list) -> Value:
    return Tuple(tuple(view.resized(s) for s in sizes))


#: the most pieces ``split``/``chunk`` give as a tuple of known length
MAX_PIECES = 4096


def _item_texts(text: str, count: int) -> list[str] | None:
    """The source texts of a list or tuple display's ``count`` items (None for any other text)."""
    try:
        node = ast.parse(text.strip(), mode="eval").body if text.strip() else None
    except SyntaxError:
        return None
    if not isinstance(node, (ast.List, ast.Tuple)) or len(node.elts) != count:
        return None
    return [ast.dump(e) for e in node.elts]


def split(ctx: OpContext, call: Call) -> Value:
    """``split(x, size, dim=0)``: chunks of ``size`` (the last may be smaller); a list gives each
    size, and the sizes must add up to the dim."""
    bound = call.bind(("input", "split_size_or_sections", "dim"))
    a = bound_array(bound, "input")
    spec = bound.get("split_size_or_sections") or call.kwargs.get("split_size")
    d = const_int(bound["dim"]) if "dim" in bound else 0
    view = view_axis(ctx, a, d) if spec is not None else None
    if view is None:
        return UNKNOWN
    n, axis = view.size, view.axis if view.axis is not None else d
    v = spec.value
    if type(v) in (Tuple, List) and v.items is not None and not all(type(i) is Int for i in v.items):
        # as many pieces as sizes, each its own size where one is not known (``split(self.fused_dims)``
        # of constructor numbers: PaLM's q, kv and ff were one dim, and --strict asked them equal);
        # sizes written alike are one (timm's ``split([self.key_dim, self.key_dim, self.val_dim])``)
        texts = _item_texts(spec.text, len(v.items))
        named: dict = {}
        return _pieces(view, [i.dim if type(i) is Int else named.setdefault(texts[k] if texts else k, ctx.fresh("split"))
                              for k, i in enumerate(v.items)])
    if type(v) in (Tuple, List) and v.items is not None:
        sizes = [i.dim for i in v.items]
        total = D.add(0, 0)
        for s in sizes:
            total = D.add(total, s)
        ctx.require(eq(total, n), "SC107", lambda: (
            f"{ctx.op}: split sizes {spec.text or sizes} add up to {ctx.show_dim(total)}, not to the size "
            f"{ctx.show_dim(n)} of dimension {axis} ({ctx.describe(bound['input'])})"))
        return _pieces(view, sizes)
    # sizes not known one by one (``x.split(lengths.tolist())``): pieces of x's rank, a size each
    some_pieces = List(None, view.resized(ctx.fresh("split")))
    size = int_arg(spec)
    if size is None:
        return some_pieces
    if type(size) is int and size <= 0:
        ctx.fail("SC107", f"{ctx.op}: split_size must be positive, not {size}")
    if type(n) is int and type(size) is int:
        if n // size > MAX_PIECES:
            return some_pieces   # a list that long is no shape question (and would not fit in memory here)
        return _pieces(view, [size] * (n // size) + ([n % size] if n % size or n == 0 else []))
    count = D.floordiv(n, size)
    if D.mod(n, size) == 0 and type(count) is int and count <= MAX_PIECES:
        return _pieces(view, [size] * count)
    return some_pieces


def chunk(ctx: OpContext, call: Call) -> Value:
    """``chunk(x, chunks, dim=0)``: pieces of ceil(n / chunks); there may be fewer than ``chunks``."""
    bound = call.bind(("input", "chunks", "dim"))
    a = bound_array(bound, "input")
    chunks = int_arg(bound.get("chunks"))
    if a is None or chunks is None or type(chunks) is not int:
        return UNKNOWN
    if chunks <= 0:
        ctx.fail("SC107", f"{ctx.op}: chunk expects `chunks` to be greater than 0, got: {chunks}")
    if chunks > MAX_PIECES:
        return UNKNOWN
    view = view_axis(ctx, a, const_int(bound["dim"]) if "dim" in bound else 0)
    if view is None:
        return UNKNOWN
    n = view.size
    if type(n) is int:
        size = -(-n // chunks) if n else 0
        if size == 0:
            return _pieces(view, [0] * chunks)
        return _pieces(view, [size] * (n // size) + ([n % size] if n % size else []))
    if D.mod(n, chunks) == 0:
        return _pieces(view, [D.floordiv(n, chunks)] * chunks)
    if chunks == 2:
        # halves of ceil(n / 2) and floor(n / 2): two pieces for every n >= 2 (n == 1 gives one piece,
        # where code unpacking two would fail; that is left unreported, never a false error)
        return _pieces(view, [D.floordiv(D.add(n, 1), 2), D.floordiv(n, 2)])
    return UNKNOWN


def tensor_split(ctx: OpContext, call: Call) -> Value:
    result = torch_call(M.array_split)(ctx, call)
    return Tuple(result.items) if type(result) is List and result.items is not None else UNKNOWN


def unbind(ctx: OpContext, call: Call) -> Value:
    """``unbind(x, dim=0)``: one array per index of ``dim``, each without it (as many as its size:
    a sequence of unknown length when that is not a small known number)."""
    a, _ = first_input(call)
    d = const_int(dim_arg(call, 1, 0))
    if a is None or d is None or a.shape.dims == ():
        return UNKNOWN
    view = view_axis(ctx, a, d)
    if view is None:
        return List(None, Array(UNKNOWN_SHAPE, a.dtype))
    s = view.array.shape
    piece = Array(replace_axes(s, {view.place: ()}) if view.place is not None
                  else Shape(s.dims[:view.axis] + s.dims[view.axis + 1:]), a.dtype)
    n = view.size
    if type(n) is not int or n > 64:
        return List(None, piece)
    return Tuple((piece,) * n)


def narrow(ctx: OpContext, call: Call) -> Value:
    """``narrow(x, dim, start, length)``: start + length must fit in the dim."""
    bound = call.bind(("input", "dim", "start", "length"))
    a = bound_array(bound, "input")
    d, start, length = const_int(bound.get("dim")), int_arg(bound.get("start")), int_arg(bound.get("length"))
    if a is None or a.shape.dims is None or d is None or length is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    axis = normalize_axis(ctx, d, len(dims), "dim")
    if start is not None and not (type(start) is int and start < 0):
        ctx.require(le(D.add(start, length), dims[axis]), "SC105", lambda: (
            f"{ctx.op}: start ({ctx.show_dim(start)}) + length ({ctx.show_dim(length)}) exceeds the size "
            f"{ctx.show_dim(dims[axis])} of dimension {axis} ({ctx.describe(bound['input'])})"))
    return Array(Shape(dims[:axis] + (length,) + dims[axis + 1:]), a.dtype)


def unfold_windows(ctx: OpContext, call: Call) -> Value:
    """``x.unfold(dimension, size, step)``: every window of ``size`` along ``dimension``, ``step`` apart:
    that dim becomes the window count ``(L - size) // step + 1`` and the windows' own ``size`` is a
    new last dim (PyTorch reference, Tensor.unfold; not ``F.unfold``'s im2col)."""
    bound = call.bind(("input", "dimension", "size", "step"))
    a = bound_array(bound, "input")
    d, size, step = const_int(bound.get("dimension")), int_arg(bound.get("size"), ctx), int_arg(bound.get("step"), ctx)
    if a is None or a.shape.dims is None or not a.shape.dims or d is None or size is None or step is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    axis = normalize_axis(ctx, d, len(dims), "dimension")
    ctx.require(le(size, dims[axis]), "SC107", lambda: (
        f"{ctx.op}: maximum size for tensor at dimension {axis} is {ctx.show_dim(dims[axis])} but size is "
        f"{ctx.show_dim(size)} ({ctx.describe(bound['input'])})"))
    if type(step) is int and step <= 0:
        ctx.fail("SC107", f"{ctx.op}: step is {step} but must be > 0")
    windows = D.add(D.floordiv(D.sub(dims[axis], size), step), 1)
    return Array(Shape(dims[:axis] + (windows,) + dims[axis + 1:] + (size,)), a.dtype)


def select(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "index"))
    a = bound_array(bound, "input")
    d, index = const_int(bound.get("dim")), int_arg(bound.get("index"))
    if a is None or a.shape.dims is None or d is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    dims = a.shape.dims
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: select() cannot be applied to a 0-dim tensor")
    axis = normalize_axis(ctx, d, len(dims), "dim")
    if index is not None:
        in_range_index(ctx, index, dims[axis], axis)
    return Array(Shape(dims[:axis] + dims[axis + 1:]), a.dtype)


def index_select(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("input", "dim", "index"))
    a = bound_array(bound, "input")
    idx = bound_array(bound, "index")
    d = const_int(bound.get("dim"))
    if a is None or idx is None or a.shape.dims is None or idx.shape.dims is None or d is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, a.dtype)
    if len(idx.shape.dims) > 1:
        ctx.fail("SC107", f"{ctx.op}: index must be 0-D or 1-D, but {ctx.describe(bound['index'])}")
    dims = a.shape.dims
    axis = normalize_axis(ctx, d, max(len(dims), 1), "dim")
    n = idx.shape.dims[0] if idx.shape.dims else 1
    return Array(Shape(dims[:axis] + (n,) + dims[axis + 1:]), a.dtype)


def gather(ctx: OpContext, call: Call) -> Value:
    """``gather(x, dim, index)``: the result is shaped like ``index``, of x's rank."""
    bound = call.bind(("input", "dim", "index"))
    a = bound_array(bound, "input")
    idx = bound_array(bound, "index")
    if a is None or idx is None:
        return UNKNOWN
    if a.shape.rank is not None and idx.shape.rank is not None and a.shape.rank != idx.shape.rank and idx.shape.rank:
        ctx.fail("SC107", f"{ctx.op}: index tensor must have the same number of dimensions as input: "
                          f"{ctx.describe(bound['input'])} but {ctx.describe(bound['index'])}")
    d = const_int(bound.get("dim"))
    if d is not None and a.shape.dims is not None:
        normalize_axis(ctx, d, max(len(a.shape.dims), 1), "dim")
    return Array(idx.shape, a.dtype)


def scatter(ctx: OpContext, call: Call) -> Value:
    a, _ = first_input(call)
    return UNKNOWN if a is None else a


def nonzero(ctx: OpContext, call: Call) -> Value:
    as_tuple = call.kwargs.get("as_tuple")
    if as_tuple is not None and flag(as_tuple.value, None) is True:
        return searching.nonzero(ctx, call)
    return searching.argwhere(ctx, call)


def meshgrid(ctx: OpContext, call: Call) -> Value:
    """torch's meshgrid indexes 'ij' by default (NumPy's 'xy'); tensors may come as one list."""
    args = call.args
    if len(args) == 1 and type(args[0].value) in (List, Tuple):
        if args[0].value.items is None:
            return UNKNOWN   # one grid per tensor of the list, however many: not one tensor's grid
        args = [Arg(v) for v in args[0].value.items]
    kwargs = {"indexing": call.kwargs.get("indexing") or Arg(Str("ij"))}
    return M.meshgrid(ctx, Call(call.name, args, kwargs))


def take(ctx: OpContext, call: Call) -> Value:
    """``take(x, index)``: x is read flattened; the result is shaped like index. A literal index out of
    ``[-numel, numel)`` is torch's IndexError ("out of range: tried to access index 15 on a tensor of
    15 elements")."""
    bound = call.bind(("input", "index"))
    a, idx = bound_array(bound, "input"), bound_array(bound, "index")
    if a is not None and idx is not None and idx.values is not None and a.shape.dims is not None:
        numel = D.product(a.shape.dims)
        if type(numel) is int:
            for i in _flat_ints(idx.values):
                if not -numel <= i < numel:
                    ctx.fail("SC105", f"{ctx.op}: out of range: tried to access index {i} on a tensor of "
                                      f"{numel} elements ({ctx.describe(bound['input'])})")
    return M.take(ctx, Call(call.name, call.args[:2]))


def _flat_ints(values) -> list[int]:
    out: list[int] = []
    for v in values if isinstance(values, (tuple, list)) else (values,):
        if isinstance(v, (tuple, list)):
            out += _flat_ints(v)
        elif type(v) is int:
            out.append(v)
    return out


def take_along_dim(ctx: OpContext, call: Call) -> Value:
    """``take_along_dim(x, indices, dim)``: with no dim both are read flattened (the result is 1-d, one
    entry per index); with a dim, x and indices have the same rank and broadcast on every other dim,
    and the result has indices' size at dim (torch's gather of the two broadcast tensors)."""
    bound = call.bind(("input", "indices", "dim"))
    a, idx = bound_array(bound, "input"), bound_array(bound, "indices")
    if a is None or idx is None:
        return UNKNOWN
    dim = bound.get("dim")
    if dim is None or is_none(dim):
        dims = idx.shape.dims
        return Array(Shape((D.product(dims) if dims is not None else ctx.fresh("n"),)), a.dtype)
    d = const_int(dim)
    if d is None or a.shape.dims is None or idx.shape.dims is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    if a.shape.rank != idx.shape.rank:
        ctx.fail("SC107", f"{ctx.op}: input and indices should have the same number of dimensions, but "
                          f"{ctx.describe(bound['input'])} and {ctx.describe(bound['indices'])}")
    axis = normalize_axis(ctx, d, max(a.shape.rank, 1), "dim")
    if not a.shape.dims:
        return Array(idx.shape, a.dtype)
    others = list(idx.shape.dims)
    others[axis] = a.shape.dims[axis]
    shape = ctx.broadcast([(a.shape, bound["input"].text), (Shape(tuple(others)), bound["indices"].text)])
    if shape is None:
        return Array(UNKNOWN_SHAPE, a.dtype)
    out = list(shape.dims)
    out[axis] = idx.shape.dims[axis]
    return Array(Shape(tuple(out)), a.dtype)


def histc(ctx: OpContext, call: Call) -> Value:
    """``histc(x, bins=100)``: one count per bin."""
    bins = int_arg(call.kwargs.get("bins") or (call.args[1] if len(call.args) > 1 else None))
    return Array(Shape((bins or 100,)), "float32")


def take_along_axis(ctx: OpContext, call: Call) -> Value:
    """NumPy's ``take_along_axis(arr, indices, axis=-1)`` (the default since NumPy 2.3; None reads
    both flattened): torch's take_along_dim under NumPy's names."""
    bound = call.bind(("arr", "indices", "axis"))
    if "arr" not in bound or "indices" not in bound:
        return UNKNOWN
    axis = bound.get("axis") or Arg(Int(-1), "-1")
    return take_along_dim(ctx, Call(call.name, [bound["arr"], bound["indices"], axis]))
