"""Sorting and binary search as loop-IR statements, for ``np.sort``, ``ndarray.sort`` and
``np.searchsorted`` in loop code.

Sorting is introsort in place, as NumPy's default ``quicksort`` kind: quicksort with a
median-of-three pivot down to parts of ``SMALL`` elements, heapsort for a part whose depth passes
2*log2(n) (so O(n log n) whatever the input), then one insertion-sort pass over the whole line
(each element is at most ``SMALL`` places from its own). The parts waiting are kept on a stack
of ``STACK`` (lo, hi, depth) entries: the larger part is pushed and the smaller sorted first, so
the stack never holds more than log2(n). Only ``for``/``while``/``if``/``break``, which every back
end lowers. The order is NumPy's: NaN after every number (``less``), so a sorted float array
ends in its NaNs and ``searchsorted`` finds the places NumPy finds. The sort is not stable,
which ``np.sort`` of values cannot show (equal values are interchangeable; ``-0.0`` and ``0.0``
compare equal and may come in either order, as NumPy's own introsort leaves them).

Each builder is a pure function of the line it works on: ``load(i)`` reads element ``i`` of the
line, ``store(i, value)`` writes it, ``fresh(hint)`` makes a new variable name; it returns the
declarations (``L.Let``, hoisted to the function's top by the caller) and the statements.
"""

from __future__ import annotations

from typing import Callable

from shapecheck.subst.names import Name

from . import loops as L

I = L.INDEX
SMALL = 16          # parts this small are left to the final insertion sort
STACK = 64          # (lo, hi, depth) entries: more than log2 of any size an i64 can count
DEPTH_PER_LEVEL = 2  # partitions allowed per halving of n before a part is heapsorted

Load = Callable[[L.Expr], L.Expr]
Store = Callable[[L.Expr, L.Expr], L.Stmt]


def less(a: L.Expr, b: L.Expr, dtype: str) -> L.Expr:
    """``a`` before ``b`` in NumPy's sort order: for floats, a NaN comes after every number."""
    if dtype not in L.FLOAT_DTYPES:
        return L.Compare("lt", a, b)
    b_is_nan = L.Compare("ne", b, b)
    a_is_number = L.Compare("eq", a, a)
    return L.Binary("or", L.Compare("lt", a, b), L.Binary("and", b_is_nan, a_is_number))


def _c(value: int) -> L.Const:
    return L.Const(value, I)


def _add(a: L.Expr, b: L.Expr) -> L.Expr:
    return L.Binary("add", a, b)


def _sub(a: L.Expr, b: L.Expr) -> L.Expr:
    return L.Binary("sub", a, b)


