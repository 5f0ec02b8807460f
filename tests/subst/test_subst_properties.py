"""Substitution, renaming, free variables and alpha-equivalence against the de Bruijn reference.

Terms are drawn over a pool of four names reused everywhere (binders shadow each other and the free
names of the substituted terms): the adversarial choice that makes capture likely.
"""

from hypothesis import given, settings, strategies as st

from shapecheck.subst import Scope, Subst, alpha_equivalent, free_vars, fresh_name, rename, substitute
from shapecheck.subst.lam import App, Lam, V

from subst_debruijn import db_free, db_subst, to_db

POOL = [fresh_name("x"), fresh_name("y"), fresh_name("x"), fresh_name("z")]  # two distinct "x"s
names = st.sampled_from(POOL)
terms = st.recursive(
    names.map(V),
    lambda inner: st.one_of(st.builds(Lam, names, inner), st.builds(App, inner, inner)),
    max_leaves=12,
)
mappings = st.dictionaries(names, terms, max_size=3)
SETTINGS = settings(max_examples=150, deadline=None)


def apply(term, mapping):
    return substitute(term, Subst.of(mapping, Scope.of(free_vars(term))))


@SETTINGS
@given(terms, mappings)
def test_substitution_agrees_with_de_bruijn(term, mapping):
    expected = db_subst(to_db(term), {k: to_db(v) for k, v in mapping.items()})
    assert to_db(apply(term, mapping)) == expected


@SETTINGS
@given(terms, mappings)
def test_free_vars_of_substituted_term(term, mapping):
    fv = free_vars(term)
    expected = set(fv - mapping.keys())
    for name, value in mapping.items():
        if name in fv:
            expected |= free_vars(value)
    assert free_vars(apply(term, mapping)) == expected
    assert free_vars(term) == db_free(to_db(term))


@SETTINGS
@given(terms, mappings, mappings)
def test_composition_law(term, first, second):
    # t[s][u] = t[s;u] where (s;u)(x) = s(x)[u] on dom s, and u(x) elsewhere.
    composed = {name: apply(value, second) for name, value in first.items()}
    for name, value in second.items():
        composed.setdefault(name, value)
    assert alpha_equivalent(apply(apply(term, first), second), apply(term, composed))


@SETTINGS
@given(terms, terms, terms)
def test_alpha_equivalence_is_de_bruijn_equality_and_an_equivalence(a, b, c):
    assert alpha_equivalent(a, b) == (to_db(a) == to_db(b))
    assert alpha_equivalent(a, a)
    assert alpha_equivalent(a, b) == alpha_equivalent(b, a)
    if alpha_equivalent(a, b) and alpha_equivalent(b, c):
        assert alpha_equivalent(a, c)


def rename_binders(term, scope):
    """An alpha-variant: every binder gets a fresh name (through substitution, not by hand)."""
    if type(term) is V:
        return term
    if type(term) is App:
        return App(rename_binders(term.fn, scope), rename_binders(term.arg, scope))
    new = scope.fresh(term.param.hint)
    body = rename(term.body, {term.param: new})
    return Lam(new, rename_binders(body, scope.extend(new)))


@SETTINGS
@given(terms)
def test_renamed_binders_are_alpha_equivalent(term):
    variant = rename_binders(term, Scope.of(POOL))
    assert alpha_equivalent(term, variant)
    assert to_db(term) == to_db(variant)


@SETTINGS
@given(terms, mappings)
def test_identity_substitution_returns_the_same_object(term, mapping):
    assert substitute(term, Subst.identity(Scope.of(free_vars(term)))) is term
    # Mapping names the term does not mention changes nothing either (and shares the term).
    unused = {k: v for k, v in mapping.items() if k not in free_vars(term)}
    assert to_db(apply(term, unused)) == to_db(term)
