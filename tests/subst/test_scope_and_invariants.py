import pytest

from shapecheck.subst import InvariantError, Scope, Subst, alpha_equivalent, fresh_name, substitute
from shapecheck.subst.lam import App, Lam, V


def test_fresh_names_keep_hints_readable():
    scope = Scope.empty()
    hints = []
    for _ in range(4):
        name, scope = scope.bind_fresh("x")
        hints.append(name.hint)
    assert hints == ["x", "x_1", "x_2", "x_3"]
    assert scope.fresh("x_2").hint == "x_4"  # numbered from the stem, never x_2_1


def test_scope_is_persistent():  # S1
    x = fresh_name("x")
    empty = Scope.empty()
    grown = empty.extend(x)
    assert x in grown and x not in empty and len(empty) == 0


def test_binder_that_keeps_its_name_deletes_the_outer_mapping():  # S4
    # \x. x  with x := y, in a scope that lacks x (allowed: x is in the domain): the binder keeps
    # its name, and the inner x must still mean the binder.
    x, y = fresh_name("x"), fresh_name("y")
    s = Subst.of({x: V(y)})
    out = substitute(Lam(x, V(x)), s)
    assert alpha_equivalent(out, Lam(x, V(x)))


def test_binder_that_would_capture_is_renamed():  # S3
    x, y = fresh_name("x"), fresh_name("y")
    out = substitute(Lam(x, App(V(x), V(y))), Subst.of({y: V(x)}, Scope.of([y])))
    assert out.param != x and out.param.hint == "x_1"
    assert out.body == App(V(out.param), V(x))


def test_scope_missing_free_names_is_reported_in_debug_mode():  # S2
    x, y, z = fresh_name("x"), fresh_name("y"), fresh_name("z")
    with pytest.raises(InvariantError, match="S2"):
        substitute(App(V(x), V(z)), Subst.of({x: V(y)}))
