"""Matrix products: a register-tiled, vectorized micro-kernel for matmul loop nests.

The pass pipeline lowers ``a @ b`` to a dot-product nest (the first form below); hand-written
loop IR often uses the i-k-j form (the second). Either way, LLVM alone vectorizes one loop of
it and reloads ``out`` or re-reads ``a`` for every output vector. :func:`match` recognises the
nest, and :func:`lower_tiled` emits instead, for each ``MR x NR`` tile of the output (``MR`` rows,
``NR`` = two vectors of columns), a ``k`` loop that keeps the whole tile in ``MR * 2`` vector
registers: per ``k`` it loads two vectors of ``b``'s row and broadcasts ``MR`` scalars of ``a``'s
column into fused multiply-adds (the GotoBLAS/BLIS micro-kernel shape, without packing, which
pays off only beyond the sizes that stay in L2). Rows and columns that do not fill a tile run
through the ordinary dot-product loops.

Recognised forms, over ``lead`` indices (batch dims) that do not involve ``i, j, k``::

    for i: for j: let acc = 0; for k: acc = acc + a[lead, i, k] * b[lead, k, j]
                 out[lead, i, j] = acc
    for i: (for j: out[lead, i, j] = 0); for k: for j: out[lead, i, j] = out[lead, i, j] + a[..] * b[..]

Each element's sum is accumulated in ``k`` order, with ``llvm.fmuladd`` (which may fuse, as BLAS
does), so results differ from NumPy's BLAS by rounding only.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from llvmlite import ir

from shapecheck.ir import loops as L
from shapecheck.subst import Scope, Subst, free_vars, substitute
from shapecheck.subst.names import Name, fresh_name

from . import shelf

I = L.INDEX
MR = 4                      # output rows per tile
VECTORS_PER_ROW = 2         # vectors of columns per tile row (NR = 2 * lanes)


@dataclass(frozen=True)
class MatmulNest:
    """A recognised ``out[.., i, j] = sum_k a[.., i, k] * b[.., k, j]`` nest over ``i``'s range."""

    i: Name
    j: Name
    k: Name
    a: L.Load                # a[lead, i, k]
    b: L.Load                # b[lead, k, j]
    out: Name
    out_indices: tuple       # (lead, i, j)
    cols: L.Expr             # j runs over [0, cols)
    depth: L.Expr            # k runs over [0, depth)
    dtype: str
    # The stored value as a function of the sum ``Var(acc)`` (a fused epilogue: bias, ReLU...),
    # or None when the sum itself is stored.
    epilogue: L.Expr | None = None
    acc: Name | None = None


def match(loop: L.For) -> MatmulNest | None:
    """The matmul nest that ``loop`` (over rows ``i``) is, or None."""
    if loop.step != 1:
        return None
    return _match_dot(loop) or _match_ikj(loop)


def _match_dot(loop: L.For) -> MatmulNest | None:
    if len(loop.body) != 1 or not _counted(loop.body[0]):
        return None
    j_loop = loop.body[0]
    if len(j_loop.body) != 3:
        return None
    init, k_loop, store = j_loop.body
    if not (isinstance(init, L.Let) and _is_zero(init.value) and _counted(k_loop) and len(k_loop.body) == 1
            and isinstance(store, L.Store)):
        return None
    sum_only = store.value == L.Var(init.var, init.dtype)
    if not sum_only and not _epilogue(store.value, init.var, k_loop.var, store.buffer):
        return None
    update = k_loop.body[0]
    if not (isinstance(update, L.Assign) and update.var == init.var and isinstance(update.value, L.Binary)
            and update.value.op == "add" and update.value.lhs == L.Var(init.var, init.dtype)):
        return None
    nest = _nest(loop.var, j_loop, k_loop, update.value.rhs, store.buffer, store.indices, init.dtype)
    if nest is None or sum_only:
        return nest
    return replace(nest, epilogue=store.value, acc=init.var)


