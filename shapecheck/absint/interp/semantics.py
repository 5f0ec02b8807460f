"""How Python's own values behave under the interpreter: int arithmetic on dims, comparisons,
truth, sequences and their lengths, list mutation, and small helpers the statement and expression
halves share."""

from __future__ import annotations

import ast
import operator
import weakref
from typing import TYPE_CHECKING, Callable

from ...constraints import dims as D
from ...constraints.intervals import interval
from ...constraints.predicates import FALSE, TRUE, Pred, conj, disj, eq, ge, gt, le, lt, ne, negate
from ...constraints.shapes import MAX_RANK, UNKNOWN_SHAPE, Shape
from ..core.context import MORE_KEYWORDS, OpContext
from ..core.join import either_layer, element_of, same_layer
from ..core.values import (COMPLEX, complex_number, NONE, UNKNOWN, Alternatives, Array, Bool, BoundMethod, Class, Dict, EllipsisValue, Float, Function, Hole, Instance, Int,
                           LibraryObject, List, NoneValue, Opaque, ShapeTuple, Slice, Str, TorchModule, Tuple, Unknown, Value, tensor_like)
from ..core.frame import CONTAINER_CHANGERS, LIST_CHANGERS, UNROLL_LIMIT, Builtin, Range
from .declared import dotted
from .dtypes import same_dtype
from ..core.freshen import value_symbols
from ..core.node_answers import per_node, walk

if TYPE_CHECKING:
    from .interpreter import Interpreter

# == helpers =======================================================================================

SCALAR_TYPES = (Int, Float, Bool, Str, Tuple, List, Dict, type(NONE))

OP_NAMES = {
    ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide", ast.FloorDiv: "floor_divide",
    ast.Mod: "remainder", ast.Pow: "power", ast.MatMult: "matmul", ast.BitAnd: "bitwise_and",
    ast.BitOr: "bitwise_or", ast.BitXor: "bitwise_xor", ast.LShift: "left_shift", ast.RShift: "right_shift",
}
AUG_NAMES = {k: v for k, v in OP_NAMES.items()}
CMP_NAMES = {
    ast.Eq: "equal", ast.NotEq: "not_equal", ast.Lt: "less", ast.LtE: "less_equal", ast.Gt: "greater",
    ast.GtE: "greater_equal",
}


def load_target(target: ast.AST) -> ast.AST:
    return target


def source_text(interp: Interpreter, node: ast.AST) -> str:
    return interp.module.text_of(node)


#: Known ints past this many bits are unknown: ``1 << 10**100`` or a tower of ``**`` would take all
#: memory to compute, and past 4,300 digits Python will not even print one (sys.int_info).
MAX_INT_BITS = 1024


def int_arith(op: ast.operator, a: D.Dim, b: D.Dim) -> Value:
    result = _int_arith(op, a, b)
    if type(result) is Int and type(result.dim) is int and result.dim.bit_length() > MAX_INT_BITS:
        return UNKNOWN
    return result


#: The largest literal power of a symbolic int kept as a product (``n ** 2`` is ``n*n``); past it,
#: or to a symbolic exponent, the power is some int.
MAX_SYMBOLIC_POWER = 4


def _int_arith(op: ast.operator, a: D.Dim, b: D.Dim) -> Value:
    t = type(op)
    if t is ast.Add:
        return Int(D.add(a, b))
    if t is ast.Sub:
        return Int(D.sub(a, b))
    if t is ast.Mult:
        return Int(D.mul(a, b))
    if t is ast.FloorDiv:
        if b == 0:
            return UNKNOWN
        return Int(D.floordiv(a, b))
    if t is ast.Mod:
        if b == 0:
            return UNKNOWN
        return Int(D.mod(a, b))
    if t is ast.Pow and type(a) is int and type(b) is int and 0 <= b < 64:
        if abs(a).bit_length() * b > MAX_INT_BITS:
            return UNKNOWN
        return Int(a ** b)
    if t is ast.Pow and type(b) is int and 0 <= b <= MAX_SYMBOLIC_POWER:
        # a size squared (``num_patches = (image_size // patch_size) ** 2``) is a product of dims
        power: D.Dim = 1
        for _ in range(b):
            power = D.mul(power, a)
        return Int(power)
    if t is ast.Div:
        return Float(a / b) if type(a) is int and type(b) is int and b != 0 else Float()
    if type(a) is int and type(b) is int:
        if t is ast.LShift and b > MAX_INT_BITS:
            return UNKNOWN
        try:
            return Int({ast.LShift: lambda: a << b, ast.RShift: lambda: a >> b, ast.BitAnd: lambda: a & b,
                        ast.BitOr: lambda: a | b, ast.BitXor: lambda: a ^ b}[t]())
        except (KeyError, ValueError):
            return UNKNOWN
    return UNKNOWN


def compare_values(op: ast.cmpop, left: Value, right: Value) -> Pred | None:
    tl, tr = type(left), type(right)
    t = type(op)
    if tl is Int and tr is Int:
        a, b = left.dim, right.dim
        fn = {ast.Eq: eq, ast.NotEq: ne, ast.Lt: lt, ast.LtE: le, ast.Gt: gt, ast.GtE: ge}.get(t)
        return fn(a, b) if fn else None
    if tl is Tuple and tr is Tuple and t in (ast.Eq, ast.NotEq):
        if len(left.items) != len(right.items):
            return FALSE if t is ast.Eq else TRUE
        parts = []
        for x, y in zip(left.items, right.items):
            if type(x) is Int and type(y) is Int:
                parts.append(eq(x.dim, y.dim))
            elif type(y) is Hole or type(x) is Hole:
                continue
            else:
                return None
        pred = conj(parts)
        return pred if t is ast.Eq else negate(pred)
    empty = _against_empty_tuple(left, right) if t in (ast.Eq, ast.NotEq) else None
    if empty is not None:
        return empty if t is ast.Eq else negate(empty)
    known = _known_strings(t, left, right)
    if known is not None:
        return known
    if t in (ast.Eq, ast.NotEq):   # ``x.dtype == bool``: NumPy's answer
        same = same_dtype(left, right)
        if same is not None:
            return TRUE if same == (t is ast.Eq) else FALSE
    member = _dict_membership(t, left, right)
    if member is not None:
        return member
    apart = _kinds_apart(t, left, right)
    if apart is not None:
        return apart
    a, b = known_number(left), known_number(right)
    if a is None and tl is Tuple and tr is Tuple:
        # tuples of known constants, in Python's order (``sys.version_info >= (3, 9)``)
        a, b = _known_items(left), _known_items(right)
    if a is not None and b is not None and t in _NUMBER_COMPARISONS:
        # Python values both known (``U == 0.`` with ``U`` passed ``0.``): Python's own answer
        try:
            return TRUE if _NUMBER_COMPARISONS[t](a, b) else FALSE
        except TypeError:   # (3, "final") < (3, 1): Python raises, no answer here
            return None
    if t in (ast.Is, ast.IsNot) and (tl in _SINGLETONS or tr in _SINGLETONS):
        same = tl is tr
        if tl in _ANY_VALUE or tr in _ANY_VALUE or _maybe_singleton(left) or _maybe_singleton(right):
            return None
        return (TRUE if same else FALSE) if t is ast.Is else (FALSE if same else TRUE)
    return None


