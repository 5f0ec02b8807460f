"""The Numba-style front end: a Python function with loops over array elements -> a loop kernel.

Where ``frontend.py`` traces whole-array NumPy code to the graph IR, this one reads the code
Numba users write (explicit loops, element reads and writes, scalar accumulators) and emits one
loop-level kernel (``loops.py``) directly, with the :class:`~loops.Program` that allocates its
arrays and runs it. ``shapecheck.jit`` picks it for a function with a ``for``/``while``/``if``
statement, an element assignment or an allocation. As in the graph front end the function is read from its
source, never run, and argument shapes may name symbols (one kernel then serves every size).

Supported:

- ``for v in range(stop)`` / ``range(start, stop[, step])`` (a step of either sign, constant or
  known at run time: Python's trip count, and its ValueError for 0; ``numba.prange`` reads as
  ``range``), ``for v in (a, b, c)`` (numbers of one kind, read once before the loop; ``enumerate`` of them too); ``for v
  in x`` (elements, or rows), ``enumerate(x[, start])`` and ``zip(a, b, ...)`` of arrays, as
  range loops (:class:`_Iterations`), ``while``, ``if``/``elif``/``else``, ``break``,
  ``continue``, conditional expressions (of numbers, or of arrays of one shape and dtype),
  ``and``/``or``/``not`` and comparison chains, which short-circuit as Python's (``i < n and
  x[i] > 0`` never reads ``x[n]``);
- scalar locals (ints, floats, bools): a variable's dtype is the NumPy promotion of every value
  assigned to it (as Numba unifies them), Python literals are weak scalars (NEP 50);
- element reads and writes ``x[i, j]``, ``x[i][j]``, ``out[i] += v`` (negative indices count
  from the end, as in Python), also into
  arguments: the caller's array changes, as with Numba (``runtime`` checks it is writeable and
  copies back into one it had to copy for its layout). An index not proven in range (a loop
  variable over ``range(x.shape[0])`` indexing ``x`` on that axis is; ``idx[i]`` or a scalar
  argument's range is not) is checked where it is evaluated, unlike Numba: out of range, the
  kernel records it in a fault buffer (``Program.fault``), leaves every loop and the call
  raises NumPy's ``IndexError`` (never a write or read outside the array);
- ``x.shape``, ``x.ndim``, ``x.size``, ``len(x)``; ``abs min max float int bool``; reductions of
  arrays (``sum mean max min``, and ``argmin argmax``: the flat index of the first extreme, NaN
  first), whole or along axes (``axis=``, ``keepdims=``: a new array), ``cumsum``/``cumprod``;
  ``np.sort`` (a sorted copy), ``x.sort()`` (in place), ``np.argsort`` (stable) and
  ``np.searchsorted`` (``loopsort``); ``any``/``all``/``np.count_nonzero``, ``np.outer``,
  ``np.diff``, ``.astype``; ``prod``, ``var``/``std``, ``np.median``, ``np.linalg.norm``,
  ``np.trace``, ``np.eye``/``identity``, ``np.interp`` and joins (``looplibrary``); NumPy's roundings;
  ``math.*`` (in double, giving Python floats) and scalar ``np.*`` functions (``np.clip`` too,
  and ``np.tril``/``triu`` of arrays) and constants
  (``math.pi``, ``np.inf``...); numbers from the module's globals and the closure (frozen);
- calls of other functions (plain or jitted, from the globals or closure: inlined, each
  argument evaluated once, in order; their bodies assignments and a final return, or an
  ``if``/``elif``/``else`` of returns);
- allocation: ``np.zeros ones empty full arange`` (with a dtype, by keyword or position), their ``_like`` forms,
  ``x.copy()``/``np.copy(x)``, ``np.linspace``; sizes are argument dims (or arithmetic on them), or
  computed from int arguments' values (``Tracer.size``: a shape variable the entry reads). Inside a loop or
  branch too: a fresh array each time the statement runs (one buffer per call), whose name is
  not readable after that loop or branch;
- assignment through integer arrays (``x[idx] = v``, ``x[idx] += v``: NumPy's buffered
  assignment, the last write to a repeated index staying) and NumPy's unbuffered ``np.add.at``
  (``subtract multiply maximum minimum`` too), every index checked before any write
  (``loopmasks.indexed_store``);
- Python lists built by ``append`` (``out = []``; ``out.append(v)`` in ``for`` loops and
  branches; ``np.array(out)``, ``len(out)``, ``out`` returned): a buffer sized by the loops' trip
  counts and a count (``looplists``);
- whole-array expressions on rows, slices and arrays (``out[i] = x[i] * w + b``,
  ``np.sum(a[i] * b)``, ``x[i, 1:] - x[i, :-1]``, ``acc += x[i]``): ``looparrays``; slices
  (steps too, over sizes known at run time), ``.T``/``transpose``, ``reshape``/``ravel`` bound
  to names are NumPy's views: read and written in the array they view (a slice's reshape, a
  view or a copy as NumPy's strides allow, is not bound); ``flatten`` is a copy;
- array names rebound among each other inside loops and branches (double buffering:
  ``a, b = b, a``; rotations; ``b = c`` in a branch): each such name holds one of its group's
  arrays (named outside loops, one shape and dtype), chosen at run time; its elements are read
  and written one at a time, or it is used whole as a value. A name rebound to a new array in a
  loop (``x = x - lr * g``) gets two buffers of its own, written in turn (the one it does not
  hold), when no other name is bound to it; so does one bound to an array made in the loop
  (``v = np.empty_like(u); ...; u = v``, ``if z.sum() > best.sum(): best = z``), which it copies:
  writing that array after the binding, or reading it after writing the name, is refused by name
  (Python shows such writes through both names); slices and rows of rebound names are read and
  written in the array they hold;
- ``return`` of arrays, scalars or a tuple of them, as the function's last statement and also
  before it, inside loops and branches (``if x[i] > x[i + 1]: return False``): a result that is a
  number has one dtype over every return (as Numba unifies them), one that is an array must be
  the same array at every return.

>>> lm = trace_loops("def f(x):\\n    s = 0.0\\n    for i in range(x.shape[0]):\\n        s += x[i]\\n"
...                  "    return s\\n", shapes={"x": ("n",)}, dtypes={"x": "f64"})
>>> [b.dtype for b in lm.program.temps]
['f64']
"""

from __future__ import annotations

import ast
import copy
import os
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Union

import numpy as np

from shapecheck.constraints import dims
from shapecheck.subst import Scope
from shapecheck.subst.dimterms import dim_of
from shapecheck.subst.names import Name, fresh_name

from . import faults
from . import loops as L
from .dtypes import CODES, UnsupportedDtype, common_dtype, loop_dtypes
from .looplibrary import LibraryCode
from .looplists import ListCode, Listed, arrays_only_returned, is_new_list
from .loopmasks import MaskCode
from .looparrays import (REDUCTIONS, Array, ArrayCode, ArrayExpr, Filtered, Rotating, Scalar, cast as _cast, is_array, loop_nest,
                         reads_memory, show_shape, at_least, size_expr)
from .frontend import (DTYPE_NAMES, MATH_BINARY_UFUNCS, MATH_UFUNCS, NEGATIVE_SIDE, ShapeSpec, TraceError, analysed_on_failure, check_shapes, describe,
                       in_callee, line_of, parse_shape, reached, read_function)
from .passes.fold import fold_kernel
from .sources import Helper, analysis_source, outside_of, unknown_name

__all__ = ["trace_loops", "uses_loops"]

I = L.INDEX
_MAX_RETYPES = 6    # passes to settle variable dtypes (each widening reruns the trace)


def _size_value(d):
    """An axis size as the tracer's value: an int or dim, or (known at run time: a view's) a
    Python int the code computes."""
    return d if type(d) in (int, dims.Expr) else Scalar(d, True)


def uses_loops(fn_or_source: Union[str, Callable], func_name: str | None = None) -> bool:
    """Whether the function is loop code: a ``for``/``while``/``if`` statement, an element
    assignment (``out[i] = ...``), an allocation (``np.zeros``, ``x.copy()``...) or a
    ``ufunc.at`` (``np.add.at``) at any depth of its body."""
    _, defs, func_name = read_function(fn_or_source, func_name)
    for node in ast.walk(defs[func_name]):
        if isinstance(node, (ast.For, ast.While, ast.If)):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_allocation(node.func):
            return True     # the graph IR has no allocation: np.zeros(n) and x.copy() are loop code
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "at" \
                and isinstance(node.func.value, ast.Attribute) and node.func.value.attr in _AT_UFUNCS:
            return True     # np.add.at(x, idx, v) changes x in place
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AugAssign) else []
        if any(isinstance(t, ast.Subscript) for t in targets):
            return True
    return False


def trace_loops(fn_or_source: Union[str, Callable], func_name: str | None = None, *,
                shapes: Mapping[str, ShapeSpec], dtypes: Mapping[str, str] | None = None,
                weak: frozenset = frozenset()) -> L.LoopModule:
    """The loop module of a Numba-style function for these argument shapes and dtypes (codes
    ``f32 f64 i32 i64 bool``; default f64); ``weak`` names arguments that are Python scalars."""
    source, defs, func_name = read_function(fn_or_source, func_name)
    outside = outside_of(fn_or_source)
    fn = _ranges_of_iterations(defs[func_name])
    var_types: dict[str, tuple[str, bool]] = {}
    groups: dict[str, frozenset] = {}
    list_dtypes: dict[str, str] = {}
    with analysed_on_failure(source, outside, func_name, shapes):
        for _ in range(_MAX_RETYPES):
            kernel = _KernelTracer(fn, shapes, dtypes or {}, weak, dict(var_types), dict(groups), outside.numbers,
                                   outside.arrays, outside.helpers, list_dtypes)
            module = kernel.run()
            if not kernel.widened and kernel.next_groups == groups:
                break   # every variable kept the dtype it was declared with: the trace stands
            var_types, groups, list_dtypes = kernel.var_types, kernel.next_groups, kernel.next_list_dtypes
        else:
            raise TraceError(f"line {fn.lineno}: the dtypes of {fn.name}'s variables do not settle")
    if kernel.checks:
        # What the tracer could not prove it checks at run time, in NumPy's words but without a
        # line; where the analyser proves such a check fails for these shapes (out[i + 1] past
        # the end), the error is told now, at its line, before anything compiles.
        check_shapes(analysis_source(source, outside), func_name, shapes, _conditional_lines(fn))
    return module


# --- values --------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Cut:
    """Where the kernel is cut (``cut``): the statements before leave the value of ``param``."""

    param: Name


@dataclass
class _Loop:
    """What the tracer knows of a loop variable: a lower bound (for index wrap-around) and, for
    an ascending loop, its stop (the variable stays below it: an index bound proven in range)."""

    low: int | None
    stop: L.Expr | None = None


# --- the tracer ------------------------------------------------------------------------------

_MATH = {**MATH_UFUNCS, "absolute": "abs", "abs": "abs"}   # and NumPy's spellings of |x|
# NumPy's own names of libm's functions (np.arcsin; np.asin is math's spelling, in _MATH)
_NP_MATH = {fn: fn for fn in ("arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh", "sinh", "cosh",
                              "log2", "log10", "exp2", "cbrt")}
_NP_BINARY_MATH = {"arctan2": "arctan2", "atan2": "arctan2", "hypot": "hypot"}
# Degrees and radians: a product with one double constant, as CPython's math module and NumPy's
# npy_deg2rad compute them (x * (pi / 180), x * (180 / pi))
_ANGLES = {"radians": math.pi / 180.0, "deg2rad": math.pi / 180.0, "degrees": 180.0 / math.pi,
           "rad2deg": 180.0 / math.pi}
_ROUNDING = {"floor": "floor", "ceil": "ceil", "rint": "rint", "trunc": "trunc"}   # math.floor gives an int, np.floor a float
_CONSTANTS = {"pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan, "newaxis": None}
_BINOPS = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div", ast.FloorDiv: "floordiv",
           ast.Mod: "mod", ast.Pow: "pow"}
_LOGICAL = {ast.BitAnd: "and", ast.BitOr: "or", ast.BitXor: "xor"}   # of booleans (masks); of integers, bitwise
_SHIFTS = {ast.LShift: "lshift", ast.RShift: "rshift"}
_BITWISE = ("bitand", "bitor", "bitxor", "lshift", "rshift")
_AUGMENTED = {**_BINOPS, **_LOGICAL, **_SHIFTS}   # x op= y
_CMPOPS = {ast.Lt: "less", ast.LtE: "less_equal", ast.Gt: "greater", ast.GtE: "greater_equal",
           ast.Eq: "equal", ast.NotEq: "not_equal"}
_COMPARE_CODES = {"less": "lt", "less_equal": "le", "greater": "gt", "greater_equal": "ge",
                  "equal": "eq", "not_equal": "ne"}
_ALLOCATORS = {"zeros": 0, "ones": 1, "empty": None, "full": "value"}
_LAYOUTS = ("transpose", "reshape", "ravel", "flatten")   # the same elements laid out anew
_RUNNING = {"cumsum": "add", "cumprod": "mul"}
# NumPy's functions of whole arrays (``looplibrary``): the arguments each takes after the array
# (by position, as NumPy names them) and those it takes by keyword only here
_LIBRARY = {"var": (("axis",), ("ddof", "keepdims")), "std": (("axis",), ("ddof", "keepdims")), "median": ((), ()),
            "norm": ((), ()), "trace": ((), ()), "eye": (("M", "k", "dtype"), ()), "identity": (("dtype",), ()),
            "concatenate": (("axis",), ()), "stack": (("axis",), ()), "hstack": ((), ()), "vstack": ((), ())}
_MODULES = {"np": "np", "numpy": "np", "math": "math"}
_AT_UFUNCS = {"add": "add", "subtract": "sub", "multiply": "mul", "maximum": "maximum", "minimum": "minimum"}
_MAX_INLINE = 20   # nested calls of called functions inlined (deeper: recursion, refused)
_RANGES = ("range", "prange")
_NARROW_INTS = ("i8", "i16", "i32", "u8", "u16", "u32", "u64")   # Python ints may not fit


def _returns_as_choices(body: list) -> list:
    """``body`` with its trailing ``if``/``elif``/``else`` of returns as one return of a conditional
    expression (``if v > 0: return v`` then ``return -v`` is ``return v if v > 0 else -v``,
    evaluated lazily as Python does), so that a called function of that form can be inlined;
    else as it is."""
    out = list(body)
    if len(out) >= 2 and isinstance(out[-2], ast.If) and _ends_in_return(out[-1:]):
        # what follows an if runs after each branch that does not return
        branch, after = out[-2], out[-1]
        parts = [part if _ends_in_return(part) else part + [after] for part in (branch.body, branch.orelse)]
        out[-2:] = [ast.copy_location(ast.If(branch.test, parts[0], parts[1]), branch)]
    if out and isinstance(out[-1], ast.If):
        branch = out[-1]
        done = [_returns_as_choices(part) for part in (branch.body, branch.orelse)]
        if all(len(part) == 1 and _ends_in_return(part) for part in done):
            choice = ast.copy_location(ast.IfExp(branch.test, done[0][0].value, done[1][0].value), branch)
            out[-1] = ast.copy_location(ast.Return(choice), branch)
    return out


def _ends_in_return(body: list) -> bool:
    return bool(body) and isinstance(body[-1], ast.Return) and body[-1].value is not None


def _of_arguments(expr: L.Expr) -> bool:
    """Whether an expression reads only constants and 0-d inputs (Python scalar arguments)."""
    if isinstance(expr, L.Const):
        return True
    if isinstance(expr, L.Load):
        return expr.indices == ()
    if isinstance(expr, L.Binary):
        return _of_arguments(expr.lhs) and _of_arguments(expr.rhs)
    if isinstance(expr, L.Unary):
        return _of_arguments(expr.operand)
    if isinstance(expr, L.Cast):
        return _of_arguments(expr.value)
    return False


def _negative(x: L.Expr) -> L.Expr:
    return L.Compare("lt", x, L.Const(0, I))


def _is(x: L.Expr, value: int) -> L.Expr:
    return L.Compare("eq", x, L.Const(value, I))


def _product_overflows(a: L.Expr, b: L.Expr, product: L.Expr) -> L.Expr:
    # a * b wrapped iff product // a != b (an exact division otherwise); a = -1 apart (MIN // -1 traps)
    divisor = L.Select(L.Binary("or", _is(a, 0), _is(a, -1)), L.Const(1, I), a)
    wrapped = L.Binary("and", L.Unary("not", L.Binary("or", _is(a, 0), _is(a, -1))),
                       L.Compare("ne", L.Binary("floordiv", product, divisor), b))
    return L.Binary("or", wrapped, L.Binary("and", _is(a, -1), _is(b, -2 ** 63)))


# int64 add/sub/mul that wrapped, from the operands and the wrapped result (two's complement).
_OVERFLOWS = {
    "add": lambda a, b, r: L.Binary("and", L.Compare("eq", _negative(a), _negative(b)),
                                    L.Compare("ne", _negative(r), _negative(a))),
    "sub": lambda a, b, r: L.Binary("and", L.Compare("ne", _negative(a), _negative(b)),
                                    L.Compare("ne", _negative(r), _negative(a))),
    "mul": _product_overflows,
}


def _python_int(x: Scalar) -> bool:
    """A Python int (a literal, an argument, arithmetic on them): weak, of an integer dtype."""
    return x.weak and x.dtype in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES
_BY_NODE = {ast.Attribute: "attribute", ast.Subscript: "subscript", ast.Call: "call"}


