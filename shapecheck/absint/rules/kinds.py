"""Rule *kinds*: the few shapes of shape rule that most ops share, as rule factories.

A rule is a function ``(ctx, call) -> Value``. The table in ``numpy.py`` builds most rules with
these factories (``ufunc(2)``, ``reduction()``, ``sig("(m,m)->(m,m)")``, ``creation()``), so that
adding an op is one line there.
"""

from __future__ import annotations

from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import disj, eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, drop_axes, exposing
from ...constraints.signature import FixedCoreMismatch, MissingCoreDims, parse_signature
from ...constraints.signature import apply_signature as signature_shapes
from ...constraints.signature import apply_signature_unknown_rank
from ..core.context import Arg, Call, OpContext
from ..core.values import flag, COMPLEX, UNKNOWN, complex_number, Array, Bool, Float, Int, List, Tuple, Unknown, Value
from .args import (
    UnknownAxis,
    accumulated,
    as_array,
    axes_arg,
    bound_array,
    dtype_arg,
    given_dtype,
    float_result,
    is_none,
    of_objects,
    promote,
    sized_shape,
    structured_dtype,
    weak_promoted,
)

Rule = Callable[[OpContext, Call], Value]


def _operands(ctx: OpContext, args: list[Arg], elementwise: bool = True) -> list[tuple[Array, Arg]] | None:
    """The arrays of an elementwise or gufunc op. A value of unknown kind is taken for an array of
    unknown rank: the op converts it (``np.asarray``), and array-likes with their own operators
    follow the same shape rule, so the other operands' known dims still decide the result. A
    constructor's parameter beside an array is a number in an elementwise op, as in ``dots *
    self.scale`` (``x.clamp(min=self.eps)``); never in a gufunc, whose core dims a number lacks
    (``torch.matmul(self.scale_tril, x)``: the parameter is a matrix there). Beside 0-d arrays only
    there is no shape to keep: the parameter's decides (statsmodels' ``np.sqrt(weights) * exog``)."""
    out = []
    numbers = elementwise and any(type(arg.value) is Array and arg.value.shape.rank != 0 for arg in args)
    for arg in args:
        v = arg.value
        if type(v) is Unknown:
            a = Array(Shape(()), None) if numbers and v.scalar else v.as_array() or Array(UNKNOWN_SHAPE)
        else:
            a = as_array(v)
        if a is None:
            return None
        out.append((a, arg))
    return out


def broadcast_values(ctx: OpContext, args: list[Arg], code: str = "SC101") -> Shape | None:
    operands = _operands(ctx, args)
    if operands is None:
        return None
    return ctx.broadcast([(a.shape, arg.text) for a, arg in operands], code, unknown_rank=True)


def result_dtype(operands: list[tuple[Array, Arg]], kind: str) -> str | None:
    """The dtype of an elementwise op: the arrays' promoted, Python scalars counting by kind alone."""
    dtype = zero_d = None
    scalars = set()
    tensor = unknown = False
    for a, arg in operands:
        if type(arg.value) in _PYTHON_SCALARS:
            scalars.add(complex if complex_number(arg.value) else type(arg.value))
            continue
        # an array of unknown dtype (a parameter's) may promote any other: the result's is unknown
        # too (bs-roformer: complex masks of unknown dtype over a float32 count were taken for
        # float32, and istft then took their frames for a real trailing 2)
        unknown = unknown or a.dtype is None
        if a.tensor and a.shape.dims == ():
            zero_d = promote(zero_d, a.dtype)
            tensor = True
        else:
            dtype = promote(dtype, a.dtype)
            tensor = tensor or a.tensor
    if kind == "bool":
        return "bool"
    if kind == "int":
        return "int64"
    if unknown:
        return None if kind not in ("float", "float_ufunc") else float_result(None, tensor)
    if zero_d is not None or dtype is None:
        # torch: a 0-d tensor beside dimensioned ones counts only where its kind is higher
        # (float16 + a 0-d float32 is float16; int8 + a 0-d float32 is float32)
        dtype = zero_d if dtype is None or _category(zero_d) > _category(dtype) else dtype
    dtype = weak_promoted(dtype, scalars, tensor)
    if kind in ("float_ufunc", "real_ufunc") and not tensor and dtype in _SMALL_INT_FLOATS:
        return _SMALL_INT_FLOATS[dtype]   # NumPy's loop for exp/sqrt/arctan2: the smallest float holding it
    if kind == "real_ufunc":   # ``angle``: of a complex number, a real one of its precision
        return _COMPLEX_PARTS.get(dtype) or float_result(dtype, tensor)
    if kind == "real_part":   # ``real``, ``imag``, ``abs``: the same dtype, but a complex one's part
        return real_part(dtype)
    if kind in ("float", "float_ufunc"):
        return float_result(dtype, tensor)
    return dtype


