"""Joining abstract values where control flow merges (after if/else, around loops).

Two different dims join to a fresh dim. After an ``if`` the fresh dim is known to be one of the two
(``d == a or d == b``), which keeps definite errors definite; around a loop it is left free
(widening), which makes every loop's fixpoint finite.
"""

from __future__ import annotations

from typing import Callable

from ...constraints.dims import Dim, free_symbols, signed
from ...constraints.intervals import interval
from ...constraints.predicates import Pred, disj, eq
from ...constraints.shapes import Middle, MiddleDim, Shape, align_middles
from .values import (NONE, UNKNOWN, UNKNOWN_ARRAY, Alternatives, Array, Bool, Dict, Float, Function, Instance, Int, LibraryObject, List, NoneValue,
                     Opaque, ProjectModule, ShapeTuple, Str, TorchModule, Tuple, Unknown, Value, optional_array, tensor_like)
from .shape_tuples import tuple_shape

Fresh = Callable[[str], Dim]

#: the hint of a dim a join makes (``j``, shown ``j``, ``j'``): one of several values, so the items
#: of a list whose element has it may differ there
_JOINED = "j"


def equal_pairs(facts) -> frozenset:
    """The pairs of dims that equalities among ``facts`` (conjunctions read through) make one."""
    pairs = set()
    todo = [f.pred for f in facts]
    while todo:
        pred = todo.pop()
        if pred.kind == "eq":
            pairs.add(frozenset(pred.args))
        elif pred.kind == "and":
            todo.extend(pred.args)
    return frozenset(pairs)


def made_by_join(name: str) -> bool:
    """Whether the symbol ``name`` (from ``free_symbols``) was made by a join."""
    return name.startswith(_JOINED + "#")


