"""How ops move placements: an op on placed arrays (DTensors, NamedSharding-placed jax arrays) gives a
placed result, by the op's kind in :data:`PROPAGATION` (DTensor's sharding propagation, its "op
strategies"; GSPMD's for ``jit``):

* elementwise: operands split alike give a result split the same way (dims aligned from the right,
  as broadcasting aligns them); a partial sum stays one only through ``add``/``subtract``/``negative``
  and scaling by an unsplit operand (sums are linear);
* matmul: batch and row dims keep the left operand's split, columns the right's; a contraction
  dim split alike on both sides leaves a partial sum over those axes: a DTensor ``Partial()``
  (which ``redistribute`` must finish), while a ``jax.Array`` is summed at once (XLA inserts the
  all-reduce; SC303 gives its bytes).

Operands split differently (or a partial sum into a nonlinear op) still run: DTensor and XLA insert
the communication. That is reported as SC303, an info note giving the cheapest plan's bytes when the
sizes are literal; the result's placement is then unknown (None), never a guess. Unknown op kinds
drop the placement the same way.
"""

from __future__ import annotations

from ...sharding.layout import Layout, LayoutError, replicated
from ...sharding.plan import PlanError, plan
from ..core.context import Arg, Call, OpContext
from ..core.values import Array, Value
from .kinds import Rule
from .placements import placed

_LINEAR = frozenset("add subtract sub negative neg positive".split())
_ELEMENTWISE = frozenset("""add subtract sub multiply mul divide div true_divide floor_divide power pow maximum minimum
negative neg positive abs absolute exp log sqrt rsqrt sin cos tanh sigmoid relu gelu silu softplus square
where clamp clip equal not_equal less less_equal greater greater_equal eq ne lt le gt ge dropout float double half
type_as to contiguous clone detach""".split())
_MATMUL = frozenset("matmul mm bmm".split())

#: Op name (the last part of its qualified name, or the operator's) -> how it moves placements.
PROPAGATION: dict[str, str] = {**{n: "elementwise" for n in _ELEMENTWISE}, **{n: "matmul" for n in _MATMUL}}


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
        layout = _elementwise(ctx, op, arrays, result) if kind == "elementwise" else _matmul(ctx, arrays, result)
        return placed(result, layout) if layout is not None else result
    return placed_rule


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
        try:
            found = plan(a.shape.dims, a.layout, target, itemsize=_ITEMSIZE.get(a.dtype or "", 4))
            costs.append(f"{a.layout.show()} -> {target.show()}: {found.bytes} bytes per device "
                         f"({', '.join(s.op for s in found.steps) or 'no move'})")
        except (PlanError, LayoutError, TypeError):
            continue
    detail = f"; cheapest: {'; '.join(costs)}" if costs else ""
    ctx.interp.diagnose(ctx.node, "SC303", f"{ctx.op}: {why}: {then}{detail}",
                        severity="info")


_ITEMSIZE = {"float64": 8, "float32": 4, "float16": 2, "bfloat16": 2, "int64": 8, "int32": 4, "bool": 1}


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
