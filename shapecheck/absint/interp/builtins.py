"""Python built-ins that carry shape information (len, range, tuple, min/max, reveal_shape, ...)."""

from __future__ import annotations

import ast
import math
from dataclasses import replace
from typing import TYPE_CHECKING

from ...constraints import dims as D
from ...report.diagnostics import Diagnostic
from ..core.context import MORE_KEYWORDS, Arg, OpContext
from ..core.values import (COMPLEX, complex_number, NONE, UNKNOWN, Array, Bool, EllipsisValue, Float, Int, List, NoneValue, ShapeTuple, Slice, Str, Tuple,
                           Value)
from ...constraints.shapes import Shape
from ..core.frame import Builtin, Range
from ..core.freshen import each_item
from ..core.values import (BoundMethod, Class, Dict, Function, Instance, LibraryObject, Method, Partial, TorchModule,
                           Unknown, int_view, method_of, present)
from ..rules.args import name_as_dim
from ..rules.indexing import may_be_element_object
from ..rules.introspection import known_bool
from ..rules.kinds import real_part
from ..rules.torch_nn import LAYERS
from ..rules.placements import show_placement
from .annotations import check_cast
from .semantics import iteration_items, known_number, length_of, range_items, range_membership, reversed_range

if TYPE_CHECKING:
    from .interpreter import Interpreter


def call_builtin(interp: "Interpreter", node: ast.AST, name: str, args: list[Arg], kwargs: dict) -> Value:
    handler = _HANDLERS.get(name)
    if handler is None:
        return UNKNOWN
    if name == "range":
        # range(n) with n an unknown parameter: n is a count, a dim named n from here on
        ctx = OpContext(interp, node, "range")
        values = []
        for a in args:
            d = name_as_dim(ctx, a.text) if type(a.value) is Unknown else None
            values.append(Int(d) if d is not None else int_view(a.value, interp.analysis.fresh))
        return handler(interp, node, values, kwargs)
    if name in _INT_ARGS:   # int(config.n), min(config.a, config.b): named ints
        return handler(interp, node, [int_view(a.value, interp.analysis.fresh) for a in args], kwargs)
    return handler(interp, node, [a.value for a in args], kwargs)


#: built-ins whose arguments are ints when they are anything we know by name only
_INT_ARGS = ("int", "min", "max", "abs", "divmod")


def _len(interp, node, args, kwargs) -> Value:
    if len(args) != 1:
        return UNKNOWN
    v = args[0]
    t = type(v)
    if t is Array:
        if v.shape.prefix:
            return Int(v.shape.prefix[0])
        if v.shape.rank == 0 and not may_be_element_object(v):
            interp.diagnose(node, "SC107", "len() of a 0-d array (it has no length)")
        return Int(interp.analysis.fresh("len")) if v.shape.rank is None else UNKNOWN
    if t in (Tuple, List) and v.items is not None:
        return Int(len(v.items))
    if t is List and v.length is not None:
        return Int(v.length)   # ``len(tuple(range(-n, 0)))``: n
    if t is Str and v.value is not None:
        return Int(len(v.value))
    if t is Instance:   # the class's own ``__len__`` (ase's ``len(atoms)``, the length of its positions)
        sized = v.cls.lookup("__len__")
        # (not of an object a template holds: its own methods, not analysed there, may have changed
        # its length; a template's attributes other methods store are unsettled already)
        if type(sized) is Function and (v.template or not interp.analysis.calls.held_by_template(v)):
            result = interp.call(node, method_of(sized, v), [], {})
            if type(result) is Int:
                return result
    return Int(interp.analysis.fresh("len"))


def _range(interp, node, args, kwargs) -> Value:
    ints = [a if type(a) is Int else None for a in args]
    if len(args) == 1:
        return Range(Int(0), ints[0] or UNKNOWN, Int(1))
    if len(args) == 2:
        return Range(ints[0] or UNKNOWN, ints[1] or UNKNOWN, Int(1))
    if len(args) == 3:
        return Range(ints[0] or UNKNOWN, ints[1] or UNKNOWN, ints[2] or UNKNOWN)
    return UNKNOWN


