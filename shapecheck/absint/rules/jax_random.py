"""The shape rules of ``jax.random``: samplers take a key and make an array of ``shape`` (or of
their parameters' shape), and keys are arrays too (``split`` makes ``num`` of them).

``jax.nn.initializers`` are samplers too: a factory (``normal(0.02)``) makes an initializer, and an
initializer called on ``(key, shape, dtype)`` makes an array of ``shape``.

Sources: the jax.random reference (normal, uniform, truncated_normal, randint, bernoulli, gamma,
poisson, categorical, permutation, split, fold_in, key, PRNGKey, beta, binomial, dirichlet,
multivariate_normal, choice, orthogonal, ball, bits), the jax.nn.initializers reference.
"""

from __future__ import annotations

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, LibraryObject, Value
from .args import as_array, bound_array, const_int, dtype_arg, is_none, normalize_axis, shape_arg
from .kinds import Rule, reduction
from .returns import returns


def keyed_random(params: tuple[str, ...], dtype: str = "float32", bounds: tuple[str, ...] = ()) -> Rule:
    """``jax.random.normal(key, shape=(), dtype)``: an array of ``shape`` (0-d by default). Where no
    shape is given, or (), the ``bounds`` given broadcast make it: ``truncated_normal``'s ``lower`` and
    ``upper`` (its default shape is theirs), ``uniform``'s ``minval`` and ``maxval`` (JAX broadcasts
    them into its draw: a ``(1,)`` bound, as ``vmap`` hands each row of a ``(b, 1)`` array, gives a
    ``(1,)`` draw; flashbax squeezes that last axis)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        out = dtype_arg(b.get("dtype")) or dtype
        dims = shape_arg(ctx, b["shape"]) if "shape" in b and not is_none(b["shape"]) else ()
        if dims is None:
            return UNKNOWN
        given = [b[p] for p in bounds if p in b]
        if dims == () and given:
            arrays = [as_array(g.value) for g in given]
            if any(a is None for a in arrays):
                return UNKNOWN
            shape = ctx.broadcast([(a.shape, g.text) for a, g in zip(arrays, given)])
            return Array(shape or UNKNOWN_SHAPE, out)
        return Array(Shape(dims), out)

    return rule


def split(ctx: OpContext, call: Call) -> Value:
    """``split(key, num=2)``: ``num`` keys (an int, or a shape of them) stacked before the key's own
    shape: (num, 2) for a raw key, (num,) for a typed one."""
    b = call.bind(("key", "num"))
    key = as_array(b["key"].value) if "key" in b else None
    if key is None or key.shape.dims is None:
        return UNKNOWN
    num = shape_arg(ctx, b["num"]) if "num" in b else (2,)
    return Array(Shape(tuple(num) + key.shape.dims), key.dtype) if num is not None else UNKNOWN


def same_key(ctx: OpContext, call: Call) -> Value:
    """``fold_in(key, data)``: a key of the same shape."""
    key = as_array(call.args[0].value) if call.args else None
    return key if key is not None else UNKNOWN


def permutation(ctx: OpContext, call: Call) -> Value:
    """``permutation(key, x)``: of ``range(x)`` for an int, else x's items (its shape)."""
    b = call.bind(("key", "x"))
    x = b["x"].value if "x" in b else None
    if type(x) is Int:
        return Array(Shape((x.dim,)), "int32")
    a = as_array(x) if x is not None else None
    return Array(a.shape, a.dtype) if a is not None else UNKNOWN


_CATEGORY = reduction("int", params=("a", "axis"), single_axis=True)


def categorical(ctx: OpContext, call: Call) -> Value:
    """``categorical(key, logits, axis=-1, shape=None)``: one index per row of ``axis``, or ``shape``."""
    b = call.bind(("key", "logits", "axis", "shape"))
    if "shape" in b and not is_none(b["shape"]):
        dims = shape_arg(ctx, b["shape"])
        return Array(Shape(dims), "int32") if dims is not None else UNKNOWN
    if "logits" not in b:
        return UNKNOWN
    out = _CATEGORY(ctx, Call(call.name, [b["logits"], b.get("axis") or Arg(Int(-1))]))
    return Array(out.shape, "int32") if type(out) is Array else out


