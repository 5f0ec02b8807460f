"""torch's creation functions: ``zeros(*size)``, ``full``, ``randint``, ``tensor(data)``, ``arange``,
``linspace`` (steps required), ``randperm``, ``multinomial``, ``empty_strided``, ``from_file``, the
``x.new_*`` methods and the legacy ``x.new(...)``; the flattening of a list of tensors into one
buffer that distributed training does (``torch._utils._flatten_dense_tensors``).
Sources: the PyTorch reference, torch (creation ops) and torch.Tensor pages; torch/_utils.py.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import le
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Int, List, ShapeTuple, Tuple, Value
from . import creation as K
from .args import as_array, bound_array, int_arg, literal_array, names_one_size, shape_arg, sized_shape, untyped_leaves
from .kinds import Rule
from .torch_args import first_input, size_arg, torch_call, torch_dtype


def sized(dtype: str, start: int = 0) -> Rule:
    """``zeros/ones/empty/rand/randn(*size, dtype=)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        return Array(sized_shape(ctx, size_arg(call, start)), kw_dtype(call, dtype))

    return rule


_EMPTY = sized("float32")


def kw_dtype(call: Call, default: str | None) -> str | None:
    """The ``dtype=`` a torch call names (as a NumPy dtype name), else ``default``."""
    return torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else default


def legacy(dtype: str) -> Rule:
    """``torch.FloatTensor(*sizes)`` / ``torch.FloatTensor(data)``, the typed legacy constructors:
    ints, or one torch.Size, are the sizes of an uninitialised tensor; one other sequence or an
    array is the data (``FloatTensor((n, 1))`` is the 1-D tensor of those two numbers: torch's
    legacy_tensor_ctor binds a lone sequence that is not a torch.Size as data); no argument, an
    empty tensor."""

    def rule(ctx: OpContext, call: Call) -> Value:
        args = call.args
        if not args and "data" in call.kwargs:   # ``LongTensor(data=[0])``: torch's ``new(PyObject* data)``
            data = call.kwargs["data"]
            known = literal_array(data.value) if type(data.value) is Array or _written_out(data.text) else None
            return Array(known.shape if known is not None else UNKNOWN_SHAPE, dtype)
        if not args and "size" in call.kwargs:   # ``new(SymIntArrayRef size)``
            return Array(sized_shape(ctx, call.kwargs["size"]), dtype)
        if not args:
            return Array(Shape((0,)), dtype)
        if len(args) == 1 and type(args[0].value) is Tuple and args[0].value.is_shape:
            args = [Arg(item) for item in args[0].value.items]
        if all(type(a.value) is Int for a in args):
            return Array(Shape(tuple(a.value.dim for a in args)), dtype)
        if len(args) == 1 and (type(args[0].value) is Array or _written_out(args[0].text)):
            data = literal_array(args[0].value)
            return Array(data.shape if data is not None else UNKNOWN_SHAPE, dtype)
        if len(args) > 1 and not any(type(a.value) in (Tuple, List, Array) for a in args):
            # two or more arguments are sizes, whatever is known of them (torch takes data as one
            # argument alone): ``torch.Tensor(input_dim, output_dim)`` in a constructor, its
            # parameters named as dims as ``torch.zeros(input_dim, output_dim)`` names them
            return Array(sized_shape(ctx, size_arg(call, 0)), dtype)
        if len(args) == 1 and type(args[0].value) is not ShapeTuple:
            # one of unknown kind named as a size (``torch.Tensor(out_features)``, :func:`names_one_size`)
            dims = shape_arg(ctx, args[0]) if names_one_size(args[0].text) else None
            return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, dtype)
        return Array(UNKNOWN_SHAPE, dtype)   # a sequence from elsewhere may be a torch.Size

    return rule


def full(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("size", "fill_value"))
    fill = bound.get("fill_value")
    dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else (
        "int64" if fill is not None and type(fill.value) is Int else
        "bool" if fill is not None and type(fill.value) is Bool else "float32")
    return Array(sized_shape(ctx, bound.get("size")), dtype)


def randint(ctx: OpContext, call: Call) -> Value:
    """``randint(high, size)`` or ``randint(low, high, size)``: size is a tuple, never varargs."""
    size = call.kwargs.get("size") or next((a for a in call.args[1:] if type(a.value) in (Tuple, List)), None)
    dims = shape_arg(ctx, size)
    return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, torch_dtype(
        call.kwargs["dtype"].value) if "dtype" in call.kwargs else "int64")


