"""NumPy's shape rules: one table, read top to bottom. Adding an op is usually adding a line.

Names are fully qualified as the interpreter resolves them (``np.linalg.inv`` -> ``numpy.linalg.inv``;
``jax.numpy`` resolves to ``numpy``). Array methods map to the function they mirror (``x.sum(1)`` is
``numpy.sum(x, 1)``). Sources: the NumPy reference for each function; gufunc signatures are NumPy's
own where it has one (``matmul``: ``(n?,k),(k,m?)->(n?,m?)``).
"""

from __future__ import annotations

from ..core.context import Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Float, LibraryObject, Tuple, Value
from . import contraction as C
from . import creation as K
from . import manipulation as M
from .kinds import (Rule, creation, like, reduction, same_shape, scan, sig, sized_random, ufunc,
                    unknown_length)

_UNARY_FLOAT = """exp exp2 expm1 log log2 log10 log1p sqrt cbrt sin cos tan arcsin arccos arctan sinh cosh tanh
arcsinh arccosh arctanh deg2rad rad2deg degrees radians sinc i0 reciprocal""".split()
_UNARY_SAME = """negative positive absolute abs fabs sign floor ceil trunc rint fix square conj conjugate
real imag round around nan_to_num invert bitwise_not spacing""".split()
_UNARY_BOOL = "isnan isinf isfinite isposinf isneginf logical_not signbit iscomplex isreal".split()
_BINARY_SAME = """add subtract multiply floor_divide power float_power mod remainder fmod maximum minimum
fmax fmin bitwise_and bitwise_or bitwise_xor left_shift right_shift gcd lcm copysign nextafter heaviside
ldexp""".split()
_BINARY_FLOAT = "divide true_divide arctan2 hypot logaddexp logaddexp2".split()
_BINARY_BOOL = """equal not_equal less less_equal greater greater_equal logical_and logical_or logical_xor
isclose""".split()
_REDUCE_SAME = "sum prod max min amax amin nansum nanprod nanmax nanmin ptp".split()
_REDUCE_FLOAT = "nanmean nanstd nanvar".split()
_REDUCE_FLOAT_STRICT = "mean std var median nanmedian".split()   # AxisError for axis=0 on 0-d

