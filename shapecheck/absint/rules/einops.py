"""einops' shape rules: the pattern string is a shape spec, read here as einops reads it.

``rearrange(x, 'b n (h d) -> b h n d', h=8)`` binds the left side to ``x``'s dims (a composition
``(h d)`` with ``h`` given means ``d = dim // h``, which must divide evenly), checks the rank, and builds
the right side. ``reduce`` drops the axes the right side leaves out, ``repeat`` adds the axes it
introduces (sized by keywords or numbers); ``pack``/``unpack`` join and split along one ``*``;
``einsum`` takes its operands first and a pattern of space-separated names last; ``parse_shape``
names an array's dims. The torch layers (``einops.layers.torch.Rearrange/Reduce``) are built like
``torch.nn`` layers (:class:`~.nn_modules.Layer` rows) and called like the functions they wrap.

Codes: a rank the pattern does not fit, or a pattern einops rejects, is SC107 (einops' own words:
"Wrong shape: expected 3 dims. Received 4-dim tensor"); a dim that does not divide into its
composition, or disagrees with a given length, is SC103 (a reshape that does not fit); operands of
``pack`` that disagree outside ``*`` SC106; ``einsum`` operands that disagree on a name SC102.
A keyword length whose value is not known is a fresh dim, never an error.

Source: the einops reference (einops.rearrange/reduce/repeat/pack/unpack/einsum/parse_shape,
einops.layers), 0.8; the messages follow einops' ``EinopsError`` texts.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, exposing
from ..core.context import Arg, Call, OpContext
from ..core.frame import Terminated
from ..core.values import (
    UNKNOWN,
    Array,
    Dict,
    Int,
    LibraryObject,
    List,
    Str,
    TorchModule,
    Tuple,
    Unknown,
    Value,
    tensor_like,
)
from .args import as_array, int_arg, spec_dims
from .kinds import Rule
from .nn_modules import Layer, construct
from .torch_args import tensor_result

#: The reductions einops names (a callable is accepted too); ``mean`` of ints is float.
REDUCTIONS = frozenset(("mean", "sum", "max", "min", "prod", "any", "all"))

# == the table =====================================================================================


def _rearrange(ctx: OpContext, call: Call) -> Value:
    return transform(ctx, "rearrange", call.bind(("tensor", "pattern")), call.kwargs)


def _reduce(ctx: OpContext, call: Call) -> Value:
    return transform(ctx, "reduce", call.bind(("tensor", "pattern", "reduction")), call.kwargs)


def _repeat(ctx: OpContext, call: Call) -> Value:
    return transform(ctx, "repeat", call.bind(("tensor", "pattern")), call.kwargs)


def _layer(operation: str) -> Rule:
    """``Rearrange(pattern, **lengths)(x)`` is ``rearrange(x, pattern, **lengths)``."""

    def rule(ctx: OpContext, call: Call) -> Value:
        m: TorchModule = call.args[0].value
        if len(call.args) < 2:
            return UNKNOWN
        bound = {"tensor": call.args[1]}
        bound.update({name: Arg(value) for name, value in m.params})
        lengths = {name: Arg(value) for name, value in m.params if name not in ("pattern", "reduction")}
        return transform(ctx, operation, bound, lengths)

    return rule


#: einops' torch layers: Layer(constructor parameters, call rule), as in :data:`.torch_nn.LAYERS`.
#: (einops has no ``Repeat`` layer: ``Reduce(pattern, "repeat")`` is how a layer repeats.)
LAYERS: dict[str, Layer] = {
    "einops.Rearrange": Layer(("pattern",), _layer("rearrange")),
    "einops.Reduce": Layer(("pattern", "reduction"), _layer("reduce")),
}


def _pack(ctx: OpContext, call: Call) -> Value:
    return pack(ctx, call.bind(("tensors", "pattern")))


def _unpack(ctx: OpContext, call: Call) -> Value:
    return unpack(ctx, call.bind(("tensor", "packed_shapes", "pattern")))


def _einsum(ctx: OpContext, call: Call) -> Value:
    return einsum(ctx, call.args)


def _parse_shape(ctx: OpContext, call: Call) -> Value:
    return parse_shape(ctx, call.bind(("x", "pattern")))


#: Every einops function and layer by qualified name.
EINOPS: dict[str, Rule] = {
    "einops.rearrange": _rearrange, "einops.reduce": _reduce, "einops.repeat": _repeat,
    "einops.pack": _pack, "einops.unpack": _unpack, "einops.einsum": _einsum, "einops.parse_shape": _parse_shape,
    **{f"einops.layers.torch.{kind.split('.')[1]}": construct(kind, layer) for kind, layer in LAYERS.items()},
}

#: ``layer(x)`` for a built einops layer: (ctx, Call(kind, [layer, x])) -> Value.
LAYER_CALLS: dict[str, Rule] = {kind: tensor_result(layer.call) for kind, layer in LAYERS.items()}

# == patterns ======================================================================================

ELLIPSIS = "..."
_TOKEN = re.compile(r"\.\.\.|[()]|[^\s()]+")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class PatternError(Exception):
    """A pattern einops rejects (unbalanced parentheses, a bad name, an axis twice)."""


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a pattern: a dim per group; a group holds axis tokens (``("h", "d")`` for ``(h d)``,
    ``("b",)`` for ``b``, ``()`` for ``()``); a token is a name, a number or ``...``. ``names``: its
    named axes in order; ``has_ellipsis``: whether a group holds ``...`` (both read off the groups
    once: the rules ask them several times per call)."""

    groups: tuple[tuple[str, ...], ...]
    composed: tuple[bool, ...]
    names: tuple[str, ...]
    has_ellipsis: bool