def introsort(load: Load, store: Store, n: L.Expr, dtype: str, fresh: Callable[[str], object],
              stack: Name) -> tuple[list, list]:
    """Statements sorting the ``n`` elements of a line in place (ascending, NumPy's order);
    ``stack`` is an i64 buffer of ``3 * STACK`` elements the sort may use."""
    names = {k: fresh(k) for k in ("sp", "lo", "hi", "depth", "mid", "i", "j", "m")}
    v = {k: L.Var(name, I) for k, name in names.items()}
    pivot, held = fresh("pivot"), fresh("held")
    zero = L.Const(False if dtype == "bool" else 0.0 if dtype in L.FLOAT_DTYPES else 0, dtype)
    lets = [L.Let(name, I, _c(0)) for name in names.values()] + [L.Let(pivot, dtype, zero), L.Let(held, dtype, zero)]
    sp, lo, hi, depth, mid, i, j = (v[k] for k in ("sp", "lo", "hi", "depth", "mid", "i", "j"))

    def swap(a: L.Expr, b: L.Expr) -> tuple:
        return (L.Assign(held, load(a)), store(a, load(b)), store(b, L.Var(held, dtype)))

    def order(a: L.Expr, b: L.Expr) -> L.Stmt:
        return L.If(less(load(b), load(a), dtype), swap(a, b))

    def entry(k: int) -> L.Expr:
        return _add(L.Binary("mul", sp, _c(3)), _c(k))

    def push(a: L.Expr, b: L.Expr, d: L.Expr) -> tuple:
        return (L.Store(stack, (entry(0),), a), L.Store(stack, (entry(1),), b), L.Store(stack, (entry(2),), d),
                L.Assign(names["sp"], _add(sp, _c(1))))

    heap_lets, heap = heapsort(lambda k: load(_add(lo, k)), lambda k, x: store(_add(lo, k), x),
                               _sub(hi, lo), dtype, fresh)
    lets += heap_lets
    step_i = L.While(L.Const(True, "bool"), (L.Assign(names["i"], _add(i, _c(1))),
                                              L.If(L.Unary("not", less(load(i), L.Var(pivot, dtype), dtype)),
                                                   (L.Break(),))))
    step_j = L.While(L.Const(True, "bool"), (L.Assign(names["j"], _sub(j, _c(1))),
                                              L.If(L.Unary("not", less(L.Var(pivot, dtype), load(j), dtype)),
                                                   (L.Break(),))))
    # Hoare's partition around the median of a[lo], a[mid], a[hi-1], which also stand as
    # sentinels: both parts are non-empty, [lo, j] <= pivot <= [j+1, hi)
    partition = (
        L.Assign(names["depth"], _sub(depth, _c(1))),
        L.Assign(names["mid"], _add(lo, L.Binary("floordiv", _sub(hi, lo), _c(2)))),
        order(lo, mid), order(mid, _sub(hi, _c(1))), order(lo, mid),
        L.Assign(pivot, load(mid)),
        L.Assign(names["i"], lo), L.Assign(names["j"], _sub(hi, _c(1))),
        L.While(L.Const(True, "bool"), (step_i, step_j, L.If(L.Compare("ge", i, j), (L.Break(),)), *swap(i, j))),
        # the larger part waits on the stack; the smaller is sorted next
        L.If(L.Compare("lt", _sub(_add(j, _c(1)), lo), _sub(hi, _add(j, _c(1)))),
             (*push(_add(j, _c(1)), hi, depth), L.Assign(names["hi"], _add(j, _c(1)))),
             (*push(lo, _add(j, _c(1)), depth), L.Assign(names["lo"], _add(j, _c(1))))),
    )
    part = L.While(L.Compare("gt", _sub(hi, lo), _c(SMALL)), (
        L.If(L.Compare("le", depth, _c(0)), (*heap, L.Break())),
        *partition,
    ))
    pop = (L.Assign(names["sp"], _sub(sp, _c(1))), L.Assign(names["lo"], L.Load(stack, (entry(0),), I)),
           L.Assign(names["hi"], L.Load(stack, (entry(1),), I)), L.Assign(names["depth"], L.Load(stack, (entry(2),), I)))
    # depth limit DEPTH_PER_LEVEL * floor(log2(n))
    log = (L.Assign(names["m"], n), L.Assign(names["depth"], _c(0)),
           L.While(L.Compare("gt", v["m"], _c(1)), (L.Assign(names["m"], L.Binary("floordiv", v["m"], _c(2))),
                                                    L.Assign(names["depth"], _add(depth, _c(DEPTH_PER_LEVEL))))))
    insertion = L.For(names["i"], _c(1), n, 1, (
        L.Assign(held, load(i)), L.Assign(names["j"], i),
        L.While(L.Const(True, "bool"), (
            L.If(L.Compare("le", j, _c(0)), (L.Break(),)),
            L.If(L.Unary("not", less(L.Var(held, dtype), load(_sub(j, _c(1))), dtype)), (L.Break(),)),
            store(j, load(_sub(j, _c(1)))), L.Assign(names["j"], _sub(j, _c(1))))),
        store(j, L.Var(held, dtype))))
    stmts = [*log, L.Assign(names["sp"], _c(0)), *push(_c(0), n, depth),
             L.While(L.Compare("gt", sp, _c(0)), (*pop, part)), insertion]
    return lets, stmts