NUMPY: dict[str, Rule] = {}
NUMPY.update({f"numpy.{n}": ufunc(1, "float") for n in _UNARY_FLOAT})
NUMPY.update({f"numpy.{n}": ufunc(1) for n in _UNARY_SAME})
NUMPY.update({f"numpy.{n}": ufunc(1, "bool") for n in _UNARY_BOOL})
NUMPY.update({f"numpy.{n}": ufunc(2) for n in _BINARY_SAME})
NUMPY.update({f"numpy.{n}": ufunc(2, "float") for n in _BINARY_FLOAT})
NUMPY.update({f"numpy.{n}": ufunc(2, "bool") for n in _BINARY_BOOL})
NUMPY.update({f"numpy.{n}": reduction() for n in _REDUCE_SAME})
NUMPY.update({f"numpy.{n}": reduction("float") for n in _REDUCE_FLOAT})
NUMPY.update({f"numpy.{n}": reduction("float", zero_d_axis=False) for n in _REDUCE_FLOAT_STRICT})
NUMPY.update({
    # elementwise with named parameters
    "numpy.where": lambda ctx, call: _where(ctx, call),
    "numpy.clip": ufunc(3, params=("a", "a_min", "a_max")),
    "numpy.allclose": lambda ctx, call: (ufunc(2, "bool")(ctx, call), _bool())[1],
    "numpy.array_equal": lambda ctx, call: _bool(),
    # creation
    "numpy.zeros": creation(), "numpy.ones": creation(), "numpy.empty": creation(),
    "numpy.full": creation(None, params=("shape", "fill_value", "dtype")),
    "numpy.zeros_like": like(), "numpy.ones_like": like(), "numpy.empty_like": like(),
    "numpy.full_like": like(params=("a", "fill_value", "dtype")),
    "numpy.array": K.array, "numpy.asarray": K.array, "numpy.asanyarray": K.array,
    "numpy.ascontiguousarray": K.array, "numpy.asfortranarray": K.array, "numpy.copy": K.array,
    "numpy.arange": K.arange, "numpy.linspace": K.linspace, "numpy.logspace": K.logspace,
    "numpy.geomspace": K.logspace, "numpy.eye": K.eye, "numpy.identity": K.identity, "numpy.diag": K.diag,
    "numpy.tri": K.eye,
    # random (legacy functions and Generator methods)
    "numpy.random.rand": creation(shape_param="shape", params=("*shape",)),
    "numpy.random.randn": creation(shape_param="shape", params=("*shape",)),
    "numpy.random.random": creation(shape_param="size", params=("size",)),
    "numpy.random.random_sample": creation(shape_param="size", params=("size",)),
    "numpy.random.sample": creation(shape_param="size", params=("size",)),
    "numpy.random.ranf": creation(shape_param="size", params=("size",)),
    "numpy.random.standard_normal": creation(shape_param="size", params=("size",)),
    "numpy.random.normal": sized_random(("loc", "scale", "size")),
    "numpy.random.uniform": sized_random(("low", "high", "size")),
    "numpy.random.randint": sized_random(("low", "high", "size", "dtype"), "int64"),
    "numpy.random.binomial": sized_random(("n", "p", "size"), "int64"),
    "numpy.random.poisson": sized_random(("lam", "size"), "int64"),
    "numpy.random.exponential": sized_random(("scale", "size")),
    "numpy.random.beta": sized_random(("a", "b", "size")),
    "numpy.random.gamma": sized_random(("shape", "scale", "size")),
    "numpy.random.choice": sized_random(("a", "size", "replace", "p"), "int64"),
    "numpy.random.permutation": lambda ctx, call: _permutation(ctx, call),
    "numpy.random.default_rng": lambda ctx, call: LibraryObject("numpy.random.Generator"),
    "numpy.random.RandomState": lambda ctx, call: LibraryObject("numpy.random"),
    "numpy.random.Generator.random": creation(shape_param="size", params=("size", "dtype")),
    "numpy.random.Generator.standard_normal": creation(shape_param="size", params=("size", "dtype")),
    "numpy.random.Generator.normal": sized_random(("loc", "scale", "size")),
    "numpy.random.Generator.uniform": sized_random(("low", "high", "size")),
    "numpy.random.Generator.integers": sized_random(("low", "high", "size", "dtype"), "int64"),
    "numpy.random.Generator.choice": sized_random(("a", "size", "replace", "p"), "int64"),
    "numpy.random.Generator.exponential": sized_random(("scale", "size")),
    "numpy.random.Generator.permutation": lambda ctx, call: _permutation(ctx, call),
    # contractions
    "numpy.matmul": sig("(n?,k),(k,m?)->(n?,m?)"),
    "numpy.dot": C.dot, "numpy.inner": C.inner, "numpy.outer": C.outer, "numpy.vdot": C.vdot,
    "numpy.tensordot": C.tensordot, "numpy.einsum": C.einsum, "numpy.kron": C.kron,
    "numpy.cross": C.cross,
    "numpy.vecdot": sig("(n),(n)->()"),
    # linear algebra
    "numpy.linalg.inv": sig("(m,m)->(m,m)", "float", "SC107"),
    "numpy.linalg.pinv": sig("(m,n)->(n,m)", "float", "SC107"),
    "numpy.linalg.det": sig("(m,m)->()", "float", "SC107"),
    "numpy.linalg.cholesky": sig("(m,m)->(m,m)", "float", "SC107"),
    "numpy.linalg.matrix_rank": lambda ctx, call: _matrix_rank(ctx, call),
    "numpy.linalg.solve": C.solve, "numpy.linalg.lstsq": C.lstsq, "numpy.linalg.norm": C.norm,
    "numpy.linalg.svd": C.svd, "numpy.linalg.qr": C.qr, "numpy.linalg.eigh": C.eigh, "numpy.linalg.eig": C.eigh,
    "numpy.linalg.eigvals": C.eigvals, "numpy.linalg.eigvalsh": C.eigvals, "numpy.linalg.slogdet": C.slogdet,
    "numpy.linalg.matrix_power": C.matrix_power, "numpy.linalg.multi_dot": lambda ctx, call: _multi_dot(ctx, call),
    "numpy.linalg.matmul": sig("(n?,k),(k,m?)->(n?,m?)"),
    "numpy.trace": M.trace, "numpy.cov": C.cov, "numpy.corrcoef": C.cov,
    # reductions and scans
    "numpy.argmax": reduction("int", single_axis=True), "numpy.argmin": reduction("int", single_axis=True),
    "numpy.nanargmax": reduction("int", single_axis=True), "numpy.nanargmin": reduction("int", single_axis=True),
    "numpy.all": reduction("bool"), "numpy.any": reduction("bool"),
    "numpy.count_nonzero": reduction("int"),
    "numpy.cumsum": scan(), "numpy.cumprod": scan(), "numpy.nancumsum": scan(), "numpy.nancumprod": scan(),
    "numpy.sort": scan(flatten_default=False, ravel_0d=False), "numpy.argsort": scan(flatten_default=False, dtype="int"),
    "numpy.diff": M.diff,
    # reshaping and axes
    "numpy.reshape": M.reshape, "numpy.ravel": M.ravel, "numpy.transpose": M.transpose,
    "numpy.swapaxes": M.swapaxes, "numpy.moveaxis": M.moveaxis, "numpy.expand_dims": M.expand_dims,
    "numpy.squeeze": M.squeeze, "numpy.broadcast_to": M.broadcast_to, "numpy.broadcast_arrays": M.broadcast_arrays,
    "numpy.broadcast_shapes": M.broadcast_shapes, "numpy.atleast_1d": M.atleast(1),
    "numpy.atleast_2d": M.atleast(2), "numpy.atleast_3d": M.atleast(3),
    "numpy.matrix_transpose": lambda ctx, call: _matrix_transpose(ctx, call),
    # joining and splitting
    "numpy.concatenate": M.concatenate, "numpy.concat": M.concatenate, "numpy.stack": M.stack,
    "numpy.vstack": M.vstack, "numpy.row_stack": M.vstack, "numpy.hstack": M.hstack, "numpy.dstack": M.dstack,
    "numpy.column_stack": M.column_stack, "numpy.append": M.append,
    "numpy.split": M.split, "numpy.array_split": M.array_split, "numpy.hsplit": M.hsplit, "numpy.vsplit": M.vsplit,
    # tiling, padding, rearranging
    "numpy.tile": M.tile, "numpy.repeat": M.repeat, "numpy.pad": M.pad,
    "numpy.flip": M.flip_axis, "numpy.roll": M.flip_axis, "numpy.fliplr": same_shape(param="m"),
    "numpy.flipud": same_shape(param="m"), "numpy.rot90": M.rot90,
    "numpy.triu": same_shape(param="m"), "numpy.tril": same_shape(param="m"),
    "numpy.meshgrid": M.meshgrid, "numpy.diagonal": M.diagonal, "numpy.take": M.take,
    "numpy.convolve": M.convolve, "numpy.correlate": M.convolve,
    "numpy.interp": same_shape("float64", param="x"),
    "numpy.searchsorted": lambda ctx, call: _searchsorted(ctx, call),
    # value-dependent lengths
    "numpy.unique": lambda ctx, call: _unique(ctx, call),
    "numpy.average": lambda ctx, call: _average(ctx, call),
    "numpy.percentile": lambda ctx, call: _quantile(ctx, call), "numpy.quantile": lambda ctx, call: _quantile(ctx, call),
    "numpy.nanpercentile": lambda ctx, call: _quantile(ctx, call),
    "numpy.nanquantile": lambda ctx, call: _quantile(ctx, call), "numpy.flatnonzero": unknown_length("int64"),
    "numpy.nonzero": lambda ctx, call: _nonzero(ctx, call), "numpy.argwhere": lambda ctx, call: _argwhere(ctx, call),
    "numpy.shape": lambda ctx, call: _shape_of(ctx, call),
    "numpy.size": lambda ctx, call: _size_of(ctx, call), "numpy.ndim": lambda ctx, call: _ndim_of(ctx, call),
    # more value-dependent and bookkeeping functions
    "numpy.bincount": unknown_length("int64"), "numpy.setdiff1d": unknown_length(),
    "numpy.intersect1d": unknown_length(), "numpy.union1d": unknown_length(), "numpy.setxor1d": unknown_length(),
    "numpy.frombuffer": unknown_length(), "numpy.fromiter": unknown_length(),
    "numpy.isin": same_shape("bool", param="element"),
    "numpy.argpartition": scan(("a", "kth", "axis"), flatten_default=False, dtype="int"),
    "numpy.partition": scan(("a", "kth", "axis"), flatten_default=False),
    "numpy.resize": lambda ctx, call: _resize(ctx, call),
    "numpy.unravel_index": lambda ctx, call: _unravel_index(ctx, call),
    "numpy.triu_indices": lambda ctx, call: _index_pair(ctx, call),
    "numpy.tril_indices": lambda ctx, call: _index_pair(ctx, call),
    "numpy.random.multivariate_normal": lambda ctx, call: _multivariate_normal(ctx, call),
    "numpy.random.Generator.multivariate_normal": lambda ctx, call: _multivariate_normal(ctx, call),
    "numpy.random.lognormal": sized_random(("mean", "sigma", "size")),
    "numpy.random.laplace": sized_random(("loc", "scale", "size")),
    "numpy.random.standard_t": sized_random(("df", "size")),
    "numpy.random.chisquare": sized_random(("df", "size")),
    "numpy.random.shuffle": lambda ctx, call: NONE, "numpy.random.seed": lambda ctx, call: NONE,
    "numpy.random.Generator.shuffle": lambda ctx, call: NONE,
    "numpy.fill_diagonal": lambda ctx, call: NONE, "numpy.copyto": lambda ctx, call: _copyto(ctx, call),
    "numpy.isscalar": lambda ctx, call: _bool(), "numpy.iterable": lambda ctx, call: _bool(),
    "numpy.array_equiv": lambda ctx, call: _bool(), "numpy.shares_memory": lambda ctx, call: _bool(),
    "numpy.may_share_memory": lambda ctx, call: _bool(), "numpy.issubdtype": lambda ctx, call: _bool(),
    "numpy.can_cast": lambda ctx, call: _bool(),
})
# numpy.testing's assertions return None (their failures are test failures, not shape crashes)
NUMPY.update({f"numpy.testing.{n}": (lambda ctx, call: NONE) for n in (
    "assert_allclose assert_array_equal assert_array_almost_equal assert_equal assert_almost_equal "
    "assert_array_less assert_raises assert_warns assert_array_max_ulp assert_array_almost_equal_nulp "
    "assert_approx_equal assert_string_equal").split()})