def _int(interp, node, args, kwargs) -> Value:
    if not args:
        return Int(0)
    v = args[0]
    if type(v) is Int:
        return Int(v.dim) if v.presumed else v   # (int() of an object known by name is an int)
    if type(v) is Bool and v.value is not None:
        return Int(int(v.value))   # ``dim_in + int(concat_ones)``: a flag counted as 0 or 1
    if type(v) is Float and v.value is not None:
        # int(inf) and int(nan) raise (skimage's num_peaks=np.inf): the program's run-time business
        return Int(int(v.value)) if math.isfinite(v.value) else UNKNOWN
    if type(v) is Array and v.shape.rank == 0:
        return Int(interp.analysis.fresh("k"))
    # a constructor's number (``int(dim_inner * 2 / 3)``) is a number: int() of it is an int
    numeric = type(v) in (Float, Bool) or (type(v) is Unknown and v.scalar)
    if numeric:
        return Int(interp.analysis.fresh("k"))
    # int() of anything else is an int too, where it does not raise (``int(head_dim *
    # partial_rotary_factor)`` of two values known by name): of a sign nothing says
    return Int(D.signed(interp.analysis.fresh("k"))) if type(v) is Unknown else UNKNOWN


def _float(interp, node, args, kwargs) -> Value:
    return Float()


def _complex(interp, node, args, kwargs) -> Value:
    return COMPLEX


def _str(interp, node, args, kwargs) -> Value:
    """``str(x)``: a string whatever ``x`` is, so tests of it against numbers are decided."""
    return args[0] if args and type(args[0]) is Str else Str()


def _tuple(interp, node, args, kwargs) -> Value:
    if not args:
        return Tuple(())
    v = args[0]
    if type(v) is Tuple or type(v) is ShapeTuple:   # tuple(x.shape): the same dims
        return v
    if type(v) is Range:
        v = range_items(v, interp.analysis.fresh)
    if type(v) is List:
        return Tuple(v.items) if v.items is not None else List(None, v.element, v.length, is_tuple=True)
    return UNKNOWN


def _list(interp, node, args, kwargs) -> Value:
    if not args:
        return List(())
    v = args[0]
    if type(v) is Range:
        v = range_items(v, interp.analysis.fresh)
    if type(v) in (Tuple, List):
        return List(v.items, getattr(v, "element", UNKNOWN), getattr(v, "length", None))
    if type(v) is Array and v.shape.prefix and type(v.shape.prefix[0]) is int and v.shape.prefix[0] <= 64:
        row = Array(Shape(v.shape.prefix[1:]), v.dtype)
        return List(tuple(row for _ in range(v.shape.prefix[0])))
    return List(None)


def _known_items(v: Value) -> tuple | None:
    """The items of a tuple or list of known length, or of a range of known bounds, when short enough
    to go through one by one."""
    items = v.items if type(v) in (Tuple, List) else iteration_items(v) if type(v) is Range else None
    return items if items is not None and len(items) <= MAP_UNROLL else None


def _grouper(node: ast.AST) -> int | None:
    """k where ``node`` is ``zip(*[iter(x)] * k)`` (one iterator zipped with itself: x's items in
    groups of k, as itertools' ``grouper`` recipe makes them)."""
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.Starred):
        return None
    product = node.args[0].value
    if not isinstance(product, ast.BinOp) or not isinstance(product.op, ast.Mult):
        return None
    for seq, count in ((product.left, product.right), (product.right, product.left)):
        if (isinstance(seq, (ast.List, ast.Tuple)) and len(seq.elts) == 1 and isinstance(seq.elts[0], ast.Call)
                and isinstance(seq.elts[0].func, ast.Name) and seq.elts[0].func.id == "iter"
                and isinstance(count, ast.Constant) and type(count.value) is int and count.value > 0):
            return count.value
    return None


def _zip(interp, node, args, kwargs) -> Value:
    k = _grouper(node)
    if k is not None and args:
        # specparam's ``for a, b, c in zip(*[iter(params)] * 3)``: one pass per three parameters, not
        # one per parameter (a third pass indexed past its Jacobian's columns: a false SC110)
        items = _known_items(args[0])
        if items is not None:
            return List(tuple(Tuple(items[i:i + k]) for i in range(0, len(items) - k + 1, k)))
        length = length_of(args[0])
        element = interp.iteration_value(args[0], node)
        return List(None, Tuple((element,) * k), D.floordiv(length, k) if length is not None else None)
    itemss = [_known_items(a) for a in args]
    if args and all(items is not None for items in itemss):   # zip(x.shape, sizes): the pairs themselves
        return List(tuple(Tuple(parts) for parts in zip(*itemss)))
    elements = [interp.iteration_value(a, node) for a in args]
    lengths = [length_of(a) for a in args]
    length = None   # the shortest: enumerate(zip(x, y)) counts below it
    if args and all(n is not None for n in lengths):
        length = lengths[0]
        for n in lengths[1:]:
            length = D.dmin(length, n)
    return List(None, Tuple(tuple(elements)), length)


