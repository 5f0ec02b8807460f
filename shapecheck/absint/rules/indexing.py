"""Indexing: ``x[i]``, ``x[a:b:c]``, ``x[None]``, ``x[..., 0]``, ``x[idx]``, ``x[mask]``.

Follows NumPy's "Indexing on ndarrays": basic indices (ints, slices, None, Ellipsis) act per axis;
advanced indices (integer or boolean arrays) broadcast together, and their result dims go where the
first advanced index stood when they are adjacent, else first. A boolean mask consumes as many axes as
it has dims and yields one axis of data-dependent length.
"""

from __future__ import annotations

import ast

from ...constraints import dims as D
from ...constraints.predicates import eq, le, lt
from ...constraints.solver import Verdict
from ...constraints.shapes import UNKNOWN_SHAPE, Shape, exposing
from ..core.context import Arg, Call, OpContext
from ..core.values import (
    NONE,
    UNKNOWN,
    Array,
    Bool,
    EllipsisValue,
    Int,
    LibraryObject,
    List,
    NoneValue,
    Opaque,
    Slice,
    Str,
    Tuple,
    Unknown,
    Value,
)
from .args import (
    bound_array,
    const_int,
    in_range_index,
    int_arg,
    is_none,
    literal_array,
    shape_arg,
)


def _components(index: Value) -> list[Value]:
    if type(index) is Tuple:
        return list(index.items)
    return [index]


def _consumes(v: Value) -> int | None:
    """How many array axes one index component uses (None: unknown)."""
    t = type(v)
    if t in (Int, Slice):
        return 1
    if t in (NoneValue, EllipsisValue):
        return 0
    if t is Bool:
        return 0
    a = _index_array(v)
    if a is not None:
        if a.dtype == "bool":
            return a.shape.rank
        if a.dtype is None and a.shape.rank != 1:
            return None   # a mask uses as many axes as it has, an integer array one: not known which
        return 1
    return 1


def _index_array(v: Value) -> Array | None:
    t = type(v)
    if t is Array:
        return v
    if t in (List, Tuple):
        a = literal_array(v)
        return a
    return None


def _offset(ctx: OpContext, bound, n: D.Dim):
    """A slice bound as a position from the start (``n + bound`` for a negative one), None for none,
    ``...`` when the sign of a symbolic bound is not known."""
    if bound is None:
        return None
    if type(bound) is int:
        return D.add(n, bound) if bound < 0 else bound
    if ctx.decide(le(0, bound)) is Verdict.HOLDS:
        return bound
    if ctx.decide(lt(bound, 0)) is Verdict.HOLDS:
        return D.add(n, bound)
    return ...


