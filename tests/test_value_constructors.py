"""Hot paths build values with their constructors rather than ``dataclasses.replace``: each must
keep every field the replace would."""

from __future__ import annotations

import ast
import dataclasses

from shapecheck.absint.core.freshen import map_dims, name_middles, value_symbols
from shapecheck.absint.core.values import (Alternatives, Array, Bool, Float, Int, List, Str, TorchModule, Tuple,
                                           as_tensor, with_shape)
from shapecheck.constraints import dims as D
from shapecheck.absint.interp.expressions import Expressions
from shapecheck.constraints.shapes import Middle, Shape


def test_marking_a_tensor_keeps_every_other_field() -> None:
    # a sentinel in every field (a field added to Array later is covered too)
    fields = {f.name: object() for f in dataclasses.fields(Array)}
    fields["shape"], fields["tensor"] = Shape((2, 3)), False
    array = Array(**fields)
    assert as_tensor(array) == dataclasses.replace(array, tensor=True)
    assert all(getattr(as_tensor(array), name) is getattr(array, name) for name in fields if name != "tensor")
    assert with_shape(array, Shape((4,))) == dataclasses.replace(array, shape=Shape((4,)))


def test_literals_share_their_values_but_never_across_types() -> None:
    # an int literal's value is kept per (type, value): 1 and True hash alike and compare equal in
    # Python, and must still be an Int and a Bool
    values = [Expressions.expr_Constant(None, ast.Constant(v)) for v in (1, True, 1.0, "1", 1, False, 0)]
    assert [type(v) for v in values] == [Int, Bool, Float, Str, Int, Bool, Int]
    assert values[0] is values[4] and values[0].dim == 1 and values[1].value is True and values[5].value is False


def test_a_renaming_that_changes_no_dim_gives_the_value_itself() -> None:
    # (a reused construction's copy renames the few symbols its run made up: effects.py)
    n, m = D.sym("n"), D.sym("m#1")
    rename = lambda d: D.substitute(d, {"m#1": D.sym("m#2")})   # noqa: E731
    untouched = [Array(Shape((n, 3)), "float32", None, True), Int(n), Tuple((Int(n), Int(4)), is_shape=True),
                 List(None, Int(n), n), TorchModule("Linear", (("in_features", Int(n)),)),
                 Alternatives((Int(n), Int(3)))]
    for value in untouched:
        assert map_dims(value, rename) is value
    renamed = [Array(Shape((n, m)), "float32", None, True), Tuple((Int(m),), is_shape=True), List(None, Int(m), n),
               TorchModule("Linear", (("in_features", Int(m)),))]
    for value in renamed:
        out = map_dims(value, rename)
        assert out == map_dims(value, lambda d: D.substitute(d, {"m#1": D.sym("m#2")})) and out != value
        assert "m#2" in value_symbols(out) and "m#1" not in value_symbols(out)
    assert map_dims(Int(n, presumed=True), rename) == Int(n) and not map_dims(Int(n, presumed=True), rename).presumed


def test_a_callee_names_the_middle_of_an_unranked_argument_only() -> None:
    # (``Calls._call``: a middle is made per argument of unknown rank, not per parameter)
    unranked, ranked = Array(Shape((), True, ())), Array(Shape((D.sym("n"), 3)))
    named_before = Array(Shape((), True, (), Middle("y", "g")))
    env = name_middles({"x": unranked, "w": ranked, "y": named_before, "k": Int(3)}, "f")
    assert env["x"] == dataclasses.replace(unranked, shape=dataclasses.replace(unranked.shape, middle=Middle("x", "f")))
    assert env["w"] is ranked and env["y"] is named_before and env["k"] == Int(3) and list(env) == ["x", "w", "y", "k"]