def _shape(dims):
    from ...constraints.shapes import Shape

    return Shape(tuple(dims))


def _bool() -> Value:
    from ..core.values import Bool

    return Bool()


_WHERE3 = ufunc(3, params=("condition", "x", "y"))


def _where(ctx: OpContext, call: Call) -> Value:
    """``where(c, x, y)`` broadcasts; ``where(c)`` is ``nonzero(c)``: a tuple of index arrays."""
    if len(call.args) == 1 and not call.kwargs:
        return _nonzero(ctx, call)
    return _WHERE3(ctx, call)


def _unique(ctx: OpContext, call: Call) -> Value:
    """``unique``: values of data-dependent length; the ``return_*`` flags add results (in order)."""
    k = ctx.fresh("k")
    values = Array(_shape((k,)))
    extra = []
    for flag in ("return_index", "return_inverse", "return_counts"):
        arg = call.kwargs.get(flag)
        if arg is not None and getattr(arg.value, "value", None) is not False:
            if getattr(arg.value, "value", None) is not True:
                return UNKNOWN
            extra.append(Array(_shape((k,)), "int64") if flag != "return_inverse" else Array(_unknown(), "int64"))
    if "axis" in call.kwargs:
        return UNKNOWN
    return Tuple((values, *extra)) if extra else values


