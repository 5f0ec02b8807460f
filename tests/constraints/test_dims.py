"""Symbolic dims: normalisation must agree with evaluation, and printing must parse back."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from shapecheck.constraints import dims as D

NAMES = ["n", "m", "k"]


@st.composite
def dims(draw, depth: int = 3):
    if depth == 0 or draw(st.booleans()):
        return draw(st.one_of(st.integers(-3, 6), st.sampled_from(NAMES).map(D.sym)))
    op = draw(st.sampled_from(["add", "sub", "mul", "floordiv", "mod", "min", "max"]))
    a, b = draw(dims(depth=depth - 1)), draw(dims(depth=depth - 1))
    if op in ("floordiv", "mod"):
        b = draw(st.integers(1, 5))  # divisors are positive sizes in shape code
    return {"add": D.add, "sub": D.sub, "mul": D.mul, "floordiv": D.floordiv, "mod": D.mod,
            "min": D.dmin, "max": D.dmax}[op](a, b)


def _eval_tree(d, values):
    return D.evaluate(d, values)


@settings(max_examples=300, deadline=None)
@given(a=dims(), b=dims(), values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_arithmetic_agrees_with_evaluation(a, b, values) -> None:
    va, vb = D.evaluate(a, values), D.evaluate(b, values)
    assert D.evaluate(D.add(a, b), values) == va + vb
    assert D.evaluate(D.sub(a, b), values) == va - vb
    assert D.evaluate(D.mul(a, b), values) == va * vb
    assert D.evaluate(D.dmin(a, b), values) == min(va, vb)
    assert D.evaluate(D.dmax(a, b), values) == max(va, vb)
    for k in (1, 2, 3):
        assert D.evaluate(D.floordiv(a, k), values) == va // k
        assert D.evaluate(D.mod(a, k), values) == va % k


@settings(max_examples=300, deadline=None)
@given(d=dims(), values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_printing_parses_back_to_an_equal_dim(d, values) -> None:
    again = D.parse_dim(D.show(d))
    assert D.evaluate(again, values) == D.evaluate(d, values)


def test_normalisation_decides_the_trivial_questions() -> None:
    n, m = D.sym("n"), D.sym("m")
    assert D.add(n, 1) == D.add(1, n)
    assert D.sub(D.add(n, m), n) == m
    assert D.mul(D.add(n, 1), 2) == D.add(D.mul(n, 2), 2)
    assert D.floordiv(D.mul(n, 4), 2) == D.mul(n, 2)
    assert D.mod(D.mul(n, 4), 2) == 0
    assert D.dmax(n, D.add(n, 1)) == D.add(n, 1)
    assert D.sub(n, n) == 0 and type(D.sub(n, n)) is int


def test_display_names_drop_the_analysis_suffix() -> None:
    d = D.add(D.sym("n#12"), 1)
    assert D.show(d) == "n+1"
    assert D.show(d, {"n#12": "rows"}) == "rows+1"
    assert D.free_symbols(d) == frozenset({"n#12"})


def test_substitution_renormalises() -> None:
    n, m = D.sym("n"), D.sym("m")
    assert D.substitute(D.sub(D.mul(n, m), n), {"m": 1}) == 0
    assert D.substitute(D.floordiv(D.add(n, 3), 2), {"n": 5}) == 4


@settings(max_examples=300, deadline=None)
@given(a=dims(), b=dims(), g=st.one_of(st.integers(-3, 4), st.sampled_from(NAMES).map(D.sym)),
       values=st.fixed_dictionaries({n: st.integers(-3, 9) for n in NAMES}))
def test_a_common_factor_cancels_in_division_as_python_divides(a, b, g, values) -> None:
    """``(g*a) // (g*b)`` and ``(g*a) % (g*b)`` are normalised by cancelling ``g``: they must
    still agree with Python's arithmetic wherever the divisor is not zero (signs included)."""
    _assert_divides_as_python(D.mul(g, a), D.mul(g, b), values)