#: the values Python has one object of, which ``is`` tells from every other value (``x is None``,
#: ``s is Ellipsis``: nibabel's slicing test skips the pair of two ellipses by ``slice0 is Ellipsis``,
#: an unknown test a false SC110 of the index with two)
_SINGLETONS = (NoneValue, EllipsisValue)

#: values that may be a singleton: an unknown, and an object known by name (``input.coords is None``:
#: an attribute of a config or a parameter may be None; escnn's ``GeometricTensor`` took every tensor
#: for a point cloud's 2-d one, a false SC105)
_ANY_VALUE = (Unknown, Opaque)


def _maybe_singleton(v: Value) -> bool:
    """A value decided at run time that may be one of the singletons (an optional layer)."""
    return type(v) is Alternatives and any(type(o) in _SINGLETONS for o in v.options)


def _against_empty_tuple(left: Value, right: Value) -> Pred | None:
    """``working_axes == ()`` for a tuple whose length is a dim (``tuple(range(-n, 0))``): n == 0."""
    for seq, other in ((left, right), (right, left)):
        if (type(seq) is List and seq.is_tuple and seq.items is None and seq.length is not None
                and type(other) is Tuple and other.items == ()):
            return eq(seq.length, 0)
    return None


def _known_strings(t: type, left: Value, right: Value) -> Pred | None:
    """A mode string the source spells out against another (``normalization == "sigmoid"``,
    ``mode in ("bilinear", "bicubic")``): Python's own answer, so an ``if`` or a conditional
    expression takes the one path that runs."""
    if type(left) is not Str or left.value is None:
        return None
    if t in (ast.Eq, ast.NotEq) and type(right) is Str and right.value is not None:
        return TRUE if (left.value == right.value) == (t is ast.Eq) else FALSE
    if t in (ast.In, ast.NotIn) and type(right) in (Tuple, List) and right.items is not None \
            and all(type(x) is Str and x.value is not None for x in right.items):
        return TRUE if (left.value in {x.value for x in right.items}) == (t is ast.In) else FALSE
    if t in (ast.In, ast.NotIn) and type(right) is Str and right.value is not None:   # ``x.dtype.kind in "biu"``
        return TRUE if (left.value in right.value) == (t is ast.In) else FALSE
    return None


_NUMBER_KINDS = (Int, Float, Bool)


def _kinds_apart(t: type, left: Value, right: Value) -> Pred | None:
    """A string against numbers, or a number against strings, which Python never finds equal:
    ``model_key in [7, 8, 9, 10]`` with ``model_key`` a file's name (scanpy's simulation keeps such a
    branch from when models were numbered: taken, it wrote 4 values into 9, a false SC101)."""
    if t in (ast.In, ast.NotIn) and type(right) in (Tuple, List) and right.items:
        kinds = right.items
    elif t in (ast.Eq, ast.NotEq):
        kinds = (right,)
    else:
        return None
    if (type(left) is Str and all(type(x) in _NUMBER_KINDS for x in kinds)) or \
            (type(left) in _NUMBER_KINDS and all(type(x) is Str for x in kinds)):
        return FALSE if t in (ast.In, ast.Eq) else TRUE
    return None


def _dict_membership(t: type, left: Value, right: Value) -> Pred | None:
    """``'num_experts' in kwargs`` for a dict whose keys the analysis knows (a ``**kwargs`` a call
    filled, a display of literal keys): Python's own answer where the key is among them, or is not
    and the dict is complete; unknown otherwise. (timm's ``create_conv2d`` picks its layer so: an
    unknown answer built a CondConv2d beside every convolution.)"""
    if t not in (ast.In, ast.NotIn) or type(right) is not Dict:
        return None
    key = dict_key(left)
    if key is None:
        return None
    if any(a == key for a, _ in right.items):
        return TRUE if t is ast.In else FALSE
    if right.complete:
        return FALSE if t is ast.In else TRUE
    return None


_NUMBER_COMPARISONS = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
                       ast.Gt: operator.gt, ast.GtE: operator.ge}


def _known_items(v: Tuple) -> tuple | None:
    """A tuple's items as Python's values, where each is a number or a string the analysis knows."""
    out = []
    for item in v.items:
        x = item.value if type(item) is Str else known_number(item)
        if x is None:
            return None
        out.append(x)
    return tuple(out)


def known_number(v: Value) -> int | float | None:
    """The value of a Python number the analysis knows exactly (a literal, a concrete int)."""
    t = type(v)
    if t is Float:
        return v.value
    if t is Int and type(v.dim) is int:
        return v.dim
    return None


def type_union(left: Value, right: Value) -> Tuple | None:
    """``int | float`` of two classes: a union, which ``isinstance`` takes as it takes the tuple
    ``(int, float)`` (PEP 604); None when either side is no class."""
    parts = []
    for side in (left, right):
        t = type(side)
        if t is Tuple and side.items and all(_is_class(c) for c in side.items):
            parts.extend(side.items)
        elif _is_class(side):
            parts.append(side)
        else:
            return None
    return Tuple(tuple(parts))


def _is_class(v: Value) -> bool:
    t = type(v)
    return t is Class or (t is Builtin and v.name in CLASS_BUILTINS) or t is NoneValue \
        or (t is LibraryObject and v.qualname in ("numpy.ndarray", "torch.Tensor"))


#: the built-in names that are classes (``isinstance``'s second argument), as opposed to functions
CLASS_BUILTINS = frozenset({"int", "float", "bool", "tuple", "list", "str", "dict"})


def maybe_none(v: Value) -> bool:
    """An optional layer (a layer or None, decided at run time)."""
    return type(v) is Alternatives and NONE in v.options


def truth_pred(v: Value) -> Pred | None:
    t = type(v)
    if t is Bool:
        if v.pred is not None:
            return v.pred
        if v.value is not None:
            return TRUE if v.value else FALSE
        return None
    if t is Int:
        return ne(v.dim, 0)
    if t is type(NONE):
        return FALSE
    if t in (Tuple,):
        return TRUE if v.items else FALSE
    return None


def single_name(d: D.Dim) -> str:
    return d.terms[0][0][0].name


is_single_symbol = D.is_single_symbol


def int_constant(v: Value) -> int | None:
    return v.dim if type(v) is Int and type(v.dim) is int else None