def _epilogue(value: L.Expr, acc: Name, k: Name, out: Name) -> bool:
    """An elementwise function of the sum (a fused bias or activation) that reads neither the
    output nor ``k``: applied to each element once its sum is complete."""
    return _mentions(value, {acc}) and not _mentions(value, {k}) and out not in _buffers(value)


def _buffers(expr) -> set:
    found = {expr.buffer} if isinstance(expr, L.Load) else set()
    for e in (expr.indices if isinstance(expr, L.Load) else _children(expr)):
        found |= _buffers(e)
    return found


def _match_ikj(loop: L.For) -> MatmulNest | None:
    if len(loop.body) != 2 or not all(_counted(s) for s in loop.body):
        return None
    zero_loop, k_loop = loop.body
    if not (len(zero_loop.body) == 1 and isinstance(zero_loop.body[0], L.Store) and _is_zero(zero_loop.body[0].value)):
        return None
    if not (len(k_loop.body) == 1 and _counted(k_loop.body[0]) and len(k_loop.body[0].body) == 1):
        return None
    j_loop, zero = k_loop.body[0], zero_loop.body[0]
    update = j_loop.body[0]
    if not (isinstance(update, L.Store) and update.buffer == zero.buffer and isinstance(update.value, L.Binary)
            and update.value.op == "add" and zero_loop.stop == j_loop.stop):
        return None
    current = L.Load(update.buffer, update.indices, update.value.dtype)
    if update.value.lhs != current:
        return None
    renamed = _rename_index(zero.indices, zero_loop.var, j_loop.var)
    if renamed != update.indices:
        return None
    return _nest(loop.var, j_loop, k_loop, update.value.rhs, update.buffer, update.indices, update.value.dtype)


def _nest(i: Name, j_loop: L.For, k_loop: L.For, product, out: Name, out_indices, dtype: str) -> MatmulNest | None:
    j, k = j_loop.var, k_loop.var
    if dtype not in L.FLOAT_DTYPES or not (isinstance(product, L.Binary) and product.op == "mul"):
        return None
    for a, b in ((product.lhs, product.rhs), (product.rhs, product.lhs)):
        if not (isinstance(a, L.Load) and isinstance(b, L.Load)) or out in (a.buffer, b.buffer):
            continue
        loop_vars = {i, j, k}
        if (_tail(a.indices) == (i, k) and _tail(b.indices) == (k, j) and _tail(out_indices) == (i, j)
                and not any(_mentions(e, loop_vars) for e in a.indices[:-2] + b.indices[:-2] + out_indices[:-2])
                and not any(_mentions(e, loop_vars) for e in (j_loop.stop, k_loop.stop))):
            return MatmulNest(i, j, k, a, b, out, tuple(out_indices), j_loop.stop, k_loop.stop, dtype)
    return None


def _counted(stmt) -> bool:
    """A ``For`` from 0 in steps of 1."""
    return isinstance(stmt, L.For) and stmt.step == 1 and stmt.start == L.Const(0, I)


def _is_zero(expr) -> bool:
    return isinstance(expr, L.Const) and expr.value == 0


def _tail(indices) -> tuple | None:
    if len(indices) < 2 or not all(isinstance(e, L.Var) for e in indices[-2:]):
        return None
    return (indices[-2].name, indices[-1].name)


def _rename_index(indices, old: Name, new: Name) -> tuple:
    return tuple(L.Var(new, e.dtype) if isinstance(e, L.Var) and e.name == old else e for e in indices)


def _mentions(expr, names: set) -> bool:
    if isinstance(expr, L.Var):
        return expr.name in names
    if isinstance(expr, L.Const):
        return False
    if isinstance(expr, L.Load):
        return any(_mentions(e, names) for e in expr.indices)
    return any(_mentions(e, names) for e in _children(expr))


