"""The front end: a Python function over NumPy arrays -> a graph-level module.

The function is read from its source with ``ast``; it is never imported or run (a live function
object is accepted only to find its source with ``inspect.getsource``). Argument shapes are given
as tuples of ints and symbol names (``{"x": ("n", 784)}``); each distinct symbol becomes a shape
variable of the function's signature. Types follow the IR's op rules (``ops.py``), whose
broadcasting, matmul and reshape are the constraint layer's shape functions, the analyser's too.

Supported: assignments (also tuple unpacking and ``+=``), ``return``; arithmetic ``+ - * / **
@`` and unary ``-``; comparisons; ``np.exp log sin cos tan tanh sqrt abs log1p expm1 floor ceil
maximum minimum power where add subtract multiply divide negative square matmul dot transpose
reshape sum mean max min amax amin``; methods ``sum mean max min reshape transpose astype`` and
``.T``, ``.shape``, ``.ndim``; slicing with constant steps and integer indexing; calls to other
functions defined in the same source (traced inline). Anything else raises :class:`TraceError`
naming the construct and its line.

>>> m = trace("def f(x, w):\\n    return x @ w\\n", shapes={"x": ("n", 784), "w": (784, 10)})
>>> f = m.functions[0]
>>> f.ret.shape[0] == dim_of(f.shape_params[0]), f.ret.shape[1]
(True, 10)
"""

from __future__ import annotations

import ast
import contextlib
import copy
import inspect
import math
import os
import types
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping, Sequence, Union

import numpy as np

from shapecheck.api import Options, Project, analyze_call
from shapecheck.constraints import dims
from shapecheck.subst import Scope
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.names import Name

from . import graph as G
from .dtypes import CODES, UnsupportedDtype, common_dtype, loop_dtypes, reduction_dtype, with_constant
from .guards import PYTHON_OPS, Guards, ScalarGuard
from .sources import analysis_source, outside_of, read_names, unknown_name
from .sources import source_of as _source_of
from .sources import source_of_code as _source_of_code
from .ops import OPS, IRTypeError, infer_type, reshape_to
from .verifier import make_prover

__all__ = ["trace", "trace_guarded", "TraceError", "InPlace", "ShapeError", "read_function", "with_module_imports",
           "check_shapes", "analysed_on_failure", "parse_shape", "DTYPE_NAMES", "NEGATIVE_SIDE", "describe", "line_of"]

ShapeSpec = Union[str, Sequence[Union[int, str]]]


class TraceError(ValueError):
    """The function uses a construct outside the supported subset (the message names it).
    ``reached``: the line of the function's statement the tracer was reading when it stopped (of
    the call, for an error inside a called function), None before the first; ``jit`` tells, of two
    front ends' refusals, the one that read further."""

    reached: int | None = None


def reached(exc: TraceError, stmt: ast.stmt) -> TraceError:
    """``exc`` marked as raised while reading ``stmt`` (unless a statement inside it was marked)."""
    if exc.reached is None:
        exc.reached = stmt.lineno
    return exc


def further(first: TraceError, second: TraceError) -> TraceError:
    """Of two refusals of one function, the one whose front end read further into it (the
    second on a tie: ``jit`` tries the loop front end second, for what the first cannot read)."""
    return first if (first.reached or 0) > (second.reached or 0) else second


def in_callee(exc: TraceError, helper, call: ast.Call) -> TraceError:
    """An error inside an inlined function, told at its caller's line with the callee named; told
    once, at the outermost call on that line, however deep the calls nest."""
    message = str(exc)
    if message.startswith(f"line {call.lineno}: in "):
        return exc
    told = copy.copy(exc)   # of its own kind: a shape error in a callee is still the ValueError NumPy raises
    told.args = (f"line {call.lineno}: in {helper.node.name}() ({os.path.basename(helper.file)}): {message}",)
    told.reached = call.lineno
    return told


class InPlace(TraceError):
    """``x += v`` on an array NumPy shares (an argument, a view, another name's): a change the
    graph IR, whose values are never changed, cannot say; ``jit`` compiles such code as loop
    code, which writes arrays in place (the caller's too, as Numba does)."""


class ShapeError(TraceError):
    """The analyser proves a shape error in the function for these argument shapes (the message
    is its message, at the file's line), or the tracer meets one NumPy raises for them (the max of
    an empty array): ``exception`` is what NumPy would raise when running it."""

    def __init__(self, message: str, exception: type = ValueError):
        super().__init__(message)
        self.exception = exception


# The exception NumPy raises for what a diagnostic code reports (a ValueError otherwise).
NUMPY_EXCEPTIONS = {"SC104": np.exceptions.AxisError, "SC105": IndexError, "SC108": IndexError}


@dataclass(frozen=True)
class Tensor:
    name: Name
    type: G.TensorType
    weak: bool = False     # a Python scalar (NEP 50): it adopts the dtype of the arrays it meets
    # a weak scalar's value as Python computes it (``guards.evaluate``), None when unknown
    value: tuple | None = None
    # a Python int beyond int64 (or arithmetic on one): only Python computes it, so compiled code
    # must not read it (``emit`` refuses); it meets arrays as a scalar input (``leave_weak``)
    big: bool = False


DTYPE_NAMES = {**{str(dtype): code for code, dtype in CODES.items()}, "bool_": "bool",
               **{code: code for code in CODES}}
_UNARY = {**{n: n for n in ("exp", "log", "sin", "cos", "tan", "tanh", "sqrt", "abs", "log1p", "expm1",
                            "floor", "ceil")},
          "negative": "neg", "absolute": "abs"}
# Python's ``math`` functions of one float, as IR ufuncs: the one table both front ends read
MATH_UFUNCS = {"exp": "exp", "log": "log", "sin": "sin", "cos": "cos", "tan": "tan", "tanh": "tanh",
               "sqrt": "sqrt", "log1p": "log1p", "expm1": "expm1", "erf": "erf", "fabs": "abs",
               "asin": "arcsin", "acos": "arccos", "atan": "arctan", "sinh": "sinh", "cosh": "cosh",
               "asinh": "arcsinh", "acosh": "arccosh", "atanh": "arctanh", "log2": "log2", "log10": "log10",
               "exp2": "exp2", "cbrt": "cbrt"}
# ... and of two floats (``math.atan2(y, x)``); loop code computes these, element by element
MATH_BINARY_UFUNCS = {"atan2": "arctan2", "hypot": "hypot"}
_BINARY_FUNCS = {"maximum": "maximum", "minimum": "minimum", "power": "pow", "add": "add",
                 "subtract": "sub", "multiply": "mul", "divide": "div", "true_divide": "div"}
_BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.Pow: "pow",
           ast.MatMult: "matmul"}
_CMPOPS = {ast.Lt: "less", ast.LtE: "less_equal", ast.Gt: "greater", ast.GtE: "greater_equal",
           ast.Eq: "equal", ast.NotEq: "not_equal"}
