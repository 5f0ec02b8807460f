"""Whole-array expressions inside loop code (``loopfront``): values and loop nests.

Numba users mix element loops with NumPy expressions on rows and slices: ``out[i] = x[i] * w +
b``, ``s += np.dot(a[i], b)``, ``d = x[i, 1:] - x[i, :-1]``. Here such an expression is an
:class:`ArrayExpr`, an elementwise value not yet computed: its shape, its dtype, and how to
build one element's loop-IR expression from index expressions. It becomes loops only where
NumPy would produce memory:

- stored into an array view (``out[i] = e``, ``out[i, :] += e``, ``out[:] = 0.0``): one loop
  nest over the view, the value broadcast to it (NumPy's assignment); when the value reads the
  target at other elements (``x[1:] = x[:-1]``) it goes through a temporary first, as NumPy
  buffers an overlapping assignment;
- named (``d = x[i] - m``) or returned: a new array (allocated once per call, filled where the
  statement runs, as any array made in loop code);
- reduced (``np.sum``, ``.max()``, ``np.mean``, ``np.dot`` of vectors): an accumulator loop,
  with NumPy's result dtypes (``ir.dtypes.reduction_dtype``).

Shapes broadcast by NumPy's rules (dims equal, or one of them 1). Slices follow Python's rules
(a negative bound counts from the end, then both clamp to the dim; never an access outside
it): bounds that are constants or argument sizes (``x[i, 1:n-1]``, steps are constants) give
dims (``max(n - 2, 0)`` over a symbolic ``n``); bounds known only at run time (``x[i, :i]``,
step 1) give sizes known then, whose values can be reduced or stored but not made into a new
array (its size would be unknown when the call allocates). A value assigned to a slice whose
size is known only at run time is checked then: a wrong size raises NumPy's ValueError
(``ir.faults``). ``x[i]`` of a matrix is a view
(:class:`Array` with fixed leading indices): named, it still aliases the matrix, as in NumPy.

Reference: NumPy's broadcasting and assignment rules
(https://numpy.org/doc/stable/user/basics.broadcasting.html,
https://numpy.org/doc/stable/user/basics.indexing.html#assigning-values-to-indexed-arrays).
"""

from __future__ import annotations

import ast
import math

import numpy as np
from dataclasses import dataclass, replace
from typing import Any, Callable

from shapecheck.constraints import dims
from shapecheck.subst import Scope, Subst, free_vars, substitute
from shapecheck.subst.names import Name

from . import faults, loopsort
from . import loops as L
from .dtypes import CODES, common_dtype, reduction_dtype

I = L.INDEX


@dataclass(frozen=True)
class Scalar:
    expr: L.Expr
    weak: bool = False      # a Python literal (or arithmetic on them): NEP 50's weak scalar

    @property
    def dtype(self) -> str:
        return self.expr.dtype


@dataclass(frozen=True)
class Array:
    """A buffer of the kernel, seen through ``fixed`` leading indices (``x[i]`` of a matrix)."""

    name: Name
    dtype: str
    shape: tuple                    # the buffer's dims (kernel names)
    is_input: bool
    python_name: str
    fixed: tuple = ()

    @property
    def view_shape(self) -> tuple:
        return self.shape[len(self.fixed):]


@dataclass(frozen=True, eq=False)
class Rotating:
    """A name rebound among arrays inside a loop (``a, b = b, a``: double buffering): which of
    its group's arrays (``arrays``, one shape and dtype, in the order they were first named) it
    holds now is the i64 variable ``which``. Elements read through it select among the arrays,
    writes go to the one it holds."""

    arrays: list                    # Array of each name of the group, as first bound (the group's own list)
    which: L.Expr
    python_name: str

    @property
    def shape(self) -> tuple:
        return self.arrays[0].shape

    @property
    def dtype(self) -> str:
        return self.arrays[0].dtype

    def load(self, indices: tuple) -> L.Expr:
        """The element at ``indices`` of the array the name holds now."""
        out: L.Expr = L.Load(self.arrays[-1].name, indices, self.dtype)
        for k in range(len(self.arrays) - 2, -1, -1):
            out = L.Select(L.Compare("eq", self.which, L.Const(k, I)), L.Load(self.arrays[k].name, indices, self.dtype),
                           out)
        return out

    def store(self, indices: tuple, value: L.Expr) -> L.Stmt:
        """The statement writing ``value`` at ``indices`` of the array the name holds now."""
        out: L.Stmt = L.Store(self.arrays[-1].name, indices, value)
        for k in range(len(self.arrays) - 2, -1, -1):
            out = L.If(L.Compare("eq", self.which, L.Const(k, I)), (L.Store(self.arrays[k].name, indices, value),),
                       (out,))
        return out


@dataclass(frozen=True)
class ArrayExpr:
    """An elementwise value not yet computed: ``element(indices)`` is one element (a
    :class:`Scalar`) for i64 index expressions, one per axis of ``shape``; ``reads`` are the
    buffers it loads from."""

    shape: tuple
    dtype: str
    element: Callable[[tuple], Scalar]
    reads: frozenset = frozenset()
    # NumPy's view of ``reads`` (a slice), not a new array; None: a view or a copy as strides
    # allow (a slice's reshape), so never bound to a name
    view: bool | None = False


@dataclass(frozen=True)
class Filtered:
    """``x[mask]``: the elements (or, of a mask over leading axes, the rows) of ``source`` where
    ``mask`` holds, in C order: NumPy's shape ``(count,) + rest``, the count known only when the
    mask is read. Not addressable by position (the k-th selected element needs the count of
    those before it), so it is reduced, combined element by element, assigned through the mask
    or counted where it is used (``loopmasks``)."""

    mask: ArrayExpr          # bool, of the leading axes of ``source``
    source: ArrayExpr

    @property
    def rest(self) -> tuple:
        return self.source.shape[len(self.mask.shape):]

    @property
    def dtype(self) -> str:
        return self.source.dtype


def show_shape(shape: tuple) -> str:
    """A shape as NumPy prints one: ``(11,)``, ``(n, 3)`` (a size known only at run time: ``?``)."""
    items = [dims.show(d) if type(d) in (int, dims.Expr) else "?" for d in shape]
    return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"


def is_array(value: Any) -> bool:
    return isinstance(value, (ArrayExpr, Rotating, Filtered)) or (isinstance(value, Array) and len(value.fixed) < len(value.shape))


REDUCTIONS = {"sum": "sum", "max": "max", "min": "min", "mean": "mean", "amax": "max", "amin": "min",
              "argmax": "argmax", "argmin": "argmin", "any": "any", "all": "all", "prod": "prod"}
_TRUTH_REDUCTIONS = {"any": ("or", False), "all": ("and", True)}   # the truth of each element, joined
ARG_REDUCTIONS = {"argmax": "gt", "argmin": "lt"}   # the index of the first element beating all before it
_REDUCE_UFUNC = {"sum": "add", "mean": "add", "max": "maximum", "min": "minimum", "prod": "mul"}