def parse_side(text: str, anonymous: bool = False) -> Side:
    """``"b n (h d)"`` as a :class:`Side`; ``anonymous``: ``_`` may stand for a dim (parse_shape).
    A side is read once per text (:func:`_parsed`): a model's few patterns come back at every run
    of its ``forward`` (vit-pytorch: 6,956 parses of a few hundred texts)."""
    parsed = _parsed(text, anonymous)
    if type(parsed) is str:
        raise PatternError(parsed)
    return parsed


@functools.lru_cache(maxsize=4096)
def _parsed(text: str, anonymous: bool) -> Side | str:
    """:func:`parse_side`'s answer: the side, or the message of the error einops raises."""
    try:
        return _parse_side(text, anonymous)
    except PatternError as err:
        return str(err)


def _parse_side(text: str, anonymous: bool) -> Side:
    groups: list[tuple[str, ...]] = []
    composed: list[bool] = []
    current: list[str] | None = None
    seen: set[str] = set()
    for token in _TOKEN.findall(text):
        if token == "(":
            if current is not None:
                raise PatternError("Axis composition is one-level (brackets inside brackets not allowed)")
            current = []
        elif token == ")":
            if current is None:
                raise PatternError("Brackets are not balanced")
            groups.append(tuple(current))
            composed.append(True)
            current = None
        else:
            if not (token == ELLIPSIS or token.isdigit() or _NAME.match(token)):
                raise PatternError(f"Invalid axis identifier: {token}")
            if token == "_" and not anonymous:
                raise PatternError("Invalid axis identifier: _")
            if token in seen and not token.isdigit() and token != "_":
                raise PatternError(f"Indexing expression contains duplicate dimension \"{token}\"")
            seen.add(token)
            if current is None:
                groups.append((token,))
                composed.append(False)
            else:
                current.append(token)
    if current is not None:
        raise PatternError("Brackets are not balanced")
    names = tuple(t for g in groups for t in g if _NAME.match(t) and t != "_")
    return Side(tuple(groups), tuple(composed), names, any(ELLIPSIS in g for g in groups))


def _pattern(arg: Arg | None) -> str | None:
    v = arg.value if arg is not None else None
    return v.value if type(v) is Str else None


def _length(ctx: OpContext, arg: Arg, name: str = "d") -> D.Dim:
    """A length: its dim when known (a parameter ``h`` becomes the dim ``h``), else a fresh dim named
    for its axis (an unknown length is never an error)."""
    d = int_arg(arg, ctx)
    if d is None and arg.text.isidentifier():  # ``p1=p, p2=p``: the name ``p`` became a dim at ``p1``
        named = ctx.interp.lookup(arg.text)
        d = named.dim if type(named) is Int else None
    return d if d is not None else ctx.fresh(name)


