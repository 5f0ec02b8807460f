"""einx's shape rules: a description string names every axis of every operand, as einx reads it.

``einx.multiply('b s d, b s -> b s d', x, mask)`` binds each input expression to its operand's dims
(an axis named twice must have one length, a composition ``(h w)`` is the product of its axes, a
number is an axis of that length) and builds the output expression from the lengths bound. What
einx adds over einops: brackets mark the axes an op works along (``einx.sum('b [n] d', x)`` reduces
``n``; ``einx.get_at('b [s] d, b k -> b k d', x, idx)`` indexes it), an ellipsis repeats the axis
before it (``c...``) or, standing alone, an anonymous one, the same axes in every expression, and
the output may be left out: each kind of op says what it then is (:data:`_IMPLICIT`).

Codes: an operand whose rank the expression does not fit is SC107 (einx's RankError); one axis of two
lengths is SC101 in an elementwise op (no broadcasting: einx matches axes by name) and SC102
elsewhere; a composition its axes do not divide is SC103 (einx's AxisSizeError). A description
this module does not read (einx's ``[a->b]`` weight notation, an ellipsis after a group), or one
whose output einx would refuse to infer, leaves the result unknown, never an error.

Source: einx 0.4's operation reference (einx/_src/frontend/ops.py: the elementwise, reduction, dot,
index, update, softmax and argfind signatures, and their rules for an implicit output; 0.4 removed
0.3's generic ``einx.elementwise``/``einx.reduce``, which have no rule); the case files in
tests/cases/einx run under the real einx where it is installed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape
from ..core.context import Arg, Call, OpContext
from ..core.values import UNKNOWN, Array, Str, Tuple, Unknown, Value, tensor_like
from .args import accumulated, as_array, float_result, int_arg, spec_dims
from .kinds import Rule, result_dtype

# == expressions ===================================================================================

_TOKEN = re.compile(r"\.\.\.|->|[A-Za-z_][A-Za-z0-9_]*|\d+|[()\[\],+]|\S")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


class Unread(Exception):
    """A description this module does not read (the result is unknown, never an error)."""


@dataclass(frozen=True, slots=True)
class Item:
    """One item of an expression. ``kind``: "axis" (``name``), "number" (``length``), "group" (a
    composition ``(a b)``: one dim, the product of ``items``), "concat" (``(a + b)``: one dim, the sum
    of ``items``' groups) or "ellipsis" (the axis ``name`` repeated, "" for the anonymous one: as many
    dims as the rank leaves). ``marked``: inside brackets."""

    kind: str
    name: str = ""
    length: int = 0
    items: tuple = ()
    marked: bool = False

    def leaves(self) -> tuple["Item", ...]:
        if self.kind in ("group", "concat"):
            return tuple(leaf for item in self.items for leaf in item.leaves())
        return (self,)


@dataclass(frozen=True, slots=True)
class Description:
    """The input expressions and the output ones (None: no ``->``)."""

    inputs: tuple[tuple[Item, ...], ...]
    outputs: tuple[tuple[Item, ...], ...] | None
    text: str


@functools.lru_cache(maxsize=2048)
def parse(text: str) -> Description | None:
    """``text`` read as einx reads it; None where this module does not read it (:class:`Unread`)."""
    try:
        return _parse(text)
    except Unread:
        return None


def _parse(text: str) -> Description:
    tokens = [(m.group(), m.start()) for m in _TOKEN.finditer(text)]
    sides: list[list[list]] = [[[]]]
    depth = 0
    for token, at in tokens:
        if token in "([":
            depth += 1
        elif token in ")]":
            depth -= 1
        if depth == 0 and token == "->":
            sides.append([[]])
        elif depth == 0 and token == ",":
            sides[-1].append([])
        elif token == "->":
            raise Unread("an arrow inside brackets")   # einx's ``[c1->c2]`` weights
        else:
            sides[-1][-1].append((token, at))
    if depth != 0 or len(sides) > 2:
        raise Unread("unbalanced")
    inputs = tuple(_expression(part, text) for part in sides[0])
    outputs = tuple(_expression(part, text) for part in sides[1]) if len(sides) == 2 else None
    return Description(inputs, outputs, text)


def _expression(tokens: list, text: str) -> tuple[Item, ...]:
    items, rest = _sequence(tokens, 0, text, False, None)
    if rest != len(tokens):
        raise Unread("a stray closing bracket")
    if sum(1 for i in items if i.kind == "ellipsis") > 1:
        raise Unread("two ellipses in one expression")   # (how the rank parts between them is einx's search)
    return tuple(items)


def _sequence(tokens: list, i: int, text: str, marked: bool, closer: str | None) -> tuple[list[Item], int]:
    """Items up to ``closer`` (a bracket's are spliced in, marked); a group's ``+`` parts are concat."""
    items: list[Item] = []
    parts: list[list[Item]] = []
    while i < len(tokens):
        token, at = tokens[i]
        if token in (")", "]"):
            if token != closer:
                raise Unread("mismatched brackets")
            break
        i += 1
        if token == "(":
            inner, i = _sequence(tokens, i, text, marked, ")")
            i += 1
            item = inner[0] if len(inner) == 1 and inner[0].kind == "concat" else Item("group", items=tuple(inner),
                                                                                         marked=marked)
            items.append(item)
        elif token == "[":
            inner, i = _sequence(tokens, i, text, True, "]")
            i += 1
            items.extend(inner)
        elif token == "+":
            if closer != ")":
                raise Unread("a concatenation outside a group")
            parts.append(items)
            items = []
        elif token == "...":
            attached = at > 0 and not text[at - 1].isspace() and text[at - 1] not in "([,"
            if attached:
                if not items or items[-1].kind != "axis":
                    raise Unread("an ellipsis after a group")
                items[-1] = Item("ellipsis", items[-1].name, marked=items[-1].marked)
            else:
                items.append(Item("ellipsis", "", marked=marked))
        elif token.isdigit():
            items.append(Item("number", length=int(token), marked=marked))
        elif _NAME.match(token):
            items.append(Item("axis", token, marked=marked))
        else:
            raise Unread(f"a token einx does not take: {token}")
    if parts:
        parts.append(items)
        return [Item("concat", items=tuple(Item("group", items=tuple(p)) for p in parts), marked=marked)], i
    return items, i


def _names(expression: tuple[Item, ...]) -> frozenset[str]:
    """The axis names of an expression (its ellipses by the names they repeat); numbers are none."""
    return frozenset(("..." + leaf.name) if leaf.kind == "ellipsis" else leaf.name
                     for item in expression for leaf in item.leaves() if leaf.kind in ("axis", "ellipsis"))


def _count(n: int) -> str:
    return f"{n} axis" if n == 1 else f"{n} axes"


def _unmarked(expression: tuple[Item, ...]) -> tuple[Item, ...]:
    """The expression without its bracketed items (a reduction's implicit output)."""
    out = []
    for item in expression:
        if item.marked:
            continue
        if item.kind == "group":
            out.append(Item("group", items=_unmarked(item.items)))
        else:
            out.append(item)
    return tuple(out)


# == binding =======================================================================================


class Axes:
    """The lengths a call's operands give each axis: ``lengths`` by name (an ellipsis's i-th by
    ``"...name#i"``), ``counts`` the dims each ellipsis stands for."""

    def __init__(self, ctx: OpContext, text: str, code: str, lengths: dict[str, D.Dim]):
        self.ctx, self.text, self.code = ctx, text, code
        self.lengths: dict[str, D.Dim] = dict(lengths)
        self.counts: dict[str, int] = {}
        self.pending: list[tuple[Item, D.Dim, Arg]] = []
        self.unbound: set[str] = set()   # an axis of an operand whose dim there is not known

    def bind_operand(self, expression: tuple[Item, ...], a: Array, arg: Arg) -> None:
        ctx = self.ctx
        fixed = sum(1 for item in expression if item.kind != "ellipsis")
        ellipsis = next((item for item in expression if item.kind == "ellipsis"), None)
        dims = a.shape.dims
        if dims is None:
            if ellipsis is not None:   # its axes take their lengths from the other operands
                self.unbound.update(_names(expression))
                return
            dims = spec_dims(ctx, a.shape, fixed, lambda i: None)
            if dims is None:
                self._rank_error(expression, a, arg, fixed)
        elif ellipsis is None and len(dims) != fixed or ellipsis is not None and len(dims) < fixed:
            self._rank_error(expression, a, arg, fixed)
        position = 0
        for item in expression:
            if item.kind == "ellipsis":
                count = len(dims) - fixed
                known = self.counts.setdefault(item.name, count)
                if known != count:
                    ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}, but its \"{item.name}...\" stands for "
                                      f"{_count(count)} there and {_count(known)} elsewhere (einx \"{self.text}\")")
                for k in range(count):
                    self.bind(f"...{item.name}#{k}", dims[position + k], arg)
                position += count
                continue
            self.bind_item(item, dims[position], arg)
            position += 1

    def _rank_error(self, expression: tuple[Item, ...], a: Array, arg: Arg, fixed: int) -> None:
        ctx = self.ctx
        has_ellipsis = any(item.kind == "ellipsis" for item in expression)
        ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}, but its expression names {'at least ' if has_ellipsis else ''}"
                          f"{_count(fixed)} (einx \"{self.text}\")")

    def bind_item(self, item: Item, d: D.Dim | None, arg: Arg) -> None:
        if item.kind == "axis":
            self.bind(item.name, d, arg)
        elif item.kind == "number":
            if d is not None:
                self.ctx.require(eq(d, item.length), self.code, lambda: (
                    f"{self.ctx.op}: {self.ctx.describe(arg)}: an axis of length {item.length} is "
                    f"{self.ctx.show_dim(d)} (einx \"{self.text}\")"))
        else:
            self.pending.append((item, d, arg))

    def bind(self, name: str, d: D.Dim | None, arg: Arg) -> None:
        if d is None:
            self.unbound.add(name)
            return
        first = self.lengths.get(name)
        if first is None:
            self.lengths[name] = d
            return
        ctx = self.ctx
        shown = name if not name.startswith("...") else name[3:].split("#")[0] + "..."
        ctx.require(eq(first, d), self.code, lambda: (
            f"{ctx.op}: {ctx.describe(arg)}: axis {shown} is {ctx.show_dim(d)}, but {ctx.show_dim(first)} "
            f"elsewhere (einx \"{self.text}\")"))

    def settle(self) -> bool:
        """Bind the compositions and concatenations, each once the lengths it needs are known; False
        where one stays undetermined (einx's AxisSizeError, or an operand whose dims are not known)."""
        progress = True
        while self.pending and progress:
            progress = False
            for entry in list(self.pending):
                if self._settle(*entry):
                    self.pending.remove(entry)
                    progress = True
        return not self.pending

    def _settle(self, item: Item, d: D.Dim | None, arg: Arg) -> bool:
        ctx = self.ctx
        if item.kind == "concat":
            sizes = [self.length_of(part) for part in item.items]
            missing = [part for part, size in zip(item.items, sizes) if size is None]
            known = functools.reduce(D.add, [s for s in sizes if s is not None], 0)
            if d is None:
                return not missing
            if not missing:
                self._must_be(d, known, "a concatenation", arg)
                return True
            if len(missing) == 1 and len(missing[0].leaves()) == 1 and missing[0].leaves()[0].kind == "axis":
                self.lengths[missing[0].leaves()[0].name] = D.sub(d, known)
                return True
            return False
        leaves = item.leaves()
        if any(leaf.kind == "ellipsis" and leaf.name not in self.counts for leaf in leaves):
            return False
        unknown = [leaf.name for leaf in leaves if leaf.kind == "axis" and leaf.name not in self.lengths]
        size = self.length_of(item, skip=frozenset(unknown))
        if d is None:
            return not unknown
        if not unknown:
            self._must_be(d, size, "a composition", arg)
            return True
        if len(unknown) > 1:
            return False
        ctx.require(eq(D.mod(d, size), 0), "SC103", lambda: (
            f"{ctx.op}: {ctx.describe(arg)}: {ctx.show_dim(d)} does not divide into compositions of "
            f"{ctx.show_dim(size)} (einx \"{self.text}\")"))
        self.lengths[unknown[0]] = D.floordiv(d, size)
        return True

    def _must_be(self, d: D.Dim, size: D.Dim, what: str, arg: Arg) -> None:
        ctx = self.ctx
        ctx.require(eq(d, size), "SC103", lambda: (
            f"{ctx.op}: {ctx.describe(arg)}: {what} of {ctx.show_dim(size)} is {ctx.show_dim(d)} "
            f"(einx \"{self.text}\")"))

    def length_of(self, item: Item, skip: frozenset = frozenset()) -> D.Dim | None:
        """The length of one dim an item makes (a group's product, a concatenation's sum)."""
        dims = self.dims_of(item, skip)
        return None if dims is None else D.product(dims)

    def dims_of(self, item: Item, skip: frozenset = frozenset()) -> list[D.Dim] | None:
        """The dims an item puts out: one, but an ellipsis's as many as it stands for."""
        if item.kind == "number":
            return [item.length]
        if item.kind == "axis":
            if item.name in skip:
                return [1]
            length = self.lengths.get(item.name)
            if length is None and item.name in self.unbound:
                length = self.lengths[item.name] = self.ctx.fresh(item.name)
            return None if length is None else [length]
        if item.kind == "ellipsis":
            count = self.counts.get(item.name)
            if count is None:
                return None
            out = []
            for k in range(count):
                key = f"...{item.name}#{k}"
                if key not in self.lengths:
                    self.lengths[key] = self.ctx.fresh(item.name or "e")
                out.append(self.lengths[key])
            return out
        parts = [self.length_of(part, skip) for part in item.items]
        if any(p is None for p in parts):
            return None
        return [D.product(parts) if item.kind == "group" else functools.reduce(D.add, parts, 0)]

    def build(self, expression: tuple[Item, ...]) -> Shape | None:
        """The shape an output expression makes; None where a length is not known."""
        out: list[D.Dim] = []
        for item in expression:
            dims = self.dims_of(item)
            if dims is None:
                return None
            out.extend(dims)
        return Shape(tuple(out))