class _KernelTracer(ArrayCode, LibraryCode, MaskCode, ListCode):
    def __init__(self, fn: ast.FunctionDef, shapes, dtypes, weak, var_types: dict[str, tuple[str, bool]],
                 groups: dict[str, frozenset], numbers: Mapping[str, Any] = {}, outside_arrays: set = frozenset(),
                 helpers: Mapping[str, Helper] = {}, list_dtypes: Mapping[str, str] = {}):
        self.fn = fn
        self.statement_at: ast.AST = fn       # the statement being traced (for messages)
        self.iterations: dict[Name, tuple] = {}   # ordinal of a loop over a selection -> (it, mask index)
        self.index_values: dict[int, Any] = {}    # id of an index node traced by ``mask_index`` -> its value
        self.held_selections: dict[str, frozenset] = {}   # a name bound to x[mask] -> the buffers it reads
        self.selections_made: dict[int, Array] = {}   # id of a selection made into an array -> it
        self.keep: list = []
        self.counted: list[tuple[Name, Array]] = []   # kernel shape param -> the 0-d temp its value is left in
        self.env_now: dict = {}
        self.numbers = numbers                  # globals and closure cells compiled in (sources.Outside)
        self.outside_arrays = outside_arrays    # arrays read from outside: refused by name
        self.helpers = helpers                  # functions it calls, inlined (sources.Outside)
        self.inlining = 0                       # depth of helper calls being inlined
        # A failed run-time check, as a return before the end, raises the flag ``early`` and
        # leaves every loop by breaks: the body runs in a one-trip loop (``once``), so the rest of
        # the kernel is skipped too.
        self.checks = 0                     # run-time checks emitted
        self.fault: Array | None = None     # the fault record (``ir.faults``) failed checks write
        self.shapes = shapes
        self.dtypes = dtypes
        self.weak = weak
        # local name -> (dtype, weak) (widened as assignments are seen; weak while every value
        # assigned is a Python number, which the variable then is, as in NumPy: s = 0.0 is
        # float32 once s += x[i] adds a float32)
        self.var_types = var_types
        self.widened = False                # a variable was widened after its declaration: retrace
        self.list_dtypes = list_dtypes      # list name -> its elements' dtype (found by the trace before)
        self.next_list_dtypes: dict[str, str] = {}
        self.lists: list[Listed] = []       # lists built by append (``looplists``)
        self.position_probes: dict[int, tuple] = {}   # rank -> index variables comparing index arrays
        self.positions_checked: set = set()    # (statement, an index array's element, size) checked in range
        self.returned_lists: list[tuple[int, bool]] = []   # LoopModule.lists
        self.only_returned = arrays_only_returned(fn)   # np.array(list) calls whose array is only returned
        self.made_from_lists: dict[int, str | None] = {}   # id of such an array -> its dtype= (None: none)
        self.empty_lists: list[tuple[int, str | None]] = []   # LoopModule.empty_lists
        self.trip_bounds: list = []         # per enclosing loop: () -> the most trips it makes (a dim), or None
        self.scope = Scope.empty()
        self.symbols: dict[str, Name] = {}  # shape symbol -> kernel shape param
        self.valued: list[tuple[Name, Name]] = []   # (kernel shape param, 0-d input) it is the value of
        self.assigned_once: dict[Name, L.Expr] = {}    # variable -> its one value (assigned once, at the top)
        self.inputs: list[Array] = []
        self.allocs: list[Array] = []
        self.prelude: list[L.Stmt] = []     # Lets of every scalar variable, at the kernel's top
        self.variables: dict[str, Name] = {}
        self.loops: dict[Name, _Loop] = {}
        self.loop_depth = 0
        self.branch_depth = 0
        self.lazy_depth = 0                 # operands traced apart (``lazily``): run only when evaluated
        self.pending: list[L.Stmt] = []     # fill loops of arrays allocated by the current statement
        self.assigned = _assignment_counts(fn)
        self.entry_constants = _entry_constants(fn)   # id of a while loop -> names holding an int constant there
        self.written_inputs: set[Name] = set()   # arguments the function writes elements of
        self.block_arrays: dict[str, str] = {}     # array names local to a loop/branch body -> its kind
        self.block_locals: list[set[str]] = []     # per enclosing loop/branch body: arrays first named in it
        # u = v of an array v made in a loop body, bound to u named outside it: u holds a copy
        # (``renew``): both names -> (u, v, the index of v's block), until v's block ends; the u
        # written since (then v may not be read: Python's v would show the write)
        self.copies: dict[str, tuple[str, str, int]] = {}
        self.diverged: set[str] = set()
        self.early: _Returns | None = None         # the function returns before its end
        # Array names rebound among each other inside loops (found by one trace, used by the
        # next): name -> the names of its group; group -> its arrays, as first bound.
        self.groups = groups
        self.next_groups = dict(groups)
        self.moving: dict[str, tuple] = {}   # a name holding rows in turn -> (array, index variables)
        self.group_arrays: dict[frozenset, list[Array]] = {}

    def fresh(self, hint: str) -> Name:
        name, self.scope = self.scope.bind_fresh(hint)
        return name

    def error(self, node, message: str) -> TraceError:
        return TraceError(f"{line_of(node)}{message}")

    # -- entry --------------------------------------------------------------------------------
    def run(self) -> L.LoopModule:
        fn = self.fn
        a = fn.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.error(fn, "*args, **kwargs and keyword-only parameters are not supported")
        env: dict[str, Any] = dict(self.numbers)   # the arguments shadow them
        for arg in a.args:
            if arg.arg not in self.shapes:
                raise self.error(fn, f"no shape given for argument {arg.arg!r} of {fn.name}")
            shape = []
            for d in parse_shape(self.shapes[arg.arg]):
                if isinstance(d, int):
                    shape.append(d)
                elif isinstance(d, str) and d.isidentifier():
                    if d not in self.symbols:
                        self.symbols[d] = self.fresh(d)
                    shape.append(dim_of(self.symbols[d]))
                else:
                    raise self.error(fn, f"argument {arg.arg!r}: a dim is an int or a symbol name, not {d!r}")
            dtype = DTYPE_NAMES.get(self.dtypes.get(arg.arg, "f64"))
            if dtype is None:
                raise self.error(fn, f"argument {arg.arg!r}: unknown dtype {self.dtypes.get(arg.arg)!r}")
            buf = Array(self.fresh(arg.arg), dtype, tuple(shape), True, arg.arg)
            self.inputs.append(buf)
            env[arg.arg] = Scalar(L.Load(buf.name, (), dtype), weak=arg.arg in self.weak) if not shape else buf
            if arg.arg in self.groups and shape:   # an argument array rebound in a loop
                self.prelude += self.bind_rotating(arg.arg, buf, env, fn)
        body = list(fn.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]   # the docstring
        if body and not any(isinstance(node, ast.Return) for stmt in body for node in ast.walk(stmt)):
            # no return: the function's work is its writes into its arguments (Numba's out= style); it returns None
            stmts = self.block(body, env)
            return self.module(stmts + self.pending, [], [])
        endless = bool(body) and _endless(body[-1])   # while True: ... return ...: never falls off the end
        if not endless and (not body or not isinstance(body[-1], ast.Return) or body[-1].value is None):
            raise self.error(fn, f"{fn.name} must end with a return statement that returns its results")
        if not endless and not any(isinstance(node, ast.Return) for stmt in body[:-1] for node in ast.walk(stmt)):
            stmts = self.block(body[:-1], env)
            try:
                outputs = self.returns(body[-1].value, env, stmts)
            except TraceError as exc:
                raise reached(exc, body[-1])
            return self.module(stmts, [], outputs)
        # ``return`` inside loops or branches: every return site assigns the results and raises a
        # flag; loops are left (break), the one-trip loop too, so nothing after it runs.
        self.exits()
        inner = self.block(body, env)
        stmts: list = []
        outputs = []
        for k, item in enumerate(self.early.items):
            if isinstance(item, Array):
                outputs.append(item)
                continue
            out = self.allocate((), item.dtype, body[-1], "result")
            stmts.append(L.Store(out.name, (), item))
            outputs.append(out)
        return self.module(inner, stmts, outputs)

    def exits(self) -> _Returns:
        """The flag a return before the end or a failed check raises (made on first need)."""
        if self.early is None:
            self.early = _Returns(self.fresh("returned"))
            self.prelude.append(L.Let(self.early.flag, "bool", L.Const(False, "bool")))
        return self.early

    def once(self, stmts: list, first: bool = True) -> tuple:
        """The kernel's body; with a way out (a return before the end, a run-time check), in a
        one-trip loop that it breaks out of, after the fault record is cleared (by the first
        kernel; a later one, after a cut, runs only if no earlier one left that way)."""
        if self.early is None:
            return tuple(stmts)
        if not first:
            left = L.If(L.Var(self.early.flag, "bool"), (L.Break(),))
            return (L.For(self.fresh("once"), L.Const(0, I), L.Const(1, I), 1, (left, *stmts)),)
        clear = (L.Store(self.fault.name, (L.Const(0, I),), L.Const(0, I)),) if self.fault is not None else ()
        return clear + (L.For(self.fresh("once"), L.Const(0, I), L.Const(1, I), 1, tuple(stmts)),)

    def cut(self, size: Scalar, node, what: str) -> dims.Expr:
        """A size the kernel computes (a count, ``n`` counted in a loop) as a dim: the kernel is
        cut after the statements before this one, which leave the value in a 0-d temp; the call
        allocates the arrays it sizes then, and the rest runs as the next kernel
        (``Program.computed``). Only where the statement runs once: at the function's top."""
        if self.loop_depth or self.branch_depth or self.lazy_depth:
            raise self.error(node, f"an array {what} whose size the data decides is made inside a loop or branch: "
                                   "not supported in loop code (make it at the function's top level, or reduce it, "
                                   "or assign through the mask)")
        param = self.fresh("count")
        self.symbols[f"count {len(self.counted)}"] = param   # no user shape symbol is spelled so
        temp = self.allocate((), I, node, "count")
        self.counted.append((param, temp))
        self.pending += [L.Store(temp.name, (), _cast(size.expr, I)), _Cut(param)]
        return dim_of(param)

    def return_site(self, stmt: ast.Return, env) -> list:
        """``return value`` before the function's end: the results into their variables (an array
        result must be the same array at every site), the flag up, and out of the loop."""
        early = self.early
        if stmt.value is None:
            raise self.error(stmt, "a return statement must return the function's results")
        values = self.expr(stmt.value, env)
        items = values if isinstance(values, tuple) else (values,)
        if early.items and len(items) != len(early.items):
            raise self.error(stmt, f"this return statement returns {len(items)} values, another "
                                   f"{len(early.items)}")
        out: list = []
        results = []
        for k, item in enumerate(items):
            known = early.items[k] if early.items else None
            if isinstance(item, Array) and not item.fixed:
                if known is not None and not (isinstance(known, Array) and known.name == item.name):
                    raise self.error(stmt, "every return statement must return the same array at position "
                                           f"{k} (returning one of several arrays is not supported)")
                results.append(item)
                continue
            if is_array(item) or isinstance(known, Array):
                raise self.error(stmt, f"result {k} is an array at one return statement and not at another, "
                                       "or a view or expression (return an array made with np.empty...)")
            var, assign = self.set_variable(f"<return {k}>", self.scalar(item, stmt.value), "result")
            out.append(assign)
            results.append(var)
        early.items = results
        out += self.pending
        self.pending = []
        out.append(L.Assign(early.flag, L.Const(True, "bool")))
        out.append(L.Break())   # at the top too: out of the one-trip loop
        return out

    def returns(self, node: ast.AST, env, stmts: list) -> list[Array]:
        values = self.expr(node, env)
        items = values if isinstance(values, tuple) else (values,)
        stmts += self.pending
        self.pending = []
        outputs = []
        for item in items:
            if isinstance(item, Listed):   # a list built by append: its rows, made a list by the caller
                self.returned_lists.append((len(outputs), item.python_numbers))
                outputs.append(self.list_array(item, node, returned=True))
                stmts += self.pending
                self.pending = []
                continue
            if isinstance(item, Array) and not item.fixed:
                if id(item) in self.made_from_lists:
                    self.empty_lists.append((len(outputs), self.made_from_lists[id(item)]))
                outputs.append(item)
                continue
            if is_array(item):   # a row or an expression: returned as a new array, as NumPy's
                outputs.append(self.materialize(self.elements(item), node, "result"))
                stmts += self.pending
                self.pending = []
                continue
            scalar = self.scalar(item, node)
            out = self.allocate((), scalar.dtype, node, "result")
            stmts.append(L.Store(out.name, (), scalar.expr))
            outputs.append(out)
        return outputs

    def module(self, inner: list, after: list, outputs: list[Array]) -> L.LoopModule:
        """The loop module: the kernel's body is the prelude, ``inner`` (in the one-trip loop when
        there is a way out) and ``after``; cut where a size the data decides is left (``cut``):
        one kernel per part, run in turn, the scalar variables carried from one to the next
        through 0-d temps."""
        self.sized_lists()
        name = self.fn.name
        parts: list[list] = [[]]
        for stmt in inner:
            if type(stmt) is _Cut:
                parts.append([])
            else:
                parts[-1].append(stmt)
        counts = {temp.name: k for k, (_, temp) in enumerate(self.counted)}   # left by part k
        carried = [let for let in self.prelude if isinstance(let, L.Let)] if len(parts) > 1 else []
        carries = [[Array(self.fresh(f"carry_{let.var.hint}"), let.dtype, (), False, f"carry_{let.var.hint}")
                    for let in carried] for _ in parts[1:]]
        kernels, calls = [], []
        for k, part in enumerate(parts):
            late = {p for p, _ in self.counted[k:]}   # counts left by this part or later ones
            shape = tuple(p for p in self.symbols.values() if p not in late)
            ready = [b for b in self.allocs if counts.get(b.name, k) == k and not any(
                type(d) is not int and dims.free_symbols(d) & {p.key for p in late} for d in b.shape)]
            carry_in, carry_out = (carries[k - 1] if k else []), (carries[k] if k < len(carries) else [])
            body = (*self.prelude,
                    *(L.Assign(let.var, L.Load(c.name, (), let.dtype)) for let, c in zip(carried, carry_in)),
                    *self.once(part, first=k == 0), *(after if k == len(parts) - 1 else ()),
                    *(L.Store(c.name, (), L.Var(let.var, let.dtype)) for let, c in zip(carried, carry_out)))
            arrays = self.inputs + ready + carry_in + carry_out
            params = tuple(L.Buffer(b.name, b.dtype, b.shape, output=b.name in self.written_inputs)
                           for b in self.inputs) + \
                tuple(L.Buffer(b.name, b.dtype, b.shape, output=True) for b in ready) + \
                tuple(L.Buffer(b.name, b.dtype, b.shape, output=False) for b in carry_in) + \
                tuple(L.Buffer(b.name, b.dtype, b.shape, output=True) for b in carry_out)
            kernels.append((fold_kernel(L.Kernel(f"{name}_loops" + (f"_{k}" if k else ""), shape, params, body)),
                            arrays))
        # The program binds names of its own (a name has one binder), mapped from the kernels'.
        # (fresh ids under the Python names: a runtime message names argument 'x', not 'x_1')
        program_shape = {p: fresh_name(p.hint) for p in self.symbols.values()}
        renamed = {p.key: dim_of(q) for p, q in program_shape.items()}
        temps = self.allocs + [c for group in carries for c in group]
        program_buffer = {b.name: fresh_name(b.python_name) for b in self.inputs + temps}

        def buffer(b: Array) -> L.Buffer:
            return L.Buffer(program_buffer[b.name], b.dtype, tuple(dims.substitute(d, renamed) for d in b.shape))

        for kernel, arrays in kernels:
            calls.append(L.KernelCall(kernel.name, tuple(program_buffer[b.name] for b in arrays),
                                      tuple(dim_of(program_shape[p]) for p in kernel.shape_params)))
        program = L.Program(name, tuple(program_shape.values()), tuple(map(buffer, self.inputs)),
                            tuple(map(buffer, temps)), tuple(calls),
                            tuple(program_buffer[b.name] for b in outputs),
                            program_buffer[self.fault.name] if self.fault is not None else None,
                            tuple((program_shape[p], program_buffer[b]) for p, b in self.valued),
                            tuple((program_shape[p], program_buffer[t.name]) for p, t in self.counted))
        return L.LoopModule(tuple(kernel for kernel, _ in kernels), program, tuple(self.returned_lists),
                            tuple(self.empty_lists))

    # -- statements ---------------------------------------------------------------------------
    def block(self, body: list, env) -> list:
        # What the enclosing statement's header needs (its condition's reductions) waits in
        # ``pending`` while its body is traced: the outer block emits it before that statement.
        outer, self.pending = self.pending, []
        out: list = []
        try:
            for stmt in body:
                checks = self.checks
                try:
                    stmts = self.statement(stmt, env)
                except TraceError as exc:
                    raise reached(exc, stmt)
                out += self.pending   # arrays the statement allocates are filled before it runs
                self.pending = []
                out += stmts
                if self.early is None or not (_returns_inside(stmt) or self.checks > checks and _loops_inside(stmt)):
                    continue          # a check outside inner loops breaks out of this one itself
                if isinstance(stmt, ast.Return):
                    break             # what follows a return never runs
                # ``stmt`` may have returned or failed a check in a loop of its own: leave this
                # loop too (at the top, the one-trip loop: the rest of the kernel is skipped).
                out.append(L.If(L.Var(self.early.flag, "bool"), (L.Break(),)))
        finally:
            self.pending = outer
        return out

    def inner_block(self, body: list, env, kind: str) -> list:
        """A loop's or branch's body. An array first named inside it (``tmp = np.zeros(3)`` in a
        loop: a fresh array each iteration, as NumPy's) is that block's: its buffer is allocated
        once for the call and filled where the statement runs; after the block the name is
        unreadable (after a loop that ran no iteration Python has no such name)."""
        before = set(env)
        self.block_locals.append(set())
        try:
            out = self.block(body, env)
        finally:
            depth = len(self.block_locals) - 1
            self.block_locals.pop()
            self.copies = {n: c for n, c in self.copies.items() if c[2] != depth}
            self.diverged &= set(self.copies)
        for name in [n for n in env if n not in before and isinstance(env[n], (Array, ArrayExpr))]:
            del env[name]
            self.block_arrays[name] = kind
        return out

    def statement(self, stmt: ast.stmt, env) -> list:
        self.statement_at, self.env_now = stmt, env
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) or isinstance(stmt, ast.Pass):
            return []
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            self.expr(stmt.value, env)   # for what it does (x.sort()): its statements are pending
            return []
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                and is_new_list(stmt.value):
            return self.new_list(stmt.targets[0].id, stmt, env)   # out = []: built by append (``looplists``)
        if isinstance(stmt, ast.Assign):
            out: list = []
            if len(stmt.targets) == 1 and isinstance(stmt.targets[0], (ast.Tuple, ast.List)) \
                    and isinstance(stmt.value, (ast.Tuple, ast.List)):
                # a, b = b, a: every right side is read before any target is written.
                values = [self.snapshot(self.expr(v, env), out, v) for v in stmt.value.elts]
                targets = stmt.targets[0].elts
                if len(values) != len(targets):
                    raise self.error(stmt, "the numbers of targets and values differ")
                for target, value in zip(targets, values):
                    out += self.assign(target, value, env, stmt)
                return out
            value = self.expr(stmt.value, env)
            for target in stmt.targets:
                out += self.assign(target, value, env, stmt)
            return out
        if isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            return self.assign(stmt.target, self.expr(stmt.value, env), env, stmt)
        if isinstance(stmt, ast.AugAssign) and type(stmt.op) in _AUGMENTED:
            current = self.expr(stmt.target, env)
            operand = self.expr(stmt.value, env)
            value = self.binary(_BINOPS[type(stmt.op)], current, operand, stmt) if type(stmt.op) in _BINOPS else \
                self.logical(_LOGICAL[type(stmt.op)], [current, operand], stmt) if type(stmt.op) in _LOGICAL else \
                self.shift(_SHIFTS[type(stmt.op)], [current, operand], stmt)
            if is_array(current) and is_array(value) and \
                    not np.can_cast(CODES[value.dtype], CODES[current.dtype], "same_kind"):
                # an array's in-place operator is a ufunc with out=: NumPy's same_kind rule (an
                # element's, x[i] += 1.5, is Python's assignment and casts as any assignment does)
                raise self.error(stmt, f"Cannot cast ufunc '{_AUGMENTED[type(stmt.op)]}' output from "
                                       f"dtype('{CODES[value.dtype]}') to dtype('{CODES[current.dtype]}') with "
                                       "casting rule 'same_kind'")
            if isinstance(stmt.target, ast.Name) and is_array(current):
                # acc += v on an array is in place (ndarray.__iadd__): the same array changes
                self.written(stmt.target)
                return self.store_into(current, self.elements(current), value, stmt)
            return self.assign(stmt.target, value, env, stmt)
        if isinstance(stmt, ast.For):
            return self.for_loop(stmt, env)
        if isinstance(stmt, ast.While):
            if stmt.orelse:
                raise self.error(stmt, "while ... else is not supported")
            cond, head = self.lazily(lambda: self.condition(stmt.test, env))
            self.loop_depth += 1
            self.trip_bounds.append(self.while_trips(stmt, env))
            try:
                body = self.inner_block(stmt.body, env, "loop")
            finally:
                self.loop_depth -= 1
                self.trip_bounds.pop()
            if head:   # the condition needs statements: they run before each test
                return [L.While(L.Const(True, "bool"),
                                (*head, L.If(L.Unary("not", cond), (L.Break(),)), *body))]
            return [L.While(cond, tuple(body))]
        if isinstance(stmt, ast.If):
            cond = self.condition(stmt.test, env)
            self.branch_depth += 1
            try:
                return [L.If(cond, tuple(self.inner_block(stmt.body, env, "branch")),
                             tuple(self.inner_block(stmt.orelse, env, "branch")))]
            finally:
                self.branch_depth -= 1
        if isinstance(stmt, (ast.Break, ast.Continue)):
            if not self.loop_depth:
                raise self.error(stmt, f"{describe(stmt)} outside a loop")
            return [L.Break() if isinstance(stmt, ast.Break) else L.Continue()]
        if isinstance(stmt, ast.Return):
            return self.return_site(stmt, env)
        raise self.error(stmt, f"unsupported statement ({describe(stmt)}): {ast.unparse(stmt).splitlines()[0]!r}")

    def snapshot(self, value: Any, out: list, node) -> Any:
        """``value`` read now: a scalar expression over variables is copied to a fresh one."""
        if isinstance(value, Scalar) and not isinstance(value.expr, L.Const):
            temp = self.fresh("tmp")
            self.prelude.append(L.Let(temp, value.dtype, _zero(value.dtype)))
            out.append(L.Assign(temp, value.expr))
            return Scalar(L.Var(temp, value.dtype), value.weak)
        if isinstance(value, Rotating):   # a, b = b, a: which array each held before
            return Rotating(value.arrays, self.snapshot(Scalar(value.which), out, node).expr, value.python_name)
        return value

    def assign(self, target: ast.AST, value: Any, env, stmt) -> list:
        try:
            return self.assign_to(target, value, env, stmt)
        finally:
            if isinstance(target, ast.Subscript):
                self.index_values.pop(id(target.slice), None)

    def assign_to(self, target: ast.AST, value: Any, env, stmt) -> list:
        if isinstance(target, ast.Subscript):
            held = target.value.id if isinstance(target.value, ast.Name) else None
            if isinstance(env.get(held), Filtered):   # s = x[m]; s[0] = v: writes the copy NumPy made
                env[held] = self.materialized(env[held], target)
                self.held_selections.pop(held, None)
            self.written(target)
            mask = self.mask_index(target, env)
            if mask is not None and not isinstance(mask, Filtered) and self.elements(mask).dtype != "bool":
                # x[idx] = v: NumPy's assignment through an integer array (idx's C order, last wins)
                return self.indexed_store(self.expr(target.value, env), mask, value, target)
            if mask is not None:   # y[y < 0] = 0.0: NumPy's assignment through a boolean mask
                return self.masked_store(self.expr(target.value, env), mask, value, target)
        if isinstance(target, ast.Subscript) and not self.is_element(target, env):
            return self.store_view(target, value, env, target)
        if isinstance(target, ast.Subscript) and isinstance(self.expr(target.value, env), Rotating):
            rotating, indices = self.rotating_element(target, env)
            for array in rotating.arrays:
                if array.is_input:
                    self.written_inputs.add(array.name)
            return [rotating.store(indices, _cast(self.scalar(value, target).expr, rotating.dtype))]
        if isinstance(target, ast.Subscript) and isinstance(self.expr(target.value, env), ArrayExpr):
            return self.store_view(target, value, env, target)   # one element of a view: where it puts it
        if isinstance(target, ast.Subscript):
            array, indices = self.element(target, env)
            if array.is_input:
                self.written_inputs.add(array.name)   # as Numba: the caller's array changes
            scalar = self.scalar(value, target)
            self.python_int_as(scalar, array.dtype)
            return [L.Store(array.name, indices, _cast(scalar.expr, array.dtype))]
        if isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, tuple) or len(value) != len(target.elts):
                raise self.error(target, f"cannot unpack {ast.unparse(stmt.value) if hasattr(stmt, 'value') else ''!r} "
                                         f"into {len(target.elts)} names")
            out: list = []
            for t, v in zip(target.elts, value):
                out += self.assign(t, v, env, stmt)
            return out
        if not isinstance(target, ast.Name):
            raise self.error(target, f"unsupported assignment target {ast.unparse(target)!r}")
        name = target.id
        self.held_selections.pop(name, None)
        if isinstance(value, Filtered):
            value = self.named_selection(name, value, target)
        if name in self.copies:   # rebound: the two names no longer hold one array
            outer, local, _ = self.copies[name]
            del self.copies[outer], self.copies[local]
            self.diverged.discard(outer)
        if isinstance(env.get(name), Scalar) and isinstance(env[name].expr, L.Var) \
                and env[name].expr.name in self.loops:
            raise self.error(target, f"assigning to the loop variable {name!r} is not supported")
        if name in self.variables and is_array(value):
            raise self.error(target, f"{name!r} holds a number, and this assigns it an array of shape "
                                     f"{show_shape(self.elements(value).shape)} "
                                     "(a variable keeps one kind: index an element or reduce the array)")
        if _RENEWED in self.groups.get(name, ()) and (self.loop_depth or self.branch_depth) and is_array(value):
            for local, depth in self.made_in_blocks(name, value, env):
                self.copies[name] = self.copies[local] = (name, local, depth)
            return self.renew(name, self.elements(value), env, target)
        if isinstance(value, ArrayExpr):
            # a slice is NumPy's view: bound as one (its indices as they are now), read and
            # written in the array it views; anything else is computed now, into a new array
            if value.view is None:
                raise self.error(target, f"{ast.unparse(stmt.value) if hasattr(stmt, 'value') else name!r} is NumPy's "
                                         "view or copy of a slice as its strides allow: bind a copy (....copy()) or "
                                         "use it where it is made")
            value = self.pinned(value, target) if value.view else self.materialize(value, stmt, name)
        elif isinstance(value, Array) and value.fixed:   # a view: its indices as they are now
            out: list = []
            value = replace(value, fixed=tuple(self.snapshot(Scalar(i), out, target).expr for i in value.fixed))
            self.pending += out
        if _MOVING in self.groups.get(name, ()):
            return self.move_view(name, value, env, target)
        if name in self.groups:
            return self.bind_rotating(name, value, env, target)
        if isinstance(value, Rotating):   # z = y: the array y holds now, whatever y holds later
            value = self.snapshot(value, self.pending, target)
        if not self.is_variable(name, value):
            local = self.block_locals[-1] if self.block_locals else None
            if name in env and env[name] is not value and (self.loop_depth or self.branch_depth) \
                    and (local is None or name not in local):
                # The binding is made once, at trace time: inside a loop or branch it would be
                # wrong, unless the name is one of a group of arrays rebound among each other, or
                # an array first named in this very block (p = m @ v ... p = m @ w in one loop body:
                # every run of the block binds it in that order)
                self.join_group(name, value, env, target)
                return []
            if local is not None and name not in env:
                local.add(name)
            env[name] = value
            return []
        scalar = self.scalar(value, target)
        var, stmt_out = self.set_variable(name, scalar, name)
        env[name] = Scalar(var, self.var_types[name][1])
        if self.assigned.get(name, (1, False)) == (1, False) and not (self.loop_depth or self.branch_depth):
            self.assigned_once[var.name] = scalar.expr   # its value for good: a size may read it
        return [stmt_out]

    def join_group(self, name: str, value: Any, env, target) -> None:
        """``name`` (an array) rebound inside a loop or branch to ``value``: when that is another
        named array of the same shape and dtype, both join a group of rotating names (the next
        trace binds them so); anything else is refused."""
        old = env[name]
        if isinstance(old, Array) and old.fixed and isinstance(value, Array) and value.fixed \
                and value.name == old.name and len(value.fixed) == len(old.fixed):
            self.next_groups[name] = frozenset({_MOVING})   # rows of one array, in turn: move_view
            return
        if isinstance(old, Array) and old.fixed and isinstance(value, Array) and value.fixed:
            raise self.error(target, f"rebinding {name!r} (a row of {old.python_name!r}) to a row of "
                                     f"{value.python_name!r} inside a loop or branch is not supported: a name "
                                     "holds rows of one array in turn (bind a copy: ....copy())")
        named = [n for n, v in env.items() if v is value and n != name] if isinstance(value, Array) else \
            sorted(self.groups.get(value.python_name, {value.python_name})) if isinstance(value, Rotating) else []
        if not isinstance(old, (Array, Rotating)) or (isinstance(old, Array) and old.fixed) or not is_array(value):
            new = "a tuple" if isinstance(value, tuple) else "a number" if not is_array(value) else \
                "a view (a slice, transpose or reshape)" if isinstance(value, ArrayExpr) and value.view else "an array"
            held = "a view" if (isinstance(old, Array) and old.fixed) or isinstance(old, ArrayExpr) else "an array"
            hint = " (bind a copy: ....copy())" if "view" in new + held and is_array(value) else ""
            raise self.error(target, f"rebinding {name!r} ({held}) to {new} inside a loop or branch is not "
                                     f"supported{hint}")
        if not named or self.made_in_blocks(name, value, env):
            # x = 0.5 * (x + 1.0): a new array each time; u = v of an array v made in the loop
            # (v = np.empty_like(u); ...; u = v): a copy of it. Two buffers of x's own, in turn.
            named = [_RENEWED]
            value = self.elements(value)
        if (old.shape, old.dtype) != (value.shape, value.dtype):
            raise self.error(target, f"{name!r} is rebound inside a loop to an array of another shape or dtype "
                                     f"({show_shape(old.shape)} {old.dtype} and {show_shape(value.shape)} {value.dtype})")
        group = frozenset({name, *named}).union(*(self.next_groups.get(n, frozenset()) for n in (name, *named)))
        for member in group:
            self.next_groups[member] = group

    def move_view(self, name: str, value: Array, env, target) -> list:
        """``name`` bound to rows of one array in turn (``cur = x[0]`` before a loop, ``cur =
        x[i]`` or ``cur = nxt`` in it): the array seen through index variables that each binding
        sets, so reads and writes through ``name`` reach the row it holds now."""
        held = self.moving.get(name)
        if held is None:
            places = tuple(self.fresh(f"{name}_at{k}") for k in range(len(value.fixed)))
            self.prelude += [L.Let(p, I, L.Const(0, I)) for p in places]
            held = self.moving[name] = (value.name, places)
        base, places = held
        if value.name != base or len(value.fixed) != len(places):
            raise self.error(target, f"{name!r} holds rows of one array in turn; it cannot also hold "
                                     f"{value.python_name!r}'s (bind a copy: ....copy())")
        env[name] = replace(value, fixed=tuple(L.Var(p, I) for p in places))
        return [L.Assign(p, i) for p, i in zip(places, value.fixed)]

    def made_in_blocks(self, name: str, value: Any, env) -> list[tuple[str, int]]:
        """For ``name = value`` with ``name`` named outside every loop and branch: the names of
        ``value`` that are arrays made in an enclosing loop or branch body (a fresh array each
        time the body runs, one buffer for the call), each with the index of its block; [] unless
        every name of ``value`` is such an array. Bound to ``name``, such an array would outlive
        its buffer's next filling: ``name`` takes a copy instead (``renew``)."""
        if not isinstance(value, Array) or value.fixed or any(name in block for block in self.block_locals):
            return []
        names = [n for n, v in env.items() if v is value and n != name]
        depths = [max((k for k, block in enumerate(self.block_locals) if n in block), default=None) for n in names]
        return [] if not names or None in depths else list(zip(names, depths))

    def written(self, target: ast.AST) -> None:
        """An element, slice or in-place write through a name: refused while the name and another
        hold what Python has as one array and the compiled code as an array and its copy."""
        root = target
        while isinstance(root, ast.Subscript):
            root = root.value
        if self.held_selections and isinstance(root, ast.Name) and isinstance(self.expr_or_none(root), Array):
            self.write_into_selected(self.expr_or_none(root).name, target)
        if isinstance(root, ast.Name) and root.id in self.copies:
            outer, local, _ = self.copies[root.id]
            if root.id == outer:   # seen through `local` only, which dies with its block: read it no more
                self.diverged.add(outer)
                return
            raise self.error(target, f"{local!r} is written after '{outer} = {local}' bound both names to one array "
                                     f"in this loop body ({outer!r} holds a copy when compiled): write {local!r} "
                                     f"before that binding, or bind a copy ({outer} = {local}.copy())")

    def expr_or_none(self, node: ast.Name) -> Any:
        return self.env_now.get(node.id)

    def read_copy(self, node: ast.Name) -> None:
        """A read of ``v`` after ``u = v`` and a write through ``u``: Python's ``v`` shows the write,
        the compiled ``v`` (the array ``u`` copied) does not: refused."""
        outer, local, _ = self.copies[node.id]
        if node.id == local and outer in self.diverged:
            raise self.error(node, f"{local!r} is read after '{outer} = {local}' bound both names to one array and "
                                   f"{outer!r} was written ({outer!r} holds a copy when compiled): read {outer!r} "
                                   f"instead, or bind a copy ({outer} = {local}.copy())")

    def renew(self, name: str, value: ArrayExpr, env, target) -> list:
        """``x = <new array>`` inside a loop or branch (``x = 0.5 * (x + 1.0)``): computed into
        the one of two buffers of ``x``'s own that ``x`` does not hold now (what it holds is read
        while the other is written), which ``x`` then holds. No other name may hold them."""
        group = self.groups[name]
        arrays = self.group_arrays.get(group)
        current = env.get(name)
        if len(group) > 2 or not arrays or not isinstance(current, Rotating):
            others = ", ".join(sorted(n for n in group if n not in (name, _RENEWED)))
            raise self.error(target, f"rebinding {name!r} to a new array inside a loop or branch is supported "
                                     "when it is named before the loop and no other name is bound to it"
                                     + (f" (here: {others})" if others else ""))
        if (value.shape, value.dtype) != (arrays[0].shape, arrays[0].dtype):
            raise self.error(target, f"{name!r} is rebound inside a loop to an array of another shape or dtype "
                                     f"({show_shape(arrays[0].shape)} {arrays[0].dtype} and "
                                     f"{show_shape(value.shape)} {value.dtype})")
        first, second = len(arrays) - 2, len(arrays) - 1
        free = L.Select(L.Compare("eq", current.which, L.Const(first, I)), L.Const(second, I), L.Const(first, I))
        target_which, choose = self.set_variable(f"<next {name}>", Scalar(free), f"{name}_next")
        self.pending.append(choose)
        # written: one of the two buffers only (never the array x held first, an argument perhaps)
        buffers = Rotating(arrays[first:], L.Binary("sub", target_which, L.Const(first, I)), name)
        self.fill(buffers, lambda idx: _cast(value.element(idx).expr, value.dtype))
        var, stmt = self.set_variable(f"<which {name}>", Scalar(target_which), f"{name}_which")
        env[name] = Rotating(arrays, var, name)
        return [stmt]

    def bind_rotating(self, name: str, value: Any, env, target) -> list:
        """``name = value`` for a name of a rotating group: its variable ``which`` set to the
        group's array the value is (a new member of the group is named outside loops)."""
        group = self.groups[name]
        arrays = self.group_arrays.setdefault(group, [])
        if isinstance(value, Rotating) and value.arrays is arrays:
            which = value.which
        elif isinstance(value, Array) and not value.fixed and any(a is value for a in arrays):
            which = L.Const(next(k for k, a in enumerate(arrays) if a is value), I)
        elif isinstance(value, Array) and not value.fixed and not (self.loop_depth or self.branch_depth) and \
                (not arrays or (value.shape, value.dtype) == (arrays[0].shape, arrays[0].dtype)):
            arrays.append(value)
            which = L.Const(len(arrays) - 1, I)
            if _RENEWED in group and len(arrays) == 1:
                # its two buffers (``renew``) exist from here on: a read of the name in a loop before
                # the statement that rebinds it (w = a * v; v = w * 0.5) picks among all three
                arrays += [self.allocate(value.shape, value.dtype, target, name) for _ in range(2)]
        else:
            raise self.error(target, f"{name!r} is rebound inside a loop among the arrays "
                                     f"{', '.join(sorted(group))}: it may be bound only to one of them "
                                     "(each named outside loops and branches, one shape and dtype)")
        var, stmt = self.set_variable(f"<which {name}>", Scalar(which), f"{name}_which")
        # The group's list itself: a member named later (outside loops, so before any loop that
        # rotates it) is among the arrays where the name is used after that.
        env[name] = Rotating(arrays, var, name)
        return [stmt]

    def set_variable(self, key: str, scalar: Scalar, hint: str) -> tuple[L.Var, L.Assign]:
        """The scalar variable ``key`` (made on first use, its dtype widened to every value it is
        assigned, as Numba unifies them) and the statement assigning it ``scalar``."""
        declared = self.var_types.get(key)
        widened = (scalar.dtype, scalar.weak) if declared is None else \
            (common_dtype((declared, (scalar.dtype, scalar.weak))), declared[1] and scalar.weak)
        self.var_types[key] = widened
        self.widened |= declared is not None and widened != declared
        widened = widened[0]
        var = self.variables.get(key)
        if var is None:
            var = self.variables[key] = self.fresh(hint)
            self.prelude.append(L.Let(var, widened, _zero(widened)))
        return L.Var(var, widened), L.Assign(var, _cast(scalar.expr, widened))

    def is_element(self, target: ast.Subscript, env) -> bool:
        """Whether a subscript target names one element (``x[i, j]``), not a view (``x[i]`` of a
        matrix, ``x[:, j]``)."""
        base = self.expr(target.value, env)
        items = target.slice.elts if isinstance(target.slice, ast.Tuple) else [target.slice]
        if not isinstance(base, (Array, Rotating, ArrayExpr)):
            return True
        fixed = len(base.fixed) if isinstance(base, Array) else 0
        return fixed + len(items) >= len(base.shape) and not any(isinstance(i, ast.Slice) for i in items)

    def is_variable(self, name: str, value: Any) -> bool:
        """A name held in a scalar variable: assigned a run-time value, or assigned more than
        once or inside a loop or branch (a name assigned once, at the top, a size, constant or
        array, is bound to that value)."""
        if name in self.variables:
            return True
        if isinstance(value, (Array, ArrayExpr, Rotating, Filtered, tuple)) or value is None:
            return False
        count, nested = self.assigned.get(name, (1, False))
        if isinstance(value, Scalar) and not isinstance(value.expr, L.Const):
            return True
        return count > 1 or nested

    def for_loop(self, stmt: ast.For, env) -> list:
        it = stmt.iter
        if stmt.orelse:
            raise self.error(stmt, "for ... else is not supported")
        held = self.iterated_selection(it, env) if isinstance(stmt.target, ast.Name) else None
        if held is not None:
            try:
                return self.selection_loop(stmt, env[held], env)
            finally:   # the sequence's name (``_Iterations``'s) is not read after its loop
                self.held_selections.pop(held, None)
        displayed = isinstance(it, (ast.Tuple, ast.List))
        if not displayed and not (isinstance(it, ast.Call) and _callee(it.func) in _RANGES and not it.keywords
                                  and 1 <= len(it.args) <= 3):
            raise self.error(stmt, f"for loops run over range(...) or a tuple of numbers only, not {ast.unparse(it)!r}")
        if not isinstance(stmt.target, ast.Name):
            raise self.error(stmt, "a for loop binds one name")
        if displayed:   # for d in (-1, 0, 1): the items evaluated once, then a counter picks them
            items, weak = self.displayed_items(it, env)
            start, stop, step = L.Const(0, I), L.Const(len(items), I), 1
        else:
            bounds = [self.index(self.expr(a, env), a) for a in it.args[:2]]
            step = self.expr(it.args[2], env) if len(it.args) == 3 else 1
            if type(step) is int and step == 0:
                raise self.error(it, "range() arg 3 must not be zero")
            start, stop = (L.Const(0, I), bounds[0]) if len(bounds) == 1 else (bounds[0], bounds[1])
        var = self.fresh(stmt.target.id)
        if type(step) is not int:   # known at run time: Python's trip count, and its error for 0
            loop_var, value = self.run_time_range(var, start, stop, self.index(step, it.args[2]), it)
            self.loops[var] = _Loop(None)
        elif displayed:
            loop_var = L.For(var, start, stop, 1, ())
            value = items[-1]
            for k in range(len(items) - 2, -1, -1):
                value = L.Select(L.Compare("eq", L.Var(var, I), L.Const(k, I)), items[k], value)
            self.loops[var] = _Loop(0, stop)
        elif step > 0:
            loop_var = L.For(var, start, stop, step, ())
            value = L.Var(var, I)
            self.loops[var] = _Loop(_lower_bound(start, self.loops), stop)
        else:
            # range(start, stop, -s): t counts 0, 1, ... (trip count as Python's) and i = start - t*s.
            trip = L.Binary("floordiv", L.Binary("add", L.Binary("sub", start, stop), L.Const(-step - 1, I)),
                            L.Const(-step, I))
            loop_var = L.For(var, L.Const(0, I), trip, 1, ())
            value = L.Binary("sub", start, L.Binary("mul", L.Var(var, I), L.Const(-step, I)))
            self.loops[var] = _Loop(None)
        saved = env.get(stmt.target.id)
        # range's items are Python ints (weak: (i + 1) * x32[i] is float32, as in Python with NumPy 2)
        env[stmt.target.id] = Scalar(value, weak if displayed else True)
        self.loop_depth += 1
        # its most trips, worked out where an append needs them (a size may name an int argument's value)
        self.trip_bounds.append((lambda: len(items)) if displayed else (lambda: self.trip_bound(start, stop, step)))
        try:
            body = self.inner_block(stmt.body, env, "loop")
        finally:
            self.loop_depth -= 1
            self.trip_bounds.pop()
        # After the loop the name is no longer the loop's variable (Python keeps its last value;
        # reading it after the loop is refused rather than guessed).
        if saved is None:
            env.pop(stmt.target.id, None)
        else:
            env[stmt.target.id] = saved
        return [L.For(loop_var.var, loop_var.start, loop_var.stop, loop_var.step, tuple(body))]

    def trip_bound(self, start: L.Expr, stop: L.Expr, step: Any):
        """The most trips ``range(start, stop, step)`` makes, as a dim over the shape variables (and
        int arguments' values), for sizing a list built in the loop (``looplists``), or None: the
        span from the least value of one end to the largest of the other (loop variables at their
        extremes; a step known only at run time: the larger span either way)."""
        if type(step) is not int:   # either way: at most the span, whichever end is larger
            up, down = self.trip_bound(start, stop, 1), self.trip_bound(start, stop, -1)
            return None if up is None or down is None else dims.dmax(up, down)
        first, last = (start, stop) if step > 0 else (stop, start)
        high = self.most(last)
        low = self.dim_of_value(first)
        low = _lower_bound(first, self.loops) if low is None else low
        if high is None or low is None:
            return None
        return dims.dmax(dims.sub(high, low), 0)

    def while_trips(self, stmt: ast.While, env) -> Callable:
        """The most trips a counted ``while`` makes, for sizing a list appended in it (``trip_bound``):
        ``while i < stop and ...`` whose body steps ``i += c`` (c > 0) once, at its top level, and
        assigns ``i`` nowhere else, with no ``continue`` that could skip the step, ``stop`` unchanged
        in the loop and ``i`` an int constant where the loop starts (``i = 0`` before it). Otherwise
        none: its trips are known only when it has run. (A wrong bound could not write past the
        buffer: every append checks the count against the capacity.)"""
        counted = _counted_while(stmt)
        start = counted and self.entry_constants.get(id(stmt), {}).get(counted[0])
        if counted is None or start is None:
            return lambda: None
        _, stop_node, inclusive, step = counted
        try:
            stop = self.index(self.expr(stop_node, env), stop_node)
        except TraceError:
            return lambda: None

        def trips():
            high = self.most(stop)
            if high is None:
                return None
            span = dims.sub(dims.add(high, 1 if inclusive else 0), start)
            return dims.dmax(dims.floordiv(dims.add(span, step - 1), step), 0)
        return trips

    def most(self, expr: L.Expr):
        """The largest value of an i64 expression as a dim: a loop variable's stop - 1 (its stop
        an int argument's value too), a size, else ``upper_bound``'s."""
        loop = self.loops.get(expr.name) if isinstance(expr, L.Var) else None
        if loop is not None and loop.stop is not None:
            stop = self.most(loop.stop)
            return None if stop is None else dims.sub(stop, 1)
        value = self.dim_of_value(expr)
        return self.upper_bound(expr) if value is None else value

    def iterated_selection(self, it: ast.AST, env) -> str | None:
        """The name of the boolean selection a loop runs over (``for v in x[x > 0]``, which
        ``_Iterations`` made ``for k in range(seq.shape[0])``), or None."""
        if not (isinstance(it, ast.Call) and _callee(it.func) in _RANGES and len(it.args) == 1 and not it.keywords):
            return None
        length = it.args[0]
        if isinstance(length, ast.Subscript) and isinstance(length.value, ast.Attribute) \
                and length.value.attr == "shape" and isinstance(length.value.value, ast.Name) \
                and isinstance(length.slice, ast.Constant) and length.slice.value == 0:
            name = length.value.value.id
            return name if isinstance(env.get(name), Filtered) else None
        return None

    def selection_loop(self, stmt: ast.For, selection: Filtered, env) -> list:
        """``for v in x[mask]`` (and ``enumerate`` of it): a loop over the mask's axis visiting
        the selected elements in order, the loop's counter their ordinal (``seq[k]``, the
        element, reads the source where the mask holds)."""
        if len(selection.mask.shape) != 1:
            raise self.error(stmt, "a loop over a selection by a mask of rank > 1 is not supported in loop code "
                                   "(loop over the mask's indices)")
        at = self.fresh("at")
        ordinal = self.fresh(stmt.target.id)
        self.prelude.append(L.Let(ordinal, I, L.Const(-1, I)))
        saved = env.get(stmt.target.id)
        env[stmt.target.id] = Scalar(L.Var(ordinal, I))
        self.iterations[ordinal] = (selection, L.Var(at, I))
        self.loops[at] = _Loop(0, size_expr(selection.mask.shape[0]))
        self.loop_depth += 1
        most = selection.mask.shape[0] if type(selection.mask.shape[0]) in (int, dims.Expr) else None
        self.trip_bounds.append(lambda: most)
        try:
            body = self.inner_block(stmt.body, env, "loop")
        finally:
            self.loop_depth -= 1
            self.trip_bounds.pop()
            del self.iterations[ordinal]
        if saved is None:
            env.pop(stmt.target.id, None)
        else:
            env[stmt.target.id] = saved
        step = L.Assign(ordinal, L.Binary("add", L.Var(ordinal, I), L.Const(1, I)))
        visit = L.If(selection.mask.element((L.Var(at, I),)).expr, (step, *body))
        return [L.Assign(ordinal, L.Const(-1, I)),
                L.For(at, L.Const(0, I), size_expr(selection.mask.shape[0]), 1, (visit,))]

    def displayed_items(self, it: ast.Tuple | ast.List, env) -> tuple[list, bool]:
        """The numbers of ``for v in (a, b, c)``, each read once before the loop (as Python builds
        the tuple), of one kind (the loop's variable has one dtype), and whether they are Python
        numbers (weak)."""
        if not it.elts:
            raise self.error(it, "a loop over an empty tuple runs no iteration: remove it")
        values = [self.scalar(self.expr(e, env), e) for e in it.elts]
        kinds = {(v.dtype, v.weak) for v in values}
        if len(kinds) > 1:
            raise self.error(it, f"a loop over numbers of several kinds ({ast.unparse(it)!r}): Python gives each "
                                 "its own type, compiled code one dtype (write them all as floats, or all as ints)")
        return [self.snapshot(v, self.pending, it).expr for v in values], values[0].weak

    def run_time_range(self, var: Name, start: L.Expr, stop: L.Expr, step: L.Expr, node) -> tuple:
        """``range(start, stop, step)`` with ``step`` known at run time: a counter over Python's
        trip count (``start``, ``step`` read once, as Python builds the range), the variable
        ``start + t * step``; a zero step is Python's ValueError where the loop starts."""
        start, step = (self.snapshot(Scalar(e), self.pending, node).expr for e in (start, step))
        self.fault_if(L.Compare("eq", step, L.Const(0, I)), faults.RANGE_STEP_ZERO, ())
        up = L.Compare("gt", step, L.Const(0, I))
        size = L.Call("maximum", (L.Select(up, step, L.Unary("neg", step)), L.Const(1, I)))   # |step|, never 0
        span = L.Select(up, L.Binary("sub", stop, start), L.Binary("sub", start, stop))
        trip = L.Call("maximum", (L.Binary("floordiv", L.Binary("add", span, L.Binary("sub", size, L.Const(1, I))),
                                           size), L.Const(0, I)))
        return L.For(var, L.Const(0, I), trip, 1, ()), L.Binary("add", start, L.Binary("mul", L.Var(var, I), step))

    # -- expressions --------------------------------------------------------------------------
    def condition(self, node: ast.AST, env) -> L.Expr:
        return _cast(self.scalar(self.expr(node, env), node).expr, "bool")

    def scalar(self, value: Any, node) -> Scalar:
        if isinstance(value, Scalar):
            return value
        if isinstance(value, bool):
            return Scalar(L.Const(value, "bool"), weak=True)
        if isinstance(value, int):
            return Scalar(L.Const(value, "i64"), weak=True)
        if isinstance(value, float):
            return Scalar(L.Const(value, "f64"), weak=True)
        if type(value) is dims.Expr:
            return Scalar(L.dim_to_expr(value))
        if isinstance(value, Listed):
            raise self.list_used(value, node)
        if is_array(value):
            raise self.error(node, f"{ast.unparse(node)!r} is an array of shape "
                                   f"{show_shape(self.elements(value).shape)} where a number is needed "
                                   "(index an element, or reduce it: np.sum, .max())")
        raise self.error(node, f"expected a number, got {ast.unparse(node)!r}")

    def index(self, value: Any, node) -> L.Expr:
        if is_array(value) and not isinstance(value, Filtered) and self.elements(value).dtype in L.SIGNED_DTYPES + \
                L.UNSIGNED_DTYPES:
            raise self.error(node, f"{ast.unparse(node)!r} is an array of integers where a number is needed: "
                                   "integer-array indexing is supported alone along the first axis in loop code "
                                   "(x[idx], x[idx] = v; not x[idx, j] or x[i, idx]: loop over the indices)")
        scalar = self.scalar(value, node)
        if scalar.dtype not in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES:
            raise self.error(node, f"an index or range bound must be an integer, got {scalar.dtype} "
                                   f"({ast.unparse(node)!r})")
        return _cast(scalar.expr, I)

    def expr(self, node: ast.AST, env) -> Any:
        if self.index_values and id(node) in self.index_values:
            return self.index_values.pop(id(node))   # an index ``mask_index`` traced just before
        if isinstance(node, ast.Name):
            if node.id in self.copies:
                self.read_copy(node)
            if node.id in env:
                return env[node.id]
            if node.id in self.block_arrays:
                raise self.error(node, f"the array {node.id!r} is made inside a {self.block_arrays[node.id]}: "
                                       "it is not readable after it (allocate it before the "
                                       f"{self.block_arrays[node.id]} to use it there)")
            if node.id in self.outside_arrays:
                raise self.error(node, unknown_name(node.id, self.outside_arrays))
            raise self.error(node, f"unknown name {node.id!r} (only arguments, local variables and numbers "
                                   "from globals and closures; a loop's variable is not readable after the loop)")
        if isinstance(node, ast.Constant):
            if isinstance(node.value, (bool, int, float)) or node.value is None:
                return node.value
            raise self.error(node, f"unsupported constant {node.value!r}")
        if isinstance(node, ast.Tuple):
            return tuple(self.expr(e, env) for e in node.elts)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
            return self.matmul(self.expr(node.left, env), self.expr(node.right, env), node)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
            return self.binary(_BINOPS[type(node.op)], self.expr(node.left, env), self.expr(node.right, env), node)
        if isinstance(node, ast.BinOp) and type(node.op) in _LOGICAL:
            return self.logical(_LOGICAL[type(node.op)], [self.expr(node.left, env), self.expr(node.right, env)], node)
        if isinstance(node, ast.BinOp) and type(node.op) in _SHIFTS:
            return self.shift(_SHIFTS[type(node.op)], [self.expr(node.left, env), self.expr(node.right, env)], node)
        if isinstance(node, ast.UnaryOp):
            value = self.expr(node.operand, env)
            if isinstance(node.op, ast.UAdd):
                return value
            if isinstance(node.op, ast.Not):
                return Scalar(L.Unary("not", _cast(self.scalar(value, node).expr, "bool")))
            if isinstance(node.op, ast.Invert):
                return self.logical("not", [value], node)
            if isinstance(node.op, ast.USub):
                if isinstance(value, (int, float)) or type(value) is dims.Expr:
                    return dims.neg(value) if type(value) is dims.Expr else -value
                return self.ufunc("neg", [value], node)
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            return self.short_circuit(is_and, [lambda v=v: self.scalar(self.expr(v, env), v) for v in node.values])
        if isinstance(node, ast.Compare):
            return self.compare_chain(node, env)
        if isinstance(node, ast.IfExp):
            return self.if_expression(node, env)
        method = _BY_NODE.get(type(node))
        if method is not None:
            return getattr(self, method)(node, env)
        raise self.error(node, f"unsupported expression ({describe(node)}): {ast.unparse(node)!r}")

    def lazily(self, operand: Callable[[], Any]) -> tuple[Any, list]:
        """``operand()`` traced with the statements it needs (reductions, nested short circuits)
        collected apart, to run only where the operand is evaluated."""
        saved, self.pending = self.pending, []
        self.lazy_depth += 1
        try:
            return operand(), self.pending
        finally:
            self.pending = saved
            self.lazy_depth -= 1

    def short_circuit(self, is_and: bool, operands: list[Callable[[], Scalar]]) -> Scalar:
        """Python's ``and``/``or``: an operand runs only when the ones before it did not decide
        (``i < n and x[i] > 0`` never reads ``x[n]``), and the result is the value of the one
        that decided (``w[i] or 1.0``), in the operands' common dtype (as Numba types it; bools
        for conditions). Bool operands that read no memory are combined eagerly (one ``and``
        instruction, nothing to branch around)."""
        first = operands[0]()
        rest = [self.lazily(op) for op in operands[1:]]
        values = [first] + [value for value, _ in rest]
        dtype = common_dtype(tuple((v.dtype, v.weak) for v in values))
        weak = all(v.weak for v in values)
        if dtype == "bool" and all(not stmts and not reads_memory(value.expr) for value, stmts in rest):
            out = first.expr
            for value, _ in rest:
                out = L.Binary("and" if is_and else "or", out, value.expr)
            return Scalar(out, weak)
        result = self.fresh("cond" if dtype == "bool" else "value")
        self.prelude.append(L.Let(result, dtype, _zero(dtype)))
        truthy = _cast(L.Var(result, dtype), "bool")
        undecided = truthy if is_and else L.Unary("not", truthy)
        nested: tuple = ()
        for value, stmts in reversed(rest):
            nested = (L.If(undecided, (*stmts, L.Assign(result, _cast(value.expr, dtype)), *nested)),)
        self.pending += [L.Assign(result, _cast(first.expr, dtype)), *nested]
        return Scalar(L.Var(result, dtype), weak)

    def compare_chain(self, node: ast.Compare, env) -> Scalar:
        """``a < b < c``: each comparand evaluated once, a later comparison only when the ones
        before it held (as Python's chain, which is ``a < b and b < c``)."""
        for op in node.ops:
            if type(op) not in _CMPOPS:
                raise self.error(node, f"unsupported comparison {ast.unparse(node)!r}")
        left = [self.expr(node.left, env)]
        if len(node.ops) == 1:   # also element by element, on arrays
            return self.ufunc(_CMPOPS[type(node.ops[0])], [left[0], self.expr(node.comparators[0], env)], node)

        def test(k: int) -> Scalar:
            right = self.expr(node.comparators[k], env)
            if k + 1 < len(node.ops):   # read once: it is the next comparison's left side too
                right = self.snapshot(right, self.pending, node.comparators[k])
            out = self.scalar(self.ufunc(_CMPOPS[type(node.ops[k])], [left[0], right], node), node)
            left[0] = right
            return out
        return self.short_circuit(True, [lambda k=k: test(k) for k in range(len(node.ops))])

    def if_expression(self, node: ast.IfExp, env) -> Scalar:
        """``a if c else b``: only the chosen side runs when a side reads memory or needs
        statements (``x[i] if i < n else 0.0``); else a select. A constant test picks its
        side alone, as Python evaluates it."""
        if isinstance(node.test, ast.Constant):
            return self.expr(node.body if node.test.value else node.orelse, env)
        cond = self.condition(node.test, env)
        (a, a_stmts), (b, b_stmts) = self.lazily(lambda: self.expr(node.body, env)), \
            self.lazily(lambda: self.expr(node.orelse, env))
        if is_array(a) or is_array(b):
            return self.array_choice(cond, (a, a_stmts), (b, b_stmts), node)
        chosen = self.select(cond, a, b, node)
        if not a_stmts and not b_stmts and not reads_memory(chosen.expr):
            return chosen
        result = self.fresh("choice")
        self.prelude.append(L.Let(result, chosen.dtype, _zero(chosen.dtype)))
        pick = chosen.expr   # Select(cond, a', b') with both sides cast to the common dtype
        self.pending.append(L.If(cond, (*a_stmts, L.Assign(result, pick.if_true)),
                                 (*b_stmts, L.Assign(result, pick.if_false))))
        return Scalar(L.Var(result, chosen.dtype), chosen.weak)

    def array_choice(self, cond: L.Expr, a: tuple, b: tuple, node) -> ArrayExpr:
        """``x / n if n > 0 else x`` of arrays: Python gives one of two objects, so both have one
        shape and dtype; each side's statements (its checks) run only where it is chosen, and
        the elements are chosen one by one (both sides' reads are inside their arrays)."""
        (a, a_stmts), (b, b_stmts) = a, b
        left, right = self.elements(a), self.elements(b)
        if left is None or right is None or left.shape != right.shape or left.dtype != right.dtype:
            shown = [f"{show_shape(v.shape)} {v.dtype}" if v is not None else "a number" for v in (left, right)]
            raise self.error(node, f"a conditional expression whose sides are {shown[0]} and {shown[1]}: Python "
                                   "gives one of them, compiled code needs one shape and dtype")
        if a_stmts or b_stmts:
            self.pending.append(L.If(cond, tuple(a_stmts), tuple(b_stmts)))
        test = self.snapshot(Scalar(cond), self.pending, node).expr
        return ArrayExpr(left.shape, left.dtype,
                         lambda idx: Scalar(L.Select(test, left.element(idx).expr, right.element(idx).expr)),
                         left.reads | right.reads)

    def select(self, cond: L.Expr, a: Any, b: Any, node) -> Scalar:
        """``a if cond else b`` (both evaluated: they have no effects) in their common dtype."""
        a, b = self.scalar(a, node), self.scalar(b, node)
        dtype = common_dtype(((a.dtype, a.weak), (b.dtype, b.weak)))
        return Scalar(L.Select(cond, _cast(a.expr, dtype), _cast(b.expr, dtype)), a.weak and b.weak)

    def binary(self, op: str, a: Any, b: Any, node) -> Any:
        if is_array(a) or is_array(b):
            return self.elementwise(lambda parts: self.binary(op, *parts, node), [a, b], node)
        numbers = (int, float)
        if isinstance(a, numbers) and isinstance(b, numbers) and op in _PYTHON_ARITHMETIC:
            try:
                return _PYTHON_ARITHMETIC[op](a, b)   # constants, as Python computes them
            except (ZeroDivisionError, OverflowError):
                pass
        sizes = (int, dims.Expr)
        if isinstance(a, sizes) and isinstance(b, sizes) and type(a) is not bool and type(b) is not bool \
                and op in _SIZE_ARITHMETIC and (type(a) is dims.Expr or type(b) is dims.Expr):
            return _SIZE_ARITHMETIC[op](a, b)
        if op == "pow" and isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 4:
            result: Any = self.scalar(a, node)
            for _ in range(b - 1):
                result = self.ufunc("mul", [result, a], node)
            return result
        if op == "pow":
            x, y = self.scalar(a, node), self.scalar(b, node)
            if x.dtype not in ("f32", "f64") and y.dtype not in ("f32", "f64"):
                raise self.error(node, "integer powers are supported for constant exponents 1..4; "
                                       "make one side a float")
        return self.ufunc(op, [a, b], node)

    def logical(self, op: str, values: list, node) -> Any:
        """``&``, ``|``, ``^`` and ``~`` (and NumPy's ``logical_*``) of booleans, element by
        element on arrays (masks: ``(x > 0) & (x < 1)``); of integers (bitwise) not supported."""
        if any(is_array(v) for v in values):
            return self.elementwise(lambda parts: self.logical(op, parts, node), values, node)
        if all(isinstance(v, bool) for v in values):
            a = values[0]
            return (not a) if op == "not" else {"and": a and values[1], "or": a or values[1],
                                                 "xor": a != values[1]}[op]
        if all(type(v) is int or isinstance(v, bool) for v in values):   # Python's ints: Python's answer
            a = values[0]
            return ~a if op == "not" else {"and": a & values[1], "or": a | values[1], "xor": a ^ values[1]}[op]
        truths = [self.scalar(v, node) for v in values]
        if any(t.dtype in ("f32", "f64") for t in truths):
            raise self.error(node, f"bitwise operators on {', '.join(sorted({t.dtype for t in truths}))}: NumPy's "
                                   "bitwise ufuncs are not defined for floats (TypeError)")
        if any(t.dtype != "bool" for t in truths):   # integers: bit by bit, in NumPy's result dtype
            if op == "not":
                (x,) = truths
                ones = L.Const(-1 if x.dtype in L.SIGNED_DTYPES else (1 << (8 * np.dtype(CODES[x.dtype]).itemsize)) - 1,
                               x.dtype)
                return Scalar(L.Binary("bitxor", x.expr, ones), x.weak)
            return self.ufunc("bit" + op, truths, node)
        exprs = [t.expr for t in truths]
        if op == "not":
            return Scalar(L.Unary("not", exprs[0]))
        if op == "xor":
            return Scalar(L.Compare("ne", *exprs))
        return Scalar(L.Binary(op, *exprs))

    def shift(self, op: str, values: list, node) -> Any:
        """``a << b`` and ``a >> b`` of integers (NumPy's left_shift/right_shift; of Python ints, Python's)."""
        if any(is_array(v) for v in values):
            return self.elementwise(lambda parts: self.shift(op, parts, node), values, node)
        if all(type(v) is int for v in values):
            if values[1] < 0:
                raise self.error(node, "negative shift count")
            return values[0] << values[1] if op == "lshift" else values[0] >> values[1]
        numbers = [self.scalar(v, node) for v in values]
        if any(n.dtype in ("f32", "f64") for n in numbers):
            raise self.error(node, f"{ast.unparse(node) if hasattr(node, 'lineno') else op}: shifts of floats are not "
                                   "defined in NumPy (TypeError)")
        return self.ufunc(op, numbers, node)

    def ufunc(self, op: str, values: list, node) -> Scalar | ArrayExpr:
        """``op`` on scalars with NumPy's dtype rules (``ir.dtypes``), element by element on arrays."""
        if any(is_array(v) for v in values):
            return self.elementwise(lambda parts: self.ufunc(op, parts, node), values, node)
        scalars = [self.scalar(v, node) for v in values]
        try:
            if op in ("floordiv", "mod") or op == "erf":
                # Not NumPy ufuncs here (erf) or resolved as Python does: // and % on ints stay ints.
                common = common_dtype(tuple((s.dtype, s.weak) for s in scalars))
                if op == "erf" or common not in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES:
                    common = common if common in ("f32", "f64") else "f64"
                inputs, result = (common,) * len(scalars), common
            else:
                inputs, result = loop_dtypes(op, tuple((s.dtype, s.weak) for s in scalars))
        except UnsupportedDtype as exc:
            raise self.error(node, str(exc)) from exc
        weak = all(s.weak for s in scalars)
        if not weak and op in _COMPARE_CODES and \
                any(_python_int(s) and d in _NARROW_INTS for s, d in zip(scalars, inputs)):
            # NumPy compares a Python int with an integer array exactly, in or out of the array's
            # range (int8 < 300 holds): as int64 (or int64 with uint64: the mixed loop below).
            inputs = tuple("i64" if d in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES and (d != "u64" or _python_int(s))
                           else d for s, d in zip(scalars, inputs))
        elif not weak:
            for s, d in zip(scalars, inputs):
                self.python_int_as(s, d)
        args = [_cast(s.expr, d) for s, d in zip(scalars, inputs)]
        if result == "bool" and op in ("add", "mul", "maximum", "minimum"):
            args = [_cast(a, "i64") for a in args]   # logic on bools, on integers (see ir.dtypes)
        if op in _COMPARE_CODES and len(set(inputs)) > 1:
            # int64 vs uint64, exactly as NumPy's mixed loop (see frontend.mixed_sign_compare).
            signed = 0 if inputs[0] == "i64" else 1
            compared = L.Compare(_COMPARE_CODES[op], *(_cast(a, "u64") for a in args))
            answer = L.Const(NEGATIVE_SIDE[op][signed], "bool")
            return Scalar(L.Select(L.Compare("lt", args[signed], L.Const(0, "i64")), answer, compared), weak)
        if op in _COMPARE_CODES:
            return Scalar(L.Compare(_COMPARE_CODES[op], *args), weak)
        if op in ("add", "sub", "mul", "div", "floordiv", "mod"):
            if weak and op in ("div", "floordiv", "mod"):   # Python scalars: Python's ZeroDivisionError
                floating = any(s.dtype in ("f32", "f64") for s in scalars)
                zero = L.Compare("eq", args[1], L.Const(0, args[1].dtype))
                self.fault_if(zero, faults.zero_division_kind(op, floating), ())
            out = L.Binary(op, *args)
            if weak and op in _OVERFLOWS and all(_python_int(s) and _of_arguments(s.expr) for s in scalars):
                # Python's ints do not wrap: arithmetic on the arguments past int64 is NumPy's
                # OverflowError where it meets an array (loop counters, bounded by their trips, are not checked)
                self.fault_if(_OVERFLOWS[op](*args, out), faults.TOO_LARGE_FOR_INT, ())
            return Scalar(_cast(out, result), weak)
        if op == "neg":
            return Scalar(L.Unary("neg", args[0]), weak)
        if op in _BITWISE:
            return Scalar(_cast(L.Binary(op, *args), result), weak)
        return Scalar(_cast(L.Call(op, tuple(args)), result), weak)

    def attribute(self, node: ast.Attribute, env) -> Any:
        if isinstance(node.value, ast.Name) and node.value.id in _MODULES and node.value.id not in env \
                and node.attr in _CONSTANTS:
            return _CONSTANTS[node.attr]
        value = self.expr(node.value, env)
        if isinstance(value, Listed):
            raise self.list_used(value, node)
        if isinstance(value, Filtered) and node.attr in ("shape", "size", "ndim"):
            shape = self.filtered_shape(value, node)
            if node.attr == "size":
                return self.ufunc("mul", [shape[0], dims.product(shape[1:])], node) if shape[1:] else shape[0]
            return tuple(_size_value(d) if type(d) in (int, dims.Expr) else d for d in shape) \
                if node.attr == "shape" else len(shape)
        if is_array(value) or isinstance(value, Array):
            shape = self.elements(value).shape if is_array(value) else value.view_shape
            if node.attr == "shape":
                return tuple(_size_value(d) for d in shape)
            if node.attr == "ndim":
                return len(shape)
            if node.attr == "T":
                return self.transposed(value, None, node)
            if node.attr == "size":
                if all(type(d) in (int, dims.Expr) for d in shape):
                    return dims.product(shape)
                total: L.Expr = L.Const(1, I)
                for d in shape:
                    total = L.Binary("mul", total, size_expr(d))
                return Scalar(total, True)
        raise self.error(node, f"unsupported attribute {ast.unparse(node)!r}")

    def rotating_element(self, node: ast.Subscript, env) -> tuple[Rotating, tuple]:
        """``a[i, j]`` of a rotating name: (the name, i64 indices); every axis indexed."""
        rotating = self.expr(node.value, env)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if any(isinstance(i, ast.Slice) for i in items) or len(items) != len(rotating.shape):
            raise self.error(node, f"{ast.unparse(node)!r} is not one element of {rotating.python_name!r} "
                                   f"({len(items)} of {len(rotating.shape)} indices)")
        array = self.indexed(rotating.arrays[0], items, env, node)   # one shape: one set of indices
        return rotating, array.fixed

    def rotating_view(self, rotating: Rotating, items: list, env, node) -> ArrayExpr:
        """``v[1:]``, ``v[i]`` (a row) of a rotating name, read: the view the items select in its
        arrays (one shape), each element read from the array the name holds when the statement
        runs."""
        view = self.selection(rotating.arrays[0], items, env, node)   # one shape: one selection
        source = self.elements(view)

        def element(idx: tuple) -> Scalar:
            load = source.element(idx).expr
            return Scalar(rotating.load(load.indices))
        return ArrayExpr(source.shape, rotating.dtype, element, frozenset(a.name for a in rotating.arrays), view=True)

    def element(self, node: ast.Subscript, env) -> tuple[Array, tuple]:
        """``x[i, j]`` (or ``x[i][j]``) as (the array, i64 indices, wrapped when maybe negative)."""
        base = self.expr(node.value, env)
        if not isinstance(base, Array):
            raise self.error(node, f"{ast.unparse(node.value)!r} is not an array")
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        array = self.indexed(base, items, env, node)
        if len(array.fixed) != len(array.shape):
            raise self.error(node, f"{ast.unparse(node)!r} is not one element "
                                   f"({len(array.fixed)} of {len(array.shape)} indices)")
        return array, array.fixed

    def indexed(self, array: Array, items: list, env, node) -> Array:
        fixed = list(array.fixed)
        for item in items:
            if isinstance(item, ast.Slice) or (isinstance(item, ast.Constant) and item.value in (None, Ellipsis)):
                raise self.error(node, f"None and ... are not supported in loop code ({ast.unparse(node)!r})")
            axis = len(fixed)
            if axis >= len(array.shape):
                raise self.error(node, f"too many indices for an array of rank {len(array.shape)}")
            index = self.index(self.expr(item, env), item)
            fixed.append(self.wrap(index, array.shape[axis], axis))
        return Array(array.name, array.dtype, array.shape, array.is_input, array.python_name, tuple(fixed))

    def wrap(self, index: L.Expr, size, axis: int) -> L.Expr:
        """A possibly negative index counted from the end (Python's rule), when not provably >= 0;
        checked in range where it is evaluated unless proven so."""
        low = _lower_bound(index, self.loops)
        if low is not None and low >= 0:
            wrapped = index
        elif isinstance(index, L.Const):
            wrapped = L.Binary("add", index, size_expr(size))
            low = int(index.value) + size if type(size) is int else None
        else:
            wrapped = L.Select(L.Compare("lt", index, L.Const(0, I)), L.Binary("add", index, size_expr(size)),
                               index)
        high = self.upper_bound(index if wrapped is index else wrapped)
        known = type(size) in (int, dims.Expr)   # else a size known at run time (a view's): checked
        if low is None or low < 0 or high is None or not known or not at_least(size, dims.add(high, 1)):
            self.check(index, wrapped, size, axis)
        return wrapped

    def check(self, index: L.Expr, wrapped: L.Expr, size, axis: int) -> None:
        """Before the statement: out of range, record the fault (as NumPy words it: the index as
        written, the axis, the size) and leave."""
        n = size_expr(size)
        bad = L.Binary("or", L.Compare("lt", wrapped, L.Const(0, I)), L.Compare("ge", wrapped, n))
        self.fault_if(bad, faults.INDEX, (index, L.Const(axis, I), n))

    def fault_if(self, bad: L.Expr, kind: int | L.Expr, values: tuple) -> None:
        """Before the statement: where ``bad`` holds, record the fault ``kind`` (``ir.faults``;
        or an i64 expression choosing one) with its values and leave (every loop breaks, as
        after a return)."""
        self.checks += 1
        early = self.exits()
        if self.fault is None:
            self.fault = self.allocate((faults.RECORD_WORDS,), I, self.fn, "fault")
        record = tuple(L.Store(self.fault.name, (L.Const(k, I),), v)
                       for k, v in enumerate((L.Const(kind, I) if type(kind) is int else kind, *values)))
        check = L.If(bad, (*record, L.Assign(early.flag, L.Const(True, "bool")), L.Break()))
        if check not in self.pending:   # x[b] += 1 reads and writes x[b]: one check
            self.pending.append(check)

    def upper_bound(self, expr: L.Expr):
        """The largest value of an i64 index expression as a dim over the shape variables (loop
        variables at their stop - 1), or None where unknown."""
        if isinstance(expr, L.Const):
            return int(expr.value)
        if isinstance(expr, L.Var):
            loop = self.loops.get(expr.name)
            if loop is not None:
                stop = self.upper_bound(loop.stop) if loop.stop is not None else None
                return None if stop is None else dims.sub(stop, 1)
            return dim_of(expr.name) if expr.name in self.symbols.values() else None
        if isinstance(expr, L.Binary) and expr.op in ("add", "sub", "mul"):
            a = self.upper_bound(expr.lhs)
            if a is None:
                return None
            if expr.op == "sub":
                return dims.sub(a, int(expr.rhs.value)) if isinstance(expr.rhs, L.Const) else None
            b = self.upper_bound(expr.rhs)
            if b is None:
                return None
            if expr.op == "add":
                return dims.add(a, b)
            lows = (_lower_bound(expr.lhs, self.loops), _lower_bound(expr.rhs, self.loops))
            return dims.mul(a, b) if all(v is not None and v >= 0 for v in lows) else None
        return None

    def mask_index(self, node: ast.Subscript, env) -> Any:
        """The array indexing ``node`` (a boolean mask: ``x[x > 0]``, ``X[labels == k]``; an
        integer array: ``x[np.argsort(v)]``), or None. An index that is no array is kept for the
        path that reads it next (``expr``), so that it is traced once."""
        item = node.slice
        if isinstance(item, (ast.Tuple, ast.Slice)) or isinstance(item, ast.Constant) and not isinstance(
                item.value, (int, bool)):
            return None
        index = self.expr(item, env)
        if is_array(index):
            return index
        self.index_values[id(item)] = index
        return None

    def subscript(self, node: ast.Subscript, env) -> Any:
        try:
            return self.read_subscript(node, env)
        finally:
            self.index_values.pop(id(node.slice), None)   # not read by the path taken: never reused

    def read_subscript(self, node: ast.Subscript, env) -> Any:
        value = self.expr(node.value, env)
        if isinstance(value, Listed):
            raise self.list_used(value, node)
        items = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if isinstance(value, Filtered):
            index = self.expr(items[0], env) if len(items) == 1 and not isinstance(items[0], ast.Slice) else None
            if isinstance(index, Scalar) and isinstance(index.expr, L.Var) and index.expr.name in self.iterations:
                selection, at = self.iterations[index.expr.name]   # the element a loop over the selection visits
                if selection is value:
                    row = selection.source
                    return row.element((at,)) if not selection.rest else \
                        ArrayExpr(selection.rest, row.dtype, lambda idx: row.element((at, *idx)), row.reads)
            value = self.materialized(value, node)   # by position: of the array the selection makes
        mask = self.mask_index(node, env) if is_array(value) or isinstance(value, Array) else None
        if mask is not None and not isinstance(mask, Filtered) and self.elements(mask).dtype != "bool":
            return self.taken(value, mask, node)   # x[idx]: NumPy's integer-array indexing, a gather
        if mask is not None:
            return self.selected(value, mask, node)
        if isinstance(value, tuple):
            index = self.expr(items[0], env) if len(items) == 1 else None
            if isinstance(index, int) and not isinstance(index, bool) and -len(value) <= index < len(value):
                return value[index]
            raise self.error(node, f"unsupported index into a tuple {ast.unparse(node)!r}")
        if isinstance(value, ArrayExpr):   # a view bound to a name, (a + b)[i]: its elements
            return self.select_elements(value, items, env, node)
        if isinstance(value, Rotating) and (any(isinstance(i, ast.Slice) for i in items) or
                                            len(items) < len(value.shape)):
            return self.rotating_view(value, items, env, node)
        if isinstance(value, Rotating):
            rotating, indices = self.rotating_element(node, env)
            return Scalar(rotating.load(indices))
        if not isinstance(value, Array):
            raise self.error(node, f"{ast.unparse(node.value)!r} is not an array")
        array = self.selection(value, items, env, node)
        if isinstance(array, ArrayExpr) or len(array.fixed) < len(array.shape):
            return array
        return Scalar(L.Load(array.name, array.fixed, array.dtype))

    def call(self, node: ast.Call, env) -> Any:
        func = node.func
        if any(kw.arg is None for kw in node.keywords):
            raise self.error(node, "**kwargs in a call are not supported")
        kwargs = {kw.arg: kw.value for kw in node.keywords}
        module = func.value.id if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id not in env else None
        if module in _MODULES:
            return self.library_call(_MODULES[module], func.attr, node, kwargs, env)
        if isinstance(func, ast.Attribute) and func.attr == "norm" and isinstance(func.value, ast.Attribute) \
                and func.value.attr == "linalg" and isinstance(func.value.value, ast.Name) \
                and _MODULES.get(func.value.value.id) == "np" and func.value.value.id not in env:
            return self.whole_array_call("norm", node, kwargs, env)   # np.linalg.norm
        if isinstance(func, ast.Attribute) and func.attr == "at" and isinstance(func.value, ast.Attribute) \
                and isinstance(func.value.value, ast.Name) and _MODULES.get(func.value.value.id) == "np" \
                and func.value.value.id not in env:
            return self.ufunc_at(func.value.attr, node, kwargs, env)   # np.add.at(x, idx, v)
        root = func
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(func, ast.Attribute) and root is not func.value and isinstance(root, ast.Name) \
                and root.id in _MODULES and root.id not in env:
            raise self.error(node, f"unsupported call {ast.unparse(func)!r} in loop code")   # np.add.reduceat
        if isinstance(func, ast.Attribute):
            receiver = self.expr(func.value, env)
            if isinstance(receiver, Listed):
                return self.list_method(receiver, func.attr, node, env)
            if isinstance(receiver, Array) and not receiver.fixed and func.attr == "copy" and not node.args \
                    and not kwargs:
                return self.copy_of(receiver, node)
            if is_array(receiver) and func.attr == "copy" and not node.args and not kwargs:
                return self.materialize(self.elements(receiver), node, "copy")
            if is_array(receiver) and func.attr in REDUCTIONS:
                return self.reduction_call(REDUCTIONS[func.attr], receiver, node.args, kwargs, node, env)
            if is_array(receiver) and func.attr in _RUNNING:
                return self.running_call(func.attr, receiver, node.args, kwargs, node, env)
            if is_array(receiver) and func.attr in ("var", "std", "trace"):
                return self.whole_array_call(func.attr, node, kwargs, env, receiver)
            if is_array(receiver) and func.attr == "astype" and len(node.args) == 1 and not kwargs:
                dtype = self.dtype_of(node.args[0], env)   # a new array: NumPy's cast, element by element
                return self.elementwise(lambda parts: Scalar(_cast(parts[0].expr, dtype)), [receiver], node)
            if is_array(receiver) and func.attr == "argsort" and len(node.args) <= 1 and set(kwargs) <= {"axis", "kind"}:
                axis = node.args[0] if node.args else kwargs.get("axis")
                axis = -1 if axis is None else self.expr(axis, env)
                return self.arg_sort(self.reshaped(receiver, (-1,), node) if axis is None else receiver,
                                     0 if axis is None else axis, node)
            if isinstance(receiver, Array) and func.attr == "sort" and len(node.args) <= 1 \
                    and set(kwargs) <= {"axis", "kind"}:
                axis = node.args[0] if node.args else kwargs.get("axis")
                self.sort_along(receiver, -1 if axis is None else self.expr(axis, env), node)
                return None   # ndarray.sort sorts in place
            if is_array(receiver) and func.attr == "nonzero" and not node.args and not kwargs:
                return self.nonzero(receiver, node)
            if is_array(receiver) and func.attr in _LAYOUTS and not kwargs:
                return self.layout(func.attr, receiver, [self.expr(a, env) for a in node.args], node)
            raise self.error(node, f"unsupported call {ast.unparse(func)!r} in loop code")
        if isinstance(func, ast.Name) and func.id not in env and func.id in self.helpers:
            return self.inline(self.helpers[func.id], node, env)
        if isinstance(func, ast.Name) and func.id not in env:
            args = [self.expr(a, env) for a in node.args]
            if func.id == "len" and len(args) == 1 and isinstance(args[0], Listed):
                return self.list_length(args[0])
            if func.id == "len" and len(args) == 1 and isinstance(args[0], Filtered):
                return self.count(args[0], node)
            if func.id == "len" and len(args) == 1 and is_array(args[0]):
                return _size_value(self.elements(args[0]).shape[0])
            if func.id == "sum" and len(args) == 1 and is_array(args[0]):
                return self.reduce("sum", args[0], node)
            if func.id in ("float", "int", "bool") and len(args) == 1:
                if isinstance(args[0], (int, float)):
                    return {"float": float, "int": int, "bool": bool}[func.id](args[0])
                target = {"float": "f64", "int": "i64", "bool": "bool"}[func.id]
                value = self.scalar(args[0], node)
                if target == "i64" and value.dtype in L.FLOAT_DTYPES:
                    return self.python_int(value)
                return Scalar(_cast(value.expr, target))
            if func.id == "abs" and len(args) == 1:
                return self.ufunc("abs", args, node)
            if func.id in ("min", "max") and len(args) >= 2:
                if all(isinstance(a, (int, dims.Expr)) and type(a) is not bool for a in args):
                    out = args[0]
                    for a in args[1:]:
                        out = dims.dmin(out, a) if func.id == "min" else dims.dmax(out, a)
                    return out
                out = args[0]
                for a in args[1:]:
                    out = self.ufunc("minimum" if func.id == "min" else "maximum", [out, a], node)
                return out
        raise self.error(node, f"unsupported call {ast.unparse(func)!r} in loop code")

    def inline(self, helper: Helper, node: ast.Call, env) -> Any:
        """A call of another Python (or jitted) function, inlined as Numba inlines what it calls:
        its arguments evaluated once, in order (each number read now into a variable of its own),
        then its body — assignments to names and a final ``return`` — traced with them bound."""
        fn = helper.node
        where = f"in {fn.name}() ({os.path.basename(helper.file)}, called at line {node.lineno}): "
        if self.inlining >= _MAX_INLINE:
            raise self.error(node, f"{fn.name}() calls itself (or nests {_MAX_INLINE} calls deep): recursion "
                                   "is not compiled")
        a = fn.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.error(node, where + "*args, **kwargs and keyword-only parameters are not supported")
        params = [p.arg for p in a.args]
        if len(node.args) > len(params):
            raise self.error(node, f"{fn.name}() takes {len(params)} arguments, {len(node.args)} given")
        given = dict(zip(params, node.args))
        for kw in node.keywords:
            if kw.arg not in params or kw.arg in given:
                raise self.error(node, f"{fn.name}() got an unexpected or repeated argument {kw.arg!r}")
            given[kw.arg] = kw.value
        defaults = dict(zip(params[len(params) - len(a.defaults):], a.defaults))
        callee = outside_of(helper.fn)
        local: dict[str, Any] = dict(callee.numbers)
        for p in params:   # Python evaluates every argument once, in order, before the body
            if p in given:
                local[p] = self.snapshot(self.expr(given[p], env), self.pending, node)
            elif p in defaults and isinstance(defaults[p], ast.Constant):
                local[p] = defaults[p].value
            else:
                raise self.error(node, f"{fn.name}() is missing argument {p!r}")
        outer = self.helpers
        self.helpers, self.inlining = callee.helpers, self.inlining + 1
        try:
            return self.inlined_body(fn, local, node)
        except TraceError as exc:
            raise in_callee(exc, helper, node) from None
        finally:
            self.helpers, self.inlining = outer, self.inlining - 1

    def inlined_body(self, fn: ast.FunctionDef, local: dict, call: ast.Call) -> Any:
        body = fn.body[1:] if fn.body and isinstance(fn.body[0], ast.Expr) and \
            isinstance(fn.body[0].value, ast.Constant) else fn.body   # the docstring
        for stmt in _returns_as_choices(body):
            if isinstance(stmt, ast.Return) and stmt.value is not None:
                return self.expr(stmt.value, local)
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
                # a name is bound to the value as it is now (a later assignment rebinds it)
                local[stmt.targets[0].id] = self.snapshot(self.expr(stmt.value, local), self.pending, stmt)
                continue
            if isinstance(stmt, ast.Pass):
                continue
            raise self.error(stmt, f"only assignments to names and a final return are inlined from a called "
                                   f"function, not {describe(stmt)} ({ast.unparse(stmt).splitlines()[0]!r})")
        raise self.error(fn, f"{fn.name}() must end with a return statement to be inlined")

    def library_call(self, module: str, name: str, node: ast.Call, kwargs: dict, env) -> Any:
        if module == "np" and name in ("array", "asarray") and 1 <= len(node.args) <= 2 and set(kwargs) <= {"dtype"} \
                and len(node.args) + len(kwargs) <= 2 and isinstance(listed := self.expr(node.args[0], env), Listed):
            dtype = node.args[1] if len(node.args) == 2 else kwargs.get("dtype")   # np.array(out[, dtype])
            return self.list_array(listed, node, dtype=None if dtype is None else self.dtype_of(dtype, env))
        if module == "np" and (name in _ALLOCATORS or name.removesuffix("_like") in _ALLOCATORS
                               or name in ("arange", "copy")):
            return self.allocation(name, node, kwargs, env)
        if module == "np" and (name in REDUCTIONS or name in _RUNNING) and node.args:
            array = self.expr(node.args[0], env)
            if is_array(array) and name in REDUCTIONS:
                return self.reduction_call(REDUCTIONS[name], array, node.args[1:], kwargs, node, env)
            if is_array(array):
                return self.running_call(name, array, node.args[1:], kwargs, node, env)
        if module == "np" and name == "count_nonzero" and node.args and is_array(array := self.expr(node.args[0], env)):
            truth = self.elementwise(lambda parts: self.ufunc("not_equal", [parts[0], 0], node), [array], node)
            return self.reduction_call("sum", truth, node.args[1:], kwargs, node, env)   # bools sum to int64
        if module == "np" and name == "diff" and node.args:
            given = self.bound(name, node, kwargs, 1, ("n", "axis"))
            n, axis = (self.expr(given[k], env) if k in given else default for k, default in (("n", 1), ("axis", -1)))
            return self.difference(self.expr(node.args[0], env), n, axis, node)
        if module == "np" and name in ("nonzero", "flatnonzero", "argwhere") and len(node.args) == 1 and not kwargs \
                or module == "np" and name == "where" and len(node.args) == 1 and not kwargs:
            return self.nonzero(self.expr(node.args[0], env), node, flat=name == "flatnonzero",
                                pairs=name == "argwhere")
        if module == "np" and name == "unique" and len(node.args) == 1 and not kwargs:
            return self.unique(self.expr(node.args[0], env), node)
        if module == "np" and name in ("sort", "searchsorted", "argsort"):
            return self.sorting_call(name, node, kwargs, env)
        if module == "np" and name in ("isclose", "allclose") and len(node.args) >= 2:
            given = self.bound(name, node, kwargs, 2, ("rtol", "atol", "equal_nan"))
            settings = [self.expr(given[k], env) if k in given else default
                        for k, default in (("rtol", 1e-05), ("atol", 1e-08), ("equal_nan", False))]
            close = self.isclose(*(self.expr(a, env) for a in node.args[:2]), *settings, node)
            return self.reduce("all", close, node) if name == "allclose" and is_array(close) else close
        if module == "np" and name == "interp" and len(node.args) >= 3:
            given = self.bound(name, node, kwargs, 3, ("left", "right"))
            x, xp, fp = (self.expr(a, env) for a in node.args[:3])
            return self.interp(x, xp, fp, *(self.expr(given[k], env) if k in given else None
                                            for k in ("left", "right")), node)
        if module == "np" and name in _LIBRARY:
            return self.whole_array_call(name, node, kwargs, env)
        args = [self.expr(a, env) for a in node.args]
        if kwargs:
            raise self.error(node, f"keyword arguments to {module}.{name} are not supported in loop code")
        if module == "np" and name in _LAYOUTS and name != "flatten" and args and is_array(args[0]):
            return self.layout(name, args[0], args[1:], node)
        if module == "np" and name in ("dot", "matmul") and len(args) == 2:
            return self.matmul(args[0], args[1], node)
        if module == "np" and name == "outer" and len(args) == 2 and all(is_array(a) for a in args):
            return self.outer(*args, node)
        if module == "np" and name in ("tril", "triu") and 1 <= len(args) <= 2 and is_array(args[0]):
            return self.triangle(name, args[0], args[1] if len(args) == 2 else 0, node)
        if module == "np" and name == "linspace" and len(args) == 3:
            return self.linspace(*args, node)
        if module == "np" and any(is_array(a) for a in args):
            return self.elementwise(lambda parts: self.scalar_library_call(module, name, parts, node), args, node)
        if module == "math" and any(is_array(a) for a in args):
            raise self.error(node, f"math.{name} takes numbers, not arrays (np.{name} works on arrays)")
        return self.scalar_library_call(module, name, args, node)

    def bound(self, name: str, node: ast.Call, kwargs: dict, leading: int, names: tuple, keywords: tuple = ()) -> dict:
        """The argument nodes of a NumPy call after its ``leading`` ones, by NumPy's names for them
        (``names`` by position or keyword, ``keywords`` by keyword only); anything else is refused
        by name."""
        given = dict(zip(names, node.args[leading:]), **kwargs)
        if not leading <= len(node.args) <= leading + len(names) or set(given) - set(names + keywords):
            raise self.error(node, f"np.{name} takes {', '.join(names + keywords) or 'no other arguments'} "
                                   "in loop code")
        return given

    def ufunc_at(self, name: str, node: ast.Call, kwargs: dict, env) -> None:
        """``np.add.at(x, idx, v)`` (and ``subtract multiply maximum minimum``): NumPy's unbuffered
        ``ufunc.at``, in place (``indexed_store``); it returns None."""
        op = _AT_UFUNCS.get(name)
        if op is None or kwargs or len(node.args) != 3:
            raise self.error(node, f"unsupported call np.{name}.at in loop code (np.add.at, subtract, multiply, "
                                   "maximum and minimum .at(a, indices, b) are supported)")
        target, index, value = node.args
        base, positions = self.expr(target, env), self.expr(index, env)
        if isinstance(positions, tuple) or not is_array(positions) or isinstance(positions, Filtered) \
                or self.elements(positions).dtype == "bool":
            raise self.error(node, f"np.{name}.at with indices {ast.unparse(index)!r}: an integer array of indices "
                                   "is supported in loop code")
        self.written(target)
        self.pending += self.indexed_store(base, positions, self.expr(value, env), node, ufunc=op)
        return None

    def whole_array_call(self, name: str, node: ast.Call, kwargs: dict, env, receiver: Any = None) -> Any:
        """NumPy's functions of whole arrays (``looplibrary``), by NumPy's signatures: positional
        arguments after the array as NumPy names them (``_LIBRARY``), or by keyword; a method
        (``x.var()``) has its array as ``receiver``."""
        accepted, keywords = _LIBRARY[name]
        given = self.bound(name, node, kwargs, 0 if receiver is not None else 1, accepted, keywords)
        get = lambda key, default: self.expr(given[key], env) if key in given else default   # noqa: E731
        if name in ("eye", "identity"):
            dtype = self.dtype_of(given["dtype"], env) if "dtype" in given else "f64"
            rows = self.expr(node.args[0], env)
            return self.eye(rows, get("M", None), get("k", 0), dtype, node)
        first = node.args[0] if receiver is None else None
        if name in ("concatenate", "stack", "hstack", "vstack"):
            items = first.elts if isinstance(first, (ast.Tuple, ast.List)) else None
            parts = tuple(self.expr(e, env) for e in items) if items is not None else self.expr(first, env)
            return self.joined(name, parts, get("axis", 0), node)
        array = receiver if receiver is not None else self.expr(first, env)
        if not is_array(array):
            raise self.error(node, f"np.{name} takes an array first")
        if name in ("var", "std"):
            keepdims = get("keepdims", False)
            if type(keepdims) is not bool:
                raise self.error(node, "keepdims must be a constant True/False")
            return self.spread(name, array, node, get("axis", None), keepdims, get("ddof", 0))
        if name == "median":
            return self.median(array, node)
        if name == "norm":
            return self.norm(array, node)
        return self.trace(array, node)

    def sorting_call(self, name: str, node: ast.Call, kwargs: dict, env) -> Any:
        """``np.sort(a, axis=-1)`` (a sorted copy; ``axis=None``: of the elements in C order),
        ``np.argsort`` (stable: NumPy's order wherever no two values are equal, and its
        ``kind="stable"`` order always) and ``np.searchsorted(a, v, side="left")``; a ``kind=``
        of sort changes nothing NumPy shows of values, ``sorter=`` is not supported."""
        given = self.bound(name, node, kwargs, 1, ("v", "side") if name == "searchsorted" else ("axis", "kind"))
        array = self.expr(node.args[0], env)
        if not is_array(array):
            raise self.error(node, f"np.{name} takes an array first")
        if name == "searchsorted":
            side = given.get("side")
            side = "left" if side is None else side.value if isinstance(side, ast.Constant) else None
            if "v" not in given or side not in ("left", "right"):
                raise self.error(node, "np.searchsorted takes the values and side='left' or 'right' (a constant)")
            return self.search_sorted(array, self.expr(given["v"], env), side == "right", node)
        axis = self.expr(given["axis"], env) if "axis" in given else -1
        if axis is None:
            array, axis = self.reshaped(array, (-1,), node), 0
        if name == "argsort":
            return self.arg_sort(array, axis, node)
        copy = self.materialize(self.elements(array), node, "sorted")
        self.sort_along(copy, axis, node)
        return copy

    def reduction_call(self, kind: str, array: Any, args: list, kwargs: dict, node, env) -> Any:
        """``a.sum(axis, keepdims=...)``, ``np.max(a, axis=1)``: the reduction (``looparrays``)."""
        given = dict(kwargs)
        if len(args) > 1:
            raise self.error(node, f"{kind} takes the axis as its only positional argument in loop code")
        axis_node = args[0] if args else given.pop("axis", None)
        keep_node = given.pop("keepdims", None)
        where_node, initial_node = given.pop("where", None), given.pop("initial", None)
        if given:
            raise self.error(node, f"keyword arguments {', '.join(sorted(given))} of {kind} are not supported in "
                                   "loop code")
        if initial_node is not None and kind not in ("sum", "prod", "max", "min"):
            raise self.error(node, f"{kind}() got an unexpected keyword argument 'initial'")
        axis = self.expr(axis_node, env) if axis_node is not None else None
        keepdims = self.expr(keep_node, env) if keep_node is not None else False
        if type(keepdims) is not bool:
            raise self.error(node, "keepdims must be a constant True/False")
        where, initial = (self.expr(n, env) if n is not None else None for n in (where_node, initial_node))
        if isinstance(array, Filtered) and (where is not None or initial is not None):
            raise self.error(node, "where= and initial= of a reduction of a boolean selection (x[mask]) are not "
                                   "supported in loop code")
        return self.reduce(kind, array, node, axis=axis, keepdims=keepdims, where=where, initial=initial)

    def running_call(self, name: str, array: Any, args: list, kwargs: dict, node, env) -> Any:
        """``np.cumsum(a, axis)``, ``a.cumprod()``: the running sum or product (``looparrays``)."""
        given = dict(kwargs)
        axis_node = args[0] if args else given.pop("axis", None)
        if len(args) > 1 or given:
            raise self.error(node, f"{name} takes an axis only, in loop code")
        axis = self.expr(axis_node, env) if axis_node is not None else None
        return self.accumulate(_RUNNING[name], array, axis, node)

    def layout(self, name: str, array: Any, args: list, node) -> Any:
        """``transpose reshape ravel flatten`` of an array (a method, or NumPy's function with the
        array first): its elements laid out anew (``looparrays``)."""
        if name == "transpose":
            axes = args[0] if len(args) == 1 and isinstance(args[0], tuple) else tuple(args) or None
            if axes is not None and not all(type(a) is int for a in axes):
                raise self.error(node, "transpose's axes are integer constants")
            return self.transposed(array, axes, node)
        if name in ("ravel", "flatten"):
            if args:
                raise self.error(node, f"{name}'s order argument is not supported in loop code")
            return self.reshaped(array, (-1,), node, copy=name == "flatten")
        target = args[0] if len(args) == 1 and isinstance(args[0], tuple) else tuple(args)
        if not target:
            raise self.error(node, "reshape takes a shape")
        return self.reshaped(array, target, node)

    def scalar_library_call(self, module: str, name: str, args: list, node) -> Any:
        if name in _MATH and len(args) == 1 and module == "math":
            # math.* compute in double and give a Python float (weak: x32 * math.sqrt(v) stays float32,
            # s = 0.0; s += math.sqrt(x32[i]) sums in double, as Python does)
            x = self.scalar(args[0], node)
            out = self.ufunc(_MATH[name], [Scalar(_cast(x.expr, "f64"), True)], node)
            return Scalar(out.expr, True)
        if name in MATH_BINARY_UFUNCS and len(args) == 2 and module == "math":
            xs = [Scalar(_cast(self.scalar(a, node).expr, "f64"), True) for a in args]
            return Scalar(self.ufunc(MATH_BINARY_UFUNCS[name], xs, node).expr, True)
        if name in ("radians", "degrees") and len(args) == 1 and module == "math":
            x = _cast(self.scalar(args[0], node).expr, "f64")
            return Scalar(L.Binary("mul", x, L.Const(_ANGLES[name], "f64")), True)
        if (name in _MATH or name in _NP_MATH) and len(args) == 1:
            # np.* follow NumPy's loops (np.abs of an int is an int)
            return self.ufunc(_MATH.get(name) or _NP_MATH[name], [self.scalar(args[0], node)], node)
        if name in _NP_BINARY_MATH and len(args) == 2 and module == "np":
            return self.ufunc(_NP_BINARY_MATH[name], args, node)
        if name in _ANGLES and len(args) == 1 and module == "np":
            return self.ufunc("mul", [args[0], Scalar(L.Const(_ANGLES[name], "f64"), True)], node)
        if name in _ROUNDING and len(args) == 1 and module == "math":
            x = self.float_of(args[0], node)
            return self.python_int(self.ufunc(_ROUNDING[name], [x], node))
        if name in (*_ROUNDING, "sign", "round", "around") and module == "np" and 1 <= len(args) <= (2 if "round" in name else 1):
            return self.rounded(name, self.scalar(args[0], node), args[1] if len(args) == 2 else 0, node)
        if name in ("maximum", "minimum", "fmax", "fmin") and len(args) == 2 and module == "np":
            return self.ufunc(name.replace("fmax", "maximum").replace("fmin", "minimum"), args, node)
        if name == "clip" and len(args) == 3 and module == "np":   # NumPy's: minimum(maximum(x, lo), hi)
            return self.ufunc("minimum", [self.ufunc("maximum", args[:2], node), args[2]], node)
        if name in ("pow", "power") and len(args) == 2:
            return self.ufunc("pow", [self.float_of(args[0], node), self.float_of(args[1], node)], node)
        if name == "where" and module == "np" and len(args) == 3:
            return self.select(_cast(self.scalar(args[0], node).expr, "bool"), args[1], args[2], node)
        if name in ("logical_and", "logical_or", "logical_xor") and len(args) == 2 and module == "np":
            return self.logical(name.removeprefix("logical_"), [self.truth(a, node) for a in args], node)
        if name == "logical_not" and len(args) == 1 and module == "np":
            return self.logical("not", [self.truth(args[0], node)], node)
        if name in ("isnan", "isinf", "isfinite") and len(args) == 1:
            x = self.float_of(args[0], node).expr
            nan = L.Compare("ne", x, x)
            inf = L.Compare("eq", L.Call("abs", (x,)), L.Const(math.inf, x.dtype))
            return Scalar({"isnan": nan, "isinf": inf,
                           "isfinite": L.Unary("not", L.Binary("or", nan, inf))}[name])
        if name in ("float32", "float64", "int32", "int64", "bool_") and module == "np" and len(args) == 1:
            return Scalar(_cast(self.scalar(args[0], node).expr, DTYPE_NAMES[name]))
        raise self.error(node, f"unsupported call {module}.{name} in loop code")

    def truth(self, value: Any, node) -> Any:
        """A number as NumPy's logical functions take it: nonzero is true."""
        if isinstance(value, (bool, int, float)):
            return bool(value)
        x = self.scalar(value, node)
        return x if x.dtype == "bool" else Scalar(L.Compare("ne", x.expr, _cast(L.Const(0, "i64"), x.dtype)))

    def rounded(self, name: str, x: Scalar, decimals: Any, node) -> Scalar:
        """``np.floor ceil trunc rint sign`` and ``np.round(x, decimals)`` of a number, in the
        dtype NumPy's loop gives: integers and bools round to themselves (NumPy 2), ``rint``
        of an int is a float; ``round`` is NumPy's ``rint(x * 10**d) / 10**d`` (halves to even)."""
        op = "rint" if "round" in name else name
        if type(decimals) is not int:
            raise self.error(node, "np.round's decimals is an integer constant")
        if op != name and x.dtype == "bool":
            raise self.error(node, "np.round is not defined for bools in NumPy (its rint loop has none)")
        try:   # np.round keeps an integer dtype
            result = x.dtype if op != name and x.dtype not in L.FLOAT_DTYPES else \
                loop_dtypes(op, ((x.dtype, x.weak),))[1]
        except UnsupportedDtype as exc:
            raise self.error(node, str(exc)) from exc
        value = _cast(x.expr, result)
        if name == "sign":   # NaN stays NaN; -0.0 is 0
            zero, one = _cast(L.Const(0, "i64"), result), _cast(L.Const(1, "i64"), result)
            minus = _cast(L.Const(-1, "i64"), result) if result not in L.UNSIGNED_DTYPES else zero
            return Scalar(L.Select(L.Compare("gt", value, zero), one, L.Select(
                L.Compare("lt", value, zero), minus, L.Select(L.Compare("eq", value, zero), zero, value))), x.weak)
        if result not in L.FLOAT_DTYPES:
            if decimals < 0:
                raise self.error(node, "np.round of integers to negative decimals is not supported in loop code")
            return Scalar(value, x.weak)
        if decimals == 0:
            return Scalar(L.Call(op, (value,)), x.weak)
        scale = _cast(L.Const(10.0 ** abs(decimals), "f64"), result)
        inner, outer = ("mul", "div") if decimals > 0 else ("div", "mul")
        return Scalar(L.Binary(outer, L.Call("rint", (L.Binary(inner, value, scale),)), scale), x.weak)

    def python_int_as(self, x: Scalar, dtype: str) -> None:
        """NEP 50: a Python int meeting an array as ``dtype`` must be one of its values; NumPy's
        OverflowError where it is not, checked where it is evaluated (``int8_array[i] + 300``)."""
        kind = faults.python_int_kind(dtype)
        if kind is None or not _python_int(x):
            return
        info = np.iinfo(CODES[dtype])
        if isinstance(x.expr, L.Const) and info.min <= x.expr.value <= info.max:
            return
        below = L.Compare("lt", x.expr, L.Const(int(info.min), I))
        # every non-negative int64 is a uint64
        bad = below if dtype == "u64" else L.Binary("or", below, L.Compare("gt", x.expr, L.Const(int(info.max), I)))
        self.fault_if(bad, kind, (x.expr,))

    def python_int(self, x: Scalar) -> Scalar:
        """``int(x)`` of a float (``math.floor`` too), toward zero as Python's: where it is no
        int64 (NaN, an infinity, beyond 2**63), Python's error, checked where it is evaluated."""
        v = x.expr
        magnitude = L.Call("abs", (v,))
        kind = L.Select(L.Compare("ne", v, v), L.Const(faults.NAN_TO_INT, I),
                        L.Select(L.Compare("eq", magnitude, L.Const(math.inf, v.dtype)),
                                 L.Const(faults.INFINITY_TO_INT, I), L.Const(faults.TOO_LARGE_FOR_INT, I)))
        # NaN fails the comparison too; 2**63 is exact in either float
        self.fault_if(L.Unary("not", L.Compare("lt", magnitude, L.Const(2.0 ** 63, v.dtype))), kind, ())
        return Scalar(_cast(v, "i64"))

    def float_of(self, value: Any, node) -> Scalar:
        x = self.scalar(value, node)
        return x if x.dtype in ("f32", "f64") else Scalar(_cast(x.expr, "f64"), x.weak)

    # -- allocation ---------------------------------------------------------------------------
    def allocate(self, shape: tuple, dtype: str, node, hint: str) -> Array:
        # Inside a loop too: one buffer for the call, filled each time the statement runs (an
        # iteration's array is dead by the next: a name made in a loop is not read after it).
        array = Array(self.fresh(hint), dtype, tuple(shape), False, hint)
        self.allocs.append(array)
        return array

    def allocation(self, name: str, node: ast.Call, kwargs: dict, env) -> Array:
        dtype_node = kwargs.pop("dtype", None)
        at = 2 if _ALLOCATORS.get(name.removesuffix("_like")) == "value" else 1   # np.full(shape, v, dtype)
        if name != "arange" and len(node.args) > at:   # a dtype given by position: np.zeros(n, np.int64)
            if dtype_node is not None or len(node.args) > at + 1:
                raise self.error(node, f"unsupported arguments of np.{name}")
            dtype_node = node.args[at]
        args = [self.expr(a, env) for a in (node.args if name == "arange" else node.args[:at])]
        if kwargs:
            raise self.error(node, f"unsupported keyword(s) {', '.join(kwargs)} of np.{name}")
        like = name.endswith("_like") or name == "copy"
        if like:
            if not args or not is_array(args[0]):
                raise self.error(node, f"np.{name} takes an array first")
            if name == "copy" and not (isinstance(args[0], Array) and not args[0].fixed):
                return self.materialize(self.elements(args[0]), node, "copy")   # of a row, a slice
            source = self.elements(args[0])
            shape, dtype = source.shape, source.dtype
            rest = args[1:]
        elif name == "arange":
            return self.arange(args, dtype_node, node, env)
        else:
            if not args:
                raise self.error(node, f"np.{name} needs a shape")
            shape = self.shape_of(args[0], node)
            dtype, rest = "f64", args[1:]
        kind = name.removesuffix("_like")
        fill = _ALLOCATORS.get(kind)
        if fill == "value":
            if not rest:
                raise self.error(node, f"np.{name} needs a fill value")
            fill_value = self.scalar(rest[0], node)
            if dtype_node is None and not like:
                dtype = fill_value.dtype   # np.full's dtype is its value's
            rest = rest[1:]
        if rest and dtype_node is None and not like:
            dtype_node = node.args[len(node.args) - len(rest)]
            rest = rest[1:]
        if rest:
            raise self.error(node, f"unsupported arguments of np.{name}")
        if dtype_node is not None:
            dtype = self.dtype_of(dtype_node, env)
        array = self.allocate(shape, dtype, node, kind if name != "copy" else "copy")
        if name == "copy":
            self.fill(array, lambda idx: _cast(source.element(idx).expr, dtype))
        elif fill == "value":
            self.fill(array, lambda idx: _cast(fill_value.expr, dtype))
        elif fill is not None:
            self.fill(array, lambda idx: _cast(L.Const(fill, "i64"), dtype))
        return array

    def copy_of(self, source: Array, node) -> Array:
        if source.fixed:
            raise self.error(node, "copying a row is not supported; copy the array")
        array = self.allocate(source.shape, source.dtype, node, "copy")
        self.fill(array, lambda idx: L.Load(source.name, idx, source.dtype))
        return array

    def fill(self, array: Array | Rotating, value: Callable[[tuple], L.Expr]) -> None:
        """Emit (before the current statement) the loop nest writing ``value(indices)`` to every
        element of ``array`` (of the array a rotating name holds)."""
        names, indices = self.index_names(len(array.shape), "i")
        stmt: L.Stmt = array.store(indices, value(indices)) if isinstance(array, Rotating) else \
            L.Store(array.name, indices, value(indices))
        self.pending += list(loop_nest(names, array.shape, (stmt,)))

    def triangle(self, name: str, value: Any, k: Any, node) -> ArrayExpr:
        """``np.tril(x, k)`` / ``np.triu``: ``x`` with the elements above (below) diagonal ``k``
        of its last two axes zero: a new array."""
        source = self.elements(value)
        if len(source.shape) < 2 or type(k) is not int:
            raise self.error(node, f"np.{name} takes an array of rank >= 2 and an integer constant k")
        keep = "le" if name == "tril" else "ge"

        def element(idx: tuple) -> Scalar:
            offset = L.Binary("sub", idx[-1], idx[-2])   # j - i, against k
            return Scalar(L.Select(L.Compare(keep, offset, L.Const(k, I)), source.element(idx).expr,
                                   _cast(L.Const(0, "i64"), source.dtype)))
        return ArrayExpr(source.shape, source.dtype, element, source.reads)

    def linspace(self, start: Any, stop: Any, num: Any, node) -> ArrayExpr:
        """``np.linspace(start, stop, num)`` (``num`` a size): NumPy's values, ``i * step + start``
        with ``step = (stop - start) / (num - 1)``, the last exactly ``stop``; float64."""
        num = self.size(num)
        if isinstance(num, bool) or not isinstance(num, (int, dims.Expr)):
            raise self.error(node, "np.linspace's num is a size known from argument shapes (or a constant)")
        if isinstance(num, int) and num < 0:
            raise self.error(node, f"Number of samples, {num}, must be non-negative.")
        first, last = (_cast(self.float_of(v, node).expr, "f64") for v in (start, stop))
        count = L.dim_to_expr(num)
        div = L.Binary("sub", count, L.Const(1, I))
        delta = L.Binary("sub", last, first)
        step = L.Select(L.Compare("gt", div, L.Const(0, I)), L.Binary("div", delta, _cast(div, "f64")), delta)

        def element(idx: tuple) -> Scalar:
            value = L.Binary("add", L.Binary("mul", _cast(idx[0], "f64"), step), first)
            end = L.Binary("and", L.Compare("eq", idx[0], div), L.Compare("gt", div, L.Const(0, I)))
            return Scalar(L.Select(end, last, value))
        return ArrayExpr((num,), "f64", element)

    def arange(self, args: list, dtype_node, node, env) -> Array:
        args = [self.size(a) for a in args]
        if not 1 <= len(args) <= 3 or not all(isinstance(a, (int, float, dims.Expr)) for a in args):
            raise self.error(node, "np.arange takes sizes known from argument shapes (or constants)")
        start, stop, step = (0, args[0], 1) if len(args) == 1 else (args[0], args[1], args[2] if len(args) == 3 else 1)
        if any(isinstance(v, float) for v in (start, stop, step)):
            if any(type(v) is dims.Expr for v in (start, stop, step)):
                raise self.error(node, "np.arange with float bounds takes constants")
            count = max(0, math.ceil((stop - start) / step))
            dtype = "f64"
        else:
            if not isinstance(step, int) or step == 0:
                raise self.error(node, "np.arange's step must be a non-zero integer constant")
            span = dims.sub(stop, start) if step > 0 else dims.sub(start, stop)
            count = dims.floordiv(dims.add(span, abs(step) - 1), abs(step))
            if isinstance(count, int):
                count = max(count, 0)
            elif dims.free_symbols(count) & {self.symbols[k].key for k in self.symbols if k.startswith("value of ")}:
                count = dims.dmax(count, 0)   # np.arange(k) of a negative k is empty
            dtype = "i64"
        if dtype_node is not None:
            dtype = self.dtype_of(dtype_node, env)
        array = self.allocate((count,), dtype, node, "arange")
        first, stride = self.scalar(start, node).expr, self.scalar(step, node).expr
        kind = "f64" if "f" in dtype else "i64"
        self.fill(array, lambda idx: _cast(
            L.Binary("add", _cast(first, kind), L.Binary("mul", _cast(idx[0], kind), _cast(stride, kind))), dtype))
        return array

    def size(self, value: Any) -> Any:
        """A size computed at run time from scalar arguments (``x.shape[0] - k + 1``) as a dim:
        each such argument's value becomes a shape variable the entry reads before it allocates
        (``Program.valued``), as Relax binds a symbolic var from a value. Anything else (a
        constant, a dim, a value the kernel computes) is returned as it is."""
        if isinstance(value, Scalar) and value.dtype in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES:
            d = self.dim_of_value(value.expr)
            return value if d is None else d
        return value

    def dim_of_value(self, expr: L.Expr) -> dims.Dim | None:
        t = type(expr)
        if t is L.Const:
            return expr.value if type(expr.value) is int else None
        if t is L.Var:
            if expr.name in self.assigned_once:
                return self.dim_of_value(self.assigned_once[expr.name])
            return dim_of(expr.name) if expr.name in self.symbols.values() else None
        if t is L.Load:
            array = next((a for a in self.inputs if a.name == expr.buffer), None)
            if expr.indices or array is None or array.shape or array.dtype not in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES:
                return None
            key = f"value of {array.python_name}"   # no user shape symbol is spelled so
            if key not in self.symbols:
                self.symbols[key] = self.fresh(array.python_name)
                self.valued.append((self.symbols[key], array.name))
            return dim_of(self.symbols[key])
        if t is L.Cast and expr.dtype in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES:
            return self.dim_of_value(expr.value)
        if t is L.Binary and expr.op in _SIZE_OPS:
            a, b = self.dim_of_value(expr.lhs), self.dim_of_value(expr.rhs)
            if a is None or b is None:
                return None
            if expr.op in ("floordiv", "mod") and not (type(b) is int and b > 0):
                return None   # the entry computes sizes before any check could see a zero divisor
            return _SIZE_OPS[expr.op](a, b)
        if t is L.Call and expr.fn in ("maximum", "minimum") and len(expr.args) == 2:
            a, b = (self.dim_of_value(e) for e in expr.args)
            if a is None or b is None:
                return None
            return dims.dmax(a, b) if expr.fn == "maximum" else dims.dmin(a, b)
        return None

    def shape_of(self, value: Any, node) -> tuple:
        items = value if isinstance(value, tuple) else (value,)
        out = []
        for d in items:
            d = self.size(d)
            if isinstance(d, Scalar) and d.dtype in L.SIGNED_DTYPES + L.UNSIGNED_DTYPES and \
                    not (self.loop_depth or self.branch_depth):
                d = self.cut(d, node, "sized by a value it computes")   # n counted before np.empty(n)
            if isinstance(d, bool) or not isinstance(d, (int, dims.Expr)):
                raise self.error(node, f"array sizes must be known from the argument shapes "
                                       f"(a size computed at run time is not supported: the call allocates "
                                       f"every array before the kernel runs; allocate the largest size "
                                       f"needed, from argument shapes, and use a part of it): {ast.unparse(node)!r}")
            if isinstance(d, int) and d < 0:
                raise self.error(node, f"negative dimensions are not allowed ({d})")
            out.append(d)
        return tuple(out)

    def dtype_of(self, node: ast.AST, env=None) -> str:
        """The dtype ``node`` names: ``np.float32``, ``'int64'``, ``float``, or an array's ``x.dtype``
        (its element type, known at specialization: ``np.empty(n, dtype=x.dtype)``)."""
        if env is not None and isinstance(node, ast.Attribute) and node.attr == "dtype":
            array = self.expr(node.value, env)
            if is_array(array):
                return self.elements(array).dtype
        text = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) \
            else node.value if isinstance(node, ast.Constant) else None
        text = {"float": "float64", "int": "int64"}.get(text, text)
        dtype = DTYPE_NAMES.get(text) if isinstance(text, str) else None
        if dtype is None:
            raise self.error(node, f"unsupported dtype {ast.unparse(node)!r} (supported: "
                                   f"{', '.join(str(d) for d in CODES.values())})")
        return dtype



