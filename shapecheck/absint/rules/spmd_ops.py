"""How ops move placements: an op on placed arrays (DTensors, NamedSharding-placed jax arrays) gives a
placed result, by the op's kind in :data:`PROPAGATION` (DTensor's sharding propagation, its "op
strategies"; GSPMD's for ``jit``):

* elementwise: operands split alike give a result split the same way (dims aligned from the right,
  as broadcasting aligns them); a partial sum stays one only through ``add``/``subtract``/``negative``
  and scaling by an unsplit operand (sums are linear);
* einsum: each output letter keeps its operands' split, a summed letter's split leaves a partial
  sum (``sharding/moves.py``); operands that split a letter differently are SC303;
* matmul: batch and row dims keep the left operand's split, columns the right's; a contraction
  dim split alike on both sides leaves a partial sum over those axes: a DTensor ``Partial()``
  (which ``redistribute`` must finish), while a ``jax.Array`` is summed at once (XLA inserts the
  all-reduce; SC303 gives its bytes).

* permute (``transpose``, ``permute``, ``swapaxes``, ``moveaxis``), reduce (``sum``, ``max``, ...) and
  reshape (``reshape``, ``view``, ``flatten``, ``squeeze``, ...): as :mod:`shapecheck.sharding.moves`
  says. Where each result dim comes from is read off the op's own shape rule, run once more on a probe
  of the operand's rank whose dims are distinct primes (so numpy's ``axis``/``keepdims``, torch's
  ``dim``/``keepdim`` and ``permute(*dims)`` are not parsed a second time here). A DTensor ``view``
  that would move a split is SC133 (DTensor refuses it); a ``reshape`` gathers first (SC303).

Operands split differently (or a partial sum into a nonlinear op) still run: DTensor and XLA insert
the communication. That is reported as SC303, an info note giving the cheapest plan's bytes when the
sizes are literal; the result's placement is then unknown (None), never a guess. Unknown op kinds
drop the placement the same way.
"""

from __future__ import annotations

from ...constraints import dims as D
from ...constraints.predicates import eq
from ...constraints.shapes import Shape
from ...constraints.solver import Verdict
from ...sharding.layout import Layout, LayoutError, replicated
from ...sharding.moves import contracted, groups, permuted, reduced, reshaped
from ..core.context import Arg, Call, OpContext, ShapeError
from ..core.values import Array, Str, Value
from .kinds import Rule
from .placements import placed, redistribution

_LINEAR = frozenset("add subtract sub negative neg positive".split())
_ELEMENTWISE = frozenset("""add subtract sub multiply mul divide div true_divide floor_divide power pow maximum minimum
negative neg positive abs absolute exp log sqrt rsqrt sin cos tanh sigmoid relu gelu silu softplus square
where clamp clip equal not_equal less less_equal greater greater_equal eq ne lt le gt ge dropout float double half
type_as to contiguous clone detach""".split())
_MATMUL = frozenset("matmul mm bmm".split())
_PERMUTE = frozenset("transpose permute swapaxes swapdims moveaxis movedim t matrix_transpose".split())
_REDUCE = frozenset("""sum nansum mean nanmean average max min amax amin nanmax nanmin prod nanprod std var nanstd nanvar
argmax argmin all any logsumexp norm median nanmedian""".split())
_RESHAPE = frozenset("reshape view flatten unflatten ravel squeeze unsqueeze expand_dims view_as reshape_as".split())

#: Op name (the last part of its qualified name, or the operator's) -> how it moves placements.
PROPAGATION: dict[str, str] = {**{n: "elementwise" for n in _ELEMENTWISE}, **{n: "matmul" for n in _MATMUL},
                               **{n: "permute" for n in _PERMUTE}, **{n: "reduce" for n in _REDUCE},
                               **{n: "reshape" for n in _RESHAPE}, "einsum": "einsum",
                               "scaled_dot_product_attention": "attention"}


def has_placement(args: list[Arg]) -> bool:
    return any(type(a.value) is Array and a.value.layout is not None for a in args)


def with_placements(name: str, rule: Rule) -> Rule:
    """``rule``, its array result placed by its operands' placements (see the module docstring)."""
    op = name.rsplit(".", 1)[-1]
    kind = PROPAGATION.get(op)

    def placed_rule(ctx: OpContext, call: Call) -> Value:
        result = rule(ctx, call)
        if kind is None or type(result) is not Array or result.shape.dims is None or result.layout is not None:
            return result
        arrays = [a.value for a in call.args if type(a.value) is Array and a.value.shape.dims is not None]
        if kind in _MOVES and len(arrays) == 1 and call.args and call.args[0].value is arrays[0]:
            layout = _MOVES[kind](ctx, op, rule, call, arrays[0], result)
        elif kind == "matmul":
            layout = _matmul(ctx, arrays, result)
        elif kind == "einsum":
            layout = _einsum(ctx, call, result)
        elif kind == "attention":
            layout = _attention(arrays, result)
        elif arrays and kind in ("elementwise", "reduce"):   # torch.max(a, b) is elementwise
            layout = _elementwise(ctx, op, arrays, result)
        else:   # x.view_as(y): y's layout is not x's
            layout = None
        return placed(result, layout) if layout is not None else result
    return placed_rule


