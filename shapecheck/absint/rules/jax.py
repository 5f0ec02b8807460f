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
from .args import bound_array, dtype_arg
from . import jax_scipy as JS
from .contraction import MATRIX_FUNCTION
from .jax_random import INITIALIZERS, RANDOM
from .kinds import Rule, reduction, renamed, same_shape, ufunc
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


JAX: dict[str, Rule] = {
    **{f"jax.random.{name}": rule for name, rule in RANDOM.items()},
    **{f"jax.lax.{name}": ufunc(1) for name in _LAX_UNARY},
    "jax.lax.is_finite": ufunc(1, "bool"),
    "jax.lax.stop_gradient": same_shape(param="x"), "jax.lax.convert_element_type": convert_element_type,
    "jax.lax.broadcast_shapes": NUMPY["numpy.broadcast_shapes"],
    **{f"jax.scipy.special.{name}": ufunc(1, "float") for name in _SPECIAL_UNARY},
    **{f"jax.scipy.special.{name}": ufunc(2, "float") for name in _SPECIAL_BINARY},
    "jax.scipy.special.logsumexp": logsumexp, "jax.nn.logsumexp": logsumexp,
    "jax.scipy.special.multigammaln": same_shape("float32", param="a"),   # (a, d): d an int
    "jax.nn.glu": renamed(glu, ("x", "axis"), ("input", "dim")), "jax.nn.dot_product_attention": dot_product_attention,
    **{f"jax.nn.initializers.{name}": rule for name, rule in INITIALIZERS.items()},
    **{f"jax.scipy.linalg.{name}": NUMPY[f"numpy.linalg.{name}"] for name in ("cholesky", "inv", "det", "svd", "solve")},
    "jax.scipy.linalg.expm": MATRIX_FUNCTION,
    "jax.scipy.linalg.solve_triangular": JS.solve_triangular, "jax.scipy.linalg.cho_factor": JS.cho_factor,
    "jax.scipy.linalg.cho_solve": JS.cho_solve, "jax.scipy.linalg.block_diag": JS.block_diag,
    **{f"jax.scipy.stats.norm.{name}": ufunc(3, "float", params=("x", "loc", "scale"))
       for name in ("pdf", "logpdf", "cdf", "logcdf", "sf", "logsf", "ppf", "isf")},
}