# --- helpers ---------------------------------------------------------------------------------

_RENEWED = "<a new array>"   # in a group: its name is rebound to new arrays in a loop
_MOVING = "<rows in turn>"    # a group of its own: the name holds rows of one array in turn

# Integer ops a size computed from scalar arguments may hold (``Tracer.dim_of_value``)
_SIZE_OPS = {"add": dims.add, "sub": dims.sub, "mul": dims.mul, "floordiv": dims.floordiv, "mod": dims.mod}


@dataclass
class _Returns:
    """The results of a function that returns before its end: the flag its return sites raise,
    and per result its variable (a number) or its array, as the return sites so far made them."""

    flag: Name
    items: list = field(default_factory=list)


def _returns_inside(stmt: ast.stmt) -> bool:
    return any(isinstance(node, ast.Return) for node in ast.walk(stmt))


def _loops_inside(stmt: ast.stmt) -> bool:
    return any(isinstance(node, (ast.For, ast.While)) for node in ast.walk(stmt))


class _Iterations(ast.NodeTransformer):
    """``for`` over an array, ``enumerate`` and ``zip`` of arrays as ``for`` over ``range``, as
    Numba compiles them: the sequences bound once before the loop (``__sc_seq``: the arrays
    iterated, whatever the body rebinds), the row or element of each read at the top of the
    body; ``zip`` runs to the shortest. ``range`` loops, and loops over tuple or list displays,
    are left to the tracer (``enumerate`` of a display counts along, ``counted``; ``zip`` of
    displays picks along, ``zipped``)."""

    def __init__(self) -> None:
        self.count = 0

    def visit_For(self, node: ast.For):
        self.generic_visit(node)
        it = node.iter
        if isinstance(it, (ast.Tuple, ast.List)) or \
                (isinstance(it, ast.Call) and _callee(it.func) in _RANGES) or node.orelse:
            return node
        callee = _callee(it.func) if isinstance(it, ast.Call) and not it.keywords else None
        target = node.target
        if callee == "enumerate" and len(it.args) in (1, 2) and isinstance(it.args[0], (ast.Tuple, ast.List)) \
                and isinstance(target, ast.Tuple) and len(target.elts) == 2:
            return self.counted(node, it, target)
        if callee == "zip" and it.args and all(isinstance(a, (ast.Tuple, ast.List)) for a in it.args) \
                and isinstance(target, ast.Tuple) and len(target.elts) == len(it.args):
            return self.zipped(node, it, target)
        index, start = None, None
        if callee == "enumerate" and len(it.args) in (1, 2) and isinstance(target, ast.Tuple) \
                and len(target.elts) == 2:
            (sequence, *rest), (index, item) = it.args, target.elts
            sources, targets, start = [sequence], [item], (rest[0] if rest else None)
            if isinstance(sequence, ast.Call) and _callee(sequence.func) == "zip" and not sequence.keywords \
                    and isinstance(item, ast.Tuple) and len(item.elts) == len(sequence.args):
                sources, targets = list(sequence.args), list(item.elts)   # enumerate(zip(a, b))
        elif callee == "zip" and it.args and isinstance(target, ast.Tuple) and len(target.elts) == len(it.args):
            sources, targets = list(it.args), list(target.elts)
        elif callee in ("enumerate", "zip"):
            return node   # unpacked otherwise: the tracer names it
        else:
            sources, targets = [it], [target]
        k = self.count
        self.count += 1
        at = lambda new: ast.copy_location(new, node)   # noqa: E731 (messages keep the loop's line)
        names = [f"__sc_seq{k}_{j}" for j in range(len(sources))]
        counter = index.id if isinstance(index, ast.Name) and start is None else f"__sc_k{k}"
        lengths = [at(ast.Subscript(at(ast.Attribute(at(ast.Name(n, ast.Load())), "shape", ast.Load())),
                                    at(ast.Constant(0)), ast.Load())) for n in names]
        trip = lengths[0] if len(lengths) == 1 else at(ast.Call(at(ast.Name("min", ast.Load())), lengths, []))
        prefix = []
        if index is not None and counter != getattr(index, "id", None):
            value = at(ast.Name(counter, ast.Load()))
            prefix.append(at(ast.Assign([index], at(ast.BinOp(value, ast.Add(), start)) if start else value)))
        prefix += [at(ast.Assign([t], at(ast.Subscript(at(ast.Name(n, ast.Load())), at(ast.Name(counter, ast.Load())),
                                                       ast.Load())))) for t, n in zip(targets, names)]
        loop = at(ast.For(at(ast.Name(counter, ast.Store())),
                          at(ast.Call(at(ast.Name("range", ast.Load())), [trip], [])), prefix + node.body, [],
                          None))
        binds = [at(ast.Assign([at(ast.Name(n, ast.Store()))], source)) for n, source in zip(names, sources)]
        return binds + [loop]


    def zipped(self, node: ast.For, it: ast.Call, target: ast.Tuple) -> list:
        """``for w, d in zip((a, b), (c, d))``: the loop over the first display's numbers (the
        tracer's, cut to the shortest), a counter counting along and picking the others' items,
        each bound once before the loop (as Python builds the tuples)."""
        k = self.count
        self.count += 1
        at = lambda new: ast.copy_location(new, node)   # noqa: E731 (messages keep the loop's line)
        counter = f"__sc_k{k}"
        count = min(len(a.elts) for a in it.args)
        binds, picks = [], []
        for j, (display, name) in enumerate(zip(it.args[1:], target.elts[1:]), start=1):
            held = [f"__sc_z{k}_{j}_{i}" for i in range(count)]
            binds += [at(ast.Assign([at(ast.Name(h, ast.Store()))], item)) for h, item in zip(held, display.elts)]
            pick: ast.expr = at(ast.Name(held[-1], ast.Load())) if held else at(ast.Constant(0))
            for i in range(count - 2, -1, -1):
                test = at(ast.Compare(at(ast.Name(counter, ast.Load())), [ast.Eq()], [at(ast.Constant(i))]))
                pick = at(ast.IfExp(test, at(ast.Name(held[i], ast.Load())), pick))
            picks.append(at(ast.Assign([name], pick)))
        body = [at(ast.AugAssign(at(ast.Name(counter, ast.Store())), ast.Add(), at(ast.Constant(1)))), *picks, *node.body]
        first = at(type(it.args[0])(elts=it.args[0].elts[:count], ctx=ast.Load()))
        return [*binds, at(ast.Assign([at(ast.Name(counter, ast.Store()))], at(ast.Constant(-1)))),
                at(ast.For(target.elts[0], first, body, [], None))]

    def counted(self, node: ast.For, it: ast.Call, target: ast.Tuple) -> list:
        """``for k, w in enumerate((a, b, c)[, start])``: the loop over the numbers themselves (the
        tracer's), a counter counting along: ``__sc_k = -1`` before, ``__sc_k += 1; k = __sc_k (+
        start)`` first in the body (before any ``continue``)."""
        k = self.count
        self.count += 1
        at = lambda new: ast.copy_location(new, node)   # noqa: E731 (messages keep the loop's line)
        counter = f"__sc_k{k}"
        index, item = target.elts
        value = at(ast.Name(counter, ast.Load()))
        body = [at(ast.AugAssign(at(ast.Name(counter, ast.Store())), ast.Add(), at(ast.Constant(1)))),
                at(ast.Assign([index], at(ast.BinOp(value, ast.Add(), it.args[1])) if len(it.args) == 2 else value)),
                *node.body]
        return [at(ast.Assign([at(ast.Name(counter, ast.Store()))], at(ast.Constant(-1)))),
                at(ast.For(item, it.args[0], body, [], None))]


