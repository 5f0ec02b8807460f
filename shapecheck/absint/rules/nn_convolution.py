"""Convolutions, plain and transposed: ``nn.Conv{1,2,3}d``, ``F.conv{1,2,3}d``,
``nn.ConvTranspose{1,2,3}d``. Output sizes are the formulas of the PyTorch reference pages (Conv2d,
ConvTranspose2d); :func:`window_out` also serves pooling. A channel count that disagrees with the layer's is
SC102, a rank the layer does not accept or an impossible argument SC107."""

from __future__ import annotations

from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import eq, ge
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, extended, split_last
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, Str, TorchModule, Tuple, Value
from .args import int_arg
from .kinds import Rule
from .nn_modules import tupled
from .nn_args import Dims, dim_of, guess_batched, layer_input, layer_param, per_dim, require_divisible, weighted


@dataclass(frozen=True, slots=True)
class SpatialSplit:
    """A conv/pool input at its spatial dims: ``lead`` the dims before them (batch and channels; for
    an input of unknown rank only the channel's), ``spatial`` theirs. ``head``: the shape before
    ``lead``'s dims at an unknown rank (None at a known one); ``peeled``: the spatial and channel
    dims were taken off a parameter's unknown middle, so they are fresh, with nothing to check."""

    lead: Dims
    spatial: Dims
    head: Shape | None = None
    peeled: bool = False

    def shape(self, dims: Dims) -> Shape:
        """The output: ``dims`` (what replaces lead and spatial) after the head."""
        return Shape(tuple(dims)) if self.head is None else extended(self.head, tuple(dims))


def split_spatial(ctx: OpContext, x: Array, x_arg: Arg, nd: int) -> SpatialSplit | None:
    """Split a conv/pool input into (batch-and-channel dims, spatial dims); unbatched input allowed.

    An input of unknown rank keeps it: the layer acts on the last ``nd + 1`` dims, so a parameter's
    ``(*x)`` gives ``(*x[:-3], C_out, H_out, W_out)`` for Conv2d, as rank-exact as x (nn.Linear's
    ``(*x[:-1], out)`` the same way). None when not even that is known."""
    dims = x.shape.dims
    if dims is None:
        if x.shape.min_rank > nd + 2:
            ctx.fail("SC107", f"{ctx.op}: expected {nd + 1}-D (unbatched) or {nd + 2}-D (batched) input, "
                              f"but {ctx.describe(x_arg)}")
        guess_batched(ctx, x, nd + 2)
        split = split_last(x.shape, nd + 1, ctx.middle_dim)
        if split is None:
            return None
        head, tail, peeled = split
        return SpatialSplit(tail[:1], tail[1:], head, peeled)
    if len(dims) not in (nd + 1, nd + 2):
        ctx.fail("SC107", f"{ctx.op}: expected {nd + 1}-D (unbatched) or {nd + 2}-D (batched) input, "
                          f"but {ctx.describe(x_arg)}")
    return SpatialSplit(dims[:-nd], dims[-nd:])


def window_out(length: D.Dim, kernel: D.Dim, stride: D.Dim, padding: D.Dim, dilation: D.Dim = 1) -> D.Dim:
    """floor((L + 2p - d(k-1) - 1) / s) + 1: the Conv2d / MaxPool2d output size."""
    reach = D.add(D.mul(dilation, D.sub(kernel, 1)), 1)
    return D.add(D.floordiv(D.sub(D.add(length, D.mul(2, padding)), reach), stride), 1)


def require_window(ctx: OpContext, length: D.Dim, kernel: D.Dim, padding: D.Dim, dilation: D.Dim,
                    axis: int) -> None:
    reach = D.add(D.mul(dilation, D.sub(kernel, 1)), 1)
    padded = D.add(length, D.mul(2, padding))
    ctx.require(ge(padded, reach), "SC107", lambda: (
        f"{ctx.op}: kernel size {ctx.show_dim(reach)} is larger than the padded input size "
        f"{ctx.show_dim(padded)} along spatial dim {axis}"))