# The keyword arguments whole-array code reads, per NumPy function or method; any other (``where=``,
# ``initial=``, ``order=``, ``out=``...) is not read here, so the call is left to loop code, which
# reads or refuses it: never ignored.
_KEYWORDS = {**{name: ("axis", "keepdims") for name in ("sum", "mean", "max", "min", "amax", "amin")},
             "transpose": ("axes",), "expand_dims": ("axis",)}


def _known_keywords(name: str, known: tuple, kwargs: dict, node) -> None:
    unknown = sorted(set(kwargs) - set(known))
    if unknown:
        raise TraceError(f"line {node.lineno}: {name}(): keyword argument{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)} not supported in whole-array code")


_REDUCTIONS = {"sum": "sum", "mean": "mean", "max": "max", "min": "min", "amax": "max", "amin": "min"}
_NUMPY_ALIASES = ("np", "numpy", "jnp")
_VIEWS = frozenset({"transpose", "reshape", "slice", "broadcast_to"})   # NumPy gives views of their operand


def trace(fn_or_source: Union[str, Callable], func_name: str | None = None, *,
          shapes: Mapping[str, ShapeSpec], dtypes: Mapping[str, str] | None = None,
          default_dtype: str = "f32", weak: frozenset = frozenset()) -> G.Module:
    """Build the IR module of a Python function, given its arguments' shapes.

    ``fn_or_source`` is source text (then ``func_name`` picks the function; it may be omitted when
    the source defines one function) or a live function (its source is read, it is not called).
    ``shapes`` maps each argument to a tuple of ints and symbol names, or to text ``"n,784"``;
    ``dtypes`` overrides ``default_dtype`` per argument; ``weak`` names the arguments that are
    Python scalars (0-d, and cast to the dtype of the arrays they meet, as NumPy does).
    Line numbers in messages are the file's (a live function's source is read in place).
    A symbolic module is exact only inside its guards (``x[1:]`` needs ``n >= 1``): whoever runs it
    (``runtime.build(..., sizes=)``, ``cuda.CudaProgram(..., guards=)``) takes them from
    :func:`trace_guarded`.

    >>> m = trace("def f(x):\\n    return np.tanh(x)\\n", shapes={"x": "n,3"})
    >>> [p.hint for p in m.functions[0].shape_params]
    ['n']
    """
    return trace_guarded(fn_or_source, func_name, shapes=shapes, dtypes=dtypes, default_dtype=default_dtype,
                         weak=weak)[0]


def trace_guarded(fn_or_source: Union[str, Callable], func_name: str | None = None, *,
                  shapes: Mapping[str, ShapeSpec], dtypes: Mapping[str, str] | None = None,
                  default_dtype: str = "f32", weak: frozenset = frozenset(),
                  big: frozenset = frozenset()) -> tuple[G.Module, Guards]:
    """:func:`trace`, with what a call must satisfy for the module to compute what NumPy does
    (``ir.guards``: the sizes a symbolic module is exact for, its Python scalars' inputs);
    ``big`` names the weak arguments that are Python ints beyond int64."""
    source, defs, func_name = read_function(fn_or_source, func_name)
    outside = outside_of(fn_or_source)
    tracer = _Tracer(defs, dtypes or {}, default_dtype, weak, big, outside.numbers, outside.arrays, outside.helpers)
    with analysed_on_failure(source, outside, func_name, shapes):
        module = tracer.entry(defs[func_name], shapes)
    scalars = sorted(tracer.scalars, key=lambda guard: not guard.input)   # the inputs first, in order
    return module, Guards(tuple(tracer.sizes), tuple(scalars))


def with_module_imports(fn: Callable) -> str | None:
    """``fn``'s source (as :func:`read_function` reads it) with the modules its code names from
    its globals imported on its first, blank line (``import numpy as np; import math``): what
    the analyser needs to know ``np.dot`` from an unknown call; and the numbers it reads from its
    globals and closure assigned there (``N = 4``), as the tracers compile them in. Reads the
    globals' and cells' values, runs nothing; None when there is no blank line to use or nothing
    to add."""
    code = getattr(fn, "__code__", None)
    if code is None:
        return None
    source = _source_of_code(code)
    names = read_names(code)
    modules = sorted((n, m.__name__) for n, m in getattr(fn, "__globals__", {}).items()
                     if n in names and isinstance(m, types.ModuleType))
    # the numbers it reads from outside (sources.Outside), as the tracers take them
    numbers = sorted(outside_of(fn).numbers.items())
    if not (modules or numbers) or not source.startswith("\n"):
        return None
    return "; ".join([f"import {module} as {name}" for name, module in modules] +
                     [f"{name} = {value!r}" for name, value in numbers]) + source


def read_function(fn_or_source: Union[str, Callable], func_name: str | None = None) -> tuple[str, dict, str]:
    """``(source, top-level function defs by name, the function's name)``. A live function's
    source is read from its file (never run) with blank lines in front, so that every line
    number (the analyser's too) is the file's, and the modules it uses imported on the first of
    them (:func:`with_module_imports`)."""
    if callable(fn_or_source):
        code = getattr(fn_or_source, "__code__", None)
        # With the modules it names imported, so that the shape check sees np.zeros as NumPy's:
        # read without them, an array the function allocates was unknown to the check, and an
        # index that runs off it (out[i + 1] for i in range(n)) compiled to a write past its end.
        source = (with_module_imports(fn_or_source) or _source_of_code(code)) if code is not None else \
            _source_of(fn_or_source)
        func_name = func_name or fn_or_source.__name__
    else:
        source = fn_or_source
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise TraceError(f"the source does not parse: {exc}") from exc
    defs = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    if func_name is None:
        if len(defs) != 1:
            raise TraceError(f"name the function to trace (the source defines: {', '.join(defs) or 'none'})")
        func_name = next(iter(defs))
    if func_name not in defs:
        raise TraceError(f"no function {func_name!r} in the source (it defines: {', '.join(defs) or 'none'})")
    return source, defs, func_name


# The tracer unrolls nothing the analyser would need exact per-iteration shapes for, and only
# proved errors matter here: no unrolling (a k-means nest of 16 x 8 iterations cost 30 ms).
_CHECK_OPTIONS = Options(unroll=False)


@contextlib.contextmanager
def analysed_on_failure(source: str, outside, func_name: str, shapes: Mapping[str, ShapeSpec]):
    """A trace that fails is explained by the analyser when it proves a shape error (the failing
    operation, both shapes, in the user's names, at the file's line: NumPy's exception), else by
    the tracer. Only then: a trace that succeeds has checked every shape itself (exact IR types;
    in loop code, what it cannot prove is checked where it runs, as NumPy checks it), and the
    analysis was a fifth of a kernel's compile time."""
    try:
        yield
    except InPlace:
        raise
    except TraceError:
        check_shapes(analysis_source(source, outside), func_name, shapes)
        raise