def _operand(ctx: OpContext, v: Value) -> Array | None:
    """An operand as an array. One the analysis does not know is an array of unknown shape (einops
    takes and returns arrays, and the pattern alone fixes the result's rank), a torch tensor in a
    module that uses torch (so that ``y.mean(dim=1)`` on the result is torch's ``mean``)."""
    if type(v) is Unknown:   # a parameter's keeps its middle: the pattern may fix its rank
        return Array(v.as_array().shape if v.middle is not None else UNKNOWN_SHAPE, tensor=_uses_torch(ctx))
    return as_array(v)


def _uses_torch(ctx: OpContext) -> bool:
    return any(type(v) is LibraryObject and v.qualname.split(".")[0] == "torch" or
               type(v) is LibraryObject and v.qualname.startswith("einops.layers.torch")
               for v in ctx.interp.module.env.values())


def _input(ctx: OpContext, bound: dict[str, Arg]) -> tuple[Array | None, list[Value]]:
    """The input array (a list of arrays is stacked, as einops does) and the arrays it came from."""
    arg = bound.get("tensor")
    if arg is None:
        return None, []
    v = arg.value
    items = list(v.items) if type(v) in (List, Tuple) and v.items is not None else [v]
    return _operand(ctx, v), [_operand(ctx, i) for i in items]


def _fail(ctx: OpContext, operation: str, pattern: str, why: str) -> None:
    ctx.fail("SC107", f"{ctx.op}: {why} (einops.{operation} pattern \"{pattern}\")")


# == rearrange, reduce, repeat =====================================================================


def transform(ctx: OpContext, operation: str, bound: dict[str, Arg], keywords: dict[str, Arg]) -> Value:
    """einops' one transform behind rearrange/reduce/repeat: bind the left side, build the right."""
    pattern = _pattern(bound.get("pattern"))
    x, sources = _input(ctx, bound)
    if pattern is None or x is None:
        return UNKNOWN
    reduction = bound.get("reduction")
    if operation == "reduce" and reduction is not None and type(reduction.value) is Str:
        kind = reduction.value.value
        if kind == "repeat":
            operation = "repeat"
        elif kind is not None and kind not in REDUCTIONS:
            _fail(ctx, operation, pattern, f"Unknown reduction {kind}")
    if "->" not in pattern:
        # einops raises ValueError here (its recipe splits the pattern on '->'), whatever the tensor:
        # the code after the call never runs, as after a `raise`, and that is no shape error (three
        # files of the vit-pytorch corpus call rearrange(x, 'b 1 c h w') in a branch for 4-D input)
        raise Terminated("raise")
    left_text, right_text = pattern.split("->", 1)
    try:
        left, right = parse_side(left_text), parse_side(right_text)
    except PatternError as err:
        _fail(ctx, operation, pattern, str(err))
    lengths = {name: _length(ctx, arg, name) for name, arg in keywords.items()
               if name not in ("tensor", "pattern", "reduction")}
    _check_names(ctx, operation, pattern, left, right, lengths)
    axes = _bind_left(ctx, operation, pattern, left, x, lengths) \
        if x.shape.dims is not None or not left.has_ellipsis or not _spreads_ellipsis(right) else None
    if axes is None:
        return tensor_like(Array(_transform_around(ctx, left, right, x.shape, lengths), x.dtype), *sources)
    out = _build_right(ctx, right, axes, lengths)
    if out is None:
        return tensor_like(Array(UNKNOWN_SHAPE, x.dtype), *sources)
    dtype = "float64" if operation == "reduce" and _is_mean(reduction) and x.dtype and "int" in x.dtype else x.dtype
    return tensor_like(Array(Shape(out), dtype), *sources)


def _is_mean(reduction: Arg | None) -> bool:
    return reduction is not None and type(reduction.value) is Str and reduction.value.value == "mean"


