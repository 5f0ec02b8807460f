"""``torch.utils.data``: what a training loop iterates. A dataset is a sequence of samples and a
loader a sequence of batches, so both are lists of unknown length whose element is known: a
``TensorDataset(X, y)`` sample is the tuple of the tensors' rows, a map-style ``Dataset``'s is what its
``__getitem__`` returns for an index, and a ``DataLoader`` batch is the default collate of
``batch_size`` samples -- each tensor or number stacked on a new first dim, tuples, lists and dicts
collated per entry. The batch dim is ``batch_size`` when every batch is full (``drop_last``, or a
known length it divides), else a dim of its own (the last batch may be short).
Source: the PyTorch reference, torch.utils.data (default_collate)."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import Shape
from ..core.context import Arg, Call, OpContext
from ..core.join import join_returns
from ..core.values import (UNKNOWN, Alternatives, Array, Bool, Dict, Float, Instance, Int, List, NoneValue, Tuple, Value,
                           as_tensor)
from .args import as_array, int_arg
from .kinds import Rule


def tensor_dataset(ctx: OpContext, call: Call) -> Value:
    arrays = [as_array(a.value) for a in call.args]
    if not arrays or any(a is None or a.shape.dims is None or not a.shape.dims for a in arrays):
        return List(None)
    rows = Tuple(tuple(as_tensor(Array(Shape(a.shape.dims[1:]), a.dtype)) for a in arrays))
    return List(None, rows, arrays[0].shape.dims[0])


def _sample(ctx: OpContext, dataset: Value) -> tuple[Value, D.Dim | None]:
    """One sample of ``dataset`` and the dataset's length when known."""
    if type(dataset) is List:
        return dataset.element if dataset.items is None else (dataset.items[0] if dataset.items else UNKNOWN), (
            dataset.length if dataset.items is None else len(dataset.items))
    if type(dataset) is Tuple:
        return (dataset.items[0] if dataset.items else UNKNOWN), len(dataset.items)
    if type(dataset) is Instance and dataset.cls.lookup("__getitem__") is not None:
        item = ctx.interp.call(ctx.node, ctx.interp.attribute(dataset, "__getitem__", ctx.node),
                               [Arg(Int(ctx.fresh("i")), "")], {})
        return item, None
    if type(dataset) is Alternatives:
        # one of a few datasets, chosen at run time (minGPT's ``{'train': train, 'test': test}[split]``):
        # a sample of any, their lengths where they agree
        samples = [_sample(ctx, option) for option in dataset.options]
        lengths = {length for _, length in samples}
        return join_returns(ctx.fresh, [sample for sample, _ in samples]), lengths.pop() if len(lengths) == 1 else None
    return UNKNOWN, None


def collate(sample: Value, batch: D.Dim) -> Value:
    """default_collate of ``batch`` samples like ``sample``."""
    t = type(sample)
    if t is Array:
        return as_tensor(Array(Shape((batch,) + sample.shape.prefix, sample.shape.variadic, sample.shape.suffix,
                                     sample.shape.middle), sample.dtype))
    if t is Int or t is Bool:
        return as_tensor(Array(Shape((batch,)), "int64" if t is Int else "bool"))
    if t is Float:
        return as_tensor(Array(Shape((batch,)), "float64"))
    if t is Tuple:
        return Tuple(tuple(collate(i, batch) for i in sample.items), fields=sample.fields)
    if t is List and sample.items is not None:
        return List(tuple(collate(i, batch) for i in sample.items))
    if t is Dict:
        return Dict(tuple((k, collate(v, batch)) for k, v in sample.items), sample.complete)
    return UNKNOWN


def data_loader(ctx: OpContext, call: Call) -> Value:
    b = call.bind(("dataset", "batch_size", "shuffle", "sampler", "batch_sampler", "num_workers", "collate_fn",
                   "pin_memory", "drop_last"))
    if "dataset" not in b or "collate_fn" in b or "batch_sampler" in b:
        return List(None)
    sample, length = _sample(ctx, b["dataset"].value)
    size_arg = b.get("batch_size")
    if size_arg is not None and type(size_arg.value) is NoneValue:
        return List(None, sample, length)   # batch_size=None: samples as they come
    size = int_arg(size_arg, ctx) if size_arg is not None else 1
    if size is None:
        return List(None, collate(sample, ctx.fresh("batch")))
    drop_last = "drop_last" in b and type(b["drop_last"].value) is Bool and b["drop_last"].value.value is True
    full = drop_last or (isinstance(length, int) and isinstance(size, int) and size > 0 and length % size == 0)
    batches = None
    if length is not None and isinstance(size, int) and size > 0:
        batches = D.floordiv(length, size) if drop_last else D.floordiv(D.add(length, size - 1), size)
    return List(None, collate(sample, size if full else ctx.fresh("batch")), batches)


#: torch.utils.data's callables by qualified name
TORCH_DATA: dict[str, Rule] = {
    "torch.utils.data.TensorDataset": tensor_dataset,
    "torch.utils.data.DataLoader": data_loader,
}
