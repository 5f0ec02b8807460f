"""Reading op arguments: arrays, shapes, axes and dtypes, with NumPy's own error conditions."""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import Callable

from ...constraints import dims as D
from ...constraints.predicates import conj, disj, eq, ge, le, lt
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, OpContext, ShapeError
from ..core.frame import Builtin
from ..core.fresh_symbols import fresh
from ..core.scalar_names import nameable
from ..core.values import (
    NONE,
    UNKNOWN,
    Array,
    Bool,
    Dict,
    Float,
    Hole,
    Instance,
    Int,
    LibraryObject,
    List,
    ShapeTuple,
    Str,
    Tuple,
    Opaque,
    Unknown,
    Value,
    int_view,
)

_SCALAR_DTYPES = {Int: "int64", Float: "float64", Bool: "bool"}


def as_array(v: Value) -> Array | None:
    """The array a value stands for in an array op (Python scalars are 0-d; nested lists have a shape)."""
    t = type(v)
    if t is Array:
        return v
    if (t is Int or t is Float or t is Bool) and v.presumed:
        return None   # an object known by name, a number only by presumption: as unknown as the object
    if t in _SCALAR_DTYPES:
        return Array(Shape(()), None)  # weak scalar: takes the other operand's dtype (NEP 50)
    if t in (List, Tuple):
        return literal_array(v)
    if t is Unknown:
        return v.as_array()
    return None


def int_dims(v: Value | None) -> tuple | None:
    """An int or a sequence of ints (``kernel_size=3``, ``normalized_shape=(4, 8)``) as dims."""
    if type(v) is Int:
        return (v.dim,)
    if type(v) in (Tuple, List) and v.items is not None and all(type(i) is Int for i in v.items):
        return tuple(i.dim for i in v.items)
    return None


def bound_array(bound: dict[str, Arg], name: str) -> Array | None:
    """The array bound to parameter ``name`` by ``call.bind`` (None when absent or not an array)."""
    arg = bound.get(name)
    return as_array(arg.value) if arg is not None else None


def literal_array(v: Value) -> Array | None:
    """``np.array([[1, 2], [3, 4]])``: the shape of nested sequences (of scalars or arrays)."""
    # a sequence met again is read once: lists built by concatenation or repetition share their items
    # (``v + v + ... + v`` two thousand times deep in a comprehension), and reading each occurrence
    # afresh costs the number of leaves, not of distinct values
    return _literal_array(v, {})


def _literal_array(v: Value, seen: dict[int, tuple[Value, Array | None]]) -> Array | None:
    t = type(v)
    if (t is Int or t is Float or t is Bool) and v.presumed:
        return None   # a number only by presumption (``fit.trend + fit.resid``): it may be an array
    if t in _SCALAR_DTYPES:
        return Array(Shape(()), _SCALAR_DTYPES[t])
    if t is Array:
        return v
    if t not in (List, Tuple):
        return None
    hit = seen.get(id(v))
    if hit is not None and hit[0] is v:
        return hit[1]
    result = _sequence_array(v, seen)
    seen[id(v)] = (v, result)  # the value kept beside its answer, so its id cannot be reused meanwhile
    return result


#: Libraries of tables NumPy's ufuncs give back as tables (``__array_ufunc__``), reduced per column
TABLE_LIBRARIES = frozenset(("pandas", "polars", "modin", "geopandas", "xarray", "dask"))
#: Libraries of objects that NumPy holds in object arrays and adds with their own ``+``: sparse
#: matrices, symbolic matrices, tables
OBJECT_LIBRARIES = TABLE_LIBRARIES | {"scipy", "sympy"}


def of_objects(v: Value, libraries: frozenset) -> bool:
    """Whether ``v`` is a list made by a loop or a comprehension whose items are of no known kind
    (``[P.T * M * P for P in Ps]``), in a module that imports a library of objects that are no arrays
    (``libraries``, its imports): NumPy makes an object array of whatever they are, and reduces it
    with their own ``+`` (a sum of sparse matrices is a sparse matrix), as a literal list of such items
    (``[a, b]``) is already of no known array. In a module of arrays alone they are taken for arrays
    (flax's ``np.sum([metrics.loss for metrics in batch_metrics])`` of 0-d losses is 0-d)."""
    if type(v) is not List or v.items is not None or not OBJECT_LIBRARIES & libraries:
        return False
    e = v.element
    return (type(e) is Unknown and e.middle is None and not e.scalar) or type(e) in (Instance, Opaque)


