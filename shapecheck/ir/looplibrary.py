"""NumPy functions of whole arrays that loop code builds from the tracer's parts (``looparrays``:
reductions, elementwise values, sorting, new arrays): spreads (``var``, ``std``), ``median``,
``np.linalg.norm``, ``trace``, ``eye``/``identity``, ``np.interp``, ``np.isclose`` and joins (``concatenate``, ``stack``,
``hstack``, ``vstack``). Each follows NumPy's dtype and shape rules; what loop code cannot
decide (a join of arrays whose other axes are not the same dims) is refused by name.

A mixin of the loop tracer, as ``looparrays.ArrayCode`` is: it uses that class's ``elements``,
``reduce``, ``elementwise``, ``ufunc``, ``materialize``, ``reshaped``, ``sort_along``,
``allocate``, ``fill`` and ``error``, and the tracer's ``prelude``/``pending``.
"""

from __future__ import annotations

import math
from typing import Any

from shapecheck.constraints import dims

from . import loops as L
from . import loopsort
from .dtypes import common_dtype, reduction_dtype
from .looparrays import ArrayExpr, Scalar, cast, is_array, loop_nest, show_shape, size_expr

__all__ = ["LibraryCode"]

I = L.INDEX


class LibraryCode:
    def spread(self, kind: str, value: Any, node, axis: Any = None, keepdims: bool = False, ddof: Any = 0) -> Any:
        """``var``/``std`` (``ddof``): the mean of squared deviations from the mean, NumPy's two
        passes, in the mean's dtype (ints as float64); divided by ``max(n - ddof, 0)``."""
        if type(ddof) is not int:
            raise self.error(node, f"{kind}'s ddof is an integer constant")
        source = self.elements(value)
        mean = self.reduce("mean", value, node, axis=axis, keepdims=True)

        def squared(parts: list) -> Scalar:
            deviation = self.ufunc("sub", parts, node)
            return self.ufunc("mul", [deviation, deviation], node)
        total = self.reduce("sum", self.elementwise(squared, [value, mean], node), node, axis=axis, keepdims=keepdims)
        rank = len(source.shape)
        axes = range(rank) if axis is None else [a % rank for a in (axis if isinstance(axis, tuple) else (axis,))]
        count: L.Expr = L.Const(1, I)
        for a in axes:
            count = L.Binary("mul", count, size_expr(source.shape[a]))
        count = L.Call("maximum", (L.Binary("sub", count, L.Const(ddof, I)), L.Const(0, I)))
        dtype = reduction_dtype("mean", source.dtype)
        result = self.ufunc("div", [total, Scalar(cast(count, dtype))], node)
        return self.ufunc("sqrt", [result], node) if kind == "std" else result

    def median(self, value: Any, node) -> Scalar:
        """``np.median`` of every element: the middle of a sorted copy (the mean of the two middle
        ones), NaN where any element is NaN or there is none, as NumPy."""
        flat = self.materialize(self.elements(self.reshaped(value, (-1,), node)), node, "median")
        self.sort_along(flat, 0, node)
        n = size_expr(flat.shape[0])
        dtype = reduction_dtype("mean", flat.dtype)
        result = self.fresh("median")
        self.prelude.append(L.Let(result, dtype, L.Const(math.nan, dtype)))
        half = L.Binary("floordiv", n, L.Const(2, I))
        low = L.Select(L.Compare("eq", L.Binary("mod", n, L.Const(2, I)), L.Const(1, I)), half,
                       L.Binary("sub", half, L.Const(1, I)))
        at = lambda i: cast(L.Load(flat.name, (i,), flat.dtype), dtype)   # noqa: E731
        middle = L.Binary("div", L.Binary("add", at(low), at(half)), L.Const(2.0, dtype))
        last = at(L.Binary("sub", n, L.Const(1, I)))
        self.pending.append(L.If(L.Compare("gt", n, L.Const(0, I)), (
            L.Assign(result, L.Select(L.Compare("ne", last, last), L.Const(math.nan, dtype), middle)),)))
        return Scalar(L.Var(result, dtype))

    def norm(self, value: Any, node) -> Scalar:
        """``np.linalg.norm(x)``: the 2-norm of the flattened array (a matrix's Frobenius norm),
        in x's float dtype (ints as float64)."""
        source = self.elements(value)
        dtype = source.dtype if source.dtype in L.FLOAT_DTYPES else "f64"
        floats = self.elementwise(lambda parts: Scalar(cast(parts[0].expr, dtype)), [value], node)
        squares = self.elementwise(lambda parts: self.ufunc("mul", [parts[0], parts[0]], node), [floats], node)
        return self.ufunc("sqrt", [self.reduce("sum", squares, node)], node)

    def trace(self, value: Any, node) -> Scalar:
        """``np.trace`` of a matrix: the sum of its diagonal, in the dtype NumPy's sum gives."""
        source = self.elements(value)
        if len(source.shape) != 2:
            raise self.error(node, "np.trace takes a matrix in loop code")
        diagonal = ArrayExpr((dims.dmin(*source.shape),), source.dtype,
                             lambda idx: source.element((idx[0], idx[0])), source.reads)
        return self.reduce("sum", diagonal, node)

    def eye(self, rows: Any, cols: Any, k: Any, dtype: str, node):
        """``np.eye(N, M, k)`` / ``np.identity(N)``: ones on diagonal ``k``, a new array."""
        rows, cols = self.size(rows), self.size(rows if cols is None else cols)
        if not all(isinstance(d, (int, dims.Expr)) and type(d) is not bool for d in (rows, cols)) or type(k) is not int:
            raise self.error(node, "np.eye takes sizes known from argument shapes or values, and an integer k")
        out = self.allocate((rows, cols), dtype, node, "eye")
        self.fill(out, lambda idx: cast(L.Select(L.Compare("eq", L.Binary("sub", idx[1], idx[0]), L.Const(k, I)),
                                                 L.Const(1, "i64"), L.Const(0, "i64")), dtype))
        return out

    def interp(self, x: Any, xp: Any, fp: Any, left: Any, right: Any, node) -> Any:
        """``np.interp(x, xp, fp, left, right)``: NumPy's linear interpolation, its branches in
        its order (a NaN stays NaN; outside the points ``left``/``right``; on the last point, or
        a point equal to x, its value; else the slope from the left point, from the right one
        where that is NaN), float64; an array ``x`` gives an array."""
        points, values = self.elements(xp), self.elements(fp)
        if points is None or values is None or len(points.shape) != 1 or len(values.shape) != 1:
            raise self.error(node, "np.interp takes 1-D xp and fp")
        if points.shape != values.shape:
            raise self.error(node, f"fp and xp are not of the same length ({show_shape(values.shape)} and "
                                   f"{show_shape(points.shape)})")
        if points.shape[0] == 0:
            raise self.error(node, "array of sample points is empty")
        n = size_expr(points.shape[0])
        last = L.Binary("sub", n, L.Const(1, I))
        xp_at = lambda i: cast(points.element((i,)).expr, "f64")   # noqa: E731
        fp_at = lambda i: cast(values.element((i,)).expr, "f64")   # noqa: E731
        below = fp_at(L.Const(0, I)) if left is None else self.float_of(left, node).expr
        above = fp_at(last) if right is None else self.float_of(right, node).expr

        def at(v: L.Expr) -> tuple:
            result = self.fresh("interp")
            lets, search, r = loopsort.search(xp_at, n, v, "f64", True, self.fresh)
            j, slope = self.fresh("j"), self.fresh("slope")
            self.prelude += [*lets, L.Let(result, "f64", L.Const(0.0, "f64")), L.Let(j, I, L.Const(0, I)),
                             L.Let(slope, "f64", L.Const(0.0, "f64"))]
            jv, sv, res = L.Var(j, I), L.Var(slope, "f64"), L.Var(result, "f64")
            after = L.Binary("add", jv, L.Const(1, I))
            nan = lambda e: L.Compare("ne", e, e)   # noqa: E731
            between = (
                L.Assign(slope, L.Binary("div", L.Binary("sub", fp_at(after), fp_at(jv)),
                                         L.Binary("sub", xp_at(after), xp_at(jv)))),
                L.Assign(result, L.Binary("add", L.Binary("mul", sv, L.Binary("sub", v, xp_at(jv))), fp_at(jv))),
                L.If(nan(res), (
                    L.Assign(result, L.Binary("add", L.Binary("mul", sv, L.Binary("sub", v, xp_at(after))),
                                              fp_at(after))),
                    L.If(L.Binary("and", nan(res), L.Compare("eq", fp_at(jv), fp_at(after))),
                         (L.Assign(result, fp_at(jv)),)))),
            )
            inside = (*search, L.Assign(j, L.Binary("sub", r, L.Const(1, I))),
                      L.If(L.Compare("ge", jv, last), (L.Assign(result, fp_at(last)),),
                           (L.If(L.Compare("eq", xp_at(jv), v), (L.Assign(result, fp_at(jv)),), between),)))
            stmt = L.If(nan(v), (L.Assign(result, v),), (
                L.If(L.Compare("lt", v, xp_at(L.Const(0, I))), (L.Assign(result, below),), (
                    L.If(L.Compare("gt", v, xp_at(last)), (L.Assign(result, above),), inside),)),))
            return (stmt,), res
        if not is_array(x):
            stmts, res = at(self.float_of(x, node).expr)
            self.pending += list(stmts)
            return Scalar(res)
        source = self.elements(x)
        out = self.allocate(source.shape, "f64", node, "interp")
        names, idx = self.index_names(len(source.shape), "q")
        stmts, res = at(cast(source.element(idx).expr, "f64"))
        self.pending += list(loop_nest(names, source.shape, (*stmts, L.Store(out.name, idx, res))))
        return out

    def isclose(self, a: Any, b: Any, rtol: Any, atol: Any, equal_nan: Any, node) -> Any:
        """``np.isclose``: NumPy's ``|a - b| <= atol + rtol * |b|`` where b is finite, or
        ``a == b`` (infinities of one sign), NaNs equal only with ``equal_nan``; computed in the
        float dtype b is taken to (ints as float64), elementwise on arrays."""
        if not all(isinstance(v, (int, float)) and type(v) is not bool for v in (rtol, atol)) \
                or type(equal_nan) is not bool:
            raise self.error(node, "np.isclose's rtol and atol are number constants, equal_nan True/False")
        kinds = [self.elements(v).dtype if is_array(v) else self.scalar(v, node).dtype for v in (a, b)]
        floating = kinds[1] if kinds[1] in L.FLOAT_DTYPES else "f64"
        dtype = common_dtype(((kinds[0], False), (floating, False)))
        if dtype not in L.FLOAT_DTYPES:
            raise self.error(node, f"np.isclose of {kinds[0]} and {kinds[1]} is not supported in loop code")

        def close(parts: list) -> Scalar:
            x, y = (cast(self.scalar(p, node).expr, dtype) for p in parts)
            c = lambda v: L.Const(float(v), dtype)   # noqa: E731
            within = L.Compare("le", L.Call("abs", (L.Binary("sub", x, y),)),
                               L.Binary("add", c(atol), L.Binary("mul", c(rtol), L.Call("abs", (y,)))))
            finite = L.Binary("and", L.Compare("eq", y, y), L.Compare("ne", L.Call("abs", (y,)), c(math.inf)))
            result = L.Binary("or", L.Binary("and", within, finite), L.Compare("eq", x, y))
            if equal_nan:
                result = L.Binary("or", result, L.Binary("and", L.Compare("ne", x, x), L.Compare("ne", y, y)))
            return Scalar(result)
        if not (is_array(a) or is_array(b)):
            return close([a, b])
        return self.elementwise(close, [a, b], node)

    def joined(self, name: str, parts: Any, axis: Any, node):
        """``np.concatenate(parts, axis)``, ``np.stack``, ``np.hstack``, ``np.vstack`` of a tuple
        or list of arrays: a new array in their common dtype, each part copied to its place."""
        if not isinstance(parts, tuple) or not parts or not all(is_array(p) for p in parts):
            raise self.error(node, f"np.{name} takes a tuple or list of arrays in loop code")
        arrays = [self.elements(p) for p in parts]
        if name == "hstack":
            name, axis = "concatenate", 0 if all(len(a.shape) == 1 for a in arrays) else 1
        elif name == "vstack":
            arrays = [_with_axis(a, 0) if len(a.shape) == 1 else a for a in arrays]
            name, axis = "concatenate", 0
        if type(axis) is not int:
            raise self.error(node, f"np.{name}'s axis is an integer constant in loop code")
        if name == "stack":
            rank = len(arrays[0].shape) + 1
            if not -rank <= axis < rank:
                raise self.error(node, f"axis {axis} is out of bounds for array of dimension {rank}")
            if len({a.shape for a in arrays}) > 1:
                raise self.error(node, "all input arrays must have the same shape")
            arrays = [_with_axis(a, axis % rank) for a in arrays]
        rank = len(arrays[0].shape)
        if rank == 0 or any(len(a.shape) != rank for a in arrays):
            raise self.error(node, f"np.{name}: all the input arrays must have the same number of dimensions "
                                   f"(here {', '.join(show_shape(a.shape) for a in arrays)})")
        if not -rank <= axis < rank:
            raise self.error(node, f"axis {axis} is out of bounds for array of dimension {rank}")
        along = axis % rank
        for a in arrays[1:]:
            if any(a.shape[k] != arrays[0].shape[k] for k in range(rank) if k != along):
                raise self.error(node, f"np.{name}: the input arrays' axes other than {along} must be the same "
                                       f"sizes ({show_shape(arrays[0].shape)} and {show_shape(a.shape)})")
        dtype = common_dtype(tuple((a.dtype, False) for a in arrays))
        total: dims.Dim = 0
        for a in arrays:
            total = dims.add(total, a.shape[along])
        out = self.allocate((*arrays[0].shape[:along], total, *arrays[0].shape[along + 1:]), dtype, node, name)
        offset: dims.Dim = 0
        for a in arrays:
            names, idx = self.index_names(rank, "j")
            place = tuple(L.Binary("add", i, size_expr(offset)) if k == along else i for k, i in enumerate(idx))
            self.pending += list(loop_nest(names, a.shape, (L.Store(out.name, place, cast(a.element(idx).expr, dtype)),)))
            offset = dims.add(offset, a.shape[along])
        return out


def _with_axis(a: ArrayExpr, axis: int) -> ArrayExpr:
    """``a`` with a new axis of size 1 at ``axis`` (``np.stack``'s, ``np.vstack``'s rows)."""
    return ArrayExpr((*a.shape[:axis], 1, *a.shape[axis:]), a.dtype,
                     lambda idx: a.element((*idx[:axis], *idx[axis + 1:])), a.reads)
