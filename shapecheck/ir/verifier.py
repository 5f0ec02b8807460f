"""The verifier: well-scoped names, unique binders, and types that agree with the op rules.

Dims are compared by normal form first and by the constraint layer's Z3 solver (every shape
variable >= 0) when normalisation cannot decide. ``verify`` raises :class:`VerifyError` listing
every problem found; ``problems`` returns them.
"""

from __future__ import annotations

from shapecheck.constraints import dims
from shapecheck.constraints.predicates import Pred, eq
from shapecheck.constraints.solver import Solver, Verdict
from shapecheck.subst import free_vars
from shapecheck.subst.names import Name
from shapecheck.subst.syntax import Bind, is_syntax

from . import graph as G
from . import loops as L
from .calls import CallShapeError, instantiate, shape_arguments
from .ops import IRTypeError, infer_type
from .printer import Namer, show_type

__all__ = ["verify", "problems", "VerifyError", "make_prover", "same_type"]


class VerifyError(ValueError):
    pass


def make_prover(solver: Solver | None = None):
    solver = solver or Solver()

    def prove(p: Pred) -> bool:
        if p.kind in ("true", "false"):
            return p.kind == "true"
        return solver.decide([], p).verdict is Verdict.HOLDS
    return prove


def same_type(a: G.Type, b: G.Type, prove) -> bool:
    if type(a) is not type(b):
        return False
    if type(a) is G.TupleType:
        return len(a.items) == len(b.items) and all(same_type(x, y, prove) for x, y in zip(a.items, b.items))
    return (a.dtype == b.dtype and a.rank == b.rank
            and all(x == y or prove(eq(x, y)) for x, y in zip(a.shape, b.shape)))


def _show(t: G.Type) -> str:
    namer = Namer()
    for n in sorted(free_vars(t)):
        namer.bind(n)
    return show_type(t, namer)


def _binders(term, out: list) -> None:
    for part in term.scoped_parts():
        if type(part) is Bind:
            out.append(part.name)
        elif is_syntax(part):
            _binders(part, out)


def _scoping(kind: str, term, name: str) -> list[str]:
    found = []
    free = free_vars(term)
    if free:
        found.append(f"{kind} @{name}: unbound names {', '.join(sorted(n.hint for n in free))}")
    binders: list[Name] = []
    _binders(term, binders)
    seen: set[Name] = set()
    for b in binders:
        if b in seen:
            found.append(f"{kind} @{name}: %{b.hint} is bound twice")
        seen.add(b)
    return found


def problems(module: G.Module) -> list[str]:
    prove = make_prover()
    found: list[str] = []
    names = [f.name for f in module.functions] + [k.name for k in module.kernels]
    for dup in {n for n in names if names.count(n) > 1}:
        found.append(f"@{dup} is defined twice")
    for f in module.functions:
        found += _scoping("fn", f, f.name)
        found += _function(module, f, prove)
    for k in module.kernels:
        found += _scoping("kernel", k, k.name)
        found += kernel_problems(k)
    return found


def verify(module: G.Module) -> G.Module:
    """``module`` itself when it is well formed; VerifyError listing the problems otherwise."""
    found = problems(module)
    if found:
        raise VerifyError("invalid IR:\n  " + "\n  ".join(found))
    return module


def _function(module: G.Module, f: G.Function, prove) -> list[str]:
    found: list[str] = []
    where = f"fn @{f.name}"
    whole = {d for p in f.params for d in p.type.shape if type(d) is dims.Expr}
    for sp in f.shape_params:
        if dims.sym(sp.key) not in whole:
            found.append(f"{where}: shape variable {sp.hint} is not a whole dim of any parameter")
    env: dict[Name, G.Type] = {p.name: p.type for p in f.params}
    for b in f.body.bindings:
        try:
            actual = _value_type(module, b, env, prove)
        except (IRTypeError, CallShapeError, KeyError) as exc:
            found.append(f"{where}: %{b.var.hint}: {exc}")
            actual = None
        if actual is not None and not same_type(actual, b.type, prove):
            found.append(f"{where}: %{b.var.hint} is annotated {_show(b.type)} but its value has type {_show(actual)}")
        env[b.var] = b.type
    result = env.get(f.body.result)
    if result is not None and not same_type(result, f.ret, prove):
        found.append(f"{where}: returns {_show(result)} but is declared to return {_show(f.ret)}")
    return found


def _tensor(env, name: Name) -> G.TensorType:
    t = env[name]
    if type(t) is not G.TensorType:
        raise IRTypeError(f"%{name.hint} is a tuple where a tensor is needed")
    return t


def _value_type(module: G.Module, b: G.Binding, env, prove) -> G.Type | None:
    v = b.value
    t = type(v)
    if t is G.OpCall:
        return infer_type(v.op, tuple(_tensor(env, a) for a in v.args), dict(v.attrs), prove)
    if t is G.MakeTuple:
        return G.TupleType(tuple(env[a] for a in v.items))
    if t is G.GetItem:
        tup = env[v.value]
        if type(tup) is not G.TupleType or not 0 <= v.index < len(tup.items):
            raise IRTypeError(f"get {v.index} of a value of type {_show(tup)}")
        return tup.items[v.index]
    if t is G.CallFunc:
        callee = module.function(v.func)
        return _call_type(callee.shape_params, tuple(p.type for p in callee.params), callee.ret, v.args, env, prove,
                          f"@{v.func}")
    if t is G.CallKernel:
        k = module.kernel(v.kernel)
        inputs = tuple(G.TensorType(p.dtype, p.shape) for p in k.params if not p.output)
        outputs = [G.TensorType(p.dtype, p.shape) for p in k.params if p.output]
        if not outputs:
            raise IRTypeError(f"kernel @{k.name} called from the graph must have an output buffer")
        # Several output buffers (a multi-output fusion) return a tuple, in buffer order.
        ret = outputs[0] if len(outputs) == 1 else G.TupleType(tuple(outputs))
        return _call_type(k.shape_params, inputs, ret, v.args, env, prove, f"@{k.name}")
    if t is G.ExternCall:
        return None  # trusted: the escape hatch states its own type
    if t is G.MatchShape:
        value = _tensor(env, v.value)
        if type(b.type) is not G.TensorType or b.type.rank != value.rank or b.type.dtype != value.dtype:
            raise IRTypeError(f"match_shape of {_show(value)} against {_show(b.type)}: rank or dtype differs")
        for d, p in zip(value.shape, b.type.shape):
            if type(d) is int and type(p) is int and d != p:
                raise IRTypeError(f"match_shape of {_show(value)} against {_show(b.type)} always fails")
        return None
    raise IRTypeError(f"unknown value {v!r}")