def tensor(ctx: OpContext, call: Call) -> Value:
    """``torch.tensor(data)``: the shape of nested literals; Python floats become float32."""
    data = call.args[0] if call.args else call.kwargs.get("data")
    a = literal_array(data.value) if data is not None else None
    dtype = kw_dtype(call, None)
    if a is None:
        return Array(UNKNOWN_SHAPE, dtype)
    if a.dtype is None and untyped_leaves(data.value):   # (the caller's dtype: no default to guess by)
        return Array(a.shape, dtype)
    return Array(a.shape, dtype or ("float32" if a.dtype in (None, "float64") and type(data.value) is not Array
                                    else a.dtype), _literal_ints(data.value) if _written_out(data.text) else None)


def _written_out(text: str) -> bool:
    """The data is a list or tuple display in the source (``torch.tensor([4, 0, 7])``): its ints are
    certain. Ints that reached a name through loops and calls may be approximations, and bounds
    checked against them could be false errors."""
    return text.strip().startswith(("[", "("))


def _literal_ints(v: Value, limit: int = 64) -> tuple | None:
    """The ints of a small literal index (``torch.tensor([4, 0, 7])``), flattened, for bounds checks."""
    if type(v) is Int:
        return (v.dim,) if type(v.dim) is int else None
    if type(v) not in (List, Tuple) or v.items is None or len(v.items) > limit:
        return None
    out: tuple = ()
    for item in v.items:
        inner = _literal_ints(item, limit)
        if inner is None or len(out) + len(inner) > limit:
            return None
        out += inner
    return out


def arange(ctx: OpContext, call: Call) -> Value:
    result = torch_call(K.arange, end="stop")(ctx, call)
    if type(result) is Array and result.dtype == "float64" and "dtype" not in call.kwargs:
        return Array(result.shape, "float32")
    return result


def linspace(ctx: OpContext, call: Call) -> Value:
    """``linspace(start, end, steps)``: steps is required in torch (no default of 50)."""
    steps = call.args[2] if len(call.args) > 2 else call.kwargs.get("steps")
    n = int_arg(steps)
    if type(n) is int and n < 0:
        ctx.fail("SC107", f"{ctx.op}: number of steps must be non-negative")
    return Array(Shape((n if n is not None else ctx.fresh("steps"),)), "float32")


def new_sized(dtype_from_receiver: bool = True, start: int = 1) -> Rule:
    """``x.new_zeros(size)``, ``x.new_full(size, value)``: the size given, the receiver's dtype."""

    def rule(ctx: OpContext, call: Call) -> Value:
        a = as_array(call.args[0].value) if call.args else None
        size = call.kwargs.get("size") or (call.args[start] if len(call.args) > start else None)
        if size is not None and type(size.value) is Int and ctx.op != "new_full":
            size = size_arg(call, start)
        return Array(sized_shape(ctx, size), a.dtype if a is not None else None)

    return rule


def multinomial(ctx: OpContext, call: Call) -> Value:
    """``multinomial(probs, num_samples, replacement=False)``: probs is 1-D or 2-D (categories last);
    without replacement at most as many samples as categories."""
    bound = call.bind(("input", "num_samples", "replacement"))
    a, arg = first_input(call)
    n = int_arg(bound.get("num_samples"))
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else Array(UNKNOWN_SHAPE, "int64")
    dims = a.shape.dims
    if len(dims) not in (1, 2):
        ctx.fail("SC107", f"{ctx.op}: prob_dist must be 1 or 2 dim ({ctx.describe(arg)})")
    replacement = bound.get("replacement")
    without = replacement is None or (type(replacement.value) is Bool and replacement.value.value is False)
    if n is not None and without:
        ctx.require(le(n, dims[-1]), "SC107", lambda: (
            f"{ctx.op}: cannot sample n_sample > prob_dist.size(-1) samples without replacement: "
            f"{ctx.show_dim(n)} samples from {ctx.show_dim(dims[-1])} categories ({ctx.describe(arg)})"))
    return Array(Shape(dims[:-1] + (n if n is not None else ctx.fresh("samples"),)), "int64")


def randperm(ctx: OpContext, call: Call) -> Value:
    n = int_arg(call.args[0] if call.args else call.kwargs.get("n"))
    return Array(Shape((n if n is not None else ctx.fresh("n"),)), "int64")


def size_value(ctx: OpContext, call: Call) -> Value:
    """``torch.Size([2, 3])`` is a tuple of ints."""
    if not call.args:
        return Tuple(())
    v = call.args[0].value
    return Tuple(v.items) if type(v) in (Tuple, List) and v.items is not None else UNKNOWN


def new_tensor(ctx: OpContext, call: Call) -> Value:
    """``x.new_tensor(data)``: torch.tensor(data)."""
    return tensor(ctx, Call(call.name, call.args[1:]))