def _assert_divides_as_python(ga, gb, values) -> None:
    va, vb = D.evaluate(ga, values), D.evaluate(gb, values)
    if vb == 0:
        return
    try:
        div, rem = D.evaluate(D.floordiv(ga, gb), values), D.evaluate(D.mod(ga, gb), values)
    except ZeroDivisionError:  # an inner division the cancelled form keeps, by a zero there too
        return
    assert (div, rem) == (va // vb, va % vb)


@settings(max_examples=300, deadline=None)
@given(a=dims(), b=dims(), name=st.sampled_from(NAMES),
       other=st.one_of(st.integers(-3, 4), st.sampled_from(NAMES).map(D.sym)),
       values=st.fixed_dictionaries({n: st.integers(-3, 9) for n in NAMES}))
def test_a_common_polynomial_factor_cancels_as_python_divides(a, b, name, other, values) -> None:
    """The same with ``g`` a polynomial of two terms (``n + c``, ``n*m + 1``): cancelled only where
    both sides are a monomial times it, and still Python's arithmetic, signs included."""
    g = D.add(D.sym(name), other) if type(other) is int else D.add(D.mul(D.sym(name), other), 1)
    _assert_divides_as_python(D.mul(g, a), D.mul(g, b), values)


def test_a_loop_scaled_split_cancels_its_loop_factor() -> None:
    # vit-pytorch: ``inner_dim * (j+1)`` split by ``h * (j+1)``; Z3 left the question that
    # ``inner_dim % h == 0`` follows unknown after 5M steps
    inner, h, j = (D.sym(x) for x in ("inner_dim", "h", "j"))
    assert D.mod(inner * j + inner, h * j + h) == D.mul(j + 1, D.mod(inner, h))
    assert D.floordiv(inner * j + inner, h * j + h) == D.floordiv(inner, h)
    assert D.floordiv(2 * j + 2, j + 1) == 2
    w = D.sym("w")   # a factor that may be 0 stays: Z3 leaves a division by 0 unspecified
    assert D.mod(inner * w - inner, h * w - h) != D.mul(w - 1, D.mod(inner, h))


@settings(max_examples=300, deadline=None)
@given(a=dims(), b=dims(), name=st.sampled_from(NAMES), scale=st.integers(2, 4), offset=st.integers(-5, 5),
       values=st.fixed_dictionaries({n: st.integers(-3, 9) for n in NAMES}))
def test_a_factor_never_zero_cancels_as_python_divides(a, b, name, scale, offset, values) -> None:
    """``g = scale*n + offset``, cancelled where no value of ``n`` makes it 0 (``2*n - 1``), kept
    elsewhere (``2*n - 2``): Python's arithmetic either way."""
    g = D.add(D.mul(scale, D.sym(name)), offset)
    _assert_divides_as_python(D.mul(g, a), D.mul(g, b), values)


def test_a_factor_that_is_never_zero_cancels() -> None:
    # timm's get_rel_pos reshapes d*(2*max(q, k) - 1) values into rows of 2*max(q, k) - 1, an odd
    # number whatever q and k are: Z3 ran out of steps on the divisibility
    d, q, k, w = (D.sym(x) for x in ("d", "q", "k", "w"))
    rows = D.sub(D.mul(2, D.apply_op("max", q, k)), 1)
    assert D.mod(D.mul(d, rows), rows) == 0 and D.floordiv(D.mul(d, rows), rows) == d
    assert D.mod(D.mul(d, 4 * k + 2), 4 * k + 2) == 0
    assert D.mod(D.mul(d, 2 * w - 2), 2 * w - 2) != 0   # 0 at w == 1: kept


def test_a_reshaped_size_divides_by_its_own_factors() -> None:
    b, h, s, d = (D.sym(x) for x in "bhsd")
    per_head = D.floordiv(d, h)
    assert D.floordiv(D.mul(b * h * s, per_head), b * h * s * 2) == D.floordiv(per_head, 2)
    assert D.mod(D.mul(b * h * s, per_head), b * h * s * 2) == D.mul(b * h * s, D.mod(per_head, 2))


@settings(max_examples=300, deadline=None)
@given(d=dims(), values=st.fixed_dictionaries({n: st.integers(0, 9) for n in NAMES}))
def test_evaluation_is_substitution_renormalised(d, values) -> None:
    # evaluate is plain int arithmetic (the solver's sampling calls it a million times a run); it
    # must give what substituting the values and renormalising gives
    assert D.evaluate(d, values) == D.substitute(d, values)


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(NAMES), image=dims(), present=st.booleans())
def test_a_lone_symbol_substitutes_as_the_rebuild_does(name, image, present) -> None:
    # substitute looks a lone symbol up instead of rebuilding it: the same dim as the rebuild
    mapping = {name: image} if present else {"unused": image}
    rebuilt = D._rebuild(D.sym(name), lambda s: mapping.get(s.name, D._atom_expr(s)))
    assert D.substitute(D.sym(name), mapping) == rebuilt
    assert D.substitute(D.sym(name), {}) == D.sym(name)