def _call_type(shape_params, param_types, ret, args, env, prove, callee: str) -> G.Type:
    if len(args) != len(param_types):
        raise IRTypeError(f"{callee} takes {len(param_types)} arguments, got {len(args)}")
    arg_types = tuple(_tensor(env, a) for a in args)
    values = shape_arguments(shape_params, param_types, tuple(t.shape for t in arg_types))
    for i, (p, a) in enumerate(zip(param_types, arg_types)):
        expected = instantiate(p, values)
        if not same_type(expected, a, prove):
            raise IRTypeError(f"{callee}: argument {i} has type {_show(a)}, expected {_show(expected)}")
    return instantiate(ret, values)


# --- loop level ------------------------------------------------------------------------------

def kernel_problems(k: L.Kernel) -> list[str]:
    """Dtype and rank consistency of a kernel's statements and expressions."""
    found: list[str] = []
    buffers = {b.name: b for b in k.params}
    scalars: dict[Name, str] = {n: L.INDEX for n in k.shape_params}

    def expr(e) -> str:
        t = type(e)
        if t is L.Const:
            return e.dtype
        if t is L.Var:
            actual = scalars.get(e.name)
            if actual is not None and actual != e.dtype:
                found.append(f"kernel @{k.name}: %{e.name.hint} used as {e.dtype}, declared {actual}")
            return e.dtype
        if t is L.Load:
            b = buffers.get(e.buffer)
            for i in e.indices:
                if expr(i) != L.INDEX:
                    found.append(f"kernel @{k.name}: index into %{e.buffer.hint} is not i64")
            if b is None:
                found.append(f"kernel @{k.name}: load from unknown buffer %{e.buffer.hint}")
            elif len(e.indices) != len(b.shape) or e.dtype != b.dtype:
                found.append(f"kernel @{k.name}: load from %{b.name.hint} has {len(e.indices)} indices / {e.dtype}")
            return e.dtype
        if t in (L.Binary, L.Compare):
            a, c = expr(e.lhs), expr(e.rhs)
            if a != c:
                found.append(f"kernel @{k.name}: {e.op} of {a} and {c}")
            return e.dtype
        if t is L.Unary:
            expr(e.operand)
            return e.dtype
        if t is L.Select:
            if expr(e.cond) != "bool":
                found.append(f"kernel @{k.name}: select condition is not bool")
            if expr(e.if_true) != expr(e.if_false):
                found.append(f"kernel @{k.name}: select branches differ in dtype")
            return e.dtype
        if t is L.Call:
            kinds = {expr(a) for a in e.args}
            if L.MATH_FUNCTIONS.get(e.fn) != len(e.args) or len(kinds) != 1:
                found.append(f"kernel @{k.name}: bad call {e.fn} with {len(e.args)} args of {sorted(kinds)}")
            return e.dtype
        if t is L.Cast:
            expr(e.value)
            return e.dtype
        found.append(f"kernel @{k.name}: unknown expression {e!r}")
        return "?"

    def stmts(body) -> None:
        for st in body:
            t = type(st)
            if t is L.For:
                if expr(st.start) != L.INDEX or expr(st.stop) != L.INDEX or st.step <= 0:
                    found.append(f"kernel @{k.name}: loop %{st.var.hint} needs i64 bounds and a positive step")
                scalars[st.var] = L.INDEX
                stmts(st.body)
            elif t is L.Let:
                if expr(st.value) != st.dtype:
                    found.append(f"kernel @{k.name}: let %{st.var.hint}: {st.dtype} given a {expr(st.value)}")
                scalars[st.var] = st.dtype
            elif t is L.Assign:
                if st.var not in scalars or expr(st.value) != scalars[st.var]:
                    found.append(f"kernel @{k.name}: assignment to %{st.var.hint} does not match its let")
            elif t is L.If or t is L.While:
                if expr(st.cond) != "bool":
                    found.append(f"kernel @{k.name}: {t.__name__.lower()} condition is not bool")
                for inner in L.nested_bodies(st):
                    stmts(inner)
            elif t is L.Break or t is L.Continue:
                pass
            elif t is L.Store:
                b = buffers.get(st.buffer)
                dtype = expr(st.value)
                for i in st.indices:
                    if expr(i) != L.INDEX:
                        found.append(f"kernel @{k.name}: index into %{st.buffer.hint} is not i64")
                if b is None or not b.output:
                    found.append(f"kernel @{k.name}: store into %{st.buffer.hint}, which is not an output buffer")
                elif len(st.indices) != len(b.shape) or dtype != b.dtype:
                    found.append(f"kernel @{k.name}: store into %{b.name.hint} has {len(st.indices)} indices / {dtype}")

    stmts(k.body)
    return found
