"""The reference interpreter: what a module means, on NumPy arrays.

Graph ops run as NumPy (``ops.OPS[...].numpy``); kernels run by translating their loop nests to
plain Python over NumPy scalars (so dtypes behave as the back end's would) — slow, but an oracle,
not an engine. Every passes test compares results before and after a pass with it.

>>> import numpy as np
>>> from shapecheck.ir import trace
>>> m = trace("def f(x):\\n    return np.exp(x).sum()\\n", shapes={"x": ("n",)})
>>> float(run(m, [np.zeros(3, np.float32)]))
3.0
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import numpy as np

from shapecheck.constraints import dims
from shapecheck.subst.names import Name, is_key, name_of_key

from . import graph as G
from . import loops as L
from .calls import shape_arguments
from .ops import NUMPY_DTYPES, OPS
from .printer import outline

__all__ = ["run", "run_kernel", "run_loop_module", "EXTERNS", "InterpError", "eval_dims"]


class InterpError(RuntimeError):
    pass


# The escape hatch: external routines an ExternCall may name.
EXTERNS: dict[str, Any] = {
    "numpy.linalg.inv": np.linalg.inv,
    "numpy.linalg.norm": lambda x: np.asarray(np.linalg.norm(x), x.dtype),
    "numpy.sort": lambda x: np.sort(x, axis=-1),
    "numpy.cumsum": lambda x: np.cumsum(x, axis=-1).astype(x.dtype),
}


def eval_dims(value: Any, shapes: dict[Name, int]) -> Any:
    """A dim, or a tuple of them (attributes), at the shape variables' values."""
    if type(value) is dims.Expr:
        return dims.evaluate(value, {k: shapes[name_of_key(k)] for k in dims.free_symbols(value) if is_key(k)})
    if type(value) is tuple:
        return tuple(eval_dims(v, shapes) for v in value)
    return value


def run(module: G.Module, args: Sequence[np.ndarray], func: str | None = None) -> Any:
    """Run ``func`` (default: the module's first function) on ``args``."""
    f = module.function(func) if func else module.functions[0]
    return _call(module, f, [np.asarray(a) for a in args])


def _call(module: G.Module, f: G.Function, args: list[np.ndarray]) -> Any:
    if len(args) != len(f.params):
        raise InterpError(f"@{f.name} takes {len(f.params)} arguments, got {len(args)}")
    shapes = {p: int(v) for p, v in shape_arguments(f.shape_params, tuple(p.type for p in f.params),
                                                   tuple(a.shape for a in args)).items()}
    env: dict[Name, Any] = {}
    for p, a in zip(f.params, args):
        _check(p.type, a, shapes, f"argument %{p.name.hint} of @{f.name}")
        env[p.name] = a
    for b in f.body.bindings:
        v = b.value
        t = type(v)
        if t is G.OpCall:
            attrs = {k: eval_dims(x, shapes) for k, x in v.attrs}
            out = OPS[v.op].numpy([env[a] for a in v.args], attrs)
            out = np.asarray(out, NUMPY_DTYPES[b.type.dtype])
        elif t is G.MakeTuple:
            out = tuple(env[a] for a in v.items)
        elif t is G.GetItem:
            out = env[v.value][v.index]
        elif t is G.CallFunc:
            out = _call(module, module.function(v.func), [env[a] for a in v.args])
        elif t is G.CallKernel:
            out = _call_kernel(module.kernel(v.kernel), [env[a] for a in v.args])
        elif t is G.ExternCall:
            fn = EXTERNS.get(v.symbol)
            if fn is None:
                raise InterpError(f"unknown external routine {v.symbol!r}")
            out = fn(*[env[a] for a in v.args])
        elif t is G.MatchShape:
            out = env[v.value]
            for d, actual in zip(b.type.shape, out.shape):
                if type(d) is dims.Expr and len(dims.free_symbols(d)) == 1:
                    name = name_of_key(next(iter(dims.free_symbols(d))))
                    if name in b.binds and dims.sym(name.key) == d:
                        shapes[name] = actual
        else:
            raise InterpError(f"unknown value {v!r}")
        _check(b.type, out, shapes, f"%{b.var.hint} in @{f.name}")
        env[b.var] = out
    return env[f.body.result]


def _check(t: G.Type, value: Any, shapes: dict[Name, int], where: str) -> None:
    if type(t) is G.TupleType:
        for item, v in zip(t.items, value):
            _check(item, v, shapes, where)
        return
    expected = eval_dims(t.shape, shapes)
    if tuple(value.shape) != tuple(expected) or value.dtype != NUMPY_DTYPES[t.dtype]:
        raise InterpError(f"{where}: expected {t.dtype}{list(expected)}, got {value.dtype}{list(value.shape)}")


# --- loop level ------------------------------------------------------------------------------

def _call_kernel(k: L.Kernel, inputs: list[np.ndarray]) -> np.ndarray:
    in_params = [p for p in k.params if not p.output]
    out_params = [p for p in k.params if p.output]
    values = shape_arguments(k.shape_params, tuple(G.TensorType(p.dtype, p.shape) for p in in_params),
                             tuple(a.shape for a in inputs))
    shapes = {n: int(v) for n, v in values.items()}
    outs = [np.empty(eval_dims(p.shape, shapes), NUMPY_DTYPES[p.dtype]) for p in out_params]
    buffers = dict(zip((p.name for p in in_params), inputs))
    buffers.update(zip((p.name for p in out_params), outs))
    run_kernel(k, buffers, shapes)
    return outs[0] if len(outs) == 1 else tuple(outs)  # several outputs: a multi-output fusion