def test_a_kept_hash_is_the_fields_hash_and_travels_as_fields() -> None:
    import dataclasses
    import pickle

    n, m = D.sym("n"), D.sym("m")
    d = D.add(D.mul(n, D.floordiv(m, 2)), 3)
    assert hash(d) == hash((d.terms, d.constant)) and hash(d) == hash(d)   # as dataclass makes it
    assert D.free_symbols(d) == {"n", "m"} and D.free_symbols(d) is D.free_symbols(d)
    assert [f.name for f in dataclasses.fields(d)] == ["terms", "constant"]
    again = pickle.loads(pickle.dumps(d))
    assert again == d and hash(again) == hash(d) and D.free_symbols(again) == {"n", "m"}


def test_a_division_by_a_division_prints_with_brackets() -> None:
    n, r = D.sym("n"), D.sym("r")
    nested = D.floordiv(n, D.floordiv(n, r))
    assert D.show(nested) == "n//(n//r)" and D.parse_dim(D.show(nested)) == nested
    assert D.show(D.mod(n, D.floordiv(n, r))) == "n%(n//r)"
    assert D.show(D.floordiv(D.floordiv(n, r), 2)) == "n//r//2"   # the dividend groups as written


def test_distinct_names_tell_apart_symbols_that_print_alike() -> None:
    """Two symbols of one name in one message: the first shown keeps it, the next is primed, each
    keeps its text; a name the code gives counts as the symbol's own; ``?`` is never primed."""
    names = D.DistinctNames({"k#4": "h", "u#1": "?", "u#2": "?"})
    assert [names[s] for s in ("h#1", "h#2", "h", "k#4", "h#1", "u#1", "u#2")] == ["h", "h'", "h''", "h'''", "h", "?", "?"]
    assert D.show(D.add(D.sym("h#1"), D.sym("h#2")), D.DistinctNames()) == "h+h'"


def test_a_residue_modulo_the_same_divisor_is_read_whole() -> None:
    """``y % b`` inside ``(...) % b`` is ``y`` (they differ by a multiple of ``b``): a length padded up to
    a multiple of ``p``, ``k + (-k) % p``, is a multiple of ``p`` (uni2ts asked Z3, which gave up)."""
    k, p, n, q = D.sym("k"), D.sym("p"), D.sym("n"), D.sym("q")
    assert D.mod(D.add(k, D.mod(D.neg(k), p)), p) == 0
    assert D.mod(D.add(n, D.mul(3, D.mod(k, p))), p) == D.mod(D.add(n, D.mul(3, k)), p)
    assert D.mod(D.add(n, D.mod(k, q)), p) == D.mod(D.add(n, D.mod(k, q)), p)   # another divisor: kept
    assert D.mod(0, p) == 0


@settings(max_examples=300, deadline=None)
@given(st.integers(-40, 40), st.integers(-40, 40), st.integers(-9, 9).filter(bool), st.integers(-5, 5))
def test_residues_read_whole_agree_with_python(n_value: int, k_value: int, p_value: int, c: int) -> None:
    k, p, n = D.sym("k"), D.sym("p"), D.sym("n")
    values = {"k": k_value, "p": p_value, "n": n_value}
    for inner in (D.mod(D.neg(k), p), D.mul(D.mod(k, p), n), D.mod(D.add(k, 1), p)):
        d = D.mod(D.add(n, D.mul(c, inner)), p)
        assert D.evaluate(d, values) == (n_value + c * D.evaluate(inner, values)) % p_value