def _ranges_of_iterations(fn: ast.FunctionDef) -> ast.FunctionDef:
    """``fn`` with its loops over arrays as loops over ranges (:class:`_Iterations`); ``fn`` itself
    when it has none (a copy otherwise: the parsed function stays as read)."""
    if all(not isinstance(n, ast.For) or (isinstance(n.iter, ast.Call) and _callee(n.iter.func) in _RANGES)
           for n in ast.walk(fn)):
        return fn
    return _Iterations().visit(copy.deepcopy(fn))


def _endless(stmt: ast.stmt) -> bool:
    """``while True:`` (a true constant) with no ``break`` of its own: only a return leaves it."""
    return isinstance(stmt, ast.While) and isinstance(stmt.test, ast.Constant) and bool(stmt.test.value) \
        and not stmt.orelse and not any(_leaves(s, ast.Break) for s in stmt.body)


def _leaves(stmt: ast.stmt, kind: type) -> bool:
    """Whether ``stmt`` holds a ``break`` or ``continue`` (``kind``) of the loop around it."""
    if isinstance(stmt, kind):
        return True
    if isinstance(stmt, (ast.For, ast.While)):
        return any(_leaves(s, kind) for s in stmt.orelse)
    return any(_leaves(s, kind) for field in ("body", "orelse", "finalbody") for s in getattr(stmt, field, []) or []
               if isinstance(s, ast.stmt))