class Joiner:
    """Joins values, collecting the facts that define the fresh dims it introduces."""

    def __init__(self, fresh: Fresh, widen: bool, widened: set | None = None, same: frozenset = frozenset(),
                 dim_of: MiddleDim | None = None):
        self.fresh = fresh
        # a parameter's own dims, where one side took them off its middle and the other did not
        # (``idx if t <= n else idx[:, -n:]``: ``(*idx)`` and ``(idx.shape[0], k, *idx[2:])`` join to
        # ``(idx.shape[0], j, *idx[2:])``, not to two made-up dims)
        self.dim_of = dim_of
        self.widen = widen
        # pairs of dims the facts where the two values meet say are equal ({d, dim} after a block's
        # LayerNorm required ``d == dim``): one dim, the first value's, not a fresh one
        self.same = same
        self.facts: list[Pred] = []
        # (a parameter's middle, how many dims it has, the array it met): a parameter's value of
        # unknown rank joined with an array of known rank (``default(mask, lambda: torch.ones(b, n))``,
        # ``if x.ndim == 2: x = x[:, None]``), where the code after treats both alike: the parameter
        # likely has that rank (a guess for coverage only: ``Analysis.join_rank``)
        self.ranks: list[tuple[Middle, int, Array]] = []
        self._memo: dict[tuple[Dim, Dim], Dim] = {}
        # a loop's own widened dims (free: they stand for any dim), kept across its iterations, so a
        # dim the body keeps changing (``x = layer(x) + x``) settles on one instead of a new one each time
        self.widened = widened if widened is not None else set()

    def dim(self, a: Dim, b: Dim, number: bool = False) -> Dim:
        """One dim for ``a`` or ``b``. ``number``: they are Python ints, not sizes, so where either
        may be negative (``-3 if regional else -2``) so may the join (a symbol is a size unless signed)."""
        if a == b or (self.same and frozenset((a, b)) in self.same):
            return a
        if self.widen and a in self.widened and not (number and interval(b, {})[0] < 0 <= interval(a, {})[0]):
            return a   # (a size-like widened int met by one that may be negative is widened again, signed)
        key = (a, b)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        d = self.fresh(_JOINED)
        if number and min(interval(a, {})[0], interval(b, {})[0]) < 0:
            d = signed(d)
        if not self.widen:
            self.facts.append(disj((eq(d, a), eq(d, b))))
        else:
            self.widened.add(d)
        self._memo[key] = d
        return d

    def shape(self, a: Shape, b: Shape) -> Shape | None:
        if a == b:
            return a
        if a.middle is not None and b.middle is not None:
            a, b = align_middles([a, b], self.fresh, self.dim_of)
            if a.middle == b.middle and len(a.prefix) == len(b.prefix) and len(a.suffix) == len(b.suffix):
                return Shape(tuple(self.dim(x, y) for x, y in zip(a.prefix, b.prefix)), True,
                             tuple(self.dim(x, y) for x, y in zip(a.suffix, b.suffix)), a.middle)
            return None
        if a.rank is None or b.rank is None or a.rank != b.rank:
            return None
        return Shape(tuple(self.dim(x, y) for x, y in zip(a.prefix, b.prefix)))

    def value(self, a: Value, b: Value) -> Value:
        if a is b or a == b:
            return a
        ta, tb = type(a), type(b)
        if {ta, tb} == {Array, Unknown}:
            # a parameter, array where an op took it, meets an array it became (``x = f(x)`` in a loop)
            tagged = (a if ta is Unknown else b).as_array()
            if tagged is not None:
                a, b = (tagged, b) if ta is Unknown else (a, tagged)
                ta = tb = Array
        if ta is Array and tb is Array:
            shape = self.shape(a.shape, b.shape)
            dtype = a.dtype if a.dtype == b.dtype else None
            if shape is None:
                self._note_rank(a, b)
            out = Array(shape, dtype) if shape is not None else Array(UNKNOWN_ARRAY.shape, dtype)
            return tensor_like(out, a) if a.tensor and b.tensor else out
        if ta is Int and tb is Int:
            return Int(self.dim(a.dim, b.dim, number=True))
        number = _number_join(a, b)
        if number is not None:
            return number
        zero_d = _zero_d_join(a, b)
        if zero_d is not None:
            return zero_d
        if not self.widen:
            literals = literal_tuple_options(a, b)
            if literals is not None:
                return literals
        if ta is ShapeTuple or tb is ShapeTuple:
            return self._shape_tuple(a, b)
        if ta is Tuple and tb is Tuple and len(a.items) == len(b.items):
            return Tuple(tuple(self.value(x, y) for x, y in zip(a.items, b.items)),
                         fields=a.fields if a.fields == b.fields else ())
        if {ta, tb} == {Tuple, List}:   # a tuple of known items, and one of unknown length
            a, b = (_as_tuple_list(a), _as_tuple_list(b))
            ta = tb = List
        if ta is List and tb is List:
            if a.is_tuple != b.is_tuple:   # a list or a tuple: not one kind (``isinstance`` cannot tell)
                return UNKNOWN
            if a.items is not None and b.items is not None and len(a.items) == len(b.items):
                return List(tuple(self.value(x, y) for x, y in zip(a.items, b.items)), is_tuple=a.is_tuple)
            # the length, where both sides know theirs (``(size,) * n`` or ``tuple(range(-n, 0))``)
            la, lb = _length(a), _length(b)
            length = self.dim(la, lb) if la is not None and lb is not None else None
            if a.items == ():   # an empty list adds no element
                return List(None, self.element(b), length, is_tuple=a.is_tuple)
            if b.items == ():
                return List(None, self.element(a), length, is_tuple=a.is_tuple)
            return List(None, self.value(self.element(a), self.element(b)), length, is_tuple=a.is_tuple)
        if ta is Dict and tb is Dict and {k for k, _ in a.items} == {k for k, _ in b.items}:
            # the same entries (``kwt["stride"] = 2`` in one branch): each joined. A dict with an
            # entry only one side has is no Dict (``**kw`` may or may not pass it): unknown.
            other = dict(b.items)
            return Dict(tuple((k, self.value(v, other[k])) for k, v in a.items), a.complete and b.complete)
        if ta is tb and ta in (Float, Str):
            return ta()
        optional = self._optional(a, b)
        if optional is not None:
            return optional
        if ta in _LAYERS or tb in _LAYERS:
            return either_layer(a, b)
        if ta is Bool and tb is Bool:
            return Bool()
        if {ta, tb} in _IMPORTED_OR_NONE:
            # ``try: import torch`` / ``except ImportError: torch = None``: the code that uses it runs
            # where the library is there (shapes are a question about the code with its libraries)
            return a if tb is NoneValue else b
        return UNKNOWN

    def _shape_tuple(self, a: Value, b: Value) -> Value:
        """Two shapes as values, one of unknown rank (``x.shape[:-1]`` in one branch): dim by dim
        (Python ints: a -1 may meet a size) where both have one middle with as many known dims
        on each side of it, else unknown, as one known rank and one unknown give no rank."""
        sa, sb = tuple_shape(a), tuple_shape(b)
        if sa is None or sb is None or not (sa.variadic and sb.variadic) or sa.middle != sb.middle \
                or len(sa.prefix) != len(sb.prefix) or len(sa.suffix) != len(sb.suffix):
            return UNKNOWN
        return ShapeTuple(Shape(tuple(self.dim(x, y, number=True) for x, y in zip(sa.prefix, sb.prefix)), True,
                                tuple(self.dim(x, y, number=True) for x, y in zip(sa.suffix, sb.suffix)), sa.middle))

    def _note_rank(self, a: Array, b: Array) -> None:
        for unsure, sure in ((a, b), (b, a)):
            middle, rank = unsure.shape.middle, sure.shape.rank
            if middle is not None and rank is not None and rank >= unsure.shape.min_rank:
                self.ranks.append((middle, rank - unsure.shape.min_rank, sure))

    def element(self, v: List) -> Value:
        """What one iteration over ``v`` sees: its items joined here, so that arrays of one rank
        keep it, with a dim of its own where they differ (``element_of`` makes up no dims)."""
        return element_of(v, self.value)

    def _optional(self, a: Value, b: Value) -> Value | None:
        """An array joined with None (``x if flag else None``; ``mask = None`` set in a branch), or
        with another optional array: the array, joined, or None (None when neither is one)."""
        sides = [_optional_parts(a), _optional_parts(b)]
        if None in sides or not any(array is not None for array, _ in sides):
            return None
        arrays = [array for array, _ in sides if array is not None]
        array = arrays[0] if len(arrays) == 1 else self.value(arrays[0], arrays[1])
        return Alternatives((array, NONE)) if any(none for _, none in sides) else array

    def env(self, a: dict, b: dict) -> dict:
        out = dict(a)
        for key, vb in b.items():
            va = a.get(key)
            out[key] = vb if va is None else self.value(va, vb)
        return out