def triangle_indices(ctx: OpContext, call: Call) -> Value:
    """``torch.triu_indices(row, col, offset=0)`` / ``tril_indices``: a (2, N) int64 tensor, one column
    per element of the triangle, N counted row by row for known sizes (a fresh dim otherwise)."""
    b = call.bind(("row", "col", "offset"))
    row, col = int_arg(b.get("row")), int_arg(b.get("col"))
    offset = int_arg(b["offset"]) if "offset" in b else 0
    if not all(type(v) is int for v in (row, col, offset)) or not 0 <= row <= _COUNTED_ROWS:
        return Array(Shape((2, ctx.fresh("n"))), "int64")
    if ctx.op == "triu_indices":   # j >= i + offset
        count = sum(max(0, col - max(0, i + offset)) for i in range(row))
    else:                          # j <= i + offset
        count = sum(max(0, min(col, i + offset + 1)) for i in range(row))
    return Array(Shape((2, count)), "int64")


#: triangle_indices counts the rows of a triangle up to this many (beyond, its length is a fresh dim)
_COUNTED_ROWS = 1 << 16


def sparse_tensor(params: tuple[str, ...]) -> Rule:
    """``sparse_coo_tensor(indices, values, size)`` and the compressed forms: the dense shape is
    ``size`` when given (else inferred from the indices' values, which are data)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        values = as_array(b["values"].value) if "values" in b else None
        dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else (
            values.dtype if values is not None else None)
        dims = shape_arg(ctx, b["size"]) if "size" in b else None
        return Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, dtype)

    return rule


def window(ctx: OpContext, call: Call) -> Value:
    """``hann_window(window_length, periodic=True)`` and its kin: (window_length,), float32 unless dtype."""
    n = int_arg(call.bind(("window_length",)).get("window_length"), ctx)
    dtype = torch_dtype(call.kwargs["dtype"].value) if "dtype" in call.kwargs else "float32"
    return Array(Shape((n if n is not None else ctx.fresh("n"),)), dtype)


def scalar_tensor(ctx: OpContext, call: Call) -> Value:
    """``torch.scalar_tensor(s, *, dtype=None)``: a 0-d tensor, of the default float type."""
    dtype = call.kwargs.get("dtype")
    return Array(Shape(()), torch_dtype(dtype.value) if dtype is not None else "float32")


def new_legacy(ctx: OpContext, call: Call) -> Value:
    """``x.new(*sizes)``, ``x.new(data)``, ``x.new()``: the typed legacy constructor with ``x``'s dtype
    (an empty ``x.new()`` is the buffer fairseq's searches fill with ``out=``)."""
    a = as_array(call.args[0].value) if call.args else None
    return legacy(a.dtype if a is not None else None)(ctx, Call(call.name, call.args[1:], call.kwargs))


def empty_strided(ctx: OpContext, call: Call) -> Value:
    """``empty_strided(size, stride)``: ``empty(size)`` (its strides are no shape)."""
    b = call.bind(("size", "stride"))
    return _EMPTY(ctx, Call(call.name, [b["size"]] if "size" in b else [], {k: v for k, v in call.kwargs.items()
                                                                       if k not in ("size", "stride")}))


def from_file(ctx: OpContext, call: Call) -> Value:
    """``from_file(filename, shared=None, size=0)``: ``size`` items, one dim."""
    b = call.bind(("filename", "shared", "size"))
    size = int_arg(b["size"], ctx) if "size" in b else 0
    return Array(Shape((size if size is not None else ctx.fresh("size"),)), kw_dtype(call, "float32"))


def flatten_dense(ctx: OpContext, call: Call) -> Value:
    """``_flatten_dense_tensors(tensors)``: one 1-D buffer of every tensor's items in turn."""
    held = call.args[0].value if call.args else None
    items = held.items if type(held) in (Tuple, List) else None
    if items is None or not items or not all(type(t) is Array and t.shape.dims is not None for t in items):
        return Array(Shape((ctx.fresh("numel"),)), items[0].dtype if items and type(items[0]) is Array else None)
    total: D.Dim = 0
    for t in items:
        total = D.add(total, D.product(t.shape.dims))
    return Array(Shape((total,)), items[0].dtype)


def unflatten_dense(ctx: OpContext, call: Call) -> Value:
    """``_unflatten_dense_tensors(flat, tensors)``: views of ``flat`` shaped as each of ``tensors``."""
    b = call.bind(("flat", "tensors"))
    flat = bound_array(b, "flat")
    held = b["tensors"].value if "tensors" in b else None
    if type(held) not in (Tuple, List) or held.items is None:
        return List(None, Array(UNKNOWN_SHAPE, flat.dtype if flat is not None else None))
    return Tuple(tuple(Array(t.shape, flat.dtype if flat is not None else t.dtype) if type(t) is Array else UNKNOWN
                       for t in held.items))