#: ``map`` over a sequence of known length calls the function once per item (``q, k, v = map(lambda t:
#: rearrange(t, ...), qkv)``); longer ones, and unknown lengths, once on the joined element
MAP_UNROLL = 16


def _map(interp, node, args, kwargs) -> Value:
    if len(args) != 2:   # map(f, a, b, ...) pairs items up: its elements stay unknown
        return List(None)
    func, seq = args
    items = seq.items if type(seq) in (Tuple, List) else None
    if items is not None and len(items) <= MAP_UNROLL:
        return Tuple(tuple(interp.call(node, func, [Arg(item)], {}) for item in items))
    return List(None, interp.call(node, func, [Arg(interp.iteration_value(seq, node))], {}))


def _reduce(interp, node, args, kwargs) -> Value:
    """``functools.reduce(f, items[, initial])`` over a sequence of known items: f applied in turn
    (``reduce(lambda h, layer: layer(h), layers, x)`` runs the layers; ``reduce(operator.mul, dims)``)."""
    if len(args) not in (2, 3) or type(args[1]) not in (Tuple, List) or args[1].items is None:
        return UNKNOWN
    items = list(args[1].items)
    if len(items) > MAP_UNROLL or (len(args) == 2 and not items):
        return UNKNOWN
    acc = args[2] if len(args) == 3 else items.pop(0)
    for item in items:
        acc = interp.call(node, args[0], [Arg(acc), Arg(item)], {})
    return acc


def _iter(interp, node, args, kwargs) -> Value:
    return args[0] if len(args) == 1 and type(args[0]) in (List, Tuple) else UNKNOWN


def _next(interp, node, args, kwargs) -> Value:
    """``next(it)``: the first item of a sequence of known items (an iterator over it, a generator's
    items: any of them)."""
    if not args or type(args[0]) not in (List, Tuple):
        return UNKNOWN
    items = args[0].items
    if items is None:
        return each_item(args[0].element, interp.analysis.fresh)
    return items[0] if items else (args[1] if len(args) > 1 else UNKNOWN)


def _partial(interp, node, args, kwargs) -> Value:
    if not args:
        return UNKNOWN
    func, given = args[0], tuple((k, a.value) for k, a in kwargs.items())
    if type(func) is Partial:   # partial(partial(f, a), b) is partial(f, a, b), as functools flattens it
        return Partial(func.func, func.args + tuple(args[1:]), tuple((k, v) for k, v in func.keywords
                                                                      if k not in kwargs) + given)
    return Partial(func, tuple(args[1:]), given)


def _enumerate(interp, node, args, kwargs) -> Value:
    if not args:
        return UNKNOWN
    start = args[1] if len(args) > 1 else kwargs["start"].value if "start" in kwargs else Int(0)
    items = _known_items(args[0])
    if items is not None and type(start) is Int:   # enumerate(x.shape): each index with its item
        return List(tuple(Tuple((Int(D.add(start.dim, k)), item)) for k, item in enumerate(items)))
    i = interp.analysis.fresh("i")
    length = length_of(args[0])
    if length is not None and type(start) is Int:   # enumerate(x, s) counts s, s+1, ... s+len(x)-1
        interp.bound_index(i, range_membership(Range(start, Int(D.add(start.dim, length)), Int(1)), i), node)
    # (as long as what it counts: odl's ``enumerate(range(self.ndim))`` of an empty grid runs no pass)
    return List(None, Tuple((Int(i), interp.iteration_value(args[0], node))), length)