class ArrayCode:
    """The tracer's whole-array part (mixed into ``loopfront``'s tracer, whose ``fresh``,
    ``prelude``, ``pending``, ``ufunc``, ``scalar``, ``index``, ``wrap``, ``fault_if``,
    ``fill``, ``allocate`` and ``error`` it uses)."""

    # -- values ---------------------------------------------------------------------------------
    def index_names(self, rank: int, hint: str) -> tuple[tuple, tuple]:
        """Fresh loop variables for ``rank`` axes: their names and their index expressions."""
        names = tuple(self.fresh(f"{hint}{axis}") for axis in range(rank))
        return names, tuple(L.Var(n, I) for n in names)

    def elements(self, value: Any) -> ArrayExpr | None:
        """``value`` as an :class:`ArrayExpr` (None for a number)."""
        if isinstance(value, ArrayExpr):
            return value
        if isinstance(value, Filtered):   # an array of its own: made where the statement runs
            return self.elements(self.materialized(value, self.statement_at))
        if isinstance(value, Rotating):
            rotating = value
            return ArrayExpr(rotating.shape, rotating.dtype, lambda idx: Scalar(rotating.load(tuple(idx))),
                             frozenset(a.name for a in rotating.arrays))
        if isinstance(value, Array) and len(value.fixed) < len(value.shape):
            view = value
            return ArrayExpr(view.view_shape, view.dtype,
                             lambda idx: Scalar(L.Load(view.name, view.fixed + tuple(idx), view.dtype)),
                             frozenset({view.name}))
        return None

    def pinned(self, view: ArrayExpr, node) -> ArrayExpr:
        """A view bound to a name (``r = x[i:]``): the scalars its offsets and sizes read (a loop
        variable, a bound known at run time) copied now, as NumPy fixes a view's offsets when it
        makes it; its elements read (and written) in the array it views wherever the name is used."""
        if len(view.reads) != 1:
            # a slice of a name rebound in a loop: the buffers it rotates among are written again
            # while such a view would still see them (and a copy would miss writes through the name)
            raise self.error(node, f"a slice of an array name rebound in a loop ({ast.unparse(node)!r} = ...) is "
                                   "not bound to a name in loop code: index the rebound name directly, or bind a "
                                   "copy (....copy())")
        holes = tuple(L.Var(self.fresh(f"at{axis}"), I) for axis in range(len(view.shape)))
        probe = view.element(holes)
        fixed = self.read_now([probe.expr, *view.shape], node)
        shape = tuple(d if type(d) in (int, dims.Expr) else fixed(d) for d in view.shape)
        template = fixed(probe.expr)

        def element(idx: tuple) -> Scalar:
            return Scalar(fixed(template, {h.name: i for h, i in zip(holes, idx)}), probe.weak)
        return ArrayExpr(shape, view.dtype, element, view.reads, view=True)

    def read_now(self, exprs: list, node) -> Callable:
        """``fixed(expr, more)``: ``expr`` with the variables that ``exprs`` read and that may
        change later (scalar variables, loop variables) replaced by copies made now (and the
        names of ``more`` by its expressions); sizes known at compile time among ``exprs`` are
        skipped."""
        changing = {s.var for s in self.prelude if isinstance(s, L.Let)} | set(self.loops)
        found = {v.name: v for e in exprs if type(e) not in (int, dims.Expr)
                 for v in scalar_variables(e) if v.name in changing}
        out: list = []
        now = {name: self.snapshot(Scalar(var), out, node).expr for name, var in sorted(found.items(),
                                                                                         key=lambda kv: kv[0].key)}
        self.pending += out

        def fixed(expr: L.Expr, more: dict | None = None) -> L.Expr:
            mapping = {**now, **(more or {})}
            scope = Scope.empty().extend_all(free_vars(expr))
            return substitute(expr, Subst.of(mapping, scope)) if mapping else expr
        return fixed

    def transposed(self, value: Any, axes: tuple | None, node) -> ArrayExpr:
        """``x.T``, ``x.transpose(axes)``, ``np.transpose``: the same elements, axes permuted; a
        view of ``x`` (bound to a name, it reads and writes ``x``)."""
        source = self.elements(value)
        rank = len(source.shape)
        order = tuple(reversed(range(rank))) if axes is None else tuple(a % rank if -rank <= a < rank else rank
                                                                        for a in axes)
        if sorted(order) != list(range(rank)):
            raise self.error(node, f"axes {axes} don't match an array of rank {rank}")

        def element(idx: tuple) -> Scalar:
            at = [L.Const(0, I)] * rank
            for k, axis in enumerate(order):
                at[axis] = idx[k]
            return source.element(tuple(at))
        return ArrayExpr(tuple(source.shape[a] for a in order), source.dtype, element, source.reads,
                         view=_is_view(value))

    def reshaped(self, value: Any, target: tuple, node, copy: bool = False) -> ArrayExpr:
        """``x.reshape(shape)`` (one size may be -1), ``x.ravel()``, ``x.flatten()`` (``copy``):
        the elements in C order, laid out anew; a view of an array (not of a slice, which NumPy
        copies), bound to a name it reads and writes the array."""
        source = self.elements(value)
        if any(type(d) not in (int, dims.Expr) for d in source.shape):
            raise self.error(node, "reshaping an array whose size is known only at run time is not supported in "
                                   "loop code")
        total = dims.product(source.shape)
        sizes = [d for d in target if not (type(d) is int and d == -1)]
        if len(sizes) < len(target) - 1 or any(type(d) is int and d < -1 for d in target) or \
                any(type(d) not in (int, dims.Expr) for d in sizes):
            raise self.error(node, f"reshape takes sizes from argument shapes or constants, at most one -1 "
                                   f"({ast.unparse(node)!r})")
        known = dims.product(sizes)
        shape = tuple(dims.floordiv(total, known) if type(d) is int and d == -1 else d for d in target)
        if dims.product(shape) != total and not (type(total) is int and type(known) is int and known and
                                                  total % known == 0):
            if type(total) is int and type(dims.product(shape)) is int:
                raise self.error(node, f"cannot reshape array of size {total} into shape {show_shape(shape)}")
            raise self.error(node, f"reshape of {show_shape(source.shape)} into {show_shape(shape)}: the sizes are "
                                   "not provably equal (give the shapes that make them so)")

        def element(idx: tuple) -> Scalar:
            flat: L.Expr = L.Const(0, I)
            for index, size in zip(idx, shape):
                flat = L.Binary("add", L.Binary("mul", flat, size_expr(size)), index)
            at = []
            for size in reversed(source.shape[1:]):
                at.append(L.Binary("mod", flat, size_expr(size)))
                flat = L.Binary("floordiv", flat, size_expr(size))
            return source.element((flat, *reversed(at)))
        # of an array, NumPy's view; of a slice, a view or a copy as its strides allow (None: not bound)
        view = False if copy else True if isinstance(value, (Array, Rotating)) else None if _is_view(value) else False
        return ArrayExpr(shape, source.dtype, element, source.reads, view=view)

    def elementwise(self, combine: Callable[[list], Scalar], values: list, node) -> ArrayExpr:
        """``combine`` applied element by element to ``values`` (arrays broadcast against each
        other, numbers as they are)."""
        if any(isinstance(v, Filtered) for v in values):
            return self.filtered_elementwise(combine, values, node)
        arrays = [self.elements(v) for v in values]
        shape = self.broadcast([a.shape for a in arrays if a is not None], node)

        def element(idx: tuple) -> Scalar:
            return combine([v if a is None else a.element(_broadcast_index(idx, a.shape, shape))
                            for v, a in zip(values, arrays)])
        probe = element(tuple(L.Const(0, I) for _ in shape))   # its dtype, and any error, now
        return ArrayExpr(shape, probe.dtype, element,
                         frozenset().union(*(a.reads for a in arrays if a is not None)))

    def broadcast(self, shapes: list, node) -> tuple:
        """NumPy's broadcast of ``shapes`` (right-aligned; a dim of 1 stretches)."""
        rank = max(len(s) for s in shapes)
        out = []
        for axis in range(-rank, 0):
            sizes = {s[axis] for s in shapes if len(s) >= -axis} - {1}
            if len(sizes) > 1:
                shown = " and ".join(show_shape(s) for s in shapes)
                raise self.error(node, f"operands could not be broadcast together with shapes {shown}")
            out.append(sizes.pop() if sizes else 1)
        return tuple(out)

    def selection(self, array: Array | ArrayExpr, items: list, env, node) -> ArrayExpr | Array | Scalar:
        """``array[items]`` with slices among the items: a view as an ArrayExpr (``x[i]`` and
        ``x[i, :]``, only leading indices, stay :class:`Array` views). Of an array value (a view
        bound to a name, ``(a + b)[i]``): its elements so selected, one element a Scalar."""
        if isinstance(array, ArrayExpr):
            return self.select_elements(array, items, env, node)
        rest = list(items)
        while rest and _is_full_slice(rest[-1]):
            rest.pop()
        if all(not isinstance(item, ast.Slice) for item in rest):
            return self.indexed(array, rest, env, node)
        # a view of the array (of the row it is): the same selection as of any array value
        return self.select_elements(replace(self.elements(array), view=True), items, env, node)

    def select_elements(self, value: ArrayExpr, items: list, env, node) -> ArrayExpr | Scalar:
        """``value[items]`` for an array value: integers pick (checked in range as NumPy checks
        them, each against its axis of ``value``), slices keep an axis (``(start, count, step)``
        per axis); a view of a view is a view of the same array."""
        if len(items) > len(value.shape):
            raise self.error(node, f"too many indices for an array of rank {len(value.shape)}")
        if any(isinstance(i, ast.Constant) and i.value in (None, Ellipsis) for i in items):
            raise self.error(node, f"None and ... are not supported in loop code ({ast.unparse(node)!r})")
        axes: list = []
        for axis, size in enumerate(value.shape):
            item = items[axis] if axis < len(items) else None
            if item is None or isinstance(item, ast.Slice):
                axes.append(("slice", L.Const(0, I), size, 1) if item is None or _is_full_slice(item) else
                            ("slice",) + self.slice_bounds(item, size, env, node))
            else:
                axes.append(("at", self.wrap(self.index(self.expr(item, env), item), size, axis)))

        def element(idx: tuple) -> Scalar:
            free = iter(idx)
            return value.element(tuple(a[1] if a[0] == "at" else _offset(a[1], next(free), a[3]) for a in axes))
        shape = tuple(a[2] for a in axes if a[0] == "slice")
        if not shape:
            return element(())
        return ArrayExpr(shape, value.dtype, element, value.reads, view=value.view)

    def slice_bounds(self, item: ast.Slice, size, env, node) -> tuple:
        """``(start, count, step)`` of a slice over a dim of ``size``, by Python's rules (a
        negative bound counts from the end, then both clamp to ``[0, size]``): constants over a
        constant size now; bounds that are sizes (constants, argument dims) over a symbolic one
        as dims (``min(5, n)``), so what the slice makes can be allocated; any other bound at
        run time."""
        step = self.expr(item.step, env) if item.step is not None else 1
        if type(step) is not int or step == 0:
            raise self.error(node, "a slice step must be a non-zero integer constant in loop code")
        start = self.expr(item.lower, env) if item.lower is not None else None
        stop = self.expr(item.upper, env) if item.upper is not None else None
        if isinstance(size, int) and all(v is None or type(v) is int for v in (start, stop)):
            first, last, stride = slice(start, stop, step).indices(size)
            return L.Const(first, I), len(range(first, last, stride)), stride
        sizes = all(v is None or type(v) in (int, dims.Expr) for v in (start, stop))
        if not (sizes or any(isinstance(v, Scalar) for v in (start, stop))):
            raise self.error(node, f"slice bounds in loop code are integers ({ast.unparse(item)!r})")
        first = _slice_start(start, size) if start is not None else 0
        last = _slice_stop(stop, size) if stop is not None else size
        if step < 0 or not sizes or first is None or last is None or type(size) not in (int, dims.Expr):
            return self.run_time_slice(start, stop, step, size, item)
        # Python's count: whatever the slice starts at, it ends at the size at most, and is empty
        # when it would end before it starts (the start then indexes nothing).
        span = dims.sub(last if at_least(size, last) else dims.dmin(last, size), first)
        span = span if at_least(span, 0) else dims.dmax(span, 0)
        count = span if step == 1 else dims.floordiv(dims.add(span, step - 1), step)   # ceil(span / step)
        return L.dim_to_expr(first), count, step

    def run_time_slice(self, start: Any, stop: Any, step: int, size, node) -> tuple:
        """``(start, count, step)`` of ``[start:stop:step]`` with bounds or a size known at run
        time (``x[i, :i]``, ``r[::2]`` of such a slice, ``x[::-1]``), by Python's ``slice.indices``:
        a negative bound counts from the end, then clamps to ``[0, size]`` (``[-1, size - 1]``
        going down); the count is the steps from start that stay before stop."""
        n = size_expr(size)
        low, high = (L.Const(0, I), n) if step > 0 else (L.Const(-1, I), L.Binary("sub", n, L.Const(1, I)))

        def bound(value: Any, default: L.Expr) -> L.Expr:
            if value is None:
                return default
            v = self.index(value, node)
            wrapped = L.Select(L.Compare("lt", v, L.Const(0, I)), L.Binary("add", v, n), v)
            return L.Call("minimum", (L.Call("maximum", (wrapped, low)), high))
        first, last = bound(start, low if step > 0 else high), bound(stop, high if step > 0 else low)
        span = L.Binary("sub", last, first) if step > 0 else L.Binary("sub", first, last)
        count = span if abs(step) == 1 else \
            L.Binary("floordiv", L.Binary("add", span, L.Const(abs(step) - 1, I)), L.Const(abs(step), I))
        return first, L.Call("maximum", (count, L.Const(0, I))), step

    # -- where arrays become loops -----------------------------------------------------------------
    def materialize(self, value: ArrayExpr, node, hint: str) -> Array:
        """A new array holding ``value`` (filled where the current statement runs); a size known
        only at run time (``x[i:]``, a count) is the kernel's cut (``cut``: at the function's top)."""
        shape = tuple(d if type(d) in (int, dims.Expr) else
                      self.cut(Scalar(size_expr(d)), node, f"of shape {show_shape(value.shape)}") for d in value.shape)
        array = self.allocate(shape, value.dtype, node, hint)
        self.fill(array, lambda idx: cast(value.element(idx).expr, array.dtype))
        return array

    def store_view(self, target: ast.Subscript, value: Any, env, node) -> list:
        """``target = value`` for a target with fewer indices than its array's rank, or slices:
        NumPy's assignment, the value broadcast to the view (a number fills it)."""
        base = self.expr(target.value, env)
        if not isinstance(base, (Array, Rotating)) and not (isinstance(base, ArrayExpr) and base.view):
            raise self.error(target, f"{ast.unparse(target.value)!r} is not an array (a view of one is written)")
        items = target.slice.elts if isinstance(target.slice, ast.Tuple) else [target.slice]
        # of a rotating name (double buffering: v[1:-1] = ...; u, v = v, u): the view its arrays
        # (one shape) select, written in the one it holds when the statement runs
        shaped = base.arrays[0] if isinstance(base, Rotating) else base
        picked = self.selection(shaped, items, env, target)
        if isinstance(picked, Scalar):   # one element of a view bound to a name
            picked = ArrayExpr((), base.dtype, lambda idx, one=picked: one, base.reads, view=True)
        return self.store_into(base, self.elements(picked), value, node)

    def store_into(self, base: Array | Rotating | ArrayExpr, view: ArrayExpr, value: Any, node) -> list:
        """Loops writing ``value`` (broadcast) to every element of ``view``, a view of ``base``
        (an array, a rebound name's arrays, or a view bound to a name: its array)."""
        if isinstance(base, ArrayExpr):   # a view bound to a name (``pinned``): of one array
            targets = set(base.reads)
            self.written_inputs.update(targets)   # an argument's elements change (the caller sees them)
        else:
            written = base.arrays if isinstance(base, Rotating) else [base]
            self.written_inputs.update(array.name for array in written if array.is_input)
            targets = {array.name for array in written}
        source = self.elements(value)
        if source is None:
            number = self.scalar(value, node)
            source = ArrayExpr((), number.dtype, lambda idx: number)
        lead = len(view.shape) - len(source.shape)
        unequal = [(v, t) for v, t in zip(source.shape, view.shape[max(lead, 0):]) if v != 1 and v != t]
        if lead < 0 or any(type(v) is int and type(t) is int for v, t in unequal):
            raise self.error(node, f"could not broadcast input array from shape {show_shape(source.shape)} "
                                   f"into shape {show_shape(view.shape)}")
        if unequal:   # sizes known only at run time (a clamped slice): NumPy's check, there
            self.broadcast_check(source.shape, view.shape, node)
        names, idx = self.index_names(len(view.shape), "j")
        destination = view.element(idx).expr            # a Load of the target element
        element = source.element(assigned_index(idx, source.shape, view.shape)).expr
        overlapping = [load for load in loads_of(element) if load.buffer in targets]
        if any(load.indices != destination.indices for load in overlapping):
            # reads the target elsewhere (x[1:] = x[:-1]): NumPy buffers the value; so do we
            temp = self.materialize(source, node, "tmp")
            element = L.Load(temp.name, assigned_index(idx, source.shape, view.shape), temp.dtype)
        stmt: L.Stmt = base.store(destination.indices, cast(element, base.dtype)) if isinstance(base, Rotating) else \
            L.Store(destination.buffer, destination.indices, cast(element, base.dtype))
        return list(loop_nest(names, view.shape, (stmt,)))

    def broadcast_check(self, value: tuple, target: tuple, node) -> None:
        """Before the statement: the fault NumPy raises unless every dim of ``value`` is the
        target's or 1 (``out[i:i+2] = y`` at the end of ``out``: ValueError)."""
        kind = faults.broadcast_kind(len(value), len(target))
        if kind is None:
            raise self.error(node, f"assigning a value of shape {show_shape(value)} to a slice of shape "
                                   f"{show_shape(target)} known only at run time: supported up to rank "
                                   f"{faults.MAX_CHECKED_RANK}")
        bad: L.Expr | None = None
        for v, t in zip(value, target[len(target) - len(value):]):
            if v == 1 or v == t:
                continue
            v_expr, t_expr = size_expr(v), size_expr(t)
            fits = L.Binary("or", L.Compare("eq", v_expr, t_expr), L.Compare("eq", v_expr, L.Const(1, I)))
            bad = L.Unary("not", fits) if bad is None else L.Binary("or", bad, L.Unary("not", fits))
        self.fault_if(bad, kind, tuple(map(size_expr, value)) + tuple(map(size_expr, target)))

    def reduce(self, kind: str, value: Any, node, dtype: str | None = None, axis: Any = None,
               keepdims: bool = False, where: Any = None, initial: Any = None) -> Scalar | Array:
        """NumPy's ``kind`` reduction (sum, mean, max, min, argmax, argmin, any, all) of an array value, run
        where the statement runs: over every element, a number (an argmax's is the flat index);
        over ``axis`` (an int or a tuple of them), a new array of the kept axes (``keepdims``: the
        reduced ones kept as 1). ``dtype`` overrides NumPy's result dtype; ``where`` (a boolean
        array broadcast to the value's shape) and ``initial`` are NumPy's: only the elements where
        it holds take part, and the reduction starts from ``initial``."""
        if isinstance(value, Filtered):   # x[mask].sum(): over the selected elements, in place
            return self.filtered_reduce(kind, value, node, dtype, axis, keepdims)
        source = self.elements(value)
        if source is None:
            raise self.error(node, f"{ast.unparse(node)!r}: expected an array")
        rank = len(source.shape)
        given = axis if isinstance(axis, tuple) else () if axis is None else (axis,)
        if any(type(a) is not int or not -rank <= a < rank for a in given) or \
                (kind in ARG_REDUCTIONS and isinstance(axis, tuple)):
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer "
                                   "constant; a tuple of them for sum, mean, max, min)")
        axes = tuple(sorted({a % rank for a in given})) if given else tuple(range(rank))
        if len(axes) < len(given):
            raise self.error(node, "duplicate value in 'axis'")
        selected = self.where_mask(where, source, kind, initial, node)
        if kind in ("max", "min", "argmax", "argmin") and initial is None and selected is None:
            self.require_elements(tuple(source.shape[a] for a in axes), kind)
        dtype = I if kind in ARG_REDUCTIONS else dtype or reduction_dtype(kind, source.dtype)
        return self.reduced(kind, source, axes, keepdims, dtype, node, selected, initial)

    def reduced(self, kind: str, source: ArrayExpr, axes: tuple, keepdims: bool, dtype: str, node,
                selected: ArrayExpr | None = None, initial: Any = None) -> Scalar | Array:
        """The loops of :meth:`reduce` over ``axes`` (checked, sorted) of ``source``: a number
        when every axis goes, else a new array of the kept ones."""
        rank = len(source.shape)
        if len(axes) == rank and not keepdims:   # every axis: a number (NumPy's scalar)
            stmts, result = self.reduction(kind, source, axes, {}, dtype, node, selected, initial)
            self.pending += stmts
            return Scalar(result)
        kept = [a for a in range(rank) if a not in axes]
        shape = tuple(1 if a in axes else source.shape[a] for a in range(rank)) if keepdims else \
            tuple(source.shape[a] for a in kept)
        if any(type(d) not in (int, dims.Expr) for d in shape):
            raise self.error(node, f"a reduction of an array whose size is known only at run time (shape "
                                   f"{show_shape(source.shape)}) keeps no axes in loop code: reduce it whole")
        out = self.allocate(shape, dtype, node, kind)
        names = {a: self.fresh(f"k{a}") for a in kept}
        stmts, result = self.reduction(kind, source, axes, {a: L.Var(n, I) for a, n in names.items()}, dtype, node,
                                       selected, initial)
        at = tuple(L.Const(0, I) if a in axes else L.Var(names[a], I) for a in range(rank)) if keepdims else \
            tuple(L.Var(names[a], I) for a in kept)
        nest: L.Stmt | tuple = (*stmts, L.Store(out.name, at, cast(result, dtype)))
        for a in reversed(kept):
            nest = (L.For(names[a], L.Const(0, I), size_expr(source.shape[a]), 1, tuple(nest)),)
        self.pending += list(nest)
        return out

    def accumulate(self, kind: str, value: Any, axis: Any, node) -> Array:
        """``np.cumsum``/``np.cumprod`` (``kind``: the ufunc, add or mul) of an array value along
        ``axis`` (None: of its elements in C order), into a new array, in the dtype NumPy's sum
        gives (ints and bools as int64)."""
        if axis is None:
            value = self.reshaped(value, (-1,), node, copy=True)
        source = self.elements(value)
        rank = len(source.shape)
        if axis is not None and (type(axis) is not int or not -rank <= axis < rank):
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer constant)")
        along = 0 if axis is None else axis % rank
        if any(type(d) not in (int, dims.Expr) for d in source.shape):
            raise self.error(node, f"a running {'sum' if kind == 'add' else 'product'} of an array whose size is "
                                   "known only at run time is not made in loop code")
        dtype = reduction_dtype("sum", source.dtype)
        out = self.allocate(source.shape, dtype, node, "cum" + kind)
        acc = self.fresh("running")
        self.prelude.append(L.Let(acc, dtype, cast(L.Const(0, "i64"), dtype)))
        names, idx = self.index_names(rank, "c")
        step = self.ufunc(kind, [Scalar(L.Var(acc, dtype)), Scalar(cast(source.element(idx).expr, dtype))], node)
        body: tuple = (L.For(names[along], L.Const(0, I), size_expr(source.shape[along]), 1,
                             (L.Assign(acc, cast(step.expr, dtype)), L.Store(out.name, idx, L.Var(acc, dtype)))),)
        body = (L.Assign(acc, cast(L.Const(0 if kind == "add" else 1, "i64"), dtype)), *body)
        self.pending += list(loop_nest(names, source.shape, body, along))
        return out

    def outer(self, a: Any, b: Any, node) -> ArrayExpr:
        """``np.outer(a, b)``: every product of the two flattened arrays, ``(a.size, b.size)``."""
        left, right = (self.elements(self.reshaped(v, (-1,), node)) for v in (a, b))

        def element(idx: tuple) -> Scalar:
            return self.ufunc("mul", [left.element(idx[:1]), right.element(idx[1:])], node)
        probe = element((L.Const(0, I), L.Const(0, I)))   # its dtype, and any error, now
        return ArrayExpr((left.shape[0], right.shape[0]), probe.dtype, element, left.reads | right.reads)

    def difference(self, value: Any, n: Any, axis: Any, node) -> ArrayExpr:
        """``np.diff(x, n, axis)``: the ``n``-th differences along ``axis`` (of bools, whether
        neighbours differ, as NumPy computes them), ``n`` fewer elements there (none below 0)."""
        result = self.elements(value)
        rank = len(result.shape)
        if type(n) is not int or n < 0:
            raise self.error(node, f"order must be non-negative but got {n!r} (np.diff's n: an integer constant)")
        if type(axis) is not int or not -rank <= axis < rank:
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer constant)")
        along = axis % rank
        op = "not_equal" if result.dtype == "bool" else "sub"
        for _ in range(n):
            prev = result

            def element(idx: tuple, prev=prev) -> Scalar:
                ahead = (*idx[:along], L.Binary("add", idx[along], L.Const(1, I)), *idx[along + 1:])
                return self.ufunc(op, [prev.element(ahead), prev.element(idx)], node)
            size = prev.shape[along]
            size = max(size - 1, 0) if type(size) is int else dims.dmax(dims.sub(size, 1), 0)
            shape = (*prev.shape[:along], size, *prev.shape[along + 1:])
            result = ArrayExpr(shape, element(tuple(L.Const(0, I) for _ in shape)).dtype, element, prev.reads)
        return result

    def sort_along(self, array: Array, axis: Any, node) -> None:
        """Sort ``array``'s lines along ``axis`` in place (``ndarray.sort``; ``np.sort`` sorts a
        copy) where the current statement runs: introsort per line (``loopsort``)."""
        shape = array.view_shape
        rank = len(shape)
        if type(axis) is not int or not -rank <= axis < rank:
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer constant)")
        along = axis % rank
        if array.is_input:
            self.written_inputs.add(array.name)   # as NumPy: the caller's array is sorted
        names, idx = self.index_names(rank, "s")

        def at(i: L.Expr) -> tuple:
            return (*array.fixed, *idx[:along], i, *idx[along + 1:])
        stack = self.allocate((3 * loopsort.STACK,), I, node, "stack")
        lets, body = loopsort.introsort(lambda i: L.Load(array.name, at(i), array.dtype),
                                        lambda i, v: L.Store(array.name, at(i), v),
                                        size_expr(shape[along]), array.dtype, self.fresh, stack.name)
        self.prelude += lets
        self.pending += list(loop_nest(names, shape, tuple(body), along))

    def arg_sort(self, value: Any, axis: Any, node) -> Array:
        """``np.argsort(x, axis)``: per line along ``axis``, the stable order of its elements
        (``loopsort.argsort``), into a new int64 array."""
        source = self.elements(value)
        rank = len(source.shape)
        if type(axis) is not int or not -rank <= axis < rank:
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer constant)")
        along = axis % rank
        out = self.allocate(source.shape, I, node, "argsort")
        length = source.shape[along]
        keys, key_scratch = (self.allocate((length,), source.dtype, node, hint) for hint in ("keys", "merge_keys"))
        scratch = self.allocate((length,), I, node, "merge")
        names, idx = self.index_names(rank, "s")

        def at(i: L.Expr) -> tuple:
            return (*idx[:along], i, *idx[along + 1:])

        def line(buffer, place=lambda i: (i,)) -> tuple:
            return (lambda i: L.Load(buffer.name, place(i), buffer.dtype),
                    lambda i, v: L.Store(buffer.name, place(i), v))
        lets, body = loopsort.argsort(line(keys), line(out, at), line(key_scratch), line(scratch),
                                      size_expr(length), source.dtype, self.fresh)
        self.prelude += lets
        k = self.fresh("k")
        copy = L.For(k, L.Const(0, I), size_expr(length), 1,
                     (L.Store(keys.name, (L.Var(k, I),), source.element(at(L.Var(k, I))).expr),))
        self.pending += list(loop_nest(names, source.shape, (copy, *body), along))
        return out

    def search_sorted(self, line: Any, value: Any, right: bool, node) -> Any:
        """``np.searchsorted(a, v, side)``: binary search of a sorted 1-D array, compared in the
        two's common dtype, as NumPy compares them; an index (int64) per element of ``v``."""
        source = self.elements(line)
        if len(source.shape) != 1:
            raise self.error(node, "np.searchsorted takes a 1-D sorted array")
        values = self.elements(value) if is_array(value) else None
        scalar = None if values is not None else self.scalar(value, node)
        dtype = common_dtype(((source.dtype, False), (values.dtype, False) if values is not None
                              else (scalar.dtype, scalar.weak)))

        def found(v: L.Expr) -> tuple:
            lets, stmts, where = loopsort.search(lambda i: cast(source.element((i,)).expr, dtype),
                                                 size_expr(source.shape[0]), cast(v, dtype), dtype, right,
                                                 self.fresh)
            self.prelude += lets
            return stmts, where
        if values is None:
            stmts, where = found(scalar.expr)
            self.pending += stmts
            return Scalar(where)
        out = self.allocate(values.shape, "i64", node, "searchsorted")
        names, idx = self.index_names(len(values.shape), "v")
        stmts, where = found(values.element(idx).expr)
        self.pending += list(loop_nest(names, values.shape, (*stmts, L.Store(out.name, idx, where))))
        return out

    def where_mask(self, where: Any, source: ArrayExpr, kind: str, initial: Any, node) -> ArrayExpr | None:
        """NumPy's ``where=`` of a reduction as a boolean value of ``source``'s shape (None: every
        element), with NumPy's refusals: no ``where`` for argmax/argmin, and none for max/min
        without an ``initial`` (they have no identity)."""
        if where is None or where is True:
            return None
        if kind in ARG_REDUCTIONS:
            raise self.error(node, f"{kind}() got an unexpected keyword argument 'where'")
        if kind in ("max", "min") and initial is None:
            raise self.error(node, f"reduction operation '{_REDUCE_UFUNC[kind]}' does not have an identity, so to "
                                   "use a where mask one has to specify 'initial'")
        mask = self.elements(where)
        if mask is None:
            truth = self.scalar(where, node)
            mask = ArrayExpr((), truth.dtype, lambda idx: truth)
        if mask.dtype != "bool":
            raise self.error(node, f"Cannot cast array data from dtype('{mask.dtype}') to dtype('bool') according "
                                   "to the rule 'safe' (where= takes booleans)")
        if self.broadcast([source.shape, mask.shape], node) != tuple(source.shape):
            raise self.error(node, f"where= of shape {show_shape(mask.shape)} does not broadcast to the array's "
                                   f"shape {show_shape(source.shape)}")
        return ArrayExpr(source.shape, "bool",
                         lambda idx: mask.element(_broadcast_index(idx, mask.shape, source.shape)), mask.reads)

    def reduction(self, kind: str, source: ArrayExpr, axes: tuple, kept: dict, dtype: str, node,
                  where: ArrayExpr | None = None, initial: Any = None) -> tuple:
        """``(statements, result)``: the loops computing ``kind`` over ``axes`` of ``source`` at
        the kept axes' indices ``kept`` (axis -> index), and the result's expression after them.
        max and min start from the first element (no identity), or from ``initial``, or, over
        the elements ``where`` (a boolean value of ``source``'s shape) selects, from the dtype's
        far end; argmax/argmin keep the first extreme's index over the reduced axes, a NaN the
        extreme of all (as NumPy). A mean over ``where`` divides by the count it selects."""
        names = {a: self.fresh(f"r{a}") for a in axes}

        def at(reduced: dict) -> tuple:
            return tuple(kept[a] if a in kept else reduced[a] for a in range(len(source.shape)))
        idx = {a: L.Var(n, I) for a, n in names.items()}

        def only_selected(body: tuple) -> tuple:
            return body if where is None else (L.If(where.element(at(idx)).expr, body),)
        first = source.element(at({a: L.Const(0, I) for a in axes})).expr
        if kind in ARG_REDUCTIONS:
            best, position, element = self.fresh(kind), self.fresh(f"{kind}_at"), self.fresh("element")
            self.prelude += [L.Let(best, source.dtype, cast(L.Const(0, "i64"), source.dtype)),
                             L.Let(position, I, L.Const(0, I)),
                             L.Let(element, source.dtype, cast(L.Const(0, "i64"), source.dtype))]
            flat: L.Expr = L.Const(0, I)
            for a in axes:   # Horner over the reduced axes: ((r0 * s1 + r1) * s2 + r2)...
                flat = L.Binary("add", L.Binary("mul", flat, size_expr(source.shape[a])), idx[a])
            value, held = L.Var(element, source.dtype), L.Var(best, source.dtype)
            beats: L.Expr = L.Compare(ARG_REDUCTIONS[kind], value, held)
            if source.dtype in L.FLOAT_DTYPES:   # the first NaN wins, and nothing beats it
                beats = L.Binary("or", beats, L.Binary("and", L.Compare("ne", value, value),
                                                       L.Compare("eq", held, held)))
            body: tuple = (L.Assign(element, source.element(at(idx)).expr),
                           L.If(beats, (L.Assign(best, value), L.Assign(position, flat))))
            start = [L.Assign(best, first), L.Assign(position, L.Const(0, I))]
            result: L.Expr = L.Var(position, I)
        elif kind in _TRUTH_REDUCTIONS:   # NaN is true, as NumPy's any/all take it
            op, identity = _TRUTH_REDUCTIONS[kind]
            acc = self.fresh(kind)
            self.prelude.append(L.Let(acc, "bool", L.Const(identity, "bool")))
            element = source.element(at(idx)).expr
            truth = element if source.dtype == "bool" else L.Compare("ne", element, cast(L.Const(0, "i64"), source.dtype))
            body = only_selected((L.Assign(acc, L.Binary(op, L.Var(acc, "bool"), truth)),))
            start = [L.Assign(acc, L.Const(identity, "bool"))]
            result = L.Var(acc, "bool")
        else:
            acc = self.fresh(kind)
            self.prelude.append(L.Let(acc, dtype, cast(L.Const(0, "i64"), dtype)))
            current = Scalar(L.Var(acc, dtype))
            step = self.ufunc(_REDUCE_UFUNC[kind], [current, Scalar(cast(source.element(at(idx)).expr, dtype))],
                              node)
            body = (L.Assign(acc, cast(step.expr, dtype)),)
            if initial is not None:
                begin = cast(self.scalar(initial, node).expr, dtype)
            elif kind in ("max", "min"):
                begin = cast(first, dtype) if where is None else _far_end(kind, dtype)
            else:
                begin = cast(L.Const(1 if kind == "prod" else 0, "i64"), dtype)
            start = [L.Assign(acc, begin)]
            result = L.Var(acc, dtype)
            if kind == "mean" and where is not None:   # NumPy divides by the count selected
                taken = self.fresh("taken")
                self.prelude.append(L.Let(taken, I, L.Const(0, I)))
                body += (L.Assign(taken, L.Binary("add", L.Var(taken, I), L.Const(1, I))),)
                start.append(L.Assign(taken, L.Const(0, I)))
                result = self.ufunc("div", [Scalar(result), Scalar(L.Var(taken, I))], node).expr
            elif kind == "mean":
                count: L.Expr = L.Const(1, I)
                for a in axes:
                    count = L.Binary("mul", count, size_expr(source.shape[a]))
                result = self.ufunc("div", [Scalar(result), Scalar(cast(count, "i64"))], node).expr
            body = only_selected(body)
        for a in reversed(axes):
            body = (L.For(names[a], L.Const(0, I), size_expr(source.shape[a]), 1, body),)
        return start + list(body), result

    def require_elements(self, sizes: tuple, kind: str) -> None:
        """No identity: NumPy raises over no elements (``sizes``: the reduced axes'). Checked
        where the reduction runs (a branch not taken never raises), and before its first element
        is read."""
        empty = [L.Compare("le", size_expr(d), L.Const(0, I)) for d in sizes if type(d) is not int]
        bad: L.Expr | None = L.Const(True, "bool") if any(d == 0 for d in sizes) else None
        for test in ([] if bad is not None else empty):
            bad = test if bad is None else L.Binary("or", bad, test)
        if bad is not None:
            self.fault_if(bad, faults.empty_reduction_kind(kind), ())

    def dot(self, a: Any, b: Any, node) -> Scalar:
        """``np.dot`` of two vectors: the sum of products, in the products' dtype (as NumPy)."""
        left, right = self.elements(a), self.elements(b)
        if left is None or right is None or len(left.shape) != 1 or len(right.shape) != 1:
            raise self.error(node, "np.dot in loop code takes two vectors (index rows: np.dot(a[i], b))")
        if left.shape != right.shape:
            raise self.error(node, f"shapes {show_shape(left.shape)} and {show_shape(right.shape)} not aligned")
        products = self.elementwise(lambda parts: self.ufunc("mul", parts, node), [a, b], node)
        return self.reduce("sum", products, node, dtype=products.dtype)


    def matmul(self, a: Any, b: Any, node) -> Any:
        """``a @ b`` (``np.matmul``, ``np.dot`` of matrices) of vectors and matrices, into a new
        array (a number for two vectors), each element a sum of products in the products' dtype
        (as NumPy: a bool matmul is an or of ands), computed where the statement runs."""
        left, right = self.elements(a), self.elements(b)
        if left is None or right is None or not left.shape or not right.shape:
            raise self.error(node, "matmul: Input operand does not have enough dimensions (a number: use *)")
        if len(left.shape) > 2 or len(right.shape) > 2:
            raise self.error(node, "matmul of stacks of matrices (rank > 2) is not supported in loop code")
        inner_left, inner_right = left.shape[-1], right.shape[0]
        if inner_left != inner_right:
            if type(inner_left) is int and type(inner_right) is int:
                raise self.error(node, "matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                                       "gufunc signature (n?,k),(k,m?)->(n?,m?) "
                                       f"(size {inner_right} is different from {inner_left})")
            raise self.error(node, f"matmul: the inner sizes {show_shape((inner_left,))} and "
                                   f"{show_shape((inner_right,))} are not known to be equal")
        if len(left.shape) == 1 and len(right.shape) == 1:
            return self.dot(a, b, node)
        rows = self.fresh("i") if len(left.shape) == 2 else None
        cols = self.fresh("j") if len(right.shape) == 2 else None
        k = self.fresh("k")
        kv = L.Var(k, I)
        left_idx = ((L.Var(rows, I),) if rows else ()) + (kv,)
        right_idx = (kv,) + ((L.Var(cols, I),) if cols else ())
        product = self.ufunc("mul", [left.element(left_idx), right.element(right_idx)], node)
        dtype = product.dtype
        acc = self.fresh("dot")
        self.prelude.append(L.Let(acc, dtype, cast(L.Const(0, "i64"), dtype)))
        total = self.ufunc("add", [Scalar(L.Var(acc, dtype)), product], node)
        shape = ((left.shape[0],) if rows else ()) + ((right.shape[1],) if cols else ())
        out = self.allocate(shape, dtype, node, "matmul")
        out_idx = tuple(L.Var(n, I) for n in (rows, cols) if n)
        body: tuple = (L.Assign(acc, cast(L.Const(0, "i64"), dtype)),
                       L.For(k, L.Const(0, I), size_expr(inner_left), 1, (L.Assign(acc, cast(total.expr, dtype)),)),
                       L.Store(out.name, out_idx, L.Var(acc, dtype)))
        for name, size in ((cols, right.shape[-1]), (rows, left.shape[0])):
            if name:
                body = (L.For(name, L.Const(0, I), size_expr(size), 1, body),)
        self.pending += body
        return out


