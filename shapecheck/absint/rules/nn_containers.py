"""Containers of layers: ``nn.Sequential`` runs each layer's rule in turn, a stacked
``nn.TransformerEncoder`` the rule of its layer; ``nn.ModuleList``/``ModuleDict`` are their list and dict.
The rules of the contained layers come from the table they are given (:data:`.torch_nn.LAYERS`)."""

from __future__ import annotations

from typing import Mapping

from ..core.context import Arg, Call, OpContext
from ..core.values import LAYER_BASE, UNKNOWN, Dict, Int, List, Slice, Str, TorchModule, Tuple, Value, as_tensor
from .kinds import Rule
from .nn_modules import Layer


def module_list(ctx: OpContext, call: Call) -> Value:
    """``nn.ModuleList(layers)`` is its list: indexing, iterating and ``len`` work as on a list."""
    if not call.args:
        return List(())
    v = call.args[0].value
    if type(v) is List:
        return v
    if type(v) is Tuple:
        return List(v.items)
    return List(None, UNKNOWN)


def module_dict(ctx: OpContext, call: Call) -> Value:
    """``nn.ModuleDict({"a": layer})`` or ``nn.ModuleDict([("a", layer), ...])``: its dict."""
    v = call.args[0].value if call.args else None
    if type(v) is Dict:
        return v
    if type(v) in (List, Tuple) and v.items is not None:
        pairs = []
        for item in v.items:
            if not (type(item) in (List, Tuple) and item.items is not None and len(item.items) == 2
                    and type(item.items[0]) is Str and item.items[0].value is not None):
                return Dict()
            pairs.append((item.items[0].value, item.items[1]))
        return Dict(tuple(pairs), complete=True)
    return Dict()


def layer_item(m: TorchModule, index: Value) -> Value:
    """``seq[i]`` and ``seq[a:b]`` of an ``nn.Sequential``."""
    layers = m.param("layers") if m.kind == "Sequential" else None
    if type(layers) is not Tuple:
        return UNKNOWN
    if type(index) is Int and type(index.dim) is int and -len(layers.items) <= index.dim < len(layers.items):
        return layers.items[index.dim]
    if type(index) is Slice:
        bounds = [getattr(b, "dim", None) for b in (index.start, index.stop, index.step)]
        if all(b is None or type(b) is int for b in bounds):
            return TorchModule("Sequential", (("layers", Tuple(layers.items[slice(*bounds)])),))
    return UNKNOWN


def children(layers: Tuple | None, named: bool) -> Value:
    """``m.children()`` / ``m.named_children()`` of the layers a module holds, in the order torch
    registers them (``nn.Sequential(*list(resnet.children())[:-1])``: the backbone without its head);
    unknown where they are not known (None)."""
    if layers is None:
        return List(None)
    if not named:
        return List(tuple(v for _, v in layers.items))
    return List(tuple(Tuple((Str(k), v)) for k, v in layers.items))


def registered(container: Value, is_module) -> "Tuple | None":
    """The (name, layer) pairs of a Sequential (``"0"``, ``"1"``, ...) or of a user module's attributes
    that are modules (``is_module``), in assignment order; None where one may or may not be a layer."""
    if type(container) is TorchModule:
        layers = container.param("layers") if container.kind == "Sequential" else None
        return Tuple(tuple((str(i), v) for i, v in enumerate(layers.items))) if type(layers) is Tuple else None
    out = []
    for name, value in container.attrs.items():
        if name == LAYER_BASE:   # a layer subclass's own base layer: a Sequential's layers are its children
            layers = registered(value, is_module) if type(value) is TorchModule else Tuple(())
            if layers is None:
                return None
            out.extend(layers.items)
            continue
        kind = is_module(value)
        if kind is None:
            return None
        if kind:
            out.append((name, value))
    return Tuple(tuple(out))


def with_layer(container: Value, index: Value, layer: Value) -> Value:
    """``seq[i] = layer`` (an nn.Sequential, or an nn.ModuleList, which is a list here): the container
    with that layer in place (a classifier head swapped for one of other width, ``model.classifier[1]
    = nn.Linear(1280, 5)``); unknown where the index is not known, as any of its layers may be the new
    one."""
    t = type(container)
    layers = container.param("layers") if t is TorchModule and container.kind == "Sequential" else (
        container if t is List else None)
    items = layers.items if type(layers) in (Tuple, List) else None
    if items is None or type(index) is not Int or type(index.dim) is not int \
            or not -len(items) <= index.dim < len(items):
        return UNKNOWN
    i = index.dim % len(items)
    replaced = items[:i] + (layer,) + items[i + 1:]
    return List(replaced) if t is List else TorchModule("Sequential", (("layers", Tuple(replaced)),))


def sequential(layers: Mapping[str, Layer]) -> Rule:
    """Sequential: each layer's rule (from ``layers``) in turn; a failing layer is named by its index."""

    def rule(ctx: OpContext, call: Call) -> Value:
        items = call.args[0].value.param("layers")
        if type(items) is not Tuple or len(call.args) < 2:
            return UNKNOWN
        current = call.args[1]
        for index, layer in enumerate(items.items):
            if type(layer) is TorchModule:
                known = layers.get(layer.kind)
                if known is None:
                    return UNKNOWN
                sub = OpContext(ctx.interp, ctx.node, f"{ctx.op}[{index}] ({layer.kind})")
                value = known.call(sub, Call(layer.kind, [Arg(layer), current]))
            else:   # a user-defined nn.Module (its forward) or any other callable
                value = ctx.interp.call(ctx.node, layer, [current], {})
            value = as_tensor(value)
            if value is UNKNOWN:
                return UNKNOWN
            current = Arg(value, f"the output of {ctx.op}[{index}]")
        return current.value

    return rule


def stacked(layers: Mapping[str, Layer]) -> Rule:
    """TransformerEncoder(layer, num_layers): the layer's rule (every copy has the same shapes)."""

    def rule(ctx: OpContext, call: Call) -> Value:
        layer = call.args[0].value.param("encoder_layer") or call.args[0].value.param("decoder_layer")
        if type(layer) is not TorchModule or layer.kind not in layers:
            return UNKNOWN
        return layers[layer.kind].call(ctx, Call(call.name, [Arg(layer)] + call.args[1:], call.kwargs))

    return rule