_AVERAGE = reduction("float", params=("a", "axis", "weights", "returned"), zero_d_axis=False)


def _average(ctx: OpContext, call: Call) -> Value:
    result = _AVERAGE(ctx, call)
    returned = call.bind(("a", "axis", "weights", "returned")).get("returned")
    if returned is None or getattr(returned.value, "value", None) is False:
        return result
    if getattr(returned.value, "value", None) is True and type(result) is Array:
        return Tuple((result, Array(result.shape, result.dtype)))
    return UNKNOWN


_QUANTILE = reduction("float", params=("a", "q", "axis"))


def _quantile(ctx: OpContext, call: Call) -> Value:
    from .args import as_array

    result = _QUANTILE(ctx, call)
    q = call.bind(("a", "q")).get("q")
    qa = as_array(q.value) if q is not None else None
    if type(result) is not Array or qa is None or qa.shape.dims is None or result.shape.dims is None:
        return Array(_unknown(), "float64") if type(result) is Array else result
    return Array(_shape(qa.shape.dims + result.shape.dims), result.dtype)


def _unknown():
    from ...constraints.shapes import UNKNOWN_SHAPE

    return UNKNOWN_SHAPE


def _permutation(ctx: OpContext, call: Call) -> Value:
    from ..core.values import Int
    from .args import as_array

    if not call.args:
        return UNKNOWN
    v = call.args[0].value
    if type(v) is Int:
        return Array(_shape((v.dim,)), "int64")
    a = as_array(v)
    return a if a is not None else UNKNOWN


