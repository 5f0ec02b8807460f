"""Lowering graph ops to the loop level: each graph op, and each primitive (fused) function, becomes
one kernel; the graph binding becomes a ``call_kernel`` of it (destination-passing style).

A group is lowered by *composing element functions* (Halide/TVM's ``compute_inline``): the kernel
loops over the root's output index and asks for the root's element there; an elementwise op asks
for its arguments' elements at the broadcast index, an injective op at the remapped index, a
reduction emits an accumulator loop and asks for its argument inside it, a function parameter is a
``Load``. Fusion's rules guarantee each reduction in a group is evaluated once per element it
produces, so composing never repeats a reduction.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from shapecheck.constraints import dims
from shapecheck.subst import Scope, free_vars
from shapecheck.subst.names import Name

from .. import graph as G
from .. import loops as L
from ..ops import NUMPY_DTYPES, OPS
from .rows import RowDomain, member_class, row_groups

__all__ = ["lower_to_loops", "kernel_for"]


def lower_to_loops(module: G.Module) -> G.Module:
    """Every graph op and primitive-function call in non-primitive functions -> a kernel call."""
    # A primitive function's kernel takes over its name (the function goes away).
    taken = {f.name for f in module.functions if not f.primitive} | {k.name for k in module.kernels}
    kernels = list(module.kernels)
    prims = {f.name: f for f in module.functions if f.primitive}
    made: dict[str, str] = {}   # primitive function -> its kernel
    functions = []
    for f in module.functions:
        if f.primitive:
            continue
        types = {p.name: p.type for p in f.params}
        out = []
        for b in f.body.bindings:
            types[b.var] = b.type
            v = b.value
            if type(v) is G.CallFunc and v.func in prims:
                if v.func not in made:
                    p = prims[v.func]
                    kname = _unique(p.name, taken)
                    kernels.append(_primitive_kernel(kname, p))
                    made[v.func] = kname
                out.append(G.Binding(b.var, b.type, G.CallKernel(made[v.func], v.args)))
            elif type(v) is G.OpCall and v.op in OPS and type(b.type) is G.TensorType:
                params = tuple(G.Param(a, types[a]) for a in dict.fromkeys(v.args))
                # The output's shape variables too (``broadcast_to(c) {shape=(n,)}`` of a 0-d ``c``).
                shape_vars = {n for t in (*(p.type for p in params), b.type) for n in free_vars(t)}
                shape_params = tuple(sorted(shape_vars, key=lambda n: n.id))
                kname = _unique(v.op, taken)
                kernels.append(kernel_for(kname, shape_params, params, (b,), b.var, b.type))
                out.append(G.Binding(b.var, b.type, G.CallKernel(kname, tuple(p.name for p in params))))
            else:
                out.append(b)
        functions.append(replace(f, body=G.Block(tuple(out), f.body.result)))
    return G.Module(tuple(functions), tuple(kernels))


def _primitive_kernel(name: str, p: G.Function) -> L.Kernel:
    """A primitive function's kernel: a row kernel when its body is one row group (``rows.py``),
    else the composed element function of its result."""
    groups = row_groups(p)
    ops = [x for x in p.body.bindings if type(x.value) is G.OpCall]
    if len(groups) == 1 and len(groups[0].members) == len(ops):
        (group,) = groups
        outputs = tuple(p.body.bindings[i] for i in group.outputs)
        return row_kernel_for(name, p.shape_params, p.params, p.body.bindings, outputs, group.domain)
    if type(p.ret) is not G.TensorType:
        raise NotImplementedError(f"@{p.name}: a multi-output primitive function that is not a row group")
    return kernel_for(name, p.shape_params, p.params, p.body.bindings, p.body.result, p.ret)


def _unique(stem: str, taken: set[str]) -> str:
    name, k = stem, 0
    while name in taken:
        k += 1
        name = f"{stem}_{k}"
    taken.add(name)
    return name


def kernel_for(name: str, shape_params: tuple[Name, ...], params: tuple[G.Param, ...],
               bindings: tuple[G.Binding, ...], root: Name, root_type: G.TensorType) -> L.Kernel:
    """The kernel computing ``root`` from ``params`` through ``bindings`` (a group)."""
    buffers = [L.Buffer(p.name, p.type.dtype, p.type.shape) for p in params]
    out = L.Buffer(root, root_type.dtype, root_type.shape, output=True)
    b = _Builder({x.var: x for x in bindings}, {p.name: p.type for p in params},
                 Scope.of([*shape_params, *(p.name for p in params), root]))
    idx = []
    loops = []
    for axis, d in enumerate(root_type.shape):
        var = b.fresh(_LOOP_HINTS[axis] if axis < len(_LOOP_HINTS) else "i")
        idx.append(L.Var(var, L.INDEX))
        loops.append((var, d))
    stmts, value = b.element(root, idx)
    body: tuple = (*stmts, L.Store(root, tuple(idx), value))
    for var, d in reversed(loops):
        body = (L.For(var, L.Const(0, L.INDEX), L.dim_to_expr(d), 1, body, parallel=True),)
    return L.Kernel(name, tuple(shape_params), (*buffers, out), body)


_LOOP_HINTS = ("i", "j", "l", "m", "p", "q")  # k is the contraction index


class _Builder:
    def __init__(self, bindings: dict, inputs: dict, scope: Scope):
        self.bindings = bindings
        self.inputs = inputs
        self.scope = scope
        # Row kernels (``_row_kernel``): values already computed for the current row, and the
        # full-shape members computed once per element of the current inner loop (name -> Var).
        self.ready: dict[Name, L.Expr] = {}
        self.memo: dict[Name, L.Expr] | None = None

    def fresh(self, hint: str) -> Name:
        name, self.scope = self.scope.bind_fresh(hint)
        return name

    def type_of(self, name: Name) -> G.TensorType:
        return self.inputs[name] if name in self.inputs else self.bindings[name].type

    def element(self, name: Name, idx: list) -> tuple[list, L.Expr]:
        """Statements to run, then the expression of element ``idx`` of ``name``."""
        if name in self.ready:
            return [], self.ready[name]
        if self.memo is None or name not in self.bindings:
            return self.compose(name, idx)
        if name not in self.memo:
            stmts, value = self.compose(name, idx)
            var = self.fresh(name.hint)
            self.memo[name] = L.Var(var, value.dtype)
            return [*stmts, L.Let(var, value.dtype, value)], self.memo[name]
        return [], self.memo[name]

    def compose(self, name: Name, idx: list) -> tuple[list, L.Expr]:
        """``element`` by composing the element functions of ``name``'s op and its arguments."""
        if name in self.inputs:
            return [], L.Load(name, tuple(idx), self.inputs[name].dtype)
        b = self.bindings[name]
        v = b.value
        row = OPS[v.op]
        attrs = dict(v.attrs)
        if row.kind in ("elementwise", "const"):
            stmts, exprs = [], []
            for a in v.args:
                s, e = self.element(a, _broadcast_index(self.type_of(a).shape, b.type.shape, idx))
                stmts += s
                exprs.append(e)
            return stmts, row.scalar(exprs, attrs)
        if v.op == "pad":
            return self.pad(v.args[0], attrs, idx, b.type.dtype)
        if row.kind == "injective":
            (arg,) = v.args
            return self.element(arg, _INJECTIVE[v.op](idx, self.type_of(arg), b.type, attrs))
        if row.kind == "reduce":
            return self.reduction(v.op, v.args[0], attrs, idx, b.type.dtype)
        if row.kind == "contract":
            return self.matmul(v.args, idx, b.type)
        raise NotImplementedError(f"no loop lowering for {v.op}")

    def pad(self, arg: Name, attrs: dict, idx: list, dtype: str) -> tuple[list, L.Expr]:
        """``pad``: element ``j`` is ``x[i]`` where ``j = begin + step*i`` on every axis, else 0.
        Both sides of the select are evaluated, so the load's index is clamped into range."""
        t = self.type_of(arg)
        inside: L.Expr | None = None
        arg_idx = []
        for j, begin, step, size in zip(idx, attrs["begin"], attrs["step"], t.shape):
            begin = L.dim_to_expr(begin)
            offset = L.Binary("sub", j, begin) if step > 0 else L.Binary("sub", begin, j)
            span = L.Binary("mul", L.Const(abs(step), L.INDEX), L.dim_to_expr(size))
            tests = [L.Compare("ge", offset, L.Const(0, L.INDEX)), L.Compare("lt", offset, span)]
            if abs(step) != 1:
                tests.append(L.Compare("eq", L.Binary("mod", offset, L.Const(abs(step), L.INDEX)),
                                       L.Const(0, L.INDEX)))
            for test in tests:
                inside = test if inside is None else L.Binary("and", inside, test)
            i = L.Binary("floordiv", L.Call("maximum", (offset, L.Const(0, L.INDEX))), L.Const(abs(step), L.INDEX))
            last = L.Binary("sub", L.dim_to_expr(size), L.Const(1, L.INDEX))
            arg_idx.append(L.Call("minimum", (i, last)))
        stmts, value = self.element(arg, arg_idx)
        if inside is None:   # 0-d: pad is the identity
            return stmts, value
        return stmts, L.Select(inside, value, L.Const(0.0 if dtype in L.FLOAT_DTYPES else 0, dtype))

    def reduction(self, op: str, arg: Name, attrs: dict, idx: list, dtype: str) -> tuple[list, L.Expr]:
        t = self.type_of(arg)
        axes, keep = attrs["axes"], attrs.get("keepdims", False)
        outer = iter(idx)
        inner_idx, loops = [], []
        for axis in range(t.rank):
            if axis in axes:
                var = self.fresh("r")
                loops.append((var, t.shape[axis]))
                inner_idx.append(L.Var(var, L.INDEX))
                if keep:
                    next(outer)
            else:
                inner_idx.append(next(outer))
        acc = self.fresh("acc")
        stmts, value = self.element(arg, inner_idx)
        current = L.Var(acc, dtype)
        body: tuple = (*stmts, L.Assign(acc, _combine(op, current, value)))
        for var, d in reversed(loops):
            body = (L.For(var, L.Const(0, L.INDEX), L.dim_to_expr(d), 1, body),)
        result = _finish(op, current, [t.shape[a] for a in axes])
        return [L.Let(acc, dtype, _identity(op, dtype)), *body], result

    def matmul(self, args, idx: list, out: G.TensorType) -> tuple[list, L.Expr]:
        a_name, b_name = args
        a, b = self.type_of(a_name), self.type_of(b_name)
        nb = out.rank - (a.rank >= 2) - (b.rank >= 2)
        batch = idx[:nb]
        i = idx[nb] if a.rank >= 2 else None
        j = idx[nb + (a.rank >= 2)] if b.rank >= 2 else None
        kvar = self.fresh("k")
        k = L.Var(kvar, L.INDEX)
        out_batch = out.shape[:nb]
        a_idx = _broadcast_index(a.shape[:-2], out_batch, batch) + [i, k] if a.rank >= 2 else [k]
        b_idx = _broadcast_index(b.shape[:-2], out_batch, batch) + [k, j] if b.rank >= 2 else [k]
        sa, ea = self.element(a_name, a_idx)
        sb, eb = self.element(b_name, b_idx)
        acc = self.fresh("acc")
        current = L.Var(acc, out.dtype)
        loop = L.For(kvar, L.Const(0, L.INDEX), L.dim_to_expr(a.shape[-1]), 1,
                     (*sa, *sb, L.Assign(acc, L.Binary("add", current, L.Binary("mul", ea, eb)))))
        return [L.Let(acc, out.dtype, _identity("sum", out.dtype)), loop], current