def untyped_leaves(v: Value, depth: int = 8) -> bool:
    """Whether nested data holds a leaf of unknown dtype (a parameter beside numbers): the array made
    of it has the caller's dtype, no default for a dtype test to decide by."""
    t = type(v)
    if t in (List, Tuple) and v.items is not None and depth > 0:
        return any(untyped_leaves(item, depth - 1) for item in v.items)
    if t is List and depth > 0:   # of unknown length: its items are its element (a list of strings a
        return untyped_leaves(v.element, depth - 1)   # branch built is no list of floats)
    return t is Unknown and not v.scalar or (t in _SCALAR_DTYPES and v.presumed) or (t is Array and v.dtype is None)


def string_leaves(v: Value, depth: int = 8) -> bool:
    """Whether nested data is strings all the way down (``[bin(i)[2:] for i in ...]``): NumPy makes a
    string array of it, whose elements have a length, not a float array."""
    t = type(v)
    if t in (List, Tuple) and depth > 0:
        if v.items is not None:
            return bool(v.items) and all(string_leaves(item, depth - 1) for item in v.items)
        return t is List and string_leaves(v.element, depth - 1)
    return t is Str


def _beside_a_number(item: Value) -> Array | None:
    """What an item of unknown kind in a sequence beside a Python number is: a 0-d item, else None."""
    t = type(item)
    if t is Unknown or ((t is Int or t is Float or t is Bool) and item.presumed):
        return Array(Shape(()), None)
    if t is Array and item.shape.dims is None:
        return Array(Shape(()), item.dtype)
    return None


def _sequence_array(v: List | Tuple, seen: dict) -> Array | None:
    if v.items is None:
        inner = _literal_array(v.element, seen) if type(v) is List else None
        if inner is None or inner.shape.rank is None:
            return Array(UNKNOWN_SHAPE)
        count = v.length if v.length is not None else fresh("len")
        return Array(Shape((count,) + inner.shape.prefix), inner.dtype)
    if not v.items:
        return Array(Shape((0,)), "float64")
    # whatever stands beside a Python number (a constructor's number, ``torch.tensor([2 * window_size -
    # 1, 1])``; a parameter, ``[[1, 0, tx], [0, 1, ty], [0, 0, 1]]``; an array of unknown rank,
    # ``[[torch.cos(theta), 0], ...]``) is a number too: a sequence mixing a number with an array or
    # a list is ragged, which torch and NumPy reject (NumPy's object arrays take it as one item too)
    numbers = any(type(item) in _SCALAR_DTYPES and not item.presumed for item in v.items)
    parts = [_beside_a_number(item) if numbers else _literal_array(item, seen) for item in v.items]
    # (of no dtype: a parameter beside ints may hold a float; a constructor's number is taken for an int)
    typed = not any(p is not None and p.dtype is None and not (type(i) is Unknown and i.scalar)
                    for p, i in zip(parts, v.items))
    parts = [_literal_array(item, seen) if p is None else p for p, item in zip(parts, v.items)]
    if any(p is None for p in parts):
        return None
    first = parts[0]
    if any(p.shape != first.shape for p in parts[1:]):
        return Array(UNKNOWN_SHAPE)  # ragged (NumPy raises unless dtype=object): not our call
    dtype = first.dtype
    for p in parts[1:]:
        dtype = promote(dtype, p.dtype)
    dtype = dtype if typed else None
    if first.shape.rank is None:
        return Array(UNKNOWN_SHAPE, dtype)
    return Array(Shape((len(parts),) + first.shape.prefix), dtype)




def require_array(ctx: OpContext, arg: Arg | None) -> Array | None:
    if arg is None:
        return None
    return as_array(arg.value)