def _multi_dot(ctx: OpContext, call: Call) -> Value:
    from .manipulation import _sequence
    from ..core.context import Arg

    arrays = _sequence(call.args[0]) if call.args else None
    if not arrays:
        return UNKNOWN
    rule = NUMPY["numpy.dot"]
    result = arrays[0][0]
    for a, _ in arrays[1:]:
        result = rule(ctx, Call("dot", [Arg(result), Arg(a)]))
        if type(result) is not Array:
            return UNKNOWN
    return result


def _matrix_transpose(ctx: OpContext, call: Call) -> Value:
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return UNKNOWN if a is None else a
    dims = a.shape.dims
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: input array must be at least 2-dimensional")
    return Array(_shape(dims[:-2] + (dims[-1], dims[-2])), a.dtype)


def _searchsorted(ctx: OpContext, call: Call) -> Value:
    from .args import as_array

    bound = call.bind(("a", "v"))
    v = as_array(bound["v"].value) if "v" in bound else None
    if v is None:
        return UNKNOWN
    return Array(v.shape, "int64")


def _matrix_rank(ctx: OpContext, call: Call) -> Value:
    """``matrix_rank``: one rank per matrix of a stack; 0-d and 1-d inputs are allowed (rank 0/1)."""
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return Array(_unknown(), "int64")
    dims = a.shape.dims
    return Array(_shape(dims[:-2] if len(dims) >= 2 else ()), "int64")


def _size_of(ctx: OpContext, call: Call) -> Value:
    from ..core.values import Int
    from .args import as_array
    from ...constraints import dims as D

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None or len(call.args) > 1 or call.kwargs:
        return UNKNOWN
    return Int(D.product(a.shape.dims))


def _ndim_of(ctx: OpContext, call: Call) -> Value:
    from ..core.values import Int
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    return Int(a.shape.rank)


def _resize(ctx: OpContext, call: Call) -> Value:
    """``resize(a, new_shape)`` repeats or truncates: any size fits."""
    from .args import as_array, shape_arg

    bound = call.bind(("a", "new_shape"))
    a = as_array(bound["a"].value) if "a" in bound else None
    dims = shape_arg(ctx, bound.get("new_shape"))
    if a is None:
        return UNKNOWN
    return Array(_shape(dims) if dims is not None else _unknown(), a.dtype)


def _unravel_index(ctx: OpContext, call: Call) -> Value:
    from .args import as_array, shape_arg

    bound = call.bind(("indices", "shape"))
    idx = as_array(bound["indices"].value) if "indices" in bound else None
    dims = shape_arg(ctx, bound.get("shape"))
    if idx is None or dims is None:
        return UNKNOWN
    return Tuple(tuple(Array(idx.shape, "int64") for _ in dims))


def _index_pair(ctx: OpContext, call: Call) -> Value:
    k = ctx.fresh("k")
    return Tuple((Array(_shape((k,)), "int64"), Array(_shape((k,)), "int64")))