def _given_shape(ctx: OpContext, b: dict) -> tuple | None:
    """The ``shape`` argument's dims; () where it is not given; None where it is not known."""
    if "shape" not in b or is_none(b["shape"]):
        return ()
    return shape_arg(ctx, b["shape"])


def parametrised(params: tuple[str, ...], dtype: str, count: int = 1) -> Rule:
    """``bernoulli(key, p=0.5, shape=None)``, ``beta(key, a, b, shape=None)``: an array of ``shape``,
    else of the ``count`` parameters after the key broadcast together (``p``; ``a`` and ``b``), else 0-d."""

    def rule(ctx: OpContext, call: Call) -> Value:
        b = call.bind(params)
        out = dtype_arg(b.get("dtype")) or dtype
        if "shape" in b and not is_none(b["shape"]):
            dims = shape_arg(ctx, b["shape"])
            return Array(Shape(dims), out) if dims is not None else UNKNOWN
        given = [b[p] for p in params[1:1 + count] if p in b]
        arrays = [as_array(g.value) for g in given]
        if any(a is None for a in arrays):
            return UNKNOWN
        shape = ctx.broadcast([(a.shape, g.text) for a, g in zip(arrays, given)]) if arrays else Shape(())
        return Array(shape or UNKNOWN_SHAPE, out)

    return rule


def dirichlet(ctx: OpContext, call: Call) -> Value:
    """``dirichlet(key, alpha, shape=None)``: ``shape`` (else alpha's batch dims), then alpha's last."""
    b = call.bind(("key", "alpha", "shape", "dtype"))
    alpha = bound_array(b, "alpha")
    out = dtype_arg(b.get("dtype")) or "float32"
    if alpha is None or alpha.shape.dims is None or not alpha.shape.dims:
        return UNKNOWN if alpha is None else Array(UNKNOWN_SHAPE, out)
    batch = alpha.shape.dims[:-1] if "shape" not in b or is_none(b["shape"]) else shape_arg(ctx, b["shape"])
    return Array(Shape(tuple(batch) + alpha.shape.dims[-1:]), out) if batch is not None else UNKNOWN


def multivariate_normal(ctx: OpContext, call: Call) -> Value:
    """``multivariate_normal(key, mean, cov, shape=None)``: ``shape`` (else mean's and cov's batch
    dims broadcast), then the mean's last dim."""
    b = call.bind(("key", "mean", "cov", "shape", "dtype", "method"))
    mean, cov = bound_array(b, "mean"), bound_array(b, "cov")
    out = dtype_arg(b.get("dtype")) or "float32"
    if mean is None or cov is None or mean.shape.dims is None or cov.shape.dims is None or not mean.shape.dims:
        return Array(UNKNOWN_SHAPE, out)
    if "shape" in b and not is_none(b["shape"]):
        batch = shape_arg(ctx, b["shape"])
    else:
        shape = ctx.broadcast([(Shape(mean.shape.dims[:-1]), b["mean"].text), (Shape(cov.shape.dims[:-2]), b["cov"].text)])
        batch = None if shape is None else shape.dims
    return Array(Shape(tuple(batch) + mean.shape.dims[-1:]), out) if batch is not None else UNKNOWN


def choice(ctx: OpContext, call: Call) -> Value:
    """``choice(key, a, shape=(), replace=True, p=None, axis=0)``: ``shape`` picks of ``range(a)`` for
    an int, else of ``a``'s entries along ``axis`` (its other dims kept)."""
    b = call.bind(("key", "a", "shape", "replace", "p", "axis"))
    dims = _given_shape(ctx, b)
    a = b["a"].value if "a" in b else None
    if dims is None or a is None:
        return UNKNOWN
    if type(a) is Int:
        return Array(Shape(tuple(dims)), "int32")
    arr = as_array(a)
    if arr is None or arr.shape.dims is None:
        return UNKNOWN if arr is None else Array(UNKNOWN_SHAPE, arr.dtype)
    axis = 0 if "axis" not in b else const_int(b["axis"])
    if axis is None:
        return Array(UNKNOWN_SHAPE, arr.dtype)
    k = normalize_axis(ctx, axis, len(arr.shape.dims))
    return Array(Shape(arr.shape.dims[:k] + tuple(dims) + arr.shape.dims[k + 1:]), arr.dtype)