def _far_end(kind: str, dtype: str) -> L.Const:
    """Where a max (min) over elements a mask selects starts: the dtype's least (greatest)
    value, which every element beats or equals (NaN too: ``maximum`` takes it)."""
    low = kind == "max"
    if dtype in L.FLOAT_DTYPES:
        return L.Const(-math.inf if low else math.inf, dtype)
    if dtype == "bool":
        return L.Const(not low, "bool")
    info = np.iinfo(CODES[dtype])
    return L.Const(int(info.min if low else info.max), dtype)


def _is_view(value: Any) -> bool:
    """Whether an array value is NumPy's view of an array (not a value computed anew)."""
    return isinstance(value, (Array, Rotating)) or (isinstance(value, ArrayExpr) and value.view)


def scalar_variables(expr: L.Expr):
    """The scalar variables ``expr`` reads (not the buffers it loads from)."""
    if isinstance(expr, L.Var):
        yield expr
    for part in expr.scoped_parts():
        if L.is_expr(part):
            yield from scalar_variables(part)


def loop_nest(names: tuple, sizes: tuple, body: tuple, along: int | None = None) -> tuple:
    """``body`` inside one ``for name in range(size)`` per axis, outermost first; axis ``along``
    gets none (the body walks that axis itself: one line at a time)."""
    for a in reversed(range(len(names))):
        if a != along:
            body = (L.For(names[a], L.Const(0, I), size_expr(sizes[a]), 1, body),)
    return body


