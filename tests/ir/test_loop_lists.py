"""Python lists built by ``append`` in loop code (``out = []``, ``out.append(v)`` in loops and
branches, then ``np.array(out)``, ``len(out)`` or the list returned), compiled by
``shapecheck.jit`` against running the same Python function (values, dtypes, list element types),
and what is refused by name."""

from __future__ import annotations

import numpy as np
import pytest

import shapecheck
from shapecheck.ir.jit import UnsupportedError

from results import assert_same_results

RNG = np.random.default_rng(29)


def positives(x):
    out = []
    for i in range(x.shape[0]):
        if x[i] > 0:
            out.append(x[i] * 2)
    return np.array(out), len(out)


def pairs(x, k):
    out = []
    for i in range(k):                  # an int argument's value bounds the list
        for j in range(i):              # a triangle: at most k * (k - 1) pairs
            if x[i] > x[j]:
                out.append(i * 10 + j)
    return np.array(out)


def rows(M):
    out = []
    for i in range(M.shape[0]):
        if M[i, 0] > 0:
            out.append(M[i] * 2.0)      # a new array: the list holds its own
        out.append(M[i].copy())
    a = np.array(out)
    return a, a.sum(axis=0)


def promoted(x):
    out = []
    for i in range(x.shape[0]):
        out.append(i)                   # int64, then float64 elements: np.array makes float64
        out.append(x[i])
    return np.asarray(out)


def backwards(x, step):
    out = []
    for i in range(x.shape[0] - 1, -1, -1):
        out.append(x[i] > 0)
    evens = []
    for i in range(0, x.shape[0], step):   # a step known at run time
        evens.append(x[i])
    return np.array(out), np.array(evens)


def typed(x):
    out = []
    for i in range(x.shape[0]):
        if x[i] > 0:
            out.append(i)
    return np.array(out, dtype=np.float64), np.asarray(out, np.int64)[:0]


def returned(x):
    out = []
    counts = []
    for i in range(x.shape[0]):
        if x[i] > -0.5:
            out.append(x[i])            # NumPy scalars in Python's list too
            counts.append(i + 1)        # Python ints
    return out, counts


CASES = [
    (positives, (RNG.standard_normal(30),)),
    (positives, (-np.ones(4),)),                    # nothing appended: np.array([]) is float64 (0,)
    (pairs, (RNG.standard_normal(9), 6)),
    (rows, (RNG.standard_normal((7, 3)),)),
    (promoted, (RNG.standard_normal(5),)),
    (backwards, (RNG.standard_normal(11), 3)),
    (backwards, (RNG.standard_normal(11), 20)),
    (typed, (RNG.standard_normal(9),)),
    (returned, (RNG.standard_normal(12),)),
    (returned, (-np.ones(3),)),                     # [] and []
]
CASES += [(fn, (RNG.standard_normal(n),)) for n in (1, 2, 17) for fn in (positives, returned)]


def _same(got, want):
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want)
        assert [type(g) for g in got] == [type(w) for w in want]
        for g, w in zip(got, want):
            assert_same_results(g, w)
    elif isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        assert_same_results(got, want)
        assert np.asarray(got).dtype == np.asarray(want).dtype


def in_a_while(x):
    # a counted while: i from 0 by 1 below 3, so at most 3 appends (the list's buffer)
    out = []
    i = 0
    while i < 3:
        out.append(x[i])
        i += 1
    return np.array(out)


def until_the_sum(x, limit):
    out = []
    s = 0.0
    i = 1
    while i <= x.shape[0] - 1 and s < limit:
        out.append(x[i])
        s += x[i]
        i += 2
    return np.array(out), len(out)


def in_an_uncounted_while(x):
    # a continue can skip the step: no bound on the trips before the call
    out = []
    i = 0
    while i < x.shape[0]:
        if x[i] < 0:
            i += 1
            continue
        out.append(x[i])
        i += 1
    return np.array(out)


CASES += [(in_a_while, (RNG.standard_normal(4),))]
CASES += [(until_the_sum, (RNG.random(n), limit)) for n in (1, 2, 9) for limit in (0.5, 100.0)]


@pytest.mark.parametrize("fn, args", CASES, ids=lambda v: getattr(v, "__name__", ""))
def test_matches_python(fn, args):
    _same(shapecheck.jit(fn)(*args), fn(*args))


