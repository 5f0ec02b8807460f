"""Hot paths build values with their constructors rather than ``dataclasses.replace``: each must
keep every field the replace would."""

from __future__ import annotations

import dataclasses

from shapecheck.absint.core.values import Array, as_tensor
from shapecheck.constraints.shapes import Shape


def test_marking_a_tensor_keeps_every_other_field() -> None:
    # a sentinel in every field (a field added to Array later is covered too)
    fields = {f.name: object() for f in dataclasses.fields(Array)}
    fields["shape"], fields["tensor"] = Shape((2, 3)), False
    array = Array(**fields)
    assert as_tensor(array) == dataclasses.replace(array, tensor=True)
    assert all(getattr(as_tensor(array), name) is getattr(array, name) for name in fields if name != "tensor")