def size_expr(size) -> L.Expr:
    """An axis size as an i64 loop-IR expression (a dim over shape variables, or already one)."""
    return L.dim_to_expr(size) if type(size) in (int, dims.Expr) else size


def _is_full_slice(item: ast.AST) -> bool:
    return isinstance(item, ast.Slice) and item.lower is None and item.upper is None and item.step is None


def _offset(start: L.Expr, index: L.Expr, step: int) -> L.Expr:
    scaled = index if step == 1 else L.Binary("mul", index, L.Const(step, I))
    return scaled if isinstance(start, L.Const) and start.value == 0 else L.Binary("add", start, scaled)


def _broadcast_index(idx: tuple, shape: tuple, target: tuple) -> tuple:
    """The indices into an operand of ``shape`` for indices ``idx`` of the broadcast ``target``."""
    lead = len(target) - len(shape)
    return tuple(L.Const(0, I) if d == 1 and t != 1 else i
                 for d, t, i in zip(shape, target[lead:], idx[lead:]))


def assigned_index(idx: tuple, shape: tuple, target: tuple) -> tuple:
    """The indices into an assigned value of ``shape`` for indices ``idx`` of the ``target``
    view: as ``_broadcast_index``, and a dim that may be 1 only at run time reads its element 0
    then (a wrong size never gets here: ``broadcast_check``)."""
    lead = len(target) - len(shape)
    return tuple(i if d == t or type(d) is int and d != 1 else
                 L.Const(0, I) if d == 1 else
                 L.Select(L.Compare("eq", size_expr(d), L.Const(1, I)), L.Const(0, I), i)
                 for d, t, i in zip(shape, target[lead:], idx[lead:]))