def _check_names(ctx: OpContext, operation: str, pattern: str, left: Side, right: Side,
                 lengths: dict[str, D.Dim]) -> None:
    """Which names may appear on one side only: none (rearrange), the reduced ones on the left
    (reduce), the new ones on the right, each with a length (repeat)."""
    why = _names_problem(operation, left, right, frozenset(lengths))
    if why is not None:
        _fail(ctx, operation, pattern, why)


@functools.lru_cache(maxsize=4096)
def _names_problem(operation: str, left: Side, right: Side, lengths: frozenset[str]) -> str | None:
    """What einops says of a pattern whose names do not fit ``operation`` with keyword ``lengths``,
    or None: a function of the pattern alone, answered once per pattern (:func:`_check_names`)."""
    lnames, rnames = set(left.names), set(right.names)
    if any(ELLIPSIS in g for g, c in zip(left.groups, left.composed) if c):
        return "Ellipsis inside parenthesis in the left side is not allowed"
    if right.has_ellipsis and not left.has_ellipsis:
        return "Ellipsis found in right side, but not left side of a pattern"
    if left.has_ellipsis and not right.has_ellipsis and operation != "reduce":
        return "Ellipsis found in left side, but not right side of a pattern"
    if operation == "rearrange":
        only = lnames ^ rnames
        if only:
            return f"Identifiers only on one side of expression (should be on both): {_names(only)}"
        numbers = [t for side in (left, right) for g in side.groups for t in g if t.isdigit() and t != "1"]
        if numbers:
            return "Non-unitary anonymous axes are not supported in rearrange"
    elif operation == "reduce":
        if rnames - lnames:
            return f"Unexpected identifiers on the right side of reduce: {_names(rnames - lnames)}"
    else:
        if lnames - rnames:
            return f"Unexpected identifiers on the left side of repeat: {_names(lnames - rnames)}"
        missing = rnames - lnames - lengths
        if missing:
            return f"Specify sizes for new axes in repeat: {_names(missing)}"
    unused = lengths - lnames - rnames
    if unused:
        return f"Axes {_names(unused)} are not used in pattern"
    return None


def _names(names: set[str]) -> str:
    return "{" + ", ".join(sorted(names)) + "}"


def _bind_left(ctx: OpContext, operation: str, pattern: str, left: Side, x: Array,
               lengths: dict[str, D.Dim]) -> dict[str, object] | None:
    """Each left axis's dim (``...`` to a tuple of dims); None when the rank is not known and the
    pattern has an ellipsis. A composed group's one unknown axis is its dim divided by the rest."""
    dims = x.shape.dims
    n = len(left.groups)
    if dims is None:
        if left.has_ellipsis:
            return _bind_left_ellipsis(ctx, left, x.shape, lengths)
        # the rank is the pattern's; the dims the shape knows at its ends are those of the first and
        # last axes, and a parameter's middle (``(*x[:-1], e)``) has the axes in between
        dims = spec_dims(ctx, x.shape, n, lambda i: None)
        if dims is None:
            _fail(ctx, operation, pattern, f"Wrong shape: expected {n} dims. Received a tensor of at least "
                                           f"{x.shape.min_rank} dims")
    elif left.has_ellipsis and len(dims) < n - 1:
        _fail(ctx, operation, pattern, f"Wrong shape: expected >={n - 1} dims. Received {len(dims)}-dim tensor")
    elif not left.has_ellipsis and len(dims) != n:
        _fail(ctx, operation, pattern, f"Wrong shape: expected {n} dims. Received {len(dims)}-dim tensor")
    axes: dict[str, object] = {}
    position = 0
    for group in left.groups:
        if group == (ELLIPSIS,):
            count = len(dims) - (n - 1)
            axes[ELLIPSIS] = tuple(dims[position:position + count])
            position += count
            continue
        _bind_group(ctx, group, dims[position], axes, lengths)
        position += 1
    return axes


