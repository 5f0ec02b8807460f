"""A torch.nn layer as the analyser sees it: the :class:`Layer` record each row of the table
(:data:`.torch_nn.LAYERS`) holds, and what follows from one: building the layer (``nn.Conv2d(3, 16, 5)``
is a :class:`TorchModule` holding its constructor arguments by name, checked as torch checks them) and
reading its attributes (``conv.weight`` is a tensor of a known shape)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import MORE_KEYWORDS, MORE_POSITIONAL, Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Int, List, Method, TorchModule, Tuple, Unknown, Value, as_tensor, int_view
from .args import element_texts, int_of_text, names_one_size
from .kinds import Rule
from .nn_args import dim_of, require_divisible

#: The tensors among a built layer's attributes: name -> dims as Values (None when not known).
Weights = Callable[[TorchModule], dict[str, tuple | None]]

#: What torch checks when a layer is built, given the constructor arguments by parameter name.
BuildCheck = Callable[[OpContext, dict[str, Value]], None]


@dataclass(frozen=True, slots=True)
class Layer:
    """One torch.nn layer kind: its constructor, its call, its tensors, its construction check."""

    params: tuple[str, ...]      # constructor parameters in torch's order; () takes keywords only
    call: Rule                   # ``layer(x)``: (ctx, Call(kind, [layer, *inputs])) -> Value
    weights: Weights | None = None
    check: BuildCheck | None = None
    # parameters that may be a whole shape (``normalized_shape=(c, h, w)``): one known only by name
    # is no single size (its length is the rank of the layer's weights), so it stays unknown
    shapes: tuple[str, ...] = ()
    # the attributes torch derives from the arguments where they differ from them (a Conv2d's
    # ``kernel_size=3`` is ``(3, 3)``, its ``stride`` ``(1, 1)`` when not given): name -> value
    attributes: Callable[[TorchModule], dict[str, Value]] | None = None


def divisible(total: str, parts: str) -> BuildCheck:
    """A construction check: parameter ``total`` must divide into ``parts`` (heads, groups)."""

    def check(ctx: OpContext, params: dict[str, Value]) -> None:
        require_divisible(ctx, dim_of(params.get(total)), dim_of(params.get(parts)),
                          f"{total} must be divisible by {parts}")

    return check


MORE = (MORE_POSITIONAL, MORE_KEYWORDS)


def construct(kind: str, layer: Layer | None) -> Rule:
    """``nn.<kind>(...)``: a :class:`TorchModule` holding the arguments by parameter name."""
    names = layer.params if layer is not None else ()
    check = layer.check if layer is not None else None
    shapes = layer.shapes if layer is not None else ()

    def rule(ctx: OpContext, call: Call) -> Value:
        bound = call.bind(names) if names else dict(call.kwargs)
        # a layer's arguments are sizes, rates and flags: one known only by name (``config.n_embd``)
        # is its named int, so the layer and the code around it speak of the same dim
        # (a whole shape's parameter given one known only by name stays unknown, unless its name is a
        # size's: ``nn.LayerNorm(dim)``, ``super().__init__(num_channels)``)
        params = {name: arg.value if name in shapes and type(arg.value) is Unknown and not names_one_size(arg.text)
                  else _size_or_value(ctx, arg) for name, arg in bound.items() if name not in MORE}
        if any(key in call.kwargs for key in MORE):
            # ``nn.LayerNorm(dim, **kwargs)``: what the unknown arguments may set is unknown, not its default
            params.update({name.lstrip("*"): UNKNOWN for name in names if name.lstrip("*") not in params})
        if check is not None:
            check(ctx, params)
        return TorchModule(kind, tuple(params.items()))

    return rule


def tupled(m: TorchModule, names: dict[str, int | None], n: int) -> dict[str, Value]:
    """Arguments torch keeps as n-tuples (``_pair(stride)``): an int given (or the default in
    ``names``, None for a required one) is n copies of it, a list a tuple; text (``padding="same"``)
    and what is not known stay as they are."""
    out: dict[str, Value] = {}
    for name, default in names.items():
        v = m.param(name)
        if v is None and default is not None:
            v = Int(default)
        if type(v) is Int:
            out[name] = Tuple((v,) * n)
        elif type(v) is List and v.items is not None:
            out[name] = Tuple(v.items)
    return out


def _size_or_value(ctx: OpContext, arg: Arg) -> Value:
    """A constructor argument: one known only by name is its named int, as is an arithmetic of
    unknown parameters (``nn.Linear(dim, inner_dim * 3)`` in a generic ``__init__``)."""
    if type(arg.value) is Unknown:
        d = int_of_text(ctx, arg.text)
        return Int(d) if d is not None else arg.value
    if type(arg.value) in (Tuple, List) and arg.value.items is not None and Unknown in map(type, arg.value.items):
        # a literal tuple of sizes (``kernel_shape=(num_heads, features, head_dim)``): each item known
        # only by name is its named int too
        texts = element_texts(arg.text, len(arg.value.items))
        items = tuple(_size_or_value(ctx, Arg(item, text)) if type(item) is Unknown else item
                      for item, text in zip(arg.value.items, texts))
        return int_view(replace(arg.value, items=items), ctx.fresh)
    return int_view(arg.value, ctx.fresh)


def layer_attribute(ctx: OpContext, m: TorchModule, attr: str, weights: Weights | None, text: str = "",
                    attributes: Callable[[TorchModule], dict[str, Value]] | None = None, tensor: bool = True) -> Value:
    """``layer.weight`` (a tensor, from ``weights``; a JAX array where not ``tensor``), ``conv.stride``
    (as torch keeps it, from ``attributes``), ``layer.in_features`` (an argument it was built with),
    ``layer.to(device)`` (a method)."""
    shapes = weights(m) if weights is not None else None
    if shapes is not None and attr in shapes:
        dims = shapes[attr]
        known = dims is not None and all(type(d) is Int for d in dims)
        weight = Array(Shape(tuple(d.dim for d in dims)) if known else UNKNOWN_SHAPE, "float32")
        return as_tensor(weight) if tensor else weight
    derived = attributes(m).get(attr) if attributes is not None else None
    if derived is not None:
        return derived
    value = m.param(attr)
    if value is not None:
        return value
    return Method(m, attr, text)