def run_kernel(k: L.Kernel, buffers: dict[Name, np.ndarray], shapes: dict[Name, int]) -> None:
    """Run ``k`` in place on ``buffers`` (by parameter Name) with shape parameter values."""
    fn = _compile(k)
    with np.errstate(all="ignore"):
        fn(*[buffers[p.name] for p in k.params], *[shapes[n] for n in k.shape_params])


def run_loop_module(m: L.LoopModule, inputs: Sequence[np.ndarray]) -> tuple[np.ndarray, ...]:
    """Run a lowered program: allocate temps, run the calls, return the outputs."""
    p = m.program
    arrays = dict(zip((b.name for b in p.inputs), (np.asarray(a) for a in inputs)))
    shapes = L.bind_shape_params(p, {b.name: arrays[b.name].shape for b in p.inputs},
                                 {b: int(arrays[b]) for _, b in p.valued})
    for b in p.temps:
        if p.known_before_calls(b):
            arrays[b.name] = np.empty(eval_dims(b.shape, shapes), NUMPY_DTYPES[b.dtype])
    for c, call in enumerate(p.calls):
        k = m.kernel(call.kernel)
        kshapes = {n: int(eval_dims(d, shapes)) for n, d in zip(k.shape_params, call.shape_args)}
        run_kernel(k, {param.name: arrays[b] for param, b in zip(k.params, call.buffers)}, kshapes)
        for param, temp in p.computed_after(c):   # a count this call leaves: the temps it sizes now
            shapes[param] = int(arrays[temp][()])
            if shapes[param] < 0:
                raise ValueError("negative dimensions are not allowed")
            for b in p.temps:
                if b.name not in arrays and all(type(d) is int or all(name_of_key(s) in shapes for s in
                                                                          dims.free_symbols(d)) for d in b.shape):
                    arrays[b.name] = np.empty(eval_dims(b.shape, shapes), NUMPY_DTYPES[b.dtype])
    return tuple(arrays[o] for o in p.outputs)


_PY_MATH = {"exp": "np.exp", "log": "np.log", "sin": "np.sin", "cos": "np.cos", "tan": "np.tan",
            "tanh": "np.tanh", "sqrt": "np.sqrt", "log1p": "np.log1p", "expm1": "np.expm1",
            "floor": "np.floor", "ceil": "np.ceil", "rint": "np.rint", "trunc": "np.trunc", "erf": "_erf", "abs": "np.abs",
            "maximum": "np.maximum", "minimum": "np.minimum", "pow": "np.power",
            **{fn: f"np.{fn}" for fn in ("arcsin", "arccos", "arctan", "sinh", "cosh", "arcsinh", "arccosh",
                                         "arctanh", "log2", "log10", "exp2", "cbrt", "arctan2", "hypot")}}


def _compile(k: L.Kernel):
    ids: dict[Name, str] = {}

    def ident(n: Name) -> str:
        found = ids.get(n)
        if found is None:
            found = ids[n] = f"v{len(ids)}"
        return found

    def expr(e) -> str:
        t = type(e)
        if t is L.Const:
            return repr(e.value) if e.dtype == L.INDEX else f"_dt[{e.dtype!r}]({e.value!r})"
        if t is L.Var:
            return ident(e.name)
        if t is L.Load:
            return f"{ident(e.buffer)}[{', '.join(f'int({expr(i)})' for i in e.indices) or '()'}]"
        if t is L.Binary:
            return f"({expr(e.lhs)} {L.BINARY_OPS[e.op]} {expr(e.rhs)})"
        if t is L.Compare:
            return f"bool({expr(e.lhs)} {L.COMPARE_OPS[e.op]} {expr(e.rhs)})"
        if t is L.Unary:
            return f"(-{expr(e.operand)})" if e.op == "neg" else f"(not {expr(e.operand)})"
        if t is L.Select:
            return f"({expr(e.if_true)} if {expr(e.cond)} else {expr(e.if_false)})"
        if t is L.Call:
            return f"{_PY_MATH[e.fn]}({', '.join(expr(a) for a in e.args)})"
        if t is L.Cast:
            return f"_dt[{e.dtype!r}]({expr(e.value)})"
        raise InterpError(f"unknown expression {e!r}")

    def stmt(st) -> str:
        t = type(st)
        if t is L.For:
            return f"for {ident(st.var)} in range({expr(st.start)}, {expr(st.stop)}, {st.step}):"
        if t is L.Let:
            return f"{ident(st.var)} = _dt[{st.dtype!r}]({expr(st.value)})"
        if t is L.Assign:
            return f"{ident(st.var)} = {expr(st.value)}"
        if t is L.Store:
            idx = ", ".join(f"int({expr(i)})" for i in st.indices) or "()"
            return f"{ident(st.buffer)}[{idx}] = {expr(st.value)}"
        if t is L.If:
            return f"if {expr(st.cond)}:"
        if t is L.While:
            return f"while {expr(st.cond)}:"
        if t is L.Break or t is L.Continue:
            return t.__name__.lower()
        raise InterpError(f"unknown statement {st!r}")

    params = [ident(p.name) for p in k.params] + [ident(n) for n in k.shape_params]
    lines: list[str] = []
    outline(k.body, stmt, lines, "    ", "    ", empty="pass", orelse="else:")
    source = f"def kernel({', '.join(params)}):\n" + "\n".join(lines) + "\n"
    scope = {"np": np, "_dt": {**NUMPY_DTYPES, "i64": _i64}, "_erf": _erf, "inf": math.inf, "nan": math.nan}
    exec(compile(source, f"<kernel {k.name}>", "exec"), scope)  # our own generated code, not user code
    return scope["kernel"]


def _i64(x):
    return int(x)


def _erf(x):
    return type(x)(math.erf(float(x)))