def conv_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, cin: D.Dim | None, cout: D.Dim | None,
               kernel: Dims | None, stride: Dims | None, padding: Value | None, dilation: Dims | None,
               what: str) -> Value:
    """Conv{nd}d: (N, C_in, *L) -> (N, C_out, *L_out), L_out = floor((L + 2p - d(k-1) - 1)/s) + 1."""
    split = split_spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split.lead, split.spatial
    if cin is not None and not split.peeled:
        ctx.require(eq(lead[-1], cin), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but {what}: {ctx.show_dim(lead[-1])} != {ctx.show_dim(cin)} "
            f"(channels, dim {len(lead) - 1})"))
    channels = cout if cout is not None else ctx.fresh("out_channels")
    stride = stride or (1,) * nd
    dilation = dilation or (1,) * nd
    mode = padding.value if type(padding) is Str else None
    if mode == "same":
        if any(s != 1 for s in stride):
            ctx.fail("SC107", f"{ctx.op}: padding='same' is not supported for strided convolutions")
        return Array(split.shape(lead[:-1] + (channels,) + spatial), x.dtype)
    pads = (0,) * nd if mode == "valid" else per_dim(padding, nd, 0)
    if kernel is None or pads is None or type(padding) is Str and mode != "valid" or split.peeled:
        return Array(split.shape(lead[:-1] + (channels,) + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = []
    for axis, (length, k, s, p, d) in enumerate(zip(spatial, kernel, stride, pads, dilation)):
        require_window(ctx, length, k, p, d, axis)
        out.append(window_out(length, k, s, p, d))
    return Array(split.shape(lead[:-1] + (channels,) + tuple(out)), x.dtype)


def conv_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        m = call.args[0].value
        x, arg = layer_input(call)
        if x is None:
            return UNKNOWN
        cin = dim_of(m.param("in_channels"))
        return conv_shape(ctx, x, arg, nd, cin, dim_of(m.param("out_channels")),
                          per_dim(m.param("kernel_size"), nd), per_dim(layer_param(m, "stride"), nd, 1),
                          layer_param(m, "padding", Int(0)), per_dim(layer_param(m, "dilation"), nd, 1),
                          f"the layer takes in_channels={ctx.show_dim(cin) if cin is not None else '?'}")

    return rule


def functional_conv(nd: int) -> Rule:
    """``F.conv2d(x, weight, bias, stride, padding, dilation, groups)``: weight is (C_out, C_in/groups, *k)."""

    @weighted(("input", "weight", "bias", "stride", "padding", "dilation", "groups"), (nd + 2,))
    def rule(ctx: OpContext, b: dict[str, Arg], x: Array, wd: tuple) -> Value:
        groups = int_arg(b.get("groups")) or 1
        value = lambda k: b[k].value if k in b else None  # noqa: E731
        return conv_shape(ctx, x, b["input"], nd, D.mul(wd[1], groups), wd[0], wd[2:],
                          per_dim(value("stride"), nd, 1), value("padding") or Int(0),
                          per_dim(value("dilation"), nd, 1), ctx.describe(b["weight"]))

    return rule


def transposed_conv_shape(ctx: OpContext, x: Array, x_arg: Arg, nd: int, m: TorchModule) -> Value:
    """ConvTranspose: L_out = (L - 1)s - 2p + d(k - 1) + output_padding + 1."""
    split = split_spatial(ctx, x, x_arg, nd)
    if split is None:
        return Array(UNKNOWN_SHAPE, x.dtype)
    lead, spatial = split.lead, split.spatial
    cin = dim_of(m.param("in_channels"))
    if cin is not None and not split.peeled:
        ctx.require(eq(lead[-1], cin), "SC102", lambda: (
            f"{ctx.op}: {ctx.describe(x_arg)} but the layer takes in_channels={ctx.show_dim(cin)}: "
            f"{ctx.show_dim(lead[-1])} != {ctx.show_dim(cin)}"))
    channels = dim_of(m.param("out_channels")) or ctx.fresh("c")
    kernel = per_dim(m.param("kernel_size"), nd)
    stride, pads = per_dim(layer_param(m, "stride"), nd, 1), per_dim(layer_param(m, "padding"), nd, 0)
    extra, dilation = per_dim(layer_param(m, "output_padding"), nd, 0), per_dim(layer_param(m, "dilation"), nd, 1)
    if None in (kernel, stride, pads, extra, dilation) or split.peeled:
        return Array(split.shape(lead[:-1] + (channels,) + tuple(ctx.fresh("l") for _ in spatial)), x.dtype)
    out = tuple(D.add(D.add(D.sub(D.mul(D.sub(length, 1), s), D.mul(2, p)), D.mul(d, D.sub(k, 1))), e + 1
                      if type(e) is int else D.add(e, 1))
                for length, k, s, p, d, e in zip(spatial, kernel, stride, pads, dilation, extra))
    return Array(split.shape(lead[:-1] + (channels,) + out), x.dtype)


def transposed_conv_layer(nd: int) -> Rule:
    def rule(ctx: OpContext, call: Call) -> Value:
        x, arg = layer_input(call)
        return UNKNOWN if x is None else transposed_conv_shape(ctx, x, arg, nd, call.args[0].value)

    return rule


def functional_transposed_conv(nd: int) -> Rule:
    """``F.conv_transpose2d(x, weight, bias, stride, padding, output_padding, groups, dilation)``: weight
    is (C_in, C_out/groups, *k); the shape is the layer's built from the weight."""

    @weighted(("input", "weight", "bias", "stride", "padding", "output_padding", "groups", "dilation"), (nd + 2,))
    def rule(ctx: OpContext, b: dict[str, Arg], x: Array, wd: tuple) -> Value:
        groups = int_arg(b.get("groups")) or 1
        layer = TorchModule(f"ConvTranspose{nd}d", (
            ("in_channels", Int(wd[0])), ("out_channels", Int(D.mul(wd[1], groups))),
            ("kernel_size", Tuple(tuple(Int(k) for k in wd[2:]))))
            + tuple((k, b[k].value) for k in ("stride", "padding", "output_padding", "dilation") if k in b))
        return transposed_conv_shape(ctx, x, b["input"], nd, layer)

    return rule


def conv_weight(m: TorchModule, nd: int, transposed: bool = False) -> tuple | None:
    kernel = per_dim(m.param("kernel_size"), nd)
    groups = dim_of(layer_param(m, "groups", Int(1)))
    grouped, whole = ("out_channels", "in_channels") if transposed else ("in_channels", "out_channels")
    channels = dim_of(m.param(grouped))
    if kernel is None or groups is None or channels is None:
        return None
    return (m.param(whole), Int(D.floordiv(channels, groups))) + tuple(Int(k) for k in kernel)


def conv_weights(nd: int, transposed: bool = False):
    """``conv.weight`` is (out_channels, in_channels / groups, *kernel_size), a transposed one's
    (in_channels, out_channels / groups, *kernel_size); ``conv.bias`` (out_channels,), not the
    ``bias=True`` it was built with."""
    return lambda m: {"bias": (m.param("out_channels"),), "weight": conv_weight(m, nd, transposed)}


def conv_attributes(nd: int, transposed: bool = False):
    """``conv.kernel_size``, ``stride``, ``padding``, ``dilation`` (and a transposed one's
    ``output_padding``) are nd-tuples, as torch's ``_pair`` makes them; ``groups`` is 1 when not given."""
    sizes = {"kernel_size": None, "stride": 1, "padding": 0, "dilation": 1, **({"output_padding": 0} if transposed else {})}
    return lambda m: {"groups": m.param("groups") or Int(1), **tupled(m, sizes, nd)}


def grouped_channels(ctx: OpContext, params: dict[str, Value]) -> None:
    """What torch checks when a convolution is built: both channel counts divide into ``groups``."""
    groups = dim_of(params.get("groups"))
    if groups is not None and groups != 1:
        require_divisible(ctx, dim_of(params.get("in_channels")), groups, "in_channels must be divisible by groups")
        require_divisible(ctx, dim_of(params.get("out_channels")), groups, "out_channels must be divisible by groups")