def _minmax(fn):
    def handler(interp, node, args, kwargs) -> Value:
        if len(args) >= 2 and all(type(a) is Int for a in args):
            out = args[0].dim
            for a in args[1:]:
                out = fn(out, a.dim)
            return Int(out)
        if len(args) == 1 and type(args[0]) in (Tuple, List) and args[0].items \
                and all(type(a) is Int for a in args[0].items):
            items = args[0].items
            out = items[0].dim
            for a in items[1:]:
                out = fn(out, a.dim)
            return Int(out)
        if len(args) >= 2 and all(type(a) in (Int, Float, Bool) for a in args):
            # ``max(k_h / q_h, 1.0)``: one of the numbers, a Python number (torchvision's MViT scales
            # ``torch.arange(q_h)[:, None]`` by it; unknown, the product had no rank)
            known = [known_number(a) for a in args]
            if all(x is not None for x in known):
                chosen = args[known.index((max if fn is D.dmax else min)(known))]
                return Float(float(known_number(chosen))) if type(chosen) is Float else chosen
            return Float(presumed=any(a.presumed for a in args))
        if len(args) == 1 and type(args[0]) is Array and args[0].shape.rank and "default" not in kwargs:
            # ``max(c[rows])``: Python's max walks the array's first axis, so it is one of its items
            # (cdt's HSIC lasso tests ``len(C) == 0`` of the (1,) row it gets: not known, the branch
            # indexing a one-row array by the loop's count was a false SC105)
            a = args[0]
            return Array(Shape(a.shape.prefix[1:]), a.dtype, None, a.tensor)
        return UNKNOWN
    return handler


def _abs(interp, node, args, kwargs) -> Value:
    if len(args) == 1:
        v = args[0]
        if type(v) is Int and type(v.dim) is int:
            return Int(abs(v.dim))
        if type(v) is Array:   # (np.absolute: a complex array's magnitudes are real)
            return v if real_part(v.dtype) == v.dtype else replace(v, dtype=real_part(v.dtype))
        if type(v) is Float:
            return Float()
    return UNKNOWN


def _sum(interp, node, args, kwargs) -> Value:
    if args and type(args[0]) in (Tuple, List) and args[0].items is not None \
            and all(type(a) is Int for a in args[0].items):
        out = 0
        for a in args[0].items:
            out = D.add(out, a.dim)
        return Int(out)
    if args and type(args[0]) is Array and args[0].shape.rank:
        return Array(Shape(args[0].shape.prefix[1:]), args[0].dtype)
    if args and type(args[0]) in (Tuple, List):
        # ``sum([branch(x) for branch in self.branches])``: start + each item in turn, broadcasting
        # as ``+`` does. A list of unknown length is taken as not empty: one item stands for all (its
        # element joins them), as code that adds arrays up and uses the sum as one expects.
        seq = args[0]
        items = seq.items if seq.items is not None else (seq.element,)
        if items and all(type(item) is Array for item in items):
            total = args[1] if len(args) > 1 else kwargs["start"].value if "start" in kwargs else Int(0)
            given = node.args[0] if isinstance(node, ast.Call) and node.args else node
            shown = given.elts if isinstance(given, (ast.List, ast.Tuple)) and len(given.elts) == len(items) \
                else [given] * len(items)
            for item, item_node in zip(items, shown):
                total = interp.binary(node, ast.Add(), total, item, node, item_node)
            return total
    return UNKNOWN


def _bool(interp, node, args, kwargs) -> Value:
    return Bool()


def _print(interp, node, args, kwargs) -> Value:
    return NONE


def _reveal_shape(interp, node, args, kwargs) -> Value:
    if len(args) != 1:
        return UNKNOWN
    value = present(args[0])
    names = D.DistinctNames(interp.frame.names)   # two dims made up alike show as k and k'
    if type(value) is Array:
        shape = value.shape
        text = shape.show(names)
        message = (f"shape: {text}" + (f", dtype: {value.dtype}" if value.dtype else "")
                   + show_placement(value, names))
        payload = shape.to_json(names)
    elif type(value) in (Int, Float, Bool):
        message = "shape: () (a Python scalar)"
        payload = ()
        if type(value) is Int:
            message = f"shape: () (int {D.show(value.dim, names)})"
    else:
        message = "shape: unknown"
        payload = None
    if interp.errors is None and interp.report and interp.module.reported:
        interp.analysis.emit(Diagnostic(interp.module.path, interp.span(node), "SC301", "info",
                                        f"reveal_shape: {message}", shape=payload, has_shape=True))
    return args[0]


def _isinstance(interp, node, args, kwargs) -> Value:
    """``isinstance(x, tuple)`` when x's kind is known: lets ``if`` take the one branch that runs."""
    if len(args) != 2:
        return Bool()
    verdict = _is_instance(args[0], args[1])
    return known_bool(verdict)