_PYTHON_SCALARS = (Int, Float, Bool)
_COMPLEX_PARTS = {"complex64": "float32", "complex128": "float64"}
_SMALL_INT_FLOATS = {"bool": "float16", "int8": "float16", "uint8": "float16", "int16": "float32",
                     "uint16": "float32"}


def real_part(dtype: str | None) -> str | None:
    """The dtype of a part of a number of ``dtype`` (``x.real``): a complex one's float, else itself."""
    return _COMPLEX_PARTS.get(dtype, dtype)


_COMPLEX_OF = {"float16": "complex32", "float32": "complex64", "float64": "complex128"}


def complex_dtype(dtype: str | None) -> str | None:
    """The complex dtype whose parts are ``dtype`` (``torch.view_as_complex``); None where unknown."""
    return _COMPLEX_OF.get(dtype)


def _category(dtype: str | None) -> int:
    if dtype is None:
        return -1
    return 0 if dtype == "bool" else 1 if dtype.startswith(("int", "uint")) else 3 if dtype.startswith("complex") else 2


def ufunc(nin: int, kind: str = "same", params: tuple[str, ...] = ()) -> Rule:
    """An elementwise function of ``nin`` operands that broadcast (NumPy ufuncs, ``where``, ``clip``).

    ``kind`` says the result dtype: "same" (promoted), "float", "float_ufunc" (a float ufunc of NumPy's
    other than division: small ints give float16/float32), "real_ufunc" (one that also makes a complex
    number real), "bool" or "int".
    """
    names = params or tuple(f"x{i}" for i in range(nin))

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(names)
        args = [bound[n] for n in names if n in bound and not is_none(bound[n])]
        if len(args) < min(nin, 1):
            return UNKNOWN
        operands = _operands(ctx, args)
        if operands is None:
            return Array(UNKNOWN_SHAPE)
        shape = ctx.broadcast([(a.shape, arg.text) for a, arg in operands], unknown_rank=True)
        dtype = dtype_arg(bound.get("dtype")) or result_dtype(operands, kind)
        if shape is None:
            return Array(UNKNOWN_SHAPE, dtype)
        if not shape.prefix and not shape.variadic and all(type(arg.value) is not Array for arg in args):
            if kind not in ("bool", "int") and any(complex_number(arg.value) for arg in args):
                return COMPLEX   # ``np.exp(1j * np.pi)``
            if kind == "same" and all(type(arg.value) is Int for arg in args):
                return _integer_scalar(ctx, [arg.value.dim for arg in args])
            return _scalar(kind)
        return Array(shape, dtype)

    return rule


def ufunc_pair(nin: int, first: str, second: str) -> Rule:
    """A ufunc of two outputs (``modf``, ``frexp``, ``divmod``): both of the operands' broadcast shape,
    their dtypes by ``first`` and ``second`` (a kind of :func:`ufunc`, or a dtype name)."""
    one = ufunc(nin, first)

    def rule(ctx: OpContext, call: Call) -> Value:
        a = one(ctx, call)
        if type(a) is Array:
            dtype = a.dtype if a.dtype is None or second == first else second
            return Tuple((a, Array(a.shape, dtype)))
        if type(a) is Float:   # of Python numbers: NumPy scalars
            return Tuple((a, Float() if second == first else Array(Shape(()), second)))
        return UNKNOWN

    return rule


