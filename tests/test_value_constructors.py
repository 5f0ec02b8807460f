"""Hot paths build values with their constructors rather than ``dataclasses.replace``: each must
keep every field the replace would."""

from __future__ import annotations

import ast
import dataclasses

from shapecheck.absint.core.values import Array, Bool, Float, Int, Str, as_tensor, with_shape
from shapecheck.absint.interp.expressions import Expressions
from shapecheck.constraints.shapes import Shape


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
