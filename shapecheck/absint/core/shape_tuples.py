"""A shape read as a Python value when its rank is unknown (:class:`ShapeTuple`): indexed, sliced,
extended and spread into another tuple, as torch.Size and NumPy's shape tuples are.

Every operation here is Python's tuple semantics on the dims a shape stands for. Where it needs a
dim of a parameter's middle (``x.shape[-1]``, ``x.shape[:-1]``), it takes it off the middle as an op
on that axis does (``shapes.split_last``, ``split_first``): the value presumes the parameter has
those dims, as every op that reads them does, and is exact for every such rank. Where the rank
decides which dims a result holds (``(*x, 5)[2:]``), the result is unknown: no rank is invented.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.shapes import MiddleDim, Shape, extended, prepended, split_first, split_last
from .values import NONE, UNKNOWN, Int, ShapeTuple, Slice, Tuple, Value, int_view


def shape_value(shape: Shape) -> Value:
    """A shape as a value of its dims: a tuple at a known rank, a :class:`ShapeTuple` where some
    of it is known (a parameter's middle, or known ends), else unknown."""
    if not shape.variadic:
        return Tuple(tuple(Int(d) for d in shape.prefix))
    if shape.middle is None and not shape.prefix and not shape.suffix:
        return UNKNOWN
    return ShapeTuple(shape)


def rank_value(shape: Shape, fresh) -> Int:
    """``x.ndim`` of an array of ``shape``: its rank, or where that is not known at least the dims it
    is known to have (``atleast_2d(x).ndim == 1`` is false: pytransit's branch for a 1-D ``ldc``
    after ``ldc = atleast_2d(ldc)`` indexed ``ldc.shape[1]``, a false SC105)."""
    if not shape.variadic:
        return Int(len(shape.prefix))
    more = fresh("ndim")
    return Int(D.add(more, shape.min_rank) if shape.min_rank else more)


def tuple_shape(v: Value) -> Shape | None:
    """The dims ``v`` holds as a shape: a :class:`ShapeTuple`'s, or a tuple's of ints; else None."""
    if type(v) is ShapeTuple:
        return v.shape
    if type(v) is Tuple and all(type(item) is Int for item in v.items):
        return Shape(tuple(item.dim for item in v.items))
    return None


def dim_at(shape: Shape, index: int, dim_of: MiddleDim) -> Value:
    """``shape[index]``: an int, or unknown where the rank decides which dim it is."""
    if index >= 0:
        split = split_first(shape, index + 1, dim_of)
        return UNKNOWN if split is None else Int(split[0][index])
    split = split_last(shape, -index, dim_of)
    return UNKNOWN if split is None else Int(split[1][0])


def sliced(shape: Shape, start: int | None, stop: int | None, dim_of: MiddleDim) -> Value:
    """``shape[start:stop]`` (step 1). A bound from the start cuts there, one from the end cuts
    that many off the end; a negative start with a non-negative stop depends on the rank (unknown)."""
    if stop is not None and stop >= 0:
        if start is not None and start < 0:
            return UNKNOWN
        split = split_first(shape, stop, dim_of)
        return UNKNOWN if split is None else shape_value(Shape(split[0][start or 0:]))
    if stop is not None:
        if start is not None and start < 0:
            if start >= stop:
                return Tuple(())
            start -= stop   # counted from the end of what is left: s[-3:-1] is s[:-1][-2:]
        split = split_last(shape, -stop, dim_of)
        if split is None:
            return UNKNOWN
        shape = split[0]
    if not start:
        return shape_value(shape)
    if start > 0:
        split = split_first(shape, start, dim_of)
        return UNKNOWN if split is None else shape_value(split[1])
    split = split_last(shape, -start, dim_of)
    return UNKNOWN if split is None else shape_value(Shape(split[1]))


def _joined(a: Shape, b: Shape) -> Shape | None:
    """The dims of ``a`` then those of ``b``; None when both are of unknown length."""
    if a.variadic and b.variadic:
        return None
    return prepended(a.prefix, b) if b.variadic else extended(a, b.prefix)


def concatenated(left: Value, right: Value, fresh) -> Value | None:
    """``left + right`` where one is a :class:`ShapeTuple` (``x.shape[:-1] + (d,)``): the other must
    be a tuple of ints, a config's named ones included (``(config.hidden_size,)``: two parts of
    unknown length leave nothing at a fixed place); None when neither is one."""
    if type(left) is not ShapeTuple and type(right) is not ShapeTuple:
        return None
    left, right = (Tuple(tuple(int_view(item, fresh) for item in v.items)) if type(v) is Tuple else v
                   for v in (left, right))
    a, b = tuple_shape(left), tuple_shape(right)
    out = None if a is None or b is None else _joined(a, b)
    return UNKNOWN if out is None else shape_value(out)


def spread(parts: list[tuple[bool, Value]], fresh) -> Value | None:
    """A tuple display with ``*`` parts (``(*input_shape, -1, self.head_dim)``), as (starred, value)
    pairs: a :class:`ShapeTuple` when one starred part is one and every other item is an int;
    None when no part is one."""
    if not any(starred and type(v) is ShapeTuple for starred, v in parts):
        return None
    out: Shape | None = Shape(())
    for starred, v in parts:
        v = v if starred else int_view(v, fresh)   # (``self.head_dim`` of a config: a named int)
        shape = tuple_shape(v) if starred else Shape((v.dim,)) if type(v) is Int else None
        out = None if shape is None else _joined(out, shape)
        if out is None:
            return UNKNOWN
    return shape_value(out)


def subscript(shape: Shape, index: Value, dim_of: MiddleDim) -> Value:
    """``shape[index]`` for an int or a slice of literal bounds (step 1); else unknown."""
    if type(index) is Int:
        return dim_at(shape, index.dim, dim_of) if type(index.dim) is int else UNKNOWN
    if type(index) is not Slice:
        return UNKNOWN
    start, stop, step = (_bound(v) for v in (index.start, index.stop, index.step))
    if False in (start, stop, step) or step not in (None, 1):
        return UNKNOWN
    return sliced(shape, start, stop, dim_of)


def _bound(v: Value) -> int | None | bool:
    """A slice bound: its int, None where it is omitted, False where it is not known."""
    if v is NONE:
        return None
    return v.dim if type(v) is Int and type(v.dim) is int else False