def _attention(arrays: list[Array], result: Array) -> Layout | None:
    """``scaled_dot_product_attention(q, k, v)``: q, k and v split alike over batch or heads, never over
    their last two dims (sequence, features), give an output split as q is: each device attends within
    its own heads (DTensor's attention strategy; pytorch-examples' llama2 under ColwiseParallel
    ``use_local_output=False``). Any other split is not modelled (None)."""
    if len(arrays) < 3 or len({a.layout for a in arrays[:3]}) != 1:
        return None
    lay = arrays[0].layout
    if lay is None or lay.partial or any(lay.dims[-2:]) or len(result.shape.dims) != len(lay.dims):
        return None
    return lay


def _aligned(a: Array, rank: int) -> Layout | None:
    """``a``'s layout over a result of ``rank`` dims (its dims aligned to the right)."""
    lay = a.layout
    if lay is None:
        return None
    return Layout(lay.mesh, ((),) * (rank - len(lay.dims)) + lay.dims, lay.partial)


def _note(ctx: OpContext, why: str, moves: list[tuple[Array, Layout]],
          then: str = "the framework redistributes first") -> None:
    """SC303: the op runs after a redistribution the framework inserts; its bytes when they are known."""
    costs = []
    for a, target in moves:
        found = redistribution(ctx, a, target)
        if found is not None:
            costs.append(f"{a.layout.show()} -> {target.show()}: {found.bytes} bytes per device "
                         f"({', '.join(s.op for s in found.steps) or 'no move'})")
    detail = f"; cheapest: {'; '.join(costs)}" if costs else ""
    ctx.interp.diagnose(ctx.node, "SC303", f"{ctx.op}: {why}: {then}{detail}",
                        severity="info")


def _elementwise(ctx: OpContext, op: str, arrays: list[Array], result: Array) -> Layout | None:
    rank = len(result.shape.dims)
    layouts = [(a, _aligned(a, rank)) for a in arrays if a.layout is not None]
    first_array, first = layouts[0]
    others = [(a, lay) for a, lay in layouts[1:] if lay != first]
    if others:
        a, lay = others[0]
        same_mesh = lay.mesh == first.mesh and len(a.layout.dims) <= rank
        moves = [(a, Layout(lay.mesh, first.dims[rank - len(a.layout.dims):], first.partial))] if same_mesh else []
        _note(ctx, f"operands split differently ({first.show()} and {lay.show()})", moves)
        return None
    if first.partial and (op not in _LINEAR and len(layouts) == len(arrays)) and op not in ("multiply", "mul"):
        _note(ctx, f"a partial sum over {', '.join(map(repr, first.partial))} into a nonlinear op",
              [(first_array, Layout(first_array.layout.mesh, first_array.layout.dims))])
        return None
    if first.partial and len(layouts) < len(arrays) and op not in ("multiply", "mul", "divide", "div", "true_divide"):
        _note(ctx, "a partial sum combined with a whole value", [])
        return None
    return first


def _axes(axes: tuple[str, ...]) -> str:
    return ", ".join(map(repr, axes)) if axes else "no mesh axis"


def _matmul(ctx: OpContext, arrays: list[Array], result: Array) -> Layout | None:
    if len(arrays) != 2 or any(len(a.shape.dims) < 2 for a in arrays):
        return None
    lhs, rhs = arrays
    mesh = (lhs.layout or rhs.layout).mesh
    left = lhs.layout or replicated(mesh, len(lhs.shape.dims))
    right = rhs.layout or replicated(mesh, len(rhs.shape.dims))
    if left.mesh != right.mesh:
        return None
    if left.dims[-1] != right.dims[-2]:
        target = Layout(mesh, right.dims[:-2] + (left.dims[-1], tuple(a for a in right.dims[-1] if a not in left.dims[-1])))
        _note(ctx, f"the contracted dim is split over {_axes(left.dims[-1])} on the left but over "
                   f"{_axes(right.dims[-2])} on the right",
              [(rhs, target)] if rhs.layout is not None else [])
        return None
    if left.partial and right.partial:
        _note(ctx, "both operands are partial sums", [])
        return None
    rank = len(result.shape.dims)
    batch = left.dims[:-2] if len(left.dims) >= len(right.dims) else right.dims[:-2]
    dims = (((),) * rank + batch + (left.dims[-2], right.dims[-1]))[-rank:]
    try:
        out = Layout(mesh, dims, left.partial + right.partial + left.dims[-1])
    except LayoutError:   # one axis on rows and columns: no placement holds the result
        return None
    if out.partial and not (lhs.tensor or rhs.tensor):
        # a jax.Array (or an annotated NumPy array) is never a pending sum: XLA sums the partial
        # products before handing it back
        whole = Layout(mesh, dims)
        _note(ctx, f"the contracted dim is split over {_axes(left.dims[-1])}",
              [(Array(result.shape, result.dtype, None, False, out), whole)],
              "the partial products are summed across devices")
        return whole
    return out