#: The ``collections.abc`` classes, and the Python values that are instances of each: an ndarray or a
#: tensor is iterable, sized and a container, and no sequence (NumPy registers it as none). A float is
#: none of them: kmapper's ``if isinstance(self.perc_overlap, Iterable): np.array(...)`` of its default
#: 0.5 does not run (its ``len()`` of the 0-d array was a false SC107).
_ABC_KINDS = {"Iterable": (Tuple, List, Str, Dict), "Collection": (Tuple, List, Str, Dict),
              "Sized": (Tuple, List, Str, Dict), "Container": (Tuple, List, Str, Dict),
              "Sequence": (Tuple, List, Str), "MutableSequence": (List,), "Mapping": (Dict,),
              "MutableMapping": (Dict,)}
_ARRAY_ABCS = frozenset(("Iterable", "Collection", "Sized", "Container"))


#: Classes of libraries the analysis does not read (a project may import them), by module: no array,
#: number or Python container is an instance of one, so ``isinstance(x, DataFrame)`` of an array
#: takes its else branch (statsmodels' lagmat read a 1-D array's ``x.shape[1]`` under it); a dict
#: may be an ``OrderedDict``. A project class extending ``OrderedDict`` is a dict's subclass
#: (interp/dict_subclasses.py).
FOREIGN_CLASSES = {"pandas": ("DataFrame", "Series", "Index"),
                   "numbers": ("Number", "Complex", "Real", "Rational", "Integral"),
                   "collections": ("OrderedDict",),
                   "collections.abc": tuple(_ABC_KINDS)}
ABSTRACT_COLLECTIONS = frozenset(_ABC_KINDS)


#: The ``numbers`` ABCs, and the Python values that are instances of each (bool is an int). A NumPy
#: scalar is registered as one (``np.float64`` is Real), a 0-d ndarray, a tensor or a container is not.
_NUMBER_KINDS = {"numbers.Number": (Int, Float, Bool), "numbers.Complex": (Int, Float, Bool),
                 "numbers.Real": (Int, Float, Bool), "numbers.Rational": (Int, Bool),
                 "numbers.Integral": (Int, Bool)}

_PY_KINDS = {"int": (Int, Bool), "float": (Float,), "bool": (Bool,), "tuple": (Tuple,), "list": (List,),
             "str": (Str,), "dict": ()}


#: values that are no instance of a Python number or container class (``isinstance(content, tuple)``
#: of ``ACT2CLS``'s entries: a class, or a class and its arguments)
_NO_PY_KIND = (Class, Function, BoundMethod, LibraryObject, TorchModule)


#: torch layers that subclass another the tables name (``nn.ReLU6`` is a ``Hardtanh``)
_LAYER_SUBCLASSES = {"ReLU6": "Hardtanh", "NonDynamicallyQuantizableLinear": "Linear"}


def _layer_is_instance(kind: str, name: str) -> bool | None:
    """``isinstance(layer, nn.<name>)`` of a torch layer of ``kind``: every layer is an ``nn.Module``,
    a layer is an instance of its own class (a lazy one of its eager class too) and of no other layer
    class the tables know; a private base (``_BatchNorm``, ``_ConvNd``) is not known. A weight-init
    loop over ``named_modules()`` (``if isinstance(m, nn.Conv2d): kaiming_normal_(m.weight)``)
    takes the branch each layer takes."""
    if name == "Module" or name == kind or kind == "Lazy" + name or _LAYER_SUBCLASSES.get(kind) == name:
        return True
    return False if name in LAYERS and not name.startswith("_") else None