def _combine(op: str, current: L.Var, value: L.Expr) -> L.Expr:
    """One step of reduction ``op``: the accumulator updated with ``value``."""
    if op in ("sum", "mean"):
        return L.Binary("add", current, value)
    return L.Call("maximum" if op == "max" else "minimum", (current, value))


def _finish(op: str, current: L.Var, reduced: list) -> L.Expr:
    """The reduction's result from its accumulator (``mean`` divides by the reduced count)."""
    if op != "mean":
        return current
    dtype = current.dtype
    count = L.Cast(dtype, L.dim_to_expr(dims.product(reduced)))
    return L.Binary("div" if dtype in L.FLOAT_DTYPES else "floordiv", current, count)


def _identity(op: str, dtype: str) -> L.Const:
    if op in ("sum", "mean"):
        return L.Const(0.0 if dtype in L.FLOAT_DTYPES else 0, dtype)
    sign = -1 if op == "max" else 1
    if dtype in L.FLOAT_DTYPES:
        return L.Const(sign * math.inf, dtype)
    info = np.iinfo(NUMPY_DTYPES[dtype])
    return L.Const(int(info.min if op == "max" else info.max), dtype)


def _broadcast_index(arg_shape: tuple, out_shape: tuple, idx: list) -> list:
    """NumPy broadcasting, read backwards: the argument's index for output index ``idx``."""
    offset = len(out_shape) - len(arg_shape)
    return [L.Const(0, L.INDEX) if d == 1 and out_shape[k + offset] != 1 else idx[k + offset]
            for k, d in enumerate(arg_shape)]