# == ops that move dims (sharding/moves.py) ==========================================================

#: Distinct sizes for a probe operand: each result dim of the op's rule on it names its source dim.
_PROBE = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)


def _sources(ctx: OpContext, rule: Rule, call: Call, a: Array) -> tuple[int | None, ...] | None:
    """Per result dim, the operand dim it is (None: a size-1 dim, what ``keepdims`` leaves), by the
    op's own rule run on a probe of ``a``'s rank (see the module docstring)."""
    rank = len(a.shape.dims)
    if rank > len(_PROBE):
        return None
    probe = Array(Shape(_PROBE[:rank]), a.dtype, None, a.tensor)
    try:
        out = rule(ctx, Call(call.name, [Arg(probe, call.args[0].text)] + call.args[1:], call.kwargs))
    except ShapeError:
        return None
    if type(out) is not Array or out.shape.dims is None:
        return None
    sources = []
    for d in out.shape.dims:
        if d not in _PROBE[:rank] and d != 1:
            return None
        sources.append(None if d == 1 else _PROBE.index(d))
    return tuple(sources)


def _permute(ctx: OpContext, op: str, rule: Rule, call: Call, a: Array, result: Array) -> Layout | None:
    order = _sources(ctx, rule, call, a)
    if order is None or sorted(i for i in order if i is not None) != list(range(len(a.shape.dims))) \
            or len(order) != len(a.shape.dims):
        return None
    return permuted(a.layout, order)


def _reduce(ctx: OpContext, op: str, rule: Rule, call: Call, a: Array, result: Array) -> Layout | None:
    sources = _sources(ctx, rule, call, a)
    rank = len(a.shape.dims)
    if sources is None or len(result.shape.dims) != len(sources):
        return None
    keepdims = len(sources) == rank
    kept = {s for s in sources if s is not None}
    axes = tuple(d for d in range(rank) if d not in kept)
    out = reduced(a.layout, axes, keepdims, op)
    if out is None:
        _note(ctx, f"a partial sum over {_axes(a.layout.partial)} into {op}, which is not a sum",
              [(a, Layout(a.layout.mesh, a.layout.dims))])
        return None
    whole = Layout(out.layout.mesh, out.layout.dims)
    if out.gathered:
        gathered = a.layout.with_dims(tuple(() if d in axes else dims for d, dims in enumerate(a.layout.dims)))
        _note(ctx, f"{op} over a dim split over {_axes(out.gathered)} is not a sum of the pieces' results",
              [(a, gathered)], "the pieces are combined across devices first")
    elif out.layout.partial != a.layout.partial and not a.tensor:
        # a jax.Array (or an annotated NumPy array) is never a pending sum: XLA sums at once
        _note(ctx, f"{op} over a dim split over {_axes(out.layout.partial)}",
              [(Array(result.shape, result.dtype, None, False, out.layout), whole)],
              "the partial results are summed across devices")
        return whole
    return out.layout


def _reshape(ctx: OpContext, op: str, rule: Rule, call: Call, a: Array, result: Array) -> Layout | None:
    source, target = a.shape.dims, result.shape.dims

    def same(x: D.Dim, y: D.Dim) -> bool:
        return ctx.decide(eq(x, y)) is Verdict.HOLDS

    def divides(d: D.Dim, n: D.Dim) -> bool:
        return ctx.decide(eq(D.mod(d, n), 0)) is Verdict.HOLDS

    def may_divide(d: D.Dim, n: D.Dim) -> bool:
        return ctx.decide(eq(D.mod(d, n), 0)) is not Verdict.FAILS

    sure = reshaped(a.layout, source, target, same, divides)
    if sure is None:
        return None
    if not sure.gathered:
        return sure.layout
    must = reshaped(a.layout, source, target, same, may_divide)
    if must is None:
        return None
    strict_view = op == "view" and a.tensor   # DTensor's view never redistributes (strict_view)
    if not must.gathered:
        # each split stays only if a size the facts do not decide divides: a view requires it (a
        # precondition, a --strict warning), a reshape may or may not gather: no placement is claimed
        if not strict_view:
            return None
        for d in sure.gathered:
            n = a.layout.mesh.group(a.layout.dims[d])
            first = next(target[outs[0]] for ins, outs in groups(source, target, same) or () if d in ins and outs)
            ctx.require(eq(D.mod(first, n), 0), "SC133", lambda d=d: (
                f"{ctx.op}: {ctx.describe(call.args[0])}; as {ctx.show_shape(result.shape)}, "
                f"{_lost_split(ctx, a, target, d, same)}: DTensor's view cannot redistribute"))
        return must.layout
    why = f"{ctx.describe(call.args[0])}; as {ctx.show_shape(result.shape)}, " + "; ".join(
        _lost_split(ctx, a, target, d, same) for d in must.gathered)
    if strict_view:
        ctx.fail("SC133", f"{ctx.op}: {why}: DTensor's view cannot redistribute (use reshape, or redistribute "
                          "the tensor first)")
    if must.gathered != sure.gathered:
        return None   # some gathers are certain, others depend on sizes: no placement is claimed
    gathered = a.layout.with_dims(tuple(() if d in must.gathered else dims for d, dims in enumerate(a.layout.dims)))
    _note(ctx, why, [(a, gathered)], "the split is gathered first")
    return must.layout


