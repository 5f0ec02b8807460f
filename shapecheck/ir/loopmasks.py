"""Boolean masks in loop code: ``x[mask]`` read, reduced and combined, and ``x[mask] = v``;
integer arrays as indices: ``x[idx]`` read (a gather), ``x[idx] = v`` and ``np.add.at(x, idx, v)``.

Numba users clip and filter with masks: ``y[y < 0] = 0.0``, ``x[x > t].sum()``,
``X[labels == k].mean(axis=0)`` (a k-means update), ``len(d[d < r])``. NumPy's ``x[mask]`` is
a new array of the selected elements (rows, for a mask over leading axes) in C order, whose
length is the count of true elements: known only when the mask is read. Here it is a
:class:`~shapecheck.ir.looparrays.Filtered` value, never stored: wherever it is used it becomes
a loop over the mask's axes that visits the selected elements in NumPy's order:

- reduced (``sum prod mean max min any all``, over everything or over the selection's axis
  0): the reduction with the mask as NumPy's ``where=`` (a mean divides by the count; a max or
  min over no element is NumPy's ValueError, checked where the statement runs);
- combined element by element with numbers, with arrays that broadcast against the selected
  rows only (rank at most that of a row), and with other selections by the same mask: still a
  selection (``x[m] * 2 + y[m]``);
- counted (``len``, ``.shape``, ``.size``);
- assigned through (``y[mask] = v``, ``y[mask] += v``): every selected element of ``y`` gets a
  number, a row broadcast to it, or the element of a selection by the same mask.

Made into an array of its own (returned, bound to a name, ``.copy()``), or indexed by position,
it is refused by name: its size is decided by the data after the call has allocated its arrays.

Reference: https://numpy.org/doc/stable/user/basics.indexing.html#boolean-array-indexing
"""

from __future__ import annotations

from typing import Any

from shapecheck.constraints import dims

from . import faults
from . import loops as L
from .dtypes import reduction_dtype
from .looparrays import (ArrayExpr, Array, Filtered, Rotating, Scalar, ARG_REDUCTIONS, assigned_index, loads_of, cast,
                         is_array, loop_nest, show_shape, size_expr)

__all__ = ["MaskCode"]

I = L.INDEX

