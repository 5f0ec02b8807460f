"""Compiled evaluation (evaluators.py) computes what the tree walks compute, exceptions included,
and the cheap reading of a comparison's constant difference is the difference built."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D
from shapecheck.constraints import evaluators as E
from shapecheck.constraints import predicates as P
from shapecheck.constraints import witnesses as W

from test_dims import NAMES, dims  # rootdir-relative: tests are not a package
from test_witnesses import preds

VALUES = st.fixed_dictionaries({n: st.integers(-3, 6) for n in NAMES})
BY_ZERO = st.one_of(st.none(), st.builds(D.ByZero, st.integers(-2, 2), st.integers(-2, 2), st.booleans()))


@st.composite
def any_dims(draw, depth: int = 3):
    """Dims whose divisors may be 0 or negative (the witness search meets both)."""
    if depth == 0 or draw(st.booleans()):
        return draw(st.one_of(st.integers(-3, 6), st.sampled_from(NAMES).map(D.sym)))
    op = draw(st.sampled_from(["add", "mul", "floordiv", "mod", "min", "max"]))
    a, b = draw(any_dims(depth=depth - 1)), draw(any_dims(depth=depth - 1))
    if op in ("floordiv", "mod") and type(b) is int and b == 0:
        b = D.sub(D.sym(NAMES[0]), D.sym(NAMES[1]))   # a divisor that is 0 at some values, not always
    return {"add": D.add, "mul": D.mul, "floordiv": D.floordiv, "mod": D.mod,
            "min": D.dmin, "max": D.dmax}[op](a, b)


def _outcome(f, *args):
    try:
        return ("value", f(*args))
    except Exception as error:   # the kind of failure is part of what must agree
        return ("raises", type(error))


@settings(max_examples=400, deadline=None)
@given(p=preds(), values=VALUES, by_zero=BY_ZERO)
def test_a_compiled_predicate_is_the_tree_walk(p, values, by_zero) -> None:
    assert _outcome(E.pred_function(p, by_zero), values) == _outcome(P.evaluate_pred, p, values, by_zero)
    partial = dict(list(values.items())[:1])   # a missing symbol raises KeyError in both
    assert _outcome(E.pred_function(p, by_zero), partial) == _outcome(P.evaluate_pred, p, partial, by_zero)


@st.composite
def any_preds(draw, depth: int = 2):
    """Predicates over :func:`any_dims`: divisors that may be 0 or negative, as sampling meets them."""
    if depth == 0 or draw(st.booleans()):
        compare = draw(st.sampled_from([P.eq, P.ne, P.le, P.lt]))
        return compare(draw(any_dims()), draw(any_dims()))
    parts = draw(st.lists(any_preds(depth=depth - 1), min_size=2, max_size=3))
    return P.conj(parts) if draw(st.booleans()) else P.disj(parts)


@settings(max_examples=400, deadline=None)
@given(p=any_preds(), values=VALUES, by_zero=BY_ZERO)
def test_a_compiled_division_by_an_unknown_is_the_tree_walks(p, values, by_zero) -> None:
    # sampling's evaluation divides in Python, but calls out only where the divisor is 0
    assert _outcome(E.pred_function(p, by_zero), values) == _outcome(P.evaluate_pred, p, values, by_zero)
    for kept in range(len(NAMES)):   # a symbol without a value: KeyError, or the division's error first
        partial = {name: v for name, v in values.items() if name != NAMES[kept]}
        assert _outcome(E.pred_function(p, by_zero), partial) == _outcome(P.evaluate_pred, p, partial, by_zero)


def test_a_compiled_division_reads_its_dividend_before_its_divisor() -> None:
    # n // (m // (k - m)) with n unset and k == m, where the divisor raises too: the tree walk raises
    # KeyError (the dividend first), which sampling counts as no sample, not as a division by 0
    n, m, k = (D.sym(name) for name in NAMES)
    p = P.eq(D.floordiv(n, D.floordiv(m, D.sub(k, m))), 1)
    assert _outcome(E.pred_function(p), {"m": 2, "k": 2}) == ("raises", KeyError)
    p = P.eq(D.floordiv(n, D.sub(m, k)), 1)
    assert _outcome(E.pred_function(p), {"n": 4, "m": 2, "k": 2}) == ("raises", ZeroDivisionError)
    assert E.pred_function(p, D.ByZero(1, 0))({"n": 4, "m": 2, "k": 2})
    assert E.pred_function(p)({"n": 4, "m": 0, "k": 3}) is False   # 4 // -3 == -2 (Python floors)


def _z3_value(d, values, by_zero):
    """The witness search's evaluation, by hand: Z3's division (the divisor read first; not positive
    is undefined, but 0 with a ByZero)."""
    if type(d) is int:
        return d
    total = d.constant
    for monomial, coeff in d.terms:
        for atom in monomial:
            if type(atom) is D.Sym:
                coeff *= values[atom.name]
                continue
            if atom.kind in ("min", "max"):
                a, b = (_z3_value(x, values, by_zero) for x in atom.args)
                coeff *= min(a, b) if atom.kind == "min" else max(a, b)
                continue
            divisor = _z3_value(atom.args[1], values, by_zero)
            if divisor <= 0:
                if divisor == 0 and by_zero is not None and not by_zero.shifted:   # (a shift reads the dividend)
                    coeff *= by_zero.quotient if atom.kind == "floordiv" else by_zero.remainder
                    continue
                raise E.Undefined
            a = _z3_value(atom.args[0], values, by_zero)
            coeff *= a // divisor if atom.kind == "floordiv" else a % divisor
        total += coeff
    return total


@settings(max_examples=400, deadline=None)
@given(d=any_dims(), values=VALUES, by_zero=BY_ZERO)
def test_a_compiled_dim_divides_as_z3(d, values, by_zero) -> None:
    assert _outcome(E.z3_dim_function(d, by_zero), values) == _outcome(_z3_value, d, values, by_zero)


def test_a_renamed_copy_reuses_the_compiled_code() -> None:
    # every call freshens its symbols: the copy costs a closure, not a compile
    n, m, k = (D.sym(s) for s in ("n#1", "m#2", "k#3"))
    first = E.pred_function(P.disj([P.eq(D.floordiv(n, m), 3), P.lt(m, n)]))
    makers = len(E._MAKERS)
    copy = E.pred_function(P.disj([P.eq(D.floordiv(k, n), 3), P.lt(n, k)]))
    assert len(E._MAKERS) == makers and first is not copy
    assert first({"n#1": 1, "m#2": 2}) is False and copy({"k#3": 1, "n#1": 2}) is False
    assert first({"n#1": 6, "m#2": 2}) is True and copy({"k#3": 6, "n#1": 2}) is True


def test_a_dim_past_the_parsers_limits_falls_back() -> None:
    d = D.sym("n")
    for _ in range(100):   # nested floor divisions: deeper than Python's parser takes
        d = D.floordiv(D.add(d, D.sym("m")), D.sym("k"))
    assert E.z3_dim_function(d) is None
    f = E.pred_function(P.eq(d, 1))
    assert f({"n": 1, "m": 0, "k": 1}) is True and f({"n": 2, "m": 0, "k": 1}) is False


@settings(max_examples=400, deadline=None)
@given(a=dims(), b=dims())
def test_a_constant_difference_is_read_off_the_normal_forms(a, b) -> None:
    built = D.sub(a, b)
    assert P._diff_const(a, b) == (built if type(built) is int else None)
    assert P._diff_const(a, D.add(a, 3)) == -3


def _map_atoms_step_by_step(d, value):
    """map_atoms as a product and a sum of normal forms, one constructor call at a time."""
    if type(d) is int:
        return d
    total = d.constant
    for m, c in d.terms:
        term = c
        for atom in m:
            term = D.mul(term, value(atom))
        total = D.add(total, term)
    return total


# symbols that print alike (``d``): divisions of them tie in the order of atoms, which only the
# order they were multiplied and added in decides
ALIKE = ["d#1", "d#2", "n"]


@st.composite
def alike_dims(draw, depth: int = 3):
    if depth == 0 or draw(st.booleans()):
        return draw(st.one_of(st.integers(-2, 3), st.sampled_from(ALIKE).map(D.sym)))
    op = draw(st.sampled_from(["add", "sub", "mul", "floordiv", "mod"]))
    a, b = draw(alike_dims(depth=depth - 1)), draw(alike_dims(depth=depth - 1))
    if op in ("floordiv", "mod"):
        b = draw(st.integers(2, 3))
    return {"add": D.add, "sub": D.sub, "mul": D.mul, "floordiv": D.floordiv, "mod": D.mod}[op](a, b)


@settings(max_examples=500, deadline=None)
@given(d=alike_dims(), images=st.fixed_dictionaries({n: alike_dims(depth=1) for n in ALIKE}))
def test_mapping_atoms_builds_the_step_by_step_normal_form(d, images) -> None:
    def value(atom):
        if type(atom) is D.Sym:
            return images[atom.name]
        return D.apply_op(atom.kind, *(D.map_atoms(x, value) for x in atom.args))

    def renamed(atom):   # a renaming: atoms to atoms (the order of ties is what it may move)
        return D.sym({"d#1": "d#2", "d#2": "d#1"}.get(atom.name, atom.name)) if type(atom) is D.Sym else \
            D.apply_op(atom.kind, *(D.map_atoms(x, renamed) for x in atom.args))

    for f in (value, renamed):
        got, want = D.map_atoms(d, f), _map_atoms_step_by_step(d, f)
        assert got == want and (type(got) is int or got.terms == want.terms)


def test_atoms_that_print_alike_keep_the_order_they_were_multiplied_in() -> None:
    a, b = (D.floordiv(D.sym(name), 2) for name in ("d#1", "d#2"))   # both print d//2
    d = D.add(D.add(D.mul(a, b), D.mul(b, 3)), a)
    swap = {"d#1": D.sym("d#2"), "d#2": D.sym("d#1")}
    for mapping in (swap, {"d#1": D.sym("n")}, {"d#2": D.sym("d#2")}):
        got = D.substitute(d, mapping)
        want = _map_atoms_step_by_step(d, lambda atom: D.apply_op(
            atom.kind, *(D.substitute(x, mapping) for x in atom.args)))
        assert got == want and got.terms == want.terms


@settings(max_examples=400, deadline=None)
@given(a=any_dims(), b=any_dims(), kind=st.sampled_from(["eq", "ne", "le", "lt"]), values=VALUES)
def test_values_refute_a_predicate_only_where_z3s_division_makes_it_false(a, b, kind, values) -> None:
    from shapecheck.constraints.witnesses import constraint
    p = {"eq": P.eq, "ne": P.ne, "le": P.le, "lt": P.lt}[kind](a, b)
    partial = {n: v for n, v in values.items() if n != NAMES[-1]}   # a symbol without a value shows nothing
    for given in (values, partial):
        expected = _outcome(constraint(p).holds, given)
        assert E.refuted_by(p, [given]) is (expected == ("value", False))
    assert not E.refuted_by(p, [])


def _z3_truth(p, values, by_zero):
    """A predicate's truth as the witness search reads it, by hand: each comparison's sides by
    :func:`_z3_value`, ``and`` and ``or`` left to right, stopping where the answer is known."""
    if p.kind in ("true", "false"):
        return p.kind == "true"
    if p.kind == "and":
        return all(_z3_truth(x, values, by_zero) for x in p.args)
    if p.kind == "or":
        return any(_z3_truth(x, values, by_zero) for x in p.args)
    difference = _z3_value(D.sub(*p.args), values, by_zero)
    return {"eq": difference == 0, "ne": difference != 0, "le": difference <= 0, "lt": difference < 0}[p.kind]


@settings(max_examples=400, deadline=None)
@given(p=any_preds(), values=VALUES, by_zero=BY_ZERO)
def test_a_repair_constraints_test_is_its_predicate_read_as_z3_divides(p, values, by_zero) -> None:
    # one function per node (witnesses._TESTS, _every, _some): the same truth, and the same
    # exception from the same part, as the walk over the tree
    assert _outcome(W.constraint(p, by_zero).holds, values) == _outcome(_z3_truth, p, values, by_zero)
    assert W.constraint(p, by_zero).safely_holds(values) == (_outcome(_z3_truth, p, values, by_zero) == ("value", True))
