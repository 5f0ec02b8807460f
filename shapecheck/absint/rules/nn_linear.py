"""``nn.Linear`` / ``F.linear``: ``y = x @ W.T + b`` on the last dim (PyTorch reference, Linear)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, TorchModule, Value
from .args import as_array, is_none
from .kinds import Rule
from .nn_args import dim_of, layer_input, weighted


def linear_shape(ctx: OpContext, x: Array, x_arg: Arg, in_features: D.Dim | None, out_dims: tuple,
                 what: str) -> Value:
    """``y = x @ W.T + b``: x is (*, in_features), y is (*, *out_dims) (``out_dims`` is () for a 1-D weight)."""
    def check_last(last: D.Dim) -> None:
        if in_features is not None:
            ctx.require(eq(last, in_features), "SC102", lambda: (
                f"{ctx.op}: {ctx.describe(x_arg)} but {what}: {ctx.show_dim(last)} != {ctx.show_dim(in_features)}"))

    dims = x.shape.dims
    if dims is None:
        # an unknown rank: the last dim, where the suffix fixes it, is checked the same way; the
        # result is the input with it replaced (its middle anonymous: a dim of it may be the last)
        s = ctx.folded(x.shape)
        if s.suffix:
            check_last(s.suffix[-1])
            return Array(Shape(s.prefix, True, s.suffix[:-1] + out_dims, s.middle), x.dtype)
        middle = s.middle.without_last() if s.middle is not None and not s.prefix else None
        return Array(Shape((), True, out_dims, middle), x.dtype)
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)}: a 0-d input has no features to transform")
    check_last(dims[-1])
    return Array(Shape(dims[:-1] + out_dims), x.dtype)


def linear_layer_reading(read_input) -> Rule:
    """A built ``Linear(in_features, out_features)`` layer's call, its input read by ``read_input``
    (torch's, or Flax's which also takes ``inputs=``): the last dim must be in_features."""
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = read_input(call)
        if x is None:
            return UNKNOWN
        n_in, n_out = dim_of(m.param("in_features")), dim_of(m.param("out_features"))
        return linear_shape(ctx, x, arg, n_in, (n_out if n_out is not None else ctx.fresh("out_features"),),
                            f"the layer takes in_features={ctx.show_dim(n_in) if n_in is not None else '?'}")
    return rule


linear_layer = linear_layer_reading(layer_input)


@weighted(("input", "weight", "bias"), (1, 2))
def functional_linear(ctx: OpContext, bound: dict[str, Arg], x: Array, wd: tuple) -> Value:
    """``F.linear(x, weight, bias)``: weight is (out, in) or (in,); bias broadcasts with the result."""
    what = f"{ctx.describe(bound['weight'])}"
    out = linear_shape(ctx, x, bound["input"], wd[-1], wd[:1] if len(wd) == 2 else (), what)
    b = bound.get("bias")
    if type(out) is Array and b is not None and not is_none(b) and as_array(b.value) is not None:
        shape = ctx.broadcast([(out.shape, "x @ weight.T"), (as_array(b.value).shape, b.text)])
        return Array(shape or UNKNOWN_SHAPE, out.dtype)
    return out


def linear_weights(m: TorchModule) -> dict[str, tuple | None]:
    """``fc.weight`` is (out_features, in_features), ``fc.bias`` (out_features,)."""
    return {"weight": (m.param("out_features"), m.param("in_features")), "bias": (m.param("out_features"),)}