def heapsort(load: Load, store: Store, n: L.Expr, dtype: str, fresh: Callable[[str], object]) -> tuple[list, list]:
    """Statements sorting the ``n`` elements of a line in place (ascending, NumPy's order)."""
    root, child, k, held = fresh("root"), fresh("child"), fresh("k"), fresh("held")
    lets = [L.Let(root, I, L.Const(0, I)), L.Let(child, I, L.Const(0, I)),
            L.Let(held, dtype, L.Const(False if dtype == "bool" else 0.0 if dtype in L.FLOAT_DTYPES else 0, dtype))]
    r, c = L.Var(root, I), L.Var(child, I)
    one = L.Const(1, I)

    def swap(i: L.Expr, j: L.Expr) -> tuple:
        return (L.Assign(held, load(i)), store(i, load(j)), store(j, L.Var(held, dtype)))

    def sift(start: L.Expr, end: L.Expr) -> tuple:
        # the heap property restored below ``start`` among the first ``end`` elements
        right = L.Binary("add", c, one)
        body = (
            L.Assign(child, L.Binary("add", L.Binary("mul", r, L.Const(2, I)), one)),
            L.If(L.Compare("ge", c, end), (L.Break(),)),
            L.If(L.Compare("lt", right, end),
                 (L.If(less(load(c), load(right), dtype), (L.Assign(child, right),)),)),
            L.If(less(load(r), load(c), dtype), (*swap(r, c), L.Assign(root, c)), (L.Break(),)),
        )
        return (L.Assign(root, start), L.While(L.Const(True, "bool"), body))

    half = L.Binary("floordiv", n, L.Const(2, I))
    kv = L.Var(k, I)
    # heapify: roots n//2 - 1 down to 0; then move the largest to the end, one by one
    build = L.For(k, L.Const(0, I), half, 1, sift(L.Binary("sub", L.Binary("sub", half, one), kv), n))
    k2 = fresh("k")
    last = L.Binary("sub", L.Binary("sub", n, one), L.Var(k2, I))
    drain = L.For(k2, L.Const(0, I), L.Binary("sub", n, one), 1,
                  (*swap(L.Const(0, I), last), *sift(L.Const(0, I), last)))
    return lets, [build, drain]


def search(load: Load, n: L.Expr, value: L.Expr, dtype: str, right: bool,
           fresh: Callable[[str], object]) -> tuple[list, list, L.Expr]:
    """Statements finding where ``value`` goes in a sorted line of ``n`` elements
    (``np.searchsorted``: the first place whose element is not before it, or, with
    ``side="right"``, the first whose element is after it), and the index's expression."""
    lo, hi, mid = fresh("lo"), fresh("hi"), fresh("mid")
    lets = [L.Let(v, I, L.Const(0, I)) for v in (lo, hi, mid)]
    at = load(L.Var(mid, I))
    goes_after = L.Unary("not", less(value, at, dtype)) if right else less(at, value, dtype)
    body = (
        L.Assign(mid, L.Binary("floordiv", L.Binary("add", L.Var(lo, I), L.Var(hi, I)), L.Const(2, I))),
        L.If(goes_after, (L.Assign(lo, L.Binary("add", L.Var(mid, I), L.Const(1, I))),),
             (L.Assign(hi, L.Var(mid, I)),)),
    )
    stmts = [L.Assign(lo, L.Const(0, I)), L.Assign(hi, n),
             L.While(L.Compare("lt", L.Var(lo, I), L.Var(hi, I)), body)]
    return lets, stmts, L.Var(lo, I)