def _sized(ctx: OpContext, b: dict, name: str) -> object:
    """The int argument ``name`` as a dim; None where it is not a known int."""
    v = b.get(name)
    return None if v is None or type(v.value) is not Int else v.value.dim


def orthogonal(ctx: OpContext, call: Call) -> Value:
    """``orthogonal(key, n, shape=(), dtype, m=None)``: ``shape`` then n by n (n by m) matrices."""
    b = call.bind(("key", "n", "shape", "dtype", "m"))
    dims, n = _given_shape(ctx, b), _sized(ctx, b, "n")
    m = n if "m" not in b or is_none(b["m"]) else _sized(ctx, b, "m")
    out = dtype_arg(b.get("dtype")) or "float32"
    if dims is None or n is None or m is None:
        return Array(UNKNOWN_SHAPE, out)
    return Array(Shape(tuple(dims) + (n, m)), out)


def ball(ctx: OpContext, call: Call) -> Value:
    """``ball(key, d, p=2, shape=())``: ``shape`` then points of ``d`` coordinates."""
    b = call.bind(("key", "d", "p", "shape", "dtype"))
    dims, d = _given_shape(ctx, b), _sized(ctx, b, "d")
    out = dtype_arg(b.get("dtype")) or "float32"
    return Array(UNKNOWN_SHAPE, out) if dims is None or d is None else Array(Shape(tuple(dims) + (d,)), out)


#: What ``jax.nn.initializers``' factories make (``normal(stddev)``), called as an initializer is.
INITIALIZER = "jax.nn.initializers.initializer"
INITIALIZER_FACTORIES = "normal uniform truncated_normal constant".split()
#: The factories whose initializers read a fan in and out off the shape's last two axes (``in_axis=-2``,
#: ``out_axis=-1``): a shape of fewer axes raises ValueError, unless the axes are given.
FAN_FACTORIES = """variance_scaling glorot_normal glorot_uniform he_normal he_uniform lecun_normal lecun_uniform
xavier_normal xavier_uniform kaiming_normal kaiming_uniform""".split()
#: initializer kind -> (the fewest axes its shape may have, the most, what JAX says otherwise)
_AXES_NEEDED = {
    "fan_initializer": (2, None, "can't compute input and output sizes of a {n}-dimensional weights tensor "
                                 "with default in_axis: must be at least 2D"),
    "orthogonal_initializer": (2, None, "orthogonal initializer requires at least a 2D shape"),
    "delta_orthogonal_initializer": (3, 5, "delta orthogonal initializer requires a 3D, 4D or 5D shape"),
}
#: ``init(key, shape, dtype)``: an array of ``shape``.
_INITIALIZE = keyed_random(("key", "shape", "dtype"))


def _initialize_at_least(kind: str) -> Rule:
    """An initializer whose shape must have some number of axes (:data:`_AXES_NEEDED`)."""
    fewest, most, message = _AXES_NEEDED[kind]

    def rule(ctx: OpContext, call: Call) -> Value:
        result = _INITIALIZE(ctx, call)
        dims = result.shape.dims if type(result) is Array else None
        if dims is not None and (len(dims) < fewest or most is not None and len(dims) > most):
            ctx.fail("SC107", f"{ctx.op}: {message.format(n=len(dims))} (the shape is {ctx.show_shape(result.shape)})")
        return result
    return rule


