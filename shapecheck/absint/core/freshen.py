"""Giving a memoised call result its own unknowns.

Two calls ``f(u)`` and ``f(u)`` with the same abstract argument reuse one analysis of ``f``. Dims
the callee made up (the length of an unknown list, a data-dependent size) must still be distinct
per call: ``assert len_of(a) == 4`` must not decide ``len_of(b)``. So on reuse, every symbol of the
result that the arguments did not bring in is replaced by a fresh one.
"""

from __future__ import annotations

from typing import Callable

from ...constraints import dims as D
from dataclasses import replace

from ...constraints.predicates import pred_symbols, substitute_pred
from ...constraints.shapes import Middle, Shape
from .shape_tuples import shape_value
from .values import Alternatives, Array, Bool, Dict, Int, List, ShapeTuple, TorchModule, Tuple, Value, with_shape


def value_symbols(v: Value, out: set | None = None) -> set:
    out = set() if out is None else out
    t = type(v)
    if t is Array or t is ShapeTuple:
        for d in v.shape.prefix + v.shape.suffix:
            out |= D.free_symbols(d)
    elif t is Int:
        out |= D.free_symbols(v.dim)
    elif t in (Tuple, List):
        for item in v.items or ():
            value_symbols(item, out)
        if t is List:
            value_symbols(v.element, out)
    elif t is TorchModule:   # a layer built from the call's sizes (``nn.Conv2d(inp, oup, 3)``)
        for _, param in v.params:
            value_symbols(param, out)
    elif t is Alternatives:
        for option in v.options:
            value_symbols(option, out)
        for guard in v.guards:
            out |= pred_symbols(guard)
    elif t is Bool and v.pred is not None:   # ``t.numel() == 0`` returned: a fact about the dims
        out |= pred_symbols(v.pred)
    elif t is Dict:   # (fury's ``{"indices": (groups, 1, 1)}``: two calls' made-up counts were one)
        for _, item in v.items:
            value_symbols(item, out)
    return out


def map_dims(v: Value, f: Callable[[D.Dim], D.Dim]) -> Value:
    """``v`` with each dim ``d`` replaced by ``f(d)``; ``v`` itself where no dim changed (a renaming
    touches the few symbols a run made up: most arrays of a copied layer mention none of them, and
    building each again was most of a reused construction's copy, effects.py)."""
    t = type(v)
    if t is Array or t is ShapeTuple:
        s = v.shape
        prefix, suffix = tuple(f(d) for d in s.prefix), tuple(f(d) for d in s.suffix)
        if _same(prefix, s.prefix) and _same(suffix, s.suffix):
            return v
        # the middle stays: ``(*x[:-3], h, w, c)`` renamed is still relative to x
        shape = Shape(prefix, s.variadic, suffix, s.middle)
        return with_shape(v, shape) if t is Array else ShapeTuple(shape)
    if t is Int:
        dim = f(v.dim)
        return v if dim is v.dim and not v.presumed else Int(dim)   # (a renamed one is presumed no more)
    if t is Tuple:
        items = tuple(map_dims(i, f) for i in v.items)
        return v if _same(items, v.items) else replace(v, items=items)
    if t is List:
        items = None if v.items is None else tuple(map_dims(i, f) for i in v.items)
        element, length = map_dims(v.element, f), None if v.length is None else f(v.length)
        if (items is None or _same(items, v.items)) and element is v.element and length is v.length:
            return v
        return replace(v, items=items, element=element, length=length)
    if t is TorchModule:
        params = tuple((name, map_dims(p, f)) for name, p in v.params)
        return v if all(a[1] is b[1] for a, b in zip(params, v.params)) else TorchModule(v.kind, params)
    if t is Alternatives:
        options = tuple(map_dims(o, f) for o in v.options)
        guards = tuple(substitute_pred(g, {s: f(D.sym(s)) for s in pred_symbols(g)}) for g in v.guards)
        return v if _same(options, v.options) and guards == v.guards else Alternatives(options, guards)
    if t is Bool and v.pred is not None:
        # a memoised ``is_empty(t)`` (``t.numel() == 0``) is about this call's dims: a second caller's
        # branch on it took the first caller's ``m*n == 0`` (native-sparse-attention's empty reshape)
        return replace(v, pred=substitute_pred(v.pred, {s: f(D.sym(s)) for s in pred_symbols(v.pred)}))
    if t is Dict:
        values = tuple(map_dims(item, f) for _, item in v.items)
        return v if _same(values, tuple(item for _, item in v.items)) else \
            replace(v, items=tuple((key, value) for (key, _), value in zip(v.items, values)))
    return v


def _same(new: tuple, old: tuple) -> bool:
    """Whether a mapped tuple holds the very items it was mapped from."""
    return all(a is b for a, b in zip(new, old))


