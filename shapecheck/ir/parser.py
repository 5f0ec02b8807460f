"""Reading the textual form back (``parse_module(print_module(m))`` is alpha-equivalent to ``m``,
and printing it again gives the same text; so for loop modules, ``parse_loop_module`` of
``print_loop_module``).

The grammar is the printer's (see ``printer.py``); errors name the line and column.
"""

from __future__ import annotations

import re
from typing import Any

from shapecheck.constraints import dims
from shapecheck.subst.names import Name, fresh_name

from . import graph as G
from . import loops as L

__all__ = ["parse_module", "parse_loop_module", "IRParseError"]


class IRParseError(ValueError):
    pass


_TOKEN = re.compile(r"""
    (?P<space>[ \t\r\n]+|\#[^\n]*)
  | (?P<num>(?:\d+\.\d*(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+|inf|nan)(?::[a-z0-9]+)?)
  | (?P<local>%[A-Za-z_][A-Za-z0-9_]*)
  | (?P<global>@[A-Za-z_][A-Za-z0-9_.]*)
  | (?P<str>"[^"]*")
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>->|\.\.|//|<<|>>|<=|>=|==|!=|[-+*/%()\[\]{},:=<>&|^])
""", re.VERBOSE)

_BINARY = {text: op for op, text in L.BINARY_OPS.items()}    # "+" -> "add"
_COMPARE = {text: op for op, text in L.COMPARE_OPS.items()}  # "<" -> "lt"


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise IRParseError(f"{_where(text, pos)}: unexpected character {text[pos]!r}")
        if m.lastgroup != "space":
            out.append((m.lastgroup, m.group(), pos))
        pos = m.end()
    out.append(("eof", "", pos))
    return out


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {col}"