def known_dims(a: Array | None) -> tuple | None:
    return None if a is None else a.shape.dims


def sized_shape(ctx: OpContext, arg: Arg | None) -> Shape:
    """The shape a size argument makes (``np.zeros(shape)``, ``torch.zeros(*size)``): its dims
    (:func:`shape_arg`), or a shape of unknown rank given as one (``x.new_zeros(x.shape[:-1])``,
    :class:`ShapeTuple`); the unknown shape when neither (or a literal size of it is negative, which
    the op refuses at run time: left to the run, as the rank it has there is unknown)."""
    if arg is not None and type(arg.value) is ShapeTuple:
        shape = arg.value.shape
        sizes = shape.prefix + shape.suffix
        return shape if all(type(d) is not int or d >= 0 for d in sizes) else UNKNOWN_SHAPE
    dims = shape_arg(ctx, arg)
    return Shape(dims) if dims is not None else UNKNOWN_SHAPE


def shape_arg(ctx: OpContext, arg: Arg | None) -> tuple | None:
    """A shape argument (``(2, 3)``, ``[n, 4]``, ``5``, ``x.shape``); None when not known.

    Negative sizes are NumPy's "negative dimensions are not allowed" (SC107). A ``HOLE`` becomes a
    fresh dim that the hole solver reports.
    """
    if arg is None:
        return None
    v = arg.value   # a lone object known by name may be a whole shape: not its int view
    t = type(v)
    if t is Int or t is Hole:
        items: tuple = (v,)
    elif t in (Tuple, List) and v.items is not None:
        items = v.items
    elif t is Unknown and v.scalar and names_one_size(arg.text):
        # ``torch.ones(dim)`` in a constructor: one dim named so (a parameter annotated ``int`` is an
        # Int already: binding.py)
        d = name_as_dim(ctx, arg.text)
        return None if d is None else (d,)
    else:
        return None
    out = []
    texts = element_texts(arg.text, len(items)) if t in (Tuple, List) else [arg.text]
    named: dict = {}   # ``np.empty((n, n))`` with ``n`` unknown: one dim, named at its first
    for item, text in zip(items, texts):
        item = int_view(item, ctx.fresh)
        if type(item) is Int:
            d = item.dim
            if type(d) is int and d < 0:
                ctx.fail("SC107", f"{ctx.op}: negative dimensions are not allowed ({arg.text or d})")
            out.append(d)
        elif type(item) is Hole:
            out.append(ctx.hole())
        else:
            d = named.get(text) or name_as_dim(ctx, text)
            if d is not None:
                named[text] = d
            out.append(d or ctx.fresh("d"))
    return tuple(out)


_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9]*\Z")

#: a constructor parameter's name that says it holds one size, not a shape: ``dim``, ``input_dim``,
#: ``dim_head``, ``num_features``, ``n_embd``, ``channels``, ``heads``, ``hidden_size`` (the names
#: lone sizes go by in torch code: ``nn.Parameter(torch.ones(dim))``). Names of shapes (``shape``,
#: ``img_size``, ``dims``, ``dim_mults``) are not: a lone one may be a whole shape.
_SIZE_NAME = re.compile(r"(?:\w*_)?(?:dim|dim_(?:head|in|out|inner|hidden)|(?:num|n)_[a-z]+|"
                        r"\w*channels|\w*heads|\w*features|hidden_size|embed_dim|d_model)\Z")


def names_one_size(text: str) -> bool:
    """Whether a lone argument's text (``dim``, ``self.dim``) names one size (:data:`_SIZE_NAME`)."""
    return _SIZE_NAME.match((text or "").strip().rpartition(".")[2]) is not None