def _is_instance(value: Value, cls: Value) -> bool | None:
    t = type(value)
    if t is Unknown:
        return None
    if type(cls) is Tuple:
        answers = [_is_instance(value, c) for c in cls.items]
        return True if True in answers else None if None in answers else False
    if t is List and value.is_tuple:
        t = Tuple
    if type(cls) is Builtin and cls.name in _PY_KINDS:
        kinds = _PY_KINDS[cls.name] + ((Dict,) if cls.name == "dict" else ())
        if t is Array and cls.name == "float" and _may_be_numpy_float(value):
            return None
        if complex_number(value):   # (1j is no float)
            return False
        if t in (Int, Float, Bool, Tuple, List, Str, Dict, Array, NoneValue):
            return t in kinds
        if t in _NO_PY_KIND:   # a class, a function or a layer is no number and no container
            return False
        return None
    if type(cls) is LibraryObject and cls.qualname in ("numpy.ndarray", "torch.Tensor"):
        if t is Array:
            if value.shape.rank == 0 and not value.tensor and cls.qualname == "numpy.ndarray":
                # a NumPy reduction gives a scalar (``x.mean()`` is an np.float64, no ndarray), where
                # np.array(1.0) is a 0-d ndarray: not known (shap's decision plot took len() of a mean)
                return None
            return value.tensor == (cls.qualname == "torch.Tensor")
        if t in (Int, Float, Bool, Tuple, List, Str, Dict, NoneValue):
            return False
        return None
    if type(cls) is LibraryObject and cls.qualname in _NUMBER_KINDS:
        # ``np.asarray(alpha) if not isinstance(alpha, Real) else alpha`` (scikit-learn's naive Bayes)
        if t in (Int, Float) and value.presumed:
            return None
        if t is Array:
            # a 0-d NumPy value may be a NumPy scalar (``x.sum()``), which is registered as a number
            return None if value.shape.rank in (0, None) and not value.tensor else False
        if t in (Int, Float, Bool, Tuple, List, Str, Dict, NoneValue):
            if complex_number(value) and cls.qualname != "numbers.Number":
                return cls.qualname == "numbers.Complex"
            return t in _NUMBER_KINDS[cls.qualname]
        return None
    if type(cls) is LibraryObject and cls.qualname.startswith("collections.abc."):
        name = cls.qualname.rpartition(".")[2]
        if t is Array:
            if name not in _ARRAY_ABCS:
                return False
            # a 0-d NumPy value may be a NumPy scalar (``x.sum()``), which is none of them
            return True if value.tensor or (value.shape.rank or 0) > 0 else None
        if t in (Int, Float, Bool, Tuple, List, Str, Dict, NoneValue):
            return t in _ABC_KINDS[name]
        return None
    if type(cls) is LibraryObject and cls.qualname.rpartition(".")[0] in FOREIGN_CLASSES:
        # a pandas frame is no array, number or Python container, nor any of them one
        if t is Dict and cls.qualname == "collections.OrderedDict":
            return None
        return False if t in (Array, Int, Float, Bool, Tuple, List, Str, Dict, NoneValue) else None
    if type(cls) is LibraryObject and t is TorchModule and cls.qualname.startswith("torch.nn."):
        return _layer_is_instance(value.kind, cls.qualname.rpartition(".")[2])
    if type(cls) is Class and t is Instance:
        c = value.cls
        seen = []
        while c is not None and c not in seen:
            if c is cls:
                return True
            seen.append(c)
            c = c.bases[0] if c.bases and type(c.bases[0]) is Class else None
        return None
    return None


def _may_be_numpy_float(value: Array) -> bool:
    """Whether ``value`` may be an ``np.float64``, which is a Python float (its class derives from
    ``float``): a NumPy op on numbers gives one (``1. / np.sqrt(2.) / n``), and escnn 1.0.11 writes
    ``if isinstance(sigma, float): sigma = [sigma] * len(radii)`` for it. np.float32, np.int64 and
    tensors are no Python numbers."""
    return not value.tensor and value.shape.rank in (0, None) and value.dtype in (None, "float64")


#: values that are always callable, and values that never are (an instance may define ``__call__``)
_CALLABLE = (Function, BoundMethod, Partial, Class, TorchModule, Method, Builtin)
_NOT_CALLABLE = (Array, Int, Float, Bool, Str, NoneValue, Tuple, List, Dict, Slice, EllipsisValue)


def _callable(interp, node, args, kwargs) -> Value:
    """``callable(d)`` when d's kind is known: ``default(mask, lambda: torch.ones(b, n))``'s
    ``d() if callable(d) else d`` takes the one branch that runs, so the default keeps its shape."""
    if len(args) != 1:
        return Bool()
    t = type(args[0])
    verdict = True if t in _CALLABLE else False if t in _NOT_CALLABLE else None
    return known_bool(verdict)


#: The Python type whose attributes a value of a kind has, all of them known.
_TYPES_OF = {Int: int, Float: float, Bool: bool, Str: str, NoneValue: type(None), Tuple: tuple, List: list,
             Dict: dict, Slice: slice}


