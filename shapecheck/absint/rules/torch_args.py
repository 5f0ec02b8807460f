"""torch's argument conventions: ``dim=``/``keepdim=`` for NumPy's ``axis=``/``keepdims=``, sizes given as
``*size`` or one tuple, torch dtype names (``torch.long``), and the tensor marking of every result.
"""

from __future__ import annotations

import ast

from ..core.context import Arg, Call, OpContext
from ..core.values import flag, Array, Int, LibraryObject, List, Method, Opaque, ShapeTuple, Str, Tuple, Unknown, Value, as_tensor
from .args import as_array, dtype_arg
from .kinds import Rule

_DTYPE_NAMES = {"float": "float32", "double": "float64", "half": "float16", "long": "int64", "int": "int32",
                "short": "int16", "cfloat": "complex64", "cdouble": "complex128", "chalf": "complex32"}


_KEYWORDS = {"dim": "axis", "keepdim": "keepdims"}


def torch_dtype(v: Value | None) -> str | None:
    """``torch.float32`` / ``torch.long`` / ``float`` as a NumPy dtype name."""
    if type(v) is LibraryObject and v.qualname.startswith("torch."):
        name = v.qualname.rsplit(".", 1)[-1]
        return _DTYPE_NAMES.get(name, name)
    return dtype_arg(Arg(v)) if v is not None else None


def torch_call(rule: Rule, default_dtype: str | None = None, **rename: str) -> Rule:
    """The NumPy ``rule`` under torch's keywords: ``dim=``/``keepdim=`` (and ``rename``) become NumPy's,
    and a torch dtype becomes a NumPy dtype name; ``default_dtype``: torch's where NumPy's differs
    (``torch.eye(3)`` is float32, torch's default float type, where NumPy's eye is float64)."""
    names = {**_KEYWORDS, **rename}

    def adapted(ctx: OpContext, call: Call) -> Value:
        kwargs = {names.get(k, k): v for k, v in call.kwargs.items()}
        if "dtype" in kwargs:
            kwargs["dtype"] = Arg(Str(torch_dtype(kwargs["dtype"].value)), kwargs["dtype"].text)
        elif default_dtype is not None:
            kwargs["dtype"] = Arg(Str(default_dtype), "")
        return rule(ctx, Call(call.name, call.args, kwargs))

    return adapted


#: The calls whose positional arguments from the first on are one size, ``*size`` (torch docs:
#: ``Tensor.view(*shape)``, ``Tensor.expand(*sizes)``, ``torch.zeros(*size)``; NumPy's
#: ``ndarray.reshape(*shape)``): a tensor's methods, an array's, and functions by qualified name.
#: There ``x.view(*s, -1)`` is ``x.view((*s, -1))``, so a spread of unknown length is one argument.
SIZE_VARARGS = {
    "tensor": frozenset({"view", "reshape", "expand", "repeat", "new_zeros", "new_ones", "new_empty"}),
    "array": frozenset({"reshape"}),
    "function": frozenset(f"torch.{name}" for name in ("zeros", "ones", "empty", "rand", "randn")),
}


def takes_sizes(func: Value) -> bool:
    """Whether ``func``'s positional arguments are one size (:data:`SIZE_VARARGS`)."""
    if type(func) is LibraryObject:
        return func.qualname in SIZE_VARARGS["function"]
    if type(func) is Method and type(func.receiver) is Array:
        return func.name in SIZE_VARARGS["tensor" if func.receiver.tensor else "array"]
    return False


def size_arg(call: Call, start: int) -> Arg | None:
    """torch's ``*size``: ``zeros(2, 3)``, ``zeros((2, 3))``, ``zeros(x.shape)`` or ``size=``."""
    if "size" in call.kwargs:
        return call.kwargs["size"]
    rest = call.args[start:]
    if len(rest) == 1 and (type(rest[0].value) in (Tuple, List, Unknown, Opaque, ShapeTuple) or _reads_as_sizes(rest[0])):
        # a lone value of unknown kind may be a whole size (``zeros(shape)``): as NumPy's rules read
        # ``np.zeros(shape)``, its rank is unknown, never taken for one int
        return rest[0]
    if not rest:
        return None
    # written as the tuple display it stands for, so each size keeps its own text (its name as a dim)
    return Arg(Tuple(tuple(a.value for a in rest)), "(" + ", ".join(a.text for a in rest) + ")")


def _reads_as_sizes(arg: Arg) -> bool:
    """An argument of unknown value whose expression is a sequence, never an int: ``x.shape``,
    ``x.size()``, or a slice of anything (``t.shape[:2]``, ``x.size()[:-1]``, a torch.Size slice is a
    torch.Size). ``zeros(n)`` with ``n`` unknown stays one size."""
    if type(arg.value) in (Int, Tuple, List):
        return False
    try:
        node = ast.parse(arg.text.strip(), mode="eval").body if arg.text.strip() else None
    except SyntaxError:
        return False
    if isinstance(node, ast.Subscript):
        return isinstance(node.slice, ast.Slice)
    if isinstance(node, ast.Attribute):
        return node.attr == "shape"
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "size"
            and not node.args and not node.keywords)


def first_input(call: Call, name: str = "input") -> tuple[Array | None, Arg | None]:
    arg = call.args[0] if call.args else call.kwargs.get(name)
    return (as_array(arg.value) if arg is not None else None), arg


def dim_arg(call: Call, index: int, default: int | None = None) -> Arg | None:
    """The ``dim`` argument (positional at ``index`` or keyword, or NumPy's ``axis=``, which torch's
    argument parser takes for it: keras 3 calls ``torch.max(x, axis=-1)``); an Int arg for ``default``
    if absent."""
    if len(call.args) > index:
        return call.args[index]
    for name in ("dim", "axis"):
        if name in call.kwargs:
            return call.kwargs[name]
    return Arg(Int(default), str(default)) if default is not None else None


def keepdim_flag(call: Call, index: int) -> bool:
    arg = call.args[index] if len(call.args) > index else call.kwargs.get("keepdim", call.kwargs.get("keepdims"))
    return arg is not None and flag(arg.value, None) is True


def tensor_result(rule: Rule) -> Rule:
    def marked(ctx: OpContext, call: Call) -> Value:
        return as_tensor(rule(ctx, call))

    return marked
