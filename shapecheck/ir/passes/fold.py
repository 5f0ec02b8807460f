"""Constant folding: of shape arithmetic, of ops that become no-ops once shapes are known, and of
loop-level arithmetic.

Graph level (after specialization most dims are ints, and dims renormalise on substitution):
  * an item of a tuple built in the same function (``get(tuple(a, b), 1)`` is ``b``);
  * ``reshape`` or ``broadcast_to`` to the same shape, identity ``transpose``, whole-axis ``slice``, ``cast`` to the
    same dtype: the binding becomes an alias of its argument;
  * ``match_shape`` of a value whose type already fixes the pattern: each shape variable it binds
    is substituted by the known dim (through ``Subst``) and the binding becomes an alias;
  * elementwise ops on 0-d constants: computed (with NumPy, in the op's dtype) into a constant.
Loop level: integer arithmetic on constants, ``x+0``, ``x*1``, ``x*0`` (ints only: floats keep NaN
and -0.0 semantics), comparisons and selects of constants, casts of constants.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from shapecheck.subst import Scope, Subst, free_vars, substitute
from shapecheck.subst.dimterms import dim_of

from .. import graph as G
from .. import loops as L
from ..ops import NUMPY_DTYPES, OPS
from .rewrite import BlockWalk, map_functions

__all__ = ["fold", "fold_kernel"]


def _alias_target(b: G.Binding, value: G.Value, types) -> object:
    """The name ``b`` aliases once folded, or None."""
    if type(value) is G.OpCall and len(value.args) == 1:
        arg_type = types.get(value.args[0])
        if type(arg_type) is not G.TensorType:
            return None
        op = value.op
        if op == "reshape" and tuple(value.attr("shape")) == arg_type.shape:
            return value.args[0]
        if op == "transpose" and tuple(value.attr("axes")) == tuple(range(arg_type.rank)):
            return value.args[0]
        if op == "broadcast_to" and tuple(value.attr("shape")) == arg_type.shape:
            return value.args[0]
        if op == "cast" and value.attr("dtype") == arg_type.dtype:
            return value.args[0]
        if op == "slice" and all(bg == 0 and st == 1 and sz == d for bg, st, sz, d in
                                 zip(value.attr("begin"), value.attr("step"), value.attr("size"), arg_type.shape)):
            return value.args[0]
    return None


def _function(f: G.Function) -> G.Function:
    walk = BlockWalk(f)
    consts: dict = {}   # output name -> (value, dtype) of a const binding
    tuples: dict = {}   # output name -> the items of a tuple binding
    for b in f.body.bindings:
        value = walk.value(b)
        target = _alias_target(b, value, walk.types)
        if type(value) is G.GetItem and value.value in tuples:
            target = tuples[value.value][value.index]
        if target is not None:
            walk.alias(b, target)
            continue
        if type(value) is G.MatchShape and _match_known(b, walk, value):
            walk.alias(b, value.value)
            continue
        if type(value) is G.OpCall and value.args and OPS.get(value.op) and OPS[value.op].kind == "elementwise" \
                and all(a in consts for a in value.args) and type(b.type) is G.TensorType and b.type.rank == 0:
            dtype = b.type.dtype
            with np.errstate(all="ignore"):
                result = OPS[value.op].numpy([np.asarray(consts[a][0], NUMPY_DTYPES[consts[a][1]])
                                              for a in value.args], dict(value.attrs))
            scalar = np.asarray(result, NUMPY_DTYPES[dtype]).item()
            value = G.OpCall("const", (), (("dtype", dtype), ("value", scalar)))
        kept = walk.keep(b, value)
        if type(value) is G.MakeTuple:
            tuples[kept.var] = value.items
        if type(value) is G.OpCall and value.op == "const":
            consts[kept.var] = (value.attr("value"), value.attr("dtype"))
    return walk.finish()


def _match_known(b: G.Binding, walk: BlockWalk, value: G.MatchShape) -> bool:
    """When the matched value's type decides every dim of the pattern, bind and drop the match."""
    actual = walk.types.get(value.value)
    if type(actual) is not G.TensorType or type(b.type) is not G.TensorType or actual.rank != b.type.rank:
        return False
    bound = {}
    for pattern, known in zip(b.type.shape, actual.shape):
        for n in b.binds:
            if pattern == dim_of(n) and n not in bound:
                bound[n] = known
    if set(bound) != set(b.binds):
        return False
    # Every other pattern dim must then equal the known dim, syntactically.
    pattern_type = substitute(b.type, Subst.of(bound, Scope.of(free_vars(b.type))))
    if pattern_type != actual:
        return False
    for n, d in bound.items():
        walk.bind_shape(n, d)
    return True


