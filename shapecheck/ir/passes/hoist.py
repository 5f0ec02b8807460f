"""Loop-invariant loads hoisted out of loops (loop level).

``pos[i, 0]`` read inside ``for j`` after an ``if i == j: continue`` is the same element in every
iteration, but LLVM may not move it before the loop: the load runs only on some iterations, and
LLVM cannot prove the address valid where it would move it (``i * 3`` is in bounds only because
``i < n``, a fact of the outer loop it does not see). Left in place, LLVM's vectorizer must keep
it a masked load per lane, which costs enough that the n-body inner loop stays scalar (1x Numba);
read once before the loop it vectorizes.

A load moves before the ``For`` it is in (into a fresh ``Let``) when

* its buffer is never written by the kernel, and the kernel's buffers do not alias (the caller
  says so: ``noalias``), so no store inside the loop can change the element; and
* its indices use only constants, shape parameters and the variables of enclosing loops (none
  bound or assigned inside the loop); and
* each index is provably within its axis (enclosing loops' ranges against the buffer's dims):
  moving it before the loop makes it run even when the loop's iterations would not have reached
  it (or when the loop runs no iteration), so it must be a valid read in any case.

Loads in nested loops move first (as far as they may), outermost last.
"""

from __future__ import annotations

from dataclasses import replace

from shapecheck.constraints import dims
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.names import Name, fresh_name

from .. import loops as L

__all__ = ["hoist_invariant_loads"]


def hoist_invariant_loads(kernel: L.Kernel) -> L.Kernel:
    """``kernel`` with every loop's invariant, in-bounds loads of read-only buffers read before it."""
    written = _written(kernel.body)
    shapes = {b.name: b.shape for b in kernel.params if b.name not in written}
    hoister = _Hoister(shapes, frozenset(kernel.shape_params))
    return replace(kernel, body=hoister.block(kernel.body, {}))


class _Hoister:
    def __init__(self, readonly_shapes: dict, shape_params: frozenset):
        self.shapes = readonly_shapes
        self.shape_params = shape_params

    def block(self, body: tuple, ranges: dict) -> tuple:
        """``ranges``: each enclosing loop's variable -> (first, last) value, as dims."""
        out: list = []
        for st in body:
            t = type(st)
            if t is L.For:
                inner = {**ranges, st.var: _range(st)}
                loop = replace(st, body=self.block(st.body, inner))
                # A parallel loop's iterations are split across threads (``lower.split_loop``
                # wants it alone in the kernel body): what it reads stays inside.
                lets, loop = self.hoist(loop, ranges) if not loop.parallel else ([], loop)
                out += lets
                out.append(loop)
            elif t is L.If:
                out.append(L.If(st.cond, self.block(st.then, ranges), self.block(st.orelse, ranges)))
            elif t is L.While:
                out.append(L.While(st.cond, self.block(st.body, ranges)))
            else:
                out.append(st)
        return tuple(out)

    def hoist(self, loop: L.For, ranges: dict) -> tuple[list, L.For]:
        found: dict = {}
        for load in _loads(loop.body):
            if load not in found and self.movable(load, ranges):
                found[load] = fresh_name(f"{load.buffer.hint}_elem")
        if not found:
            return [], loop
        lets = [L.Let(name, load.dtype, load) for load, name in found.items()]
        replaced = {load: L.Var(name, load.dtype) for load, name in found.items()}
        return lets, replace(loop, body=_replace_stmts(loop.body, replaced))

    def movable(self, load: L.Load, ranges: dict) -> bool:
        shape = self.shapes.get(load.buffer)
        if shape is None:
            return False
        for index, size in zip(load.indices, shape):
            bounds = self.bounds(index, ranges)
            if bounds is None or not _at_least(bounds[0], 0) or not _at_least(dims.sub(size, bounds[1]), 1):
                return False
        return True

    def bounds(self, e: L.Expr, ranges: dict):
        """(least, greatest) value of an index expression as dims, or None when not known."""
        t = type(e)
        if t is L.Const and type(e.value) is int:
            return e.value, e.value
        if t is L.Var:
            return ranges.get(e.name)
        if t is L.Binary and e.op in ("add", "sub"):
            a, b = self.bounds(e.lhs, ranges), self.bounds(e.rhs, ranges)
            if a is None or b is None:
                return None
            if e.op == "add":
                return dims.add(a[0], b[0]), dims.add(a[1], b[1])
            return dims.sub(a[0], b[1]), dims.sub(a[1], b[0])
        return None