def _bind_left_ellipsis(ctx: OpContext, left: Side, shape: Shape, lengths: dict[str, D.Dim]) -> dict | None:
    """``'b (h d) ... -> b h (...) d'`` of an input of unknown rank: the axes before ``...`` are its
    first dims and those after its last (the shape's known ends, where it knows them), and ``...``
    the rest, one fresh dim standing for their product. That serves a right side that only ever
    takes ``...`` whole in a group (``(...)``) or drops it (``reduce``); one that spreads it out
    has the input's unknown rank (the caller's None)."""
    if (ELLIPSIS,) not in left.groups:
        return None
    at = left.groups.index((ELLIPSIS,))
    before, after = left.groups[:at], left.groups[at + 1:]
    axes: dict[str, object] = {ELLIPSIS: (ctx.fresh("e"),)}
    ends = [(group, shape.prefix[i] if i < len(shape.prefix) else None) for i, group in enumerate(before)]
    ends += [(group, shape.suffix[len(shape.suffix) - len(after) + i] if len(after) <= len(shape.suffix) else None)
             for i, group in enumerate(after)]
    for group, dim in ends:
        _bind_group(ctx, group, dim, axes, lengths)
    return axes


def _spreads_ellipsis(right: Side) -> bool:
    """Whether the right side puts ``...``'s dims out one by one (not inside a group)."""
    return any(ELLIPSIS in group and not composed for group, composed in zip(right.groups, right.composed))


def _bind_group(ctx: OpContext, group: tuple[str, ...], dim: D.Dim | None, axes: dict[str, object],
                lengths: dict[str, D.Dim]) -> None:
    known: dict[str, D.Dim] = {}
    unknown: list[str] = []
    for token in group:
        if token.isdigit():
            known[token] = int(token)
        elif token in lengths:
            known[token] = lengths[token]
        elif token != "_":
            unknown.append(token)
    size = D.product(known.values())
    if dim is None:  # the input's rank is known, this dim is not
        axes.update(known)
        axes.update({name: ctx.fresh(name) for name in unknown})
        return
    if len(unknown) > 1:
        ctx.fail("SC107", f"{ctx.op}: Could not infer sizes for {_names(set(unknown))}")
    if not unknown:
        ctx.require(eq(dim, size), "SC103", lambda: (
            f"{ctx.op}: Shape mismatch, {ctx.show_dim(dim)} != {ctx.show_dim(size)} "
            f"(the dim of ({' '.join(group)}))" if len(group) != 1 else
            f"{ctx.op}: Shape mismatch, {ctx.show_dim(dim)} != {ctx.show_dim(size)} (axis {group[0]})"))
    else:
        if size == 0:
            ctx.fail("SC103", f"{ctx.op}: can't divide axis of length {ctx.show_dim(dim)} in chunks of 0")
        ctx.require(eq(D.mod(dim, size), 0), "SC103", lambda: (
            f"{ctx.op}: Shape mismatch, can't divide axis of length {ctx.show_dim(dim)} in chunks of "
            f"{ctx.show_dim(size)} (axis ({' '.join(group)}))"))
        known[unknown[0]] = D.floordiv(dim, size)
    axes.update(known)


def _build_right(ctx: OpContext, right: Side, axes: dict[str, object], lengths: dict[str, D.Dim]) -> tuple | None:
    out: list[D.Dim] = []
    for group, composed in zip(right.groups, right.composed):
        out.extend(_group_dims(group, composed, axes, lengths))
    return tuple(out)


def _group_dims(group: tuple[str, ...], composed: bool, axes: dict[str, object],
                lengths: dict[str, D.Dim]) -> list[D.Dim]:
    """The dims one group of the right side puts out: its axes, or their product when composed."""
    parts: list[D.Dim] = []
    for token in group:
        if token == ELLIPSIS:
            parts.extend(axes[ELLIPSIS])
        elif token.isdigit():
            parts.append(int(token))
        else:
            parts.append(axes[token] if token in axes else lengths[token])
    return [D.product(parts)] if composed else parts


