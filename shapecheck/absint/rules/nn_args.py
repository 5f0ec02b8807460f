"""Reading a torch.nn layer's arguments: the built layer's parameters (``kernel_size=3`` or ``(3, 5)``
as per-dim sizes), its inputs, and the checks several layers share (a feature size, a divisibility).
A layer call is ``Call(kind, [layer, *inputs])``: ``call.args[0]`` is the layer itself.
"""

from __future__ import annotations

import functools
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Bool, Float, Int, List, TorchModule, Tuple, Value
from .args import as_array, bound_array
from .kinds import Rule


Dims = tuple  # a tuple of Dim


def guess_batched(ctx: OpContext, x: Array, rank: int) -> None:
    """A layer that takes its input batched or not (Conv2d: (N, C, H, W) or (C, H, W)) met ``x`` of
    unknown rank: model code passes batches, so the batched ``rank`` is the guess for the parameter
    ``x`` comes from -- for coverage and reveals only (``Analysis.guess_rank``), never an error."""
    if x.shape.rank is None and x.shape.middle is not None:
        ctx.interp.analysis.guess_rank(x.shape.middle, rank - x.shape.min_rank)


def dim_of(v: Value | None) -> D.Dim | None:
    """An int argument as a dim (None when absent or not an int)."""
    return v.dim if v is not None and type(v) is Int else None


def per_dim(v: Value | None, n: int, default: D.Dim | None = None) -> Dims | None:
    """``kernel_size=3`` or ``(3, 5)`` as n dims (torch's ``_pair``/``_triple``); None when unknown."""
    if v is None or v is NONE:
        return None if default is None else (default,) * n
    if type(v) is Int:
        return (v.dim,) * n
    if type(v) in (Tuple, List) and v.items is not None and len(v.items) == n and all(
            type(i) is Int for i in v.items):
        return tuple(i.dim for i in v.items)
    return None


def layer_param(m: TorchModule, name: str, default: Value | None = None) -> Value | None:
    v = m.param(name)
    return default if v is None else v


def layer_input(call: Call, index: int = 1, name: str = "input") -> tuple[Array | None, Arg | None]:
    """A layer's input: ``call.args[0]`` is the layer itself, its inputs follow. A Python number is no
    tensor (torch raises TypeError): taken for one only by an annotation that says so wrongly
    (megatron's ``tokentype_ids: int = None`` given to an ``nn.Embedding``), it is not known."""
    arg = call.args[index] if len(call.args) > index else call.kwargs.get(name)
    if arg is None or type(arg.value) in (Int, Float, Bool):
        return None, arg
    return as_array(arg.value), arg


def flag_param(m: TorchModule, name: str) -> bool:
    v = m.param(name)
    return type(v) is Bool and v.value is True


def flag_known(m: TorchModule, name: str) -> bool:
    """Whether the layer's flag ``name`` is known: not given (its default), or given as True or False
    (``bidirectional=bidirectional`` of a constructor's parameter is either)."""
    v = m.param(name)
    return v is None or (type(v) is Bool and v.value is not None)


def require_features(ctx: OpContext, a: Array, arg: Arg, want: D.Dim | None, what: str) -> None:
    dims = a.shape.dims
    if dims is None or want is None:
        return
    if not dims:
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}: a 0-d input has no feature dimension")
    ctx.require(eq(dims[-1], want), "SC102", lambda: (
        f"{ctx.op}: {ctx.describe(arg)} but {what}={ctx.show_dim(want)}: "
        f"{ctx.show_dim(dims[-1])} != {ctx.show_dim(want)}"))


def require_divisible(ctx: OpContext, total: D.Dim | None, parts: D.Dim | None, what: str) -> None:
    if total is not None and parts is not None:
        if parts == 0:
            ctx.fail("SC107", f"{ctx.op}: {what} must be positive")
        ctx.require(eq(D.mod(total, parts), 0), "SC107", lambda: (
            f"{ctx.op}: {what}: {ctx.show_dim(total)} is not divisible by {ctx.show_dim(parts)}"))


def weighted(params: tuple[str, ...], ranks: tuple[int, ...]) -> Callable:
    """A functional layer's rule over ``input`` and a ``weight`` whose rank is one of ``ranks``
    (``F.linear``, ``F.conv2d``): an unknown input or weight gives an unknown result, and a weight of
    unknown rank an unknown shape. The rule gets ``(ctx, bound, x, weight_dims)``."""
    wanted = " or ".join(f"{r}-D" for r in ranks)

    def decorate(rule: Callable) -> Rule:
        @functools.wraps(rule)
        def wrapped(ctx: OpContext, call: Call) -> Value:
            bound = call.bind(params)
            x, w = bound_array(bound, "input"), bound_array(bound, "weight")
            if x is None or w is None:
                return UNKNOWN
            if w.shape.dims is None:
                return Array(UNKNOWN_SHAPE, x.dtype)
            if len(w.shape.dims) not in ranks:
                ctx.fail("SC107", f"{ctx.op}: weight must be {wanted} ({ctx.describe(bound['weight'])})")
            return rule(ctx, bound, x, w.shape.dims)

        return wrapped

    return decorate


def ntuple(n: int) -> Rule:
    """``torch.nn.modules.utils._pair(x)`` (``_single``, ``_triple``, ``_quadruple``): an iterable as a
    tuple of its items, anything else ``n`` times (what custom layers do to ``kernel_size``)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        v = call.args[0].value if call.args else None
        if type(v) in (Tuple, List) and v.items is not None:
            return Tuple(v.items)
        if type(v) in (Int, Float, Bool) or v is NONE:
            return Tuple((v,) * n)
        return UNKNOWN

    return rule


def fans(ctx: OpContext, call: Call) -> Value:
    """``nn.init._calculate_fan_in_and_fan_out(w)``: (fan_in, fan_out), ``w.size(1)`` and ``w.size(0)``
    each times the receptive field (the dims past the second); fewer than 2 dims is torch's ValueError."""
    w = as_array(call.args[0].value) if call.args else None
    dims = w.shape.dims if w is not None else None
    if dims is None:
        return Tuple((Int(ctx.fresh("fan_in")), Int(ctx.fresh("fan_out"))))
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: Fan in and fan out can not be computed for tensor with fewer than 2 "
                          f"dimensions ({ctx.describe(call.args[0])})")
    field = D.product(dims[2:])
    return Tuple((Int(D.mul(dims[1], field)), Int(D.mul(dims[0], field))))