def _fan_factory(ctx: OpContext, call: Call) -> Value:
    """``glorot_uniform(in_axis=-2, out_axis=-1, ...)``: its initializer needs two axes where it reads
    its fans off the default ones."""
    lead = ("scale", "mode", "distribution") if call.name.endswith("variance_scaling") else ()
    given = call.bind(lead + ("in_axis", "out_axis", "batch_axis", "dtype")).keys() & {"in_axis", "out_axis"}
    return LibraryObject(INITIALIZER if given else "jax.nn.initializers.fan_initializer")


#: Each kind of initializer (qualified) with the factories that make it: a test calling one's result
#: exercises the kind.
INITIALIZER_KINDS: dict[str, list[str]] = {
    INITIALIZER: INITIALIZER_FACTORIES, "jax.nn.initializers.fan_initializer": FAN_FACTORIES,
    "jax.nn.initializers.orthogonal_initializer": ["orthogonal"],
    "jax.nn.initializers.delta_orthogonal_initializer": ["delta_orthogonal"],
}
INITIALIZERS: dict[str, Rule] = {
    INITIALIZER.rsplit(".", 1)[1]: _INITIALIZE, "zeros": _INITIALIZE, "ones": _INITIALIZE,
    **{kind: _initialize_at_least(kind) for kind in _AXES_NEEDED},
    **{name: returns(LibraryObject(INITIALIZER)) for name in INITIALIZER_FACTORIES},
    **{name: _fan_factory for name in FAN_FACTORIES},
    "orthogonal": returns(LibraryObject("jax.nn.initializers.orthogonal_initializer")),
    "delta_orthogonal": returns(LibraryObject("jax.nn.initializers.delta_orthogonal_initializer")),
    # Flax's factories of the constant initializers: ``zeros_init()`` is ``jax.nn.initializers.zeros``
    "zeros_init": returns(LibraryObject("jax.nn.initializers.zeros")),
    "ones_init": returns(LibraryObject("jax.nn.initializers.ones")),
}


#: By name under ``jax.random``.
RANDOM: dict[str, Rule] = {
    "normal": keyed_random(("key", "shape", "dtype")),
    "uniform": keyed_random(("key", "shape", "dtype", "minval", "maxval"), bounds=("minval", "maxval")),
    "truncated_normal": keyed_random(("key", "lower", "upper", "shape", "dtype"), bounds=("lower", "upper")),
    "randint": keyed_random(("key", "shape", "minval", "maxval", "dtype"), "int32"),
    **{name: keyed_random(("key", "shape", "dtype"))
       for name in ("exponential", "laplace", "gumbel", "logistic", "cauchy")},
    "rademacher": keyed_random(("key", "shape", "dtype"), "int32"),
    "bernoulli": parametrised(("key", "p", "shape"), "bool"),
    "gamma": parametrised(("key", "a", "shape", "dtype"), "float32"),
    "poisson": parametrised(("key", "lam", "shape", "dtype"), "int32"),
    "categorical": categorical, "permutation": permutation,
    "beta": parametrised(("key", "a", "b", "shape", "dtype"), "float32", 2),
    "binomial": parametrised(("key", "n", "p", "shape", "dtype"), "float32", 2),
    "chisquare": parametrised(("key", "df", "shape", "dtype"), "float32"),
    "pareto": parametrised(("key", "b", "shape", "dtype"), "float32"),
    "loggamma": parametrised(("key", "a", "shape", "dtype"), "float32"),
    "rayleigh": parametrised(("key", "scale", "shape", "dtype"), "float32"),
    "geometric": parametrised(("key", "p", "shape", "dtype"), "int32"),
    "maxwell": keyed_random(("key", "shape", "dtype")),
    "bits": keyed_random(("key", "shape", "dtype"), "uint32"),
    "dirichlet": dirichlet, "multivariate_normal": multivariate_normal, "choice": choice,
    "orthogonal": orthogonal, "ball": ball,
    "split": split, "fold_in": same_key,
    "PRNGKey": lambda ctx, call: Array(Shape((2,)), "uint32"),
    "key": lambda ctx, call: Array(Shape(()), None),
}