def _hasattr(interp, node, args, kwargs) -> Value:
    """``hasattr(x, "name")`` where x's kind is known and has every attribute it ever has: s2fft's
    ``spin: int = 0`` takes its array branch only ``if hasattr(spin, "__len__")``, and an int taken
    into it was a 0-d operand of ``einsum("nlm,n->nlm", ...)``: a false SC107."""
    if len(args) != 2 or type(args[1]) is not Str or args[1].value is None:
        return Bool()
    value, name = args[0], args[1].value
    if getattr(value, "presumed", False):   # a number only by presumption: any object
        return Bool()
    kind = _TYPES_OF.get(type(value))
    return known_bool(hasattr(kind, name)) if kind is not None else Bool()


def _setattr(interp, node, args, kwargs) -> Value:
    """``setattr(obj, "n", v)`` stores ``obj.n`` as ``obj.n = v`` does."""
    if len(args) == 3 and type(args[1]) is Str and args[1].value is not None:
        interp.store_attribute(args[0], args[1].value, args[2], node)
    return NONE


def _getattr(interp, node, args, kwargs) -> Value:
    """``getattr(self, f"fc{i}")`` with the name known reads the attribute as ``self.fc0`` does; a
    default stands in only where the object is known to lack it (not modelled: the read's value)."""
    if len(args) in (2, 3) and type(args[1]) is Str and args[1].value is not None and type(args[0]) is Instance:
        return interp.attribute(args[0], args[1].value, node)
    return UNKNOWN


def _cast(interp, node, args, kwargs) -> Value:
    """``typing.cast(T, value)`` returns ``value`` at run time; its shape is T's when T has one."""
    if len(args) != 2:
        return UNKNOWN
    return check_cast(interp, node, args[0], args[1])


def _sorted(interp, node, args, kwargs) -> Value:
    if args and type(args[0]) in (Tuple, List):
        return List(args[0].items, getattr(args[0], "element", UNKNOWN))
    return List(None)


def _reversed(interp, node, args, kwargs) -> Value:
    """``reversed(range(a, b))`` is ``range(b - 1, a - 1, -1)`` (both empty where b <= a), so a
    sampling loop ``for t in reversed(range(T))`` runs T times; a sequence's items in reverse."""
    v = args[0] if len(args) == 1 else None
    t = type(v)
    if t is Range and (backwards := reversed_range(v)) is not None:
        return backwards
    if t in (Tuple, List) and v.items is not None:
        return List(tuple(reversed(v.items)))
    if t is List:
        return List(None, v.element, v.length)
    return List(None)


def _divmod(interp, node, args, kwargs) -> Value:
    if len(args) == 2 and all(type(a) is Int for a in args) and args[1].dim != 0:
        a, b = args[0].dim, args[1].dim
        return Tuple((Int(D.floordiv(a, b)), Int(D.mod(a, b))))
    return UNKNOWN


def _dict(interp, node, args, kwargs) -> Value:
    """``dict(a=1, b=layer)`` (what ``nn.ModuleDict(dict(...))`` is built from), ``dict(d)``."""
    base = args[0].items if len(args) == 1 and type(args[0]) is Dict else () if not args else None
    if base is None:
        return Dict()
    keys = set(kwargs)
    complete = (not args or args[0].complete) and MORE_KEYWORDS not in kwargs
    return Dict(tuple((k, v) for k, v in base if k not in keys) + tuple((k, a.value) for k, a in kwargs.items()),
                complete)


_HANDLERS = {
    "len": _len, "range": _range, "int": _int, "float": _float, "complex": _complex, "str": _str, "tuple": _tuple, "list": _list,
    "zip": _zip, "enumerate": _enumerate, "min": _minmax(D.dmin), "max": _minmax(D.dmax), "abs": _abs,
    "sum": _sum, "bool": _bool, "print": _print, "reveal_shape": _reveal_shape, "sorted": _sorted,
    "reversed": _reversed, "divmod": _divmod, "round": _float, "isinstance": _isinstance, "typing.cast": _cast, "map": _map,
    "dict": _dict, "setattr": _setattr, "getattr": _getattr, "functools.reduce": _reduce, "functools.partial": _partial,
    "iter": _iter, "next": _next, "callable": _callable, "hasattr": _hasattr,
}