# == the ops =======================================================================================


def _implicit_elementwise(inputs: tuple) -> tuple[Item, ...] | None:
    """The input expression that holds every axis name of the others, where that choice is unique."""
    every = frozenset().union(*(_names(e) for e in inputs))
    chosen = {e for e in inputs if _names(e) >= every}
    return next(iter(chosen)) if len(chosen) == 1 else None


def _implicit_argfind(inputs: tuple) -> tuple[Item, ...] | None:
    """The input with its bracketed axes replaced by one axis of their count (``a [b c] -> a [2]``)."""
    (expression,) = inputs
    marked = [item for item in expression if item.marked]
    if not marked or any(item.kind != "axis" for item in marked):
        return None
    at = expression.index(marked[0])
    kept = tuple(item for item in expression if not item.marked)
    return kept[:at] + (Item("number", length=len(marked)),) + kept[at:]


#: What each kind of op takes for its output when the description has none (None: einx needs one).
_IMPLICIT = {
    "elementwise": _implicit_elementwise,
    "reduce": lambda inputs: _unmarked(inputs[0]) if len(inputs) == 1 else None,
    "same": lambda inputs: inputs[0] if len(inputs) == 1 else None,
    "update": lambda inputs: inputs[0],
    "argfind": lambda inputs: _implicit_argfind(inputs) if len(inputs) == 1 else None,
    "explicit": lambda inputs: None,
}

