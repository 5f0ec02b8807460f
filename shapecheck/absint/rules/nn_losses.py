"""Losses, as layers (``nn.CrossEntropyLoss()(x, t)``) and functions (``F.cross_entropy(x, t)``):
class losses take class indices or probabilities; pointwise losses broadcast input and target (the BCE
losses need equal shapes); ``reduction`` decides between a scalar and the elementwise shape."""

from __future__ import annotations

from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Str, TorchModule, Value
from .args import as_array


def loss_reduction(call: Call, m: TorchModule | None = None) -> str | None:
    """The reduction a loss applies: ``reduction``, else the legacy ``size_average``/``reduce`` pair
    where either is given (torch's ``legacy_get_string``: ``reduce=False`` is "none", then
    ``size_average=False`` "sum"; super-gradients' SSD loss builds ``CrossEntropyLoss(reduce=False)``
    and sorts the per-element losses), else "mean"."""
    def given(name: str) -> Value | None:
        arg = call.kwargs.get(name)
        return arg.value if arg is not None else (m.param(name) if m is not None else None)

    legacy = {name: given(name) for name in ("size_average", "reduce")}
    if any(v is not None and v is not NONE for v in legacy.values()):
        flags = {name: (True if v is None or v is NONE else v.value if type(v) is Bool else None)
                 for name, v in legacy.items()}
        if None in flags.values():
            return None
        return "none" if not flags["reduce"] else "mean" if flags["size_average"] else "sum"
    v = given("reduction")
    if v is None:
        return "mean"
    return v.value if type(v) is Str else None


def reduced_loss(a: Array, reduction: str | None, elementwise: Shape) -> Value:
    if reduction == "none":
        return Array(elementwise, a.dtype)
    if reduction in ("mean", "sum", "batchmean"):   # batchmean: KLDivLoss's sum over the batch size
        return Array(Shape(()), a.dtype)
    return Array(UNKNOWN_SHAPE, a.dtype)


def class_loss_shape(ctx: OpContext, x: Array, x_arg: Arg, t: Array, t_arg: Arg, reduction: str | None) -> Value:
    """cross_entropy/nll_loss: input (N, C, *d) or (C,); target class indices (N, *d) / (), or
    class probabilities shaped like the input."""
    xd, td = x.shape.dims, t.shape.dims
    if xd is None or td is None:
        return reduced_loss(x, reduction, UNKNOWN_SHAPE)
    if not xd:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)}: the input needs a class dimension")
    class_axis = 1 if len(xd) >= 2 else 0
    if len(td) == len(xd):   # probabilities
        want = xd
    elif len(td) == len(xd) - 1:
        want = xd[:class_axis] + xd[class_axis + 1:]
    else:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(x_arg)} but {ctx.describe(t_arg)}: the target must have "
                          f"the input's dimensions without the class dimension (or all of them, for probabilities)")
        return UNKNOWN
    for axis, (got, exp) in enumerate(zip(td, want)):
        ctx.require(eq(got, exp), "SC102", lambda got=got, exp=exp, axis=axis: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {ctx.describe(t_arg)}: {ctx.show_dim(exp)} != "
            f"{ctx.show_dim(got)} (target dim {axis}{', the batch' if axis == 0 and len(xd) >= 2 else ''})"))
    return reduced_loss(x, reduction, Shape(xd[:class_axis] + xd[class_axis + 1:]))


def pointwise_loss_shape(ctx: OpContext, x: Array, x_arg: Arg, t: Array, t_arg: Arg, reduction: str | None,
                         exact: bool) -> Value:
    """mse_loss/l1_loss/kl_div broadcast input and target; the BCE losses need equal shapes."""
    if exact and x.shape.dims is not None and t.shape.dims is not None:
        same = len(x.shape.dims) == len(t.shape.dims)
        for axis, (a, c) in enumerate(zip(x.shape.dims, t.shape.dims) if same else [(0, 1)]):
            ctx.require(eq(a, c), "SC101", lambda: (
                f"{ctx.op}: the target size must be the same as the input size: {ctx.describe(x_arg)} but "
                f"{ctx.describe(t_arg)}"))
        return reduced_loss(x, reduction, x.shape)
    shape = ctx.broadcast([(x.shape, x_arg.text), (t.shape, t_arg.text)])
    return reduced_loss(x, reduction, shape or UNKNOWN_SHAPE)