def slice_length(ctx: OpContext, s: Slice, n: D.Dim) -> D.Dim:
    def value(x: Value):
        if type(x) is NoneValue:
            return None
        if type(x) is Int:
            return x.dim
        return ...

    start, stop, step = value(s.start), value(s.stop), value(s.step)
    if ... in (start, stop, step):
        return ctx.fresh("k")
    if step is None:
        step = 1
    if type(step) is not int:   # (a symbolic step: ``h.reshape(-1)[:n * d:d + 1] += r`` reads and stores one)
        return _one_length(ctx, (start, stop, step, n))
    if step == 0:
        ctx.fail("SC107", f"{ctx.op}: slice step cannot be zero")
    if type(n) is int and n >= 0 and all(x is None or type(x) is int for x in (start, stop)):
        lo, hi, by = slice(start, stop, step).indices(n)
        # len(range(...)) overflows past sys.maxsize (a huge literal dim): count arithmetically
        return max(0, (hi - lo + by - 1) // by) if by > 0 else max(0, (lo - hi - by - 1) // -by)
    # Symbolic: the common forms, assuming bounds within the axis (x[1:], x[:-1], x[:k], x[a:b]). A
    # bound counts from the end when it is negative, which a symbolic one is where the facts say so
    # (``Obs[:-k]`` under ``for k in range(1, order)``: scipy's filtfilt read it as length -k); one
    # whose sign they leave open gives a length of its own.
    bounds = (start, stop, step, n)
    given_start, given_stop = start, stop
    start, stop = _offset(ctx, start, n), _offset(ctx, stop, n)
    if step == 1 and type(n) is not int and ... not in (start, stop):
        # A symbolic bound past the axis is clamped (``x[-k:]`` of fewer than k items is all of them,
        # ``x[:k]`` too): taken within the axis only where the facts say so (scikit-commpy slices
        # ``bits[-m - 2:]`` of m bits; taken for m + 2 of them, its store into m places was a false SC101)
        if type(given_start) is not int and start is not None and start is not given_start \
                and ctx.decide(le(0, start)) is not Verdict.HOLDS:
            if stop is None:
                return D.dmin(D.neg(given_start), n)   # the last -start items, or all
            start = D.dmax(0, start)
        if type(given_stop) is not int and stop is not None and stop is given_stop \
                and ctx.decide(le(stop, n)) is not Verdict.HOLDS:
            stop = D.dmin(stop, n)
    if ... in (start, stop):
        return _one_length(ctx, bounds)
    if step > 0:
        lo = 0 if start is None else start
        hi = n if stop is None else stop
        if type(hi) is int and hi > 0 and type(n) is not int and stop is not None:
            hi = D.dmin(hi, n)
        length = D.sub(hi, lo)
        if step != 1:
            length = D.floordiv(D.add(length, step - 1), step)
        return length
    lo = D.sub(n, 1) if start is None else start
    hi = -1 if stop is None else stop
    length = D.sub(lo, hi)
    if step != -1:
        length = D.floordiv(D.add(length, -step - 1), -step)
    return length


def _one_length(ctx: OpContext, bounds: tuple) -> D.Dim:
    """A slice length no formula gives: one dim per slice (bounds and axis length) of the frame."""
    lengths = ctx.interp.frame.slice_lengths
    if bounds not in lengths:
        lengths[bounds] = ctx.fresh("k")
    return lengths[bounds]


#: The dtypes whose one element NumPy gives as a Python object, not a NumPy number: a ``str`` or ``bytes``
#: (``np.frombuffer(s, dtype=">S8")[0][0:n]`` slices the bytes: mne's ``read_str``), any object, or not
#: known to be a number. A 0-d NumPy value of these may be such an element, so indexing it is not
#: known to fail ("too many indices for array" holds of a number only).
ELEMENTS_ANY_OBJECT = frozenset({None, "object", "str", "bytes"})


def may_be_element_object(array: Array) -> bool:
    """Whether a 0-d value may be one element of an array given as a Python object (``ELEMENTS_ANY_OBJECT``),
    which may be indexed and may have a length."""
    return array.shape.dims == () and not array.tensor and array.dtype in ELEMENTS_ANY_OBJECT


def _adjacent(positions: list[int]) -> bool:
    """Whether the advanced indices at ``positions`` of an index stand side by side (they keep their
    place in the result; separated, they go first)."""
    return positions == list(range(positions[0], positions[0] + len(positions))) if positions else True


def index_array(ctx: OpContext, array: Array, index: Value, node: ast.AST | None = None) -> Value:
    comps = _components(index)
    dims = array.shape.dims
    dtype = array.dtype
    # an object known only by name may be None (``x[:, xp.newaxis]`` with ``xp`` an array-API namespace:
    # scipy's vq; a library's constant no table holds: keras 3's ``x[torch.newaxis, :]``) or an int:
    # what it indexes is not known
    if any(c is UNKNOWN or type(c) in (Unknown, Str, Opaque, LibraryObject) for c in comps):
        return UNKNOWN if any(type(c) is Str for c in comps) else Array(UNKNOWN_SHAPE, dtype)
    if dims is None:
        return _index_unknown_rank(ctx, array.shape, comps, dtype)
    if may_be_element_object(array) and any(c is not NONE and type(c) is not EllipsisValue for c in comps):
        return UNKNOWN
    used = 0
    ellipses = 0
    for c in comps:
        k = _consumes(c)
        if k is None:
            return Array(UNKNOWN_SHAPE, dtype)
        used += k
        ellipses += type(c) is EllipsisValue
    if ellipses > 1:
        ctx.fail("SC107", f"{ctx.op}: an index can only have a single ellipsis ('...')")
    # NumPy's placement rule looks at the index as written: advanced indices (arrays, booleans, and
    # then also ints) side by side in the tuple keep their place; separated ones go first.
    arrays_present = any(type(c) is Bool or _index_array(c) is not None for c in comps)
    side_by_side = _adjacent([i for i, c in enumerate(comps)
                              if type(c) is Bool or _index_array(c) is not None or (arrays_present and type(c) is Int)])
    if used > len(dims):
        ctx.fail("SC105", f"{ctx.op}: too many indices for array: array is {len(dims)}-dimensional, "
                          f"but {used} were indexed")
    # expand the ellipsis (or pad at the end)
    if ellipses:
        at = next(i for i, c in enumerate(comps) if type(c) is EllipsisValue)
        comps = comps[:at] + [Slice(NONE, NONE, NONE)] * (len(dims) - used) + comps[at + 1:]
    else:
        comps = comps + [Slice(NONE, NONE, NONE)] * (len(dims) - used)
    if array.tensor:
        # torch selects at each int first (PyTorch's indexing is not NumPy's here): the ints neither
        # join the advanced indices nor part them, and an ellipsis standing for no dim parts nothing
        # (``out[i, :, rows, cols]`` is (C, N) for a tensor, (N, C) for an array: invokeai's normal
        # decoder assigns into it so, a false SC101)
        rest = [c for c in comps if type(c) is not Int]
        side_by_side = _adjacent([i for i, c in enumerate(rest) if type(c) is Bool or _index_array(c) is not None])
    out: list = []
    advanced: list[tuple[int, Shape]] = []   # (position in out, broadcast shape contribution)
    int_positions: list[int] = []
    axis = 0
    for c in comps:
        t = type(c)
        if t is NoneValue:
            out.append(1)
            continue
        if t is Bool:
            # A scalar boolean is a 0-d mask: an advanced index of length 1 (True) or 0 (False)
            length = 0 if c.value is False else 1 if c.value is True else ctx.fresh("k")
            advanced.append((len(out), Shape((length,))))
            continue
        if t is Int:
            in_range_index(ctx, c.dim, dims[axis], axis)
            if not array.tensor:
                int_positions.append(len(out))  # an int is an advanced index when arrays are present
            axis += 1
            continue
        if t is Slice:
            out.append(slice_length(ctx, c, dims[axis]))
            axis += 1
            continue
        a = _index_array(c)
        if a is None or a.shape.rank is None:
            return Array(UNKNOWN_SHAPE, dtype)
        if a.dtype is None:
            # a 1-D index of unknown kind (a mask or integers) puts one dim, of a size not known
            advanced.append((len(out), Shape((ctx.fresh("k"),))))
            axis += 1
            continue
        if a.dtype == "bool":
            k = a.shape.rank
            for j, (m, d) in enumerate(zip(a.shape.prefix, dims[axis:axis + k])):
                ctx.require(eq(m, d), "SC105", lambda j=j, m=m, d=d: (
                    f"{ctx.op}: boolean index did not match indexed array along axis {axis + j}; size of "
                    f"axis is {ctx.show_dim(d)} but size of corresponding boolean axis is {ctx.show_dim(m)}"))
            advanced.append((len(out), Shape((ctx.mask_count(a),))))
            axis += k
            continue
        if type(c) in (List, Tuple) and c.items is not None:
            for item in c.items:
                if type(item) is Int:
                    in_range_index(ctx, item.dim, dims[axis], axis)
        elif type(c) is Array and c.values is not None:
            for value in c.values:
                in_range_index(ctx, value, dims[axis], axis)
        advanced.append((len(out), a.shape))
        axis += 1
    if advanced:
        positions = sorted([p for p, _ in advanced] + int_positions)
        shape = ctx.broadcast([(s, "") for _, s in advanced], "SC105")
        if shape is None:
            return Array(UNKNOWN_SHAPE, dtype)
        insert_at = positions[0] if side_by_side else 0
        out = out[:insert_at] + list(shape.prefix) + out[insert_at:]
    if dtype == "object" and not out:
        return UNKNOWN  # one element of an object array: any Python object
    return Array(Shape(tuple(out)), dtype)


# -- NumPy's "Indexing routines" that compute index arrays -----------------------------------------

def _basic_indices(ctx: OpContext, comps: list[Value], known: tuple, from_end: bool) -> tuple[list, int, bool]:
    """Basic indices applied to an array's dims from one end, for an array of unknown rank:
    ``known`` are the dims fixed at that end (in the order the indices meet them). Returns the
    result dims that end fixes, how many array dims the indices used, and whether the result dims
    after those are still at known places (a slice of a dim not in ``known`` ends that)."""
    out: list = []
    used, placed = 0, True
    for c in comps:
        if type(c) is NoneValue:
            if placed:
                out.append(1)
            continue
        d = known[used] if used < len(known) else None
        axis = -used - 1 if from_end else used
        lone = _lone_array_index(ctx, c)
        if lone is not None:   # the one index array: its dims stand where it does
            consumed, dims = lone
            placed = placed and used + consumed <= len(known)
            if placed:
                out.extend(dims)
            used += consumed
            continue
        if type(c) is Int and d is not None:
            in_range_index(ctx, c.dim, d, axis)
        elif type(c) is Slice:
            if d is not None and placed:
                out.append(slice_length(ctx, c, d))
            else:
                placed = False
        used += 1
    return out, used, placed


def _index_unknown_rank(ctx: OpContext, shape: Shape, comps: list[Value], dtype: str | None) -> Value:
    """Basic indexing (ints, slices, None, one Ellipsis) of an array of unknown rank: indices before
    the ellipsis meet its known prefix, those after it its known suffix, so ``x[..., 0]`` of
    ``(..., 5, 128)`` is ``(..., 5)`` and ``x[..., None]`` is ``(..., 5, 128, 1)``. An index past a
    known end only hides that many dims of the other end (``x[0]`` of ``(..., 3, 4)`` is ``(..., 4)``)."""
    arrays = [c for c in comps if type(c) not in (Int, Slice, NoneValue, EllipsisValue)]
    if arrays and (len(arrays) > 1 or _lone_array_index(ctx, arrays[0]) is None
                   or any(type(c) is Int for c in comps)):
        # several advanced indices broadcast together, and ints beside an array are advanced indices
        # too, whose result dims may go first (NumPy's placement rule): not followed at an unknown rank
        return Array(UNKNOWN_SHAPE, dtype)
    ellipses = [i for i, c in enumerate(comps) if type(c) is EllipsisValue]
    if len(ellipses) > 1:
        ctx.fail("SC107", f"{ctx.op}: an index can only have a single ellipsis ('...')")
    at = ellipses[0] if ellipses else len(comps)
    # a parameter's middle gives up the dims the indices meet (``x[:, 0]`` of ``(*x)`` meets x's
    # first two), so the result keeps the rest of it: ``(x.shape[0], *x[2:])``
    meets = [sum(_consumed(ctx, c) for c in part) for part in (comps[:at], comps[at + 1:])]
    shape = exposing(shape, tuple(range(meets[0])) + tuple(range(-meets[1], 0)), ctx.middle_dim)
    prefix, suffix = shape.prefix, shape.suffix
    front, used_front, _ = _basic_indices(ctx, comps[:at], prefix, from_end=False)
    back, used_back, _ = _basic_indices(ctx, list(reversed(comps[at + 1:])), tuple(reversed(suffix)), True)
    beyond_front, beyond_back = max(used_front - len(prefix), 0), max(used_back - len(suffix), 0)
    rest_prefix = prefix[used_front:]
    rest_prefix = rest_prefix[:max(len(rest_prefix) - beyond_back, 0)]
    rest_suffix = suffix[:max(len(suffix) - used_back, 0)][beyond_front:]
    middle = shape.middle if not beyond_front and not beyond_back else None
    return Array(Shape(tuple(front) + rest_prefix, True, rest_suffix + tuple(reversed(back)), middle), dtype)


def _lone_array_index(ctx: OpContext, c: Value) -> tuple[int, tuple] | None:
    """An index array of known rank and kind, as the only advanced index of an array of unknown
    rank: (how many axes it uses, the dims it puts in their place). An integer array uses one and
    puts its own dims; a boolean mask uses as many as it has and puts one, its count of True values
    (NumPy's "Indexing on ndarrays"). None for anything else (an array of unknown dtype may be either)."""
    a = _index_array(c)
    if a is None or a.shape.rank is None or a.dtype is None:
        return None
    if a.dtype == "bool":
        return a.shape.rank, (ctx.mask_count(a),)
    return (1, a.shape.dims) if "int" in a.dtype else None


def _consumed(ctx: OpContext, c: Value) -> int:
    """How many of an array's axes one basic index (or the lone index array) uses."""
    if type(c) in (Int, Slice):
        return 1
    lone = _lone_array_index(ctx, c)
    return lone[0] if lone is not None else 0


def unravel_index(ctx: OpContext, call: Call) -> Value:
    """``unravel_index(indices, shape)``: one index array per dim of ``shape``, each shaped like ``indices``."""
    bound = call.bind(("indices", "shape"))
    idx = bound_array(bound, "indices")
    dims = shape_arg(ctx, bound.get("shape"))
    if idx is None or dims is None:
        return UNKNOWN
    return Tuple(tuple(Array(idx.shape, "int64") for _ in dims))


def _triangle_count(n: int, k: int, m: int, upper: bool) -> int:
    """How many (i, j) with i < n, j < m lie on or above (``upper``) / below diagonal ``k``."""
    return sum(max(0, min(m, m if upper else i + k + 1) - (max(0, i + k) if upper else 0)) for i in range(n))


def triangle_indices(ctx: OpContext, call: Call) -> Value:
    """``triu_indices(n, k=0, m=None)`` / ``tril_indices``: (rows, cols), two 1-D arrays of one length."""
    bound = call.bind(("n", "k", "m"))
    n = int_arg(bound.get("n"), ctx)
    k = 0 if bound.get("k") is None else const_int(bound.get("k"))
    m = n if bound.get("m") is None or is_none(bound.get("m")) else const_int(bound.get("m"))
    return _index_pair(_triangle_length(ctx, n, k, m))


def _triangle_length(ctx: OpContext, n, k: int | None, m) -> D.Dim:
    """How many indices ``triu_indices``/``tril_indices`` (``ctx.op``) give for an ``n`` by ``m`` array:
    counted where all are known, ``n(n+1)/2`` for a square's main diagonal, else a fresh length."""
    if type(n) is int and type(m) is int and k is not None and n >= 0 and m >= 0:
        return _triangle_count(n, k, m, "triu" in ctx.op)
    if k == 0 and n is not None and n == m:
        return D.floordiv(D.mul(n, D.add(n, 1)), 2)
    return ctx.fresh("k")


def _index_pair(count: D.Dim) -> Value:
    return Tuple((Array(Shape((count,)), "int64"), Array(Shape((count,)), "int64")))


def triangle_indices_from(ctx: OpContext, call: Call) -> Value:
    """``triu_indices_from(arr, k=0)`` / ``tril_indices_from``: the indices of a 2-D ``arr``'s triangle."""
    bound = call.bind(("arr", "k"))
    a = bound_array(bound, "arr")
    if a is None or a.shape.dims is None:
        return UNKNOWN
    dims = a.shape.dims
    if len(dims) != 2:
        ctx.fail("SC107", f"{ctx.op}: input array must be 2-d ({ctx.describe(bound['arr'])})")
    k = 0 if bound.get("k") is None else const_int(bound.get("k"))
    return _index_pair(_triangle_length(ctx, dims[0], k, dims[1]))


def diag_indices(ctx: OpContext, call: Call) -> Value:
    """``diag_indices(n, ndim=2)``: ``ndim`` index arrays of ``n`` items each."""
    bound = call.bind(("n", "ndim"))
    n = int_arg(bound.get("n"), ctx)
    ndim = 2 if bound.get("ndim") is None else const_int(bound.get("ndim"))
    if ndim is None or ndim < 0:
        return UNKNOWN
    n = ctx.fresh("n") if n is None else n
    return Tuple(tuple(Array(Shape((n,)), "int64") for _ in range(ndim)))


def diag_indices_from(ctx: OpContext, call: Call) -> Value:
    """``diag_indices_from(arr)``: ``arr`` at least 2-D with all its dims equal; one index array per dim."""
    bound = call.bind(("arr",))
    a = bound_array(bound, "arr")
    if a is None or a.shape.dims is None:
        return UNKNOWN
    dims = a.shape.dims
    if len(dims) < 2:
        ctx.fail("SC107", f"{ctx.op}: input array must be at least 2-d ({ctx.describe(bound['arr'])})")
    for d in dims[1:]:
        ctx.require(eq(dims[0], d), "SC107", lambda d=d: (
            f"{ctx.op}: All dimensions of input must be of equal length ({ctx.describe(bound['arr'])}: "
            f"{ctx.show_dim(dims[0])} != {ctx.show_dim(d)})"))
    return Tuple(tuple(Array(Shape((dims[0],)), "int64") for _ in dims))


def ndindex(ctx: OpContext, call: Call) -> Value:
    """``ndindex(*shape)`` (or one shape tuple): every index tuple of an array of that shape, in C
    order: a list of ``prod(shape)`` tuples of ``len(shape)`` ints each (a loop over it takes one
    tuple of that many ints: ``a[idx]`` is one element)."""
    args = call.args
    shape = args[0] if len(args) == 1 and type(args[0].value) is not Int else (
        None if not args else Arg(Tuple(tuple(a.value for a in args)), ""))
    dims = shape_arg(ctx, shape) if shape is not None else ()
    return List(None, UNKNOWN) if dims is None else List(None, _index_tuple(ctx, dims), D.product(dims))


def ndenumerate(ctx: OpContext, call: Call) -> Value:
    """``ndenumerate(a)``: (index tuple, element) pairs, one per element of ``a``."""
    a = bound_array(call.bind(("arr",)), "arr")
    if a is None or a.shape.dims is None:
        return List(None, UNKNOWN)
    dims = a.shape.dims
    return List(None, Tuple((_index_tuple(ctx, dims), Array(Shape(()), a.dtype))), D.product(dims))


def _index_tuple(ctx: OpContext, dims: tuple) -> Tuple:
    """One index of an array of ``dims``: an int per dim."""
    return Tuple(tuple(Int(ctx.fresh("i")) for _ in dims))