#: The keywords of einx's ops that name no axis.
_NOT_AXES = frozenset(("backend", "keepdims", "shift", "graph", "cse"))


def _operand(v: Value) -> Array | None:
    if type(v) is Unknown:
        return Array(v.as_array().shape if v.middle is not None else UNKNOWN_SHAPE)
    return as_array(v)


def _dtype(dtype_kind: str, operands: list[tuple[Array, Arg]]) -> str | None:
    first = operands[0][0] if operands else None
    tensor = any(a.tensor for a, _ in operands)
    if dtype_kind in ("same", "bool", "float"):
        return result_dtype(operands, dtype_kind)
    if dtype_kind == "where":
        return result_dtype(operands[1:], "same")
    if dtype_kind == "int":
        return "int64"
    if dtype_kind == "accumulated":
        return accumulated(first.dtype, tensor) if first is not None else None
    if dtype_kind == "mean":
        return float_result(first.dtype, tensor) if first is not None else None
    return first.dtype if first is not None else None   # "first": the value tensor's


def einx_op(kind: str, dtype_kind: str, code: str = "SC102") -> Rule:
    """An einx op: ``einx.<op>(description, *tensors, **lengths)``; ``kind`` says its implicit output
    (:data:`_IMPLICIT`), ``dtype_kind`` its result's dtype."""

    def rule(ctx: OpContext, call: Call) -> Value:
        args = list(call.args)
        given = call.kwargs.get("description")
        description = given if given is not None else (args.pop(0) if args else None)
        if description is None or type(description.value) is not Str or description.value.value is None:
            return UNKNOWN
        parsed = parse(description.value.value)
        if parsed is None or len(parsed.inputs) != len(args):
            return UNKNOWN
        outputs = parsed.outputs if parsed.outputs is not None else _implicit_output(kind, parsed.inputs)
        if outputs is None or len(outputs) != 1 and (kind != "explicit" or len(outputs) != len(args)):
            return UNKNOWN
        arrays = [_operand(a.value) for a in args]
        if any(a is None for a in arrays):
            return UNKNOWN
        lengths = {}
        for name, arg in call.kwargs.items():
            if name in _NOT_AXES or name == "description":
                continue
            d = int_arg(arg, ctx)
            lengths[name] = d if d is not None else ctx.fresh(name)
        axes = Axes(ctx, parsed.text, code, lengths)
        for expression, a, arg in zip(parsed.inputs, arrays, args):
            axes.bind_operand(expression, a, arg)
        operands = list(zip(arrays, args))
        dtype = _dtype(dtype_kind, operands)
        if not axes.settle():
            return tensor_like(Array(UNKNOWN_SHAPE, dtype), *arrays)
        results = []
        for expression in outputs:
            shape = axes.build(expression)
            results.append(tensor_like(Array(shape if shape is not None else UNKNOWN_SHAPE, dtype), *arrays))
        return results[0] if len(results) == 1 else Tuple(tuple(results))

    return rule