def _conditional_lines(fn: ast.FunctionDef) -> frozenset[int]:
    """The lines of ``fn`` inside a ``while`` loop's or a branch's body: statements that may not
    run, whatever the shapes (the analyser looks at them anyway; a ``for`` loop over a range of
    known extent it follows, and knows when its body runs)."""
    lines: set[int] = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.While, ast.If, ast.IfExp)):
            bodies = [node.body, node.orelse] if isinstance(node, ast.IfExp) else [*node.body, *node.orelse]
            for part in bodies:
                lines.update(range(part.lineno, (part.end_lineno or part.lineno) + 1))
    return frozenset(lines)


def _counted_while(stmt: ast.While):
    """``(name, stop node, inclusive, step)`` of ``while name < stop [and ...]`` whose body steps
    ``name += step`` (a positive int constant) at its top level and assigns ``name`` nowhere else,
    reads no name it assigns in ``stop``, and has no ``continue`` of its own; else None."""
    tests = stmt.test.values if isinstance(stmt.test, ast.BoolOp) and isinstance(stmt.test.op, ast.And) \
        else [stmt.test]
    assigned = {name for node in ast.walk(ast.Module(stmt.body, [])) for name in _stored_names(node)}
    if any(_leaves(s, ast.Continue) for s in stmt.body):
        return None
    for test in tests:
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], (ast.Lt, ast.LtE))
                and isinstance(test.left, ast.Name)):
            continue
        name, stop = test.left.id, test.comparators[0]
        if any(isinstance(n, ast.Name) and n.id in assigned for n in ast.walk(stop)):
            continue
        steps = [s for s in stmt.body if isinstance(s, ast.AugAssign) and isinstance(s.target, ast.Name)
                 and s.target.id == name and isinstance(s.op, ast.Add) and isinstance(s.value, ast.Constant)
                 and type(s.value.value) is int and s.value.value > 0]
        stores = sum(name in _stored_names(node) for node in ast.walk(ast.Module(stmt.body, [])))
        if len(steps) == 1 and stores == 1:
            return name, stop, isinstance(test.ops[0], ast.LtE), steps[0].value.value
    return None