# --- loop level ------------------------------------------------------------------------------

def _is_const(e, value=None) -> bool:
    return type(e) is L.Const and (value is None or e.value == value)


def fold_expr(e: L.Expr) -> L.Expr:
    t = type(e)
    if t in (L.Const, L.Var):
        return e
    e = e.with_parts(tuple(fold_expr(p) if type(p) in _EXPRS else p for p in e.scoped_parts()))
    t = type(e)
    if t is L.Binary:
        a, b = e.lhs, e.rhs
        ints = e.dtype in L.INT_DTYPES
        if _is_const(a) and _is_const(b) and ints and e.op in _INT_OPS and not (e.op in ("floordiv", "mod") and b.value == 0):
            return L.Const(_INT_OPS[e.op](a.value, b.value), e.dtype)
        if ints and e.op == "add":
            if _is_const(a, 0):
                return b
            if _is_const(b, 0):
                return a
        if ints and e.op == "sub" and _is_const(b, 0):
            return a
        if ints and e.op == "mul":
            if _is_const(a, 1):
                return b
            if _is_const(b, 1):
                return a
            if _is_const(a, 0) or _is_const(b, 0):
                return L.Const(0, e.dtype)
        if ints and e.op in ("floordiv",) and _is_const(b, 1):
            return a
        if ints and e.op == "mod" and _is_const(b, 1):
            return L.Const(0, e.dtype)
    if t is L.Compare and _is_const(e.lhs) and _is_const(e.rhs) and e.lhs.dtype in L.INT_DTYPES:
        return L.Const(bool(_CMP[e.op](e.lhs.value, e.rhs.value)), "bool")
    if t is L.Select and _is_const(e.cond):
        return e.if_true if e.cond.value else e.if_false
    if t is L.Cast and _is_const(e.value):
        return L.Const(np.asarray(e.value.value).astype(NUMPY_DTYPES[e.dtype]).item(), e.dtype)
    return e


_EXPRS = (L.Const, L.Var, L.Load, L.Binary, L.Unary, L.Compare, L.Select, L.Call, L.Cast)
_INT_OPS = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
            "floordiv": lambda a, b: a // b, "mod": lambda a, b: a % b,
            "and": lambda a, b: a and b, "or": lambda a, b: a or b, "div": lambda a, b: a / b,
            # two's complement both ways: Python's & | ^ of in-range ints stay in range (shifts are not folded)
            "bitand": lambda a, b: a & b, "bitor": lambda a, b: a | b, "bitxor": lambda a, b: a ^ b}
_CMP = {"lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b,
        "ge": lambda a, b: a >= b, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b}


def _fold_stmts(body: tuple) -> tuple:
    out = []
    for st in body:
        t = type(st)
        if t is L.For:
            start, stop = fold_expr(st.start), fold_expr(st.stop)
            if _is_const(start) and _is_const(stop) and start.value >= stop.value:
                continue  # a loop that never runs
            out.append(replace(st, start=start, stop=stop, body=_fold_stmts(st.body)))
        elif t is L.Let or t is L.Assign:
            out.append(replace(st, value=fold_expr(st.value)))
        elif t is L.Store:
            out.append(replace(st, indices=tuple(fold_expr(i) for i in st.indices), value=fold_expr(st.value)))
        elif t is L.If:
            out.append(L.If(fold_expr(st.cond), _fold_stmts(st.then), _fold_stmts(st.orelse)))
        elif t is L.While:
            out.append(L.While(fold_expr(st.cond), _fold_stmts(st.body)))
        else:
            out.append(st)
    return tuple(out)


def fold_kernel(k: L.Kernel) -> L.Kernel:
    return replace(k, body=_fold_stmts(k.body))


def fold(module: G.Module) -> G.Module:
    """Fold shapes and constants in every function and kernel."""
    folded = map_functions(module, _function)
    return replace(folded, kernels=tuple(fold_kernel(k) for k in folded.kernels))