class _Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = _tokenize(text)
        self.i = 0
        self.env: dict[str, Name] = {}      # display name -> Name (one function or kernel)
        self.dtypes: dict[Name, str] = {}   # scalar dtype of loop vars, shape vars, temps, buffers

    # -- tokens ------------------------------------------------------------------------------
    def peek(self, k: int = 0) -> tuple[str, str, int]:
        return self.tokens[self.i + k]

    def error(self, message: str) -> IRParseError:
        kind, text, pos = self.peek()
        return IRParseError(f"{_where(self.text, pos)}: {message} (at {text or 'end of input'!r})")

    def take(self, text: str | None = None, kind: str | None = None) -> str:
        k, t, _ = self.peek()
        if (text is not None and t != text) or (kind is not None and k != kind):
            raise self.error(f"expected {text or kind}")
        self.i += 1
        return t

    def accept(self, text: str) -> bool:
        if self.peek()[1] == text and self.peek()[0] != "str":
            self.i += 1
            return True
        return False

    def comma_list(self, close: str, item) -> list:
        out = []
        while not self.accept(close):
            out.append(item())
            if not self.accept(","):
                self.take(close)
                break
        return out

    # -- names -------------------------------------------------------------------------------
    def bind(self, display: str, dtype: str | None = None) -> Name:
        if display in self.env:
            raise self.error(f"%{display} is bound twice")
        name = fresh_name(display)
        name = Name(display, name.id)  # keep the exact display text as the hint
        self.env[display] = name
        if dtype is not None:
            self.dtypes[name] = dtype
        return name

    def use(self, display: str) -> Name:
        name = self.env.get(display)
        if name is None:
            raise self.error(f"%{display} is not bound")
        return name

    def local(self) -> str:
        return self.take(kind="local")[1:]

    # -- module ------------------------------------------------------------------------------
    def module(self) -> G.Module:
        functions, kernels = [], []
        while self.peek()[0] != "eof":
            self.env, self.dtypes = {}, {}
            if self.peek()[1] == "kernel":
                kernels.append(self.kernel())
            else:
                functions.append(self.function())
        return G.Module(tuple(functions), tuple(kernels))

    def loop_module(self) -> L.LoopModule:
        kernels = []
        while self.peek()[1] == "kernel":
            self.env, self.dtypes = {}, {}
            kernels.append(self.kernel())
        self.env, self.dtypes = {}, {}
        program = self.program()
        self.take(kind="eof")
        return L.LoopModule(tuple(kernels), program)

    def program(self) -> L.Program:
        name, shape_params, inputs = self.header("program")
        self.take("{")
        temps, calls, valued = [], [], []
        while self.accept("size"):
            param = self.use(self.take(kind="ident"))
            self.take("=")
            valued.append((param, self.use(self.local())))
        while self.accept("alloc"):
            temps.append(self.buffer())
        computed = []
        while self.accept("count"):
            param = self.use(self.take(kind="ident"))
            self.take("=")
            computed.append((param, self.use(self.local())))
        while self.accept("run"):
            kernel = self.take(kind="global")[1:]
            self.take("[")
            shape_args = tuple(self.comma_list("]", self.dim))
            calls.append(L.KernelCall(kernel, self.args(), shape_args))
        fault = self.use(self.local()) if self.accept("fault") else None
        self.take("return")
        outputs = [self.use(self.local())]
        while self.accept(","):
            outputs.append(self.use(self.local()))
        self.take("}")
        return L.Program(name, shape_params, inputs, tuple(temps), tuple(calls), tuple(outputs), fault,
                         tuple(valued), tuple(computed))

    def shape_params(self) -> tuple[Name, ...]:
        self.take("[")
        return tuple(self.comma_list("]", lambda: self.bind(self.take(kind="ident"), L.INDEX)))

    def function(self) -> G.Function:
        primitive = self.accept("primitive")
        self.take("fn")
        name = self.take(kind="global")[1:]
        shape_params = self.shape_params()
        self.take("(")

        def param() -> G.Param:
            display = self.local()
            self.take(":")
            type_ = self.type_()
            return G.Param(self.bind(display), type_)

        params = tuple(self.comma_list(")", param))
        self.take("->")
        ret = self.type_()
        self.take("{")
        bindings = []
        while not self.accept("return"):
            bindings.append(self.binding())
        result = self.use(self.local())
        self.take("}")
        return G.Function(name, shape_params, params, ret, G.Block(tuple(bindings), result), primitive)

    def binding(self) -> G.Binding:
        binds_text: list[str] = []
        if self.accept("["):
            binds_text = self.comma_list("]", lambda: self.take(kind="ident"))
        display = self.local()
        # The type may mention the new shape variables; the value may not (it is parsed after,
        # but reads only % names, which the new shape variables are not bound as yet).
        binds = tuple(self.bind(b, L.INDEX) for b in binds_text)
        self.take(":")
        type_ = self.type_()
        self.take("=")
        value = self.value()
        return G.Binding(self.bind(display), type_, value, binds)

    def value(self) -> G.Value:
        kind, text, _ = self.peek()
        if text == "call":
            self.i += 1
            func = self.take(kind="global")[1:]
            return G.CallFunc(func, self.args())
        if text == "call_kernel":
            self.i += 1
            kernel = self.take(kind="global")[1:]
            return G.CallKernel(kernel, self.args())
        if text == "extern":
            self.i += 1
            symbol = self.take(kind="str")[1:-1]
            return G.ExternCall(symbol, self.args())
        if text == "tuple":
            self.i += 1
            return G.MakeTuple(self.args())
        if text == "get":
            self.i += 1
            self.take("(")
            value = self.use(self.local())
            self.take(",")
            index = int(self.take(kind="num"))
            self.take(")")
            return G.GetItem(value, index)
        if text == "match_shape":
            self.i += 1
            self.take("(")
            value = self.use(self.local())
            self.take(")")
            return G.MatchShape(value)
        op = self.take(kind="ident")
        args = self.args()
        attrs: list[tuple[str, Any]] = []
        if self.accept("{"):
            def attr():
                key = self.take(kind="ident")
                self.take("=")
                return (key, self.attr_value())
            attrs = self.comma_list("}", attr)
        return G.OpCall(op, args, tuple(attrs))

    def args(self) -> tuple[Name, ...]:
        self.take("(")
        return tuple(self.comma_list(")", lambda: self.use(self.local())))

    def attr_value(self) -> Any:
        kind, text, _ = self.peek()
        if kind == "str":
            self.i += 1
            return text[1:-1]
        if text in ("true", "false"):
            self.i += 1
            return text == "true"
        if text == "(" and not self._paren_is_dim():
            self.i += 1
            return tuple(self.comma_list(")", self.attr_value))
        if kind == "num" and _is_float_text(text):
            self.i += 1
            return float(text)
        if text == "-" and self.peek(1)[0] == "num" and _is_float_text(self.peek(1)[1]):
            self.i += 2
            return -float(self.peek(-1)[1])
        return self.dim()

    def _paren_is_dim(self) -> bool:
        # "(n+1)//2" is a dim; "(1, 2)" and "(1,)" are tuples: a tuple has a comma at depth 1.
        depth, j = 0, self.i
        while True:
            t = self.tokens[j][1]
            if t == "(":
                depth += 1
            elif t == ")":
                depth -= 1
                if depth == 0:
                    return self.tokens[j + 1][1] in ("+", "-", "*", "//", "%")
            elif t == "," and depth == 1:
                return False
            elif self.tokens[j][0] == "eof":
                return False
            j += 1

    # -- types and dims ----------------------------------------------------------------------
    def type_(self) -> G.Type:
        if self.accept("("):
            return G.TupleType(tuple(self.comma_list(")", self.type_)))
        dtype = self.take(kind="ident")
        if dtype not in L.DTYPES:
            raise self.error(f"unknown dtype {dtype}")
        self.take("[")
        return G.TensorType(dtype, tuple(self.comma_list("]", self.dim)))

    def dim(self) -> dims.Dim:
        left = self.dim_term()
        while self.peek()[1] in ("+", "-"):
            op = self.take()
            right = self.dim_term()
            left = dims.add(left, right) if op == "+" else dims.sub(left, right)
        return left

    def dim_term(self) -> dims.Dim:
        left = self.dim_atom()
        while self.peek()[1] in ("*", "//", "%"):
            op = self.take()
            right = self.dim_atom()
            left = {"*": dims.mul, "//": dims.floordiv, "%": dims.mod}[op](left, right)
        return left

    def dim_atom(self) -> dims.Dim:
        kind, text, _ = self.peek()
        if text == "(":
            self.i += 1
            d = self.dim()
            self.take(")")
            return d
        if text == "-":
            self.i += 1
            return dims.neg(self.dim_atom())
        if kind == "num" and not _is_float_text(text) and ":" not in text:
            self.i += 1
            return int(text)
        if text in ("min", "max") and self.peek(1)[1] == "(":
            self.i += 2
            a = self.dim()
            self.take(",")
            b = self.dim()
            self.take(")")
            return dims.dmin(a, b) if text == "min" else dims.dmax(a, b)
        if kind == "ident":
            self.i += 1
            return dims.sym(self.use(text).key)
        raise self.error("expected a dimension")

    # -- kernels -----------------------------------------------------------------------------
    def header(self, keyword: str) -> tuple:
        """``program @name[shape params](buffers)`` or ``kernel ...``: its name, shape parameters and buffers."""
        self.take(keyword)
        name = self.take(kind="global")[1:]
        shape_params = self.shape_params()
        self.take("(")
        return name, shape_params, tuple(self.comma_list(")", self.buffer))

    def kernel(self) -> L.Kernel:
        name, shape_params, params = self.header("kernel")
        return L.Kernel(name, shape_params, params, self.block())

    def buffer(self) -> L.Buffer:
        output = self.accept("out")
        display = self.local()
        self.take(":")
        type_ = self.type_()
        if type(type_) is not G.TensorType:
            raise self.error("a buffer has a tensor type")
        return L.Buffer(self.bind(display, type_.dtype), type_.dtype, type_.shape, output)

    def block(self) -> tuple:
        self.take("{")
        out = []
        while not self.accept("}"):
            out.append(self.stmt())
        return tuple(out)

    def stmt(self) -> L.Stmt:
        if self.accept("if"):
            cond = self.expr()
            then = self.block()
            self.take("else")
            return L.If(cond, then, self.block())
        if self.accept("while"):
            cond = self.expr()
            return L.While(cond, self.block())
        if self.accept("break"):
            return L.Break()
        if self.accept("continue"):
            return L.Continue()
        if self.accept("for"):
            var_text = self.local()
            self.take("in")
            start = self.expr()
            self.take("..")
            stop = self.expr()
            self.take("step")
            step = int(self.take(kind="num"))
            parallel = self.accept("parallel")
            var = self.bind(var_text, L.INDEX)
            return L.For(var, start, stop, step, self.block(), parallel)
        if self.accept("let"):
            display = self.local()
            self.take(":")
            dtype = self.take(kind="ident")
            self.take("=")
            value = self.expr()
            return L.Let(self.bind(display, dtype), dtype, value)
        target = self.use(self.local())
        if self.accept("["):
            indices = tuple(self.comma_list("]", self.expr))
            self.take("=")
            return L.Store(target, indices, self.expr())
        self.take("=")
        return L.Assign(target, self.expr())

    def expr(self) -> L.Expr:
        kind, text, _ = self.peek()
        if text == "(":
            self.i += 1
            lhs = self.expr()
            op = self.take()
            rhs = self.expr()
            self.take(")")
            if op in _BINARY:
                return L.Binary(_BINARY[op], lhs, rhs)
            if op in _COMPARE:
                return L.Compare(_COMPARE[op], lhs, rhs)
            raise self.error(f"unknown operator {op}")
        if kind == "num":
            self.i += 1
            return _literal(text)
        if text == "-" and self.peek(1)[0] == "num":
            self.i += 2
            return _literal("-" + self.peek(-1)[1])
        if text in ("true", "false"):
            self.i += 1
            return L.Const(text == "true", "bool")
        if kind == "local":
            name = self.use(self.local())
            if self.accept("["):
                indices = tuple(self.comma_list("]", self.expr))
                return L.Load(name, indices, self.dtypes[name])
            return L.Var(name, self.dtypes.get(name, L.INDEX))
        if kind == "ident":
            self.i += 1
            self.take("(")
            args = tuple(self.comma_list(")", self.expr))
            if text in L.UNARY_OPS:
                return L.Unary(text, args[0])
            if text == "select":
                return L.Select(*args)
            if text.startswith("cast_"):
                return L.Cast(text[5:], args[0])
            if text in L.MATH_FUNCTIONS:
                return L.Call(text, args)
            raise self.error(f"unknown function {text}")
        raise self.error("expected an expression")


def _is_float_text(text: str) -> bool:
    body = text.split(":")[0]
    return any(c in body for c in ".eE") or body.lstrip("-") in ("inf", "nan")


def _literal(text: str) -> L.Const:
    body, _, dtype = text.partition(":")
    dtype = dtype or L.INDEX
    if dtype in L.FLOAT_DTYPES:
        return L.Const(float(body), dtype)
    return L.Const(int(body), dtype)


def parse_module(text: str) -> G.Module:
    """Parse the printer's text into a module (fresh names; hints are the printed names)."""
    return _Parser(text).module()


def parse_loop_module(text: str) -> L.LoopModule:
    """Parse ``print_loop_module``'s text: the kernels, then the program that runs them."""
    return _Parser(text).loop_module()