def argsort(keys: tuple[Load, Store], index: tuple[Load, Store], key_scratch: tuple[Load, Store],
            index_scratch: tuple[Load, Store], n: L.Expr, dtype: str, fresh: Callable[[str], object]) -> tuple[list, list]:
    """Statements filling a line of indices (``index``: its load and store) with the order that
    sorts ``keys`` (a copy of the line's values, sorted along with their indices, so comparisons
    read memory in order rather than through the indices), stably (``np.argsort(kind="stable")``;
    the default kind gives the same order wherever no two values are equal): insertion sort of
    runs of ``SMALL``, then merges of doubling width through the scratch lines (``n`` each)."""
    (kget, kput), (get, put) = keys, index
    (ktmp_get, ktmp_put), (tmp_get, tmp_put) = key_scratch, index_scratch
    names = {k: fresh(k) for k in ("i", "j", "lo", "mid", "hi", "a", "b", "out", "width", "held")}
    v = {k: L.Var(name, I) for k, name in names.items()}
    key = fresh("key")
    lets = [L.Let(name, I, _c(0)) for name in names.values()] + \
        [L.Let(key, dtype, L.Const(False if dtype == "bool" else 0.0 if dtype in L.FLOAT_DTYPES else 0, dtype))]
    i, j, lo, mid, hi, a, b, out, width, held = (v[k] for k in names)

    def smaller(x: L.Expr, y: L.Expr) -> L.Expr:
        return L.Call("minimum", (x, y))

    def move(to: L.Expr, source: L.Expr) -> tuple:
        return (kput(to, kget(source)), put(to, get(source)))
    fill = L.For(names["i"], _c(0), n, 1, (put(i, i),))
    # insertion sort of each run [lo, hi): an element moves left past greater ones only (stable)
    runs = L.While(L.Compare("lt", lo, n), (
        L.Assign(names["hi"], smaller(_add(lo, _c(SMALL)), n)),
        L.For(names["i"], _add(lo, _c(1)), hi, 1, (
            L.Assign(names["held"], get(i)), L.Assign(key, kget(i)), L.Assign(names["j"], i),
            L.While(L.Const(True, "bool"), (
                L.If(L.Compare("le", j, lo), (L.Break(),)),
                L.If(L.Unary("not", less(L.Var(key, dtype), kget(_sub(j, _c(1))), dtype)), (L.Break(),)),
                *move(j, _sub(j, _c(1))), L.Assign(names["j"], _sub(j, _c(1))))),
            kput(j, L.Var(key, dtype)), put(j, held))),
        L.Assign(names["lo"], hi)))
    # merge [lo, mid) and [mid, hi) into scratch, the left first on ties, then copy back (the
    # clamped reads stay inside the line when a side is used up)
    merge = (
        L.Assign(names["mid"], smaller(_add(lo, width), n)), L.Assign(names["hi"], smaller(_add(mid, width), n)),
        L.Assign(names["a"], lo), L.Assign(names["b"], mid),
        L.For(names["out"], lo, hi, 1, (
            L.If(L.Binary("or", L.Compare("ge", b, hi),
                          L.Binary("and", L.Compare("lt", a, mid),
                                   L.Unary("not", less(kget(smaller(b, _sub(hi, _c(1)))),
                                                       kget(smaller(a, _sub(mid, _c(1)))), dtype)))),
                 (ktmp_put(out, kget(a)), tmp_put(out, get(a)), L.Assign(names["a"], _add(a, _c(1)))),
                 (ktmp_put(out, kget(b)), tmp_put(out, get(b)), L.Assign(names["b"], _add(b, _c(1))))),)),
        L.For(names["i"], lo, hi, 1, (kput(i, ktmp_get(i)), put(i, tmp_get(i)))),
        L.Assign(names["lo"], hi),
    )
    merges = L.While(L.Compare("lt", width, n), (
        L.Assign(names["lo"], _c(0)),
        L.While(L.Compare("lt", _add(lo, width), n), merge),
        L.Assign(names["width"], L.Binary("mul", width, _c(2)))))
    return lets, [fill, L.Assign(names["lo"], _c(0)), runs, L.Assign(names["width"], _c(SMALL)), merges]