def _children(expr) -> tuple:
    if isinstance(expr, L.Binary):
        return (expr.lhs, expr.rhs)
    if isinstance(expr, L.Compare):
        return (expr.lhs, expr.rhs)
    if isinstance(expr, L.Unary):
        return (expr.operand,)
    if isinstance(expr, L.Select):
        return (expr.cond, expr.if_true, expr.if_false)
    if isinstance(expr, L.Call):
        return tuple(expr.args)
    if isinstance(expr, L.Cast):
        return (expr.value,)
    return ()


# --- lowering --------------------------------------------------------------------------------

def worthwhile(nest: MatmulNest, rows: int | None, lanes: int, tile: tuple[int, int] = (MR, VECTORS_PER_ROW)) -> bool:
    """Tiles pay when at least one fits: known-small products (batched 4x4) keep the plain
    loops, which LLVM unrolls completely. ``tile`` is (rows, vectors of columns) per tile."""
    cols = nest.cols.value if isinstance(nest.cols, L.Const) else None
    depth = nest.depth.value if isinstance(nest.depth, L.Const) else None
    return ((rows is None or rows >= tile[0]) and (cols is None or cols >= tile[1] * lanes)
            and (depth is None or depth >= 4))


def lower_tiled(scope, nest: MatmulNest, start: ir.Value, stop: ir.Value, lanes: int, lower_block,
                lower_expr, tile: tuple[int, int] = (MR, VECTORS_PER_ROW)) -> None:
    """Emit ``nest`` for rows ``start <= i < stop``: full tiles, then the leftover columns of
    the tiled rows, then the leftover rows, through ``lower_block`` (the ordinary lowering).
    ``lower_expr(scope, expr)`` emits a loop-IR expression (both come from ``lower.py``, which
    imports this module)."""
    b = scope.builder
    mr, vectors = tile
    nr = vectors * lanes
    cols = lower_expr(scope, nest.cols)
    rows = b.sub(stop, start)
    rows_tiled_end = b.sub(stop, b.srem(rows, shelf.I64(mr)))
    cols_tiled = b.sub(cols, b.srem(cols, shelf.I64(nr)))
    with shelf.for_range(b, start, rows_tiled_end, shelf.I64(mr), name="i0") as i0:
        with shelf.for_range(b, shelf.I64(0), cols_tiled, shelf.I64(nr), name="j0") as j0:
            _tile(scope, nest, i0, j0, lanes, lambda e: lower_expr(scope, e), tile, lower_block)
        _dot_loops(scope, nest, i0, b.add(i0, shelf.I64(mr)), cols_tiled, cols, lower_block)
    _dot_loops(scope, nest, rows_tiled_end, stop, shelf.I64(0), cols, lower_block)


def _tile(scope, nest: MatmulNest, i0: ir.Value, j0: ir.Value, lanes: int, lower, tile: tuple[int, int],
          tile_lower_block=None) -> None:
    b = scope.builder
    vector = ir.VectorType(shelf.VALUE_TYPES[nest.dtype], lanes)
    align = shelf.ITEM_SIZES[nest.dtype]

    def element(name: Name, indices) -> ir.Value:
        pointer, buf = scope.buffers[name]
        return shelf.element_pointer(b, pointer, buf, indices, lower)

    mr, vectors = tile
    fmuladd = _fmuladd(scope.module, vector, nest.dtype, lanes)
    accumulators = [[scope.entry.alloca(vector, name=f"acc{r}_{v}") for v in range(vectors)]
                    for r in range(mr)]
    zero = ir.Constant(vector, [0.0] * lanes)
    for row in accumulators:
        for slot in row:
            b.store(zero, slot)
    depth = lower(nest.depth)
    with shelf.for_range(b, shelf.I64(0), depth, shelf.I64(1), name="k") as k:
        scope.values[nest.k] = k
        b_row = []
        for v in range(vectors):
            scope.values[nest.j] = b.add(j0, shelf.I64(v * lanes))
            row = element(nest.b.buffer, nest.b.indices)
            b_row.append(b.load(b.bitcast(row, vector.as_pointer()), align=align))
        for r in range(mr):
            scope.values[nest.i] = b.add(i0, shelf.I64(r))
            a_value = b.load(element(nest.a.buffer, nest.a.indices), align=align)
            broadcast = _splat(b, a_value, vector, lanes)
            for v in range(vectors):
                slot = accumulators[r][v]
                b.store(b.call(fmuladd, [broadcast, b_row[v], b.load(slot)]), slot)
        del scope.values[nest.k]
    for r in range(mr):
        scope.values[nest.i] = b.add(i0, shelf.I64(r))
        for v in range(vectors):
            scope.values[nest.j] = b.add(j0, shelf.I64(v * lanes))
            out = element(nest.out, nest.out_indices)
            b.store(b.load(accumulators[r][v]), b.bitcast(out, vector.as_pointer()), align=align)
    del scope.values[nest.i], scope.values[nest.j]
    if nest.epilogue is not None:
        # The tile's sums are in ``out``; apply the epilogue to each in place (LLVM vectorizes it).
        _over_block(scope, nest, i0, b.add(i0, shelf.I64(mr)), j0, b.add(j0, shelf.I64(vectors * lanes)),
                    (L.Store(nest.out, nest.out_indices, _with_sum(nest, L.Load(nest.out, nest.out_indices, nest.dtype))),),
                    tile_lower_block)


