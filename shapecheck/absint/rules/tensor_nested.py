"""torch.nested's jagged tensors (``layout=torch.jagged``): a batch of tensors that differ in their
first dim, as one tensor.

``nested_tensor([a, b], layout=torch.jagged)`` of components ``(n_i, *rest)`` is ``(B, r, *rest)``:
B the number of components and r the ragged dim, which stands for every n_i at once. r is a dim of
its own, a fresh symbol (shown ``ragged``) that nothing equates to a plain dim, so no error can
follow from its value; torch has the same notion (a "nested int": an op that pairs the ragged dim
with a dense dim that is not 1 raises). Ops on a jagged tensor are those of the dense ``(B, r,
*rest)`` (torch implements the ones that keep the ragged dim in place: elementwise, ``Linear``,
``LayerNorm``, ``transpose(1, 2)``, ``unflatten`` of the last dim, ``scaled_dot_product_attention``).

Its own methods: ``values()`` is the components joined along their first dim, ``(total, *rest)``;
``offsets()`` the ``B + 1`` offsets of the components in it; ``unbind()`` (the dense rule) gives each
component as ``(r, *rest)``.

A nested tensor of the default strided layout stays unknown: its ``size()`` raises on the dims
that differ between components.

Source: the PyTorch reference, torch.nested (2.5: "Construction", "Supported operations");
torch.nested.nested_tensor / as_nested_tensor / nested_tensor_from_jagged.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, LibraryObject, List, Tuple, Value
from .args import as_array

#: The hint of a ragged dim's symbol: how :func:`is_ragged` knows it, and how messages show it.
RAGGED = "ragged"


def is_ragged(dim: D.Dim) -> bool:
    """Whether ``dim`` is a jagged tensor's ragged dim (its symbol alone)."""
    if type(dim) is int:
        return False
    names = D.free_symbols(dim)
    return len(names) == 1 and D.display_name(min(names)) == RAGGED and dim == D.sym(min(names))


def _jagged(call: Call) -> bool:
    layout = call.kwargs.get("layout")
    return layout is not None and type(layout.value) is LibraryObject and layout.value.qualname == "torch.jagged"


def _components(ctx: OpContext, v: Value) -> tuple[D.Dim, Array] | None:
    """How many components a list holds and one that stands for each: the dims all of them agree
    on, a fresh dim where they differ (the first: it is the ragged one); None when not known."""
    if type(v) not in (List, Tuple):
        return None
    if v.items is None:
        element = as_array(v.element)
        count = v.length if type(v) is List and v.length is not None else ctx.fresh("B")
        return (count, element) if element is not None and element.shape.rank else None
    arrays = [as_array(item) for item in v.items]
    if not arrays or any(a is None or not a.shape.rank for a in arrays) or \
            len({a.shape.rank for a in arrays}) != 1:
        return None
    dims = tuple(ds[0] if len(set(ds)) == 1 else ctx.fresh("d") for ds in zip(*(a.shape.dims for a in arrays)))
    return len(arrays), Array(Shape(dims), arrays[0].dtype, tensor=True)


def nested_tensor(ctx: OpContext, call: Call) -> Value:
    """``nested_tensor(tensor_list, layout=torch.jagged)`` and ``as_nested_tensor(ts, layout=...)``:
    ``(B, r, *rest)`` of components ``(n_i, *rest)``; a dense ``(B, n, *rest)`` tensor passed to
    ``as_nested_tensor`` is its B components."""
    data = call.args[0].value if call.args else next(
        (call.kwargs[k].value for k in ("tensor_list", "ts") if k in call.kwargs), None)
    if data is None or not _jagged(call):
        return UNKNOWN
    if type(data) is Array:
        dims = data.shape.dims
        if dims is None or len(dims) < 2:
            return UNKNOWN
        count, rest, dtype = dims[0], dims[2:], data.dtype
    else:
        found = _components(ctx, data)
        if found is None:
            return UNKNOWN
        count, component = found
        rest, dtype = component.shape.dims[1:], component.dtype
    return Array(Shape((count, ctx.fresh(RAGGED)) + rest), dtype, tensor=True)


def from_jagged(ctx: OpContext, call: Call) -> Value:
    """``nested_tensor_from_jagged(values, offsets)``: values ``(total, *rest)`` split at the
    ``B + 1`` offsets, ``(B, r, *rest)``."""
    bound = call.bind(("values", "offsets"))
    values = as_array(bound["values"].value) if "values" in bound else None
    offsets = as_array(bound["offsets"].value) if "offsets" in bound else None
    if values is None or values.shape.dims is None or not values.shape.dims:
        return UNKNOWN
    count = D.sub(offsets.shape.dims[0], 1) if offsets is not None and offsets.shape.rank == 1 else ctx.fresh("B")
    return Array(Shape((count, ctx.fresh(RAGGED)) + values.shape.dims[1:]), values.dtype, tensor=True)


def _jagged_receiver(call: Call) -> Array | None:
    a = as_array(call.args[0].value) if call.args else None
    dims = a.shape.dims if a is not None else None
    return a if dims is not None and len(dims) >= 2 and is_ragged(dims[1]) else None


def values(ctx: OpContext, call: Call) -> Value:
    """``nt.values()``: the components joined along their first (ragged) dim."""
    a = _jagged_receiver(call)
    if a is None:
        return UNKNOWN   # a sparse tensor's values() has a layout of its own
    return Array(Shape((ctx.fresh("total"),) + a.shape.dims[2:]), a.dtype, tensor=True)


def offsets(ctx: OpContext, call: Call) -> Value:
    """``nt.offsets()``: where each component starts in ``values()``, and where the last ends."""
    a = _jagged_receiver(call)
    if a is None:
        return UNKNOWN
    return Array(Shape((D.add(a.shape.dims[0], 1),)), "int64", tensor=True)


#: torch.nested's functions, by qualified name.
NESTED = {
    "torch.nested.nested_tensor": nested_tensor, "torch.nested.as_nested_tensor": nested_tensor,
    "torch.nested.nested_tensor_from_jagged": from_jagged,
}

#: A jagged tensor's own methods.
NESTED_METHODS = {"values": values, "offsets": offsets}

__all__ = ["NESTED", "NESTED_METHODS", "RAGGED", "is_ragged"]
