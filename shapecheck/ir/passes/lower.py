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
                    kernels.append(kernel_for(kname, p.shape_params, p.params, p.body.bindings, p.body.result, p.ret))
                    made[v.func] = kname
                out.append(G.Binding(b.var, b.type, G.CallKernel(made[v.func], v.args)))
            elif type(v) is G.OpCall and v.op in OPS and type(b.type) is G.TensorType:
                params = tuple(G.Param(a, types[a]) for a in dict.fromkeys(v.args))
                shape_params = tuple(sorted({n for p in params for n in free_vars(p.type)}, key=lambda n: n.id))
                kname = _unique(v.op, taken)
                kernels.append(kernel_for(kname, shape_params, params, (b,), b.var, b.type))
                out.append(G.Binding(b.var, b.type, G.CallKernel(kname, tuple(p.name for p in params))))
            else:
                out.append(b)
        functions.append(replace(f, body=G.Block(tuple(out), f.body.result)))
    return G.Module(tuple(functions), tuple(kernels))


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

    def fresh(self, hint: str) -> Name:
        name, self.scope = self.scope.bind_fresh(hint)
        return name

    def type_of(self, name: Name) -> G.TensorType:
        return self.inputs[name] if name in self.inputs else self.bindings[name].type

    def element(self, name: Name, idx: list) -> tuple[list, L.Expr]:
        """Statements to run, then the expression of element ``idx`` of ``name``."""
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
        combined = L.Binary("add", current, value) if op in ("sum", "mean") else \
            L.Call("maximum" if op == "max" else "minimum", (current, value))
        body: tuple = (*stmts, L.Assign(acc, combined))
        for var, d in reversed(loops):
            body = (L.For(var, L.Const(0, L.INDEX), L.dim_to_expr(d), 1, body),)
        result: L.Expr = current
        if op == "mean":
            count = L.Cast(dtype, L.dim_to_expr(dims.product(t.shape[a] for a in axes)))
            result = L.Binary("div" if dtype in L.FLOAT_DTYPES else "floordiv", current, count)
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