def items_of(v: Value, want: int | None) -> tuple | None:
    t = type(v)
    if t is Tuple:
        return v.items
    if t is List:
        return v.items
    if t is Array and v.shape.rank is not None and v.shape.rank >= 1 and type(v.shape.prefix[0]) is int:
        n = v.shape.prefix[0]
        if n <= 64:
            return _rows(v, n)
    if t is Array and v.shape.rank and want is not None:
        return _rows(v, want)
    return None


def _rows(a: Array, count: int) -> tuple:
    """``count`` rows of ``a`` (what unpacking or iterating it gives)."""
    return (tensor_like(Array(Shape(a.shape.prefix[1:]), a.dtype), a),) * count


def length_of(v: Value):
    """How many items iterating ``v`` gives, as a dim, when known."""
    t = type(v)
    if t is Range and int_constant(v.start) == 0 and int_constant(v.step) == 1 and type(v.stop) is Int:
        return v.stop.dim
    if t is Array and v.shape.prefix and not v.shape.variadic:
        return v.shape.prefix[0]
    if t in (Tuple, List) and v.items is not None:
        return len(v.items)
    if t is List:
        return v.length
    return None


def range_membership(r: Range, i: D.Dim) -> Pred | None:
    """What ``i in range(start, stop, step)`` says of ``i``, when the bounds are ints and the step
    a known non-zero constant (Python's ``range`` semantics: ``stop`` excluded, the step's sign
    deciding the direction, every value ``start + k * step``)."""
    step = int_constant(r.step)
    if type(r.start) is not Int or type(r.stop) is not Int or not step:
        return None
    start, stop = r.start.dim, r.stop.dim
    if step > 0:
        bounds = (le(start, i), lt(i, stop))
        offset = D.sub(i, start)
    else:
        bounds = (le(i, start), lt(stop, i))
        offset = D.sub(start, i)
    if abs(step) != 1:
        bounds += (eq(D.mod(offset, abs(step)), 0),)
    return conj(bounds)


def index_may_be_negative(r: Range) -> bool:
    """Whether an item of ``range(start, stop, step)`` may be negative: unless start and stop are
    ints that are never (then every item lies between them), the loop's index is a signed symbol
    (``for dim in range(-shift, 0)``: pyro's ``block_plate(dim=dim)`` asserts ``dim < 0``, which an
    index taken for a size failed, a false SC110)."""
    return not (type(r.start) is Int and type(r.stop) is Int
                and interval(r.start.dim, {})[0] >= 0 and interval(r.stop.dim, {})[0] >= 0)


def trip_count(v: Value) -> D.Dim | None:
    """How many times a loop over ``v`` runs, when known: ``len(range(a, b, s))`` for a known step
    (taking ``b >= a`` for a positive step), else the length of what it iterates."""
    step = int_constant(v.step) if type(v) is Range else None
    if step and type(v.start) is Int and type(v.stop) is Int:
        span = D.sub(v.stop.dim, v.start.dim) if step > 0 else D.sub(v.start.dim, v.stop.dim)
        return span if abs(step) == 1 else D.floordiv(D.add(span, abs(step) - 1), abs(step))
    return length_of(v)


def trip_symbols(v: Value) -> set:
    """The symbols how often a loop over ``v`` runs may depend on: its trip count's and its items'."""
    count = trip_count(v)
    out = set(D.free_symbols(count)) if count is not None and type(count) is not int else set()
    return value_symbols(v, out)


@per_node
def compares_target(loop: ast.For) -> bool:
    """Whether a loop's body compares its index (``if i == 10``, ``if i < 10``): a pass that stands
    for the first iteration alone may then take other branches than one for any iteration. Read
    once per loop node."""
    if not isinstance(loop.target, ast.Name):
        return False
    name = loop.target.id
    pending = list(loop.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Compare) and any(isinstance(x, ast.Name) and x.id == name
                                                 for x in (node.left, *node.comparators)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))
    return False


def leaves_early(body: list[ast.stmt]) -> bool:
    """Whether an iteration of a loop with this body may stop before its end (break, continue,
    return, raise, a failing assert, or a handler catching what a statement raised); nested function
    and class bodies are not part of the iteration."""
    pending = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, _EARLY_EXITS):
            return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        pending.extend(ast.iter_child_nodes(node))
    return False


# Per loop node: the fixpoint asks on every pass over the loop, and an outer loop's walk covers
# its nested loops' bodies again (37% of the analysis of a jitted triple nest, nbody_step).
@per_node
def loop_leaves_early(loop: ast.For) -> bool:
    """:func:`leaves_early` of ``loop``'s body, computed once per loop node."""
    return leaves_early(loop.body)