_NUMBERS = (Int, Float, Bool)
_IMPORTED_OR_NONE = ({LibraryObject, NoneValue}, {ProjectModule, NoneValue})


def _literal_ints(v: Value) -> bool:
    return type(v) is Tuple and all(type(i) is Int and type(i.dim) is int for i in v.items)


def literal_tuple_options(a: Value, b: Value) -> Alternatives | None:
    """Two tuples of literal ints that differ in more than one place (``(1, 1, 1, -1)`` in one
    branch, ``(1, -1, 1, 1)`` in the other: timm's GRN ``wb_shape``), or such alternatives already:
    one of them (an :class:`Alternatives` an op applies one by one), not a tuple of joined ints,
    which loses which entry goes with which (both then may be -1, or neither). None otherwise."""
    options = tuple(dict.fromkeys(_options(a) + _options(b)))
    if not all(_literal_ints(o) for o in options) or len({len(o.items) for o in options}) != 1:
        return None
    if len(options) > Alternatives.LIMIT:
        return None
    if type(a) is Tuple and type(b) is Tuple and sum(x != y for x, y in zip(a.items, b.items)) < 2:
        return None
    return Alternatives(options)


def literal_options(v: Value) -> tuple | None:
    """The tuples of :func:`literal_tuple_options`' alternatives; None for any other value."""
    if type(v) is Alternatives and all(_literal_ints(o) for o in v.options):
        return v.options
    return None


def _number_join(a: Value, b: Value) -> Value | None:
    """A constructor's number (``keel_residual_scale``) or a number of the code's (``default(scale,
    depth * 2)``): a number still, one neither side is (not an array: it scales one, keeping its shape)."""
    ta, tb = type(a), type(b)
    if ta is Unknown and a.scalar and (tb in _NUMBERS or (tb is Unknown and b.scalar)):
        return a.derive()
    if tb is Unknown and b.scalar and ta in _NUMBERS:
        return b.derive()
    return None


_KINDS = {Float: ("float", "complex", "bfloat"), Int: ("int", "uint"), Bool: ("bool",)}


def _zero_d_join(a: Value, b: Value) -> Value | None:
    """A Python number and a 0-d array (``b = 0.0`` then ``b -= lr * np.mean(g)`` in a loop): a 0-d
    array, as the number is wherever an array op takes it; its dtype where the two kinds agree."""
    for number, array in ((a, b), (b, a)):
        if type(number) in _NUMBERS and type(array) is Array and array.shape.dims == ():
            dtype = array.dtype if array.dtype and array.dtype.startswith(_KINDS[type(number)]) else None
            return tensor_like(Array(Shape(()), dtype), array) if array.tensor else Array(Shape(()), dtype)
    return None