def _lost_split(ctx: OpContext, a: Array, target: tuple, d: int, same) -> str:
    """Why input dim ``d``'s split does not survive a reshape to ``target`` (sharding/moves.py)."""
    n = a.layout.mesh.group(a.layout.dims[d])
    head = f"dim {d} (split over {_axes(a.layout.dims[d])}, {ctx.show_dim(n)} devices)"
    for ins, outs in groups(a.shape.dims, target, same) or ():
        if d in ins and d != ins[0]:
            return f"{head} is merged under dim {ins[0]} ({ctx.show_dim(a.shape.dims[ins[0]])}), not outermost"
        if d in ins and outs:
            return (f"{head} becomes dims {', '.join(map(str, outs))} and the first, "
                    f"{ctx.show_dim(target[outs[0]])}, is not divisible by {ctx.show_dim(n)}")
    return f"{head} cannot keep its split"


def _einsum(ctx: OpContext, call: Call, result: Array) -> Layout | None:
    spec = call.args[0].value if call.args else None
    if type(spec) is not Str or not spec.value or "..." in spec.value:
        return None
    text = spec.value.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    terms = inputs.split(",")
    if not arrow:   # implicit output: the letters used once, in alphabetical order (NumPy's einsum docs)
        output = "".join(sorted(x for x in set(inputs) - {","} if inputs.count(x) == 1))
    operands = [a.value for a in call.args[1:]]
    if len(terms) != len(operands) or not all(type(a) is Array and a.shape.dims is not None
                                                and len(a.shape.dims) == len(t) for a, t in zip(operands, terms)):
        return None
    placed_ones = [a.layout for a in operands if a.layout is not None]
    mesh = placed_ones[0].mesh
    if any(lay.mesh != mesh for lay in placed_ones):
        return None
    layouts = [a.layout or replicated(mesh, len(a.shape.dims)) for a in operands]
    out = contracted(terms, output, layouts)
    if out.misaligned is not None:
        k, target = out.misaligned
        _note(ctx, f"operand {k + 1} splits a letter of {text!r} differently from an earlier operand",
              [(operands[k], target)] if operands[k].layout is not None else [])
        return None
    if out.layout is None or len(out.layout.dims) != len(result.shape.dims):
        return None
    if out.layout.partial and not any(a.tensor for a in operands) and \
            set(out.layout.partial) != {a for lay in layouts for a in lay.partial}:
        whole = Layout(mesh, out.layout.dims)
        _note(ctx, f"{text!r} sums letters split over {_axes(tuple(out.layout.partial))}",
              [(Array(result.shape, result.dtype, None, False, out.layout), whole)],
              "the partial results are summed across devices")
        return whole
    return out.layout


_MOVES = {"permute": _permute, "reduce": _reduce, "reshape": _reshape}


def transposed_placement(a: Array, attr: str, result: Value) -> Value:
    """``a.T`` (all dims reversed) and ``a.mT`` (the last two swapped) of a placed array, placed."""
    rank = len(a.layout.dims)
    if type(result) is not Array or result.layout is not None or result.shape.rank != rank or attr not in _ATTRIBUTE_ORDERS:
        return result
    order = _ATTRIBUTE_ORDERS[attr](rank)
    return placed(result, permuted(a.layout, order)) if order is not None else result


_ATTRIBUTE_ORDERS = {
    "T": lambda rank: list(reversed(range(rank))), "H": lambda rank: list(reversed(range(rank))),
    "mT": lambda rank: list(range(rank - 2)) + [rank - 1, rank - 2] if rank >= 2 else None,
    "mH": lambda rank: list(range(rank - 2)) + [rank - 1, rank - 2] if rank >= 2 else None,
}
