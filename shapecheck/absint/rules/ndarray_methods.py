"""``ndarray`` methods that mirror no NumPy function: ``x.sort()`` sorts in place, ``x.resize(n, m)``
reshapes in place, ``x.astype(t)``, ``x.view(t)``, ``x.item()``. Methods that do mirror one (``x.sum(1)``) use that function's rule."""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import NONE, UNKNOWN, Array, Float, List, Tuple, Value, tensor_like
from .args import as_array, dtype_arg, python_number, shape_arg
from .costs import ITEMSIZE
from .kinds import scan

_SORT = scan(flatten_default=False, ravel_0d=False)


def sort_in_place(ctx: OpContext, call: Call) -> Value:
    """``x.sort(axis=-1)``: checks the axis as ``np.sort`` does, returns None."""
    _SORT(ctx, call)
    return NONE


def resized(ctx: OpContext, call: Call) -> Value:
    """The receiver's shape after ``a.resize(new_shape)`` / ``a.resize(2, 3)`` (NumPy: in place, any size,
    new entries zero) or torch's ``t.resize_(2, 3)``: the sizes given, whatever the size before."""
    a = as_array(call.args[0].value) if call.args else None
    sizes = call.args[1:]
    if a is None or not sizes:
        return UNKNOWN
    arg = sizes[0] if len(sizes) == 1 else Arg(Tuple(tuple(s.value for s in sizes)), ", ".join(s.text for s in sizes))
    dims = shape_arg(ctx, arg)
    return tensor_like(Array(Shape(dims) if dims is not None else UNKNOWN_SHAPE, a.dtype), a)


#: The methods that give their receiver a new shape in place, and the rule of that shape
RESIZES_RECEIVER = {"resize": resized, "resize_": resized}


def astype(ctx: OpContext, call: Call) -> Value:
    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return UNKNOWN
    bound = call.bind(("a", "dtype"))
    return Array(a.shape, dtype_arg(bound.get("dtype")))


def view(ctx: OpContext, call: Call) -> Value:
    """``x.view()`` keeps the shape; ``x.view(dtype)`` scales the last axis by the itemsizes' ratio
    (:func:`viewed_as`); ``x.view(type=...)`` is another kind of array."""
    a = call.args[0].value if call.args else None
    if type(a) is not Array:
        return UNKNOWN
    if "type" in call.kwargs or len(call.args) > 2:
        return Array(UNKNOWN_SHAPE, None)
    if len(call.args) > 1 or "dtype" in call.kwargs:
        dtype = call.args[1] if len(call.args) > 1 else call.kwargs["dtype"]
        return viewed_as(a, dtype_arg(dtype))
    return a


def viewed_as(a: Array, dtype: str | None) -> Array:
    """``a``'s bytes read as ``dtype`` (``x.view(np.float32)``, ``x.dtype = np.float32``): the last axis
    scaled by the ratio of the itemsizes (an (h, w, 4) uint8 image is (h, w, 1) float32: taming-
    transformers' depth maps), the shape unknown where either itemsize or the rank is."""
    old, new = ITEMSIZE.get(a.dtype or ""), ITEMSIZE.get(dtype or "")
    dims = a.shape.dims
    if old == new and old is not None:
        return tensor_like(Array(a.shape, dtype), a)
    if old is None or new is None or not dims:
        return tensor_like(Array(UNKNOWN_SHAPE, dtype), a)
    last = dims[-1]
    if type(last) is int:
        last = last * old // new
    elif old % new == 0:
        last = D.mul(last, old // new)
    else:
        last = D.floordiv(D.mul(last, old), new)
    return tensor_like(Array(Shape(dims[:-1] + (last,)), dtype), a)


def item(ctx: OpContext, call: Call) -> Value:
    """``x.item()``: the one element as a Python number of the array's kind (NumPy raises for any
    other size); ``x.item(i)`` one element; a float where the array is not known. pymc-extras'
    ``np.flatnonzero(mask)[-1].item() + 1`` is an ``int``, so ``isinstance(k, int)`` holds; a float
    there took the wrong branch (a 0-d mask, 2 false SC105)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return Float()
    if len(call.args) == 1 and not call.kwargs and a.shape.dims is not None:
        n = D.product(a.shape.dims)
        ctx.require(eq(n, 1), "SC107", lambda: (
            f"{ctx.op}: can only convert an array of size 1 to a Python scalar, not size {ctx.show_dim(n)}"))
    return python_number(ctx, a.dtype)


def tolist(ctx: OpContext, call: Call) -> Value:
    """``x.tolist()`` (NumPy and torch): nested lists, one level per axis, of Python numbers. The
    lists' lengths are the dims, and no level is None (causal-learn tests ``loghyper is not None``
    after ``loghyper = loghyper.T.tolist()[0]``; an unknown there left a dead branch undecided)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or not a.shape.dims:
        # (a 0-d array's is one Python number, left unknown: where the array may be a NumPy scalar,
        # ``if isinstance(v, np.ndarray): v = v.tolist()`` joins that number with the 0-d array, which
        # is no ``int`` to ``isinstance``; python-control's B-spline degree then went on as an array)
        return UNKNOWN
    value = python_number(ctx, a.dtype) if a.dtype is not None else UNKNOWN
    for d in reversed(a.shape.dims):
        value = List(None, value, d)
    return value
