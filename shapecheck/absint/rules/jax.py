"""JAX's own functions beyond ``jax.numpy`` (which resolves to NumPy's table): ``jax.random`` and
``jax.nn.initializers``, ``jax.lax``'s elementwise functions and ``stop_gradient``, ``jax.scipy``'s
special functions, linear algebra and normal distribution, as one table.
Flax's layers and ``jax.nn`` are :mod:`.flax`; sharding is :mod:`.spmd_jax`.

Sources: the JAX reference (jax.random, jax.nn.initializers, jax.lax, jax.scipy.special,
jax.scipy.linalg, jax.scipy.stats.norm pages).
"""

from __future__ import annotations

from ...constraints.shapes import Shape
from ..core.context import Call, OpContext
from ..core.values import UNKNOWN, Array, Bool, Value
from ...constraints import dims as D
from ...constraints.shapes import UNKNOWN_SHAPE
from .args import bound_array, dtype_arg, int_arg, is_none
from . import jax_scipy as JS
from .contraction import MATRIX_FUNCTION
from .jax_random import INITIALIZERS, RANDOM
from .kinds import Rule, creation, reduction, renamed, same_shape, ufunc
from .nn_functional import glu
from .numpy import NUMPY

#: jax.lax's one-operand elementwise functions (its two-operand ones do not broadcast: not here).
_LAX_UNARY = """abs exp exp2 log log1p expm1 tanh logistic sqrt rsqrt cbrt square sin cos tan asin acos atan
sinh cosh asinh acosh atanh neg sign floor ceil round erf erfc erf_inv lgamma digamma real imag conj""".split()
_SPECIAL_UNARY = "gammaln digamma erf erfc erfinv expit logit ndtr ndtri log_ndtr entr i0 i0e i1 i1e".split()
_SPECIAL_BINARY = "xlogy xlog1py betaln gammainc gammaincc zeta polygamma".split()

_LOGSUMEXP = reduction("float", params=("a", "axis", "b", "keepdims"))


def logsumexp(ctx: OpContext, call: Call) -> Value:
    """``logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False)``: a reduction (a pair
    of arrays with ``return_sign``)."""
    sign = call.kwargs.get("return_sign")
    if sign is not None and not (type(sign.value) is Bool and sign.value.value is False):
        return UNKNOWN
    return _LOGSUMEXP(ctx, call)


def dot_product_attention(ctx: OpContext, call: Call) -> Value:
    """``jax.nn.dot_product_attention(query, key, value, ...)``: ``(..., T, N, H)`` queries attend over
    ``(..., S, K, H)`` keys and values: the query's shape with the value's head size."""
    b = call.bind(("query", "key", "value"))
    q, v = bound_array(b, "query"), bound_array(b, "value")
    if q is None or v is None or q.shape.dims is None or v.shape.dims is None or not v.shape.dims:
        return UNKNOWN
    return Array(Shape(q.shape.dims[:-1] + v.shape.dims[-1:]), q.dtype)


def convert_element_type(ctx: OpContext, call: Call) -> Value:
    """``jax.lax.convert_element_type(operand, new_dtype)``: the operand's shape in ``new_dtype``."""
    b = call.bind(("operand", "new_dtype"))
    a = bound_array(b, "operand")
    return UNKNOWN if a is None else Array(a.shape, dtype_arg(b.get("new_dtype")))


def segment_reduce(ctx: OpContext, call: Call) -> Value:
    """``jax.ops.segment_sum(data, segment_ids, num_segments=None, ...)`` (and max, min, prod): one
    row per segment, ``num_segments`` of them where given (else as many as the ids say, known only
    when the code runs), each of ``data``'s trailing shape."""
    b = call.bind(("data", "segment_ids", "num_segments"))
    data = bound_array(b, "data")
    if data is None or data.shape.dims is None or not data.shape.dims:
        return UNKNOWN if data is None else Array(UNKNOWN_SHAPE, data.dtype)
    given = b.get("num_segments")
    n = int_arg(given, ctx) if given is not None and not is_none(given) else None
    return Array(Shape((n if n is not None else ctx.fresh("num_segments"),) + data.shape.dims[1:]), data.dtype)


def rankdata(ctx: OpContext, call: Call) -> Value:
    """``jax.scipy.stats.rankdata(a, method="average", *, axis=None)``: a float32 rank per item, of
    ``a`` flattened without an axis, of ``a``'s shape along one."""
    b = call.bind(("a", "method", "axis"))
    a = bound_array(b, "a")
    if a is None:
        return UNKNOWN
    if "axis" in b and not is_none(b["axis"]):
        return Array(a.shape, "float32")
    dims = a.shape.dims
    return Array(Shape((D.product(dims),)) if dims is not None else Shape((ctx.fresh("n"),)), "float32")


JAX: dict[str, Rule] = {
    **{f"jax.random.{name}": rule for name, rule in RANDOM.items()},
    **{f"jax.lax.{name}": ufunc(1) for name in _LAX_UNARY},
    "jax.lax.is_finite": ufunc(1, "bool"),
    "jax.lax.stop_gradient": same_shape(param="x"), "jax.lax.convert_element_type": convert_element_type,
    "jax.lax.broadcast_shapes": NUMPY["numpy.broadcast_shapes"],
    # an abstract array (eval_shape's inputs and outputs, pallas' out_shape): its shape and dtype
    "jax.ShapeDtypeStruct": creation(None),
    **{f"jax.scipy.special.{name}": ufunc(1, "float") for name in _SPECIAL_UNARY},
    **{f"jax.scipy.special.{name}": ufunc(2, "float") for name in _SPECIAL_BINARY},
    "jax.scipy.special.logsumexp": logsumexp, "jax.nn.logsumexp": logsumexp,
    "jax.scipy.special.multigammaln": same_shape("float32", param="a"),   # (a, d): d an int
    "jax.nn.glu": renamed(glu, ("x", "axis"), ("input", "dim")), "jax.nn.dot_product_attention": dot_product_attention,
    **{f"jax.nn.initializers.{name}": rule for name, rule in INITIALIZERS.items()},
    **{f"jax.scipy.linalg.{name}": NUMPY[f"numpy.linalg.{name}"] for name in ("cholesky", "inv", "det", "svd", "solve")},
    "jax.scipy.linalg.expm": MATRIX_FUNCTION, "jax.scipy.stats.rankdata": rankdata,
    **{f"jax.ops.segment_{name}": segment_reduce for name in ("sum", "max", "min", "prod")},
    "jax.scipy.linalg.solve_triangular": JS.solve_triangular, "jax.scipy.linalg.cho_factor": JS.cho_factor,
    "jax.scipy.linalg.cho_solve": JS.cho_solve, "jax.scipy.linalg.block_diag": JS.block_diag,
    **{f"jax.scipy.stats.norm.{name}": ufunc(3, "float", params=("x", "loc", "scale"))
       for name in ("pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf")},
}