def check_shapes(source: str, func_name: str, shapes: Mapping[str, ShapeSpec],
                 run_time_lines: frozenset = frozenset()) -> None:
    """Run the abstract interpreter on the call first: a shape error is reported as shapecheck
    reports it (the failing operation, both shapes, in the user's names), before any IR exists.
    ``run_time_lines``: lines whose errors are not raised here, because the compiled code checks
    them where (and if) they run: the bodies of loops and branches, which may not run at all for
    these shapes (``while i <= n - 1`` at ``n == 1``), where the analyser looks at them anyway."""
    try:
        # alone: the call's own errors (also those the function has for any argument), without
        # the analysis of the function with unknown arguments (a third of the check's time)
        _, errors = analyze_call(source, func_name, {k: parse_shape(v) for k, v in shapes.items()},
                                 project=Project(options=_CHECK_OPTIONS), alone=True)
    except SyntaxError:
        return  # the tracer reports it
    # Only what fails for these shapes whatever the values: an error the analyser reports because
    # code "works only if" some symbol is 0 names, where every dim is given, a loop's index or a
    # scalar's value (x[i:][-1] at i == len(x)); the compiled code checks that where it runs.
    errors = [e for e in errors if "(it works only if " not in e.message and e.span.line not in run_time_lines]
    if errors:
        first = errors[0]
        code = first.cause or first.code
        raise ShapeError(f"line {first.span.line}: {first.message} [{code}]", NUMPY_EXCEPTIONS.get(code, ValueError))


def parse_shape(spec: ShapeSpec) -> tuple:
    if isinstance(spec, str):
        spec = tuple(s.strip() for s in spec.split(",") if s.strip()) if spec.strip() not in ("", "()") else ()
    out = []
    for item in spec:
        if isinstance(item, str) and item.lstrip("-").isdigit():
            item = int(item)
        out.append(item)
    return tuple(out)