def _strides(shape: tuple) -> list:
    out, acc = [], 1
    for d in reversed(shape):
        out.append(acc)
        acc = dims.mul(acc, d)
    return list(reversed(out))


def _reshape_index(idx, arg: G.TensorType, out: G.TensorType, attrs) -> list:
    linear: L.Expr = L.Const(0, L.INDEX)
    for i, s in zip(idx, _strides(out.shape)):
        linear = L.Binary("add", linear, L.Binary("mul", i, L.dim_to_expr(s)))
    result = []
    for axis, (d, s) in enumerate(zip(arg.shape, _strides(arg.shape))):
        e = L.Binary("floordiv", linear, L.dim_to_expr(s))
        result.append(e if axis == 0 else L.Binary("mod", e, L.dim_to_expr(d)))
    return result


def _transpose_index(idx, arg, out, attrs) -> list:
    result = [None] * arg.rank
    for k, a in enumerate(attrs["axes"]):
        result[a] = idx[k]
    return result


def _slice_index(idx, arg, out, attrs) -> list:
    return [L.Binary("add", L.dim_to_expr(b), L.Binary("mul", i, L.Const(st, L.INDEX)))
            for i, b, st in zip(idx, attrs["begin"], attrs["step"])]


_INJECTIVE = {"reshape": _reshape_index, "transpose": _transpose_index, "slice": _slice_index}