@per_node
def appends_per_pass(loop: ast.For) -> dict[str, int]:
    """The lists every pass of ``loop`` appends to a fixed number of times: ``outs.append(h)``,
    ``outs += [h]`` or ``outs.extend([h, c])`` as a statement of the body (not under a branch), the
    name otherwise only read by index or ``len``, and no pass leaving early. After ``trips`` passes such a list is that many times longer
    (``for t in range(T): outs.append(h)`` makes T items). Read once per loop node."""
    if loop_leaves_early(loop):
        return {}
    counts: dict[str, int] = {}
    receivers: set[int] = set()

    def count(name: ast.Name, added: int) -> None:
        counts[name.id] = counts.get(name.id, 0) + added
        receivers.add(id(name))

    def statements(body: list) -> None:
        for st in body:
            call = st.value if isinstance(st, ast.Expr) else None
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) \
                    and isinstance(call.func.value, ast.Name) and len(call.args) == 1 and not call.keywords:
                if call.func.attr == "append":
                    count(call.func.value, 1)
                elif call.func.attr == "extend" and _display_length(call.args[0]) is not None:
                    count(call.func.value, _display_length(call.args[0]))
            elif isinstance(st, ast.AugAssign) and isinstance(st.op, ast.Add) and isinstance(st.target, ast.Name) \
                    and isinstance(st.value, ast.List) and _display_length(st.value) is not None:
                count(st.target, _display_length(st.value))   # ``outputs += [output]``
            elif isinstance(st, ast.With):
                statements(st.body)

    statements(loop.body)
    if not counts:
        return {}
    reads: set[int] = set()   # the names read by index (``outs[-1]``) or measured (``len(outs)``)
    for node in walk(loop):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name):
            reads.add(id(node.value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" \
                and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
            reads.add(id(node.args[0]))
    for node in walk(loop):
        if isinstance(node, ast.Name) and node.id in counts and id(node) not in receivers and id(node) not in reads:
            del counts[node.id]   # mutated, aliased, passed on or rebound: its length is not counted
    return counts


def _display_length(node: ast.expr) -> int | None:
    """How many items a list or tuple display without ``*`` has (``[h, c]``: 2)."""
    if isinstance(node, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in node.elts):
        return len(node.elts)
    return None


_EARLY_EXITS = (ast.Break, ast.Continue, ast.Return, ast.Raise, ast.Assert, ast.Try) + (
    (ast.TryStar,) if hasattr(ast, "TryStar") else ())


def iteration_items(v: Value) -> tuple | None:
    """The items a loop over ``v`` takes, when known and few enough to unroll.

    A range is measured before it is built: ``range(2**31)`` is a trip count, not a list to make
    (a fuzz run spent 10 s and 0.9 GB on ``range(10**7)`` here). Anything over UNROLL_LIMIT
    could not be unrolled anyway, so it is None, as an unknown range is."""
    t = type(v)
    if t in (Tuple, List):
        if v.items is None and t is List and type(v.length) is int and v.length == 0:
            return ()   # ``enumerate(np.array([], float))``: no pass (gpaw's XAS projections: a false SC110)
        return v.items
    if t is Range and all(int_constant(x) is not None for x in (v.start, v.stop, v.step)) and v.step.dim != 0:
        trips = range(v.start.dim, v.stop.dim, v.step.dim)[:UNROLL_LIMIT + 1]  # len() of range(10**100) overflows
        if len(trips) > UNROLL_LIMIT:
            return None
        return tuple(Int(i) for i in trips)
    if t is Array and v.shape.rank and type(v.shape.prefix[0]) is int and v.shape.prefix[0] <= UNROLL_LIMIT \
            and v.dtype != "object":
        return _rows(v, v.shape.prefix[0])   # ``for freq in 2.0 ** torch.linspace(0, 5, 6)``
    return None


def range_items(r: Range, fresh) -> List:
    """The list a range makes (``tuple(range(-n, 0))``): its ints when few and known, else ints of
    a length known as a dim when the trip count is (n), so ``len`` and ``== ()`` see it."""
    items = iteration_items(r)
    if items is not None:
        return List(items)
    return List(None, Int(fresh("i")), trip_count(r))


def mutate_list(current: List, method: str, args: list, fresh=None) -> List:
    """``xs.append(v)`` and friends, as a new list value bound to the same name (``fresh``: see
    :func:`loose_join`)."""
    items = current.items
    element = element_of(current)
    if method == "append" and len(args) == 1:
        if items is not None:
            return List(items + (args[0],))
        return List(None, loose_join(element, args[0], fresh))   # (elements unknown so far stay unknown)
    if method == "extend" and len(args) == 1:
        more = items_of(args[0], None)
        if items is not None and more is not None:
            return List(items + tuple(more))
        added = element_of(args[0])
        return List(None, added if items == () else loose_join(element, added, fresh))
    if method == "insert" and len(args) == 2:
        at = args[0].dim if type(args[0]) is Int and type(args[0].dim) is int else None
        if items is not None and at is not None:
            at = len(items) + at if at < 0 else at   # list.insert clips the index, as slicing does
            return List(items[:max(at, 0)] + (args[1],) + items[max(at, 0):])
        return List(None, args[1] if items == () else loose_join(element, args[1], fresh))
    if method == "clear":
        return List(())
    if method == "pop" and len(args) <= 1 and items:
        # ``h.pop()`` removes the last item, ``h.pop(i)`` the one at i (an index out of range raises)
        at = args[0].dim if args and type(args[0]) is Int else -1
        if type(at) is int and -len(items) <= at < len(items):
            at %= len(items)
            return List(items[:at] + items[at + 1:])
    return List(None, element)


def without_items(current: List, index: Value) -> List:
    """The list ``del current[index]`` leaves: ``current.pop(index)``, or without a slice's items
    (read as a subscript reads them); its items unknown where the index is not known."""
    if type(index) is not Slice:
        return mutate_list(current, "pop", [index])
    parts = (index.start, index.stop, index.step)
    bounds = [int_constant(x) for x in parts]
    if current.items is not None and bounds[2] != 0 and all(b is not None or x is NONE for b, x in zip(bounds, parts)):
        gone = set(range(len(current.items))[slice(*bounds)])
        return List(tuple(v for k, v in enumerate(current.items) if k not in gone))
    return List(None, element_of(current))


def dict_key(key: Value) -> str | int | None:
    """A dict key the analysis knows (a literal str or int), as ``Dict.items`` holds it."""
    if type(key) is Str:
        return key.value
    if type(key) is Int and type(key.dim) is int:
        return key.dim
    return None


def with_item(current: Dict, key: Value, value: Value) -> Value:
    """``d[key] = value`` as a new dict value; UNKNOWN where the key is not known (any entry may
    be the one replaced)."""
    k = dict_key(key)
    return UNKNOWN if k is None else _put(current, k, value)


def _put(current: Dict, k: str | int, value: Value) -> Dict:
    if any(a == k for a, _ in current.items):
        return Dict(tuple((a, value if a == k else v) for a, v in current.items), current.complete)
    return Dict(current.items + ((k, value),), current.complete)


def mutate_dict(current: Dict, method: str, args: list, kwargs: dict) -> Value:
    """``d.update(...)``, ``d.pop(k)``, ``d.setdefault(k, v)``, ``d.clear()`` as a new dict value bound
    to the same name; UNKNOWN where what changed is not known."""
    if method == "update" and len(args) <= 1:
        if args and type(args[0]) is not Dict:
            return UNKNOWN
        known = (not args or args[0].complete) and MORE_KEYWORDS not in kwargs
        merged = current if known else Dict(current.items)
        for k, v in (args[0].items if args else ()) + tuple(kwargs.items()):
            merged = _put(merged, k, v)
        return merged
    k = dict_key(args[0]) if args else None
    if method == "pop" and k is not None:
        return Dict(tuple((a, v) for a, v in current.items if a != k), current.complete)
    if method == "setdefault" and k is not None and len(args) <= 2:
        return current if any(a == k for a, _ in current.items) else _put(current, k, args[1] if len(args) == 2 else NONE)
    if method == "clear":
        return Dict(complete=True)
    return UNKNOWN


def reversed_range(v: Range) -> Range | None:
    """``range(a, b)`` backwards, as ``reversed`` and ``[::-1]`` give it; None for a step other than 1 or -1."""
    if type(v.start) is Int and type(v.stop) is Int and type(v.step) is Int and v.step.dim in (1, -1):
        return Range(Int(D.sub(v.stop.dim, v.step.dim)), Int(D.sub(v.start.dim, v.step.dim)), Int(-v.step.dim))
    return None


#: the dict methods that read one entry (``d.get(key)``; ``super().__getitem__(key)`` in a dict's
#: subclass that overrides it)
DICT_READS = frozenset({"get", "__getitem__"})

#: callables a dict's entry chosen by a key known only at run time may be one of, each called where
#: the entry is (``ACTIVATIONS[name]()``)
_CALLABLES = (Class, Function, BoundMethod, LibraryObject)
#: what an entry a dict's subclass builds per key (interp/dict_subclasses.py) may be one of: the
#: callables, and the layers it built (``ACT2FN[name]``: an activation module, of the project or torch)
CALLABLE_CHOICES = _CALLABLES + (Instance, TorchModule)


def one_of(values: list, kinds: tuple) -> Alternatives | None:
    """The value a run-time choice among ``values`` gives, where they are a few (up to
    ``Alternatives.CHOICES``) of ``kinds`` and not all one: each of them, which a call calls; None
    where they are to be joined instead."""
    options = tuple(dict.fromkeys(values))
    if 1 < len(options) <= Alternatives.CHOICES and all(type(v) in kinds for v in options):
        return Alternatives(options)
    return None


def dict_item(d: Dict, key: Value, fresh, missing: Value = UNKNOWN) -> Value:
    """``d[key]``: the entry of a known key (``missing`` where a dict whose every entry is known has
    none: ``d.get(key, default)``); of a key chosen at run time (``self.options[key](x)``), one of
    the dict's values: of a few classes or functions, each (which a call calls), else their join."""
    if type(key) is Str and key.value is not None:
        for k, v in d.items:
            if k == key.value:
                return v
        return missing if d.complete else UNKNOWN
    if type(key) in (Str, Unknown, Opaque) and d.items:
        chosen = one_of([v for _, v in d.items], _CALLABLES)
        if chosen is not None:
            return chosen
        out = d.items[0][1]
        for _, v in d.items[1:]:
            out = loose_join(out, v, fresh)
        return out
    return UNKNOWN


def dict_read(d: Dict, name: str, args: list) -> tuple[Value, Value] | None:
    """The key and the value for a missing one of ``d.get(key[, default])`` / ``d.__getitem__(key)``
    (None: another call)."""
    if name == "get" and len(args) in (1, 2):
        return args[0], args[1] if len(args) == 2 else NONE
    if name == "__getitem__" and len(args) == 1:
        return args[0], UNKNOWN
    return None


def loose_join(a: Value, b: Value, fresh=None) -> Value:
    """One of ``a`` and ``b`` (a list's element, one of its items): arrays of one rank keep it, with
    a made-up dim (``fresh``) where theirs differ; without ``fresh``, the shape is unknown."""
    if a == b:
        return a
    if type(a) is Array and type(b) is Array:
        shape = a.shape if a.shape == b.shape else UNKNOWN_SHAPE   # (of two dtypes: ``self.w = self.w.half()``)
        if shape is UNKNOWN_SHAPE and fresh is not None and a.shape.rank is not None and a.shape.rank == b.shape.rank:
            shape = Shape(tuple(x if x == y else fresh("j") for x, y in zip(a.shape.dims, b.shape.dims)))
        return tensor_like(Array(shape, a.dtype if a.dtype == b.dtype else None), a, b)
    if type(a) is Int and type(b) is Int and fresh is not None:
        # ``counts.append(len(images))`` in a loop: a list of ints; where either may be negative (``-1``,
        # "not found"), so may the join, as a join of branches' ints is (core/join.Joiner.dim)
        d = fresh("j")
        return Int(D.signed(d) if min(interval(a.dim, {})[0], interval(b.dim, {})[0]) < 0 else d)
    if type(a) in (Int, Float) and type(b) in (Int, Float):
        return COMPLEX if complex_number(a) or complex_number(b) else Float()
    return either_layer(a, b)


def as_array_value(v: Value) -> Array | None:
    t = type(v)
    if t is Array:
        return v
    if t in (Int, Float, Bool):
        return Array(Shape(()))
    if t is Unknown:
        return v.as_array()
    return None


def rank_test(test: ast.expr, alias: Callable[[str], str | None] | None = None) -> tuple[str, int, bool] | None:
    """``x.ndim == 4``, ``x.dim() == 4``, ``len(x.shape) == 4`` (or ``!=``, either side first):
    ``("x", 4, True)``, the last item whether it tests for equality. None for any other test, and for a rank
    no array has (``x.ndim == 10**100`` would make up that many dims). ``alias``: the name whose rank
    a name holds (``input_ndim = x.ndim``, then ``if input_ndim == 4:``), if any."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Eq, ast.NotEq))):
        return None
    for a, b in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        owner = alias(a.id) if alias is not None and isinstance(a, ast.Name) else rank_of(a)
        if owner is not None and isinstance(b, ast.Constant) and type(b.value) is int and 0 <= b.value <= MAX_RANK:
            return owner, b.value, isinstance(test.ops[0], ast.Eq)
    return None


def rank_options(test: ast.expr) -> dict[str, frozenset]:
    """The ranks an assertion allows names: ``x.ndim in (3, 4)``, or an ``or`` whose every
    alternative tests x's rank (``(x.ndim == 5 and not video) or (x.ndim == 6 and video)``)."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.In) \
            and isinstance(test.comparators[0], (ast.Tuple, ast.List, ast.Set)):
        owner = rank_of(test.left)
        ranks = [e.value for e in test.comparators[0].elts if isinstance(e, ast.Constant) and type(e.value) is int]
        if owner is not None and ranks and len(ranks) == len(test.comparators[0].elts):
            possible = frozenset(r for r in ranks if 0 <= r <= MAX_RANK)   # no array has any other rank
            return {owner: possible} if possible else {}
        return {}
    if not (isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or)):
        return {}
    found: dict[str, set] | None = None
    for alternative in test.values:
        parts = alternative.values if isinstance(alternative, ast.BoolOp) and isinstance(alternative.op, ast.And) \
            else [alternative]
        here: dict[str, set] = {}
        for part in parts:
            tested = rank_test(part)
            if tested is not None and tested[2]:
                here.setdefault(tested[0], set()).add(tested[1])
        found = here if found is None else {name: found[name] | ranks for name, ranks in here.items() if name in found}
    return {name: frozenset(ranks) for name, ranks in (found or {}).items()}


#: What an assertion about sizes combines its names with (``dim % heads == 0``, ``a == b * 2``).
_INT_OPS = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod)
_INT_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def int_test_names(test: ast.expr) -> frozenset[str]:
    """The names a test compares as ints and nothing else (``dim % 8 == 0 and heads > 0``: names and
    int literals under ``+ - * // %``, compared); empty for any other test."""
    names: set[str] = set()

    def term(node: ast.expr) -> bool:
        if isinstance(node, ast.Name):
            names.add(node.id)
            return True
        if isinstance(node, ast.Constant):
            return type(node.value) is int
        return isinstance(node, ast.BinOp) and isinstance(node.op, _INT_OPS) and term(node.left) and term(node.right)

    def compared(node: ast.expr) -> bool:
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            return all(map(compared, node.values))
        return (isinstance(node, ast.Compare) and all(isinstance(op, _INT_COMPARISONS) for op in node.ops)
                and all(map(term, [node.left, *node.comparators])))

    return frozenset(names) if compared(test) else frozenset()