def _transform_around(ctx: OpContext, left: Side, right: Side, shape: Shape,
                      lengths: dict[str, D.Dim]) -> Shape:
    """A pattern that spreads ``...`` out (``'... n d -> ... 1 n d'``) on an input of unknown rank:
    the axes before ``...`` are its first dims and those after its last (its known ends, or a
    parameter's middle gives them), and ``...`` stands for the dims in between, a shape of unknown
    rank that the result holds at its place (``(*x[:-2], 1, n, d)``). Unknown when the known ends
    are too short (an axis on each side of a parameter's middle, say)."""
    at = left.groups.index((ELLIPSIS,))
    before, after = left.groups[:at], left.groups[at + 1:]
    shape = exposing(shape, tuple(range(len(before))) + tuple(range(-len(after), 0)), ctx.middle_dim)
    if len(shape.prefix) < len(before) or len(shape.suffix) < len(after):
        return UNKNOWN_SHAPE
    cut = len(shape.suffix) - len(after)
    axes: dict[str, object] = {ELLIPSIS: (ctx.fresh("e"),)}   # its dims' product, inside a group
    for group, dim in zip(before + after, shape.prefix[:len(before)] + shape.suffix[cut:]):
        _bind_group(ctx, group, dim, axes, lengths)
    head: list[D.Dim] = []
    tail: list[D.Dim] = []
    past = False   # whether the spread ``...`` came: the dims after it go at the end
    for group, composed in zip(right.groups, right.composed):
        if group == (ELLIPSIS,) and not composed:
            past = True
            continue
        (tail if past else head).extend(_group_dims(group, composed, axes, lengths))
    return Shape(tuple(head) + shape.prefix[len(before):], True, shape.suffix[:cut] + tuple(tail), shape.middle)


# == pack, unpack ==================================================================================


def _pack_pattern(ctx: OpContext, operation: str, pattern: str) -> tuple[int, int]:
    """How many axes ``pattern`` puts before and after its one ``*``."""
    tokens = pattern.split()
    if tokens.count("*") != 1:
        _fail(ctx, operation, pattern, "the pattern must contain exactly one '*'")
    if any(t != "*" and not _NAME.match(t) for t in tokens) or len(set(tokens)) != len(tokens):
        _fail(ctx, operation, pattern, "pack/unpack patterns take distinct names and one '*'")
    star = tokens.index("*")
    return star, len(tokens) - star - 1


def pack(ctx: OpContext, bound: dict[str, Arg]) -> Value:
    """``pack([a, b], 'b * d')``: each operand's dims at ``*`` are flattened and joined; the second
    result lists each operand's ``*`` dims (for ``unpack``)."""
    pattern = _pattern(bound.get("pattern"))
    tensors = bound.get("tensors")
    if pattern is None or tensors is None or type(tensors.value) not in (List, Tuple) or tensors.value.items is None:
        return UNKNOWN
    before, after = _pack_pattern(ctx, "pack", pattern)
    items = tensors.value.items
    arrays = [_operand(ctx, v) for v in items]
    if any(a is None for a in arrays) or not arrays:
        return UNKNOWN
    outer: list[D.Dim] | None = None
    starred: list[tuple | None] = []   # each operand's dims at '*' (None: its shape is not known)
    for index, a in enumerate(arrays):
        dims = a.shape.dims
        if dims is None:
            starred.append(None)
            continue
        if len(dims) < before + after:
            _fail(ctx, "pack", pattern, f"packed tensor #{index} (shape {ctx.show_shape(a.shape)}) has fewer "
                                        f"dimensions than the {before + after} the pattern names")
        kept = list(dims[:before]) + list(dims[len(dims) - after:])
        starred.append(tuple(dims[before:len(dims) - after]))
        if outer is None:
            outer = kept
            continue
        for d, e in zip(outer, kept):
            ctx.require(eq(d, e), "SC106", lambda d=d, e=e, index=index: (
                f"{ctx.op}: packed tensor #{index} disagrees with the first outside '*': "
                f"{ctx.show_dim(e)} != {ctx.show_dim(d)} (pattern \"{pattern}\")"))
    if outer is None:
        outer = [ctx.fresh(name) for name in pattern.split() if name != "*"]
    joined: D.Dim = 0
    for dims in starred:
        joined = D.add(joined, D.product(dims)) if dims is not None and joined is not None else None
    shape = tuple(outer[:before]) + (joined if joined is not None else ctx.fresh("packed"),) + tuple(outer[before:])
    shapes = List(tuple(Tuple(tuple(Int(d) for d in dims), is_shape=True) if dims is not None else UNKNOWN
                        for dims in starred))
    return Tuple((tensor_like(Array(Shape(shape), arrays[0].dtype), *arrays), shapes))