class _Tracer:
    def __init__(self, defs: dict, dtypes: Mapping[str, str], default_dtype: str, weak: frozenset = frozenset(),
                 big: frozenset = frozenset(), numbers: Mapping[str, Any] = {}, outside_arrays: set = frozenset(),
                 helpers: Mapping[str, Any] = {}):
        self.defs = defs
        self.numbers = numbers                  # globals and closure cells compiled in (sources.Outside)
        self.outside_arrays = outside_arrays    # arrays read from outside: refused by name
        self.helpers = helpers                  # functions it calls, inlined (sources.Outside)
        self.weak = weak
        self.big = big
        self.dtypes = dtypes
        self.default_dtype = default_dtype
        self.scope = Scope.empty()
        self.bindings: list[G.Binding] = []
        # tensors NumPy holds as arrays shared with something else: the arguments (the caller's
        # arrays) and views (slices, transposes, reshapes) of other arrays
        self.shared: set[Name] = set()
        self.prove = make_prover()
        self.depth = 0
        self.sizes: list[dims.Dim] = []          # guards.Guards.sizes
        self.scalars: dict[ScalarGuard, Tensor | None] = {}   # guards.Guards.scalars -> their inputs

    def require_size(self, d: dims.Dim, error: "ShapeError | None") -> None:
        """``d >= 0`` where the traced shapes are exact: a guard when symbolic, else NumPy's ``error``
        (None: a constant never fails)."""
        if isinstance(d, int):
            if d < 0 and error is not None:
                raise error
        elif d not in self.sizes and d not in [dims.sym(s) for s in dims.free_symbols(d)]:   # a size is >= 0
            self.sizes.append(d)

    def leave_weak(self, value: Any, dtype: str) -> Any:
        """A Python scalar meets an array as ``dtype``: an input of that dtype holding its value as
        Python computes it and NumPy converts it (``guards.scalar_inputs``); anything else as it is."""
        if not (isinstance(value, Tensor) and value.weak and value.value is not None):
            return value
        guard = ScalarGuard(value.value, dtype)
        if guard not in self.scalars:
            self.scalars[guard] = Tensor(self.fresh("scalar"), G.TensorType(dtype, ()))
        return self.scalars[guard]

    def check_weak_result(self, value: Any) -> None:
        """A Python scalar returned: computed as its dtype, so NumPy's conversion must hold it."""
        if isinstance(value, Tensor) and value.big:
            raise TraceError("the function returns a Python int beyond int64, which compiled code cannot hold")
        if isinstance(value, Tensor) and value.weak and value.value is not None:
            self.scalars.setdefault(ScalarGuard(value.value, value.type.dtype, input=False), None)

    # -- names and emission ------------------------------------------------------------------
    def fresh(self, hint: str) -> Name:
        name, self.scope = self.scope.bind_fresh(hint)
        return name

    def emit(self, op: str, args: Sequence[Tensor], attrs: Mapping[str, Any] = (), node: ast.AST | None = None) -> Tensor:
        big = [a for a in args if a.big]
        if big:
            raise TraceError(f"{line_of(node)}a Python int beyond int64 ({big[0].name.hint}) is used where compiled "
                             "code would compute with it (it may meet arrays, in arithmetic Python computes)")
        attrs = dict(attrs)
        try:
            t = infer_type(op, tuple(a.type for a in args), attrs, self.prove)
        except IRTypeError as exc:
            raise TraceError(f"{line_of(node)}{exc}") from exc
        name = self.fresh("c" if op == "const" else "t")
        self.bindings.append(G.Binding(name, t, G.OpCall(op, tuple(a.name for a in args), tuple(sorted(attrs.items())))))
        if op in _VIEWS:
            self.shared.add(name)
        return Tensor(name, t)

    def const(self, value: Any, dtype: str, node=None) -> Tensor:
        if dtype in ("f32", "f64"):
            value = float(value)
        elif dtype == "bool":
            value = bool(value)
        else:
            if isinstance(value, float) and not value.is_integer():
                raise TraceError(f"{line_of(node)}the float {value} meets an integer array; use astype first")
            value = int(value)
        return self.emit("const", (), {"value": value, "dtype": dtype}, node)

    def name_last(self, value: Any, hint: str) -> Any:
        """Give the binding just made the assigned variable's name as its hint (readable IR)."""
        if not (isinstance(value, Tensor) and self.bindings and self.bindings[-1].var == value.name
                and value.name.hint.split("_")[0] in ("t", "c")):
            return value
        new = self.fresh(hint)
        self.bindings[-1] = replace(self.bindings[-1], var=new)
        if value.name in self.shared:
            self.shared.add(new)
        return Tensor(new, value.type)

    # -- entry -------------------------------------------------------------------------------
    def entry(self, fn: ast.FunctionDef, shapes: Mapping[str, ShapeSpec]) -> G.Module:
        args = fn.args
        if args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs:
            raise TraceError(f"line {fn.lineno}: *args, **kwargs and keyword-only parameters are not supported")
        symbols: dict[str, Name] = {}
        params = []
        env: dict[str, Any] = dict(self.numbers)   # the arguments shadow them
        unknown = set(shapes) - {a.arg for a in args.args}
        if unknown:
            raise TraceError(f"shapes given for {', '.join(sorted(unknown))}, which {fn.name} does not take")
        for a in args.args:
            if a.arg not in shapes:
                raise TraceError(f"no shape given for argument {a.arg!r} of {fn.name}")
            shape = []
            for d in parse_shape(shapes[a.arg]):
                if isinstance(d, int):
                    shape.append(d)
                elif isinstance(d, str) and d.isidentifier():
                    if d not in symbols:
                        symbols[d] = self.fresh(d)
                    shape.append(dim_of(symbols[d]))
                else:
                    raise TraceError(f"argument {a.arg!r}: a dim is an int or a symbol name, not {d!r}")
            dtype = DTYPE_NAMES.get(self.dtypes.get(a.arg, self.default_dtype))
            if dtype is None:
                raise TraceError(f"argument {a.arg!r}: unknown dtype {self.dtypes.get(a.arg)!r}")
            name = self.fresh(a.arg)
            t = G.TensorType(dtype, tuple(shape))
            params.append(G.Param(name, t))
            self.shared.add(name)
            scalar = a.arg in self.weak and not shape
            env[a.arg] = Tensor(name, t, weak=scalar, value=("arg", len(params) - 1) if scalar else None,
                                big=scalar and a.arg in self.big)
        result = self.body(fn, env)
        if isinstance(result, tuple):
            items = tuple(self.tensor(x, None) for x in result)
            for item in items:
                self.check_weak_result(item)
            t = G.TupleType(tuple(x.type for x in items))
            var = self.fresh("result")
            self.bindings.append(G.Binding(var, t, G.MakeTuple(tuple(x.name for x in items))))
            result = Tensor(var, t)
        else:
            result = self.tensor(result, None)
            self.check_weak_result(result)
        params += [G.Param(t.name, t.type) for t in self.scalars.values() if t is not None]
        func = G.Function(fn.name, tuple(symbols.values()), tuple(params), result.type,
                          G.Block(tuple(self.bindings), result.name))
        return G.Module((func,))

    def body(self, fn: ast.FunctionDef, env: dict[str, Any]) -> Any:
        for stmt in fn.body:
            try:
                if isinstance(stmt, ast.Return):
                    if stmt.value is None:
                        raise TraceError(f"line {stmt.lineno}: a function returning nothing has no IR")
                    return self.expr(stmt.value, env)
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
                    continue  # docstring
                if isinstance(stmt, ast.Pass):
                    continue
                if isinstance(stmt, ast.Assign):
                    value = self.expr(stmt.value, env)
                    for target in stmt.targets:
                        self.assign(target, value, env)
                    continue
                if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                    self.assign(stmt.target, self.expr(stmt.value, env), env)
                    continue
                if isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
                    op = _BINOPS.get(type(stmt.op))
                    if op is None:
                        raise TraceError(f"line {stmt.lineno}: unsupported augmented assignment {ast.unparse(stmt)!r}")
                    left = self.lookup(stmt.target, env)
                    if isinstance(left, Tensor) and left.type.rank and not left.weak and (
                            left.name in self.shared or
                            any(v is not left and isinstance(v, Tensor) and v.name == left.name for v in env.values())):
                        raise InPlace(f"line {stmt.lineno}: {ast.unparse(stmt)!r} changes in place an array that is "
                                      "also an argument, another name's or a view of one")
                    value = self.binary(op, left, self.expr(stmt.value, env), stmt)
                    self.assign(stmt.target, value, env)
                    continue
                raise TraceError(f"line {stmt.lineno}: unsupported statement ({describe(stmt)}): "
                                 f"{ast.unparse(stmt).splitlines()[0]!r}")
            except TraceError as exc:
                raise reached(exc, stmt)
        raise TraceError(f"line {fn.lineno}: {fn.name} has no return statement")

    def assign(self, target: ast.AST, value: Any, env: dict[str, Any]) -> None:
        if isinstance(target, ast.Name):
            env[target.id] = self.name_last(value, target.id)
            return
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, tuple) and len(value) == len(target.elts):
            for t, v in zip(target.elts, value):
                self.assign(t, v, env)
            return
        raise TraceError(f"line {target.lineno}: unsupported assignment target {ast.unparse(target)!r}")

    def lookup(self, node: ast.Name, env: dict[str, Any]) -> Any:
        if node.id in env:
            return env[node.id]
        raise TraceError(f"line {node.lineno}: {unknown_name(node.id, self.outside_arrays)}")

    # -- expressions -------------------------------------------------------------------------
    def tensor(self, value: Any, node, dtype: str | None = None) -> Tensor:
        if isinstance(value, Tensor):
            return value
        if isinstance(value, (bool, int, float)):
            kind = dtype or ("bool" if isinstance(value, bool) else "f32" if isinstance(value, float) else "i64")
            return self.const(value, kind, node)
        if type(value) is dims.Expr:
            raise TraceError(f"{line_of(node)}a symbolic size used as array data is not supported")
        raise TraceError(f"{line_of(node)}expected an array, got {value!r}")

    def as_dtype(self, value: Any, dtype: str, node) -> Tensor:
        """``value`` (an array or a Python scalar) as an array of ``dtype``."""
        if isinstance(value, Tensor):
            if value.type.dtype == dtype:
                return value
            return self.emit("cast", (value,), {"dtype": dtype}, node)
        return self.tensor(value, node, dtype)

    def ufunc(self, op: str, values: Sequence[Any], node) -> Tensor:
        """``op`` on ``values`` with NumPy's dtype rules (``ir.dtypes``): each operand cast to the
        input dtype of the loop NumPy picks; logic on bools run on integers, then compared with 0."""
        operands = tuple(_dtype_of(v, node) for v in values)
        try:
            inputs, result = loop_dtypes(op, operands)
        except UnsupportedDtype as exc:
            raise TraceError(f"{line_of(node)}{exc}") from exc
        all_weak = all(weak for _, weak in operands)
        if op in NEGATIVE_SIDE and not all_weak and any(_python_int_outside(v, d) for v, d in zip(values, inputs)):
            # NumPy compares a Python int with an integer array exactly, in or out of the array's
            # range (int8_array < 300 holds everywhere): compared as int64 (or int64 with uint64).
            inputs = tuple("i64" if d[0] in "iu" and (d != "u64" or _is_python_int(v)) else d
                           for v, d in zip(values, inputs))
        if not all_weak:
            for v, d in zip(values, inputs):
                if _is_python_int(v) and not isinstance(v, Tensor) and not _fits(v, d):
                    # NEP 50: a Python int the loop's dtype cannot hold (np.where wraps it instead)
                    raise OverflowError("Python int too large to convert to C long" if d == "i64" else
                                        f"Python integer {v} out of bounds for {CODES[d]}")
            values = [self.leave_weak(v, d) for v, d in zip(values, inputs)]
        if op in ("floor", "ceil") and result not in ("f32", "f64"):
            return self.as_dtype(values[0], result, node)   # NumPy 2: the floor of an integer is itself
        if len(set(inputs)) > 1 and op in NEGATIVE_SIDE:
            return self.mixed_sign_compare(op, values, inputs, node)
        if all_weak and any(_beyond_int64(v) for v in values):
            # Python alone computes with an int beyond int64: nothing is compiled (emit refuses a use)
            return Tensor(self.fresh("big"), G.TensorType(result, ()), weak=True,
                          value=self.python_value(op, values), big=True)
        logic = result == "bool" and op in _BOOL_LOGIC
        args = [self.as_dtype(v, "i64" if logic else d, node) for v, d in zip(values, inputs)]
        out = self.emit(op, args, node=node)
        if logic:
            out = self.emit("cast", (out,), {"dtype": "bool"}, node)
        return replace(out, weak=all_weak, value=self.python_value(op, values) if all_weak else None)

    def python_value(self, op: str, values: Sequence[Any]) -> tuple | None:
        """The Python expression of an op on Python scalars (``guards.evaluate``), or None."""
        trees = [v.value if isinstance(v, Tensor) else ("const", v) for v in values]
        return (op, *trees) if op in PYTHON_OPS and all(t is not None for t in trees) else None

    def mixed_sign_compare(self, op: str, values: Sequence[Any], inputs: tuple, node) -> Tensor:
        """NumPy compares int64 with uint64 exactly (a loop of mixed inputs): a negative signed
        side decides the answer, otherwise both compare as uint64."""
        signed = 0 if inputs[0] == "i64" else 1
        negative = self.ufunc("less", [self.as_dtype(values[signed], "i64", node), 0], node)
        unsigned_args = [self.as_dtype(v, "u64", node) for v in values]
        compared = self.emit(op, unsigned_args, node=node)
        answer = self.const(NEGATIVE_SIDE[op][signed], "bool", node)
        return self.emit("where", (negative, answer, compared), node=node)

    def binary(self, op: str, a: Any, b: Any, node) -> Any:
        if not isinstance(a, Tensor) and not isinstance(b, Tensor):
            return _python_arith(op, a, b, node)
        if op == "pow" and isinstance(b, (int, float)) and b == 2:
            # x ** 2 as x * x, in the dtype NumPy's power loop gives (bool ** 2 is int8's).
            try:
                dtype = with_constant("pow", _dtype_of(a, node)[0], b)
            except UnsupportedDtype as exc:
                raise TraceError(f"{line_of(node)}{exc}") from exc
            x = self.as_dtype(a, dtype, node)
            return self.ufunc("mul", [x, x], node)
        return self.ufunc(op, [a, b], node)

    def expr(self, node: ast.AST, env: dict[str, Any]) -> Any:
        if isinstance(node, ast.Name):
            return self.lookup(node, env)
        if isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, float)):
            return node.value
        if isinstance(node, ast.Tuple):
            return tuple(self.expr(e, env) for e in node.elts)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return self.binary(_BINOPS[type(node.op)], self.expr(node.left, env), self.expr(node.right, env), node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.FloorDiv, ast.Mod)):
            a, b = self.expr(node.left, env), self.expr(node.right, env)
            if isinstance(a, Tensor) or isinstance(b, Tensor):
                raise TraceError(f"line {node.lineno}: floor division and modulo of arrays are not supported")
            return _python_arith("floordiv" if isinstance(node.op, ast.FloorDiv) else "mod", a, b, node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            v = self.expr(node.operand, env)
            return self.ufunc("neg", [v], node) if isinstance(v, Tensor) else _python_arith("neg", v, None, node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
            return self.expr(node.operand, env)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _CMPOPS:
            a, b = self.expr(node.left, env), self.expr(node.comparators[0], env)
            return self.ufunc(_CMPOPS[type(node.ops[0])], [a, b], node)
        if isinstance(node, ast.Attribute):
            return self.attribute(node, env)
        if isinstance(node, ast.Subscript):
            return self.subscript(node, env)
        if isinstance(node, ast.Call):
            return self.call(node, env)
        raise TraceError(f"line {node.lineno}: unsupported expression ({describe(node)}): {ast.unparse(node)!r}")

    def attribute(self, node: ast.Attribute, env) -> Any:
        value = self.expr(node.value, env)
        if isinstance(value, Tensor):
            if node.attr == "T":
                return self.emit("transpose", (value,), {"axes": tuple(reversed(range(value.type.rank)))}, node)
            if node.attr == "shape":
                return tuple(value.type.shape)
            if node.attr == "ndim":
                return value.type.rank
            if node.attr == "size":
                return dims.product(value.type.shape)
        raise TraceError(f"line {node.lineno}: unsupported attribute {ast.unparse(node)!r}")

    def call(self, node: ast.Call, env) -> Any:
        func = node.func
        kwargs = {}
        for kw in node.keywords:
            if kw.arg is None:
                raise TraceError(f"line {node.lineno}: **kwargs in a call are not supported")
            kwargs[kw.arg] = kw.value
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in _NUMPY_ALIASES \
                and func.value.id not in env:
            return self.numpy_call(func.attr, node, [self.expr(a, env) for a in node.args], kwargs, env)
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "math" \
                and "math" not in env and not kwargs:
            return self.math_call(func.attr, [self.expr(a, env) for a in node.args], node)
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and root.id in _NUMPY_ALIASES and root.id not in env:
            raise TraceError(f"line {node.lineno}: unsupported call {ast.unparse(func)!r}")
        if isinstance(func, ast.Attribute):
            receiver = self.expr(func.value, env)
            if isinstance(receiver, Tensor):
                args = [] if func.attr == "astype" else [self.expr(a, env) for a in node.args]
                return self.method(receiver, func.attr, node, args, kwargs, env)
        if isinstance(func, ast.Name) and func.id in self.defs and func.id not in env:
            return self.inline_call(self.defs[func.id], node, env)
        if isinstance(func, ast.Name) and func.id in self.helpers and func.id not in env:
            helper, outer = self.helpers[func.id], self.helpers
            callee = outside_of(helper.fn)
            self.helpers = callee.helpers   # what it calls, from its own module
            try:
                return self.inline_call(helper.node, node, env, callee.numbers)
            except TraceError as exc:
                raise in_callee(exc, helper, node) from None
            finally:
                self.helpers = outer
        if isinstance(func, ast.Name) and func.id in ("len", "float", "int", "max", "min") and not kwargs:
            return self.builtin(func.id, [self.expr(a, env) for a in node.args], node)
        raise TraceError(f"line {node.lineno}: unsupported call {ast.unparse(func)!r}")

    def math_call(self, name: str, args: list, node) -> Any:
        """``math.sqrt(d)`` and its kin: of Python numbers, Python's own value (the scale of
        attention, ``1 / math.sqrt(q.shape[-1])``); of a number the code computes, the ufunc in
        float64, a Python float as NumPy sees it (weak: ``x32 * math.sqrt(s)`` stays float32).
        As in Numba, a domain error is NaN, not an exception."""
        if args and all(isinstance(a, (int, float)) for a in args) and callable(getattr(math, name, None)):
            try:
                value = getattr(math, name)(*args)
            except (ValueError, OverflowError, TypeError) as exc:
                raise TraceError(f"line {node.lineno}: math.{name}{tuple(args)}: {exc}") from None
            if type(value) in (int, float, bool):
                return value
        if name not in MATH_UFUNCS or len(args) != 1:
            raise TraceError(f"line {node.lineno}: unsupported call math.{name} (of these arguments)")
        if MATH_UFUNCS[name] not in OPS:   # the array IR has no such ufunc; loop code computes it
            raise TraceError(f"line {node.lineno}: math.{name} is compiled in loop code (element by element), "
                             "not in whole-array code")
        (x,) = args
        if not isinstance(x, Tensor):   # a symbolic size
            raise TraceError(f"line {node.lineno}: math.{name} of a symbolic size is not compiled "
                             "(give the shape, or compute it with NumPy)")
        if x.type.rank:
            raise TraceError(f"line {node.lineno}: math.{name} takes numbers, not arrays (np.{name} works on arrays)")
        out = self.ufunc(MATH_UFUNCS[name], [self.as_dtype(x, "f64", node)], node)
        return replace(out, weak=True, value=None)

    def builtin(self, name: str, args: list, node) -> Any:
        if name == "len" and len(args) == 1 and isinstance(args[0], Tensor) and args[0].type.rank >= 1:
            return args[0].type.shape[0]
        if name in ("float", "int") and len(args) == 1 and isinstance(args[0], (int, float)):
            return float(args[0]) if name == "float" else int(args[0])
        if name in ("max", "min") and all(isinstance(a, int) or type(a) is dims.Expr for a in args) and args:
            out = args[0]
            for a in args[1:]:
                out = dims.dmax(out, a) if name == "max" else dims.dmin(out, a)
            return out
        raise TraceError(f"line {node.lineno}: unsupported use of {name}()")

    def inline_call(self, fn: ast.FunctionDef, node: ast.Call, env, numbers: Mapping[str, Any] = {}) -> Any:
        if self.depth > 20:
            raise TraceError(f"line {node.lineno}: recursion is not supported ({fn.name})")
        params = [a.arg for a in fn.args.args]
        defaults = dict(zip(params[len(params) - len(fn.args.defaults):], fn.args.defaults))
        local: dict[str, Any] = dict(numbers)   # a called function's own globals' numbers
        for p, a in zip(params, node.args):
            local[p] = self.expr(a, env)
        for kw in node.keywords:
            if kw.arg not in params:
                raise TraceError(f"line {node.lineno}: {fn.name} has no parameter {kw.arg!r}")
            local[kw.arg] = self.expr(kw.value, env)
        for p in params:
            if p not in local:
                if p not in defaults:
                    raise TraceError(f"line {node.lineno}: missing argument {p!r} for {fn.name}")
                local[p] = self.expr(defaults[p], {})
        self.depth += 1
        try:
            return self.body(fn, local)
        finally:
            self.depth -= 1

    def axis_arg(self, value: Any, rank: int, node) -> tuple[int, ...]:
        if value is None:
            return tuple(range(rank))
        axes = value if isinstance(value, tuple) else (value,)
        out = []
        for a in axes:
            if not isinstance(a, int) or not -rank <= a < rank:
                raise TraceError(f"line {node.lineno}: axis {a!r} out of range for rank {rank}")
            out.append(a % rank)
        return tuple(sorted(out))

    def reduce(self, op: str, x: Any, node, axis_node, keep_node, env) -> Tensor:
        x = self.tensor(x, node)
        try:
            accumulate = reduction_dtype(op, x.type.dtype)
        except UnsupportedDtype as exc:
            raise TraceError(f"{line_of(node)}{exc}") from exc
        logic = accumulate == "bool"   # max/min of bools: any/all, on integers
        x = self.as_dtype(x, "i64" if logic else accumulate, node)
        axis = self.expr(axis_node, env) if axis_node is not None else None
        keepdims = self.expr(keep_node, env) if keep_node is not None else False
        if not isinstance(keepdims, bool):
            raise TraceError(f"line {node.lineno}: keepdims must be a constant True/False")
        axes = self.axis_arg(axis, x.type.rank, node)
        if op in ("max", "min"):   # no identity: NumPy refuses an empty reduction
            error = ShapeError(f"{line_of(node)}zero-size array to reduction operation "
                               f"{'maximum' if op == 'max' else 'minimum'} which has no identity")
            for a in axes:
                self.require_size(dims.sub(x.type.shape[a], 1), error)
        out = self.emit(op, (x,), {"axes": axes, "keepdims": keepdims}, node)
        return self.emit("cast", (out,), {"dtype": "bool"}, node) if logic else out

    def numpy_call(self, name: str, node: ast.Call, args: list, kwargs: dict, env) -> Any:
        _known_keywords(f"np.{name}", _KEYWORDS.get(name, ()), kwargs, node)
        if name in _UNARY and len(args) == 1 and not kwargs:
            return self.ufunc(_UNARY[name], args, node)
        if name == "square" and len(args) == 1:
            return self.ufunc("mul", [args[0], args[0]], node)
        if name in _BINARY_FUNCS and len(args) == 2 and not kwargs:
            return self.ufunc(_BINARY_FUNCS[name], args, node)
        if name == "where" and len(args) == 3:
            cond = self.as_dtype(args[0], "bool", node)
            dtype = common_dtype(tuple(_dtype_of(v, node) for v in args[1:]))
            a, b = (self.as_dtype(v, dtype, node) for v in args[1:])
            return self.emit("where", (cond, a, b), node=node)
        if name in ("matmul", "dot") and len(args) == 2:
            return self.ufunc("matmul", args, node)
        if name in _REDUCTIONS and len(args) >= 1:
            axis_node = kwargs.get("axis", node.args[1] if len(node.args) > 1 else None)
            return self.reduce(_REDUCTIONS[name], args[0], node, axis_node, kwargs.get("keepdims"), env)
        if name == "transpose" and len(args) >= 1:
            axes = args[1] if len(args) > 1 else (self.expr(kwargs["axes"], env) if "axes" in kwargs else None)
            return self.method(self.tensor(args[0], node), "transpose", node, [axes] if axes is not None else [], {}, env)
        if name == "expand_dims" and len(args) + len(kwargs) == 2 and set(kwargs) <= {"axis"}:
            if kwargs:
                args = [args[0], self.expr(kwargs["axis"], env)]
            if not isinstance(args[1], (int, tuple)):
                raise TraceError(f"line {node.lineno}: expand_dims takes constant axes")
            x = self.tensor(args[0], node)
            axes = args[1] if isinstance(args[1], tuple) else (args[1],)
            rank = x.type.rank + len(axes)
            new = {a % rank if isinstance(a, int) and -rank <= a < rank else None for a in axes}
            if None in new or len(new) != len(axes):
                raise TraceError(f"line {node.lineno}: expand_dims axes {args[1]!r} out of range for rank {rank}")
            rest = iter(x.type.shape)
            shape = tuple(1 if k in new else next(rest) for k in range(rank))
            return self.emit("reshape", (x,), {"shape": shape}, node)
        if name == "reshape" and len(args) == 2:
            return self.method(self.tensor(args[0], node), "reshape", node, [args[1]], {}, env)
        raise TraceError(f"line {node.lineno}: unsupported NumPy call np.{name} (with these arguments)")

    def method(self, x: Tensor, name: str, node: ast.Call, args: list, kwargs: dict, env) -> Any:
        _known_keywords(f".{name}", _KEYWORDS.get(name, ()), kwargs, node)
        if name in ("sum", "mean", "max", "min"):
            axis_node = kwargs.get("axis", node.args[0] if node.args else None)
            return self.reduce(name, x, node, axis_node, kwargs.get("keepdims"), env)
        if name == "transpose":
            if not args or args == [None]:
                axes = tuple(reversed(range(x.type.rank)))
            else:
                axes = args[0] if len(args) == 1 and isinstance(args[0], tuple) else tuple(args)
            axes = tuple(a % x.type.rank if isinstance(a, int) else a for a in axes)
            return self.emit("transpose", (x,), {"axes": axes}, node)
        if name == "reshape":
            target = args[0] if len(args) == 1 and isinstance(args[0], tuple) else tuple(args)
            return self.emit("reshape", (x,), {"shape": self.reshape_target(x, target, node)}, node)
        if name == "astype" and len(node.args) == 1:
            arg = node.args[0]
            text = arg.attr if isinstance(arg, ast.Attribute) else arg.value if isinstance(arg, ast.Constant) else None
            dtype = DTYPE_NAMES.get(text) if isinstance(text, str) else None
            if dtype is None:
                raise TraceError(f"line {node.lineno}: unsupported dtype in {ast.unparse(node)!r}")
            return self.emit("cast", (x,), {"dtype": dtype}, node) if dtype != x.type.dtype else x
        raise TraceError(f"line {node.lineno}: unsupported array method .{name}()")

    def reshape_target(self, x: Tensor, target: tuple, node) -> tuple:
        out = []
        unknown = None
        for i, d in enumerate(target):
            if d == -1 and isinstance(d, int):
                if unknown is not None:
                    raise TraceError(f"line {node.lineno}: reshape with more than one -1")
                unknown = i
                out.append(None)
            elif isinstance(d, int) or type(d) is dims.Expr:
                out.append(d)
            else:
                raise TraceError(f"line {node.lineno}: reshape target {d!r} is not a size")
        if unknown is None:
            return tuple(out)  # emit() checks the sizes
        try:
            return reshape_to(x.type, out, self.prove)
        except IRTypeError as exc:
            raise TraceError(f"{line_of(node)}{exc}") from exc

    def subscript(self, node: ast.Subscript, env) -> Any:
        value = self.expr(node.value, env)
        index = node.slice
        items = list(index.elts) if isinstance(index, ast.Tuple) else [index]
        if isinstance(value, tuple):  # x.shape[0]
            if len(items) == 1:
                i = self.expr(items[0], env)
                if isinstance(i, int) and -len(value) <= i < len(value):
                    return value[i]
            raise TraceError(f"line {node.lineno}: unsupported index into a tuple {ast.unparse(node)!r}")
        x = self.tensor(value, node)
        items = _expand_ellipsis(items, x.type.rank, node)
        # Each output axis: an input axis (kept by a slice) or None (a new axis of size 1).
        plan: list = []
        per_axis: list = []
        for item in items:
            if _is_new_axis(item):
                plan.append(None)
                continue
            if len(per_axis) >= x.type.rank:
                raise TraceError(f"line {node.lineno}: too many indices for an array of rank {x.type.rank}")
            if isinstance(item, ast.Slice):
                plan.append(len(per_axis))
            per_axis.append(item)
        plan += range(len(per_axis), x.type.rank)
        begin, step, size = [], [], []
        for axis in range(x.type.rank):
            d = x.type.shape[axis]
            item = per_axis[axis] if axis < len(per_axis) else ast.Slice()
            if isinstance(item, ast.Slice):
                b, s, n = self.slice_axis(item, d, env, node)
            else:
                i = self.expr(item, env)
                if isinstance(i, Tensor) and i.type.dtype == "bool":
                    raise TraceError(f"line {node.lineno}: a boolean selection ({ast.unparse(node)}) made into an "
                                     "array of its own has a size the data decides: not supported (reduce it, "
                                     "combine it element by element, or assign through the mask, in loop code)")
                if not isinstance(i, int) and type(i) is not dims.Expr:
                    raise TraceError(f"line {node.lineno}: unsupported index {ast.unparse(item)!r} "
                                     "(only constant slices, integers, None and ...)")
                if isinstance(i, int) and i < 0:
                    i = dims.add(d, i)
                error = ShapeError(f"{line_of(node)}index {ast.unparse(item)} is out of bounds for axis {axis} "
                                   f"with size {dims.show(d)}", IndexError)
                self.require_size(i, error)
                self.require_size(dims.sub(dims.sub(d, i), 1), error)
                b, s, n = i, 1, 1
            begin.append(b)
            step.append(s)
            size.append(n)
        out = x
        if any(b != 0 for b in begin) or any(s != 1 for s in step) or tuple(size) != tuple(x.type.shape):
            out = self.emit("slice", (x,), {"begin": tuple(begin), "step": tuple(step), "size": tuple(size)}, node)
        shape = tuple(1 if axis is None else out.type.shape[axis] for axis in plan)
        if shape != tuple(out.type.shape):
            out = self.emit("reshape", (out,), {"shape": shape}, node)
        return out

    def slice_axis(self, item: ast.Slice, d: dims.Dim, env, node) -> tuple:
        def const(part, default):
            if part is None:
                return default
            v = self.expr(part, env)
            if isinstance(v, int) or type(v) is dims.Expr:
                return v
            raise TraceError(f"line {node.lineno}: slice bound {ast.unparse(part)!r} is not a constant size")
        step = const(item.step, 1)
        if not isinstance(step, int) or step == 0:
            raise TraceError(f"line {node.lineno}: slice steps must be non-zero integer constants")
        if step > 0:
            start, stop = const(item.lower, 0), const(item.upper, d)
        else:
            start, stop = const(item.lower, dims.sub(d, 1)), const(item.upper, None)
        start = _clamp_index(start, d, step)
        if stop is None:
            stop = -1
        else:
            stop = _clamp_index(stop, d, step)
        if step > 0:
            size = dims.floordiv(dims.add(dims.sub(stop, start), step - 1), step)
        else:
            size = dims.floordiv(dims.add(dims.sub(start, stop), -step - 1), -step)
        if isinstance(size, int):
            size = max(size, 0)
        if not isinstance(d, int):
            # Python's clamping of the bounds into the axis is left out for a symbolic axis: exact
            # only while both bounds lie in it and the size is not negative (guards.Guards.sizes).
            low = -1 if step < 0 else 0
            for guard in (dims.sub(start, low), dims.sub(dims.add(d, low), start), dims.sub(stop, low),
                          dims.sub(dims.add(d, low), stop), size):
                self.require_size(guard, None)
        return start, step, size


# A comparison of int64 with uint64 whose signed side is negative: its answer, by which side
# (left, right) is the signed one (-1 < u holds; u < -1 does not).
NEGATIVE_SIDE = {"less": (True, False), "less_equal": (True, False), "greater": (False, True),
                  "greater_equal": (False, True), "equal": (False, False), "not_equal": (True, True)}
# Ops NumPy defines on bools by logic (+ is or, * is and, max is or...): run on integers.
_BOOL_LOGIC = frozenset({"add", "mul", "maximum", "minimum", "matmul"})


def _dtype_of(value: Any, node) -> tuple[str, bool]:
    """``(dtype code, weak)`` of an operand; a Python scalar is weak (NEP 50)."""
    if isinstance(value, Tensor):
        return value.type.dtype, value.weak
    if isinstance(value, bool):
        return "bool", True
    if isinstance(value, int):
        return "i64", True
    if isinstance(value, float):
        return "f64", True
    raise TraceError(f"{line_of(node)}expected an array or a number, got {value!r}")


def _fits(value: int, dtype: str) -> bool:
    """Whether the Python int ``value`` is one of ``dtype``'s values (True for a float dtype)."""
    if CODES[dtype].kind not in "iu":
        return True
    info = np.iinfo(CODES[dtype])
    return info.min <= value <= info.max


def _python_int_outside(value: Any, dtype: str) -> bool:
    """Whether a comparison operand is a Python int that ``dtype`` may not hold: a constant out
    of its range, or an argument (its value is the call's)."""
    if CODES[dtype].kind not in "iu" or dtype == "i64" or not _is_python_int(value):
        return False
    return isinstance(value, Tensor) or not _fits(value, dtype)


def _beyond_int64(value: Any) -> bool:
    """A Python int (an argument, a constant, arithmetic) that int64 cannot hold."""
    if isinstance(value, Tensor):
        return value.big
    return _is_python_int(value) and not _fits(value, "i64")


def _is_python_int(value: Any) -> bool:
    if isinstance(value, Tensor):
        return value.weak and value.type.dtype[0] in "iu"
    return isinstance(value, int) and not isinstance(value, bool)


def _is_new_axis(item: ast.AST) -> bool:
    """``None`` or ``np.newaxis`` in an index: a new axis of size 1."""
    return (isinstance(item, ast.Constant) and item.value is None) or \
        (isinstance(item, ast.Attribute) and item.attr == "newaxis" and isinstance(item.value, ast.Name)
         and item.value.id in _NUMPY_ALIASES)


def _expand_ellipsis(items: list, rank: int, node) -> list:
    """``...`` replaced by as many full slices as the axes the other indices leave."""
    spots = [k for k, item in enumerate(items) if isinstance(item, ast.Constant) and item.value is Ellipsis]
    if not spots:
        return items
    if len(spots) > 1:
        raise TraceError(f"line {node.lineno}: an index can only have a single ellipsis ('...')")
    used = sum(1 for item in items if not _is_new_axis(item)) - 1
    k = spots[0]
    return items[:k] + [ast.Slice()] * max(rank - used, 0) + items[k + 1:]


def _clamp_index(i: dims.Dim, d: dims.Dim, step: int) -> dims.Dim:
    """Python's slice-bound rules: negative counts from the end; clamp into range when concrete."""
    if isinstance(i, int) and i < 0:
        i = dims.add(d, i)
    if isinstance(i, int) and isinstance(d, int):
        return min(max(i, -1 if step < 0 else 0), d - 1 if step < 0 else d)
    return i


def _python_arith(op: str, a: Any, b: Any, node) -> Any:
    def is_num(v):
        return isinstance(v, (int, float)) or type(v) is dims.Expr
    if not is_num(a) or (b is not None and not is_num(b)):
        raise TraceError(f"{line_of(node)}unsupported operands for {op}: {a!r}, {b!r}")
    if op == "neg":
        return dims.neg(a) if type(a) is dims.Expr else -a
    if isinstance(a, float) or isinstance(b, float):
        if type(a) is dims.Expr or type(b) is dims.Expr:
            raise TraceError(f"{line_of(node)}a symbolic size in float arithmetic is not supported")
        return {"add": a + b, "sub": a - b, "mul": a * b, "div": a / b, "pow": a ** b,
                "floordiv": a // b, "mod": a % b}[op]
    table = {"add": dims.add, "sub": dims.sub, "mul": dims.mul, "floordiv": dims.floordiv, "mod": dims.mod}
    if op in table:
        return table[op](a, b)
    if op == "div" and isinstance(a, int) and isinstance(b, int):
        return a / b
    if op == "pow" and isinstance(a, int) and isinstance(b, int) and 0 <= b <= 4096:   # 2 ** 62: Python's int
        return a ** b
    raise TraceError(f"{line_of(node)}unsupported size arithmetic {op}")


def line_of(node) -> str:
    return f"line {node.lineno}: " if node is not None and hasattr(node, "lineno") else ""


_DESCRIPTIONS = {
    ast.If: "if statement", ast.For: "for loop", ast.While: "while loop", ast.With: "with statement",
    ast.Try: "try statement", ast.FunctionDef: "nested function", ast.Lambda: "lambda",
    ast.ListComp: "list comprehension", ast.IfExp: "conditional expression", ast.BoolOp: "and/or",
    ast.Dict: "dict", ast.List: "list", ast.Import: "import", ast.ImportFrom: "import",
    ast.Global: "global", ast.Delete: "del", ast.Raise: "raise", ast.Assert: "assert",
    ast.GeneratorExp: "generator expression", ast.JoinedStr: "f-string", ast.Starred: "starred expression",
}


def describe(node: ast.AST) -> str:
    return _DESCRIPTIONS.get(type(node), type(node).__name__)