def _slice_start(bound: Any, size) -> Any:
    """Where a slice starting at ``bound`` (a size: an int, a dim over argument dims) starts, by
    Python's rules, as a dim, when it is not empty (past the end, the slice's count is 0); None when that is no dim (``n - 3``: counted from the end only when n < 3)."""
    if type(bound) is int:
        return bound if bound >= 0 else dims.dmax(dims.add(size, bound), 0)
    if type(bound) is not dims.Expr or type(size) not in (int, dims.Expr):
        return None
    below = dims.sub(size, bound)   # the bound is size - below
    if type(below) is int and below <= 1:   # size - 1 < 0 only for size 0: counted from the end, 0 too
        return bound if below <= 0 else dims.dmax(bound, 0)
    return bound if _nonnegative(bound) else None


def _slice_stop(bound: Any, size) -> Any:
    """A stop that gives a slice Python's end (before clamping to the size) whenever it is not
    empty, as a dim: a negative one counted from the end (below 0 after that: empty); None
    when that is no dim."""
    if type(bound) is int:
        return bound if bound >= 0 else dims.add(size, bound)
    if type(bound) is not dims.Expr or type(size) not in (int, dims.Expr):
        return None
    below = dims.sub(size, bound)
    if type(below) is int and below <= 1:   # size - 1 < 0 only for size 0: an empty slice either way
        return bound
    return bound if _nonnegative(bound) else None