#: Integer ufuncs of Python ints by their value (NumPy gives an integer scalar, a size where one is
#: taken: flax's gemma pads by ``jnp.mod(embed_dim, 2)``)
_INTEGER_SCALARS: dict[str, Callable] = {"add": D.add, "subtract": D.sub, "multiply": D.mul, "maximum": D.dmax,
                                         "minimum": D.dmin, "mod": D.mod, "remainder": D.mod,
                                         "floor_divide": D.floordiv, "negative": D.neg}


def _integer_scalar(ctx: OpContext, values: list) -> Int:
    """A ufunc of ints (``np.mod(n, 2)``): its value where the table knows the op, else an int of its own."""
    op = _INTEGER_SCALARS.get(ctx.op)
    if op is not None:
        try:
            return Int(op(*values))
        except (TypeError, ZeroDivisionError):   # (another arity; NumPy's integer division by 0 gives 0)
            pass
    return Int(ctx.fresh("k"))


def _scalar(kind: str) -> Value:
    return Float() if kind in ("float", "same", "real_part") else Array(Shape(()), "bool" if kind == "bool" else None)


def same_shape(dtype: str | None = None, param: str = "a") -> Rule:
    """Ops that keep the shape of their first argument (``flip``, ``sort``, ``copy``, ``triu``...)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        arg = call.bind((param,)).get(param)
        a = as_array(arg.value) if arg else None
        if a is None:
            return UNKNOWN
        return Array(a.shape, dtype_arg(call.kwargs.get("dtype")) or dtype or a.dtype)

    return rule


def reduction(dtype: str | None = None, params: tuple[str, ...] = ("a", "axis"), single_axis: bool = False,
              zero_d_axis: bool = True) -> Rule:
    """``sum``/``mean``/``max``/... with ``axis`` (int, negative, tuple, None) and ``keepdims``.

    ``zero_d_axis``: whether a 0-d input accepts axis 0/-1 (sum does; mean, std, var, median don't).

    ``dtype``: "float" (mean, std, var), "int" (argmax), "bool" (all, any), None (input's dtype).
    """

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = bound_array(bound, "a")
        if a is None:
            return UNKNOWN
        out_dtype = dtype_arg(bound.get("dtype")) or (
            "int64" if dtype == "int" else "bool" if dtype == "bool" else
            float_result(a.dtype, a.tensor) if dtype == "float" else
            accumulated(a.dtype, a.tensor) if dtype == "accumulate" else a.dtype)
        dims = a.shape.dims
        keep = bound.get("keepdims")
        keepdims = keep is not None and flag(keep.value, False) is True
        if dims is None:
            if is_none(bound.get("axis")) and not keepdims:
                if out_dtype == "object" or (dtype != "int" and of_objects(bound["a"].value, ctx.interp.module.libraries)):
                    return UNKNOWN   # (an index is an index whatever the items are)
                return Array(Shape(()), out_dtype)
            axes = literal_axes(ctx, bound.get("axis"))
            if single_axis and axes is not None and len(axes) > 1:
                ctx.fail("SC107", f"{ctx.op}: axis must be an integer, not a tuple")
            shape = drop_axes(exposing(a.shape, axes, ctx.middle_dim), axes, keepdims) if axes is not None else None
            return Array(shape or UNKNOWN_SHAPE, out_dtype)
        try:
            axes = axes_arg(ctx, bound.get("axis"), len(dims), zero_d_ok=zero_d_axis)
        except UnknownAxis:
            if not keepdims:
                return Array(UNKNOWN_SHAPE, out_dtype)
            return Array(Shape(tuple(_kept_or_one(ctx, d) for d in dims)), out_dtype)
        if single_axis and axes is not None and len(axes) > 1:
            ctx.fail("SC107", f"{ctx.op}: axis must be an integer, not a tuple")
        if axes is None or not dims:
            axes = tuple(range(len(dims)))
        if keepdims:
            out = tuple(1 if i in axes else d for i, d in enumerate(dims))
        else:
            out = tuple(d for i, d in enumerate(dims) if i not in axes)
            if not out and out_dtype == "object":
                # every item reduced into one by the items' own ``+``, ``max``, ...: whatever they
                # are (``np.std`` of an object array of vectors is a vector: pyGSTi's bootstrap)
                return UNKNOWN
        return Array(Shape(out), out_dtype)

    return rule


def _kept_or_one(ctx: OpContext, d: D.Dim) -> D.Dim:
    """A dim of a ``keepdims`` reduction over axes not known: the dim itself or 1 (the rank is
    known), a fresh dim with that fact."""
    if d == 1:
        return 1
    kept = ctx.fresh("kept")
    ctx.assume(disj((eq(kept, d), eq(kept, 1))))
    return kept


def literal_axes(ctx: OpContext, arg: Arg | None) -> tuple[int, ...] | None:
    """``axis=-1`` / ``axis=(0, -1)`` as written, for an array of unknown rank (None: not literal
    ints). The same int twice is a repeated axis at every rank."""
    if arg is None or is_none(arg):
        return None
    v = arg.value
    items = (v,) if type(v) is Int else v.items if type(v) in (Tuple, List) else None
    if items is None or not all(type(i) is Int and type(i.dim) is int for i in items):
        return None
    axes = tuple(i.dim for i in items)
    if len(set(axes)) != len(axes):
        ctx.fail("SC104", f"{ctx.op}: repeated axis in {arg.text or axes}")
    return axes


def scan(params: tuple[str, ...] = ("a", "axis"), flatten_default: bool = True, dtype: str | None = None,
         ravel_0d: bool = True) -> Rule:
    """``cumsum``/``cumprod``/``sort``/``argsort``: same shape along an axis, flattened for axis=None.

    ``ravel_0d``: a 0-d input acts as shape (1,) (cumsum, argsort do; sort raises instead)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = bound_array(bound, "a")
        if a is None:
            return UNKNOWN
        out_dtype = dtype_arg(bound.get("dtype")) or (
            "int64" if dtype == "int" else accumulated(a.dtype, a.tensor) if dtype == "accumulate" else a.dtype)
        dims = a.shape.dims
        axis = bound.get("axis")
        if (axis is None and flatten_default) or (axis is not None and is_none(axis)):
            if dims is None:
                return Array(Shape((ctx.fresh("size"),)), out_dtype)
            return Array(Shape((D.product(dims),)), out_dtype)
        if dims is None:
            return Array(a.shape, out_dtype)  # the same shape along any axis that exists
        if not dims and ravel_0d:
            dims = (1,)
        if axis is not None:
            try:
                axes_arg(ctx, axis, len(dims))
            except UnknownAxis:
                pass
        elif not dims:
            ctx.fail("SC104", f"{ctx.op}: axis -1 is out of bounds for array of dimension 0")
        return Array(Shape(dims), out_dtype)

    return rule


def creation(dtype: str | None = "float64", shape_param: str = "shape",
             params: tuple[str, ...] = ("shape", "dtype")) -> Rule:
    """``zeros(shape)``, ``full(shape, v)``, ``random.rand(*dims)``: the shape is an argument."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        _no_number_dtype(ctx, bound.get("dtype"), bound.get(shape_param))
        out_dtype = given_dtype(bound.get("dtype"), dtype)
        if structured_dtype(bound.get("dtype")):
            return Array(UNKNOWN_SHAPE, None)
        arg = bound.get(shape_param)
        if arg is None or is_none(arg):
            return Array(Shape(()), out_dtype) if shape_param == "size" else Array(UNKNOWN_SHAPE, out_dtype)
        return Array(sized_shape(ctx, arg), out_dtype)

    return rule


def _no_number_dtype(ctx: OpContext, given: Arg | None, shape: Arg | None) -> None:
    """``np.zeros(n, m)``: the second argument is the dtype, and NumPy raises ``TypeError: Cannot
    interpret 'm' as a data type``; the shape of several dims was meant as one tuple (shap 0.51's
    ``np.zeros(X.shape[0] + 1, n_outputs)``, then indexed as 2-d). A number known to be one only (an
    object's field taken for an int, ``Int.presumed``, may be a dtype)."""
    if given is None or type(given.value) not in (Int, Float) or given.value.presumed:
        return
    message = f"{ctx.op}: cannot interpret {given.text or 'a number'} as a data type (NumPy raises TypeError)"
    if shape is not None and type(shape.value) is Int and shape.text and given.text:
        message += f"; a shape of several dims is one tuple: {ctx.op}(({shape.text}, {given.text}))"
    ctx.fail("SC107", message)


def sized_random(params: tuple[str, ...], dtype: str = "float64") -> Rule:
    """``normal(loc, scale, size)``: the shape is ``size``, else the broadcast of the parameters."""
    value_params = tuple(p for p in params if p != "size")

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        size = bound.get("size")
        out_dtype = dtype_arg(bound.get("dtype")) or dtype
        if size is not None and not is_none(size):
            return Array(sized_shape(ctx, size), out_dtype)
        args = [bound[p] for p in value_params if p in bound and not is_none(bound[p])]
        if any(type(a.value) is Array for a in args):
            shape = broadcast_values(ctx, args)
            return Array(shape or UNKNOWN_SHAPE, out_dtype)
        return Int(ctx.fresh("r")) if out_dtype == "int64" else Float()

    return rule


def like(dtype: str | None = None, params: tuple[str, ...] = ("a", "dtype")) -> Rule:
    """``zeros_like(a)``, ``full_like(a, v)``: the shape of ``a`` (or the ``shape=`` override)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        a = bound_array(bound, "a")
        out_dtype = dtype_arg(bound.get("dtype")) or dtype or (a.dtype if a else None)
        if "shape" in call.kwargs:
            return Array(sized_shape(ctx, call.kwargs["shape"]), out_dtype)
        if a is None:
            return UNKNOWN
        return Array(a.shape, out_dtype)

    return rule


def sig(signature: str, dtype: str | None = None, code: str = "SC102", params: tuple[str, ...] = ()) -> Rule:
    """A generalised ufunc: core dims named by ``signature`` must agree, loop dims broadcast."""
    parsed = parse_signature(signature)
    nin = len(parsed.inputs)
    names = params or tuple(f"x{i}" for i in range(nin))

    def rule(ctx: OpContext, call: Call) -> Value:
        if "axes" in call.kwargs or "axis" in call.kwargs:
            return UNKNOWN  # core dims moved to other axes: not modelled (never an error)
        bound = call.bind(names)
        args = [bound.get(n) for n in names[:nin]]
        if any(a is None for a in args):
            return UNKNOWN
        operands = _operands(ctx, args, elementwise=False)
        if operands is None:
            return UNKNOWN
        out_dtype = dtype if dtype not in (None, "float") else (
            result_dtype(operands, "float") if dtype == "float" else result_dtype(operands, "same"))
        results = apply_signature(ctx, parsed, operands, code)
        if results is None:
            return Array(UNKNOWN_SHAPE, out_dtype) if len(parsed.outputs) == 1 else UNKNOWN
        arrays = [Array(s, out_dtype) for s in results]
        return arrays[0] if len(arrays) == 1 else Tuple(tuple(arrays))

    return rule


def apply_signature(ctx: OpContext, parsed, operands: list[tuple[Array, Arg]], code: str) -> list[Shape] | None:
    args = [arg for _, arg in operands]

    def require(pred, why) -> None:
        if type(why) is MissingCoreDims:
            ctx.require(pred, "SC107", lambda: (
                f"{ctx.op}: input operand {why.operand} does not have enough dimensions "
                f"({ctx.describe(args[why.operand])}; the signature {parsed.text} needs {why.required})"))
        elif type(why) is FixedCoreMismatch:
            ctx.require(pred, code, lambda: (f"{ctx.op}: {ctx.describe(args[why.operand])}: core dimension "
                                             f"{ctx.show_dim(why.dim)} must be {why.size}"))
        elif why.first_operand == why.operand:   # one operand's two core dims (``(m,m)->(m,m)``: square)
            ctx.require(pred, code, lambda: (
                f"{ctx.op}: {ctx.describe(args[why.operand])}, but the signature {parsed.text} needs its core "
                f"dimensions named {why.name} equal: {ctx.show_dim(why.first)} != {ctx.show_dim(why.dim)}"))
        else:
            ctx.require(pred, code, lambda: (
                f"{ctx.op}: {ctx.describe(args[why.first_operand])} but {ctx.describe(args[why.operand])}: "
                f"{ctx.show_dim(why.first)} != {ctx.show_dim(why.dim)}"))

    def broadcast(loops):
        shape = ctx.broadcast([(Shape(dims), arg.text) for dims, arg in zip(loops, args)], "SC101")
        return None if shape is None else shape.prefix

    if any(a.shape.variadic for a, _ in operands):
        def broadcast_loops(loops: list[Shape]) -> Shape | None:
            return ctx.broadcast([(s, arg.text) for s, arg in zip(loops, args)], "SC101", unknown_rank=True)

        return apply_signature_unknown_rank(parsed, [a.shape for a, _ in operands], require=require,
                                            broadcast=broadcast_loops, fresh=ctx.fresh)
    outs = signature_shapes(parsed, [a.shape.dims for a, _ in operands], require=require, broadcast=broadcast,
                            fresh=ctx.fresh)
    return None if outs is None else [Shape(dims) for dims in outs]


def scalar_of(dtype: str = "float64") -> Rule:
    """Functions returning a 0-d result whatever the input (``det`` of one matrix, ``trace`` of 2-D)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        return Array(Shape(()), dtype)

    return rule


def unknown_length(dtype: str | None = None, param: str = "a") -> Rule:
    """Value-dependent 1-D results (``unique``, ``flatnonzero``): length unknown, rank 1."""

    def rule(ctx: OpContext, call: Call) -> Value:
        return Array(Shape((ctx.fresh("k"),)), dtype)

    return rule


def from_items(params: tuple[str, ...]) -> Rule:
    """``fromiter(items, dtype, count)``, ``frombuffer(buffer, dtype, count)``: 1-D, of ``count`` items
    where it is given; a dtype not known to be a plain one may be a sub-array dtype, whose items
    are arrays (qutip's ``np.fromiter(product(...), np.dtype((float, (n,))))`` is ``(k, n)``)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(params)
        given = bound.get("dtype")
        dtype = given_dtype(given, "float64")
        if dtype is None or structured_dtype(given):
            return Array(UNKNOWN_SHAPE, None)
        count = bound.get("count")
        length = count.value.dim if count is not None and type(count.value) is Int else None
        if type(length) is not int or length < 0:   # (a symbol may be -1, "read them all")
            length = ctx.fresh("k")
        return Array(Shape((length,)), dtype)

    return rule


def renamed(rule: Rule, params: tuple[str, ...], names: tuple[str, ...]) -> Rule:
    """``rule`` (NumPy's, its parameters ``names``) for a function whose parameters are ``params``:
    each argument passed on by keyword under its NumPy name, the first positionally."""
    def adapted(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        first = b.pop(params[0], None)
        if first is None:
            return UNKNOWN
        mapping = dict(zip(params, names))
        return rule(ctx, Call(call.name, [first], {mapping.get(k, k): a for k, a in b.items()}))
    return adapted