def _stored_names(node: ast.AST) -> list[str]:
    """The names one statement binds (targets of assignments and for loops)."""
    targets = node.targets if isinstance(node, ast.Assign) else \
        [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)) else []
    return [n for t in targets for n in _bound_names(t)]


def _entry_constants(fn: ast.FunctionDef) -> dict[int, dict[str, int]]:
    """Per ``while`` loop (by id): the names that hold an int constant where it starts, from
    ``name = <int>`` earlier in its own block (and in the blocks around it), forgotten at any
    other assignment of the name in between."""
    found: dict[int, dict[str, int]] = {}

    def visit(body: list, known: dict) -> None:
        known = dict(known)
        for stmt in body:
            if isinstance(stmt, ast.While):
                found[id(stmt)] = dict(known)
            for field in ("body", "orelse"):
                inner = getattr(stmt, field, None)
                if isinstance(inner, list) and isinstance(stmt, (ast.For, ast.While, ast.If)):
                    visit(inner, {} if isinstance(stmt, (ast.For, ast.While)) else known)
            for node in ast.walk(stmt):
                for name in _stored_names(node):
                    known.pop(name, None)
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                    and isinstance(stmt.value, ast.Constant) and type(stmt.value.value) is int:
                known[stmt.targets[0].id] = stmt.value.value
    visit(fn.body, {})
    return found