def unpack(ctx: OpContext, bound: dict[str, Arg]) -> Value:
    """``unpack(x, ps, 'b * d')``: ``x``'s ``*`` dim split into the shapes ``ps`` lists."""
    pattern = _pattern(bound.get("pattern"))
    x, sources = _input(ctx, bound)
    shapes = bound.get("packed_shapes")
    if pattern is None or x is None:
        return UNKNOWN
    before, after = _pack_pattern(ctx, "unpack", pattern)
    dims = x.shape.dims
    if dims is not None and len(dims) != before + after + 1:
        _fail(ctx, "unpack", pattern, f"Wrong shape: expected {before + after + 1} dims. "
                                      f"Received {len(dims)}-dim tensor")
    parts = _packed_shapes(ctx, shapes.value if shapes is not None else None)
    if parts is None:
        return List(None, tensor_like(Array(UNKNOWN_SHAPE, x.dtype), *sources))
    if dims is None:
        dims = tuple(ctx.fresh(name) for name in pattern.split())  # the '*' dim's place is never read
    total: D.Dim | None = 0
    for p in parts:
        total = D.add(total, D.product(p)) if p is not None and total is not None else None
    # checked where both sizes are numbers: between pack and unpack the tensor is typically sliced or
    # gathered, and a symbolic '*' size there may be an over-approximation (a slice ``[:k]`` of a dim of
    # 1 reads as k, not min(1, k)), which is no evidence against working code
    if type(dims[before]) is int and type(total) is int and dims[before] != total:
        ctx.fail("SC103", f"{ctx.op}: the packed shapes add up to {total}, but the '*' dim of the tensor is "
                          f"{dims[before]} (pattern \"{pattern}\")")
    # a piece whose packed shape is not known keeps the pattern's dims around an unknown middle
    return List(tuple(tensor_like(Array(Shape(dims[:before] + tuple(p) + dims[before + 1:]) if p is not None else
                                        Shape(dims[:before], True, dims[before + 1:]), x.dtype), *sources)
                      for p in parts))


def _packed_shapes(ctx: OpContext, v: Value | None) -> list[tuple | None] | None:
    """``[(2,), (h, w)]`` or the list ``pack`` returned: each entry's dims (None for an entry not
    known); None when not even the number of entries is known."""
    if type(v) not in (List, Tuple) or v.items is None:
        return None
    out: list[tuple | None] = []
    for item in v.items:
        if type(item) is Int:
            item = Tuple((item,))
        known = type(item) in (List, Tuple) and item.items is not None
        out.append(tuple(_length(ctx, Arg(i)) for i in item.items) if known else None)
    return out


# == einsum, parse_shape ===========================================================================