def _implicit_output(kind: str, inputs: tuple) -> tuple | None:
    expression = _IMPLICIT[kind](inputs)
    return None if expression is None else (expression,)


_ELEMENTWISE = {
    "add": "same", "subtract": "same", "multiply": "same", "floor_divide": "same", "maximum": "same",
    "minimum": "same", "true_divide": "float", "divide": "float", "logaddexp": "float", "logical_and": "bool",
    "logical_or": "bool", "less": "bool", "less_equal": "bool", "greater": "bool", "greater_equal": "bool",
    "equal": "bool", "not_equal": "bool", "where": "where",
}
_REDUCTIONS = {
    "sum": "accumulated", "prod": "accumulated", "mean": "mean", "var": "mean", "std": "mean",
    "logsumexp": "mean", "max": "first", "min": "first", "any": "bool", "all": "bool", "count_nonzero": "int",
}

#: Every einx op with a shape rule, by qualified name.
EINX: dict[str, Rule] = {
    **{f"einx.{op}": einx_op("elementwise", dtype, "SC101") for op, dtype in _ELEMENTWISE.items()},
    **{f"einx.{op}": einx_op("reduce", dtype) for op, dtype in _REDUCTIONS.items()},
    **{f"einx.{op}": einx_op("same", "mean") for op in ("softmax", "log_softmax")},
    **{f"einx.{op}": einx_op("same", "first") for op in ("sort", "flip", "roll")},
    "einx.argsort": einx_op("same", "int"),
    **{f"einx.{op}": einx_op("argfind", "int") for op in ("argmax", "argmin")},
    **{f"einx.{op}": einx_op("update", "first") for op in ("set_at", "add_at", "subtract_at")},
    "einx.get_at": einx_op("explicit", "first"),
    "einx.dot": einx_op("explicit", "same"),
    "einx.id": einx_op("explicit", "first"),
    "einx.rearrange": einx_op("explicit", "first"),
}

__all__ = ["EINX", "Description", "Item", "einx_op", "parse"]
