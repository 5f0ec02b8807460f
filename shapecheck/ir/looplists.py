"""Python lists built by ``append`` in loop code: ``out = []``, ``out.append(v)`` in loops and
branches, then ``np.array(out)`` (or ``np.asarray``) and ``len(out)``.

Numba users collect what a loop finds in a list (reflected or typed): peaks, indices above a
threshold, rows that pass a test. The list's length is decided by the data, but never exceeds the
number of times its ``append`` statements can run: each runs at most once per iteration of the
loops around it, so the sum over the appends of the product of their loops' trip counts bounds it
(``for j in range(i)`` counts at most as ``i``'s largest value). The list is a buffer of that many
rows, allocated by the call (its size is ``Program``'s arithmetic on the argument shapes and int
arguments' values), with an i64 count of the rows appended; ``np.array(out)`` copies the first
``count`` rows into an array of that length (a size the data decides: the kernel is cut there,
``cut``), as NumPy builds an array from a list.

Its element dtype is NumPy's for ``np.array`` of the elements (``np.array([1, 2.5])`` is float64, of
``np.float32`` elements float32): the promotion of every appended value's dtype, found by one trace
and used by the next. A list's rows all have one shape (``np.array`` of rows of different lengths is
ragged, not an array).

Refused by name: an append in a ``while`` loop or one whose trip count has no bound known before the
call, a list made inside a loop or branch, an array appended that a name holds (Python's list holds
the array itself, so later writes show in it; append a copy), and a list used otherwise (returned,
indexed, iterated: ``np.array(out)`` first).

Reference: https://numba.readthedocs.io/en/stable/reference/pysupported.html#list
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

import numpy as np

from shapecheck.constraints import dims
from shapecheck.subst.names import Name

from . import faults
from . import loops as L
from .dtypes import CODES, common_dtype
from .looparrays import Array, ArrayExpr, Scalar, cast, is_array, loop_nest, reads_memory, scalar_variables, show_shape

__all__ = ["ListCode", "Listed", "is_new_list", "arrays_only_returned"]

I = L.INDEX


@dataclass(eq=False)
class Listed:
    """A list bound to ``python_name``: its rows so far are ``buffer[:count]`` (the buffer and
    the row shape are made by the first append; the capacity is set once the trace has seen
    every append, ``ListCode.sized_lists``)."""

    python_name: str
    count: Name                       # i64 variable: rows appended so far
    capacity: Name                    # i64 variable: the rows the buffer holds (checked at each append)
    dtype: str                        # of np.array(list): every appended value's, promoted
    buffer: Array | None = None
    row: tuple | None = None
    bounds: list | None = None        # per append statement traced: its most runs (a dim), or None
    python_numbers: bool = True       # every value appended a Python number (returned as Python's)


def is_new_list(value: ast.AST) -> bool:
    """``[]`` or ``list()``: an empty list, to be built by ``append``."""
    return isinstance(value, ast.List) and not value.elts or \
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "list" \
        and not value.args and not value.keywords


def arrays_only_returned(fn: ast.FunctionDef) -> frozenset[int]:
    """The ids of the ``np.array(out)`` calls in ``fn`` whose array is only returned: an item of its
    one return statement, the last (``return np.array(out)``), or bound once to a name that is
    read only there (``peaks = np.array(out)`` ... ``return peaks, n``). Of no rows, such an array is
    NumPy's ``np.array([])`` (float64, shape ``(0,)``) whatever the appends were: the caller makes
    it so (``LoopModule.empty_lists``), where an array used further must refuse an empty list."""
    returns = [node for node in ast.walk(fn) if isinstance(node, ast.Return)]
    if len(returns) != 1 or not fn.body or returns[0] is not fn.body[-1] or returns[0].value is None:
        return frozenset()
    value = returns[0].value
    items = value.elts if isinstance(value, ast.Tuple) else [value]
    made = lambda node: isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
        and node.func.attr in ("array", "asarray")   # noqa: E731
    found = {id(item) for item in items if made(item)}
    returned = {item.id for item in items if isinstance(item, ast.Name)}
    names = [node for node in ast.walk(fn) if isinstance(node, ast.Name) and node.id in returned]
    for stmt in fn.body[:-1]:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                and stmt.targets[0].id in returned and made(stmt.value):
            uses = [n for n in names if n.id == stmt.targets[0].id]
            if sum(isinstance(n.ctx, ast.Store) for n in uses) == 1 and \
                    sum(n in items for n in uses) == len(uses) - 1:
                found.add(id(stmt.value))
    return frozenset(found)


class ListCode:
    """A mixin of the loop tracer, using its ``fresh``, ``prelude``, ``pending``, ``allocs``,
    ``allocate``, ``scalar``, ``elements``, ``materialize``, ``cut``, ``fault_if``,
    ``trip_bounds``, ``list_dtypes``/``next_list_dtypes`` and ``error``."""

    def new_list(self, name: str, node, env) -> list:
        """``name = []``: a list with no rows (at the function's top: it is made once)."""
        if self.loop_depth or self.branch_depth:
            raise self.error(node, f"a list made inside a loop or branch ({name} = []) is not supported in loop code "
                                   "(make it at the function's top)")
        count, capacity = self.fresh(f"{name}_count"), self.fresh(f"{name}_capacity")
        self.prelude += [L.Let(count, I, L.Const(0, I)), L.Let(capacity, I, L.Const(0, I))]   # set by sized_lists
        env[name] = Listed(name, count, capacity, self.list_dtypes.get(name, ""), bounds=[])
        self.lists.append(env[name])
        return [L.Assign(count, L.Const(0, I))]

    def list_method(self, listed: Listed, method: str, node: ast.Call, env) -> None:
        """``out.append(v)``: ``v`` copied into the next row, the count up by one."""
        if method != "append" or len(node.args) != 1 or node.keywords:
            raise self.error(node, f"list.{method} is not supported in loop code (out.append(v) is; then "
                                   "np.array(out) or len(out))")
        value = self.expr(node.args[0], env)
        if isinstance(value, Listed):
            raise self.error(node, "a list appended to a list (nested lists) is not supported in loop code")
        if isinstance(value, Array) and not value.fixed and (value.is_input or any(v is value for v in env.values())):
            raise self.error(node, f"append of the array {ast.unparse(node.args[0])!r} a name holds: Python's list holds "
                                   "that array itself (later writes to it show in the list); append a copy "
                                   f"({ast.unparse(node.args[0])}.copy()), supported in loop code")
        if isinstance(value, Array) and value.fixed or isinstance(value, ArrayExpr) and value.view is not False:
            raise self.error(node, f"append of {ast.unparse(node.args[0])!r}, a view of an array: Python's list holds "
                                   "the view (later writes to the array show in it); append a copy "
                                   f"({ast.unparse(node.args[0])}.copy()), supported in loop code")
        if is_array(value):
            source = self.elements(value)
            row, dtype = source.shape, source.dtype
            if any(type(d) not in (int, dims.Expr) for d in row):
                raise self.error(node, f"append of an array of shape {show_shape(row)}, whose size the data decides: "
                                       "not supported in loop code")
        else:
            number = self.scalar(value, node)
            source, row, dtype = None, (), number.dtype
        listed.python_numbers = listed.python_numbers and source is None and self.python_number(number)
        promoted = common_dtype(((listed.dtype, False), (dtype, False))) if listed.dtype else dtype
        listed.dtype = promoted
        self.next_list_dtypes[listed.python_name] = promoted
        if listed.buffer is None:
            listed.row = row
            listed.buffer = self.allocate((1, *row), promoted, node, listed.python_name)   # sized by sized_lists
        elif row != listed.row:
            raise self.error(node, f"{listed.python_name}.append of a row of shape {show_shape(row)} after rows of "
                                   f"shape {show_shape(listed.row)}: np.array of such a list is ragged (not "
                                   "supported in loop code)")
        bound = self.appends_bound()
        if bound is None:
            raise self.error(node, f"{listed.python_name}.append inside a while loop, or a loop whose trip count has no "
                                   "bound known before the call: the list's buffer is sized before the kernel runs "
                                   "(not supported in loop code)")
        listed.bounds.append(bound)
        at, capacity = L.Var(listed.count, I), L.Var(listed.capacity, I)
        self.fault_if(L.Compare("ge", at, capacity), faults.INDEX, (at, L.Const(0, I), capacity))   # never, if bounded
        names, idx = self.index_names(len(row), "a")
        element = (lambda i: Scalar(number.expr)) if source is None else source.element   # noqa: E731
        store = L.Store(listed.buffer.name, (at, *idx), cast(element(idx).expr, listed.buffer.dtype))
        self.pending += [*loop_nest(names, row, (store,)), L.Assign(listed.count, L.Binary("add", at, L.Const(1, I)))]
        return None

    def python_number(self, number: Scalar) -> bool:
        """Whether Python has ``number`` as a Python number (not a NumPy scalar): a literal, a
        Python scalar argument, or integer arithmetic on them and ``range`` counters (which the
        tracer types int64), reading no array element."""
        if number.weak:
            return True
        return number.dtype in L.SIGNED_DTYPES and not reads_memory(number.expr) and \
            all(v.name in self.loops for v in scalar_variables(number.expr))

    def appends_bound(self):
        """The most times a statement here runs: the product of the trip bounds of the loops
        around it (None where one has none)."""
        bound: Any = 1
        for most in self.trip_bounds:
            trips = most()
            if trips is None:
                return None
            bound = dims.mul(bound, trips)
        return bound

    def list_used(self, listed: Listed, node):
        """The refusal of a list used otherwise than loop code reads one."""
        name = listed.python_name
        return self.error(node, f"{name!r} is a list built by append: loop code reads it as np.array({name}) or "
                                f"len({name}), or returns it at the function's end (index, iterate or reduce "
                                f"np.array({name}))")

    def list_length(self, listed: Listed) -> Scalar:
        """``len(out)``: the rows appended so far (a Python int)."""
        return Scalar(L.Var(listed.count, I), True)

    def list_array(self, listed: Listed, node, returned: bool = False, dtype: str | None = None) -> Array:
        """``np.array(out[, dtype])``: a new array of the rows appended so far (its length a size
        the data decides: the kernel is cut here); ``returned``: the list itself returned (its
        rows, which the caller makes a list: an empty one is ``[]`` whatever its dtype)."""
        if listed.buffer is None and returned:   # nothing appended: []
            return self.allocate((0,), "f64", node, listed.python_name)
        if listed.buffer is None:
            raise self.error(node, f"np.array of the list {listed.python_name!r}, which nothing is appended to before "
                                   "this line: its dtype is unknown (not supported in loop code)")
        buffer = listed.buffer
        if dtype is not None and not np.can_cast(CODES[buffer.dtype], CODES[dtype], "safe"):
            raise self.error(node, f"np.array of the list {listed.python_name!r} ({CODES[buffer.dtype]}) as {CODES[dtype]}: "
                                   "NumPy checks each element's range or value there (not supported in loop code: "
                                   "np.array(...).astype(...) casts as NumPy's astype)")
        only_returned = id(node) in self.only_returned
        if not returned and not only_returned and (listed.row or dtype is None and buffer.dtype != "f64"):
            # np.array([]) is float64 (0,)
            self.fault_if(L.Compare("eq", L.Var(listed.count, I), L.Const(0, I)), faults.EMPTY_LIST, ())
        size = self.cut(self.list_length(listed), node, f"made from the list {listed.python_name!r}")
        made = dtype or buffer.dtype
        rows = ArrayExpr((size, *listed.row), made,
                         lambda idx: Scalar(cast(L.Load(buffer.name, tuple(idx), buffer.dtype), made)),
                         frozenset({buffer.name}))
        array = self.materialize(rows, node, listed.python_name)
        if only_returned:
            self.made_from_lists[id(array)] = dtype
        return array

    def sized_lists(self) -> None:
        """Every list's buffer sized for all its appends (its last capacity), before the module
        is made; a list's dtype that the appends widened makes the next trace (``widened``)."""
        for listed in self.lists:
            if listed.buffer is None:
                continue
            capacity: Any = 0
            for bound in listed.bounds:
                capacity = dims.add(capacity, bound)
            buffer = listed.buffer
            self.allocs = [Array(b.name, b.dtype, (capacity, *listed.row), False, b.python_name) if b is buffer else b
                           for b in self.allocs]
            self.prelude = [L.Let(s.var, I, L.dim_to_expr(capacity)) if isinstance(s, L.Let) and s.var == listed.capacity
                            else s for s in self.prelude]
            if self.next_list_dtypes[listed.python_name] != buffer.dtype:
                self.widened = True   # a later append widened the dtype: the next trace starts with it