def _range(loop: L.For):
    """(first, last) value of the loop's variable when the loop runs, as dims, or None."""
    start, stop = _dim(loop.start), _dim(loop.stop)
    if start is None or stop is None:
        return None
    # the last value is start + k*step < stop: at most stop - 1
    return start, dims.sub(stop, 1)


def _dim(e: L.Expr):
    """An i64 expression over constants and shape parameters as a dim, or None."""
    t = type(e)
    if t is L.Const and type(e.value) is int:
        return e.value
    if t is L.Var:
        return dim_of(e.name)
    if t is L.Binary and e.op in ("add", "sub", "mul"):
        a, b = _dim(e.lhs), _dim(e.rhs)
        if a is None or b is None:
            return None
        return {"add": dims.add, "sub": dims.sub, "mul": dims.mul}[e.op](a, b)
    return None


def _at_least(d, low: int) -> bool:
    """Whether the dim ``d`` is provably >= ``low`` (a constant difference: ``n - (n - 1)``)."""
    return type(d) is int and d >= low


def _written(body: tuple) -> set[Name]:
    out: set = set()
    for st in body:
        if type(st) is L.Store:
            out.add(st.buffer)
        for nested in L.nested_bodies(st):
            out |= _written(nested)
    return out


def _loads(body: tuple):
    for st in body:
        for part in _stmt_exprs(st):
            yield from _expr_loads(part)
        for nested in L.nested_bodies(st):
            yield from _loads(nested)


def _stmt_exprs(st) -> tuple:
    t = type(st)
    if t is L.For:
        return (st.start, st.stop)
    if t is L.Let or t is L.Assign:
        return (st.value,)
    if t is L.Store:
        return (*st.indices, st.value)
    if t is L.If or t is L.While:
        return (st.cond,)
    return ()


def _expr_loads(e: L.Expr):
    if type(e) is L.Load:
        yield e
    for part in e.scoped_parts():
        if type(part) in _EXPRS:
            yield from _expr_loads(part)


def _replace_expr(e: L.Expr, replaced: dict) -> L.Expr:
    hit = replaced.get(e) if type(e) is L.Load else None
    if hit is not None:
        return hit
    if type(e) in (L.Const, L.Var):
        return e
    return e.with_parts(tuple(_replace_expr(p, replaced) if type(p) in _EXPRS else p for p in e.scoped_parts()))


def _replace_stmts(body: tuple, replaced: dict) -> tuple:
    out = []
    for st in body:
        t = type(st)
        if t is L.For:
            out.append(replace(st, start=_replace_expr(st.start, replaced), stop=_replace_expr(st.stop, replaced),
                               body=_replace_stmts(st.body, replaced)))
        elif t is L.Let or t is L.Assign:
            out.append(replace(st, value=_replace_expr(st.value, replaced)))
        elif t is L.Store:
            out.append(replace(st, indices=tuple(_replace_expr(i, replaced) for i in st.indices),
                               value=_replace_expr(st.value, replaced)))
        elif t is L.If:
            out.append(L.If(_replace_expr(st.cond, replaced), _replace_stmts(st.then, replaced),
                            _replace_stmts(st.orelse, replaced)))
        elif t is L.While:
            out.append(L.While(_replace_expr(st.cond, replaced), _replace_stmts(st.body, replaced)))
        else:
            out.append(st)
    return tuple(out)


_EXPRS = (L.Const, L.Var, L.Load, L.Binary, L.Unary, L.Compare, L.Select, L.Call, L.Cast)