def test_one_symbolic_compile_serves_every_size():
    compiled = shapecheck.jit(positives, shapes={"x": ("n",)}, dtypes={"x": "f64"})
    for n in (1, 4, 50):
        x = RNG.standard_normal(n)
        _same(compiled(x), positives(x))
    assert compiled.compiles == 1


def test_an_empty_list_of_ints_made_an_array_and_returned_is_numpys_float64_empty_array():
    def indices(x):
        out = []
        for i in range(x.shape[0]):
            if x[i] > 0:
                out.append(i)
        return np.array(out)

    def named(x):
        rows = []
        for i in range(x.shape[0]):
            if x[i] > 0:
                rows.append(np.full(2, i))
        made = np.array(rows)
        return made, len(rows)
    for fn in (indices, named):
        compiled = shapecheck.jit(fn)
        for x in (np.array([1.0, -1.0, 2.0]), -np.ones(3)):
            _same(compiled(x), fn(x))
    assert shapecheck.jit(indices)(-np.ones(3)).dtype == np.float64


def test_an_empty_list_of_ints_made_an_array_and_used_is_refused_where_numpy_makes_float64():
    def doubled(x):
        out = []
        for i in range(x.shape[0]):
            if x[i] > 0:
                out.append(i)
        made = np.array(out)
        return made * 2
    compiled = shapecheck.jit(doubled)
    _same(compiled(np.array([1.0, -1.0, 2.0])), doubled(np.array([1.0, -1.0, 2.0])))
    assert doubled(-np.ones(3)).dtype == np.float64
    with pytest.raises(NotImplementedError, match="empty list is float64"):
        compiled(-np.ones(3))


def narrowed(x):
    out = []
    for i in range(x.shape[0]):
        out.append(i * 1000)
    return np.array(out, dtype=np.int8)     # NumPy checks each Python int's range


def appended_view(M):
    out = []
    for i in range(M.shape[0]):
        out.append(M[i])
    return np.array(out)


def appended_name(x):
    out = []
    r = np.zeros(2)
    for i in range(x.shape[0]):
        r[0] = x[i]
        out.append(r)                   # Python's list holds r itself: every row is the last
    return np.array(out)


def ragged(x):
    out = []
    for i in range(x.shape[0]):
        out.append(x[:2] * 1.0)
        out.append(x * 1.0)
    return np.array(out)


def made_in_a_loop(x):
    for i in range(x.shape[0]):
        out = []
        out.append(x[i])
    return x


def iterated(x):
    out = []
    for i in range(x.shape[0]):
        out.append(x[i])
    s = 0.0
    for v in out:
        s += v
    return s


def popped(x):
    out = []
    for i in range(x.shape[0]):
        out.append(x[i])
    out.pop()
    return np.array(out)


def returned_early(x):
    out = []
    for i in range(x.shape[0]):
        out.append(x[i])
        if x[i] > 1:
            return out
    return out


@pytest.mark.parametrize("fn, words", [
    (appended_view, "a view of an array"),
    (appended_name, "append a copy"),
    (in_an_uncounted_while, "inside a while loop"),
    (ragged, "ragged"),
    (made_in_a_loop, "list made inside a loop"),
    (iterated, "list built by append"),
    (popped, "list.pop is not supported"),
    (returned_early, "list built by append"),
    (narrowed, "as int8"),
], ids=lambda v: getattr(v, "__name__", ""))
def test_what_is_not_supported_is_refused_by_name(fn, words):
    with pytest.raises(UnsupportedError, match=words):
        shapecheck.jit(fn)(RNG.standard_normal((4, 2)) if fn is appended_view else RNG.standard_normal(5))


def test_a_fault_before_the_list_is_made_is_raised_not_an_allocation_by_an_unset_count():
    def faulted_before(x, y):
        out = []
        for i in range(x.shape[0]):
            out.append(x[i])
        s = 0.0
        for i in range(y.shape[0]):
            s += y[:-1].max()           # of nothing when y has one element: NumPy's ValueError
        return out, s
    compiled = shapecheck.jit(faulted_before)
    for _ in range(3):
        with pytest.raises(ValueError, match="zero-size array"):
            compiled(RNG.standard_normal(4), np.ones(1))
    _same(compiled(np.ones(3), np.arange(3.0)), faulted_before(np.ones(3), np.arange(3.0)))