def _nonnegative(d) -> bool:
    """Whether the dim is provably >= 0: a polynomial with non-negative coefficients over sizes."""
    if type(d) is int:
        return d >= 0
    return d.constant >= 0 and all(coeff >= 0 and all(type(a) is dims.Sym and not dims.is_signed(a.name)
                                                      for a in monomial) for monomial, coeff in d.terms)


def at_least(size, bound) -> bool:
    """Whether the dim ``size`` is provably at least ``bound`` (their difference a constant >= 0)."""
    difference = dims.sub(size, bound) if type(size) in (int, dims.Expr) and type(bound) in (int, dims.Expr) \
        else None
    return type(difference) is int and difference >= 0


def loads_of(expr: L.Expr) -> list:
    t = type(expr)
    if t is L.Load:
        return [expr] + [x for i in expr.indices for x in loads_of(i)]
    if t in (L.Const, L.Var):
        return []
    if t in (L.Binary, L.Compare):
        return loads_of(expr.lhs) + loads_of(expr.rhs)
    if t is L.Unary:
        return loads_of(expr.operand)
    if t is L.Cast:
        return loads_of(expr.value)
    if t is L.Select:
        return loads_of(expr.cond) + loads_of(expr.if_true) + loads_of(expr.if_false)
    return [x for a in expr.args for x in loads_of(a)]


def reads_memory(expr: L.Expr) -> bool:
    """Whether evaluating ``expr`` loads from a buffer (which may be out of bounds where a
    guarding condition does not hold: such an operand is not evaluated speculatively)."""
    return bool(loads_of(expr))


def cast(expr: L.Expr, dtype: str) -> L.Expr:
    """``expr`` as ``dtype`` (a constant converted now, as Python converts it)."""
    if expr.dtype == dtype:
        return expr
    if isinstance(expr, L.Const):
        value = expr.value
        if dtype == "bool":
            return L.Const(bool(value), dtype)
        if dtype in ("f32", "f64"):
            return L.Const(float(value), dtype)
        if isinstance(value, float) and not math.isfinite(value):
            return L.Cast(dtype, expr)
        return L.Const(int(value), dtype)
    return L.Cast(dtype, expr)