def _dot_loops(scope, nest: MatmulNest, row_start, row_stop, col_start, col_stop, lower_block) -> None:
    """The plain dot-product loops over rows [row_start, row_stop) x cols [col_start, col_stop)."""
    acc = fresh_name("acc")
    dot = (L.Let(acc, nest.dtype, L.Const(0.0, nest.dtype)),
           L.For(nest.k, L.Const(0, I), nest.depth, 1, (
               L.Assign(acc, L.Binary("add", L.Var(acc, nest.dtype), L.Binary("mul", nest.a, nest.b))),)),
           L.Store(nest.out, nest.out_indices, _with_sum(nest, L.Var(acc, nest.dtype))))
    _over_block(scope, nest, row_start, row_stop, col_start, col_stop, dot, lower_block)


def _over_block(scope, nest: MatmulNest, row_start, row_stop, col_start, col_stop, body, lower_block) -> None:
    """``body`` for each ``i`` in [row_start, row_stop) and ``j`` in [col_start, col_stop)."""
    bounds = [fresh_name(hint) for hint in ("r0", "r1", "c0", "c1")]
    for name, value in zip(bounds, (row_start, row_stop, col_start, col_stop)):
        scope.values[name] = value
    r0, r1, c0, c1 = (L.Var(name, I) for name in bounds)
    lower_block(scope, (L.For(nest.i, r0, r1, 1, (L.For(nest.j, c0, c1, 1, tuple(body)),)),))
    for name in bounds:
        del scope.values[name]


def _with_sum(nest: MatmulNest, total: L.Expr) -> L.Expr:
    """The value stored for an element whose sum is ``total`` (through the epilogue, if any)."""
    if nest.epilogue is None:
        return total
    names = free_vars(nest.epilogue) | free_vars(total)
    return substitute(nest.epilogue, Subst.of({nest.acc: total}, Scope.of(names)))


def _splat(b: ir.IRBuilder, value: ir.Value, vector: ir.VectorType, lanes: int) -> ir.Value:
    single = b.insert_element(ir.Constant(vector, ir.Undefined), value, shelf.I32(0))
    return b.shuffle_vector(single, ir.Constant(vector, ir.Undefined),
                            ir.Constant(ir.VectorType(shelf.I32, lanes), [0] * lanes))


def _fmuladd(module: ir.Module, vector: ir.VectorType, dtype: str, lanes: int) -> ir.Function:
    name = f"llvm.fmuladd.v{lanes}{'f32' if dtype == 'f32' else 'f64'}"
    existing = module.globals.get(name)
    if existing is None:
        existing = ir.Function(module, ir.FunctionType(vector, [vector] * 3), name)
    return existing