def name_as_dim(ctx: OpContext, text: str) -> D.Dim | None:
    """``np.zeros((n, 3))`` with ``n`` an unknown (a parameter): ``n`` is a dim from here on, named
    ``n``, so that ``def make(n)`` gets the signature ``-> (n, 3)``."""
    text = (text or "").strip()
    holder, _, attr = text.rpartition(".")
    if holder and _NAME.match(holder) and _NAME.match(attr):
        # ``h=self.heads`` with heads a constructor's parameter: the object's attribute is that dim
        # from here on, in every method (the object is the class's template instance)
        owner = ctx.interp.lookup(holder)
        if type(owner) is not Instance or type(owner.attrs.get(attr)) is not Unknown:
            return None
        named = _naming(ctx, owner.attrs[attr], attr)
        _named(ctx, owner.attrs[attr], named)
        owner.attrs[attr] = named
        return named.dim
    if not _NAME.match(text):
        return None
    env = ctx.interp.frame.env
    v = ctx.interp.lookup(text)
    if type(v) is not Unknown:
        return None
    named = _naming(ctx, v, text)
    _named(ctx, v, named)
    env[text] = named
    ctx.interp.recall_int_assertions(text, v)
    return named.dim


def _naming(ctx: OpContext, v: Unknown, hint: str) -> Int:
    """The dim unknown ``v`` is named as: the one it already was, met again where another frame
    holds it (core/scalar_names.py), else a fresh one, kept for it."""
    names = ctx.interp.analysis.scalar_names
    named = names.get(v)
    if named is None:
        named = Int(ctx.fresh(hint))
        names.name(v, named)
    return named


def _named(ctx: OpContext, v: Unknown, named: Int) -> None:
    """A constructor's parameter named as a dim is that dim wherever the same value went in the
    constructor so far: ``self.k = k`` then ``nn.Linear(256, k * k)`` makes ``self.k`` the ``k`` of
    the layer's size, so ``torch.eye(self.k)`` in ``forward`` meets the layer's ``k * k``; the frames
    that passed it down hold the dim once the call returns (``Calls._call``)."""
    if nameable(v):
        ctx.interp.analysis.scalar_names.rebind(ctx.interp.frame.env)


_INT_OPS = {ast.Add: D.add, ast.Sub: D.sub, ast.Mult: D.mul, ast.FloorDiv: D.floordiv, ast.Mod: D.mod}


@lru_cache(maxsize=4096)
def _int_text_tree(text: str) -> ast.expr | None:
    """``text`` parsed as an expression, once per text (a layer's constructor runs at every
    construction: vit-pytorch parsed 2,717 texts, 139 distinct); None where it is not one. The tree
    is only read."""
    try:
        return ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError):
        return None


def int_of_text(ctx: OpContext, text: str) -> D.Dim | None:
    """``nn.Linear(dim, inner_dim * 3)`` with ``dim`` and ``inner_dim`` unknown (parameters): where
    the code needs an int, an arithmetic of names is one, each unknown name a dim named by the code
    from here on (:func:`name_as_dim`). None for anything but names, ints and ``+ - * // %``."""
    tree = _int_text_tree(text or "")
    if tree is None:
        return None

    def value(node: ast.expr) -> D.Dim | None:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            known = ctx.interp.lookup(node.id)
            if type(known) is Opaque:
                return known.as_int(ctx.fresh).dim
            if type(known) is Int:
                return known.dim
            return name_as_dim(ctx, node.id)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):   # self.heads
            owner = ctx.interp.lookup(node.value.id)
            known = owner.attrs.get(node.attr) if type(owner) is Instance else None
            if type(known) is Int:
                return known.dim
            return name_as_dim(ctx, f"{node.value.id}.{node.attr}")
        if isinstance(node, ast.BinOp) and type(node.op) in _INT_OPS:
            a, b = value(node.left), value(node.right)
            if a is None or b is None or (isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0):
                return None
            return _INT_OPS[type(node.op)](a, b)
        return None

    return value(tree) if isinstance(tree, (ast.Name, ast.BinOp, ast.Attribute)) else None


def element_texts(text: str, count: int) -> list[str]:
    """The source texts of a literal tuple or list's elements (``"(n, 3)"`` -> ``["n", "3"]``), or
    empty strings when the text is not a plain display of ``count`` elements."""
    text = (text or "").strip()
    if text[:1] in "([" and text[-1:] in ")]":
        depth, parts, current = 0, [], []
        for ch in text[1:-1]:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
            if ch == "," and depth == 0:
                parts.append("".join(current).strip())
                current = []
            else:
                current.append(ch)
        if "".join(current).strip():
            parts.append("".join(current).strip())
        if len(parts) == count:
            return parts
    return [""] * count