def _optional_parts(v: Value) -> tuple[Array | None, bool] | None:
    """``v`` as (its array, whether it may be None); None when it is neither an array nor None."""
    t = type(v)
    if t is Array:
        return v, False
    if t is NoneValue:
        return None, True
    array = optional_array(v)
    return (array, True) if array is not None else None


def element_of(v: Value, join: Callable[[Value, Value], Value] | None = None) -> Value:
    """The join of every element of a list (what one iteration sees); ``join`` joins two items
    (by default arrays of one rank keep the rank, not the dims); a tuple's items as a list's."""
    if type(v) is Tuple:
        v = List(v.items)
    if type(v) is List:
        if v.items is None:
            return v.element
        if not v.items:
            return UNKNOWN
        join = join or _loose_join
        out = v.items[0]
        for item in v.items[1:]:
            if item != out:
                out = join(out, item)
        return out
    return UNKNOWN


def _length(v: List):
    return len(v.items) if v.items is not None else v.length


def _as_tuple_list(v: Value) -> Value:
    """A tuple as the list-of-unknown-length value of a tuple (``List.is_tuple``), to join with one."""
    return List(v.items, is_tuple=True) if type(v) is Tuple else v


def _loose_join(a: Value, b: Value) -> Value:
    if type(a) is Array and type(b) is Array and a.shape.rank == b.shape.rank:
        return Array(UNKNOWN_ARRAY.shape, a.dtype if a.dtype == b.dtype else None)
    return either_layer(a, b)


_LAYERS = (Instance, TorchModule, Alternatives)


def either_layer(a: Value, b: Value) -> Value:
    """One of two layers (or None): the same layer (:func:`same_layer`), else the layers it may be
    (``nn.ModuleList([Attention(...), FeedForward(...)])`` iterated; ``nn.LayerNorm(d) if cross
    else None``, an optional layer, which a call can only be calling as the layer: calling None
    raises); UNKNOWN when either is no layer or they are too many."""
    if a == b:
        return a
    ta, tb = type(a), type(b)
    if ta is Alternatives and tb is Alternatives and a.options == b.options:
        return Alternatives(a.options)   # chosen under conditions that differ: which one, not known
    same = same_layer(a, b)
    if same is not UNKNOWN:
        return same
    if (ta in _LAYERS or ta is NoneValue) and (tb in _LAYERS or tb is NoneValue):
        options = _options(a)
        for o in _options(b):
            if all(same_layer(o, kept) is UNKNOWN and o != kept for kept in options):
                options += (o,)
        return Alternatives(options) if len(options) <= Alternatives.LIMIT else UNKNOWN
    return UNKNOWN


def _options(v: Value) -> tuple[Value, ...]:
    return v.options if type(v) is Alternatives else (v,)


def same_layer(a: Value, b: Value) -> Value:
    """Two objects of one class built alike (``for _ in range(depth): layers.append(Block(dim))``)
    stand for each other: the first is kept. Built from other arguments (``Encoder(dim, dim * 2)`` as
    ``dim`` doubles), they are two layers (:func:`either_layer`): keeping the first made every
    iteration over them keep its channels, and the layer after them fail (a false SC110).
    Lists of them (``nn.ModuleList([Attention(...), FeedForward(...)])``) join item by item."""
    ta = type(a)
    if ta is not type(b):
        return UNKNOWN
    if (ta is Instance and a.cls is b.cls) or (ta is TorchModule and a.kind == b.kind):
        return _standing_for(a, b)
    if ta in (List, Tuple) and a.items is not None and b.items is not None and len(a.items) == len(b.items):
        # an optional layer (``Downsample(...) if not is_last else None``) joins as one of its options
        items = tuple(x if x == y else either_layer(x, y) for x, y in zip(a.items, b.items))
        return UNKNOWN if UNKNOWN in items else ta(items)
    return UNKNOWN


#: Values compared in one :func:`_built_alike` before it takes two objects as alike unread (the
#: first kept, as before the comparison existed): a model's whole tree is not walked per join.
_ALIKE_BUDGET = 2000