def rank_of(node: ast.expr) -> str | None:
    """The name whose rank ``node`` reads: ``x.ndim``, ``x.dim()``, ``len(x.shape)``."""
    if isinstance(node, ast.Call) and not node.keywords and len(node.args) == 1 and \
            isinstance(node.func, ast.Name) and node.func.id == "len":
        node = node.args[0]
        if isinstance(node, ast.Attribute) and node.attr == "shape" and isinstance(node.value, ast.Name):
            return node.value.id
        return None
    if isinstance(node, ast.Call) and not node.args and not node.keywords and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "dim":
        node = ast.Attribute(node.func.value, "ndim")
    if isinstance(node, ast.Attribute) and node.attr == "ndim" and isinstance(node.value, ast.Name):
        return node.value.id
    return None


def about_shapes(test: ast.AST) -> bool:
    """Whether an assertion speaks of shapes (``assert False`` and flag checks are not SC201's business)."""
    for node in walk(test):
        if isinstance(node, ast.Attribute) and node.attr in ("shape", "ndim", "size"):
            return True
    return False


def reads_object_state(test: ast.AST) -> bool:
    """Whether an assertion reads a value an object holds (``movie.frame_number.value``), other than a
    shape: a call between two assertions may change it (ase's GUI test steps an animation and asserts
    the frame number after each step), so facts an earlier assertion gave about it may be stale."""
    calls = {id(n.func) for n in walk(test) if isinstance(n, ast.Call)}
    return any(isinstance(n, ast.Attribute) and n.attr not in ("shape", "ndim", "size") and id(n) not in calls
               and isinstance(n.ctx, ast.Load) for n in walk(test))