def int_arg(arg: Arg | None, ctx: OpContext | None = None) -> D.Dim | None:
    """An int argument's dim; with ``ctx``, an unknown name becomes a dim (see name_as_dim)."""
    if arg is None:
        return None
    v = arg.value
    if type(v) is Opaque:   # known only by name: its named int (once named, also without ctx)
        return v.as_int(ctx.fresh).dim if ctx is not None else v.dim
    if type(v) is Int:
        return v.dim
    if ctx is not None and type(v) is Unknown:
        return int_of_text(ctx, arg.text)
    return None


def diagonal_length(ctx: OpContext, n: D.Dim, m: D.Dim, offset: Arg | None) -> D.Dim:
    """The length of diagonal ``offset`` of an ``n`` by ``m`` matrix (``np.diagonal``, ``np.diag``):
    ``max(min(n - max(-k, 0), m - max(k, 0)), 0)``, of a symbolic ``k`` too (scipy's
    ``np.diagonal(a, offset=j)`` under ``if j < 0:``: taken for the main diagonal, a false SC101); a
    fresh length where the offset is not known."""
    k = 0 if is_none(offset) else int_arg(offset)
    if k is None:
        return ctx.fresh("n")
    if type(k) is int and k == 0:
        return D.dmin(n, m)
    return D.dmax(D.dmin(D.sub(n, D.dmax(D.neg(k), 0)), D.sub(m, D.dmax(k, 0))), 0)


def const_int(arg: Arg | None) -> int | None:
    d = int_arg(arg)
    return d if type(d) is int else None


def is_none(arg: Arg | None) -> bool:
    return arg is None or arg.value is NONE