# --- row kernels (``rows.py``): a reduction group per row block ----------------------------------

_EXPENSIVE = frozenset({"exp", "log", "sin", "cos", "tan", "tanh", "log1p", "expm1", "pow", "erf", "arcsin", "arccos",
                        "arctan", "sinh", "cosh", "arcsinh", "arccosh", "arctanh", "log2", "log10", "exp2", "cbrt",
                        "arctan2", "hypot"})


def row_kernel_for(name: str, shape_params: tuple[Name, ...], params: tuple[G.Param, ...],
                   bindings: tuple[G.Binding, ...], outputs: tuple[G.Binding, ...], domain: RowDomain) -> L.Kernel:
    """The kernel of a row group: one (parallel) iteration per row; in it, one inner loop per
    level of reductions (independent reductions share a loop, each with its accumulator), the
    row values bound once as they become known, then one loop storing the full-shape outputs.

    A full-shape intermediate that is costly (a transcendental) and needed both by a reduction
    and by a full output is stored in that output's buffer by the loop that first computes it and
    loaded back (from cache) afterwards, as hand-written softmax keeps ``exp(x - max)``."""
    members = [x for x in bindings if type(x.value) is G.OpCall]
    types = {p.name: p.type for p in params} | {x.var: x.type for x in members}
    classes = {x.var: member_class(x, domain, types) for x in members}
    outs = [L.Buffer(o.var, o.type.dtype, o.type.shape, output=True) for o in outputs]
    b = _Builder({x.var: x for x in members}, {p.name: p.type for p in params},
                 Scope.of([*shape_params, *(p.name for p in params), *(o.var for o in outputs)]))
    outer = [L.Var(b.fresh(_LOOP_HINTS[k] if k < len(_LOOP_HINTS) else "i"), L.INDEX) for k in range(len(domain.outer))]

    def row_index(t: G.TensorType) -> list:
        # Keepdims (outer + ones), outer only, or a 0-d value.
        return outer + [L.Const(0, L.INDEX)] * (t.rank - len(outer)) if t.rank else []

    available, loop_of = {}, {}   # member -> loops to run before it is known; reduction -> its loop
    for x in members:
        level = max((available.get(a, 0) for a in x.value.args), default=0)
        if OPS[x.value.op].kind == "reduce":
            loop_of[x.var] = level
            level += 1
        available[x.var] = level
    cached = _cached_in_outputs(members, outputs, classes, loop_of)
    stored: dict[Name, Name] = {}   # cached member -> output buffer holding it for this row
    stmts: list = []

    def bind_row_values(level: int) -> None:
        for x in members:
            if classes[x.var] == "row" and OPS[x.value.op].kind not in ("reduce", "const") \
                    and available[x.var] == level and x.var not in b.ready:
                s, e = b.element(x.var, row_index(x.type))
                var = b.fresh(x.var.hint)
                stmts.extend([*s, L.Let(var, e.dtype, e)])
                b.ready[x.var] = L.Var(var, e.dtype)

    def inner_loop(body_of) -> None:
        inner = [b.fresh("r") for _ in domain.inner]
        idx = outer + [L.Var(v, L.INDEX) for v in inner]
        b.memo = {m: L.Load(out, tuple(idx), types[m].dtype) for m, out in stored.items()}
        body: tuple = tuple(body_of(idx))
        b.memo = None
        for var, d in reversed(list(zip(inner, domain.inner))):
            body = (L.For(var, L.Const(0, L.INDEX), L.dim_to_expr(d), 1, body),)
        stmts.extend(body)

    for loop in range(max(loop_of.values()) + 1):
        bind_row_values(loop)
        reductions = [x for x in members if loop_of.get(x.var) == loop]
        accs = [L.Var(b.fresh("acc"), x.type.dtype) for x in reductions]
        stmts.extend(L.Let(acc.name, acc.dtype, _identity(x.value.op, acc.dtype)) for x, acc in zip(reductions, accs))

        def reduce_body(idx, reductions=reductions, accs=accs) -> list:
            body: list = []
            for x, acc in zip(reductions, accs):
                s, e = b.element(x.value.args[0], idx)
                body.extend([*s, L.Assign(acc.name, _combine(x.value.op, acc, e))])
            for m, out in cached.items():
                if m in b.memo and m not in stored:
                    body.append(L.Store(out, tuple(idx), b.memo[m]))
                    stored[m] = out
            return body
        inner_loop(reduce_body)
        for x, acc in zip(reductions, accs):
            result = _finish(x.value.op, acc, list(domain.inner))
            if result is not acc:   # a mean: divide once per row
                var = b.fresh(x.var.hint)
                stmts.append(L.Let(var, acc.dtype, result))
                result = L.Var(var, acc.dtype)
            b.ready[x.var] = result
    bind_row_values(max(loop_of.values()) + 1)
    for o in outputs:
        if classes[o.var] == "row":
            s, e = b.element(o.var, row_index(o.type))
            stmts.extend([*s, L.Store(o.var, tuple(row_index(o.type)), e)])
    full = [o for o in outputs if classes[o.var] == "full"]

    def store_body(idx) -> list:
        # Every value first, then the stores: an output may hold a cached value another reads.
        body, values = [], []
        for o in full:
            s, e = b.element(o.var, idx)
            body.extend(s)
            values.append(e)
        return body + [L.Store(o.var, tuple(idx), e) for o, e in zip(full, values)]
    if full:
        inner_loop(store_body)
    body: tuple = tuple(stmts)
    for var, d in reversed(list(zip(outer, domain.outer))):
        body = (L.For(var.name, L.Const(0, L.INDEX), L.dim_to_expr(d), 1, body, parallel=True),)
    buffers = [L.Buffer(p.name, p.type.dtype, p.type.shape) for p in params]
    return L.Kernel(name, tuple(shape_params), (*buffers, *outs), body)


def _cached_in_outputs(members, outputs, classes, loop_of) -> dict[Name, Name]:
    """Costly full-shape members needed by a reduction and by a full output -> the output buffer
    (of the same type) that keeps them between the loops of a row; the costliest first."""
    by_var = {x.var: x for x in members}

    def full_closure(root: Name) -> set[Name]:
        seen, todo = set(), [root]
        while todo:
            n = todo.pop()
            if n in seen or n not in by_var or classes[n] != "full":
                continue
            seen.add(n)
            todo.extend(by_var[n].value.args)
        return seen

    def cost(n: Name) -> int:
        return sum(by_var[m].value.op in _EXPENSIVE for m in full_closure(n))

    reduced = set().union(*(full_closure(by_var[r].value.args[0]) for r in loop_of))
    chosen: dict[Name, Name] = {}
    for o in outputs:
        if classes[o.var] != "full":
            continue
        options = [m for m in full_closure(o.var) & reduced
                   if m != o.var and m not in chosen and by_var[m].type == o.type and cost(m) > 0]
        if options:
            chosen[max(options, key=lambda m: (cost(m), -m.id))] = o.var
    return chosen