def map_shapes(v: Value, f: Callable[[Shape], Shape]) -> Value:
    """``v`` with every array's shape replaced by ``f`` of it (through tuples and lists)."""
    t = type(v)
    if t is Array:
        return with_shape(v, f(v.shape))
    if t is ShapeTuple:   # (a shape's dims as a value: a callee's middle means nothing to its caller either)
        return shape_value(f(v.shape))
    if t is Tuple:
        return replace(v, items=tuple(map_shapes(i, f) for i in v.items))
    if t is List:
        items = None if v.items is None else tuple(map_shapes(i, f) for i in v.items)
        return List(items, map_shapes(v.element, f))
    if t is Alternatives:
        return Alternatives(tuple(map_shapes(o, f) for o in v.options), v.guards)
    if t is Dict:
        return replace(v, items=tuple((key, map_shapes(item, f)) for key, item in v.items))
    return v


def name_middle(v: Value, name: str, scope: str) -> Value:
    """A call's argument of unknown rank as the callee sees it: its anonymous middle named after the
    parameter ``name`` it binds (of the callee's ``scope``), so that what the body keeps of it stays
    exact (``gelu(x)`` is ``(*x)``)."""
    if type(v) is Array and v.shape.variadic and v.shape.middle is None:
        return replace(v, shape=replace(v.shape, middle=Middle(name, scope)))
    return v


def name_middles(env: dict, scope: str) -> dict:
    """A call's environment as the callee (of ``scope``) sees it (:func:`name_middle`). The middle is
    made only for an argument of unknown rank, the few: one per parameter per call was 0.7% of
    vit-pytorch's calls."""
    return {name: name_middle(v, name, scope) for name, v in env.items()}


def anonymous_middles(v: Value, scope: str) -> Value:
    """A call's result as the caller sees it: the callee's parameters' names mean nothing there."""
    def strip(shape: Shape) -> Shape:
        return replace(shape, middle=None) if shape.middle is not None and shape.middle.scope == scope else shape
    return map_shapes(v, strip)


def freshen(result: Value, args: list, fresh: Callable[[str], D.Dim]) -> Value:
    """``result`` with the symbols the arguments do not mention replaced by fresh ones."""
    own = value_symbols(result)
    if not own:
        return result
    given: set = set()
    for a in args:
        value_symbols(a, given)
    mapping = {name: fresh(D.display_name(name)) for name in sorted(own - given, key=D.symbol_key)}
    if not mapping:
        return result
    return map_dims(result, lambda d: D.substitute(d, mapping))


def items_marked(v: Value, made_after: int, shared: Callable[[], set]) -> Value:
    """The element ``v`` of a list a loop or a comprehension built, each symbol made after counter
    value ``made_after`` (in a pass: the loop's index, a size read per item, a join's) marked as each
    item's own (``dims.EACH``): no two items need share it. Those ``shared()`` names are not: made in
    a pass but kept outside it (a parameter the pass gave a shape, the frame's dims of a parameter of
    unknown rank), they are the same for every item."""
    made = [name for name in value_symbols(v) if D.symbol_number(name) > made_after and not D.is_each(name)]
    if not made:
        return v
    kept = shared()
    mapping = {name: D.sym(name + D.EACH) for name in made if name not in kept}
    return v if not mapping else map_dims(v, lambda d: D.substitute(d, mapping))


def symbols_of(values, dims=()) -> set:
    """The symbols of every value of ``values`` and every dim of ``dims``."""
    out: set = set()
    for v in values:
        value_symbols(v, out)
    for d in dims:
        out |= D.free_symbols(d)
    return out


def each_item(v: Value, fresh: Callable[[str], D.Dim]) -> Value:
    """One item read from a list of unknown length whose element is ``v``: each of its symbols marked
    as each item's own (:func:`items_marked`) replaced by a fresh one, so two reads are two items."""
    symbols = value_symbols(v)
    mapping = {name: fresh(D.display_name(name)) for name in sorted(symbols, key=D.symbol_key) if D.is_each(name)}
    return v if not mapping else map_dims(v, lambda d: D.substitute(d, mapping))


#: Hints of the dims the analysis makes up (a mask's count of True values, a join, an unknown
#: length): ``k#12`` is no name the code has, so a message must not print it as one.
ANALYSIS_HINTS = frozenset({"d", "j", "b", "k", "size", "ndim", "i", "len", "itemsize", "nbytes"})


def placeholder_names(symbols, names: dict) -> dict:
    """``names`` (symbol -> the code's name) with each made-up symbol the code does not name shown
    as ``?``: an honest unknown rather than a letter the reader would look for in the code."""
    out = dict(names)
    for s in symbols:
        if s not in out and D.display_name(s) in ANALYSIS_HINTS:
            out[s] = "?"
    return out
