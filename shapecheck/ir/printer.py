"""The textual form of modules: one printer for both levels (the parser reads it back exactly).

Names print as ``%hint`` (``%hint_1`` ... when hints repeat); shape variables print bare inside
dims (``f32[n, 784]``) and as ``%n`` inside loop expressions. Binary expressions are fully
parenthesised, so the text needs no precedence rules.

>>> from shapecheck.ir import trace
>>> print(print_module(trace("def f(x):\\n    return x * 2.0\\n", shapes={"x": ("n",)})).strip())
fn @f[n](%x: f32[n]) -> f32[n] {
  %c: f32[] = const() {dtype="f32", value=2.0}
  %t: f32[n] = mul(%x, %c)
  return %t
}
"""

from __future__ import annotations

import math
import re
from typing import Any

from shapecheck.constraints import dims
from shapecheck.subst.names import Name, base_hint, is_key, name_of_key

from . import graph as G
from . import loops as L

__all__ = ["print_module", "print_function", "print_kernel", "print_loop_module", "show_type"]

_IDENT = re.compile(r"[^A-Za-z0-9_]")


class Namer:
    """Display names for one function or kernel: each binder gets a text no other binder has."""

    def __init__(self) -> None:
        self.text: dict[Name, str] = {}
        self.used: set[str] = set()

    def bind(self, name: Name) -> str:
        stem = _IDENT.sub("_", base_hint(name.hint)) or "v"
        if stem[0].isdigit():
            stem = "v" + stem
        text, k = stem, 0
        while text in self.used:
            k += 1
            text = f"{stem}_{k}"
        self.used.add(text)
        self.text[name] = text
        return text

    def __call__(self, name: Name) -> str:
        found = self.text.get(name)
        return found if found is not None else f"{name.hint}?{name.id}"  # free: visibly unbound

    def dim(self, d: dims.Dim) -> str:
        if type(d) is int:
            return str(d)
        # Re-key symbols by display name ("n@") so the canonical term order is the one the
        # parser's keys ("n@<id>") produce: printing is then stable under parse.
        texts = {k: self(name_of_key(k)) for k in dims.free_symbols(d) if is_key(k)}
        rekeyed = dims.substitute(d, {k: dims.sym(t + "@") for k, t in texts.items()})
        return dims.show(rekeyed, {t + "@": t for t in texts.values()})


def show_type(t: G.Type, namer: Namer) -> str:
    if type(t) is G.TupleType:
        return "(" + ", ".join(show_type(x, namer) for x in t.items) + ("," if len(t.items) == 1 else "") + ")"
    return f"{t.dtype}[{', '.join(namer.dim(d) for d in t.shape)}]"