RAISES_CONTEXTS = ("raises", "assert_raises", "assertRaises", "assert_raises_regex", "assertRaisesRegex",
                    "raises_regex", "assertRaisesRegexp", "expect_exception", "suppress")


def expects_exception(expr: ast.AST) -> bool:
    """``with pytest.raises(ValueError):``: the block is meant to fail, so its errors are not bugs."""
    if isinstance(expr, ast.Call):
        func = expr.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        return name in RAISES_CONTEXTS
    return False


@per_node
def expected_to_fail(fn: ast.AST) -> bool:
    """``@pytest.mark.xfail(...)`` on a test: it is meant to fail (statsmodels 0.15 keeps
    ``test_polysmoother_fit_2d_x_is_broken``, ``raises=np.linalg.LinAlgError, strict=True``), so its
    errors are no bugs, as a ``pytest.raises`` block's are not."""
    for deco in getattr(fn, "decorator_list", ()):
        target = deco.func if isinstance(deco, ast.Call) else deco
        if isinstance(target, ast.Attribute) and target.attr == "xfail" or isinstance(target, ast.Name) and target.id == "xfail":
            return True
    return False


@per_node
def passed_to_raises(outer: ast.AST) -> frozenset[str]:
    """The names a function's body passes to a call that expects an exception
    (``assert_raises(ValueError, bfa)``, ``pytest.raises(E, f, x)``, ``self.assertRaises(E, g)``): a
    function defined there under one of them is meant to fail (numpy's ``test_broadcast_flat_assignment``
    defines ``bfa`` to assign a (3,) array into a (3, 1) one), and its errors are no bugs."""
    return frozenset(arg.id for node in walk(outer) if isinstance(node, ast.Call) and expects_exception(node)
                     for arg in [*node.args, *(k.value for k in node.keywords)] if isinstance(arg, ast.Name))


@per_node
@per_node
def items_changed_through_target(loop: ast.For) -> frozenset[str]:
    """The names of the lists a loop iterates (``for g in groups``, ``enumerate(groups)``,
    ``zip(groups, updates)``) whose items the body changes through the loop's target
    (``g.append(x)``, ``g[k] = v``): the list holds the very items the target is bound to, so after
    the loop their lengths and entries are unknown (vllm's ``zip(block_ids, update.block_ids)``
    extended every group's list, which stayed empty: a false SC101)."""
    pairs: dict[str, str] = {}   # target name -> the iterated list's name
    target, iterated = loop.target, loop.iter
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "enumerate" \
            and iterated.args and isinstance(target, ast.Tuple) and len(target.elts) == 2:
        iterated, target = iterated.args[0], target.elts[1]
    if isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name) and iterated.func.id == "zip" \
            and isinstance(target, ast.Tuple) and len(target.elts) == len(iterated.args):
        pairs.update((t.id, a.id) for t, a in zip(target.elts, iterated.args)
                     if isinstance(t, ast.Name) and isinstance(a, ast.Name))
    elif isinstance(target, ast.Name) and isinstance(iterated, ast.Name):
        pairs[target.id] = iterated.id
    if not pairs:
        return frozenset()
    changed = set()
    for n in walk(loop):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in CONTAINER_CHANGERS \
                and isinstance(n.func.value, ast.Name):
            changed.add(n.func.value.id)
        elif isinstance(n, (ast.Assign, ast.AugAssign)):
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name):
                    changed.add(t.value.id)
    return frozenset(pairs[t] for t in changed if t in pairs)


@per_node
def nonlocal_stores(node: ast.AST) -> frozenset[str]:
    """The names a nested function declares ``nonlocal`` and binds: a call of it rebinds them in the
    scope that defined it (ray's ``finish_slice()`` sets ``cur_slice_size = 0``, and the caller
    asserts it is 0 after the call: taken for the count it was before, a false SC201)."""
    declared = {name for n in walk(node) if isinstance(n, ast.Nonlocal) for name in n.names}
    if not declared:
        return frozenset()
    return frozenset(n.id for n in walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)
                     and n.id in declared)


def lists_a_closure_changes(node: ast.AST) -> frozenset[str]:
    """The names of the enclosing scope a nested function changes a list through
    (``received.append(event)`` in a callback, ``seen.pop()``): whoever is handed the function may
    call it at any later call, so their lengths are unknown once it is defined (matplotlib's picking
    test counts the events its ``on_pick`` collected: taken for the empty list, a false SC201)."""
    own = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    own |= {a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None}
    own |= {t.id for n in walk(node) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.For))
            for target in (n.targets if isinstance(n, ast.Assign) else [n.target])
            for t in walk(target) if isinstance(t, ast.Name)}
    changed = {n.func.value.id for n in walk(node) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Attribute) and n.func.attr in LIST_CHANGERS
               and isinstance(n.func.value, ast.Name)}
    # a parameter whose default is the enclosing scope's list names that list at every call that
    # passes none (deeplabcut's ``def _process_batch(frames, all_poses_3d=all_poses_3d)``, which
    # extends it: the list stayed empty, and its (0, n, 3) stack's ``reshape(n_frames, -1)`` a false SC110)
    positional = node.args.posonlyargs + node.args.args
    defaults = list(zip(positional[len(positional) - len(node.args.defaults):], node.args.defaults)) + \
        [(a, d) for a, d in zip(node.args.kwonlyargs, node.args.kw_defaults) if d is not None]
    by_default = {d.id for a, d in defaults if isinstance(d, ast.Name) and a.arg in changed}
    return frozenset((changed - own) | by_default)