def normalize_axis(ctx: OpContext, axis: int, ndim: int, what: str = "axis", zero_d_ok: bool = False) -> int:
    """NumPy's normalize_axis_index: ``-ndim <= axis < ndim`` or AxisError (SC104).

    ``zero_d_ok``: reductions of a 0-d array accept axis 0 and -1 (NumPy treats it as one element)."""
    if zero_d_ok and ndim == 0 and axis in (0, -1):
        return 0
    if not -ndim <= axis < ndim:
        ctx.fail("SC104", f"{ctx.op}: {what} {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else 0


def axes_arg(ctx: OpContext, arg: Arg | None, ndim: int, *, zero_d_ok: bool = False,
             repeats_ok: bool = False) -> tuple[int, ...] | None:
    """``axis=1`` / ``axis=-1`` / ``axis=(0, 2)`` normalised; None for ``axis=None``; raises for unknown."""
    if is_none(arg):
        return None
    v = arg.value
    if type(v) is Int and type(v.dim) is int:
        return (normalize_axis(ctx, v.dim, ndim, zero_d_ok=zero_d_ok),)
    if type(v) in (Tuple, List) and v.items is not None and all(
            type(i) is Int and type(i.dim) is int for i in v.items):
        axes = tuple(normalize_axis(ctx, i.dim, ndim, zero_d_ok=zero_d_ok) for i in v.items)
        if len(set(axes)) != len(axes) and not repeats_ok:
            ctx.fail("SC104", f"{ctx.op}: repeated axis in {arg.text or axes}")
        return axes
    raise _UnknownAxis


class _UnknownAxis(Exception):
    """An axis argument whose value is not known: the op's result is unknown (never an error)."""


UnknownAxis = _UnknownAxis


def structured_dtype(arg: Arg | None) -> bool:
    """A record or sub-array dtype (``[("f", "i", 3)]``, ``"i,i,i"``, ``"(3,)f4"``) changes shapes."""
    if arg is None:
        return False
    v = arg.value
    if type(v) in (List, Tuple) or type(v) is Dict:
        return True
    return type(v) is Str and v.value is not None and ("," in v.value or "(" in v.value)


def given_dtype(arg: Arg | None, default: str | None) -> str | None:
    """The dtype a ``dtype=`` argument names: ``default`` where none is given, None where one is given but
    not known (``np.zeros(n, dtype_obj)`` with a record dtype built elsewhere: its elements are records,
    not the default float64)."""
    return default if arg is None or is_none(arg) else dtype_arg(arg)


def dtype_arg(arg: Arg | None) -> str | None:
    if arg is None:
        return None
    v = arg.value
    if type(v) is LibraryObject:
        name = v.qualname.rsplit(".", 1)[-1]
        return _DTYPE_ALIASES.get(name, name if name in _DTYPES else None)
    if type(v) is Str and v.value:
        text = v.value.lstrip("<>=|")
        if _CHARACTER_CODE.fullmatch(text):   # "U5", ">S8": NumPy's fixed-width str and bytes
            return "str" if text[0] == "U" else "bytes"
        return _DTYPE_ALIASES.get(text, text if text in _DTYPES else None)
    if type(v) is Builtin:
        return {"float": "float64", "int": "int64", "bool": "bool", "complex": "complex128",
                "object": "object", "str": "str", "bytes": "bytes"}.get(v.name)
    return None


_DTYPES = {"object", "str", "bytes", "datetime64", "timedelta64", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
           "float32", "float64", "complex64", "complex128", "longdouble"}
#: NumPy's character codes of fixed-width strings (NumPy docs, "Data type objects": ``'U'`` unicode,
#: ``'S'``/``'a'`` zero-terminated bytes), with their length or without
_CHARACTER_CODE = re.compile(r"[USa][0-9]*")
_DTYPE_ALIASES = {"str_": "str", "unicode_": "str", "bytes_": "bytes", "string_": "bytes", "object_": "object",
                  "ndarray": "object",   # dtype=np.ndarray: a Python type NumPy has no scalar type for is object
                  "O": "object", "?": "bool", "float_": "float64", "double": "float64", "single": "float32", "half": "float16",
                  "int_": "int64", "intp": "int64", "bool_": "bool", "complex_": "complex128", "f4": "float32",
                  "f8": "float64", "i4": "int32", "i8": "int64", "u1": "uint8", "float": "float64",
                  "int": "int64", "complex": "complex128", "cdouble": "complex128", "csingle": "complex64",
                  "uint": "uint64", "byte": "int8", "ubyte": "uint8", "short": "int16", "longlong": "int64"}


#: NumPy's numeric dtypes by kind (bool < unsigned < signed < float < complex) and size in bits.
#: ``longdouble`` is not here: its promotions are named by the platform's size (``float128``).
_NUMERIC = {"bool": ("b", 8), **{f"uint{n}": ("u", n) for n in (8, 16, 32, 64)},
            **{f"int{n}": ("i", n) for n in (8, 16, 32, 64)}, **{f"float{n}": ("f", n) for n in (16, 32, 64)},
            "complex64": ("c", 64), "complex128": ("c", 128)}
#: The least float size that holds an integer of each size (NumPy: int8 + float16 is float16,
#: int16 + float16 float32, int32 or int64 + anything float64).
_FLOAT_FOR_INT = {8: 16, 16: 32, 32: 64, 64: 64}


def _promote_numeric(a: tuple[str, int], b: tuple[str, int]) -> str:
    """``np.promote_types`` of two numeric dtypes, by NumPy's lattice (its "Type promotion" table,
    NEP 50), without importing NumPy (a tenth of a second of a run's start-up). ``tests/rules/
    test_promotion.py`` checks every pair against NumPy."""
    order = "buifc"
    if order.index(a[0]) > order.index(b[0]):
        a, b = b, a
    (kind_a, size_a), (kind_b, size_b) = a, b
    if kind_a == "b":
        return _name(b)
    if kind_a == kind_b:
        return _name((kind_a, max(size_a, size_b)))
    if kind_a == "u" and kind_b == "i":   # a signed type that holds both, else float64
        if size_b > size_a:
            return _name(b)
        return f"int{2 * size_a}" if size_a < 64 else "float64"
    if kind_a in "ui":
        a = ("f", _FLOAT_FOR_INT[size_a])
        if kind_b == "f":
            return _name(("f", max(a[1], size_b)))
    # float with complex: the complex type whose parts hold the float
    return _name(("c", max(2 * a[1], size_b, 64)))


def _name(dtype: tuple[str, int]) -> str:
    kind, size = dtype
    return "bool" if kind == "b" else {"u": "uint", "i": "int", "f": "float", "c": "complex"}[kind] + str(size)


@lru_cache(maxsize=512)
def promote(a: str | None, b: str | None) -> str | None:
    """NumPy's type promotion of two dtypes (None: unknown or a weak Python scalar)."""
    if a is None:
        return b
    if b is None or a == b:
        return a
    if a in _NUMERIC and b in _NUMERIC:
        return _promote_numeric(_NUMERIC[a], _NUMERIC[b])
    try:
        import numpy as np  # lazy: start-up time (a tenth of a second; numeric dtypes need no NumPy)

        return str(np.promote_types(a, b))
    except Exception:
        return None


def float_result(dtype: str | None, tensor: bool = False) -> str | None:
    """The dtype of a float-valued ufunc (exp, divide, mean) on ``dtype``: an int or bool input gives
    the default float type, NumPy's float64 or torch's float32 (``tensor``). A tensor of unknown dtype
    stays unknown: torch keeps a float input's own type. An object array stays one: NumPy applies its
    items' own methods (``np.mean`` of an object array of vectors is a vector)."""
    if dtype is None:
        return None if tensor else "float64"
    if dtype.startswith(("float", "complex", "bfloat")) or dtype in ("longdouble", "object"):   # ml_dtypes bfloat16 stays itself
        return dtype
    return default_float(tensor)


def python_number(ctx: OpContext, dtype: str | None) -> Value:
    """One element of an array of ``dtype`` as Python gives it (NumPy's and torch's ``item``, ``tolist``):
    an int, a bool, a float or complex; anything for objects. Where the dtype is not known, a float,
    NumPy's default (``total_loss.item() / total`` in flax's sst2 stays a 0-d number)."""
    if dtype is None:
        return Float()
    if dtype.startswith(("int", "uint")):
        return Int(ctx.fresh("item"))
    if dtype == "bool":
        return Bool()
    if dtype.startswith(("float", "complex", "bfloat")) or dtype == "longdouble":
        return Float(complex=dtype.startswith("complex"))
    return UNKNOWN


def default_float(tensor: bool) -> str:
    return "float32" if tensor else "float64"


def accumulated(dtype: str | None, tensor: bool = False) -> str | None:
    """The dtype of ``sum``/``prod``/``cumsum`` on ``dtype``: bools and ints narrower than the default
    int accumulate in int64 (NumPy's unsigned ones in uint64; torch has no uint64 default)."""
    if dtype in ("bool", "int8", "int16", "int32"):
        return "int64"
    if dtype in ("uint8", "uint16", "uint32"):
        return "int64" if tensor else "uint64"
    return dtype


def weak_promoted(dtype: str | None, scalars: set, tensor: bool) -> str | None:
    """NEP 50 (and torch's rule alike): a Python scalar beside arrays of ``dtype`` counts only by its
    kind -- a complex number makes a real result complex (of the array's float precision; NumPy's
    ints give complex128, torch's complex64), a float makes an int or bool result the default float
    type, an int makes a bool one int64; otherwise the arrays' dtype stands (``complex``: the marker
    of a complex Python number among ``scalars``)."""
    if dtype is None:
        return None
    if complex in scalars and not dtype.startswith("complex"):   # (NEP 50: the array's precision)
        return "complex128" if dtype in ("float64", "longdouble") or not tensor and not dtype.startswith("float") \
            else "complex64"
    if Float in scalars and (dtype == "bool" or dtype.startswith(("int", "uint"))):
        return default_float(tensor)
    if Int in scalars and dtype == "bool":
        return "int64"
    return dtype


def in_range_index(ctx: OpContext, index: D.Dim, size: D.Dim, axis: int, code: str = "SC105") -> None:
    if type(index) is int and type(size) is int:
        if not -size <= index < size:
            ctx.fail(code, f"{ctx.op}: index {index} is out of bounds for axis {axis} with size {size}")
        return
    if type(index) is int:
        bound = ge(size, index + 1) if index >= 0 else ge(size, -index)
        ctx.require(bound, code, lambda: f"{ctx.op}: index {index} is out of bounds for axis {axis} "
                                         f"with size {ctx.show_dim(size)}")
        return
    # an index computed from a loop's index (x[i], x[i + 1], x[n - 1 - i]): in bounds on every
    # iteration, negative values counting from the end as NumPy's do (``-size <= index < size``)
    ctx.require_every_iteration(_in_range(index, size), LOOP_INDEX_CODE,
                                lambda: _loop_index_message(ctx, index, size, axis))


@lru_cache(maxsize=4096)
def _in_range(index: D.Dim, size: D.Dim):
    """``-size <= index < size``, made once per index and size: a loop's body is interpreted
    once per pass of its fixpoint (a nest's inner body 4-6 times), and each pass asks again of
    the same index (nbody_step: 168 questions of 14 subscripts); the one predicate object keeps
    its hash and symbols, computed on the first pass (``derived.py``), and its dim arithmetic
    is not redone."""
    return conj((le(D.neg(size), index), lt(index, size)))


#: An index that a loop drives out of its array (see OpContext.require_every_iteration).
LOOP_INDEX_CODE = "SC108"


def _loop_index_message(ctx: OpContext, index: D.Dim, size: D.Dim, axis: int) -> str:
    frame = ctx.interp.frame
    loops = [frame.loops[s] for s in sorted(D.free_symbols(index)) if s in frame.loops]
    over = ", ".join(f"{ctx.show_dim(D.sym(loop.symbol))} in {loop.text}" for loop in loops)
    return (f"{ctx.op}: index {ctx.show_dim(index)} is out of bounds for axis {axis} with size "
            f"{ctx.show_dim(size)} (for {over})")


__all__ = [
    "as_array", "int_dims", "literal_array", "require_array", "shape_arg", "int_arg", "const_int", "is_none",
    "normalize_axis", "axes_arg", "UnknownAxis", "dtype_arg", "promote", "float_result", "default_float",
    "accumulated", "weak_promoted", "in_range_index",
    "known_dims", "ShapeError", "UNKNOWN", "le", "lt",
]


def spec_dims(ctx: OpContext, shape: Shape, count: int, name: Callable[[int], D.Dim]) -> tuple | None:
    """The ``count`` dims of an operand of unknown rank that a spec names one by one (an einsum
    term, an einops side without ``...``, ``permute``'s axes): the dims its known ends give, and
    ``name(i)`` for the i-th of the others. The spec fixes the rank, so a parameter's rank is learnt
    (the function is analysed at it: ``Analysis.learn_rank``). None when the shape has more known
    dims than that (then it fails for every rank)."""
    between = count - shape.min_rank
    if between < 0:
        return None
    if shape.middle is not None:
        ctx.interp.analysis.learn_rank(shape.middle, between)
    return shape.prefix + tuple(name(i) for i in range(between)) + shape.suffix


def check_broadcast_into(ctx: OpContext, source: Shape, dest: Shape, dest_text: str) -> None:
    """NumPy's copy of ``source`` into ``dest`` (``dest[...] = source``, ``np.full(shape, source)``):
    source must broadcast to dest's shape without growing it (leading 1s of it may go)."""
    s, d = source.prefix, dest.prefix

    def message() -> str:
        return (f"could not broadcast input array from shape {ctx.show_shape(source)} "
                f"into shape {ctx.show_shape(dest)} ({dest_text})")

    if len(s) > len(d):
        # leading 1s of the source may be dropped
        extra = s[:len(s) - len(d)]
        ctx.require(conj([eq(x, 1) for x in extra]), "SC101", message)
        s = s[len(s) - len(d):]
    for a, b in zip(reversed(s), reversed(d)):
        ctx.require(disj((eq(a, b), eq(a, 1))), "SC101", message)