class MaskCode:
    """A mixin of the loop tracer (as ``looparrays.ArrayCode``), using its ``elements``,
    ``elementwise``, ``reduction``, ``reduced``, ``require_elements``, ``fault_if``,
    ``broadcast``, ``materialize``, ``scalar``, ``fresh``, ``index_names`` and ``error``."""

    def selected(self, base: Any, mask: Any, node) -> Filtered:
        """``base[mask]`` for a boolean array ``mask`` over the leading axes of ``base``."""
        source = self.elements(base)
        return Filtered(self.mask_of(mask, source, node), source)

    def mask_of(self, mask: Any, source: ArrayExpr, node) -> ArrayExpr:
        """``mask`` checked as a boolean index into ``source``: NumPy's IndexError where a dim
        differs; an integer array is fancy indexing, not supported here."""
        if isinstance(mask, Filtered):
            raise self.error(node, "indexing with a selection (x[m1][m2] or x[y[m]]) is not supported in loop code")
        m = self.elements(mask)
        if m.dtype != "bool":
            raise self.error(node, f"assigning through an array of {m.dtype} (NumPy's integer-array indexing) is not "
                                   "supported in loop code (with repeated indices NumPy writes each once; loop over "
                                   "the indices instead)")
        if len(m.shape) > len(source.shape):
            raise self.error(node, f"too many indices for array: array is {len(source.shape)}-dimensional, but "
                                   f"{len(m.shape)} were indexed")
        for axis, (d, s) in enumerate(zip(m.shape, source.shape)):
            if d == s:
                continue
            if type(d) is int and type(s) is int:
                raise self.error(node, f"boolean index did not match indexed array along axis {axis}; size of axis "
                                       f"is {s} but size of corresponding boolean axis is {d}")
            raise self.error(node, f"a boolean index of shape {show_shape(m.shape)} into an array of shape "
                                   f"{show_shape(source.shape)}: the sizes along axis {axis} are not provably equal")
        return m

    def same_mask(self, a: ArrayExpr, b: ArrayExpr) -> bool:
        """Whether two masks select the same elements (the same expression of the same indices)."""
        if a is b:
            return True
        if a.shape != b.shape:
            return False
        _, probe = self.index_names(len(a.shape), "probe")
        return a.element(probe).expr == b.element(probe).expr

    def count(self, value: Filtered, node) -> Scalar:
        """The number of elements ``value`` selects (its length): a sum over its mask."""
        mask = value.mask
        ones = ArrayExpr(mask.shape, I, lambda idx: Scalar(cast(mask.element(idx).expr, I)), mask.reads)
        stmts, total = self.reduction("sum", ones, tuple(range(len(mask.shape))), {}, I, node)
        self.pending += stmts
        return Scalar(total, True)

    def filtered_shape(self, value: Filtered, node) -> tuple:
        """NumPy's shape of a selection: its count, then a row's dims."""
        return (self.count(value, node), *value.rest)

    def named_selection(self, name: str, value: Filtered, node) -> Filtered:
        """``sel = x[mask]`` bound to a name: NumPy's copy, read where the name is used. The
        scalars it reads are copied now; the arrays it reads may not be written while the name
        holds it (``written`` refuses that), so reading them later reads what the copy holds."""
        mask, source = value.mask, value.source
        k = len(mask.shape)
        holes = tuple(L.Var(self.fresh(f"at{axis}"), I) for axis in range(len(source.shape)))
        selects, element = mask.element(holes[:k]).expr, source.element(holes)
        fixed = self.read_now([selects, element.expr, *source.shape], node)
        shape = tuple(d if type(d) in (int, dims.Expr) else fixed(d) for d in source.shape)

        def at(idx: tuple) -> dict:
            return {h.name: i for h, i in zip(holes, idx)}
        pinned_mask = ArrayExpr(mask.shape, "bool", lambda idx: Scalar(fixed(selects, at(idx))), mask.reads)
        pinned_source = ArrayExpr(shape, source.dtype, lambda idx: Scalar(fixed(element.expr, at(idx)), element.weak),
                                  source.reads)
        self.held_selections[name] = mask.reads | source.reads
        return Filtered(pinned_mask, pinned_source)

    def write_into_selected(self, buffer, node) -> None:
        """Refuse a write into an array a named selection reads (NumPy's selection is a copy the
        write would not change; here it is read where used)."""
        for name, reads in self.held_selections.items():
            if buffer in reads:
                raise self.error(node, f"an array {name!r} selects from (by a boolean mask) is written while {name!r} "
                                       f"holds the selection: not supported in loop code (use the selection before "
                                       f"the write, or reduce it first)")

    # -- integer arrays as indices -------------------------------------------------------------
    def index_array(self, index: Any, node) -> ArrayExpr:
        """``index`` as an array of integer positions (a float array is NumPy's IndexError)."""
        positions = self.elements(index)
        if positions.dtype in L.FLOAT_DTYPES:
            raise self.error(node, "arrays used as indices must be of integer (or boolean) type")
        return positions

    def check_positions(self, positions: ArrayExpr, n: L.Expr) -> None:
        """Every index of ``positions`` checked against an axis of size ``n`` before any is used
        (negative ones count from the end): NumPy's IndexError names the first out of range, and
        neither a gather nor an assignment through the indices has read or written anything then.
        Once per statement (``x[idx] += v`` gathers and writes through the same indices)."""
        rank = len(positions.shape)
        if rank not in self.position_probes:
            self.position_probes[rank] = self.index_names(rank, "probe")[1]
        key = (self.statement_at, positions.element(self.position_probes[rank]).expr, n)
        if key in self.positions_checked:
            return
        self.positions_checked.add(key)
        found, value = self.fresh("out_of_range"), self.fresh("bad_index")
        self.prelude += [L.Let(found, "bool", L.Const(False, "bool")), L.Let(value, I, L.Const(0, I))]
        names, idx = self.index_names(len(positions.shape), "g")
        v = cast(positions.element(idx).expr, I)
        outside = L.Binary("or", L.Compare("lt", v, L.Unary("neg", n)), L.Compare("ge", v, n))
        first = L.If(L.Binary("and", outside, L.Unary("not", L.Var(found, "bool"))),
                     (L.Assign(found, L.Const(True, "bool")), L.Assign(value, v)))
        self.pending += [L.Assign(found, L.Const(False, "bool")), *loop_nest(names, positions.shape, (first,))]
        self.fault_if(L.Var(found, "bool"), faults.INDEX, (L.Var(value, I), L.Const(0, I), n))

    def taken(self, base: Any, index: Any, node) -> ArrayExpr:
        """``x[idx]`` for an integer array ``idx`` (NumPy's integer-array indexing along axis 0,
        a gather): a new array of shape ``idx.shape + x.shape[1:]``; every index is checked
        before any is read."""
        source, positions = self.elements(base), self.index_array(index, node)
        if not source.shape:
            raise self.error(node, "too many indices for array: array is 0-dimensional, but 1 were indexed")
        n = size_expr(source.shape[0])
        self.check_positions(positions, n)
        k = len(positions.shape)

        def element(at: tuple) -> Scalar:
            return source.element((_position(positions, at[:k], n), *at[k:]))
        return ArrayExpr((*positions.shape, *source.shape[1:]), source.dtype, element, source.reads | positions.reads)

    def indexed_store(self, base: Any, index: Any, value: Any, node, ufunc: str | None = None) -> list:
        """``base[idx] = value`` for an integer array ``idx`` (NumPy's integer-array assignment
        along axis 0), and with ``ufunc`` NumPy's ``ufunc.at(base, idx, value)``.

        The value, broadcast to ``idx.shape + base.shape[1:]``, is read whole before any element
        is written (NumPy evaluates it first: ``x[idx] += v`` is ``x[idx] = x[idx] + v``, so a
        repeated index gets the sum with the element as it was, once); elements are written in
        ``idx``'s C order, so of a repeated index the last write stays, as NumPy's. ``ufunc.at``
        is unbuffered: each index combines its value with what the element holds then (a
        repeated index adds every time), and the result is cast to the array's dtype as
        ``ufunc.at`` casts (unsafely). Every index is checked before anything is written.
        Reference: https://numpy.org/doc/stable/user/basics.indexing.html#assigning-values-to-indexed-arrays
        """
        if not isinstance(base, (Array, Rotating)):
            raise self.error(node, "assigning through an integer array is supported into arrays (and rows of them) "
                                   "in loop code")
        view = self.elements(base)
        if not view.shape:
            raise self.error(node, "too many indices for array: array is 0-dimensional, but 1 were indexed")
        positions = self.index_array(index, node)
        n = size_expr(view.shape[0])
        self.check_positions(positions, n)
        written = base.arrays if isinstance(base, Rotating) else [base]   # a rebound name: its arrays
        targets = {array.name for array in written}
        shape = (*positions.shape, *view.shape[1:])
        out: list = []
        source = self.elements(value)
        if source is None:
            number = self.scalar(value, node)
            if ufunc is None:
                self.python_int_as(number, view.dtype)
            if any(load.buffer in targets for load in loads_of(number.expr)):   # x[idx] = x[0]: read once, first
                number = self.snapshot(number, out, node)
            source = ArrayExpr((), number.dtype, lambda idx: number)
        else:
            lead = len(shape) - len(source.shape)
            unequal = [(v, t) for v, t in zip(source.shape, shape[max(lead, 0):]) if v != 1 and v != t]
            if unequal and lead >= 0 and not any(type(v) is int and type(t) is int for v, t in unequal):
                self.broadcast_check(source.shape, shape, node)   # sizes known at run time: checked there
            elif unequal or lead < 0:
                raise self.error(node, f"array is not broadcastable to correct shape: {show_shape(source.shape)} "
                                       f"against {show_shape(shape)}" if ufunc else
                                       f"shape mismatch: value array of shape {show_shape(source.shape)} could not "
                                       f"be broadcast to indexing result of shape {show_shape(shape)}")
            if source.reads & targets:   # x[idx] += v reads x: NumPy's buffer
                source = self.elements(self.materialize(source, node, "tmp"))
        names, idx = self.index_names(len(shape), "j")
        k = len(positions.shape)
        place = (_position(positions, idx[:k], n), *idx[k:])
        at = place if isinstance(base, Rotating) else view.element(place).expr.indices
        new = source.element(assigned_index(idx, source.shape, shape))
        if ufunc is not None:
            held = Scalar(base.load(at) if isinstance(base, Rotating) else L.Load(base.name, at, base.dtype))
            new = self.scalar(self.binary(ufunc, held, new, node), node)
        element = cast(new.expr, view.dtype)
        self.written_inputs.update(array.name for array in written if array.is_input)   # as Numba: the caller's
        store = base.store(at, element) if isinstance(base, Rotating) else L.Store(base.name, at, element)
        return out + list(loop_nest(names, shape, (store,)))

    # -- made into arrays ---------------------------------------------------------------------
    def materialized(self, value: Filtered, node) -> Array:
        """``x[mask]`` as an array of its own (returned, copied, indexed...): the mask counted,
        the kernel cut there (the count becomes a size the call allocates by, ``cut``), the
        selected elements copied in order. Once per selection."""
        made = self.selections_made.get(id(value))
        if made is None:
            (made,) = self.gathered(value.mask, [value.source], value.dtype, node, "selected")
            self.selections_made[id(value)] = made
            self.keep.append(value)   # its id stays its own
        return made

    def gathered(self, mask: ArrayExpr, sources: list, dtype: str | None, node, hint: str) -> list:
        """New arrays of the elements of each of ``sources`` (shape: the mask's, then a row's)
        that ``mask`` selects, in C order: one count, one cut, one pass filling them all
        (``np.nonzero``'s index arrays share them)."""
        size = self.cut(self.count(Filtered(mask, sources[0]), node), node, "selected (x[mask])")
        k = len(mask.shape)
        ordinal = self.fresh("taken")
        self.prelude.append(L.Let(ordinal, I, L.Const(0, I)))
        at = L.Var(ordinal, I)
        names, idx = self.index_names(k, "s")
        arrays, fills = [], []
        for source in sources:
            rest = source.shape[k:]
            array = self.allocate((size, *rest), dtype or source.dtype, node, hint)
            row_names, row = self.index_names(len(rest), "r")
            element = cast(source.element(tuple(idx) + tuple(row)).expr, array.dtype)
            fills += loop_nest(row_names, rest, (L.Store(array.name, (at, *row), element),))
            arrays.append(array)
        step = L.Assign(ordinal, L.Binary("add", at, L.Const(1, I)))
        self.pending += [L.Assign(ordinal, L.Const(0, I)),
                         *loop_nest(names, mask.shape, (L.If(mask.element(idx).expr, (*fills, step)),))]
        return arrays

    def nonzero(self, value: Any, node, flat: bool = False, pairs: bool = False) -> Any:
        """``np.nonzero``/``np.where(cond)`` (a tuple of index arrays, one per axis),
        ``np.flatnonzero`` (flat indices) and ``np.argwhere`` (``(count, rank)``), in C order."""
        source = self.elements(value)
        if source is None or not source.shape:
            raise self.error(node, "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() "
                                   "instead")
        if flat:
            source = self.reshaped(value, (-1,), node)
        truth = source if source.dtype == "bool" else \
            ArrayExpr(source.shape, "bool", lambda idx: Scalar(L.Compare("ne", source.element(idx).expr,
                                                                         cast(L.Const(0, "i64"), source.dtype))),
                      source.reads)
        rank = len(source.shape)
        if pairs:   # argwhere: row t is the t-th selected element's indices
            def index(idx: tuple) -> Scalar:
                picked: L.Expr = idx[rank - 1]
                for axis in range(rank - 2, -1, -1):
                    picked = L.Select(L.Compare("eq", idx[rank], L.Const(axis, I)), idx[axis], picked)
                return Scalar(picked)
            (out,) = self.gathered(truth, [ArrayExpr((*source.shape, rank), I, index)], I, node, "argwhere")
            return out
        axes = [ArrayExpr(source.shape, I, lambda idx, axis=axis: Scalar(idx[axis])) for axis in range(rank)]
        arrays = self.gathered(truth, axes, I, node, "nonzero")
        return arrays[0] if flat else tuple(arrays)

    def unique(self, value: Any, node) -> Array:
        """``np.unique(x)``: the sorted distinct elements of ``x`` flattened (NaNs as one, NumPy's
        ``equal_nan=True``, last): a sorted copy, then the selection of each element that differs
        from the one before it."""
        flat = self.materialize(self.elements(self.reshaped(value, (-1,), node, copy=True)), node, "sorted")
        self.sort_along(flat, 0, node)
        dtype = flat.dtype

        def element(idx: tuple) -> Scalar:
            return Scalar(L.Load(flat.name, idx, dtype))

        def first_of_its_value(idx: tuple) -> Scalar:
            i = idx[0]
            before = L.Load(flat.name, (L.Call("maximum", (L.Binary("sub", i, L.Const(1, I)), L.Const(0, I))),), dtype)
            here = L.Load(flat.name, (i,), dtype)
            differs: L.Expr = L.Compare("ne", here, before)
            if dtype in L.FLOAT_DTYPES:   # NaN != NaN, but NumPy keeps one NaN
                differs = L.Binary("and", differs, L.Unary("not", L.Binary(
                    "and", L.Compare("ne", here, here), L.Compare("ne", before, before))))
            return Scalar(L.Binary("or", L.Compare("eq", i, L.Const(0, I)), differs))
        mask = ArrayExpr(flat.shape, "bool", first_of_its_value, frozenset({flat.name}))
        return self.materialized(Filtered(mask, ArrayExpr(flat.shape, dtype, element, frozenset({flat.name}))), node)

    # -- reductions ---------------------------------------------------------------------------
    def filtered_reduce(self, kind: str, value: Filtered, node, dtype: str | None, axis: Any,
                        keepdims: bool) -> Scalar | Array:
        """``x[mask].sum()``, ``X[m].mean(axis=0)``: the reduction over the source's elements the
        mask selects (NumPy's ``where=``), where the statement runs."""
        rank = 1 + len(value.rest)
        given = axis if isinstance(axis, tuple) else () if axis is None else (axis,)
        if any(type(a) is not int or not -rank <= a < rank for a in given):
            raise self.error(node, f"axis {axis!r} is out of bounds for an array of rank {rank} (an integer constant)")
        axes = sorted({a % rank for a in given}) if given else list(range(rank))
        if kind in ARG_REDUCTIONS or 0 not in axes or keepdims:
            # positions among the selected, or the selection's axis kept: of the array it makes
            return self.reduce(kind, self.materialized(value, node), node, dtype, axis, keepdims)
        k = len(value.mask.shape)
        source = value.source
        source_axes = tuple(range(k)) + tuple(k + a - 1 for a in axes if a > 0)
        mask = value.mask
        where = ArrayExpr(source.shape, "bool", lambda idx: mask.element(idx[:k]), mask.reads)
        if kind in ("max", "min"):
            # no identity: NumPy raises over no elements (none selected, or an empty row axis reduced)
            self.require_elements(tuple(source.shape[a] for a in source_axes[k:]), kind)
            stmts, anything = self.reduction("any", mask, tuple(range(k)), {}, "bool", node)
            self.pending += stmts
            self.fault_if(L.Unary("not", anything), faults.empty_reduction_kind(kind), ())
        dtype = dtype or reduction_dtype(kind, source.dtype)
        return self.reduced(kind, source, source_axes, False, dtype, node, where)

    # -- element by element -------------------------------------------------------------------
    def filtered_elementwise(self, combine, values: list, node) -> Filtered:
        """``combine`` over selections by one mask, numbers and arrays broadcasting against a
        selected row: a selection by that mask of the combined source elements."""
        selections = [v for v in values if isinstance(v, Filtered)]
        first = selections[0]
        rest_rank = len(first.rest)
        for other in selections[1:]:
            if not self.same_mask(other.mask, first.mask):
                raise self.error(node, "combining selections by two masks (x[m1] + y[m2]): their lengths are the "
                                       "counts of each mask, equal or not only at run time; not supported in loop "
                                       "code (use one mask)")
            if len(other.rest) != rest_rank:
                raise self.error(node, f"operands could not be broadcast together: selections of rank "
                                       f"{1 + rest_rank} and {1 + len(other.rest)}")
        for v in values:
            if is_array(v) and not isinstance(v, Filtered) and len(self.elements(v).shape) > rest_rank:
                raise self.error(node, f"an array of shape {show_shape(self.elements(v).shape)} combined with a "
                                       f"boolean selection (x[mask]) of rank {1 + rest_rank}: it would broadcast "
                                       "against the selection's length, which the data decides (not supported in "
                                       "loop code)")
        parts = [v.source if isinstance(v, Filtered) else v for v in values]
        return Filtered(first.mask, self.elementwise(combine, parts, node))

    # -- assignment through a mask ------------------------------------------------------------
    def masked_store(self, base: Any, mask: Any, value: Any, node) -> list:
        """``base[mask] = value``: every element ``mask`` selects gets ``value`` (a number, an
        array broadcast to a selected row, or the element of a selection by the same mask)."""
        if not isinstance(base, (Array, Rotating)):
            raise self.error(node, "assigning through a boolean mask is supported into arrays (and rows of them) "
                                   "in loop code")
        view = self.elements(base)
        written = base.arrays if isinstance(base, Rotating) else [base]   # a rebound name: its arrays
        m = self.mask_of(mask, view, node)
        k = len(m.shape)
        rest = view.shape[k:]
        if isinstance(value, Filtered):
            if not self.same_mask(value.mask, m):
                raise self.error(node, "assigning a selection by another mask (x[m1] = y[m2]) is not supported in "
                                       "loop code (use one mask)")
            source = value.source
            row = source.shape[k:]
            element = lambda idx: source.element(idx[:k] + _row_index(idx[k:], row, rest))   # noqa: E731
        elif is_array(value):
            source = self.elements(value)
            row = source.shape
            if len(row) > len(rest):
                raise self.error(node, f"assigning an array of shape {show_shape(row)} through a boolean mask: its "
                                       "length must be the count of selected elements, which the data decides (not "
                                       "supported in loop code: assign a number, or a selection by the same mask)")
            element = lambda idx: source.element(_row_index(idx[k:], row, rest))   # noqa: E731
        else:
            number = self.scalar(value, node)
            self.python_int_as(number, view.dtype)
            row = ()
            element = lambda idx: number   # noqa: E731
        if self.broadcast([row, rest], node) != tuple(rest):
            raise self.error(node, f"NumPy boolean array indexing assignment cannot assign a value of shape "
                                   f"{show_shape(row)} to rows of shape {show_shape(rest)}")
        names, idx = self.index_names(len(view.shape), "j")
        at = tuple(idx) if isinstance(base, Rotating) else view.element(idx).expr.indices   # of the target element
        targets = {array.name for array in written}
        test, new = m.element(idx[:k]).expr, element(idx).expr

        def elsewhere(expr: L.Expr) -> bool:
            return any(load.buffer in targets and load.indices != at for load in loads_of(expr))
        if elsewhere(test) or elsewhere(new):
            # reads the target at other elements (x[x[::-1] > 0] = 0): NumPy reads the whole mask
            # and value before it writes; so do we, through copies
            held_mask = self.materialize(m, node, "mask")
            test = L.Load(held_mask.name, tuple(idx[:k]), "bool")
            if elsewhere(new):
                held = self.materialize(ArrayExpr(view.shape, element(idx).dtype, element), node, "tmp")
                new = L.Load(held.name, tuple(idx), held.dtype)
        self.written_inputs.update(array.name for array in written if array.is_input)   # as Numba: the caller's
        value = cast(new, view.dtype)
        store = base.store(at, value) if isinstance(base, Rotating) else L.Store(base.name, at, value)
        return list(loop_nest(names, view.shape, (L.If(test, (store,)),)))


def _position(positions: ArrayExpr, at: tuple, n: L.Expr) -> L.Expr:
    """The row an integer index array's element at ``at`` names (a negative one from the end)."""
    p = cast(positions.element(at).expr, I)
    return L.Select(L.Compare("lt", p, L.Const(0, I)), L.Binary("add", p, n), p)


def _row_index(idx: tuple, row: tuple, rest: tuple) -> tuple:
    """The indices into a row value of shape ``row`` broadcast to the target's ``rest``."""
    lead = len(rest) - len(row)
    return tuple(L.Const(0, I) if d == 1 and t != 1 else i for d, t, i in zip(row, rest[lead:], idx[lead:]))