def show_attr(value: Any, namer: Namer) -> str:
    if type(value) is bool:
        return "true" if value else "false"
    if type(value) is tuple:
        inner = ", ".join(show_attr(v, namer) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if type(value) is str:
        return '"' + value + '"'
    if type(value) is float:
        return _float(value)
    return namer.dim(value)


def _float(x: float) -> str:
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return repr(x)


# --- graph level -----------------------------------------------------------------------------

def _args(names: tuple[Name, ...], namer: Namer) -> str:
    return ", ".join("%" + namer(n) for n in names)


def show_value(v: G.Value, namer: Namer) -> str:
    t = type(v)
    if t is G.OpCall:
        text = f"{v.op}({_args(v.args, namer)})"
        if v.attrs:
            text += " {" + ", ".join(f"{k}={show_attr(x, namer)}" for k, x in sorted(v.attrs)) + "}"
        return text
    if t is G.MakeTuple:
        return f"tuple({_args(v.items, namer)})"
    if t is G.GetItem:
        return f"get(%{namer(v.value)}, {v.index})"
    if t is G.CallFunc:
        return f"call @{v.func}({_args(v.args, namer)})"
    if t is G.CallKernel:
        return f"call_kernel @{v.kernel}({_args(v.args, namer)})"
    if t is G.ExternCall:
        return f'extern "{v.symbol}"({_args(v.args, namer)})'
    if t is G.MatchShape:
        return f"match_shape(%{namer(v.value)})"
    raise TypeError(v)


def print_function(f: G.Function) -> str:
    namer = Namer()
    shape = ", ".join(namer.bind(n) for n in f.shape_params)
    params = ", ".join(f"%{namer.bind(p.name)}: {show_type(p.type, namer)}" for p in f.params)
    head = ("primitive " if f.primitive else "") + f"fn @{f.name}[{shape}]({params}) -> {show_type(f.ret, namer)} {{"
    lines = [head]
    for b in f.body.bindings:
        value = show_value(b.value, namer)   # before binding: the value cannot see the new names
        binds = "[" + ", ".join(namer.bind(n) for n in b.binds) + "] " if b.binds else ""
        type_text = show_type(b.type, namer)
        lines.append(f"  {binds}%{namer.bind(b.var)}: {type_text} = {value}")
    lines.append(f"  return %{namer(f.body.result)}")
    lines.append("}")
    return "\n".join(lines)


# --- loop level ------------------------------------------------------------------------------

def show_expr(e: L.Expr, namer: Namer) -> str:
    t = type(e)
    if t is L.Const:
        return _const(e)
    if t is L.Var:
        return "%" + namer(e.name)
    if t is L.Load:
        return f"%{namer(e.buffer)}[{', '.join(show_expr(i, namer) for i in e.indices)}]"
    if t is L.Binary:
        return f"({show_expr(e.lhs, namer)} {L.BINARY_OPS[e.op]} {show_expr(e.rhs, namer)})"
    if t is L.Compare:
        return f"({show_expr(e.lhs, namer)} {L.COMPARE_OPS[e.op]} {show_expr(e.rhs, namer)})"
    if t is L.Unary:
        return f"{e.op}({show_expr(e.operand, namer)})"
    if t is L.Select:
        return f"select({show_expr(e.cond, namer)}, {show_expr(e.if_true, namer)}, {show_expr(e.if_false, namer)})"
    if t is L.Call:
        return f"{e.fn}({', '.join(show_expr(a, namer) for a in e.args)})"
    if t is L.Cast:
        return f"cast_{e.dtype}({show_expr(e.value, namer)})"
    raise TypeError(e)


def _const(c: L.Const) -> str:
    if c.dtype == "bool":
        return "true" if c.value else "false"
    if c.dtype == L.INDEX and type(c.value) is int:
        return str(c.value)
    text = _float(float(c.value)) if c.dtype in L.FLOAT_DTYPES else str(int(c.value))
    return f"{text}:{c.dtype}"


def outline(body: tuple, line, out: list[str], indent: str, step: str, close: str | None = None,
            empty: str | None = None, orelse: str = "} else {") -> None:
    """Lay out loop statements as indented text, one ``line(stmt)`` each (for a ``For``, ``If``
    or ``While``, its head), nested bodies ``step`` deeper and followed by ``close`` when given
    (an ``If``'s branches separated by ``orelse``); an empty body is ``empty`` when given. The IR
    printer and the reference interpreter's Python both use it."""
    if not body and empty is not None:
        out.append(indent + empty)
    for st in body:
        out.append(indent + line(st))
        nested = L.nested_bodies(st)
        for k, inner in enumerate(nested):
            if k:
                out.append(indent + orelse)
            outline(inner, line, out, indent + step, step, close, empty, orelse)
        if nested and close is not None:
            out.append(indent + close)


def _stmt(st, namer: Namer) -> str:
    t = type(st)
    if t is L.For:
        start, stop = show_expr(st.start, namer), show_expr(st.stop, namer)
        var = namer.bind(st.var)
        par = " parallel" if st.parallel else ""
        return f"for %{var} in {start} .. {stop} step {st.step}{par} {{"
    if t is L.Let:
        value = show_expr(st.value, namer)
        return f"let %{namer.bind(st.var)}: {st.dtype} = {value}"
    if t is L.Assign:
        return f"%{namer(st.var)} = {show_expr(st.value, namer)}"
    if t is L.Store:
        idx = ", ".join(show_expr(i, namer) for i in st.indices)
        return f"%{namer(st.buffer)}[{idx}] = {show_expr(st.value, namer)}"
    if t is L.If:
        return f"if {show_expr(st.cond, namer)} {{"
    if t is L.While:
        return f"while {show_expr(st.cond, namer)} {{"
    if t is L.Break or t is L.Continue:
        return t.__name__.lower()
    raise TypeError(st)


def _buffers(buffers: tuple, namer: Namer) -> str:
    return ", ".join(("out " if b.output else "") + f"%{namer.bind(b.name)}: "
                     + show_type(G.TensorType(b.dtype, b.shape), namer) for b in buffers)


def print_kernel(k: L.Kernel) -> str:
    namer = Namer()
    shape = ", ".join(namer.bind(n) for n in k.shape_params)
    lines = [f"kernel @{k.name}[{shape}]({_buffers(k.params, namer)}) {{"]
    outline(k.body, lambda st: _stmt(st, namer), lines, "  ", "  ", close="}")
    lines.append("}")
    return "\n".join(lines)


def print_module(m: G.Module) -> str:
    """The whole module: functions, then kernels, separated by blank lines."""
    return "\n\n".join([*map(print_function, m.functions), *map(print_kernel, m.kernels)]) + "\n"


def print_loop_module(m: L.LoopModule) -> str:
    """Kernels, then the program that runs them (``parser.parse_loop_module`` reads it back)."""
    p = m.program
    namer = Namer()
    shape = ", ".join(namer.bind(n) for n in p.shape_params)
    lines = [f"program @{p.name}[{shape}]({_buffers(p.inputs, namer)}) {{"]
    for param, scalar in p.valued:
        lines.append(f"  size {namer(param)} = %{namer(scalar)}")
    for b in p.temps:
        lines.append(f"  alloc %{namer.bind(b.name)}: {show_type(G.TensorType(b.dtype, b.shape), namer)}")
    for param, temp in p.computed:
        lines.append(f"  count {namer(param)} = %{namer(temp)}")
    for c in p.calls:
        shapes = ", ".join(namer.dim(d) for d in c.shape_args)
        lines.append(f"  run @{c.kernel}[{shapes}]({_args(c.buffers, namer)})")
    if p.fault is not None:
        lines.append(f"  fault %{namer(p.fault)}")
    lines.append(f"  return {_args(p.outputs, namer)}")
    lines.append("}")
    return "\n\n".join([*map(print_kernel, m.kernels), "\n".join(lines)]) + "\n"