def items_a_closure_stores(node: ast.AST) -> frozenset[str]:
    """The names of the enclosing scope a nested function stores an item of (``call_count[0] += 1``,
    ``cache[key] = v``): whoever is handed the function may call it later, so what they hold is not
    known once it is defined (stanza's test counts the calls of a ``Dataset.__getitem__`` it patches
    in: ``call_count[0]`` taken for the 0 it starts at, a false SC201)."""
    own = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs}
    own |= {a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None}
    stored = set()
    for n in walk(node):
        targets = n.targets if isinstance(n, (ast.Assign, ast.Delete)) else \
            [n.target] if isinstance(n, (ast.AugAssign, ast.AnnAssign)) else ()
        for target in targets:
            if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name):
                stored.add(target.value.id)
            elif isinstance(target, ast.Name):
                own.add(target.id)
    return frozenset(stored - own)


def _bound_names(target: ast.AST) -> list[str] | None:
    """The names an assignment to ``target`` binds, when it binds names only (``a``, ``a, (b, *c)``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    if isinstance(target, (ast.Tuple, ast.List)):
        names = [_bound_names(t) for t in target.elts]
        return None if None in names else [n for part in names for n in part]
    return None


def _loaded(node: ast.AST) -> set[str]:
    return {n.id for n in walk(node) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Store)}


@per_node
def bound_before_read(loop: ast.AST) -> frozenset[str]:
    """The names every pass of ``loop`` binds before it reads them: a ``for`` loop's target, and a
    name its body assigns (not under a branch) before any use of it (``x = attn(x) + x`` keeps
    ``x``; ``h = self.norm(x)`` binds ``h`` afresh). What such a name holds when a pass starts is
    never seen by that pass, so a fixpoint need not wait for it to settle: a ``for attn, ff in
    self.layers`` loop is settled after one pass, not two (vit-pytorch ran 307 such second passes)."""
    bound: set[str] = set()
    read: set[str] = set()
    if isinstance(loop, ast.For):
        bound.update(_bound_names(loop.target) or ())
        read |= _loaded(loop.target)
    elif isinstance(loop, ast.While):
        read |= _loaded(loop.test)
    for stmt in loop.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            read |= _loaded(stmt.value) - bound
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                names = _bound_names(target)
                if names is None:
                    read |= _loaded(target) - bound
                else:
                    bound.update(n for n in names if n not in read)
        else:
            read |= _loaded(stmt) - bound
            if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
                read.add(stmt.target.id)
    return frozenset(bound - read)


@per_node
def from_imports(tree: ast.Module) -> dict[str, tuple[str | None, int]]:
    """The names a module's top-level ``from X import name`` statements bind (those under its ``if``
    and ``try`` blocks too): name -> (X, level). Statements only: no function body is walked (a
    body not parsed yet stays so, lazy_bodies.py)."""
    out: dict[str, tuple[str | None, int]] = {}
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.ImportFrom):
            out.update((alias.asname or alias.name, (node.module, node.level)) for alias in node.names
                       if alias.name != "*")
        elif isinstance(node, (ast.If, ast.Try)):
            pending += node.body + node.orelse + getattr(node, "finalbody", [])
            pending += [stmt for handler in getattr(node, "handlers", []) for stmt in handler.body]
    return out


#: A class's project metaclass, kept in its namespace under a name no attribute has.
METACLASS = "<metaclass>"


@per_node
def stored_by_metaclass(node: ast.ClassDef) -> frozenset[str]:
    """The class attributes a metaclass's own code may set on the classes it makes: every
    ``<name>.attr = ...`` in its methods, and every ``members["attr"] = ...`` (the namespace its
    ``__new__`` is given). Their values are the metaclass's, not the class body's: astropy's
    ``_ModelMeta`` sets each model's ``param_names``, which ``Model``'s body sets to ``()``, and every
    ``param_sets`` of its tests was empty (21 false errors)."""
    names = set()
    for n in walk(node):
        if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            for target in (n.targets if isinstance(n, ast.Assign) else [n.target]):
                if isinstance(target, ast.Attribute):
                    names.add(target.attr)
                elif (isinstance(target, ast.Subscript) and isinstance(target.slice, ast.Constant)
                      and isinstance(target.slice.value, str)):
                    names.add(target.slice.value)
        elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "setattr"
              and len(n.args) > 1 and isinstance(n.args[1], ast.Constant) and isinstance(n.args[1].value, str)):
            names.add(n.args[1].value)
    return frozenset(names)


def _caught(handler: ast.ExceptHandler) -> list[str]:
    """The names of the exceptions a handler catches (a bare ``except``: none)."""
    nodes = [] if handler.type is None else handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [n.id if isinstance(n, ast.Name) else n.attr if isinstance(n, ast.Attribute) else "?" for n in nodes]


# builtins that raise TypeError on what is not iterable (``len``: not sized), and only then
ITERATION_PROBES = frozenset({"list", "tuple", "iter", "len", "set", "frozenset", "sorted"})


def iteration_probe(node: ast.Try) -> tuple[str, ast.expr, ast.ExceptHandler] | None:
    """``try: c = list(c)`` / ``except TypeError: c = [c]``, the idiom that asks whether a value is
    iterable: the builtin, the name or attribute it is given, and the handler Python runs when it
    is not (the first that catches TypeError). None for any other ``try``."""
    if len(node.body) != 1:
        return None
    stmt = node.body[0]
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], (ast.Name, ast.Attribute)):
        call = stmt.value
    elif isinstance(stmt, ast.Expr):
        call = stmt.value
    else:
        return None
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in ITERATION_PROBES
            and len(call.args) == 1 and not call.keywords and dotted(call.args[0])):
        return None
    handler = next((h for h in node.handlers if h.type is None or any(
        n in ("TypeError", "Exception", "BaseException") for n in _caught(h))), None)
    return None if handler is None else (call.func.id, call.args[0], handler)


def surely_iterable(value: Value) -> bool | None:
    """Whether iterating ``value`` (or taking its ``len``) surely works (True), surely raises
    TypeError (False), or either may happen (None)."""
    t = type(value)
    if t in (List, Tuple, Str, Dict, ShapeTuple, Range):
        return True
    if t is NoneValue or t in (Int, Float, Bool) and not value.presumed:
        return False
    if t is Array:
        rank = value.shape.rank
        return None if rank is None else rank > 0
    return None


#: The exceptions a failing shape raises, and what catches them
SHAPE_ERRORS = frozenset({"Exception", "BaseException", "ValueError", "IndexError", "TypeError", "AxisError",
                          "LinAlgError", "RuntimeError"})


def catches_shape_errors(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    return any(n in SHAPE_ERRORS for n in _caught(handler))


def caught_expressions(handler: ast.ExceptHandler) -> list[ast.expr]:
    """The names and attributes a handler's ``except`` lists (none for a bare one)."""
    if handler.type is None:
        return []
    nodes = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return [n for n in nodes if isinstance(n, (ast.Name, ast.Attribute))]


