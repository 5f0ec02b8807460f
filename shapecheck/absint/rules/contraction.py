"""Contractions that gufunc notation does not capture: dot, inner, outer, vdot, tensordot, einsum,
kron, and the linear-algebra functions with several or mode-dependent results."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...constraints import dims as D
from ...constraints.predicates import disj, eq
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, exposing, trailing
from ..core.context import Arg, Call, OpContext
from ..core.values import flag, UNKNOWN, Array, Bool, Int, List, NoneValue, Str, Tuple, Value
from .args import (
    UnknownAxis,
    as_array,
    axes_arg,
    bound_array,
    const_int,
    float_result,
    is_none,
    normalize_axis,
    promote,
    spec_dims,
)
from .kinds import reduction, sig, ufunc
from .manipulation import array_sequence


@dataclass(frozen=True, slots=True)
class Pair:
    """Two array operands, as the binary rules below see them (``binary`` rules: of known rank)."""

    x: tuple | None     # dims of the first (None: rank unknown)
    y: tuple | None     # dims of the second
    dtype: str | None   # the promoted dtype
    a: Arg
    b: Arg


def read_pair(call: Call, names: tuple[str, str] = ("a", "b")) -> Pair | None:
    """The two array operands of a call, or None when either is missing or not an array."""
    bound = call.bind(names)
    args = [bound.get(n) for n in names]
    if any(a is None for a in args):
        return None
    arrays = [as_array(a.value) for a in args]
    if any(a is None for a in arrays):
        return None
    (a, b), (a_arg, b_arg) = arrays, args
    return Pair(a.shape.dims, b.shape.dims, promote(a.dtype, b.dtype), a_arg, b_arg)


def binary(rule):
    """A rule over two arrays of known rank: unknown operands give an unknown result (never an error)."""

    @functools.wraps(rule)
    def wrapped(ctx: OpContext, call: Call) -> Value:
        p = read_pair(call)
        if p is None:
            return UNKNOWN
        if p.x is None or p.y is None:
            return Array(UNKNOWN_SHAPE, p.dtype)
        return rule(ctx, call, p)

    return wrapped


def _mismatch(ctx: OpContext, a_arg: Arg, b_arg: Arg, da, db):
    return lambda: (f"{ctx.op}: {ctx.describe(a_arg)} but {ctx.describe(b_arg)}: "
                    f"{ctx.show_dim(da)} != {ctx.show_dim(db)}")


def dot(ctx: OpContext, call: Call) -> Value:
    """``dot(a, b)``: the last axis of ``a`` against the last (1-D ``b``) or second-to-last of ``b``.
    With an operand of unknown rank, those axes are still known when its suffix holds them."""
    p = read_pair(call)
    if p is not None and (p.x is None or p.y is None):
        return _dot_unknown_rank(ctx, call, p)
    return _dot(ctx, call)


def _dot_unknown_rank(ctx: OpContext, call: Call, p: Pair) -> Value:
    a, b = (as_array(arg.value).shape for arg in (p.a, p.b))
    if a.variadic and (not a.suffix or b.rank is None and len(b.suffix) < 2):
        return Array(UNKNOWN_SHAPE, p.dtype)  # which axes meet depends on the rank
    if b.variadic and len(b.suffix) < 2:
        return Array(UNKNOWN_SHAPE, p.dtype)
    last = trailing(a)[-1] if trailing(a) else None
    if b.rank == 0 or (a.rank == 0):
        return ufunc(2)(ctx, call)
    if b.rank == 1:
        ctx.require(eq(last, b.prefix[0]), "SC102", _mismatch(ctx, p.a, p.b, last, b.prefix[0]))
        return Array(Shape(a.prefix, True, a.suffix[:-1]), p.dtype)
    contracted = trailing(b)[-2]
    ctx.require(eq(last, contracted), "SC102", _mismatch(ctx, p.a, p.b, last, contracted))
    if b.rank is not None:  # a of unknown rank: (*a[:-1], *b[:-2], b[-1])
        return Array(Shape(a.prefix, True, a.suffix[:-1] + b.prefix[:-2] + b.prefix[-1:]), p.dtype)
    if a.rank is not None:
        return Array(Shape(a.prefix[:-1] + b.prefix, True, b.suffix[:-2] + b.suffix[-1:]), p.dtype)
    return Array(Shape(a.prefix, True, b.suffix[:-2] + b.suffix[-1:]), p.dtype)


@binary
def _dot(ctx: OpContext, call: Call, p: Pair) -> Value:
    x, y, dtype, a_arg, b_arg = p.x, p.y, p.dtype, p.a, p.b
    if not x or not y:
        return ufunc(2)(ctx, call)
    if len(y) == 1:
        ctx.require(eq(x[-1], y[0]), "SC102", _mismatch(ctx, a_arg, b_arg, x[-1], y[0]))
        return Array(Shape(x[:-1]), dtype)
    ctx.require(eq(x[-1], y[-2]), "SC102", _mismatch(ctx, a_arg, b_arg, x[-1], y[-2]))
    return Array(Shape(x[:-1] + y[:-2] + y[-1:]), dtype)


@binary
def inner(ctx: OpContext, call: Call, p: Pair) -> Value:
    x, y, dtype, a_arg, b_arg = p.x, p.y, p.dtype, p.a, p.b
    if not x or not y:
        return ufunc(2)(ctx, call)
    ctx.require(eq(x[-1], y[-1]), "SC102", _mismatch(ctx, a_arg, b_arg, x[-1], y[-1]))
    return Array(Shape(x[:-1] + y[:-1]), dtype)


def outer(ctx: OpContext, call: Call) -> Value:
    p = read_pair(call)
    if p is None:
        return UNKNOWN
    if p.x is None or p.y is None:
        return Array(Shape((ctx.fresh("n"), ctx.fresh("m"))), p.dtype)
    return Array(Shape((D.product(p.x), D.product(p.y))), p.dtype)


def vdot(ctx: OpContext, call: Call) -> Value:
    p = read_pair(call)
    if p is None:
        return UNKNOWN
    if p.x is not None and p.y is not None:
        n, m = D.product(p.x), D.product(p.y)
        ctx.require(eq(n, m), "SC102", lambda: f"{ctx.op}: {ctx.describe(p.a)}, {ctx.show_dim(n)} elements, "
                                               f"but {ctx.describe(p.b)}, {ctx.show_dim(m)}")
    return Array(Shape(()), p.dtype)


_CROSS = ("a", "b", "axisa", "axisb", "axisc", "axis")


@binary
def cross(ctx: OpContext, call: Call, p: Pair) -> Value:
    """``cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)``: vectors of 2 or 3 components along
    ``axisa`` of a and ``axisb`` of b (``axis`` sets all three), the others broadcast; the product's 3
    components go at ``axisc`` (two 2-vectors give a scalar z). Axes are read by position too:
    skyfield's ``cross(self._pos_vec, self._vel_vec, 0, 0)`` of (3, n) arrays was taken along the
    last axis (a false SC110 per orbit its tests check)."""
    x, y, dtype, a_arg, b_arg = p.x, p.y, p.dtype, p.a, p.b
    bound = call.bind(_CROSS)
    axes = {}
    for name in _CROSS[2:]:
        arg = bound.get(name)
        if arg is None or (name == "axis" and type(arg.value) is NoneValue):
            continue
        axes[name] = const_int(arg)
        if axes[name] is None:
            return Array(UNKNOWN_SHAPE, dtype)
    if "axis" in axes:
        axes["axisa"] = axes["axisb"] = axes["axisc"] = axes["axis"]
    vectors = []
    for dims, arg, name in ((x, a_arg, "axisa"), (y, b_arg, "axisb")):
        if not dims:
            ctx.fail("SC107", f"{ctx.op}: {ctx.describe(arg)}: a vector needs at least one dimension")
        axis = axes.get(name, -1)
        if not -len(dims) <= axis < len(dims):
            ctx.fail("SC107", f"{ctx.op}: {name}={axis} is out of bounds: {ctx.describe(arg)}")
        axis %= len(dims)
        vectors.append((dims[:axis] + dims[axis + 1:], dims[axis]))
        ctx.require(disj((eq(dims[axis], 2), eq(dims[axis], 3))), "SC107", lambda arg=arg: (
            f"{ctx.op}: incompatible dimensions for cross product (dimension must be 2 or 3): {ctx.describe(arg)}"))
    (x_rest, n), (y_rest, m) = vectors
    batch = ctx.broadcast([(Shape(x_rest), a_arg.text), (Shape(y_rest), b_arg.text)])
    if batch is None:
        return Array(UNKNOWN_SHAPE, dtype)
    if n == 2 and m == 2:
        return Array(batch, dtype)
    if not (n == 3 or m == 3 or (type(n) is int and type(m) is int)):
        return Array(UNKNOWN_SHAPE, dtype)
    rank = len(batch.prefix) + 1
    axisc = axes.get("axisc", -1)
    if not -rank <= axisc < rank:
        ctx.fail("SC107", f"{ctx.op}: axisc={axisc} is out of bounds for the product's {rank} dimensions")
    axisc %= rank
    return Array(Shape(batch.prefix[:axisc] + (3,) + batch.prefix[axisc:]), dtype)


@binary
def kron(ctx: OpContext, call: Call, p: Pair) -> Value:
    x, y, dtype = p.x, p.y, p.dtype
    n = max(len(x), len(y))
    x = (1,) * (n - len(x)) + x
    y = (1,) * (n - len(y)) + y
    return Array(Shape(tuple(D.mul(p, q) for p, q in zip(x, y))), dtype)


def tensordot(ctx: OpContext, call: Call) -> Value:
    """``tensordot(a, b, axes=n)``: the last n axes of ``a`` against the first n of ``b``; with an
    operand of unknown rank, when its known suffix (``a``) or prefix (``b``) holds them."""
    p = read_pair(call)
    if p is not None and (p.x is None or p.y is None):
        return _tensordot_unknown_rank(ctx, call, p)
    return _tensordot(ctx, call)


def _tensordot_unknown_rank(ctx: OpContext, call: Call, p: Pair) -> Value:
    axes = call.bind(("a", "b", "axes")).get("axes")
    n = 2 if axes is None else const_int(axes)
    a, b = (as_array(arg.value).shape for arg in (p.a, p.b))
    a_end = a.suffix if a.variadic else a.prefix
    if n is None or n < 1 or len(a_end) < n or len(b.prefix) < n:
        return Array(UNKNOWN_SHAPE, p.dtype)
    for i, (da, db) in enumerate(zip(a_end[len(a_end) - n:], b.prefix[:n])):
        ctx.require(eq(da, db), "SC102", lambda i=i, da=da, db=db: (
            f"{ctx.op}: shape-mismatch for sum: axis {i - n} of {ctx.describe(p.a)} is {ctx.show_dim(da)} "
            f"but axis {i} of {ctx.describe(p.b)} is {ctx.show_dim(db)}"))
    if not a.variadic:
        return Array(Shape(a.prefix[:-n] + b.prefix[n:], True, b.suffix), p.dtype)
    if not b.variadic:
        return Array(Shape(a.prefix, True, a.suffix[:-n] + b.prefix[n:]), p.dtype)
    return Array(Shape(a.prefix, True, b.suffix), p.dtype)


@binary
def _tensordot(ctx: OpContext, call: Call, p: Pair) -> Value:
    bound = call.bind(("a", "b", "axes"))
    x, y, dtype, a_arg, b_arg = p.x, p.y, p.dtype, p.a, p.b
    axes = bound.get("axes")
    if axes is None or (type(axes.value) is Int and type(axes.value.dim) is int):
        # An int n (default 2) names the last n axes of a and the first n of b; NumPy looks them up
        # without a bounds check and fails with "IndexError: tuple index out of range" when an
        # operand has fewer (np.tensordot(np.ones(3), np.ones(3)) is such a call). n <= 0 is an
        # outer product.
        n = 2 if axes is None else axes.value.dim
        if n > len(x) or n > len(y):
            ctx.fail("SC104", f"{ctx.op}: axes={n} contracts {n} axes of each operand, but they have "
                              f"{len(x)} and {len(y)} dimensions")
        a_axes, b_axes = list(range(len(x) - n, len(x))), list(range(n))
    else:
        v = axes.value
        if type(v) not in (Tuple, List) or v.items is None or len(v.items) != 2:
            return Array(UNKNOWN_SHAPE, dtype)

        def ints(item):
            if type(item) is Int and type(item.dim) is int:
                return [item.dim]
            if type(item) in (Tuple, List) and item.items is not None and all(
                    type(i) is Int and type(i.dim) is int for i in item.items):
                return [i.dim for i in item.items]
            return None

        a_axes, b_axes = ints(v.items[0]), ints(v.items[1])
        if a_axes is None or b_axes is None:
            return Array(UNKNOWN_SHAPE, dtype)
        if len(a_axes) != len(b_axes):
            ctx.fail("SC102", f"{ctx.op}: shape-mismatch for sum (the axes lists differ in length)")
        a_axes = [normalize_axis(ctx, i, len(x)) for i in a_axes]
        b_axes = [normalize_axis(ctx, i, len(y)) for i in b_axes]
        if len(set(a_axes)) != len(a_axes) or len(set(b_axes)) != len(b_axes):
            ctx.fail("SC104", f"{ctx.op}: duplicate axes are not allowed")
    for i, j in zip(a_axes, b_axes):
        ctx.require(eq(x[i], y[j]), "SC102", lambda i=i, j=j: (
            f"{ctx.op}: shape-mismatch for sum: axis {i} of {ctx.describe(a_arg)} is {ctx.show_dim(x[i])} "
            f"but axis {j} of {ctx.describe(b_arg)} is {ctx.show_dim(y[j])}"))
    out = tuple(d for i, d in enumerate(x) if i not in a_axes) + tuple(d for j, d in enumerate(y) if j not in b_axes)
    return Array(Shape(out), dtype)


def _named(ctx: OpContext, loose: set | None) -> D.Dim:
    """A fresh dim for an einsum subscript of an operand of unknown rank, kept in ``loose`` when the
    operand is no parameter's (a parameter's dims are its own, asked of every call)."""
    d = ctx.fresh("d")
    if loose is not None:
        loose.add(d)
    return d


def einsum(ctx: OpContext, call: Call) -> Value:
    if not call.args or type(call.args[0].value) is not Str or call.args[0].value.value is None:
        return UNKNOWN
    spec = call.args[0].value.value.replace(" ", "")
    operands = call.args[1:]
    arrays = [as_array(a.value) for a in operands]
    if any(a is None for a in arrays):
        return UNKNOWN
    dtype = None
    for a in arrays:
        dtype = promote(dtype, a.dtype)
    if "->" in spec:
        lhs, rhs = spec.split("->", 1)
    else:
        lhs, rhs = spec, None
    terms = lhs.split(",")
    if len(terms) != len(arrays):
        ctx.fail("SC107", f"{ctx.op}: {len(terms)} operand subscripts in '{spec}' but {len(arrays)} operands")
    sizes: dict[str, tuple[D.Dim, Arg]] = {}
    ellipsis_shapes: list[tuple[Shape, str]] = []
    # dims named for an operand of which nothing is known (no parameter's: ``(i + 1) // masks`` of a
    # parameter i broadcast against (n,)): they stand for no size, so they take the other operands'
    # and ask nothing of them (blackjax's halton_sequence got "fails unless d == n" under --strict)
    loose: set = set()
    for term, a, arg in zip(terms, arrays, operands):
        dims = a.shape.dims
        letters = term.replace("...", "")
        if not letters.isalpha() and letters:
            return UNKNOWN
        if dims is None and "..." in term:   # ``...`` is the dims between its known ends
            head, tail = term.split("...")
            ends = _term_ends(ctx, a.shape, head, tail)
            if ends is None:
                return Array(UNKNOWN_SHAPE, dtype)
            named, between = ends
            ellipsis_shapes.append((between, arg.text))
        elif dims is None:   # the term names every dim: that is the operand's rank
            dims = spec_dims(ctx, a.shape, len(term), lambda i: _named(ctx, loose if a.shape.middle is None else None))
            if dims is None:
                ctx.fail("SC107", f"{ctx.op}: operand has at least {a.shape.min_rank} dimensions but subscript "
                                  f"'{term}' names {len(term)} ({ctx.describe(arg)})")
            named = list(zip(term, dims))
        elif "..." in term:
            if len(dims) < len(letters):
                ctx.fail("SC107", f"{ctx.op}: operand {ctx.describe(arg)} has fewer dimensions than "
                                  f"subscript '{term}' names")
            head, tail = term.split("...")
            ell = dims[len(head):len(dims) - len(tail)]
            ellipsis_shapes.append((Shape(ell), arg.text))
            named = list(zip(head, dims[:len(head)])) + list(zip(tail, dims[len(dims) - len(tail):]))
        else:
            if len(dims) != len(term):
                ctx.fail("SC107", f"{ctx.op}: operand has {len(dims)} dimensions but subscript '{term}' "
                                  f"names {len(term)} ({ctx.describe(arg)})")
            named = list(zip(term, dims))
        local: dict[str, D.Dim] = {}
        for letter, d in named:
            if letter in local:
                # a trace within one operand ('ii'): sizes must match exactly, no broadcasting
                first = local[letter]
                ctx.require(eq(first, d), "SC102", lambda letter=letter, first=first, d=d, arg=arg: (
                    f"{ctx.op}: dimensions in {ctx.describe(arg)} for collapsing index '{letter}' don't "
                    f"match ({ctx.show_dim(first)} != {ctx.show_dim(d)})"))
                continue
            local[letter] = d
            if letter in sizes:
                prev, prev_arg = sizes[letter]
                if prev == 1 or d == 1 or prev in loose or d in loose:
                    # across operands einsum broadcasts size-1 dims; a loose dim is the other's
                    if prev == 1 or (prev in loose and d != 1 and d not in loose):
                        sizes[letter] = (d, arg)
                    continue
                ctx.require(eq(prev, d), "SC102", lambda letter=letter, prev=prev, prev_arg=prev_arg, d=d, arg=arg: (
                    f"{ctx.op}: subscript '{letter}' is {ctx.show_dim(prev)} in {ctx.describe(prev_arg)} "
                    f"but {ctx.show_dim(d)} in {ctx.describe(arg)}"))
            else:
                sizes[letter] = (d, arg)
    ell_shape = ctx.broadcast(ellipsis_shapes, unknown_rank=True) if ellipsis_shapes else Shape(())
    if rhs is None:
        counts: dict[str, int] = {}
        for term in terms:
            for ch in term.replace("...", ""):
                counts[ch] = counts.get(ch, 0) + 1
        rhs = ("..." if ellipsis_shapes else "") + "".join(sorted(c for c, k in counts.items() if k == 1))
    head, _, tail = rhs.partition("...")
    for letter in head + tail:
        if letter not in sizes:
            ctx.fail("SC107", f"{ctx.op}: output subscript '{letter}' does not appear in the inputs")
    out = tuple(sizes[letter][0] for letter in head)
    end = tuple(sizes[letter][0] for letter in tail)
    if "..." not in rhs:
        return Array(Shape(out + end), dtype)
    if ell_shape is None:
        return Array(UNKNOWN_SHAPE, dtype)
    return Array(Shape(out + ell_shape.prefix, ell_shape.variadic, ell_shape.suffix + end, ell_shape.middle)
                 if ell_shape.variadic else Shape(out + ell_shape.prefix + end), dtype)


def _term_ends(ctx: OpContext, shape: Shape, head: str, tail: str) -> tuple[list, Shape] | None:
    """An operand of unknown rank under ``head...tail``: the letters with the dims of its known ends
    (a parameter's middle gives them), and the shape of what ``...`` covers; None when its known
    ends are too short."""
    shape = exposing(shape, tuple(range(len(head))) + tuple(range(-len(tail), 0)), ctx.middle_dim)
    if len(shape.prefix) < len(head) or len(shape.suffix) < len(tail):
        return None
    cut = len(shape.suffix) - len(tail)
    named = list(zip(head, shape.prefix)) + list(zip(tail, shape.suffix[cut:]))
    return named, Shape(shape.prefix[len(head):], True, shape.suffix[:cut], shape.middle)


# -- linear algebra with several results -------------------------------------------------------------

def _matrix(ctx: OpContext, call: Call, square: bool = False):
    a = as_array(call.args[0].value) if call.args else None
    if a is None:
        return None, None
    return a, matrix_dims(ctx, call.args[0], a, square)


def matrix_dims(ctx: OpContext, arg: Arg, a: Array, square: bool = False) -> tuple | None:
    """The dims of ``a``, a stack of matrices (square ones where ``square``): fewer than 2 dims, or
    matrices not square, are LinAlgError (SC107); None where its rank is not known."""
    dims = a.shape.dims
    if dims is None:
        return None
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: {len(dims)}-dimensional array given. Array must be at least two-dimensional")
    if square:
        ctx.require(eq(dims[-1], dims[-2]), "SC107", lambda: (
            f"{ctx.op}: last 2 dimensions of the array must be square, but {ctx.describe(arg)}"))
    return dims


@dataclass(frozen=True, slots=True)
class MatrixStack:
    """A stack of matrices of known rank, (*batch, m, n), as the decompositions below see it."""

    batch: tuple
    m: D.Dim
    n: D.Dim
    dtype: str | None   # the result's float dtype

    @property
    def k(self) -> D.Dim:
        """min(m, n): the rank bound, the length of the reduced factors' shared dim."""
        return D.dmin(self.m, self.n)


def decomposition(square: bool = False):
    """A rule over one stack of matrices (square when ``square``): an unknown operand gives an unknown
    result; fewer than 2 dims, or non-square matrices where square ones are needed, are errors."""

    def decorate(rule):
        @functools.wraps(rule)
        def wrapped(ctx: OpContext, call: Call) -> Value:
            a, dims = _matrix(ctx, call, square)
            if a is None or dims is None:
                return UNKNOWN
            return rule(ctx, call, MatrixStack(dims[:-2], dims[-2], dims[-1], float_result(a.dtype)))

        return wrapped

    return decorate


@decomposition()
def svd(ctx: OpContext, call: Call, s: MatrixStack) -> Value:
    batch, m, n, k, dtype = s.batch, s.m, s.n, s.k, s.dtype
    bound = call.bind(("a", "full_matrices", "compute_uv"))
    full = bound.get("full_matrices")
    full_matrices = full is None or flag(full.value, True) is not False
    uv = bound.get("compute_uv")
    if uv is not None and flag(uv.value, True) is False:
        return Array(Shape(batch + (k,)), dtype)
    u = Shape(batch + ((m, m) if full_matrices else (m, k)))
    vh = Shape(batch + ((n, n) if full_matrices else (k, n)))
    return Tuple((Array(u, dtype), Array(Shape(batch + (k,)), dtype), Array(vh, dtype)))


@decomposition()
def qr(ctx: OpContext, call: Call, s: MatrixStack) -> Value:
    batch, m, n, k, dtype = s.batch, s.m, s.n, s.k, s.dtype
    mode = call.kwargs.get("mode") or (call.args[1] if len(call.args) > 1 else None)
    mode_text = getattr(mode.value, "value", "reduced") if mode is not None else "reduced"
    if mode_text == "complete":
        return Tuple((Array(Shape(batch + (m, m)), dtype), Array(Shape(batch + (m, n)), dtype)))
    if mode_text == "r":
        return Array(Shape(batch + (k, n)), dtype)
    return Tuple((Array(Shape(batch + (m, k)), dtype), Array(Shape(batch + (k, n)), dtype)))


@decomposition(square=True)
def eigh(ctx: OpContext, call: Call, s: MatrixStack) -> Value:
    return Tuple((Array(Shape(s.batch + (s.n,)), s.dtype), Array(Shape(s.batch + (s.m, s.n)), s.dtype)))


@decomposition(square=True)
def eigvals(ctx: OpContext, call: Call, s: MatrixStack) -> Value:
    return Array(Shape(s.batch + (s.m,)), s.dtype)


@decomposition(square=True)
def slogdet(ctx: OpContext, call: Call, s: MatrixStack) -> Value:
    return Tuple((Array(Shape(s.batch), "float64"), Array(Shape(s.batch), "float64")))


@binary
def solve(ctx: OpContext, call: Call, p: Pair) -> Value:
    x, y, a_arg, b_arg = p.x, p.y, p.a, p.b
    dtype = float_result(p.dtype)
    if len(x) < 2:
        ctx.fail("SC107", f"{ctx.op}: {len(x)}-dimensional array given. Array must be at least two-dimensional")
    ctx.require(eq(x[-1], x[-2]), "SC107", lambda: f"{ctx.op}: last 2 dimensions of the array must be square, "
                                                   f"but {ctx.describe(a_arg)}")
    if not y:
        ctx.fail("SC102", f"{ctx.op}: input operand 1 does not have enough dimensions (has 0, gufunc core "
                          "with signature (m,m),(m,n)->(m,n) requires 2)")
    if len(y) == 1:  # NumPy 2: b is a vector only when it is exactly 1-D
        ctx.require(eq(x[-1], y[0]), "SC102", _mismatch(ctx, a_arg, b_arg, x[-1], y[0]))
        return Array(Shape(x[:-1]), dtype)
    ctx.require(eq(x[-1], y[-2]), "SC102", _mismatch(ctx, a_arg, b_arg, x[-1], y[-2]))
    batch = ctx.broadcast([(Shape(x[:-2]), a_arg.text), (Shape(y[:-2]), b_arg.text)])
    return Array(Shape((batch.prefix if batch else ()) + y[-2:]), dtype)


def lstsq(ctx: OpContext, call: Call) -> Value:
    p = read_pair(call)
    if p is None:
        return UNKNOWN
    x, y, a_arg, b_arg = p.x, p.y, p.a, p.b
    dtype = float_result(p.dtype)
    if x is None or y is None:
        return UNKNOWN
    if len(x) != 2:
        ctx.fail("SC107", f"{ctx.op}: {len(x)}-dimensional array given. Array must be two-dimensional")
    if len(y) not in (1, 2):
        ctx.fail("SC107", f"{ctx.op}: {len(y)}-dimensional array given. Array must be one or two-dimensional")
    m, n = x
    ctx.require(eq(m, y[0]), "SC102", lambda: (f"{ctx.op}: incompatible dimensions: {ctx.describe(a_arg)} "
                                               f"but {ctx.describe(b_arg)}"))
    sol = (n,) if len(y) == 1 else (n, y[1])
    res = (ctx.fresh("r"),) if len(y) == 1 else (ctx.fresh("r"),)
    return Tuple((Array(Shape(sol), dtype), Array(Shape(res), dtype), Int(ctx.fresh("rank")),
                  Array(Shape((D.dmin(m, n),)), dtype)))


def norm(ctx: OpContext, call: Call) -> Value:
    bound = call.bind(("x", "ord", "axis", "keepdims"))
    a = bound_array(bound, "x")
    if a is None:
        return UNKNOWN
    dims = a.shape.dims
    dtype = float_result(a.dtype)
    keep = bound.get("keepdims")
    keepdims = keep is not None and flag(keep.value, False) is True
    if dims is None:
        return Array(UNKNOWN_SHAPE, dtype) if keepdims or not is_none(bound.get("axis")) else Array(Shape(()), dtype)
    try:
        axes = axes_arg(ctx, bound.get("axis"), len(dims))
    except UnknownAxis:
        return Array(UNKNOWN_SHAPE, dtype)
    if axes is None:
        if not is_none(bound.get("ord")) and len(dims) > 2:
            ctx.fail("SC107", f"{ctx.op}: improper number of dimensions to norm")
        axes = tuple(range(len(dims)))
    if keepdims:
        return Array(Shape(tuple(1 if i in axes else d for i, d in enumerate(dims))), dtype)
    return Array(Shape(tuple(d for i, d in enumerate(dims) if i not in axes)), dtype)


def matrix_power(ctx: OpContext, call: Call) -> Value:
    a, dims = _matrix(ctx, call, square=True)
    if a is None:
        return UNKNOWN
    return a


def cov(ctx: OpContext, call: Call) -> Value:
    """``cov(m, y=None, rowvar=True)`` / ``corrcoef``: one row per variable; ``y`` adds its rows."""
    bound = call.bind(("m", "y", "rowvar"))
    rowvar = bound.get("rowvar")
    if rowvar is not None and flag(rowvar.value, None) not in (True, False):
        return UNKNOWN
    by_rows = rowvar is None or flag(rowvar.value, None) is True
    count: D.Dim = 0
    for name in ("m", "y"):
        arg = bound.get(name)
        if arg is None or is_none(arg):
            continue
        a = as_array(arg.value)
        if a is None or a.shape.dims is None:
            return UNKNOWN
        dims = a.shape.dims
        if len(dims) > 2:
            ctx.fail("SC107", f"{ctx.op}: {name} has more than 2 dimensions")
        rows = 1 if len(dims) < 2 else (dims[0] if by_rows else dims[1])
        count = D.add(count, rows)
    if count == 1:
        return Array(Shape(()), "float64")
    return Array(Shape((count, count)), "float64")


def matrix_rank(ctx: OpContext, call: Call) -> Value:
    """``matrix_rank``: one rank per matrix of a stack; 0-d and 1-d inputs are allowed (one rank)."""
    a = as_array(call.args[0].value) if call.args else None
    if a is None or a.shape.dims is None:
        return Array(UNKNOWN_SHAPE, "int64")
    dims = a.shape.dims
    return Array(Shape(dims[:-2] if len(dims) >= 2 else ()), "int64")


def multi_dot(ctx: OpContext, call: Call) -> Value:
    """``multi_dot([A, B, C])``: ``dot`` applied left to right (the first and last may be 1-D)."""
    arrays = array_sequence(call.args[0]) if call.args else None
    if not arrays:
        return UNKNOWN
    result = arrays[0][0]
    for a, _ in arrays[1:]:
        result = dot(ctx, Call("dot", [Arg(result), Arg(a)]))
        if type(result) is not Array:
            return UNKNOWN
    return result


#: ``expm``, ``matrix_exp``: a function of square matrices, to a matrix of the same shape.
MATRIX_FUNCTION = sig("(m,m)->(m,m)", "float", "SC107")

_COND_SVD = sig("(m,n)->()", "float", "SC107", params=("x",))
_COND_SQUARE = sig("(m,m)->()", "float", "SC107", params=("x",))


def cond(ctx: OpContext, call: Call) -> Value:
    """``linalg.cond(x, p=None)``: one number per matrix of a stack; by the singular values (``p`` None,
    2 or -2) of any matrix, else of a square one (LinAlgError)."""
    p = call.bind(("x", "p")).get("p")
    by_svd = is_none(p) or type(p.value) is Int and p.value.dim in (2, -2)
    return (_COND_SVD if by_svd else _COND_SQUARE)(ctx, call)


def vector_outer(ctx: OpContext, call: Call) -> Value:
    """``linalg.outer(x1, x2)``: of two vectors only (ValueError otherwise), ``(m, n)``."""
    b = call.bind(("x1", "x2"))
    x, y = bound_array(b, "x1"), bound_array(b, "x2")
    if x is None or y is None:
        return UNKNOWN
    for a, name in ((x, "x1"), (y, "x2")):
        if a.shape.rank is not None and a.shape.rank != 1:
            ctx.fail("SC107", f"{ctx.op}: Input arrays must be one-dimensional ({ctx.describe(b[name])})")
    if x.shape.dims is None or y.shape.dims is None:
        return Array(UNKNOWN_SHAPE, promote(x.dtype, y.dtype))
    return Array(Shape(x.shape.dims + y.shape.dims), promote(x.dtype, y.dtype))


def svdvals(ctx: OpContext, call: Call) -> Value:
    """``linalg.svdvals(x)``: the singular values, ``svd``'s without U and Vh."""
    b = call.bind(("x",))
    return svd(ctx, Call(call.name, [b["x"]], {"compute_uv": Arg(Bool(False))})) if "x" in b else UNKNOWN


#: ``linalg.vector_norm(x, axis=None, keepdims=False, ord=2)``: a reduction, over everything by default
vector_norm = reduction("float", params=("a", "axis", "keepdims"))


def matrix_norm(ctx: OpContext, call: Call) -> Value:
    """``linalg.matrix_norm(x, keepdims=False, ord="fro")``: one norm per matrix of the last two axes."""
    b = call.bind(("x", "keepdims"))
    if "x" not in b:
        return UNKNOWN
    kwargs = {"axis": Arg(Tuple((Int(-2), Int(-1))), "(-2, -1)")}
    if "keepdims" in b:
        kwargs["keepdims"] = b["keepdims"]
    return vector_norm(ctx, Call(call.name, [b["x"]], kwargs))