def loss_operands(call: Call, first: int) -> tuple | None:
    args = call.args[first:]
    x_arg = args[0] if args else call.kwargs.get("input")
    t_arg = args[1] if len(args) > 1 else call.kwargs.get("target")
    if x_arg is None or t_arg is None:
        return None
    x, t = as_array(x_arg.value), as_array(t_arg.value)
    if x is None or t is None:
        return None
    return x, x_arg, t, t_arg


EXACT_LOSSES = ("binary_cross_entropy", "binary_cross_entropy_with_logits", "BCELoss", "BCEWithLogitsLoss")


CLASS_LOSSES = ("cross_entropy", "nll_loss", "CrossEntropyLoss", "NLLLoss")


def functional_loss(ctx: OpContext, call: Call) -> Value:
    pair = loss_operands(call, 0)
    if pair is None:
        return UNKNOWN
    if ctx.op in CLASS_LOSSES:
        return class_loss_shape(ctx, *pair, loss_reduction(call))
    return pointwise_loss_shape(ctx, *pair, loss_reduction(call), ctx.op in EXACT_LOSSES)


def loss_layer(ctx: OpContext, call: Call) -> Value:
    m = call.args[0].value
    pair = loss_operands(call, 1)
    if pair is None:
        return UNKNOWN
    if m.kind in CLASS_LOSSES:
        return class_loss_shape(ctx, *pair, loss_reduction(call, m))
    return pointwise_loss_shape(ctx, *pair, loss_reduction(call, m), m.kind in EXACT_LOSSES)


# == the other losses: one value per element of their operands broadcast, or per row =============

def _elementwise(ctx: OpContext, operands: list[tuple[Array, Arg]]) -> Shape:
    shape = ctx.broadcast([(a.shape, arg.text) for a, arg in operands])
    return shape or UNKNOWN_SHAPE


def _per_row(ctx: OpContext, operands: list[tuple[Array, Arg]]) -> Shape:
    """A loss of feature vectors (the last dim): one value per row of the operands broadcast."""
    shape = _elementwise(ctx, operands)
    return Shape(shape.dims[:-1]) if shape.dims else shape if shape.dims is None else UNKNOWN_SHAPE


def _per_sequence(ctx: OpContext, operands: list[tuple[Array, Arg]]) -> Shape:
    """ctc_loss: log_probs (T, N, C) gives one value per batch entry, unbatched (T, C) one value."""
    dims = operands[0][0].shape.dims
    return UNKNOWN_SHAPE if dims is None else Shape(dims[1:2] if len(dims) == 3 else ())


#: name -> (its operands' parameters, the shape with reduction='none'), as functions and layers take them
OTHER_LOSSES = {
    "margin_ranking_loss": (("input1", "input2", "target"), _elementwise),
    "hinge_embedding_loss": (("input", "target"), _elementwise),
    "soft_margin_loss": (("input", "target"), _elementwise),
    "poisson_nll_loss": (("input", "target"), _elementwise),
    "gaussian_nll_loss": (("input", "target"), _elementwise),
    "triplet_margin_loss": (("anchor", "positive", "negative"), _per_row),
    "triplet_margin_with_distance_loss": (("anchor", "positive", "negative"), _per_row),
    "cosine_embedding_loss": (("input1", "input2"), _per_row),
    "multilabel_soft_margin_loss": (("input",), _per_row),
    "multilabel_margin_loss": (("input",), _per_row),
    "multi_margin_loss": (("input",), _per_row),
    "ctc_loss": (("log_probs",), _per_sequence),
}


def other_loss(name: str, layer: bool = False):
    params, elementwise = OTHER_LOSSES[name]

    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value if layer else None
        b = Call(call.name, call.args[1:], call.kwargs).bind(params) if layer else call.bind(params)
        operands = [(as_array(b[p].value), b[p]) for p in params if p in b]
        if len(operands) < len(params) or any(a is None for a, _ in operands):
            return UNKNOWN
        return reduced_loss(operands[0][0], loss_reduction(call, m), elementwise(ctx, operands))

    return rule