def only_import_errors(handlers: list[ast.ExceptHandler]) -> bool:
    """Whether every handler catches ``ImportError`` (or ``ModuleNotFoundError``) and nothing else."""
    return bool(handlers) and all(h.type is not None and all(n in ("ImportError", "ModuleNotFoundError") for n in _caught(h))
                                  for h in handlers)


def guards_an_import(node: ast.Try) -> bool:
    """Whether a ``try`` imports at its top level and a handler catches the import's failure
    (``try: from apex.normalization import FusedRMSNorm`` / ``except ImportError: pass``)."""
    return any(isinstance(s, (ast.Import, ast.ImportFrom)) for s in node.body) and any(
        h.type is not None and any(n in ("ImportError", "ModuleNotFoundError") for n in _caught(h))
        for h in node.handlers)


def top_level_imports(body: list[ast.stmt]) -> list[str]:
    """The names the imports at the top level of ``body`` bind (``import a.b``: ``a``)."""
    return [alias.asname or alias.name.partition(".")[0] for s in body if isinstance(s, (ast.Import, ast.ImportFrom))
            for alias in s.names if alias.name != "*"]


def common_facts(fact_lists: list[tuple], base: tuple) -> tuple:
    """Facts every branch still has: the ones that held before the branch."""
    return base


def env_equal(a: dict, b: dict, ignoring: frozenset[str] = frozenset()) -> bool:
    """Whether two states hold the same, but for the names ``ignoring`` (in either or both)."""
    if a.keys() != b.keys() and (a.keys() ^ b.keys()) - ignoring:
        return False
    for k, v in a.items():
        if k in ignoring:
            continue
        w = b[k]
        if v is w:
            continue
        try:
            if v != w:
                return False
        except Exception:
            return False
    return True


def forget_changed(entry: dict, current: dict) -> dict:
    """Final widening: anything still changing after the last iteration becomes unknown."""
    out = dict(current)
    for k, v in current.items():
        if entry.get(k) != v:
            if type(v) is Array:
                out[k] = tensor_like(Array(UNKNOWN_SHAPE, v.dtype), v)
            elif type(v) is Int:
                out[k] = v
            else:
                out[k] = UNKNOWN
    return out


def node_count(node: ast.AST) -> int:
    n = getattr(node, "_shapecheck_size", None)
    if n is None:
        n = sum(1 for _ in walk(node))
        node._shapecheck_size = n  # memo on the node itself (a pure function of it: trees are shared, parsing.py)
    return n


#: the nodes that open a scope of their own: what they hold is not their parent's body
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def own_nodes(scope: ast.AST):
    """The nodes of ``scope``'s own body, a nested definition itself but not what it holds."""
    pending = list(scope.body) if isinstance(scope.body, list) else [scope.body]
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, SCOPES):
            pending.extend(ast.iter_child_nodes(node))


@per_node
def _top_level_ids(node: ast.AST) -> frozenset[int]:
    return frozenset(map(id, getattr(node, "body", ())))   # (the statements live as long as the node)


def is_top_level(fn_node: ast.AST, stmt: ast.AST | None) -> bool:
    """Whether ``stmt`` is a statement of ``fn_node``'s own body, not nested in a block: it runs on
    every way through the body that gets that far."""
    return not isinstance(fn_node, ast.Lambda) and id(stmt) in _top_level_ids(fn_node)


@per_node   # (an lru_cache without a bound kept every node asked about alive: ~100 MB a 1,000 fuzz programs)
def is_generator(node: ast.AST) -> bool:
    """Whether a ``def`` is a generator function: a ``yield`` in its own body (not a nested one's)."""
    if isinstance(node, ast.Lambda):
        return False
    return any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in own_nodes(node))


#: the decorators that make a method abstract (abc's, by their last name: ``@abc.abstractmethod``)
_ABSTRACT = frozenset(("abstractmethod", "abstractproperty", "abstractclassmethod", "abstractstaticmethod"))


@per_node
def is_placeholder(node: ast.AST) -> bool:
    """Whether a ``def`` stands for its overrides rather than for itself: a body of nothing but a
    docstring, ``...`` or ``raise NotImplementedError``, or an abstract method's ``pass``. A call of
    it from the class's own code (``self._sample(n)`` in a base class's ``forward``) runs a
    subclass's override, whose result is not this body's None (captum's stochastic gates: the
    ``pass`` of the abstract ``_sample_gate_values`` made its gates None, and ``torch.gather`` a
    false SC107). An abstract method with a body of its own runs it (scikit-learn's abstract
    ``_BaseKFold.__init__`` sets ``n_splits`` for ``super().__init__(...)``)."""
    if isinstance(node, ast.Lambda):
        return False
    body = node.body[1:] if _is_docstring(node.body[0]) and len(node.body) > 1 else node.body
    if len(body) != 1:
        return False
    only = body[0]
    if isinstance(only, ast.Expr) and isinstance(only.value, ast.Constant):
        return only.value.value is Ellipsis or isinstance(only.value.value, str)
    if isinstance(only, ast.Raise) and only.exc is not None:
        exc = only.exc.func if isinstance(only.exc, ast.Call) else only.exc
        return isinstance(exc, ast.Name) and exc.id == "NotImplementedError"
    return isinstance(only, ast.Pass) and any(
        (deco.attr if isinstance(deco, ast.Attribute) else getattr(deco, "id", None)) in _ABSTRACT
        for deco in node.decorator_list)


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


def holds_parameter_at(fn_node: ast.AST, name: str, stmt: ast.stmt) -> bool:
    """Whether ``name`` still holds the argument its parameter was given at ``stmt``, a top-level
    statement of ``fn_node``'s body: no statement before it binds the name again (statsmodels'
    ``x = array_like(x, "x", ndim=2)`` then ``nobs, nvar = x.shape``: the shape is the rebound
    array's, a 1-d argument's made 2-d, not the argument's)."""
    first = _FIRST_STORES.get(fn_node)
    if first is None:
        first = _FIRST_STORES[fn_node] = _first_stores(fn_node.body)
    at = first.get(name)
    return at is None or at >= next((i for i, s in enumerate(fn_node.body) if s is stmt), len(fn_node.body))


#: per function node, the index of the first top-level statement binding each name (read once,
#: kept while its tree is)
_FIRST_STORES: "weakref.WeakKeyDictionary[ast.AST, dict[str, int]]" = weakref.WeakKeyDictionary()


def _first_stores(body: list) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, stmt in enumerate(body):
        for node in walk(stmt):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                out.setdefault(node.id, i)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.setdefault(node.name, i)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                for alias in node.names:
                    out.setdefault((alias.asname or alias.name).split(".")[0], i)
    return out