def _standing_for(a, b) -> Value:
    """Of two objects built alike, the one that stands for both: the first, unless only the second
    leaves something unknown that the first knows (then it is the second: an object holding
    ``[]`` kept for one holding a list of unknown length made photutils' ``isolist.a3[-1]`` index
    an empty array, a false SC105); UNKNOWN where they are not alike, or each knows what the other
    does not (:func:`either_layer` then keeps both)."""
    state = [_ALIKE_BUDGET, False, False]   # the budget left; whether a, b left something unknown
    if not _built_alike(a, b, set(), state):
        return UNKNOWN
    a_less, b_less = state[1], state[2]
    if a_less and b_less:
        return UNKNOWN
    return b if b_less else a


def _unknown_side(state: list, a_unknown: bool, b_unknown: bool) -> None:
    """Note in :func:`_built_alike`'s ``state`` which side left a value unknown that the other knows."""
    if a_unknown != b_unknown:
        state[1 if a_unknown else 2] = True


def _built_alike(a, b, seen: set, budget: list) -> bool:
    """Whether two values may read the same throughout: they are told apart only by a difference
    seen (objects of two classes, layers of two kinds, sizes :func:`_sizes_alike` tells apart, flags
    or strings both known and different, lists of different lengths); a value not known on either
    side (an unknown, one of several layers) may be the other. Objects compare attribute by
    attribute (a pair met again while comparing is taken as alike). ``budget``: the values left to
    compare, then whether ``a``, ``b`` left a value unknown that the other knows."""
    if a is b:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return True
    t = type(a)
    if t is Unknown or t is Alternatives or type(b) is Unknown or type(b) is Alternatives:
        _unknown_side(budget, t in (Unknown, Alternatives), type(b) in (Unknown, Alternatives))
        return True
    if t is not type(b):
        return False
    if t is Instance:
        if a.cls is not b.cls:
            return False
        if (id(a), id(b)) in seen:
            return True
        seen.add((id(a), id(b)))
        return all(_built_alike(v, b.attrs[k], seen, budget) for k, v in a.attrs.items() if k in b.attrs)
    if t is Array:
        if a.shape.rank is None or b.shape.rank is None:
            _unknown_side(budget, a.shape.rank is None, b.shape.rank is None)
            return True
        return a.shape.rank == b.shape.rank and _sizes_alike(a.shape.dims, b.shape.dims)
    if t is Int:
        return _sizes_alike((a.dim,), (b.dim,))
    if t is Float:
        return True   # a rate (``drop_path=dpr[i]``) that changes per layer changes no shape
    if t is Bool or t is Str:   # a flag or mode not known may be the other's (``downsample=is_first``)
        _unknown_side(budget, a.value is None, b.value is None)
        return a.value is None or b.value is None or a.value == b.value
    if t is Opaque:
        return a.name == b.name
    if t is Function:
        return a.node is b.node
    if t is TorchModule:
        other = dict(b.params)
        return a.kind == b.kind and all(_built_alike(v, other[k], seen, budget) for k, v in a.params if k in other)
    if t is List or t is Tuple:
        if a.items is None or b.items is None:
            _unknown_side(budget, a.items is None, b.items is None)
            return True
        return len(a.items) == len(b.items) and all(_built_alike(x, y, seen, budget) for x, y in zip(a.items, b.items))
    if t is Dict:
        other = dict(b.items)
        return all(_built_alike(v, other[k], seen, budget) for k, v in a.items if k in other)
    if t is tuple:
        return len(a) == len(b) and all(_built_alike(x, y, seen, budget) for x, y in zip(a, b))
    return a == b


def _sizes_alike(a: tuple | None, b: tuple | None) -> bool:
    """Sizes that may be the same: two different numbers, or two different sizes over the same
    symbols (``dim * 2`` and ``dim * 3``), tell builds apart. Sizes over other symbols do not, as
    each build makes up its own for what it cannot know (``dim * 2 ** ind``), nor a number against
    a symbol: a loop's first pass is concrete where the later ones are widened."""
    if a is None or b is None:
        return a is b
    return all(x == y or not _told_apart(x, y) for x, y in zip(a, b))


def _told_apart(x, y) -> bool:
    if type(x) is int and type(y) is int:
        return True
    return type(x) is not int and type(y) is not int and free_symbols(x) == free_symbols(y)


def join_returns(fresh: Fresh, returns: list, ranks: list | None = None) -> Value:
    """The value a function returns: its ``return`` values joined (None when it has none); the
    joins' rank guesses (``Joiner.ranks``) go to ``ranks`` where given."""
    if not returns:
        return NONE
    joiner = Joiner(fresh, widen=True)
    out = returns[0]
    for r in returns[1:]:
        out = joiner.value(out, r)
    if ranks is not None:
        ranks += joiner.ranks
    return out