def _assignment_counts(fn: ast.FunctionDef) -> dict[str, tuple[int, bool]]:
    """Per local name: how often it is assigned, and whether inside a loop or branch."""
    counts: dict[str, tuple[int, bool]] = {}

    def visit(body, nested: bool) -> None:
        for stmt in body:
            targets = stmt.targets if isinstance(stmt, ast.Assign) else \
                [stmt.target] if isinstance(stmt, (ast.AugAssign, ast.AnnAssign, ast.For)) else []
            for target in targets:
                for name in _bound_names(target):
                    count, deep = counts.get(name, (0, False))
                    extra = 2 if isinstance(stmt, ast.AugAssign) else 1
                    counts[name] = (count + extra, deep or nested)
            for child in ("body", "orelse"):
                inner = getattr(stmt, child, None)
                if isinstance(inner, list) and isinstance(stmt, (ast.For, ast.While, ast.If)):
                    visit(inner, True)
    visit(fn.body, False)
    return counts


def _bound_names(target: ast.AST) -> list[str]:
    """The names an assignment target binds (``a``, ``a, (b, c)``; not those read in ``x[i]``)."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for t in target.elts for n in _bound_names(t)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    return []


def _is_allocation(func: ast.Attribute) -> bool:
    if func.attr == "copy":
        return True
    base = func.attr.removesuffix("_like")
    return isinstance(func.value, ast.Name) and func.value.id in _MODULES and \
        (base in _ALLOCATORS or func.attr == "arange")


def _callee(func: ast.AST) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _zero(dtype: str) -> L.Const:
    return L.Const(False if dtype == "bool" else 0.0 if dtype in ("f32", "f64") else 0, dtype)


def _lower_bound(expr: L.Expr, loops: dict) -> int | None:
    """A lower bound of an i64 expression over loop variables, or None."""
    if isinstance(expr, L.Const):
        return int(expr.value)
    if isinstance(expr, L.Var):
        loop = loops.get(expr.name)
        return loop.low if loop is not None else None
    if isinstance(expr, L.Binary) and expr.op in ("add", "sub", "mul"):
        a, b = _lower_bound(expr.lhs, loops), _lower_bound(expr.rhs, loops)
        if expr.op == "add" and a is not None and b is not None:
            return a + b
        if expr.op == "sub" and a is not None and isinstance(expr.rhs, L.Const):
            return a - int(expr.rhs.value)
        if expr.op == "mul" and a is not None and b is not None and a >= 0 and b >= 0:
            return a * b
    return None


_SIZE_ARITHMETIC = {"add": dims.add, "sub": dims.sub, "mul": dims.mul, "floordiv": dims.floordiv,
                    "mod": dims.mod}
_PYTHON_ARITHMETIC = {"add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
                      "div": lambda a, b: a / b, "floordiv": lambda a, b: a // b, "mod": lambda a, b: a % b}