def einsum(ctx: OpContext, args: list[Arg]) -> Value:
    """``einsum(q, k, 'b i d, b j d -> b i j')``: names are words; a name's dims must agree."""
    if not args:
        return UNKNOWN
    pattern = _pattern(args[-1])
    if pattern is None:
        if _pattern(args[0]) is not None:
            ctx.fail("SC107", f"{ctx.op}: the pattern of einops.einsum comes last, after the tensors")
        return UNKNOWN
    operands = args[:-1]
    arrays = [_operand(ctx, a.value) for a in operands]
    if "->" not in pattern:
        _fail(ctx, "einsum", pattern, "the pattern has no '->'")
    inputs_text, output_text = pattern.split("->", 1)
    inputs = [t.split() for t in inputs_text.split(",")]
    output = output_text.split()
    if len(inputs) != len(operands):
        _fail(ctx, "einsum", pattern, f"the pattern names {len(inputs)} operands, {len(operands)} are given")
    if any(a is None for a in arrays):
        return UNKNOWN
    sizes: dict[str, D.Dim] = {}
    ellipses: list[tuple[Shape, str]] = []
    spread_known = True
    for names, a, arg in zip(inputs, arrays, operands):
        dims = a.shape.dims
        if dims is None and ELLIPSIS in names:   # its names take their sizes from the other operands
            spread_known = False
            continue
        if dims is None:   # the names are its dims: that is its rank
            dims = spec_dims(ctx, a.shape, len(names), lambda i: ctx.fresh("d"))
            if dims is None:
                ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}, but its subscripts \"{' '.join(names)}\" "
                                  f"name {len(names)} dims")
        fixed = [n for n in names if n != ELLIPSIS]
        if (ELLIPSIS in names and len(dims) < len(fixed)) or (ELLIPSIS not in names and len(dims) != len(names)):
            ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}, but its subscripts \"{' '.join(names)}\" "
                              f"name {len(fixed)} dims")
        if ELLIPSIS in names:
            start = names.index(ELLIPSIS)
            count = len(dims) - len(fixed)
            ellipses.append((Shape(dims[start:start + count]), arg.text))
            dims = dims[:start] + (None,) + dims[start + count:]
        for name, d in zip(names, dims):
            if name == ELLIPSIS:
                continue
            if name not in sizes or sizes[name] == 1:
                sizes[name] = d
            elif d != 1:
                first = sizes[name]
                ctx.require(eq(first, d), "SC102", lambda name=name, first=first, d=d, arg=arg: (
                    f"{ctx.op}: {ctx.describe(arg)}: axis {name} is {ctx.show_dim(d)}, "
                    f"but {ctx.show_dim(first)} elsewhere"))
    missing = [n for n in output if n != ELLIPSIS and not any(n in names for names in inputs)]
    if missing:
        _fail(ctx, "einsum", pattern, f"output axes {_names(set(missing))} are not in any input")
    for name in output:
        if name != ELLIPSIS and name not in sizes:
            sizes[name] = ctx.fresh(name)
    spread = ctx.broadcast(ellipses) if ellipses else Shape(())
    if spread is None or (not spread_known and ELLIPSIS in output):
        return tensor_like(Array(UNKNOWN_SHAPE, arrays[0].dtype), *arrays)
    out: list[D.Dim] = []
    for name in output:
        out.extend(spread.prefix if name == ELLIPSIS else (sizes[name],))
    return tensor_like(Array(Shape(tuple(out)), arrays[0].dtype), *arrays)


def parse_shape(ctx: OpContext, bound: dict[str, Arg]) -> Value:
    """``parse_shape(x, 'b _ h w')``: a dict of the named dims (``_`` skips one)."""
    pattern = _pattern(bound.get("pattern"))
    arg = bound.get("x")
    x = _operand(ctx, arg.value) if arg is not None else None
    if pattern is None or x is None:
        return UNKNOWN
    try:
        side = parse_side(pattern, anonymous=True)
    except PatternError as err:
        _fail(ctx, "parse_shape", pattern, str(err))
    if any(side.composed):
        _fail(ctx, "parse_shape", pattern, "Can't parse shape with composite axes")
    dims = x.shape.dims
    if dims is None:
        return Dict(tuple((name, Int(ctx.fresh(name))) for name in side.names), complete=True)
    n = len(side.groups)
    if side.has_ellipsis and len(dims) < n - 1 or not side.has_ellipsis and len(dims) != n:
        _fail(ctx, "parse_shape", pattern, f"Can't parse shape with different number of dimensions: "
                                           f"{n} and {len(dims)}")
    items = []
    position = 0
    for (token,) in side.groups:
        if token == ELLIPSIS:
            position += len(dims) - (n - 1)
            continue
        if _NAME.match(token) and token != "_":
            items.append((token, Int(dims[position])))
        elif token.isdigit():
            ctx.require(eq(dims[position], int(token)), "SC103", lambda position=position, token=token: (
                f"{ctx.op}: Length of axis is not {token}: {ctx.show_dim(dims[position])}"))
        position += 1
    return Dict(tuple(items), complete=True)   # the pattern's names, each once


__all__ = ["EINOPS", "LAYERS", "LAYER_CALLS", "einsum", "pack", "parse_shape", "parse_side", "transform", "unpack"]