def _multivariate_normal(ctx: OpContext, call: Call) -> Value:
    from .args import as_array, is_none, shape_arg

    bound = call.bind(("mean", "cov", "size"))
    mean = as_array(bound["mean"].value) if "mean" in bound else None
    if mean is None or mean.shape.dims is None or len(mean.shape.dims) != 1:
        return UNKNOWN
    size = bound.get("size")
    dims = () if size is None or is_none(size) else shape_arg(ctx, size)
    if dims is None:
        return UNKNOWN
    return Array(_shape(tuple(dims) + mean.shape.dims), "float64")


def _copyto(ctx: OpContext, call: Call) -> Value:
    """``copyto(dst, src)``: src must broadcast into dst, as an assignment."""
    from .args import as_array

    bound = call.bind(("dst", "src"))
    dst = as_array(bound["dst"].value) if "dst" in bound else None
    src = as_array(bound["src"].value) if "src" in bound else None
    if dst is not None and src is not None and dst.shape.rank is not None and src.shape.rank is not None:
        ctx.broadcast([(dst.shape, bound["dst"].text), (src.shape, bound["src"].text)])
    return NONE


def _nonzero(ctx: OpContext, call: Call) -> Value:
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    k = ctx.fresh("k")
    return Tuple(tuple(Array(_shape((k,)), "int64") for _ in range(max(a.shape.rank, 1))))


def _argwhere(ctx: OpContext, call: Call) -> Value:
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.rank is None:
        return UNKNOWN
    return Array(_shape((ctx.fresh("k"), a.shape.rank)), "int64")


def _shape_of(ctx: OpContext, call: Call) -> Value:
    from ..core.values import Int
    from .args import as_array

    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return UNKNOWN
    return Tuple(tuple(Int(d) for d in a.shape.dims))


#: Module-level values that are not functions: ``np.newaxis`` is None for indexing, constants are floats.
CONSTANTS: dict[str, Value] = {
    "numpy.newaxis": NONE, "numpy.pi": Float(3.141592653589793), "numpy.e": Float(2.718281828459045),
    "numpy.inf": Float(float("inf")), "numpy.nan": Float(float("nan")), "numpy.euler_gamma": Float(0.5772156649),
    "numpy.NINF": Float(float("-inf")), "numpy.PINF": Float(float("inf")), "numpy.NaN": Float(float("nan")),
    "numpy.Inf": Float(float("inf")),
}


# x.method(...) -> the rule of numpy.<name>(x, ...)
ARRAY_METHODS: dict[str, str] = {name: f"numpy.{name}" for name in (
    _REDUCE_SAME + ["mean", "std", "var", "argmax", "argmin", "all", "any", "cumsum", "cumprod", "argsort",
                    "reshape", "ravel", "transpose", "swapaxes", "squeeze", "clip", "dot", "round", "repeat",
                    "take", "diagonal", "trace", "nonzero", "conj", "conjugate", "argpartition",
                    "searchsorted"])
}
ARRAY_METHODS.update({"flatten": "numpy.ravel", "copy": "numpy.copy"})


def _sort_in_place(ctx: OpContext, call: Call) -> Value:
    NUMPY["numpy.sort"](ctx, call)   # still checks the axis
    return NONE


def _astype(ctx: OpContext, call: Call) -> Value:
    from .args import as_array, dtype_arg

    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return UNKNOWN
    bound = call.bind(("a", "dtype"))
    return Array(a.shape, dtype_arg(bound.get("dtype")))


def _view(ctx: OpContext, call: Call) -> Value:
    """``x.view()`` keeps the shape; ``x.view(dtype)`` may change the last axis (itemsize ratio)."""
    a = call.args[0].value if call.args else None
    if type(a) is not Array:
        return UNKNOWN
    if len(call.args) > 1 or "dtype" in call.kwargs or "type" in call.kwargs:
        return Array(_unknown(), None)
    return a


def _item(ctx: OpContext, call: Call) -> Value:
    return Float()


ARRAY_METHOD_RULES: dict[str, Rule] = {
    "sort": _sort_in_place, "astype": _astype, "item": _item, "fill": lambda ctx, call: NONE,
    "view": lambda ctx, call: _view(ctx, call), "partition": lambda ctx, call: NONE,
    "resize": lambda ctx, call: NONE, "tolist": lambda ctx, call: UNKNOWN,
}
